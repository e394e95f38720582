/**
 * Metric keys: how a gate condition names a number in results.json.
 *
 * Grammar (segments are separated by dots; provider, tag and ability names may
 * themselves contain dots, so keys are read from both ends):
 *
 *   retrieval.<provider>.<m>               m: recall@k | recall_all@k | precision@k | success@k | ndcg@k | mrr
 *                                          (k one of retrieval.k), or any of them prefixed group_ (group-level,
 *                                          with retrieval.group_metrics). Default aggregation: mean over queries
 *                                          (every query with a relevant memory counts, as in the reports).
 *   retrieval.<provider>.latency_ms        per-query search latency. Default aggregation: median.
 *   retrieval.<provider>.stale@k           share of the queries naming an obsolete memory whose top k holds one;
 *   retrieval.<provider>.stale_above_current   share where an obsolete memory is returned above every relevant one
 *                                          (or a relevant one is not returned). Over the queries that name an
 *                                          obsolete memory only; lower is better (gate with lte, max_rise).
 *   retrieval.<provider>.tag.<tag>.<m>     the same over the queries tagged <tag> (latency_ms too).
 *   retrieval.<provider>.haystack@<f>.<m>  m (a ranking metric) at haystack fraction f, one of retrieval.haystack
 *                                          written as a number (haystack@0.1; haystack@1 is the normal run's m).
 *                                          Per-query values (QueryOutcome.haystack). Default aggregation: mean.
 *   retrieval.<provider>.haystack.per_doubling.<m>   the change of m's mean per doubling of the haystack (the
 *                                          least-squares slope against log2 of the memories seeded, over the
 *                                          fractions; retrieval/haystack.ts). One number per run, resampled by query.
 *   retrieval.<provider>.cross_user_hits   results owned by another user than the searching one (the
 *                                          isolation canary); .unknown_ids: returned ids the suite never
 *                                          seeded. Counts over all returned results, one number per run.
 *
 *   e2e.<rate>                             rate: pass_rate | pass^k | pass@k | errors, under the
 *                                          headline condition (results.e2e.headline_condition).
 *   e2e.<condition>.<rate>                 condition: recall | none | oracle.
 *   e2e.ability.<ability>.<rate>           the ability's cases, headline condition.
 *   e2e.ability.<ability>.<condition>.<rate>
 *   e2e.ability.<ability>.lift             pass rate under recall minus under none.
 *   e2e.ability.<ability>.gap              pass rate under oracle minus under recall.
 *   e2e.latency_ms                         per-call agent latency (all trials). Default aggregation: median.
 *   e2e.recall_latency_ms                  per-call recall time the target reported, recall-condition trials
 *                                          only (what recall adds). Default: median.
 *   e2e.cost_usd                           total cost of the run's trials.
 *   e2e.<condition>.cost_per_success       the condition's spend (failed and errored trials included) over its
 *                                          passing trials; missing when it has no success or its spend is unknown.
 *   e2e.embedding_cost_usd                 what the e2e trials' embedding requests cost (results.e2e.cost).
 *   e2e.injected_tokens                    tokens of recalled text placed in the context, over every trial;
 *   e2e.<condition>.injected_tokens        or the condition's trials (encoding: results.e2e.cost).
 *   e2e.leaks                              number of cases that passed with memory off (needs none).
 *   e2e.harmful_recall_rate | e2e.evidence_coverage | e2e.recall_precision   from results.e2e.recall_quality.
 *   e2e.fault.<fault>.<m>                  fault: timeout | empty | down (the fault:<fault> condition; see
 *                                          e2e/faults.ts). m: pass_rate (as e2e.fault:<fault>.pass_rate),
 *                                          errors, recall_latency_ms (the fault's probes' recall time,
 *                                          default aggregation median, per call; the timeout's wait
 *                                          included), vs_none (pass rate minus under none, paired per
 *                                          case; below 0 the fault does worse than no memory).
 *   e2e.grader.<name>.<g>                  g: score | pass_rate | pass^k of the case grader <name> (results.e2e.graders),
 *                                          headline condition. score: mean over the trials with a score, on the
 *                                          grader's scale (a judge's 1-5 stays 1-5); aggregations min, median, p95,
 *                                          max over those trials. pass_rate: passed / trials not skipped (errors
 *                                          count). A grader every trial skipped (no judge) resolves as skipped.
 *   e2e.grader.<name>.<condition>.<g>
 *   e2e.ability.<ability>.grader.<name>.<g>   the ability's cases; also with .<condition> before .<g>.
 *   e2e.harmful_action_rate | e2e.empty_recall_rate   from results.e2e.harm, headline condition: the share
 *                                          of trials whose answer passed the case's `harmful` check, and of
 *                                          probes of no-history cases given no memory (src/e2e/harm.ts).
 *   e2e.<condition>.<harm>                 harm: harmful_recall_rate | harmful_action_rate | empty_recall_rate,
 *                                          under that condition (empty recall: conditions that search).
 *   e2e.ability.<ability>[.<condition>].<harm>   the same over the ability's cases.
 *                                          Each is over the trials where it is defined; samples per case.
 *   e2e.stage.<stage>.rate                 stage: not_stored | not_recalled | obsolete_recalled | misread | unknown
 *                                          (src/e2e/stage.ts): the share of the trials under recall whose failure
 *                                          has that stage; failed and errored trials stay in the denominator.
 *   e2e.ability.<ability>.stage.<stage>.rate   the same over the ability's cases. Samples per case.
 *
 * Aggregations (mean, min, max, median, p95) apply to per-unit values: per query
 * for retrieval metrics, per call for latencies, per case for e2e rates (the
 * case's pass rate, or 0/1 for pass^k and pass@k; mean, the default, is the
 * pooled figure results.json reports). Counts (errors, leaks), costs, injected tokens, lift, gap,
 * vs_none and the recall-quality rates are one number per run: no aggregation.
 *
 * e2e.latency_ms, e2e.recall_latency_ms and e2e.fault.<fault>.recall_latency_ms need the trials (trials.jsonl) for
 * per-call values; without them the summary in results.json answers median,
 * p95, mean and max, and min is not available.
 *
 * A key resolves to one of: a value (with the samples a bootstrap resamples,
 * grouped by unit: for retrieval queries, users or query groups as
 * results.retrieval.interval_unit says; cases for e2e); `skipped` when its
 * layer was skipped or absent in this run (results.layers); `missing` when the
 * layer ran but the number is not there (a failed provider, a condition that
 * did not run); `invalid` when the key names nothing.
 */
import type { E2eResult, GroupRates, GraderSummary } from '../model/e2eResult.js';
import { graderSamples, type GraderMetric, type NamedGraderCase } from '../e2e/aggregateGraders.js';
import { HARM_RATES, type HarmRate } from '../e2e/harm.js';
import { FAILURE_STAGES } from '../e2e/stage.js';
import type { FailureStage, TrialRecord } from '../model/trial.js';
import { FAULT_KINDS, probeRecallMs } from '../e2e/faults.js';
import { unknownCostReason } from '../e2e/cost.js';
import type { Condition, FaultKind } from '../model/e2e.js';
import type { ResultsDocument } from '../model/results.js';
import type { SelectionRecord } from '../model/selection.js';
import type { ProviderResult, QueryOutcome } from '../model/results.js';
import { GROUP_PREFIX, METRIC_FAMILIES, STALE_ABOVE_CURRENT, namesObsolete, scoredQueries, type MetricFamily } from '../retrieval/metrics.js';
import { queryUnitNames } from '../retrieval/intervals.js';
import type { IntervalUnit } from '../model/figures.js';
import { fractionLabel, slopePerDoubling } from '../retrieval/haystack.js';
import { groupBy, mean, median, percentile } from '../stats/summary.js';
import type { LatencySummary } from '../model/figures.js';
import { didYouMean } from '../source/didYouMean.js';
import type { SampleUnit, UnitNames, UnitSamples } from '../stats/bootstrap.js';
import type { Aggregation } from '../model/gate.js';
import { caseDiffSamples, caseNames, caseRateSamples, pooledRate, type NamedCase } from '../e2e/caseSamples.js';
import { resamplingUnit } from '../e2e/sharedHistory.js';

