import * as core from './publish.js';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TrialRecord } from '../model/trial.js';
import { HISTORY_FILE, RESULTS_FILE, copyForBaseline, hasResults, readRun } from '../results/folder.js';
import type { ResultsDocument } from '../model/results.js';
import { checkBaselineSuite, checkFiniteFigures } from '../results/baselineChecks.js';
import { RecallGateError } from '../errors.js';
import { appendHistory, readHistoryFile, writeHistory } from '../history/file.js';
import { historyLine } from '../history/headline.js';
import { trendOf } from '../history/trend.js';
import type { HistoryLine, Trend } from '../model/history.js';
import { counted } from '../text/counted.js';

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
    if (reading.skipped.length > 0) core.notice(`recall-gate: ${counted(reading.skipped.length, 'line', 'lines')} of the baseline's ${HISTORY_FILE} skipped (line ${reading.skipped[0]!.line}: ${reading.skipped[0]!.reason})`);
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

/** The baseline input names a folder: anything but auto, none and false. */
export function isFolderBaseline(mode: string): boolean {
  return mode !== 'auto' && mode !== 'none' && mode !== 'false';
}

/**
 * `baseline: <folder>`, asked for by name: a folder that does not exist, has
 * no results.json, cannot be read or holds figures that are not numbers is an
 * error (exit 2), never a note: the gate's regression conditions would
 * otherwise be waived for want of a baseline and the gate pass. Read once,
 * before any suite runs.
 */
export function readBaselineFolder(dir: string): Baseline {
  const hint = 'give baseline: a results folder of an earlier run of this suite (holding results.json), or auto, or none';
  if (!existsSync(dir)) throw new RecallGateError('invalid-input', `input baseline: the folder ${dir} does not exist`, { hint });
  if (!hasResults(dir)) throw new RecallGateError('invalid-input', `input baseline: ${dir} has no ${RESULTS_FILE}`, { hint });
  const run = readRun(dir, process.cwd());
  checkFiniteFigures(dir, run.results, 'the baseline');
  return { ...run, history: readHistory(join(dir, HISTORY_FILE)), note: `results in ${dir}` };
}

/** A baseline folder must be a run of every suite it is the baseline of (by name): another suite's would compare different suites. */
export function checkBaselineSuites(baseline: Baseline, dir: string, suiteNames: readonly string[]): void {
  for (const name of suiteNames) if (baseline.results) checkBaselineSuite(dir, baseline.results, name, { flag: '', given: false });
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
  if (isFolderBaseline(mode)) {
    const folder = readBaselineFolder(mode);
    checkBaselineSuites(folder, mode, [suiteName]);
    return folder;
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
    if (!found?.results) return { note: `cache ${matched} held no ${RESULTS_FILE}` };
    // As a cache that cannot be read: figures that are not numbers make no baseline, and the job goes on without one.
    checkFiniteFigures(dir, found.results, 'the cached baseline');
    return { ...found, note: `the default branch at ${sha}` };
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
