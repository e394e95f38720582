import type { MemoryRecord } from '../model/memory.js';

/**
 * What the in-process stores (keyword, rank_bm25, vector) share: each user's
 * memories held apart in an index of the store's own kind, and forgotten,
 * listed and dropped alike. The subclass builds, adds to and searches its index.
 */
export abstract class PerUserStore<Index extends { readonly records: MemoryRecord[] }> {
  protected users = new Map<string, Index>();

  async reset(): Promise<void> {
    this.users = new Map();
  }

  async releaseUser(user: string): Promise<void> {
    this.users.delete(user);
  }

  async list(user: string): Promise<MemoryRecord[]> {
    return [...(this.users.get(user)?.records ?? [])];
  }

  async close(): Promise<void> {
    this.users = new Map();
  }
}
