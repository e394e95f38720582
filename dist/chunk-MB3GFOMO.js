import {
  plainText
} from "./chunk-VVMQOGTA.js";
import {
  RecallGateError
} from "./chunk-EMJKK5FL.js";

// src/cli/suiteOfRun.ts
function checkSuiteOfRun(suite, results, dir, allow) {
  if (suite.name === results.suite.name || allow?.given) return;
  const past = allow ? `, or add ${allow.flag} to apply it all the same` : "";
  throw new RecallGateError("invalid-input", `${plainText(suite.displayPath)} is suite "${plainText(suite.name)}", but ${plainText(dir)} holds results of suite "${plainText(results.suite.name)}"`, {
    hint: `pass --suite with the suite file the run used (${plainText(results.suite.file)}, from the folder it ran in)${past}`
  });
}

export {
  checkSuiteOfRun
};
