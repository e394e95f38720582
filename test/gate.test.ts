import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareCommand } from '../src/cli/compare.js';
import type { CliIO } from '../src/cli/io.js';
import { aggregateE2e } from '../src/e2e/aggregate.js';
import type { TrialRecord } from '../src/model/trial.js';
import type { CaseSpec, Condition } from '../src/model/e2e.js';
import { RecallGateError } from '../src/errors.js';
import { pairedBootstrapChange } from '../src/stats/bootstrap.js';
import { compareResults } from '../src/gate/compare.js';
import { evaluateGate } from '../src/gate/evaluate.js';
import { verdictText } from '../src/report/gateFormat.js';
import { parseMetricKey, resolveMetric } from '../src/gate/metrics.js';
import type { Aggregation, GateCondition, GateNode, GateSpec, GateStatus, Verdict } from '../src/model/gate.js';
import { toGateSpec, validateGate, type GateProblem } from '../src/gate/validateGate.js';
import type { LayerState, ResultsDocument } from '../src/model/results.js';
import type { ProviderResult, QueryOutcome, TagMetrics } from '../src/model/results.js';
import { meanMetrics, metricNames } from '../src/retrieval/metrics.js';
import { summarizeLatency } from '../src/stats/summary.js';
import type { Suite } from '../src/model/suite.js';

// ---------------------------------------------------------------- fixtures

const K = [1, 3];
const WHERE = { file: 'suite.yaml', line: 1, col: 1 };

function q(id: string, metrics: Record<string, number>, latency = 10, tags: string[] = []): QueryOutcome {
  return { id, text: id, user: 'default', tags, relevant: { m: 1 }, ranks: {}, metrics, results: [], latency_ms: latency };
}

/** n queries, the first `ones` with value 1 for the metric, the rest 0. */
function binary(prefix: string, n: number, ones: number, metric = 'recall@3'): QueryOutcome[] {
  return Array.from({ length: n }, (_, i) => q(`${prefix}${i}`, { [metric]: i < ones ? 1 : 0 }));
}

function provider(name: string, queries: QueryOutcome[]): ProviderResult {
  const tags = [...new Set(queries.flatMap((query) => query.tags))];
  const byTag: Record<string, TagMetrics> = {};
  for (const tag of tags) {
    const tagged = queries.filter((query) => query.tags.includes(tag));
    byTag[tag] = { queries: tagged.length, metrics: meanMetrics(tagged.map((query) => query.metrics), metricNames(K)) };
  }
  return {
    name,
    kind: 'keyword',
    status: 'ok',
    metrics: meanMetrics(
      queries.map((query) => query.metrics),
      metricNames(K),
    ),
    by_tag: byTag,
    latency_ms: summarizeLatency(queries.map((query) => query.latency_ms)),
    timings_ms: { setup: 0, seed: 0, prepare: 0, search: 0 },
    queries,
  };
}

const FAILED: ProviderResult = { name: 'keyword', kind: 'keyword', status: 'error', error: 'connection refused', timings_ms: { setup: 0, seed: 0, prepare: 0, search: 0 }, queries: [] };

function caseSpec(name: string, ability: string): CaseSpec {
  return { name, ability, sessions: [], probe: { text: '?' }, check: { contains: 'x' }, evidence: ['x'], obsolete: [], needs_memory: true, where: WHERE };
}

/** Each case: its ability and, per condition, one letter per repetition: p pass, f fail, e error. */
type CasePlan = { ability: string } & Partial<Record<Condition, string>>;

function trialsOf(plan: Record<string, CasePlan>, latency = (i: number) => 100 + i): TrialRecord[] {
  const trials: TrialRecord[] = [];
  let i = 0;
  for (const [name, spec] of Object.entries(plan)) {
    for (const condition of ['recall', 'none', 'oracle'] as const) {
      [...(spec[condition] ?? '')].forEach((letter, index) => {
        const repeat = index + 1;
        const status = letter === 'p' ? 'pass' : letter === 'e' ? 'error' : 'fail';
        trials.push({
          key: `${name}|${condition}|${repeat}`,
          case: name,
          ability: spec.ability,
          condition,
          repeat,
          user: 'default',
          status,
          reason: '',
          question: '?',
          check: 'contains',
          invocations: [{ kind: 'probe', user: 'default', message: '?', reply: '!', latency_ms: latency(i++) }],
          tokens: { input: 0, output: 0, judge_input: 0, judge_output: 0 },
          cost_usd: 0.01,
          started_at: '2024-01-01T00:00:00Z',
          duration_ms: 1,
        });
      });
    }
  }
  return trials;
}

function e2eOf(plan: Record<string, CasePlan>, trials = trialsOf(plan)): NonNullable<ResultsDocument['e2e']> {
  const conditions = (['recall', 'none', 'oracle'] as const).filter((condition) => Object.values(plan).some((spec) => spec[condition] !== undefined));
  const cases = Object.entries(plan).map(([name, spec]) => caseSpec(name, spec.ability));
  return { target: { kind: 'command' }, ...aggregateE2e(trials, cases, conditions, 3) };
}

function doc(parts: { retrieval?: Record<string, ProviderResult>; e2e?: ResultsDocument['e2e']; layers?: Partial<Record<'retrieval' | 'e2e', LayerState>> }): ResultsDocument {
  return {
    schema_version: 1,
    tool: { name: 'recall-gate', version: '0' },
    versions: {},
    suite: { name: 'fixture', file: 'suite.yaml', files: ['suite.yaml'], sha256: '' },
    started_at: '2024-01-01T00:00:00Z',
    status: 'complete',
    layers: { retrieval: parts.retrieval ? 'ran' : 'absent', e2e: parts.e2e ? 'ran' : 'absent', ...parts.layers },
    errors: [],
    ...(parts.retrieval ? { retrieval: { k: K, depth: 10, definitions: '', memory_count: 0, query_count: 0, queries_without_relevant: 0, providers: parts.retrieval } } : {}),
    ...(parts.e2e ? { e2e: parts.e2e } : {}),
  };
}

// vector: recall@1 .5, recall@3 .75, mrr .625; latencies 10, 20, 30, 100 (median 25).
const VECTOR = provider('vector', [
  q('q1', { 'recall@1': 1, 'recall@3': 1, mrr: 1 }, 10),
  q('q2', { 'recall@1': 1, 'recall@3': 1, mrr: 1 }, 20),
  q('q3', { 'recall@1': 0, 'recall@3': 1, mrr: 0.5 }, 30, ['temporal']),
  q('q4', { 'recall@1': 0, 'recall@3': 0, mrr: 0 }, 100, ['temporal']),
]);
// Baseline: recall@3 .8 (a drop of 0.05 to the current run), latencies with median 13.
const VECTOR_BASE = provider('vector', [
  q('q1', { 'recall@1': 1, 'recall@3': 1, mrr: 1 }, 10),
  q('q2', { 'recall@1': 1, 'recall@3': 1, mrr: 1 }, 12),
  q('q3', { 'recall@1': 0, 'recall@3': 1, mrr: 0.5 }, 14, ['temporal']),
  q('q4', { 'recall@1': 0, 'recall@3': 0.2, mrr: 0.2 }, 16, ['temporal']),
]);

