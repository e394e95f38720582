import { percentile, round } from './summary.js';
import { seededRandom } from './random.js';
import type { IntervalEstimate } from '../model/figures.js';
import type { CountedUnit } from '../model/gate.js';

/** Seed used when the caller gives none: the same inputs always give the same interval. */
export const DEFAULT_SEED = 20240917;
export const DEFAULT_RESAMPLES = 2000;
const DEFAULT_LEVEL = 0.95;

/**
 * Pairing needs at least this share of the units of both runs together to be
 * in both: below it the two runs measure mostly different things, pairing
 * would describe a minority of them, and each run is resampled on its own.
 */
const MIN_SHARED_FRACTION = 0.5;

/** How every interval is made, in words, for reports and the README. */
export const INTERVAL_DEFINITION = `95% percentile bootstrap, ${DEFAULT_RESAMPLES} draws of whole units (queries; cases, with their repeats and conditions and their plant_from history together), seed ${DEFAULT_SEED}`;

/** The same for retrieval intervals, whose unit is the run's (queries, users or query groups: retrieval.interval_unit); the line says which after it. */
export const RETRIEVAL_INTERVAL_DEFINITION = `95% percentile bootstrap, ${DEFAULT_RESAMPLES} draws of whole units, seed ${DEFAULT_SEED}`;

/** What a * beside an interval says (beyondNoise). */
export const BEYOND_NOISE_LEGEND = "* beyond noise: the interval, drawn from more than one unit, excludes 0 (where units were added or removed, so does the shared units' own, on the same side)";

/** What a bootstrap draws: retrieval queries, whole users or query groups (retrieval.interval_unit), e2e cases. */
export type SampleUnit = 'query' | 'user' | 'group' | 'case';

/** The unit's noun for a count of them: "user", "users", "queries", "histories". */
export function unitNoun(unit: SampleUnit | CountedUnit, count: number): string {
  const [one, many] = unit === 'query' ? ['query', 'queries'] : unit === 'group' ? ['query group', 'query groups'] : unit === 'history' ? ['history', 'histories'] : [unit, `${unit}s`];
  return count === 1 ? one : many;
}

/** A count of units in words: "1 user", "3 users", "2 queries". */
export function unitWords(unit: SampleUnit | CountedUnit, count: number): string {
  return `${count} ${unitNoun(unit, count)}`;
}

/** What a change of these units counts when not the units themselves: users and query groups, or histories where cases resampled together. */
export function countedUnit(change: Pick<ChangeInterval, 'grouped'>, unit: SampleUnit): CountedUnit | undefined {
  if (unit === 'user' || unit === 'group') return unit;
  return unit === 'case' && change.grouped ? 'history' : undefined;
}

/** What a bootstrap resamples: whole units (queries, users, query groups or cases), each with its numbers, and how a sample becomes the metric. */
export interface UnitSamples {
  unit: SampleUnit;
  units: number[][];
  /** Each unit's name (query id, case name), aligned with units: what pairs two runs. Without names no pairing. */
  ids?: string[];
  /** The resampling unit each unit belongs to (cases planted from one history share it); its id when absent. */
  clusters?: string[];
  statistic: (units: readonly (readonly number[])[]) => number;
}

export interface BootstrapOptions {
  seed?: number;
  resamples?: number;
  level?: number;
}

/** The interval leaves out 0. */
export function excludesZero(interval: readonly [number, number]): boolean {
  return interval[0] > 0 || interval[1] < 0;
}

/**
 * The change is larger than resampling noise: its interval leaves out 0, and where units were added or removed so
 * does the interval of the shared units alone, on the same side. Questions swapped for harder ones move a metric
 * with no noise of their own in the interval (they are drawn only from their own few), and are not a regression.
 * Drawn from a single unit the interval is one value: it has no spread and says nothing of noise.
 */
export function beyondNoise(change: ChangeInterval): boolean {
  if (!excludesZero(change.interval) || singleUnit(change)) return false;
  const shared = change.shared_interval;
  return shared === undefined || (excludesZero(shared) && shared[0] > 0 === change.interval[0] > 0);
}

/**
 * A side of the change's draws had a single unit to take: paired, the one shared unit (every draw the same value);
 * unpaired, a run of one unit (its side has no spread, so its noise is unknown). Units without names are not
 * counted by side, so they are never said to be one.
 */
export function singleUnit(change: Pick<ChangeInterval, 'paired' | 'shared' | 'added' | 'removed'>): boolean {
  if (change.paired) return change.shared < 2;
  const named = change.shared + change.added + change.removed > 0;
  return named && Math.min(change.shared + change.added, change.shared + change.removed) < 2;
}

