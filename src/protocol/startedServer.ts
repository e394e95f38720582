import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import { RecallGateError } from '../errors.js';
import { atInterrupt } from '../interrupt.js';
import { scrubSecrets } from '../secrets.js';
import { childEnv, childEnvironment } from '../process/childEnv.js';
import { OWN_GROUP, signalGroup, stopGroup } from '../process/processGroup.js';
import { spawnFailure } from '../process/spawnFailure.js';
import { StderrTail, knownCrashFix } from '../process/stderrTail.js';

/** How long a stopped server (and what it started) gets to exit after SIGTERM, before SIGKILL. */
const STOP_GRACE_MS = 2000;

export interface StartSpec {
  /** The server's program and arguments; it prints its URL as the first line on stdout. */
  start: string[];
  cwd: string;
  env?: Record<string, string>;
  headers_env?: Record<string, string>;
  timeout_ms?: number;
}

/** A server recall-gate started: the URL it printed, and how to stop it. */
export interface StartedServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * An HTTP adapter recall-gate starts itself (`start:`): the URL is the first
 * line the process prints on stdout (what `serveAdapter --http` prints). It
 * runs in its own process group, stopped as a group on stop() (the target
 * that uses it calls it when it closes), and on a signal or an unplanned exit
 * of recall-gate, so no server (nor a process it started: `sh -c`, `npm run`,
 * a worker) outlives the run.
 */
/** `onStderr` takes the server's log (its stderr, and stdout after the URL line; a run writes them to adapter.log); by default they go to recall-gate's stderr. */
export async function startServer(spec: StartSpec, env: NodeJS.ProcessEnv, onStderr: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): Promise<StartedServer> {
  const label = `the adapter server \`${spec.start.join(' ')}\``;
  let child: ChildProcessByStdio<null, Readable, Readable>;
  try {
    child = spawn(spec.start[0]!, spec.start.slice(1), { cwd: spec.cwd, env: childEnvironment(process.env, childEnv(spec.env, env)), stdio: ['ignore', 'pipe', 'pipe'], ...OWN_GROUP });
  } catch (error) {
    // What spawn refuses outright (a cwd that is a file: ENOTDIR) fails as a failed start does.
    const { reason, hint } = spawnFailure(spec.start[0]!, spec.cwd, error);
    throw new RecallGateError('incomplete', `${label} could not be started: ${reason}`, { hint });
  }
  const tail = new StderrTail();
  createInterface({ input: child.stderr, crlfDelay: Infinity }).on('line', (raw) => {
    const line = scrubSecrets(raw);
    tail.add(line);
    onStderr(line);
  });
  const forget = atInterrupt(() => signalGroup(child, 'SIGTERM'));
  let stopped: Promise<void> | undefined;
  const stop = () => {
    forget();
    return (stopped ??= stopGroup(child, STOP_GRACE_MS));
  };
  try {
    const url = await firstLine(child, spec.timeout_ms ?? 60_000, onStderr, tail, label, (error) => spawnFailure(spec.start[0]!, spec.cwd, error));
    if (!/^https?:\/\/\S+$/.test(url)) throw new RecallGateError('invalid-input', `${label} printed ${JSON.stringify(url.slice(0, 200))} as its first stdout line, not a URL`, { hint: 'the first line on stdout must be the URL to POST JSON-RPC requests to (serveAdapter --http prints it)' });
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The first stdout line; later lines are the server's log, passed to `onLog`. */
function firstLine(child: ReturnType<typeof spawn>, timeoutMs: number, onLog: (line: string) => void, tail: StderrTail, label: string, notStarted: (error: Error) => { reason: string; hint: string }): Promise<string> {
  const stderr = () => tail.said('block', ' (it wrote nothing to stderr)');
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout!, crlfDelay: Infinity });
    let first = true;
    const timer = setTimeout(() => reject(new RecallGateError('incomplete', `${label} printed no URL within ${timeoutMs} ms${stderr()}`, { hint: 'it must print its URL as the first line on stdout; raise timeout_ms if it is only slow to start' })), timeoutMs);
    lines.on('line', (line) => {
      if (!first) return void onLog(scrubSecrets(line));
      first = false;
      clearTimeout(timer);
      resolve(line.trim());
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      const { reason, hint } = notStarted(error);
      reject(new RecallGateError('incomplete', `${label} could not be started: ${reason}`, { hint }));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      // After the URL this changes nothing here: the calls that follow fail to connect, and say so.
      setTimeout(() => {
        const fix = knownCrashFix(tail.lines);
        reject(new RecallGateError('incomplete', `${label} ${signal ? `was killed by ${signal}` : `exited with code ${code}`} before printing its URL${stderr()}`, fix ? { hint: fix } : {}));
      }, 50);
    });
  });
}
