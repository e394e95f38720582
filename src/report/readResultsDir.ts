import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TrialRecord } from '../e2e/trial.js';
import { readTrials } from '../e2e/trialLog.js';
import { RecallGateError } from '../errors.js';
import type { ResultsDocument } from '../results/types.js';
import { LOCK_FILE, isStale, readHolder } from './resultsLock.js';

/**
 * A run's results.json and (when there is one) its trials; invalid input when
 * the folder has no results. A results.json that still says "running" is read
 * as incomplete, with why: either that run is still going (its lock is held)
 * or it was killed before it could say so.
 */
export function readRun(dir: string, cwd: string): { results: ResultsDocument; trials: TrialRecord[] } {
  return { results: readResults(dir, cwd), trials: readTrials(resolve(cwd, dir)) };
}

/** readRun's results.json alone, for a reader that needs no trials (history). */
export function readResults(dir: string, cwd: string): ResultsDocument {
  const folder = resolve(cwd, dir);
  const path = join(folder, 'results.json');
  if (!existsSync(path)) throw new RecallGateError('invalid-input', `${dir} has no results.json`, { hint: 'give the --out folder of a recall-gate run' });
  let results: ResultsDocument;
  try {
    results = JSON.parse(readFileSync(path, 'utf8')) as ResultsDocument;
  } catch (error) {
    throw new RecallGateError('invalid-input', `${join(dir, 'results.json')} is not valid JSON: ${(error as Error).message}`);
  }
  if (results === null || typeof results !== 'object' || results.schema_version !== 1 || !results.layers) {
    throw new RecallGateError('invalid-input', `${join(dir, 'results.json')} is not a recall-gate results file (schema_version 1)`);
  }
  if (results.status === 'running') {
    results.status = 'incomplete';
    results.errors = [...(results.errors ?? []), unfinishedReason(dir, folder)];
  }
  return results;
}

function unfinishedReason(dir: string, folder: string): string {
  const holder = readHolder(join(folder, LOCK_FILE));
  if (holder && holder.pid !== process.pid && !isStale(holder)) return `the run writing ${dir} is still going (pid ${holder.pid} on ${holder.host}, since ${holder.started_at}); these are partial results`;
  return `the run that wrote ${dir} never finished (results.json still says "running": it was killed); run it again with --resume`;
}

/** Which suite (and shard) a results folder holds, for --resume; undefined for a folder with no results.json. */
export function readResultsMarker(dir: string): { name: string; shard?: ResultsDocument['shard']; run_id?: string } | 'unreadable' | undefined {
  const path = join(dir, 'results.json');
  if (!existsSync(path)) return undefined;
  try {
    const results = JSON.parse(readFileSync(path, 'utf8')) as ResultsDocument;
    if (typeof results?.suite?.name !== 'string') return 'unreadable';
    return { name: results.suite.name, ...(results.shard ? { shard: results.shard } : {}), ...(typeof results.run_id === 'string' ? { run_id: results.run_id } : {}) };
  } catch {
    return 'unreadable';
  }
}
