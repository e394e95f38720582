import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);
import {
  runExitCode,
  runReportText
} from "./chunk-Z4UL7PRO.js";
import {
  parseCommandArgs
} from "./chunk-DIHVT3DJ.js";
import {
  renderReports
} from "./chunk-TE4HDTF3.js";
import {
  evaluateGateOnSplit
} from "./chunk-QBVBLCND.js";
import {
  aggregateE2e
} from "./chunk-BFPGPSHM.js";
import "./chunk-GTWEPQVV.js";
import "./chunk-TBSQEVLC.js";
import {
  openResultsDir,
  prepareResultsDir,
  readRun,
  writeMissingQueryRows,
  writeReportCopy,
  writeReports,
  writeResults,
  writeTrials
} from "./chunk-NYFAEPEK.js";
import {
  loadSuite,
  selectSplit,
  splitRecord
} from "./chunk-K6VZR2NC.js";
import "./chunk-QSKGXWJJ.js";
import "./chunk-NI6BJS64.js";
import "./chunk-LDP2W6O4.js";
import "./chunk-577TJEVP.js";
import "./chunk-VJRCCO5W.js";
import {
  RecallGateError
} from "./chunk-3RIHGXMT.js";
import "./chunk-HEOMDJCN.js";
import "./chunk-MGLPQDLB.js";

// src/cli/merge.ts
import { resolve } from "node:path";
var MERGE_USAGE = "recall-gate merge --out DIR <shard-dir> <shard-dir>... [--suite suite.yaml] [--junit FILE]";
async function mergeCommand(argv, io) {
  const { values, positionals } = parseCommandArgs(argv, { out: { type: "string" }, suite: { type: "string" }, junit: { type: "string" } }, MERGE_USAGE);
  if (!values.out || positionals.length === 0) throw new RecallGateError("invalid-input", "merge needs --out and at least one shard folder", { hint: `usage: ${MERGE_USAGE}` });
  const shards = positionals.map((dir) => ({ dir, ...readRun(dir, io.cwd) }));
  const first = shards[0].results;
  for (const shard of shards) {
    if (shard.results.suite.sha256 !== first.suite.sha256) {
      throw new RecallGateError("invalid-input", `${shard.dir} ran another version of the suite than ${shards[0].dir}`, { hint: "merge shards of one commit only" });
    }
  }
  const variants = new Set(shards.map((shard) => shard.results.variant ?? "(none)"));
  if (variants.size !== 1) throw new RecallGateError("invalid-input", `the shards ran different variants (${[...variants].join(", ")})`, { hint: "merge the shards of one variant at a time" });
  const counts = new Set(shards.map((shard) => shard.results.shard?.count ?? 1));
  const indexes = shards.map((shard) => shard.results.shard?.index ?? 1);
  const count = [...counts][0];
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !indexes.includes(index));
  if (counts.size !== 1 || new Set(indexes).size !== indexes.length) {
    throw new RecallGateError("invalid-input", `the folders are not distinct shards of one matrix (shards ${indexes.join(", ")} of ${[...counts].join("/")})`);
  }
  const splits = new Set(shards.map((shard) => shard.results.split?.run ?? "all"));
  if (splits.size !== 1) throw new RecallGateError("invalid-input", `the shards ran different splits (${[...splits].join(", ")})`, { hint: "merge shards run with the same --split" });
  const suite = selectSplit(loadSuite(values.suite ?? first.suite.file, io.cwd), [...splits][0]);
  const withRetrieval = shards.find((shard) => shard.results.retrieval);
  const trials = shards.flatMap((shard) => shard.trials);
  const merged = {
    ...first,
    started_at: shards.map((shard) => shard.results.started_at).sort()[0],
    finished_at: shards.map((shard) => shard.results.finished_at ?? "").sort().at(-1),
    layers: {
      retrieval: withRetrieval ? "ran" : first.layers.retrieval === "skipped" ? "skipped" : suite.retrieval ? "skipped" : "absent",
      e2e: shards.some((shard) => shard.results.layers.e2e === "ran") ? "ran" : first.layers.e2e
    },
    errors: shards.flatMap((shard) => shard.results.errors),
    // Each shard hashed its own held-out cases; the merged run holds them all.
    split: splitRecord(suite, [...splits][0]),
    retrieval: withRetrieval?.results.retrieval,
    e2e: void 0
  };
  delete merged.shard;
  for (const shard of shards) {
    if (shard.results.status !== "complete" && shard.results.errors.length === 0) merged.errors.push(`merge: ${shard.dir} did not finish (status ${shard.results.status})`);
  }
  if (missing.length > 0) merged.errors.push(`merge: shard(s) ${missing.join(", ")} of ${count} missing`);
  if (suite.e2e && merged.layers.e2e === "ran") {
    merged.e2e = { target: first.e2e?.target ?? { kind: suite.e2e.target.kind }, ...aggregateE2e(trials, suite.e2e.cases, suite.e2e.conditions, suite.e2e.repeat) };
    if (merged.e2e.missing > 0 && missing.length === 0) merged.errors.push(`merge: ${merged.e2e.missing} planned trial(s) have no record in any shard`);
  }
  merged.status = merged.errors.length > 0 ? "incomplete" : "complete";
  const out = resolve(io.cwd, values.out);
  const folder = openResultsDir(out, "merge");
  let verdict;
  try {
    prepareResultsDir(out);
    writeTrials(out, trials);
    writeMissingQueryRows(out, merged.retrieval);
    writeResults(out, merged, suite.retrieval?.queries ?? []);
    verdict = suite.gate ? evaluateGateOnSplit(suite.gate, suite, { results: merged, trials }) : void 0;
    const reports = renderReports({ results: merged, trials, verdict });
    writeReports(out, reports);
    if (values.junit !== void 0) writeReportCopy(resolve(io.cwd, values.junit), reports.junit, "--junit");
  } finally {
    folder.release();
  }
  io.stdout(`${[`merged ${shards.length} shard(s) of ${count} into ${values.out}`, ...runReportText(merged, trials, verdict)].join("\n")}
`);
  return runExitCode(merged, verdict, io.stderr, "merged run");
}
export {
  MERGE_USAGE,
  mergeCommand
};