export const CONDITIONS: readonly Condition[] = ['recall', 'none', 'oracle', 'fault:timeout', 'fault:empty', 'fault:down'];
export const FAULT_METRICS = ['pass_rate', 'errors', 'recall_latency_ms', 'vs_none'] as const;
export type FaultMetric = (typeof FAULT_METRICS)[number];
export const AGGREGATIONS: readonly Aggregation[] = ['mean', 'min', 'max', 'median', 'p95'];
export const E2E_RATES = ['pass_rate', 'pass^k', 'pass@k', 'errors'] as const;
export const E2E_SCALARS = ['cost_usd', 'embedding_cost_usd', 'injected_tokens', 'leaks', 'harmful_recall_rate', 'evidence_coverage', 'recall_precision'] as const;
/** Per-condition cost figures (results.e2e.cost.by_condition): e2e.<condition>.<figure>. */
export const E2E_CONDITION_COSTS = ['cost_per_success', 'injected_tokens'] as const;

export const ISOLATION_COUNTS = ['cross_user_hits', 'unknown_ids'] as const;
export const GRADER_METRICS: readonly GraderMetric[] = ['score', 'pass_rate', 'pass^k'];
export type RetrievalFamily = MetricFamily;
type IsolationCount = (typeof ISOLATION_COUNTS)[number];
/** The staleness families (retrieval/metrics.ts): lower is better, over the queries naming an obsolete memory. */
export type StalenessFamily = 'stale' | typeof STALE_ABOVE_CURRENT;
const STALE_METRIC = /^stale@([1-9][0-9]*)$/;

/** A staleness key (stale@k, stale_above_current): a rise is the regression, so max_drop makes no sense on it. */
export function isStalenessFamily(family: string): family is StalenessFamily {
  return family === 'stale' || family === STALE_ABOVE_CURRENT;
}
export type E2eRate = (typeof E2E_RATES)[number];
export type E2eScalar = (typeof E2E_SCALARS)[number];
export type E2eConditionCost = (typeof E2E_CONDITION_COSTS)[number];

/** A key, parsed. */
export type MetricKey =
  | { layer: 'retrieval'; provider: string; tag?: string; metric: string; family: RetrievalFamily | 'mrr' | 'latency_ms' | IsolationCount | StalenessFamily; k?: number; group?: true; haystack?: number | 'per_doubling' }
  | { layer: 'e2e'; kind: 'rate'; rate: E2eRate; condition?: Condition; ability?: string }
  | { layer: 'e2e'; kind: 'diff'; ability: string; diff: 'lift' | 'gap' }
  | { layer: 'e2e'; kind: 'latency'; which: 'call' | 'recall' }
  | { layer: 'e2e'; kind: 'scalar'; name: E2eScalar }
  | { layer: 'e2e'; kind: 'fault'; fault: FaultKind; metric: FaultMetric }
  | { layer: 'e2e'; kind: 'grader'; grader: string; metric: GraderMetric; condition?: Condition; ability?: string }
  | { layer: 'e2e'; kind: 'harm'; rate: HarmRate; condition?: Condition; ability?: string }
  | { layer: 'e2e'; kind: 'cost'; name: E2eConditionCost; condition: Condition }
  | { layer: 'e2e'; kind: 'stage'; stage: FailureStage; ability?: string };

export type ParsedKey = { ok: true; key: MetricKey } | { ok: false; reason: string; hint?: string };

/** Names known from a suite or a results document, to split keys whose names contain dots. */
export interface KnownNames {
  providers?: Iterable<string>;
  abilities?: Iterable<string>;
  /** Grader names; when given, a key naming another grader is invalid (with a did-you-mean). */
  graders?: Iterable<string>;
}

const E2E_SINGLE = [...E2E_RATES, 'latency_ms', 'recall_latency_ms', ...E2E_SCALARS, 'harmful_action_rate', 'empty_recall_rate'];

const RANK_METRIC = new RegExp(`^(${METRIC_FAMILIES.join('|')})@([1-9][0-9]*)$`);

function retrievalMetric(name: string): { family: RetrievalFamily | 'mrr' | 'latency_ms' | IsolationCount | StalenessFamily; k?: number; group?: true } | undefined {
  if (name === 'mrr' || name === 'latency_ms') return { family: name };
  if (name === STALE_ABOVE_CURRENT) return { family: STALE_ABOVE_CURRENT };
  const stale = STALE_METRIC.exec(name);
  if (stale) return { family: 'stale', k: Number(stale[1]) };
  if ((ISOLATION_COUNTS as readonly string[]).includes(name)) return { family: name as IsolationCount };
  // group_ names a ranking metric at group level: group_mrr, group_recall_all@5 (not group_latency_ms).
  if (name.startsWith(GROUP_PREFIX)) {
    const inner = name.slice(GROUP_PREFIX.length);
    if (inner === 'mrr') return { family: 'mrr', group: true };
    const grouped = RANK_METRIC.exec(inner);
    return grouped ? { family: grouped[1] as RetrievalFamily, k: Number(grouped[2]), group: true } : undefined;
  }
  const match = RANK_METRIC.exec(name);
  if (!match) return undefined;
  return { family: match[1] as RetrievalFamily, k: Number(match[2]) };
}

function isCondition(name: string | undefined): name is Condition {
  return CONDITIONS.includes(name as Condition);
}

function isRate(name: string | undefined): name is E2eRate {
  return E2E_RATES.includes(name as E2eRate);
}

function isHarmRate(name: string | undefined): name is HarmRate {
  return name !== undefined && Object.hasOwn(HARM_RATES, name);
}

/** Reads a key against the grammar above; says why when it names nothing. */
export function parseMetricKey(key: string, known: KnownNames = {}): ParsedKey {
  const parts = key.split('.');
  const [layer] = parts;
  if (layer === 'retrieval') return parseRetrieval(key, parts.slice(1), known);
  if (layer === 'e2e') return parseE2e(key, parts.slice(1), known);
  return {
    ok: false,
    reason: `"${layer}" is not a layer: metric keys start with retrieval. or e2e.`,
    hint: didYouMean(layer ?? '', ['retrieval', 'e2e']) ?? 'e.g. retrieval.<provider>.recall@3 or e2e.pass_rate',
  };
}

function parseRetrieval(key: string, rest: string[], known: KnownNames): ParsedKey {
  if (rest.length < 2 || rest.some((part) => part === '')) {
    return { ok: false, reason: `"${key}" is not a retrieval metric: use retrieval.<provider>.<metric>`, hint: 'e.g. retrieval.vector.recall@3' };
  }
  const name = rest[rest.length - 1]!;
  const metric = retrievalMetric(name);
  if (!metric) {
    const k = /@(\d+)$/.exec(name)?.[1] ?? '1';
    const ranking = [...METRIC_FAMILIES.map((family) => `${family}@${k}`), 'mrr'];
    const candidates = [...ranking, ...ranking.map((metric) => `${GROUP_PREFIX}${metric}`), 'latency_ms', ...ISOLATION_COUNTS, `stale@${k}`, STALE_ABOVE_CURRENT];
    return {
      ok: false,
      reason: `"${name}" is not a retrieval metric`,
      hint: didYouMean(name, candidates) ?? 'use recall@k, recall_all@k, precision@k, success@k, ndcg@k, mrr (each also group_), latency_ms or cross_user_hits',
    };
  }
  const middle = rest.slice(0, -1).join('.');
  const providers = new Set(known.providers ?? []);
  if (providers.has(middle)) return { ok: true, key: { layer: 'retrieval', provider: middle, metric: name, ...metric } };
  const haystack = parseHaystack(key, middle, name, metric.family);
  if (haystack) return haystack;
  const tagAt = rest.indexOf('tag');
  if (tagAt >= 0 && tagAt < rest.length - 1) {
    const provider = rest.slice(0, tagAt).join('.');
    const tag = rest.slice(tagAt + 1, -1).join('.');
    if (!provider || !tag) return { ok: false, reason: `"${key}" is not a retrieval metric: use retrieval.<provider>.tag.<tag>.<metric>` };
    return { ok: true, key: { layer: 'retrieval', provider, tag, metric: name, ...metric } };
  }
  return { ok: true, key: { layer: 'retrieval', provider: middle, metric: name, ...metric } };
}

