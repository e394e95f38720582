import {
  boundHistory,
  historyLine,
  sameRun
} from "./chunk-AP4OGXTQ.js";
import {
  counted
} from "./chunk-EMJKK5FL.js";

// src/history/trend.ts
function trendOf(history, current) {
  const past = history.filter((line) => line.suite === current.suite && line.variant === current.variant && !sameRun(line, current));
  return { past: boundHistory(past), current };
}
function trendFromReading(file, reading, results, say = () => {
}) {
  if (reading.missing) say(`no history yet: ${file} does not exist (recall-gate history DIR... --out ${file} builds one from results folders)`);
  if (reading.skipped.length > 0) {
    const first = reading.skipped[0];
    say(`${file}: ${counted(reading.skipped.length, "line", "lines")} skipped, not history lines (line ${first.line}: ${first.reason})`);
  }
  const trend = trendOf(reading.lines, historyLine(results));
  if (!reading.missing && trend.past.length === 0) say(`${file} holds no earlier run of ${results.suite.name}${results.variant ? ` (variant ${results.variant})` : ""}`);
  return trend;
}

export {
  trendOf,
  trendFromReading
};
