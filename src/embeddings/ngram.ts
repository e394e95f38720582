import { words } from '../text/tokenizer.js';
import { l2Normalize, type Embedder } from './types.js';

export interface NgramOptions {
  dimensions?: number;
  sizes?: number[];
}

/**
 * A lexical vector with no model: each word is wrapped as "<word>" and cut
 * into character n-grams; every n-gram and the whole word are hashed into a
 * fixed number of dimensions with a hash-derived sign (feature hashing: 32-bit
 * FNV-1a over UTF-16 code units, small, fast and stable across platforms), weighted
 * 1 + ln(count), and the vector is L2-normalised. Cosine similarity between two
 * texts then measures shared spelling, so "flight" is near "flights" but not
 * near "plane": it finds paraphrases only where they share word parts.
 */
export class NgramEmbedder implements Embedder {
  readonly id: string;
  readonly normalized = true;
  private readonly dimensions: number;
  private readonly sizes: number[];
  /** Scratch for embedOne, reused: embedding is synchronous, one text at a time. */
  private readonly features = new FeatureCounts();

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
    const features = this.features;
    features.clear();
    for (const word of words(text)) {
      const whole = `w:${word}`;
      features.add(whole, 0, whole.length);
      const wrapped = `<${word}>`;
      for (const n of this.sizes) {
        if (wrapped.length < n) continue;
        for (let i = 0; i + n <= wrapped.length; i++) features.add(wrapped, i, n);
      }
    }
    const vector = new Float32Array(this.dimensions);
    for (let entry = 0; entry < features.size; entry++) {
      const hash = features.hashes[entry]!;
      const sign = hash & 0x80000000 ? -1 : 1;
      vector[hash % this.dimensions]! += sign * (1 + Math.log(features.counts[entry]!));
    }
    return l2Normalize(vector);
  }
}

/**
 * The distinct features of one text, counted, in the order each first appears, each found by its FNV-1a hash
 * and told apart from another of the same hash by its characters: what a Map from feature text to count gives,
 * without making a string of every n-gram or boxing a number per feature (most of the embedder's time went to
 * those). An open-addressing table of entry numbers, grown as needed, reused from text to text.
 */
class FeatureCounts {
  hashes = new Uint32Array(256);
  counts = new Float64Array(256);
  size = 0;
  private sources: string[] = [];
  private starts = new Int32Array(256);
  private lengths = new Int32Array(256);
  /** Slot -> entry + 1 (0: empty); slots = a power of two, at least twice the entries. */
  private slots = new Int32Array(1024);

  /** Starts the next text. */
  clear(): void {
    this.slots.fill(0);
    this.size = 0;
  }

  /** Counts the feature written at source[start, start + length). */
  add(source: string, start: number, length: number): void {
    let hash = 0x811c9dc5;
    for (let i = start; i < start + length; i++) {
      hash ^= source.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193);
    }
    hash >>>= 0;
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot]! - 1;
      if (entry === -1) {
        this.slots[slot] = this.push(hash, source, start, length) + 1;
        if (this.size * 2 > this.slots.length) this.grow();
        return;
      }
      if (this.hashes[entry] === hash && this.holds(entry, source, start, length)) {
        this.counts[entry]! += 1;
        return;
      }
    }
  }

  private push(hash: number, source: string, start: number, length: number): number {
    if (this.size === this.hashes.length) {
      const capacity = this.size * 2;
      this.hashes = grown(this.hashes, new Uint32Array(capacity));
      this.counts = grown(this.counts, new Float64Array(capacity));
      this.starts = grown(this.starts, new Int32Array(capacity));
      this.lengths = grown(this.lengths, new Int32Array(capacity));
    }
    const entry = this.size++;
    this.hashes[entry] = hash;
    this.counts[entry] = 1;
    this.sources[entry] = source;
    this.starts[entry] = start;
    this.lengths[entry] = length;
    return entry;
  }

  private grow(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    const mask = this.slots.length - 1;
    for (let entry = 0; entry < this.size; entry++) {
      let slot = this.hashes[entry]! & mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
      this.slots[slot] = entry + 1;
    }
  }

  private holds(entry: number, source: string, start: number, length: number): boolean {
    if (this.lengths[entry] !== length) return false;
    const other = this.sources[entry]!;
    const otherStart = this.starts[entry]!;
    for (let i = 0; i < length; i++) if (other.charCodeAt(otherStart + i) !== source.charCodeAt(start + i)) return false;
    return true;
  }
}

function grown<T extends Uint32Array | Float64Array | Int32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
