import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { aggregateE2e } from '../src/e2e/aggregate.js';
import type { GraderOutcome } from '../src/model/graders.js';
import type { TrialRecord } from '../src/model/trial.js';
import type { CaseSpec, Condition } from '../src/model/e2e.js';
import { compareResults } from '../src/gate/compare.js';
import { evaluateGate } from '../src/gate/evaluate.js';
import { resolveMetric } from '../src/gate/metrics.js';
import { validateGate } from '../src/gate/validateGate.js';
import type { GateCondition } from '../src/model/gate.js';
import { renderComment } from '../src/report/comment.js';
import { graderTable, graderTableText } from '../src/report/graderTable.js';
import { markdownReport } from '../src/report/markdown.js';
import { plainText } from '../src/report/escape.js';
import type { ResultsDocument } from '../src/model/results.js';
import { terminalE2eReport } from '../src/report/terminalE2e.js';
import type { Suite } from '../src/model/suite.js';
import { REPO_ROOT } from './support/cli.js';

const WHERE = { file: 's.yaml', line: 1, col: 1 };

/** A case with named graders (only their names matter to the results side). */
function spec(name: string, ability: string, graders: string[], extra: Partial<CaseSpec> = {}): CaseSpec {
  return {
    name,
    ability,
    sessions: [],
    probe: { text: `probe ${name}` },
    check: { contains: 'x' },
    evidence: [],
    obsolete: [],
    needs_memory: true,
    where: WHERE,
    ...extra,
    ...{ graders: Object.fromEntries(graders.map((grader) => [grader, { memory: { captures: ['x'] } }])) },
  };
}

function trial(caseName: string, ability: string, repeat: number, graders: Record<string, GraderOutcome>, condition: Condition = 'recall', status?: TrialRecord['status']): TrialRecord {
  const outcomes = Object.values(graders);
  const derived = outcomes.some((one) => one.status === 'error') ? 'error' : outcomes.some((one) => one.status === 'fail') ? 'fail' : 'pass';
  return {
    key: `${caseName}|${condition}|${repeat}`,
    case: caseName,
    ability,
    condition,
    repeat,
    user: 'u',
    status: status ?? derived,
    reason: 'graded',
    question: `probe ${caseName}`,
    answer: 'a',
    check: 'graders',
    invocations: [],
    tokens: { input: 1, output: 1, judge_input: 0, judge_output: 0 },
    cost_usd: 0,
    started_at: '2026-11-29T00:00:00Z',
    duration_ms: 1,
    graders,
  };
}

const pass = (score: number, min = 0.8): GraderOutcome => ({ status: 'pass', score, min, reason: `score ${score} >= ${min}` });
const fail = (score: number, min = 0.8): GraderOutcome => ({ status: 'fail', score, min, reason: `score ${score} < ${min}` });
const judged = (score: number): GraderOutcome => ({ status: score >= 3.5 ? 'pass' : 'fail', score, scale: [1, 5], min: 3.5, reason: `judge gave ${score}` });
const SKIPPED: GraderOutcome = { status: 'skipped', scale: [1, 5], min: 3.5, reason: 'no judge configured (set e2e.judge or OPENAI_API_KEY)' };

const CASES = [spec('c1', 'project', ['capture', 'quality']), spec('c2', 'project', ['capture']), spec('c3', 'constraints', ['capture'])];

/** c1: a pass and a fail on capture, a judged 4 and a skip on quality; c2: an errored trial and a missing one; c3: two passes. */
function records(c3Scores: [number, number] = [0.9, 0.8]): TrialRecord[] {
  return [
    trial('c1', 'project', 1, { capture: pass(1), quality: judged(4) }),
    trial('c1', 'project', 2, { capture: fail(0.5), quality: SKIPPED }),
    // The custom grader threw: the grader's outcome is an error with no score.
    trial('c2', 'project', 1, { capture: { status: 'error', reason: 'graders/capture.mjs#check threw: boom' } }),
    // c2 #2 has no record: the run was cut short.
    ...c3Scores.map((score, index) => trial('c3', 'constraints', index + 1, { capture: score >= 0.8 ? pass(score) : fail(score) })),
  ];
}

