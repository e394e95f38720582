import type { CheckResult } from '../../model/checks.js';
import { excerpt } from './excerpt.js';
import { normalizeAnswer } from './normalize.js';
import { onFirstUse } from '../../text/onFirstUse.js';

/** A date written in a text: `iso` is YYYY-MM-DD, or --MM-DD (ISO 8601 month-day) when the text gives no year. */
export interface FoundDate {
  iso: string;
  /** Index of the first character of `raw` in the text searched. */
  at: number;
  raw: string;
}

/*
 * Forms recognised by findDates (month names in English, any case, full or
 * abbreviated: Jan, Feb, Mar, Apr, May, Jun, Jul, Aug, Sep, Sept, Oct, Nov, Dec,
 * with or without a dot):
 *
 * - year first, always year-month-day: 2026-11-01, 2026/11/01, 2026.11.01
 *   (one or two digits for month and day, the same separator twice; a time
 *   may follow: 2026-11-01T10:00);
 * - day first with dots: 01.11.2026 is 1 November (the European convention);
 * - slashes and dashes with the year last are ambiguous: 11/01/2026 is
 *   1 November in the US and 11 January elsewhere. Both valid readings are
 *   returned (month-first first), with the same `at` and `raw`, so a check
 *   passes when either reading is the expected date. 15/10/2026 has one
 *   valid reading (15 October); 05/05/2026 gives one entry;
 * - day and month name: 1 November 2026, 1st of November 2026, 1 Nov. 2026,
 *   1 November, 2026; a weekday in front (Sunday, 1 November 2026) is
 *   ignored, not checked against the date;
 * - month name and day: November 1, 2026, Nov 1st 2026, November the 1st;
 * - the day may be an ordinal word, first to thirty-first (twenty-first,
 *   twenty first), in both month-name forms: the tenth of September 2026,
 *   September tenth, 2026, September the tenth. With a day in words the
 *   months May and March must be capitalised, so "at first may" and
 *   "march first" are no dates;
 * - the two month-name forms without a year (1 November, Nov 1st) give
 *   --11-01; checkDate matches them on month and day alone.
 *
 * Not recognised: numeric dates without a year (10/15 is as likely a fraction
 * or a score), two-digit years (01.11.26), relative dates (today, next
 * Sunday), month and year alone (November 2026). Every date is validated
 * (month 1..12, day within the month, 29 February only in leap years; a
 * year-less 29 February is accepted). Overlapping matches keep the earliest,
 * then the longest.
 */

const MONTHS: ReadonlyArray<readonly [string, number]> = [
  ['january', 1], ['february', 2], ['march', 3], ['april', 4], ['may', 5], ['june', 6],
  ['july', 7], ['august', 8], ['september', 9], ['october', 10], ['november', 11], ['december', 12],
  ['jan', 1], ['feb', 2], ['mar', 3], ['apr', 4], ['jun', 6], ['jul', 7], ['aug', 8],
  ['sept', 9], ['sep', 9], ['oct', 10], ['nov', 11], ['dec', 12],
];
const MONTH_NUMBER = new Map(MONTHS);
const MONTH = `(${MONTHS.map(([name]) => name).join('|')})(?!\\p{L})\\.?`;
const ORDINAL = '(?:st|nd|rd|th)?';
const DAY = `(?<![\\d.,])(\\d{1,2})(?!\\d)${ORDINAL}(?!\\p{L})`;
const YEAR = '(\\d{4})(?![\\d])';

const ORDINAL_UNITS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth'];
const ORDINAL_TEENS = ['tenth', 'eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth', 'eighteenth', 'nineteenth'];
/** Day numbers of the ordinal words, keyed without the hyphen or space: "twentyfirst" -> 21. */
const ORDINAL_DAY = new Map<string, number>([
  ...ORDINAL_UNITS.map((word, i) => [word, i + 1] as const),
  ...ORDINAL_TEENS.map((word, i) => [word, i + 10] as const),
  ['twentieth', 20],
  ...ORDINAL_UNITS.map((word, i) => [`twenty${word}`, i + 21] as const),
  ['thirtieth', 30],
  ['thirtyfirst', 31],
]);
const DAY_WORD = `(?<!\\p{L})((?:twenty[- ]?(?:${ORDINAL_UNITS.join('|')}))|thirty[- ]?first|${[...ORDINAL_UNITS, ...ORDINAL_TEENS, 'twentieth', 'thirtieth'].join('|')})(?!\\p{L})`;
/** A month name that, lower-case, is also a verb: with a day in words it must be capitalised. */
const VERB_MONTH = /^(?:may|march)$/;

const YEAR_FIRST = /(?<![\d.,])(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?![\d])/gu;
const YEAR_LAST = /(?<![\d.,/-])(\d{1,2})([-/.])(\d{1,2})\2(\d{4})(?![\d])/gu;
/** The written-out date shapes, made at first use (see onFirstUse). */
const wordDates = onFirstUse(() => ({
  dayMonth: new RegExp(`${DAY}(?:\\s+of)?\\s+${MONTH}(?:,?\\s+${YEAR})?`, 'giu'),
  monthDay: new RegExp(`(?<!\\p{L})${MONTH}\\s+(?:the\\s+)?${DAY}(?:,?\\s+${YEAR})?`, 'giu'),
  wordDayMonth: new RegExp(`${DAY_WORD}(?:\\s+of)?\\s+${MONTH}(?:,?\\s+${YEAR})?`, 'giu'),
  monthWordDay: new RegExp(`(?<!\\p{L})${MONTH}\\s+(?:the\\s+)?${DAY_WORD}(?:,?\\s+${YEAR})?`, 'giu'),
}));

