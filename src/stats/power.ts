/**
 * Power of a regression condition: the smallest change (minimum detectable
 * effect, mde) the gate's test can tell from resampling noise, and how many
 * units or repeats would bring it down to a bound. Pure.
 *
 * The test the gate uses: a change is beyond noise when the 95% bootstrap
 * interval of current - baseline leaves out 0 (a two-sided test at level
 * 0.05; decide: interval fails only when the whole interval lies beyond the
 * bound). Read as a normal test on the change with standard error SE_d, it
 * detects a true change of
 *
 *     mde = (z_0.975 + z_0.80) * SE_d = 2.8016 * SE_d
 *
 * with probability 0.8 (80% power). SE_d comes from this run alone, so a row
 * has an mde with or without a baseline:
 *
 *     SE   = the standard deviation of the run's figure over the gate's own
 *            bootstrap draws (whole units: queries; cases with all their
 *            repeats and conditions, cases of one plant_from history together)
 *     SE_d = sqrt(2) * SE
 *
 * Assumptions: the baseline is a run of the same design with the same spread
 * (sqrt(2): two runs, each with its own noise); the two runs' units vary
 * independently, so pairing is given no credit (a paired interval is
 * narrower when the runs agree unit by unit, so the true mde of a paired
 * comparison is at most this); the bootstrap distribution is close to normal
 * (many units, a figure that is a mean or close to one).
 *
 * What fixes an underpowered row: SE shrinks as 1/sqrt(units), so
 * units' = units * (mde / bound)^2. For a pass rate pooled over cases of r
 * repeats, the variance of a case's observed rate splits into case-to-case
 * spread and trial noise, var = between + within / r (within: the mean over
 * cases of p(1-p), estimated unbiasedly from each case's repeats; needs r >= 2),
 * and only the second part shrinks with repeats: r' is the fewest repeats with
 * between + within / r' <= (between + within / r) * (bound / mde)^2, none when
 * between alone is above that.
 */
import type { UnitSamples } from './bootstrap.js';
import { bootstrapDraws, type BootstrapOptions } from './bootstrap.js';
import { mean } from './summary.js';

/** z of 0.975 (two-sided level 0.05, the gate's 95% interval) and of 0.80 (the power asked for). */
const Z_LEVEL = 1.959963984540054;
const Z_POWER = 0.8416212335729143;

/** mde = MDE_FACTOR * SE: (z_0.975 + z_0.80) * sqrt(2). */
export const MDE_FACTOR = (Z_LEVEL + Z_POWER) * Math.SQRT2;

/** The words the README and reports use for the method. */
export const MDE_DEFINITION = 'mde: the smallest change the gate tells from noise with 80% power at the 95% interval\'s level, 2.80 x sqrt(2) x the bootstrap standard error of this run\'s figure (the baseline assumed alike, pairing given no credit)';

/** Sample standard deviation (n - 1); 0 for fewer than two values. */
export function standardDeviation(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const center = mean(values);
  let sum = 0;
  for (const value of values) sum += (value - center) ** 2;
  return Math.sqrt(sum / (values.length - 1));
}

/** The bootstrap standard error of a run's figure: the spread of the statistic over whole-unit draws. Undefined without units. */
export function bootstrapStandardError(samples: UnitSamples, options: BootstrapOptions = {}): number | undefined {
  const draws = bootstrapDraws(samples, options);
  return draws && standardDeviation(draws);
}

export function minimumDetectableEffect(standardError: number): number {
  return MDE_FACTOR * standardError;
}

/** Units (at the same repeats) that bring `mde` down to `bound`: SE scales as 1 / sqrt(units). */
export function unitsForBound(units: number, mde: number, bound: number): number {
  return Math.ceil(units * (mde / bound) ** 2 - 1e-9);
}

/** A pooled rate's variance per case, split: case-to-case spread and trial noise (per trial), with the repeats per case. */
export interface RateVariance {
  between: number;
  within: number;
  repeats: number;
}

/**
 * From per-case [passed, trials]: within = mean of p(1-p) r/(r-1) over the
 * cases with two or more trials, between = (sample variance of the cases'
 * rates) - within / r, at least 0. Undefined with fewer than two cases or
 * fewer than two trials per case: trial noise cannot be told from spread.
 */
export function rateVariance(units: readonly (readonly number[])[]): RateVariance | undefined {
  const cases = units.filter((unit) => unit[1]! > 0);
  if (cases.length < 2) return undefined;
  const repeats = mean(cases.map((unit) => unit[1]!));
  const repeated = cases.filter((unit) => unit[1]! >= 2);
  if (repeats < 2 || repeated.length === 0) return undefined;
  const rates = cases.map((unit) => unit[0]! / unit[1]!);
  const within = mean(repeated.map((unit) => {
    const rate = unit[0]! / unit[1]!;
    return (rate * (1 - rate) * unit[1]!) / (unit[1]! - 1);
  }));
  const total = standardDeviation(rates) ** 2;
  return { between: Math.max(0, total - within / repeats), within, repeats };
}

/**
 * Repeats (of the same cases) that bring `mde` down to `bound`; null when
 * more repeats alone cannot (the cases differ more than the bound allows).
 */
export function repeatsForBound(variance: RateVariance, mde: number, bound: number): number | null {
  const now = variance.between + variance.within / variance.repeats;
  const allowed = now * (bound / mde) ** 2;
  if (variance.within === 0 || variance.between >= allowed) return null;
  return Math.max(1, Math.ceil(variance.within / (allowed - variance.between) - 1e-9));
}
