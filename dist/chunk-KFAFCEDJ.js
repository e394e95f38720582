import {
  checkSuiteOfRun
} from "./chunk-GCSG3V2Q.js";
import {
  compareResults
} from "./chunk-KKDEPL7O.js";
import {
  unfinishedRunNote
} from "./chunk-LJEXS33U.js";
import {
  checkBaselineSuite,
  checkFiniteFigures
} from "./chunk-JVRTLLAP.js";
import {
  evaluateGateOnSplit
} from "./chunk-TCHTOG2F.js";
import "./chunk-Y4NCTGED.js";
import {
  readRun
} from "./chunk-Q44NURVO.js";
import "./chunk-6MIGEKRM.js";
import {
  loadSuite
} from "./chunk-V2HOF7G2.js";
import "./chunk-3BCEII7C.js";
import {
  parseCommandArgs
} from "./chunk-PXAMOPCZ.js";
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
} from "./chunk-E2MB3DMW.js";
import "./chunk-COINUNKK.js";
import "./chunk-DY52SOYE.js";
import "./chunk-3KXVCP23.js";
import "./chunk-QYZASTSX.js";
import "./chunk-AK3D45YP.js";
import "./chunk-CIQEWUBX.js";
import {
  plainText
} from "./chunk-OVI7GIMC.js";
import {
  ExitCode,
  RecallGateError
} from "./chunk-4C443YRI.js";
import "./chunk-47GDYEV7.js";
import "./chunk-MGLPQDLB.js";

// src/cli/compare.ts
import { existsSync } from "node:fs";
import { resolve } from "node:path";
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
    const document = { baseline: baselineDir, current: currentDir, ...mismatch ? { baseline_suite_mismatch: mismatch } : {}, provenance_changes: origin, metrics: comparisons, paired, changes, gate: verdict ?? null };
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