// recall: 8 of 9 trials pass (0.889); facts 5/6, isolation 3/3; one leak (b1 passes under none).
const PLAN: Record<string, CasePlan> = {
  a1: { ability: 'facts', recall: 'ppp', none: 'fff' },
  a2: { ability: 'facts', recall: 'ppf', none: 'fff' },
  b1: { ability: 'isolation', recall: 'ppp', none: 'pff' },
};
const TRIALS = trialsOf(PLAN);
const E2E = e2eOf(PLAN, TRIALS);

const CURRENT = doc({ retrieval: { vector: VECTOR, keyword: FAILED }, e2e: E2E });
const BASELINE = doc({ retrieval: { vector: VECTOR_BASE }, e2e: E2E });
const RETRIEVAL_ONLY = doc({ retrieval: { vector: VECTOR }, layers: { e2e: 'skipped' } });

function c(metric: string, threshold: Omit<GateCondition, 'metric'>): GateCondition {
  return { metric, ...threshold };
}

function rowStatuses(verdict: Verdict): Record<string, GateStatus> {
  return Object.fromEntries(verdict.rows.map((row) => [row.path, row.status]));
}

// ---------------------------------------------------------------- evaluation

interface GateCase {
  name: string;
  root: GateNode;
  skipped?: GateSpec['skipped_layers'];
  current?: ResultsDocument;
  baseline?: ResultsDocument;
  status: 'pass' | 'fail';
  rows: Record<string, GateStatus>;
  blocking?: string[];
  /** Path -> pattern the row's note must match. */
  notes?: Record<string, RegExp>;
  groups?: Record<string, 'pass' | 'fail' | 'skipped'>;
  deltas?: Record<string, number>;
}

