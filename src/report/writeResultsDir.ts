import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { markdownReport } from './markdown.js';
import type { ResultsDocument } from './results.js';
import { formatQrelsLines, formatRunLines } from '../retrieval/trec.js';
import { scrubSecrets } from '../secrets.js';

/** A query's relevant memories, as qrels.trec records them. */
export interface Judgment {
  id: string;
  relevant: Record<string, number>;
}

/** Replaces a file in one step, so a reader or a crash never sees half of it. Every file of the folder goes through here: secrets are scrubbed here. */
function writeAtomic(path: string, text: string): void {
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, scrubSecrets(text));
  renameSync(temp, path);
}

/** Starts a results directory afresh: files of an earlier run must not mix with this one's. */
export function prepareResultsDir(dir: string, options: { keepTrials?: boolean } = {}): void {
  mkdirSync(dir, { recursive: true });
  if (!options.keepTrials) rmSync(join(dir, 'trials.jsonl'), { force: true });
  rmSync(join(dir, 'runs'), { recursive: true, force: true });
  for (const name of ['results.json', 'qrels.trec', 'report.md']) rmSync(join(dir, name), { force: true });
}

/** report.md from a results document. */
export function writeAtomicReport(dir: string, results: ResultsDocument): void {
  writeAtomic(join(dir, 'report.md'), markdownReport(results));
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
  const retrieval = results.retrieval;
  if (!retrieval) return;
  writeAtomic(join(dir, 'qrels.trec'), judgments.map((query) => formatQrelsLines(query.id, query.relevant)).join(''));
  mkdirSync(join(dir, 'runs'), { recursive: true });
  for (const provider of Object.values(retrieval.providers)) {
    if (provider.status !== 'ok') continue;
    const text = provider.queries.map((query) => formatRunLines(query.id, query.results, provider.name)).join('');
    writeAtomic(join(dir, 'runs', `${provider.name}.trec`), text);
  }
}
