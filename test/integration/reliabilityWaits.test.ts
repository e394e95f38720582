import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, test } from 'node:test';
import { moduleExports } from '../../src/e2e/graders/script.js';
import { McpClient } from '../../src/memory/mcp.js';
import { REPO_ROOT, runCli, tempDir } from '../support/cli.js';

/*
 * Waits that never ended: children recall-gate starts that start children of
 * their own (a shell, `npm run`, a server with a worker). The grandchild
 * holds the child's stdout and stderr, so a stop aimed at the child's pid
 * left it running and a wait for the pipes to close waited forever.
 */

const WITH_HELPER = join(REPO_ROOT, 'test/fixtures/adapters/withHelper.mjs');
const MCP_SERVER = join(REPO_ROOT, 'build/test/support/mcpServer.js');
const CASES = join(REPO_ROOT, 'suites/examples/assistant-memory/cases.yaml');
/** Long enough for a run, short enough that a run that waits forever fails the test rather than hanging it. */
const RUN_LIMIT_MS = 60_000;

/** Process ids by role: the shell, the server, the helper it started. */
type Family = Record<string, number>;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pids still alive a moment after the run (a SIGKILLed process takes a moment to be reaped). */
async function survivors(family: Family): Promise<string[]> {
  const deadline = Date.now() + 3000;
  let left = Object.entries(family).filter(([, pid]) => alive(pid));
  while (left.length && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    left = left.filter(([, pid]) => alive(pid));
  }
  return left.map(([name, pid]) => `${name} (pid ${pid})`);
}

