import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { TrialRecord } from '../e2e/trial.js';
import { readTrials, trialLine } from '../e2e/trialLog.js';
import { RecallGateError, fileSystemError } from '../errors.js';
import { HTML_REPORT_FILE } from './html/render.js';
import { junitReport } from './junit.js';
import { lockResultsDir } from './resultsLock.js';
import { markdownReport } from './markdown.js';
import type { ResultsDocument } from './results.js';
import { formatQrelsLines, formatRunLines } from '../retrieval/trec.js';
import { scrubSecrets } from '../secrets.js';

/** The run as JUnit XML, in every results folder (and where run/merge/regrade --junit say). */
export const JUNIT_FILE = 'junit.xml';

/** A query's relevant memories, as qrels.trec records them. */
export interface Judgment {
  id: string;
  relevant: Record<string, number>;
}

/**
 * Replaces a file in one step, so a reader or a crash never sees half of it.
 * Every file of the results folder is written here (trials.jsonl's appends
 * aside, see TrialLog.append), and scrubbed of secrets here. A write that fails (a full or read-only disk)
 * leaves no temp file and says why.
 */
export function writeAtomic(path: string, text: string): void {
  const temp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, scrubSecrets(text));
    renameSync(temp, path);
  } catch (error) {
    try {
      rmSync(temp, { force: true });
    } catch {
      // Nothing more can be done on a disk that refuses even this.
    }
    throw fileSystemError(error, `write ${path}`);
  }
}

/**
 * Makes the results folder and takes its lock (see lockResultsDir): the
 * first step of every command that writes into one. A path that is a file
 * is invalid input; a disk that refuses is the environment.
 */
export function openResultsDir(dir: string, command: string): { release: () => void } {
  if (dir.trim() === '') throw new RecallGateError('invalid-input', 'the results folder is an empty path', { hint: 'give --out a folder; it is created if missing' });
  let isFolder: boolean | undefined;
  try {
    isFolder = statSync(dir).isDirectory();
  } catch {
    // Missing (made below) or unreachable (mkdir says why).
  }
  if (isFolder === false) throw new RecallGateError('invalid-input', `the results folder ${dir} is a file, not a folder`, { hint: 'give --out a folder; it is created if missing' });
  try {
    makeFolder(dir);
  } catch (error) {
    throw fileSystemError(error, `create the results folder ${dir}`);
  }
  return lockResultsDir(dir, command);
}

/**
 * mkdir -p, one level at a time: Node's recursive mkdir reports ENOENT for
 * a read-only parent, where this gets the real reason (EROFS, EACCES).
 */
function makeFolder(dir: string): void {
  try {
    mkdirSync(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    if (code !== 'ENOENT' || dirname(dir) === dir) throw error;
    makeFolder(dirname(dir));
    mkdirSync(dir);
  }
}

/** Starts a results directory afresh: files of an earlier run must not mix with this one's. */
export function prepareResultsDir(dir: string, options: { keepTrials?: boolean } = {}): void {
  try {
    if (!options.keepTrials) rmSync(join(dir, 'trials.jsonl'), { force: true });
    rmSync(join(dir, 'runs'), { recursive: true, force: true });
    for (const name of ['results.json', 'qrels.trec', 'report.md', HTML_REPORT_FILE, JUNIT_FILE]) rmSync(join(dir, name), { force: true });
  } catch (error) {
    throw fileSystemError(error, `clear the results folder ${dir}`);
  }
}

/** trials.jsonl in one piece: what merge, regrade and a resume's clean-up write. */
export function writeTrials(dir: string, trials: readonly TrialRecord[]): void {
  writeAtomic(join(dir, 'trials.jsonl'), trials.map(trialLine).join(''));
}

/** report.md from a results document. */
export function writeAtomicReport(dir: string, results: ResultsDocument): void {
  writeAtomic(join(dir, 'report.md'), markdownReport(results));
}

/**
 * A report written where the user asked (run --html FILE, --junit FILE): its folder made if
 * missing, replaced in one step and scrubbed like the folder's own files.
 */
export function writeReportCopy(path: string, text: string, option: string): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (error) {
    throw fileSystemError(error, `create the folder of ${option} ${path}`);
  }
  writeAtomic(path, text);
}

/** junit.xml from the folder's results and trials; returns its text for a --junit copy. */
export function writeJunitReport(dir: string, results: ResultsDocument, trials: readonly TrialRecord[]): string {
  const xml = junitReport(results, trials);
  writeAtomic(join(dir, JUNIT_FILE), xml);
  return xml;
}

/**
 * report.html, rendered by the caller once the verdict is known (the page
 * shows the gate). Through writeAtomic like every file here, so a secret in an
 * answer or an error never reaches the page.
 */
export function writeHtmlReport(dir: string, html: string): string {
  const path = join(dir, HTML_REPORT_FILE);
  writeAtomic(path, html);
  return path;
}

/** results.json alone: written after each provider so a crash keeps what finished. */
export function writeResultsJson(dir: string, results: ResultsDocument): string {
  const path = join(dir, 'results.json');
  writeAtomic(path, `${JSON.stringify(results, null, 2)}\n`);
  return path;
}

/**
 * Everything: results.json, report.md, the suite's judgments as qrels.trec and
 * one TREC run per provider that completed, so trec_eval can check our numbers.
 */
export function writeAllResults(dir: string, results: ResultsDocument, judgments: readonly Judgment[]): void {
  writeResultsJson(dir, results);
  writeAtomicReport(dir, results);
  writeJunitReport(dir, results, results.e2e ? readTrials(dir) : []);
  const retrieval = results.retrieval;
  if (!retrieval) return;
  writeAtomic(join(dir, 'qrels.trec'), judgments.map((query) => formatQrelsLines(query.id, query.relevant)).join(''));
  try {
    mkdirSync(join(dir, 'runs'), { recursive: true });
  } catch (error) {
    throw fileSystemError(error, `create ${join(dir, 'runs')}`);
  }
  for (const provider of Object.values(retrieval.providers)) {
    if (provider.status !== 'ok') continue;
    const text = provider.queries.map((query) => formatRunLines(query.id, query.results, provider.name)).join('');
    writeAtomic(join(dir, 'runs', `${provider.name}.trec`), text);
  }
}
