/**
 * Retrieval metrics for one query, with trec_eval's definitions
 * (recall.k, P.k, success.k, ndcg_cut.k, recip_rank):
 *
 * - `ranked` is the result list in the order it is judged (best first);
 * - `gains` maps each judged document to its relevance; a document counts as
 *   relevant when its gain is at least 1, and nDCG uses the gain itself;
 * - a query with no relevant document scores 0 everywhere and still counts in a mean.
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

export type MetricValues = Record<string, number>;

/** Every metric for one query, keyed as results.json and the gate name them. */
export function queryMetrics(ranked: readonly string[], gains: Gains, cutoffs: readonly number[]): MetricValues {
  const values: MetricValues = {};
  for (const k of cutoffs) {
    values[`recall@${k}`] = recallAtK(ranked, gains, k);
    values[`precision@${k}`] = precisionAtK(ranked, gains, k);
    values[`success@${k}`] = successAtK(ranked, gains, k);
    values[`ndcg@${k}`] = ndcgAtK(ranked, gains, k);
  }
  values.mrr = reciprocalRank(ranked, gains);
  return values;
}

/** Arithmetic mean of each metric over queries; every query counts, including zeros. */
export function meanMetrics(perQuery: readonly MetricValues[], cutoffs: readonly number[]): MetricValues {
  const names = metricNames(cutoffs);
  const means: MetricValues = {};
  for (const name of names) {
    let sum = 0;
    for (const values of perQuery) sum += values[name] ?? 0;
    means[name] = perQuery.length === 0 ? 0 : sum / perQuery.length;
  }
  return means;
}

export function metricNames(cutoffs: readonly number[]): string[] {
  const names: string[] = [];
  for (const family of ['recall', 'precision', 'success', 'ndcg']) for (const k of cutoffs) names.push(`${family}@${k}`);
  names.push('mrr');
  return names;
}
