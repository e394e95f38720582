import {
  unitNoun,
  unknownCostReason
} from "./chunk-IDDU4GRI.js";
import {
  plainText,
  shorten
} from "./chunk-VVMQOGTA.js";
import {
  counted
} from "./chunk-EMJKK5FL.js";

// src/report/format.ts
function markdownTable(header, rows) {
  const figures = (column) => {
    const held = rows.map((row) => (row[column] ?? "").trim()).filter((text) => !/^(?:-|—|±0|unknown|n\/a)?$/.test(text));
    return column > 0 && (rows.length === 0 || held.length > 0 && held.every((text) => /^(?:\*\*)?[-−+]?\$?\d/.test(text)));
  };
  return [`| ${header.join(" | ")} |`, `| ${header.map((_, i) => figures(i) ? "---:" : "---").join(" | ")} |`, ...rows.map((row) => `| ${row.join(" | ")} |`)];
}
function oneLine(text, max) {
  return shorten(plainText(text), max);
}
function formatTokens(e2e) {
  const causes = e2e.cost?.unknown_causes;
  const missing = (causes?.calls_without_usage ?? 0) + (causes?.usage_warnings ?? 0);
  const { input, output } = e2e.tokens;
  if (missing === 0) return `${input} in, ${output} out`;
  if (input === 0 && output === 0) return "unknown (no call reported usable token counts)";
  return `${input} in, ${output} out over the calls that reported them (${counted(missing, "call", "calls")} did not)`;
}
function erroredTrials(conditions, byCondition) {
  return conditions.reduce((sum, condition) => sum + (byCondition[condition]?.errors ?? 0), 0);
}
function formatCost(e2e) {
  return e2e.cost_usd === null ? `unknown: ${unknownCostReason(e2e.cost, e2e.target?.kind)}` : usd(e2e.cost_usd);
}
function formatMetric(value) {
  return value === void 0 || Number.isNaN(value) ? "-" : value.toFixed(3);
}
function formatEstimate(value, estimate) {
  if (!estimate || value === void 0) return formatMetric(value);
  return `${formatMetric(value)} ${intervalText(estimate)}`;
}
function intervalText(estimate) {
  return `[${formatMetric(estimate.ci[0])}, ${formatMetric(estimate.ci[1])}] n=${estimate.n}${estimate.unit ? ` ${unitNoun(estimate.unit, estimate.n)}` : ""}`;
}
var RATE_LEGEND = "pass rate counts errors as not passed; pass^k is the share of cases that passed every repeat; the counts in parentheses are trials passed/trials, and for pass^k cases/cases";
function formatRate(rates, key, estimate) {
  const value = rates?.[key];
  if (rates === void 0 || value === void 0) return formatMetric(value);
  const [count, of] = key === "pass_rate" ? [rates.passed, rates.trials] : [Math.round(value * rates.cases), rates.cases];
  return `${formatMetric(value)} (${count}/${of})${estimate ? ` ${intervalText(estimate)}` : ""}`;
}
function formatMs(value) {
  if (value === void 0) return "-";
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
}
function textTable(header, rows, align = `l${"r".repeat(Math.max(0, header.length - 1))}`) {
  const widths = header.map((title, col) => Math.max(title.length, ...rows.map((row) => (row[col] ?? "").length)));
  const line = (cells) => cells.map((value, col) => align[col] === "r" ? value.padStart(widths[col]) : value.padEnd(widths[col])).join("  ").trimEnd();
  return [line(header), ...rows.map(line)].join("\n");
}
function liftAndGapCells(conditions, rates, intervals) {
  const recall = rates.recall?.pass_rate;
  const header = [];
  const cells = [];
  if (conditions.includes("recall") && conditions.includes("none")) {
    header.push("lift (recall \u2212 none)");
    cells.push(formatEstimate(recall !== void 0 && rates.none ? recall - rates.none.pass_rate : void 0, intervals?.lift));
  }
  if (conditions.includes("recall") && conditions.includes("oracle")) {
    header.push("gap (oracle \u2212 recall)");
    cells.push(formatEstimate(recall !== void 0 && rates.oracle ? rates.oracle.pass_rate - recall : void 0, intervals?.gap));
  }
  return { header, cells };
}
function splitRunText(split) {
  if (!split || split.run === "all") return void 0;
  return `split: only the ${split.run} cases and queries ran (run --split ${split.run}); every figure below is theirs alone`;
}
function usd(value) {
  return value !== 0 && Math.abs(value) < 5e-5 ? `$${value.toPrecision(2)}` : `$${value.toFixed(4)}`;
}
function recallQualityText(e2e) {
  const quality = e2e.recall_quality;
  if (quality.evidence_coverage === void 0 && quality.harmful_recall_rate === void 0) return void 0;
  const n = quality.trials;
  const mean = (value, over) => `${formatMetric(value)}${value === void 0 || over === void 0 ? "" : ` (mean over ${counted(over, "trial", "trials")})`}`;
  const share = e2e.harm?.by_condition[e2e.headline_condition]?.harmful_recall;
  const harmful = quality.harmful_recall_rate === void 0 ? "harmful recall -" : share ? `harmful recall in ${share.count} of ${counted(share.of, "trial", "trials")} with an obsolete or disallowed memory (${formatMetric(quality.harmful_recall_rate)})` : `harmful recall in ${formatMetric(quality.harmful_recall_rate)} of trials`;
  return `recall quality: evidence coverage ${mean(quality.evidence_coverage, n?.evidence_coverage)}, recall precision ${mean(quality.recall_precision, n?.recall_precision)}, ${harmful}`;
}
function sentence(text) {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? "" : "."}`;
}

export {
  markdownTable,
  oneLine,
  formatTokens,
  erroredTrials,
  formatCost,
  formatMetric,
  formatEstimate,
  RATE_LEGEND,
  formatRate,
  formatMs,
  textTable,
  liftAndGapCells,
  splitRunText,
  usd,
  recallQualityText,
  sentence
};
