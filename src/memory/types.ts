import type { MemoryRecord, SearchHit } from '../model/memory.js';

/**
 * The memory under test. Every implementation scopes search and list to one
 * user and returns hits best first. The in-process stores and Chroma order
 * them by score with ties broken by id descending, as trec_eval reads a run
 * back; an adapter's hits keep the adapter's order (formatRunLines writes
 * their run file so trec_eval reads back that order).
 */
export interface MemoryStore {
  /** Removes everything, so a run starts from nothing. */
  reset(): Promise<void>;
  add(records: readonly MemoryRecord[]): Promise<void>;
  /**
   * `signal` aborts when the caller gives up on the search (the builtin
   * agent's recall_timeout_ms): a store stops the work it can stop, above all
   * a network request, so nothing abandoned outlives the run.
   */
  search(user: string, query: string, limit: number, signal?: AbortSignal): Promise<SearchHit[]>;
  list(user: string): Promise<MemoryRecord[]>;
  /**
   * Optional: do the expensive part of these searches ahead of time (embed the
   * query texts in batches), so per-search latency measures the search itself.
   */
  prepareQueries?(queries: readonly string[]): Promise<void>;
  /**
   * Optional: forget one user's memories and free what they took. A store
   * that has it is seeded and searched a few users at a time
   * (retrieval/userSlices.ts), so a run holds the largest users, not the suite.
   */
  releaseUser?(user: string): Promise<void>;
  /** Figures worth keeping in results.json (embedding cache hits, ...). */
  diagnostics?(): Record<string, unknown>;
  /** Releases connections or servers; the store is not used afterwards. */
  close(): Promise<void>;
}

/** Best first; ties by id descending, byte-wise as trec_eval's strcmp compares them. */
export function compareHits(a: { id: string; score: number }, b: { id: string; score: number }): number {
  if (b.score !== a.score) return b.score - a.score;
  return Buffer.compare(Buffer.from(b.id, 'utf8'), Buffer.from(a.id, 'utf8'));
}
