import {
  checkSuiteOfRun
} from "./chunk-MB3GFOMO.js";
import {
  compareResults,
  withSignificance
} from "./chunk-F3MQ72N3.js";
import {
  unfinishedRunNote
} from "./chunk-KVIOKXHW.js";
import {
  checkBaselineSuite,
  checkFiniteFigures
} from "./chunk-2VLCAQ5U.js";
import {
  evaluateGateOnSplit
} from "./chunk-SHAWTSNU.js";
import "./chunk-S3MMN5FA.js";
import {
  readRun
} from "./chunk-5W2B7B4B.js";
import "./chunk-EIY3OQNG.js";
import {
  loadSuite
} from "./chunk-R5GTYCVU.js";
import "./chunk-VNPJWP4Q.js";
import {
  parseCommandArgs
} from "./chunk-7KN5MXIB.js";
import {
  baselineMismatchText,
  changesAgainst,
  changesText,
  comparisonText,
  pairedChanges,
  pairedText,
  provenanceChanges,
  provenanceText,
  verdictText
} from "./chunk-TPOFKJY2.js";
import "./chunk-NAOT7ORW.js";
import "./chunk-FB442OMY.js";
import "./chunk-6YEWKYUG.js";
import "./chunk-7J7WLCBV.js";
import "./chunk-IDDU4GRI.js";
import "./chunk-GAJOKOFC.js";
import {
  plainText
} from "./chunk-VVMQOGTA.js";
import {
  ExitCode,
  RecallGateError
} from "./chunk-EMJKK5FL.js";
import "./chunk-7G673M5I.js";
import "./chunk-DMMU4MAP.js";

// src/cli/compare.ts
const { existsSync } = globalThis.process.getBuiltinModule("node:fs");
const { resolve } = globalThis.process.getBuiltinModule("node:path");
var COMPARE_USAGE = "recall-gate compare <baseline-dir> <dir> [--suite suite.yaml] [--json] [--allow-other-suite]";
async function compareCommand(argv, io) {
  const { values, positionals } = parseCommandArgs(
    argv,
    { suite: { type: "string" }, json: { type: "boolean", default: false }, "allow-other-suite": { type: "boolean", default: false } },
    COMPARE_USAGE
  );
  if (positionals.length !== 2) throw new RecallGateError("invalid-input", "compare takes a baseline results folder and a results folder", { hint: `usage: ${COMPARE_USAGE}` });
  const [baselineDir, currentDir] = positionals;
  const baseline = readRun(baselineDir, io.cwd);
  const current = readRun(currentDir, io.cwd);
  checkFiniteFigures(baselineDir, baseline.results, "the baseline");
  checkFiniteFigures(currentDir, current.results, "the results folder");
  const mismatch = checkBaselineSuite(baselineDir, baseline.results, current.results.suite.name, { flag: "--allow-other-suite", given: values["allow-other-suite"] === true });
  for (const [dir, run] of [
    [baselineDir, baseline],
    [currentDir, current]
  ]) {
    const unfinished = unfinishedRunNote(dir, run.results);
    if (unfinished) io.stderr(`${unfinished}
`);
  }
  if (mismatch) io.stderr(`${baselineMismatchText(mismatch)}
`);
  const comparisons = compareResults(baseline.results, current.results, { baseline: baseline.trials, current: current.trials });
  const origin = provenanceChanges(baseline.results, current.results);
  const paired = pairedChanges(baseline.results, current.results);
  const changes = changesAgainst(baseline.results, current.results, current.trials);
  const explicit = values.suite;
  const suitePath = explicit ?? current.results.suite.file;
  let verdict;
  let gateNote;
  if (!explicit && !existsSync(resolve(io.cwd, suitePath))) {
    gateNote = `the suite file ${plainText(suitePath)} is not here, so no gate was evaluated (pass --suite)`;
  } else {
    const suite = loadSuite(suitePath, io.cwd);
    checkSuiteOfRun(suite, current.results, currentDir, { flag: "--allow-other-suite", given: values["allow-other-suite"] === true });
    if (suite.gate) {
      verdict = evaluateGateOnSplit(suite.gate, suite, current, baseline);
      if (mismatch) verdict.baselineSuiteMismatch = mismatch;
    } else {
      gateNote = `${plainText(suite.displayPath)} has no gate`;
    }
  }
  if (values.json) {
    const document = { baseline: baselineDir, current: currentDir, ...mismatch ? { baseline_suite_mismatch: mismatch } : {}, provenance_changes: origin, metrics: withSignificance(comparisons), paired, changes, gate: verdict ?? null };
    io.stdout(`${JSON.stringify(document, null, 2)}
`);
    if (gateNote) io.stderr(`note: ${gateNote}
`);
  } else {
    const heading = `${plainText(current.results.suite.name)}: ${plainText(currentDir)} against ${plainText(baselineDir)}`;
    const parts = [heading, ...mismatch ? [baselineMismatchText(mismatch)] : [], "", provenanceText(origin), comparisonText(comparisons), changesText(changes), pairedText(paired)];
    if (verdict) parts.push(verdictText(verdict));
    else parts.push(`${gateNote}
`);
    io.stdout(parts.join("\n"));
  }
  return verdict?.status === "fail" ? ExitCode.gateFailed : ExitCode.ok;
}
export {
  COMPARE_USAGE,
  compareCommand
};
