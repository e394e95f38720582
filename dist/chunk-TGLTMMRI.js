import {
  shardSuite
} from "./chunk-65SWZLGK.js";
import {
  runExitCode,
  runReportText
} from "./chunk-KFO4DDIN.js";
import {
  mergedProvenance,
  suiteHash
} from "./chunk-BSPJRT4T.js";
import "./chunk-K74Z2SOT.js";
import {
  evaluateGateOnSplit
} from "./chunk-SHAWTSNU.js";
import {
  aggregateE2e
} from "./chunk-S3MMN5FA.js";
import "./chunk-NCBIAXOJ.js";
import "./chunk-PO5OI7KK.js";
import "./chunk-WLRKQV7K.js";
import {
  openResultsDir,
  prepareResultsDir,
  readRun,
  writeMissingQueryRows,
  writeReportCopy,
  writeReports,
  writeResults,
  writeTrials
} from "./chunk-5W2B7B4B.js";
import "./chunk-EIY3OQNG.js";
import {
  applyVariant,
  loadSuite,
  mergedBudget
} from "./chunk-R5GTYCVU.js";
import {
  outputTarget
} from "./chunk-VNPJWP4Q.js";
import "./chunk-UFOI2WKZ.js";
import {
  parseCommandArgs
} from "./chunk-7KN5MXIB.js";
import {
  renderReports
} from "./chunk-MA5MW56W.js";
import "./chunk-PUL2VOMR.js";
import "./chunk-TPOFKJY2.js";
import "./chunk-V53RKN5T.js";
import "./chunk-NAOT7ORW.js";
import {
  selectSplit,
  splitRecord,
  trialKey
} from "./chunk-FB442OMY.js";
import "./chunk-6YEWKYUG.js";
import "./chunk-7J7WLCBV.js";
import "./chunk-IDDU4GRI.js";
import "./chunk-GAJOKOFC.js";
import {
  plainText
} from "./chunk-VVMQOGTA.js";
import {
  RecallGateError,
  counted
} from "./chunk-EMJKK5FL.js";
import "./chunk-RM5I36S2.js";
import "./chunk-7G673M5I.js";
import "./chunk-DMMU4MAP.js";

// src/cli/merge.ts
const { resolve } = globalThis.process.getBuiltinModule("node:path");

