import { words } from '../text/tokenizer.js';
import { l2Normalize, type Embedder } from './types.js';

export interface NgramOptions {
  dimensions?: number;
  sizes?: number[];
}

/** 32-bit FNV-1a over UTF-16 code units: small, fast and stable across platforms. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * A lexical vector with no model: each word is wrapped as "<word>" and cut
 * into character n-grams; every n-gram and the whole word are hashed into a
 * fixed number of dimensions with a hash-derived sign (feature hashing), weighted
 * 1 + ln(count), and the vector is L2-normalised. Cosine similarity between two
 * texts then measures shared spelling, so "flight" is near "flights" but not
 * near "plane": it finds paraphrases only where they share word parts.
 */
export class NgramEmbedder implements Embedder {
  readonly id: string;
  readonly normalized = true;
  private readonly dimensions: number;
  private readonly sizes: number[];

  constructor(options: NgramOptions = {}) {
    this.dimensions = options.dimensions ?? 512;
    this.sizes = options.sizes ?? [3, 4];
    // The version names the algorithm: bump it on any change, or cached vectors go stale.
    this.id = `ngram:v2:d${this.dimensions}:n${this.sizes.join(',')}`;
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    return texts.map((text) => this.embedOne(text));
  }

  embedOne(text: string): Float32Array {
    const counts = new Map<string, number>();
    const bump = (feature: string) => counts.set(feature, (counts.get(feature) ?? 0) + 1);
    for (const word of words(text)) {
      const wrapped = `<${word}>`;
      bump(`w:${word}`);
      for (const n of this.sizes) {
        if (wrapped.length < n) continue;
        for (let i = 0; i + n <= wrapped.length; i++) bump(wrapped.slice(i, i + n));
      }
    }
    const vector = new Float32Array(this.dimensions);
    for (const [feature, count] of counts) {
      const hash = fnv1a(feature);
      const sign = hash & 0x80000000 ? -1 : 1;
      vector[hash % this.dimensions]! += sign * (1 + Math.log(count));
    }
    return l2Normalize(vector);
  }
}