const HAYSTACK_AT = /^(.+)\.haystack@([^.]*(?:\.[0-9]*)?)$/;
const PER_DOUBLING = /^(.+)\.haystack\.per_doubling$/;

/** retrieval.<provider>.haystack@<f>.<m> and retrieval.<provider>.haystack.per_doubling.<m>; undefined when the key is neither. */
function parseHaystack(key: string, middle: string, name: string, family: string): ParsedKey | undefined {
  const at = HAYSTACK_AT.exec(middle);
  const slope = PER_DOUBLING.exec(middle);
  if (!at && !slope) return undefined;
  const metric = retrievalMetric(name)!;
  if (family === 'latency_ms' || isIsolationCount(family) || isStalenessFamily(family)) {
    return { ok: false, reason: `"${key}": the haystack curve has the ranking metrics only, not ${name}`, hint: 'use recall@k, recall_all@k, precision@k, success@k, ndcg@k or mrr (each also group_)' };
  }
  if (slope) return { ok: true, key: { layer: 'retrieval', provider: slope[1]!, metric: name, ...metric, haystack: 'per_doubling' } };
  const fraction = /^(?:0|1)?(?:\.[0-9]+)?$/.test(at![2]!) && at![2] !== '' ? Number(at![2]) : NaN;
  if (!(fraction > 0 && fraction <= 1)) {
    return { ok: false, reason: `"haystack@${at![2]}" names no haystack fraction: a fraction is a number in (0, 1]`, hint: 'e.g. retrieval.<provider>.haystack@0.1.recall@10' };
  }
  return { ok: true, key: { layer: 'retrieval', provider: at![1]!, metric: name, ...metric, haystack: fraction } };
}

function parseE2e(key: string, rest: string[], known: KnownNames): ParsedKey {
  if (rest.length === 0 || rest.some((part) => part === '')) return { ok: false, reason: `"${key}" is not an e2e metric`, hint: 'e.g. e2e.pass_rate' };
  const [first, second] = rest;
  if (rest.length === 1) {
    if (isRate(first)) return { ok: true, key: { layer: 'e2e', kind: 'rate', rate: first } };
    if (first === 'latency_ms') return { ok: true, key: { layer: 'e2e', kind: 'latency', which: 'call' } };
    if (first === 'recall_latency_ms') return { ok: true, key: { layer: 'e2e', kind: 'latency', which: 'recall' } };
    // e2e.harmful_recall_rate stays the recall-quality scalar (the same figure as the headline's harm).
    if (isHarmRate(first) && first !== 'harmful_recall_rate') return { ok: true, key: { layer: 'e2e', kind: 'harm', rate: first } };
    if (E2E_SCALARS.includes(first as E2eScalar)) return { ok: true, key: { layer: 'e2e', kind: 'scalar', name: first as E2eScalar } };
    return { ok: false, reason: `"${first}" is not an e2e metric`, hint: e2eHint(first!) };
  }
  if (first === 'ability') return parseAbility(key, rest.slice(1), known);
  if (first === 'stage') return parseStage(key, rest.slice(1));
  if (first === 'fault') return parseFault(key, rest.slice(1));
  if (first === 'grader') return parseGrader(key, rest.slice(1), known);
  if (isCondition(first) && rest.length === 2) {
    if (isRate(second)) return { ok: true, key: { layer: 'e2e', kind: 'rate', rate: second, condition: first } };
    if (isHarmRate(second)) return { ok: true, key: { layer: 'e2e', kind: 'harm', rate: second, condition: first } };
    if (E2E_CONDITION_COSTS.includes(second as E2eConditionCost)) return { ok: true, key: { layer: 'e2e', kind: 'cost', name: second as E2eConditionCost, condition: first } };
    const known = [...E2E_RATES, ...Object.keys(HARM_RATES), ...E2E_CONDITION_COSTS];
    return { ok: false, reason: `"${second}" is not a rate`, hint: didYouMean(second!, known) ?? `use ${known.join(', ')}` };
  }
  const hint = isCondition(first)
    ? `use e2e.${first}.<rate>`
    : (didYouMean(first!, ['ability', 'grader', 'stage', ...CONDITIONS]) ?? 'use e2e.<rate>, e2e.<condition>.<rate>, e2e.ability.<ability>.<rate>, e2e.grader.<name>.score or e2e.stage.<stage>.rate');
  return { ok: false, reason: `"${key}" is not an e2e metric`, hint };
}

function parseFault(key: string, rest: string[]): ParsedKey {
  const [fault, metric] = rest;
  if (rest.length !== 2) return { ok: false, reason: `"${key}" is not a fault metric`, hint: `use e2e.fault.<${FAULT_KINDS.join('|')}>.<${FAULT_METRICS.join('|')}>` };
  if (!FAULT_KINDS.includes(fault as FaultKind)) return { ok: false, reason: `"${fault}" is not a fault`, hint: didYouMean(fault!, FAULT_KINDS) ?? `faults: ${FAULT_KINDS.join(', ')}` };
  if (!FAULT_METRICS.includes(metric as FaultMetric)) return { ok: false, reason: `"${metric}" is not a fault metric`, hint: didYouMean(metric!, FAULT_METRICS) ?? `use ${FAULT_METRICS.join(', ')}` };
  return { ok: true, key: { layer: 'e2e', kind: 'fault', fault: fault as FaultKind, metric: metric as FaultMetric } };
}

function e2eHint(word: string): string {
  const match = didYouMean(word, E2E_SINGLE);
  return match ?? `use one of ${E2E_SINGLE.map((name) => `e2e.${name}`).join(', ')}`;
}

/** <stage>.rate after "stage" (no other e2e key ends in .rate, so an ability name with dots cannot be misread). */
function parseStage(key: string, rest: string[], ability?: string): ParsedKey {
  const usage = `use ${ability === undefined ? 'e2e' : `e2e.ability.${ability}`}.stage.<${FAILURE_STAGES.join('|')}>.rate`;
  const [stage, rate] = rest;
  if (rest.length !== 2 || rate !== 'rate') return { ok: false, reason: `"${key}" is not a stage metric`, hint: usage };
  if (!FAILURE_STAGES.includes(stage as FailureStage)) return { ok: false, reason: `"${stage}" is not a stage`, hint: didYouMean(stage!, FAILURE_STAGES) ?? `stages: ${FAILURE_STAGES.join(', ')}` };
  return { ok: true, key: { layer: 'e2e', kind: 'stage', stage: stage as FailureStage, ...(ability !== undefined ? { ability } : {}) } };
}

function parseAbility(key: string, rest: string[], known: KnownNames): ParsedKey {
  const usage = 'use e2e.ability.<ability>.<rate>, e2e.ability.<ability>.<condition>.<rate>, .lift or .gap';
  if (rest.length < 2) return { ok: false, reason: `"${key}" names no ability metric`, hint: usage };
  const last = rest[rest.length - 1]!;
  if (last === 'rate' && rest.length >= 4 && rest[rest.length - 3] === 'stage') return parseStage(key, rest.slice(-2), rest.slice(0, -3).join('.'));
  const abilities = new Set(known.abilities ?? []);
  const graderAt = graderSegment(rest, abilities);
  if (graderAt !== undefined) return parseGrader(key, rest.slice(graderAt + 1), known, rest.slice(0, graderAt).join('.'));
  if (last === 'lift' || last === 'gap') {
    return { ok: true, key: { layer: 'e2e', kind: 'diff', ability: rest.slice(0, -1).join('.'), diff: last } };
  }
  if (!isRate(last) && !isHarmRate(last)) {
    return { ok: false, reason: `"${last}" is not an ability metric`, hint: didYouMean(last, [...E2E_RATES, ...Object.keys(HARM_RATES), 'lift', 'gap']) ?? usage };
  }
  const figure = isRate(last) ? { kind: 'rate' as const, rate: last } : { kind: 'harm' as const, rate: last };
  const whole = rest.slice(0, -1).join('.');
  const beforeLast = rest[rest.length - 2];
  if (rest.length >= 3 && isCondition(beforeLast) && !abilities.has(whole)) {
    return { ok: true, key: { layer: 'e2e', ...figure, condition: beforeLast, ability: rest.slice(0, -2).join('.') } };
  }
  return { ok: true, key: { layer: 'e2e', ...figure, ability: whole } };
}

