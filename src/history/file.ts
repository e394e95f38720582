import { readFileSync } from 'node:fs';
import { RecallGateError, fileSystemError } from '../errors.js';
import { writeAtomic } from '../results/folder.js';
import type { HistoryLine } from '../model/history.js';

/** The newest runs a history keeps; older ones drop off as new ones are appended. */
export const HISTORY_LIMIT = 200;

/** A history file as read: its runs, and the lines that were not runs (with why). */
export interface HistoryReading {
  lines: HistoryLine[];
  skipped: { line: number; reason: string }[];
  /** No file there yet: an empty history, not an error. */
  missing: boolean;
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isOptionalText = (value: unknown) => value === undefined || isText(value);

/** The line as a HistoryLine, or why it is not one. */
function historyLineOf(value: unknown): HistoryLine | string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'not a JSON object';
  const line = value as Record<string, unknown>;
  if (line.schema !== 1) return line.schema === undefined ? 'no "schema": not a history line' : `schema ${JSON.stringify(line.schema)} is not 1 (written by another version of recall-gate?)`;
  if (!isText(line.suite)) return '"suite" is not text';
  if (!isText(line.date) || Number.isNaN(Date.parse(line.date))) return '"date" is not a date';
  if (line.status !== 'complete' && line.status !== 'incomplete') return '"status" is neither complete nor incomplete';
  if (!['variant', 'commit', 'ref', 'run_id'].every((name) => isOptionalText(line[name]))) return 'variant, commit, ref or run_id is not text';
  const metrics = line.metrics;
  if (metrics === null || typeof metrics !== 'object' || Array.isArray(metrics)) return '"metrics" is not an object';
  if (!Object.values(metrics).every((figure) => typeof figure === 'number' && Number.isFinite(figure))) return 'a metric is not a number';
  return line as unknown as HistoryLine;
}

/**
 * history.jsonl's text as runs. Tolerant: a torn line (a write cut short, a
 * bad merge) or a foreign one is skipped and counted, so one bad line never
 * loses the rest. A text with lines but not one run in them is not a history
 * at all (a results.json or trials.jsonl given by mistake): invalid input at
 * its first line.
 */
export function parseHistory(text: string, file: string): Omit<HistoryReading, 'missing'> {
  const lines: HistoryLine[] = [];
  const skipped: HistoryReading['skipped'] = [];
  text.split('\n').forEach((raw, index) => {
    if (raw.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      skipped.push({ line: index + 1, reason: 'not JSON (a torn or hand-edited line?)' });
      return;
    }
    const line = historyLineOf(parsed);
    if (typeof line === 'string') skipped.push({ line: index + 1, reason: line });
    else lines.push(line);
  });
  if (lines.length === 0 && skipped.length > 0) {
    const first = skipped[0]!;
    throw new RecallGateError('invalid-input', `${file} is not a recall-gate history`, {
      problems: [{ where: { file, line: first.line, col: 1 }, message: `${first.reason}; no line of the file is a history line`, hint: 'give a history.jsonl written by recall-gate history --out or by the Action' }],
    });
  }
  return { lines, skipped };
}

/** Reads a history file; a missing one is an empty history (said by `missing`). */
export function readHistoryFile(path: string, displayPath = path): HistoryReading {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { lines: [], skipped: [], missing: true };
    throw fileSystemError(error, `read the history ${displayPath}`);
  }
  return { ...parseHistory(text, displayPath), missing: false };
}

const time = (line: HistoryLine) => Date.parse(line.date);

/** Oldest first, and only the newest HISTORY_LIMIT. */
export function boundHistory(lines: readonly HistoryLine[]): HistoryLine[] {
  return [...lines].sort((a, b) => time(a) - time(b)).slice(-HISTORY_LIMIT);
}

/** The same run, or the same commit of the same suite measured again (a re-run): the newer line replaces the older. */
export function sameRun(a: HistoryLine, b: HistoryLine): boolean {
  if (a.run_id !== undefined && a.run_id === b.run_id) return true;
  return a.commit !== undefined && a.commit === b.commit && a.suite === b.suite && a.variant === b.variant;
}

/** The history with `added` in it, bounded: a line for the same run or commit is replaced, not repeated. */
export function appendHistory(lines: readonly HistoryLine[], ...added: HistoryLine[]): HistoryLine[] {
  let kept = [...lines];
  for (const line of added) kept = [...kept.filter((earlier) => !sameRun(earlier, line)), line];
  return boundHistory(kept);
}

/** One JSON object a line; written in one step and scrubbed of secrets (writeAtomic). */
export function writeHistory(path: string, lines: readonly HistoryLine[]): void {
  writeAtomic(path, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
}
