import { closeSync, copyFileSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, rmdirSync, statSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Provenance } from '../model/provenance.js';
import type { TrialRecord } from '../model/trial.js';
import { TrialLog, latestByKey } from './trialLog.js';
import { RecallGateError, fileSystemError } from '../errors.js';
import { formatQrelsLines, formatRunLines } from '../retrieval/trec.js';
import { isStale, lockResultsDir, readHolder } from './lock.js';
import { LineFile, readLines, writeLinesAtomic } from './lines.js';
import { replaceFile, writeNamedOutput } from '../outputFile.js';
import { scrubSecrets } from '../secrets.js';
import { UnreadableInput, readInputFile } from '../source/readInput.js';
import type { ProviderResult, QueryOutcome, ResultsDocument, RetrievalResult } from '../model/results.js';

/**
 * The results folder (run --out, merge --out, the Action's folder per suite):
 * the one module that names its files and reads and writes them. Every file
 * is written whole in one step (a temp file renamed) or a line at a time
 * (trials and per-query rows, as they finish), and scrubbed of secrets here.
 *
 *   results.json              summaries of the run (no per-query rows)
 *   queries/<provider>.jsonl  one QueryOutcome a line, streamed as queries finish
 *   trials.jsonl              one e2e trial a line, appended as trials finish
 *   qrels.trec, runs/<provider>.trec   the judgments and runs, for trec_eval
 *   report.md, report.html    rendered after the gate (they show the verdict)
 *   junit.xml                 the gate and the cases as JUnit
 *   history.jsonl             the Action's history of the default branch
 *   adapter.log               what command adapters wrote to stderr, appended as it comes
 *   .recall-gate.lock         who is writing the folder (lock.ts)
 */
export const RESULTS_FILE = 'results.json';
export const TRIALS_FILE = 'trials.jsonl';
export const MARKDOWN_REPORT_FILE = 'report.md';
export const HTML_REPORT_FILE = 'report.html';
/** The JUnit report (src/report/junit.ts renders it), written with report.md and report.html. */
export const JUNIT_FILE = 'junit.xml';
export const HISTORY_FILE = 'history.jsonl';
/** Command adapters' stderr (adapterLogOf): a library's stack traces stay out of the terminal, the last lines still come with an error. */
export const ADAPTER_LOG_FILE = 'adapter.log';
export const QRELS_FILE = 'qrels.trec';
const RUNS_DIR = 'runs';
const QUERIES_DIR = 'queries';
const LOCK_FILE = '.recall-gate.lock';

/** Where a provider's per-query rows are, inside the folder. */
export function queryRowsFile(provider: string): string {
  return join(QUERIES_DIR, `${provider}.jsonl`);
}

/** The files a run writes, as the terminal lists them. */
export function writtenFiles(results: ResultsDocument): string {
  return [
    RESULTS_FILE,
    MARKDOWN_REPORT_FILE,
    HTML_REPORT_FILE,
    JUNIT_FILE,
    ...(results.retrieval ? [QRELS_FILE, `${RUNS_DIR}/*.trec`, `${QUERIES_DIR}/*.jsonl`] : []),
    ...(results.e2e ? [TRIALS_FILE] : []),
  ].join(', ');
}

/** A query's relevant memories, as qrels.trec records them. */
export interface Judgment {
  id: string;
  relevant: Record<string, number>;
}

// ---- writing ----

/**
 * Replaces a file in one step, so a reader or a crash never sees half of it,
 * scrubbed of secrets; a link at the path is replaced, never written through
 * (outputFile.ts). A write that fails (a full or read-only disk) leaves no
 * temp file and says why. For texts bounded in size; what grows with the
 * suite goes through writeLinesAtomic.
 */