const GATE_CASES: GateCase[] = [
  {
    name: 'nested all/any: one passing child of an any is enough',
    root: { all: [c('retrieval.vector.recall@3', { op: 'gte', value: 0.75 }), { any: [c('retrieval.vector.mrr', { op: 'gte', value: 0.9 }), c('e2e.pass_rate', { op: 'gte', value: 0.8 })] }] },
    status: 'pass',
    rows: { 'all[0]': 'pass', 'all[1].any[0]': 'fail', 'all[1].any[1]': 'pass' },
    groups: { '': 'pass', 'all[1]': 'pass' },
  },
  {
    name: 'nested any/all: every all fails',
    root: {
      any: [
        { all: [c('retrieval.vector.recall@1', { op: 'gte', value: 0.5 }), c('retrieval.vector.mrr', { op: 'gte', value: 0.9 })] },
        { all: [c('e2e.pass_rate', { op: 'gte', value: 0.95 })] },
      ],
    },
    status: 'fail',
    rows: { 'any[0].all[0]': 'pass', 'any[0].all[1]': 'fail', 'any[1].all[0]': 'fail' },
    groups: { '': 'fail', 'any[0]': 'fail', 'any[1]': 'fail' },
  },
  {
    name: 'a blocking failure inside a passing any fails the gate',
    root: { any: [c('retrieval.vector.recall@3', { op: 'gte', value: 0.5 }), c('e2e.leaks', { op: 'eq', value: 0, blocking: true })] },
    status: 'fail',
    rows: { 'any[0]': 'pass', 'any[1]': 'fail' },
    blocking: ['any[1]: e2e.leaks == 0'],
    groups: { '': 'pass' },
  },
  {
    name: 'the same failure, not blocking, is rescued by the any',
    root: { any: [c('retrieval.vector.recall@3', { op: 'gte', value: 0.5 }), c('e2e.leaks', { op: 'eq', value: 0 })] },
    status: 'pass',
    rows: { 'any[0]': 'pass', 'any[1]': 'fail' },
    blocking: [],
  },
  {
    name: 'a skipped layer is waived by default',
    current: RETRIEVAL_ONLY,
    root: { all: [c('retrieval.vector.recall@3', { op: 'gte', value: 0.75 }), c('e2e.pass_rate', { op: 'gte', value: 0.9, blocking: true })] },
    status: 'pass',
    rows: { 'all[0]': 'pass', 'all[1]': 'skipped' },
    notes: { 'all[1]': /e2e layer was skipped/ },
  },
  {
    name: 'a skipped layer fails with skipped_layers: fail',
    current: RETRIEVAL_ONLY,
    skipped: 'fail',
    root: { all: [c('retrieval.vector.recall@3', { op: 'gte', value: 0.75 }), c('e2e.pass_rate', { op: 'gte', value: 0.9 })] },
    status: 'fail',
    rows: { 'all[0]': 'pass', 'all[1]': 'fail' },
    notes: { 'all[1]': /skipped_layers: fail/ },
  },
  {
    name: 'an absent layer counts as skipped',
    current: doc({ e2e: E2E }),
    root: { all: [c('retrieval.vector.recall@3', { op: 'gte', value: 0.99 }), c('e2e.pass_rate', { op: 'gte', value: 0.8 })] },
    status: 'pass',
    rows: { 'all[0]': 'skipped', 'all[1]': 'pass' },
    notes: { 'all[0]': /retrieval layer was absent/ },
  },
  {
    name: 'an any whose children are all skipped is skipped, and waived',
    current: RETRIEVAL_ONLY,
    root: { all: [c('retrieval.vector.recall@3', { op: 'gte', value: 0.75 }), { any: [c('e2e.pass_rate', { op: 'gte', value: 0.9 }), c('e2e.leaks', { op: 'eq', value: 0 })] }] },
    status: 'pass',
    rows: { 'all[0]': 'pass', 'all[1].any[0]': 'skipped', 'all[1].any[1]': 'skipped' },
    groups: { '': 'pass', 'all[1]': 'skipped' },
  },
  {
    name: 'a gate with every condition skipped passes',
    current: RETRIEVAL_ONLY,
    root: { all: [c('e2e.pass_rate', { op: 'gte', value: 0.9 })] },
    status: 'pass',
    rows: { 'all[0]': 'skipped' },
    groups: { '': 'skipped' },
  },
  {
    name: 'a skipped child does not rescue an any',
    current: RETRIEVAL_ONLY,
    root: { any: [c('retrieval.vector.mrr', { op: 'gte', value: 0.9 }), c('e2e.pass_rate', { op: 'gte', value: 0 })] },
    status: 'fail',
    rows: { 'any[0]': 'fail', 'any[1]': 'skipped' },
  },
  {
    name: 'missing: a provider that failed',
    root: { all: [c('retrieval.keyword.mrr', { op: 'gte', value: 0 })] },
    status: 'fail',
    rows: { 'all[0]': 'fail' },
    notes: { 'all[0]': /missing: provider keyword failed: connection refused/ },
  },
  {
    name: 'missing: a condition that did not run',
    root: { all: [c('e2e.oracle.pass_rate', { op: 'gte', value: 0 })] },
    status: 'fail',
    rows: { 'all[0]': 'fail' },
    notes: { 'all[0]': /the oracle condition did not run \(conditions: recall, none\)/ },
  },
  {
    name: 'missing: a k the run did not compute',
    root: { all: [c('retrieval.vector.recall@10', { op: 'gte', value: 0 })] },
    status: 'fail',
    rows: { 'all[0]': 'fail' },
    notes: { 'all[0]': /recall@10 was not computed: retrieval.k is 1, 3/ },
  },
  {
    name: 'a key that names nothing fails, with a hint',
    root: { all: [c('retrieval.vector.recal@3', { op: 'gte', value: 0 })] },
    status: 'fail',
    rows: { 'all[0]': 'fail' },
    notes: { 'all[0]': /names nothing: "recal@3" is not a retrieval metric \(did you mean "recall@3"\?\)/ },
  },
  {
    name: 'no baseline: a max_drop condition is not evaluated, and waived',
    root: { all: [c('retrieval.vector.recall@3', { max_drop: 0.05 }), c('e2e.pass_rate', { op: 'gte', value: 0.8 })] },
    status: 'pass',
    rows: { 'all[0]': 'not-evaluated', 'all[1]': 'pass' },
    notes: { 'all[0]': /no baseline to compare against/ },
  },
  {
    name: 'no baseline: op/value decides a condition that also has max_drop',
    root: { all: [c('retrieval.vector.recall@3', { op: 'gte', value: 0.7, max_drop: 0.05 })] },
    status: 'pass',
    rows: { 'all[0]': 'pass' },
    notes: { 'all[0]': /no baseline to compare against; decided by >= 0.7 alone/ },
  },
  {
    name: 'no baseline: a not-evaluated condition does not rescue an any',
    root: { any: [c('retrieval.vector.mrr', { op: 'gte', value: 0.9 }), c('retrieval.vector.recall@3', { max_drop: 0.05 })] },
    status: 'fail',
    rows: { 'any[0]': 'fail', 'any[1]': 'not-evaluated' },
  },
  {
    name: 'max_drop: a drop of exactly the allowance passes (0.8 - 0.75 in floating point)',
    baseline: BASELINE,
    root: { all: [c('retrieval.vector.recall@3', { max_drop: 0.05 })] },
    status: 'pass',
    rows: { 'all[0]': 'pass' },
    deltas: { 'all[0]': -0.05 },
  },
  {
    name: 'max_drop: a larger drop fails',
    baseline: BASELINE,
    root: { all: [c('retrieval.vector.recall@3', { max_drop: 0.04 })] },
    status: 'fail',
    rows: { 'all[0]': 'fail' },
  },
  {
    name: 'max_drop: a rise is never a drop',
    current: BASELINE,
    baseline: CURRENT,
    root: { all: [c('retrieval.vector.recall@3', { max_drop: 0 })] },
    status: 'pass',
    rows: { 'all[0]': 'pass' },
    deltas: { 'all[0]': 0.05 },
  },
  {
    name: 'max_rise: median latency rose 12 ms, within 20',
    baseline: BASELINE,
    root: { all: [c('retrieval.vector.latency_ms', { max_rise: 20 })] },
    status: 'pass',
    rows: { 'all[0]': 'pass' },
    deltas: { 'all[0]': 12 },
  },
  {
    name: 'max_rise: the same rise fails a 10 ms allowance',
    baseline: BASELINE,
    root: { all: [c('retrieval.vector.latency_ms', { max_rise: 10 })] },
    status: 'fail',
    rows: { 'all[0]': 'fail' },
  },
  {
    name: 'max_rise on p95 latency: 100 against 16',
    baseline: BASELINE,
    root: { all: [c('retrieval.vector.latency_ms', { aggregation: 'p95', max_rise: 50 })] },
    status: 'fail',
    rows: { 'all[0]': 'fail' },
    deltas: { 'all[0]': 84 },
  },
  {
    name: 'a metric missing from the baseline is not evaluated',
    baseline: doc({ retrieval: { vector: VECTOR_BASE }, layers: { e2e: 'skipped' } }),
    root: { all: [c('e2e.pass_rate', { max_drop: 0.1 }), c('retrieval.vector.mrr', { max_drop: 0.5 })] },
    status: 'pass',
    rows: { 'all[0]': 'not-evaluated', 'all[1]': 'pass' },
    notes: { 'all[0]': /not in the baseline: the e2e layer was skipped in this run/ },
  },
  {
    name: 'op and max_drop together: the absolute threshold still fails with a baseline',
    baseline: BASELINE,
    root: { all: [c('retrieval.vector.recall@3', { op: 'gte', value: 0.9, max_drop: 0.1 })] },
    status: 'fail',
    rows: { 'all[0]': 'fail' },
  },
  {
    name: 'ability and per-condition keys',
    root: {
      all: [
        c('e2e.ability.isolation.pass^k', { op: 'eq', value: 1 }),
        c('e2e.ability.facts.pass_rate', { op: 'lt', value: 0.9 }),
        c('e2e.none.pass_rate', { op: 'lte', value: 0.2 }),
        c('e2e.ability.facts.lift', { op: 'gte', value: 0.8 }),
        c('e2e.ability.isolation.none.pass@k', { op: 'eq', value: 1 }),
        c('e2e.errors', { op: 'eq', value: 0 }),
      ],
    },
    status: 'pass',
    rows: { 'all[0]': 'pass', 'all[1]': 'pass', 'all[2]': 'pass', 'all[3]': 'pass', 'all[4]': 'pass', 'all[5]': 'pass' },
  },
];

describe('evaluateGate', () => {
  for (const entry of GATE_CASES) {
    test(entry.name, () => {
      const verdict = evaluateGate({ root: entry.root, skipped_layers: entry.skipped ?? 'waive' }, entry.current ?? CURRENT, entry.baseline, { resamples: 200 });
      assert.deepEqual(rowStatuses(verdict), entry.rows);
      assert.equal(verdict.status, entry.status, verdictText(verdict));
      assert.equal(verdict.hasBaseline, entry.baseline !== undefined);
      if (entry.blocking) assert.deepEqual(verdict.blockingFailures, entry.blocking);
      const byPath = new Map(verdict.rows.map((row) => [row.path, row]));
      for (const [path, pattern] of Object.entries(entry.notes ?? {})) assert.match(byPath.get(path)?.note ?? '', pattern, path);
      for (const [path, delta] of Object.entries(entry.deltas ?? {})) assert.ok(Math.abs(byPath.get(path)!.delta! - delta) < 1e-9, `${path}: delta ${byPath.get(path)!.delta}`);
      if (entry.groups) assert.deepEqual(Object.fromEntries((verdict.groups ?? []).filter((group) => group.path in entry.groups!).map((group) => [group.path, group.status])), entry.groups);
    });
  }

  test('rows carry the threshold text, the default aggregation and the blocking flag', () => {
    const verdict = evaluateGate(
      { root: { all: [c('retrieval.vector.latency_ms', { op: 'lt', value: 50, max_rise: 5, blocking: true }), c('retrieval.vector.mrr', { op: 'gt', value: 0.5 })] }, skipped_layers: 'waive' },
      CURRENT,
    );
    const [latency, mrr] = verdict.rows;
    assert.equal(latency!.threshold, '< 50, rise <= 5');
    assert.equal(latency!.aggregation, 'median');
    assert.equal(latency!.actual, 25);
    assert.equal(latency!.blocking, true);
    assert.equal(mrr!.threshold, '> 0.5');
    assert.equal(mrr!.aggregation, 'mean');
    assert.equal(mrr!.blocking, false);
  });
});

