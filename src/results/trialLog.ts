import { appendFileSync, closeSync, existsSync, fstatSync, openSync, readSync, truncateSync, writeFileSync } from 'node:fs';
import { readLines } from './lines.js';
import { scrubSecrets } from '../secrets.js';
import { fileSystemError } from '../errors.js';
import type { TrialRecord } from '../model/trial.js';

/** One trial as the trial log stores it; scrubbed, since answers and error reasons can hold a key a server echoed. */
function trialLine(trial: TrialRecord): string {
  return `${scrubSecrets(JSON.stringify(trial))}\n`;
}

/** What repairing a torn last line did: cut an unreadable tail, or end a whole record with its newline. */
export type TornLineRepair = { action: 'cut' | 'terminated'; bytes: number } | undefined;

/**
 * The trial log (trials.jsonl, named by results/folder.ts): one line per finished trial, appended the moment it ends, so a
 * crash loses at most the trials in flight and --resume can skip the rest.
 */
export class TrialLog {
  constructor(readonly path: string) {}

  /** Starts empty, or (resume) keeps what is there. */
  open(resume: boolean): void {
    if (resume && existsSync(this.path)) return;
    try {
      writeFileSync(this.path, '');
    } catch (error) {
      throw fileSystemError(error, `write ${this.path}`);
    }
  }

  append(trial: TrialRecord): void {
    try {
      appendFileSync(this.path, trialLine(trial));
    } catch (error) {
      // Part of the line may have reached the disk: take it back, so the log stays whole lines.
      try {
        this.repairTornLine();
      } catch {
        // The disk refuses even that; resume repairs it.
      }
      throw fileSystemError(error, `append a trial to ${this.path}`);
    }
  }

  /**
   * A last line without its newline (a crash or a full disk mid-write) would
   * swallow the next appended trial. A whole record gets its newline; a torn
   * one is cut off (its trial runs again).
   */
  repairTornLine(): TornLineRepair {
    if (!existsSync(this.path)) return undefined;
    try {
      const tail = lastLine(this.path);
      if (tail.text.length === 0) return undefined;
      if (parseTrial(tail.text.toString('utf8'))) {
        appendFileSync(this.path, '\n');
        return { action: 'terminated', bytes: tail.text.length };
      }
      truncateSync(this.path, tail.start);
      return { action: 'cut', bytes: tail.text.length };
    } catch (error) {
      throw fileSystemError(error, `repair the last line of ${this.path}`);
    }
  }

  /** Every whole record, and how many lines could not be read as one. */
  read(): { trials: TrialRecord[]; unreadable: number } {
    const trials: TrialRecord[] = [];
    let unreadable = 0;
    // A line at a time: the log may be larger than one string can be.
    for (const line of readLines(this.path)) {
      const trial = parseTrial(line);
      if (trial) trials.push(trial);
      else unreadable += 1;
    }
    return { trials, unreadable };
  }
}

function parseTrial(line: string): TrialRecord | undefined {
  try {
    const value = JSON.parse(line) as TrialRecord;
    return value !== null && typeof value === 'object' && typeof value.key === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The bytes after the file's last newline and where they start, read back from the end (the log may be large). */
function lastLine(path: string): { start: number; text: Buffer } {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const chunk = Buffer.alloc(64 * 1024);
    let start = 0;
    for (let end = size; end > 0; end -= chunk.length) {
      const from = Math.max(0, end - chunk.length);
      const read = readSync(fd, chunk, 0, end - from, from);
      const newline = chunk.subarray(0, read).lastIndexOf(0x0a);
      if (newline >= 0) {
        start = from + newline + 1;
        break;
      }
    }
    const text = Buffer.alloc(size - start);
    readSync(fd, text, 0, text.length, start);
    return { start, text };
  } finally {
    closeSync(fd);
  }
}

/** The last record per trial key: a resumed run's retry of an errored trial replaces it. */
export function latestByKey(trials: TrialRecord[]): TrialRecord[] {
  const byKey = new Map<string, TrialRecord>();
  for (const trial of trials) byKey.set(trial.key, trial);
  return [...byKey.values()];
}
