import type { CheckResult } from '../../model/checks.js';
import { excerpt } from './excerpt.js';
import { normalizeAnswer } from './normalize.js';
import { RegexTimeoutError, execRegex } from './regexRunner.js';

/*
 * Text checks. Both the answer and the expected text (or the regex source)
 * are normalised with normalizeAnswer, so "peanut‑free" with a non-breaking
 * hyphen on either side matches "peanut-free".
 *
 * - contains: case-sensitive substring.
 * - icontains: substring ignoring case (Unicode simple case folding, as a
 *   regex with the i and u flags does: "É" matches "é"; "ß" does not match "SS").
 * - regex: JavaScript syntax. The flags are the ones written (i, m, s, ...)
 *   plus u, always on (unless v is given), so \p{L} works and "." matches one
 *   character even outside the Basic Multilingual Plane. No flag is on by
 *   default: write flags: i for case-insensitive. With u, escaping a
 *   character that needs no escape is a syntax error (\- outside a class).
 *   A regex runs in a worker thread with a time limit (REGEX_TIME_LIMIT_MS):
 *   one that backtracks past it is an error naming the regex, not a hang.
 */

function requireText(kind: string, expected: string): string {
  const text = normalizeAnswer(expected);
  if (text === '') throw new Error(`the ${kind} check needs a non-empty string, got ${JSON.stringify(expected)}`);
  return text;
}

export function checkContains(answer: string, expected: string): CheckResult {
  const needle = requireText('contains', expected);
  const text = normalizeAnswer(answer);
  const at = text.indexOf(needle);
  if (at < 0) return { pass: false, reason: `does not contain ${JSON.stringify(needle)}` };
  return { pass: true, reason: `contains ${JSON.stringify(needle)} at ${excerpt(text, at, at + needle.length)}` };
}

export function checkIContains(answer: string, expected: string): CheckResult {
  const needle = requireText('icontains', expected);
  const text = normalizeAnswer(answer);
  const match = new RegExp(escapeRegex(needle), 'iu').exec(text);
  if (!match) return { pass: false, reason: `does not contain ${JSON.stringify(needle)} (ignoring case)` };
  return { pass: true, reason: `contains ${JSON.stringify(needle)} (ignoring case) at ${excerpt(text, match.index, match.index + match[0].length)}` };
}

/** The regex a check runs: normalised source, the flags written plus u. Throws on a pattern that does not compile. */
export function compileRegex(source: string, flags = ''): RegExp {
  const effective = /[uv]/.test(flags) ? flags : `${flags}u`;
  try {
    return new RegExp(normalizeAnswer(source), effective);
  } catch (error) {
    throw new Error(`the regex check has an invalid regular expression /${source}/${flags}: ${(error as Error).message}`, { cause: error });
  }
}

export async function checkRegex(answer: string, source: string, flags?: string): Promise<CheckResult> {
  const pattern = compileRegex(source, flags);
  const text = normalizeAnswer(answer);
  const shown = `/${source}/${flags ?? ''}`;
  const match = await execRegex(pattern, text).catch((error: unknown) => {
    throw error instanceof RegexTimeoutError ? new Error(`regex ${shown} ${error.message}`, { cause: error }) : error;
  });
  if (!match) return { pass: false, reason: `does not match ${shown}` };
  return { pass: true, reason: `matches ${shown} at ${excerpt(text, match.index, match.end)}` };
}

/** `text` with every regex syntax character escaped (valid with the u flag). */
export function escapeRegex(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}
