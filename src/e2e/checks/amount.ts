import type { CheckResult } from '../../model/checks.js';
import { findDates } from './date.js';
import { excerpt } from './excerpt.js';
import { findNumberWords } from './numberWords.js';
import { normalizeAnswer } from './normalize.js';
import { onFirstUse } from '../../text/onFirstUse.js';

/** An amount written in a text. */
export interface FoundAmount {
  value: number;
  /** Index of the first character of `raw` (the currency in front, if any) in the text searched. */
  at: number;
  /** The whole amount as written: currency, number, magnitude ("EUR 8,000", "€1.2 million", "8k"). */
  raw: string;
}

/*
 * How amounts are read (texts are expected to be normalised, see normalize.ts;
 * the thousands space also accepts U+00A0, U+2007, U+2009 and U+202F directly).
 *
 * Number shapes, tried in this order at each number:
 * - space thousands: 8 000, 1 000 000, with an optional decimal part after
 *   '.' or ',' (8 000,50);
 * - comma thousands: 8,000 and 1,000,000, optional '.' decimals (8,000.50);
 * - dot thousands: 8.000 and 1.000.000, optional ',' decimals (8.000,50);
 * - plain: 8000, or one decimal separator: 8.5, 1,5, 1,50, 0.500.
 * A group separator counts only when the leading group has 1 to 3 digits and
 * does not start with 0, and every later group has exactly 3 digits. So
 * "8.000" and "8,000" are 8000 (three digits after a single separator mean
 * thousands), while "8.5", "1,5", "1,50", "12345,678" and "0.500" are decimals.
 * A number that fits no shape is skipped whole: versions 1.2.3, addresses
 * 192.168.1.1, "1,234,5".
 *
 * Magnitudes after the number: k or K (8k, 1.5k, $1.5k), "thousand",
 * "million", "billion" and bn (1.2 million). m, M, MM and mn count as million
 * only next to a currency (€5m, $1.2M); alone, "5m" is 5 (metres, minutes).
 *
 * Currencies, before or after, with at most one space between:
 * - signs € $ £ ¥ ₹ ₩ ₽ ₺ ₪ ₫ ₱ ₴ ₦ ₿ and US$ A$ C$ NZ$ HK$ S$ R$;
 * - ISO codes in capitals (EUR, USD, GBP, ...; capitals only, so the verb
 *   "try" is not the Turkish lira), and Rs;
 * - after the number, words in any case: euro(s), dollar(s), pound(s)
 *   (sterling), sterling, yen, yuan, renminbi, rupee(s), franc(s), krona,
 *   kronor, krone, kroner, zloty(s), peso(s), lira, bucks, quid.
 *
 * Which amount is "first": the first amount with a currency; when no amount in
 * the text has one, the first number. So "your 2 kids ... €8,000" gives 8000,
 * and "you run 10 km" gives 10. The start of a range shares the currency
 * written after its end: "8,000 to 10,000 euros", "8,000-10,000 €" and
 * "between 8,000 and 10,000 euros" give 8000 (joined by -, to, and, or).
 *
 * Numbers that are not amounts are skipped:
 * - every part of a date findDates recognises (2026-10-15, 15.10.2026,
 *   15/10/2026, 1 November, Nov 1st 2026);
 * - numbers joined by '/' or ':' to another number: fractions, numeric dates
 *   without a year (10/15), times (10:30), ratios and scores;
 * - times 3pm, 10 a.m.; ordinals 1st, 22nd, 3rd, 4th;
 * - numbers inside words: A4, mp3, GPT4, GPT-4, COVID-19 (a letter, or a
 *   letter and a hyphen, right before the digits) unless the letters are a
 *   currency code (EUR8000);
 * - a year: a bare four-digit number from 1900 to 2099 with no currency or
 *   magnitude after "in", "since", "until", "till", "during", "year",
 *   "early", "late", "mid", a season or a month name (in 2026, since 2024,
 *   mid-2025, March 2026).
 * Signs are ignored: negative amounts are not supported ("-5" reads 5).
 * Percentages are amounts (20% reads 20).
 *
 * Numbers in words (numberWords.ts: "eight thousand euros", "twelve hundred",
 * "two and a half thousand", "a thousand", "half a million") are amounts when
 * they include hundred, thousand, million or billion, or have a currency next
 * to them ("fifty euros", "EUR twenty"); a bare "one" or "two kids" is none.
 * Digits with a magnitude word ("1.5 million", "8 thousand") are read as digits
 * above. Mixed forms such as "2 and a half thousand" read 2.
 */

const SIGNS = '€$£¥₹₩₽₺₪₫₱₴₦₿';
const CODES = 'EUR|USD|GBP|JPY|CNY|RMB|CHF|CAD|AUD|NZD|SEK|NOK|DKK|ISK|PLN|CZK|HUF|RON|BGN|INR|BRL|MXN|ZAR|RUB|UAH|TRY|KRW|SGD|HKD|TWD|THB|IDR|MYR|PHP|VND|ILS|AED|SAR|NGN|KES|ARS|CLP|COP|PEN|BTC';
const WORDS = 'euros?|dollars?|pounds?(?:\\s+sterling)?|sterling|yen|yuan|renminbi|rupees?|francs?|kronor|krona|kroner|krone|zloty(?:s|ch)?|pesos?|lira|bucks|quid';

