import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** This file compiles to build/test/support/chromaServer.js. */
const repoRoot = resolve(import.meta.dirname, '..', '..', '..');
const cliPath = join(repoRoot, 'node_modules', 'chromadb', 'dist', 'cli.mjs');
/** Unpacked by scripts/chroma-runtime.sh on systems with glibc < 2.38. */
const runtimeDir = join(repoRoot, '.cache', 'glibc-trixie');
const loaderPath = join(runtimeDir, 'usr', 'lib', 'x86_64-linux-gnu', 'ld-linux-x86-64.so.2');
const runtimeLibDirs = [
  join(runtimeDir, 'usr', 'lib', 'x86_64-linux-gnu'),
  join(runtimeDir, 'lib', 'x86_64-linux-gnu'),
  join(runtimeDir, 'usr', 'lib64'),
];
const REQUIRED_GLIBC: [number, number] = [2, 38];

export interface ChromaServerOptions {
  /** Persistence directory; by default a fresh temporary one, removed by stop(). */
  dataDir?: string;
  /** How long to wait for the heartbeat, in milliseconds (default 60 000). */
  startTimeoutMs?: number;
  /** How long stop() waits after SIGINT before SIGKILL, in milliseconds (default 10 000). */
  stopGraceMs?: number;
}

export interface ChromaServer {
  /** Base URL, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  host: string;
  port: number;
  pid: number;
  dataDir: string;
  /** SIGINT, then SIGKILL after the grace period; resolves once the process has exited. Idempotent. */
  stop(): Promise<void>;
  /** SIGKILL at once (simulates the server dying). Does not wait; stop() afterwards waits and cleans up. */
  kill(): void;
  /** Whether the process has exited. */
  readonly exited: boolean;
  /** The tail of the server's stdout and stderr. */
  output(): string;
}

let glibcCache: string | null | undefined;

/** The system glibc version ("2.36"), or null if not glibc (musl, macOS, ...). */
export function systemGlibcVersion(): string | null {
  if (glibcCache !== undefined) return glibcCache;
  glibcCache = null;
  if (process.platform !== 'linux') return glibcCache;
  const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header;
  if (header?.glibcVersionRuntime) {
    glibcCache = header.glibcVersionRuntime;
    return glibcCache;
  }
  try {
    const text = execFileSync('ldd', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const match = /(\d+\.\d+)\s*$/m.exec(text.split('\n')[0] ?? '');
    glibcCache = match?.[1] ?? null;
  } catch {
    // not glibc
  }
  return glibcCache;
}

function glibcIsNewEnough(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > REQUIRED_GLIBC[0] || (major === REQUIRED_GLIBC[0] && minor >= REQUIRED_GLIBC[1]);
}

/** How the server would be launched: plain node, or node through the trixie loader. */
function launchCommand(): { command: string; prefix: string[] } | null {
  if (!existsSync(cliPath)) return null;
  if (process.platform !== 'linux') return { command: process.execPath, prefix: [] };
  const glibc = systemGlibcVersion();
  if (glibc && glibcIsNewEnough(glibc)) return { command: process.execPath, prefix: [] };
  if (process.arch !== 'x64' || !existsSync(loaderPath)) return null;
  const libraryPath = runtimeLibDirs.filter((dir) => existsSync(dir)).join(':');
  return { command: loaderPath, prefix: ['--library-path', libraryPath, process.execPath] };
}

/**
 * Whether a Chroma server can be started here: the system glibc is >= 2.38, or
 * scripts/chroma-runtime.sh has unpacked Debian 13's glibc into .cache/glibc-trixie.
 */
export function chromaRuntimeAvailable(): boolean {
  return launchCommand() !== null;
}

/** A port that was free a moment ago. */
async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolvePort(port) : reject(new Error('could not get a free port'))));
    });
  });
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Keeps the last `limit` characters written to a stream. */
function tail(limit: number) {
  let text = '';
  return {
    push(chunk: Buffer) {
      text += chunk.toString('utf8');
      if (text.length > 2 * limit) text = text.slice(-limit);
    },
    get value() {
      // strip ANSI colours for readable error messages
      return text.slice(-limit).replace(/\x1b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex
    },
  };
}

// Servers still running when the test process exits are killed, so a failing
// test never leaves one behind.
const running = new Set<ChildProcess>();
let exitHookInstalled = false;
function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of running) {
      try {
        child.kill('SIGKILL');
      } catch {
        // already gone
      }
    }
  });
}