/**
 * Where `grader` splits e2e.ability.<ability>.grader.<name>.<g>: an ability
 * named in full by the rest (e.g. "a.grader.b" with .pass_rate) wins, then
 * a known ability before a `grader` segment, then the first such segment.
 */
function graderSegment(rest: readonly string[], abilities: ReadonlySet<string>): number | undefined {
  if (abilities.has(rest.slice(0, -1).join('.')) || abilities.has(rest.slice(0, -2).join('.'))) return undefined;
  const at = rest.map((part, index) => (part === 'grader' && index >= 1 && index <= rest.length - 3 ? index : -1)).filter((index) => index >= 0);
  return at.find((index) => abilities.has(rest.slice(0, index).join('.'))) ?? at[0];
}

/** <name>.<g> or <name>.<condition>.<g> after "grader"; a name the known graders lack is invalid. */
function parseGrader(key: string, rest: string[], known: KnownNames, ability?: string): ParsedKey {
  const usage = `use ${ability === undefined ? 'e2e' : `e2e.ability.${ability}`}.grader.<name>.<${GRADER_METRICS.join('|')}>`;
  if (rest.length < 2) return { ok: false, reason: `"${key}" names no grader metric`, hint: usage };
  const metric = rest[rest.length - 1]!;
  if (!GRADER_METRICS.includes(metric as GraderMetric)) {
    return { ok: false, reason: `"${metric}" is not a grader metric`, hint: didYouMean(metric, GRADER_METRICS) ?? usage };
  }
  const graders = known.graders === undefined ? undefined : new Set(known.graders);
  const whole = rest.slice(0, -1).join('.');
  const beforeLast = rest[rest.length - 2];
  const conditioned = rest.length >= 3 && isCondition(beforeLast) && !graders?.has(whole);
  const grader = conditioned ? rest.slice(0, -2).join('.') : whole;
  if (graders && !graders.has(grader)) {
    const names = [...graders].sort();
    return {
      ok: false,
      reason: `no grader "${grader}"${names.length === 0 ? ': no case has graders' : ''}`,
      hint: didYouMean(grader, names) ?? (names.length ? `graders: ${names.join(', ')}` : 'add graders: to a case'),
    };
  }
  return {
    ok: true,
    key: { layer: 'e2e', kind: 'grader', grader, metric: metric as GraderMetric, ...(conditioned ? { condition: beforeLast } : {}), ...(ability !== undefined ? { ability } : {}) },
  };
}

/** The aggregation a key uses when the condition names none; undefined when none applies. */
export function defaultAggregation(key: MetricKey): Aggregation | undefined {
  if (key.layer === 'retrieval') return isIsolationCount(key.family) || key.haystack === 'per_doubling' ? undefined : key.family === 'latency_ms' ? 'median' : 'mean';
  if (key.kind === 'latency' || (key.kind === 'fault' && key.metric === 'recall_latency_ms')) return 'median';
  if ((key.kind === 'rate' && key.rate !== 'errors') || (key.kind === 'fault' && key.metric === 'pass_rate') || key.kind === 'grader') return 'mean';
  return undefined;
}

export function aggregationApplies(key: MetricKey): boolean {
  return defaultAggregation(key) !== undefined;
}

export function aggregate(values: readonly number[], aggregation: Aggregation): number {
  switch (aggregation) {
    case 'mean':
      return mean(values);
    case 'median':
      return median(values);
    case 'p95':
      return percentile(values, 95);
    case 'min':
      return values.reduce((a, b) => Math.min(a, b), Infinity);
    case 'max':
      return values.reduce((a, b) => Math.max(a, b), -Infinity);
  }
}

export type Resolution =
  | { status: 'value'; value: number; aggregation?: Aggregation; samples?: UnitSamples; layer: 'retrieval' | 'e2e'; note?: string }
  | { status: 'skipped'; layer: 'retrieval' | 'e2e'; reason: string }
  | { status: 'missing'; reason: string; hint?: string }
  | { status: 'invalid'; reason: string; hint?: string };

export interface ResolveOptions {
  /** Overrides the key's default aggregation. */
  aggregation?: Aggregation;
  /**
   * What retrieval samples are drawn in; the run's own (results.retrieval.interval_unit) when absent. A
   * baseline is resolved in the current run's unit, so a change pairs the same users, groups or queries.
   */
  intervalUnit?: IntervalUnit;
  /** The run's trials (trials.jsonl): per-call latencies and per-case cost and recall quality. */
  trials?: readonly TrialRecord[];
}

/** The number a key names in a results document, with its samples. Pure. */
export function resolveMetric(key: string, results: ResultsDocument, options: ResolveOptions = {}): Resolution {
  const parsed = parseMetricKey(key, {
    providers: Object.keys(results.retrieval?.providers ?? {}),
    abilities: Object.keys(results.e2e?.abilities ?? {}),
    // Without e2e results the key cannot be checked here: the layer decides (skipped, or missing).
    ...(results.e2e ? { graders: Object.keys(results.e2e.graders ?? {}) } : {}),
  });
  if (!parsed.ok) return { status: 'invalid', reason: `"${key}" names nothing: ${parsed.reason}`, hint: parsed.hint };
  const spec = parsed.key;
  const fallback = defaultAggregation(spec);
  if (options.aggregation !== undefined && fallback === undefined) {
    return { status: 'invalid', reason: `aggregation ${options.aggregation} does not apply to ${key}: it is one number per run` };
  }
  const aggregation = options.aggregation ?? fallback;
  const state = results.layers[spec.layer];
  if (state !== 'ran') return { status: 'skipped', layer: spec.layer, reason: `the ${spec.layer} layer was ${state} in this run` };
  if (spec.layer === 'retrieval') {
    const unit = options.intervalUnit ?? intervalUnitOf(results);
    if (isIsolationCount(spec.family)) return resolveIsolation(spec, spec.family, results, unit);
    // haystack@1 is the normal run: the plain metric.
    if (spec.haystack !== undefined && spec.haystack !== 1) return resolveHaystack(spec, spec.haystack, results, aggregation, unit);
    return resolveRetrieval(spec, results, aggregation!, unit);
  }
  return resolveE2e(spec, results, aggregation, options.trials);
}

type RetrievalKey = Extract<MetricKey, { layer: 'retrieval' }>;
type E2eKey = Extract<MetricKey, { layer: 'e2e' }>;

/** What a run's retrieval intervals draw: results written before the unit was recorded drew queries. */
export function intervalUnitOf(results: Pick<ResultsDocument, 'retrieval'>): IntervalUnit {
  return results.retrieval?.interval_unit ?? 'query';
}

function valueOf(values: readonly number[], aggregation: Aggregation, unit: SampleUnit, layer: 'retrieval' | 'e2e', names?: UnitNames): Resolution {
  return {
    status: 'value',
    value: aggregate(values, aggregation),
    aggregation,
    layer,
    samples: { unit, units: values.map((value) => [value]), ...names, statistic: (units) => aggregate(units.map((one) => one[0]!), aggregation) },
  };
}

