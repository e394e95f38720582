import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, REPO_ROOT, tempDir } from '../support/cli.js';

/** Runs the CLI with a reader that goes away before the first byte (`... | head -0`). */
function runWithClosedStdout(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

test('a reader that closes the pipe early ends no command with a stack trace, and a run still writes its whole results folder', async () => {
  const out = tempDir();
  const run = await runWithClosedStdout(['run', 'suites/examples/assistant-memory/suite.yaml', '--out', out, '--no-cache']);
  assert.equal(run.code, 0, run.stderr);
  assert.doesNotMatch(run.stderr, /EPIPE|at .*\.js:\d+/);
  assert.equal(JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')).status, 'complete');

  const history = await runWithClosedStdout(['history', out]);
  assert.equal(history.code, 0, history.stderr);
  assert.doesNotMatch(history.stderr, /EPIPE|at .*\.js:\d+/);
});
