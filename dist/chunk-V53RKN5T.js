import {
  formatMetric,
  oneLine,
  usd
} from "./chunk-NAOT7ORW.js";
import {
  cell
} from "./chunk-VVMQOGTA.js";
import {
  counted
} from "./chunk-EMJKK5FL.js";

// src/report/sparkline.ts
var BARS = "\u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588";
var MISSING_POINT = "\xB7";
function sparkline(values) {
  const present = values.filter((value) => value !== void 0);
  const min = Math.min(...present);
  const max = Math.max(...present);
  const top = BARS.length - 1;
  return values.map((value) => {
    if (value === void 0) return MISSING_POINT;
    if (max === min) return BARS[Math.floor(top / 2)];
    return BARS[Math.round((value - min) / (max - min) * top)];
  }).join("");
}

// src/report/trendLines.ts
var TREND_POINTS = 30;
var E2E_LABELS = { "e2e.pass_rate": "pass rate (all)", "e2e.pass^k": "pass^k (all)", "e2e.errors": "errors (e2e)", "e2e.cost_usd": "cost (e2e)" };
function labelOf(metric, show) {
  if (E2E_LABELS[metric]) return E2E_LABELS[metric];
  const ability = /^e2e\.ability\.(.*)\.pass_rate$/.exec(metric);
  if (ability) return `pass rate (${show(ability[1])})`;
  const retrieval = /^retrieval\.(.*)\.([^.]+)$/.exec(metric);
  return retrieval ? `${retrieval[2]} (${show(retrieval[1])})` : show(metric);
}
function figure(metric, value) {
  if (metric === "e2e.errors") return String(value);
  return metric === "e2e.cost_usd" ? usd(value) : formatMetric(value);
}
function trendMetrics(current) {
  const names = Object.keys(current.metrics);
  const largest = /* @__PURE__ */ new Map();
  for (const name of names) {
    const cut = /^retrieval\.(.*)\.(?:recall|ndcg)@(\d+)$/.exec(name);
    if (cut) largest.set(cut[1], Math.max(largest.get(cut[1]) ?? 0, Number(cut[2])));
  }
  const headline = (name) => {
    const metric = /^retrieval\.(.*)\.(recall@\d+|ndcg@\d+|mrr)$/.exec(name);
    return metric !== null && (metric[2] === "mrr" || metric[2].endsWith(`@${largest.get(metric[1])}`));
  };
  return [...names.filter((name) => name.startsWith("e2e.")), ...names.filter((name) => name.startsWith("retrieval.") && headline(name))];
}
function trendRows(trend, points = TREND_POINTS) {
  const shown = [...points > 1 ? trend.past.slice(-(points - 1)) : [], trend.current];
  return trendMetrics(trend.current).map((metric) => {
    const values = shown.map((line) => line.metrics[metric]);
    const present = values.filter((value) => value !== void 0);
    return { metric, spark: sparkline(values), first: present[0], current: trend.current.metrics[metric], runs: present.length };
  });
}
function change(row) {
  const now = figure(row.metric, row.current);
  return row.runs === 1 ? `${now} (first run)` : `${figure(row.metric, row.first)} \u2192 ${now} over ${row.runs} runs`;
}
function trendLinesText(trend, points = TREND_POINTS) {
  if (trend.past.length === 0) return ["trend: no earlier runs of this suite in the history yet"];
  const rows = trendRows(trend, points);
  if (rows.length === 0) return [];
  const labels = rows.map((row) => labelOf(row.metric, (name) => oneLine(name, 40)));
  const width = Math.max(...labels.map((label) => label.length));
  const sparkWidth = Math.max(...rows.map((row) => row.spark.length));
  return [
    `trend over the last ${counted(Math.min(trend.past.length + 1, points), "run", "runs")}, this one last:`,
    ...rows.map((row, index) => `  ${labels[index].padEnd(width)}  ${row.spark.padEnd(sparkWidth)}  ${change(row)}`)
  ];
}
function trendLinesMarkdown(trend, shown, points = TREND_POINTS) {
  if (shown === 0) return [];
  const rows = trendRows(trend, points);
  if (trend.past.length === 0) return ["### Trend", "", "No earlier runs in the history yet: the trends start with the next one.", ""];
  return [
    `### Trend over the last ${Math.min(trend.past.length + 1, points)} runs (this one last)`,
    "",
    ...rows.slice(0, shown).map((row) => `- ${labelOf(row.metric, (name) => cell(name, 80))} \`${row.spark}\` ${change(row)}`),
    ...rows.length > shown ? [`- \u2026 and ${counted(rows.length - shown, "more metric", "more metrics")}`] : [],
    ""
  ];
}

export {
  labelOf,
  figure,
  trendRows,
  trendLinesText,
  trendLinesMarkdown
};