/** The run's retrieval result and the key's provider, or why the key cannot be read (no retrieval layer, no such provider, a failed one, a k not computed). */
function providerOf(spec: RetrievalKey, results: ResultsDocument): { retrieval: NonNullable<ResultsDocument['retrieval']>; provider: ProviderResult } | Resolution {
  const retrieval = results.retrieval;
  if (!retrieval) return unfinished('retrieval', results);
  const provider: ProviderResult | undefined = own(retrieval.providers, spec.provider);
  if (!provider) {
    const names = Object.keys(retrieval.providers);
    return { status: 'missing', reason: `no provider "${spec.provider}" in this run`, hint: didYouMean(spec.provider, names) ?? `providers: ${names.join(', ')}` };
  }
  if (provider.status !== 'ok') return { status: 'missing', reason: `provider ${provider.name} failed: ${provider.error ?? 'no results'}` };
  if (spec.k !== undefined && !retrieval.k.includes(spec.k)) return { status: 'missing', reason: `${spec.metric} was not computed: retrieval.k is ${retrieval.k.join(', ')}` };
  return { retrieval, provider };
}

function resolveRetrieval(spec: RetrievalKey, results: ResultsDocument, aggregation: Aggregation, unit: IntervalUnit): Resolution {
  const found = providerOf(spec, results);
  if ('status' in found) return found;
  const { provider } = found;
  const tagged: QueryOutcome[] = spec.tag === undefined ? provider.queries : provider.queries.filter((query) => query.tags.includes(spec.tag!));
  // Every search took its time; only queries with a relevant memory have a metric to average, only those naming an obsolete one a staleness.
  const stale = isStalenessFamily(spec.family);
  const queries = spec.family === 'latency_ms' ? tagged : stale ? tagged.filter(namesObsolete) : scoredQueries(tagged);
  const read = (query: QueryOutcome) => (spec.family === 'latency_ms' ? query.latency_ms : query.metrics[spec.metric]);
  const values = queries.map(read).filter((value): value is number => typeof value === 'number');
  if (values.length > 0 && values.length === queries.length) return valueOf(values, aggregation, unit, 'retrieval', queryUnitNames(queries, unit));
  if (stale) return staleFromSummary(spec, provider, tagged, aggregation);

  if (spec.tag !== undefined && !own(provider.by_tag, spec.tag) && tagged.length === 0) {
    if (results.selection?.queries) return { status: 'skipped', layer: 'retrieval', reason: narrowedOut(`tag "${spec.tag}"`, results.selection) };
    const tags = Object.keys(provider.by_tag ?? {});
    return { status: 'missing', reason: `no query is tagged "${spec.tag}"`, hint: didYouMean(spec.tag, tags) };
  }
  // results.json without per-query outcomes: the summaries answer what they hold.
  const where = spec.tag === undefined ? provider.name : `${provider.name}, tag ${spec.tag}`;
  if (spec.family === 'latency_ms') {
    const summary = provider.latency_ms;
    if (spec.tag === undefined && summary && summary.count > 0 && aggregation !== 'min') return { status: 'value', value: summary[aggregation], aggregation, layer: 'retrieval' };
    return { status: 'missing', reason: `no per-query latencies for ${where}` };
  }
  const means = spec.tag === undefined ? provider.metrics : own(provider.by_tag, spec.tag)?.metrics;
  const stored = means?.[spec.metric];
  if (aggregation === 'mean' && stored !== undefined) return { status: 'value', value: stored, aggregation, layer: 'retrieval' };
  return { status: 'missing', reason: `no per-query ${spec.metric} for ${where}, so its ${aggregation} is not available` };
}

/**
 * A haystack figure: per-query values at the fraction (QueryOutcome.haystack),
 * or for per_doubling each query's values at every fraction, the slope taken
 * over their means; without the rows, what results.json stored (mean only).
 */
function resolveHaystack(spec: RetrievalKey, at: number | 'per_doubling', results: ResultsDocument, aggregation: Aggregation | undefined, unit: IntervalUnit): Resolution {
  const found = providerOf(spec, results);
  if ('status' in found) return found;
  const { retrieval, provider } = found;
  const points = provider.haystack?.points;
  if (!retrieval.haystack || !points) return { status: 'missing', reason: 'this run measured no haystack curve', hint: 'add retrieval.haystack (e.g. [0.1, 0.5, 1]) to the suite' };
  const queries = scoredQueries(provider.queries);
  const valuesAt = (fraction: number) => queries.map((query) => (fraction === 1 ? query.metrics[spec.metric] : query.haystack?.[fractionLabel(fraction)]?.[spec.metric]));
  const complete = (values: (number | undefined)[]): values is number[] => values.length > 0 && values.every((value) => typeof value === 'number');
  const names = queryUnitNames(queries, unit);

  if (at === 'per_doubling') {
    const columns = points.map((point) => valuesAt(point.fraction));
    const statistic = (units: readonly (readonly number[])[]) => slopePerDoubling(points.map((point, index) => ({ memories: point.memories, value: mean(units.map((unit) => unit[index]!)) }))) ?? NaN;
    if (new Set(points.map((point) => point.memories)).size < 2) {
      return { status: 'missing', reason: `every haystack fraction seeded ${points[0]?.memories ?? 0} memories: no memory is relevant to no query, so there was nothing to thin` };
    }
    if (columns.every(complete)) {
      const units = queries.map((_, row) => columns.map((column) => column[row]!));
      return { status: 'value', value: statistic(units), layer: 'retrieval', samples: { unit, units, ...names, statistic } };
    }
    const stored = provider.haystack?.per_doubling?.[spec.metric];
    if (stored !== undefined) return { status: 'value', value: stored, layer: 'retrieval' };
    return { status: 'missing', reason: `no haystack ${spec.metric} for ${provider.name}` };
  }
  const point = points.find((candidate) => candidate.fraction === at);
  if (!point) return { status: 'missing', reason: `this run measured no haystack at ${at}: retrieval.haystack was ${points.map((candidate) => candidate.fraction).join(', ')}` };
  const values = valuesAt(at);
  if (complete(values)) return valueOf(values, aggregation!, unit, 'retrieval', names);
  const stored = point.metrics[spec.metric];
  if (aggregation === 'mean' && stored !== undefined) return { status: 'value', value: stored, aggregation, layer: 'retrieval' };
  return { status: 'missing', reason: `no per-query ${spec.metric} at haystack ${at} for ${provider.name}, so its ${aggregation} is not available` };
}

/** A staleness figure without per-query rows: what results.json's summary holds, or why there is none. */
function staleFromSummary(spec: RetrievalKey, provider: ProviderResult, tagged: readonly QueryOutcome[], aggregation: Aggregation): Resolution {
  const where = spec.tag === undefined ? provider.name : `${provider.name}, tag ${spec.tag}`;
  if (spec.tag !== undefined && tagged.length === 0 && !own(provider.staleness?.by_tag, spec.tag)) return { status: 'missing', reason: `no query is tagged "${spec.tag}"`, hint: didYouMean(spec.tag, Object.keys(provider.by_tag ?? {})) };
  if (provider.queries.length > 0 && !tagged.some(namesObsolete)) {
    return { status: 'missing', reason: `no query${spec.tag === undefined ? '' : ` tagged "${spec.tag}"`} names an obsolete memory, so there is no ${spec.metric} for ${provider.name}`, hint: 'give queries obsolete: [ids] (memories that were true once and are superseded)' };
  }
  const figures = spec.tag === undefined ? provider.staleness : own(provider.staleness?.by_tag, spec.tag);
  const stored = figures?.metrics[spec.metric];
  if (aggregation === 'mean' && stored !== undefined) return { status: 'value', value: stored, aggregation, layer: 'retrieval' };
  return { status: 'missing', reason: `no per-query ${spec.metric} for ${where}, so its ${aggregation} is not available` };
}

function isIsolationCount(family: string): family is IsolationCount {
  return (ISOLATION_COUNTS as readonly string[]).includes(family);
}