// src/cli/shardChecks.ts
var shortHash = (sha) => sha.slice(0, 12);
function checkShardsAgree(shards) {
  const [first] = shards;
  if (!first) return;
  for (const shard of shards) {
    if (shard.results.tool?.version !== first.results.tool?.version) {
      throw new RecallGateError(
        "invalid-input",
        `${shard.dir} was written by recall-gate ${String(shard.results.tool?.version)}, ${first.dir} by recall-gate ${String(first.results.tool?.version)}: shards of different versions do not merge`,
        { hint: "run every shard of the matrix with one recall-gate version (pin it), then merge" }
      );
    }
    if (shard.results.suite.sha256 !== first.results.suite.sha256) {
      throw new RecallGateError(
        "invalid-input",
        `${shard.dir} ran another version of the suite than ${first.dir} (suite sha256 ${shortHash(shard.results.suite.sha256)}... against ${shortHash(first.results.suite.sha256)}...)`,
        { hint: "merge shards of one commit only" }
      );
    }
  }
}
function checkSuiteIsTheShards(suite, shards) {
  const first = shards[0];
  if (!first) return;
  const variant = first.results.variant;
  const ran = variant !== void 0 && (suite.variants ?? []).some((candidate) => candidate.name === variant) ? applyVariant(suite, variant) : suite;
  const hash = suiteHash(ran.files);
  if (hash !== first.results.suite.sha256) {
    throw new RecallGateError(
      "invalid-input",
      `${suite.displayPath} is not the suite the shards ran (sha256 ${shortHash(hash)}... against ${shortHash(first.results.suite.sha256)}... in ${first.dir}): their plans cannot be told from it`,
      { hint: "merge with the suite files of the commit the shards ran (--suite)" }
    );
  }
}
function plannedTrialKeys(suite) {
  const keys = /* @__PURE__ */ new Set();
  for (const spec of suite.e2e?.cases ?? []) {
    for (const condition of suite.e2e.conditions) for (let repeat = 1; repeat <= suite.e2e.repeat; repeat++) keys.add(trialKey(spec.name, condition, repeat));
  }
  return keys;
}
function planOf(suite, results) {
  const shard = results.shard ?? { index: 1, count: 1 };
  const planned = shardSuite(selectSplit(suite, results.split?.run ?? "all"), shard);
  return {
    trials: results.layers.e2e === "ran" ? plannedTrialKeys(planned) : /* @__PURE__ */ new Set(),
    ...results.layers.retrieval === "ran" && planned.retrieval ? { retrieval: planned.retrieval } : {},
    shard: `shard ${shard.index}/${shard.count}`
  };
}
var RERUN = (results) => `run that shard again (run --shard ${results.shard ? `${results.shard.index}/${results.shard.count}` : "..."} --out <its folder>) instead of editing or copying results between folders`;
function checkShardPlans(suite, shards) {
  const holder = /* @__PURE__ */ new Map();
  for (const { dir, trials } of shards) {
    for (const trial of trials) {
      const earlier = holder.get(trial.key);
      if (earlier !== void 0) {
        throw new RecallGateError("invalid-input", `trial ${trial.key} is in two shards: ${earlier} and ${dir}`, { hint: "each trial belongs to one shard; merge the folders of one job matrix, each once" });
      }
      holder.set(trial.key, dir);
    }
  }
  for (const { dir, results, trials } of shards) {
    const plan = planOf(suite, results);
    const foreign = trials.find((trial) => !plan.trials.has(trial.key));
    if (foreign) {
      throw new RecallGateError("invalid-input", `${dir} holds trial ${foreign.key}, which is not in its plan (${plan.shard} of ${suite.displayPath})`, { hint: RERUN(results) });
    }
    if (results.status === "complete") {
      const recorded = new Set(trials.map((trial) => trial.key));
      const missing = [...plan.trials].find((key) => !recorded.has(key));
      if (missing !== void 0) {
        throw new RecallGateError("invalid-input", `${dir} says it is complete but has no record of its planned trial ${missing} (${plan.shard})`, { hint: RERUN(results) });
      }
    }
    checkRetrievalPlan(dir, results, plan.retrieval, plan.shard);
  }
}
function checkRetrievalPlan(dir, results, planned, shard) {
  const retrieval = results.retrieval;
  if (!retrieval) return;
  if (!planned) {
    throw new RecallGateError("invalid-input", `${dir} holds retrieval results, which are not in its plan (${shard}: the retrieval layer runs in shard 1 only)`, { hint: RERUN(results) });
  }
  const providers = new Set(planned.providers.map((provider) => provider.name));
  const queries = new Set(planned.queries.map((query) => query.id));
  for (const provider of Object.values(retrieval.providers)) {
    if (!providers.has(provider.name)) {
      throw new RecallGateError("invalid-input", `${dir} holds retrieval results of provider ${provider.name}, which the suite does not have (${shard})`, { hint: RERUN(results) });
    }
    const seen = /* @__PURE__ */ new Set();
    for (const row of provider.queries) {
      if (!queries.has(row.id)) throw new RecallGateError("invalid-input", `${dir} holds a row of query ${row.id} for provider ${provider.name}, which is not in its plan (${shard})`, { hint: RERUN(results) });
      if (seen.has(row.id)) throw new RecallGateError("invalid-input", `${dir} holds query ${row.id} twice for provider ${provider.name}`, { hint: RERUN(results) });
      seen.add(row.id);
    }
    if (results.status === "complete" && provider.status === "ok") {
      const missing = [...queries].find((id) => !seen.has(id));
      if (missing !== void 0) {
        throw new RecallGateError("invalid-input", `${dir} says provider ${provider.name} finished but has no row of its planned query ${missing} (${shard})`, { hint: RERUN(results) });
      }
    }
  }
}