export function writeAtomic(path: string, text: string): void {
  replaceFile(path, text);
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
  return lockResultsDir(dir, join(dir, LOCK_FILE), command);
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

function makeSubfolder(dir: string, name: string): string {
  const path = join(dir, name);
  try {
    mkdirSync(path, { recursive: true });
  } catch (error) {
    throw fileSystemError(error, `create ${path}`);
  }
  return path;
}

/**
 * The files of an earlier run that prepareResultsDir clears: the run's own by
 * name, and in runs/ and queries/ only the kinds a run writes there (what else
 * a user keeps in those folders is theirs).
 */
function earlierRunFiles(dir: string, keepTrials: boolean): string[] {
  const named = [...(keepTrials ? [] : [TRIALS_FILE, ADAPTER_LOG_FILE]), RESULTS_FILE, QRELS_FILE, MARKDOWN_REPORT_FILE, HTML_REPORT_FILE, JUNIT_FILE];
  const written = (folder: string, extension: string) => {
    try {
      return readdirSync(join(dir, folder), { withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith(extension))
        .map((entry) => join(folder, entry.name));
    } catch {
      return [];
    }
  };
  return [...named, ...written(RUNS_DIR, '.trec'), ...written(QUERIES_DIR, '.jsonl')].map((name) => join(dir, name));
}

/**
 * Starts a results directory afresh: files of an earlier run must not mix
 * with this one's. A file the suite reads (`inputs`) among them is refused
 * before anything is removed: `--out .` in the suite's folder would delete
 * its queries/*.jsonl.
 */
export function prepareResultsDir(dir: string, options: { keepTrials?: boolean; inputs?: readonly string[] } = {}): void {
  const files = earlierRunFiles(dir, Boolean(options.keepTrials));
  // By the file itself, not its spelling: a case-insensitive disk or a link names one file two ways.
  const inputs = new Set((options.inputs ?? []).map(fileIdentity).filter((identity): identity is string => identity !== undefined));
  const input = files.find((file) => {
    const identity = fileIdentity(file);
    return identity !== undefined && inputs.has(identity);
  });
  if (input !== undefined) {
    throw new RecallGateError('invalid-input', `the results folder ${dir} holds ${input}, a file the suite reads: starting the folder afresh would delete it`, {
      hint: 'give --out a folder of its own (e.g. --out results)',
    });
  }
  try {
    for (const file of files) rmSync(file, { force: true });
    for (const folder of [RUNS_DIR, QUERIES_DIR]) removeIfEmpty(join(dir, folder));
  } catch (error) {
    throw fileSystemError(error, `clear the results folder ${dir}`);
  }
}

/** A file's device and inode, the same however its path is written; undefined when there is no such file. */
function fileIdentity(path: string): string | undefined {
  try {
    const stats = statSync(path);
    return `${stats.dev}:${stats.ino}`;
  } catch {
    return undefined;
  }
}

/** rmdir of a folder an earlier run made, when nothing else is in it. */
function removeIfEmpty(folder: string): void {
  try {
    rmdirSync(folder);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTEMPTY' && code !== 'EEXIST' && code !== 'ENOTDIR') throw error;
  }
}

/** The folder's trial log, which a run appends to as trials finish. */
export function trialLogOf(dir: string): TrialLog {
  return new TrialLog(join(dir, TRIALS_FILE));
}

/**
 * adapter.log, appended a line at a time (scrubbed of secrets) and created
 * with its first line; a resumed run adds to it. A line that cannot be
 * written is dropped: the log is a diagnostic, and the trials' own writes
 * report a full disk.
 */
export function adapterLogOf(dir: string): { path: string; append: (line: string) => void; close: () => void } {
  const path = join(dir, ADAPTER_LOG_FILE);
  let fd: number | undefined;
  let broken = false;
  return {
    path,
    append: (line) => {
      if (broken) return;
      try {
        fd ??= openSync(path, 'a');
        writeSync(fd, `${scrubSecrets(line)}\n`);
      } catch {
        broken = true;
      }
    },
    close: () => {
      if (fd === undefined) return;
      try {
        closeSync(fd);
      } catch {
        // Nothing more to write to it.
      }
      fd = undefined;
    },
  };
}

/** trials.jsonl in one piece: what merge, regrade and a resume's clean-up write. */
export function writeTrials(dir: string, trials: readonly TrialRecord[]): void {
  writeLinesAtomic(join(dir, TRIALS_FILE), mapLines(trials, (trial) => JSON.stringify(trial)));
}

/** report.md, report.html and junit.xml, rendered by the caller once the verdict is known (the reports show the gate). Returns report.html's path. */
export function writeReports(dir: string, reports: { markdown: string; html: string; junit: string }): string {
  writeAtomic(join(dir, MARKDOWN_REPORT_FILE), reports.markdown);
  writeAtomic(join(dir, JUNIT_FILE), reports.junit);
  const path = join(dir, HTML_REPORT_FILE);
  writeAtomic(path, reports.html);
  return path;
}

/**
 * A report written where the user asked (run --html FILE, --junit FILE): its
 * folder made if missing, a regular file replaced in one step, a pipe or a
 * device written into, a link followed (writeNamedOutput), scrubbed like the
 * folder's own files.
 */
export function writeReportCopy(path: string, text: string, option: string): void {
  writeNamedOutput(path, text, option);
}

/**
 * results.json alone, without the per-query rows (they are in
 * queries/<provider>.jsonl), so it stays small whatever the suite's size:
 * written after each provider, so a crash keeps what finished.
 */
export function writeResultsJson(dir: string, results: ResultsDocument): string {
  const path = join(dir, RESULTS_FILE);
  writeAtomic(path, `${JSON.stringify(withoutQueryRows(results), null, 2)}\n`);
  return path;
}

/** The results document as results.json holds it (and run --json prints it): every figure but the per-query rows, which grow with the suite. */
export function withoutQueryRows<T extends ResultsDocument>(results: T): T {
  if (!results.retrieval) return results;
  const providers = Object.fromEntries(
    Object.entries(results.retrieval.providers).map(([name, provider]) => {
      const summary: Partial<ProviderResult> = { ...provider };
      delete summary.queries;
      return [name, summary];
    }),
  ) as RetrievalResult['providers'];
  return { ...results, retrieval: { ...results.retrieval, providers } };
}

/**
 * The end of a run (or merge): results.json, the suite's judgments as
 * qrels.trec and one TREC run per provider that completed, so trec_eval can
 * check our numbers. The TREC files are written line by line.
 */
export function writeResults(dir: string, results: ResultsDocument, judgments: readonly Judgment[]): void {
  writeResultsJson(dir, results);
  const retrieval = results.retrieval;
  if (!retrieval) return;
  writeLinesAtomic(join(dir, QRELS_FILE), flatLines(judgments, (query) => formatQrelsLines(query.id, query.relevant)));
  const runs = makeSubfolder(dir, RUNS_DIR);
  for (const provider of Object.values(retrieval.providers)) {
    if (provider.status !== 'ok') continue;
    writeLinesAtomic(join(runs, `${provider.name}.trec`), flatLines(provider.queries, (query) => formatRunLines(query.id, query.results, provider.name)));
  }
}

/**
 * queries/<provider>.jsonl as queries finish: `append` writes each row the
 * moment it is known. A failed write (a full disk) is kept and thrown by
 * `finish`, so the run stops rather than record the provider as failing.
 */
export function queryRowWriter(dir: string): { append: (provider: string, outcome: QueryOutcome) => void; finish: (provider: string) => void; close: () => void } {
  const files = new Map<string, LineFile>();
  let failure: unknown;
  const finish = (provider: string) => {
    const file = files.get(provider);
    files.delete(provider);
    try {
      file?.close();
    } catch (error) {
      failure ??= error;
    }
    if (failure !== undefined) throw failure;
  };
  return {
    append: (provider, outcome) => {
      if (failure !== undefined) return;
      try {
        let file = files.get(provider);
        if (!file) {
          makeSubfolder(dir, QUERIES_DIR);
          file = new LineFile(join(dir, queryRowsFile(provider)));
          files.set(provider, file);
        }
        file.append(JSON.stringify(outcome));
      } catch (error) {
        failure = error;
        // Thrown on: a provider's searches cannot tell a full disk from a failing store.
        throw error;
      }
    },
    finish,
    close: () => {
      for (const provider of [...files.keys()]) finish(provider);
    },
  };
}

/** queries/<provider>.jsonl from the rows in memory, for each provider the folder has no file for (a merged run's; an older folder's, whose results.json held them). */
export function writeMissingQueryRows(dir: string, retrieval: RetrievalResult | undefined): void {
  for (const provider of Object.values(retrieval?.providers ?? {})) {
    const path = join(dir, queryRowsFile(provider.name));
    if (existsSync(path)) continue;
    makeSubfolder(dir, QUERIES_DIR);
    writeLinesAtomic(path, mapLines(provider.queries, (query) => JSON.stringify(query)));
  }
}

/** What a later run reads as its baseline (results, per-query rows, trials, history), copied to another folder. */
export function copyForBaseline(from: string, to: string): void {
  for (const name of [RESULTS_FILE, TRIALS_FILE, HISTORY_FILE]) if (existsSync(join(from, name))) copyFileSync(join(from, name), join(to, name));
  if (existsSync(join(from, QUERIES_DIR))) cpSync(join(from, QUERIES_DIR), join(to, QUERIES_DIR), { recursive: true });
}

function* mapLines<T>(items: Iterable<T>, line: (item: T) => string): Generator<string> {
  for (const item of items) yield line(item);
}

/** Lines of texts that each end in a newline (formatRunLines, formatQrelsLines), one at a time. */
function* flatLines<T>(items: Iterable<T>, text: (item: T) => string): Generator<string> {
  for (const item of items) {
    const lines = text(item);
    if (lines) yield lines.endsWith('\n') ? lines.slice(0, -1) : lines;
  }
}

// ---- reading ----

/** Whether a folder holds a run's results (results.json). */
export function hasResults(dir: string): boolean {
  return existsSync(join(dir, RESULTS_FILE));
}

/** Whether a folder holds a run's trials (trials.jsonl). */
export function hasTrials(dir: string): boolean {
  return existsSync(join(dir, TRIALS_FILE));
}

/**
 * A run's results (per-query rows included) and (when there are some) its
 * trials; invalid input when the folder has no results. A results.json that
 * still says "running" is read as incomplete, with why: either that run is
 * still going (its lock is held) or it was killed before it could say so.
 */
export function readRun(dir: string, cwd: string): { results: ResultsDocument; trials: TrialRecord[] } {
  return { results: readResults(dir, cwd), trials: readTrials(resolve(cwd, dir)) };
}

/** readRun's results alone, for a reader that needs no trials (history). */
export function readResults(dir: string, cwd: string): ResultsDocument {
  const folder = resolve(cwd, dir);
  const path = join(folder, RESULTS_FILE);
  if (!existsSync(path)) throw new RecallGateError('invalid-input', `${dir} has no ${RESULTS_FILE}`, { hint: 'give the --out folder of a recall-gate run' });
  let text: string;
  try {
    // A regular file only, read up to the input cap: a results.json that is a pipe or a device (a forged artifact) must not hang or exhaust the reader.
    text = readInputFile(path);
  } catch (error) {
    if (!(error instanceof UnreadableInput)) throw error;
    throw new RecallGateError('invalid-input', `cannot read ${join(dir, RESULTS_FILE)}: ${error.message}`, { hint: error.hint ?? 'give the --out folder of a recall-gate run' });
  }
  let results: ResultsDocument;
  try {
    results = JSON.parse(text) as ResultsDocument;
  } catch (error) {
    throw new RecallGateError('invalid-input', `${join(dir, RESULTS_FILE)} is not valid JSON: ${(error as Error).message}`);
  }
  if (results === null || typeof results !== 'object' || results.schema_version !== 1 || !results.layers) {
    throw new RecallGateError('invalid-input', `${join(dir, RESULTS_FILE)} is not a recall-gate results file (schema_version 1)`);
  }
  // What every reader of a run takes as given (its suite, when it ran): an edited file without them is damaged, said here rather than as a TypeError later.
  const missing = [typeof results.suite?.name !== 'string' && 'suite.name', typeof results.started_at !== 'string' && 'started_at'].filter((field) => field !== false);
  if (missing.length > 0) {
    throw new RecallGateError('invalid-input', `${join(dir, RESULTS_FILE)} has no ${missing.join(' nor ')} as text: the results folder is damaged or was edited`, { hint: 'run the suite again' });
  }
  if (results.status === 'running') {
    results.status = 'incomplete';
    results.errors = [...(results.errors ?? []), unfinishedReason(dir, folder)];
  }
  for (const provider of Object.values(results.retrieval?.providers ?? {})) {
    // Folders written before the rows had their own files hold them in results.json.
    if (!Array.isArray(provider.queries)) provider.queries = readQueryRows(dir, folder, provider);
  }
  return results;
}

/** A provider's rows from queries/<provider>.jsonl, in the order they were asked. */
function readQueryRows(dir: string, folder: string, provider: ProviderResult): QueryOutcome[] {
  const name = queryRowsFile(provider.name);
  const path = join(folder, name);
  if (!existsSync(path)) {
    // A provider that failed before its first query has no rows to keep.
    if (provider.status === 'error') return [];
    throw new RecallGateError('invalid-input', `${join(dir, name)} is missing: ${RESULTS_FILE} lists provider ${provider.name}, whose per-query rows it holds`, {
      hint: 'copy the whole results folder (queries/ with results.json), or run the suite again',
    });
  }
  const rows: QueryOutcome[] = [];
  let line = 0;
  for (const text of readLines(path)) {
    line += 1;
    let row: QueryOutcome;
    try {
      row = JSON.parse(text) as QueryOutcome;
    } catch (error) {
      throw new RecallGateError('invalid-input', `${join(dir, name)}:${line}: not a JSON line: ${(error as Error).message}`, { hint: 'the folder is damaged; run the suite again' });
    }
    rows.push(row);
  }
  return rows;
}

function unfinishedReason(dir: string, folder: string): string {
  const holder = readHolder(join(folder, LOCK_FILE));
  if (holder && holder.pid !== process.pid && !isStale(holder)) return `the run writing ${dir} is still going (pid ${holder.pid} on ${holder.host}, since ${holder.started_at}); these are partial results`;
  return `the run that wrote ${dir} never finished (${RESULTS_FILE} still says "running": it was killed); run it again with --resume`;
}

/** Which suite (and shard) a results folder holds, for --resume, with its run's id and provenance; undefined for a folder with no results.json. */
export function readResultsMarker(dir: string): { name: string; shard?: ResultsDocument['shard']; run_id?: string; provenance?: Provenance } | 'unreadable' | undefined {
  const path = join(dir, RESULTS_FILE);
  if (!existsSync(path)) return undefined;
  try {
    const results = JSON.parse(readFileSync(path, 'utf8')) as ResultsDocument;
    if (typeof results?.suite?.name !== 'string') return 'unreadable';
    return {
      name: results.suite.name,
      ...(results.shard ? { shard: results.shard } : {}),
      ...(typeof results.run_id === 'string' ? { run_id: results.run_id } : {}),
      ...(Array.isArray(results.provenance?.models) ? { provenance: results.provenance } : {}),
    };
  } catch {
    return 'unreadable';
  }
}

/** A results folder's trials, the last record of each (an errored trial retried on resume replaces it). */
export function readTrials(dir: string): TrialRecord[] {
  return latestByKey(trialLogOf(dir).read().trials);
}
