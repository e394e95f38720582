import {
  oneLine,
  textTable
} from "./chunk-NAOT7ORW.js";
import {
  MDE_DEFINITION,
  STAGE_LABELS,
  intervalUnitOf,
  resamplingUnit,
  unitKey
} from "./chunk-FB442OMY.js";
import {
  scoredQueries
} from "./chunk-6YEWKYUG.js";
import {
  BEYOND_NOISE_LEGEND,
  INTERVAL_DEFINITION,
  beyondNoise,
  excludesZero,
  sharedAloneText,
  unitNoun,
  unitWords
} from "./chunk-IDDU4GRI.js";
import {
  cell,
  shorten
} from "./chunk-VVMQOGTA.js";
import {
  counted
} from "./chunk-EMJKK5FL.js";

// src/report/gateFormat.ts
function formatNumber(value, signed = false) {
  if (value === void 0 || Number.isNaN(value)) return "-";
  const digits = Math.abs(value) >= 100 ? 1 : 3;
  const text = value.toFixed(digits);
  return signed && value >= 0 && !/^-/.test(text) ? `+${text}` : text;
}
function formatInterval(row) {
  if (!row.interval) return "-";
  const [low, high] = row.interval;
  return `[${formatNumber(low, true)}, ${formatNumber(high, true)}]${row.pairing ? ` (${pairingText(row.pairing)})` : ""}${row.significant ? " *" : ""}`;
}
function formatMde(row) {
  if (row.mde === void 0) return "-";
  return `${formatNumber(row.mde)}${row.power?.underpowered ? " !" : ""}`;
}
var STATUS_TEXT = { pass: "pass", fail: "FAIL", skipped: "skipped", "not-evaluated": "not evaluated" };
function verdictText(verdict) {
  const withMde = verdict.rows.some((row) => row.mde !== void 0);
  const rows2 = verdict.rows.map((row) => [
    oneLine(row.path, 200),
    oneLine(row.aggregation && row.aggregation !== "mean" ? `${row.metric} (${row.aggregation})` : row.metric, 200),
    oneLine(row.threshold, 100),
    ...withMde ? [formatMde(row)] : [],
    formatNumber(row.actual),
    formatNumber(row.baseline),
    formatNumber(row.delta, true),
    formatInterval(row),
    `${STATUS_TEXT[row.status]}${row.blocking ? " (blocking)" : ""}`
  ]);
  const header = ["gate", "metric", "threshold", ...withMde ? ["mde"] : [], "actual", "baseline", "delta", "95% CI of delta", "status"];
  const lines = [textTable(header, rows2, withMde ? "lllrrrrrl" : "lllrrrrl")];
  const notes = verdict.rows.filter((row) => row.note).map((row) => `  ${row.path}: ${oneLine(row.note, 500)}`);
  if (notes.length > 0) lines.push("", "notes:", ...notes);
  if (verdict.rows.some((row) => row.significant)) lines.push("", BEYOND_NOISE_LEGEND);
  if (withMde) lines.push("", `${MDE_DEFINITION}${verdict.rows.some((row) => row.power?.underpowered) ? "; ! the bound is below it (underpowered)" : ""}`);
  const split = splitLine(verdict);
  lines.push("", ...split ? [split] : [], verdictLine(verdict));
  return `${lines.join("\n")}
`;
}
function splitLine(verdict) {
  if (!verdict.split) return void 0;
  const { name, cases, queries } = verdict.split;
  return `gate decided on the ${name} split: ${counted(cases, "case", "cases")}, ${counted(queries, "query", "queries")}`;
}
function verdictLine(verdict) {
  const count = (status) => verdict.rows.filter((row) => row.status === status).length;
  const tally = [`${count("pass")} passed`, `${count("fail")} failed`, `${count("skipped")} skipped`, `${count("not-evaluated")} not evaluated`].join(", ");
  const blocking = verdict.blockingFailures.length > 0 ? `; blocking: ${verdict.blockingFailures.map((failure) => oneLine(failure, 200)).join("; ")}` : "";
  const mismatch = verdict.baselineSuiteMismatch ? `; ${baselineMismatchText(verdict.baselineSuiteMismatch)}` : "";
  return `gate ${verdict.status === "pass" ? "PASSED" : "FAILED"} (${tally})${verdict.hasBaseline ? "" : ", no baseline"}${blocking}${mismatch}`;
}
function baselineMismatchText(mismatch) {
  return `WARNING: the baseline is a run of another suite ("${oneLine(mismatch.baseline, 100)}", this run is "${oneLine(mismatch.current, 100)}"), so its changes compare different suites`;
}
function pairingText(change) {
  if (!change) return "-";
  const oneSide = change.added + change.removed > 0 ? `, ${change.added} added, ${change.removed} removed` : "";
  return `${change.paired ? "paired" : "unpaired"}, ${change.shared} shared${change.unit ? ` ${unitNoun(change.unit, change.shared)}` : ""}${oneSide}`;
}
function sharedOnlyText(change, unit) {
  const text = change && sharedAloneText(change, unit);
  return text ? `; ${text}` : "";
}
function comparisonText(rows2) {
  if (rows2.length === 0) return "no metric in common between the two runs\n";
  return `${textTable(
    ["metric", "baseline", "current", "delta", "95% CI of delta", "units"],
    rows2.map((row) => [
      // The key holds provider, ability, condition and grader names read from the results folders: plain text.
      oneLine(row.metric, 200),
      formatNumber(row.baseline),
      formatNumber(row.current),
      formatNumber(row.delta, true),
      row.change ? formatInterval({ interval: row.change.interval, significant: beyondNoise(row.change) }) : "-",
      pairingText(row.change && { ...row.change, ...row.unit ? { unit: row.unit } : {} }) + sharedOnlyText(row.change, row.unit)
    ]),
    "lrrrrl"
  )}

intervals: ${INTERVAL_DEFINITION}; paired on the units both runs share where enough are shared (the units column says which)${rows2.some((row) => row.change && excludesZero(row.change.interval)) ? `; ${BEYOND_NOISE_LEGEND}` : ""}
`;
}
var MAX_LISTED = 20;
function listed(names) {
  const shown = names.slice(0, MAX_LISTED).map((name) => oneLine(name, 80));
  return `${shown.join(", ")}${names.length > MAX_LISTED ? `, ... and ${names.length - MAX_LISTED} more` : ""}`;
}
function flipLines(label, flips) {
  return [
    `  ${oneLine(label, 80)}: ${counted(flips.shared, "shared case", "shared cases")}; ${mcnemarText(flips.mcnemar)}`,
    ...flips.pass_to_fail.length > 0 ? [`    pass -> fail: ${listed(flips.pass_to_fail)}`] : [],
    ...flips.fail_to_pass.length > 0 ? [`    fail -> pass: ${listed(flips.fail_to_pass)}`] : []
  ];
}
var rankText = (rank) => rank === null ? "none" : String(rank);
function rankLines(label, changes) {
  if (changes.length === 0) return [];
  const shown = changes.slice(0, MAX_LISTED).map((change) => `${oneLine(change.id, 60)} (${rankText(change.before)} -> ${rankText(change.after)})`);
  return [`    ${label}: ${shown.join(", ")}${changes.length > MAX_LISTED ? `, ... and ${changes.length - MAX_LISTED} more` : ""}`];
}
var FIRST_RANK_NOTE = "regressions in the changes summary count a query by every relevant memory in the top k instead";
function pairedText(changes) {
  const lines = [];
  const cases = changes.cases;
  if (cases) {
    lines.push(`cases under ${cases.condition} (a case passes when more than half of its repeats passed):`);
    for (const [ability, flips] of Object.entries(cases.abilities)) lines.push(...flipLines(ability, flips));
    lines.push(...flipLines("all", cases.overall));
    if (cases.added.length + cases.removed.length > 0) lines.push(`  ${counted(cases.added.length, "case", "cases")} added, ${cases.removed.length} removed (not paired)${cases.added.length ? `; added: ${listed(cases.added)}` : ""}${cases.removed.length ? `; removed: ${listed(cases.removed)}` : ""}`);
    lines.push("");
  }
  if (changes.queries.length > 0) {
    lines.push(`queries, first relevant rank (baseline -> current; ${FIRST_RANK_NOTE}):`);
    for (const provider of changes.queries) {
      lines.push(`  ${oneLine(provider.provider, 80)}: ${provider.worse.length} worse, ${provider.better.length} better, ${provider.same} same of ${provider.shared} shared; ${wilcoxonText(provider.wilcoxon, provider)}`);
      lines.push(...rankLines("worse", provider.worse), ...rankLines("better", provider.better));
      if (provider.added.length + provider.removed.length > 0) lines.push(`    ${counted(provider.added.length, "query", "queries")} added, ${provider.removed.length} removed (not paired)`);
    }
    lines.push("");
  }
  return lines.join("\n");
}
function mcnemarText(result) {
  const over = result.groups ? ` over ${result.groups.units} case groups (of ${result.groups.cases} cases: those sharing a history or a plant_from chain are one, passing when most of its cases pass)` : "";
  const count = (value) => result.groups ? counted(value, "group", "groups") : String(value);
  return `${result.test}${over}: b=${count(result.b)} pass->fail, c=${count(result.c)} fail->pass (n=${result.n}), p=${pValue(result.p)}`;
}
function wilcoxonText(result, over) {
  const on = over?.unit ? `on each ${unitNoun(over.unit, 1)}'s mean reciprocal-rank change over its shared queries (${unitWords(over.unit, over.units ?? 0)})` : "on reciprocal rank";
  return `${result.test} (${result.exact ? "exact" : "normal approximation"}) ${on}: n=${result.n} non-zero (${result.zeros} unchanged), W+=${result.w_plus}, W-=${result.w_minus}, p=${pValue(result.p)}`;
}
function pValue(p) {
  return p < 1e-3 ? p.toExponential(1) : p.toFixed(3);
}