describe('thresholds compare with a 1e-9 tolerance', () => {
  // mean(0.1, 0.2) is 0.15000000000000002 in floating point.
  const run = doc({ retrieval: { vector: provider('vector', [q('a', { mrr: 0.1 }), q('b', { mrr: 0.2 })]) } });
  const table: [GateCondition['op'], number, GateStatus][] = [
    ['eq', 0.15, 'pass'],
    ['eq', 0.1500001, 'fail'],
    ['gte', 0.15, 'pass'],
    ['lte', 0.15, 'pass'],
    ['gt', 0.15, 'fail'],
    ['lt', 0.15, 'fail'],
    ['gt', 0.1499, 'pass'],
    ['lt', 0.1501, 'pass'],
  ];
  for (const [op, value, expected] of table) {
    test(`${op} ${value}: ${expected}`, () => {
      const verdict = evaluateGate({ root: { all: [c('retrieval.vector.mrr', { op, value })] }, skipped_layers: 'waive' }, run);
      assert.equal(verdict.rows[0]!.status, expected);
    });
  }
});

describe('a threshold row beside a baseline', () => {
  test('shows the baseline, the change and its interval, never deciding; calibrate (readerFigures: false) leaves them out', () => {
    const spec: GateSpec = { root: { all: [c('retrieval.vector.recall@3', { op: 'gte', value: 0.5 })] }, skipped_layers: 'waive' };
    const row = evaluateGate(spec, CURRENT, BASELINE, { resamples: 200 }).rows[0]!;
    assert.equal(row.status, 'pass', 'the threshold alone decides');
    assert.equal(row.baseline, 0.8);
    assert.ok(Math.abs(row.delta! + 0.05) < 1e-9, String(row.delta));
    assert.ok(row.interval && row.pairing, 'with its paired interval');
    const bare = evaluateGate(spec, CURRENT, BASELINE, { resamples: 200, readerFigures: false }).rows[0]!;
    assert.deepEqual([bare.baseline, bare.delta, bare.interval], [undefined, undefined, undefined]);
    assert.equal(evaluateGate(spec, CURRENT, undefined).rows[0]!.baseline, undefined, 'no baseline, nothing beside it');
  });
});

// ---------------------------------------------------------------- metric keys

describe('resolveMetric: aggregations over per-unit values', () => {
  const table: [string, Aggregation | undefined, number][] = [
    ['retrieval.vector.mrr', undefined, 0.625],
    ['retrieval.vector.mrr', 'mean', 0.625],
    ['retrieval.vector.mrr', 'min', 0],
    ['retrieval.vector.mrr', 'max', 1],
    ['retrieval.vector.mrr', 'median', 0.75],
    ['retrieval.vector.mrr', 'p95', 1],
    ['retrieval.vector.latency_ms', undefined, 25],
    ['retrieval.vector.latency_ms', 'p95', 100],
    ['retrieval.vector.latency_ms', 'mean', 40],
    ['retrieval.vector.latency_ms', 'min', 10],
    ['retrieval.vector.tag.temporal.mrr', undefined, 0.25],
    ['retrieval.vector.tag.temporal.latency_ms', 'max', 100],
    ['e2e.pass_rate', undefined, 0.888889],
    ['e2e.pass_rate', 'min', 2 / 3],
    ['e2e.pass^k', undefined, 0.666667],
    ['e2e.ability.facts.pass_rate', 'max', 1],
    ['e2e.ability.facts.lift', undefined, 0.833333],
    ['e2e.none.pass@k', undefined, 0.333333],
    ['e2e.leaks', undefined, 1],
    ['e2e.cost_usd', undefined, 0.18],
    ['e2e.evidence_coverage', undefined, NaN],
    ['retrieval.vector.tag.tempral.latency_ms', undefined, NaN],
  ];
  for (const [key, aggregation, expected] of table) {
    test(`${key}${aggregation ? ` (${aggregation})` : ''} = ${expected}`, () => {
      const resolved = resolveMetric(key, CURRENT, { aggregation });
      if (Number.isNaN(expected)) {
        assert.equal(resolved.status, 'missing');
        return;
      }
      assert.equal(resolved.status, 'value', JSON.stringify(resolved));
      if (resolved.status === 'value') assert.ok(Math.abs(resolved.value - expected) < 1e-9, `${resolved.value}`);
    });
  }

  test("a trial's figure that is not a finite number (a forged trials.jsonl) is taken as not reported, not drawn as NaN", () => {
    const forged = TRIALS.map((trial, index) =>
      index === 0 ? { ...trial, invocations: trial.invocations.map((call) => ({ ...call, latency_ms: 'slow' as unknown as number })) } : index === 1 ? { ...trial, invocations: trial.invocations.map((call) => ({ ...call, latency_ms: null as unknown as number })) } : trial,
    );
    const honest = resolveMetric('e2e.latency_ms', CURRENT, { aggregation: 'max', trials: TRIALS.slice(2) });
    const read = resolveMetric('e2e.latency_ms', CURRENT, { aggregation: 'max', trials: forged });
    assert.ok(read.status === 'value' && honest.status === 'value');
    assert.equal(read.value, honest.value);
    assert.ok(read.samples!.units.flat().every(Number.isFinite), JSON.stringify(read.samples!.units));
  });

  test('e2e.latency_ms: per-call values with the trials, the summary without, and no min without them', () => {
    const withTrials = resolveMetric('e2e.latency_ms', CURRENT, { aggregation: 'min', trials: TRIALS });
    assert.equal(withTrials.status === 'value' && withTrials.value, 100);
    const summary = resolveMetric('e2e.latency_ms', CURRENT, { aggregation: 'p95' });
    assert.equal(summary.status === 'value' && summary.value, E2E.latency_ms.call.p95);
    assert.equal(summary.status === 'value' && summary.samples, undefined);
    const min = resolveMetric('e2e.latency_ms', CURRENT, { aggregation: 'min' });
    assert.equal(min.status, 'missing');
    assert.match(min.status === 'missing' ? min.reason : '', /needs the trials/);
    assert.equal(resolveMetric('e2e.recall_latency_ms', CURRENT).status, 'missing');
  });

  test('a layer that did not run resolves to skipped, not missing', () => {
    assert.deepEqual(resolveMetric('e2e.pass_rate', RETRIEVAL_ONLY), { status: 'skipped', layer: 'e2e', reason: 'the e2e layer was skipped in this run' });
    assert.equal(resolveMetric('retrieval.vector.mrr', doc({ e2e: E2E })).status, 'skipped');
  });

  test('an aggregation on a one-number metric names nothing', () => {
    const resolved = resolveMetric('e2e.cost_usd', CURRENT, { aggregation: 'p95' });
    assert.equal(resolved.status, 'invalid');
  });

  test('keys with dots in names split on known names', () => {
    assert.deepEqual(parseMetricKey('retrieval.bge.small.recall@3', { providers: ['bge.small'] }), {
      ok: true,
      key: { layer: 'retrieval', provider: 'bge.small', metric: 'recall@3', family: 'recall', k: 3 },
    });
    assert.deepEqual(parseMetricKey('retrieval.vector.tag.time.travel.mrr'), {
      ok: true,
      key: { layer: 'retrieval', provider: 'vector', tag: 'time.travel', metric: 'mrr', family: 'mrr' },
    });
    assert.deepEqual(parseMetricKey('e2e.ability.multi.hop.none.pass^k'), {
      ok: true,
      key: { layer: 'e2e', kind: 'rate', rate: 'pass^k', condition: 'none', ability: 'multi.hop' },
    });
    assert.deepEqual(parseMetricKey('e2e.ability.odd.none.pass^k', { abilities: ['odd.none'] }), {
      ok: true,
      key: { layer: 'e2e', kind: 'rate', rate: 'pass^k', ability: 'odd.none' },
    });
  });

  test('keys that name nothing say why, with a hint', () => {
    const table: [string, RegExp, string | undefined][] = [
      ['retreival.vector.mrr', /not a layer/, 'did you mean "retrieval"?'],
      ['e2e.passrate', /not an e2e metric/, 'did you mean "pass_rate"?'],
      ['e2e.recall.pass_rat', /not a rate/, 'did you mean "pass_rate"?'],
      ['e2e.ability.facts.lfit', /not an ability metric/, 'did you mean "lift"?'],
      ['retrieval.vector', /use retrieval.<provider>.<metric>/, 'e.g. retrieval.vector.recall@3'],
    ];
    for (const [key, reason, hint] of table) {
      const parsed = parseMetricKey(key);
      assert.equal(parsed.ok, false, key);
      if (!parsed.ok) {
        assert.match(parsed.reason, reason, key);
        assert.equal(parsed.hint, hint, key);
      }
    }
  });
});

