import type { TrialRecord } from '../model/trial.js';
import { RecallGateError } from '../errors.js';
import type { ResultsDocument } from '../model/results.js';
import { registerSecret } from '../secrets.js';

/**
 * The trials table in PostgreSQL: one row per finished trial of a run, so a
 * team can keep eval history in its database and query it. Rows are keyed by
 * (run, case, condition, repetition): exporting a run twice adds nothing.
 */

export const TRIALS_TABLE = 'memory_eval_trials';

/** The environment variable that gives the URL when --postgres does not. */
export const POSTGRES_URL_ENV = 'RECALL_GATE_POSTGRES_URL';

/** A black-holed host would otherwise keep the export (and the job) waiting for the operating system's TCP timeout. */
const CONNECT_TIMEOUT_MS = 10_000;
/** Rows per INSERT: 18 parameters a row stays far below PostgreSQL's 65,535 parameters a statement. */
const BATCH_ROWS = 500;

/** 0/1 columns are integers, so avg() over them is a rate without casts. */
const flag = (name: string) => `${name} integer NOT NULL CHECK (${name} IN (0, 1))`;

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS ${TRIALS_TABLE} (
  run_id text NOT NULL,
  suite text NOT NULL,
  variant text,
  commit_sha text,
  commit_ref text,
  case_name text NOT NULL,
  ability text NOT NULL,
  repetition integer NOT NULL,
  condition text NOT NULL,
  ${flag('success')},
  ${flag('harmful_recall')},
  ${flag('harmful_action')},
  injected_tokens integer,
  total_tokens integer NOT NULL,
  judge_tokens integer NOT NULL,
  latency_ms integer NOT NULL,
  total_cost_usd numeric,
  error text,
  trial_started_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (run_id, case_name, condition, repetition)
)`;

/** One row of the table, in column order. */
export interface TrialRow {
  run_id: string;
  suite: string;
  variant: string | null;
  commit_sha: string | null;
  commit_ref: string | null;
  case_name: string;
  ability: string;
  repetition: number;
  condition: string;
  success: 0 | 1;
  harmful_recall: 0 | 1;
  harmful_action: 0 | 1;
  /** Tokens of recalled text placed in the context; null when the results do not say (written before they were counted). */
  injected_tokens: number | null;
  /** The agent's input + output tokens (the judge's are judge_tokens). */
  total_tokens: number;
  judge_tokens: number;
  latency_ms: number;
  /** The trial's whole cost, judge included; null when a model has no price. */
  total_cost_usd: number | null;
  /** Why the trial could not run (status error); null for a pass or a fail. */
  error: string | null;
  trial_started_at: string;
}

const COLUMNS = [
  'run_id', 'suite', 'variant', 'commit_sha', 'commit_ref', 'case_name', 'ability', 'repetition', 'condition',
  'success', 'harmful_recall', 'harmful_action', 'injected_tokens', 'total_tokens', 'judge_tokens', 'latency_ms', 'total_cost_usd', 'error', 'trial_started_at',
] as const satisfies readonly (keyof TrialRow)[];

/**
 * The run's id as results.json records it. Results written before it was
 * recorded get one made from what identifies their run (suite contents and
 * start time), so exporting such a folder twice still adds nothing.
 */
export function exportRunId(results: ResultsDocument): string {
  return results.run_id ?? `${results.suite.sha256.slice(0, 12)}@${results.started_at}`;
}

/** Every trial of a results folder as a row; errored trials too (success 0, with their reason). */
export function trialRows(results: ResultsDocument, trials: readonly TrialRecord[]): TrialRow[] {
  const common = {
    run_id: exportRunId(results),
    suite: results.suite.name,
    variant: results.variant ?? null,
    commit_sha: results.commit?.sha ?? null,
    commit_ref: results.commit?.ref ?? null,
  };
  return trials.map((trial) => {
    return {
      ...common,
      case_name: trial.case,
      ability: trial.ability,
      repetition: trial.repeat,
      condition: trial.condition,
      success: trial.status === 'pass' ? 1 : 0,
      harmful_recall: trial.harmful_recall ? 1 : 0,
      harmful_action: trial.harmful_action ? 1 : 0,
      injected_tokens: typeof trial.tokens.injected === 'number' ? Math.round(trial.tokens.injected) : null,
      total_tokens: trial.tokens.input + trial.tokens.output,
      judge_tokens: trial.tokens.judge_input + trial.tokens.judge_output,
      latency_ms: Math.round(trial.duration_ms),
      total_cost_usd: trial.cost_usd,
      error: trial.status === 'error' ? trial.reason : null,
      trial_started_at: trial.started_at,
    };
  });
}

/** Where a URL points, as it may be shown: host, port and database, never the user's password. */
export function describeDatabase(url: string): string {
  const parsed = new URL(url);
  const host = parsed.hostname || parsed.searchParams.get('host') || 'localhost';
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || decodeURIComponent(parsed.username) || '(the default)';
  return `host ${host}:${parsed.port || '5432'}, database ${database}`;
}

/** A URL recall-gate can hand to the driver, or invalid input saying what is wrong with it. */
export function checkPostgresUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new RecallGateError('invalid-input', 'the PostgreSQL URL cannot be read as a URL', { hint: 'give postgres://user:password@host:5432/database' });
  }
  // Before anything can fail and print: the password must be known to the scrubber.
  registerSecret(decodedPassword(parsed));
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new RecallGateError('invalid-input', `the PostgreSQL URL must start with postgres:// or postgresql://, not ${parsed.protocol}//`, { hint: 'give postgres://user:password@host:5432/database' });
  }
}

