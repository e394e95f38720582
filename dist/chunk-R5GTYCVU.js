const require = globalThis.process.getBuiltinModule('node:module').createRequire(import.meta.url);
import {
  replaceFileWith
} from "./chunk-VNPJWP4Q.js";
import {
  AGGREGATIONS,
  DEFAULT_HAYSTACK_SEED,
  FileProblems,
  aggregationApplies,
  bootstrapStandardError,
  checkProblems,
  defaultAggregation,
  graderKind,
  gradingOf,
  harmRateUnmeasured,
  hayCount,
  intervalUnitOf,
  isStalenessFamily,
  loadGraders,
  minimumDetectableEffect,
  moduleExports,
  parseMetricKey,
  pooledRate,
  rateVariance,
  readDataFile,
  readLabels,
  readReferencedText,
  readYamlFile,
  repeatsForBound,
  resolveMetric,
  splitOf,
  stageRateUnmeasured,
  unitsForBound,
  usesJudge
} from "./chunk-FB442OMY.js";
import {
  hasRelevant,
  namesObsolete
} from "./chunk-6YEWKYUG.js";
import {
  ajvLibrary,
  blankness,
  fold,
  normalisesToBlank,
  onFirstUse,
  showBlank
} from "./chunk-7J7WLCBV.js";
import {
  DEFAULT_SEED,
  ScopedMeters,
  beyondNoise,
  costUsd,
  countedUnit,
  mixSeed,
  pairedBootstrapChange,
  resamplingUnits,
  round,
  sharedAloneText,
  singleUnitText,
  tokensCost,
  unitNoun,
  unitWords
} from "./chunk-IDDU4GRI.js";
import {
  RecallGateError,
  addProblems,
  closest,
  counted,
  didYouMean,
  formatLocation,
  invalidInput,
  redactUrl,
  scrubSecrets,
  typoMatcher
} from "./chunk-EMJKK5FL.js";

// src/e2e/budget.ts
var CHARS_PER_TOKEN = 4;
var REPLY_TOKENS = 100;
var JUDGE_REPLY_TOKENS = 30;
var JUDGE_PROMPT_TOKENS = 60;
var DEFAULT_SYSTEM_PROMPT_TOKENS = 15;
function pricedModels(spec) {
  const target = spec.target;
  const embedding = target.kind === "builtin" && target.memory.provider.embedding?.kind === "openai" ? target.memory.provider.embedding.model : void 0;
  return [
    { role: target.kind === "builtin" ? "the chat model" : "the adapter's model (e2e.target.model)", model: target.model },
    ...spec.judge ? [{ role: "the judge model", model: spec.judge.model }] : [],
    ...embedding ? [{ role: "the agent memory's embedding model", model: embedding }] : []
  ];
}
function hasPrice(model, prices) {
  return costUsd(model, 1, 1, prices) !== null;
}
function unpricedModels(spec) {
  return pricedModels(spec).filter(({ model }) => model === void 0 || !hasPrice(model, spec.prices)).map(({ role, model }) => model === void 0 ? `${role} is not named` : `${role} ${model} has no price`);
}
function unenforceableBudget(spec) {
  const models = pricedModels(spec);
  if (models.some(({ model }) => model !== void 0 && hasPrice(model, spec.prices))) return void 0;
  return `no model this run pays for has a price (${unpricedModels(spec).join("; ")}), so its spend cannot be counted and a budget cannot be enforced`;
}
function checkBudget(spec, cap, source) {
  const problem = unenforceableBudget(spec);
  if (problem) {
    throw new RecallGateError("invalid-input", `${source} ${dollars(cap)}: ${problem}`, {
      hint: "give the models prices in e2e.prices (USD per million tokens), name an adapter's model with e2e.target.model, or drop the budget"
    });
  }
}
function judgeCalls(spec, condition) {
  const grading = gradingOf(spec, condition);
  const graders = Object.values(grading.graders ?? {}).filter((grader) => {
    const { entry, value } = graderKind(grader);
    return entry.usesJudge(value);
  }).length;
  return (grading.check && usesJudge(grading.check) ? 1 : 0) + graders + (spec.harmful && usesJudge(spec.harmful) ? 1 : 0);
}
function agentCalls(spec, playsSessions = true) {
  return (playsSessions ? spec.sessions.reduce((sum, session) => sum + session.turns.length, 0) : 0) + 1;
}
function plannedCallsOf(spec, record) {
  return spec ? agentCalls(spec, !record.history || record.history.position === 1) : 1;
}
var tokensOf = (text) => Math.ceil(text.length / CHARS_PER_TOKEN);
function promptCost(target, plan, trial) {
  const { spec, condition } = trial;
  const system = target.systemPrompt.trim() ? tokensOf(target.systemPrompt) : DEFAULT_SYSTEM_PROMPT_TOKENS;
  const turns = spec.sessions.flatMap((session) => session.turns);
  const memory = condition === "none" ? 0 : turns.slice(0, target.memory.max_results).reduce((sum, turn) => sum + tokensOf(turn), 0);
  let input = 0;
  let output = 0;
  for (const session of trial.playsSessions === false ? [] : spec.sessions) {
    let history = 0;
    for (const turn of session.turns) {
      input += system + memory + history + tokensOf(turn);
      output += REPLY_TOKENS;
      history += tokensOf(turn) + REPLY_TOKENS;
    }
  }
  input += system + memory + tokensOf(spec.probe.text);
  output += REPLY_TOKENS;
  const chat = costUsd(target.model, input, output, plan.prices);
  const calls = judgeCalls(spec, condition);
  if (calls === 0) return chat;
  const checks = JSON.stringify([spec.check, spec.graders, spec.harmful]);
  const judgeInput = calls * (JUDGE_PROMPT_TOKENS + tokensOf(spec.probe.text) + REPLY_TOKENS) + tokensOf(checks);
  const judge = plan.judgeModel ? costUsd(plan.judgeModel, judgeInput, calls * JUDGE_REPLY_TOKENS, plan.prices) : null;
  return chat === null || judge === null ? null : chat + judge;
}
function mean(values) {
  return values.length === 0 ? void 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}
function estimateSpend(spec, plan, trials, baseline) {
  const counts = {
    trials: trials.length,
    agent_calls: trials.reduce((sum, trial) => sum + agentCalls(trial.spec, trial.playsSessions), 0),
    judge_calls: trials.reduce((sum, trial) => sum + judgeCalls(trial.spec, trial.condition), 0)
  };
  const unpriced = unpricedModels(spec);
  const priced = (baseline ?? []).flatMap((record) => {
    const cost = tokensCost(plan, record);
    return cost === null ? [] : [{ record, cost }];
  });
  if (priced.length > 0) {
    const byKey = new Map(priced.map(({ record, cost }) => [record.key, cost]));
    const overall = mean(priced.map(({ cost }) => cost));
    const byCondition = (condition) => mean(priced.filter(({ record }) => record.condition === condition).map(({ cost }) => cost)) ?? overall;
    const total = trials.reduce((sum, trial) => sum + (byKey.get(trial.key) ?? byCondition(trial.condition)), 0);
    return { ...counts, cost_usd: round(total, 6), basis: "baseline", ...unpriced.length > 0 ? { unknown: unpriced } : {} };
  }
  if (spec.target.kind !== "builtin") {
    return { ...counts, cost_usd: null, basis: "prompts", unknown: [...unpriced, "an adapter's prompts are its own: a baseline's token counts (--baseline DIR) give an estimate"] };
  }
  const target = spec.target;
  const costs = trials.map((trial) => promptCost(target, plan, trial));
  const known = costs.every((cost) => cost !== null);
  return { ...counts, cost_usd: known ? round(costs.reduce((sum, cost) => sum + cost, 0), 6) : null, basis: "prompts", ...unpriced.length > 0 ? { unknown: unpriced } : {} };
}
function describeEstimate(estimate, budget) {
  const calls = `${counted(estimate.trials, "trial", "trials")}: ${counted(estimate.agent_calls, "agent call", "agent calls")}${estimate.judge_calls > 0 ? `, about ${counted(estimate.judge_calls, "judge call", "judge calls")}` : ""}`;
  const basis = estimate.basis === "baseline" ? "from the baseline's token counts" : `rough, from the plan's text with replies taken as ${REPLY_TOKENS} tokens`;
  const why = estimate.unknown?.length ? estimate.unknown.join("; ") : void 0;
  const cost = estimate.cost_usd === null ? `estimated cost unknown${why ? ` (${why})` : ""}` : `estimated cost ${dollars(estimate.cost_usd)} (${basis})${why ? `; unknown, not counted as $0: ${why}` : ""}`;
  const cap = budget ? `; budget ${dollars(budget.cap)} (${budget.source})` : "";
  return `e2e plan: ${calls}; ${cost}${cap}`;
}
function dollars(value) {
  return `$${Number(value.toPrecision(12))}`;
}
function budgetReachedText(cap, run, planned) {
  return `budget of ${dollars(cap)} reached after ${run} of ${planned} trials`;
}
var BudgetGuard = class {
  constructor(cap, source, estimatePerCall) {
    this.cap = cap;
    this.source = source;
    this.estimatePerCall = estimatePerCall;
  }
  cap;
  source;
  estimatePerCall;
  spent = 0;
  unknownTrials = 0;
  /** Planned agent calls of the trials running now. */
  runningCalls = 0;
  pricedTotal = 0;
  /** Agent calls the finished trials of known cost made. */
  pricedCalls = 0;
  finished = 0;
  stopped = false;
  /** Whether a trial of `calls` planned agent calls may start now (see the class comment); counts it as running when it may. */
  tryStart(calls) {
    if (this.stopped) return false;
    const perCall = this.pricedCalls > 0 ? this.pricedTotal / this.pricedCalls : this.estimatePerCall ?? 0;
    if (this.spent + (this.runningCalls + calls) * perCall > this.cap * (1 + 1e-9)) {
      this.stopped = true;
      return false;
    }
    this.runningCalls += calls;
    return true;
  }
  /**
   * A trial of `calls` planned agent calls ended: its known spend counts; an
   * unknown part is counted as unknown. Returns whether its cost was (partly) unknown.
   */
  finish(record, calls) {
    this.runningCalls -= calls;
    this.finished += 1;
    const parts = record.costs ? [record.costs.chat_usd, record.costs.judge_usd, record.costs.embedding_usd] : [record.cost_usd];
    for (const part of parts) if (part !== null) this.spent += part;
    if (record.cost_usd === null) {
      this.unknownTrials += 1;
      return true;
    }
    this.pricedTotal += record.cost_usd;
    this.pricedCalls += Math.max(1, record.invocations.length);
    return false;
  }
  /** Nothing tells yet what a trial costs: the first should run alone (runE2e does), measured before others run beside it. */
  get measuresFirst() {
    return this.finished === 0 && this.estimatePerCall === void 0;
  }
  get reached() {
    return this.stopped;
  }
  get spentUsd() {
    return this.spent;
  }
  /** What results.e2e.budget keeps; `run` counts the planned trials with a record (kept ones of --resume included). */
  record(run, planned, estimate) {
    return {
      cap_usd: this.cap,
      source: this.source,
      spent_usd: round(this.spent, 6),
      unknown_trials: this.unknownTrials,
      reached: this.stopped,
      trials_run: run,
      trials_planned: planned,
      ...this.stopped ? { message: budgetReachedText(this.cap, run, planned) } : {},
      ...estimate ? { estimate } : {}
    };
  }
};
function mergedBudget(records) {
  const capped = records.filter((record) => record !== void 0);
  if (capped.length === 0) return void 0;
  const sum = (field) => capped.reduce((total, record) => total + record[field], 0);
  const reachedIn = capped.filter((record) => record.reached).length;
  const uncapped = records.length - capped.length;
  const { cap_usd, source } = capped[0];
  const run = sum("trials_run");
  const planned = sum("trials_planned");
  return {
    cap_usd,
    source,
    spent_usd: round(sum("spent_usd"), 6),
    unknown_trials: sum("unknown_trials"),
    reached: reachedIn > 0,
    trials_run: run,
    trials_planned: planned,
    ...reachedIn > 0 ? { message: `${budgetReachedText(cap_usd, run, planned)} (the cap of each shard, reached in ${reachedIn} of ${capped.length}${uncapped > 0 ? `; ${counted(uncapped, "shard", "shards")} ran with no cap and ${uncapped === 1 ? "is" : "are"} not counted here` : ""})` } : {},
    shards: capped.length
  };
}
function parseBudgetUsd(text, what) {
  const value = Number(text.trim().replace(/^\$/, ""));
  if (text.trim() === "" || !Number.isFinite(value) || value <= 0) {
    throw new RecallGateError("invalid-input", `${what} must be a positive number of US dollars, got "${text}"`, { hint: "e.g. 2.50 for at most $2.50 of model calls in the e2e layer" });
  }
  return value;
}

// src/gate/power.ts
function boundOf(condition) {
  const bounds = ["max_drop", "max_rise"].filter((name) => condition[name] !== void 0).map((name) => ({ name, value: condition[name] }));
  return bounds.sort((a, b) => a.value - b.value)[0];
}
function unitName(samples, units) {
  if (samples.unit === "case") return units < samples.units.length ? "histories" : "cases";
  return samples.unit === "query" ? "queries" : samples.unit === "user" ? "users" : "query groups";
}
var SINGULAR = { queries: "query", users: "user", "query groups": "query group", cases: "case", histories: "history" };
function rowPower(condition, samples, aggregation, options = {}) {
  const bound = boundOf(condition);
  if (!bound) return void 0;
  const se = bootstrapStandardError(samples, { seed: mixSeed(options.seed ?? DEFAULT_SEED, `mde|${condition.metric}|${aggregation ?? ""}`), resamples: options.resamples });
  if (se === void 0) return void 0;
  const mde = round(minimumDetectableEffect(se), 6);
  const units = resamplingUnits(samples);
  const unit = unitName(samples, units);
  const variance = samples.unit === "case" && samples.statistic === pooledRate ? rateVariance(samples.units) : void 0;
  const repeats = samples.unit === "case" && samples.statistic === pooledRate ? trialsPerCase(samples.units) : void 0;
  const underpowered = mde > bound.value + 1e-9;
  const power = { se: round(se, 6), units, unit, ...repeats !== void 0 ? { repeats } : {}, underpowered };
  if (!underpowered) return { mde, power };
  if (bound.value <= 0) {
    return { mde, power, note: `underpowered: mde ${formatMde(mde)} is above ${bound.name} ${bound.value}, which allows no change at all; no number of ${power.unit} brings the noise to 0 (a bound of ${formatMde(mde)} or more is one this run can tell from noise, or decide: interval)` };
  }
  const moreUnits = unitsForBound(units, mde, bound.value);
  const moreRepeats = variance ? repeatsForBound(variance, mde, bound.value) : void 0;
  power.needs = { units: moreUnits, ...moreRepeats !== void 0 ? { repeats: moreRepeats } : {} };
  return { mde, power, note: underpoweredNote(mde, bound, power) };
}
function trialsPerCase(units) {
  const tried = units.filter((unit) => unit[1] > 0);
  return tried.length === 0 ? void 0 : Math.round(tried.reduce((sum, unit) => sum + unit[1], 0) / tried.length);
}
function underpoweredNote(mde, bound, power) {
  const single = SINGULAR[power.unit];
  const repeatsText = power.repeats !== void 0 ? ` x ${counted(power.repeats, "repeat", "repeats")}` : "";
  const now = `${counted(power.units, single, power.unit)}${repeatsText}`;
  const needs = power.needs;
  const atRepeats = power.repeats !== void 0 ? ` at ${counted(power.repeats, "repeat", "repeats")}` : "";
  let fix = `about ${needs.units} ${power.unit}${atRepeats}`;
  if (needs.repeats) fix += `, or ${needs.repeats} repeats of the ${counted(power.units, single, power.unit)},`;
  fix += ` would bring it to ${bound.value}`;
  if (needs.repeats === null) fix += " (more repeats alone cannot: the cases differ from one another more than that)";
  else if (power.repeats === 1) fix += ` (with ${counted(power.repeats, "repeat", "repeats")} trial noise cannot be told from case-to-case spread: run repeat >= 2 to see whether more repeats would do)`;
  return `underpowered: mde ${formatMde(mde)} is above ${bound.name} ${bound.value} (${now}); ${fix}; the gate still decides by the rule`;
}
function formatMde(value) {
  return Math.abs(value) >= 100 ? value.toFixed(1) : value.toFixed(3);
}

