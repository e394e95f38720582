import { TopK } from './topK.js';
import { PerUserStore } from './perUserStore.js';
import { tokenize } from '../text/tokenizer.js';
import type { MemoryStore } from './types.js';
import type { MemoryRecord, SearchHit } from '../model/memory.js';

export interface Bm25Options {
  k1?: number;
  b?: number;
}

/** One user's inverted index; BM25 statistics are per user because searches are. */
class UserIndex {
  readonly records: MemoryRecord[] = [];
  readonly lengths: number[] = [];
  readonly postings = new Map<string, { doc: number; tf: number }[]>();
  totalLength = 0;

  add(record: MemoryRecord): void {
    const doc = this.records.length;
    const terms = tokenize(record.text);
    this.records.push(record);
    this.lengths.push(terms.length);
    this.totalLength += terms.length;
    const counts = new Map<string, number>();
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const [term, tf] of counts) {
      const list = this.postings.get(term);
      if (list) list.push({ doc, tf });
      else this.postings.set(term, [{ doc, tf }]);
    }
  }
}

/**
 * Okapi BM25 in process: idf = ln(1 + (N - df + 0.5) / (df + 0.5)) (Lucene's,
 * never negative), tf saturation k1, length normalisation b. Each distinct
 * query term counts once. Only memories sharing a term with the query are returned.
 */
export class KeywordStore extends PerUserStore<UserIndex> implements MemoryStore {
  private readonly k1: number;
  private readonly b: number;

  constructor(options: Bm25Options = {}) {
    super();
    this.k1 = options.k1 ?? 1.2;
    this.b = options.b ?? 0.75;
  }

  async add(records: readonly MemoryRecord[]): Promise<void> {
    for (const record of records) {
      let index = this.users.get(record.user);
      if (!index) {
        index = new UserIndex();
        this.users.set(record.user, index);
      }
      index.add(record);
    }
  }

  /** In memory and synchronous: nothing to abort, so it takes no signal. */
  async search(user: string, query: string, limit: number): Promise<SearchHit[]> {
    const index = this.users.get(user);
    if (!index || index.records.length === 0) return [];
    const count = index.records.length;
    const averageLength = index.totalLength / count || 1;
    const scores = new Float64Array(count);
    const touched: number[] = [];
    for (const term of new Set(tokenize(query))) {
      const postings = index.postings.get(term);
      if (!postings) continue;
      const idf = Math.log(1 + (count - postings.length + 0.5) / (postings.length + 0.5));
      for (const { doc, tf } of postings) {
        const norm = this.k1 * (1 - this.b + (this.b * index.lengths[doc]!) / averageLength);
        if (scores[doc] === 0) touched.push(doc);
        scores[doc]! += (idf * tf * (this.k1 + 1)) / (tf + norm);
      }
    }
    const top = new TopK(limit);
    for (const doc of touched) if (top.admits(scores[doc]!)) top.offer(doc, index.records[doc]!.id, scores[doc]!);
    return top.sorted().map(({ index: doc, score }) => ({ id: index.records[doc]!.id, text: index.records[doc]!.text, score }));
  }
}
