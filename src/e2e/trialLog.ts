import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scrubSecrets } from '../secrets.js';
import type { TrialRecord } from './trial.js';

/**
 * trials.jsonl: one line per finished trial, appended the moment it ends, so a
 * crash loses at most the trials in flight and --resume can skip the rest.
 */
export class TrialLog {
  constructor(readonly path: string) {}

  /** Starts empty, or (resume) keeps what is there. */
  open(resume: boolean): void {
    if (!resume || !existsSync(this.path)) writeFileSync(this.path, '');
  }

  append(trial: TrialRecord): void {
    appendFileSync(this.path, trialLine(trial));
  }

  /** Every complete line; a torn last line (a crash mid-write) is ignored. */
  read(): TrialRecord[] {
    if (!existsSync(this.path)) return [];
    const trials: TrialRecord[] = [];
    for (const line of readFileSync(this.path, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        trials.push(JSON.parse(line) as TrialRecord);
      } catch {
        // The line a crash cut short: that trial runs again.
      }
    }
    return trials;
  }

  rewrite(trials: TrialRecord[]): void {
    writeFileSync(this.path, trials.map(trialLine).join(''));
  }
}

/** One trial as its line: answers and error reasons can hold a key a server echoed. */
function trialLine(trial: TrialRecord): string {
  return `${scrubSecrets(JSON.stringify(trial))}\n`;
}

/** A results folder's trials, the last record of each (an errored trial retried on resume replaces it). */
export function readTrials(dir: string): TrialRecord[] {
  return latestByKey(new TrialLog(join(dir, 'trials.jsonl')).read());
}

/** The last record per trial key: a resumed run's retry of an errored trial replaces it. */
export function latestByKey(trials: TrialRecord[]): TrialRecord[] {
  const byKey = new Map<string, TrialRecord>();
  for (const trial of trials) byKey.set(trial.key, trial);
  return [...byKey.values()];
}
