/**
 * Why an export to PostgreSQL failed, in words: what it was doing, what it
 * waited for, and a hint only where the cause is known (a missing privilege,
 * a lock another session holds), never a guess.
 */

/** What the export was doing when it failed. */
export interface Step {
  /** "inserting rows 1-500 of 1200 into memory_eval_trials" */
  doing: string;
  /** The table the statement works on. */
  table?: string;
  /** The statement alters the table (only its owner may). */
  alter?: boolean;
}

export interface Failure {
  message: string;
  hint?: string;
  /** The server stopped answering or the connection is gone: nothing more can be sent on it. */
  noAnswer: boolean;
}

/** SQLSTATE codes the export tells apart (PostgreSQL, appendix A). */
const SQLSTATE = {
  lockNotAvailable: '55P03',
  queryCanceled: '57014',
  insufficientPrivilege: '42501',
} as const;

/** The bounds the export ran with, in ms: a lock wait, a statement, the client's wait for any answer. */
export interface Bounds {
  lockMs: number;
  statementMs: number;
  answerMs: number;
}

export function describeFailure(error: unknown, step: Step, bounds: Bounds): Failure {
  const { code, message } = error instanceof Error ? (error as Error & { code?: unknown }) : { code: undefined, message: String(error) };
  const seconds = (ms: number) => `${ms / 1000} s`;
  const table = step.table ?? 'the table';
  switch (code) {
    case SQLSTATE.lockNotAvailable:
      return {
        message: `waited ${seconds(bounds.lockMs)} for a lock on ${table} while ${step.doing} (${message}): another session holds it`,
        hint: `see who in pg_locks and pg_stat_activity, or export when it is done (--pg-timeout-ms sets the wait)`,
        noAnswer: false,
      };
    case SQLSTATE.queryCanceled:
      return {
        message: `${step.doing} took longer than ${seconds(bounds.statementMs)} (${message})`,
        hint: 'raise --pg-timeout-ms if the server is only slow',
        noAnswer: false,
      };
    case SQLSTATE.insufficientPrivilege:
      return {
        message: `${message} (while ${step.doing})`,
        hint: step.alter
          ? `${table} was made by an earlier recall-gate with NOT NULL token columns: its owner can run ALTER TABLE ${table} ALTER COLUMN total_tokens DROP NOT NULL, ALTER COLUMN judge_tokens DROP NOT NULL`
          : `the user needs CREATE on the schema (or an existing ${table} table) and INSERT on it`,
        noAnswer: false,
      };
  }
  // node-postgres' own: its read timeout (query_timeout), and a connection that went away.
  if (message === 'Query read timeout') {
    return { message: `the server did not answer within ${seconds(bounds.answerMs)} while ${step.doing}: it stopped answering, or the network dropped the connection`, noAnswer: true };
  }
  if (/Connection terminated|ECONNRESET|EPIPE|not queryable/i.test(message)) {
    return { message: `the connection was lost while ${step.doing}: ${message}`, noAnswer: true };
  }
  return { message: `${message} (while ${step.doing})`, noAnswer: false };
}
