import {
  plainText
} from "./chunk-VVMQOGTA.js";

// src/cli/unfinishedRun.ts
function unfinishedRunNote(dir, results) {
  if (results.status === "complete") return void 0;
  const why = results.errors.length > 0 ? ` (${results.errors.map(plainText).join("; ")})` : "";
  return `note: ${plainText(dir)} is ${plainText(String(results.status))}${why}`;
}

export {
  unfinishedRunNote
};