interface Span {
  at: number;
  end: number;
  isos: string[];
}

/** Every date written in `text` (normalised with normalizeAnswer first for typographic spaces), in order of position. */
export function findDates(text: string): FoundDate[] {
  const spans: Span[] = [];
  const add = (match: RegExpExecArray, isos: (string | undefined)[]) => {
    const valid = [...new Set(isos.filter((iso): iso is string => iso !== undefined))];
    if (valid.length > 0) spans.push({ at: match.index, end: match.index + match[0].length, isos: valid });
  };
  for (const m of text.matchAll(YEAR_FIRST)) add(m, [isoDate(m[1]!, m[3]!, m[4]!)]);
  for (const m of text.matchAll(YEAR_LAST)) {
    const [first, separator, second, year] = [m[1]!, m[2]!, m[3]!, m[4]!];
    add(m, separator === '.' ? [isoDate(year, second, first)] : [isoDate(year, first, second), isoDate(year, second, first)]);
  }
  const { dayMonth, monthDay, wordDayMonth, monthWordDay } = wordDates();
  for (const m of text.matchAll(dayMonth)) add(m, [isoDate(m[3], String(MONTH_NUMBER.get(m[2]!.toLowerCase())), m[1]!)]);
  for (const m of text.matchAll(monthDay)) add(m, [isoDate(m[3], String(MONTH_NUMBER.get(m[1]!.toLowerCase())), m[2]!)]);
  const wordDay = (word: string) => String(ORDINAL_DAY.get(word.toLowerCase().replace(/[- ]/g, '')));
  // "may" and "march" written lower-case are verbs far more often than months next to "first" or "second".
  const monthWord = (month: string) => (VERB_MONTH.test(month) ? undefined : String(MONTH_NUMBER.get(month.toLowerCase())));
  for (const m of text.matchAll(wordDayMonth)) {
    const month = monthWord(m[2]!);
    if (month) add(m, [isoDate(m[3], month, wordDay(m[1]!))]);
  }
  for (const m of text.matchAll(monthWordDay)) {
    const month = monthWord(m[1]!);
    if (month) add(m, [isoDate(m[3], month, wordDay(m[2]!))]);
  }

  spans.sort((a, b) => a.at - b.at || b.end - a.end);
  const found: FoundDate[] = [];
  let reached = 0;
  for (const span of spans) {
    if (span.at < reached) continue;
    reached = span.end;
    for (const iso of span.isos) found.push({ iso, at: span.at, raw: text.slice(span.at, span.end) });
  }
  return found;
}

/** YYYY-MM-DD, --MM-DD without a year, or undefined when no such day exists. */
function isoDate(year: string | undefined, month: string, day: string): string | undefined {
  const m = Number(month);
  const d = Number(day);
  if (!(m >= 1 && m <= 12) || d < 1 || d > daysInMonth(year === undefined ? undefined : Number(year), m)) return undefined;
  return `${year === undefined ? '-' : year}-${pad(m)}-${pad(d)}`;
}

function daysInMonth(year: number | undefined, month: number): number {
  if (month === 2) return year === undefined || (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** Whether `iso` is a real calendar day written YYYY-MM-DD. */
export function isIsoDate(iso: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m !== null && isoDate(m[1]!, m[2]!, m[3]!) === iso;
}

/**
 * The `date` check: passes when any date in the answer is `expectedIso`
 * (YYYY-MM-DD), or is written without a year and has its month and day. Any
 * date, not only the first: to reject an old date as well, compose with
 * `not`. The answer is normalised here (idempotent). Throws on an expected
 * value that is not a real YYYY-MM-DD date, a suite error rather than a failure.
 */
export function checkDate(answer: string, expectedIso: string): CheckResult {
  if (!isIsoDate(expectedIso)) throw new Error(`the date check needs a real date written YYYY-MM-DD, got ${JSON.stringify(expectedIso)}`);
  const text = normalizeAnswer(answer);
  const dates = findDates(text);
  const monthDay = `-${expectedIso.slice(4)}`;
  const hit = dates.find((date) => date.iso === expectedIso) ?? dates.find((date) => date.iso === monthDay);
  if (hit) {
    const where = excerpt(text, hit.at, hit.at + hit.raw.length);
    return { pass: true, reason: `date ${expectedIso} found${hit.iso === monthDay ? ' without a year' : ''} at ${where}` };
  }
  if (dates.length === 0) return { pass: false, reason: `expected date ${expectedIso}, no date in the answer` };
  const shown = dates.slice(0, 3).map((date) => `${date.iso} at ${excerpt(text, date.at, date.at + date.raw.length)}`);
  const more = dates.length > 3 ? ` and ${dates.length - 3} more` : '';
  return { pass: false, reason: `expected date ${expectedIso}, found ${shown.join(', ')}${more}` };
}