// src/gate/evaluate.ts
var TOLERANCE = 1e-9;
function variantOfBaseline(baseline) {
  return /^variant:(.+)$/.exec(baseline)?.[1];
}
function baselineOf(condition, context) {
  const { baseline, options, current } = context;
  if (condition.baseline === void 0) return { run: baseline && { results: baseline, trials: options.baselineTrials } };
  const name = variantOfBaseline(condition.baseline) ?? condition.baseline;
  if (current.variant === name) return { missing: `this run is variant ${name} itself` };
  const run = options.variants?.[name] ?? (baseline?.variant === name ? { results: baseline, trials: options.baselineTrials } : void 0);
  return run ? { run } : { missing: `no run of variant ${name} to compare against (run --variants ${name},...)` };
}
var OP_SYMBOL = { gt: ">", gte: ">=", lt: "<", lte: "<=", eq: "==" };
function compareOp(actual, op, value) {
  switch (op) {
    case "gt":
      return actual > value + TOLERANCE;
    case "gte":
      return actual >= value - TOLERANCE;
    case "lt":
      return actual < value - TOLERANCE;
    case "lte":
      return actual <= value + TOLERANCE;
    case "eq":
      return Math.abs(actual - value) <= TOLERANCE;
  }
}
function relativeRuleFails(condition, [low, high], only) {
  if (only !== "max_rise" && condition.max_drop !== void 0 && -high > condition.max_drop + TOLERANCE) return true;
  return only !== "max_drop" && condition.max_rise !== void 0 && low > condition.max_rise + TOLERANCE;
}
function thresholdText(condition) {
  const parts = [];
  if (condition.op !== void 0) parts.push(`${OP_SYMBOL[condition.op] ?? condition.op} ${condition.value ?? "?"}`);
  const rule = `${condition.decide === "interval" ? " (interval)" : ""}${condition.baseline ? ` vs ${condition.baseline}` : ""}`;
  if (condition.max_drop !== void 0) parts.push(`drop <= ${condition.max_drop}${rule}`);
  if (condition.max_rise !== void 0) parts.push(`rise <= ${condition.max_rise}${rule}`);
  return parts.join(", ") || "(no threshold)";
}
function isCondition(node) {
  return typeof node.metric === "string";
}
function childPath(parent, kind, index) {
  return `${parent ? `${parent}.` : ""}${kind}[${index}]`;
}
function evaluateGate(spec, current, baseline, options = {}) {
  const context = { spec, current, baseline, options, rows: [], groups: [] };
  const outcome = evaluateNode(spec.root, "", context);
  const blockingFailures = context.rows.filter((row) => row.blocking && row.status === "fail").map((row) => `${row.path}: ${row.metric} ${row.threshold}`);
  return {
    status: outcome === "fail" || blockingFailures.length > 0 ? "fail" : "pass",
    rows: context.rows,
    groups: context.groups,
    blockingFailures,
    // A variant baseline counts: its rows were compared.
    hasBaseline: baseline !== void 0 || context.rows.some((row) => row.baseline !== void 0)
  };
}
function evaluateNode(node, path, context) {
  if (isCondition(node)) {
    const row = evaluateCondition(node, path, context);
    context.rows.push(row);
    return row.status === "pass" ? "pass" : row.status === "fail" ? "fail" : "waived";
  }
  const kind = "all" in node ? "all" : "any";
  const children = node[kind] ?? [];
  const group = { path, kind, status: "skipped" };
  context.groups.push(group);
  const outcomes = children.map((child, index) => evaluateNode(child, childPath(path, kind, index), context));
  const [decisive, other] = kind === "all" ? ["fail", "pass"] : ["pass", "fail"];
  const outcome = outcomes.includes(decisive) ? decisive : outcomes.includes(other) ? other : "waived";
  group.status = outcome === "waived" ? "skipped" : outcome;
  return outcome;
}
function evaluateCondition(condition, path, context) {
  const { spec, current, options } = context;
  const parsed = parseMetricKey(condition.metric);
  const aggregation = condition.aggregation ?? (parsed.ok && aggregationApplies(parsed.key) ? defaultAggregation(parsed.key) : void 0);
  const row = {
    path,
    metric: condition.metric,
    ...aggregation ? { aggregation } : {},
    threshold: thresholdText(condition),
    status: "fail",
    blocking: condition.blocking === true
  };
  const hasAbsolute = condition.op !== void 0 && typeof condition.value === "number";
  const hasRelative = condition.max_drop !== void 0 || condition.max_rise !== void 0;
  if (!hasAbsolute && !hasRelative) return { ...row, note: "no threshold: give op and value, or max_drop or max_rise" };
  const resolved = resolveMetric(condition.metric, current, { aggregation: condition.aggregation, trials: options.trials });
  if (resolved.status === "invalid") return { ...row, note: withHint(resolved) };
  if (resolved.status === "missing") return { ...row, note: `missing: ${withHint(resolved)}` };
  if (resolved.status === "skipped") {
    return spec.skipped_layers === "fail" ? { ...row, note: `${resolved.reason} (skipped_layers: fail)` } : { ...row, status: "skipped", note: resolved.reason };
  }
  row.actual = resolved.value;
  const notes = resolved.note ? [resolved.note] : [];
  let failed = hasAbsolute && !compareOp(resolved.value, condition.op, condition.value);
  let compared = false;
  if (hasRelative) {
    const against = baselineOf(condition, context);
    const before = against.run ? resolveMetric(condition.metric, against.run.results, { aggregation: condition.aggregation, trials: against.run.trials, intervalUnit: intervalUnitOf(current) }) : void 0;
    if (!before) {
      notes.push(against.missing ?? "no baseline to compare against");
    } else if (before.status !== "value") {
      notes.push(`not in the baseline: ${withHint(before)}`);
    } else {
      compared = true;
      const delta = round(resolved.value - before.value, 12);
      row.baseline = before.value;
      row.delta = delta;
      const change = resolved.samples && before.samples ? changeInterval(resolved.samples, before.samples, condition, aggregation, options) : void 0;
      if (change) {
        recordChange(row, change, resolved.samples.unit);
        const single = singleUnitText(change, resolved.samples.unit);
        if (single) notes.push(single);
        const note = pairingNote(change, resolved.samples.unit);
        if (note) notes.push(note);
      } else {
        notes.push("no interval: results.json has no per-unit values for this metric (pass the trials)");
      }
      const byInterval = condition.decide === "interval" && change !== void 0;
      row.decided_by = byInterval ? "interval" : "point";
      const [low, high] = byInterval ? change.interval : [delta, delta];
      if (relativeRuleFails(condition, [low, high])) failed = true;
      if (byInterval) notes.push(`decided by the 95% interval of the change (decide: interval)`);
      else if (condition.decide === "interval") notes.push("decide: interval, but there is no interval: decided by the point estimate");
      else notes.push("decided by the point estimate of the change (decide: point)");
    }
  }
  if (!hasRelative && options.readerFigures !== false) besideBaseline(condition, row, resolved, context);
  if (failed) row.status = "fail";
  else if (hasRelative && !compared && !hasAbsolute) row.status = "not-evaluated";
  else row.status = "pass";
  if (hasRelative && !compared && hasAbsolute && !failed) notes.push(`decided by ${OP_SYMBOL[condition.op]} ${condition.value} alone`);
  if (hasRelative && options.readerFigures !== false) {
    const power = resolved.samples && rowPower(condition, resolved.samples, aggregation, options);
    if (power) {
      row.mde = power.mde;
      row.power = power.power;
      if (power.note) notes.push(power.note);
    } else if (!resolved.samples && !compared) {
      notes.push("no mde: results.json has no per-unit values for this metric");
    }
  }
  if (notes.length > 0) row.note = notes.join("; ");
  return row;
}
function besideBaseline(condition, row, resolved, context) {
  const against = baselineOf(condition, context).run;
  if (!against) return;
  const before = resolveMetric(condition.metric, against.results, { aggregation: condition.aggregation, trials: against.trials, intervalUnit: intervalUnitOf(context.current) });
  if (before.status !== "value") return;
  row.baseline = before.value;
  row.delta = round(resolved.value - before.value, 12);
  const change = resolved.samples && before.samples ? changeInterval(resolved.samples, before.samples, condition, row.aggregation, context.options) : void 0;
  if (change) recordChange(row, change, resolved.samples.unit);
}
function recordChange(row, change, unit) {
  const counted2 = countedUnit(change, unit);
  row.interval = change.interval;
  row.significant = beyondNoise(change);
  row.pairing = {
    paired: change.paired,
    shared: change.shared,
    added: change.added,
    removed: change.removed,
    ...change.shared_interval ? { shared_interval: change.shared_interval } : {},
    ...counted2 ? { unit: counted2 } : {}
  };
}
function changeInterval(current, baseline, condition, aggregation, options) {
  return pairedBootstrapChange(current, baseline, { seed: mixSeed(options.seed ?? DEFAULT_SEED, `${condition.metric}|${aggregation ?? ""}`), resamples: options.resamples });
}
function pairingNote(change, unit) {
  const units = unitNoun(unit, 2);
  const counted2 = countedUnit(change, unit) ?? unit;
  const oneSide = change.added + change.removed > 0 ? `${unitWords(counted2, change.added)} added, ${change.removed} removed` : "";
  if (change.paired) return oneSide ? `paired on ${change.shared} shared ${unitNoun(counted2, change.shared)}; ${oneSide}${compositionText(change, unit)}` : unit === "user" || unit === "group" ? `paired on ${change.shared} shared ${unitNoun(unit, change.shared)}, each with all its queries` : void 0;
  const why = change.shared + change.added + change.removed === 0 ? `the ${units} have no names to pair` : `only ${unitWords(counted2, change.shared)} shared`;
  return `unpaired interval (${why}${oneSide ? `; ${oneSide}` : ""}): each run resampled on its own`;
}
function compositionText(change, unit) {
  const text = sharedAloneText(change, countedUnit(change, unit) ?? unit);
  return text ? `; ${text}` : "";
}
function withHint(resolution) {
  const hint = "hint" in resolution && resolution.hint ? ` (${resolution.hint})` : "";
  return `${resolution.reason}${hint}`;
}

