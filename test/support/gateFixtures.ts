/** Runs built by hand for gate tests (power, calibrate): results documents whose every figure is counted from the trials and queries given. */
import { aggregateE2e } from '../../src/e2e/aggregate.js';
import type { CaseSpec, Condition } from '../../src/model/e2e.js';
import type { ProviderResult, QueryOutcome, ResultsDocument } from '../../src/model/results.js';
import type { TrialRecord } from '../../src/model/trial.js';
import { meanMetrics, metricNames } from '../../src/retrieval/metrics.js';
import { summarizeLatency } from '../../src/stats/summary.js';

export const K = [1, 3];
const WHERE = { file: 'suite.yaml', line: 1, col: 1 };

export function queryOutcome(id: string, metrics: Record<string, number>, latency = 10): QueryOutcome {
  return { id, text: id, user: 'default', tags: [], relevant: { m: 1 }, ranks: {}, metrics, results: [], latency_ms: latency };
}

/** n queries, the first `ones` with 1 for the metric, the rest 0. */
export function binaryQueries(prefix: string, n: number, ones: number, metric = 'recall@3'): QueryOutcome[] {
  return Array.from({ length: n }, (_, i) => queryOutcome(`${prefix}${i}`, { [metric]: i < ones ? 1 : 0 }));
}

export function providerOf(name: string, queries: QueryOutcome[]): ProviderResult {
  return {
    name,
    kind: 'keyword',
    status: 'ok',
    metrics: meanMetrics(queries.map((query) => query.metrics), metricNames(K)),
    by_tag: {},
    latency_ms: summarizeLatency(queries.map((query) => query.latency_ms)),
    timings_ms: { setup: 0, seed: 0, prepare: 0, search: 0 },
    queries,
  };
}

export function caseSpec(name: string, ability = 'recall', plantedFrom?: string): CaseSpec {
  return { name, ability, sessions: [], probe: { text: '?' }, check: { contains: 'x' }, evidence: ['x'], obsolete: [], needs_memory: true, ...(plantedFrom ? { planted_from: plantedFrom } : {}), where: WHERE };
}

/** Case name -> its recall trials, one letter per repeat: p pass, f fail, e error. */
export function recallTrials(plan: Record<string, string>): TrialRecord[] {
  return Object.entries(plan).flatMap(([name, letters]) =>
    [...letters].map((letter, index): TrialRecord => ({
      key: `${name}|recall|${index + 1}`,
      case: name,
      ability: 'recall',
      condition: 'recall',
      repeat: index + 1,
      user: 'default',
      status: letter === 'p' ? 'pass' : letter === 'e' ? 'error' : 'fail',
      reason: '',
      question: '?',
      check: 'contains',
      invocations: [{ kind: 'probe', user: 'default', message: '?', reply: '!', latency_ms: 100 }],
      tokens: { input: 0, output: 0, judge_input: 0, judge_output: 0 },
      cost_usd: 0.01,
      started_at: '2024-01-01T00:00:00Z',
      duration_ms: 1,
    })),
  );
}

/** "10 cases x 1 repeat, 7 passing": p/f strings per case. */
export function casePlan(cases: number, repeat: number, passing: (caseIndex: number, repeatIndex: number) => boolean, prefix = 'c'): Record<string, string> {
  return Object.fromEntries(Array.from({ length: cases }, (_, i) => [`${prefix}${i + 1}`, Array.from({ length: repeat }, (_, r) => (passing(i, r) ? 'p' : 'f')).join('')]));
}

export function e2eOf(trials: TrialRecord[], specs: CaseSpec[], repeat: number, conditions: Condition[] = ['recall']): NonNullable<ResultsDocument['e2e']> {
  return { target: { kind: 'command' }, ...aggregateE2e(trials, specs, conditions, repeat) };
}

export function resultsDoc(parts: { retrieval?: Record<string, ProviderResult>; e2e?: ResultsDocument['e2e'] }): ResultsDocument {
  return {
    schema_version: 1,
    tool: { name: 'recall-gate', version: '0' },
    versions: {},
    suite: { name: 'fixture', file: 'suite.yaml', files: ['suite.yaml'], sha256: '' },
    started_at: '2024-01-01T00:00:00Z',
    status: 'complete',
    layers: { retrieval: parts.retrieval ? 'ran' : 'absent', e2e: parts.e2e ? 'ran' : 'absent' },
    errors: [],
    ...(parts.retrieval ? { retrieval: { k: K, depth: 10, definitions: '', memory_count: 0, query_count: 0, queries_without_relevant: 0, providers: parts.retrieval } } : {}),
    ...(parts.e2e ? { e2e: parts.e2e } : {}),
  };
}
