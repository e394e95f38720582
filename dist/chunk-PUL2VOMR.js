import {
  formatNumber
} from "./chunk-TPOFKJY2.js";
import {
  RATE_LEGEND,
  formatEstimate,
  formatMetric,
  formatMs,
  markdownTable,
  oneLine,
  sentence,
  textTable,
  usd
} from "./chunk-NAOT7ORW.js";
import {
  FAULT_KINDS,
  STAGE_LABELS,
  emptyMemoryWarning,
  failingCount,
  rewordedMemoryWarning,
  stageCountsText
} from "./chunk-FB442OMY.js";
import {
  headlineMetrics,
  metricNames,
  stalenessNames
} from "./chunk-6YEWKYUG.js";
import {
  INTERVAL_DEFINITION,
  RETRIEVAL_INTERVAL_DEFINITION,
  groupBy,
  unknownCostReason
} from "./chunk-IDDU4GRI.js";
import {
  cell,
  htmlCell,
  plainBlock,
  plainText,
  shorten
} from "./chunk-VVMQOGTA.js";
import {
  counted
} from "./chunk-EMJKK5FL.js";

// src/report/costLines.ts
function dollars(value) {
  if (value === void 0) return "-";
  return value === null ? "unknown" : usd(value);
}
function nothingKnown(cost) {
  const trials = Object.values(cost.by_condition).reduce((sum, figures) => sum + (figures?.trials ?? 0), 0);
  return trials > 0 && cost.unknown_trials === trials && [cost.chat_usd, cost.judge_usd, cost.embedding_usd].every((part) => part === null || part === 0);
}
function perSuccessLine(e2e, cost) {
  const perCondition = e2e.conditions.map((condition) => {
    const figures = cost.by_condition[condition];
    return `${condition} ${figures && figures.successes > 0 ? dollars(figures.cost_per_success) : "- (no success)"}`;
  });
  return `cost per successful trial: ${perCondition.join(", ")}`;
}
function costLines(e2e) {
  const cost = e2e.cost;
  if (!cost) return [];
  const sources = [
    `chat ${dollars(cost.chat_usd)}`,
    ...cost.judge_usd !== 0 ? [`judge ${dollars(cost.judge_usd)}`] : [],
    ...cost.embedding_usd !== 0 || cost.embedding_tokens > 0 ? [`embeddings ${dollars(cost.embedding_usd)} (${cost.embedding_tokens} tokens)`] : []
  ];
  const injected = e2e.conditions.map((condition) => `${condition} ${cost.by_condition[condition]?.injected_tokens ?? 0}`);
  return [
    ...nothingKnown(cost) ? [] : [perSuccessLine(e2e, cost), `spend: ${sources.join(", ")}${cost.unknown_trials > 0 ? `; ${counted(cost.unknown_trials, "trial", "trials")} of unknown cost` : ""}`],
    `injected tokens, summed over each condition's trials${cost.injected_tokens_encoding ? ` (${cost.injected_tokens_encoding})` : ""}: ${injected.join(", ")}`,
    ...cost.cached_calls ? [`${counted(cost.cached_calls, "model call", "model calls")} answered from the LLM cache (--cache-llm): nothing sent, not counted as spend`] : [],
    ...budgetLines(e2e.budget)
  ];
}
function commentCostLine(e2e) {
  const cost = e2e.cost;
  if (!cost) return void 0;
  const unknown = `cost unknown: ${unknownCostReason(cost, e2e.target?.kind)}`;
  if (nothingKnown(cost)) return unknown;
  return e2e.cost_usd === null ? `${perSuccessLine(e2e, cost)}; ${unknown}` : perSuccessLine(e2e, cost);
}
function budgetLines(budget) {
  if (!budget) return [];
  const unknown = budget.unknown_trials > 0 ? `, and ${counted(budget.unknown_trials, "trial", "trials")} of unknown cost (not counted)` : "";
  const outcome = budget.reached ? `${budget.message ?? "reached"}: the other trials did not start` : `not reached (${budget.trials_run} of ${counted(budget.trials_planned, "trial", "trials")} ran)`;
  const each = budget.shards ? `, each of ${counted(budget.shards, "shard", "shards")}` : "";
  return [`budget ${usd(budget.cap_usd)} (${budget.source}${each}): spent ${usd(budget.spent_usd)}${unknown}; ${outcome}`];
}

