import {
  failureActions
} from "./chunk-S3MMN5FA.js";
import {
  queryRowsFile
} from "./chunk-5W2B7B4B.js";
import {
  E2E_INTERVAL_UNITS,
  GROUP_METRICS_NOTE,
  REASON_SHOWN,
  STAGE_INTRO,
  TAG_TABLES_NOTE,
  actionLinesText,
  costLines,
  crossUserText,
  e2eTrialCount,
  errorGroups,
  faultTableText,
  graderTable,
  graderTableText,
  harmTerminal,
  haystackByFraction,
  haystackIntro,
  memoryWarning,
  moreReasonsText,
  retrievalUnitText,
  selectionText,
  stageLabel,
  stageLines,
  stalenessTable,
  tagTables,
  withoutRelevantText
} from "./chunk-PUL2VOMR.js";
import {
  changesText,
  provenanceChanges,
  provenanceText,
  verdictText
} from "./chunk-TPOFKJY2.js";
import {
  trendLinesText
} from "./chunk-V53RKN5T.js";
import {
  RATE_LEGEND,
  erroredTrials,
  formatCost,
  formatEstimate,
  formatMetric,
  formatMs,
  formatRate,
  formatTokens,
  oneLine,
  recallQualityText,
  sentence,
  splitRunText,
  textTable,
  usd
} from "./chunk-NAOT7ORW.js";
import {
  calibrationLine,
  harmNote
} from "./chunk-FB442OMY.js";
import {
  groupColumns,
  headlineMetrics,
  missedQueries
} from "./chunk-6YEWKYUG.js";
import {
  INTERVAL_DEFINITION,
  RETRIEVAL_INTERVAL_DEFINITION
} from "./chunk-IDDU4GRI.js";
import {
  plainText
} from "./chunk-VVMQOGTA.js";
import {
  ExitCode,
  counted
} from "./chunk-EMJKK5FL.js";