/** The password as the driver sends it (percent-decoded), so the scrubber knows the form a message could echo. */
function decodedPassword(parsed: URL): string {
  try {
    return decodeURIComponent(parsed.password);
  } catch {
    return parsed.password;
  }
}

export interface ExportCounts {
  inserted: number;
  /** Rows of this run the table held already (an earlier export). */
  already: number;
}

/**
 * Creates the table if absent and inserts the rows, in one transaction: a
 * failure part way leaves the table as it was. pg is loaded here, only when
 * an export is asked for.
 */
export async function exportTrialRows(url: string, rows: readonly TrialRow[]): Promise<ExportCounts> {
  checkPostgresUrl(url);
  const where = describeDatabase(url);
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A server that drops the connection later emits 'error' on the client; without a listener that would crash the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new RecallGateError('incomplete', `cannot connect to PostgreSQL at ${where}: ${connectProblem(error)}`, {
      hint: 'check the URL (--postgres or RECALL_GATE_POSTGRES_URL), that the server runs and accepts this user; the results on disk are unchanged',
      cause: error,
    });
  }
  try {
    await client.query('BEGIN');
    await client.query(CREATE_TABLE);
    let inserted = 0;
    for (let start = 0; start < rows.length; start += BATCH_ROWS) {
      const batch = rows.slice(start, start + BATCH_ROWS);
      const result = await client.query(insertStatement(batch.length), batch.flatMap((row) => COLUMNS.map((column) => row[column])));
      inserted += result.rowCount ?? 0;
    }
    await client.query('COMMIT');
    return { inserted, already: rows.length - inserted };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw new RecallGateError('incomplete', `exporting to PostgreSQL at ${where} failed, nothing was written: ${(error as Error).message}`, {
      hint: `the user needs CREATE on the schema (or an existing ${TRIALS_TABLE} table) and INSERT on it; the results on disk are unchanged`,
      cause: error,
    });
  } finally {
    await client.end().catch(() => undefined);
  }
}

function insertStatement(count: number): string {
  const values = Array.from({ length: count }, (_, row) => `(${COLUMNS.map((_column, index) => `$${row * COLUMNS.length + index + 1}`).join(', ')})`);
  return `INSERT INTO ${TRIALS_TABLE} (${COLUMNS.join(', ')}) VALUES ${values.join(', ')} ON CONFLICT (run_id, case_name, condition, repetition) DO NOTHING`;
}

/** Why a connection failed, in words: the server's own message (auth, unknown database), or the network's. */
function connectProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ECONNREFUSED') return 'the connection was refused (is the server running, on that port?)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name does not resolve';
  const message = (error as Error | undefined)?.message ?? String(error);
  if (/timeout/i.test(message)) return `no answer within ${CONNECT_TIMEOUT_MS / 1000} s`;
  return message;
}