function resultsOf(trials: TrialRecord[], cases: CaseSpec[] = CASES, conditions: Condition[] = ['recall'], repeat = 2): ResultsDocument {
  return {
    schema_version: 1,
    tool: { name: 'recall-gate', version: '0.1.0' },
    versions: {},
    suite: { name: 'memory-tracking', file: 's.yaml', files: [], sha256: '' },
    started_at: '',
    status: 'complete',
    layers: { retrieval: 'absent', e2e: 'ran' },
    errors: [],
    e2e: { target: { kind: 'command' }, ...aggregateE2e(trials, cases, conditions, repeat) },
  };
}

describe('grader results', () => {
  const e2e = resultsOf(records()).e2e!;

  test('capture over the run: exact mean, errors and the missing trial in the denominator', () => {
    assert.deepEqual(e2e.graders!.capture!.conditions.recall, {
      trials: 6,
      scored: 4,
      mean_score: 0.8, // (1 + 0.5 + 0.9 + 0.8) / 4
      passed: 3,
      failed: 1,
      errors: 2, // c2 #1 errored, c2 #2 has no record
      skipped: 0,
      pass_rate: 0.5, // 3 / 6
      cases: 3,
      'pass^k': 0.333333, // only c3 passed both repeats
      reasons: { error: 'graders/capture.mjs#check threw: boom' },
    });
    assert.deepEqual(e2e.graders!.capture!.scale, [0, 1]);
    assert.equal(e2e.graders!.capture!.min, 0.8);
    assert.deepEqual(e2e.graders!.capture!.cases!.c2!.recall, { trials: 2, scored: 0, passed: 0, failed: 0, errors: 2, skipped: 0, pass_rate: 0, 'pass^k': false, scores: [] });
  });

  test('a judge grader keeps its 1-5 scale; a skipped trial is out of the pass rate and counted', () => {
    const quality = e2e.graders!.quality!;
    assert.deepEqual(quality.scale, [1, 5]);
    assert.equal(quality.min, 3.5);
    const recall = quality.conditions.recall!;
    assert.deepEqual([recall.trials, recall.scored, recall.mean_score, recall.passed, recall.skipped, recall.pass_rate, recall['pass^k'], recall.cases], [2, 1, 4, 1, 1, 1, 1, 1]);
    assert.equal(recall.reasons?.skipped, SKIPPED.reason);
  });

  test('per ability: only its cases, and only the graders they have', () => {
    const project = e2e.abilities.project!.graders!;
    assert.deepEqual(Object.keys(project), ['capture', 'quality']);
    assert.deepEqual([project.capture!.conditions.recall!.trials, project.capture!.conditions.recall!.mean_score, project.capture!.conditions.recall!.pass_rate, project.capture!.conditions.recall!['pass^k']], [4, 0.75, 0.25, 0]);
    assert.deepEqual(Object.keys(e2e.abilities.constraints!.graders!), ['capture']);
    assert.equal(e2e.abilities.constraints!.graders!.capture!.conditions.recall!.pass_rate, 1);
    assert.equal(e2e.abilities.project!.graders!.capture!.cases, undefined, 'per-case figures live once, in the run summary');
  });

  test('intervals bracket the figure and say how many cases they stand on', () => {
    const intervals = e2e.graders!.capture!.intervals!;
    assert.equal(intervals['recall.pass_rate']!.n, 3);
    assert.equal(intervals['recall.score']!.n, 2, 'c2 has no score to resample');
    const [low, high] = intervals['recall.pass_rate']!.ci;
    assert.ok(low <= 0.5 && 0.5 <= high && low < high, `${low}..${high}`);
  });

  test('graders under every condition the suite runs; a suite with no graders has none', () => {
    const both = resultsOf([...records(), trial('c3', 'constraints', 1, { capture: fail(0.2) }, 'none'), trial('c3', 'constraints', 2, { capture: fail(0.4) }, 'none')], CASES, ['recall', 'none']).e2e!;
    const none = both.graders!.capture!.conditions.none!;
    assert.deepEqual([none.trials, none.scored, none.mean_score, none.errors], [6, 2, 0.3, 4]);
    assert.equal(both.graders!.capture!.conditions.recall!.mean_score, 0.8);
    assert.equal(resultsOf([], [spec('plain', 'x', [])]).e2e!.graders, undefined);
  });

  test('mixed scales are put on 0-1 and said so', () => {
    const mixed = resultsOf([trial('c3', 'constraints', 1, { capture: judged(5) }), trial('c3', 'constraints', 2, { capture: pass(0.5, 0.4) })], [spec('c3', 'constraints', ['capture'])]).e2e!;
    const capture = mixed.graders!.capture!;
    assert.deepEqual(capture.scale, [0, 1]);
    assert.equal(capture.conditions.recall!.mean_score, 0.75);
    assert.match(capture.note!, /different scales \(1-5, 0-1\)/);
  });
});