// src/report/terminal.ts
var MAX_MISSES_SHOWN = 10;
function terminalReport(results, options = {}) {
  const retrieval = results.retrieval;
  if (!retrieval) return `${plainText(results.suite.name)}: the suite has no retrieval section
`;
  const columns = headlineMetrics(retrieval.k);
  const lines = [];
  const without = withoutRelevantText(retrieval);
  lines.push(
    `${plainText(results.suite.name)}: retrieval, ${counted(retrieval.memory_count, "memory", "memories")}, ${counted(retrieval.query_count, "query", "queries")}, top ${retrieval.depth} per search`,
    `metrics: trec_eval definitions, mean over ${without ? `the queries with a relevant memory; ${without}` : "all queries"}`,
    ""
  );
  const providers = Object.values(retrieval.providers);
  const rows = providers.map(
    (provider) => provider.status === "ok" ? [plainText(provider.name), ...columns.map((name) => formatMetric(provider.metrics?.[name])), formatMs(provider.latency_ms?.median), formatMs(provider.latency_ms?.p95)] : [plainText(provider.name), ...columns.map(() => "-"), "-", "-"]
  );
  lines.push(textTable(["provider", ...columns, "p50 ms", "p95 ms"], rows), "");
  if (retrieval.group_metrics) {
    const grouped = groupColumns(columns);
    lines.push(
      `by group (${GROUP_METRICS_NOTE}):`,
      textTable(["provider", ...grouped], providers.map((provider) => [plainText(provider.name), ...grouped.map((name) => provider.status === "ok" ? formatMetric(provider.metrics?.[name]) : "-")])),
      ""
    );
  }
  const withIntervals = providers.filter((provider) => provider.status === "ok" && provider.intervals && Object.keys(provider.intervals).length > 0);
  if (withIntervals.length > 0) {
    lines.push(`intervals (${RETRIEVAL_INTERVAL_DEFINITION}; ${retrievalUnitText(retrieval)}):`);
    for (const provider of withIntervals) {
      const shown = [...columns, ...retrieval.group_metrics ? groupColumns(columns) : []].filter((name) => provider.intervals[name]).map((name) => `${name} ${formatEstimate(provider.metrics?.[name], provider.intervals[name])}`);
      lines.push(`  ${plainText(provider.name)}: ${shown.join("; ")}`);
    }
    lines.push("");
  }
  const staleness = stalenessTable(retrieval, plainText);
  if (staleness) lines.push(`${staleness.legend}`, textTable(staleness.header, staleness.rows, `lll${"r".repeat(staleness.header.length - 3)}`), "");
  const haystack = haystackIntro(retrieval);
  if (haystack) {
    lines.push(`${haystack}:`);
    for (const table of haystackByFraction(retrieval, plainText)) lines.push(`${table.provider}:`, textTable(table.header, table.rows), "");
    if (!providers.some((provider) => provider.haystack)) lines.push("");
  }
  const embedded = providers.filter((provider) => provider.embedding);
  if (embedded.length > 0) {
    lines.push(`embedding requests: ${embedded.map(({ name, embedding }) => `${plainText(name)} ${embedding.tokens} tokens, ${embedding.cost_usd === null ? "cost unknown" : usd(embedding.cost_usd)}`).join("; ")}`, "");
  }
  if (options.byTag) {
    for (const table of tagTables(retrieval, plainText)) lines.push(`${plainText(table.provider)} by tag: ${TAG_TABLES_NOTE}`, textTable(table.header, table.rows), "");
  }
  for (const provider of providers) {
    if (provider.status === "error") {
      lines.push(`${plainText(provider.name)}: ERROR ${plainText(provider.error ?? "")}`);
      continue;
    }
    lines.push(...missLines(provider, retrieval.k[retrieval.k.length - 1], retrieval.depth));
  }
  for (const { name, isolation } of providers) {
    if (!isolation || isolation.cross_user_hits + isolation.unknown_ids === 0) continue;
    const first = isolation.cross_user[0];
    const hits = first ? `${counted(isolation.cross_user_hits, "cross-user hit", "cross-user hits")}, first: ${crossUserText(first, (text) => oneLine(text, 80))}` : "0 cross-user hits";
    const unknown = isolation.unknown_ids > 0 ? `; ${counted(isolation.unknown_ids, "result", "results")} with an id the suite never seeded` : "";
    lines.push(`${plainText(name)}: ISOLATION ${hits}${unknown}`);
  }
  return `${lines.join("\n").trimEnd()}
`;
}
function missLines(provider, k, depth) {
  const name = plainText(provider.name);
  const missed = missedQueries(provider, k);
  if (missed.length === 0) return [`${name}: every relevant memory in the top ${k}`];
  const lines = [`${name}: ${missed.length} of ${provider.queries.length} queries miss a relevant memory in the top ${k}`];
  for (const query of missed.slice(0, MAX_MISSES_SHOWN)) {
    const wanted = Object.entries(query.ranks).map(([id, rank]) => rank === null ? `${plainText(id)} (not in top ${depth})` : `${plainText(id)} (rank ${rank})`).join(", ");
    const got = query.results.slice(0, k).map((hit) => plainText(hit.id));
    lines.push(`  ${plainText(query.id)} "${oneLine(query.text, 80)}": wanted ${wanted}; got [${got.join(", ")}]`);
  }
  if (missed.length > MAX_MISSES_SHOWN) lines.push(`  ... and ${missed.length - MAX_MISSES_SHOWN} more in ${queryRowsFile(provider.name)}`);
  return lines;
}

