import { lstatSync, statSync } from 'node:fs';
import { RecallGateError, fileSystemError, invalidInput } from '../errors.js';
import { type InputProblem } from '../model/source.js';
import { writeNamedOutput } from '../outputFile.js';
import { writeAtomic } from '../results/folder.js';
import { UnreadableInput, readInputFile } from '../source/readInput.js';
import { metricsOutOfRange } from './ranges.js';
import type { HistoryLine } from '../model/history.js';
import { counted } from '../text/counted.js';

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
 * its first line. A run whose figures are outside their metric's range (a
 * pass rate of -5) is invalid input at its line: a trend must not draw it.
 */
export function parseHistory(text: string, file: string): Omit<HistoryReading, 'missing'> {
  const lines: HistoryLine[] = [];
  const skipped: HistoryReading['skipped'] = [];
  const outside: InputProblem[] = [];
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
    if (typeof line === 'string') {
      skipped.push({ line: index + 1, reason: line });
      return;
    }
    // A figure no run can have (a pass rate of -5) is no measurement: refused, not drawn into a trend.
    for (const reason of metricsOutOfRange(line.metrics)) outside.push({ where: { file, line: index + 1, col: 1 }, message: reason, hint: 'the line was edited or damaged: correct or delete it' });
    lines.push(line);
  });
  if (outside.length > 0) throw invalidInput(outside, `${file}: ${counted(outside.length, 'value', 'values')} outside their metric's range, so the history was not used`);
  if (lines.length === 0 && skipped.length > 0) {
    const first = skipped[0]!;
    throw new RecallGateError('invalid-input', `${file} is not a recall-gate history`, {
      problems: [{ where: { file, line: first.line, col: 1 }, message: `${first.reason}; no line of the file is a history line`, hint: 'give a history.jsonl written by recall-gate history --out or by the Action' }],
    });
  }
  return { lines, skipped };
}

/**
 * Reads a history file; a missing one is an empty history (said by
 * `missing`). Only a regular file is read, checked before it is opened and
 * read up to readInputFile's cap: a named pipe would block and /dev/zero never
 * ends, so either is invalid input naming the file.
 */
export function readHistoryFile(path: string, displayPath = path): HistoryReading {
  if (!pathExists(path)) return { lines: [], skipped: [], missing: true };
  if (isFolder(path)) throw new RecallGateError('invalid-input', `cannot read the history ${displayPath}: it is a folder, not a file (EISDIR)`, { hint: 'give the path of a file' });
  let text: string;
  try {
    text = readInputFile(path);
  } catch (error) {
    if (!(error instanceof UnreadableInput)) throw error;
    throw new RecallGateError('invalid-input', `cannot read the history ${displayPath}: ${error.message}`, { hint: error.hint ?? 'give a history.jsonl written by recall-gate history --out or by the Action' });
  }
  return { ...parseHistory(text, displayPath), missing: false };
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    // A link to nothing: reading it says so.
    return false;
  }
}

/** Something is at the path (a link to nothing counts: reading it then says so). */
function pathExists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw fileSystemError(error, `read the history ${path}`);
  }
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

/**
 * One JSON object a line, scrubbed of secrets. `option` says the user named
 * the file (history --out): it is written as such outputs are (a link
 * followed, a pipe written into: writeNamedOutput); without it the file is one
 * of a results folder, replaced in one step and never written through a link.
 */
export function writeHistory(path: string, lines: readonly HistoryLine[], option?: string): void {
  const text = lines.map((line) => `${JSON.stringify(line)}\n`).join('');
  if (option === undefined) writeAtomic(path, text);
  else writeNamedOutput(path, text, option);
}
