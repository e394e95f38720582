import type { ProviderSpec, RetrievalSpec } from '../model/suite.js';
import type { ProviderResult, QueryOutcome } from '../model/results.js';
import type { HaystackPoint } from '../model/haystack.js';
import type { MetricValues } from '../model/figures.js';
import { fractionLabel, haystackSamples, perDoubling } from './haystack.js';
import { hasRelevant, meanMetrics, metricNames, scoredQueries } from './metrics.js';

/** How one run of a provider differs from the normal one: the haystack's smaller runs, and the normal run that carries their figures. */
export interface ProviderRun {
  /** What progress lines call the run; the provider's name when absent. */
  label?: string;
  /** Adds to each outcome before it is reported (the normal run's per-query haystack figures). */
  decorate?: (outcome: QueryOutcome, index: number) => void;
  /** Outcomes only: no means, intervals or per-tag figures, and no per-query rows written. */
  brief?: boolean;
}

/** runRetrieval's runProvider for one provider, passed in so this file need not import it (a cycle). */
export type RunProvider = (spec: RetrievalSpec, run?: ProviderRun) => Promise<ProviderResult>;

/**
 * A provider with retrieval.haystack: first a run at each fraction below 1,
 * each into a fresh store (reset, seeded with that fraction's sample, every
 * query asked), then the normal run, which is the point at 1 (it is not run
 * twice). A fraction whose sample is the whole suite is not run either. The smaller runs' per-query metrics ride on the normal run's
 * outcomes (QueryOutcome.haystack), so its rows carry them and a gate on a
 * split or a baseline can pair them by query. A smaller run that fails fails
 * the provider: its curve would be cut.
 */
export async function runWithHaystack(spec: RetrievalSpec, provider: ProviderSpec, runProvider: RunProvider): Promise<ProviderResult> {
  const haystack = spec.haystack!;
  const names = metricNames(spec.k, { groups: spec.group_metrics });
  const samples = haystackSamples(spec.memories, spec.queries, haystack.fractions.filter((fraction) => fraction < 1), haystack.seed);
  const points: HaystackPoint[] = [];
  /** Per fraction label, each query's metrics by id. */
  const perQuery = new Map<string, Map<string, MetricValues>>();
  for (const { fraction, memories } of samples) {
    const label = fractionLabel(fraction);
    // The sample is the whole suite (too little hay to thin): not run again; the normal run's figures stand for it.
    if (memories.length === spec.memories.length) {
      points.push({ fraction, memories: memories.length, metrics: {}, timings_ms: { setup: 0, seed: 0, prepare: 0, search: 0 }, same_as_whole: true });
      continue;
    }
    const result = await runProvider({ ...spec, memories }, { label: `${provider.name} at haystack ${label}`, brief: true });
    if (result.status === 'error') {
      // Its queries were asked of a smaller haystack: not this provider's outcomes. Leaks it found still happened.
      return { ...result, error: `haystack ${label} (${memories.length} memories): ${result.error ?? 'no reason recorded'}`, queries: [] };
    }
    perQuery.set(label, new Map(result.queries.map((query) => [query.id, query.metrics])));
    points.push({ fraction, memories: memories.length, metrics: meanMetrics(scoredQueries(result.queries).map((query) => query.metrics), names), timings_ms: result.timings_ms });
  }
  const decorate = (outcome: QueryOutcome) => {
    if (!hasRelevant(outcome)) return;
    outcome.haystack = Object.fromEntries(samples.map(({ fraction }) => fractionLabel(fraction)).map((label) => [label, perQuery.get(label)?.get(outcome.id) ?? { ...outcome.metrics }]));
  };
  const normal = await runProvider(spec, { decorate });
  if (normal.status !== 'ok') return normal;
  for (const point of points) if (point.same_as_whole) point.metrics = { ...normal.metrics };
  points.push({ fraction: 1, memories: spec.memories.length, metrics: normal.metrics ?? {}, timings_ms: normal.timings_ms });
  const slopes = perDoubling(points, names);
  return { ...normal, haystack: { points, ...(slopes ? { per_doubling: slopes } : {}) } };
}
