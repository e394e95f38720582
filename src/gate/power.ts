/**
 * The mde of a max_drop/max_rise row and, when its bound is below it, the
 * note that says so and what would fix it. The formula and its assumptions
 * are stats/power.ts's; this file applies them to a condition and the samples
 * the gate resamples for its metric. The gate decides as it would without it.
 */
import { pooledRate } from '../e2e/caseSamples.js';
import { DEFAULT_SEED, mixSeed, resamplingUnits, type UnitSamples } from '../stats/bootstrap.js';
import { bootstrapStandardError, minimumDetectableEffect, rateVariance, repeatsForBound, unitsForBound } from '../stats/power.js';
import { round } from '../stats/summary.js';
import type { GateCondition, GatePower } from '../model/gate.js';
import { counted } from '../text/counted.js';

export interface RowPower {
  mde: number;
  power: GatePower;
  /** "underpowered: ..." when the bound is below the mde. */
  note?: string;
}

/** The condition's smallest relative bound (max_drop or max_rise), with its name. */
function boundOf(condition: GateCondition): { name: 'max_drop' | 'max_rise'; value: number } | undefined {
  const bounds = (['max_drop', 'max_rise'] as const).filter((name) => condition[name] !== undefined).map((name) => ({ name, value: condition[name]! }));
  return bounds.sort((a, b) => a.value - b.value)[0];
}

/** What the units are, in words: histories when cases planted from one history resample together. */
function unitName(samples: UnitSamples, units: number): GatePower['unit'] {
  if (samples.unit === 'case') return units < samples.units.length ? 'histories' : 'cases';
  return samples.unit === 'query' ? 'queries' : samples.unit === 'user' ? 'users' : 'query groups';
}

const SINGULAR: Record<GatePower['unit'], string> = { queries: 'query', users: 'user', 'query groups': 'query group', cases: 'case', histories: 'history' };

/**
 * The row's mde from this run's samples (seeded by the metric, like the
 * gate's interval); undefined for a condition with no max_drop/max_rise.
 */
export function rowPower(condition: GateCondition, samples: UnitSamples, aggregation: string | undefined, options: { seed?: number; resamples?: number } = {}): RowPower | undefined {
  const bound = boundOf(condition);
  if (!bound) return undefined;
  const se = bootstrapStandardError(samples, { seed: mixSeed(options.seed ?? DEFAULT_SEED, `mde|${condition.metric}|${aggregation ?? ''}`), resamples: options.resamples });
  if (se === undefined) return undefined;
  const mde = round(minimumDetectableEffect(se), 6);
  const units = resamplingUnits(samples);
  const unit = unitName(samples, units);
  // Repeats split off only for a pass rate pooled over cases: its units are [passed, trials].
  const variance = samples.unit === 'case' && samples.statistic === pooledRate ? rateVariance(samples.units) : undefined;
  const repeats = samples.unit === 'case' && samples.statistic === pooledRate ? trialsPerCase(samples.units) : undefined;
  const underpowered = mde > bound.value + 1e-9;
  const power: GatePower = { se: round(se, 6), units, unit, ...(repeats !== undefined ? { repeats } : {}), underpowered };
  if (!underpowered) return { mde, power };
  if (bound.value <= 0) {
    // No number of units brings noise down to a bound of 0: say what bound the run can hold instead.
    return { mde, power, note: `underpowered: mde ${formatMde(mde)} is above ${bound.name} ${bound.value}, which allows no change at all; no number of ${power.unit} brings the noise to 0 (a bound of ${formatMde(mde)} or more is one this run can tell from noise, or decide: interval)` };
  }
  const moreUnits = unitsForBound(units, mde, bound.value);
  const moreRepeats = variance ? repeatsForBound(variance, mde, bound.value) : undefined;
  power.needs = { units: moreUnits, ...(moreRepeats !== undefined ? { repeats: moreRepeats } : {}) };
  return { mde, power, note: underpoweredNote(mde, bound, power) };
}

/** Trials per case (rounded mean), for the words "10 cases x 1 repeat". */
function trialsPerCase(units: readonly (readonly number[])[]): number | undefined {
  const tried = units.filter((unit) => unit[1]! > 0);
  return tried.length === 0 ? undefined : Math.round(tried.reduce((sum, unit) => sum + unit[1]!, 0) / tried.length);
}

/**
 * "underpowered: mde 0.574 is above max_drop 0.05 (10 cases x 1 repeat); about 1316 cases at 1 repeat would bring it to 0.05
 * (with 1 repeat, trial noise cannot be told from case-to-case spread: run repeat >= 2 to see whether more repeats would)".
 */
function underpoweredNote(mde: number, bound: { name: string; value: number }, power: GatePower): string {
  const single = SINGULAR[power.unit];
  const repeatsText = power.repeats !== undefined ? ` x ${counted(power.repeats, 'repeat', 'repeats')}` : '';
  const now = `${counted(power.units, single, power.unit)}${repeatsText}`;
  const needs = power.needs!;
  const atRepeats = power.repeats !== undefined ? ` at ${counted(power.repeats, 'repeat', 'repeats')}` : '';
  let fix = `about ${needs.units} ${power.unit}${atRepeats}`;
  if (needs.repeats) fix += `, or ${needs.repeats} repeats of the ${counted(power.units, single, power.unit)},`;
  fix += ` would bring it to ${bound.value}`;
  if (needs.repeats === null) fix += ' (more repeats alone cannot: the cases differ from one another more than that)';
  else if (power.repeats === 1) fix += ` (with ${counted(power.repeats, 'repeat', 'repeats')} trial noise cannot be told from case-to-case spread: run repeat >= 2 to see whether more repeats would do)`;
  return `underpowered: mde ${formatMde(mde)} is above ${bound.name} ${bound.value} (${now}); ${fix}; the gate still decides by the rule`;
}

function formatMde(value: number): string {
  return Math.abs(value) >= 100 ? value.toFixed(1) : value.toFixed(3);
}
