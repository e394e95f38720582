import {
  checkSuiteOfRun
} from "./chunk-MB3GFOMO.js";
import {
  unfinishedRunNote
} from "./chunk-KVIOKXHW.js";
import {
  wholeNumber
} from "./chunk-7BS2GBRO.js";
import {
  checkFiniteFigures
} from "./chunk-2VLCAQ5U.js";
import {
  resultsForSplit
} from "./chunk-SHAWTSNU.js";
import {
  aggregateE2e
} from "./chunk-S3MMN5FA.js";
import {
  readRun
} from "./chunk-5W2B7B4B.js";
import "./chunk-EIY3OQNG.js";
import {
  childPath,
  compareOp,
  evaluateGate,
  isCondition,
  loadSuite,
  relativeRuleFails,
  thresholdText,
  variantOfBaseline
} from "./chunk-R5GTYCVU.js";
import "./chunk-VNPJWP4Q.js";
import {
  parseCommandArgs
} from "./chunk-7KN5MXIB.js";
import {
  oneLine,
  textTable
} from "./chunk-NAOT7ORW.js";
import {
  intervalUnitOf,
  resamplingUnit,
  trialKey,
  unitKey
} from "./chunk-FB442OMY.js";
import {
  meanMetrics,
  metricNames,
  scoredQueries
} from "./chunk-6YEWKYUG.js";
import "./chunk-7J7WLCBV.js";
import {
  groupBy,
  mixSeed,
  seededRandom,
  summarizeLatency
} from "./chunk-IDDU4GRI.js";
import "./chunk-GAJOKOFC.js";
import "./chunk-VVMQOGTA.js";
import {
  ExitCode,
  RecallGateError,
  counted
} from "./chunk-EMJKK5FL.js";
import "./chunk-7G673M5I.js";
import "./chunk-DMMU4MAP.js";

// src/cli/calibrate.ts
const { existsSync } = globalThis.process.getBuiltinModule("node:fs");
const { resolve } = globalThis.process.getBuiltinModule("node:path");

// src/gate/resampleRun.ts
function unitPool(results, trials, suite) {
  const providers = Object.values(results.retrieval?.providers ?? {});
  const first = providers.find((provider) => provider.status === "ok") ?? providers[0];
  const queryUnit = intervalUnitOf(results);
  const queryUnits = [...groupBy(first?.queries ?? [], (query) => unitKey(query, queryUnit)).values()].map((queries) => queries.map((query) => query.id));
  const specs = new Map((suite.e2e?.cases ?? []).map((spec) => [spec.name, spec]));
  const ran = Object.keys(results.e2e?.cases ?? {});
  const known = ran.filter((name) => specs.has(name)).map((name) => specs.get(name));
  const histories = [...groupBy(known, (spec) => resamplingUnit(spec.name, spec)).values()];
  return { queryUnit, queryUnits, histories, trials: groupBy(trials, (trial) => trial.case), unknownCases: ran.filter((name) => !specs.has(name)) };
}
function drawUnits(pool, random) {
  const pick = (count) => Array.from({ length: count }, () => Math.floor(random() * count));
  return { queries: pick(pool.queryUnits.length), histories: pick(pool.histories.length) };
}
var slot = (index) => `s${index + 1}`;
function resampledRun(results, pool, draw) {
  const redrawn = { ...results, layers: { ...results.layers } };
  if (results.retrieval) {
    const slots = draw.queries.map((index) => pool.queryUnits[index]);
    const providers = Object.fromEntries(Object.entries(results.retrieval.providers).map(([name, provider]) => [name, resampledProvider(provider, slots, pool.queryUnit, results.retrieval.k, results.retrieval.group_metrics === true)]));
    redrawn.retrieval = { ...results.retrieval, query_count: slots.reduce((sum, ids) => sum + ids.length, 0), providers };
  }
  const trials = [];
  if (results.e2e) {
    const specs = [];
    draw.histories.forEach((history, index) => {
      for (const drawn of pool.histories[history]) {
        const name = `${slot(index)}/${drawn.name}`;
        const spec = { ...drawn, name, planted_from: slot(index) };
        delete spec.history;
        specs.push(spec);
        for (const trial of pool.trials.get(drawn.name) ?? []) trials.push({ ...trial, case: name, key: trialKey(name, trial.condition, trial.repeat) });
      }
    });
    const { target, judge_calibration: calibration } = results.e2e;
    redrawn.e2e = { target, ...calibration ? { judge_calibration: calibration } : {}, ...aggregateE2e(trials, specs, results.e2e.conditions, results.e2e.repeat, void 0, { intervals: false }) };
  }
  return { results: redrawn, trials };
}
function resampledProvider(provider, drawn, unit, cutoffs, groups) {
  const byId = new Map(provider.queries.map((query) => [query.id, query]));
  const queries = [];
  const slots = /* @__PURE__ */ new Map();
  drawn.forEach((ids, index) => {
    for (const id of ids) {
      const query = byId.get(id);
      if (!query) continue;
      const name = unit === "query" ? slot(index) : `${slot(index)}/${id}`;
      queries.push({ ...query, id: name, ...unit === "user" ? { user: slot(index) } : {}, ...unit === "group" ? { group: slot(index) } : {} });
      slots.set(id, [...slots.get(id) ?? [], name]);
    }
  });
  const scored = scoredQueries(queries);
  const metrics = provider.status === "ok" && scored.length > 0 ? meanMetrics(scored.map((query) => query.metrics), metricNames(cutoffs, { groups })) : {};
  const redrawn = {
    ...provider,
    ...provider.status === "ok" ? { metrics, by_tag: {}, latency_ms: summarizeLatency(queries.map((query) => query.latency_ms)) } : {},
    queries,
    ...provider.isolation ? { isolation: isolationOf(provider.isolation, slots) } : {}
  };
  delete redrawn.intervals;
  return redrawn;
}
function isolationOf(check, slots) {
  const crossUser = check.cross_user.flatMap((hit) => (slots.get(hit.query) ?? []).map((query) => ({ ...hit, query })));
  const unknown = check.unknown.flatMap((hit) => (slots.get(hit.query) ?? []).map((query) => ({ ...hit, query })));
  return { cross_user_hits: crossUser.length, unknown_ids: unknown.length, cross_user: crossUser, unknown };
}