/** Leaks found before a provider failed still count: they happened. Per-query counts are the samples. */
function resolveIsolation(spec: RetrievalKey, family: IsolationCount, results: ResultsDocument, unit: IntervalUnit): Resolution {
  const provider = own(results.retrieval?.providers ?? {}, spec.provider);
  if (!results.retrieval) return unfinished('retrieval', results);
  if (!provider?.isolation) return { status: 'missing', reason: `no isolation check for provider "${spec.provider}" in this run` };
  // A failed provider that returned nothing measured no isolation: 0 leaks would pass for it.
  if (provider.status !== 'ok' && provider.queries.every((query) => query.results.length === 0)) return { status: 'missing', reason: `provider ${provider.name} failed and returned no result, so it measured no isolation: ${provider.error ?? 'no reason recorded'}` };
  const listed = family === 'cross_user_hits' ? provider.isolation.cross_user : provider.isolation.unknown;
  const queries = spec.tag === undefined ? provider.queries : provider.queries.filter((query) => query.tags.includes(spec.tag!));
  const units = queries.map((query) => [listed.filter((hit) => hit.query === query.id).length]);
  const value = spec.tag === undefined ? provider.isolation[family] : sum(units);
  return { status: 'value', value, layer: 'retrieval', samples: { unit, units, ...queryUnitNames(queries, unit), statistic: sum } };
}

/** Why a unit the suite has is absent: the narrowed run (run --case, --ability, --query, --sample, --rerun-failed) left it out. */
function narrowedOut(what: string, selection: SelectionRecord): string {
  return `${what} is not in this narrowed run (${selection.by.join(', ')})`;
}

/** A layer that ran without results: say what stopped the run, when results.json recorded it. */
function unfinished(layer: 'retrieval' | 'e2e', results: ResultsDocument): Resolution {
  const errors = results.errors ?? [];
  const why = errors.length > 0 ? `the run could not complete: ${errors.join('; ')}` : 'the run did not finish the layer';
  return { status: 'missing', reason: `results.json has no ${layer} results (${why})` };
}

function rateResolution(rate: (typeof E2E_RATES)[number], group: GroupRates, cases: NamedCase[], condition: Condition, aggregation: Aggregation | undefined): Resolution {
  const named = cases.filter(([, result]) => result.conditions[condition] !== undefined);
  const rates = named.map(([, result]) => result.conditions[condition]!);
  if (rate === 'errors') {
    return { status: 'value', value: group.errors, layer: 'e2e', samples: { unit: 'case', units: rates.map((r) => [r.errors]), ...caseNames(named), statistic: sum } };
  }
  if (aggregation === 'mean' || aggregation === undefined) {
    return { status: 'value', value: group[rate], aggregation: 'mean', layer: 'e2e', samples: caseRateSamples(named, condition, rate) };
  }
  if (rate === 'pass_rate') {
    const tried = named.filter(([, result]) => result.conditions[condition]!.trials > 0);
    return casesOrMissing(tried.map(([, result]) => result.conditions[condition]!.passed / result.conditions[condition]!.trials), aggregation, caseNames(tried));
  }
  return casesOrMissing(rates.map((r) => (r[rate] ? 1 : 0)), aggregation, caseNames(named));
}

/**
 * Why a rate is low when trials errored (a provider or model that could not
 * answer): the count and the first reason, so the row does not read as the
 * agent's own failure.
 */
function erroredNote(e2e: E2eResult, condition: Condition, ability: string | undefined, group: GroupRates): string | undefined {
  if (group.errors === 0) return undefined;
  const first = e2e.errors.find(({ key }) => {
    const [name, keyCondition] = key.split('|');
    return keyCondition === condition && (ability === undefined || own(e2e.cases, name!)?.ability === ability);
  });
  return `${group.errors} of ${group.trials} trials errored and count as not passed${first ? `: ${first.reason}` : ''}`;
}

function resolveE2e(spec: E2eKey, results: ResultsDocument, aggregation: Aggregation | undefined, trials: readonly TrialRecord[] | undefined): Resolution {
  const e2e = results.e2e;
  if (!e2e) return unfinished('e2e', results);
  const abilityMissing = (ability: string): Resolution => {
    // The suite's gate names only abilities the suite has (validateGate): absent from a narrowed run, the selection left it out.
    if (results.selection?.cases) return { status: 'skipped', layer: 'e2e', reason: narrowedOut(`ability "${ability}"`, results.selection) };
    const names = Object.keys(e2e.abilities);
    return { status: 'missing', reason: `no ability "${ability}" in this run`, hint: didYouMean(ability, names) ?? `abilities: ${names.join(', ')}` };
  };
  const casesOf = (ability: string | undefined) => Object.entries(e2e.cases).filter(([, result]) => ability === undefined || result.ability === ability);

  if (spec.kind === 'rate') {
    const condition = spec.condition ?? e2e.headline_condition;
    if (!e2e.conditions.includes(condition)) return { status: 'missing', reason: `the ${condition} condition did not run (conditions: ${e2e.conditions.join(', ')})` };
    if (spec.ability !== undefined && !own(e2e.abilities, spec.ability)) return abilityMissing(spec.ability);
    const group = spec.ability === undefined ? e2e.by_condition[condition] : e2e.abilities[spec.ability]!.conditions[condition];
    if (!group) return { status: 'missing', reason: `no ${condition} results${spec.ability ? ` for ability ${spec.ability}` : ''}` };
    const resolution = rateResolution(spec.rate, group, casesOf(spec.ability), condition, aggregation);
    const note = erroredNote(e2e, condition, spec.ability, group);
    return resolution.status === 'value' && note ? { ...resolution, note } : resolution;
  }

  if (spec.kind === 'grader') {
    if (spec.ability !== undefined && !own(e2e.abilities, spec.ability)) return abilityMissing(spec.ability);
    return resolveGrader(spec, e2e, aggregation ?? 'mean');
  }
  if (spec.kind === 'harm') return resolveHarm(spec, e2e, abilityMissing);
  if (spec.kind === 'stage') return resolveStage(spec, e2e, abilityMissing);

  if (spec.kind === 'diff') {
    const ability = own(e2e.abilities, spec.ability);
    if (!ability) return abilityMissing(spec.ability);
    const [a, b]: [Condition, Condition] = spec.diff === 'lift' ? ['recall', 'none'] : ['oracle', 'recall'];
    const value = spec.diff === 'lift' ? ability.lift_over_none : ability.gap_oracle_over_recall;
    if (value === undefined) return { status: 'missing', reason: `${spec.diff} needs the ${a} and ${b} conditions (conditions: ${e2e.conditions.join(', ')})` };
    return { status: 'value', value, layer: 'e2e', samples: caseDiffSamples(casesOf(spec.ability), a, b) };
  }

  if (spec.kind === 'cost') return conditionCost(e2e, spec.name, spec.condition);

  if (spec.kind === 'latency') {
    const what = spec.which === 'call' ? 'a latency' : 'a recall time';
    const read = (trial: TrialRecord) => trial.invocations.map((call) => (spec.which === 'call' ? call.latency_ms : call.recall_ms)).filter((value): value is number => value !== undefined);
    // What recall adds is measured where recall runs: none and oracle do not search, faults are their own figures.
    const measured = spec.which === 'call' ? (trials ?? []) : (trials ?? []).filter((trial) => trial.condition === 'recall');
    return perCallResolution(measured, read, e2e.latency_ms[spec.which], aggregation ?? 'median', spec.which === 'call' ? 'e2e.latency_ms' : 'e2e.recall_latency_ms', what, e2e);
  }

  if (spec.kind === 'fault') return resolveFault(spec, e2e, casesOf(undefined), aggregation, trials);

  switch (spec.name) {
    case 'cost_usd': {
      if (e2e.cost_usd === null) return { status: 'missing', reason: `the run's cost is unknown: ${unknownCostReason(e2e.cost, e2e.target.kind)}` };
      const usable = trials && trials.length > 0 && trials.every((trial) => trial.cost_usd !== null);
      const samples: UnitSamples | undefined = usable ? { unit: 'case', ...groupByCase(trials, (trial) => [trial.cost_usd!], e2e), statistic: sumAll } : undefined;
      return { status: 'value', value: e2e.cost_usd, layer: 'e2e', ...(samples ? { samples } : {}) };
    }
    case 'embedding_cost_usd': {
      const value = e2e.cost?.embedding_usd;
      if (value === undefined) return { status: 'missing', reason: 'the results have no embedding cost (written by an older recall-gate)' };
      if (value === null) return { status: 'missing', reason: 'the embedding cost is unknown: an embedding model has no price, or a response reported no token count', hint: 'add the embedding model to e2e.prices' };
      return { status: 'value', value, layer: 'e2e' };
    }
    case 'injected_tokens': {
      if (!e2e.cost) return { status: 'missing', reason: 'the results have no injected tokens (written by an older recall-gate)' };
      return { status: 'value', value: e2e.cost.injected_tokens, layer: 'e2e' };
    }
    case 'leaks': {
      if (!e2e.conditions.includes('none')) return { status: 'missing', reason: 'leaks are found under the none condition, which did not run' };
      return { status: 'value', value: e2e.leaks.length, layer: 'e2e', samples: { unit: 'case', units: Object.values(e2e.cases).map((result) => [result.leak ? 1 : 0]), ...caseNames(Object.entries(e2e.cases)), statistic: sum } };
    }
    default: {
      const name = spec.name;
      const value = e2e.recall_quality[name];
      if (value === undefined) {
        const why = name === 'harmful_recall_rate' ? 'no case with obsolete or disallowed texts reported what it recalled' : 'no case with evidence reported what it recalled';
        return { status: 'missing', reason: `no ${name}: ${why}` };
      }
      const read = (trial: TrialRecord): number[] => {
        if (name === 'harmful_recall_rate') return trial.harmful_recall === undefined ? [] : [trial.harmful_recall ? 1 : 0];
        const one = trial[name];
        return one === undefined ? [] : [one];
      };
      const searched = (trials ?? []).filter((trial) => trial.condition === e2e.headline_condition);
      const byCase = groupByCase(searched, read, e2e);
      return { status: 'value', value, layer: 'e2e', ...(byCase.units.length > 0 ? { samples: { unit: 'case', ...byCase, statistic: (sample) => mean(sample.flat()) } } : {}) };
    }
  }
}