// src/report/tagTables.ts
var TAG_TABLES_NOTE = "Every metric over the queries of each tag (queries in brackets).";
function tagTables(retrieval, escape) {
  const providers = Object.values(retrieval.providers).filter((provider) => provider.status === "ok" && Object.keys(provider.by_tag ?? {}).length > 0);
  const names = metricNames(retrieval.k, { groups: retrieval.group_metrics });
  const scored = retrieval.query_count - (retrieval.queries_without_relevant ?? 0);
  return providers.map((provider) => {
    const tags = Object.entries(provider.by_tag);
    return {
      provider: provider.name,
      header: ["metric", `all (${scored})`, ...tags.map(([tag, figures]) => `${escape(tag)} (${figures.queries})`)],
      rows: names.map((name) => [name, formatMetric(provider.metrics?.[name]), ...tags.map(([, figures]) => formatMetric(figures.metrics[name]))])
    };
  });
}
function withoutRelevantText(retrieval) {
  const count = retrieval.queries_without_relevant ?? 0;
  if (count === 0) return void 0;
  return `${count} ${count === 1 ? "query has" : "queries have"} no relevant memory and ${count === 1 ? "is" : "are"} left out of the means`;
}

// src/report/intervalUnit.ts
function retrievalUnitText(retrieval) {
  const unit = retrieval.interval_unit ?? "query";
  const text = unit === "user" ? "n users, each drawn with all its queries" : unit === "group" ? "n query groups (group:), each drawn with all its queries" : "n queries";
  return retrieval.interval_unit_note ? `${text} (${retrieval.interval_unit_note})` : text;
}

// src/report/staleness.ts
function stalenessTable(retrieval, escape) {
  const over = retrieval.queries_with_obsolete ?? 0;
  const providers = Object.values(retrieval.providers).filter((provider) => provider.status === "ok" && provider.staleness !== void 0);
  if (over === 0 || providers.length === 0) return void 0;
  const names = stalenessNames(retrieval.k);
  const table = { header: ["provider", "tag", "queries", ...names], rows: [], overall: [], providers: [], legend: stalenessLegend(retrieval) };
  for (const provider of providers) {
    const add = (tag, figures, overall) => {
      table.rows.push([escape(provider.name), tag, String(figures.queries), ...names.map((name) => formatEstimate(figures.metrics[name], figures.intervals?.[name]))]);
      table.overall.push(overall);
      table.providers.push(provider.name);
    };
    add("all", provider.staleness, true);
    for (const [tag, figures] of Object.entries(provider.staleness.by_tag)) add(escape(tag), figures, false);
  }
  return table;
}
function stalenessLegend(retrieval) {
  const over = retrieval.queries_with_obsolete ?? 0;
  const others = retrieval.query_count - over;
  const note = retrieval.interval_unit_note ? ` Intervals: ${retrievalUnitText(retrieval)}.` : "";
  return `Staleness over the ${counted(over, "query", "queries")} naming an obsolete memory (${counted(others, "other", "others")} left out), lower is better. stale@k: the share with an obsolete memory in the top k; stale_above_current: the share where one is returned above every relevant memory, or a relevant one is not returned.${note}`;
}