// src/stats/paired.ts
var WILCOXON_EXACT_MAX = 100;
var ZERO = 1e-12;
function binomialTwoSided(b, c) {
  const n = b + c;
  if (n === 0) return 1;
  const k = Math.min(b, c);
  let logTerm = -n * Math.LN2;
  let tail = Math.exp(logTerm);
  for (let i = 1; i <= k; i++) {
    logTerm += Math.log(n - i + 1) - Math.log(i);
    tail += Math.exp(logTerm);
  }
  return Math.min(1, 2 * tail);
}
function mcnemarExact(b, c) {
  return { test: "exact McNemar", b, c, n: b + c, p: binomialTwoSided(b, c) };
}
function signedRanks(differences) {
  const order = differences.map((value, index) => ({ size: Math.abs(value), index })).sort((a, b) => a.size - b.size);
  const ranks = new Array(differences.length);
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && Math.abs(order[end + 1].size - order[start].size) <= ZERO) end++;
    const rank = (start + end + 2) / 2;
    for (let i = start; i <= end; i++) ranks[order[i].index] = rank;
    start = end + 1;
  }
  return ranks;
}
function wilcoxonSignedRank(differences) {
  const nonZero = differences.filter((value) => Math.abs(value) > ZERO);
  const zeros = differences.length - nonZero.length;
  const ranks = signedRanks(nonZero);
  const n = nonZero.length;
  let wPlus = 0;
  nonZero.forEach((value, i) => {
    if (value > 0) wPlus += ranks[i];
  });
  const total = n * (n + 1) / 2;
  const base = { test: "Wilcoxon signed-rank", n, zeros, w_plus: wPlus, w_minus: total - wPlus };
  if (n === 0) return { ...base, p: 1, exact: true };
  if (n <= WILCOXON_EXACT_MAX) {
    const doubled = ranks.map((rank) => Math.round(rank * 2));
    const max = doubled.reduce((a, b) => a + b, 0);
    let dist = new Float64Array(max + 1);
    dist[0] = 1;
    let reach = 0;
    for (const rank of doubled) {
      const next = new Float64Array(max + 1);
      for (let s = 0; s <= reach; s++) {
        const half = dist[s] / 2;
        if (half === 0) continue;
        next[s] = next[s] + half;
        next[s + rank] = next[s + rank] + half;
      }
      reach += rank;
      dist = next;
    }
    const observed = Math.round(wPlus * 2);
    let lower = 0;
    let upper = 0;
    for (let s = 0; s <= max; s++) {
      if (s <= observed) lower += dist[s];
      if (s >= observed) upper += dist[s];
    }
    return { ...base, p: Math.min(1, 2 * Math.min(lower, upper)), exact: true };
  }
  const ties = /* @__PURE__ */ new Map();
  for (const rank of ranks) ties.set(rank, (ties.get(rank) ?? 0) + 1);
  const tieTerm = [...ties.values()].reduce((sum, t) => sum + (t * t * t - t), 0) / 48;
  const variance = n * (n + 1) * (2 * n + 1) / 24 - tieTerm;
  const z = variance === 0 ? 0 : Math.max(0, Math.abs(wPlus - total / 2) - 0.5) / Math.sqrt(variance);
  return { ...base, p: Math.min(1, 2 * (1 - normalCdf(z))), exact: false };
}
function normalCdf(z) {
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const density = Math.exp(-z * z / 2) / Math.sqrt(2 * Math.PI);
  const tail = density * t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return z >= 0 ? 1 - tail : tail;
}

