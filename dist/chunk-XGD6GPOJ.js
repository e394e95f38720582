import {
  counted,
  formatProblem
} from "./chunk-EMJKK5FL.js";

// src/cli/suiteWarnings.ts
var RUN_WARNINGS_SHOWN = 20;
function printSuiteWarnings(suite, io, limit = Number.POSITIVE_INFINITY) {
  const warnings = suite.warnings ?? [];
  const shown = warnings.slice(0, limit).map((warning) => formatProblem({ ...warning, message: `warning: ${warning.message}` }));
  if (warnings.length > shown.length) shown.push(`... and ${counted(warnings.length - shown.length, "more warning", "more warnings")} (recall-gate validate ${suite.displayPath} lists them all)`);
  if (shown.length > 0) io.stderr(`${shown.join("\n")}
`);
}

export {
  RUN_WARNINGS_SHOWN,
  printSuiteWarnings
};
