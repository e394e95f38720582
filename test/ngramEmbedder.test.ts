import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NgramEmbedder } from '../src/embeddings/ngram.js';
import { l2Normalize } from '../src/embeddings/types.js';
import { words } from '../src/text/tokenizer.js';
import { seededRandom } from '../src/stats/random.js';

/**
 * The n-gram embedder counts its features in a hash table of its own rather
 * than a Map from feature text to count (most of its time went to making
 * those strings). Its vectors must stay bit for bit what the definition
 * gives, since a cache and every earlier run hold them: the definition,
 * written plainly, is the reference.
 */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function byDefinition(text: string, dimensions: number, sizes: number[]): Float32Array {
  const counts = new Map<string, number>();
  const bump = (feature: string) => counts.set(feature, (counts.get(feature) ?? 0) + 1);
  for (const word of words(text)) {
    const wrapped = `<${word}>`;
    bump(`w:${word}`);
    for (const n of sizes) {
      if (wrapped.length < n) continue;
      for (let i = 0; i + n <= wrapped.length; i++) bump(wrapped.slice(i, i + n));
    }
  }
  const vector = new Float32Array(dimensions);
  for (const [feature, count] of counts) {
    const hash = fnv1a(feature);
    const sign = hash & 0x80000000 ? -1 : 1;
    vector[hash % dimensions]! += sign * (1 + Math.log(count));
  }
  return l2Normalize(vector);
}

function bits(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

/** Texts of made-up words, some repeated (counts above 1), long ones (the table grows), and other scripts. */
function texts(): string[] {
  const random = seededRandom(7);
  const syllables = ['ka', 'lo', 'mi', 'ran', 'te', 'su', 'vo', 'ng', 'é', 'ø', '日', '本'];
  const word = () => Array.from({ length: 1 + Math.floor(random() * 4) }, () => syllables[Math.floor(random() * syllables.length)]).join('');
  const made = Array.from({ length: 400 }, () => Array.from({ length: 1 + Math.floor(random() * 60) }, word).join(' '));
  return [
    ...made,
    '',
    'a',
    "Flights, flight and FLIGHTS; don't forget the user's 2 bags.",
    'x'.repeat(3000),
    Array.from({ length: 2000 }, (_, i) => `w${i}`).join(' '),
    '👍🏽 ｆｕｌｌｗｉｄｔｈ İstanbul',
  ];
}

test('n-gram vectors are bit for bit those of the definition, at any dimensions and n-gram sizes', () => {
  for (const [dimensions, sizes] of [
    [1024, [3, 4]],
    [64, [3, 4]],
    [7, [2, 3, 5]],
    [512, [1]],
  ] as const) {
    const embedder = new NgramEmbedder({ dimensions, sizes: [...sizes] });
    for (const text of texts()) assert.deepEqual(bits(embedder.embedOne(text)), bits(byDefinition(text, dimensions, [...sizes])), `${dimensions} ${sizes.join(',')}: ${text.slice(0, 60)}`);
  }
});

test('two features with one 32-bit hash stay two features, each with its own count', () => {
  // FNV-1a("w:akrnw") === FNV-1a("w:a3pba"): one table slot's hash, two words.
  assert.equal(fnv1a('w:akrnw'), fnv1a('w:a3pba'));
  const embedder = new NgramEmbedder({ dimensions: 1024 });
  for (const text of ['akrnw a3pba', 'akrnw a3pba akrnw a3pba a3pba', 'a3pba akrnw akrnw']) {
    assert.deepEqual(bits(embedder.embedOne(text)), bits(byDefinition(text, 1024, [3, 4])), text);
  }
});