// src/report/haystack.ts
function curves(retrieval) {
  return Object.values(retrieval.providers).filter((provider) => provider.status === "ok" && provider.haystack !== void 0);
}
function haystackIntro(retrieval) {
  const record = retrieval.haystack;
  if (!record) return void 0;
  const fractions = record.fractions.join(", ");
  if (record.distractors === 0) return `haystack curve at ${fractions}: every memory is named by a query, so there was nothing to thin and no smaller run was made`;
  const smaller = record.fractions.filter((fraction) => fraction < 1).join(", ");
  return `haystack curve at ${fractions}: each provider also ran at ${smaller} with the ${counted(record.distractors, "memory", "memories")} no query names thinned to that fraction (seed ${record.seed}), named memories always kept (1 is the normal run); per doubling is the least-squares slope of each mean against log2 of the memories seeded`;
}
function seconds(point) {
  if (point.same_as_whole) return "-";
  const { setup, seed, prepare, search } = point.timings_ms;
  return ((setup + seed + prepare + search) / 1e3).toFixed(2);
}
function haystackByFraction(retrieval, escape) {
  const columns = headlineMetrics(retrieval.k);
  return curves(retrieval).map(({ name, haystack }) => ({
    provider: escape(name),
    header: ["fraction", "memories", ...columns, "seconds"],
    rows: [
      ...haystack.points.map((point) => [String(point.fraction), String(point.memories), ...columns.map((metric) => formatMetric(point.metrics[metric])), seconds(point)]),
      ["per doubling", "", ...columns.map((metric) => formatNumber(haystack.per_doubling?.[metric], true)), ""]
    ]
  }));
}
function haystackByMetric(retrieval, escape) {
  return curves(retrieval).map(({ name, haystack }) => ({
    provider: escape(name),
    header: ["metric", ...haystack.points.map((point) => `${point.fraction} (${counted(point.memories, "memory", "memories")})`), "per doubling"],
    rows: headlineMetrics(retrieval.k).map((metric) => [metric, ...haystack.points.map((point) => formatMetric(point.metrics[metric])), formatNumber(haystack.per_doubling?.[metric], true)])
  }));
}
function haystackSummary(retrieval, escape) {
  const intro = haystackIntro(retrieval);
  const lines = curves(retrieval);
  if (!intro || lines.length === 0) return void 0;
  const metric = `recall@${retrieval.k[retrieval.k.length - 1]}`;
  return {
    intro,
    header: ["provider", "memories", metric, "per doubling"],
    rows: lines.map(({ name, haystack }) => [
      escape(name),
      haystack.points.map((point) => String(point.memories)).join(" \u2192 "),
      haystack.points.map((point) => formatMetric(point.metrics[metric])).join(" \u2192 "),
      formatNumber(haystack.per_doubling?.[metric], true)
    ])
  };
}

// src/report/selectionText.ts
function selectionText(results) {
  const parts = selectionParts(results);
  return parts.length > 0 ? `narrowed run: ${parts.join("; ")}; every figure below is theirs alone, and the run is not kept as a baseline` : void 0;
}
function selectionParts(results, layer) {
  const { selection, sample } = results;
  const e2e = layer !== "retrieval";
  const retrieval = layer !== "e2e";
  const parts = [];
  if (sample && e2e) parts.push(`sample: ${sample.n} of ${sample.of} cases drawn with seed ${sample.seed} (--sample ${sample.n} --seed ${sample.seed}, stratified by ability and split)`);
  if (selection) {
    const flags = (kind) => selection.by.filter((flag) => flagLayer(flag) === kind || flag === "--rerun-failed").join(", ");
    if (e2e && selection.cases && !(sample && selection.by.every((flag) => flag === "--sample" || flag === "--repeat"))) parts.push(`${selection.cases.length} of ${selection.of.cases} cases selected with ${flags("cases")}`);
    if (retrieval && selection.queries) parts.push(`${selection.queries.length} of ${selection.of.queries} queries selected with ${flags("queries")}`);
    if (e2e && selection.repeat !== void 0) parts.push(`repeat ${selection.repeat} (--repeat)`);
    const rerunHere = layer === void 0 || (layer === "e2e" ? selection.cases : selection.queries) !== void 0;
    if (selection.rerun_failed_from !== void 0 && rerunHere) parts.push(`the failures of ${selection.rerun_failed_from} (--rerun-failed)`);
  }
  return parts;
}
function flagLayer(flag) {
  if (flag === "--case" || flag === "--ability" || flag === "--sample") return "cases";
  if (flag === "--query") return "queries";
  return void 0;
}

// src/report/faultTable.ts
var HEADER = ["fault", "ability", "pass rate", "errors", "none", "vs none", "recall p50 ms", "recall p95 ms"];
var WORSE = "worse than none";
function signed(value) {
  return `${value >= 0 ? "+" : ""}${value.toFixed(3)}`;
}
function rows(e2e, name, flag) {
  const row2 = (fault, ability, rates) => [
    fault,
    ability,
    formatMetric(rates.pass_rate),
    String(rates.errors),
    formatMetric(rates.none_pass_rate),
    rates.vs_none === void 0 ? "-" : rates.worse_than_none ? flag(`${signed(rates.vs_none)} ${WORSE}`) : signed(rates.vs_none),
    rates.recall_latency_ms.count > 0 ? formatMs(rates.recall_latency_ms.median) : "-",
    rates.recall_latency_ms.count > 0 ? formatMs(rates.recall_latency_ms.p95) : "-"
  ];
  return FAULT_KINDS.flatMap((fault) => {
    const summary = e2e.faults?.[fault];
    if (!summary) return [];
    return [row2(fault, "all", summary), ...Object.entries(summary.abilities).map(([ability, rates]) => row2(fault, name(ability), rates))];
  });
}
var INTRO = "the probe's memory search timed out, came back empty or failed (sessions planted as under recall); graded by each case's fault_check (default: abstains or asks back); vs none = pass rate minus under none; recall ms over the probes, the timeout's wait included";
function faultTableText(e2e) {
  const body = rows(e2e, plainText, (text) => text.toUpperCase());
  return body.length === 0 ? [] : [`faults (${INTRO}):`, textTable(HEADER, body, "llrrrrrr"), ""];
}
function faultTableMarkdown(e2e) {
  const body = rows(e2e, (ability) => cell(ability), (text) => `**${text}**`);
  return body.length === 0 ? [] : ["#### When memory fails", "", `<sub>${sentence(INTRO)}</sub>`, "", ...markdownTable(HEADER, body), ""];
}
function faultTableParts(e2e) {
  const body = rows(e2e, (ability) => ability, (text) => text.toUpperCase());
  return body.length === 0 ? void 0 : { intro: sentence(INTRO), header: HEADER, rows: body };
}

