import {
  writeAtomic
} from "./chunk-5W2B7B4B.js";
import {
  writeNamedOutput
} from "./chunk-VNPJWP4Q.js";
import {
  UnreadableInput,
  readInputFile
} from "./chunk-GAJOKOFC.js";
import {
  RecallGateError,
  counted,
  fileSystemError,
  invalidInput
} from "./chunk-EMJKK5FL.js";

// src/history/ranges.ts
var RANGES = [
  { name: /^(group_)?((recall|recall_all|precision|success|ndcg)@\d+|mrr)$/, min: 0, max: 1, kind: "a retrieval metric" },
  { name: /^(pass_rate|pass\^k|pass@k|[a-z_]+_rate|evidence_coverage|recall_precision)$/, min: 0, max: 1, kind: "a rate" },
  { name: /^(errors|leaks|cross_user_hits|unknown_ids|injected_tokens)$/, min: 0, kind: "a count" },
  { name: /^([a-z_]+_)?(latency_ms|cost_usd)$|^cost_per_success$/, min: 0, kind: "a latency or cost" }
];
function outOfRange(metric, value) {
  const name = metric.slice(metric.lastIndexOf(".") + 1);
  const range = RANGES.find((candidate) => candidate.name.test(name));
  if (!range) return void 0;
  if (value >= range.min && (range.max === void 0 || value <= range.max)) return void 0;
  const bounds = range.max === void 0 ? `at least ${range.min}` : `[${range.min}, ${range.max}]`;
  return `${metric} is ${value}, outside ${bounds}, the range of ${range.kind}`;
}
function metricsOutOfRange(metrics) {
  return Object.entries(metrics).flatMap(([metric, value]) => outOfRange(metric, value) ?? []);
}

