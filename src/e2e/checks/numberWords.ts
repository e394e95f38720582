/*
 * Numbers written in English words, for amounts ("eight thousand euros",
 * "twelve hundred", "two and a half thousand", "a thousand", "half a million").
 *
 * Words: zero to nineteen, the tens twenty to ninety (a unit may follow after
 * a hyphen or a space: twenty-five, forty two), "hundred", and the magnitudes
 * "thousand", "million", "billion"; "a" or "an" stands for one before hundred
 * or a magnitude; "and" may join the parts (a hundred and fifty); "X and a
 * half" before a magnitude adds a half (two and a half thousand = 2500), and
 * "half a" before one halves it (half a million = 500000). Any case.
 *
 * The longest run of words that reads as one number is taken; words that do
 * not continue it end it ("two kids" is 2 then "kids"). `magnitude` says
 * whether hundred, thousand, million or billion is part of it: amount.ts
 * takes a number without one only next to a currency, so "one" in "the one
 * you mentioned" and "two" in "two kids" are no amounts.
 */

import { onFirstUse } from '../../text/onFirstUse.js';

const UNITS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const MAGNITUDES: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9 };

export interface NumberWords {
  value: number;
  at: number;
  raw: string;
  /** hundred, thousand, million or billion is part of the number. */
  magnitude: boolean;
}

const WORD = /[a-z]+/iy;
const GAP = /(?:\s+|-)/y;
/** Where a number in words can start; made at first use (see onFirstUse). */
const starts = onFirstUse(() => new RegExp(`(?<![\\p{L}\\d-])(?:${[...Object.keys(UNITS), ...Object.keys(TENS), 'an?', 'half'].join('|')})(?!\\p{L})`, 'giu'));

/** Every number written in words in `text`, in order of position. */
export function findNumberWords(text: string): NumberWords[] {
  const found: NumberWords[] = [];
  const start = starts();
  start.lastIndex = 0;
  for (let m = start.exec(text); m !== null; m = start.exec(text)) {
    const read = readFrom(text, m.index);
    if (read) {
      found.push(read);
      start.lastIndex = read.at + read.raw.length;
    }
  }
  return found;
}

/** Words from `start`, each with where it ends. */
function wordsFrom(text: string, start: number): { word: string; end: number }[] {
  const words: { word: string; end: number }[] = [];
  let at = start;
  while (words.length < 16) {
    WORD.lastIndex = at;
    const word = WORD.exec(text);
    if (!word || /\p{L}/u.test(text[at + word[0].length] ?? '')) break;
    words.push({ word: word[0].toLowerCase(), end: at + word[0].length });
    GAP.lastIndex = at + word[0].length;
    const gap = GAP.exec(text);
    if (!gap) break;
    at = gap.index + gap[0].length;
  }
  return words;
}

/** The longest number in words starting at `start`, or undefined when the words there make none. */
function readFrom(text: string, start: number): NumberWords | undefined {
  const words = wordsFrom(text, start);
  let total = 0;
  let current = 0;
  /** A count is pending: the words so far end in a unit, ten, hundred or magnitude. */
  let last: 'none' | 'unit' | 'ten' | 'hundred' | 'magnitude' | 'one' | 'and' | 'half' = 'none';
  let best: NumberWords | undefined;
  let magnitude = false;
  for (let i = 0; i < words.length; i++) {
    const { word, end } = words[i]!;
    const next = words[i + 1]?.word;
    if (word in UNITS && (last === 'none' || last === 'ten' || last === 'hundred' || last === 'magnitude' || last === 'and')) {
      if (last === 'ten' && UNITS[word]! >= 10) break;
      [current, last] = [current + UNITS[word]!, 'unit'];
    } else if (word in TENS && (last === 'none' || last === 'hundred' || last === 'magnitude' || last === 'and')) {
      [current, last] = [current + TENS[word]!, 'ten'];
    } else if (word === 'hundred' && (last === 'unit' || last === 'ten' || last === 'one') && current % 100 !== 0) {
      [current, last, magnitude] = [current * 100, 'hundred', true];
    } else if (word in MAGNITUDES && (last === 'unit' || last === 'ten' || last === 'hundred' || last === 'one' || last === 'half') && current > 0) {
      [total, current, last, magnitude] = [total + current * MAGNITUDES[word]!, 0, 'magnitude', true];
    } else if ((word === 'a' || word === 'an') && (last === 'none' || last === 'half') && next !== undefined && (next === 'hundred' || next in MAGNITUDES)) {
      [current, last] = [last === 'half' ? current : 1, last === 'half' ? 'half' : 'one'];
      continue;
    } else if (word === 'half' && last === 'none' && (next === 'a' || next === 'an')) {
      [current, last] = [0.5, 'half'];
      continue;
    } else if (word === 'and' && (last === 'hundred' || last === 'magnitude') && next !== undefined && (next in UNITS || next in TENS)) {
      last = 'and';
      continue;
    } else if (word === 'and' && (last === 'unit' || last === 'ten') && next === 'a' && words[i + 2]?.word === 'half' && (words[i + 3]?.word ?? '') in MAGNITUDES) {
      [current, last] = [current + 0.5, 'half'];
      i += 2;
      continue;
    } else {
      break;
    }
    best = { value: total + current, at: start, raw: text.slice(start, end), magnitude };
  }
  return best;
}
