/** Seeded pseudo-random numbers, so every run generates the same data. */

import { seededRandom } from '../src/stats/random.js';

/** mulberry32: a 32-bit state generator returning floats in [0, 1). */
export const mulberry32 = seededRandom;

/** Standard normal samples by Box-Muller, from a uniform source. */
export function gaussian(random: () => number): () => number {
  let spare: number | undefined;
  return () => {
    if (spare !== undefined) {
      const value = spare;
      spare = undefined;
      return value;
    }
    let u = 0;
    while (u === 0) u = random();
    const radius = Math.sqrt(-2 * Math.log(u));
    const angle = 2 * Math.PI * random();
    spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  };
}

/** Integer in [low, high], both inclusive. */
export function intBetween(random: () => number, low: number, high: number): number {
  return low + Math.floor(random() * (high - low + 1));
}

/** 32-bit FNV-1a of a string, to seed a generator from a text. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