// src/gate/paired.ts
function casePasses(rates) {
  return rates.passed * 2 > rates.trials;
}
function caseChanges(baseline, current) {
  const condition = current.headline_condition;
  if (baseline.headline_condition !== condition) return void 0;
  const flips = () => ({ shared: 0, pass_to_fail: [], fail_to_pass: [], mcnemar: mcnemarExact(0, 0) });
  const overall = flips();
  const abilities = {};
  const members = /* @__PURE__ */ new Map();
  const added = [];
  for (const [name, result] of Object.entries(current.cases)) {
    const now = result.conditions[condition];
    const before = Object.hasOwn(baseline.cases, name) ? baseline.cases[name].conditions[condition] : void 0;
    if (!now || !before) {
      if (now) added.push(name);
      continue;
    }
    const mine = abilities[result.ability] ??= flips();
    for (const group of [overall, mine]) {
      group.shared += 1;
      members.set(group, [...members.get(group) ?? [], name]);
      if (casePasses(before) && !casePasses(now)) group.pass_to_fail.push(name);
      if (!casePasses(before) && casePasses(now)) group.fail_to_pass.push(name);
    }
  }
  for (const group of [overall, ...Object.values(abilities)]) group.mcnemar = flipTest(group, members.get(group) ?? [], current.cases, baseline.cases, condition);
  const removed = Object.keys(baseline.cases).filter((name) => !Object.hasOwn(current.cases, name) || !current.cases[name].conditions[condition]);
  return { condition, overall, abilities: Object.fromEntries(Object.entries(abilities).sort(([a], [b]) => a < b ? -1 : 1)), added, removed };
}
function flipTest(group, names, current, baseline, condition) {
  const units2 = /* @__PURE__ */ new Map();
  for (const name of names) {
    const unit = resamplingUnit(name, current[name]);
    const tally = units2.get(unit) ?? { before: 0, now: 0, cases: 0 };
    tally.cases += 1;
    if (casePasses(baseline[name].conditions[condition])) tally.before += 1;
    if (casePasses(current[name].conditions[condition])) tally.now += 1;
    units2.set(unit, tally);
  }
  if (units2.size === names.length) return mcnemarExact(group.pass_to_fail.length, group.fail_to_pass.length);
  let b = 0;
  let c = 0;
  for (const { before, now, cases } of units2.values()) {
    const passedBefore = before * 2 > cases;
    const passesNow = now * 2 > cases;
    if (passedBefore && !passesNow) b += 1;
    if (!passedBefore && passesNow) c += 1;
  }
  return { ...mcnemarExact(b, c), groups: { units: units2.size, cases: names.length } };
}
function firstRelevantRank(query) {
  const found = Object.values(query.ranks).filter((rank) => rank !== null);
  return found.length === 0 ? null : Math.min(...found);
}
var reciprocal = (rank) => rank === null ? 0 : 1 / rank;
function pairById(baseline, current, id) {
  const before = new Map(baseline.map((unit) => [id(unit), unit]));
  const pairs = [];
  const added = [];
  for (const unit of current) {
    const prior = before.get(id(unit));
    if (prior === void 0) added.push(id(unit));
    else pairs.push([prior, unit]);
  }
  const now = new Set(current.map(id));
  return { pairs, added, removed: baseline.map(id).filter((key) => !now.has(key)) };
}
function pairQueries(baseline, current) {
  return pairById(scoredQueries(baseline.queries), scoredQueries(current.queries), (query) => query.id);
}
function queryChanges(baseline, current, unit = "query") {
  const { pairs, added, removed } = pairQueries(baseline, current);
  const worse = [];
  const better = [];
  const differences = [];
  const byUnit = /* @__PURE__ */ new Map();
  for (const [prior, query] of pairs) {
    const change = { id: query.id, before: firstRelevantRank(prior), after: firstRelevantRank(query) };
    const difference = reciprocal(change.after) - reciprocal(change.before);
    differences.push(difference);
    const key = unitKey(query, unit);
    const members = byUnit.get(key);
    if (members) members.push(difference);
    else byUnit.set(key, [difference]);
    if (difference < -ZERO) worse.push(change);
    else if (difference > ZERO) better.push(change);
  }
  const perUnit = unit === "query" ? void 0 : [...byUnit.values()].map((members) => members.reduce((a, b) => a + b, 0) / members.length);
  return {
    provider: current.name,
    shared: differences.length,
    worse,
    better,
    same: differences.length - worse.length - better.length,
    wilcoxon: wilcoxonSignedRank(perUnit ?? differences),
    ...perUnit && unit !== "query" ? { unit, units: perUnit.length } : {},
    added,
    removed
  };
}
function pairedChanges(baseline, current) {
  const queries = [];
  const unit = intervalUnitOf(current);
  for (const [name, provider] of Object.entries(current.retrieval?.providers ?? {})) {
    const prior = baseline.retrieval?.providers[name];
    if (provider.status === "ok" && prior?.status === "ok") queries.push(queryChanges(prior, provider, unit));
  }
  const cases = current.e2e && baseline.e2e ? caseChanges(baseline.e2e, current.e2e) : void 0;
  return { ...cases ? { cases } : {}, queries };
}

