import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { aggregateE2e } from '../src/e2e/aggregate.js';
import { changesAgainst } from '../src/gate/changes.js';
import { queryMetrics } from '../src/retrieval/metrics.js';
import type { CaseSpec, Condition } from '../src/model/e2e.js';
import type { ProviderResult, QueryOutcome, ResultsDocument } from '../src/model/results.js';
import type { FailureStage, TrialRecord } from '../src/model/trial.js';
import { renderComment, verdictHeadline } from '../src/report/comment.js';
import type { Verdict } from '../src/model/gate.js';
import { changesText } from '../src/report/changes.js';
import { markdownReport } from '../src/report/markdown.js';
import { runReportText } from '../src/cli/runReport.js';
import { REPO_ROOT } from './support/cli.js';

// ---------------------------------------------------------------- hand-built runs

const K = [1, 3, 5, 10];
const DEPTH = 10;

/** A query whose relevant memories came back at these ranks (null: not returned); the rest of the top 10 is filler. */
function query(id: string, ranks: Record<string, number | null>, text = `text of ${id}`): QueryOutcome {
  const list: string[] = Array.from({ length: DEPTH }, (_, i) => `filler-${i + 1}`);
  for (const [memory, rank] of Object.entries(ranks)) if (rank !== null) list[rank - 1] = memory;
  const relevant = Object.fromEntries(Object.keys(ranks).map((memory) => [memory, 1]));
  const gains = new Map(Object.entries(relevant));
  return { id, text, user: 'u', tags: [], relevant, ranks, metrics: queryMetrics(list, gains, K), results: list.map((memory, i) => ({ id: memory, score: 1 - i / 100 })), latency_ms: 1 };
}

function provider(name: string, queries: QueryOutcome[], status: 'ok' | 'error' = 'ok'): ProviderResult {
  return { name, kind: 'keyword', status, queries, timings_ms: { setup: 0, seed: 0, prepare: 0, search: 0 }, ...(status === 'error' ? { error: 'down' } : { metrics: {} }) };
}

function spec(name: string, ability = 'memory'): CaseSpec {
  return { name, ability, sessions: [], probe: { text: `probe for ${name}` }, check: { contains: 'x' }, evidence: [], obsolete: [], needs_memory: true, where: { file: 's.yaml', line: 1, col: 1 } };
}

type Outcome = 'pass' | 'fail' | 'error' | FailureStage;

/** Trials of one case under one condition, one per repeat in order: 'pass', 'fail', 'error' or a failure stage. */
function trials(caseName: string, condition: Condition, outcomes: Outcome[], ability = 'memory'): TrialRecord[] {
  return outcomes.map((outcome, index) => {
    const status = outcome === 'pass' || outcome === 'error' ? outcome : 'fail';
    return {
      key: `${caseName}|${condition}|${index + 1}`,
      case: caseName,
      ability,
      condition,
      repeat: index + 1,
      user: 'u',
      status,
      reason: status,
      question: `probe for ${caseName}`,
      answer: 'a',
      check: 'contains "x"',
      invocations: [],
      tokens: { input: 1, output: 1, judge_input: 0, judge_output: 0 },
      cost_usd: 0,
      ...(status === 'fail' && outcome !== 'fail' ? { stage: outcome as FailureStage } : {}),
      started_at: '2026-01-01T00:00:00Z',
      duration_ms: 1,
    };
  });
}

interface RunSpec {
  providers?: ProviderResult[];
  k?: number[];
  depth?: number;
  cases?: CaseSpec[];
  trials?: TrialRecord[];
  conditions?: Condition[];
  repeat?: number;
  runId?: string;
}