// src/report/isolation.ts
function crossUserText(hit, escape) {
  return `${escape(hit.query)} by ${escape(hit.user)} got ${escape(hit.memory)} of ${escape(hit.owner)}`;
}
function isolationLines(providers, pairsShown = 5) {
  const lines = providers.flatMap(({ name, isolation }) => {
    if (!isolation || isolation.cross_user_hits + isolation.unknown_ids === 0) return [];
    const pairs = isolation.cross_user.slice(0, pairsShown).map((hit) => crossUserText(hit, (text) => cell(text)));
    const more = isolation.cross_user_hits > pairs.length ? `, \u2026 ${isolation.cross_user_hits - pairs.length} more` : "";
    const unknown = isolation.unknown_ids > 0 ? ` ${counted(isolation.unknown_ids, "result", "results")} with an id the suite never seeded.` : "";
    return [`- **${cell(name)}: ${counted(isolation.cross_user_hits, "cross-user hit", "cross-user hits")}**${pairs.length ? ` (${pairs.join("; ")}${more})` : ""}.${unknown}`];
  });
  return lines.length > 0 ? ["**Isolation:** results owned by another user than the one searching:", "", ...lines, ""] : [];
}

// src/report/graderTable.ts
function scaleText(scale) {
  return `${scale[0]}-${scale[1]}`;
}
function row(grader, ability, summary, group, intervals, condition) {
  const graded = group.trials - group.skipped;
  const casesPassed = Math.round((group["pass^k"] ?? 0) * group.cases);
  return [
    grader,
    ability,
    summary.min === void 0 ? "-" : String(summary.min),
    String(group.trials),
    group.mean_score === void 0 ? `- (0 of ${group.trials} scored)` : `${formatEstimate(group.mean_score, intervals?.[`${condition}.score`])} on ${scaleText(summary.scale)} (${group.scored} of ${group.trials} scored)`,
    `${formatEstimate(graded > 0 ? group.pass_rate : void 0, intervals?.[`${condition}.pass_rate`])} (${group.passed}/${graded})`,
    `${formatEstimate(group.cases > 0 ? group["pass^k"] : void 0, intervals?.[`${condition}.pass^k`])} (${casesPassed}/${group.cases} cases)`,
    String(group.errors),
    String(group.skipped)
  ];
}
function graderTable(e2e, text) {
  const graders = e2e.graders;
  if (!graders || Object.keys(graders).length === 0) return void 0;
  const condition = e2e.headline_condition;
  const table = {
    header: ["grader", "ability", "min", "trials", "mean score", "pass rate (passed/graded)", `pass^${e2e.repeat}`, "errors", "skipped"],
    rows: [],
    passRates: [],
    notes: []
  };
  const add = (name, ability, summary) => {
    const group = summary.conditions[condition];
    if (!group) return;
    table.rows.push(row(text(name), ability, summary, group, summary.intervals, condition));
    table.passRates.push(group.pass_rate ?? Number.POSITIVE_INFINITY);
  };
  for (const [name, summary] of Object.entries(graders).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)) {
    for (const [ability, result] of Object.entries(e2e.abilities)) {
      const mine = result.graders && Object.hasOwn(result.graders, name) ? result.graders[name] : void 0;
      if (mine) add(name, text(ability), mine);
    }
    add(name, "all", summary);
    if (summary.note) table.notes.push(`${name}: ${summary.note}`);
    const skipped = summary.conditions[condition]?.reasons?.skipped;
    if (skipped) table.notes.push(`${name} skipped: ${skipped}`);
  }
  return table;
}
function legend(condition) {
  return `Under ${condition}. Mean score over the trials with a score, on each grader's scale; pass rate against the grader's min, errors counted as not passed, skipped trials left out; pass^k: cases whose every graded repeat passed. [low, high] n: ${INTERVAL_DEFINITION}; n cases.`;
}
function graderTableMarkdown(table, condition, rows2 = table.rows) {
  return [
    `### Graders (${condition})`,
    "",
    ...markdownTable(table.header, rows2),
    ...rows2.length < table.rows.length ? ["", `\u2026 and ${counted(table.rows.length - rows2.length, "more grader row", "more grader rows")}, none with a lower pass rate`] : [],
    "",
    `<sub>${legend(condition)}</sub>`,
    "",
    ...table.notes.slice(0, 10).map((note) => `- ${cell(note, 300)}`),
    ...table.notes.length ? [""] : []
  ];
}
function graderTableText(table, condition) {
  return [`graders under ${condition}:`, textTable(table.header, table.rows, "llrrrrrrr"), legend(condition), ...table.notes.map((note) => `  ${plainText(note)}`), ""];
}

