/** Shapes of the numbers results carry: an interval, a latency summary, a row of metric values. */

/**
 * What a retrieval interval resamples (retrieval.interval_unit): whole
 * queries, whole users with all their queries, or whole query groups (a
 * query's group:, each query without one a group of its own).
 */
export type IntervalUnit = 'query' | 'user' | 'group';

/** A single run's interval and the number of units resampled. */
export interface IntervalEstimate {
  ci: [number, number];
  n: number;
  /** What n counts, for retrieval intervals; absent for e2e ones (cases, a plant_from history counting once) and in older results (queries). */
  unit?: IntervalUnit;
}

export interface LatencySummary {
  count: number;
  median: number;
  p95: number;
  mean: number;
  max: number;
}

export type MetricValues = Record<string, number>;
