import type { MetricValues } from '../model/figures.js';
import type { ProviderResult, QueryOutcome } from '../model/results.js';

/**
 * Retrieval metrics for one query, with trec_eval's definitions
 * (recall.k, P.k, success.k, ndcg_cut.k, recip_rank) and LongMemEval's
 * recall_all@k, which trec_eval has no name for:
 *
 * - `ranked` is the result list in the order it is judged (best first);
 * - `gains` maps each judged document to its relevance; a document counts as
 *   relevant when its gain is at least 1, and nDCG uses the gain itself;
 * - a query with no relevant document scores 0 everywhere; `score` averages it
 *   in (as trec_eval -c), a run leaves it out of its means (see hasRelevant).
 */
export type Gains = ReadonlyMap<string, number>;

export function relevantCount(gains: Gains): number {
  let count = 0;
  for (const gain of gains.values()) if (gain >= 1) count++;
  return count;
}

function relevantInTopK(ranked: readonly string[], gains: Gains, k: number): number {
  let found = 0;
  const end = Math.min(k, ranked.length);
  for (let i = 0; i < end; i++) if ((gains.get(ranked[i]!) ?? 0) >= 1) found++;
  return found;
}

/** |relevant in top k| / |relevant|; 0 when nothing is relevant. */
export function recallAtK(ranked: readonly string[], gains: Gains, k: number): number {
  const total = relevantCount(gains);
  return total === 0 ? 0 : relevantInTopK(ranked, gains, k) / total;
}

/**
 * 1 when every relevant document is in the top k (LongMemEval's recall_all@k,
 * its tables' "Recall@k"); 0 when nothing is relevant, where LongMemEval's
 * all() over an empty list would give 1 (it skips such questions instead).
 */
export function recallAllAtK(ranked: readonly string[], gains: Gains, k: number): number {
  const total = relevantCount(gains);
  return total > 0 && relevantInTopK(ranked, gains, k) === total ? 1 : 0;
}

/** |relevant in top k| / k, dividing by k even when fewer were returned. */
export function precisionAtK(ranked: readonly string[], gains: Gains, k: number): number {
  return relevantInTopK(ranked, gains, k) / k;
}

/** 1 when any relevant document is in the top k. */
export function successAtK(ranked: readonly string[], gains: Gains, k: number): number {
  return relevantInTopK(ranked, gains, k) > 0 ? 1 : 0;
}

/** 1 / rank of the first relevant document in the whole list; 0 when none is returned. */
export function reciprocalRank(ranked: readonly string[], gains: Gains): number {
  const index = ranked.findIndex((id) => (gains.get(id) ?? 0) >= 1);
  return index < 0 ? 0 : 1 / (index + 1);
}

/**
 * DCG@k / ideal DCG@k, with gain_r / log2(r + 1) at rank r. The ideal list
 * sorts every judged gain, so relevant documents never returned still count.
 */
export function ndcgAtK(ranked: readonly string[], gains: Gains, k: number): number {
  const ideal = [...gains.values()].filter((gain) => gain > 0).sort((a, b) => b - a);
  const idealDcg = dcg(ideal, k);
  if (idealDcg === 0) return 0;
  return dcg(ranked.map((id) => gains.get(id) ?? 0), k) / idealDcg;
}

function dcg(gainsInOrder: readonly number[], k: number): number {
  let sum = 0;
  const end = Math.min(k, gainsInOrder.length);
  for (let i = 0; i < end; i++) {
    const gain = gainsInOrder[i]!;
    if (gain > 0) sum += gain / Math.log2(i + 2);
  }
  return sum;
}

/** 1-based rank of each relevant document, or null when it was not returned. */
export function ranksOfRelevant(ranked: readonly string[], gains: Gains): Record<string, number | null> {
  const position = new Map(ranked.map((id, index) => [id, index + 1] as const));
  // fromEntries defines own keys: assigning ranks["__proto__"] would set the prototype and lose the id.
  return Object.fromEntries([...gains].filter(([, gain]) => gain >= 1).map(([id]) => [id, position.get(id) ?? null]));
}

/**
 * Staleness, ours (trec_eval has no counterpart): a query may name `obsolete`
 * memories of its user, true once and since superseded. Both figures are 0 or
 * 1 per query, and a run's mean is the share of the queries that name an
 * obsolete memory (the others are left out and counted). Lower is better.
 */
export const STALE_ABOVE_CURRENT = 'stale_above_current';

/** 1 when an obsolete memory is in the top k. */
export function staleAtK(ranked: readonly string[], obsolete: ReadonlySet<string>, k: number): number {
  const end = Math.min(k, ranked.length);
  for (let i = 0; i < end; i++) if (obsolete.has(ranked[i]!)) return 1;
  return 0;
}

/**
 * 1 when an obsolete memory is in the returned list and either ranks above
 * every relevant one or some relevant memory is missing from the list: the
 * searcher would meet the superseded fact before (or instead of) the current
 * one. With no relevant memory at all, an obsolete one returned counts (it
 * ranks above every relevant one, of which there are none).
 */
export function staleAboveCurrent(ranked: readonly string[], gains: Gains, obsolete: ReadonlySet<string>): number {
  const firstObsolete = ranked.findIndex((id) => obsolete.has(id));
  if (firstObsolete < 0) return 0;
  let firstRelevant = Infinity;
  for (const [id, gain] of gains) {
    if (gain < 1) continue;
    const at = ranked.indexOf(id);
    if (at < 0) return 1;
    firstRelevant = Math.min(firstRelevant, at);
  }
  return firstObsolete < firstRelevant ? 1 : 0;
}

