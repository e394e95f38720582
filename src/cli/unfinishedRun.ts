import type { ResultsDocument } from '../model/results.js';
import { plainText } from '../report/escape.js';

/**
 * The note said of a results folder read as input (a baseline, a run to
 * compare or calibrate on) that did not finish: its figures cover only what
 * it did. Undefined for a complete run.
 */
export function unfinishedRunNote(dir: string, results: ResultsDocument): string | undefined {
  if (results.status === 'complete') return undefined;
  const why = results.errors.length > 0 ? ` (${results.errors.map(plainText).join('; ')})` : '';
  return `note: ${plainText(dir)} is ${plainText(String(results.status))}${why}`;
}