/** Why a change drawn from a single unit a side is not beyond noise, in a row's words; undefined for any other. */
export function singleUnitText(change: ChangeInterval, unit: SampleUnit): string | undefined {
  if (!singleUnit(change) || !excludesZero(change.interval)) return undefined;
  const counted = countedUnit(change, unit) ?? unit;
  return change.paired
    ? `not beyond noise: the interval is drawn from ${unitWords(counted, change.shared)} both runs share, one value with no spread`
    : `not beyond noise: a run of ${unitWords(counted, 1)} has no spread, so its noise is unknown`;
}

/**
 * Where units added or removed alone put the interval past 0: the shared units' own interval, which is why it is
 * not beyond noise (said by gate rows, compare and variants.md alike); undefined for any other change. `unit` is
 * what the change counts (countedUnit, else the units themselves).
 */
export function sharedAloneText(change: ChangeInterval, unit: SampleUnit | CountedUnit | undefined): string | undefined {
  const shared = change.shared_interval;
  if (!shared || !excludesZero(change.interval) || beyondNoise(change) || singleUnit(change)) return undefined;
  const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(3)}`;
  const within = excludesZero(shared) ? 'goes the other way' : 'is within noise';
  return `not beyond noise: on the ${unit ? unitWords(unit, change.shared) : `${change.shared} units`} both share it ${within}, [${signed(shared[0])}, ${signed(shared[1])}]`;
}

/** The interval of current - baseline, and how the units of the two runs met. */
export interface ChangeInterval {
  interval: [number, number];
  /**
   * Paired with units added or removed: the interval of the change on the shared units alone (the same draws). A
   * unit on one side is drawn only from its side's few, so the interval above takes their values as they are: the
   * change they make comes with none of their noise.
   */
  shared_interval?: [number, number];
  /** Shared units were resampled once per draw for both runs. */
  paired: boolean;
  /** Units in both runs, in the current run only, in the baseline only. */
  shared: number;
  added: number;
  removed: number;
  /** Cases planted from one history resampled together: the counts above are of histories, a lone case counting as one. */
  grouped?: true;
}

/** FNV-1a of a string mixed into a seed, so each metric draws its own stream whatever the gate's order. */
export function mixSeed(seed: number, text: string): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

type Clusters = Map<string, (readonly number[])[]>;

/** Units grouped into resampling units, keys sorted and members in id order, so listing order never changes a draw. */
function clustersOf(samples: UnitSamples): Clusters {
  const entries = samples.units.map((values, index) => ({ values, id: samples.ids?.[index] ?? String(index), cluster: samples.clusters?.[index] ?? samples.ids?.[index] ?? String(index) }));
  entries.sort((a, b) => compareText(a.cluster, b.cluster) || compareText(a.id, b.id));
  const clusters: Clusters = new Map();
  for (const entry of entries) {
    const members = clusters.get(entry.cluster);
    if (members) members.push(entry.values);
    else clusters.set(entry.cluster, [entry.values]);
  }
  return clusters;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The members of each cluster `keys` names, in that order: drawing by index spares a map look-up per draw. */
function membersOf(keys: readonly string[], clusters: Clusters): (readonly number[])[][] {
  return keys.map((key) => clusters.get(key)!);
}

/**
 * Writes as many clusters as there are, drawn with replacement from them, into `into` from index `from` on, and
 * returns the index after the last: a draw refills one array by index (push and a fresh array per draw cost a
 * third more of the run's end, where every interval takes 2,000 draws).
 */
function draw(into: (readonly number[])[], from: number, members: readonly (readonly number[])[][], random: () => number): number {
  let at = from;
  for (let i = 0; i < members.length; i++) {
    const drawn = members[Math.floor(random() * members.length)]!;
    for (let j = 0; j < drawn.length; j++) into[at++] = drawn[j]!;
  }
  return at;
}

function bounds(values: number[], level: number): [number, number] {
  const tail = ((1 - level) / 2) * 100;
  // Sorted once: percentile sorts its own copy, and an already sorted one takes a single pass.
  const sorted = values.sort((a, b) => a - b);
  return [round(percentile(sorted, tail), 12), round(percentile(sorted, 100 - tail), 12)];
}

/** Percentile bootstrap interval of one run's metric, resampling whole units. Undefined without units. */
export function bootstrapInterval(samples: UnitSamples, options: BootstrapOptions = {}): IntervalEstimate | undefined {
  const values = bootstrapDraws(samples, options);
  if (values === undefined) return undefined;
  return { ci: bounds(values, options.level ?? DEFAULT_LEVEL), n: resamplingUnits(samples) };
}

/**
 * The statistic over each of `resamples` draws of whole units (the draws
 * bootstrapInterval takes its percentiles of): what stats/power.ts takes the
 * standard error from. Undefined without units.
 */
export function bootstrapDraws(samples: UnitSamples, options: BootstrapOptions = {}): number[] | undefined {
  const clusters = clustersOf(samples);
  const keys = [...clusters.keys()];
  if (keys.length === 0) return undefined;
  const random = seededRandom(options.seed ?? DEFAULT_SEED);
  const members = membersOf(keys, clusters);
  const values: number[] = new Array(options.resamples ?? DEFAULT_RESAMPLES);
  // One array refilled for every draw: a statistic reduces its sample and keeps none of it.
  const sample: (readonly number[])[] = [];
  for (let i = 0; i < values.length; i++) {
    sample.length = draw(sample, 0, members, random);
    values[i] = samples.statistic(sample);
  }
  return values;
}

/** How many resampling units a sample has: its clusters (cases of one plant_from history count once), else its units. */
export function resamplingUnits(samples: UnitSamples): number {
  return clustersOf(samples).size;
}

/** Intervals by name, as results.json keeps them beside its figures. */
export type Intervals = Record<string, IntervalEstimate>;

/**
 * The interval of each [name, key, samples] entry, under its name; each draws
 * its own seeded stream named by its key (the gate key it stands beside), so
 * it repeats whatever the order. Entries without units get none.
 */
export function keyedIntervals(entries: [name: string, key: string, samples: UnitSamples][]): Intervals {
  const intervals: Intervals = {};
  for (const [name, key, samples] of entries) {
    const estimate = bootstrapInterval(samples, { seed: mixSeed(DEFAULT_SEED, key) });
    if (estimate) intervals[name] = estimate;
  }
  return intervals;
}

/**
 * Percentile bootstrap interval of current - baseline. Paired when both runs
 * name their units and at least MIN_SHARED_FRACTION of all units are in both:
 * each draw resamples the shared units once and uses that same draw in both
 * runs, so identical runs give exactly [0, 0] and what the two runs have in
 * common cancels; units in one run only are resampled within that run.
 * Otherwise each run is resampled on its own (paired: false). Undefined when
 * either side has no units.
 */
export function pairedBootstrapChange(current: UnitSamples, baseline: UnitSamples, options: BootstrapOptions = {}): ChangeInterval | undefined {
  const now = clustersOf(current);
  const before = clustersOf(baseline);
  if (now.size === 0 || before.size === 0) return undefined;
  const named = current.ids !== undefined && baseline.ids !== undefined;
  const shared = named ? [...now.keys()].filter((key) => before.has(key)) : [];
  const added = named ? [...now.keys()].filter((key) => !before.has(key)) : [];
  const removed = named ? [...before.keys()].filter((key) => !now.has(key)) : [];
  const paired = shared.length > 0 && shared.length >= MIN_SHARED_FRACTION * (shared.length + added.length + removed.length);
  const random = seededRandom(options.seed ?? DEFAULT_SEED);
  const changes: number[] = new Array(options.resamples ?? DEFAULT_RESAMPLES);
  const oneSided = paired && added.length + removed.length > 0;
  const sharedChanges: number[] = oneSided ? new Array(changes.length) : [];
  const allNow = membersOf([...now.keys()], now);
  const allBefore = membersOf([...before.keys()], before);
  const addedMembers = membersOf(added, now);
  const removedMembers = membersOf(removed, before);
  for (let i = 0; i < changes.length; i++) {
    const after: (readonly number[])[] = [];
    const prior: (readonly number[])[] = [];
    if (paired) {
      for (let j = 0; j < shared.length; j++) {
        const key = shared[Math.floor(random() * shared.length)]!;
        after.push(...now.get(key)!);
        prior.push(...before.get(key)!);
      }
      if (oneSided) sharedChanges[i] = current.statistic(after) - baseline.statistic(prior);
      draw(after, after.length, addedMembers, random);
      draw(prior, prior.length, removedMembers, random);
    } else {
      draw(after, 0, allNow, random);
      draw(prior, 0, allBefore, random);
    }
    changes[i] = current.statistic(after) - baseline.statistic(prior);
  }
  const level = options.level ?? DEFAULT_LEVEL;
  // Users and query groups are clusters of queries too, but their counts are already in those words.
  const grouped = current.unit === 'case' && (now.size < current.units.length || before.size < baseline.units.length);
  return {
    interval: bounds(changes, level),
    ...(oneSided ? { shared_interval: bounds(sharedChanges, level) } : {}),
    paired,
    shared: shared.length,
    added: added.length,
    removed: removed.length,
    ...(grouped ? { grouped: true as const } : {}),
  };
}

/** Unit names and resampling units for a bootstrap: cases planted from one history resample together. */
export interface UnitNames {
  ids: string[];
  clusters?: string[];
}
