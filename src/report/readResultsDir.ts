import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TrialRecord } from '../e2e/trial.js';
import { readTrials } from '../e2e/trialLog.js';
import { RecallGateError } from '../errors.js';
import type { ResultsDocument } from './results.js';

/** A run's results.json and (when there is one) its trials; invalid input when the folder has no results. */
export function readRun(dir: string, cwd: string): { results: ResultsDocument; trials: TrialRecord[] } {
  const path = join(resolve(cwd, dir), 'results.json');
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
  return { results, trials: readTrials(resolve(cwd, dir)) };
}