// src/gate/validateGate.ts
var SPLIT_CHOICES = ["all", "dev", "heldout"];
var OPS = ["gt", "gte", "lt", "lte", "eq"];
var DECIDE_RULES = ["point", "interval"];
function validateGate(gate, suite) {
  const problems = [];
  if (gate.skipped_layers !== "waive" && gate.skipped_layers !== "fail") {
    problems.push({ path: ["gate", "skipped_layers"], message: `skipped_layers must be waive or fail, not "${String(gate.skipped_layers)}"` });
  }
  checkSplit(gate, suite, problems);
  walk(gate.root, ["gate"], suite, problems, true);
  return problems;
}
function checkSplit(gate, suite, problems) {
  const split = gate.split;
  if (split === void 0 || split === "all") return;
  if (!SPLIT_CHOICES.includes(split)) {
    problems.push({ path: ["gate", "split"], message: `split must be one of ${SPLIT_CHOICES.join(", ")}, not "${String(split)}"`, ...hinted(didYouMean(String(split), SPLIT_CHOICES)) });
    return;
  }
  const units = [...suite.e2e?.cases ?? [], ...suite.retrieval?.queries ?? []];
  if (!units.some((unit) => (unit.split ?? "dev") === split)) {
    problems.push({ path: ["gate", "split"], message: `the gate decides on the ${split} split, but no case or query of this suite is in it`, hint: `mark cases or queries split: ${split}, or remove gate.split` });
  }
}
function hinted(hint) {
  return hint ? { hint } : {};
}
function walk(node, dataPath, suite, problems, root = false) {
  const raw = node;
  const kinds = ["all", "any"].filter((kind) => kind in raw);
  if (isCondition(node)) {
    if (kinds.length > 0) problems.push({ path: dataPath, message: `a gate entry is either a condition (metric:) or a group (${kinds[0]}:), not both` });
    checkCondition(node, dataPath, suite, problems);
    return;
  }
  if (kinds.length === 0) {
    problems.push({ path: dataPath, message: root ? "the gate needs all: or any:" : "a gate entry needs metric:, all: or any:" });
    return;
  }
  if (kinds.length > 1) problems.push({ path: dataPath, message: "a gate entry has either all: or any:, not both", hint: "nest one inside the other" });
  for (const kind of kinds) {
    const children = raw[kind];
    if (!Array.isArray(children) || children.length === 0) {
      problems.push({ path: [...dataPath, kind], message: `${kind}: needs at least one entry` });
      continue;
    }
    children.forEach((child, index) => walk(child, [...dataPath, kind, index], suite, problems));
  }
}
function checkCondition(condition, at2, suite, problems) {
  const problem = (field, message, hint) => problems.push({ path: field === void 0 ? at2 : [...at2, field], message, ...hint ? { hint } : {} });
  const { op, value, max_drop: maxDrop, max_rise: maxRise, aggregation } = condition;
  if (op !== void 0 && !OPS.includes(op)) problem("op", `op must be one of ${OPS.join(", ")}, not "${String(op)}"`, didYouMean(String(op), OPS));
  if (op !== void 0 && value === void 0) problem("value", `op ${op} needs a value`);
  if (value !== void 0 && op === void 0) problem("op", "value needs an op (gt, gte, lt, lte or eq)");
  if (value !== void 0 && (typeof value !== "number" || !Number.isFinite(value))) problem("value", "value must be a number");
  for (const [field, bound] of [
    ["max_drop", maxDrop],
    ["max_rise", maxRise]
  ]) {
    if (bound !== void 0 && (typeof bound !== "number" || !Number.isFinite(bound) || bound < 0)) problem(field, `${field} must be a number of at least 0`);
  }
  if (op === void 0 && value === void 0 && maxDrop === void 0 && maxRise === void 0) {
    problem(void 0, `the condition on ${condition.metric} has no threshold`, "add op and value, or max_drop or max_rise");
  }
  const { decide } = condition;
  if (decide !== void 0 && !DECIDE_RULES.includes(decide)) {
    problem("decide", `decide must be point or interval, not "${String(decide)}"`, didYouMean(String(decide), DECIDE_RULES));
  } else if (decide !== void 0 && maxDrop === void 0 && maxRise === void 0) {
    problem("decide", "decide applies to max_drop and max_rise: this condition has neither", "add max_drop or max_rise, or remove decide");
  }
  checkBaseline(condition, suite, problem);
  if (aggregation !== void 0 && !AGGREGATIONS.includes(aggregation)) {
    problem("aggregation", `aggregation must be one of ${AGGREGATIONS.join(", ")}, not "${String(aggregation)}"`, didYouMean(String(aggregation), AGGREGATIONS));
  }
  const parsed = parseMetricKey(condition.metric, {
    providers: suite.retrieval?.providers.map((provider) => provider.name),
    abilities: suite.e2e?.cases.map((spec) => spec.ability),
    ...suite.e2e ? { graders: suiteGraders(suite.e2e.cases) } : {}
  });
  if (!parsed.ok) {
    problem("metric", `metric "${condition.metric}" names nothing: ${parsed.reason}`, parsed.hint);
    return;
  }
  const issue = checkKey(parsed.key, suite);
  if (issue) problem("metric", `metric "${condition.metric}": ${issue.message}`, issue.hint);
  if (parsed.key.layer === "retrieval" && isStalenessFamily(parsed.key.family) && maxDrop !== void 0) {
    problem("max_drop", `${condition.metric} is lower-is-better (a share of queries meeting a superseded memory): max_drop would fail on an improvement`, "use max_rise for the largest rise allowed against the baseline, or op: lte with a value");
  }
  if (aggregation !== void 0 && AGGREGATIONS.includes(aggregation) && !aggregationApplies(parsed.key)) {
    problem("aggregation", `aggregation does not apply to ${condition.metric}: it is one number per run`, "remove aggregation");
  }
}
function checkBaseline(condition, suite, problem) {
  if (condition.baseline === void 0) return;
  const name = variantOfBaseline(condition.baseline);
  const names = suite.variants?.map((variant) => variant.name) ?? [];
  if (name === void 0) problem("baseline", `baseline must be variant:NAME, not "${String(condition.baseline)}"`);
  else if (!names.includes(name)) problem("baseline", `baseline names no variant "${name}"`, didYouMean(name, names) ?? (names.length ? `variants: ${listed(names)}` : "define variants: in the suite"));
  if (condition.max_drop === void 0 && condition.max_rise === void 0) {
    problem("baseline", "baseline applies to max_drop and max_rise: this condition has neither", "add max_drop or max_rise, or remove baseline");
  }
}
function listed(names) {
  return names.length === 0 ? "none" : names.join(", ");
}
function suiteGraders(cases, ability) {
  return [...new Set(cases.filter((spec) => ability === void 0 || spec.ability === ability).flatMap((spec) => Object.keys(spec.graders ?? {})))].sort();
}
function checkKey(key, suite) {
  if (key.layer === "retrieval") {
    const retrieval = suite.retrieval;
    if (!retrieval) return { message: "the suite has no retrieval section", hint: "add retrieval: or gate on e2e metrics" };
    const providers = retrieval.providers.map((provider) => provider.name);
    if (!providers.includes(key.provider)) {
      return { message: `no provider "${key.provider}" in retrieval.providers`, hint: didYouMean(key.provider, providers) ?? `providers: ${listed(providers)}` };
    }
    if (key.k !== void 0 && !retrieval.k.includes(key.k)) {
      const nearest = [...retrieval.k].sort((a, b) => Math.abs(a - key.k) - Math.abs(b - key.k))[0];
      return {
        message: `${key.metric} is not computed: retrieval.k is ${listed(retrieval.k.map(String))}`,
        hint: nearest === void 0 ? `add ${key.k} to retrieval.k` : `did you mean "${key.metric.replace(/@\d+$/, `@${nearest}`)}"? or add ${key.k} to retrieval.k`
      };
    }
    if (key.group && !retrieval.group_metrics) {
      return { message: `${key.metric} is computed only with retrieval.group_metrics: true`, hint: "set retrieval.group_metrics: true (memories need group:), or gate on the memory-level metric" };
    }
    if (key.haystack !== void 0) {
      const fractions = retrieval.haystack?.fractions;
      if (!fractions) return { message: `${key.metric} at a haystack fraction is measured only with retrieval.haystack`, hint: "add retrieval.haystack: [0.1, 0.5, 1], or gate on the plain metric" };
      if (key.haystack !== "per_doubling" && !fractions.includes(key.haystack)) {
        return { message: `haystack@${key.haystack} is not measured: retrieval.haystack is ${listed(fractions.map(String))}`, hint: `add ${key.haystack} to retrieval.haystack, or use one of its fractions` };
      }
    }
    if (key.tag !== void 0) {
      const tags = [...new Set(retrieval.queries.flatMap((query) => query.tags))].sort();
      if (!tags.includes(key.tag)) return { message: `no query is tagged "${key.tag}"`, hint: didYouMean(key.tag, tags) ?? `tags: ${listed(tags)}` };
    }
    if (isStalenessFamily(key.family)) {
      const scope = key.tag === void 0 ? retrieval.queries : retrieval.queries.filter((query) => query.tags.includes(key.tag));
      if (!scope.some(namesObsolete)) {
        return { message: `no query${key.tag === void 0 ? "" : ` tagged "${key.tag}"`} names an obsolete memory, so there is no ${key.metric} to measure`, hint: "give queries obsolete: [ids] (memories of the same user that were true once and are superseded)" };
      }
    }
    return void 0;
  }
  const e2e = suite.e2e;
  if (!e2e) return { message: "the suite has no e2e section", hint: "add e2e: or gate on retrieval metrics" };
  const needConditions = (conditions, what) => {
    const lacking = conditions.filter((condition) => !e2e.conditions.includes(condition));
    return lacking.length === 0 ? void 0 : { message: `${what} needs the ${lacking.join(" and ")} condition${lacking.length > 1 ? "s" : ""}, not in e2e.conditions (${listed(e2e.conditions)})`, hint: `add ${lacking.join(", ")} to e2e.conditions` };
  };
  const abilities = [...new Set(e2e.cases.map((spec) => spec.ability))].sort();
  const ability = "ability" in key ? key.ability : void 0;
  if (ability !== void 0 && !abilities.includes(ability)) {
    return { message: `no e2e case has ability "${ability}"`, hint: didYouMean(ability, abilities) ?? `abilities: ${listed(abilities)}` };
  }
  switch (key.kind) {
    case "rate":
      return key.condition ? needConditions([key.condition], `e2e.${key.condition}`) : void 0;
    case "diff":
      return needConditions(key.diff === "lift" ? ["recall", "none"] : ["oracle", "recall"], key.diff);
    case "latency":
      return void 0;
    case "fault":
      return needConditions([`fault:${key.fault}`, ...key.metric === "vs_none" ? ["none"] : []], `e2e.fault.${key.fault}.${key.metric}`);
    case "grader": {
      const own = key.ability === void 0 ? void 0 : suiteGraders(e2e.cases, key.ability);
      if (own && !own.includes(key.grader)) {
        return { message: `no case of ability "${key.ability}" has the grader "${key.grader}"`, hint: own.length ? `its graders: ${listed(own)}` : "the ability has no graders" };
      }
      return key.condition ? needConditions([key.condition], `e2e.grader.${key.grader}.${key.condition}`) : void 0;
    }
    case "harm":
      return (key.condition ? needConditions([key.condition], `e2e.${key.condition}`) : void 0) ?? harmRateUnmeasured(key.rate, e2e.cases, key.condition);
    case "cost":
      return needConditions([key.condition], `e2e.${key.condition}.${key.name}`);
    case "stage":
      return needConditions(["recall"], `e2e.stage.${key.stage}.rate`) ?? stageRateUnmeasured(key.stage, key.ability === void 0 ? e2e.cases : e2e.cases.filter((spec) => spec.ability === key.ability));
    case "scalar":
      if (key.name === "leaks") return needConditions(["none"], "e2e.leaks");
      if (key.name === "harmful_recall_rate") return harmRateUnmeasured(key.name, e2e.cases);
      if ((key.name === "evidence_coverage" || key.name === "recall_precision") && !e2e.cases.some((spec) => spec.evidence.length > 0)) {
        return { message: `no e2e case lists evidence, so there is no ${key.name} to measure`, hint: "add evidence: to the cases" };
      }
      return void 0;
  }
}

// src/suite/variants.ts
const { dirname } = globalThis.process.getBuiltinModule("node:path");
var OVERRIDABLE = {
  builtin: ["system_prompt", "model", "temperature", "max_tokens", "memory"],
  command: ["command", "env"],
  http: ["url"]
};
var SIDE_BY_SIDE_FILE = "variants.md";
var EMBEDDING_KINDS = ["vector", "chroma"];
function buildVariants(raw, suite, locate, problems) {
  const seen = /* @__PURE__ */ new Map();
  const specs = raw.map((variant, index) => {
    const at2 = (path, keyOf) => locate([index, ...path], keyOf);
    const earlier = seen.get(variant.name);
    if (earlier === void 0) seen.set(variant.name, index);
    else problems.push({ where: at2(["name"]), message: `duplicate variant name "${variant.name}"`, hint: `first defined at ${formatLocation(locate([earlier]))}` });
    if (variant.name === SIDE_BY_SIDE_FILE) problems.push({ where: at2(["name"]), message: `a variant cannot be named "${SIDE_BY_SIDE_FILE}": run --variants writes its side-by-side report under that name`, hint: "choose another name" });
    checkTargetKeys(variant, suite, at2, problems);
    checkProviders(variant, suite, at2, problems);
    return {
      name: variant.name,
      ...variant.target ? { target: variant.target } : {},
      ...variant.providers ? { providers: variant.providers } : {},
      where: at2([]),
      ...variant.target?.system_prompt !== void 0 ? { systemPromptWhere: at2(["target", "system_prompt"]) } : {}
    };
  });
  const withVariants = { ...suite, variants: specs };
  for (const spec of specs) {
    try {
      applyVariant(withVariants, spec.name);
    } catch (error) {
      if (!(error instanceof RecallGateError) || error.problems.length === 0) throw error;
      problems.push(...error.problems);
    }
  }
  return specs;
}
function checkTargetKeys(variant, suite, at2, problems) {
  if (!variant.target) return;
  const target = suite.e2e?.target;
  if (!target) {
    problems.push({ where: at2(["target"]), message: `variant "${variant.name}" overrides the target, but the suite has no e2e section`, hint: "remove target: or add e2e:" });
    return;
  }
  const allowed = OVERRIDABLE[target.kind];
  for (const key of Object.keys(variant.target)) {
    if (allowed.includes(key)) continue;
    problems.push({
      where: at2(["target"], key),
      message: `a ${target.kind} target has no "${key}" a variant can override`,
      hint: didYouMean(key, allowed) ?? `a variant of a ${target.kind} target may set: ${allowed.join(", ")}`
    });
  }
  const provider = variant.target.memory?.provider;
  const providers = suite.retrieval?.providers.map((candidate) => candidate.name) ?? [];
  if (target.kind === "builtin" && provider !== void 0 && !providers.includes(provider)) {
    problems.push({
      where: at2(["target", "memory", "provider"]),
      message: `memory.provider names no retrieval provider "${provider}"`,
      hint: didYouMean(provider, providers) ?? `one of: ${providers.join(", ")}`
    });
  }
}
function checkProviders(variant, suite, at2, problems) {
  const providers = suite.retrieval?.providers ?? [];
  for (const name of Object.keys(variant.providers ?? {})) {
    const provider = providers.find((candidate) => candidate.name === name);
    if (!provider) {
      const names = providers.map((candidate) => candidate.name);
      problems.push({
        where: at2(["providers"], name),
        message: `variant "${variant.name}" names no retrieval provider "${name}"`,
        hint: didYouMean(name, names) ?? (names.length ? `providers: ${names.join(", ")}` : "the suite has no retrieval providers")
      });
    } else if (!EMBEDDING_KINDS.includes(provider.kind)) {
      problems.push({ where: at2(["providers"], name), message: `provider "${name}" is ${provider.kind}: it has no embedding to replace`, hint: `only ${EMBEDDING_KINDS.join(" and ")} providers embed` });
    }
  }
}
function applyVariant(suite, name) {
  const variants = suite.variants ?? [];
  const variant = variants.find((candidate) => candidate.name === name);
  if (!variant) {
    const names = variants.map((candidate) => candidate.name);
    throw new RecallGateError("invalid-input", `${suite.displayPath} has no variant "${name}"`, {
      hint: didYouMean(name, names) ?? (names.length ? `variants: ${names.join(", ")}` : "define variants: in the suite")
    });
  }
  const files = [...suite.files];
  const replaced = (provider) => {
    const override = variant.providers?.[provider.name];
    return override ? { ...provider, embedding: override.embedding } : provider;
  };
  const retrieval = suite.retrieval && { ...suite.retrieval, providers: suite.retrieval.providers.map(replaced) };
  const e2e = suite.e2e && {
    ...suite.e2e,
    target: variedTarget(suite.e2e.target, variant, retrieval?.providers ?? [], replaced, suite.file, files)
  };
  return { ...suite, files, retrieval, e2e, variant: name };
}
function variedTarget(target, variant, providers, replaced, suiteFile, files) {
  const override = variant.target ?? {};
  switch (target.kind) {
    case "http":
      return { ...target, ...override.url !== void 0 ? { url: override.url } : {} };
    case "command":
      return {
        ...target,
        ...override.command !== void 0 ? { command: override.command } : {},
        ...override.env !== void 0 ? { env: { ...target.env, ...override.env } } : {}
      };
    case "builtin":
      return variedBuiltin(target, variant, providers, replaced, suiteFile, files);
  }
}
function variedBuiltin(target, variant, providers, replaced, suiteFile, files) {
  const override = variant.target ?? {};
  const { provider: providerName, ...memory } = override.memory ?? {};
  const provider = providers.find((candidate) => candidate.name === (providerName ?? target.memory.provider.name)) ?? replaced(target.memory.provider);
  const varied = {
    ...target,
    ...override.model !== void 0 ? { model: override.model } : {},
    ...override.temperature !== void 0 ? { temperature: override.temperature } : {},
    ...override.max_tokens !== void 0 ? { max_tokens: override.max_tokens } : {},
    memory: { ...target.memory, ...memory, provider }
  };
  const promptPath = override.system_prompt;
  if (promptPath === void 0) return varied;
  let prompt;
  try {
    prompt = readReferencedText(dirname(suiteFile), promptPath, variant.systemPromptWhere);
  } catch (error) {
    if (error instanceof FileProblems) throw invalidInput(error.problems);
    throw error;
  }
  varied.systemPrompt = prompt.text;
  varied.systemPromptFile = promptPath;
  if (!files.includes(prompt.path)) files.push(prompt.path);
  return varied;
}
function parseVariantList(list) {
  const names = list.split(",").map((name) => name.trim());
  if (names.some((name) => name === "")) throw new RecallGateError("invalid-input", `--variants "${list}" has an empty name`, { hint: "give names separated by commas, e.g. --variants base,nomem" });
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated) throw new RecallGateError("invalid-input", `--variants names "${repeated}" twice`, { hint: "each variant runs once" });
  return names;
}

