import type { TrialRecord } from '../model/trial.js';
import { RecallGateError } from '../errors.js';
import type { ResultsDocument } from '../model/results.js';
import { checkPostgresUrl, describeDatabase } from './postgresUrl.js';
import { describeFailure, type Step } from './postgresFailure.js';

export { checkPostgresUrl, describeDatabase };

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
/** The default bound on each lock wait (--pg-timeout-ms); a statement gets twice that, its lock waits included. */
export const DEFAULT_PG_TIMEOUT_MS = 30_000;
/**
 * How much longer than the server's own timeouts the client waits for an
 * answer: those fire first and say what was waited for; this one ends the
 * wait on a server that stopped answering at all.
 */
const CLIENT_GRACE_MS = 5_000;
/** Rows per INSERT: 20 parameters a row stays far below PostgreSQL's 65,535 parameters a statement. */
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
  total_tokens integer,
  judge_tokens integer,
  latency_ms integer NOT NULL,
  total_cost_usd numeric,
  error text,
  stage text,
  trial_started_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (run_id, case_name, condition, repetition)
)`;

/** A table created before failure stages gains the column (NULL in its older rows). */
const ADD_STAGE_COLUMN = `ALTER TABLE ${TRIALS_TABLE} ADD COLUMN IF NOT EXISTS stage text`;
const HAS_STAGE_COLUMN = `SELECT 1 FROM information_schema.columns WHERE table_name = $1 AND column_name = 'stage' AND table_schema = ANY (current_schemas(false))`;

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
  /** The agent's input + output tokens (the judge's are judge_tokens); null when unknown (a call reported none, or the trial errored before any call). */
  total_tokens: number | null;
  /** null when the judge reported nonsense usage. */
  judge_tokens: number | null;
  latency_ms: number;
  /** The trial's whole cost, judge included; null when a model has no price. */
  total_cost_usd: number | null;
  /** Why the trial could not run (status error); null for a pass or a fail. */
  error: string | null;
  /** Where a failed trial's failure lives (not_stored, not_recalled, obsolete_recalled, misread, unknown: see e2e/stage.ts); null when it has none. */
  stage: string | null;
  trial_started_at: string;
}

const COLUMNS = [
  'run_id', 'suite', 'variant', 'commit_sha', 'commit_ref', 'case_name', 'ability', 'repetition', 'condition',
  'success', 'harmful_recall', 'harmful_action', 'injected_tokens', 'total_tokens', 'judge_tokens', 'latency_ms', 'total_cost_usd', 'error', 'stage', 'trial_started_at',
] as const satisfies readonly (keyof TrialRow)[];

/**
 * The run's id as results.json records it. Results written before it was
 * recorded get one made from what identifies their run (suite contents and
 * start time), so exporting such a folder twice still adds nothing.
 */
export function exportRunId(results: ResultsDocument): string {
  return results.run_id ?? `${results.suite.sha256.slice(0, 12)}@${results.started_at}`;
}

/** Whether every agent call of the trial reported usable counts, as its cost requires (e2e/cost.ts). */
function agentTokensKnown(trial: TrialRecord): boolean {
  return trial.invocations.length > 0 && trial.invocations.every((invocation) => invocation.usage !== undefined);
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
      total_tokens: agentTokensKnown(trial) ? trial.tokens.input + trial.tokens.output : null,
      judge_tokens: trial.judge_usage_warning ? null : trial.tokens.judge_input + trial.tokens.judge_output,
      latency_ms: Math.round(trial.duration_ms),
      total_cost_usd: trial.cost_usd,
      error: trial.status === 'error' ? trial.reason : null,
      stage: trial.stage ?? null,
      trial_started_at: trial.started_at,
    };
  });
}

export interface ExportCounts {
  inserted: number;
  /** Rows of this run the table held already (an earlier export). */
  already: number;
}

export interface ExportOptions {
  /**
   * The longest one lock wait may take (lock_timeout); a statement may take
   * twice that (statement_timeout: it may wait that long for a lock and run
   * that long more), and the client waits CLIENT_GRACE_MS beyond.
   */
  timeoutMs?: number;
}

/**
 * Creates the table if absent and inserts the rows, in one transaction: a
 * failure part way leaves the table as it was. Every statement and every
 * lock wait is bounded (ExportOptions), so a locked table or a server that
 * stops answering ends the export with a message saying what it waited for.
 * pg is loaded here, only when an export is asked for.
 */
export async function exportTrialRows(url: string, rows: readonly TrialRow[], options: ExportOptions = {}): Promise<ExportCounts> {
  checkPostgresUrl(url);
  const timeoutMs = options.timeoutMs ?? DEFAULT_PG_TIMEOUT_MS;
  const where = describeDatabase(url);
  const { default: pg } = await import('pg');
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: Math.min(CONNECT_TIMEOUT_MS, timeoutMs),
    lock_timeout: timeoutMs,
    statement_timeout: 2 * timeoutMs,
    query_timeout: 2 * timeoutMs + CLIENT_GRACE_MS,
    application_name: 'recall-gate export',
  });
  // A server that drops the connection later emits 'error' on the client; without a listener that would crash the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new RecallGateError('incomplete', `cannot connect to PostgreSQL at ${where}: ${connectProblem(error, Math.min(CONNECT_TIMEOUT_MS, timeoutMs))}`, {
      hint: 'check the URL (--postgres or RECALL_GATE_POSTGRES_URL), that the server runs and accepts this user; the results on disk are unchanged',
      cause: error,
    });
  }
  let step: Step = { doing: 'starting a transaction' };
  const run = (next: Step, sql: string, values?: unknown[]) => {
    step = next;
    return client.query(sql, values);
  };
  try {
    await run({ doing: 'starting a transaction' }, 'BEGIN');
    await run({ doing: `creating the ${TRIALS_TABLE} table`, table: TRIALS_TABLE }, CREATE_TABLE);
    await allowUnknownTokens((sql) => run({ doing: `letting ${TRIALS_TABLE}'s token columns hold NULL (unknown)`, table: TRIALS_TABLE, alter: true }, sql));
    // Only when missing: a user with INSERT alone on an up-to-date table may not ALTER it.
    const stage = await run({ doing: `checking ${TRIALS_TABLE} for its stage column`, table: TRIALS_TABLE }, HAS_STAGE_COLUMN, [TRIALS_TABLE]);
    if (!stage.rowCount) await run({ doing: `adding the stage column to ${TRIALS_TABLE}`, table: TRIALS_TABLE, alter: true }, ADD_STAGE_COLUMN);
    let inserted = 0;
    for (let start = 0; start < rows.length; start += BATCH_ROWS) {
      const batch = rows.slice(start, start + BATCH_ROWS);
      const doing = `inserting rows ${start + 1}-${start + batch.length} of ${rows.length} into ${TRIALS_TABLE}`;
      const result = await run({ doing, table: TRIALS_TABLE }, insertStatement(batch.length), batch.flatMap((row) => COLUMNS.map((column) => storable(row[column]))));
      inserted += result.rowCount ?? 0;
    }
    await run({ doing: 'committing' }, 'COMMIT');
    return { inserted, already: rows.length - inserted };
  } catch (error) {
    const failure = describeFailure(error, step, { lockMs: timeoutMs, statementMs: 2 * timeoutMs, answerMs: 2 * timeoutMs + CLIENT_GRACE_MS });
    // A server that stopped answering would not answer the ROLLBACK either: dropping the connection rolls back as surely.
    if (!failure.noAnswer) await client.query('ROLLBACK').catch(() => undefined);
    throw new RecallGateError('incomplete', `exporting to PostgreSQL at ${where} failed, nothing was written: ${failure.message}`, {
      hint: `${failure.hint ? `${failure.hint}; ` : ''}the results on disk are unchanged`,
      cause: error,
    });
  } finally {
    await endWithin(client, 2000);
  }
}