// src/report/harmTable.ts
var FIGURES = [
  ["harmful_recall", "harmful recall"],
  ["harmful_action", "harmful action"]
];
function shareText(share) {
  return share === void 0 || share.of === 0 ? "-" : `${formatMetric(share.rate)} (${share.count}/${share.of})`;
}
function layout(e2e, harm) {
  const columns = e2e.conditions.flatMap(
    (condition) => FIGURES.filter(([figure]) => (harm.by_condition[condition]?.[figure].of ?? 0) > 0).map(([figure, title]) => ({ condition, figure, title: `${condition} ${title}` }))
  );
  const defined = (rates) => columns.some(({ condition, figure }) => (rates[condition]?.[figure].of ?? 0) > 0);
  const rows2 = [
    ...Object.entries(harm.abilities).filter(([, rates]) => defined(rates)).map(([name, rates]) => ({ name, all: false, rates })),
    { name: "all", all: true, rates: harm.by_condition }
  ];
  return { columns, rows: rows2 };
}
function emptyRecallSentences(e2e, harm) {
  return e2e.conditions.flatMap((condition) => {
    const rates = harm.by_condition[condition];
    if (!rates?.probes_without_memory) return [];
    const empty = rates.empty_recall;
    const correctness = empty && empty.of > 0 ? `empty recall ${shareText(empty)}: probes of cases that need no history given no memory; ` : "";
    return [`${condition}: ${correctness}recall precision undefined for ${counted(rates.probes_without_memory, "probe", "probes")} given no memory`];
  });
}
function hitText(hit, escape) {
  return `${escape(hit.key, 80)}: ${hit.id !== void 0 ? `${escape(hit.id, 40)} ` : ""}"${escape(hit.text, 160)}" in ${hit.where}${hit.successor !== void 0 ? ` (current: "${escape(hit.successor, 120)}")` : ""}`;
}
function shown(e2e) {
  const harm = e2e.harm;
  if (!harm) return void 0;
  const any = Object.values(harm.by_condition).some((rates) => rates && (rates.harmful_recall.of > 0 || rates.harmful_action.of > 0 || (rates.empty_recall?.of ?? 0) > 0));
  return any ? harm : void 0;
}
function harmMarkdown(e2e, hitsShown = 10, heldout = /* @__PURE__ */ new Set()) {
  const harm = shown(e2e);
  if (!harm) return [];
  const { columns, rows: rows2 } = layout(e2e, harm);
  const lines = ["**Harm** (rate (count/trials where defined)): harmful recall, an obsolete or disallowed memory in the context of any invocation; harmful action, the answer passed the case's harmful check.", ""];
  if (columns.length > 0) {
    lines.push(...markdownTable(["ability", ...columns.map((column) => column.title)], rows2.map((row2) => [row2.all ? "**all**" : cell(row2.name), ...columns.map(({ condition, figure }) => shareText(row2.rates[condition]?.[figure]))])), "");
  }
  const sentences = emptyRecallSentences(e2e, harm);
  if (sentences.length > 0) lines.push(...sentences.map((sentence2) => `- ${sentence2}`), "");
  if (harm.hits_total > 0 && hitsShown > 0) {
    const hits = harm.hits.slice(0, hitsShown);
    lines.push(
      `Harmful recalls under ${e2e.headline_condition} (${harm.hits_total}):`,
      "",
      ...hits.map((hit) => `- ${heldout.has(hit.case) ? `${cell(hit.key, 80)}: (held out) in ${hit.where}` : hitText(hit, (text, max) => cell(text, max))}`),
      ...harm.hits_total > hits.length ? [`- \u2026 and ${harm.hits_total - hits.length} more in trials.jsonl`] : [],
      ""
    );
  }
  return lines;
}
function harmTerminal(e2e, hitsShown = 10) {
  const harm = shown(e2e);
  if (!harm) return [];
  const { columns, rows: rows2 } = layout(e2e, harm);
  const lines = ["harm, rate (count/trials where defined): harmful recall = an obsolete or disallowed memory reached any invocation; harmful action = the harmful check passed (on the answer, or the tool calls and artifacts it reads)"];
  if (columns.length > 0) lines.push(textTable(["ability", ...columns.map((column) => column.title)], rows2.map((row2) => [row2.all ? "all" : plainText(row2.name), ...columns.map(({ condition, figure }) => shareText(row2.rates[condition]?.[figure]))])));
  lines.push(...emptyRecallSentences(e2e, harm).map((sentence2) => `  ${sentence2}`));
  if (harm.hits_total > 0 && hitsShown > 0) {
    lines.push(`harmful recalls under ${e2e.headline_condition} (${harm.hits_total}):`, ...harm.hits.slice(0, hitsShown).map((hit) => `  ${hitText(hit, oneLine)}`));
    if (harm.hits_total > hitsShown) lines.push(`  ... and ${harm.hits_total - Math.min(hitsShown, harm.hits.length)} more in trials.jsonl`);
  }
  return [...lines, ""];
}
function harmCell(note) {
  return note === void 0 ? "" : `<br>\u26A0\uFE0F ${cell(note, 240)}`;
}
function harmParts(e2e, hitsShown = 10) {
  const harm = shown(e2e);
  if (!harm) return void 0;
  const { columns, rows: rows2 } = layout(e2e, harm);
  return {
    header: columns.length > 0 ? ["ability", ...columns.map((column) => column.title)] : [],
    rows: columns.length > 0 ? rows2.map((row2) => ({ ...row2.all ? {} : { ability: row2.name }, cells: [row2.name, ...columns.map(({ condition, figure }) => shareText(row2.rates[condition]?.[figure]))] })) : [],
    sentences: emptyRecallSentences(e2e, harm),
    hits: harm.hits.slice(0, hitsShown).map((hit) => hitText(hit, shorten)),
    hitsTotal: harm.hits_total
  };
}