// src/gate/calibrate.ts
var DEFAULT_DRAWS = 200;
var DEFAULT_CALIBRATION_SEED = 1;
function conditionsByPath(node, path = "", into = /* @__PURE__ */ new Map()) {
  if (isCondition(node)) return into.set(path, node);
  const kind = "all" in node ? "all" : "any";
  (node[kind] ?? []).forEach((child, index) => conditionsByPath(child, childPath(path, kind, index), into));
  return into;
}
function rulesOf(condition) {
  const rules = [];
  if (condition.op !== void 0 && typeof condition.value === "number") {
    const { op, value } = condition;
    rules.push({ rule: thresholdText({ metric: condition.metric, op, value }), decides: true, fails: (row) => row.actual === void 0 ? void 0 : !compareOp(row.actual, op, value) });
  }
  for (const bound of ["max_drop", "max_rise"]) {
    if (condition[bound] === void 0) continue;
    const text = thresholdText({ metric: condition.metric, [bound]: condition[bound], ...condition.baseline ? { baseline: condition.baseline } : {} });
    for (const mode of ["point", "interval"]) {
      rules.push({
        rule: `${text} (${mode})`,
        decides: (condition.decide ?? "point") === mode,
        fails: (row) => {
          if (row.delta === void 0) return void 0;
          if (mode === "point") return relativeRuleFails(condition, [row.delta, row.delta], bound);
          return row.interval === void 0 ? void 0 : relativeRuleFails(condition, row.interval, bound);
        }
      });
    }
  }
  return rules;
}
function calibrateGate(spec, suite, run, options = {}) {
  const draws = options.draws ?? DEFAULT_DRAWS;
  const seed = options.seed ?? DEFAULT_CALIBRATION_SEED;
  const narrowed = resultsForSplit(run.results, run.trials, suite, spec.split ?? "all");
  const results = narrowed.results;
  const trials = narrowed.trials ?? [];
  if (results.e2e && trials.length === 0) {
    throw new RecallGateError("invalid-input", "the run has e2e results but no trials (trials.jsonl), and the e2e figures are redrawn from the trials", { hint: "give the whole results folder of the run" });
  }
  const pool = unitPool(results, trials, suite);
  const conditions = conditionsByPath(spec.root);
  const rows = /* @__PURE__ */ new Map();
  const rules = /* @__PURE__ */ new Map();
  for (const [path, condition] of conditions) {
    rows.set(path, { path, metric: condition.metric, threshold: thresholdText(condition), failed: 0, missing: 0, waived: 0, rules: [] });
    rules.set(path, rulesOf(condition).map((rule) => ({ ...rule, failed: 0, evaluated: 0 })));
  }
  const random = seededRandom(mixSeed(seed, "calibrate"));
  let gateFailed = 0;
  for (let i = 0; i < draws; i++) {
    const baseline = resampledRun(results, pool, drawUnits(pool, random));
    const current = resampledRun(results, pool, drawUnits(pool, random));
    const verdict = evaluateGate(spec, current.results, baseline.results, {
      // No trials is not an empty log (as evaluateGateOnSplit passes them); the mde is not read here.
      ...current.trials.length ? { trials: current.trials } : {},
      ...baseline.trials.length ? { baselineTrials: baseline.trials } : {},
      readerFigures: false
    });
    if (verdict.status === "fail") gateFailed += 1;
    for (const row of verdict.rows) {
      const tally = rows.get(row.path);
      if (!tally) continue;
      if (row.status === "fail") tally.failed += 1;
      if (row.status === "skipped" || row.status === "not-evaluated") tally.waived += 1;
      if (row.actual === void 0 && row.status !== "skipped") tally.missing += 1;
      for (const rule of rules.get(row.path) ?? []) {
        const failed = rule.fails(row);
        if (failed === void 0) continue;
        rule.evaluated += 1;
        if (failed) rule.failed += 1;
      }
    }
  }
  for (const [path, tally] of rows) tally.rules = (rules.get(path) ?? []).map(({ fails: _fails, ...rule }) => rule);
  const notes = [];
  if (pool.unknownCases.length > 0) notes.push(`not in the suite any more, so left out of every draw: ${counted(pool.unknownCases.length, "case", "cases")} of the run, ${pool.unknownCases.slice(0, 10).join(", ")}${pool.unknownCases.length > 10 ? ", ..." : ""}`);
  for (const [path, condition] of conditions) {
    if (condition.baseline !== void 0) notes.push(`${path} compares with ${variantOfBaseline(condition.baseline) ? `variant ${variantOfBaseline(condition.baseline)}'s run` : condition.baseline}, which a redraw of one run does not have: its comparison is not checked`);
  }
  if (run.results.status !== "complete") notes.push(`the run is ${run.results.status}: its errored trials and missing figures are redrawn like the rest`);
  const cases = pool.histories.reduce((sum, history) => sum + history.length, 0);
  return {
    draws,
    seed,
    units: { queries: pool.queryUnits.reduce((sum, ids) => sum + ids.length, 0), query_unit: pool.queryUnit, query_units: pool.queryUnits.length, cases, histories: pool.histories.length },
    gate_failed: gateFailed,
    rows: [...rows.values()],
    ...spec.split && spec.split !== "all" ? { split: spec.split } : {},
    notes
  };
}

// src/report/gateCalibration.ts
var CALIBRATION_METHOD = "each draw redraws the run twice from its own whole units (queries, users or query groups, as its intervals draw; cases with all their repeats, those planted from one history together), with replacement and seeded, and gates the second against the first as its baseline; the agent is the same in both, so every failure is a false alarm. Two runs are taken to differ as two samples of units do: a re-run of the very same cases usually differs less, so read these as upper bounds for a deterministic agent";
function drawsText(failed, of) {
  return `${failed} of ${counted(of, "draw", "draws")} (${of === 0 ? "-" : `${(100 * failed / of).toFixed(1)}%`})`;
}
function calibrationText(calibration, heading) {
  const { units } = calibration;
  const drawn = [
    ...units.queries > 0 ? [`${units.queries} queries${units.query_unit === "query" ? "" : ` in ${units.query_units} ${units.query_unit === "user" ? "users" : "query groups"}`}`] : [],
    ...units.cases > 0 ? [`${units.cases} cases${units.histories < units.cases ? ` in ${units.histories} histories` : ""}`] : []
  ];
  const rows = [];
  for (const row of calibration.rows) {
    const label = [oneLine(row.path || "(root)", 100), oneLine(row.metric, 200)];
    if (row.waived === calibration.draws) {
      rows.push([...label, "not checked", "waived in every draw (its layer did not run, or it compares with a variant)"]);
      continue;
    }
    const extra = [...row.missing > 0 ? [`missing in ${row.missing}`] : [], ...row.waived > 0 ? [`waived in ${row.waived}`] : []];
    rows.push([...label, "as the gate decides", `${drawsText(row.failed, calibration.draws)}${extra.length ? ` (${extra.join(", ")})` : ""}`]);
    for (const rule of row.rules) rows.push(["", "", `${oneLine(rule.rule, 120)}${rule.decides ? " *" : ""}`, rule.evaluated === 0 ? "not evaluated in any draw" : drawsText(rule.failed, rule.evaluated)]);
  }
  const lines = [
    oneLine(heading, 400),
    `A/A check: ${calibration.draws} draws (seed ${calibration.seed}) of ${drawn.join(" and ") || "no unit"}${calibration.split ? `, on the ${calibration.split} split the gate decides on` : ""}`,
    "",
    `gate failed a run of the same agent in ${drawsText(calibration.gate_failed, calibration.draws)}`,
    "",
    textTable(["gate", "metric", "rule", "false alarms"], rows, "llll"),
    "",
    "* the rule the condition decides by (decide: point unless it says interval)",
    ...calibration.notes.length > 0 ? ["", "notes:", ...calibration.notes.map((note) => `  ${oneLine(note, 500)}`)] : [],
    "",
    `method: ${CALIBRATION_METHOD}`
  ];
  return `${lines.join("\n")}
`;
}

// src/cli/calibrate.ts
var CALIBRATE_USAGE = "recall-gate calibrate <results-dir> [--suite suite.yaml] [--draws N] [--seed S] [--json]";
var MAX_DRAWS = 1e5;
async function calibrateCommand(argv, io) {
  const { values, positionals } = parseCommandArgs(
    argv,
    { suite: { type: "string" }, draws: { type: "string", default: String(DEFAULT_DRAWS) }, seed: { type: "string", default: String(DEFAULT_CALIBRATION_SEED) }, json: { type: "boolean", default: false } },
    CALIBRATE_USAGE
  );
  if (positionals.length !== 1) throw new RecallGateError("invalid-input", "calibrate takes one results folder", { hint: `usage: ${CALIBRATE_USAGE}` });
  const draws = wholeNumber(values, "draws", 1);
  if (draws > MAX_DRAWS) throw new RecallGateError("invalid-input", `--draws must be at most ${MAX_DRAWS}, got ${draws}`, { hint: "a few hundred draws tell a false alarm rate to within a few points" });
  const seed = wholeNumber(values, "seed", 0);
  const dir = positionals[0];
  const run = readRun(dir, io.cwd);
  checkFiniteFigures(dir, run.results, "the results folder");
  const explicit = values.suite;
  const suitePath = explicit ?? run.results.suite.file;
  if (!explicit && !existsSync(resolve(io.cwd, suitePath))) {
    throw new RecallGateError("invalid-input", `the suite file ${suitePath} the run was made from is not here`, { hint: "pass --suite with the suite whose gate to check" });
  }
  const suite = loadSuite(suitePath, io.cwd);
  checkSuiteOfRun(suite, run.results, dir);
  if (!suite.gate) throw new RecallGateError("invalid-input", `${suite.displayPath} has no gate to check`, { hint: "add a gate: section to the suite" });
  const unfinished = unfinishedRunNote(dir, run.results);
  if (unfinished) io.stderr(`${unfinished}
`);
  const calibration = calibrateGate(suite.gate, suite, run, { draws, seed });
  if (values.json) io.stdout(`${JSON.stringify({ results: dir, suite: suite.displayPath, ...calibration }, null, 2)}
`);
  else io.stdout(calibrationText(calibration, `${run.results.suite.name}: the gate of ${suite.displayPath} on ${dir}`));
  return ExitCode.ok;
}
export {
  CALIBRATE_USAGE,
  calibrateCommand
};
