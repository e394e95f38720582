/**
 * Runs to render report.html from: results built the way a run builds them
 * (aggregateE2e over real trial records), small and hostile, or LoCoMo-sized.
 */
import { aggregateE2e } from '../../src/e2e/aggregate.js';
import type { Invocation, TrialRecord } from '../../src/model/trial.js';
import type { CaseSpec, Condition } from '../../src/model/e2e.js';
import type { Verdict } from '../../src/model/gate.js';
import type { HistoryLine, Trend } from '../../src/model/history.js';
import type { ProviderResult, QueryOutcome } from '../../src/model/results.js';
import type { HtmlReportInput } from '../../src/report/html/render.js';
import type { ResultsDocument } from '../../src/model/results.js';

/** Text that must never act as markup or script in the page. */
export const HOSTILE = [
  '<script>window.__pwned = 1</script>',
  '</script><script>window.__pwned = 2</script>',
  '<img src=x onerror="window.__pwned = 3">',
  'line\u2028separator\u2029paragraph',
  `quote " and ' and \` and <!-- comment --> and ]]>`,
  'https://evil.example/beacon.png',
];
export const hostile = (index: number) => HOSTILE[index % HOSTILE.length]!;

const CONDITIONS: Condition[] = ['recall', 'none', 'oracle'];

function spec(name: string, ability: string): CaseSpec {
  return { name, ability, sessions: [], probe: { text: `probe ${name}` }, check: { contains: 'x' }, evidence: [], obsolete: [], needs_memory: true, where: { file: 's.yaml', line: 1, col: 1 } };
}

function invocation(kind: Invocation['kind'], text: string, turn: number): Invocation {
  return {
    kind,
    ...(kind === 'session' ? { session: 1, turn } : {}),
    user: 'u',
    message: `message ${turn}: ${text}`,
    reply: `reply ${turn}: ${text}`,
    recalled: kind === 'probe' ? [{ id: `m${turn}`, text: `memory ${text}`, score: 0.5 }] : [],
    latency_ms: 1,
    ...(kind === 'probe'
      ? { tool_calls: [{ name: `tool ${text}`, arguments: { host: text } }], artifacts: [{ path: `out/${text}.csv`, content: `amount\n${text}` }] }
      : {}),
  };
}

function trial(caseSpec: CaseSpec, condition: Condition, repeat: number, pass: boolean, text: string, turns: number): TrialRecord {
  return {
    key: `${caseSpec.name}|${condition}|${repeat}`,
    case: caseSpec.name,
    ability: caseSpec.ability,
    condition,
    repeat,
    user: 'u',
    status: pass ? 'pass' : 'fail',
    reason: pass ? 'contains "x"' : `does not contain "x": ${text}`,
    question: `question ${text}`,
    answer: `answer ${text}`,
    check: 'contains "x"',
    invocations: [...Array.from({ length: turns }, (_, turn) => invocation('session', text, turn + 1)), invocation('probe', text, turns + 1)],
    tokens: { input: 1, output: 1, judge_input: 0, judge_output: 0 },
    cost_usd: 0,
    started_at: '2026-11-29T00:00:00Z',
    duration_ms: 1,
  };
}

function provider(name: string, queries: QueryOutcome[]): ProviderResult {
  const mean = (metric: string) => queries.reduce((sum, query) => sum + (query.metrics[metric] ?? 0), 0) / Math.max(1, queries.length);
  const metrics = Object.fromEntries(['recall@1', 'recall@3', 'recall@5', 'mrr', 'ndcg@5', 'precision@5'].map((metric) => [metric, mean(metric)]));
  return { name, kind: 'keyword', status: 'ok', metrics, by_tag: { [`tag ${hostile(0)}`]: { queries: queries.length, metrics } }, timings_ms: { setup: 0, seed: 0, prepare: 0, search: 0 }, queries };
}

function query(index: number, text: string, found: boolean, depth: number): QueryOutcome {
  const metrics = found ? { 'recall@1': 1, 'recall@3': 1, 'recall@5': 1, mrr: 1, 'ndcg@5': 1, 'precision@5': 0.2 } : { 'recall@1': 0, 'recall@3': 0, 'recall@5': 0, mrr: 0, 'ndcg@5': 0, 'precision@5': 0 };
  return {
    id: `q${index} ${text}`,
    text: `query ${index}: ${text}`,
    user: 'u',
    tags: [],
    relevant: { [`m${index} ${text}`]: 1 },
    ranks: { [`m${index} ${text}`]: found ? 1 : null },
    metrics,
    results: Array.from({ length: depth }, (_, rank) => ({ id: rank === 0 && found ? `m${index} ${text}` : `m${(index * 7 + rank) % 6000}`, score: 1 - rank / depth })),
    latency_ms: 1,
  };
}

