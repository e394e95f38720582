/** Shapes of the numbers results carry: an interval, a latency summary, a row of metric values. */

/** A single run's interval and the number of units resampled. */
export interface IntervalEstimate {
  ci: [number, number];
  n: number;
}

export interface LatencySummary {
  count: number;
  median: number;
  p95: number;
  mean: number;
  max: number;
}

export type MetricValues = Record<string, number>;