// ---------------------------------------------------------------- bootstrap

describe('bootstrap interval of a change', () => {
  const clearDrop = { current: doc({ retrieval: { vector: provider('vector', binary('q', 40, 20)) } }), baseline: doc({ retrieval: { vector: provider('vector', binary('q', 40, 40)) } }) };
  const noise = { current: doc({ retrieval: { vector: provider('vector', binary('q', 40, 19)) } }), baseline: doc({ retrieval: { vector: provider('vector', binary('q', 40, 20)) } }) };
  const gate = (maxDrop: number): GateSpec => ({ root: { all: [c('retrieval.vector.recall@3', { max_drop: maxDrop })] }, skipped_layers: 'waive' });

  test('is deterministic for a seed, and differs with another seed', () => {
    // Continuous per-query values, so percentiles of the resampled changes are not tied.
    const spread = (offset: number) => Array.from({ length: 30 }, (_, i) => q(`q${i}`, { 'recall@3': ((i * 7) % 30) / 30 + offset * Math.sin(i) }));
    const current = doc({ retrieval: { vector: provider('vector', spread(0.013)) } });
    const baseline = doc({ retrieval: { vector: provider('vector', spread(0.029)) } });
    const first = evaluateGate(gate(0.1), current, baseline);
    const second = evaluateGate(gate(0.1), current, baseline);
    assert.deepEqual(first, second);
    assert.ok(first.rows[0]!.interval);
    const other = evaluateGate(gate(0.1), current, baseline, { seed: 7 });
    assert.notDeepEqual(other.rows[0]!.interval, first.rows[0]!.interval);
  });

  test('a clear drop: the interval excludes 0, is significant, and max_drop fails', () => {
    const row = evaluateGate(gate(0.1), clearDrop.current, clearDrop.baseline).rows[0]!;
    assert.equal(row.status, 'fail');
    assert.ok(Math.abs(row.delta! + 0.5) < 1e-9);
    assert.equal(row.significant, true);
    assert.ok(row.interval![1] < 0 && row.interval![0] < -0.5 && row.interval![1] > -0.7, `${row.interval}`);
  });

  test('noise: one query of 40 lost, the paired interval reaches 0, not significant, and a small drop passes', () => {
    const row = evaluateGate(gate(0.05), noise.current, noise.baseline).rows[0]!;
    assert.equal(row.status, 'pass');
    assert.equal(row.significant, false);
    // Paired, only the one query that changed moves the difference: every draw is -(times drawn)/40.
    assert.deepEqual(row.pairing, { paired: true, shared: 40, added: 0, removed: 0 });
    assert.ok(row.interval![0] < 0 && row.interval![1] === 0, `${row.interval}`);
  });

  test('e2e: whole cases are resampled', () => {
    const all = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`c${i}`, { ability: 'facts', recall: 'ppp' }]));
    const half = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`c${i}`, { ability: 'facts', recall: i < 5 ? 'ppp' : 'fff' }]));
    const spec: GateSpec = { root: { all: [c('e2e.pass_rate', { max_drop: 0.1 }), c('e2e.ability.facts.pass^k', { max_drop: 0.6 })] }, skipped_layers: 'waive' };
    const verdict = evaluateGate(spec, doc({ e2e: e2eOf(half) }), doc({ e2e: e2eOf(all) }));
    assert.deepEqual(rowStatuses(verdict), { 'all[0]': 'fail', 'all[1]': 'pass' });
    for (const row of verdict.rows) {
      assert.equal(row.significant, true, row.path);
      assert.ok(row.interval![0] <= -0.5 - 0.1 && row.interval![1] < 0, `${row.interval}`);
    }
  });

  test('e2e: abilities named __proto__ or constructor keep their trials and can be gated on', () => {
    const plan: Record<string, CasePlan> = { a: { ability: '__proto__', recall: 'pfp' }, b: { ability: 'constructor', recall: 'ppp' } };
    const e2e = e2eOf(plan);
    assert.deepEqual(Object.keys(e2e.abilities), ['__proto__', 'constructor']);
    assert.equal(e2e.abilities.__proto__!.conditions.recall!.trials, 3);
    assert.equal(e2e.abilities.__proto__!.conditions.recall!.passed, 2);
    // Through results.json too, as compare and the Action's baseline read it.
    assert.deepEqual(Object.keys((JSON.parse(JSON.stringify(e2e)) as typeof e2e).abilities), ['__proto__', 'constructor']);
    const spec: GateSpec = { root: { all: [c('e2e.ability.__proto__.pass_rate', { op: 'gte', value: 0.5 }), c('e2e.ability.constructor.pass^k', { op: 'eq', value: 1 })] }, skipped_layers: 'waive' };
    const verdict = evaluateGate(spec, doc({ e2e }));
    assert.deepEqual(rowStatuses(verdict), { 'all[0]': 'pass', 'all[1]': 'pass' });
    assert.equal(verdict.rows[0]!.actual, 0.666667);
  });

  test('e2e latency: per-call samples come from the trials', () => {
    const spec: GateSpec = { root: { all: [c('e2e.latency_ms', { max_rise: 1000 })] }, skipped_layers: 'waive' };
    const slow = trialsOf(PLAN, (i) => 400 + i);
    const verdict = evaluateGate(spec, doc({ e2e: e2eOf(PLAN, slow) }), CURRENT, { trials: slow, baselineTrials: TRIALS });
    const row = verdict.rows[0]!;
    assert.equal(row.status, 'pass');
    assert.equal(row.delta, 300);
    assert.equal(row.significant, true);
    const noTrials = evaluateGate(spec, doc({ e2e: e2eOf(PLAN, slow) }), CURRENT).rows[0]!;
    assert.equal(noTrials.interval, undefined);
    assert.match(noTrials.note ?? '', /no interval/);
  });

  test('decide: interval fails only when the whole interval of the change is below -max_drop; point fails on the estimate', () => {
    // 6 of 40 queries lost: a point drop of 0.15, an interval roughly [-0.25, -0.05].
    const current = doc({ retrieval: { vector: provider('vector', binary('q', 40, 34)) } });
    const baseline = doc({ retrieval: { vector: provider('vector', binary('q', 40, 40)) } });
    const rowFor = (condition: Omit<GateCondition, 'metric'>) => evaluateGate({ root: { all: [c('retrieval.vector.recall@3', condition)] }, skipped_layers: 'waive' }, current, baseline).rows[0]!;
    const point = rowFor({ max_drop: 0.1 });
    assert.equal(point.status, 'fail');
    assert.equal(point.decided_by, 'point');
    assert.match(point.note ?? '', /decided by the point estimate of the change \(decide: point\)/);
    const interval = point.interval!;
    assert.ok(interval[1] < -0.01 && interval[1] > -0.1 && interval[0] < -0.2, `${interval}`);
    const noisy = rowFor({ max_drop: 0.1, decide: 'interval' });
    assert.equal(noisy.status, 'pass', 'the interval reaches above -0.1: within noise');
    assert.equal(noisy.decided_by, 'interval');
    assert.equal(noisy.threshold, 'drop <= 0.1 (interval)');
    assert.match(noisy.note ?? '', /decided by the 95% interval of the change \(decide: interval\)/);
    const beyond = rowFor({ max_drop: -interval[1] - 0.005, decide: 'interval' });
    assert.equal(beyond.status, 'fail', 'the whole interval lies below -max_drop');
    // max_rise by the interval: the rise of a mirror-image run.
    const rise = evaluateGate({ root: { all: [c('retrieval.vector.recall@3', { max_rise: 0.1, decide: 'interval' })] }, skipped_layers: 'waive' }, baseline, current).rows[0]!;
    assert.equal(rise.status, 'pass');
    assert.equal(evaluateGate({ root: { all: [c('retrieval.vector.recall@3', { max_rise: 0.01, decide: 'interval' })] }, skipped_layers: 'waive' }, baseline, current).rows[0]!.status, 'fail');
  });

  test('decide: interval without per-unit values falls back to the point estimate and says so', () => {
    const bare = (p: ProviderResult) => doc({ retrieval: { vector: { ...p, queries: [] } } });
    const row = evaluateGate(
      { root: { all: [c('retrieval.vector.recall@3', { max_drop: 0.1, decide: 'interval' })] }, skipped_layers: 'waive' },
      bare(provider('vector', binary('q', 40, 30))),
      bare(provider('vector', binary('q', 40, 40))),
    ).rows[0]!;
    assert.equal(row.status, 'fail');
    assert.equal(row.decided_by, 'point');
    assert.match(row.note ?? '', /decide: interval, but there is no interval: decided by the point estimate/);
  });

  test('e2e: cases planted from one history are one unit; cases on one side only are counted', () => {
    const plan = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`c${i}`, { ability: 'facts', recall: i < 4 ? 'ppp' : 'fff' }]));
    const base = e2eOf(plan);
    const now = e2eOf({ ...plan, extra: { ability: 'facts', recall: 'ppp' } });
    for (const name of ['c1', 'c2']) base.cases[name]!.planted_from = 'c0';
    for (const name of ['c1', 'c2']) now.cases[name]!.planted_from = 'c0';
    const row = evaluateGate({ root: { all: [c('e2e.pass_rate', { max_drop: 0.5 })] }, skipped_layers: 'waive' }, doc({ e2e: now }), doc({ e2e: base })).rows[0]!;
    // Units: the history c0+c1+c2, c3, c4, c5 in both (4), extra added.
    assert.deepEqual(row.pairing, { paired: true, shared: 4, added: 1, removed: 0, shared_interval: [0, 0], unit: 'history' });
    assert.match(row.note ?? '', /paired on 4 shared histories; 1 history added, 0 removed/);
  });

  test('e2e: a passing case swapped for a failing one moves the pass rate outside its interval of 0, but the shared cases did not move: not beyond noise, and the note says why', () => {
    const plan = Object.fromEntries(Array.from({ length: 19 }, (_, i) => [`c${i}`, { ability: 'facts', recall: 'ppp' }]));
    const base = e2eOf({ ...plan, easy: { ability: 'facts', recall: 'ppp' } });
    const now = e2eOf({ ...plan, hard: { ability: 'facts', recall: 'fff' } });
    const row = evaluateGate({ root: { all: [c('e2e.pass_rate', { max_drop: 0.5 })] }, skipped_layers: 'waive' }, doc({ e2e: now }), doc({ e2e: base })).rows[0]!;
    assert.deepEqual([row.delta, row.interval], [-0.05, [-0.05, -0.05]]);
    assert.deepEqual(row.pairing, { paired: true, shared: 19, added: 1, removed: 1, shared_interval: [0, 0] });
    assert.equal(row.significant, false);
    assert.match(row.note ?? '', /paired on 19 shared cases; 1 case added, 1 removed; not beyond noise: on the 19 cases both share it is within noise, \[\+0\.000, \+0\.000\]/);
  });

  test('e2e: a suite of one case: its change is drawn from that one case, one value with no spread, so never beyond noise, and the note says why', () => {
    const row = evaluateGate({ root: { all: [c('e2e.pass_rate', { max_drop: 0.5 })] }, skipped_layers: 'waive' }, doc({ e2e: e2eOf({ only: { ability: 'facts', recall: 'fff' } }) }), doc({ e2e: e2eOf({ only: { ability: 'facts', recall: 'ppp' } }) })).rows[0]!;
    assert.deepEqual([row.delta, row.interval, row.significant], [-1, [-1, -1], false]);
    assert.equal(row.status, 'fail', 'the rule still decides: the drop is past max_drop');
    assert.match(row.note ?? '', /^not beyond noise: the interval is drawn from 1 case both runs share, one value with no spread/);
  });

  test('identical runs give a zero-width interval at 0', () => {
    const units = { unit: 'query' as const, units: [[1], [0], [0.5]], ids: ['a', 'b', 'c'], statistic: (sample: readonly (readonly number[])[]) => sample.reduce((sum, unit) => sum + unit[0]!, 0) / sample.length };
    assert.deepEqual(pairedBootstrapChange(units, units, { resamples: 50 }), { interval: [0, 0], paired: true, shared: 3, added: 0, removed: 0 });
    assert.equal(pairedBootstrapChange({ ...units, units: [], ids: [] }, units), undefined);
    // Without names nothing can pair: each run is resampled alone and the interval is wide.
    const unnamed = pairedBootstrapChange({ ...units, ids: undefined }, { ...units, ids: undefined }, { resamples: 200 })!;
    assert.equal(unnamed.paired, false);
    assert.ok(unnamed.interval[0] < 0 && unnamed.interval[1] > 0, `${unnamed.interval}`);
  });
});