describe('grader gate keys', () => {
  const current = resultsOf(records());
  const value = (key: string, aggregation?: 'min' | 'median' | 'p95') => {
    const resolved = resolveMetric(key, current, aggregation ? { aggregation } : {});
    assert.equal(resolved.status, 'value', JSON.stringify(resolved));
    return (resolved as { value: number }).value;
  };
  const gate = (condition: GateCondition) => evaluateGate({ root: { all: [condition] }, skipped_layers: 'waive' }, current).rows[0]!;

  test('score, pass_rate and pass^k resolve, over the run, per condition and per ability', () => {
    assert.equal(value('e2e.grader.capture.score'), 0.8);
    assert.equal(value('e2e.grader.capture.recall.score'), 0.8);
    assert.equal(value('e2e.grader.capture.pass_rate'), 0.5);
    assert.equal(value('e2e.grader.capture.pass^k'), 0.333333);
    assert.equal(value('e2e.grader.quality.score'), 4);
    assert.equal(value('e2e.ability.project.grader.capture.pass_rate'), 0.25);
    assert.equal(value('e2e.ability.constraints.grader.capture.score'), 0.85);
  });

  test('aggregations are taken over the trials with a score', () => {
    assert.equal(value('e2e.grader.capture.score', 'min'), 0.5);
    assert.ok(Math.abs(value('e2e.grader.capture.score', 'median') - 0.85) < 1e-12);
    assert.equal(value('e2e.grader.capture.score', 'p95'), 1);
    assert.equal(value('e2e.ability.project.grader.capture.score', 'min'), 0.5);
  });

  test('the gate passes and fails on averaged scores, and says what errored', () => {
    const passing = gate({ metric: 'e2e.grader.capture.score', op: 'gte', value: 0.8 });
    assert.equal(passing.status, 'pass');
    assert.match(passing.note!, /2 of 6 trials of grader capture errored and count as not passed: graders\/capture.mjs#check threw: boom/);
    assert.equal(gate({ metric: 'e2e.grader.capture.score', op: 'gte', value: 0.81 }).status, 'fail');
    assert.equal(gate({ metric: 'e2e.grader.quality.score', op: 'gte', value: 3.5 }).status, 'pass');
    const strict = gate({ metric: 'e2e.grader.capture.score', aggregation: 'min', op: 'gte', value: 0.6 });
    assert.deepEqual([strict.status, strict.actual, strict.aggregation], ['fail', 0.5, 'min']);
  });

  test('an unknown grader is invalid with a did-you-mean, in the run and at load time', () => {
    const resolved = resolveMetric('e2e.grader.captur.score', current);
    assert.equal(resolved.status, 'invalid');
    assert.match((resolved as { reason: string }).reason, /no grader "captur"/);
    assert.equal((resolved as { hint?: string }).hint, 'did you mean "capture"?');
    const metric = resolveMetric('e2e.grader.capture.scor', current);
    assert.equal((metric as { hint?: string }).hint, 'did you mean "score"?');

    const suite: Suite = {
      name: 'fixture',
      file: '/repo/suite.yaml',
      displayPath: 'suite.yaml',
      memoryPaths: [],
      files: ['/repo/suite.yaml'],
      e2e: { target: { kind: 'command', command: ['agent'], cwd: '/repo', timeout_ms: 1000 }, repeat: 2, conditions: ['recall'], concurrency: 1, prices: {}, cases: CASES },
    };
    const problems = validateGate(
      {
        root: {
          all: [
            { metric: 'e2e.grader.qualty.score', op: 'gte', value: 3.5 },
            { metric: 'e2e.ability.constraints.grader.quality.score', op: 'gte', value: 3.5 },
            { metric: 'e2e.grader.capture.none.pass_rate', op: 'gte', value: 0 },
            { metric: 'e2e.grader.capture.score', aggregation: 'p95', op: 'gte', value: 0.5 },
          ],
        },
        skipped_layers: 'waive',
      },
      suite,
    );
    assert.deepEqual(
      problems.map((problem) => [problem.path.join('.'), problem.message, problem.hint]),
      [
        ['gate.all.0.metric', 'metric "e2e.grader.qualty.score" names nothing: no grader "qualty"', 'did you mean "quality"?'],
        ['gate.all.1.metric', 'metric "e2e.ability.constraints.grader.quality.score": no case of ability "constraints" has the grader "quality"', 'its graders: capture'],
        ['gate.all.2.metric', 'metric "e2e.grader.capture.none.pass_rate": e2e.grader.capture.none needs the none condition, not in e2e.conditions (recall)', 'add none to e2e.conditions'],
      ],
    );
  });

  test('a grader every trial skipped is waived like a skipped layer, not passed', () => {
    const skippedOnly = resultsOf([trial('c1', 'project', 1, { quality: SKIPPED }), trial('c1', 'project', 2, { quality: SKIPPED })], [spec('c1', 'project', ['quality'])]);
    const resolved = resolveMetric('e2e.grader.quality.score', skippedOnly);
    assert.equal(resolved.status, 'skipped');
    // 0 of 0 graded is no rate: results.json and compare carry none, never a pass rate of 0.
    const figures = skippedOnly.e2e!.graders!.quality!.conditions.recall!;
    assert.equal(figures.pass_rate, undefined);
    assert.equal(figures['pass^k'], undefined);
    assert.ok(!compareResults(skippedOnly, skippedOnly).some((row) => row.metric.startsWith('e2e.grader.quality.pass')));
    assert.match((resolved as { reason: string }).reason, /every recall trial of grader quality was skipped: no judge configured/);
    const verdict = evaluateGate({ root: { all: [{ metric: 'e2e.grader.quality.score', op: 'gte', value: 3.5 }] }, skipped_layers: 'fail' }, skippedOnly);
    assert.equal(verdict.status, 'fail', 'skipped_layers: fail counts it as a failure');
  });

  test('a grader every trial skipped keeps its 1-5 scale and min in the results, and compare shows no pass rate for it', () => {
    const skippedOnly = resultsOf([trial('c1', 'project', 1, { quality: SKIPPED }), trial('c1', 'project', 2, { quality: SKIPPED })], [spec('c1', 'project', ['quality'])]);
    const quality = skippedOnly.e2e!.graders!.quality!;
    assert.deepEqual([quality.scale, quality.min, quality.conditions.recall!.skipped], [[1, 5], 3.5, 2]);
    // Nothing was graded on either side: a 0.000 -> 0.000 row would claim a pass rate no trial gave.
    assert.deepEqual(compareResults(skippedOnly, skippedOnly).filter((one) => one.metric.startsWith('e2e.grader.')), []);
  });

  test('a regression condition on a grader key pairs the two runs by case', () => {
    const baseline = resultsOf(records([1, 1]));
    const worse = resultsOf(records([0.4, 0.3]));
    const row = evaluateGate({ root: { all: [{ metric: 'e2e.grader.capture.score', max_drop: 0.05 }] }, skipped_layers: 'waive' }, worse, baseline).rows[0]!;
    assert.equal(row.status, 'fail');
    assert.deepEqual([row.actual, row.baseline, row.delta], [0.55, 0.875, -0.325]);
    assert.deepEqual(row.pairing, { paired: true, shared: 2, added: 0, removed: 0 });
    // c1 is the same in both runs and c3 dropped: every draw's change is at most 0.
    assert.ok(row.interval![0] < 0 && row.interval![1] <= 0, `${row.interval}`);
    const compared = compareResults(baseline, worse).filter((one) => one.metric.startsWith('e2e.grader.'));
    assert.deepEqual(
      compared.map((one) => [one.metric, one.baseline, one.current, one.change?.paired]),
      [
        ['e2e.grader.capture.score', 0.875, 0.55, true],
        ['e2e.grader.capture.pass_rate', 0.5, 0.166667, true],
        ['e2e.grader.quality.score', 4, 4, true],
        ['e2e.grader.quality.pass_rate', 1, 1, true],
      ],
    );
    const same = evaluateGate({ root: { all: [{ metric: 'e2e.grader.capture.pass_rate', max_drop: 0, decide: 'interval' }] }, skipped_layers: 'waive' }, baseline, baseline).rows[0]!;
    assert.deepEqual([same.status, same.interval], ['pass', [0, 0]]);
  });
});

function golden(name: string, body: string): void {
  const file = join(REPO_ROOT, 'test', 'fixtures', 'golden', name);
  if (process.env.RECALL_GATE_UPDATE_GOLDEN === '1') {
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, body);
  }
  assert.equal(body, readFileSync(file, 'utf8'));
}