function run(spec: RunSpec): ResultsDocument {
  const k = spec.k ?? K;
  return {
    schema_version: 1,
    tool: { name: 'recall-gate', version: '0.1.0' },
    versions: {},
    suite: { name: 'suite-x', file: 's.yaml', files: [], sha256: '' },
    run_id: spec.runId ?? 'now1',
    started_at: '2026-01-02T00:00:00Z',
    status: 'complete',
    layers: { retrieval: spec.providers ? 'ran' : 'absent', e2e: spec.cases ? 'ran' : 'absent' },
    errors: [],
    ...(spec.providers
      ? {
          retrieval: {
            k,
            depth: spec.depth ?? DEPTH,
            definitions: '',
            memory_count: 10,
            query_count: spec.providers[0]!.queries.length,
            queries_without_relevant: 0,
            providers: Object.fromEntries(spec.providers.map((p) => [p.name, p])),
          },
        }
      : {}),
    ...(spec.cases ? { e2e: { target: { kind: 'builtin' }, ...aggregateE2e(spec.trials ?? [], spec.cases, spec.conditions ?? ['recall'], spec.repeat ?? 1) } } : {}),
  };
}

// ---------------------------------------------------------------- retrieval

describe('queries that newly miss and newly hit, per provider and cut-off', () => {
  test('rank 1 -> 7 is newly missed at @1, @3 and @5 (not @10) with its ranks; rank 8 -> 2 is newly hit at @3 and @5', () => {
    const baseline = run({ runId: 'base1', providers: [provider('vec', [query('q-fell', { m1: 1 }), query('q-rose', { m2: 8 }), query('q-same', { m3: 2 })])] });
    const current = run({ providers: [provider('vec', [query('q-fell', { m1: 7 }), query('q-rose', { m2: 2 }), query('q-same', { m3: 2 })])] });
    const changes = changesAgainst(baseline, current).retrieval!;
    assert.deepEqual(changes.k, K);
    const vec = changes.providers[0]!;
    assert.equal(vec.compared, 3);
    assert.deepEqual(vec.newly_missed, [{ id: 'q-fell', text: 'text of q-fell', at: [1, 3, 5], ranks: [{ memory: 'm1', baseline: 1, now: 7 }] }]);
    assert.deepEqual(vec.newly_hit, [{ id: 'q-rose', text: 'text of q-rose', at: [3, 5], ranks: [{ memory: 'm2', baseline: 8, now: 2 }] }]);
    assert.deepEqual(vec.by_k, [
      { k: 1, newly_missed: 1, newly_hit: 0 },
      { k: 3, newly_missed: 1, newly_hit: 1 },
      { k: 5, newly_missed: 1, newly_hit: 1 },
      { k: 10, newly_missed: 0, newly_hit: 0 },
    ]);
  });

  test('a query hits only with every relevant memory in the top k: the worst-ranked one decides, and every memory shows both ranks', () => {
    // Before: m1 at 1, m2 at 4 (a hit at 5, not at 3). Now: m1 at 1, m2 not returned: newly missed at 5 and 10.
    const baseline = run({ providers: [provider('vec', [query('q', { m1: 1, m2: 4 })])] });
    const current = run({ providers: [provider('vec', [query('q', { m1: 1, m2: null })])] });
    const [flip] = changesAgainst(baseline, current).retrieval!.providers[0]!.newly_missed;
    assert.deepEqual(flip, { id: 'q', text: 'text of q', at: [5, 10], ranks: [{ memory: 'm1', baseline: 1, now: 1 }, { memory: 'm2', baseline: 4, now: null }] });
  });

  test('a memory the baseline did not count relevant gets its rank from the baseline list', () => {
    const baseline = run({ providers: [provider('vec', [{ ...query('q', { m1: 1 }), results: [{ id: 'm1', score: 1 }, { id: 'm9', score: 0.5 }] }])] });
    const current = run({ providers: [provider('vec', [query('q', { m1: 6, m9: 7 })])] });
    const [flip] = changesAgainst(baseline, current).retrieval!.providers[0]!.newly_missed;
    assert.deepEqual(flip!.ranks, [{ memory: 'm1', baseline: 1, now: 6 }, { memory: 'm9', baseline: 2, now: 7 }]);
  });

  test('regressions and improvements biggest first: the fall in 1 / worst rank, then more cut-offs, then id', () => {
    const before = [query('b-4-gone', { m: 4 }), query('a-1-7', { m: 1 }), query('c-2-4', { m: 2 }), query('d-3-4', { m: 3 }), query('e-gone-1', { m: null }), query('f-9-3', { m: 9 })];
    const after = [query('b-4-gone', { m: null }), query('a-1-7', { m: 7 }), query('c-2-4', { m: 4 }), query('d-3-4', { m: 4 }), query('e-gone-1', { m: 1 }), query('f-9-3', { m: 3 })];
    const vec = changesAgainst(run({ providers: [provider('vec', before)] }), run({ providers: [provider('vec', after)] })).retrieval!.providers[0]!;
    // 1 -> 7: 0.857; 2 -> 4: 0.25 at @3; 4 -> gone: 0.25 at @5 and @10 (more cut-offs); 3 -> 4: 0.083.
    assert.deepEqual(vec.newly_missed.map((q) => q.id), ['a-1-7', 'b-4-gone', 'c-2-4', 'd-3-4']);
    assert.deepEqual(vec.newly_hit.map((q) => q.id), ['e-gone-1', 'f-9-3']);
  });

  test('only units of both runs compare; the rest is counted: queries of one run, a query without a relevant memory, a provider of one run or in error, a cut-off deeper than the baseline searched', () => {
    const baseline = run({
      depth: 5,
      k: [1, 3, 5],
      providers: [provider('vec', [query('q1', { m: 1 }), query('old', { m: 1 }), { ...query('abstain', {}), relevant: {} }]), provider('gone', [query('q1', { m: 1 })]), provider('broken', [], 'error')],
    });
    const current = run({ providers: [provider('vec', [query('q1', { m: 9 }), query('new1', { m: 1 }), query('new2', { m: 1 })]), provider('broken', [query('q1', { m: 1 })]), provider('fresh', [query('q1', { m: 1 })])] });
    const changes = changesAgainst(baseline, current).retrieval!;
    assert.deepEqual(changes.k, [1, 3, 5], '@10 is deeper than the baseline searched (depth 5)');
    assert.deepEqual(changes.providers_left_out, ['broken', 'fresh', 'gone']);
    const vec = changes.providers[0]!;
    assert.deepEqual([vec.compared, vec.left_out], [1, { now_only: 2, baseline_only: 1 }]);
    assert.deepEqual(vec.newly_missed.map((q) => q.at), [[1, 3, 5]]);
  });

  test('two identical runs: nothing flipped', () => {
    const same = run({ providers: [provider('vec', [query('q1', { m: 1 }), query('q2', { m: null })])] });
    const vec = changesAgainst(same, same).retrieval!.providers[0]!;
    assert.deepEqual([vec.newly_missed, vec.newly_hit, vec.compared], [[], [], 2]);
  });
});

