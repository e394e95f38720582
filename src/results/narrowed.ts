import type { ResultsDocument } from '../model/results.js';

/**
 * Whether a run measured part of its suite: some cases or queries, a sample,
 * or one shard. Its figures are not the whole suite's, so it is never a
 * baseline and never a point of a trend.
 */
export function isNarrowedRun(results: Pick<ResultsDocument, 'selection' | 'sample' | 'shard'>): boolean {
  return results.selection !== undefined || results.sample !== undefined || results.shard !== undefined;
}
