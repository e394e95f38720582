import { redactUrl } from '../redact.js';
/**
 * The string formats the suite schema names ("format": ...), each with the
 * check ajv runs and the words a problem says. One table, so the schema,
 * the validator and the messages cannot drift apart.
 */
export interface StringFormat {
  /** What a valid value is, for "must be ...". */
  expected: string;
  /** Why the value is unusable, or undefined when it is fine. */
  problem(value: string): string | undefined;
  /** The value as a message may show it, when not as written. */
  shown?: (value: string) => string;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one; UTC so no time zone shifts it.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A YYYY-MM-DD date that exists in the calendar. The schema's pattern reports other shapes. */
function calendarDateProblem(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12) return `there is no month ${month}`;
  const days = daysInMonth(year, month);
  if (day < 1 || day > days) return `${MONTHS[month - 1]} ${year} has ${days} days`;
  return undefined;
}

/** An http:// or https:// URL that names a host, as a client can connect to it. */
function httpUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return /^https?:\/\/[/?#]*$/i.test(value) ? 'it names no host' : 'it is not a valid URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `it must start with http:// or https://, not ${url.protocol}//`;
  if (url.hostname === '') return 'it names no host';
  return undefined;
}

export const STRING_FORMATS: Record<string, StringFormat> = {
  date: { expected: 'a calendar date', problem: calendarDateProblem },
  // Shown redacted: a URL may carry user:password or a key in its query, and validation runs before any secret is registered.
  'http-url': { expected: 'an http:// or https:// URL with a host', problem: httpUrlProblem, shown: redactUrl },
};

/**
 * The formats as ajv takes them (addFormat's definition objects), built from the table above:
 * the validators compiled at run time and the ones the bundle precompiles (scripts/bundle.mjs) both use these.
 */
export const AJV_FORMATS: Record<string, { type: 'string'; validate: (value: string) => boolean }> = Object.fromEntries(
  Object.entries(STRING_FORMATS).map(([name, format]) => [name, { type: 'string', validate: (value: string) => format.problem(value) === undefined }]),
);