/**
 * A per-call figure (latencies): from the trials when there are any, samples
 * grouped by case; else from the summary results.json keeps (no min there).
 */
function perCallResolution(trials: readonly TrialRecord[], read: (trial: TrialRecord) => number[], summary: LatencySummary | undefined, agg: Aggregation, name: string, what: string, e2e: E2eResult): Resolution {
  if (trials.length > 0) {
    const byCase = groupByCase(trials, read, e2e);
    const all = byCase.units.flat();
    if (all.length === 0) return { status: 'missing', reason: `no call in the trials reported ${what}` };
    return { status: 'value', value: aggregate(all, agg), aggregation: agg, layer: 'e2e', samples: { unit: 'case', ...byCase, statistic: (sample) => aggregate(sample.flat(), agg) } };
  }
  if (!summary || summary.count === 0) return { status: 'missing', reason: `no call reported ${what}` };
  if (agg === 'min') return { status: 'missing', reason: `the min of ${name} needs the trials (trials.jsonl); results.json keeps median, p95, mean and max` };
  return { status: 'value', value: summary[agg], aggregation: agg, layer: 'e2e' };
}

type FaultKey = Extract<MetricKey, { kind: 'fault' }>;

/** e2e.fault.<fault>.<metric>: the fault condition's rates, its probes' recall time, its difference from none. */
function resolveFault(spec: FaultKey, e2e: E2eResult, cases: NamedCase[], aggregation: Aggregation | undefined, trials: readonly TrialRecord[] | undefined): Resolution {
  const condition: Condition = `fault:${spec.fault}`;
  const group = e2e.by_condition[condition];
  if (!e2e.conditions.includes(condition) || !group) return { status: 'missing', reason: `the ${condition} condition did not run (conditions: ${e2e.conditions.join(', ')})`, hint: `add ${condition} to e2e.conditions` };
  const name = `e2e.fault.${spec.fault}.${spec.metric}`;
  switch (spec.metric) {
    case 'pass_rate':
    case 'errors': {
      const resolution = rateResolution(spec.metric, group, cases, condition, aggregation);
      const note = erroredNote(e2e, condition, undefined, group);
      return resolution.status === 'value' && note ? { ...resolution, note } : resolution;
    }
    case 'vs_none': {
      const none = e2e.by_condition.none;
      if (!e2e.conditions.includes('none') || !none) return { status: 'missing', reason: `${name} compares with the none condition, which did not run`, hint: 'add none to e2e.conditions' };
      return { status: 'value', value: e2e.faults?.[spec.fault]?.vs_none ?? group.pass_rate - none.pass_rate, layer: 'e2e', samples: caseDiffSamples(cases, condition, 'none') };
    }
    case 'recall_latency_ms': {
      const mine = (trials ?? []).filter((trial) => trial.condition === condition);
      return perCallResolution(mine, probeRecallMs, e2e.faults?.[spec.fault]?.recall_latency_ms, aggregation ?? 'median', name, `a recall time under ${condition}`, e2e);
    }
  }
}

type GraderKey = Extract<MetricKey, { kind: 'grader' }>;

/**
 * A grader's figure under one condition, over the run or one ability. Mean is
 * the pooled figure results.json reports; the other aggregations are taken
 * over trials for score and over cases for pass_rate and pass^k, from the
 * per-case figures of results.e2e.graders (which also pair two runs by case).
 */
function resolveGrader(spec: GraderKey, e2e: E2eResult, aggregation: Aggregation): Resolution {
  const condition = spec.condition ?? e2e.headline_condition;
  if (!e2e.conditions.includes(condition)) return { status: 'missing', reason: `the ${condition} condition did not run (conditions: ${e2e.conditions.join(', ')})` };
  const overall = own(e2e.graders, spec.grader);
  const summary: GraderSummary | undefined = spec.ability === undefined ? overall : own(e2e.abilities[spec.ability]!.graders, spec.grader);
  const where = `grader ${spec.grader}${spec.ability === undefined ? '' : ` in ability ${spec.ability}`}`;
  if (!summary) return { status: 'missing', reason: `no case of ability ${spec.ability} has the grader ${spec.grader}` };
  const group = summary.conditions[condition];
  if (!group) return { status: 'missing', reason: `no ${condition} results for ${where}` };
  if (group.skipped === group.trials) {
    return { status: 'skipped', layer: 'e2e', reason: `every ${condition} trial of ${where} was skipped${group.reasons?.skipped ? `: ${group.reasons.skipped}` : ''}` };
  }
  if (spec.metric === 'score' && group.scored === 0) {
    return { status: 'missing', reason: `no ${condition} trial of ${where} has a score (${group.errors} errors, ${group.skipped} skipped)${group.reasons?.error ? `: ${group.reasons.error}` : ''}` };
  }
  const cases: NamedGraderCase[] = Object.entries(overall?.cases ?? {})
    .filter(([name]) => spec.ability === undefined || own(e2e.cases, name)?.ability === spec.ability)
    .flatMap(([name, byCondition]) => (byCondition[condition] ? [{ name, cluster: resamplingUnit(name, own(e2e.cases, name)), figures: byCondition[condition]! }] : []));
  const notes = [
    ...(group.errors > 0 ? [`${group.errors} of ${group.trials} trials of ${where} errored and count as not passed${group.reasons?.error ? `: ${group.reasons.error}` : ''}`] : []),
    ...(group.skipped > 0 ? [`${group.skipped} skipped, left out of the pass rate`] : []),
    ...(spec.metric === 'score' && group.scored < group.trials ? [`the score is the mean over the ${group.scored} of ${group.trials} trials that have one`] : []),
    ...(summary.note ? [summary.note] : []),
  ];
  const noted = (resolution: Resolution): Resolution => (resolution.status === 'value' && notes.length ? { ...resolution, note: notes.join('; ') } : resolution);
  const hasCases = Object.keys(overall?.cases ?? {}).length > 0;
  if (aggregation === 'mean') {
    // Every trial skipped was answered above; a rate over graded trials exists from here on.
    const value = spec.metric === 'score' ? group.mean_score! : group[spec.metric]!;
    return noted({ status: 'value', value, aggregation, layer: 'e2e', ...(hasCases ? { samples: graderSamples(cases, spec.metric) } : {}) });
  }
  if (!hasCases) return { status: 'missing', reason: `the ${aggregation} of ${spec.metric} needs the per-case figures of results.e2e.graders, which this results.json lacks` };
  if (spec.metric === 'score') {
    const scores = cases.flatMap(({ figures }) => figures.scores);
    return noted({ status: 'value', value: aggregate(scores, aggregation), aggregation, layer: 'e2e', samples: graderSamples(cases, 'score', (values) => aggregate(values, aggregation)) });
  }
  const graded = cases.filter(({ figures }) => figures.trials > figures.skipped);
  const values = graded.map(({ figures }) => (spec.metric === 'pass_rate' ? figures.passed / (figures.trials - figures.skipped) : figures['pass^k'] ? 1 : 0));
  return noted(casesOrMissing(values, aggregation, { ids: graded.map((one) => one.name), clusters: graded.map((one) => one.cluster) }));
}

