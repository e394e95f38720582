import {
  isNarrowedRun
} from "./chunk-O23OYY2Y.js";
import {
  HISTORY_LIMIT,
  appendHistory,
  historyLine,
  metricsOutOfRange,
  readHistoryFile,
  writeHistory
} from "./chunk-AP4OGXTQ.js";
import {
  RESULTS_FILE,
  hasResults,
  readResults
} from "./chunk-5W2B7B4B.js";
import "./chunk-EIY3OQNG.js";
import "./chunk-VNPJWP4Q.js";
import {
  parseCommandArgs
} from "./chunk-7KN5MXIB.js";
import {
  trendLinesText
} from "./chunk-V53RKN5T.js";
import {
  oneLine
} from "./chunk-NAOT7ORW.js";
import {
  groupBy
} from "./chunk-IDDU4GRI.js";
import "./chunk-GAJOKOFC.js";
import "./chunk-VVMQOGTA.js";
import {
  ExitCode,
  RecallGateError,
  counted,
  describeError
} from "./chunk-EMJKK5FL.js";
import "./chunk-7G673M5I.js";
import "./chunk-DMMU4MAP.js";

// src/cli/history.ts
const { existsSync, readdirSync, statSync } = globalThis.process.getBuiltinModule("node:fs");
const { join, resolve } = globalThis.process.getBuiltinModule("node:path");
var HISTORY_USAGE = "recall-gate history DIR... [--out FILE]";
function resultsFolders(dir, cwd) {
  const folder = resolve(cwd, dir);
  if (!existsSync(folder)) throw new RecallGateError("invalid-input", `${dir} does not exist`, { hint: "give results folders (the --out of recall-gate run)" });
  if (!statSync(folder).isDirectory()) throw new RecallGateError("invalid-input", `${dir} is a file, not a folder`, { hint: "give results folders (the --out of recall-gate run), not the results.json in one" });
  if (hasResults(folder)) return [dir];
  const inside = readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isDirectory() && hasResults(join(folder, entry.name))).map((entry) => join(dir, entry.name)).sort();
  if (inside.length === 0) throw new RecallGateError("invalid-input", `${dir} has no ${RESULTS_FILE}, nor has any folder in it`, { hint: "give results folders (the --out of recall-gate run)" });
  return inside;
}
function inRange(dir, line) {
  const outside = metricsOutOfRange(line.metrics);
  if (outside.length > 0) {
    throw new RecallGateError("invalid-input", `${join(dir, RESULTS_FILE)}: ${outside.map((reason) => oneLine(reason, 200)).join("; ")}`, { hint: "the results folder is damaged or was edited: run the suite again" });
  }
  return line;
}
function seriesName(line) {
  return `${line.suite}${line.variant !== void 0 ? ` (variant ${line.variant})` : ""}`;
}
function historyText(history) {
  const series = groupBy(history, seriesName);
  return [...series].flatMap(([name, lines]) => {
    const incomplete = lines.filter((line) => line.status !== "complete").length;
    const span = lines.length === 1 ? lines[0].date : `${lines[0].date} to ${lines.at(-1).date}`;
    return [
      `${oneLine(name, 120)}: ${counted(lines.length, "run", "runs")}, ${span}${incomplete > 0 ? `, ${incomplete} of them incomplete` : ""}`,
      ...trendLinesText({ past: lines.slice(0, -1), current: lines.at(-1) }),
      ""
    ];
  });
}
async function historyCommand(argv, io) {
  const { values, positionals } = parseCommandArgs(argv, { out: { type: "string" } }, HISTORY_USAGE);
  if (positionals.length === 0) throw new RecallGateError("invalid-input", "history takes one or more results folders", { hint: `usage: ${HISTORY_USAGE}` });
  const damaged = [];
  const leftOutIfDamaged = (read2) => {
    try {
      return [read2()];
    } catch (error) {
      if (!(error instanceof RecallGateError) || error.code !== "invalid-input") throw error;
      damaged.push(describeError(error));
      return [];
    }
  };
  const read = positionals.flatMap((dir) => resultsFolders(dir, io.cwd)).flatMap((dir) => leftOutIfDamaged(() => ({ dir, results: readResults(dir, io.cwd) })));
  const narrowed = read.filter(({ results }) => isNarrowedRun(results));
  for (const { dir, results } of narrowed) {
    const how = results.shard ? `shard ${results.shard.index}/${results.shard.count}` : results.sample ? `a sample of ${results.sample.n} cases` : `narrowed with ${results.selection.by.join(", ")}`;
    io.stderr(`note: ${dir} is left out: it is ${how}, and a trend compares whole runs (merge shards first)
`);
  }
  const runs = read.filter((entry) => !narrowed.includes(entry)).flatMap(({ dir, results }) => leftOutIfDamaged(() => inRange(dir, historyLine(results)))).sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  for (const problem of damaged) io.stderr(`recall-gate history: left out: ${problem}
`);
  if (runs.length === 0 && damaged.length > 0) {
    const narrowedToo = narrowed.length > 0 ? `, and ${counted(narrowed.length, "narrowed run", "narrowed runs")} left out` : "";
    throw new RecallGateError("invalid-input", `no whole run to make a history of: ${counted(damaged.length, "damaged folder", "damaged folders")} (above)${narrowedToo}`);
  }
  if (runs.length === 0 && narrowed.length > 0) throw new RecallGateError("invalid-input", "every results folder given is a narrowed run: a history holds whole runs", { hint: "give the folders of whole runs (no --case, --ability, --query, --sample, --shard)" });
  const out = values.out;
  const earlier = out === void 0 ? void 0 : readHistoryFile(resolve(io.cwd, out), out);
  if (earlier && earlier.skipped.length > 0) io.stderr(`note: ${out}: ${counted(earlier.skipped.length, "line", "lines")} skipped, not history lines (line ${earlier.skipped[0].line}: ${earlier.skipped[0].reason}); they are not written back
`);
  const all = [...earlier?.lines ?? [], ...runs];
  const history = appendHistory(earlier?.lines ?? [], ...runs);
  io.stdout(historyText(history).join("\n"));
  if (history.length < all.length) io.stdout(`kept ${history.length} of ${all.length} runs: a run or commit given twice counts once, and a history keeps the newest ${HISTORY_LIMIT}
`);
  if (out !== void 0) {
    writeHistory(resolve(io.cwd, out), history, "--out");
    io.stdout(`history written to ${out} (${counted(history.length, "run", "runs")})
`);
  }
  if (damaged.length > 0) {
    io.stderr(`recall-gate history: ${counted(damaged.length, "results folder was", "results folders were")} left out as damaged (above); the others are ${out === void 0 ? "shown" : "in the history"}
`);
    return ExitCode.invalidInput;
  }
  return ExitCode.ok;
}
export {
  HISTORY_USAGE,
  historyCommand
};
