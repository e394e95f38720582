/**
 * Single-run intervals: a 95% percentile bootstrap interval beside each
 * headline figure of results.json, over whole units (queries for retrieval;
 * cases for e2e, every repeat and condition of a case together, cases of one
 * plant_from history together). Each interval draws its own seeded stream
 * (named by its gate key), so it is reproducible and independent of order.
 */
import type { AbilityResult, CaseResult } from '../model/e2eResult.js';
import type { Condition } from '../model/e2e.js';
import type { QueryOutcome } from '../model/results.js';
import { mean } from '../stats/summary.js';
import { DEFAULT_SEED, bootstrapInterval, mixSeed, type UnitSamples } from '../stats/bootstrap.js';
import type { IntervalEstimate } from '../model/figures.js';
import { caseDiffSamples, caseRateSamples, type NamedCase } from './caseSamples.js';

export type Intervals = Record<string, IntervalEstimate>;

function intervalOf(key: string, samples: UnitSamples): IntervalEstimate | undefined {
  return bootstrapInterval(samples, { seed: mixSeed(DEFAULT_SEED, key) });
}

function collect(entries: [string, string, UnitSamples][]): Intervals {
  const intervals: Intervals = {};
  for (const [name, key, samples] of entries) {
    const estimate = intervalOf(key, samples);
    if (estimate) intervals[name] = estimate;
  }
  return intervals;
}

/** Intervals of a provider's means over its queries, for the named metrics (keys as in provider.metrics). */
export function retrievalIntervals(provider: string, queries: readonly QueryOutcome[], metrics: readonly string[]): Intervals {
  const ids = queries.map((query) => query.id);
  return collect(
    metrics.map((metric) => [
      metric,
      `retrieval.${provider}.${metric}`,
      { unit: 'query', ids, units: queries.map((query) => [query.metrics[metric] ?? 0]), statistic: (sample) => mean(sample.map((unit) => unit[0]!)) },
    ]),
  );
}

/** Pass rate and pass^k under each condition (keys "recall.pass_rate", "recall.pass^k"), and lift and gap when their conditions ran. */
function e2eGroupIntervals(prefix: string, cases: readonly NamedCase[], conditions: readonly Condition[]): Intervals {
  const entries: [string, string, UnitSamples][] = [];
  for (const condition of conditions) {
    for (const rate of ['pass_rate', 'pass^k'] as const) entries.push([`${condition}.${rate}`, `${prefix}.${condition}.${rate}`, caseRateSamples(cases, condition, rate)]);
  }
  if (conditions.includes('recall') && conditions.includes('none')) entries.push(['lift', `${prefix}.lift`, caseDiffSamples(cases, 'recall', 'none')]);
  if (conditions.includes('recall') && conditions.includes('oracle')) entries.push(['gap', `${prefix}.gap`, caseDiffSamples(cases, 'oracle', 'recall')]);
  return collect(entries);
}

/** Sets each ability's intervals and returns the run's overall ones. */
export function e2eIntervals(cases: Record<string, CaseResult>, abilities: Record<string, AbilityResult>, conditions: readonly Condition[]): Intervals {
  const named = Object.entries(cases);
  for (const [ability, result] of Object.entries(abilities)) {
    result.intervals = e2eGroupIntervals(
      `e2e.ability.${ability}`,
      named.filter(([, one]) => one.ability === ability),
      conditions,
    );
  }
  return e2eGroupIntervals('e2e', named, conditions);
}
