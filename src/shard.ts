import { RecallGateError } from './errors.js';
import type { Suite } from './model/suite.js';

export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) {
    throw new RecallGateError('invalid-input', `--shard must be i/n with 1 <= i <= n, got "${text}"`, { hint: 'e.g. --shard 2/4 in a job matrix of 4' });
  }
  return { index, count };
}

/**
 * The part of a suite one shard runs: every n-th e2e unit (by position, so
 * shards never overlap and together cover all), and the retrieval layer in
 * shard 1 only (it is cheap, and its numbers must not be counted n times).
 * A unit is a case, or every case of one shared history (played once for all
 * of them, so they cannot be split), at the place of its first case.
 */
export function shardSuite(suite: Suite, shard: Shard): Suite {
  if (shard.count === 1) return suite;
  const units = new Map<string, number>();
  const unitOf = (spec: { name: string; history?: string }) => {
    const key = spec.history === undefined ? `case\0${spec.name}` : `history\0${spec.history}`;
    return units.get(key) ?? units.set(key, units.size).get(key)!;
  };
  return {
    ...suite,
    retrieval: shard.index === 1 ? suite.retrieval : undefined,
    e2e: suite.e2e ? { ...suite.e2e, cases: suite.e2e.cases.filter((spec) => unitOf(spec) % shard.count === shard.index - 1) } : undefined,
  };
}
