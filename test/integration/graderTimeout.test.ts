// A script grader that never answers: its call fails after the timeout, its process is stopped, and the next call gets a fresh one.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { GraderCallError, callGrader } from '../../src/e2e/graders/scriptProcess.js';

test('a grader call that never settles fails after the timeout naming it, and the next call starts a fresh process', async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'recall-gate-grader-timeout-')), 'grader.mjs');
  writeFileSync(path, ['let calls = 0;', 'export function hang() { calls += 1; return new Promise(() => {}); }', 'export function count() { calls += 1; return { score: 1, reason: String(calls) }; }'].join('\n'));
  const spec = (name: string) => ({ path, shown: `grader.mjs#${name}`, export: name });
  const started = Date.now();
  await assert.rejects(callGrader(spec('hang'), {}, {}, 300), (error: unknown) => {
    assert.ok(error instanceof GraderCallError);
    assert.equal(error.kind, 'exited');
    assert.match(error.message, /^its process gave no answer within 300 ms and was stopped$/);
    return true;
  });
  assert.ok(Date.now() - started < 10_000, 'the call ends near its timeout, not when the grader would answer');
  // A fresh process: the module's state starts again (the hung call counted 1 in the old one).
  const next = (await callGrader(spec('count'), {}, {}, 5_000)) as { reason: string };
  assert.equal(next.reason, '1');
});
