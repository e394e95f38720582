import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, test } from 'node:test';
import { RecallGateError } from '../../src/errors.js';
import type { StoreContext } from '../../src/memory/createStore.js';
import { createTarget } from '../../src/targets/createTarget.js';
import { REPO_ROOT, tempDir } from '../support/cli.js';

const FIXTURES = join(REPO_ROOT, 'test/fixtures/adapters');

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until `pid` is gone; the test's own deadline bounds a process that never goes. */
async function gone(pid: number): Promise<void> {
  while (running(pid)) await new Promise((resolve) => setTimeout(resolve, 20));
}

const context = (env: NodeJS.ProcessEnv) => ({ env, storeContext: {} as StoreContext });

describe('http targets with start: recall-gate starts the server and stops it', { timeout: 60_000 }, () => {
  test('the URL is the first stdout line, env values read ${VAR}, and close() stops the server by pid', async () => {
    const pidFile = join(tempDir(), 'pid');
    const target = await createTarget(
      { kind: 'http', start: [process.execPath, join(FIXTURES, 'pidFileHttp.mjs'), '--http', '--port', '0'], cwd: REPO_ROOT, env: { PID_FILE: '${TEST_PID_FILE}' }, headers_env: {}, timeout_ms: 30_000 },
      context({ TEST_PID_FILE: pidFile }),
    );
    const pid = Number(readFileSync(pidFile, 'utf8'));
    try {
      await target.reset('ana');
      const reply = await target.chat({ user: 'ana', message: 'My favourite tea is oolong.', memory: 'recall' });
      assert.equal(typeof reply.reply, 'string');
      assert.ok(running(pid));
    } finally {
      await target.close();
    }
    assert.equal(running(pid), false, 'close() resolved with the server still running');
  });

  test('a server that exits before printing its URL is an error with its stderr, and nothing is left running', async () => {
    const error = await createTarget(
      { kind: 'http', start: [process.execPath, '-e', 'console.error("no config file"); process.exit(4)'], cwd: REPO_ROOT, headers_env: {}, timeout_ms: 30_000 },
      context({}),
    ).then(
      () => assert.fail('it should not start'),
      (thrown: unknown) => thrown,
    );
    assert.ok(error instanceof RecallGateError);
    assert.match(error.message, /the adapter server `.* -e .*` exited with code 4 before printing its URL; the last lines of its stderr:\n {2}no config file/);
  });

  test('a server whose program cannot start says why in words, with what to do: not on PATH, or its working folder a file', async () => {
    const failure = (start: string[], cwd: string) =>
      createTarget({ kind: 'http', start, cwd, headers_env: {}, timeout_ms: 30_000 }, context({})).then(
        () => assert.fail('it should not start'),
        (thrown: unknown) => thrown as RecallGateError,
      );
    const missing = await failure(['recall-gate-missing-server', '--http'], REPO_ROOT);
    assert.ok(missing instanceof RecallGateError);
    assert.match(missing.message, /^the adapter server `recall-gate-missing-server --http` could not be started: `recall-gate-missing-server` was not found on PATH/);
    assert.match(missing.hint ?? '', /install it, or give the program's full path/);
    // spawn refuses a working folder that is a file at once (ENOTDIR): said as a failed start, not thrown raw.
    const file = join(tempDir(), 'not-a-folder');
    writeFileSync(file, '');
    const notFolder = await failure([process.execPath, '--version'], file);
    assert.ok(notFolder instanceof RecallGateError);
    assert.match(notFolder.message, /^the adapter server `.*` could not be started: its working folder .*not-a-folder is a file/);
  });

  test('a first line that is not a URL is refused, and the server is stopped', async () => {
    const pidFile = join(tempDir(), 'pid');
    const script = `require('fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); console.log('starting up...'); setInterval(() => {}, 1000);`;
    await assert.rejects(
      createTarget({ kind: 'http', start: [process.execPath, '-e', script], cwd: REPO_ROOT, headers_env: {}, timeout_ms: 30_000 }, context({})),
      /printed "starting up\.\.\." as its first stdout line, not a URL/,
    );
    await gone(Number(readFileSync(pidFile, 'utf8')));
  });

  test('recall-gate killed by a signal leaves no orphan: the started server goes with it', async () => {
    const pidFile = join(tempDir(), 'pid');
    const driver = spawn(process.execPath, [join(FIXTURES, 'startAndWait.mjs'), pidFile], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      createInterface({ input: driver.stdout }).once('line', (line) => (line === 'ready' ? resolve() : reject(new Error(line))));
      driver.once('exit', (code) => reject(new Error(`the driver exited with code ${code}`)));
    });
    const pid = Number(readFileSync(pidFile, 'utf8'));
    assert.ok(running(pid));
    const exited = new Promise((resolve) => driver.once('exit', (code, signal) => resolve(signal)));
    driver.kill('SIGTERM');
    // It still dies by the signal (interrupt.ts re-raises it), after stopping the server.
    assert.equal(await exited, 'SIGTERM');
    await gone(pid);
  });
});