// src/history/file.ts
const { lstatSync, statSync } = globalThis.process.getBuiltinModule("node:fs");
var HISTORY_LIMIT = 200;
var isText = (value) => typeof value === "string";
var isOptionalText = (value) => value === void 0 || isText(value);
function historyLineOf(value) {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return "not a JSON object";
  const line = value;
  if (line.schema !== 1) return line.schema === void 0 ? 'no "schema": not a history line' : `schema ${JSON.stringify(line.schema)} is not 1 (written by another version of recall-gate?)`;
  if (!isText(line.suite)) return '"suite" is not text';
  if (!isText(line.date) || Number.isNaN(Date.parse(line.date))) return '"date" is not a date';
  if (line.status !== "complete" && line.status !== "incomplete") return '"status" is neither complete nor incomplete';
  if (!["variant", "commit", "ref", "run_id"].every((name) => isOptionalText(line[name]))) return "variant, commit, ref or run_id is not text";
  const metrics = line.metrics;
  if (metrics === null || typeof metrics !== "object" || Array.isArray(metrics)) return '"metrics" is not an object';
  if (!Object.values(metrics).every((figure) => typeof figure === "number" && Number.isFinite(figure))) return "a metric is not a number";
  return line;
}
function parseHistory(text, file) {
  const lines = [];
  const skipped = [];
  const outside = [];
  text.split("\n").forEach((raw, index) => {
    if (raw.trim() === "") return;
    let parsed;
    try {
      parsed = JSON.parse(raw);
    } catch {
      skipped.push({ line: index + 1, reason: "not JSON (a torn or hand-edited line?)" });
      return;
    }
    const line = historyLineOf(parsed);
    if (typeof line === "string") {
      skipped.push({ line: index + 1, reason: line });
      return;
    }
    for (const reason of metricsOutOfRange(line.metrics)) outside.push({ where: { file, line: index + 1, col: 1 }, message: reason, hint: "the line was edited or damaged: correct or delete it" });
    lines.push(line);
  });
  if (outside.length > 0) throw invalidInput(outside, `${file}: ${counted(outside.length, "value", "values")} outside their metric's range, so the history was not used`);
  if (lines.length === 0 && skipped.length > 0) {
    const first = skipped[0];
    throw new RecallGateError("invalid-input", `${file} is not a recall-gate history`, {
      problems: [{ where: { file, line: first.line, col: 1 }, message: `${first.reason}; no line of the file is a history line`, hint: "give a history.jsonl written by recall-gate history --out or by the Action" }]
    });
  }
  return { lines, skipped };
}
function readHistoryFile(path, displayPath = path) {
  if (!pathExists(path)) return { lines: [], skipped: [], missing: true };
  if (isFolder(path)) throw new RecallGateError("invalid-input", `cannot read the history ${displayPath}: it is a folder, not a file (EISDIR)`, { hint: "give the path of a file" });
  let text;
  try {
    text = readInputFile(path);
  } catch (error) {
    if (!(error instanceof UnreadableInput)) throw error;
    throw new RecallGateError("invalid-input", `cannot read the history ${displayPath}: ${error.message}`, { hint: error.hint ?? "give a history.jsonl written by recall-gate history --out or by the Action" });
  }
  return { ...parseHistory(text, displayPath), missing: false };
}
function isFolder(path) {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
function pathExists(path) {
  try {
    lstatSync(path);
    return true;
  } catch (error) {
    if (error.code === "ENOENT") return false;
    throw fileSystemError(error, `read the history ${path}`);
  }
}
var time = (line) => Date.parse(line.date);
function boundHistory(lines) {
  return [...lines].sort((a, b) => time(a) - time(b)).slice(-HISTORY_LIMIT);
}
function sameRun(a, b) {
  if (a.run_id !== void 0 && a.run_id === b.run_id) return true;
  return a.commit !== void 0 && a.commit === b.commit && a.suite === b.suite && a.variant === b.variant;
}
function appendHistory(lines, ...added) {
  let kept = [...lines];
  for (const line of added) kept = [...kept.filter((earlier) => !sameRun(earlier, line)), line];
  return boundHistory(kept);
}
function writeHistory(path, lines, option) {
  const text = lines.map((line) => `${JSON.stringify(line)}
`).join("");
  if (option === void 0) writeAtomic(path, text);
  else writeNamedOutput(path, text, option);
}

// src/history/headline.ts
var RETRIEVAL_HEADLINE = /^(recall@|mrr$|ndcg@)/;
function headlineMetrics(results) {
  const metrics = {};
  for (const provider of Object.values(results.retrieval?.providers ?? {})) {
    for (const [name, value] of Object.entries(provider.metrics ?? {})) if (RETRIEVAL_HEADLINE.test(name)) metrics[`retrieval.${provider.name}.${name}`] = value;
  }
  const e2e = results.e2e;
  if (e2e) {
    metrics["e2e.pass_rate"] = e2e.metrics.pass_rate;
    metrics["e2e.pass^k"] = e2e.metrics["pass^k"];
    metrics["e2e.errors"] = e2e.metrics.errors;
    for (const [ability, result] of Object.entries(e2e.abilities)) {
      const rates = result.conditions[e2e.headline_condition];
      if (rates) metrics[`e2e.ability.${ability}.pass_rate`] = rates.pass_rate;
    }
    if (typeof e2e.cost_usd === "number") metrics["e2e.cost_usd"] = e2e.cost_usd;
  }
  return metrics;
}
function historyLine(results) {
  const git = results.provenance?.git;
  const commit = results.commit?.sha ?? (git && /^[0-9a-f]{40}$/.test(git.commit) && git.dirty === false ? git.commit : void 0);
  return {
    schema: 1,
    suite: results.suite.name,
    ...results.variant !== void 0 ? { variant: results.variant } : {},
    ...commit ? { commit } : {},
    ...results.commit?.ref ? { ref: results.commit.ref } : {},
    date: results.finished_at ?? results.started_at,
    ...results.run_id ? { run_id: results.run_id } : {},
    status: results.status === "complete" ? "complete" : "incomplete",
    metrics: headlineMetrics(results)
  };
}

export {
  metricsOutOfRange,
  HISTORY_LIMIT,
  readHistoryFile,
  boundHistory,
  sameRun,
  appendHistory,
  writeHistory,
  headlineMetrics,
  historyLine
};
