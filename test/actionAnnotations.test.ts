import assert from 'node:assert/strict';
import { test } from 'node:test';
import { annotationsOf } from '../src/action/annotations.js';
import { aggregateE2e } from '../src/e2e/aggregate.js';
import { trialKey } from '../src/e2e/trialRecords.js';
import type { CaseSpec } from '../src/model/e2e.js';
import type { ResultsDocument } from '../src/model/results.js';
import type { Suite } from '../src/model/suite.js';
import type { TrialRecord } from '../src/model/trial.js';

const CANNOT_START = 'the adapter could not start: `python3` was not found on PATH (install it, or give the program\'s full path as the command\'s first word)';

function spec(name: string, line: number): CaseSpec {
  return { name, ability: 'extraction', sessions: [], probe: { text: `probe of ${name}` }, check: { contains: 'x' }, evidence: [], obsolete: [], needs_memory: true, where: { file: 'cases.yaml', line, col: 5 } };
}

function trial(name: string, repeat: number, status: TrialRecord['status'], reason: string): TrialRecord {
  return {
    key: trialKey(name, 'recall', repeat),
    case: name,
    ability: 'extraction',
    condition: 'recall',
    repeat,
    user: 'u',
    status,
    reason,
    question: `probe of ${name}`,
    check: 'contains "x"',
    invocations: [],
    tokens: { input: 0, output: 0, judge_input: 0, judge_output: 0 },
    cost_usd: null,
    started_at: '2026-01-01T00:00:00Z',
    duration_ms: 1,
  };
}

function run(cases: CaseSpec[], trials: TrialRecord[]): { suite: Suite; results: ResultsDocument } {
  const suite = { name: 's', file: 'suite.yaml', displayPath: 'suite.yaml', files: [], e2e: { cases } } as unknown as Suite;
  const results: ResultsDocument = {
    schema_version: 1,
    tool: { name: 'recall-gate', version: '0.1.0' },
    versions: {},
    suite: { name: 's', file: 'suite.yaml', files: [], sha256: '0' },
    started_at: '2026-01-01T00:00:00Z',
    status: 'incomplete',
    layers: { retrieval: 'absent', e2e: 'ran' },
    errors: [],
    e2e: { ...aggregateE2e(trials, cases, ['recall'], 3), target: { kind: 'adapter' } },
  };
  return { suite, results };
}

test('a reason that errs trials of many cases is annotated once, at the first case it ended, leaving room for the failing cases', () => {
  const cases = Array.from({ length: 12 }, (_, index) => spec(`case ${index}`, 10 + index));
  const trials = cases.slice(0, 11).flatMap((one) => [1, 2, 3].map((repeat) => trial(one.name, repeat, 'error', CANNOT_START)));
  trials.push(...[1, 2, 3].map((repeat) => trial('case 11', repeat, repeat === 1 ? 'error' : 'fail', repeat === 1 ? 'the agent did not answer within 60 s' : 'does not contain "x"')));
  const { suite, results } = run(cases, trials);
  const { errors } = annotationsOf(suite, results, undefined);
  assert.deepEqual(
    errors.map((one) => [one.message, one.where?.line]),
    [
      [`33 trials of 11 cases could not run (case 0, case 1, case 2, ...): ${CANNOT_START}`, 10],
      ['case 11 (extraction) could not run in 1 of 3 trials under recall: the agent did not answer within 60 s', 21],
      ['case 11 (extraction) failed in 2 of 3 trials under recall: does not contain "x"', 21],
    ],
  );
});

test("an errored trial's reason keeps the fix said after a long stderr line, as the terminal's does", () => {
  const path = `/home/runner/work/agent/agent/${'packages/memory/'.repeat(12)}evals/adapter.mjs`;
  const crash = `agent adapter \`node adapter.mjs --stdio\` exited with code 1 while "reset" was waiting for its response; the last lines of its stderr: Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'recall-gate' imported from ${path} (the adapter imports recall-gate/adapter, which is not installed where it runs: add recall-gate to that project's devDependencies (README, Install))`;
  assert.ok(crash.length > 400);
  const { suite, results } = run([spec('case 0', 10)], [trial('case 0', 1, 'error', crash)]);
  const [annotation] = annotationsOf(suite, results, undefined).errors;
  assert.equal(annotation!.message, `case 0 (extraction) could not run in 1 of 3 trials under recall: ${crash}`);
});

test('GitHub shows ten annotations of a kind: the gate\'s failed conditions come first, then the cases', () => {
  const cases = Array.from({ length: 14 }, (_, index) => spec(`case ${index}`, 10 + index));
  const trials = cases.flatMap((one) => [1, 2, 3].map((repeat) => trial(one.name, repeat, 'fail', 'does not contain "x"')));
  const { suite, results } = run(cases, trials);
  const verdict = { status: 'fail' as const, rows: [{ path: 'all[0]', metric: 'e2e.pass_rate', threshold: '>= 0.8', actual: 0, status: 'fail' as const, blocking: true }], blockingFailures: ['e2e.pass_rate'], hasBaseline: false };
  const { errors } = annotationsOf(suite, results, verdict);
  assert.equal(errors.length, 10);
  assert.equal(errors[0]!.message, 'gate (blocking) failed: e2e.pass_rate >= 0.8, actual 0');
  assert.equal(errors[9]!.message, 'case 8 (extraction) failed in 3 of 3 trials under recall: does not contain "x"');
});