/** The staleness figures of one query, named as results.json and the gate name them: stale@k for each k, stale_above_current. */
export function stalenessMetrics(ranked: readonly string[], gains: Gains, obsolete: ReadonlySet<string>, cutoffs: readonly number[]): MetricValues {
  const values: MetricValues = {};
  for (const k of cutoffs) values[`stale@${k}`] = staleAtK(ranked, obsolete, k);
  values[STALE_ABOVE_CURRENT] = staleAboveCurrent(ranked, gains, obsolete);
  return values;
}

/** The staleness names a run computes, in the order the tables list them. */
export function stalenessNames(cutoffs: readonly number[]): string[] {
  return [...cutoffs.map((k) => `stale@${k}`), STALE_ABOVE_CURRENT];
}

/** A query that names an obsolete memory: a suite's query (a list of ids) or an outcome (ids with their ranks). */
export function namesObsolete(query: { obsolete?: readonly string[] | Readonly<Record<string, unknown>> }): boolean {
  const obsolete = query.obsolete;
  if (obsolete === undefined) return false;
  return Array.isArray(obsolete) ? obsolete.length > 0 : Object.keys(obsolete).length > 0;
}

/** Every metric for one query, keyed as results.json and the gate name them. */
export function queryMetrics(ranked: readonly string[], gains: Gains, cutoffs: readonly number[]): MetricValues {
  const values: MetricValues = {};
  for (const k of cutoffs) {
    values[`recall@${k}`] = recallAtK(ranked, gains, k);
    values[`recall_all@${k}`] = recallAllAtK(ranked, gains, k);
    values[`precision@${k}`] = precisionAtK(ranked, gains, k);
    values[`success@${k}`] = successAtK(ranked, gains, k);
    values[`ndcg@${k}`] = ndcgAtK(ranked, gains, k);
  }
  values.mrr = reciprocalRank(ranked, gains);
  return values;
}

/** Arithmetic mean of each named metric over the queries given; every one counts, zeros included, a missing value as 0. */
export function meanMetrics(perQuery: readonly MetricValues[], names: readonly string[]): MetricValues {
  const means: MetricValues = {};
  for (const name of names) {
    let sum = 0;
    for (const values of perQuery) sum += values[name] ?? 0;
    means[name] = perQuery.length === 0 ? 0 : sum / perQuery.length;
  }
  return means;
}

/** The @k families, in the order results.json and the tables list them. */
export const METRIC_FAMILIES = ['recall', 'recall_all', 'precision', 'success', 'ndcg'] as const;
export type MetricFamily = (typeof METRIC_FAMILIES)[number];

/** Group-level metrics (retrieval.group_metrics) are named as the memory-level ones with this prefix: group_recall@5. */
export const GROUP_PREFIX = 'group_';

/** Every metric name a run computes: each family at each cut-off, then mrr; with groups, the same again prefixed group_. */
export function metricNames(cutoffs: readonly number[], options: { groups?: boolean } = {}): string[] {
  const names: string[] = [];
  for (const family of METRIC_FAMILIES) for (const k of cutoffs) names.push(`${family}@${k}`);
  names.push('mrr');
  return options.groups ? [...names, ...names.map((name) => `${GROUP_PREFIX}${name}`)] : names;
}

/**
 * A query is scored when it names a relevant memory. One with `relevant: []`
 * (a LongMemEval abstention question, say) has no metric worth averaging: a run
 * leaves it out of means, intervals, per-tag means and paired tests, and counts it.
 */
export function hasRelevant(query: { relevant: Readonly<Record<string, number>> }): boolean {
  for (const gain of Object.values(query.relevant)) if (gain >= 1) return true;
  return false;
}

/** The queries that count in a mean: those with a relevant memory. */
export function scoredQueries<Q extends { relevant: Readonly<Record<string, number>> }>(queries: readonly Q[]): Q[] {
  return queries.filter(hasRelevant);
}

/** What RetrievalResult.definitions says of the numbers. */
export const METRIC_DEFINITIONS =
  'trec_eval (recall.k, P.k, success.k, ndcg_cut.k, recip_rank over the returned list) and LongMemEval (recall_all@k); every query with a relevant memory counts in each mean, as trec_eval -c';

/** What RetrievalResult.definitions adds when some query names an obsolete memory. */
export const STALENESS_DEFINITIONS =
  'stale@k: share of the queries naming an obsolete memory whose top k holds one; stale_above_current: share where an obsolete memory is returned and ranks above every relevant one, or a relevant one is not returned (lower is better)';

/** The group-level figures of these columns (retrieval.group_metrics). */
export function groupColumns(columns: readonly string[]): string[] {
  return columns.map((name) => `${GROUP_PREFIX}${name}`);
}

/** Columns shown in the short tables; results.json has every metric. */
export function headlineMetrics(k: readonly number[]): string[] {
  const largest = k[k.length - 1]!;
  return [...k.map((cut) => `recall@${cut}`), 'mrr', `ndcg@${largest}`, `precision@${largest}`];
}

/** Queries where some relevant memory is not in the top k; one with no relevant memory cannot miss one. */
export function missedQueries(provider: ProviderResult, k: number): QueryOutcome[] {
  return scoredQueries(provider.queries).filter((query) => (query.metrics[`recall@${k}`] ?? 0) < 1);
}