// src/cli/merge.ts
var MERGE_USAGE = "recall-gate merge --out DIR <shard-dir> <shard-dir>... [--suite suite.yaml] [--junit FILE]";
async function mergeCommand(argv, io) {
  const { values, positionals } = parseCommandArgs(argv, { out: { type: "string" }, suite: { type: "string" }, junit: { type: "string" } }, MERGE_USAGE);
  if (!values.out || positionals.length === 0) throw new RecallGateError("invalid-input", "merge needs --out and at least one shard folder", { hint: `usage: ${MERGE_USAGE}` });
  const junitCopy = values.junit === void 0 ? void 0 : resolve(io.cwd, values.junit);
  if (junitCopy) outputTarget(junitCopy, "--junit");
  const shards = positionals.map((dir) => ({ dir, ...readRun(dir, io.cwd) }));
  const first = shards[0].results;
  checkShardsAgree(shards);
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
  const whole = loadSuite(values.suite ?? first.suite.file, io.cwd);
  checkSuiteIsTheShards(whole, shards);
  checkShardPlans(whole, shards);
  const suite = selectSplit(whole, [...splits][0]);
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
    e2e: void 0,
    // A shard's changes against a baseline are that shard's; the merged run had no baseline.
    changes: void 0
  };
  const provenance = mergedProvenance(shards.map((shard) => shard.results.provenance));
  if (provenance) merged.provenance = provenance;
  delete merged.shard;
  for (const shard of shards) {
    if (shard.results.status !== "complete" && shard.results.errors.length === 0) merged.errors.push(`merge: ${shard.dir} did not finish (status ${shard.results.status})`);
  }
  if (missing.length > 0) {
    const split = [...splits][0] === "all" ? "" : ` --split ${[...splits][0]}`;
    const runs = missing.map((index) => `run --shard ${index}/${count}${split}`).join(", ");
    merged.errors.push(`merge: ${missing.length === 1 ? "shard" : "shards"} ${missing.join(", ")} of ${count} ${missing.length === 1 ? "is" : "are"} missing (${runs}, then merge every shard's folder together)`);
  }
  if (suite.e2e && merged.layers.e2e === "ran") {
    merged.e2e = { target: first.e2e?.target ?? { kind: suite.e2e.target.kind }, ...aggregateE2e(trials, suite.e2e.cases, suite.e2e.conditions, suite.e2e.repeat) };
    const budget = mergedBudget(shards.map((shard) => shard.results.e2e?.budget));
    if (budget) merged.e2e.budget = budget;
    if (merged.e2e.missing > 0 && missing.length === 0) merged.errors.push(`merge: ${counted(merged.e2e.missing, "planned trial has", "planned trials have")} no record in any shard`);
  }
  merged.status = merged.errors.length > 0 ? "incomplete" : "complete";
  const out = resolve(io.cwd, values.out);
  const folder = openResultsDir(out, "merge");
  let verdict;
  try {
    prepareResultsDir(out, { inputs: whole.files });
    writeTrials(out, trials);
    writeMissingQueryRows(out, merged.retrieval);
    writeResults(out, merged, suite.retrieval?.queries ?? []);
    verdict = suite.gate ? evaluateGateOnSplit(suite.gate, suite, { results: merged, trials }) : void 0;
    const reports = renderReports({ results: merged, trials, verdict });
    writeReports(out, reports);
    if (junitCopy) writeReportCopy(junitCopy, reports.junit, "--junit");
  } finally {
    folder.release();
  }
  io.stdout(`${[`merged ${counted(shards.length, "shard", "shards")} of ${count} into ${plainText(values.out)}`, ...runReportText(merged, trials, verdict)].join("\n")}
`);
  return runExitCode(merged, verdict, io.stderr, "merged run");
}
export {
  MERGE_USAGE,
  mergeCommand
};
