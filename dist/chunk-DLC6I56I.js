import {
  readRun
} from "./chunk-5W2B7B4B.js";
import {
  parseCommandArgs
} from "./chunk-7KN5MXIB.js";
import {
  RecallGateError,
  counted,
  redactUrl,
  registerSecret
} from "./chunk-EMJKK5FL.js";

// src/export/postgresUrl.ts
var URL_FORM = "give postgres://user:password@host:5432/database";
function checkPostgresUrl(url) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new RecallGateError("invalid-input", "the PostgreSQL URL cannot be read as a URL", { hint: URL_FORM });
  }
  registerSecret(parsed.password);
  registerSecret(decodedOr(parsed.password));
  if (parsed.protocol !== "postgres:" && parsed.protocol !== "postgresql:") {
    throw new RecallGateError("invalid-input", `the PostgreSQL URL must start with postgres:// or postgresql://, not ${parsed.protocol}//`, { hint: URL_FORM });
  }
  for (const [part, text, shown] of [
    ["user name", parsed.username, true],
    ["password", parsed.password, false],
    ["database name", parsed.pathname.replace(/^\//, ""), true]
  ]) {
    const bad = badEscape(text);
    if (bad === void 0) continue;
    const which = shown ? `"${bad}" in its ${part}` : `its ${part} (not shown)`;
    throw new RecallGateError("invalid-input", `the PostgreSQL URL ${redactUrl(url)} has a malformed %-escape in ${which}: a % must start an escape of two hex digits (%40 for @)`, {
      hint: `write a % that is part of the ${part} as %25, and @ : / ? # as %40 %3A %2F %3F %23`
    });
  }
  return parsed;
}
function describeDatabase(url) {
  const parsed = new URL(url);
  const host = parsed.hostname || parsed.searchParams.get("host") || "localhost";
  const database = decodedOr(parsed.pathname.replace(/^\//, "")) || decodedOr(parsed.username) || "(the default)";
  return `host ${host}:${parsed.port || "5432"}, database ${database}`;
}
function badEscape(part) {
  try {
    decodeURIComponent(part);
    return void 0;
  } catch {
    return /%(?![0-9a-f]{2})[^%]{0,2}/i.exec(part)?.[0] ?? part.slice(part.indexOf("%"), part.indexOf("%") + 3);
  }
}
function decodedOr(part) {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

// src/export/postgresFailure.ts
var SQLSTATE = {
  lockNotAvailable: "55P03",
  queryCanceled: "57014",
  insufficientPrivilege: "42501"
};
function describeFailure(error, step, bounds) {
  const { code, message } = error instanceof Error ? error : { code: void 0, message: String(error) };
  const seconds = (ms) => `${ms / 1e3} s`;
  const table = step.table ?? "the table";
  switch (code) {
    case SQLSTATE.lockNotAvailable:
      return {
        message: `waited ${seconds(bounds.lockMs)} for a lock on ${table} while ${step.doing} (${message}): another session holds it`,
        hint: `see who in pg_locks and pg_stat_activity, or export when it is done (--pg-timeout-ms sets the wait)`,
        noAnswer: false
      };
    case SQLSTATE.queryCanceled:
      return {
        message: `${step.doing} took longer than ${seconds(bounds.statementMs)} (${message})`,
        hint: "raise --pg-timeout-ms if the server is only slow",
        noAnswer: false
      };
    case SQLSTATE.insufficientPrivilege:
      return {
        message: `${message} (while ${step.doing})`,
        hint: step.alter ? `${table} was made by an earlier recall-gate with NOT NULL token columns: its owner can run ALTER TABLE ${table} ALTER COLUMN total_tokens DROP NOT NULL, ALTER COLUMN judge_tokens DROP NOT NULL` : `the user needs CREATE on the schema (or an existing ${table} table) and INSERT on it`,
        noAnswer: false
      };
  }
  if (message === "Query read timeout") {
    return { message: `the server did not answer within ${seconds(bounds.answerMs)} while ${step.doing}: it stopped answering, or the network dropped the connection`, noAnswer: true };
  }
  if (/Connection terminated|ECONNRESET|EPIPE|not queryable/i.test(message)) {
    return { message: `the connection was lost while ${step.doing}: ${message}`, noAnswer: true };
  }
  return { message: `${message} (while ${step.doing})`, noAnswer: false };
}

// src/export/postgres.ts
var TRIALS_TABLE = "memory_eval_trials";
var POSTGRES_URL_ENV = "RECALL_GATE_POSTGRES_URL";
var CONNECT_TIMEOUT_MS = 1e4;
var DEFAULT_PG_TIMEOUT_MS = 3e4;
var CLIENT_GRACE_MS = 5e3;
var BATCH_ROWS = 500;
var flag = (name) => `${name} integer NOT NULL CHECK (${name} IN (0, 1))`;
var CREATE_TABLE = `CREATE TABLE IF NOT EXISTS ${TRIALS_TABLE} (
  run_id text NOT NULL,
  suite text NOT NULL,
  variant text,
  commit_sha text,
  commit_ref text,
  case_name text NOT NULL,
  ability text NOT NULL,
  repetition integer NOT NULL,
  condition text NOT NULL,
  ${flag("success")},
  ${flag("harmful_recall")},
  ${flag("harmful_action")},
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
var ADD_STAGE_COLUMN = `ALTER TABLE ${TRIALS_TABLE} ADD COLUMN IF NOT EXISTS stage text`;
var HAS_STAGE_COLUMN = `SELECT 1 FROM information_schema.columns WHERE table_name = $1 AND column_name = 'stage' AND table_schema = ANY (current_schemas(false))`;
var COLUMNS = [
  "run_id",
  "suite",
  "variant",
  "commit_sha",
  "commit_ref",
  "case_name",
  "ability",
  "repetition",
  "condition",
  "success",
  "harmful_recall",
  "harmful_action",
  "injected_tokens",
  "total_tokens",
  "judge_tokens",
  "latency_ms",
  "total_cost_usd",
  "error",
  "stage",
  "trial_started_at"
];
function exportRunId(results) {
  return results.run_id ?? `${results.suite.sha256.slice(0, 12)}@${results.started_at}`;
}
function agentTokensKnown(trial) {
  return trial.invocations.length > 0 && trial.invocations.every((invocation) => invocation.usage !== void 0);
}
function trialRows(results, trials) {
  const common = {
    run_id: exportRunId(results),
    suite: results.suite.name,
    variant: results.variant ?? null,
    commit_sha: results.commit?.sha ?? null,
    commit_ref: results.commit?.ref ?? null
  };
  return trials.map((trial) => {
    return {
      ...common,
      case_name: trial.case,
      ability: trial.ability,
      repetition: trial.repeat,
      condition: trial.condition,
      success: trial.status === "pass" ? 1 : 0,
      harmful_recall: trial.harmful_recall ? 1 : 0,
      harmful_action: trial.harmful_action ? 1 : 0,
      injected_tokens: typeof trial.tokens.injected === "number" ? Math.round(trial.tokens.injected) : null,
      total_tokens: agentTokensKnown(trial) ? trial.tokens.input + trial.tokens.output : null,
      judge_tokens: trial.judge_usage_warning ? null : trial.tokens.judge_input + trial.tokens.judge_output,
      latency_ms: Math.round(trial.duration_ms),
      total_cost_usd: trial.cost_usd,
      error: trial.status === "error" ? trial.reason : null,
      stage: trial.stage ?? null,
      trial_started_at: trial.started_at
    };
  });
}
async function exportTrialRows(url, rows, options = {}) {
  checkPostgresUrl(url);
  const timeoutMs = options.timeoutMs ?? DEFAULT_PG_TIMEOUT_MS;
  const where = describeDatabase(url);
  const { default: pg } = await import("./chunk-CUUQUPST.js");
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: Math.min(CONNECT_TIMEOUT_MS, timeoutMs),
    lock_timeout: timeoutMs,
    statement_timeout: 2 * timeoutMs,
    query_timeout: 2 * timeoutMs + CLIENT_GRACE_MS,
    application_name: "recall-gate export"
  });
  client.on("error", () => void 0);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => void 0);
    throw new RecallGateError("incomplete", `cannot connect to PostgreSQL at ${where}: ${connectProblem(error, Math.min(CONNECT_TIMEOUT_MS, timeoutMs))}`, {
      hint: "check the URL (--postgres or RECALL_GATE_POSTGRES_URL), that the server runs and accepts this user; the results on disk are unchanged",
      cause: error
    });
  }
  let step = { doing: "starting a transaction" };
  const run = (next, sql, values) => {
    step = next;
    return client.query(sql, values);
  };
  try {
    await run({ doing: "starting a transaction" }, "BEGIN");
    await run({ doing: `creating the ${TRIALS_TABLE} table`, table: TRIALS_TABLE }, CREATE_TABLE);
    await allowUnknownTokens((sql) => run({ doing: `letting ${TRIALS_TABLE}'s token columns hold NULL (unknown)`, table: TRIALS_TABLE, alter: true }, sql));
    const stage = await run({ doing: `checking ${TRIALS_TABLE} for its stage column`, table: TRIALS_TABLE }, HAS_STAGE_COLUMN, [TRIALS_TABLE]);
    if (!stage.rowCount) await run({ doing: `adding the stage column to ${TRIALS_TABLE}`, table: TRIALS_TABLE, alter: true }, ADD_STAGE_COLUMN);
    let inserted = 0;
    for (let start = 0; start < rows.length; start += BATCH_ROWS) {
      const batch = rows.slice(start, start + BATCH_ROWS);
      const doing = `inserting rows ${start + 1}-${start + batch.length} of ${rows.length} into ${TRIALS_TABLE}`;
      const result = await run({ doing, table: TRIALS_TABLE }, insertStatement(batch.length), batch.flatMap((row) => COLUMNS.map((column) => storable(row[column]))));
      inserted += result.rowCount ?? 0;
    }
    await run({ doing: "committing" }, "COMMIT");
    return { inserted, already: rows.length - inserted };
  } catch (error) {
    const failure = describeFailure(error, step, { lockMs: timeoutMs, statementMs: 2 * timeoutMs, answerMs: 2 * timeoutMs + CLIENT_GRACE_MS });
    if (!failure.noAnswer) await client.query("ROLLBACK").catch(() => void 0);
    throw new RecallGateError("incomplete", `exporting to PostgreSQL at ${where} failed, nothing was written: ${failure.message}`, {
      hint: `${failure.hint ? `${failure.hint}; ` : ""}the results on disk are unchanged`,
      cause: error
    });
  } finally {
    await endWithin(client, 2e3);
  }
}
async function allowUnknownTokens(query) {
  const found = await query(
    `SELECT column_name FROM information_schema.columns WHERE table_name = '${TRIALS_TABLE}' AND table_schema = current_schema() AND column_name IN ('total_tokens', 'judge_tokens') AND is_nullable = 'NO'`
  );
  for (const { column_name: column } of found.rows) await query(`ALTER TABLE ${TRIALS_TABLE} ALTER COLUMN ${column} DROP NOT NULL`);
}
async function endWithin(client, ms) {
  let timer;
  const ended = await Promise.race([client.end().then(() => true, () => true), new Promise((resolve) => timer = setTimeout(() => resolve(false), ms))]);
  clearTimeout(timer);
  if (!ended) client.connection.stream.destroy();
}
function storable(value) {
  if (typeof value !== "string") return value;
  return value.replaceAll("\0", "\\u0000").replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}
function insertStatement(count) {
  const values = Array.from({ length: count }, (_, row) => `(${COLUMNS.map((_column, index) => `$${row * COLUMNS.length + index + 1}`).join(", ")})`);
  return `INSERT INTO ${TRIALS_TABLE} (${COLUMNS.join(", ")}) VALUES ${values.join(", ")} ON CONFLICT (run_id, case_name, condition, repetition) DO NOTHING`;
}
function connectProblem(error, timeoutMs) {
  const code = error?.code;
  if (code === "ECONNREFUSED") return "the connection was refused (is the server running, on that port?)";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "the host name does not resolve";
  const message = error?.message ?? String(error);
  if (/timeout/i.test(message)) return `no answer within ${timeoutMs / 1e3} s`;
  return message;
}

// src/cli/export.ts
var EXPORT_USAGE = `recall-gate export <results-dir> [--postgres URL] [--pg-timeout-ms N]   (URL default: $${POSTGRES_URL_ENV}; N default: ${DEFAULT_PG_TIMEOUT_MS})`;
async function exportCommand(argv, io) {
  const { values, positionals } = parseCommandArgs(argv, { postgres: { type: "string" }, "pg-timeout-ms": { type: "string" } }, EXPORT_USAGE);
  if (positionals.length !== 1) throw new RecallGateError("invalid-input", "export takes one results folder", { hint: `usage: ${EXPORT_USAGE}` });
  const url = postgresUrl(values.postgres, io.env);
  if (url === void 0) {
    throw new RecallGateError("invalid-input", `export needs a database: give --postgres URL or set ${POSTGRES_URL_ENV}`, { hint: `usage: ${EXPORT_USAGE}` });
  }
  const timeoutMs = pgTimeout(values["pg-timeout-ms"], EXPORT_USAGE);
  const { results, trials } = readRun(positionals[0], io.cwd);
  await exportRun(results, trials, url, io, { timeoutMs });
  return 0;
}
function pgTimeout(text, usage) {
  if (text === void 0) return DEFAULT_PG_TIMEOUT_MS;
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < 1) {
    throw new RecallGateError("invalid-input", `--pg-timeout-ms must be a whole number of milliseconds from 1, got ${JSON.stringify(text)}`, { hint: `usage: ${usage}` });
  }
  return value;
}
function postgresUrl(flag2, env) {
  const url = flag2 ?? (env[POSTGRES_URL_ENV] || void 0);
  if (url !== void 0) checkPostgresUrl(url);
  return url;
}
async function exportRun(results, trials, url, io, options = {}) {
  const rows = trialRows(results, trials);
  const counts = await exportTrialRows(url, rows, options);
  const unfinished = results.status === "complete" ? "" : ` (the run is ${results.status}: its finished trials only)`;
  io.stdout(
    `exported run ${exportRunId(results)} to ${TRIALS_TABLE} at ${describeDatabase(url)}: ${counted(counts.inserted, "row", "rows")} inserted, ${counts.already} already there${unfinished}
`
  );
}

export {
  EXPORT_USAGE,
  exportCommand,
  pgTimeout,
  postgresUrl,
  exportRun
};
