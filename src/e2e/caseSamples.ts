/** Per-case samples of e2e rates for a bootstrap: what single-run intervals (intervals.ts) and the gate's comparisons (gate/metrics.ts) resample. */
import type { Condition } from '../model/e2e.js';
import type { CaseResult } from '../model/e2eResult.js';
import type { UnitNames, UnitSamples } from '../stats/bootstrap.js';
import { resamplingUnit } from './sharedHistory.js';

/** A case's results under its name: the name pairs runs, its history (shared history, or plant_from root) is its resampling unit. */
export type NamedCase = [name: string, result: CaseResult];

/** The names a bootstrap needs for these cases. */
export function caseNames(cases: readonly NamedCase[]): UnitNames {
  return { ids: cases.map(([name]) => name), clusters: cases.map(([name, result]) => resamplingUnit(name, result)) };
}

/**
 * Per-case samples of a rate under one condition: [passed, trials] pooled for
 * pass_rate (errors stay in the denominator), 0/1 per case for pass^k and pass@k.
 * Cases without that condition are left out.
 */
export function caseRateSamples(cases: readonly NamedCase[], condition: Condition, rate: 'pass_rate' | 'pass^k' | 'pass@k'): UnitSamples {
  const withCondition = cases.filter(([, result]) => result.conditions[condition] !== undefined);
  const rates = withCondition.map(([, result]) => result.conditions[condition]!);
  const names = caseNames(withCondition);
  if (rate === 'pass_rate') return { unit: 'case', units: rates.map((r) => [r.passed, r.trials]), ...names, statistic: pooledRate };
  return { unit: 'case', units: rates.map((r) => [r[rate] ? 1 : 0]), ...names, statistic: meanOfFirst };
}

/** Per-case samples of a difference of pooled pass rates, a minus b, paired within each case (lift, gap). */
export function caseDiffSamples(cases: readonly NamedCase[], a: Condition, b: Condition): UnitSamples {
  const both = cases.filter(([, result]) => result.conditions[a] && result.conditions[b]);
  const units = both.map(([, result]) => [result.conditions[a]!.passed, result.conditions[a]!.trials, result.conditions[b]!.passed, result.conditions[b]!.trials]);
  const statistic = (sample: readonly (readonly number[])[]) => pooledRate(sample) - pooledRate(sample, 2);
  return { unit: 'case', units, ...caseNames(both), statistic };
}

/** The mean of each unit's first number; a loop, not mean(map(...)): it runs once per bootstrap draw. */
function meanOfFirst(units: readonly (readonly number[])[]): number {
  if (units.length === 0) return 0;
  let sum = 0;
  for (const unit of units) sum += unit[0]!;
  return sum / units.length;
}

/** [passed, trials] per unit, at `at` in it -> passed / trials over the sample. */
export function pooledRate(units: readonly (readonly number[])[], at = 0): number {
  let passed = 0;
  let trials = 0;
  for (const unit of units) {
    passed += unit[at]!;
    trials += unit[at + 1]!;
  }
  return trials === 0 ? 0 : passed / trials;
}
