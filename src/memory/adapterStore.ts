import type { MemoryStore } from './types.js';
import type { MemoryRecord, SearchHit } from '../model/memory.js';
import { RecallGateError } from '../errors.js';
import type { AdapterClient } from '../protocol/adapterClient.js';
import { PROTOCOL_DOC } from '../protocol/protocol.js';

/** Memories per add call. */
const ADD_BATCH = 500;

/** What the store calls: the adapter protocol's client, or another client of the same shape (the MCP client, src/memory/mcp.ts). */
export type MemoryClient = Pick<AdapterClient, 'label' | 'reset' | 'add' | 'search' | 'list' | 'close'>;

export interface AdapterStoreOptions {
  /** close() also closes the client (and so the child process or connection). Default false: the target owns it. */
  closeClient?: boolean;
}

/**
 * The adapter's own memory as a MemoryStore, for the retrieval layer, over
 * the optional add, search and list methods.
 *
 * MemoryStore.reset() names no user, and the protocol's reset forgets one user
 * (no "all users" wildcard to implement, nor to collide with a real user id).
 * So reset() is lazy: it marks every user stale, and the first add, search or
 * list for a user after it calls `reset {user}` first. A run therefore starts
 * from nothing for every user it touches, and users it never touches are left
 * alone. A fresh store behaves as if reset() had just been called.
 *
 * Hits keep the order the adapter sends, and that order is what retrieval
 * scores: the adapter knows its ranking (a reranker's, say) and `score` may
 * not follow it (mem0 keeps the pre-rerank score), so re-sorting by score
 * would measure a ranking the agent never uses. A repeated id counts once,
 * at its first (best) place; the list is cut to `limit`.
 */
export class AdapterMemoryStore implements MemoryStore {
  /** Users reset since the last reset(), with that reset's promise (shared by concurrent callers). */
  private fresh = new Map<string, Promise<void>>();

  constructor(
    readonly client: MemoryClient,
    private readonly options: AdapterStoreOptions = {},
  ) {}

  async reset(): Promise<void> {
    this.fresh = new Map();
  }

  async add(records: readonly MemoryRecord[]): Promise<void> {
    const byUser = new Map<string, MemoryRecord[]>();
    for (const record of records) {
      const list = byUser.get(record.user);
      if (list) list.push(record);
      else byUser.set(record.user, [record]);
    }
    for (const [user, list] of byUser) {
      await this.resetOnce(user);
      for (let start = 0; start < list.length; start += ADD_BATCH) {
        await this.client.add(user, list.slice(start, start + ADD_BATCH));
      }
    }
  }

  /** An aborted search stops waiting for the adapter's answer (an HTTP adapter's request is cancelled). */
  async search(user: string, query: string, limit: number, signal?: AbortSignal): Promise<SearchHit[]> {
    await this.resetOnce(user);
    const hits = await this.client.search(user, query, limit, { signal });
    // Chunked stores return one memory once per chunk: a memory counts once, at its best (first) rank.
    const seen = new Set<string>();
    return hits.filter((hit) => !seen.has(hit.id) && Boolean(seen.add(hit.id))).slice(0, limit);
  }

  async list(user: string): Promise<MemoryRecord[]> {
    await this.resetOnce(user);
    return (await this.client.list(user)).map(({ id, text, date }, i) => {
      // Retrieval scores memories by id: an entry without one cannot be ranked against the judgments.
      if (id === undefined) throw new RecallGateError('incomplete', `${this.client.label}: "list" returned result.memories[${i}] without an id`, { hint: `retrieval needs each memory's id: see ${PROTOCOL_DOC}` });
      return { id, text, user, ...(date !== undefined ? { date } : {}) };
    });
  }

  async close(): Promise<void> {
    if (this.options.closeClient) await this.client.close();
  }

  private resetOnce(user: string): Promise<void> {
    let done = this.fresh.get(user);
    if (!done) {
      const map = this.fresh;
      done = this.client.reset(user);
      map.set(user, done);
      // A failed reset is retried by the next call rather than remembered.
      done.catch(() => {
        if (map.get(user) === done) map.delete(user);
      });
    }
    return done;
  }
}