// ---------------------------------------------------------------- validation

function suiteOf(parts: Partial<Suite> = {}): Suite {
  return {
    name: 'fixture',
    file: '/repo/suite.yaml',
    displayPath: 'suite.yaml',
    memoryPaths: [],
    files: ['/repo/suite.yaml'],
    retrieval: {
      k: [1, 3, 5],
      depth: 10,
      providers: [
        { name: 'vector', kind: 'vector', where: WHERE },
        { name: 'keyword', kind: 'keyword', where: WHERE },
      ],
      memories: [],
      queries: [{ id: 'q1', text: '?', user: 'default', relevant: {}, tags: ['temporal'], where: WHERE }],
    },
    e2e: {
      target: { kind: 'command', command: ['agent'], cwd: '/repo', timeout_ms: 1000 },
      repeat: 3,
      conditions: ['recall', 'none'],
      concurrency: 1,
      prices: {},
      cases: [caseSpec('a1', 'facts'), caseSpec('b1', 'isolation')],
    },
    ...parts,
  };
}

describe('validateGate', () => {
  const entries: { node: GateNode; expected: GateProblem[] }[] = [
    { node: c('retrieval.vectr.recall@3', { op: 'gte', value: 0.5 }), expected: [{ path: ['metric'], message: 'metric "retrieval.vectr.recall@3": no provider "vectr" in retrieval.providers', hint: 'did you mean "vector"?' }] },
    {
      node: c('retrieval.vector.recall@4', { op: 'gte', value: 0.5 }),
      expected: [{ path: ['metric'], message: 'metric "retrieval.vector.recall@4": recall@4 is not computed: retrieval.k is 1, 3, 5', hint: 'did you mean "recall@3"? or add 4 to retrieval.k' }],
    },
    { node: c('e2e.passrate', { op: 'gte', value: 0.5 }), expected: [{ path: ['metric'], message: 'metric "e2e.passrate" names nothing: "passrate" is not an e2e metric', hint: 'did you mean "pass_rate"?' }] },
    { node: c('e2e.ability.isolaton.pass_rate', { op: 'gte', value: 0.5 }), expected: [{ path: ['metric'], message: 'metric "e2e.ability.isolaton.pass_rate": no e2e case has ability "isolaton"', hint: 'did you mean "isolation"?' }] },
    {
      node: c('e2e.oracle.pass_rate', { op: 'gte', value: 0.5 }),
      expected: [{ path: ['metric'], message: 'metric "e2e.oracle.pass_rate": e2e.oracle needs the oracle condition, not in e2e.conditions (recall, none)', hint: 'add oracle to e2e.conditions' }],
    },
    {
      node: c('e2e.ability.facts.gap', { op: 'lte', value: 0.2 }),
      expected: [{ path: ['metric'], message: 'metric "e2e.ability.facts.gap": gap needs the oracle condition, not in e2e.conditions (recall, none)', hint: 'add oracle to e2e.conditions' }],
    },
    { node: c('retrieval.vector.mrr', { op: 'gte' }), expected: [{ path: ['value'], message: 'op gte needs a value' }] },
    { node: c('retrieval.vector.mrr', { value: 0.5 }), expected: [{ path: ['op'], message: 'value needs an op (gt, gte, lt, lte or eq)' }] },
    { node: c('retrieval.vector.mrr', {}), expected: [{ path: [], message: 'the condition on retrieval.vector.mrr has no threshold', hint: 'add op and value, or max_drop or max_rise' }] },
    { node: c('retrieval.vector.mrr', { op: 'gte', value: 0.5, decide: 'interval' }), expected: [{ path: ['decide'], message: 'decide applies to max_drop and max_rise: this condition has neither', hint: 'add max_drop or max_rise, or remove decide' }] },
    { node: c('retrieval.vector.mrr', { max_drop: 0.1, decide: 'intervals' as 'interval' }), expected: [{ path: ['decide'], message: 'decide must be point or interval, not "intervals"', hint: 'did you mean "interval"?' }] },
    { node: c('e2e.cost_usd', { op: 'lte', value: 1, aggregation: 'p95' }), expected: [{ path: ['aggregation'], message: 'aggregation does not apply to e2e.cost_usd: it is one number per run', hint: 'remove aggregation' }] },
    { node: c('retrieval.vector.mrr', { op: 'gte', value: 0.5, aggregation: 'p59' as Aggregation }), expected: [{ path: ['aggregation'], message: 'aggregation must be one of mean, min, max, median, p95, not "p59"', hint: 'did you mean "p95"?' }] },
    { node: c('retrieval.vector.mrr', { op: 'gte', value: 0.5, max_drop: -1 }), expected: [{ path: ['max_drop'], message: 'max_drop must be a number of at least 0' }] },
    { node: c('retrival.vector.mrr', { op: 'gte', value: 0.5 }), expected: [{ path: ['metric'], message: 'metric "retrival.vector.mrr" names nothing: "retrival" is not a layer: metric keys start with retrieval. or e2e.', hint: 'did you mean "retrieval"?' }] },
    {
      node: { any: [c('retrieval.vector.tag.temporl.mrr', { op: 'gte', value: 0.5 })] },
      expected: [{ path: ['any', 0, 'metric'], message: 'metric "retrieval.vector.tag.temporl.mrr": no query is tagged "temporl"', hint: 'did you mean "temporal"?' }],
    },
    { node: { any: [] }, expected: [{ path: ['any'], message: 'any: needs at least one entry' }] },
    { node: c('retrieval.vector.latency_ms', { op: 'lt', value: 100, aggregation: 'p95' }), expected: [] },
    { node: c('e2e.ability.facts.none.pass@k', { max_drop: 0.1 }), expected: [] },
    { node: c('e2e.ability.facts.lift', { op: 'gte', value: 0.1, blocking: true }), expected: [] },
    { node: c('e2e.leaks', { op: 'eq', value: 0 }), expected: [] },
  ];
  for (const [index, entry] of entries.entries()) {
    test(`all[${index}]: ${entry.expected[0]?.message ?? 'no problem'}`, () => {
      // Each entry at its own index, so the data paths are checked too.
      const nodes: GateNode[] = entries.map((other, i) => (i === index ? other.node : c('retrieval.vector.mrr', { op: 'gte', value: 0 })));
      const problems = validateGate({ root: { all: nodes }, skipped_layers: 'waive' }, suiteOf());
      const expected = entry.expected.map((problem) => ({ ...problem, path: ['gate', 'all', index, ...problem.path] }));
      assert.deepEqual(
        problems.map((problem) => ({ ...problem, ...(problem.hint === undefined ? { hint: undefined } : {}) })),
        expected.map((problem) => ({ ...problem, ...(problem.hint === undefined ? { hint: undefined } : {}) })),
      );
    });
  }

  test('a layer the suite does not have, and conditions it does not run', () => {
    const suite = suiteOf({ retrieval: undefined });
    suite.e2e!.conditions = ['recall'];
    const problems = validateGate({ root: { all: [c('retrieval.vector.mrr', { op: 'gte', value: 0 }), c('e2e.leaks', { op: 'eq', value: 0 }), c('e2e.ability.facts.lift', { op: 'gt', value: 0 })] }, skipped_layers: 'waive' }, suite);
    assert.deepEqual(
      problems.map((problem) => [problem.path.join('.'), problem.message]),
      [
        ['gate.all.0.metric', 'metric "retrieval.vector.mrr": the suite has no retrieval section'],
        ['gate.all.1.metric', 'metric "e2e.leaks": e2e.leaks needs the none condition, not in e2e.conditions (recall)'],
        ['gate.all.2.metric', 'metric "e2e.ability.facts.lift": lift needs the none condition, not in e2e.conditions (recall)'],
      ],
    );
  });

  test('toGateSpec: the top-level all/any is the root; skipped_layers defaults to waive', () => {
    const any = [c('e2e.pass_rate', { op: 'gte', value: 0.9 })];
    assert.deepEqual(toGateSpec({ any, skipped_layers: 'fail' }), { root: { any }, skipped_layers: 'fail' });
    assert.deepEqual(toGateSpec({ all: any }), { root: { all: any }, skipped_layers: 'waive' });
    assert.deepEqual(validateGate(toGateSpec({}), suiteOf()), [{ path: ['gate', 'all'], message: 'all: needs at least one entry' }]);
  });
});

