/**
 * A provider's staleness figures (stale@k, stale_above_current; defined in
 * metrics.ts) over the queries that name an obsolete memory, overall and per
 * tag, each share with its interval in the run's unit. Queries naming none
 * are left out (RetrievalResult.queries_with_obsolete counts the others).
 */
import type { IntervalUnit } from '../model/figures.js';
import type { QueryOutcome, StalenessFigures, StalenessResult } from '../model/results.js';
import { groupBy } from '../stats/summary.js';
import { meanMetrics, namesObsolete, stalenessNames } from './metrics.js';
import { retrievalIntervals } from './intervals.js';

/** The figures over the queries that name an obsolete memory; undefined when none does. */
export function stalenessSummary(provider: string, queries: readonly QueryOutcome[], cutoffs: readonly number[], unit: IntervalUnit): StalenessResult | undefined {
  const stale = queries.filter(namesObsolete);
  if (stale.length === 0) return undefined;
  const names = stalenessNames(cutoffs);
  const tagged = groupBy(
    stale.flatMap((query) => query.tags.map((tag) => ({ tag, query }))),
    (entry) => entry.tag,
  );
  // fromEntries, not assignment, so a tag named "__proto__" stays a tag.
  const byTag = Object.fromEntries(
    [...tagged]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([tag, entries]) => [tag, figuresOf(provider, entries.map((entry) => entry.query), names, unit, tag)]),
  );
  return { ...figuresOf(provider, stale, names, unit), by_tag: byTag };
}

function figuresOf(provider: string, queries: readonly QueryOutcome[], names: readonly string[], unit: IntervalUnit, tag?: string): StalenessFigures {
  return {
    queries: queries.length,
    metrics: meanMetrics(queries.map((query) => query.metrics), names),
    intervals: retrievalIntervals(provider, queries, names, unit, tag),
  };
}