// src/suite/load.ts
const { dirname: dirname3, isAbsolute, relative: relative3, resolve: resolve3 } = globalThis.process.getBuiltinModule("node:path");

// src/suite/formats.ts
var MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
function daysInMonth(year, month) {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
function calendarDateProblem(value) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return void 0;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12) return `there is no month ${month}`;
  const days = daysInMonth(year, month);
  if (day < 1 || day > days) return `${MONTHS[month - 1]} ${year} has ${days} days`;
  return void 0;
}
function httpUrlProblem(value) {
  let url;
  try {
    url = new URL(value);
  } catch {
    return /^https?:\/\/[/?#]*$/i.test(value) ? "it names no host" : "it is not a valid URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return `it must start with http:// or https://, not ${url.protocol}//`;
  if (url.hostname === "") return "it names no host";
  return void 0;
}
var STRING_FORMATS = {
  date: { expected: "a calendar date", problem: calendarDateProblem },
  // Shown redacted: a URL may carry user:password or a key in its query, and validation runs before any secret is registered.
  "http-url": { expected: "an http:// or https:// URL with a host", problem: httpUrlProblem, shown: redactUrl }
};
var AJV_FORMATS = Object.fromEntries(
  Object.entries(STRING_FORMATS).map(([name, format]) => [name, { type: "string", validate: (value) => format.problem(value) === void 0 }])
);

// src/suite/schemaCheck.ts
import { schemaValidator } from "./schemaValidators.js";
function splitPointer(pointer) {
  if (pointer === "") return [];
  return pointer.slice(1).split("/").map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~")).map((part) => /^\d+$/.test(part) ? Number(part) : part);
}
function describeValue(path) {
  const last = path[path.length - 1];
  if (last === void 0) return "the suite";
  return typeof last === "number" ? `item ${last + 1}` : `"${last}"`;
}
function toProblem(error, file, basePath) {
  const path = [...basePath, ...splitPointer(error.instancePath)];
  const subject = describeValue(path);
  const schema = error.parentSchema;
  switch (error.keyword) {
    case "additionalProperties": {
      const key = String(error.params.additionalProperty);
      const allowed = Object.keys(schema?.properties ?? {});
      return {
        where: file.locate(path, { keyOf: key }),
        message: `unknown key "${key}"`,
        hint: didYouMean(key, allowed) ?? `allowed keys: ${allowed.join(", ")}`
      };
    }
    case "required": {
      const key = String(error.params.missingProperty);
      return { where: file.locate(path), message: `missing required key "${key}"` };
    }
    case "enum": {
      const allowed = (error.params.allowedValues ?? []).map(String);
      return {
        where: file.locate(path),
        message: `${subject} must be one of: ${allowed.join(", ")}; got ${JSON.stringify(error.data)}`,
        hint: typeof error.data === "string" ? otherSpelling(error.data, allowed) ?? didYouMean(error.data, allowed) : void 0
      };
    }
    case "type": {
      const expected = String(error.params.type).replace(",", " or ");
      return { where: file.locate(path), message: `${subject} must be ${article(expected)}; got ${typeName(error.data)}` };
    }
    case "pattern":
      if (error.propertyName !== void 0) {
        return { where: file.locate(path, { keyOf: error.propertyName }), message: `${subject}: the key ${patternMessage(error)}; got ${JSON.stringify(error.propertyName)}` };
      }
      return { where: file.locate(path), message: `${subject} ${patternMessage(error)}; got ${JSON.stringify(error.data)}` };
    case "format": {
      const format = STRING_FORMATS[error.params.format];
      const value = String(error.data);
      const shown2 = format?.shown ? format.shown(value) : value;
      return { where: file.locate(path), message: `${subject} must be ${format?.expected ?? error.message}; got ${JSON.stringify(shown2)}: ${format?.problem(value) ?? "invalid"}` };
    }
    case "propertyNames":
      return void 0;
    case "not": {
      const data = error.data ?? {};
      const rule = /\/allOf\/(\d+)\//.exec(error.schemaPath)?.[1];
      const candidates = rule === "1" ? ["embedding"] : rule === "4" ? ["url"] : Object.keys(KIND_ONLY_KEYS).filter((key2) => key2 !== "embedding" && key2 !== "url");
      const key = candidates.find((name) => name in data && !KIND_ONLY_KEYS[name].split(/, | and /).includes(String(data.kind))) ?? candidates.find((name) => name in data) ?? candidates[0];
      const kinds = KIND_ONLY_KEYS[key];
      return {
        where: file.locate(path, { keyOf: key }),
        message: `"${key}" only applies to ${kinds} providers`,
        hint: `remove it or change kind to ${kinds.split(/, | and /)[0]}`
      };
    }
    case "dependencies": {
      const { property, missingProperty } = error.params;
      const add = missingProperty === "preset" ? `${missingProperty}: rank_bm25` : missingProperty;
      return { where: file.locate(path, { keyOf: property }), message: `"${property}" applies only with "${missingProperty}" set`, hint: `add ${add}, or remove ${property}` };
    }
    case "oneOf":
      return { where: file.locate(path), message: "an adapter or mcp provider needs either url (HTTP) or command (stdin/stdout), not both" };
    case "minItems":
    case "minProperties": {
      const limit = Number(error.params.limit);
      return { where: file.locate(path), message: limit === 1 ? `${subject} must not be empty` : `${subject} needs at least ${limit} entries` };
    }
    case "if":
      return void 0;
    default:
      return { where: file.locate(path), message: `${subject} ${error.message ?? "is invalid"}` };
  }
}
var KIND_ONLY_KEYS = {
  url: "chroma, adapter and mcp",
  command: "adapter and mcp",
  cwd: "adapter and mcp",
  headers_env: "adapter and mcp",
  env: "adapter and mcp",
  timeout_ms: "chroma, adapter and mcp",
  tools: "mcp",
  tenant: "chroma",
  database: "chroma",
  api_key_env: "chroma",
  auth_header: "chroma",
  keep_collection: "chroma",
  hnsw: "chroma",
  embedding: "vector and chroma",
  preset: "keyword",
  epsilon: "keyword"
};
function article(type) {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
function typeName(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a map";
  if (typeof value === "number" && !Number.isFinite(value)) return `number ${String(value)}`;
  return `${typeof value} ${JSON.stringify(value)}`;
}
function patternMessage(error) {
  const pattern = String(error.params.pattern);
  if (pattern === "^[^\\s]+$") return "must not contain spaces";
  if (pattern.startsWith("^\\d{4}")) return "must be a date written YYYY-MM-DD";
  if (pattern === "^[a-zA-Z0-9_-]{1,64}$") return `must be 1 to 64 letters, digits, "_" or "-" (the chat API's rule for tool names)`;
  if (pattern.startsWith("^[A-Za-z0-9]")) return 'must start with a letter or digit and use only letters, digits, ".", "_" and "-"';
  if (pattern.startsWith("^[A-Za-z_]")) return "must be an environment variable name";
  if (pattern.startsWith("^[^#]")) return "must be path.mjs#export (a file relative to the suite, then the exported function)";
  if (pattern.startsWith("^variant:")) return "must be variant:NAME, NAME one of the suite's variants";
  return `must match ${pattern}`;
}
var COMPARISON_SPELLINGS = {
  ge: "gte",
  geq: "gte",
  ">=": "gte",
  "=>": "gte",
  "\u2265": "gte",
  le: "lte",
  leq: "lte",
  "<=": "lte",
  "=<": "lte",
  "\u2264": "lte",
  ">": "gt",
  "<": "lt",
  "==": "eq",
  "=": "eq",
  "===": "eq"
};
function otherSpelling(written, allowed) {
  const meant = COMPARISON_SPELLINGS[written.trim().toLowerCase()];
  return meant !== void 0 && allowed.includes(meant) ? `did you mean "${meant}"?` : void 0;
}
function checkSchema(part, data, file, basePath = []) {
  const validate = schemaValidator(part);
  if (validate(data)) return [];
  const errors = withoutMisspeltRequired(validate.errors ?? []);
  const problems = errors.map((error) => toProblem(error, file, basePath)).filter((problem) => problem !== void 0);
  return dedupe(problems);
}
function withoutMisspeltRequired(errors) {
  const typos = /* @__PURE__ */ new Set();
  for (const error of errors) {
    if (error.keyword !== "additionalProperties") continue;
    const key = String(error.params.additionalProperty);
    const allowed = Object.keys(error.parentSchema?.properties ?? {});
    const meant = closest(key, allowed);
    if (meant) typos.add(`${error.instancePath}\0${meant}`);
  }
  return errors.filter(
    (error) => error.keyword !== "required" || !typos.has(`${error.instancePath}\0${error.params.missingProperty}`)
  );
}
function dedupe(problems) {
  const seen = /* @__PURE__ */ new Set();
  return problems.filter((problem) => {
    const key = `${problem.where.file}:${problem.where.line}:${problem.where.col}:${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// src/suite/semantics.ts
function checkRetrieval(spec, at2, onProgress) {
  const problems = [];
  const duplicates = (items, key, locate, what) => {
    const first = /* @__PURE__ */ new Map();
    items.forEach((item, index) => {
      const id = key(item);
      const earlier = first.get(id);
      if (earlier === void 0) first.set(id, index);
      else problems.push({ where: locate(index), message: `duplicate ${what} "${id}"`, hint: `first defined at ${formatLocation(locate(earlier))}` });
    });
  };
  duplicates(spec.providers, (p) => p.name, (i) => at2.retrieval(["providers", i, "name"]), "provider name");
  duplicates(spec.memories, (m) => m.id, (i) => at2.memory(i, ["id"]), "memory id");
  duplicates(spec.queries, (q) => q.id, (i) => at2.query(i, ["id"]), "query id");
  const memories = new Map(spec.memories.map((memory) => [memory.id, memory]));
  let typos;
  spec.queries.forEach((query, index) => {
    if (index % 1e3 === 0 || index === spec.queries.length - 1) onProgress?.("checking relevant memories", index + 1, spec.queries.length);
    for (const id of Object.keys(query.relevant)) {
      const memory = memories.get(id);
      if (!memory) {
        typos ??= typoMatcher([...memories.keys()]);
        problems.push({
          where: at2.relevant(index, id),
          message: `relevant memory "${id}" is not defined`,
          hint: typos.didYouMean(id) ?? "add a memory with this id or fix the id"
        });
      } else if (memory.user !== query.user) {
        problems.push({
          where: at2.relevant(index, id),
          message: `relevant memory "${id}" belongs to user "${memory.user}" but the query is asked as "${query.user}", so no search can find it`,
          hint: "give the query and the memory the same user"
        });
      }
    }
    for (const id of query.obsolete ?? []) {
      const where = at2.obsolete(index, id);
      const memory = memories.get(id);
      if (!memory) {
        typos ??= typoMatcher([...memories.keys()]);
        problems.push({ where, message: `obsolete memory "${id}" is not defined`, hint: typos.didYouMean(id) ?? "add a memory with this id or fix the id" });
      } else if (memory.user !== query.user) {
        problems.push({
          where,
          message: `obsolete memory "${id}" belongs to user "${memory.user}" but the query is asked as "${query.user}", so no search of this query can return it`,
          hint: "an obsolete memory is a superseded fact of the same user: give the query and the memory the same user"
        });
      } else if (Object.hasOwn(query.relevant, id)) {
        problems.push({
          where,
          message: `memory "${id}" is both relevant and obsolete for query "${query.id}"`,
          hint: "a memory is either current (relevant) or superseded (obsolete): remove it from one list"
        });
      }
    }
  });
  if (spec.queries.length > 0 && !spec.queries.some(hasRelevant)) {
    problems.push({
      where: at2.retrieval(["queries"]),
      message: "no query names a relevant memory, so there is nothing to score",
      hint: "queries with relevant: [] are left out of the means; give at least one query its relevant memories"
    });
  }
  if (spec.group_metrics && !spec.memories.some((memory) => memory.group !== void 0)) {
    problems.push({
      where: at2.retrieval(["group_metrics"]),
      message: "group_metrics is on but no memory has a group, so group-level scores would equal memory-level ones",
      hint: "give memories group: (e.g. the session id), or remove group_metrics"
    });
  }
  if (spec.interval_unit === "group" && !spec.queries.some((query) => query.group !== void 0)) {
    problems.push({
      where: at2.retrieval(["interval_unit"]),
      message: "interval_unit is group but no query has a group, so every query would be drawn alone (as interval_unit: query)",
      hint: "give queries group: (e.g. the conversation they come from), or use interval_unit: user or query"
    });
  }
  const largestK = spec.k[spec.k.length - 1];
  if (largestK > spec.depth) {
    problems.push({
      where: at2.retrieval(["depth"]),
      message: `depth ${spec.depth} is smaller than the largest k (${largestK})`,
      hint: `raise depth to at least ${largestK}`
    });
  }
  return problems;
}

// src/suite/loadE2e.ts
const { dirname: dirname2, relative, resolve } = globalThis.process.getBuiltinModule("node:path");

// src/suite/histories.ts
function attachHistories(histories, rows, cases, specs, problems) {
  const byName = /* @__PURE__ */ new Map();
  histories.forEach((history, index) => {
    const earlier = byName.get(history.name);
    if (earlier) problems.push({ where: rows.locate(index, ["name"]), message: `duplicate history name "${history.name}"`, hint: `first defined at ${formatLocation(earlier.where)}` });
    else byName.set(history.name, history);
    if (rows.fileSplit(index)) problems.push({ where: rows.fileSplit(index).where, message: "histories have no split: the split is set on the cases that name them", hint: "remove split here, and set it on the cases (or their file)" });
  });
  cases.rows.forEach((row, index) => {
    if (row.history === void 0) return;
    const name = String(row.history);
    const at2 = cases.locate(index, ["history"]);
    const other = row.sessions !== void 0 ? "sessions" : row.plant_from !== void 0 ? "plant_from" : void 0;
    if (other) {
      problems.push({ where: at2, message: `a case has one of sessions, plant_from and history; this one has history and ${other}`, hint: `remove ${other}: the history's sessions are played before the probe` });
      return;
    }
    const history = byName.get(name);
    if (!history) {
      problems.push({
        where: at2,
        message: `history names no history "${name}" in e2e.histories`,
        hint: didYouMean(name, byName.keys()) ?? (byName.size > 0 ? `one of: ${[...byName.keys()].slice(0, 10).join(", ")}` : "define it under e2e.histories: [{ name, sessions }]")
      });
      return;
    }
    specs[index].sessions = history.sessions;
    specs[index].history = history.name;
  });
}

// src/suite/loadE2e.ts
var DEFAULT_TIMEOUT_MS = 6e4;
function buildE2e(raw, cases, main, retrieval, files, problems, histories) {
  const at2 = (path) => main.locate(["e2e", ...path]);
  const target = buildTarget(raw.target);
  const caseSpecs = cases.rows.map(
    (row, index) => buildCase(row, cases.locate(index), splitOf(cases, index, problems), readSessions(row.sessions, (path) => cases.locate(index, ["sessions", ...path]), problems))
  );
  const byName = /* @__PURE__ */ new Map();
  caseSpecs.forEach((spec, index) => {
    const earlier = byName.get(spec.name);
    if (earlier === void 0) byName.set(spec.name, index);
    else problems.push({ where: cases.locate(index, ["name"]), message: `duplicate case name "${spec.name}"`, hint: `first defined at ${formatLocation(cases.locate(earlier))}` });
  });
  const historySpecs = (histories?.rows ?? []).map((row, index) => ({
    name: String(row.name),
    sessions: readSessions(row.sessions, (path) => histories.locate(index, ["sessions", ...path]), problems),
    where: histories.locate(index)
  }));
  attachHistories(historySpecs, histories, cases, caseSpecs, problems);
  plantSessions(cases, caseSpecs, byName, problems);
  const exports = /* @__PURE__ */ new Map();
  const exportsOf = (path, env) => {
    const key = `${path}\0${JSON.stringify(env)}`;
    return exports.get(key) ?? exports.set(key, moduleExports(path, env)).get(key);
  };
  cases.rows.forEach((row, index) => {
    const judgeConfigured = Boolean(raw.judge);
    if (row.check === void 0 && row.graders === void 0) {
      problems.push({ where: cases.locate(index), message: `case "${caseSpecs[index].name}" needs a check, graders, or both`, hint: "add check: { icontains: ... } or graders: { name: { ... } }" });
    }
    if (row.check !== void 0) addProblems(problems, checkProblems(row.check, (path) => cases.locate(index, ["check", ...path]), { judgeConfigured }));
    if (row.graders !== void 0) {
      const at3 = (path) => cases.locate(index, ["graders", ...path]);
      caseSpecs[index].graders = loadGraders(row.graders, { at: at3, suiteDir: dirname2(main.path), judgeConfigured, files, problems, exportsOf });
    }
    if (row.fault_check !== void 0) addProblems(problems, checkProblems(row.fault_check, (path) => cases.locate(index, ["fault_check", ...path]), { judgeConfigured }));
    if (row.harmful !== void 0) addProblems(problems, checkProblems(row.harmful, (path) => cases.locate(index, ["harmful", ...path]), { judgeConfigured }));
    problems.push(...expectRecallProblems(row, (path) => cases.locate(index, path)));
    addProblems(problems, blankCaseTextProblems(row, (path) => cases.locate(index, path)));
  });
  const unenforceable = raw.max_cost_usd === void 0 ? void 0 : unenforceableBudget({ target, judge: raw.judge && { model: raw.judge.model }, prices: raw.prices ?? {} });
  if (unenforceable) {
    problems.push({ where: at2(["max_cost_usd"]), message: `max_cost_usd: ${unenforceable}`, hint: "give the models prices in e2e.prices (USD per million tokens), name an adapter's model with target.model, or drop max_cost_usd" });
  }
  return {
    target,
    repeat: raw.repeat ?? 3,
    conditions: raw.conditions ?? ["recall"],
    concurrency: raw.concurrency ?? 4,
    grade_truncated: raw.grade_truncated,
    judge: raw.judge && buildJudge(raw.judge),
    prices: raw.prices ?? {},
    ...raw.max_cost_usd !== void 0 ? { max_cost_usd: raw.max_cost_usd } : {},
    cases: caseSpecs
  };
  function buildJudge({ calibration, min_agreement, ...settings }) {
    if (calibration === void 0) {
      if (min_agreement !== void 0) problems.push({ where: at2(["judge", "min_agreement"]), message: "min_agreement needs e2e.judge.calibration, the labels it is measured on" });
      return settings;
    }
    const path = resolve(dirname2(main.path), calibration);
    const displayPath = relative(process.cwd(), path) || path;
    try {
      readLabels(path, displayPath, at2(["judge", "calibration"]));
      files.push(path);
    } catch (error) {
      if (!(error instanceof RecallGateError) || error.problems.length === 0) throw error;
      problems.push(...error.problems);
    }
    return { ...settings, calibration: { path, displayPath, ...min_agreement !== void 0 ? { min_agreement } : {} } };
  }
  function buildTarget(rawTarget) {
    const suiteDir = dirname2(main.path);
    const timeout = rawTarget.timeout_ms ?? DEFAULT_TIMEOUT_MS;
    const model = rawTarget.model === void 0 ? {} : { model: String(rawTarget.model) };
    if (rawTarget.kind === "http") {
      const started = rawTarget.start === void 0 ? {} : { start: rawTarget.start, cwd: resolve(suiteDir, rawTarget.cwd ?? "."), env: rawTarget.env };
      const url = rawTarget.url === void 0 ? {} : { url: String(rawTarget.url) };
      if (rawTarget.start !== void 0 && rawTarget.url !== void 0) problems.push({ where: at2(["target", "start"]), message: "an http target takes url (a running server) or start (a server recall-gate starts, which prints its URL), not both" });
      return { kind: "http", ...url, ...started, headers_env: rawTarget.headers_env ?? {}, timeout_ms: timeout, ...model };
    }
    if (rawTarget.kind === "command") {
      return {
        kind: "command",
        command: rawTarget.command,
        cwd: resolve(suiteDir, rawTarget.cwd ?? "."),
        env: rawTarget.env,
        timeout_ms: timeout,
        ...model
      };
    }
    const memory = rawTarget.memory;
    const providers = retrieval?.providers ?? [];
    let provider = providers.find((candidate) => candidate.name === memory.provider);
    if (!provider) {
      problems.push({
        where: at2(["target", "memory", "provider"]),
        message: `memory.provider names no retrieval provider "${memory.provider}"`,
        hint: didYouMean(memory.provider, providers.map((p) => p.name)) ?? (providers.length ? `one of: ${providers.map((p) => p.name).join(", ")}` : "add it under retrieval.providers")
      });
      provider = { name: memory.provider, kind: "keyword", where: at2(["target"]) };
    }
    let systemPrompt = "";
    const promptPath = rawTarget.system_prompt;
    if (promptPath) {
      try {
        const prompt = readReferencedText(suiteDir, promptPath, at2(["target", "system_prompt"]));
        systemPrompt = prompt.text;
        files.push(prompt.path);
      } catch (error) {
        if (!(error instanceof FileProblems)) throw error;
        addProblems(problems, error.problems);
      }
    }
    return {
      kind: "builtin",
      model: String(rawTarget.model),
      systemPrompt,
      systemPromptFile: promptPath,
      memory: {
        provider,
        max_results: memory.max_results ?? 5,
        min_score: memory.min_score,
        dated: memory.dated ?? true,
        auto_store: memory.auto_store ?? true
      },
      base_url: rawTarget.base_url,
      api_key_env: rawTarget.api_key_env,
      temperature: rawTarget.temperature,
      max_tokens: rawTarget.max_tokens,
      timeout_ms: timeout,
      ...rawTarget.recall_timeout_ms !== void 0 ? { recall_timeout_ms: rawTarget.recall_timeout_ms } : {},
      max_retries: rawTarget.max_retries ?? 4
    };
  }
}
function plantSessions(cases, specs, byName, problems) {
  const fromOf = (index) => cases.rows[index].plant_from;
  cases.rows.forEach((row, index) => {
    const from = fromOf(index);
    if (from === void 0) return;
    const at2 = cases.locate(index, ["plant_from"]);
    if (row.sessions !== void 0) {
      problems.push({ where: at2, message: "a case has either sessions or plant_from, not both" });
      return;
    }
    const chain = [index];
    for (let current = index; ; ) {
      const name = fromOf(current);
      const next = byName.get(name);
      if (next === void 0) {
        if (chain.length === 1) problems.push({ where: at2, message: `plant_from names no case "${name}"`, hint: didYouMean(name, byName.keys()) });
        return;
      }
      const seen = chain.indexOf(next);
      if (seen >= 0) {
        const path = [...chain, next].map((i) => specs[i].name).join(" -> ");
        problems.push(
          seen === 0 ? { where: at2, message: `plant_from is circular: ${path}`, hint: "plant from a case that has sessions" } : { where: at2, message: `plant_from leads into a circular chain: ${path}`, hint: "plant from a case that has sessions" }
        );
        return;
      }
      chain.push(next);
      if (fromOf(next) === void 0) break;
      current = next;
    }
    const source = specs[chain[chain.length - 1]];
    if (source.history !== void 0) {
      problems.push({ where: at2, message: `plant_from leads to case "${source.name}", which is asked after history "${source.history}"`, hint: `name the history instead: history: ${source.history}` });
      return;
    }
    if (source.sessions.length === 0) {
      problems.push({ where: at2, message: `plant_from plants nothing: case "${source.name}" has no sessions`, hint: "plant from a case that has sessions" });
      return;
    }
    specs[index].sessions = source.sessions;
    specs[index].planted_from = source.name;
  });
}
function readSessions(raw, locate, problems) {
  return (raw ?? []).map(({ date, user, turns }, index) => {
    if (user !== void 0 && turns !== void 0) {
      problems.push({ where: locate([index]), message: "a session has either user (one turn) or turns (several), not both", hint: "move the user text into turns" });
    } else if (user === void 0 && turns === void 0) {
      problems.push({ where: locate([index]), message: "a session needs user (what the user says) or turns (a list, one conversation)" });
    }
    return { ...date !== void 0 ? { date } : {}, turns: turns ?? (user !== void 0 ? [user] : []) };
  });
}
function buildCase(row, where, split, sessions) {
  const ability = String(row.ability);
  return {
    name: String(row.name),
    ability,
    sessions,
    probe: row.probe,
    ...row.check !== void 0 ? { check: row.check } : {},
    ...row.fault_check !== void 0 ? { fault_check: row.fault_check } : {},
    evidence: row.evidence ?? [],
    obsolete: row.obsolete ?? [],
    needs_memory: row.needs_memory ?? (ability !== "abstention" && row.expect_recall !== "none"),
    ...row.harmful !== void 0 ? { harmful: row.harmful } : {},
    ...row.disallowed !== void 0 ? { disallowed: row.disallowed } : {},
    ...row.expect_recall !== void 0 ? { expect_recall: row.expect_recall } : {},
    split,
    where
  };
}
var CASE_TEXT_LISTS = {
  evidence: "every recalled memory would count as evidence",
  obsolete: "every recalled memory would count as obsolete (harmful recall)",
  disallowed: "every recalled memory of another user would count as disallowed (harmful recall)"
};
function blankCaseTextProblems(row, locate) {
  return Object.keys(CASE_TEXT_LISTS).flatMap((list) => {
    const texts2 = Array.isArray(row[list]) ? row[list] : [];
    return texts2.flatMap(
      (text, i) => typeof text === "string" && normalisesToBlank(text) ? [{ where: locate([list, i]), message: `${list} text ${showBlank(text)} is ${blankness(text)} (memories are matched normalised: typographic spaces read as " ", invisible characters are removed), so ${CASE_TEXT_LISTS[list]}`, hint: `write the words it stands for, or remove it from ${list}` }] : []
    );
  });
}
function expectRecallProblems(row, locate) {
  if (row.expect_recall !== "none") return [];
  const hint = "expect_recall: none is for probes that need no history; drop it, or the other field";
  return [
    ...row.needs_memory === true ? [{ where: locate(["needs_memory"]), message: "needs_memory: true contradicts expect_recall: none", hint }] : [],
    ...Array.isArray(row.evidence) && row.evidence.length > 0 ? [{ where: locate(["evidence"]), message: "evidence (texts recall must surface) contradicts expect_recall: none", hint }] : []
  ];
}

// src/suite/startedCommands.ts
const { existsSync } = globalThis.process.getBuiltinModule("node:fs");
const { relative: relative2, resolve: resolve2 } = globalThis.process.getBuiltinModule("node:path");

// src/process/commandScript.ts
const { basename } = globalThis.process.getBuiltinModule("node:path");
var RUNNER = /^(?:node|nodejs|bun|bunx|deno|tsx|ts-node|npx|uv|poetry|pipenv|python(?:\d+(?:\.\d+)?)?)(?:\.exe)?$/i;
var SCRIPT_FILE = /\.(?:py|mjs|cjs|js|mts|cts|ts|sh)$/;
var TAKES_VALUE = /* @__PURE__ */ new Set(["-r", "--require", "--import", "--loader", "--experimental-loader", "--env-file", "--tsconfig", "--conditions", "-C", "-W", "-X", "--title", "--with", "--python", "--project"]);
var INLINE = /* @__PURE__ */ new Set(["-e", "--eval", "-p", "--print", "-c", "-m"]);
function commandScript(command) {
  const program = command[0];
  if (program === void 0) return void 0;
  if (!RUNNER.test(basename(program))) {
    return /^\.{1,2}[\\/]/.test(program) ? { index: 0, path: program } : void 0;
  }
  for (let index = 1; index < command.length; index++) {
    const arg = command[index];
    if (INLINE.has(arg)) return void 0;
    if (TAKES_VALUE.has(arg)) {
      index += 1;
      continue;
    }
    if (arg.startsWith("-")) continue;
    if (SCRIPT_FILE.test(arg)) return { index, path: arg };
  }
  return void 0;
}

// src/process/findProgram.ts
const { statSync } = globalThis.process.getBuiltinModule("node:fs");
const { delimiter, join } = globalThis.process.getBuiltinModule("node:path");
function findOnPath(name, path = process.env.PATH ?? process.env.Path ?? "") {
  const extensions = process.platform === "win32" ? ["", ...(process.env.PATHEXT ?? ".COM;.EXE;.BAT;.CMD").split(";").filter(Boolean)] : [""];
  for (const folder of path.split(delimiter).filter(Boolean)) {
    for (const extension of extensions) {
      const candidate = join(folder, `${name}${extension}`);
      if (isFile(candidate)) return candidate;
    }
  }
  return void 0;
}
function isFile(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

// src/suite/startedCommands.ts
function startedCommands(suite, suiteDir) {
  const started = [];
  const target = suite.e2e?.target;
  if (target?.kind === "command") started.push({ label: "e2e.target", command: target.command, cwd: target.cwd, at: ["e2e", "target", "command"] });
  if (target?.kind === "http" && target.start) started.push({ label: "e2e.target", command: target.start, cwd: target.cwd ?? suiteDir, at: ["e2e", "target", "start"] });
  suite.retrieval?.providers.forEach((provider, index) => {
    if ((provider.kind === "adapter" || provider.kind === "mcp") && provider.command) {
      started.push({ label: `provider ${provider.name}`, command: provider.command, cwd: resolve2(suiteDir, provider.cwd ?? "."), at: ["retrieval", "providers", index, "command"] });
    }
  });
  return started;
}
function missingScriptWarnings(started, locate, shownFrom) {
  return started.flatMap(({ command, cwd, at: at2 }) => {
    const program = command[0];
    if (!/[\\/]/.test(program) && findOnPath(program) === void 0) {
      return [{ where: locate([...at2, 0]), message: `the command's program ${program} is not on PATH: the run will fail at its first call unless it is by then`, hint: "install it, or give the program's full path" }];
    }
    const found = commandScript(command);
    if (found && !existsSync(resolve2(cwd, found.path))) {
      return [
        {
          where: locate([...at2, found.index]),
          message: `the command runs ${relative2(shownFrom, resolve2(cwd, found.path))}, which is not there: the run will fail at its first call unless it is by then`,
          hint: "a path in a command is relative to its cwd: the suite's folder unless cwd: is set"
        }
      ];
    }
    if (found?.index !== 0 && /[\\/]/.test(program) && !existsSync(resolve2(cwd, program))) {
      return [
        {
          where: locate([...at2, 0]),
          message: `the command's program ${relative2(shownFrom, resolve2(cwd, program))} is not there: the run will fail at its first call unless it is by then`,
          hint: "a path in a command is relative to its cwd: the suite's folder unless cwd: is set (a virtualenv's python: create it there, or give its path from that folder)"
        }
      ];
    }
    return [];
  });
}

// src/suite/dateOrder.ts
function latest(sessions) {
  let found;
  sessions.forEach((session, index) => {
    if (session.date !== void 0 && (found === void 0 || session.date >= found.date)) found = { index, date: session.date };
  });
  return found;
}
function dateOrderWarnings(specs, cases) {
  const warnings = [];
  specs.forEach((spec, index) => {
    if (spec.planted_from === void 0 && spec.history === void 0) {
      warnings.push(...sessionOrderWarnings(spec.sessions, `case "${spec.name}"`, (position) => cases.locate(index, ["sessions", position, "date"])));
    }
    const last = latest(spec.sessions);
    const probeDate = spec.probe.date;
    if (probeDate === void 0 || last === void 0 || probeDate >= last.date) return;
    const source = spec.history !== void 0 ? `, of history "${spec.history}"` : spec.planted_from === void 0 ? "" : `, planted from case "${spec.planted_from}"`;
    warnings.push({
      where: cases.locate(index, ["probe", "date"]),
      message: `the probe of case "${spec.name}" is dated ${probeDate}, before its session ${last.index + 1} (${last.date}${source}): the agent would be asked before it was told`,
      hint: "date the probe on or after the last session, or correct the dates"
    });
  });
  return warnings;
}
function sessionOrderWarnings(sessions, owner, locate) {
  return sessions.flatMap((session, position) => {
    const before = latest(sessions.slice(0, position));
    if (session.date === void 0 || before === void 0 || session.date >= before.date) return [];
    return [
      {
        where: locate(position),
        message: `session ${position + 1} of ${owner} is dated ${session.date}, before session ${before.index + 1} (${before.date}): sessions are played in the order listed, so the agent would live them backwards in time`,
        hint: "list the sessions in date order, or correct the date"
      }
    ];
  });
}
function historyDateWarnings(histories) {
  return histories.rows.flatMap((row, index) => {
    const sessions = Array.isArray(row.sessions) ? row.sessions.map((session) => ({ ...typeof session?.date === "string" ? { date: session.date } : {}, turns: [] })) : [];
    return sessionOrderWarnings(sessions, `history "${String(row.name)}"`, (position) => histories.locate(index, ["sessions", position, "date"]));
  });
}

// src/suite/evidenceWording.ts
function evidenceWordingWarnings(specs, cases) {
  const warnings = [];
  specs.forEach((spec, index) => {
    if (spec.planted_from !== void 0 || spec.history !== void 0 || spec.evidence.length === 0) return;
    const said = spec.sessions.flatMap((session) => session.turns.map(fold));
    if (said.length === 0) return;
    spec.evidence.forEach((text, position) => {
      const folded = fold(text);
      if (said.some((turn) => turn.includes(folded))) return;
      warnings.push({
        where: cases.locate(index, ["evidence", position]),
        message: `the evidence ${JSON.stringify(text)} of case "${spec.name}" is in none of its session turns as written: coverage and failure stages look for it word for word, so an agent that stores what it is told would read as not storing it`,
        hint: 'write the fact as a session says it (a name, a number: "Pepper"), or put it in a session'
      });
    });
  });
  return warnings;
}

// src/net/usage.ts
function readUsage(input, output, source, model) {
  if (input == null && output == null) return {};
  if (model != null && (typeof model !== "string" || model.trim() === "")) return { usage_warning: `${source} named the model as ${shown(model)}, not a model name; token usage counted as unknown` };
  if (isCount(input) && isCount(output)) return { usage: { input_tokens: input, output_tokens: output, ...typeof model === "string" ? { model } : {} } };
  return { usage_warning: `${source} reported token usage that is not two non-negative integers (input ${shown(input)}, output ${shown(output)}); counted as unknown` };
}
function readCompletionUsage(usage, source) {
  if (usage == null) return {};
  if (typeof usage !== "object" || Array.isArray(usage)) return { usage_warning: `${source} reported token usage as ${shown(usage)}, not an object; counted as unknown` };
  const counts = usage;
  return readUsage(counts.prompt_tokens, counts.completion_tokens, source);
}
function isCount(value) {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}
function shown(value) {
  const text = value == null ? "missing" : JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 39)}\u2026` : text;
}

// src/net/llmCache.ts
const { mkdirSync, readFileSync, writeFileSync } = globalThis.process.getBuiltinModule("node:fs");
const { join: join2 } = globalThis.process.getBuiltinModule("node:path");

// src/cacheFile.ts
function stampedJson(text, format) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `not JSON: ${error.message}`;
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return "not a JSON object";
  const stamped = value;
  if (stamped.format !== format) return `format ${JSON.stringify(stamped.format ?? null)}, not ${format}`;
  return stamped;
}

// src/net/llmCache.ts
var sha256 = () => process.getBuiltinModule("node:crypto").createHash("sha256");
var FORMAT = "recall-gate-llm-cache-1";
var LlmCache = class {
  /** `warn` says what went wrong with an entry or a write; the run goes on either way. */
  constructor(root, warn) {
    this.warn = warn;
    this.dir = join2(root, "llm");
    meters.recorderExists();
  }
  warn;
  dir;
  seen = /* @__PURE__ */ new Map();
  writeWarned = false;
  stats = { hits: 0, misses: 0, corrupt: 0 };
  /** The key of this request's next occurrence in the run (see the top of this file). */
  keyOf(baseUrl, request) {
    const identity = sha256().update(canonicalJson([FORMAT, baseUrl, request])).digest("hex");
    const occurrence = this.seen.get(identity) ?? 0;
    this.seen.set(identity, occurrence + 1);
    return sha256().update(`${identity}\0${occurrence}`).digest("hex");
  }
  /** The stored completion, or undefined: none stored, or one that does not check out (a warning says which). */
  read(key) {
    const path = this.pathOf(key);
    let text;
    try {
      text = readFileSync(path, "utf8");
    } catch (error) {
      if (error.code !== "ENOENT") this.unusable(path, error.message);
      else this.stats.misses += 1;
      return void 0;
    }
    const problem = entryProblem(text, key);
    if (typeof problem === "string") {
      this.unusable(path, problem);
      return void 0;
    }
    this.stats.hits += 1;
    return problem.completion;
  }
  /** Keeps a completion the model gave; a cache that cannot be written is a warning (once), never a failed call. */
  write(key, completion) {
    const path = this.pathOf(key);
    const entry = { format: FORMAT, key, completion };
    try {
      mkdirSync(join2(this.dir, key.slice(0, 2)), { recursive: true });
      replaceFileWith(path, (fd) => writeFileSync(fd, `${JSON.stringify(entry)}
`));
    } catch (error) {
      if (this.writeWarned) return;
      this.writeWarned = true;
      this.warn(`warning: the LLM cache could not keep a reply in ${this.dir} (${error.message}); the run goes on without keeping replies there`);
    }
  }
  pathOf(key) {
    return join2(this.dir, key.slice(0, 2), `${key}.json`);
  }
  unusable(path, why) {
    this.stats.misses += 1;
    this.stats.corrupt += 1;
    this.warn(`warning: LLM cache entry ${path} is unusable (${why}); the model is asked again and the entry replaced`);
  }
};
function entryProblem(text, key) {
  const stamped = stampedJson(text, FORMAT);
  if (typeof stamped === "string") return stamped;
  const entry = stamped;
  if (entry.key !== key) return "it holds another request's reply";
  const completion = entry.completion;
  if (completion === null || typeof completion !== "object" || !Array.isArray(completion.choices)) return "no chat completion in it";
  return entry;
}
function canonicalJson(value) {
  return JSON.stringify(
    value,
    (_, inner) => inner !== null && typeof inner === "object" && !Array.isArray(inner) ? Object.fromEntries(Object.keys(inner).sort().map((name) => [name, inner[name]])) : inner
  );
}
var meters = new ScopedMeters();
function none() {
  return { calls: 0, input_tokens: 0, output_tokens: 0 };
}
async function meterCachedCallsIfAny(work) {
  const cached = { chat: none(), judge: none() };
  return { value: await meters.meterIfAny(cached, work), cached };
}
function recordCachedCall(source, usage) {
  for (const cached of meters.current()) {
    const calls = cached[source];
    calls.calls += 1;
    calls.input_tokens += usage?.input_tokens ?? 0;
    calls.output_tokens += usage?.output_tokens ?? 0;
  }
}

// src/protocol/protocol.ts
var PROTOCOL_DOC = "examples/adapter/README.md";
var JsonRpcErrorCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603
};
var ShapeError = class extends Error {
  constructor(path, problem) {
    super(`${path} ${problem}`);
    this.path = path;
    this.problem = problem;
    this.name = "ShapeError";
  }
  path;
  problem;
};
function describeValue2(value) {
  if (value === null) return "null";
  if (value === void 0) return "nothing";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "string":
      return `a string (${excerpt(JSON.stringify(value), 40)})`;
    case "number":
    case "boolean":
      return `a ${typeof value} (${String(value)})`;
    case "object":
      return "an object";
    default:
      return typeof value;
  }
}
function excerpt(text, max = 200) {
  const line = scrubSecrets(text).replace(/\s*\n\s*/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}\u2026` : line;
}
function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function object(value, path) {
  if (!isObject(value)) throw new ShapeError(path, `must be an object, got ${describeValue2(value)}`);
  return value;
}
function array(value, path) {
  if (!Array.isArray(value)) throw new ShapeError(path, `must be an array, got ${describeValue2(value)}`);
  return value;
}
function string(value, path) {
  if (typeof value !== "string") throw new ShapeError(path, `must be a string, got ${describeValue2(value)}`);
  return value;
}
function number(value, path, { nonNegative = false } = {}) {
  if (typeof value !== "number" || !Number.isFinite(value)) throw new ShapeError(path, `must be a finite number, got ${describeValue2(value)}`);
  if (nonNegative && value < 0) throw new ShapeError(path, `must not be negative, got ${value}`);
  return value;
}
function boolean(value, path) {
  if (typeof value !== "boolean") throw new ShapeError(path, `must be true or false, got ${describeValue2(value)}`);
  return value;
}
function present(value) {
  return value !== void 0 && value !== null;
}
function parseChatResult(value) {
  const result = object(value, "result");
  const reply = { reply: string(result.reply, "result.reply") };
  if (present(result.recalled)) {
    reply.recalled = array(result.recalled, "result.recalled").map((item, i) => {
      const path = `result.recalled[${i}]`;
      const memory = object(item, path);
      const recalled = { text: string(memory.text, `${path}.text`) };
      if (present(memory.id)) recalled.id = string(memory.id, `${path}.id`);
      if (present(memory.score)) recalled.score = number(memory.score, `${path}.score`);
      return recalled;
    });
  }
  if (present(result.usage)) {
    const usage = result.usage;
    Object.assign(
      reply,
      isObject(usage) ? readUsage(usage.input_tokens, usage.output_tokens, "the adapter (chat result.usage)", usage.model) : { usage_warning: `the adapter sent chat result.usage as ${describeValue2(usage)}, not an object; token usage counted as unknown` }
    );
  }
  const cut = present(result.truncated) && boolean(result.truncated, "result.truncated") || present(result.finish_reason) && string(result.finish_reason, "result.finish_reason") === "length";
  if (cut) reply.truncated = true;
  if (present(result.recall_ms)) reply.recall_ms = number(result.recall_ms, "result.recall_ms", { nonNegative: true });
  if (present(result.recall_error)) reply.recall_error = string(result.recall_error, "result.recall_error");
  if (present(result.memory_ops)) reply.memory_ops = array(result.memory_ops, "result.memory_ops").map((item, i) => memoryOp(item, `result.memory_ops[${i}]`));
  if (present(result.tool_calls)) reply.tool_calls = array(result.tool_calls, "result.tool_calls").map((item, i) => toolCall(item, `result.tool_calls[${i}]`));
  if (present(result.artifacts)) reply.artifacts = array(result.artifacts, "result.artifacts").map((item, i) => artifact(item, `result.artifacts[${i}]`));
  return reply;
}
function nonEmptyString(value, path) {
  const text = string(value, path);
  if (text.trim() === "") throw new ShapeError(path, "must not be empty");
  return text;
}
function toolCall(item, path) {
  const entry = object(item, path);
  const call = { name: nonEmptyString(entry.name, `${path}.name`), arguments: {} };
  if (typeof entry.arguments === "string") {
    const parsed = parseArguments(entry.arguments).arguments;
    if (parsed) call.arguments = parsed;
    else call.raw = entry.arguments;
  } else if (present(entry.arguments)) {
    if (!isObject(entry.arguments)) throw new ShapeError(`${path}.arguments`, `must be an object or the JSON text of one, got ${describeValue2(entry.arguments)}`);
    call.arguments = entry.arguments;
  }
  if (present(entry.error)) call.error = string(entry.error, `${path}.error`);
  if (entry.result !== void 0) call.result = entry.result;
  return call;
}
function artifact(item, path) {
  const entry = object(item, path);
  return { path: nonEmptyString(entry.path, `${path}.path`), content: string(entry.content, `${path}.content`) };
}
var MEMORY_OPS = ["insert", "replace", "delete", "rethink"];
function memoryOp(item, path) {
  const entry = object(item, path);
  const op = string(entry.op, `${path}.op`);
  if (!MEMORY_OPS.includes(op)) throw new ShapeError(`${path}.op`, `must be one of ${MEMORY_OPS.join(", ")}, got ${describeValue2(op)}`);
  const memoryOp2 = { op };
  if (present(entry.label)) memoryOp2.label = string(entry.label, `${path}.label`);
  if (present(entry.text)) memoryOp2.text = string(entry.text, `${path}.text`);
  return memoryOp2;
}
function parseSearchResult(value) {
  const result = object(value, "result");
  return array(result.results, "result.results").map((item, i) => {
    const path = `result.results[${i}]`;
    const hit = object(item, path);
    return { id: string(hit.id, `${path}.id`), text: string(hit.text, `${path}.text`), score: number(hit.score, `${path}.score`) };
  });
}
function parseListResult(value) {
  const result = object(value, "result");
  return array(result.memories, "result.memories").map((item, i) => {
    const path = `result.memories[${i}]`;
    const entry = object(item, path);
    const memory = { text: string(entry.text, `${path}.text`) };
    if (present(entry.id)) memory.id = string(entry.id, `${path}.id`);
    if (present(entry.date)) memory.date = string(entry.date, `${path}.date`);
    if (present(entry.label)) memory.label = string(entry.label, `${path}.label`);
    return memory;
  });
}
function parseArguments(raw) {
  let value;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return { error: `arguments are not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { error: `arguments must be a JSON object; got ${value === null ? "null" : Array.isArray(value) ? "a list" : typeof value}` };
  }
  return { arguments: value };
}

// src/targets/tools.ts
var DEFAULT_MAX_TOOL_ROUNDS = 5;
var DEFAULT_RETURNS = { ok: true };
var TEMPLATE = /\{([A-Za-z0-9_-]+)\}/g;
function compileParameters(parameters) {
  const { Ajv } = ajvLibrary();
  const ajv = new Ajv({ allErrors: true, strictSchema: true, strictTypes: false, strictTuples: false, strictRequired: false, validateFormats: false });
  return ajv.compile(parameters);
}
function parametersProblem(parameters) {
  if (parameters.type !== "object") {
    return { message: "parameters must be a JSON Schema of an object (type: object): a call's arguments are always one", hint: "add type: object and put the arguments under properties" };
  }
  ajvLibrary();
  try {
    compileParameters(parameters);
    return void 0;
  } catch (error) {
    return { message: `parameters is not a JSON Schema that compiles: ${error instanceof Error ? error.message : String(error)}`, hint: "fix the schema where ajv's message points" };
  }
}
function templateNames(spec) {
  const names = /* @__PURE__ */ new Set();
  const visit = (value) => {
    if (typeof value === "string") for (const match of value.matchAll(TEMPLATE)) names.add(match[1]);
    else if (value !== null && typeof value === "object") Object.values(value).forEach(visit);
  };
  visit(spec.returns);
  visit(spec.artifact);
  return [...names];
}
function renderText(template, args) {
  return template.replace(TEMPLATE, (_, name) => {
    const value = Object.hasOwn(args, name) ? args[name] : void 0;
    return value === void 0 ? "" : typeof value === "string" ? value : JSON.stringify(value);
  });
}
function renderReturns(value, args) {
  if (typeof value === "string") {
    const whole = /^\{([A-Za-z0-9_-]+)\}$/.exec(value)?.[1];
    return whole !== void 0 && Object.hasOwn(args, whole) ? args[whole] : renderText(value, args);
  }
  if (Array.isArray(value)) return value.map((item) => renderReturns(item, args));
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, renderReturns(item, args)]));
  return value;
}
var ToolBox = class {
  tools = /* @__PURE__ */ new Map();
  constructor(specs) {
    for (const spec of specs) this.tools.set(spec.name, { spec, validate: compileParameters(spec.parameters) });
  }
  /** The request's `tools`. */
  offered() {
    return [...this.tools.values()].map(({ spec }) => ({
      type: "function",
      function: { name: spec.name, ...spec.description !== void 0 ? { description: spec.description } : {}, parameters: spec.parameters }
    }));
  }
  answer(toolCall2) {
    const { name, raw, custom } = partsOf(toolCall2);
    if (custom) return refused({ name, arguments: {}, raw }, `"${name}" was called as a custom tool; only function tools are offered`);
    const parsed = parseArguments(raw);
    const call = { name, arguments: parsed.arguments ?? {}, ...parsed.arguments ? {} : { raw } };
    const tool = this.tools.get(name);
    if (!tool) return refused(call, `unknown tool "${name}"; the tools are: ${[...this.tools.keys()].join(", ")}`);
    if (!parsed.arguments) return refused(call, parsed.error);
    if (!tool.validate(call.arguments)) {
      return refused(call, `arguments do not match the parameters of "${name}": ${errorsText(tool.validate)}`);
    }
    const result = renderReturns(tool.spec.returns ?? DEFAULT_RETURNS, call.arguments);
    call.result = result;
    const artifact2 = tool.spec.artifact;
    const path = artifact2 && renderText(artifact2.path, call.arguments);
    return {
      call,
      answer: typeof result === "string" ? result : JSON.stringify(result),
      // A path that renders empty names no file: the call stands, without an artifact.
      ...artifact2 && path ? { artifact: { path, content: renderText(artifact2.content, call.arguments) } } : {}
    };
  }
};
function partsOf(toolCall2) {
  if (toolCall2.type === "custom") return { name: String(toolCall2.custom?.name ?? ""), raw: String(toolCall2.custom?.input ?? ""), custom: true };
  return { name: String(toolCall2.function?.name ?? ""), raw: String(toolCall2.function?.arguments ?? ""), custom: false };
}
var texts = onFirstUse(() => new (ajvLibrary()).Ajv());
function errorsText(validate) {
  return texts().errorsText(validate.errors, { dataVar: "arguments" });
}
function refused(call, error) {
  call.error = error;
  return { call, answer: JSON.stringify({ error }) };
}
async function converse(endpoint, request, tools, maxRounds) {
  const messages = [...request.messages];
  const usages = [];
  const calls = [];
  const artifacts = [];
  const offered = tools ? { tools: tools.offered() } : {};
  let fromCache = 0;
  for (let round2 = 0; ; round2 += 1) {
    const exhausted = tools !== void 0 && round2 === maxRounds;
    const { completion, cached } = await endpoint.chatCompletion("chat request", { ...request, messages: [...messages], ...offered, ...exhausted ? { tool_choice: "none" } : {} });
    const usage = readCompletionUsage(completion.usage, `the chat model at ${endpoint.url}`);
    usages.push(usage);
    if (cached) {
      fromCache += 1;
      recordCachedCall("chat", usage.usage);
    }
    const choice = completion.choices?.[0];
    const toolCalls = tools ? choice?.message?.tool_calls ?? [] : [];
    if (toolCalls.length > 0 && !exhausted) {
      messages.push({ role: "assistant", content: choice.message.content ?? null, tool_calls: toolCalls });
      for (const toolCall2 of toolCalls) {
        const answered = tools.answer(toolCall2);
        calls.push(answered.call);
        if (answered.artifact) artifacts.push(answered.artifact);
        messages.push({ role: "tool", tool_call_id: toolCall2.id, content: answered.answer });
      }
      continue;
    }
    for (const toolCall2 of toolCalls) {
      const { name, raw } = partsOf(toolCall2);
      const parsed = parseArguments(raw).arguments;
      calls.push({ name, arguments: parsed ?? {}, ...parsed ? {} : { raw }, error: `called after max_tool_rounds (${maxRounds}) under tool_choice "none"; not answered` });
    }
    const reply = choice?.message?.content ?? (toolCalls.length > 0 ? "" : void 0);
    if (typeof reply !== "string") throw new RecallGateError("incomplete", `the chat model returned no message content (finish_reason ${choice?.finish_reason ?? "none"})`);
    return {
      reply,
      ...choice?.finish_reason ? { finish_reason: choice.finish_reason } : {},
      ...summedUsage(usages, endpoint.url),
      ...tools ? { tool_calls: calls, artifacts } : {},
      ...exhausted ? { tool_rounds_exhausted: true } : {},
      ...fromCache === round2 + 1 ? { cached: true } : {}
    };
  }
}
function summedUsage(rounds, url) {
  const warning = rounds.find((round2) => round2.usage_warning)?.usage_warning;
  if (warning) return { usage_warning: warning };
  const known = rounds.flatMap((round2) => round2.usage ? [round2.usage] : []);
  if (known.length === 0) return {};
  if (known.length < rounds.length) {
    return { usage_warning: `the chat model at ${url} reported token usage for ${known.length} of the ${rounds.length} requests of this invocation (tool rounds); counted as unknown` };
  }
  return { usage: { input_tokens: known.reduce((sum, usage) => sum + usage.input_tokens, 0), output_tokens: known.reduce((sum, usage) => sum + usage.output_tokens, 0) } };
}

// src/suite/loadTools.ts
var TOOL_KEYS = ["tools", "max_tool_rounds"];
function addTools(target, rawTarget, rows, keyAt, problems) {
  if (target.kind !== "builtin") {
    for (const key of TOOL_KEYS) {
      if (rawTarget[key] !== void 0) {
        problems.push({ where: keyAt(key), message: `"${key}" only applies to the builtin target`, hint: "an adapter reports the tool calls its agent made (tool_calls in its chat result)" });
      }
    }
    return;
  }
  if (rawTarget.max_tool_rounds !== void 0) target.max_tool_rounds = rawTarget.max_tool_rounds;
  if (!rows) return;
  const firstAt = /* @__PURE__ */ new Map();
  target.tools = rows.rows.map((row, index) => {
    const spec = { ...row, where: rows.locate(index) };
    const earlier = firstAt.get(spec.name);
    if (earlier === void 0) firstAt.set(spec.name, index);
    else problems.push({ where: rows.locate(index, ["name"]), message: `duplicate tool name "${spec.name}"`, hint: `first defined at ${formatLocation(rows.locate(earlier, ["name"]))}` });
    const problem = parametersProblem(spec.parameters);
    if (problem) problems.push({ where: rows.locate(index, ["parameters"]), message: `tool "${spec.name}": ${problem.message}`, hint: problem.hint });
    const properties = spec.parameters.properties;
    if (properties !== null && typeof properties === "object" && !Array.isArray(properties)) {
      const names = Object.keys(properties);
      for (const name of templateNames(spec).filter((used) => !names.includes(used))) {
        problems.push({
          where: rows.locate(index, [spec.artifact && JSON.stringify(spec.artifact).includes(`{${name}}`) ? "artifact" : "returns"]),
          message: `tool "${spec.name}": {${name}} names no parameter (it would render empty)`,
          hint: didYouMean(name, names) ?? `its parameters: ${names.join(", ") || "none"}`
        });
      }
    }
    return spec;
  });
}

// src/suite/loadGate.ts
function gateSpecOf(raw) {
  const root = raw.all ? { all: raw.all } : { any: raw.any };
  const split = raw.split;
  return { root, skipped_layers: raw.skipped_layers ?? "waive", ...split ? { split } : {} };
}
function gateLocations(raw, locate) {
  const locations = {};
  const walk2 = (node, dataPath, label) => {
    for (const kind of ["all", "any"]) {
      const children = node[kind];
      children?.forEach((child, index) => {
        const childLabel = childPath(label, kind, index);
        locations[childLabel] = locate([...dataPath, kind, index]);
        walk2(child, [...dataPath, kind, index], childLabel);
      });
    }
  };
  walk2(raw, [], "");
  return locations;
}

// src/suite/haystack.ts
function buildHaystack(raw, locate, problems) {
  if (raw.haystack === void 0) {
    if (raw.haystack_seed !== void 0) {
      problems.push({ where: locate([], "haystack_seed"), message: "haystack_seed applies only with haystack", hint: "add haystack: [0.1, 0.5, 1], or remove haystack_seed" });
    }
    return void 0;
  }
  const first = /* @__PURE__ */ new Map();
  raw.haystack.forEach((fraction, index) => {
    const earlier = first.get(fraction);
    if (earlier === void 0) first.set(fraction, index);
    else problems.push({ where: locate(["haystack", index]), message: `haystack fraction ${fraction} is listed twice`, hint: `first at ${formatLocation(locate(["haystack", earlier]))}; list each fraction once` });
  });
  const fractions = [.../* @__PURE__ */ new Set([...raw.haystack, 1])].sort((a, b) => a - b);
  if (fractions.length === 1) {
    problems.push({ where: locate(["haystack"]), message: "haystack [1] is the normal run alone: there is no smaller haystack to measure", hint: "add fractions below 1, e.g. haystack: [0.1, 0.5, 1]" });
  }
  return { fractions, seed: raw.haystack_seed ?? DEFAULT_HAYSTACK_SEED };
}
function haystackWarnings(retrieval, locate) {
  if (!retrieval.haystack || hayCount(retrieval.memories, retrieval.queries) > 0) return [];
  return [
    {
      where: locate(["haystack"]),
      message: "haystack: every memory is relevant to some query, so no fraction has anything to thin and the curve is flat",
      hint: "add memories no query names (distractors), or remove haystack"
    }
  ];
}

// src/memory/mcpTools.ts
var PLACEHOLDERS = {
  search: ["query", "limit", "user"],
  add: ["id", "text", "user", "date"],
  list: ["user"],
  reset: ["user"]
};
var DEFAULT_ARGUMENTS = {
  search: { query: "{query}", limit: "{limit}", user: "{user}" },
  add: { id: "{id}", text: "{text}", user: "{user}", date: "{date}" },
  list: { user: "{user}" },
  reset: { user: "{user}" }
};
var PLACEHOLDER = /\{([A-Za-z_]+)\}/g;
var WHOLE_PLACEHOLDER = /^\{([A-Za-z_]+)\}$/;
var OMIT = /* @__PURE__ */ Symbol("omit");
function fillArguments(template, values) {
  if (typeof template === "string") {
    const whole = WHOLE_PLACEHOLDER.exec(template);
    if (whole) return values[whole[1]] ?? OMIT;
    return template.replace(PLACEHOLDER, (_, name) => String(values[name] ?? ""));
  }
  if (Array.isArray(template)) return template.map((item) => fillArguments(item, values)).filter((item) => item !== OMIT);
  if (isObject2(template)) {
    const filled = {};
    for (const [key, value] of Object.entries(template)) {
      const result = fillArguments(value, values);
      if (result !== OMIT) filled[key] = result;
    }
    return filled;
  }
  return template;
}
function mcpArgumentProblems(provider) {
  const problems = [];
  for (const [role, tool] of toolEntries(provider.tools)) {
    const known = PLACEHOLDERS[role];
    const used = /* @__PURE__ */ new Set();
    collectPlaceholders(tool.arguments, used);
    for (const name of used) {
      if (known.includes(name)) continue;
      problems.push({
        where: provider.tools_where?.[role] ?? provider.where,
        message: `tools.${role}.arguments uses {${name}}, which a ${role} call does not fill`,
        hint: `a ${role} call fills ${known.map((p) => `{${p}}`).join(", ")}`
      });
    }
  }
  return problems;
}
function collectPlaceholders(template, into) {
  if (typeof template === "string") for (const match of template.matchAll(PLACEHOLDER)) into.add(match[1]);
  else if (Array.isArray(template)) for (const item of template) collectPlaceholders(item, into);
  else if (isObject2(template)) for (const value of Object.values(template)) collectPlaceholders(value, into);
}
function toolEntries(tools) {
  return Object.entries(tools ?? {}).filter((entry) => entry[1] !== void 0);
}
function at(value, path) {
  if (!path) return value;
  let current = value;
  for (const key of path.split(".")) {
    if (Array.isArray(current) && /^\d+$/.test(key)) current = current[Number(key)];
    else if (isObject2(current)) current = current[key];
    else return void 0;
  }
  return current;
}
function mcpToolLocations(tools, locate) {
  return Object.fromEntries(toolEntries(tools).map(([role]) => [role, locate(role)]));
}
function isObject2(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// src/suite/load.ts
var DEFAULT_USER = "default";
var DEFAULT_K = [1, 3, 5];
var PLURAL = { suite: "suites", memory: "memories", query: "queries", case: "cases", tool: "tools", history: "histories" };
var MIN_DEPTH = 10;
var PROGRESS_EVERY = 1e3;
function loadSuite(suitePath, cwd = process.cwd(), onProgress) {
  const file = resolve3(cwd, suitePath);
  const displayPath = displayPathOf(file, suitePath, cwd);
  const problems = [];
  const files = [file];
  let main;
  try {
    main = readYamlFile(file, displayPath);
  } catch (error) {
    throw asInvalid(error);
  }
  addProblems(problems, checkSchema("suite", main.data, main));
  const reading = { main, files, problems, cwd, onProgress };
  if (problems.length > 0) {
    const data = main.data;
    for (const [section, key, part] of [["retrieval", "memories", "memory"], ["retrieval", "queries", "query"], ["e2e", "histories", "history"], ["e2e", "cases", "case"]]) {
      const value = data?.[section]?.[key];
      if (value !== void 0 && value !== null) rowsOf(value, [section, key], part, reading);
    }
    throw invalidInput(sortProblems(problems));
  }
  const raw = main.data;
  let retrieval;
  if (raw.retrieval) {
    const memoryKeeper = loadedMemories();
    const memories = rowsOf(raw.retrieval.memories, ["retrieval", "memories"], "memory", reading, memoryKeeper.keep);
    const queries = rowsOf(raw.retrieval.queries, ["retrieval", "queries"], "query", reading);
    if (problems.length > 0) throw invalidInput(sortProblems(problems));
    retrieval = buildRetrieval(raw.retrieval, memoryKeeper.specs(memories), queries, main, problems);
    problems.push(
      ...checkRetrieval(
        retrieval,
        {
          memory: memories.locate,
          query: queries.locate,
          retrieval: (subpath) => main.locate(["retrieval", ...subpath]),
          relevant: (index, id) => {
            const relevant = queries.rows[index]?.relevant;
            return Array.isArray(relevant) ? queries.locate(index, ["relevant", relevant.indexOf(id)]) : queries.locate(index, ["relevant"], id);
          },
          obsolete: (index, id) => {
            const obsolete = queries.rows[index]?.obsolete;
            return queries.locate(index, Array.isArray(obsolete) ? ["obsolete", Math.max(0, obsolete.indexOf(id))] : ["obsolete"]);
          }
        },
        onProgress
      )
    );
    if (problems.length > 0) throw invalidInput(sortProblems(problems));
  }
  let e2e;
  const warnings = [];
  if (retrieval) addProblems(warnings, haystackWarnings(retrieval, (path) => main.locate(["retrieval", ...path])));
  if (raw.e2e) {
    const histories = raw.e2e.histories === void 0 ? void 0 : rowsOf(raw.e2e.histories, ["e2e", "histories"], "history", reading);
    const cases = rowsOf(raw.e2e.cases, ["e2e", "cases"], "case", reading);
    const tools = raw.e2e.target.tools === void 0 ? void 0 : rowsOf(raw.e2e.target.tools, ["e2e", "target", "tools"], "tool", reading);
    if (problems.length > 0) throw invalidInput(sortProblems(problems));
    e2e = buildE2e(raw.e2e, cases, main, retrieval, files, problems, histories);
    addTools(e2e.target, raw.e2e.target, tools, (key) => main.locate(["e2e", "target"], { keyOf: key }), problems);
    if (problems.length > 0) throw invalidInput(sortProblems(problems));
    addProblems(warnings, dateOrderWarnings(e2e.cases, cases));
    addProblems(warnings, evidenceWordingWarnings(e2e.cases, cases));
    if (histories) addProblems(warnings, historyDateWarnings(histories));
  }
  addProblems(warnings, missingScriptWarnings(startedCommands({ retrieval, e2e }, dirname3(file)), (path) => main.locate(path), cwd));
  const suite = {
    name: raw.name,
    nameWhere: main.locate([], { keyOf: "name" }),
    description: raw.description,
    file,
    displayPath,
    memoryPaths: raw.memory_paths ?? [],
    files,
    retrieval,
    e2e,
    ...warnings.length > 0 ? { warnings: sortProblems(warnings) } : {}
  };
  if (raw.variants) {
    suite.variants = buildVariants(raw.variants, suite, (path, keyOf) => main.locate(["variants", ...path], { keyOf }), problems);
    if (problems.length > 0) throw invalidInput(sortProblems(problems));
  }
  if (raw.gate) {
    suite.gate = gateSpecOf(raw.gate);
    suite.gateLocations = gateLocations(raw.gate, (path) => main.locate(["gate", ...path]));
    addProblems(problems, validateGate(suite.gate, suite).map((problem) => ({ where: main.locate(problem.path), message: problem.message, hint: problem.hint })));
    if (problems.length > 0) throw invalidInput(sortProblems(problems));
  }
  return suite;
}
function sortProblems(problems) {
  const fileOrder = /* @__PURE__ */ new Map();
  for (const problem of problems) if (!fileOrder.has(problem.where.file)) fileOrder.set(problem.where.file, fileOrder.size);
  return [...problems].sort(
    (a, b) => fileOrder.get(a.where.file) - fileOrder.get(b.where.file) || a.where.line - b.where.line || a.where.col - b.where.col
  );
}
function asInvalid(error) {
  if (error instanceof FileProblems) return invalidInput(error.problems);
  return error;
}
function fileReference(value) {
  if (typeof value === "string") return { file: value };
  const record = value;
  return typeof record === "object" && record !== null && typeof record.file === "string" ? { file: record.file, split: record.split } : void 0;
}
function rowsOf(value, path, part, reading, keep) {
  const { main } = reading;
  const sources = Array.isArray(value) ? value.map((item, index) => ({ item, at: [...path, index] })) : [{ item: value, at: path }];
  const rows = [];
  const segments = [];
  let unreadable = false;
  for (const { item, at: at2 } of sources) {
    const reference = fileReference(item);
    if (!reference) {
      segments.push({ start: rows.length, locate: (_, subpath, keyOf) => main.locate([...at2, ...subpath], { keyOf }), split: void 0 });
      rows.push(keep ? keep(item, rows.length, false) : item);
      continue;
    }
    const read = rowsOfFile(reference.file, typeof item === "string" ? at2 : [...at2, "file"], part, reading);
    if (!read) {
      unreadable = true;
      continue;
    }
    const split = reference.split && { split: reference.split, where: main.locate([...at2, "split"]) };
    const locateInFile = read.file.locate;
    const reread = read.file.rereadRow;
    segments.push({ start: rows.length, locate: (offset, subpath, keyOf) => locateInFile([offset, ...subpath], { keyOf }), split, ...reread ? { reread } : {} });
    for (const row of read.rows) rows.push(keep ? keep(row, rows.length, reread !== void 0) : row);
  }
  if (unreadable) return void 0;
  const segmentOf = (index) => {
    let low = 0;
    let high = segments.length - 1;
    while (low < high) {
      const middle = low + high + 1 >> 1;
      if (segments[middle].start <= index) low = middle;
      else high = middle - 1;
    }
    return segments[low];
  };
  return {
    rows,
    locate: (index, subpath = [], keyOf) => {
      const segment = segmentOf(index);
      return segment.locate(index - segment.start, subpath, keyOf);
    },
    fileSplit: (index) => segmentOf(index).split,
    reread: (index) => {
      const segment = segmentOf(index);
      return segment.reread?.(index - segment.start);
    }
  };
}
function rowsOfFile(written, path, part, { main, files, problems, cwd, onProgress }) {
  const target = resolve3(dirname3(main.path), written);
  const referencedFrom = main.locate(path);
  let data;
  try {
    data = readDataFile(target, displayPathOf(target, written, cwd), referencedFrom);
  } catch (error) {
    if (error instanceof FileProblems) {
      addProblems(problems, error.problems);
      return void 0;
    }
    throw error;
  }
  files.push(target);
  if (!Array.isArray(data.data)) {
    problems.push({ where: data.locate([]), message: `${data.displayPath} must hold a list of ${PLURAL[part]}` });
    return void 0;
  }
  if (data.data.length === 0) {
    problems.push({ where: referencedFrom, message: `${data.displayPath} holds no ${PLURAL[part]}`, hint: "a suite needs at least one" });
    return void 0;
  }
  const rows = data.data;
  rows.forEach((row, index) => {
    addProblems(problems, checkSchema(part, row, data, [index]));
    if ((index % PROGRESS_EVERY === 0 || index === rows.length - 1) && problems.length === 0) onProgress?.(`validating ${data.displayPath}`, index + 1, rows.length);
  });
  return { rows: data.data, file: data };
}
function displayPathOf(absolute, written, cwd) {
  const fromCwd = relative3(cwd, absolute);
  if (isAbsolute(written) && (fromCwd.startsWith("..") || isAbsolute(fromCwd))) return absolute;
  return fromCwd || written;
}
function buildRetrieval(raw, memorySpecs, queries, main, problems) {
  const k = [...new Set(raw.k ?? DEFAULT_K)].sort((a, b) => a - b);
  const depth = raw.depth ?? Math.max(MIN_DEPTH, k[k.length - 1]);
  const providers = raw.providers.map((provider, index) => ({
    ...provider,
    embedding: provider.embedding,
    ...provider.kind === "mcp" ? { tools_where: mcpToolLocations(provider.tools, (role) => main.locate(["retrieval", "providers", index, "tools", role, "name"])) } : {},
    where: main.locate(["retrieval", "providers", index])
  }));
  for (const provider of providers) if (provider.kind === "mcp") addProblems(problems, mcpArgumentProblems(provider));
  const locateQuery = queries.locate;
  const querySpecs = queries.rows.map((row, index) => ({
    id: row.id ?? `q${index + 1}`,
    text: String(row.text),
    user: row.user ?? DEFAULT_USER,
    relevant: gains(row.relevant),
    ...Array.isArray(row.obsolete) && row.obsolete.length > 0 ? { obsolete: row.obsolete.map(String) } : {},
    ...typeof row.group === "string" ? { group: row.group } : {},
    tags: row.tags ?? [],
    split: splitOf(queries, index, problems),
    ...row.answer === void 0 ? {} : { answer: row.answer },
    ...row.meta === void 0 ? {} : { meta: row.meta },
    get where() {
      return locateQuery(index);
    }
  }));
  const haystack = buildHaystack(raw, (path, keyOf) => main.locate(["retrieval", ...path], { keyOf }), problems);
  return {
    k,
    depth,
    ...raw.group_metrics ? { group_metrics: true } : {},
    ...raw.interval_unit !== void 0 ? { interval_unit: raw.interval_unit } : {},
    ...haystack ? { haystack } : {},
    providers,
    memories: memorySpecs,
    queries: querySpecs
  };
}
var ROW = /* @__PURE__ */ Symbol("row");
var TEXT = /* @__PURE__ */ Symbol("text");
function loadedMemories() {
  let source;
  const strings = /* @__PURE__ */ new Map();
  const shared = (text) => {
    const known = strings.get(text);
    if (known !== void 0) return known;
    strings.set(text, text);
    return text;
  };
  class LoadedMemory {
    id;
    user;
    date;
    [ROW];
    [TEXT];
    constructor(row, index, rereadable) {
      this.id = String(row.id);
      this.user = shared(row.user ?? DEFAULT_USER);
      this.date = row.date === void 0 ? void 0 : shared(row.date);
      if (typeof row.group === "string") this.group = row.group;
      if (row.meta !== void 0) this.meta = row.meta;
      this[ROW] = index;
      this[TEXT] = rereadable ? void 0 : String(row.text);
    }
    get text() {
      const held = this[TEXT];
      if (held !== void 0) return held;
      let row;
      try {
        row = source.reread(this[ROW]);
      } catch {
      }
      if (row?.id === void 0 || String(row.id) !== this.id) {
        throw new Error(`the memories file of memory "${this.id}" (${formatLocation(this.where)}) has changed since it was read; run again on the file as it is now`);
      }
      return String(row.text);
    }
    // Lazy: a position costs a YAML parse of the row, and a large suite's rows are almost never reported.
    get where() {
      return source.locate(this[ROW]);
    }
  }
  return {
    keep: (row, index, rereadable) => new LoadedMemory(row, index, rereadable),
    specs: (rows) => {
      source = rows;
      return rows.rows;
    }
  };
}
function gains(relevant) {
  if (Array.isArray(relevant)) return Object.fromEntries(relevant.map((id) => [id, 1]));
  return { ...relevant };
}

export {
  variantOfBaseline,
  compareOp,
  relativeRuleFails,
  thresholdText,
  isCondition,
  childPath,
  evaluateGate,
  checkBudget,
  agentCalls,
  plannedCallsOf,
  estimateSpend,
  describeEstimate,
  dollars,
  budgetReachedText,
  BudgetGuard,
  mergedBudget,
  parseBudgetUsd,
  stampedJson,
  LlmCache,
  meterCachedCallsIfAny,
  recordCachedCall,
  readCompletionUsage,
  PROTOCOL_DOC,
  JsonRpcErrorCode,
  ShapeError,
  describeValue2 as describeValue,
  excerpt,
  isObject,
  parseChatResult,
  parseSearchResult,
  parseListResult,
  findOnPath,
  isFile,
  DEFAULT_ARGUMENTS,
  fillArguments,
  toolEntries,
  at,
  commandScript,
  startedCommands,
  DEFAULT_MAX_TOOL_ROUNDS,
  ToolBox,
  converse,
  SPLIT_CHOICES,
  SIDE_BY_SIDE_FILE,
  applyVariant,
  parseVariantList,
  loadSuite
};