/** Whatever a failed test left running is killed, so one failure does not leak into the machine. */
function killAll(family: Family | undefined): void {
  for (const pid of Object.values(family ?? {})) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

function readFamily(pidFile: string): Family | undefined {
  return existsSync(pidFile) ? (JSON.parse(readFileSync(pidFile, 'utf8')) as Family) : undefined;
}

/** A shell running the helper-starting adapter, so the adapter is the shell's child and the helper its grandchild. */
function shellCommand(transport: '--stdio' | '--http'): string {
  const line = `${JSON.stringify(process.execPath)} ${JSON.stringify(WITH_HELPER)} ${transport}${transport === '--http' ? ' --port 0' : ''}; true`;
  return JSON.stringify(['sh', '-c', line]);
}

function e2eSuite(dir: string, target: string): string {
  const path = join(dir, 'suite.yaml');
  writeFileSync(path, ['name: waits', 'e2e:', `  target: ${target}`, '  repeat: 1', '  conditions: [recall]', `  cases: ${JSON.stringify(CASES)}`, ''].join('\n'));
  return path;
}

describe('children that start children of their own: the run ends, and nothing it started outlives it', () => {
  test('an http target with start: behind sh -c, whose server starts a helper', { timeout: RUN_LIMIT_MS + 30_000 }, async () => {
    const dir = tempDir();
    const pidFile = join(dir, 'pids.json');
    const suite = e2eSuite(dir, `{ kind: http, start: ${shellCommand('--http')}, env: { PID_FILE: ${JSON.stringify(pidFile)} } }`);
    const result = await runCli(['run', suite, '--layer', 'e2e', '--out', join(dir, 'out')], { killAfterMs: RUN_LIMIT_MS });
    const family = readFamily(pidFile);
    try {
      assert.ok(family, `the server never wrote its pids: ${result.stderr}`);
      assert.notEqual(result.code, null, `the run did not end within ${RUN_LIMIT_MS} ms after its trials (killed); stderr:\n${result.stderr.slice(-2000)}`);
      assert.equal(result.code, 0, result.stdout + result.stderr);
      assert.deepEqual(await survivors(family), [], 'processes of the started server outlived the run');
    } finally {
      killAll(family);
    }
  });

  test('a command target behind sh -c, whose adapter starts a helper', { timeout: RUN_LIMIT_MS + 30_000 }, async () => {
    const dir = tempDir();
    const pidFile = join(dir, 'pids.json');
    const suite = e2eSuite(dir, `{ kind: command, command: ${shellCommand('--stdio')}, env: { PID_FILE: ${JSON.stringify(pidFile)} } }`);
    const result = await runCli(['run', suite, '--layer', 'e2e', '--out', join(dir, 'out')], { killAfterMs: RUN_LIMIT_MS });
    const family = readFamily(pidFile);
    try {
      assert.ok(family, `the adapter never wrote its pids: ${result.stderr}`);
      assert.notEqual(result.code, null, `the run did not end within ${RUN_LIMIT_MS} ms after its trials (killed); stderr:\n${result.stderr.slice(-2000)}`);
      assert.equal(result.code, 0, result.stdout + result.stderr);
      assert.deepEqual(await survivors(family), [], 'processes of the adapter outlived the run');
    } finally {
      killAll(family);
    }
  });

  test('an MCP server over stdio behind sh -c, which starts a helper: close() ends, and nothing of it is left', { timeout: 60_000 }, async () => {
    const dir = tempDir();
    const pidFile = join(dir, 'pids.json');
    const line = `${JSON.stringify(process.execPath)} ${JSON.stringify(MCP_SERVER)} --stdio --helper; true`;
    const client = new McpClient({ command: ['sh', '-c', line], cwd: REPO_ROOT, env: { PID_FILE: pidFile } }, { search: { name: 'memory_search' } }, 30_000);
    let family: Family | undefined;
    try {
      assert.ok((await client.toolNames()).includes('memory_search'));
      family = readFamily(pidFile);
      assert.ok(family, 'the server never wrote its pids');
      await client.close();
      assert.deepEqual(await survivors(family), [], 'processes of the MCP server outlived close()');
    } finally {
      killAll(family ?? readFamily(pidFile));
    }
  });

  test('a script grader module that starts a helper when imported: the export check returns at once and leaves nothing running', { timeout: 60_000 }, async () => {
    const pidFile = join(tempDir(), 'pid');
    process.env.GRADER_PID_FILE = pidFile;
    const started = Date.now();
    try {
      assert.deepEqual(moduleExports(join(REPO_ROOT, 'test/fixtures/adapters/graderWithHelper.mjs')), { check: 'function' });
      // The helper lives until killed: before, the check waited for it until its 30 s timeout.
      assert.ok(Date.now() - started < 15_000, `the export check took ${Date.now() - started} ms`);
      assert.deepEqual(await survivors({ helper: Number(readFileSync(pidFile, 'utf8')) }), [], 'the helper the module started outlived the check');
    } finally {
      delete process.env.GRADER_PID_FILE;
      if (existsSync(pidFile)) killAll({ helper: Number(readFileSync(pidFile, 'utf8')) });
    }
  });

  test('recall-gate killed by a signal: a command adapter behind sh -c, and the helper it started, go with it', { timeout: 60_000 }, async () => {
    const pidFile = join(tempDir(), 'pids.json');
    // A driver holding a command target open, as a run does mid-way; its group gets no terminal Ctrl-C, so the signal handler must stop it.
    const driver = spawn(process.execPath, [join(REPO_ROOT, 'test/fixtures/adapters/commandAndWait.mjs'), pidFile], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let family: Family | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        createInterface({ input: driver.stdout }).once('line', (line) => (line === 'ready' ? resolve() : reject(new Error(line))));
        driver.once('exit', (code) => reject(new Error(`the driver exited with code ${code}`)));
      });
      family = readFamily(pidFile);
      assert.ok(family, 'the adapter never wrote its pids');
      const exited = new Promise((resolve) => driver.once('exit', (_code, signal) => resolve(signal)));
      driver.kill('SIGTERM');
      assert.equal(await exited, 'SIGTERM');
      assert.deepEqual(await survivors(family), [], 'processes of the adapter outlived recall-gate');
    } finally {
      driver.kill('SIGKILL');
      killAll(family ?? readFamily(pidFile));
    }
  });
});
