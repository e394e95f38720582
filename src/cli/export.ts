import { RecallGateError } from '../errors.js';
import type { TrialRecord } from '../model/trial.js';
import { DEFAULT_PG_TIMEOUT_MS, POSTGRES_URL_ENV, TRIALS_TABLE, checkPostgresUrl, describeDatabase, exportRunId, exportTrialRows, trialRows, type ExportOptions } from '../export/postgres.js';
import { readRun } from '../results/folder.js';
import type { ResultsDocument } from '../model/results.js';
import { parseCommandArgs } from './args.js';
import type { CliIO } from './io.js';
import { counted } from '../text/counted.js';

export const EXPORT_USAGE = `recall-gate export <results-dir> [--postgres URL] [--pg-timeout-ms N]   (URL default: $${POSTGRES_URL_ENV}; N default: ${DEFAULT_PG_TIMEOUT_MS})`;

export async function exportCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { postgres: { type: 'string' }, 'pg-timeout-ms': { type: 'string' } }, EXPORT_USAGE);
  if (positionals.length !== 1) throw new RecallGateError('invalid-input', 'export takes one results folder', { hint: `usage: ${EXPORT_USAGE}` });
  const url = postgresUrl(values.postgres as string | undefined, io.env);
  if (url === undefined) {
    throw new RecallGateError('invalid-input', `export needs a database: give --postgres URL or set ${POSTGRES_URL_ENV}`, { hint: `usage: ${EXPORT_USAGE}` });
  }
  const timeoutMs = pgTimeout(values['pg-timeout-ms'] as string | undefined, EXPORT_USAGE);
  const { results, trials } = readRun(positionals[0]!, io.cwd);
  await exportRun(results, trials, url, io, { timeoutMs });
  return 0;
}

/** --pg-timeout-ms (export, run): how long one statement or lock wait may take, in whole milliseconds. */
export function pgTimeout(text: string | undefined, usage: string): number {
  if (text === undefined) return DEFAULT_PG_TIMEOUT_MS;
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < 1) {
    throw new RecallGateError('invalid-input', `--pg-timeout-ms must be a whole number of milliseconds from 1, got ${JSON.stringify(text)}`, { hint: `usage: ${usage}` });
  }
  return value;
}

/** The URL to export to: the flag's, else the environment's; checked (and its password registered as a secret) before anything runs. */
export function postgresUrl(flag: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  const url = flag ?? (env[POSTGRES_URL_ENV] || undefined);
  if (url !== undefined) checkPostgresUrl(url);
  return url;
}

/** Exports one run's trials and says what it did; a failure is an error (exit 3), the results on disk untouched. */
export async function exportRun(results: ResultsDocument, trials: TrialRecord[], url: string, io: CliIO, options: ExportOptions = {}): Promise<void> {
  const rows = trialRows(results, trials);
  const counts = await exportTrialRows(url, rows, options);
  const unfinished = results.status === 'complete' ? '' : ` (the run is ${results.status}: its finished trials only)`;
  io.stdout(
    `exported run ${exportRunId(results)} to ${TRIALS_TABLE} at ${describeDatabase(url)}: ${counted(counts.inserted, 'row', 'rows')} inserted, ${counts.already} already there${unfinished}\n`,
  );
}
