
// src/retrieval/metrics.ts
function relevantCount(gains) {
  let count = 0;
  for (const gain of gains.values()) if (gain >= 1) count++;
  return count;
}
function relevantInTopK(ranked, gains, k) {
  let found = 0;
  const end = Math.min(k, ranked.length);
  for (let i = 0; i < end; i++) if ((gains.get(ranked[i]) ?? 0) >= 1) found++;
  return found;
}
function recallAtK(ranked, gains, k) {
  const total = relevantCount(gains);
  return total === 0 ? 0 : relevantInTopK(ranked, gains, k) / total;
}
function recallAllAtK(ranked, gains, k) {
  const total = relevantCount(gains);
  return total > 0 && relevantInTopK(ranked, gains, k) === total ? 1 : 0;
}
function precisionAtK(ranked, gains, k) {
  return relevantInTopK(ranked, gains, k) / k;
}
function successAtK(ranked, gains, k) {
  return relevantInTopK(ranked, gains, k) > 0 ? 1 : 0;
}
function reciprocalRank(ranked, gains) {
  const index = ranked.findIndex((id) => (gains.get(id) ?? 0) >= 1);
  return index < 0 ? 0 : 1 / (index + 1);
}
function ndcgAtK(ranked, gains, k) {
  const ideal = [...gains.values()].filter((gain) => gain > 0).sort((a, b) => b - a);
  const idealDcg = dcg(ideal, k);
  if (idealDcg === 0) return 0;
  return dcg(ranked.map((id) => gains.get(id) ?? 0), k) / idealDcg;
}
function dcg(gainsInOrder, k) {
  let sum = 0;
  const end = Math.min(k, gainsInOrder.length);
  for (let i = 0; i < end; i++) {
    const gain = gainsInOrder[i];
    if (gain > 0) sum += gain / Math.log2(i + 2);
  }
  return sum;
}
function ranksOfRelevant(ranked, gains) {
  const position = new Map(ranked.map((id, index) => [id, index + 1]));
  return Object.fromEntries([...gains].filter(([, gain]) => gain >= 1).map(([id]) => [id, position.get(id) ?? null]));
}
var STALE_ABOVE_CURRENT = "stale_above_current";
function staleAtK(ranked, obsolete, k) {
  const end = Math.min(k, ranked.length);
  for (let i = 0; i < end; i++) if (obsolete.has(ranked[i])) return 1;
  return 0;
}
function staleAboveCurrent(ranked, gains, obsolete) {
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
function stalenessMetrics(ranked, gains, obsolete, cutoffs) {
  const values = {};
  for (const k of cutoffs) values[`stale@${k}`] = staleAtK(ranked, obsolete, k);
  values[STALE_ABOVE_CURRENT] = staleAboveCurrent(ranked, gains, obsolete);
  return values;
}
function stalenessNames(cutoffs) {
  return [...cutoffs.map((k) => `stale@${k}`), STALE_ABOVE_CURRENT];
}
function namesObsolete(query) {
  const obsolete = query.obsolete;
  if (obsolete === void 0) return false;
  return Array.isArray(obsolete) ? obsolete.length > 0 : Object.keys(obsolete).length > 0;
}
function queryMetrics(ranked, gains, cutoffs) {
  const values = {};
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
function meanMetrics(perQuery, names) {
  const means = {};
  for (const name of names) {
    let sum = 0;
    for (const values of perQuery) sum += values[name] ?? 0;
    means[name] = perQuery.length === 0 ? 0 : sum / perQuery.length;
  }
  return means;
}
var METRIC_FAMILIES = ["recall", "recall_all", "precision", "success", "ndcg"];
var GROUP_PREFIX = "group_";
function metricNames(cutoffs, options = {}) {
  const names = [];
  for (const family of METRIC_FAMILIES) for (const k of cutoffs) names.push(`${family}@${k}`);
  names.push("mrr");
  return options.groups ? [...names, ...names.map((name) => `${GROUP_PREFIX}${name}`)] : names;
}
function hasRelevant(query) {
  for (const gain of Object.values(query.relevant)) if (gain >= 1) return true;
  return false;
}
function scoredQueries(queries) {
  return queries.filter(hasRelevant);
}
var METRIC_DEFINITIONS = "trec_eval (recall.k, P.k, success.k, ndcg_cut.k, recip_rank over the returned list) and LongMemEval (recall_all@k); every query with a relevant memory counts in each mean, as trec_eval -c";
var STALENESS_DEFINITIONS = "stale@k: share of the queries naming an obsolete memory whose top k holds one; stale_above_current: share where an obsolete memory is returned and ranks above every relevant one, or a relevant one is not returned (lower is better)";
function groupColumns(columns) {
  return columns.map((name) => `${GROUP_PREFIX}${name}`);
}
function headlineMetrics(k) {
  const largest = k[k.length - 1];
  return [...k.map((cut) => `recall@${cut}`), "mrr", `ndcg@${largest}`, `precision@${largest}`];
}
function missedQueries(provider, k) {
  return scoredQueries(provider.queries).filter((query) => (query.metrics[`recall@${k}`] ?? 0) < 1);
}

export {
  ranksOfRelevant,
  STALE_ABOVE_CURRENT,
  stalenessMetrics,
  stalenessNames,
  namesObsolete,
  queryMetrics,
  meanMetrics,
  METRIC_FAMILIES,
  GROUP_PREFIX,
  metricNames,
  hasRelevant,
  scoredQueries,
  METRIC_DEFINITIONS,
  STALENESS_DEFINITIONS,
  groupColumns,
  headlineMetrics,
  missedQueries
};