// src/report/terminalE2e.ts
var MAX_LINES = 10;
function signed(value) {
  if (value === void 0) return "-";
  return `${value >= 0 ? "+" : ""}${value.toFixed(2)}`;
}
function terminalE2eReport(e2e, trials) {
  const conditions = e2e.conditions;
  const total = e2eTrialCount(e2e);
  const lines = [
    `e2e: ${counted(Object.keys(e2e.cases).length, "case", "cases")} x ${counted(conditions.length, "condition", "conditions")} x ${counted(e2e.repeat, "repeat", "repeats")} = ${counted(total, "trial", "trials")} (target ${plainText(e2e.target.kind)}${e2e.target.model ? ` ${plainText(e2e.target.model)}` : ""})`,
    ""
  ];
  const columns = [...conditions.map((condition) => `${condition}`), `pass^${e2e.repeat} (${e2e.headline_condition})`, ...conditions.includes("none") ? ["lift"] : [], ...conditions.includes("oracle") ? ["gap"] : [], "errors"];
  const rowFor = (name, byCondition, lift2, gap2) => [
    name,
    ...conditions.map((condition) => formatRate(byCondition[condition], "pass_rate")),
    formatRate(byCondition[e2e.headline_condition], "pass^k"),
    ...conditions.includes("none") ? [signed(lift2)] : [],
    ...conditions.includes("oracle") ? [signed(gap2)] : [],
    String(erroredTrials(conditions, byCondition))
  ];
  const rows = Object.entries(e2e.abilities).map(([ability, result]) => rowFor(plainText(ability), result.conditions, result.lift_over_none, result.gap_oracle_over_recall));
  const overall = e2e.by_condition;
  const lift = overall.recall && overall.none ? overall.recall.pass_rate - overall.none.pass_rate : void 0;
  const gap = overall.recall && overall.oracle ? overall.oracle.pass_rate - overall.recall.pass_rate : void 0;
  rows.push(rowFor("all", overall, lift, gap));
  lines.push(textTable(["ability", ...columns], rows));
  const legend = [RATE_LEGEND, ...conditions.includes("none") ? ["lift = recall - none"] : [], ...conditions.includes("oracle") ? ["gap = oracle - recall"] : []];
  lines.push(sentence(legend.join("; ")), "");
  lines.push(...faultTableText(e2e));
  lines.push(...intervalLines(e2e));
  const graders = graderTable(e2e, plainText);
  if (graders) lines.push(...graderTableText(graders, e2e.headline_condition));
  const tokens = e2e.tokens;
  lines.push(
    `tokens: ${formatTokens(e2e)}${tokens.judge_input + tokens.judge_output ? ` (+ judge ${tokens.judge_input} in, ${tokens.judge_output} out)` : ""}; cost ${formatCost(e2e)}`,
    ...costLines(e2e),
    `latency per call: p50 ${formatMs(e2e.latency_ms.call.median)} ms, p95 ${formatMs(e2e.latency_ms.call.p95)} ms; added by recall: p50 ${formatMs(e2e.latency_ms.recall.median)} ms, p95 ${formatMs(e2e.latency_ms.recall.p95)} ms`
  );
  if (e2e.judge_calibration) lines.push(plainText(calibrationLine(e2e.judge_calibration)));
  const quality = recallQualityText(e2e);
  if (quality) lines.push(quality);
  lines.push(...harmTerminal(e2e));
  for (const name of e2e.leaks) lines.push(`LEAK: ${plainText(name)} passed with memory off (condition none): the case does not need memory, or the setup leaks`);
  const empty = memoryWarning(e2e);
  if (empty) lines.push(`WARNING: ${empty}`);
  const stages = stageLines(e2e, plainText);
  if (stages.length > 0) lines.push("", `${STAGE_INTRO}:`, ...stages.map((line) => `  ${line}`));
  const failing = trials.filter((trial) => trial.status === "fail" && trial.condition === e2e.headline_condition);
  if (failing.length > 0) {
    lines.push("", `failing under ${e2e.headline_condition} (${counted(failing.length, "trial", "trials")}):`);
    const staged = new Map(e2e.failures.map((failure) => [failure.key, failure]));
    for (const trial of failing.slice(0, MAX_LINES)) {
      const known = trial.stage ? trial : staged.get(trial.key);
      const stage = known?.stage === "unknown" ? void 0 : stageLabel(known);
      lines.push(`  ${plainText(trial.case)} #${trial.repeat}: ${oneLine(trial.reason, 160)}${withHarm(harmNote(trial))}${stage ? ` [stage: ${stage}]` : ""}`, ...actionLinesText(failureActions(trial.invocations)));
    }
    if (failing.length > MAX_LINES) lines.push(`  ... and ${failing.length - MAX_LINES} more in trials.jsonl`);
  }
  if (e2e.errors.length > 0) lines.push("", ...errorLines(e2e.errors));
  return `${lines.join("\n")}
`;
}
function errorLines(errors) {
  const { groups, more } = errorGroups(errors, MAX_LINES, plainText);
  const rest = moreReasonsText(more);
  return [`${counted(errors.length, "trial", "trials")} ended in an error (not passes):`, ...groups.map((group) => `  ${group.trials}: ${oneLine(group.reason, REASON_SHOWN)}`), ...rest ? [`  ${rest}`] : []];
}
function withHarm(note) {
  return note === void 0 ? "" : `; ${oneLine(note, 240)}`;
}
function intervalLines(e2e) {
  const headline = e2e.headline_condition;
  const line = (name, intervals, figures) => {
    if (!intervals || Object.keys(intervals).length === 0) return [];
    const parts = [
      `pass rate ${formatEstimate(figures.rates?.pass_rate, intervals[`${headline}.pass_rate`])}`,
      `pass^${e2e.repeat} ${formatEstimate(figures.rates?.["pass^k"], intervals[`${headline}.pass^k`])}`,
      ...intervals.lift ? [`lift ${formatEstimate(figures.lift, intervals.lift)}`] : [],
      ...intervals.gap ? [`gap ${formatEstimate(figures.gap, intervals.gap)}`] : []
    ];
    return [`  ${name}: ${parts.join("; ")}`];
  };
  const overall = e2e.by_condition;
  const rows = [
    ...Object.entries(e2e.abilities).flatMap(
      ([ability, result]) => line(plainText(ability), result.intervals, { rates: result.conditions[headline], lift: result.lift_over_none, gap: result.gap_oracle_over_recall })
    ),
    ...line("all", e2e.intervals, {
      rates: overall[headline],
      lift: overall.recall && overall.none ? overall.recall.pass_rate - overall.none.pass_rate : void 0,
      gap: overall.recall && overall.oracle ? overall.oracle.pass_rate - overall.recall.pass_rate : void 0
    })
  ];
  return rows.length === 0 ? [] : [`intervals under ${headline} (${INTERVAL_DEFINITION}; ${E2E_INTERVAL_UNITS}):`, ...rows, ""];
}

// src/cli/runReport.ts
function runReportText(results, trials, verdict, trend, options = {}) {
  const parts = [];
  const split = splitRunText(results.split);
  if (split) parts.push(`${split}
`);
  const narrowed = selectionText(results);
  if (narrowed) parts.push(`${plainText(narrowed)}
`);
  if (results.retrieval) parts.push(terminalReport(results, options));
  if (results.e2e) parts.push(terminalE2eReport(results.e2e, [...trials]));
  if (options.baseline) parts.push(provenanceText(provenanceChanges(options.baseline, results)));
  if (results.changes) parts.push(changesText(results.changes));
  if (verdict) parts.push(verdictText(verdict));
  if (trend) parts.push(`${trendLinesText(trend).join("\n")}
`);
  return parts;
}
function runExitCode(results, verdict, stderr, label) {
  if (results.status === "incomplete") {
    stderr(`${label} incomplete: ${results.errors.map(plainText).join("; ")}
`);
    return ExitCode.incomplete;
  }
  return verdict?.status === "fail" ? ExitCode.gateFailed : ExitCode.ok;
}

export {
  runReportText,
  runExitCode
};