/**
 * total_tokens and judge_tokens were NOT NULL before unknown counts were
 * exported as NULL: a table made then gets the constraint dropped (its
 * owner's right; anyone else is told what to ask for).
 */
async function allowUnknownTokens(query: (sql: string) => Promise<{ rows: { column_name: string }[] }>): Promise<void> {
  const found = await query(
    `SELECT column_name FROM information_schema.columns WHERE table_name = '${TRIALS_TABLE}' AND table_schema = current_schema() AND column_name IN ('total_tokens', 'judge_tokens') AND is_nullable = 'NO'`,
  );
  for (const { column_name: column } of found.rows) await query(`ALTER TABLE ${TRIALS_TABLE} ALTER COLUMN ${column} DROP NOT NULL`);
}

/** Ends the connection, destroying it when the server does not see it off within `ms`. */
async function endWithin(client: import('pg').Client, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const ended = await Promise.race([client.end().then(() => true, () => true), new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)))]);
  clearTimeout(timer);
  if (!ended) (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
}

/**
 * A value as PostgreSQL text can hold it: a NUL character (which text
 * cannot hold) is written as the six characters \u0000, a lone surrogate
 * (half a character, which UTF-8 cannot encode) as U+FFFD. Anything else is
 * sent as it is.
 */
function storable(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return value.replaceAll('\u0000', '\\u0000').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

function insertStatement(count: number): string {
  const values = Array.from({ length: count }, (_, row) => `(${COLUMNS.map((_column, index) => `$${row * COLUMNS.length + index + 1}`).join(', ')})`);
  return `INSERT INTO ${TRIALS_TABLE} (${COLUMNS.join(', ')}) VALUES ${values.join(', ')} ON CONFLICT (run_id, case_name, condition, repetition) DO NOTHING`;
}

/** Why a connection failed, in words: the server's own message (auth, unknown database), or the network's. */
function connectProblem(error: unknown, timeoutMs: number): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ECONNREFUSED') return 'the connection was refused (is the server running, on that port?)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name does not resolve';
  const message = (error as Error | undefined)?.message ?? String(error);
  if (/timeout/i.test(message)) return `no answer within ${timeoutMs / 1000} s`;
  return message;
}
