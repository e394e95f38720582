import { TopK } from './topK.js';
import { PerUserStore } from './perUserStore.js';
import type { MemoryRecord } from '../model/memory.js';
import type { MemoryStore } from './types.js';
import type { SearchHit } from '../model/memory.js';

/** The keyword provider's presets: `preset: NAME` in a suite. */
export const KEYWORD_PRESETS = ['rank_bm25'] as const;
export type KeywordPreset = (typeof KEYWORD_PRESETS)[number];

export interface RankBm25Options {
  k1?: number;
  b?: number;
  epsilon?: number;
}

/** rank_bm25's BM25Okapi defaults, which LongMemEval's flat-bm25 leaves as they are. */
export const RANK_BM25_DEFAULTS = { k1: 1.5, b: 0.75, epsilon: 0.25 } as const;

/**
 * LongMemEval's tokenizer: the text split on single spaces, nothing else
 * (no lower-casing, no stop words, no stemming). "a  b" gives "a", "" and "b",
 * "" gives one empty token: the empty strings are terms like any other.
 */
export function spaceTokens(text: string): string[] {
  return text.split(' ');
}

/** One user's corpus: LongMemEval builds one BM25 index per question over its haystack. */
class UserCorpus {
  readonly records: MemoryRecord[] = [];
  readonly lengths: number[] = [];
  /** term -> the documents holding it and how often, in corpus order; the Map keeps terms in first-seen order. */
  readonly postings = new Map<string, { doc: number; tf: number }[]>();
  totalLength = 0;
  private idfs: Map<string, number> | undefined;

  add(record: MemoryRecord): void {
    const doc = this.records.length;
    const terms = spaceTokens(record.text);
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
    this.idfs = undefined;
  }

  /**
   * BM25Okapi's idf: ln(N - df + 0.5) - ln(df + 0.5), negative for a term in
   * more than half the documents; every negative one is replaced by epsilon
   * times the mean idf of all the corpus's terms, the mean taken before the
   * replacement (and so possibly negative itself). Summed in the order terms
   * first appear, as Python's dict iterates, so the mean is the same double.
   */
  idf(epsilon: number): Map<string, number> {
    if (this.idfs) return this.idfs;
    const count = this.records.length;
    const idfs = new Map<string, number>();
    const negative: string[] = [];
    let sum = 0;
    for (const [term, postings] of this.postings) {
      const idf = Math.log(count - postings.length + 0.5) - Math.log(postings.length + 0.5);
      idfs.set(term, idf);
      sum += idf;
      if (idf < 0) negative.push(term);
    }
    const floor = epsilon * (sum / idfs.size);
    for (const term of negative) idfs.set(term, floor);
    this.idfs = idfs;
    return idfs;
  }
}

/**
 * BM25 as LongMemEval's flat-bm25 retriever runs it: rank_bm25 0.2.2's
 * BM25Okapi over `text.split(" ")`, one corpus per user. Every query term
 * counts, repeats included (a term asked twice adds its part twice); a term
 * the corpus lacks adds nothing. Each part is computed in BM25Okapi's
 * order of operations, idf * (tf * (k1 + 1) / (tf + k1 * (1 - b + b * len / avgdl))),
 * and added term by term in query order, as numpy adds them: equal scores
 * there are equal here. Values agree within a few units in the last place
 * (V8's Math.log is not always glibc's correctly rounded log).
 *
 * Every memory of the user is ranked, those scoring 0 (or below, when a
 * floored idf is negative) too; `limit` (the run's depth) cuts the list.
 * Ties are ordered by id descending (compareHits), as for the other
 * in-process stores and as trec_eval reads a run back. LongMemEval orders
 * ties as np.argsort(scores)[::-1] happens to leave them: its default sort
 * is not stable and, with the SIMD sorts numpy uses on AVX2/AVX-512 CPUs,
 * not even the same from one machine to another, so no fixed order matches
 * it everywhere (README, Providers).
 */
export class RankBm25Store extends PerUserStore<UserCorpus> implements MemoryStore {
  private readonly k1: number;
  private readonly b: number;
  private readonly epsilon: number;

  constructor(options: RankBm25Options = {}) {
    super();
    this.k1 = options.k1 ?? RANK_BM25_DEFAULTS.k1;
    this.b = options.b ?? RANK_BM25_DEFAULTS.b;
    this.epsilon = options.epsilon ?? RANK_BM25_DEFAULTS.epsilon;
  }

  async add(records: readonly MemoryRecord[]): Promise<void> {
    for (const record of records) {
      let corpus = this.users.get(record.user);
      if (!corpus) {
        corpus = new UserCorpus();
        this.users.set(record.user, corpus);
      }
      corpus.add(record);
    }
  }

  /** Every memory's score, in corpus order (exported through the store for tests). */
  scores(user: string, query: string): Float64Array {
    const corpus = this.users.get(user);
    if (!corpus || corpus.records.length === 0) return new Float64Array(0);
    const { k1, b } = this;
    const averageLength = corpus.totalLength / corpus.records.length;
    const idfs = corpus.idf(this.epsilon);
    const scores = new Float64Array(corpus.records.length);
    for (const term of spaceTokens(query)) {
      const postings = corpus.postings.get(term);
      if (!postings) continue;
      const idf = idfs.get(term)!;
      // A document without the term adds idf * 0, which leaves its score as it is.
      for (const { doc, tf } of postings) {
        scores[doc]! += idf * ((tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * corpus.lengths[doc]!) / averageLength)));
      }
    }
    return scores;
  }

  /** In memory and synchronous: nothing to abort, so it takes no signal. */
  async search(user: string, query: string, limit: number): Promise<SearchHit[]> {
    const corpus = this.users.get(user);
    if (!corpus) return [];
    const scores = this.scores(user, query);
    const top = new TopK(limit);
    corpus.records.forEach((record, doc) => {
      if (top.admits(scores[doc]!)) top.offer(doc, record.id, scores[doc]!);
    });
    return top.sorted().map(({ index: doc, score }) => ({ id: corpus.records[doc]!.id, text: corpus.records[doc]!.text, score }));
  }
}