// ---------------------------------------------------------------- e2e

describe('case x condition units whose pass count fell or rose', () => {
  const cases = [spec('coffee', 'preference'), spec('dog'), spec('city'), spec('flaky'), spec('single')];
  const baseline = run({
    runId: 'base1',
    cases,
    repeat: 3,
    conditions: ['recall', 'none'],
    trials: [
      ...trials('coffee', 'recall', ['pass', 'pass', 'pass'], 'preference'),
      ...trials('coffee', 'none', ['fail', 'fail', 'fail'], 'preference'),
      ...trials('dog', 'recall', ['fail', 'fail', 'fail']),
      ...trials('dog', 'none', ['fail', 'fail', 'fail']),
      ...trials('city', 'recall', ['pass', 'pass', 'fail']),
      ...trials('city', 'none', ['fail', 'fail', 'fail']),
      ...trials('flaky', 'recall', ['pass', 'fail', 'pass']),
      ...trials('flaky', 'none', ['fail', 'fail', 'fail']),
      ...trials('single', 'recall', ['pass', 'pass', 'pass']),
      ...trials('single', 'none', ['fail', 'fail', 'fail']),
    ],
  });
  const nowTrials = [
    ...trials('coffee', 'recall', ['pass', 'not_recalled', 'error'], 'preference'),
    ...trials('coffee', 'none', ['fail', 'fail', 'fail'], 'preference'),
    ...trials('dog', 'recall', ['pass', 'misread', 'pass']),
    ...trials('dog', 'none', ['fail', 'fail', 'fail']),
    ...trials('city', 'recall', ['pass', 'fail', 'fail']),
    ...trials('city', 'none', ['fail', 'fail', 'pass']),
    // The same 2 of 3 passed, at other repeats: no change (repeats are not paired).
    ...trials('flaky', 'recall', ['fail', 'pass', 'pass']),
    ...trials('flaky', 'none', ['fail', 'fail', 'fail']),
    ...trials('single', 'recall', ['pass', 'pass', 'pass']),
    ...trials('single', 'none', ['fail', 'fail', 'fail']),
  ];
  const current = run({ cases, repeat: 3, conditions: ['recall', 'none'], trials: nowTrials });

  test('a case 3/3 -> 1/3 is a regression naming the trials that did not pass now (with their stage); 0/3 -> 2/3 an improvement', () => {
    const e2e = changesAgainst(baseline, current, nowTrials).e2e!;
    assert.equal(e2e.compared, 10);
    assert.deepEqual(e2e.left_out, { now_only: 0, baseline_only: 0 });
    assert.deepEqual(e2e.pass_to_fail[0], {
      case: 'coffee',
      ability: 'preference',
      condition: 'recall',
      baseline: { passed: 3, trials: 3 },
      now: { passed: 1, trials: 3 },
      not_passed: [
        { key: 'coffee|recall|2', repeat: 2, status: 'fail', stage: 'not_recalled' },
        { key: 'coffee|recall|3', repeat: 3, status: 'error' },
      ],
    });
    assert.deepEqual(
      e2e.pass_to_fail.map((c) => `${c.case}/${c.condition} ${c.baseline.passed}->${c.now.passed}`),
      ['coffee/recall 3->1', 'city/recall 2->1'],
    );
    assert.deepEqual(
      e2e.fail_to_pass.map((c) => `${c.case}/${c.condition} ${c.baseline.passed}->${c.now.passed}`),
      ['dog/recall 0->2', 'city/none 0->1'],
    );
    assert.deepEqual(e2e.fail_to_pass[0]!.not_passed, [{ key: 'dog|recall|2', repeat: 2, status: 'fail', stage: 'misread' }]);
  });

  test('repeats are not paired: the same pass count at other repeats is no change', () => {
    const e2e = changesAgainst(baseline, current, nowTrials).e2e!;
    assert.ok(![...e2e.pass_to_fail, ...e2e.fail_to_pass].some((c) => c.case === 'flaky'));
  });

  test('with repeat 1 the unit is the trial: pass -> fail and fail -> pass; equal falls list the headline condition first', () => {
    const one = [spec('a'), spec('b'), spec('c')];
    const before = [...trials('a', 'recall', ['pass']), ...trials('a', 'none', ['pass']), ...trials('b', 'recall', ['fail']), ...trials('b', 'none', ['fail']), ...trials('c', 'recall', ['pass']), ...trials('c', 'none', ['fail'])];
    const after = [...trials('a', 'recall', ['pass']), ...trials('a', 'none', ['fail']), ...trials('b', 'recall', ['pass']), ...trials('b', 'none', ['fail']), ...trials('c', 'recall', ['not_stored']), ...trials('c', 'none', ['fail'])];
    const e2e = changesAgainst(run({ cases: one, trials: before, conditions: ['recall', 'none'] }), run({ cases: one, trials: after, conditions: ['recall', 'none'] }), after).e2e!;
    assert.deepEqual(e2e.pass_to_fail.map((c) => `${c.case}/${c.condition}`), ['c/recall', 'a/none']);
    assert.deepEqual(e2e.pass_to_fail[0]!.not_passed, [{ key: 'c|recall|1', repeat: 1, status: 'fail', stage: 'not_stored' }]);
    assert.deepEqual(e2e.fail_to_pass.map((c) => `${c.case}/${c.condition}`), ['b/recall']);
  });

  test('a narrowed run compares the cases it ran and counts the baseline units it left out', () => {
    const narrowed = run({ cases: [spec('coffee', 'preference')], repeat: 3, conditions: ['recall', 'none'], trials: nowTrials.filter((t) => t.case === 'coffee') });
    const e2e = changesAgainst(baseline, narrowed).e2e!;
    assert.deepEqual([e2e.compared, e2e.left_out], [2, { now_only: 0, baseline_only: 8 }]);
    assert.deepEqual(e2e.pass_to_fail.map((c) => [c.case, c.not_passed]), [['coffee', []]], 'no trials at hand: no keys');
  });
});

