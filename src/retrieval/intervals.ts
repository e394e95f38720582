/**
 * Single-run intervals of the retrieval layer: a 95% percentile bootstrap
 * interval beside each headline mean of a provider, over whole queries. Each
 * interval draws its own seeded stream (named by its gate key), so it is
 * reproducible and independent of order.
 */
import type { QueryOutcome } from '../model/results.js';
import { keyedIntervals, type Intervals } from '../stats/bootstrap.js';
import { mean } from '../stats/summary.js';

/** Intervals of a provider's means over its queries, for the named metrics (keys as in provider.metrics). */
export function retrievalIntervals(provider: string, queries: readonly QueryOutcome[], metrics: readonly string[]): Intervals {
  const ids = queries.map((query) => query.id);
  return keyedIntervals(
    metrics.map((metric) => [
      metric,
      `retrieval.${provider}.${metric}`,
      { unit: 'query', ids, units: queries.map((query) => [query.metrics[metric] ?? 0]), statistic: (sample) => mean(sample.map((unit) => unit[0]!)) },
    ]),
  );
}