// src/report/actionLines.ts
var FULL_BOUNDS = { calls: Infinity, artifacts: Infinity, lines: Infinity };
var TERMINAL_BOUNDS = { calls: 10, artifacts: 5, lines: 3 };
var COMMENT_BOUNDS = { calls: 10, artifacts: 3, lines: 10 };
var CALL_CHARS = 240;
function hasActions(actions) {
  return (actions.tool_calls?.length ?? 0) + (actions.artifacts?.length ?? 0) > 0;
}
function callText(call) {
  return `${call.name} ${call.raw ?? JSON.stringify(call.arguments ?? {})}`;
}
function artifactBytes(artifact) {
  return artifact.bytes ?? Buffer.byteLength(artifact.content, "utf8");
}
function bounded(items, leftOutBefore, max) {
  const all = items ?? [];
  const shown2 = all.slice(0, max);
  return { shown: shown2, leftOut: all.length - shown2.length + (leftOutBefore ?? 0) };
}
function contentLines(content) {
  const text = plainBlock(content).replace(/\n+$/, "");
  return text === "" ? [] : text.split("\n");
}
function actionLinesText(actions, indent = "    ", bounds = TERMINAL_BOUNDS) {
  const calls = bounded(actions.tool_calls, actions.tool_calls_left_out, bounds.calls);
  const artifacts = bounded(actions.artifacts, actions.artifacts_left_out, bounds.artifacts);
  const lines = calls.shown.map((call) => `${indent}tool call: ${oneLine(callText(call), CALL_CHARS)}${call.error === void 0 ? "" : ` (refused: ${oneLine(call.error, 160)})`}`);
  if (calls.leftOut > 0) lines.push(`${indent}\u2026 and ${counted(calls.leftOut, "more tool call", "more tool calls")} in trials.jsonl`);
  for (const artifact of artifacts.shown) {
    const all = contentLines(artifact.content);
    const first = all.slice(0, bounds.lines).map(plainText).join(" \u23CE ");
    const preview = shorten(all.length > bounds.lines ? `${first} \u23CE \u2026` : first, 200);
    lines.push(`${indent}artifact: ${oneLine(artifact.path, 120)} (${artifactBytes(artifact)} bytes): ${preview}`);
  }
  if (artifacts.leftOut > 0) lines.push(`${indent}\u2026 and ${counted(artifacts.leftOut, "more artifact", "more artifacts")} in trials.jsonl`);
  return lines;
}
function fenceFor(text) {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  return "`".repeat(Math.max(3, longest + 1));
}
function actionDetails(key, actions, bounds = FULL_BOUNDS) {
  if (!hasActions(actions)) return [];
  const calls = bounded(actions.tool_calls, actions.tool_calls_left_out, bounds.calls);
  const artifacts = bounded(actions.artifacts, actions.artifacts_left_out, bounds.artifacts);
  const counts = [
    ...calls.shown.length > 0 ? [counted(calls.shown.length + calls.leftOut, "tool call", "tool calls")] : [],
    ...artifacts.shown.length > 0 ? [counted(artifacts.shown.length + artifacts.leftOut, "artifact", "artifacts")] : []
  ];
  const lines = [`<details><summary>What ${htmlCell(key, 80)} did: ${counts.join(", ")}</summary>`, ""];
  if (calls.shown.length > 0) {
    lines.push("Tool calls of the probe, in order:", "");
    calls.shown.forEach((call, index) => lines.push(`${index + 1}. ${cell(callText(call), CALL_CHARS)}${call.error === void 0 ? "" : ` \u2014 **refused:** ${cell(call.error, 200)}`}`));
    lines.push("");
  }
  if (calls.leftOut > 0) lines.push(`\u2026 and ${counted(calls.leftOut, "more tool call", "more tool calls")} in trials.jsonl`, "");
  for (const artifact of artifacts.shown) {
    const all = contentLines(artifact.content);
    const shown2 = all.slice(0, bounds.lines).join("\n");
    const fence = fenceFor(shown2);
    lines.push(`Artifact ${cell(artifact.path, 200)} (${artifactBytes(artifact)} bytes${artifact.truncated ? ", cut" : ""}):`, "", fence, ...shown2 === "" ? [] : [shown2], fence, "");
    if (all.length > bounds.lines) lines.push(`\u2026 and ${counted(all.length - bounds.lines, "more line", "more lines")} in report.md and trials.jsonl`, "");
  }
  if (artifacts.leftOut > 0) lines.push(`\u2026 and ${counted(artifacts.leftOut, "more artifact", "more artifacts")} in trials.jsonl`, "");
  lines.push("</details>", "");
  return lines;
}