// ---------------------------------------------------------------- reports

/** A pair of runs with changes of every kind, the reports' fixture. */
function reportFixture(): { baseline: ResultsDocument; current: ResultsDocument; trials: TrialRecord[] } {
  const cases = [spec('coffee', 'preference'), spec('dog'), spec('evil|<b>@team')];
  const before = [...trials('coffee', 'recall', ['pass', 'pass', 'pass'], 'preference'), ...trials('dog', 'recall', ['fail', 'fail', 'fail']), ...trials('evil|<b>@team', 'recall', ['pass', 'pass', 'pass'])];
  const after = [...trials('coffee', 'recall', ['pass', 'not_recalled', 'error'], 'preference'), ...trials('dog', 'recall', ['pass', 'misread', 'pass']), ...trials('evil|<b>@team', 'recall', ['obsolete_recalled', 'pass', 'pass'])];
  const baseline = run({ runId: 'base1', cases, repeat: 3, trials: before, providers: [provider('vec', [query('q-fell', { m1: 1 }), query('q-rose', { m2: 8 }), query('q-evil', { 'm|<i>': 2 }, 'Sure! @octocat <script>x</script> | col')])] });
  const current = run({ cases, repeat: 3, trials: after, providers: [provider('vec', [query('q-fell', { m1: 7 }), query('q-rose', { m2: 2 }), query('q-evil', { 'm|<i>': null }, 'Sure! @octocat <script>x</script> | col')])] });
  current.changes = changesAgainst({ ...baseline, commit: { sha: '1a2b3c4d5e6f' } }, current, after);
  return { baseline, current, trials: after };
}