// ---------------------------------------------------------------- compare

describe('compareResults', () => {
  test('headline metrics present in both runs, with deltas', () => {
    const rows = compareResults(BASELINE, CURRENT);
    const byMetric = new Map(rows.map((row) => [row.metric, row]));
    assert.ok(Math.abs(byMetric.get('retrieval.vector.recall@3')!.delta + 0.05) < 1e-9);
    assert.equal(byMetric.get('retrieval.vector.recall@3')!.baseline, 0.8);
    assert.equal(byMetric.get('e2e.pass_rate')!.delta, 0);
    assert.ok(byMetric.has('e2e.pass^k') && byMetric.has('e2e.none.pass_rate') && byMetric.has('e2e.ability.facts.pass_rate') && byMetric.has('e2e.ability.isolation.pass@k'));
    assert.ok(![...byMetric.keys()].some((key) => key.startsWith('retrieval.keyword.')), 'a failed provider has nothing to compare');
    for (const row of rows) assert.equal(resolveMetric(row.metric, CURRENT).status, 'value', `${row.metric} is a gate key`);
  });

  test('nothing in common', () => {
    assert.deepEqual(compareResults(doc({ e2e: E2E }), RETRIEVAL_ONLY), []);
  });
});

describe('recall-gate compare', () => {
  const root = mkdtempSync(join(tmpdir(), 'recall-gate-compare-'));
  const write = (dir: string, results: ResultsDocument) => {
    mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, dir, 'results.json'), JSON.stringify(results));
  };
  write('base', doc({ retrieval: { vector: VECTOR_BASE } }));
  write('cur', doc({ retrieval: { vector: VECTOR } }));
  const suiteYaml = (maxDrop: number) => `name: fixture
retrieval:
  k: [1, 3]
  providers:
    - { name: vector, kind: keyword }
  memories:
    - { id: tea, text: I like tea. }
  queries:
    - { text: What do I drink?, relevant: [tea] }
gate:
  all:
    - { metric: retrieval.vector.recall@3, max_drop: ${maxDrop} }
    - { metric: retrieval.vector.mrr, op: gte, value: 0.5 }
`;
  writeFileSync(join(root, 'suite.yaml'), suiteYaml(0.01));
  writeFileSync(join(root, 'lenient.yaml'), suiteYaml(0.1));

  async function run(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    let stdout = '';
    let stderr = '';
    const io: CliIO = { cwd: root, env: {}, stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) };
    const code = await compareCommand(argv, io);
    return { code, stdout, stderr };
  }

  test('prints deltas and the gate rows; exit 1 when the gate fails (suite from results.json)', async () => {
    const result = await run(['base', 'cur']);
    assert.equal(result.code, 1, result.stdout + result.stderr);
    assert.match(result.stdout, /^retrieval\.vector\.recall@3\s+0\.800\s+0\.750\s+-0\.050\s+\[-0\.150, +\+0\.000\]\s+paired, 4 shared$/m);
    assert.match(result.stdout, /^all\[0\]\s+retrieval\.vector\.recall@3\s+drop <= 0\.01\s+\d\.\d{3} !\s+0\.750\s+0\.800\s+-0\.050\s+\[.*\] \(paired, 4 shared\)\s+FAIL$/m);
    assert.match(result.stdout, /gate FAILED \(1 passed, 1 failed, 0 skipped, 0 not evaluated\)/);
  });

  test('exit 0 when the gate passes; --json carries the verdict', async () => {
    const result = await run(['base', 'cur', '--suite', 'lenient.yaml', '--json']);
    assert.equal(result.code, 0, result.stderr);
    const output = JSON.parse(result.stdout) as { metrics: unknown[]; gate: Verdict };
    assert.equal(output.gate.status, 'pass');
    assert.equal(output.gate.rows.length, 2);
    assert.ok(output.metrics.length > 0);
  });

  test('bad input is invalid input (exit 2)', async () => {
    await assert.rejects(run(['base', 'nowhere']), (error: unknown) => error instanceof RecallGateError && error.exitCode === 2 && /nowhere has no results.json/.test(error.message));
    await assert.rejects(run(['base']), (error: unknown) => error instanceof RecallGateError && error.exitCode === 2);
    await assert.rejects(run(['base', 'cur', '--bogus']), (error: unknown) => error instanceof RecallGateError && error.exitCode === 2);
  });
});
