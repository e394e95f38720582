import { AsyncLocalStorage } from 'node:async_hooks';
import type { ChromaClient, Collection } from 'chromadb';
import { l2Normalize, type Embedder } from '../embeddings/types.js';
import { RecallGateError } from '../errors.js';
import { redactUrl } from '../redact.js';
import { compareHits, type MemoryStore } from './types.js';
import type { MemoryRecord, SearchHit } from '../model/memory.js';

export const DEFAULT_CHROMA_URL = 'http://localhost:8000';
/** How long one Chroma operation (all its HTTP requests, bodies included) may take by default. */
export const DEFAULT_CHROMA_TIMEOUT_MS = 30_000;
/** Records per add() request; Chroma caps a batch (about 40,000 on a default server). */
const ADD_BATCH = 1000;

export interface ChromaOptions {
  url: string;
  /** Unique per run and provider, so two runs never share a collection. */
  collection: string;
  tenant?: string;
  database?: string;
  headers?: Record<string, string>;
  keepCollection?: boolean;
  /** Index settings beyond the distance; Chroma's defaults when absent. */
  hnsw?: { ef_search?: number; ef_construction?: number; max_neighbors?: number };
  /** One operation (reset, an add batch, a search, a list), in milliseconds; DEFAULT_CHROMA_TIMEOUT_MS when absent. */
  timeoutMs?: number;
}

/** The deadline of the Chroma operation in progress, which the request interceptor puts on each of its requests. */
const operationDeadline = new AsyncLocalStorage<AbortSignal>();

/** The part of the chromadb client's (private) HTTP client used to attach deadlines; chromadb is pinned. */
interface InterceptableClient {
  apiClient?: { interceptors?: { request?: { use(interceptor: (request: Request) => Request): void } } };
}

/**
 * Memories in a Chroma collection, built the way agents usually use Chroma:
 * one collection, the owner in each record's metadata, and every query
 * filtered with `where: { user }`. Distance is cosine (hnsw space "cosine");
 * the score we report is 1 - distance, the cosine similarity. Vectors come from
 * our Embedder and are passed in; Chroma's own embedding function is never used.
 */
export class ChromaStore implements MemoryStore {
  /** Made on the first reset: chromadb is loaded only by runs that use a chroma provider. */
  private client?: ChromaClient;
  private collection?: Collection;
  private readonly prepared = new Map<string, number[]>();
  private readonly timeoutMs: number;