export interface RunShape {
  e2e?: { cases: number; repeat: number; turns: number; passEvery: number; text: (index: number) => string };
  retrieval?: { providers: string[]; queries: number; depth: number; foundEvery: number; text: (index: number) => string };
  errors?: string[];
}

/** A results document and its trials, as a run of this shape writes them. */
export function buildRun(shape: RunShape): { results: ResultsDocument; trials: TrialRecord[] } {
  const trials: TrialRecord[] = [];
  let e2e: ResultsDocument['e2e'];
  if (shape.e2e) {
    const { cases: count, repeat, turns, passEvery, text } = shape.e2e;
    const cases = Array.from({ length: count }, (_, index) => spec(`case ${index} ${text(index)}`, `ability ${index % 4} ${text(index % 4)}`));
    cases.forEach((caseSpec, index) => {
      for (const condition of CONDITIONS) for (let r = 1; r <= repeat; r++) trials.push(trial(caseSpec, condition, r, (index + r) % passEvery !== 0 || condition === 'oracle', text(index), turns));
    });
    e2e = { ...aggregateE2e(trials, cases, CONDITIONS, repeat), target: { kind: 'builtin', model: 'test-model' } };
  }
  const retrieval: ResultsDocument['retrieval'] = shape.retrieval
    ? {
        k: [1, 3, 5],
        depth: shape.retrieval.depth,
        definitions: 'trec_eval',
        memory_count: 6000,
        query_count: shape.retrieval.queries,
        queries_without_relevant: 0,
        providers: Object.fromEntries(
          shape.retrieval.providers.map((name) => [name, provider(name, Array.from({ length: shape.retrieval!.queries }, (_, index) => query(index, shape.retrieval!.text(index), index % shape.retrieval!.foundEvery === 0, shape.retrieval!.depth)))]),
        ),
      }
    : undefined;
  const results: ResultsDocument = {
    schema_version: 1,
    tool: { name: 'recall-gate', version: '0.1.0' },
    versions: {},
    suite: { name: `suite ${hostile(0)}`, file: 'suite.yaml', files: [], sha256: '0' },
    commit: { sha: '1a2b3c4d5e6f7a8b9c0d', ref: 'refs/pull/1/merge' },
    started_at: '2026-11-29T00:00:00Z',
    finished_at: '2026-11-29T00:01:00Z',
    status: shape.errors?.length ? 'incomplete' : 'complete',
    layers: { retrieval: retrieval ? 'ran' : 'absent', e2e: e2e ? 'ran' : 'absent' },
    errors: shape.errors ?? [],
    ...(retrieval ? { retrieval } : {}),
    ...(e2e ? { e2e } : {}),
  };
  return { results, trials };
}

export function verdictOf(metrics: string[], note: string): Verdict {
  return {
    status: 'fail',
    rows: metrics.map((metric, index) => ({ path: `all[${index}]`, metric, threshold: '>= 0.9', actual: 0.5, baseline: 0.6, delta: -0.1, interval: [-0.2, 0.05], status: 'fail', blocking: index === 0, note })),
    blockingFailures: [metrics[0]!],
    hasBaseline: true,
  };
}

export function trendOf(past: number, metrics: string[]): Trend {
  const line = (index: number): HistoryLine => ({ schema: 1, suite: 's', commit: `c${index}abcdef0`, date: `2026-11-${String((index % 28) + 1).padStart(2, '0')}T00:00:00Z`, status: 'complete', metrics: Object.fromEntries(metrics.map((metric, m) => [metric, ((index + m) % 10) / 10])) });
  return { past: Array.from({ length: past }, (_, index) => line(index)), current: line(past) };
}

/** Hostile text everywhere a run carries text: case and ability names, answers, replies, tool calls, provider names, errors, gate notes, metric names. */
export function hostileInput(): HtmlReportInput {
  const run = buildRun({
    e2e: { cases: 8, repeat: 2, turns: 2, passEvery: 2, text: hostile },
    retrieval: { providers: ['keyword', `vector ${hostile(1)}`], queries: 12, depth: 5, foundEvery: 3, text: hostile },
    errors: HOSTILE.map((text) => `provider x: ${text}`),
  });
  return { ...run, verdict: verdictOf(['e2e.pass_rate', `retrieval.${hostile(2)}.mrr`], hostile(3)), trend: trendOf(5, ['e2e.pass_rate', `e2e.ability.${hostile(0)}.pass_rate`]) };
}