/** A harm figure from results.e2e.harm, with per-case [count, of] samples pooled as pass rates are. */
function resolveHarm(spec: Extract<E2eKey, { kind: 'harm' }>, e2e: E2eResult, abilityMissing: (ability: string) => Resolution): Resolution {
  const condition = spec.condition ?? e2e.headline_condition;
  if (!e2e.conditions.includes(condition)) return { status: 'missing', reason: `the ${condition} condition did not run (conditions: ${e2e.conditions.join(', ')})` };
  if (spec.ability !== undefined && !own(e2e.abilities, spec.ability)) return abilityMissing(spec.ability);
  if (!e2e.harm) return { status: 'missing', reason: 'results.json has no harm figures (written by an older recall-gate)', hint: 'run the e2e layer again, or regrade' };
  const field = HARM_RATES[spec.rate];
  const rates = spec.ability === undefined ? e2e.harm.by_condition[condition] : own(e2e.harm.abilities, spec.ability)?.[condition];
  const value = rates?.[field]?.rate;
  if (value === undefined) {
    const why = field === 'empty_recall' && (condition === 'none' || condition === 'oracle') ? `${condition} does not search memory` : `no trial under ${condition}${spec.ability ? ` of ability ${spec.ability}` : ''} has the figure defined`;
    return { status: 'missing', reason: `no ${spec.rate}: ${why}` };
  }
  const named = Object.entries(e2e.harm.cases)
    .filter(([name]) => spec.ability === undefined || own(e2e.cases, name)?.ability === spec.ability)
    .map(([name, byCondition]) => [name, byCondition[condition]?.[field]] as const)
    .filter((entry): entry is readonly [string, NonNullable<(typeof entry)[1]>] => entry[1] !== undefined && entry[1].of > 0);
  const names = caseNames(named.map(([name]) => [name, own(e2e.cases, name) ?? { ability: '', conditions: {}, leak: false }]));
  return { status: 'value', value, layer: 'e2e', samples: { unit: 'case', units: named.map(([, share]) => [share.count, share.of]), ...names, statistic: pooledRate } };
}

/** e2e[.ability.<ability>].stage.<stage>.rate from results.e2e.stages, with per-case [count, trials] samples pooled as pass rates are. */
function resolveStage(spec: Extract<E2eKey, { kind: 'stage' }>, e2e: E2eResult, abilityMissing: (ability: string) => Resolution): Resolution {
  if (!e2e.conditions.includes('recall')) return { status: 'missing', reason: `stages are counted under recall, which did not run (conditions: ${e2e.conditions.join(', ')})`, hint: 'add recall to e2e.conditions' };
  if (spec.ability !== undefined && !own(e2e.abilities, spec.ability)) return abilityMissing(spec.ability);
  if (!e2e.stages) return { status: 'missing', reason: 'results.json has no stage counts (written by an older recall-gate)', hint: 'regrade the results folder, or run the e2e layer again' };
  const counts = spec.ability === undefined ? e2e.stages.by_condition.recall : own(e2e.stages.abilities, spec.ability)?.recall;
  if (!counts || counts.trials === 0) return { status: 'missing', reason: `no trial under recall${spec.ability ? ` of ability ${spec.ability}` : ''}` };
  const named = Object.entries(e2e.stages.cases).filter(([name, figures]) => figures.trials > 0 && (spec.ability === undefined || own(e2e.cases, name)?.ability === spec.ability));
  const names = caseNames(named.map(([name]) => [name, own(e2e.cases, name) ?? { ability: '', conditions: {}, leak: false }]));
  return { status: 'value', value: counts[spec.stage] / counts.trials, layer: 'e2e', samples: { unit: 'case', units: named.map(([, figures]) => [figures[spec.stage], figures.trials]), ...names, statistic: pooledRate } };
}

/** e2e.<condition>.cost_per_success and .injected_tokens: one number per run, from results.e2e.cost. */
function conditionCost(e2e: E2eResult & { target?: { kind: string } }, name: E2eConditionCost, condition: Condition): Resolution {
  if (!e2e.conditions.includes(condition)) return { status: 'missing', reason: `the ${condition} condition did not run (conditions: ${e2e.conditions.join(', ')})` };
  const figures = e2e.cost?.by_condition[condition];
  if (!figures) return { status: 'missing', reason: `the results have no ${condition} cost figures (written by an older recall-gate)` };
  if (name === 'injected_tokens') return { status: 'value', value: figures.injected_tokens, layer: 'e2e' };
  if (figures.cost_per_success === undefined) return { status: 'missing', reason: `no ${condition} trial passed: there is no success to price` };
  if (figures.cost_per_success === null) return { status: 'missing', reason: `the ${condition} spend is unknown (in the whole run: ${unknownCostReason(e2e.cost, e2e.target?.kind)})` };
  return { status: 'value', value: figures.cost_per_success, layer: 'e2e' };
}

function casesOrMissing(values: number[], aggregation: Aggregation, names: UnitNames): Resolution {
  if (values.length === 0) return { status: 'missing', reason: 'no case has trials under that condition' };
  return valueOf(values, aggregation, 'case', 'e2e', names);
}

/** Per-case values read from the trials, named by case (history from the run's cases); cases with no value are left out. */
function groupByCase(trials: readonly TrialRecord[], read: (trial: TrialRecord) => number[], e2e: E2eResult): Pick<UnitSamples, 'units' | 'ids' | 'clusters'> {
  // trials.jsonl is read as written (a baseline's may come from an artifact): a figure that is not a finite number is
  // taken as not reported, as a missing one is, rather than turning every draw of an interval into NaN.
  const finite = (trial: TrialRecord) => read(trial).filter((value) => typeof value === 'number' && Number.isFinite(value));
  const groups = [...groupBy(trials, (trial) => trial.case).entries()].map(([name, caseTrials]) => ({ name, values: caseTrials.flatMap(finite) })).filter((group) => group.values.length > 0);
  return {
    units: groups.map((group) => group.values),
    ids: groups.map((group) => group.name),
    clusters: groups.map((group) => resamplingUnit(group.name, own(e2e.cases, group.name))),
  };
}

function sum(units: readonly (readonly number[])[]): number {
  return units.reduce((total, unit) => total + unit[0]!, 0);
}

function sumAll(units: readonly (readonly number[])[]): number {
  return units.reduce((total, unit) => total + unit.reduce((a, b) => a + b, 0), 0);
}

/**
 * A record's own entry: names come from the suite, and "constructor" or
 * "toString" must not find Object.prototype's.
 */
function own<T>(record: Record<string, T> | undefined, key: string): T | undefined {
  return record && Object.hasOwn(record, key) ? record[key] : undefined;
}
