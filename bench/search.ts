/** Search passes over a store, and how two rankings or a ranking and the targets compare. */
import { recallAtK, reciprocalRank } from '../src/retrieval/metrics.js';
import type { MemoryStore } from '../src/memory/types.js';
import type { BenchData } from './generate.js';
import { cpuSeconds } from './measure.js';

export interface SearchRun {
  ranked: string[][];
  latenciesMs: number[];
  /** Wall seconds, by performance.now(). */
  seconds: number;
  /** User + system CPU seconds of the process over the same span: less sensitive to other load. */
  cpuSeconds: number;
}

export async function searchAll(store: MemoryStore, data: BenchData, limit: number): Promise<SearchRun> {
  const ranked: string[][] = [];
  const latenciesMs: number[] = [];
  const cpuStarted = cpuSeconds();
  const started = performance.now();
  for (const query of data.queries) {
    const before = performance.now();
    const hits = await store.search(query.user, query.text, limit);
    latenciesMs.push(performance.now() - before);
    ranked.push(hits.map((hit) => hit.id));
  }
  return { ranked, latenciesMs, seconds: (performance.now() - started) / 1000, cpuSeconds: cpuSeconds() - cpuStarted };
}

/** The fastest of several passes; its per-query latencies and results are the ones reported. */
export function best<T extends { seconds: number }>(runs: readonly T[]): T {
  return runs.reduce((a, b) => (b.seconds < a.seconds ? b : a));
}

export function quality(data: BenchData, ranked: string[][], k: number): { recall: number; mrr: number } {
  let recall = 0;
  let mrr = 0;
  data.queries.forEach((query, i) => {
    const gains = new Map([[query.target, 1]]);
    recall += recallAtK(ranked[i]!, gains, k);
    mrr += reciprocalRank(ranked[i]!, gains);
  });
  return { recall: recall / data.queries.length, mrr: mrr / data.queries.length };
}

/** Share of queries whose lists are identical (same ids, same order), and share of ids the lists have in common. */
export function agreement(a: string[][], b: string[][]): string {
  let identical = 0;
  let shared = 0;
  let total = 0;
  a.forEach((list, i) => {
    const other = b[i] ?? [];
    if (list.length === other.length && list.every((id, j) => id === other[j])) identical++;
    const set = new Set(other);
    shared += list.filter((id) => set.has(id)).length;
    total += Math.max(list.length, other.length);
  });
  const overlap = total === 0 ? 1 : shared / total;
  return `${((identical / Math.max(1, a.length)) * 100).toFixed(1)}% identical lists, ${(overlap * 100).toFixed(2)}% shared ids`;
}