const SPACE = '[ \\u00A0\\u2007\\u2009\\u202F]';
/** Number shapes, in the order tried; `decimal` holds the characters that can only be the decimal separator in that shape. */
const SHAPES: { pattern: RegExp; decimal: string }[] = [
  { pattern: new RegExp(`[1-9]\\d{0,2}(?:${SPACE}\\d{3})+(?!\\d)(?:[.,]\\d+)?`, 'y'), decimal: '.,' },
  { pattern: /[1-9]\d{0,2}(?:,\d{3})+(?:\.\d+)?/y, decimal: '.' },
  { pattern: /[1-9]\d{0,2}(?:\.\d{3})+(?:,\d+)?/y, decimal: ',' },
  { pattern: /\d+(?:[.,]\d+)?/y, decimal: '.,' },
];
const ANY_NUMBER = /\d+(?:[.,]\d+)*/y;

const JOINED_BEFORE = /\d[/:]$/;
const JOINED_AFTER = /^[/:]\d/;
/** The patterns around a number that read it as an amount, made at first use (see onFirstUse). */
const around = onFirstUse(() => ({
  prefix: new RegExp(`(?:[${SIGNS}]|(?<!\\p{L})(?:US|A|C|NZ|HK|S|R)\\$|(?<!\\p{L})(?:${CODES}|Rs)\\.?)\\s?$`, 'u'),
  suffixSignOrCode: new RegExp(`^\\s?(?:[${SIGNS}]|(?:${CODES})(?!\\p{L}))`, 'u'),
  suffixWord: new RegExp(`^\\s?(?:${WORDS})(?!\\p{L})`, 'iu'),
  thousands: /^\s?[kK](?![\p{L}\d])|^\s+thousand(?![\p{L}\d])/iu,
  millions: /^\s+million(?![\p{L}\d])/iu,
  billions: /^\s?bn(?![\p{L}\d])|^\s+billion(?![\p{L}\d])/iu,
  millionsWithCurrency: /^\s?(?:m|M|MM|mn)(?![\p{L}\d])/u,
  insideWord: /\p{L}-?$/u,
  timeOrOrdinal: /^(?:\s?[ap]\.?m\.?(?!\p{L})|(?:st|nd|rd|th)(?!\p{L}))/iu,
  yearWord: /(?:^|[^\p{L}])(in|since|until|till|during|year|early|late|mid|spring|summer|autumn|fall|winter|january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?(?:-|\s+)$/iu,
}));

export interface Candidate extends FoundAmount {
  /** A currency is written next to the amount, or next to the end of the range it starts. */
  currency: boolean;
}

interface Read extends Candidate {
  /** The currency is written after the amount, so it can apply to a range before it. */
  currencyAfter: boolean;
}

/** What joins the two ends of a range: "8,000-10,000 euros", "8,000 to 10,000 euros", "between 8,000 and 10,000 euros". */
const RANGE = /^\s*(?:-|to|and|or)\s*$/iu;

/** The first amount in `text` (see the rules above), or undefined when there is none. */
export function firstAmount(text: string): FoundAmount | undefined {
  const amounts = findAmounts(text);
  const pick = amounts.find((amount) => amount.currency) ?? amounts[0];
  return pick && { value: pick.value, at: pick.at, raw: pick.raw };
}

/** Every amount in `text` in order of position, each marked with whether a currency is written next to it. */
export function findAmounts(text: string): Candidate[] {
  const dates = findDates(text).map((date) => [date.at, date.at + date.raw.length] as const);
  const inDate = (at: number) => dates.some(([from, to]) => at >= from && at < to);
  const found: Read[] = [];
  const digits = /\d/g;
  for (let m = digits.exec(text); m !== null; m = digits.exec(text)) {
    const start = m.index;
    const number = readNumber(text, start);
    digits.lastIndex = number.end;
    if (!number.digits || inDate(start)) continue;
    const candidate = readAmount(text, start, number.end, number.digits);
    if (candidate) found.push(candidate);
  }
  for (const words of findNumberWords(text)) {
    if (inDate(words.at)) continue;
    const candidate = readWordAmount(text, words.at, words.at + words.raw.length, words.value, words.magnitude);
    if (candidate) found.push(candidate);
  }
  found.sort((a, b) => a.at - b.at);
  for (let i = found.length - 2; i >= 0; i--) {
    const [amount, next] = [found[i]!, found[i + 1]!];
    if (!amount.currency && next.currency && next.currencyAfter && RANGE.test(text.slice(amount.at + amount.raw.length, next.at))) {
      [amount.currency, amount.currencyAfter] = [true, true];
    }
  }
  return found.map(({ value, at, raw, currency }) => ({ value, at, raw, currency }));
}

interface Digits {
  whole: string;
  fraction: string;
}

/** The number starting at `start`: its extent, and its digits when it fits one of the shapes. */
function readNumber(text: string, start: number): { end: number; digits?: Digits } {
  for (const { pattern, decimal } of SHAPES) {
    pattern.lastIndex = start;
    const match = pattern.exec(text);
    if (!match) continue;
    const end = start + match[0].length;
    // A digit or another separated group right after: the shape does not cover the whole number.
    if (/^(?:\d|[.,]\d)/.test(text.slice(end, end + 2))) continue;
    return { end, digits: splitDigits(match[0], decimal) };
  }
  ANY_NUMBER.lastIndex = start;
  const all = ANY_NUMBER.exec(text);
  return { end: start + (all ? all[0].length : 1) };
}

/** Whole and fractional digits of a matched number, given the characters that are decimal separators in its shape. */
function splitDigits(written: string, decimal: string): Digits {
  const at = Math.max(...[...decimal].map((separator) => written.lastIndexOf(separator)));
  if (at < 0) return { whole: written.replace(/\D/g, ''), fraction: '' };
  return { whole: written.slice(0, at).replace(/\D/g, ''), fraction: written.slice(at + 1) };
}

/** The amount around the number at [start, end), or undefined when the number is not an amount. */
function readAmount(text: string, start: number, end: number, digits: Digits): Read | undefined {
  const before = text.slice(Math.max(0, start - 16), start);
  const { prefix: prefixPattern, insideWord, timeOrOrdinal, thousands, millions: millionsPattern, billions, millionsWithCurrency, yearWord } = around();
  const prefix = prefixPattern.exec(before);
  if (!prefix && insideWord.test(before)) return undefined;
  const after = text.slice(end);
  if (JOINED_BEFORE.test(before) || JOINED_AFTER.test(after) || timeOrOrdinal.test(after)) return undefined;

  let exponent = 0;
  let tail = 0;
  const magnitudes: [RegExp, number][] = [[thousands, 3], [millionsPattern, 6], [billions, 9]];
  for (const [pattern, power] of magnitudes) {
    const match = pattern.exec(after);
    if (match) [exponent, tail] = [power, match[0].length];
  }
  let suffix = currencyAfter(after.slice(tail));
  if (exponent === 0) {
    const millions = millionsWithCurrency.exec(after);
    const suffixAfterMillions = millions ? currencyAfter(after.slice(millions[0].length)) : 0;
    if (millions && (prefix || suffixAfterMillions > 0)) [exponent, tail, suffix] = [6, millions[0].length, suffixAfterMillions];
  }
  const currency = prefix !== null || suffix > 0;

  const bare = digits.fraction === '' && exponent === 0 && text.slice(start, end) === digits.whole;
  const year = Number(digits.whole);
  if (!currency && bare && digits.whole.length === 4 && year >= 1900 && year <= 2099 && yearWord.test(before)) return undefined;

  const at = prefix ? start - prefix[0].length : start;
  const stop = end + tail + suffix;
  const value = Number(`${digits.whole}.${digits.fraction || '0'}e${exponent}`);
  return { value, at, raw: text.slice(at, stop), currency, currencyAfter: suffix > 0 };
}

/** The amount a number in words at [start, end) makes, or undefined when it has neither a magnitude nor a currency. */
function readWordAmount(text: string, start: number, end: number, value: number, magnitude: boolean): Read | undefined {
  const prefix = around().prefix.exec(text.slice(Math.max(0, start - 16), start));
  const suffix = currencyAfter(text.slice(end));
  if (!magnitude && !prefix && suffix === 0) return undefined;
  const at = prefix ? start - prefix[0].length : start;
  return { value, at, raw: text.slice(at, end + suffix), currency: prefix !== null || suffix > 0, currencyAfter: suffix > 0 };
}

/** Length of the currency written right after an amount, 0 when there is none. */
function currencyAfter(text: string): number {
  const { suffixSignOrCode, suffixWord } = around();
  return (suffixSignOrCode.exec(text) ?? suffixWord.exec(text))?.[0].length ?? 0;
}

/** Whether two amounts are the same, allowing for binary floating point (8000.1 written vs 8000.1 expected). */
export function sameAmount(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

/**
 * The `first_amount` check: the first amount in the answer (firstAmount) must
 * equal `expected`. The answer is normalised here (idempotent).
 */
export function checkFirstAmount(answer: string, expected: number): CheckResult {
  if (!Number.isFinite(expected)) throw new Error(`the first_amount check needs a number, got ${String(expected)}`);
  const text = normalizeAnswer(answer);
  const found = firstAmount(text);
  if (!found) return { pass: false, reason: `expected first amount ${expected}, no amount in the answer` };
  const where = excerpt(text, found.at, found.at + found.raw.length);
  if (sameAmount(found.value, expected)) return { pass: true, reason: `first amount ${expected} at ${where}` };
  return { pass: false, reason: `expected first amount ${expected}, found ${found.value} at ${where}` };
}