// src/gate/provenanceChanges.ts
var ROLE_NAME = { chat: "chat model", judge: "judge model", embeddings: "embedding model" };
var shortCommit = (commit) => /^[0-9a-f]{40,64}$/.test(commit) ? commit.slice(0, 12) : commit;
var answeredText = (model) => model.answered?.length ? model.answered.join(", ") : "(not asked)";
var GIT_PENDING = "git had not answered when this was written";
function provenanceChanges(baseline, current) {
  const before = baseline.provenance;
  const after = current.provenance;
  if (!before || !after) {
    const which = !before && !after ? "neither run records any" : !before ? "the baseline records no" : "this run records no";
    return { changes: [], unknown: `${which} provenance (written by an older recall-gate), so what differs besides the figures is not known` };
  }
  const changes = [];
  const changed = (what, was2, now2) => {
    if (was2 !== now2) changes.push(`${what} ${was2} -> ${now2}`);
  };
  changed("recall-gate", before.recall_gate, after.recall_gate);
  changed("Node", before.node, after.node);
  changed("OS", osText(before.os), osText(after.os));
  const pending = [before.git.note === GIT_PENDING ? "the baseline" : void 0, after.git.note === GIT_PENDING ? "this run" : void 0].filter(Boolean);
  if (pending.length > 0) {
    changes.push(`the commit of ${pending.join(" and of ")} is not known: the run stopped before git answered`);
  } else {
    changed("commit", shortCommit(before.git.commit), shortCommit(after.git.commit));
    if (after.git.dirty === true && before.git.dirty !== true) changes.push("this run has uncommitted changes to tracked files");
    if (before.git.dirty === true && after.git.dirty !== true) changes.push("the baseline had uncommitted changes to tracked files");
  }
  changes.push(...fileChanges(before.files, after.files));
  changes.push(...modelChanges(before.models, after.models));
  if ((before.judge_prompt_sha256 ?? "") !== (after.judge_prompt_sha256 ?? "") && before.judge_prompt_sha256 && after.judge_prompt_sha256) {
    changes.push("recall-gate's judge instructions changed");
  }
  changes.push(...adapterChanges(before.adapters, after.adapters));
  const [was, now] = [before.dataset, after.dataset];
  if (was && now && (was.sha256 !== now.sha256 || was.format !== now.format)) changes.push(`imported dataset changed: ${was.format} ${was.source} (${(was.sha256 ?? "?").slice(0, 12)}) -> ${now.format} ${now.source} (${(now.sha256 ?? "?").slice(0, 12)})`);
  else if (!was && now) changes.push(`now imported from ${now.format} ${now.source}`);
  else if (was && !now) changes.push(`no longer an import of ${was.format} ${was.source}`);
  return { changes };
}
function osText(os) {
  return `${os.platform} ${os.release} ${os.arch}`;
}
function fileChanges(before, after) {
  const lines = [];
  for (const [path, hash] of Object.entries(after)) {
    if (!Object.hasOwn(before, path)) lines.push(`${path} added`);
    else if (before[path] !== hash) lines.push(`${path} changed`);
  }
  for (const path of Object.keys(before)) if (!Object.hasOwn(after, path)) lines.push(`${path} removed`);
  return lines;
}
function modelChanges(before, after) {
  const lines = [];
  const key = (model) => `${model.role}
${model.where}`;
  const was = new Map(before.map((model) => [key(model), model]));
  const seen = /* @__PURE__ */ new Set();
  for (const model of after) {
    const prior = was.get(key(model));
    seen.add(key(model));
    const role = ROLE_NAME[model.role];
    const where = model.where === "e2e.target" || model.where === "e2e.judge" ? "" : ` (${model.where})`;
    if (!prior) {
      lines.push(`${role}${where} ${model.requested} added`);
      continue;
    }
    if (prior.requested !== model.requested) lines.push(`${role}${where} ${prior.requested} -> ${model.requested}`);
    else if (prior.answered?.length && model.answered?.length && answeredText(prior) !== answeredText(model)) lines.push(`${role}${where} ${model.requested} answered as ${answeredText(prior)} -> ${answeredText(model)}`);
    if ((prior.endpoint ?? "") !== (model.endpoint ?? "")) lines.push(`${role}${where} endpoint ${prior.endpoint ?? "(none)"} -> ${model.endpoint ?? "(none)"}`);
  }
  for (const model of before) if (!seen.has(key(model))) lines.push(`${ROLE_NAME[model.role]} (${model.where}) ${model.requested} removed`);
  return lines;
}
function adapterChanges(before, after) {
  const lines = [];
  const was = new Map(before.map((adapter) => [adapter.where, adapter]));
  for (const adapter of after) {
    const prior = was.get(adapter.where);
    if (!prior) {
      lines.push(`adapter ${adapter.where} added: ${adapter.command.join(" ")}`);
      continue;
    }
    if (prior.command.join("\0") !== adapter.command.join("\0")) lines.push(`adapter ${adapter.where} command ${prior.command.join(" ")} -> ${adapter.command.join(" ")}`);
    if (prior.script && adapter.script && prior.script.sha256 !== adapter.script.sha256) lines.push(`${adapter.script.path} (the script of adapter ${adapter.where}) changed`);
    for (const line of fileChanges(prior.lockfiles, adapter.lockfiles)) lines.push(`${line.replace(/ (added|changed|removed)$/, "")} (a lockfile of adapter ${adapter.where}) ${/ (added|changed|removed)$/.exec(line)[1]}`);
  }
  for (const adapter of before) if (!after.some((one) => one.where === adapter.where)) lines.push(`adapter ${adapter.where} removed`);
  return lines;
}

