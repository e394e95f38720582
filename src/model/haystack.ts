/**
 * The haystack curve (retrieval.haystack): each provider run again with the
 * memories no query names thinned to a fraction, so a run shows how retrieval
 * degrades as a user's memory grows. What the suite asks for and what results
 * keep; retrieval/haystack.ts draws the samples and fits the slope.
 */
import type { MetricValues } from './figures.js';

/** retrieval.haystack as the loader builds it. */
export interface HaystackSpec {
  /** Ascending, unique, in (0, 1], the last one 1 (the normal run). */
  fractions: number[];
  /** Seeds which memories each fraction keeps (retrieval.haystack_seed). */
  seed: number;
}

/** What results.retrieval.haystack records of the run's haystack: the settings and how many memories could be thinned. */
export interface HaystackRecord extends HaystackSpec {
  /** Memories no query names (relevant, for its user): the ones the fractions thin. */
  distractors: number;
}

/** One point of a provider's curve. */
export interface HaystackPoint {
  fraction: number;
  /** Memories seeded at this fraction, every user's. */
  memories: number;
  /** Means over the queries with a relevant memory, as ProviderResult.metrics; at 1, those very figures. */
  metrics: MetricValues;
  /** What this fraction's run took (a fresh store each); at 1, the normal run's; 0 when it was not run (same_as_whole). */
  timings_ms: { setup: number; seed: number; prepare: number; search: number };
  /** The fraction kept every memory (too little hay to thin), so it was not run: the normal run's figures stand for it. */
  same_as_whole?: true;
}

/** A provider's haystack curve (ProviderResult.haystack). */
export interface ProviderHaystack {
  /** One per fraction, ascending; the last is the normal run. */
  points: HaystackPoint[];
  /**
   * The change per doubling of the haystack, per metric: the least-squares
   * slope of the metric's mean against log2 of the memories seeded, over the
   * points. Absent when every point seeded as many memories (nothing to thin).
   */
  per_doubling?: MetricValues;
}
