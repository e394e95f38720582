import { meanMetrics, metricNames, queryMetrics } from './metrics.js';
import type { MetricValues } from '../model/figures.js';
import { trecEvalOrder, type Qrels, type Run } from './trec.js';

export interface TrecScore {
  /** Queries averaged: every query in the qrels (as `trec_eval -c`). */
  queryCount: number;
  /** Run queries with no judgments: ignored, as trec_eval ignores them. */
  ignoredRunQueries: string[];
  /** Judged queries the run has no line for: scored 0. */
  missingFromRun: string[];
  means: MetricValues;
  perQuery: Record<string, MetricValues>;
}

/**
 * Scores a TREC run against qrels with the same metric code as `recall-gate run`,
 * ordering each query's documents as trec_eval does.
 */
export function scoreTrec(qrels: Qrels, run: Run, cutoffs: readonly number[]): TrecScore {
  const perQuery: Record<string, MetricValues> = {};
  const missingFromRun: string[] = [];
  const qids = [...qrels.keys()].sort();
  for (const qid of qids) {
    const entries = run.get(qid);
    if (!entries) missingFromRun.push(qid);
    const ranked = trecEvalOrder(entries ?? []).map((entry) => entry.docid);
    perQuery[qid] = queryMetrics(ranked, qrels.get(qid)!, cutoffs);
  }
  const ignoredRunQueries = [...run.keys()].filter((qid) => !qrels.has(qid)).sort();
  return {
    queryCount: qids.length,
    ignoredRunQueries,
    missingFromRun,
    means: meanMetrics(Object.values(perQuery), metricNames(cutoffs)),
    perQuery,
  };
}
