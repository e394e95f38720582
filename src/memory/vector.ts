import { l2Normalize, type Embedder } from '../embeddings/types.js';
import { TopK } from './topK.js';
import { PerUserStore } from './perUserStore.js';
import type { MemoryStore } from './types.js';
import type { MemoryRecord, SearchHit } from '../model/memory.js';

/** One user's memories as rows of a contiguous matrix. */
class UserMatrix {
  readonly records: MemoryRecord[] = [];
  private rows = new Float32Array(0);

  constructor(readonly dimensions: number) {}

  /** Makes room for `count` more rows in one allocation (a batch knows its size). */
  reserve(count: number): void {
    const needed = (this.records.length + count) * this.dimensions;
    if (needed <= this.rows.length) return;
    const grown = new Float32Array(Math.max(needed, Math.floor(this.rows.length * 1.5)));
    grown.set(this.rows.subarray(0, this.records.length * this.dimensions));
    this.rows = grown;
  }

  add(record: MemoryRecord, vector: Float32Array): void {
    this.reserve(1);
    this.rows.set(vector, this.records.length * this.dimensions);
    this.records.push(record);
  }

  /** Cosine similarity of every row with a unit query vector, into a bounded top-k. */
  search(query: Float32Array, limit: number): { index: number; score: number }[] {
    const top = new TopK(limit);
    const rows = this.rows;
    const dimensions = this.dimensions;
    const unrolled = dimensions - (dimensions % 4);
    for (let row = 0, offset = 0; row < this.records.length; row++, offset += dimensions) {
      // Four independent sums: one running sum makes every addition wait for the last.
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      let i = 0;
      for (; i < unrolled; i += 4) {
        s0 += rows[offset + i]! * query[i]!;
        s1 += rows[offset + i + 1]! * query[i + 1]!;
        s2 += rows[offset + i + 2]! * query[i + 2]!;
        s3 += rows[offset + i + 3]! * query[i + 3]!;
      }
      for (; i < dimensions; i++) s0 += rows[offset + i]! * query[i]!;
      const dot = s0 + s1 + (s2 + s3);
      if (top.admits(dot)) top.offer(row, this.records[row]!.id, dot);
    }
    return top.sorted();
  }
}

/**
 * Exact nearest neighbours in process: every vector is L2-normalised, so the
 * dot product is the cosine similarity, and every memory of the user is scored.
 * No approximation, so its ranking is the reference other vector stores are held to.
 */
export class VectorStore extends PerUserStore<UserMatrix> implements MemoryStore {
  /** Query vectors embedded ahead by prepareQueries. */
  private prepared = new Map<string, Float32Array>();

  constructor(private readonly embedder: Embedder) {
    super();
  }

  async add(records: readonly MemoryRecord[]): Promise<void> {
    if (records.length === 0) return;
    const vectors = await this.embedder.embed(records.map((record) => record.text));
    const perUser = new Map<string, number>();
    for (const record of records) perUser.set(record.user, (perUser.get(record.user) ?? 0) + 1);
    records.forEach((record, i) => {
      const vector = this.unit(vectors[i]!);
      let matrix = this.users.get(record.user);
      if (!matrix) {
        matrix = new UserMatrix(vector.length);
        this.users.set(record.user, matrix);
      }
      const incoming = perUser.get(record.user);
      if (incoming) {
        matrix.reserve(incoming);
        perUser.delete(record.user);
      }
      if (vector.length !== matrix.dimensions) {
        throw new Error(`embedding of memory "${record.id}" has ${vector.length} dimensions, earlier ones ${matrix.dimensions}`);
      }
      matrix.add(record, vector);
    });
  }

  async prepareQueries(queries: readonly string[]): Promise<void> {
    const missing = [...new Set(queries)].filter((text) => !this.prepared.has(text));
    if (missing.length === 0) return;
    const vectors = await this.embedder.embed(missing);
    missing.forEach((text, i) => this.prepared.set(text, this.unit(vectors[i]!)));
  }

  async search(user: string, query: string, limit: number, signal?: AbortSignal): Promise<SearchHit[]> {
    const matrix = this.users.get(user);
    if (!matrix) return [];
    const vector = this.prepared.get(query) ?? this.unit((await this.embedder.embed([query], signal))[0]!);
    if (vector.length !== matrix.dimensions) {
      throw new Error(`query embedding has ${vector.length} dimensions, memories ${matrix.dimensions}`);
    }
    return matrix.search(vector, limit).map(({ index, score }) => ({ id: matrix.records[index]!.id, text: matrix.records[index]!.text, score }));
  }

  diagnostics(): Record<string, unknown> {
    const stats = (this.embedder as { stats?: unknown }).stats;
    return { embedder: this.embedder.id, ...(stats ? { embedding_cache: { ...stats } } : {}) };
  }

  override async close(): Promise<void> {
    await super.close();
    this.prepared = new Map();
  }

  private unit(vector: Float32Array): Float32Array {
    return this.embedder.normalized ? vector : l2Normalize(Float32Array.from(vector));
  }
}
