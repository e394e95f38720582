/**
 * Single-run intervals of the e2e layer: a 95% percentile bootstrap interval
 * beside each headline figure of results.json, over whole cases (every repeat
 * and condition of a case together, cases of one plant_from history
 * together). Each interval draws its own seeded stream (named by its gate
 * key), so it is reproducible and independent of order.
 */
import type { AbilityResult, CaseResult } from '../model/e2eResult.js';
import type { Condition } from '../model/e2e.js';
import { keyedIntervals, type Intervals, type UnitSamples } from '../stats/bootstrap.js';
import { caseDiffSamples, caseRateSamples, type NamedCase } from './caseSamples.js';

/** Pass rate and pass^k under each condition (keys "recall.pass_rate", "recall.pass^k"), and lift and gap when their conditions ran. */
function e2eGroupIntervals(prefix: string, cases: readonly NamedCase[], conditions: readonly Condition[]): Intervals {
  const entries: [string, string, UnitSamples][] = [];
  for (const condition of conditions) {
    for (const rate of ['pass_rate', 'pass^k'] as const) entries.push([`${condition}.${rate}`, `${prefix}.${condition}.${rate}`, caseRateSamples(cases, condition, rate)]);
  }
  if (conditions.includes('recall') && conditions.includes('none')) entries.push(['lift', `${prefix}.lift`, caseDiffSamples(cases, 'recall', 'none')]);
  if (conditions.includes('recall') && conditions.includes('oracle')) entries.push(['gap', `${prefix}.gap`, caseDiffSamples(cases, 'oracle', 'recall')]);
  return keyedIntervals(entries);
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