/**
 * Starts a real Chroma server (the one bundled with the chromadb npm package) on a
 * free port with its own data directory, and waits until it answers the heartbeat.
 *
 * On glibc < 2.38 it runs node through .cache/glibc-trixie's loader; run
 * scripts/chroma-runtime.sh first (chromaRuntimeAvailable() tells whether that is needed).
 */
export async function startChromaServer(options: ChromaServerOptions = {}): Promise<ChromaServer> {
  const launch = launchCommand();
  if (!launch) {
    throw new Error(
      `cannot run the Chroma server here: system glibc ${systemGlibcVersion() ?? 'unknown'} is older than ${REQUIRED_GLIBC.join('.')} ` +
        `and ${loaderPath} does not exist (run scripts/chroma-runtime.sh), or ${cliPath} is missing`,
    );
  }
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'recall-gate-chroma-')));
  try {
    // The port is free when picked but could be taken before the server binds it: retry then.
    for (let attempt = 1; ; attempt++) {
      try {
        return await launchOnce(launch, dataDir, ownDataDir, options);
      } catch (error) {
        if (attempt < 3 && error instanceof PortInUseError) continue;
        throw error;
      }
    }
  } catch (error) {
    if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

class PortInUseError extends Error {}

async function launchOnce(
  launch: { command: string; prefix: string[] },
  dataDir: string,
  ownDataDir: boolean,
  options: ChromaServerOptions,
): Promise<ChromaServer> {
  const startTimeoutMs = options.startTimeoutMs ?? 60_000;
  const stopGraceMs = options.stopGraceMs ?? 10_000;
  const host = '127.0.0.1';
  const port = await freePort();
  const url = `http://${host}:${port}`;
  const args = [...launch.prefix, cliPath, 'run', '--path', dataDir, '--host', host, '--port', String(port)];

  const child = spawn(launch.command, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  const out = tail(8_000);
  child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => out.push(chunk));
  running.add(child);
  installExitHook();

  // An object, not `let`s: TypeScript would narrow `let`s set in callbacks to null.
  const state: { exit: { code: number | null; signal: NodeJS.Signals | null } | null; spawnError: Error | null } = {
    exit: null,
    spawnError: null,
  };
  const exited = new Promise<void>((done) => {
    child.once('exit', (code, signal) => {
      state.exit = { code, signal };
      running.delete(child);
      done();
    });
    child.once('error', (error) => {
      state.spawnError = error;
      if (child.pid === undefined) {
        running.delete(child);
        done();
      }
    });
  });
  const describe = () =>
    `${launch.command} ${args.join(' ')}\n--- server output (tail) ---\n${out.value.trim() || '(none)'}`;

  // Wait for the heartbeat.
  const deadline = Date.now() + startTimeoutMs;
  let lastError = '';
  for (;;) {
    if (state.spawnError || state.exit) {
      const how = state.spawnError
        ? `could not be spawned: ${state.spawnError.message}`
        : `exited (code ${state.exit?.code}, signal ${state.exit?.signal})`;
      if (/address already in use|addrinuse|address \S+ is not available/i.test(out.value)) throw new PortInUseError(`port ${port} was taken`);
      throw new Error(`Chroma server ${how} before answering the heartbeat.\n${describe()}`);
    }
    try {
      const response = await fetch(`${url}/api/v2/heartbeat`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
      lastError = `HTTP ${response.status}`;
    } catch (error) {
      lastError = (error as Error).message;
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      throw new Error(
        `Chroma server did not answer ${url}/api/v2/heartbeat within ${startTimeoutMs} ms (last error: ${lastError}).\n${describe()}`,
      );
    }
    await sleep(100);
  }

  let stopping: Promise<void> | null = null;
  const server: ChromaServer = {
    url,
    host,
    port,
    pid: child.pid as number,
    dataDir,
    get exited() {
      return state.exit !== null;
    },
    output: () => out.value,
    kill() {
      if (state.exit === null && child.pid !== undefined) child.kill('SIGKILL');
    },
    stop() {
      stopping ??= (async () => {
        if (state.exit === null && state.spawnError === null) {
          // Never SIGTERM: the server ignores it, and after a SIGTERM it ignores SIGINT too.
          child.kill('SIGINT');
          const timer = setTimeout(() => {
            if (state.exit === null) child.kill('SIGKILL');
          }, stopGraceMs);
          await exited;
          clearTimeout(timer);
        }
        if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
      })();
      return stopping;
    },
  };
  return server;
}
