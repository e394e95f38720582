import type { E2eResult } from '../model/e2eResult.js';
import { groupBy } from '../stats/summary.js';
import { counted } from '../text/counted.js';

/**
 * How much of a grouped reason the terminal and report.md show: one line per
 * reason leaves room for an adapter's last stderr lines and the fix said after
 * them (a missing package under a deep path passed 400 characters).
 */
export const REASON_SHOWN = 1000;

/** One reason trials ended in an error for, and which: "dog-name|recall|1" alone, or "15 trials (a, b, c, ...)". */
export interface ErrorGroup {
  trials: string;
  reason: string;
}

/**
 * The errored trials grouped by their reason, in the order they first occur,
 * at most `max` groups (`more` says how many reasons are left out): an
 * adapter that cannot start fails every trial the same way, and its reason,
 * with what to do, is worth saying once and whole. `shown` makes a trial key
 * safe for the output (plain text, a table cell).
 */
export function errorGroups(errors: E2eResult['errors'], max: number, shown: (key: string) => string): { groups: ErrorGroup[]; more: number } {
  const byReason = [...groupBy(errors, (error) => error.reason).entries()];
  const groups = byReason.slice(0, max).map(([reason, ended]) => {
    const named = ended.slice(0, 3).map((error) => shown(error.key));
    return { reason, trials: ended.length === 1 ? named[0]! : `${counted(ended.length, 'trial', 'trials')} (${named.join(', ')}${ended.length > named.length ? ', ...' : ''})` };
  });
  return { groups, more: Math.max(0, byReason.length - max) };
}

/** The line said under the groups when reasons were left out; undefined when none was. */
export function moreReasonsText(more: number): string | undefined {
  return more > 0 ? `... and ${counted(more, 'other reason', 'other reasons')} in trials.jsonl` : undefined;
}