// src/report/provenanceLines.ts
var HEADING = "What differs from the baseline";
var NOTHING = "nothing recorded differs (recall-gate, Node and OS, commit, the suite's files, models, judge instructions, adapters with their scripts and lockfiles)";
function provenanceText(origin) {
  if (origin.unknown) return `${HEADING.toLowerCase()}: ${oneLine(origin.unknown, 300)}
`;
  if (origin.changes.length === 0) return `${HEADING.toLowerCase()}: ${NOTHING}
`;
  return `${HEADING.toLowerCase()}:
${origin.changes.map((change) => `  - ${oneLine(change, 300)}`).join("\n")}
`;
}
function provenanceMarkdown(origin, shown = origin.changes.length) {
  if (origin.unknown) return [`### ${HEADING}`, "", cell(origin.unknown, 300), ""];
  if (origin.changes.length === 0) return [`### ${HEADING}`, "", cell(NOTHING, 300), ""];
  const listed2 = origin.changes.slice(0, shown).map((change) => `- ${cell(change, 300)}`);
  const more = origin.changes.length > shown ? [`- \u2026 and ${origin.changes.length - shown} more`] : [];
  return [`### ${HEADING}`, "", ...listed2, ...more, ""];
}

// src/gate/changes.ts
function changesAgainst(baseline, current, trials = []) {
  const retrieval = baseline.retrieval && current.retrieval ? retrievalChanges(baseline, current) : void 0;
  const e2e = baseline.e2e && current.e2e ? e2eChanges(baseline.e2e, current.e2e, trials) : void 0;
  return {
    baseline: {
      suite: baseline.suite.name,
      ...baseline.run_id ? { run_id: baseline.run_id } : {},
      started_at: baseline.started_at,
      ...baseline.commit ? { commit: baseline.commit } : {}
    },
    ...retrieval ? { retrieval } : {},
    ...e2e ? { e2e } : {}
  };
}
function changeCounts(changes) {
  const providers = changes.retrieval?.providers ?? [];
  return {
    regressions: (changes.e2e?.pass_to_fail.length ?? 0) + providers.reduce((sum, provider) => sum + provider.newly_missed.length, 0),
    improvements: (changes.e2e?.fail_to_pass.length ?? 0) + providers.reduce((sum, provider) => sum + provider.newly_hit.length, 0)
  };
}
function retrievalChanges(baseline, current) {
  const [was, now] = [baseline.retrieval, current.retrieval];
  const k = [...now.k].filter((cut2) => cut2 <= was.depth).sort((a, b) => a - b);
  const providers = [];
  const leftOut2 = [];
  for (const [name, provider] of Object.entries(now.providers)) {
    const prior = Object.hasOwn(was.providers, name) ? was.providers[name] : void 0;
    if (provider.status === "ok" && prior?.status === "ok") providers.push(providerChanges(prior, provider, k));
    else leftOut2.push(name);
  }
  for (const name of Object.keys(was.providers)) if (!Object.hasOwn(now.providers, name)) leftOut2.push(name);
  return { k, providers, providers_left_out: leftOut2 };
}
function worstRank(query) {
  const ranks = Object.values(query.ranks);
  if (ranks.length === 0) return Infinity;
  return Math.max(...ranks.map((rank) => rank ?? Infinity));
}
var reciprocal2 = (rank) => rank === Infinity ? 0 : 1 / rank;
function providerChanges(baseline, current, k) {
  const { pairs, added, removed } = pairQueries(baseline, current);
  const missed = [];
  const hit = [];
  for (const [prior, query] of pairs) {
    const [before, now] = [worstRank(prior), worstRank(query)];
    if (before === now) continue;
    const at = k.filter((cut2) => before <= cut2 !== now <= cut2);
    if (at.length === 0) continue;
    const change = { id: query.id, text: query.text, at, ranks: memoryRanks(prior, query) };
    (now > before ? missed : hit).push({ change, size: Math.abs(reciprocal2(before) - reciprocal2(now)) });
  }
  const ordered = (flips) => flips.sort((a, b) => b.size - a.size || b.change.at.length - a.change.at.length || byName(a.change.id, b.change.id)).map((flip) => flip.change);
  const [newlyMissed, newlyHit] = [ordered(missed), ordered(hit)];
  return {
    provider: current.name,
    compared: pairs.length,
    left_out: { now_only: added.length, baseline_only: removed.length },
    by_k: k.map((cut2) => ({ k: cut2, newly_missed: newlyMissed.filter((q) => q.at.includes(cut2)).length, newly_hit: newlyHit.filter((q) => q.at.includes(cut2)).length })),
    newly_missed: newlyMissed,
    newly_hit: newlyHit
  };
}
function memoryRanks(prior, query) {
  return Object.entries(query.ranks).map(([memory, now]) => {
    const listed2 = prior.results.findIndex((result) => result.id === memory);
    const baseline = Object.hasOwn(prior.ranks, memory) ? prior.ranks[memory] : listed2 < 0 ? null : listed2 + 1;
    return { memory, baseline, now };
  });
}
function units(e2e) {
  return Object.entries(e2e.cases).flatMap(
    ([name, result]) => e2e.conditions.flatMap((condition) => {
      const rates = result.conditions[condition];
      return rates ? [{ case: name, ability: result.ability, condition, rates }] : [];
    })
  );
}
var unitId = (unit) => `${unit.case}\0${unit.condition}`;
var rateOf = (rates) => rates.trials === 0 ? 0 : rates.passed / rates.trials;
function e2eChanges(baseline, current, trials) {
  const { pairs, added, removed } = pairById(units(baseline), units(current), unitId);
  const order = [current.headline_condition, ...current.conditions.filter((condition) => condition !== current.headline_condition)];
  const notPassed = notPassedByUnit(trials);
  const fell = [];
  const rose = [];
  for (const [prior, unit] of pairs) {
    const delta = rateOf(unit.rates) - rateOf(prior.rates);
    if (delta === 0) continue;
    const change = {
      case: unit.case,
      ability: unit.ability,
      condition: unit.condition,
      baseline: { passed: prior.rates.passed, trials: prior.rates.trials },
      now: { passed: unit.rates.passed, trials: unit.rates.trials },
      not_passed: notPassed.get(unitId(unit)) ?? []
    };
    (delta < 0 ? fell : rose).push({ change, delta: Math.abs(delta) });
  }
  const ordered = (changes) => changes.sort((a, b) => b.delta - a.delta || order.indexOf(a.change.condition) - order.indexOf(b.change.condition) || byName(a.change.case, b.change.case)).map((entry) => entry.change);
  return { compared: pairs.length, left_out: { now_only: added.length, baseline_only: removed.length }, pass_to_fail: ordered(fell), fail_to_pass: ordered(rose) };
}
function notPassedByUnit(trials) {
  const byUnit = /* @__PURE__ */ new Map();
  for (const trial of [...trials].sort((a, b) => a.repeat - b.repeat)) {
    if (trial.status === "pass") continue;
    const id = `${trial.case}\0${trial.condition}`;
    const list = byUnit.get(id) ?? [];
    list.push({ key: trial.key, repeat: trial.repeat, status: trial.status, ...trial.stage ? { stage: trial.stage } : {} });
    byUnit.set(id, list);
  }
  return byUnit;
}
function byName(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

// src/report/changes.ts
var TERMINAL = { text: oneLine, strong: (value) => value, arrow: "->" };
var MARKDOWN = { text: cell, strong: (value) => `**${value}**`, arrow: "\u2192" };
var NAMED = 5;
var TERMINAL_ROWS = 10;
var MARKDOWN_ROWS = 100;
function rows(changes, style) {
  const providers = changes.retrieval?.providers ?? [];
  const e2e = changes.e2e;
  return {
    regressions: [...(e2e?.pass_to_fail ?? []).map((change) => caseRow(change, "regression", style)), ...providers.flatMap((provider) => provider.newly_missed.map((query) => queryRow(provider, query, "newly missed", style)))],
    improvements: [...(e2e?.fail_to_pass ?? []).map((change) => caseRow(change, "improvement", style)), ...providers.flatMap((provider) => provider.newly_hit.map((query) => queryRow(provider, query, "newly hit", style)))]
  };
}
function caseRow(change, kind, style) {
  const single = change.baseline.trials === 1 && change.now.trials === 1;
  const moved = single ? kind === "regression" ? `pass ${style.arrow} fail` : `fail ${style.arrow} pass` : `${change.baseline.passed}/${change.baseline.trials} ${style.arrow} ${change.now.passed}/${change.now.trials} passed`;
  const trials = change.not_passed;
  const named = trials.slice(0, NAMED).map((trial) => `${style.text(trial.key, 80)} (${trialOutcome(trial)})`);
  const more = trials.length > named.length ? ` and ${trials.length - named.length} more` : "";
  const failing = named.length === 0 ? "" : `; ${kind === "regression" ? "not passing now" : "still not passing"}: ${named.join(", ")}${more}`;
  return `case ${style.strong(style.text(change.case, 80))} under ${style.text(change.condition, 40)} (${style.text(change.ability, 60)}): ${moved}${failing}`;
}
function trialOutcome(trial) {
  if (trial.status === "error") return "error";
  return trial.stage && Object.hasOwn(STAGE_LABELS, trial.stage) ? STAGE_LABELS[trial.stage] : "fail";
}
function queryRow(provider, query, what, style) {
  const rank = (value) => value === null ? "none" : String(value);
  const named = query.ranks.slice(0, NAMED).map((entry) => `${style.text(entry.memory, 60)} ${rank(entry.baseline)} ${style.arrow} ${rank(entry.now)}`);
  const more = query.ranks.length > named.length ? ` and ${query.ranks.length - named.length} more` : "";
  return `${style.strong(style.text(provider.provider, 60))} query ${style.text(query.id, 80)} "${style.text(query.text, 100)}" ${what} at ${query.at.map((k) => `@${k}`).join(", ")}: rank ${named.join(", ")}${more}`;
}
function summary(changes, style) {
  const { regressions, improvements } = changeCounts(changes);
  const baseline = changes.baseline;
  const of = [baseline.run_id ? `run ${style.text(baseline.run_id, 40)}` : void 0, baseline.commit ? `commit ${style.text(baseline.commit.sha.slice(0, 7), 7)}` : void 0, `started ${style.text(baseline.started_at, 40)}`].filter(Boolean).join(", ");
  const lines = [`${changeCountsText({ regressions, improvements })} (${of}).`];
  const compared = [];
  const e2e = changes.e2e;
  if (e2e) compared.push(counted(e2e.compared, "case x condition unit", "case x condition units"));
  const retrieval = changes.retrieval;
  if (retrieval && retrieval.providers.length > 0) {
    compared.push(`${retrieval.providers.map((provider) => `${counted(provider.compared, "query", "queries")} of ${style.text(provider.provider, 60)}`).join(", ")} at ${retrieval.k.map((k) => `@${k}`).join(", ")}`);
  }
  if (compared.length > 0) lines.push(`Compared: ${compared.join("; ")}.`);
  const definitions = [e2e ? "a case x condition whose pass rate fell" : "", retrieval?.providers.length ? "a query whose relevant memories are no longer all in the top k at some k" : ""].filter(Boolean);
  if (definitions.length > 0) lines.push(`A regression is ${definitions.join(", or ")}; an improvement, the reverse.`);
  for (const provider of retrieval?.providers ?? []) {
    const moved = (count) => provider.by_k.filter((entry) => count(entry) > 0).map((entry) => `@${entry.k} ${count(entry)}`).join(", ");
    const [missed, hit] = [moved((entry) => entry.newly_missed), moved((entry) => entry.newly_hit)];
    if (missed || hit) lines.push(`${style.text(provider.provider, 60)}: ${[missed ? `newly missed ${missed}` : "", hit ? `newly hit ${hit}` : ""].filter(Boolean).join("; ")}.`);
  }
  const left = leftOut(changes, style);
  if (left.length > 0) lines.push(`Left out, not in both runs: ${left.join("; ")}.`);
  return lines;
}
function leftOut(changes, style) {
  const parts = [];
  const e2e = changes.e2e;
  if (e2e && e2e.left_out.baseline_only + e2e.left_out.now_only > 0) parts.push(`${counted(e2e.left_out.baseline_only, "case x condition unit", "case x condition units")} of the baseline only, ${e2e.left_out.now_only} of this run only`);
  for (const provider of changes.retrieval?.providers ?? []) {
    const { baseline_only: before, now_only: now } = provider.left_out;
    if (before + now > 0) parts.push(`${counted(before, "query", "queries")} of ${style.text(provider.provider, 60)} in the baseline only, ${now} in this run only`);
  }
  const providers = changes.retrieval?.providers_left_out ?? [];
  if (providers.length > 0) parts.push(`provider${providers.length === 1 ? "" : "s"} ${providers.slice(0, NAMED).map((name) => style.text(name, 60)).join(", ")}${providers.length > NAMED ? ` and ${providers.length - NAMED} more` : ""} (in one run only, or not complete)`);
  return parts;
}
function cut(all, shown) {
  const regressions = all.regressions.slice(0, shown);
  const improvements = all.improvements.slice(0, Math.max(0, shown - regressions.length));
  return { regressions, improvements, more: { regressions: all.regressions.length - regressions.length, improvements: all.improvements.length - improvements.length } };
}
function changeCountsText(counts) {
  return `${counted(counts.regressions, "regression", "regressions")}, ${counted(counts.improvements, "improvement", "improvements")} against the baseline`;
}
function changesText(changes, perList = TERMINAL_ROWS) {
  const all = rows(changes, TERMINAL);
  const [first, ...rest] = summary(changes, TERMINAL);
  const lines = [first, ...rest.map((line) => `  ${line}`)];
  for (const [title, list] of [
    ["regressions", all.regressions],
    ["improvements", all.improvements]
  ]) {
    if (list.length === 0) continue;
    lines.push(`${title}:`, ...list.slice(0, perList).map((row) => `  ${row}`));
    if (list.length > perList) lines.push(`  ... and ${list.length - perList} more ${title} (results.json: changes)`);
  }
  return `${lines.join("\n")}
`;
}
function changeRowCount(changes) {
  const { regressions, improvements } = changeCounts(changes);
  return regressions + improvements;
}
function changesMarkdown(changes, shown = Infinity, perList = MARKDOWN_ROWS) {
  const all = rows(changes, MARKDOWN);
  const capped = { regressions: all.regressions.slice(0, perList), improvements: all.improvements.slice(0, perList) };
  const kept = cut(capped, shown);
  const lines = ["### What changed against the baseline", "", ...summary(changes, MARKDOWN).flatMap((line) => [line, ""]).slice(0, -1), ""];
  for (const [title, list, total] of [
    ["Regressions", kept.regressions, all.regressions.length],
    ["Improvements", kept.improvements, all.improvements.length]
  ]) {
    if (total === 0) continue;
    lines.push(`**${title}** (${total}):`, "");
    lines.push(...list.map((row) => `- ${row}`));
    if (total > list.length) lines.push(`- \u2026 and ${total - list.length} more ${title.toLowerCase()} (results.json: changes)`);
    lines.push("");
  }
  return lines;
}
var PLAIN = { text: shorten, strong: (value) => value, arrow: "\u2192" };
function changesParts(changes) {
  const providers = changes.retrieval?.providers ?? [];
  const caseParts = (change, kind) => ({ text: caseRow(change, kind, PLAIN), ability: change.ability, condition: change.condition });
  const queryParts = (provider, query, what) => ({ text: queryRow(provider, query, what, PLAIN), provider: provider.provider });
  return {
    summary: summary(changes, PLAIN),
    regressions: [...(changes.e2e?.pass_to_fail ?? []).map((change) => caseParts(change, "regression")), ...providers.flatMap((provider) => provider.newly_missed.map((query) => queryParts(provider, query, "newly missed")))],
    improvements: [...(changes.e2e?.fail_to_pass ?? []).map((change) => caseParts(change, "improvement")), ...providers.flatMap((provider) => provider.newly_hit.map((query) => queryParts(provider, query, "newly hit")))]
  };
}

export {
  formatNumber,
  formatInterval,
  formatMde,
  verdictText,
  splitLine,
  verdictLine,
  baselineMismatchText,
  pairingText,
  sharedOnlyText,
  comparisonText,
  FIRST_RANK_NOTE,
  pairedText,
  mcnemarText,
  wilcoxonText,
  pValue,
  caseChanges,
  pairedChanges,
  GIT_PENDING,
  provenanceChanges,
  provenanceText,
  provenanceMarkdown,
  changesAgainst,
  changeCounts,
  changeCountsText,
  changesText,
  changeRowCount,
  changesMarkdown,
  changesParts
};
