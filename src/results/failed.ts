/**
 * What failed in a run, for run --rerun-failed: the cases with a failed trial
 * under the headline condition (as the report's "failing under" list) or an
 * errored trial under any, and the queries that missed a relevant memory in
 * the top k (the largest k) at some provider. A provider that could not
 * complete, or an e2e layer that could not start, fails every unit of its
 * layer (`all`): the folder cannot say which would have passed.
 */
import type { TrialRecord } from '../model/trial.js';
import { missedQueries } from '../retrieval/metrics.js';
import type { ResultsDocument } from '../model/results.js';

export interface FailedUnits {
  cases: string[];
  queries: string[];
  all: { cases: boolean; queries: boolean };
  /** The suite variant the failures are of: their rerun is of that variant too. */
  variant?: string;
}

export function failedUnits(results: ResultsDocument, trials: readonly TrialRecord[]): FailedUnits {
  const headline = results.e2e?.headline_condition;
  const cases = new Set(trials.filter((trial) => trial.status === 'error' || (trial.status === 'fail' && trial.condition === headline)).map((trial) => trial.case));
  const queries = new Set<string>();
  const retrieval = results.retrieval;
  let allQueries = results.layers.retrieval === 'ran' && !retrieval;
  if (retrieval) {
    const k = Math.max(...retrieval.k);
    for (const provider of Object.values(retrieval.providers)) {
      if (provider.status === 'error') allQueries = true;
      else for (const query of missedQueries(provider, k)) queries.add(query.id);
    }
  }
  const allCases = results.layers.e2e === 'ran' && !results.e2e;
  return { cases: [...cases], queries: [...queries], all: { cases: allCases, queries: allQueries }, ...(results.variant !== undefined ? { variant: results.variant } : {}) };
}
