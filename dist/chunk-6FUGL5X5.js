import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);
import {
  parseCommandArgs
} from "./chunk-DIHVT3DJ.js";
import {
  readRun
} from "./chunk-SBPOK5LN.js";
import {
  RecallGateError,
  registerSecret
} from "./chunk-3RIHGXMT.js";

// src/export/postgres.ts
var TRIALS_TABLE = "memory_eval_trials";
var POSTGRES_URL_ENV = "RECALL_GATE_POSTGRES_URL";
var CONNECT_TIMEOUT_MS = 1e4;
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
  total_tokens integer NOT NULL,
  judge_tokens integer NOT NULL,
  latency_ms integer NOT NULL,
  total_cost_usd numeric,
  error text,
  trial_started_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (run_id, case_name, condition, repetition)
)`;
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
  "trial_started_at"
];
function exportRunId(results) {
  return results.run_id ?? `${results.suite.sha256.slice(0, 12)}@${results.started_at}`;
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
      total_tokens: trial.tokens.input + trial.tokens.output,
      judge_tokens: trial.tokens.judge_input + trial.tokens.judge_output,
      latency_ms: Math.round(trial.duration_ms),
      total_cost_usd: trial.cost_usd,
      error: trial.status === "error" ? trial.reason : null,
      trial_started_at: trial.started_at
    };
  });
}
function describeDatabase(url) {
  const parsed = new URL(url);
  const host = parsed.hostname || parsed.searchParams.get("host") || "localhost";
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, "")) || decodeURIComponent(parsed.username) || "(the default)";
  return `host ${host}:${parsed.port || "5432"}, database ${database}`;
}
function checkPostgresUrl(url) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new RecallGateError("invalid-input", "the PostgreSQL URL cannot be read as a URL", { hint: "give postgres://user:password@host:5432/database" });
  }
  registerSecret(decodedPassword(parsed));
  if (parsed.protocol !== "postgres:" && parsed.protocol !== "postgresql:") {
    throw new RecallGateError("invalid-input", `the PostgreSQL URL must start with postgres:// or postgresql://, not ${parsed.protocol}//`, { hint: "give postgres://user:password@host:5432/database" });
  }
}
function decodedPassword(parsed) {
  try {
    return decodeURIComponent(parsed.password);
  } catch {
    return parsed.password;
  }
}
async function exportTrialRows(url, rows) {
  checkPostgresUrl(url);
  const where = describeDatabase(url);
  const { default: pg } = await import("./chunk-GISVQ65W.js");
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on("error", () => void 0);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => void 0);
    throw new RecallGateError("incomplete", `cannot connect to PostgreSQL at ${where}: ${connectProblem(error)}`, {
      hint: "check the URL (--postgres or RECALL_GATE_POSTGRES_URL), that the server runs and accepts this user; the results on disk are unchanged",
      cause: error
    });
  }
  try {
    await client.query("BEGIN");
    await client.query(CREATE_TABLE);
    let inserted = 0;
    for (let start = 0; start < rows.length; start += BATCH_ROWS) {
      const batch = rows.slice(start, start + BATCH_ROWS);
      const result = await client.query(insertStatement(batch.length), batch.flatMap((row) => COLUMNS.map((column) => row[column])));
      inserted += result.rowCount ?? 0;
    }
    await client.query("COMMIT");
    return { inserted, already: rows.length - inserted };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => void 0);
    throw new RecallGateError("incomplete", `exporting to PostgreSQL at ${where} failed, nothing was written: ${error.message}`, {
      hint: `the user needs CREATE on the schema (or an existing ${TRIALS_TABLE} table) and INSERT on it; the results on disk are unchanged`,
      cause: error
    });
  } finally {
    await client.end().catch(() => void 0);
  }
}
function insertStatement(count) {
  const values = Array.from({ length: count }, (_, row) => `(${COLUMNS.map((_column, index) => `$${row * COLUMNS.length + index + 1}`).join(", ")})`);
  return `INSERT INTO ${TRIALS_TABLE} (${COLUMNS.join(", ")}) VALUES ${values.join(", ")} ON CONFLICT (run_id, case_name, condition, repetition) DO NOTHING`;
}
function connectProblem(error) {
  const code = error?.code;
  if (code === "ECONNREFUSED") return "the connection was refused (is the server running, on that port?)";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "the host name does not resolve";
  const message = error?.message ?? String(error);
  if (/timeout/i.test(message)) return `no answer within ${CONNECT_TIMEOUT_MS / 1e3} s`;
  return message;
}

// src/cli/export.ts
var EXPORT_USAGE = `recall-gate export <results-dir> [--postgres URL]   (URL default: $${POSTGRES_URL_ENV})`;
async function exportCommand(argv, io) {
  const { values, positionals } = parseCommandArgs(argv, { postgres: { type: "string" } }, EXPORT_USAGE);
  if (positionals.length !== 1) throw new RecallGateError("invalid-input", "export takes one results folder", { hint: `usage: ${EXPORT_USAGE}` });
  const url = postgresUrl(values.postgres, io.env);
  if (url === void 0) {
    throw new RecallGateError("invalid-input", `export needs a database: give --postgres URL or set ${POSTGRES_URL_ENV}`, { hint: `usage: ${EXPORT_USAGE}` });
  }
  const { results, trials } = readRun(positionals[0], io.cwd);
  await exportRun(results, trials, url, io);
  return 0;
}
function postgresUrl(flag2, env) {
  const url = flag2 ?? (env[POSTGRES_URL_ENV] || void 0);
  if (url !== void 0) checkPostgresUrl(url);
  return url;
}
async function exportRun(results, trials, url, io) {
  const rows = trialRows(results, trials);
  const counts = await exportTrialRows(url, rows);
  const unfinished = results.status === "complete" ? "" : ` (the run is ${results.status}: its finished trials only)`;
  io.stdout(
    `exported run ${exportRunId(results)} to ${TRIALS_TABLE} at ${describeDatabase(url)}: ${counts.inserted} row${counts.inserted === 1 ? "" : "s"} inserted, ${counts.already} already there${unfinished}
`
  );
}

export {
  EXPORT_USAGE,
  exportCommand,
  postgresUrl,
  exportRun
};
