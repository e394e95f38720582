import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { gradeTrial } from '../../src/e2e/graders/grade.js';
import type { CaseSpec } from '../../src/model/e2e.js';
import { REPO_ROOT } from '../support/cli.js';

/*
 * A script grader runs in a node process of its own (the secrets items of
 * round 3): what that process doing something a function in recall-gate's
 * process could not do (exit, print, keep state) means for a run.
 */

function caseWith(graders: CaseSpec['graders']): CaseSpec {
  return { name: 'c', ability: 'a', sessions: [], probe: { text: 'q' }, evidence: [], obsolete: [], needs_memory: true, where: { file: 'f', line: 1, col: 1 }, graders };
}

const input = { question: 'q', answer: 'Python.', snapshot: { entries: [] }, invocations: [], env: { GRADER_SOURCE: 'grader-source-value' } };

function graderModule(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'recall-gate-grader-process-')), 'grader.mjs');
  writeFileSync(path, text);
  return path;
}

test('a grader that exits fails its trial with the end of its stderr; the next trial gets a new process', async () => {
  const path = graderModule(['let calls = 0;', 'export function once() { calls += 1; if (calls > 1) { console.error("second call, giving up"); process.exit(7); } return { score: 1, reason: `call ${calls} in ${process.pid}` }; }'].join('\n'));
  const spec = caseWith({ mine: { script: { path, shown: 'grader.mjs#once', export: 'once' } } });
  const first = await gradeTrial(spec, input);
  assert.equal(first.status, 'pass', first.reason);
  const second = await gradeTrial(spec, input);
  assert.equal(second.status, 'error');
  assert.match(second.reason, /^grader mine: grader script grader\.mjs#once failed: its process exited with code 7; the last lines of its stderr: second call, giving up$/);
  // A new process: its module state starts again.
  const third = await gradeTrial(spec, input);
  assert.equal(third.status, 'pass', third.reason);
  assert.match(third.graders!.mine!.reason, /^call 1 in \d+$/);
  assert.notEqual(third.graders!.mine!.reason, first.graders!.mine!.reason);
});

test('one process per module keeps state between trials; graders of one module share it', async () => {
  const path = graderModule(['let calls = 0;', 'export function count() { calls += 1; return { score: 1, reason: String(calls) }; }', 'export function also() { calls += 1; return { score: 1, reason: String(calls) }; }'].join('\n'));
  const spec = caseWith({ a: { script: { path, shown: 'grader.mjs#count', export: 'count' } }, b: { script: { path, shown: 'grader.mjs#also', export: 'also' } } });
  const graded = await gradeTrial(spec, input);
  const again = await gradeTrial(spec, input);
  assert.deepEqual([graded.graders!.a!.reason, graded.graders!.b!.reason, again.graders!.a!.reason, again.graders!.b!.reason], ['1', '2', '3', '4']);
});

test('a value that cannot be passed back is a bad value; env: ${NAME} unset is the trial\'s error naming it', async () => {
  const path = graderModule(['export function fn() { return { score: 1, reason: "r", metadata: { f() {} } }; }', 'export function env() { return { score: 1, reason: process.env.OWN ?? "none" }; }'].join('\n'));
  const bad = await gradeTrial(caseWith({ mine: { script: { path, shown: 'grader.mjs#fn', export: 'fn' } } }), input);
  assert.equal(bad.status, 'error');
  assert.match(bad.reason, /^grader mine: grader script grader\.mjs#fn returned a bad value: .*could not be cloned/);
  const own = await gradeTrial(caseWith({ mine: { script: { path, shown: 'grader.mjs#env', export: 'env', env: { OWN: 'from ${GRADER_SOURCE}' } } } }), input);
  assert.equal(own.graders!.mine!.reason, 'from grader-source-value');
  const unset = await gradeTrial(caseWith({ mine: { script: { path, shown: 'grader.mjs#env', export: 'env', env: { OWN: '${NOT_SET_ANYWHERE}' } } } }), input);
  assert.equal(unset.status, 'error');
  assert.equal(unset.reason, "grader mine: grader script grader.mjs#env's env: OWN uses ${NOT_SET_ANYWHERE}, which is not set (set NOT_SET_ANYWHERE in the environment)");
});

test('what a grader prints goes to stderr, scrubbed and named; recall-gate exits when grading is done though the grader process is idle', () => {
  // It prints, then waits a little before answering, so its lines are read while recall-gate still waits for the answer.
  const path = graderModule(['export async function noisy() { console.log("printed noisy-secret-value-1"); console.error("warned"); await new Promise((resolve) => setTimeout(resolve, 100)); return { score: 1, reason: "ok" }; }'].join('\n'));
  const code = [
    `const { gradeTrial } = await import(${JSON.stringify(join(REPO_ROOT, 'build', 'src', 'e2e', 'graders', 'grade.js'))});`,
    `const { registerSecret } = await import(${JSON.stringify(join(REPO_ROOT, 'build', 'src', 'secrets.js'))});`,
    "registerSecret('noisy-secret-value-1');",
    `const spec = { name: 'c', ability: 'a', sessions: [], probe: { text: 'q' }, evidence: [], obsolete: [], needs_memory: true, where: { file: 'f', line: 1, col: 1 }, graders: { mine: { script: { path: ${JSON.stringify(path)}, shown: 'grader.mjs#noisy', export: 'noisy' } } } };`,
    "const graded = await gradeTrial(spec, { question: 'q', answer: 'a', snapshot: { entries: [] }, invocations: [] });",
    'process.stdout.write(graded.status);',
  ].join('\n');
  const started = Date.now();
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', timeout: 30_000 });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout, 'pass');
  assert.match(run.stderr, /grader script grader\.mjs: printed \*\*\*\n/);
  assert.match(run.stderr, /grader script grader\.mjs: warned\n/);
  assert.ok(Date.now() - started < 20_000);
});