// src/report/stageLines.ts
function failingText(counts) {
  return `${failingCount(counts)} failing: ${stageCountsText(counts)}`;
}
function stageLines(e2e, escape, abilities) {
  const stages = e2e.stages;
  if (!stages) return [];
  const recall = stages.by_condition.recall;
  const oracle = stages.by_condition.oracle;
  const failing = recall ? failingCount(recall) : 0;
  const reasons = Object.entries(stages.unknown_reasons).map(([reason, count]) => `${reason} (${count})`);
  const lines = [];
  if (failing > 0 && recall.unknown === failing) {
    lines.push(`${failing === 1 ? "the 1 failing trial under recall has" : `all ${failing} failing trials under recall have`} no known stage: ${reasons.join("; ")}`);
  } else if (failing > 0) {
    for (const ability of abilities ?? Object.keys(stages.abilities)) {
      const counts = Object.hasOwn(stages.abilities, ability) ? stages.abilities[ability].recall : void 0;
      if (counts && failingCount(counts) > 0) lines.push(`${escape(ability)}: ${failingText(counts)}`);
    }
    lines.push(`all: ${failingText(recall)}`);
    if (reasons.length > 0) lines.push(`stage unknown: ${reasons.join("; ")}`);
  }
  if (oracle && failingCount(oracle) > 0) lines.push(`oracle: ${failingCount(oracle)} failing, all misread (the evidence was handed in)`);
  return lines;
}
function stagesAllUnknown(e2e) {
  const recall = e2e.stages?.by_condition.recall;
  return recall !== void 0 && failingCount(recall) > 0 && recall.unknown === failingCount(recall);
}
function stageLabel(stage) {
  if (!stage?.stage) return void 0;
  return stage.stage_reason ? `${STAGE_LABELS[stage.stage]} (${stage.stage_reason})` : STAGE_LABELS[stage.stage];
}
function stageName(stage) {
  return stage?.stage ? STAGE_LABELS[stage.stage] : "";
}
function memoryWarning(e2e) {
  return e2e ? emptyMemoryWarning(e2e.stages) ?? rewordedMemoryWarning(e2e.stages) : void 0;
}
var STAGE_INTRO = "where the failures under recall live: not stored (the evidence is in no memory after the sessions), not recalled (stored, not in what the probe recalled), obsolete recalled (recalled beside an obsolete memory), misread (everything needed recalled, the answer still wrong)";

