import {
  printSuiteWarnings
} from "./chunk-XGD6GPOJ.js";
import {
  phaseProgress
} from "./chunk-K7V3WPXV.js";
import {
  loadSuite
} from "./chunk-R5GTYCVU.js";
import "./chunk-VNPJWP4Q.js";
import {
  parseCommandArgs
} from "./chunk-7KN5MXIB.js";
import "./chunk-FB442OMY.js";
import "./chunk-6YEWKYUG.js";
import "./chunk-7J7WLCBV.js";
import "./chunk-IDDU4GRI.js";
import "./chunk-GAJOKOFC.js";
import "./chunk-VVMQOGTA.js";
import {
  ExitCode,
  RecallGateError,
  addProblems,
  counted
} from "./chunk-EMJKK5FL.js";
import "./chunk-DMMU4MAP.js";

// src/cli/validate.ts
var VALIDATE_USAGE = "recall-gate validate <suite.yaml> [...more suites]";
async function validateCommand(argv, io) {
  const { positionals } = parseCommandArgs(argv, {}, VALIDATE_USAGE);
  if (positionals.length === 0) throw new RecallGateError("invalid-input", "validate needs at least one suite file", { hint: `usage: ${VALIDATE_USAGE}` });
  const problems = [];
  for (const path of positionals) {
    try {
      const progress = phaseProgress(io.stderr, io.isTerminal ?? false);
      let suite;
      try {
        suite = loadSuite(path, io.cwd, progress.update);
      } finally {
        progress.finish();
      }
      const retrieval = suite.retrieval;
      const counts = [
        retrieval ? [counted(retrieval.providers.length, "provider", "providers"), counted(retrieval.memories.length, "memory", "memories"), counted(retrieval.queries.length, "query", "queries")].join(", ") : "no retrieval section",
        ...suite.e2e ? [counted(suite.e2e.cases.length, "e2e case", "e2e cases")] : [],
        `${counted(suite.files.length, "file", "files")} read`,
        ...suite.warnings ? [counted(suite.warnings.length, "warning", "warnings")] : []
      ];
      io.stdout(`${suite.displayPath}: ok (${counts.join("; ")})
`);
      printSuiteWarnings(suite, io);
    } catch (error) {
      if (!(error instanceof RecallGateError) || error.code !== "invalid-input") throw error;
      if (error.problems.length === 0) throw error;
      addProblems(problems, error.problems);
    }
  }
  if (problems.length > 0) throw new RecallGateError("invalid-input", `${counted(problems.length, "problem", "problems")} found`, { problems });
  return ExitCode.ok;
}
export {
  VALIDATE_USAGE,
  validateCommand
};
