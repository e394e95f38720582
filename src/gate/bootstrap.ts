import { percentile } from '../stats.js';
import type { UnitSamples } from './metrics.js';
import { seededRandom } from '../random.js';

/** Seed used when the caller gives none: the same inputs always give the same interval. */
export const DEFAULT_SEED = 20240917;
export const DEFAULT_RESAMPLES = 2000;


/** FNV-1a of a string mixed into a seed, so each metric draws its own stream whatever the gate's order. */
export function mixSeed(seed: number, text: string): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

function resample(samples: UnitSamples, random: () => number): number {
  const n = samples.units.length;
  const drawn: (readonly number[])[] = new Array(n);
  for (let i = 0; i < n; i++) drawn[i] = samples.units[Math.floor(random() * n)]!;
  return samples.statistic(drawn);
}

/**
 * Percentile bootstrap interval of current - baseline: whole units (queries or
 * cases) are resampled with replacement, independently in each run, and the
 * metric recomputed from each resample. Undefined when either side has no units.
 */
export function bootstrapChange(
  current: UnitSamples,
  baseline: UnitSamples,
  options: { seed?: number; resamples?: number; level?: number } = {},
): [number, number] | undefined {
  if (current.units.length === 0 || baseline.units.length === 0) return undefined;
  const random = seededRandom(options.seed ?? DEFAULT_SEED);
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const level = options.level ?? 0.95;
  const changes: number[] = new Array(resamples);
  for (let i = 0; i < resamples; i++) changes[i] = resample(current, random) - resample(baseline, random);
  const tail = ((1 - level) / 2) * 100;
  return [percentile(changes, tail), percentile(changes, 100 - tail)];
}