  constructor(
    private readonly embedder: Embedder,
    private readonly options: ChromaOptions,
  ) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_CHROMA_TIMEOUT_MS;
  }

  private async connect(): Promise<ChromaClient> {
    const { ChromaClient } = await import('chromadb');
    const url = new URL(this.options.url);
    const ssl = url.protocol === 'https:';
    const client = new ChromaClient({
      host: url.hostname,
      port: url.port ? Number(url.port) : ssl ? 443 : 80,
      ssl,
      tenant: this.options.tenant,
      database: this.options.database,
      headers: this.options.headers,
    });
    // The client takes no per-call signal; an interceptor gives each request the deadline of its operation,
    // so a server that stops answering has its sockets aborted, not left open.
    (client as unknown as InterceptableClient).apiClient?.interceptors?.request?.use((request) => {
      const signal = operationDeadline.getStore();
      return signal ? new Request(request, { signal }) : request;
    });
    return client;
  }

  async reset(): Promise<void> {
    const client = (this.client ??= await this.connect());
    await this.call('creating the collection', async () => {
      await client.deleteCollection({ name: this.options.collection }).catch((error: unknown) => {
        if ((error as Error).name !== 'ChromaNotFoundError') throw error;
      });
      this.collection = await client.createCollection({
        name: this.options.collection,
        configuration: { hnsw: { space: 'cosine', ...this.options.hnsw } },
        embeddingFunction: null,
        metadata: { created_by: 'recall-gate' },
      });
    });
  }

  async add(records: readonly MemoryRecord[]): Promise<void> {
    if (records.length === 0) return;
    const vectors = await this.embedder.embed(records.map((record) => record.text));
    const collection = this.open();
    for (let start = 0; start < records.length; start += ADD_BATCH) {
      const batch = records.slice(start, start + ADD_BATCH);
      await this.call('adding memories', () =>
        collection.add({
          ids: batch.map((record) => record.id),
          embeddings: batch.map((_, i) => Array.from(this.unit(vectors[start + i]!))),
          documents: batch.map((record) => record.text),
          metadatas: batch.map((record): Record<string, string> => (record.date ? { user: record.user, date: record.date } : { user: record.user })),
        }),
      );
    }
  }

  async prepareQueries(queries: readonly string[]): Promise<void> {
    const missing = [...new Set(queries)].filter((text) => !this.prepared.has(text));
    if (missing.length === 0) return;
    const vectors = await this.embedder.embed(missing);
    missing.forEach((text, i) => this.prepared.set(text, Array.from(this.unit(vectors[i]!))));
  }

  /** The signal reaches the query's embedding; Chroma's client takes none, so its query runs to its own end. */
  async search(user: string, query: string, limit: number, signal?: AbortSignal): Promise<SearchHit[]> {
    const vector = this.prepared.get(query) ?? Array.from(this.unit((await this.embedder.embed([query], signal))[0]!));
    const collection = this.open();
    const result = await this.call('searching', () =>
      collection.query({ queryEmbeddings: [vector], nResults: limit, where: { user }, include: ['distances', 'documents'] }),
    );
    const ids = result.ids[0] ?? [];
    const distances = result.distances?.[0] ?? [];
    const documents = result.documents?.[0] ?? [];
    const hits = ids.map((id, i) => ({ id, text: documents[i] ?? '', score: 1 - (distances[i] ?? 1) }));
    // Chroma orders by distance; ties get our one rule (id descending) so trec_eval reads the same ranking.
    return hits.sort(compareHits);
  }

  async list(user: string): Promise<MemoryRecord[]> {
    const collection = this.open();
    const result = await this.call('listing memories', () => collection.get({ where: { user }, include: ['documents', 'metadatas'] }));
    return result.ids.map((id, i) => {
      const metadata = (result.metadatas[i] ?? {}) as { user?: string; date?: string };
      return { id, text: result.documents[i] ?? '', user: metadata.user ?? user, ...(metadata.date ? { date: metadata.date } : {}) };
    });
  }

  diagnostics(): Record<string, unknown> {
    const stats = (this.embedder as { stats?: unknown }).stats;
    return {
      embedder: this.embedder.id,
      chroma: {
        url: redactUrl(this.options.url),
        collection: this.options.collection,
        kept: Boolean(this.options.keepCollection),
        hnsw: { space: 'cosine', ...this.options.hnsw },
        timeout_ms: this.timeoutMs,
      },
      ...(stats ? { embedding_cache: { ...stats } } : {}),
    };
  }

  async close(): Promise<void> {
    const client = this.client;
    if (!client || !this.collection || this.options.keepCollection) return;
    this.collection = undefined;
    await this.call('deleting the collection', () => client.deleteCollection({ name: this.options.collection })).catch(() => undefined);
  }

  private open(): Collection {
    if (!this.collection) throw new Error('the Chroma collection was not created (reset() first)');
    return this.collection;
  }

  private unit(vector: Float32Array): Float32Array {
    return this.embedder.normalized ? vector : l2Normalize(Float32Array.from(vector));
  }

  /**
   * Runs a Chroma operation within timeoutMs; a server that is not there, or
   * stops answering, becomes an error that says where, what and what to do.
   */
  private async call<T>(what: string, action: () => Promise<T>): Promise<T> {
    const deadline = new AbortController();
    const expired = new Promise<never>((_, reject) => deadline.signal.addEventListener('abort', () => reject(deadline.signal.reason), { once: true }));
    const timer = setTimeout(() => deadline.abort(new Error('timed out')), this.timeoutMs);
    try {
      // The race bounds the wait even where a request would not carry the signal.
      return await operationDeadline.run(deadline.signal, () => Promise.race([action(), expired]));
    } catch (error) {
      if (deadline.signal.aborted) {
        throw new RecallGateError('incomplete', `Chroma at ${redactUrl(this.options.url)} did not answer within ${this.timeoutMs} ms while ${what} (timeout_ms)`, {
          hint: "check that the server is running and not overloaded, or raise the provider's timeout_ms",
          cause: error,
        });
      }
      const name = (error as Error).name;
      const unreachable = name === 'ChromaConnectionError' || /fetch failed|ECONNREFUSED|ECONNRESET|socket/i.test(String((error as Error).message));
      throw new RecallGateError('incomplete', `Chroma at ${redactUrl(this.options.url)} failed while ${what}: ${(error as Error).message}`, {
        hint: unreachable
          ? 'start a server (npx chroma run --path ./chroma-data) or set url / CHROMA_URL to a running one'
          : 'check the tenant, database and API key',
        cause: error,
      });
    } finally {
      clearTimeout(timer);
    }
  }
}

/** A collection name Chroma accepts: 3 to 512 of [A-Za-z0-9._-], starting and ending with a letter or digit. */
export function collectionName(suite: string, provider: string, runId: string): string {
  const raw = `rg-${suite}-${provider}-${runId}`.replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 500);
  return raw.replace(/[^A-Za-z0-9]+$/, '') || 'rg-collection';
}