const golden = (name: string, body: string) => {
  const path = join(REPO_ROOT, 'test', 'fixtures', 'golden', name);
  if (process.env.RECALL_GATE_UPDATE_GOLDEN === '1') writeFileSync(path, body);
  assert.equal(body, readFileSync(path, 'utf8'), name);
};

describe('the changes in every report', () => {
  test('the terminal, report.md and the comment are pinned (test/fixtures/golden/changes-*; RECALL_GATE_UPDATE_GOLDEN=1 rewrites them)', () => {
    const { baseline, current } = reportFixture();
    golden('changes-terminal.txt', changesText(current.changes!));
    const report = markdownReport(current);
    golden('changes-report.md', report.slice(report.indexOf('### What changed')));
    const comment = renderComment({ marker: '<!-- m -->', results: current, baseline, baselineNote: 'main at 1a2b3c4', e2eTrigger: { ran: true, reason: 'test', files: [] } });
    golden('changes-comment.md', comment.slice(comment.indexOf('### What changed'), comment.indexOf('### Changes against the baseline: paired tests')));
  });

  test('a gate that passes beside changes says so in the headline, in the words of the changes summary', () => {
    const { current } = reportFixture();
    // A whole verdict as the gate gives one that passed against a baseline (typed, not cast: a required field added to Verdict must be given here).
    const passed: Verdict = { status: 'pass', rows: [], blockingFailures: [], hasBaseline: true };
    assert.equal(verdictHeadline(current, passed), `## ✅ recall-gate: ${current.suite.name} passed; 4 regressions, 2 improvements against the baseline (below)`);
    const e2e = current.changes!.e2e!;
    const one = { ...current, changes: { ...current.changes!, retrieval: undefined, e2e: { ...e2e, pass_to_fail: e2e.pass_to_fail.slice(0, 1), fail_to_pass: e2e.fail_to_pass.slice(0, 1) } } };
    assert.equal(verdictHeadline(one, passed), `## ✅ recall-gate: ${current.suite.name} passed; 1 regression, 1 improvement against the baseline (below)`);
  });

  test('regressions come before improvements, and the terminal report of a run shows them before the verdict', () => {
    const { current, trials: after } = reportFixture();
    const text = runReportText(current, after, undefined).join('\n');
    assert.match(text, /^4 regressions, 2 improvements against the baseline \(run base1, commit 1a2b3c4, started 2026-01-02T00:00:00Z\)\.$/m);
    assert.ok(text.indexOf('regressions:') < text.indexOf('improvements:'));
    assert.match(text, /^ {2}case coffee under recall \(preference\): 3\/3 -> 1\/3 passed; not passing now: coffee\|recall\|2 \(not recalled\), coffee\|recall\|3 \(error\)$/m);
    assert.match(text, /^ {2}vec query q-fell "text of q-fell" newly missed at @1, @3, @5: rank m1 1 -> 7$/m);
  });

  test('untrusted names and texts are escaped in the markdown and plain on the terminal', () => {
    const { baseline, current } = reportFixture();
    const comment = renderComment({ marker: '<!-- m -->', results: current, baseline, baselineNote: 'b', e2eTrigger: { ran: true, reason: 'test', files: [] } });
    const section = comment.slice(comment.indexOf('### What changed'));
    assert.ok(!section.includes('<script>') && !section.includes('@octocat') && !section.includes('<b>'), section);
    assert.ok(!changesText(current.changes!).includes('\n\n'), 'no line break from a text');
    // A forged folder: a stage no failure has, a condition with an escape sequence.
    const forged = structuredClone(current.changes!);
    forged.e2e!.pass_to_fail[0]!.not_passed[0]!.stage = 'constructor' as FailureStage;
    forged.e2e!.pass_to_fail[0]!.condition = 'recall\u001b[31m' as Condition;
    const text = changesText(forged);
    assert.match(text, /case coffee under recall \(preference\): 3\/3 -> 1\/3 passed; not passing now: coffee\|recall\|2 \(fail\)/);
    assert.ok(!text.includes('\u001b'));
  });

  test('the comment cuts the lists to fit, regressions kept first, and says how many it left', () => {
    const many = Array.from({ length: 400 }, (_, i) => `q-${String(i).padStart(3, '0')}`);
    const baseline = run({ providers: [provider('vec', many.map((id) => query(id, { m: 1 }, `a long query text number ${id} `.repeat(4))))] });
    const current = run({ providers: [provider('vec', many.map((id, i) => query(id, { m: i < 300 ? null : 1 }, `a long query text number ${id} `.repeat(4))))] });
    current.changes = changesAgainst(baseline, current);
    const comment = renderComment({ marker: '<!-- m -->', results: current, baseline, baselineNote: 'b', e2eTrigger: { ran: true, reason: 'test', files: [] } }, 20_000);
    assert.ok(Buffer.byteLength(comment) <= 20_000);
    assert.match(comment, /^300 regressions, 0 improvements/m);
    assert.match(comment, /^- \*\*vec\*\* query q-000 /m);
    assert.match(comment, /^- … and \d+ more regressions \(results\.json: changes\)$/m);
    const roomy = renderComment({ marker: '<!-- m -->', results: current, baseline, baselineNote: 'b', e2eTrigger: { ran: true, reason: 'test', files: [] } });
    assert.match(roomy, /^- … and 270 more regressions \(results\.json: changes\)$/m, 'with room, 30 rows');
  });

  test('a run without a baseline has no changes and shows nothing new', () => {
    const { current, trials: after } = reportFixture();
    delete current.changes;
    assert.ok(!markdownReport(current).includes('What changed'));
    assert.ok(!runReportText(current, after, undefined).join('\n').includes('against the baseline'));
    assert.ok(!renderComment({ marker: '<!-- m -->', results: current, baselineNote: 'none yet', e2eTrigger: { ran: true, reason: 'test', files: [] } }).includes('What changed'));
  });
});