// src/report/intros.ts
function retrievalIntro(retrieval) {
  const without = withoutRelevantText(retrieval);
  return `${counted(retrieval.memory_count, "memory", "memories")}, ${counted(retrieval.query_count, "query", "queries")}, top ${retrieval.depth} per search. Metrics follow trec_eval's definitions (recall_all@k: LongMemEval's); ${without ? `every query with a relevant memory counts in each mean; ${without}` : "every query counts in each mean"}. [low, high] n: ${RETRIEVAL_INTERVAL_DEFINITION}; ${retrievalUnitText(retrieval)}.`;
}
var GROUP_METRICS_NOTE = "each memory counts as its group; the first k distinct groups are the top k";
var E2E_INTERVAL_UNITS = "n cases, a plant_from history counting once";
function e2eTrialCount(e2e) {
  return Object.values(e2e.by_condition).reduce((sum, rates) => sum + (rates?.trials ?? 0), 0);
}
function e2eIntro(e2e, escape) {
  const trials = e2eTrialCount(e2e);
  return `${counted(Object.keys(e2e.cases).length, "case", "cases")}, ${counted(e2e.repeat, "repeat", "repeats")}, ${e2e.conditions.length === 1 ? "condition" : "conditions"} ${e2e.conditions.join(", ")}: ${counted(trials, "trial", "trials")} against ${escape(e2e.target.kind)}${e2e.target.model ? ` (${escape(e2e.target.model)})` : ""}; the headline condition is ${e2e.headline_condition}. ${sentence(RATE_LEGEND)} [low, high] n: ${INTERVAL_DEFINITION}; ${E2E_INTERVAL_UNITS}.`;
}

// src/report/errorGroups.ts
var REASON_SHOWN = 1e3;
function errorGroups(errors, max, shown2) {
  const byReason = [...groupBy(errors, (error) => error.reason).entries()];
  const groups = byReason.slice(0, max).map(([reason, ended]) => {
    const named = ended.slice(0, 3).map((error) => shown2(error.key));
    return { reason, trials: ended.length === 1 ? named[0] : `${counted(ended.length, "trial", "trials")} (${named.join(", ")}${ended.length > named.length ? ", ..." : ""})` };
  });
  return { groups, more: Math.max(0, byReason.length - max) };
}
function moreReasonsText(more) {
  return more > 0 ? `... and ${counted(more, "other reason", "other reasons")} in trials.jsonl` : void 0;
}

export {
  costLines,
  commentCostLine,
  TAG_TABLES_NOTE,
  tagTables,
  withoutRelevantText,
  retrievalUnitText,
  stalenessTable,
  haystackIntro,
  haystackByFraction,
  haystackByMetric,
  haystackSummary,
  selectionText,
  selectionParts,
  faultTableText,
  faultTableMarkdown,
  faultTableParts,
  crossUserText,
  isolationLines,
  graderTable,
  legend,
  graderTableMarkdown,
  graderTableText,
  harmMarkdown,
  harmTerminal,
  harmCell,
  harmParts,
  COMMENT_BOUNDS,
  hasActions,
  actionLinesText,
  actionDetails,
  stageLines,
  stagesAllUnknown,
  stageLabel,
  stageName,
  memoryWarning,
  STAGE_INTRO,
  retrievalIntro,
  GROUP_METRICS_NOTE,
  E2E_INTERVAL_UNITS,
  e2eTrialCount,
  e2eIntro,
  REASON_SHOWN,
  errorGroups,
  moreReasonsText
};
