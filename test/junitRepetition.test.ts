// JUnit names a failing or errored repetition by its own number: trial records count repetitions from 1.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ResultsDocument } from '../src/model/results.js';
import type { TrialRecord } from '../src/model/trial.js';
import { junitReport } from '../src/report/junit.js';

function trial(repeat: number, status: TrialRecord['status'], reason: string): TrialRecord {
  return { key: `c1|recall|${repeat}`, case: 'c1', ability: 'a', condition: 'recall', repeat, status, reason, question: 'q', answer: 'x', invocations: [], started_at: '2026-12-02T00:00:00Z', duration_ms: 5 } as unknown as TrialRecord;
}

test('the failing repetitions are named 2 and 3 when repetitions 2 and 3 of 3 fail or error', () => {
  const results = {
    suite: { name: 's' },
    started_at: '2026-12-02T00:00:00Z',
    layers: { retrieval: 'absent', e2e: 'ran' },
    e2e: { cases: { c1: { ability: 'a', conditions: { recall: { trials: 3 } } } } },
  } as unknown as ResultsDocument;
  const xml = junitReport(results, [trial(1, 'pass', 'ok'), trial(2, 'fail', 'said Paris'), trial(3, 'error', 'timed out')]);
  assert.match(xml, /repetition 2 failed: said Paris/);
  assert.match(xml, /repetition 3 errored: timed out/);
  assert.doesNotMatch(xml, /repetition 4/);
});

test('a narrowed run says, per layer, what part of it its testcases are, in a property of the testsuite; a layer that ran whole and a whole run have none', () => {
  const whole = {
    suite: { name: 's' },
    started_at: '2026-12-02T00:00:00Z',
    layers: { retrieval: 'ran', e2e: 'ran' },
    retrieval: { k: [1], providers: {} },
    e2e: { cases: { c1: { ability: 'a', conditions: { recall: { trials: 1 } } } } },
  } as unknown as ResultsDocument;
  assert.doesNotMatch(junitReport(whole, [trial(1, 'pass', 'ok')]), /<properties>/);
  // --case in shard 2 of 3: the e2e cases are narrowed, retrieval is not.
  const narrowed = { ...whole, selection: { by: ['--case'], cases: ['c1'], of: { cases: 12, queries: 0 } }, shard: { index: 2, count: 3 } } as unknown as ResultsDocument;
  const xml = junitReport(narrowed, [trial(1, 'pass', 'ok')]);
  assert.match(xml, /<testsuite name="e2e"[^>]*>\n {4}<properties>\n {6}<property name="recall-gate\.narrowed" value="1 of 12 cases selected with --case; shard 2 of 3 \(--shard 2\/3\): the testcases are of that part of the suite alone"\/>\n {4}<\/properties>\n {4}<testcase /);
  assert.match(xml, /<testsuite name="retrieval"[^>]*>\n(?! {4}<properties>)/);
  // --query: retrieval is narrowed, the e2e cases are not.
  const queries = junitReport({ ...whole, selection: { by: ['--query'], queries: ['q1'], of: { cases: 1, queries: 9 } } } as unknown as ResultsDocument, [trial(1, 'pass', 'ok')]);
  assert.match(queries, /<testsuite name="retrieval"[^>]*>\n {4}<properties>\n {6}<property name="recall-gate\.narrowed" value="1 of 9 queries selected with --query: /);
  assert.match(queries, /<testsuite name="e2e"[^>]*>\n(?! {4}<properties>)/);
});
