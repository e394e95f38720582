import {
  checkSuiteOfRun
} from "./chunk-MB3GFOMO.js";
import {
  runExitCode
} from "./chunk-KFO4DDIN.js";
import {
  needsSnapshot
} from "./chunk-K74Z2SOT.js";
import {
  aggregateE2e,
  e2eIncompleteReason
} from "./chunk-S3MMN5FA.js";
import {
  RESULTS_FILE,
  TRIALS_FILE,
  hasResults,
  hasTrials,
  openResultsDir,
  readRun,
  writeMissingQueryRows,
  writeReportCopy,
  writeReports,
  writeResultsJson,
  writeTrials
} from "./chunk-5W2B7B4B.js";
import "./chunk-EIY3OQNG.js";
import {
  loadSuite
} from "./chunk-R5GTYCVU.js";
import {
  outputTarget
} from "./chunk-VNPJWP4Q.js";
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
  STORED_TEXT_LIMIT,
  checkFingerprint,
  describeGrading,
  gradeTrial,
  gradingOf,
  playingOf,
  probeActions,
  readsActions,
  settleStage,
  usesJudge,
  wasCut
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
import "./chunk-7G673M5I.js";
import "./chunk-DMMU4MAP.js";

// src/cli/regrade.ts
const { resolve } = globalThis.process.getBuiltinModule("node:path");
var E2E_REASON = /^e2e: .*\(see errors in results\.json\)$/;
var REGRADE_USAGE = "recall-gate regrade <results-dir> [--suite suite.yaml] [--junit FILE]";
async function regradeCommand(argv, io) {
  const { values, positionals } = parseCommandArgs(argv, { suite: { type: "string" }, junit: { type: "string" } }, REGRADE_USAGE);
  if (positionals.length !== 1) throw new RecallGateError("invalid-input", "regrade takes one results directory", { hint: `usage: ${REGRADE_USAGE}` });
  const dir = resolve(io.cwd, positionals[0]);
  if (!hasResults(dir) || !hasTrials(dir)) {
    throw new RecallGateError("invalid-input", `${positionals[0]} has no ${RESULTS_FILE} and ${TRIALS_FILE}`, { hint: "give the --out folder of a run with the e2e layer" });
  }
  const junitCopy = values.junit === void 0 ? void 0 : resolve(io.cwd, values.junit);
  if (junitCopy) outputTarget(junitCopy, "--junit");
  const folder = openResultsDir(dir, "regrade");
  try {
    return await regradeLocked(dir, values.suite, junitCopy, io);
  } finally {
    folder.release();
  }
}
async function regradeLocked(dir, suitePath, junitCopy, io) {
  const { results, trials } = readRun(dir, io.cwd);
  const suite = loadSuite(suitePath ?? results.suite.file, io.cwd);
  checkSuiteOfRun(suite, results, dir);
  if (!suite.e2e) throw new RecallGateError("invalid-input", `${suite.displayPath} has no e2e section to grade with`);
  const cases = new Map(suite.e2e.cases.map((spec) => [spec.name, spec]));
  let changed = 0;
  let rescored = 0;
  let kept = 0;
  const byKey = new Map(trials.map((trial) => [trial.key, trial]));
  const playings = new Map(trials.map((trial) => [trial.key, playingOf(trial, byKey)]));
  for (const trial of trials) {
    const spec = cases.get(trial.case);
    if (trial.answer === void 0 || trial.status === "error" && !trial.graders) continue;
    if (!spec) {
      io.stderr(`${trial.key}: the suite has no case "${trial.case}" any more; its verdict is kept
`);
      kept += 1;
      continue;
    }
    const playing = playings.get(trial.key);
    if (wasCut(trial.answer) || snapshotCut(playing.snapshot) && needsSnapshot(gradingOf(spec, trial.condition))) {
      io.stderr(`${trial.key}: the stored ${wasCut(trial.answer) ? "answer" : "memory snapshot"} was cut to ${STORED_TEXT_LIMIT / 1024} KiB; its verdict (graded on the whole ${wasCut(trial.answer) ? "answer" : "snapshot"}) is kept
`);
      kept += 1;
      continue;
    }
    const grading = gradingOf(spec, trial.condition);
    if (actionsCut(trial) && gradingReadsActions(grading)) {
      io.stderr(`${trial.key}: a tool call or artifact of its probe was cut to ${STORED_TEXT_LIMIT / 1024} KiB when stored; its verdict (graded on what the agent produced) is kept
`);
      kept += 1;
      continue;
    }
    if (grading.check && usesJudge(grading.check)) {
      io.stderr(`${trial.key}: kept (its check calls the judge, and regrade makes no model calls)
`);
      kept += 1;
      continue;
    }
    const verdict = await gradeTrial({ ...spec, ...grading }, {
      question: trial.question,
      answer: trial.answer,
      snapshot: playing.snapshot,
      invocations: playing.invocations,
      env: io.env,
      offline: { ...trial.graders ? { stored: trial.graders } : {} }
    });
    if (verdict.status === "error") {
      io.stderr(`${trial.key}: kept (${verdict.reason})
`);
      kept += 1;
      continue;
    }
    const status = verdict.status;
    if (status !== trial.status) {
      changed += 1;
      io.stdout(`${trial.key}: ${trial.status} -> ${status}: ${verdict.reason}
`);
    } else if (scoresMoved(trial.graders, verdict.graders)) {
      rescored += 1;
      io.stdout(`${trial.key}: ${status}, grader scores changed: ${verdict.reason}
`);
    }
    trial.status = status;
    trial.reason = verdict.reason;
    trial.check = describeGrading(grading);
    if (verdict.graders) trial.graders = verdict.graders;
    else delete trial.graders;
    if (trial.fingerprint) trial.fingerprint = { ...trial.fingerprint, check: checkFingerprint(grading) };
  }
  for (const trial of trials) {
    const spec = cases.get(trial.case);
    if (spec) settleStage(spec, trial, playings.get(trial.key).snapshot);
  }
  const target = results.e2e?.target ?? { kind: suite.e2e.target.kind };
  const budget = results.e2e?.budget;
  results.e2e = { target, ...aggregateE2e(trials, suite.e2e.cases, suite.e2e.conditions, suite.e2e.repeat), ...budget ? { budget } : {} };
  const reason = e2eIncompleteReason(results.e2e);
  results.errors = [...results.errors.filter((error) => !E2E_REASON.test(error)), ...reason ? [reason] : []];
  results.status = results.errors.length > 0 ? "incomplete" : "complete";
  if (results.changes) {
    delete results.changes;
    io.stderr(`note: the changes against the baseline were dropped from ${RESULTS_FILE}: they came from the old grades (recall-gate compare <baseline-dir> ${plainText(dir)} lists them again)
`);
  }
  writeTrials(dir, trials);
  writeMissingQueryRows(dir, results.retrieval);
  writeResultsJson(dir, results);
  const reports = renderReports({ results, trials });
  writeReports(dir, reports);
  if (junitCopy) writeReportCopy(junitCopy, reports.junit, "--junit");
  io.stdout(`regraded ${counted(trials.length, "trial", "trials")} with no model calls: ${changed} changed${rescored > 0 ? `, ${rescored} with the same verdict but other grader scores` : ""}, ${kept} kept as they were
`);
  return runExitCode(results, void 0, io.stderr, "regraded run");
}
function actionsCut(trial) {
  const cut = (value) => typeof value === "string" ? wasCut(value) : value !== null && typeof value === "object" && Object.values(value).some(cut);
  return cut(probeActions(trial.invocations));
}
function gradingReadsActions(grading) {
  return grading.check !== void 0 && readsActions(grading.check) || Object.values(grading.graders ?? {}).some((grader) => "check" in grader && readsActions(grader.check));
}
function snapshotCut(snapshot) {
  return snapshot !== void 0 && "entries" in snapshot && snapshot.entries.some((entry) => wasCut(entry.text));
}
function scoresMoved(before, after) {
  const names = /* @__PURE__ */ new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...names].some((name) => before?.[name]?.score !== after?.[name]?.score);
}
export {
  REGRADE_USAGE,
  regradeCommand
};
