import * as core from './publish.js';
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TrialRecord } from '../model/trial.js';
import { HISTORY_FILE, RESULTS_FILE, copyForBaseline, hasResults, readRun } from '../results/folder.js';
import type { ResultsDocument } from '../model/results.js';
import { appendHistory, readHistoryFile, writeHistory } from '../history/file.js';
import { historyLine } from '../history/headline.js';
import { trendOf } from '../history/trend.js';
import type { HistoryLine, Trend } from '../model/history.js';

/** The default branch's latest results for a suite, kept in the Actions cache. */
export interface Baseline {
  results?: ResultsDocument;
  trials?: TrialRecord[];
  /** The default branch's earlier runs, kept beside the results (history.jsonl), oldest first. */
  history?: HistoryLine[];
  /** Where it came from, or why there is none: shown in the comment. */
  note: string;
}

function keyPrefix(suiteName: string): string {
  return `recall-gate-baseline-v1-${suiteName}-`;
}

function readResults(dir: string): Pick<Baseline, 'results' | 'trials' | 'history'> | undefined {
  return hasResults(dir) ? { ...readRun(dir, process.cwd()), history: readHistory(join(dir, HISTORY_FILE)) } : undefined;
}

/** The history beside a baseline; trouble with it is a notice and an empty history, never a failed job. */
function readHistory(path: string): HistoryLine[] {
  try {
    const reading = readHistoryFile(path);
    if (reading.skipped.length > 0) core.notice(`recall-gate: ${reading.skipped.length} line(s) of the baseline's ${HISTORY_FILE} skipped (line ${reading.skipped[0]!.line}: ${reading.skipped[0]!.reason})`);
    return reading.lines;
  } catch (error) {
    core.notice(`recall-gate: the baseline's ${HISTORY_FILE} was not read, so the history starts afresh: ${(error as Error).message}`);
    return [];
  }
}

/**
 * The history this run carries on: the baseline's, plus this run when it
 * becomes the next baseline (so the saved entry holds it too), bounded.
 * Written into the run's results folder, so the artifact has it; the trend
 * is this run against the earlier runs.
 */
export function actionHistory(resultsDir: string, baseline: Baseline, results: ResultsDocument, appendThisRun: boolean): Trend {
  const current = historyLine(results);
  const past = baseline.history ?? [];
  writeHistory(join(resultsDir, HISTORY_FILE), appendThisRun ? appendHistory(past, current) : past);
  return trendOf(past, current);
}

/**
 * `baseline` input: auto restores the newest cached results of the suite (saved
 * by a push to the default branch); none (or false) skips; anything else is a results folder.
 * Cache trouble is a notice: the gate's baseline conditions are then shown as not evaluated.
 */
/** One fixed folder per suite: the cache matches entries by their paths, so save and restore must use the same. */
export function baselineDir(suiteName: string): string {
  return join(process.env.RUNNER_TEMP ?? tmpdir(), 'recall-gate-baseline', suiteName);
}

export async function loadBaseline(mode: string, suiteName: string): Promise<Baseline> {
  if (mode === 'none' || mode === 'false') return { note: `none (baseline: ${mode})` };
  if (mode !== 'auto') {
    const found = readResults(mode);
    return found ? { ...found, note: `results in ${mode}` } : { note: `no ${RESULTS_FILE} in ${mode}` };
  }
  const cache = await import('@actions/cache');
  if (!cache.isFeatureAvailable()) return { note: 'none: the Actions cache is not available here' };
  const dir = baselineDir(suiteName);
  mkdirSync(dir, { recursive: true });
  try {
    const matched = await cache.restoreCache([dir], `${keyPrefix(suiteName)}latest`, [keyPrefix(suiteName)]);
    if (!matched) return { note: 'none yet: a push to the default branch saves one' };
    const found = readResults(dir);
    const sha = matched.slice(keyPrefix(suiteName).length, keyPrefix(suiteName).length + 7);
    return found ? { ...found, note: `the default branch at ${sha}` } : { note: `cache ${matched} held no ${RESULTS_FILE}` };
  } catch (error) {
    core.notice(`recall-gate: could not restore the baseline: ${(error as Error).message}`);
    return { note: 'none: the cache could not be read' };
  }
}

/** On a push to the default branch, keep this run's results as the next baseline. */
export async function saveBaseline(resultsDir: string, suiteName: string, sha: string): Promise<void> {
  const cache = await import('@actions/cache');
  if (!cache.isFeatureAvailable()) return;
  try {
    const dir = baselineDir(suiteName);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    copyForBaseline(resultsDir, dir);
    const key = `${keyPrefix(suiteName)}${sha}`;
    // The toolkit answers -1, not an error, when the key exists (a re-run of the same commit) or the service failed.
    if ((await cache.saveCache([dir], key)) === -1) core.info(`not saved as the baseline: the cache kept no entry ${key} (see the cache messages above); the baseline stays as it was`);
    else core.info(`saved these results as the baseline for ${suiteName}`);
  } catch (error) {
    core.warning(`recall-gate: could not save the baseline: ${(error as Error).message}`);
  }
}
