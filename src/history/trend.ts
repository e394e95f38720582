import type { ResultsDocument } from '../model/results.js';
import { sameRun, boundHistory, type HistoryReading } from './file.js';
import { historyLine } from './headline.js';
import type { HistoryLine, Trend } from '../model/history.js';
import { counted } from '../text/counted.js';

/**
 * This run against the history: the earlier runs of the same suite and
 * variant, without this run itself (a history built from folders may hold
 * it), oldest first and bounded.
 */
export function trendOf(history: readonly HistoryLine[], current: HistoryLine): Trend {
  const past = history.filter((line) => line.suite === current.suite && line.variant === current.variant && !sameRun(line, current));
  return { past: boundHistory(past), current };
}

/**
 * The trend for a run from a history file read before the run (run --history:
 * a bad file stops it before anything is spent): a missing file is no history
 * yet, and a skipped line is counted; both are said through `say`.
 */
export function trendFromReading(file: string, reading: HistoryReading, results: ResultsDocument, say: (note: string) => void = () => {}): Trend {
  if (reading.missing) say(`no history yet: ${file} does not exist (recall-gate history DIR... --out ${file} builds one from results folders)`);
  if (reading.skipped.length > 0) {
    const first = reading.skipped[0]!;
    say(`${file}: ${counted(reading.skipped.length, 'line', 'lines')} skipped, not history lines (line ${first.line}: ${first.reason})`);
  }
  const trend = trendOf(reading.lines, historyLine(results));
  if (!reading.missing && trend.past.length === 0) say(`${file} holds no earlier run of ${results.suite.name}${results.variant ? ` (variant ${results.variant})` : ''}`);
  return trend;
}
