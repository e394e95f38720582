import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);
import {
  compareResults
} from "./chunk-QPKOU6GQ.js";
import {
  parseCommandArgs
} from "./chunk-DIHVT3DJ.js";
import {
  evaluateGateOnSplit
} from "./chunk-HCAA67VO.js";
import {
  comparisonText,
  pairedChanges,
  pairedText,
  verdictText
} from "./chunk-A432PBXF.js";
import "./chunk-TBSQEVLC.js";
import {
  readRun
} from "./chunk-NYFAEPEK.js";
import {
  loadSuite
} from "./chunk-B3TNIB2F.js";
import "./chunk-4JRW66ND.js";
import "./chunk-NI6BJS64.js";
import "./chunk-LDP2W6O4.js";
import "./chunk-577TJEVP.js";
import "./chunk-VJRCCO5W.js";
import {
  ExitCode,
  RecallGateError
} from "./chunk-3RIHGXMT.js";
import "./chunk-HEOMDJCN.js";
import "./chunk-MGLPQDLB.js";

// src/cli/compare.ts
import { existsSync } from "node:fs";
import { resolve } from "node:path";
var COMPARE_USAGE = "recall-gate compare <baseline-dir> <dir> [--suite suite.yaml] [--json]";
async function compareCommand(argv, io) {
  const { values, positionals } = parseCommandArgs(argv, { suite: { type: "string" }, json: { type: "boolean", default: false } }, COMPARE_USAGE);
  if (positionals.length !== 2) throw new RecallGateError("invalid-input", "compare takes a baseline results folder and a results folder", { hint: `usage: ${COMPARE_USAGE}` });
  const [baselineDir, currentDir] = positionals;
  const baseline = readRun(baselineDir, io.cwd);
  const current = readRun(currentDir, io.cwd);
  for (const [dir, run] of [
    [baselineDir, baseline],
    [currentDir, current]
  ]) {
    if (run.results.status !== "complete") io.stderr(`note: ${dir} is ${run.results.status}${run.results.errors.length ? ` (${run.results.errors.join("; ")})` : ""}
`);
  }
  if (baseline.results.suite.name !== current.results.suite.name) {
    io.stderr(`note: the runs are of different suites (${baseline.results.suite.name}, ${current.results.suite.name})
`);
  }
  const comparisons = compareResults(baseline.results, current.results);
  const paired = pairedChanges(baseline.results, current.results);
  const explicit = values.suite;
  const suitePath = explicit ?? current.results.suite.file;
  let verdict;
  let gateNote;
  if (!explicit && !existsSync(resolve(io.cwd, suitePath))) {
    gateNote = `the suite file ${suitePath} is not here, so no gate was evaluated (pass --suite)`;
  } else {
    const suite = loadSuite(suitePath, io.cwd);
    if (suite.gate) {
      verdict = evaluateGateOnSplit(suite.gate, suite, current, baseline);
    } else {
      gateNote = `${suite.displayPath} has no gate`;
    }
  }
  if (values.json) {
    io.stdout(`${JSON.stringify({ baseline: baselineDir, current: currentDir, metrics: comparisons, paired, gate: verdict ?? null }, null, 2)}
`);
    if (gateNote) io.stderr(`note: ${gateNote}
`);
  } else {
    const parts = [`${current.results.suite.name}: ${currentDir} against ${baselineDir}`, "", comparisonText(comparisons), pairedText(paired)];
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
