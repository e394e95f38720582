import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT, tempDir } from '../support/cli.js';

/** Runs dist/index.js as the runner does: inputs as INPUT_* variables, files for outputs and the summary. */
function runAction(inputs: Record<string, string>, cwd: string) {
  const summary = join(cwd, 'summary.md');
  const output = join(cwd, 'output.txt');
  writeFileSync(summary, '');
  writeFileSync(output, '');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    RECALL_GATE_CACHE_DIR: tempDir('recall-gate-cache-'),
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_OUTPUT: output,
    GITHUB_WORKSPACE: cwd,
  };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  return new Promise<{ code: number | null; stdout: string; summary: string; outputs: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [join(REPO_ROOT, 'dist', 'index.js')], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, summary: readFileSync(summary, 'utf8'), outputs: readFileSync(output, 'utf8') }));
  });
}

test('the Action runs the example suite, writes the summary and the results-path output, masks the key', async () => {
  const result = await runAction(
    { suite: join(REPO_ROOT, 'suites/examples/assistant-memory/suite.yaml'), 'results-dir': 'out', 'openai-api-key': 'sk-secret-value', layer: 'retrieval' },
    tempDir(),
  );
  assert.equal(result.code, 0, result.stdout);
  assert.match(result.summary, /## ✅ recall-gate: assistant-memory passed/);
  assert.match(result.summary, /\| keyword \| \d\.\d{3} \|/);
  assert.match(result.outputs, /verdict<<.*\npass\n/);
  assert.match(result.outputs, /results-path<<.*\n\/.*\/out\n/);
  assert.match(result.stdout, /::add-mask::sk-secret-value/);
  assert.match(result.stdout, /::notice::recall-gate: the Actions cache is not available here/);
});

test('an invalid suite fails the step with an annotation at the problem', async () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'suite.yaml'), 'name: bad\nretrieval:\n  providers: [{ name: kw, kind: keywrd }]\n  memories: [{ id: a, text: x }]\n  queries: [{ text: y, relevant: [a] }]\n');
  const result = await runAction({ suite: 'suite.yaml' }, dir);
  assert.equal(result.code, 1);
  assert.match(result.stdout, /::error file=suite\.yaml,line=3,col=33::"kind" must be one of: keyword, vector, chroma, adapter; got "keywrd" \(did you mean "keyword"\?\)/);
  assert.match(result.stdout, /::error::recall-gate: 1 problem in the suite/);
});
