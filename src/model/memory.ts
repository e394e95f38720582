/** A memory as a store holds it and a hit as a search returns it: plain data the stores, the adapter protocol and the retrieval layer share. */

/** A memory as a provider stores it. */
export interface MemoryRecord {
  id: string;
  text: string;
  /** Owner; a search only ever sees the searching user's memories. */
  user: string;
  /** ISO date the memory was told, if known. */
  date?: string;
}

export interface SearchHit {
  id: string;
  text: string;
  /** Higher is better; what it means depends on the provider (BM25 score, cosine similarity). */
  score: number;
}
