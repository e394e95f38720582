import type { MemoryRecord } from '../src/model/memory.js';
import { intBetween, mulberry32 } from './prng.js';

export interface GenerateOptions {
  memories: number;
  queries: number;
  vocabulary: number;
  users: number;
  seed: number;
  /** Zipf exponent of word frequencies. */
  zipf?: number;
}

export interface BenchQuery {
  id: string;
  user: string;
  text: string;
  /** The one relevant memory: the query was built from its words. */
  target: string;
  /** Index of the target in `memories`. */
  targetIndex: number;
}

export interface BenchData {
  users: string[];
  vocabulary: string[];
  memories: MemoryRecord[];
  queries: BenchQuery[];
}

const ONSETS = ['b', 'br', 'c', 'ch', 'd', 'dr', 'f', 'fl', 'g', 'gr', 'h', 'j', 'k', 'l', 'm', 'n', 'p', 'pl', 'r', 't', 'tr', 'v', 'w', 'z', 'st', 'sh'];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'oo', 'ou'];
const CODAS = ['', '', 'n', 'r', 'l', 't', 'm', 'nd', 'rk', 'ng', 'ck', 'th'];
/** Function words sprinkled in so texts read like English; the keyword tokenizer drops them. */
export const FILLERS = ['the', 'a', 'to', 'and', 'of', 'in', 'my', 'for', 'on', 'with', 'at', 'is'];

/** Distinct made-up words of one to three syllables, never ending in "s" (no stemming collisions). */
export function makeVocabulary(size: number, random: () => number): string[] {
  const pick = (list: readonly string[]) => list[Math.floor(random() * list.length)]!;
  const seen = new Set<string>(FILLERS);
  const words: string[] = [];
  while (words.length < size) {
    const syllables = intBetween(random, 1, 3);
    let word = '';
    for (let i = 0; i < syllables; i++) word += pick(ONSETS) + pick(VOWELS);
    word += pick(CODAS);
    if (word.length < 3 || seen.has(word)) continue;
    seen.add(word);
    words.push(word);
  }
  return words;
}

/** Samples ranks 0..n-1 with probability proportional to 1 / (rank + 1)^s. */
export function zipfSampler(n: number, s: number, random: () => number): () => number {
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let rank = 0; rank < n; rank++) {
    total += 1 / Math.pow(rank + 1, s);
    cumulative[rank] = total;
  }
  return () => {
    const target = random() * total;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

export function sentence(words: string[]): string {
  const text = words.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/**
 * Memories of 8-24 Zipf-distributed words (plus a few function words); each
 * query takes 3-5 distinct content words of one random memory, shuffled, plus
 * 1-2 Zipf noise words, so its target is the one relevant memory.
 */
export function generateData(options: GenerateOptions): BenchData {
  const random = mulberry32(options.seed);
  const vocabulary = makeVocabulary(options.vocabulary, random);
  const nextWord = zipfSampler(vocabulary.length, options.zipf ?? 1.0, random);
  const users = Array.from({ length: options.users }, (_, i) => `user-${i}`);

  const memories: MemoryRecord[] = [];
  const contentWords: string[][] = [];
  for (let i = 0; i < options.memories; i++) {
    const length = intBetween(random, 8, 24);
    const words: string[] = [];
    const content: string[] = [];
    for (let w = 0; w < length; w++) {
      if (random() < 0.2) words.push(FILLERS[Math.floor(random() * FILLERS.length)]!);
      const word = vocabulary[nextWord()]!;
      words.push(word);
      content.push(word);
    }
    memories.push({ id: `m${String(i).padStart(5, '0')}`, text: sentence(words), user: users[i % users.length]! });
    contentWords.push([...new Set(content)]);
  }

  const queries: BenchQuery[] = [];
  const seenTexts = new Set<string>();
  while (queries.length < options.queries) {
    const targetIndex = Math.floor(random() * memories.length);
    const target = memories[targetIndex]!;
    const pool = [...contentWords[targetIndex]!];
    const take = Math.min(pool.length, intBetween(random, 3, 5));
    const words: string[] = [];
    for (let i = 0; i < take; i++) words.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
    const noise = intBetween(random, 1, 2);
    for (let i = 0; i < noise; i++) words.splice(Math.floor(random() * (words.length + 1)), 0, vocabulary[nextWord()]!);
    const text = `${words.join(' ')}?`;
    if (seenTexts.has(text)) continue;
    seenTexts.add(text);
    queries.push({ id: `q${String(queries.length).padStart(4, '0')}`, user: target.user, text, target: target.id, targetIndex });
  }
  return { users, vocabulary, memories, queries };
}
