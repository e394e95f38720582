/**
 * The haystack curve's two computations, pure: which memories each fraction
 * keeps, and the change per doubling of the haystack.
 *
 * A memory some query of its user names (relevant or obsolete) is a needle, always kept; every other
 * memory is hay. At fraction f each user keeps round(f x its hay) of it: the
 * hay ordered by a seeded hash of its id, the first ones kept. So the same
 * seed keeps the same memories whatever order the suite lists them in, and a
 * memory kept at 0.1 is kept at 0.5 too (the samples are nested, so a curve
 * moves only by what is added).
 */
import type { MemorySpec, QuerySpec } from '../model/suite.js';
import type { MetricValues } from '../model/figures.js';

/** retrieval.haystack_seed when the suite gives none. */
export const DEFAULT_HAYSTACK_SEED = 1;

/**
 * The memories a query names, which no fraction thins: its relevant ones, at
 * any gain (a judged memory stays judged), and its obsolete ones (stale@k
 * needs them where the suite put them). The one rule of what is kept.
 */
export function namedMemories(query: Pick<QuerySpec, 'relevant' | 'obsolete'>): string[] {
  return query.obsolete ? [...Object.keys(query.relevant), ...query.obsolete] : Object.keys(query.relevant);
}

/** Ids of the memories some query names. Ids are unique in a suite and a query names only its own user's memories, so one set serves every user. */
export function needleIds(queries: readonly Pick<QuerySpec, 'relevant' | 'obsolete'>[]): Set<string> {
  const ids = new Set<string>();
  for (const query of queries) for (const id of namedMemories(query)) ids.add(id);
  return ids;
}

/** The memories seeded at one fraction, in the suite's order. */
export interface HaystackSample {
  fraction: number;
  memories: MemorySpec[];
}

/** The key that orders a memory among its user's hay: FNV-1a over the seed and the id, then a murmur3 finaliser to spread it. */
export function haystackKey(seed: number, id: string): number {
  let hash = 0x811c9dc5;
  const mix = (code: number) => {
    hash ^= code;
    hash = Math.imul(hash, 0x01000193);
  };
  for (const byte of [seed >>> 24, (seed >>> 16) & 0xff, (seed >>> 8) & 0xff, seed & 0xff]) mix(byte);
  for (let i = 0; i < id.length; i++) mix(id.charCodeAt(i));
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** How many of a user's `hay` memories fraction `fraction` keeps: monotone in the fraction, all of them at 1. */
export function keptCount(hay: number, fraction: number): number {
  return Math.min(hay, Math.round(fraction * hay));
}

/**
 * One sample per fraction: every needle, and each user's first keptCount of
 * its hay in haystackKey order (ties by id). Memories keep the suite's order.
 */
export function haystackSamples(memories: readonly MemorySpec[], queries: readonly Pick<QuerySpec, 'relevant' | 'obsolete'>[], fractions: readonly number[], seed: number): HaystackSample[] {
  const needles = needleIds(queries);
  const hayByUser = new Map<string, { id: string; key: number }[]>();
  for (const memory of memories) {
    if (needles.has(memory.id)) continue;
    let hay = hayByUser.get(memory.user);
    if (!hay) hayByUser.set(memory.user, (hay = []));
    hay.push({ id: memory.id, key: haystackKey(seed, memory.id) });
  }
  // Each hay memory's place in its user's order: a fraction keeps the places below its count.
  const place = new Map<string, number>();
  const hayCount = new Map<string, number>();
  for (const [user, hay] of hayByUser) {
    hay.sort((a, b) => a.key - b.key || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    hay.forEach((entry, index) => place.set(entry.id, index));
    hayCount.set(user, hay.length);
  }
  return fractions.map((fraction) => ({
    fraction,
    memories: memories.filter((memory) => needles.has(memory.id) || place.get(memory.id)! < keptCount(hayCount.get(memory.user)!, fraction)),
  }));
}

/** How many memories are hay: named by no query. */
export function hayCount(memories: readonly MemorySpec[], queries: readonly Pick<QuerySpec, 'relevant' | 'obsolete'>[]): number {
  const needles = needleIds(queries);
  return memories.filter((memory) => !needles.has(memory.id)).length;
}

/**
 * The change per doubling of the haystack: the least-squares slope of the
 * values against log2 of the memories seeded,
 *   sum((x - mean x)(y - mean y)) / sum((x - mean x)^2),  x = log2(memories).
 * Undefined when every point seeded as many memories (there was no hay to thin).
 */
export function slopePerDoubling(points: readonly { memories: number; value: number }[]): number | undefined {
  if (new Set(points.map((point) => point.memories)).size < 2) return undefined;
  const xs = points.map((point) => Math.log2(point.memories));
  const meanX = xs.reduce((sum, x) => sum + x, 0) / xs.length;
  const meanY = points.reduce((sum, point) => sum + point.value, 0) / points.length;
  let covariance = 0;
  let spread = 0;
  points.forEach((point, index) => {
    const dx = xs[index]! - meanX;
    covariance += dx * (point.value - meanY);
    spread += dx * dx;
  });
  return covariance / spread;
}

/** The slope of each named metric over the points; undefined when there is none to fit (slopePerDoubling). */
export function perDoubling(points: readonly { memories: number; metrics: MetricValues }[], names: readonly string[]): MetricValues | undefined {
  const slopes: MetricValues = {};
  for (const name of names) {
    const slope = slopePerDoubling(points.map((point) => ({ memories: point.memories, value: point.metrics[name] ?? 0 })));
    if (slope === undefined) return undefined;
    slopes[name] = slope;
  }
  return slopes;
}

/** How results and metric keys write a fraction: as the suite does (0.1, 0.5, 1). */
export function fractionLabel(fraction: number): string {
  return String(fraction);
}