describe('grader table', () => {
  // A hostile grader name: its cell must stay one cell and inert.
  const cases = [...CASES, spec('c4', 'project', ['dup|<b>@team'])];
  const trials = [...records(), trial('c4', 'project', 1, { 'dup|<b>@team': pass(1) }), trial('c4', 'project', 2, { 'dup|<b>@team': fail(0) })];
  const results = resultsOf(trials, cases);

  test('the PR comment shows it, pinned (test/fixtures/golden/graders-comment.md; RECALL_GATE_UPDATE_GOLDEN=1 rewrites it)', () => {
    const body = renderComment({ marker: '<!-- m -->', results, baselineNote: 'none yet', e2eTrigger: { ran: true, reason: 'memory changed', files: [] } });
    assert.ok(body.includes('### Graders (recall)'));
    assert.ok(!body.includes('<b>') && !body.includes('@team'));
    golden('graders-comment.md', body);
  });

  test('the terminal shows it, pinned (test/fixtures/golden/graders-terminal.txt)', () => {
    const text = graderTableText(graderTable(results.e2e!, plainText)!, 'recall').join('\n');
    golden('graders-terminal.txt', `${text}\n`);
    assert.ok(terminalE2eReport(results.e2e!, trials).includes(text), 'run prints the same table');
  });

  test('report.md has it; a suite without graders has no table', () => {
    assert.ok(markdownReport(results).includes('### Graders (recall)'));
    const plain = resultsOf([], [spec('plain', 'x', [])]);
    assert.ok(!markdownReport(plain).includes('Graders'));
    assert.ok(!terminalE2eReport(plain.e2e!, []).includes('graders under'));
  });

  test('a comment too long for its limit cuts grader rows as it cuts ability rows, keeping the lowest pass rates', () => {
    const many = Array.from({ length: 40 }, (_, index) => spec(`m${index}`, `ability-${index}`, ['capture']));
    const full = resultsOf(many.map((one, index) => trial(one.name, one.ability, 1, { capture: index === 33 ? fail(0.1) : pass(0.9) })), many, ['recall'], 1);
    const roomy = renderComment({ marker: '<!-- m -->', results: full, baselineNote: 'none yet', e2eTrigger: { ran: true, reason: 'x', files: [] } });
    const tight = renderComment({ marker: '<!-- m -->', results: full, baselineNote: 'none yet', e2eTrigger: { ran: true, reason: 'x', files: [] } }, Buffer.byteLength(roomy) - 4000);
    assert.ok(Buffer.byteLength(tight) <= Buffer.byteLength(roomy) - 4000);
    assert.match(tight, /… and \d+ more grader rows?, none with a lower pass rate/);
    assert.match(tight, /leaving out 30 ability rows, \d+ grader rows?, the chart/);
    assert.match(tight, /\| capture \| ability-33 \| 0\.8 \| 1 \| 0\.100 \[0\.100, 0\.100\] n=1 on 0-1 \(1 of 1 scored\) \| 0\.000 \[0\.000, 0\.000\] n=1 \(0\/1\)/, 'the failing row stays');
  });
});
