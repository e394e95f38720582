import {
  counted
} from "./chunk-EMJKK5FL.js";

// src/stats/summary.ts
function groupBy(items, key) {
  const groups = /* @__PURE__ */ new Map();
  for (const item of items) {
    const name = key(item);
    const group = groups.get(name);
    if (group) group.push(item);
    else groups.set(name, [item]);
  }
  return groups;
}
function percentile(samples, p) {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(p / 100 * sorted.length));
  return sorted[rank - 1];
}
function median(samples) {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
function mean(samples) {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const sample of samples) sum += sample;
  return sum / samples.length;
}
function summarizeLatency(samples) {
  return {
    count: samples.length,
    median: round(median(samples), 3),
    p95: round(percentile(samples, 95), 3),
    mean: round(mean(samples), 3),
    max: round(samples.reduce((a, b) => Math.max(a, b), 0), 3)
  };
}
function round(value, digits) {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

// src/stats/random.ts
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = state + 1831565813 >>> 0;
    let t = state;
    t = Math.imul(t ^ t >>> 15, t | 1);
    t ^= t + Math.imul(t ^ t >>> 7, t | 61);
    return ((t ^ t >>> 14) >>> 0) / 4294967296;
  };
}

// src/stats/bootstrap.ts
var DEFAULT_SEED = 20240917;
var DEFAULT_RESAMPLES = 2e3;
var DEFAULT_LEVEL = 0.95;
var MIN_SHARED_FRACTION = 0.5;
var INTERVAL_DEFINITION = `95% percentile bootstrap, ${DEFAULT_RESAMPLES} draws of whole units (queries; cases, with their repeats and conditions and their plant_from history together), seed ${DEFAULT_SEED}`;
var RETRIEVAL_INTERVAL_DEFINITION = `95% percentile bootstrap, ${DEFAULT_RESAMPLES} draws of whole units, seed ${DEFAULT_SEED}`;
var BEYOND_NOISE_LEGEND = "* beyond noise: the interval, drawn from more than one unit, excludes 0 (where units were added or removed, so does the shared units' own, on the same side)";
function unitNoun(unit, count) {
  const [one, many] = unit === "query" ? ["query", "queries"] : unit === "group" ? ["query group", "query groups"] : unit === "history" ? ["history", "histories"] : [unit, `${unit}s`];
  return count === 1 ? one : many;
}
function unitWords(unit, count) {
  return `${count} ${unitNoun(unit, count)}`;
}
function countedUnit(change, unit) {
  if (unit === "user" || unit === "group") return unit;
  return unit === "case" && change.grouped ? "history" : void 0;
}
function excludesZero(interval) {
  return interval[0] > 0 || interval[1] < 0;
}
function beyondNoise(change) {
  if (!excludesZero(change.interval) || singleUnit(change)) return false;
  const shared = change.shared_interval;
  return shared === void 0 || excludesZero(shared) && shared[0] > 0 === change.interval[0] > 0;
}
function singleUnit(change) {
  if (change.paired) return change.shared < 2;
  const named = change.shared + change.added + change.removed > 0;
  return named && Math.min(change.shared + change.added, change.shared + change.removed) < 2;
}
function singleUnitText(change, unit) {
  if (!singleUnit(change) || !excludesZero(change.interval)) return void 0;
  const counted2 = countedUnit(change, unit) ?? unit;
  return change.paired ? `not beyond noise: the interval is drawn from ${unitWords(counted2, change.shared)} both runs share, one value with no spread` : `not beyond noise: a run of ${unitWords(counted2, 1)} has no spread, so its noise is unknown`;
}
function sharedAloneText(change, unit) {
  const shared = change.shared_interval;
  if (!shared || !excludesZero(change.interval) || beyondNoise(change) || singleUnit(change)) return void 0;
  const signed = (value) => `${value >= 0 ? "+" : ""}${value.toFixed(3)}`;
  const within = excludesZero(shared) ? "goes the other way" : "is within noise";
  return `not beyond noise: on the ${unit ? unitWords(unit, change.shared) : `${change.shared} units`} both share it ${within}, [${signed(shared[0])}, ${signed(shared[1])}]`;
}
function mixSeed(seed, text) {
  let hash = (2166136261 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16777619) >>> 0;
  }
  return hash;
}
function clustersOf(samples) {
  const entries = samples.units.map((values, index) => ({ values, id: samples.ids?.[index] ?? String(index), cluster: samples.clusters?.[index] ?? samples.ids?.[index] ?? String(index) }));
  entries.sort((a, b) => compareText(a.cluster, b.cluster) || compareText(a.id, b.id));
  const clusters = /* @__PURE__ */ new Map();
  for (const entry of entries) {
    const members = clusters.get(entry.cluster);
    if (members) members.push(entry.values);
    else clusters.set(entry.cluster, [entry.values]);
  }
  return clusters;
}
function compareText(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}
function membersOf(keys, clusters) {
  return keys.map((key) => clusters.get(key));
}
function draw(into, from, members, random) {
  let at = from;
  for (let i = 0; i < members.length; i++) {
    const drawn = members[Math.floor(random() * members.length)];
    for (let j = 0; j < drawn.length; j++) into[at++] = drawn[j];
  }
  return at;
}
function bounds(values, level) {
  const tail = (1 - level) / 2 * 100;
  const sorted = values.sort((a, b) => a - b);
  return [round(percentile(sorted, tail), 12), round(percentile(sorted, 100 - tail), 12)];
}
function bootstrapInterval(samples, options = {}) {
  const values = bootstrapDraws(samples, options);
  if (values === void 0) return void 0;
  return { ci: bounds(values, options.level ?? DEFAULT_LEVEL), n: resamplingUnits(samples) };
}
function bootstrapDraws(samples, options = {}) {
  const clusters = clustersOf(samples);
  const keys = [...clusters.keys()];
  if (keys.length === 0) return void 0;
  const random = seededRandom(options.seed ?? DEFAULT_SEED);
  const members = membersOf(keys, clusters);
  const values = new Array(options.resamples ?? DEFAULT_RESAMPLES);
  const sample = [];
  for (let i = 0; i < values.length; i++) {
    sample.length = draw(sample, 0, members, random);
    values[i] = samples.statistic(sample);
  }
  return values;
}
function resamplingUnits(samples) {
  return clustersOf(samples).size;
}
function keyedIntervals(entries) {
  const intervals = {};
  for (const [name, key, samples] of entries) {
    const estimate = bootstrapInterval(samples, { seed: mixSeed(DEFAULT_SEED, key) });
    if (estimate) intervals[name] = estimate;
  }
  return intervals;
}
function pairedBootstrapChange(current, baseline, options = {}) {
  const now = clustersOf(current);
  const before = clustersOf(baseline);
  if (now.size === 0 || before.size === 0) return void 0;
  const named = current.ids !== void 0 && baseline.ids !== void 0;
  const shared = named ? [...now.keys()].filter((key) => before.has(key)) : [];
  const added = named ? [...now.keys()].filter((key) => !before.has(key)) : [];
  const removed = named ? [...before.keys()].filter((key) => !now.has(key)) : [];
  const paired = shared.length > 0 && shared.length >= MIN_SHARED_FRACTION * (shared.length + added.length + removed.length);
  const random = seededRandom(options.seed ?? DEFAULT_SEED);
  const changes = new Array(options.resamples ?? DEFAULT_RESAMPLES);
  const oneSided = paired && added.length + removed.length > 0;
  const sharedChanges = oneSided ? new Array(changes.length) : [];
  const allNow = membersOf([...now.keys()], now);
  const allBefore = membersOf([...before.keys()], before);
  const addedMembers = membersOf(added, now);
  const removedMembers = membersOf(removed, before);
  for (let i = 0; i < changes.length; i++) {
    const after = [];
    const prior = [];
    if (paired) {
      for (let j = 0; j < shared.length; j++) {
        const key = shared[Math.floor(random() * shared.length)];
        after.push(...now.get(key));
        prior.push(...before.get(key));
      }
      if (oneSided) sharedChanges[i] = current.statistic(after) - baseline.statistic(prior);
      draw(after, after.length, addedMembers, random);
      draw(prior, prior.length, removedMembers, random);
    } else {
      draw(after, 0, allNow, random);
      draw(prior, 0, allBefore, random);
    }
    changes[i] = current.statistic(after) - baseline.statistic(prior);
  }
  const level = options.level ?? DEFAULT_LEVEL;
  const grouped = current.unit === "case" && (now.size < current.units.length || before.size < baseline.units.length);
  return {
    interval: bounds(changes, level),
    ...oneSided ? { shared_interval: bounds(sharedChanges, level) } : {},
    paired,
    shared: shared.length,
    added: added.length,
    removed: removed.length,
    ...grouped ? { grouped: true } : {}
  };
}

// src/e2e/prices.ts
var DEFAULT_PRICES = {
  "gpt-5": { input: 1.25, output: 10 },
  "gpt-5-mini": { input: 0.25, output: 2 },
  "gpt-5-nano": { input: 0.05, output: 0.4 },
  "gpt-4.1": { input: 2, output: 8 },
  "gpt-4.1-mini": { input: 0.4, output: 1.6 },
  "gpt-4.1-nano": { input: 0.1, output: 0.4 },
  "gpt-4o": { input: 2.5, output: 10 },
  "gpt-4o-mini": { input: 0.15, output: 0.6 },
  "text-embedding-3-small": { input: 0.02, output: 0 },
  "text-embedding-3-large": { input: 0.13, output: 0 },
  "text-embedding-ada-002": { input: 0.1, output: 0 }
};
function costUsd(model, input, output, prices) {
  const price = prices[model] ?? DEFAULT_PRICES[model];
  if (!price) return null;
  return (input * price.input + output * price.output) / 1e6;
}

// src/net/scopedMeters.ts
const { AsyncLocalStorage } = globalThis.process.getBuiltinModule("node:async_hooks");
var ScopedMeters = class {
  open = new AsyncLocalStorage();
  openCount = 0;
  recorders = false;
  /** Something that records into these meters has been built in this process. */
  recorderExists() {
    this.recorders = true;
  }
  /** Runs `work` with `meter` open; returns what it did. */
  async meter(meter, work) {
    this.openCount += 1;
    try {
      return await this.open.run([...this.open.getStore() ?? [], meter], work);
    } finally {
      if (--this.openCount === 0) this.open.disable();
    }
  }
  /** As meter, for work that builds no recorder itself: while none exists, it can record nothing and runs unmetered. */
  async meterIfAny(meter, work) {
    return this.recorders ? this.meter(meter, work) : work();
  }
  /** The meters open around the caller. */
  current() {
    return this.open.getStore() ?? [];
  }
};

// src/embeddings/usage.ts
var meters = new ScopedMeters();
function embedderReportsUsage() {
  meters.recorderExists();
}
async function meterEmbeddings(work) {
  const usage = {};
  return { value: await meters.meter(usage, work), usage };
}
async function meterEmbeddingsIfAny(work) {
  const usage = {};
  return { value: await meters.meterIfAny(usage, work), usage };
}
function recordEmbedding(model, tokens) {
  for (const usage of meters.current()) {
    const spend = usage[model] ??= { tokens: 0, requests: 0, unreported: 0 };
    spend.requests += 1;
    if (tokens === void 0) spend.unreported += 1;
    else spend.tokens += tokens;
  }
}
function embeddingTokens(usage) {
  const spends = Object.values(usage);
  return { tokens: spends.reduce((sum, spend) => sum + spend.tokens, 0), unknown: spends.some((spend) => spend.unreported > 0) };
}

// src/e2e/cost.ts
function embeddingCost(usage, prices) {
  const { tokens, unknown } = embeddingTokens(usage);
  const spends = Object.entries(usage);
  const priced = spends.map(([model, spend]) => spend.tokens === 0 ? 0 : costUsd(model, spend.tokens, 0, prices));
  return {
    tokens,
    requests: spends.reduce((sum, [, spend]) => sum + spend.requests, 0),
    unreported: spends.reduce((sum, [, spend]) => sum + spend.unreported, 0),
    cost_usd: unknown ? null : sumKnown(priced),
    models: spends.map(([model]) => model)
  };
}
function priceTrial(plan, record, embedding) {
  const spent = embeddingCost(embedding, plan.prices);
  const costs = { chat_usd: chatCost(plan, record), judge_usd: judgeCost(plan, record), embedding_usd: spent.cost_usd };
  record.costs = costs;
  record.cost_usd = sumKnown([costs.chat_usd, costs.judge_usd, costs.embedding_usd]);
  if (spent.requests > 0) record.tokens.embedding = spent.tokens;
}
function chatCost(plan, record) {
  if (record.invocations.length === 0) return null;
  if (record.invocations.every((invocation) => invocation.cached)) return 0;
  const all = invocationsCost(plan, record);
  return withoutCached(all, record.cached?.chat, plan.model, plan.prices);
}
function invocationsCost(plan, record) {
  return sumKnown(
    record.invocations.map(({ usage }) => {
      if (!usage) return null;
      if (usage.input_tokens + usage.output_tokens === 0) return 0;
      const model = usage.model ?? plan.model;
      return model ? costUsd(model, usage.input_tokens, usage.output_tokens, plan.prices) : null;
    })
  );
}
function judgeTokensCost(plan, record) {
  if (record.judge_usage_warning) return null;
  if (record.tokens.judge_input + record.tokens.judge_output === 0) return 0;
  return plan.judgeModel ? costUsd(plan.judgeModel, record.tokens.judge_input, record.tokens.judge_output, plan.prices) : null;
}
function tokensCost(plan, record) {
  if (record.invocations.length === 0) return null;
  const embedding = record.costs ? record.costs.embedding_usd : record.tokens.embedding ? null : 0;
  return sumKnown([invocationsCost(plan, record), judgeTokensCost(plan, record), embedding]);
}
function judgeCost(plan, record) {
  const all = judgeTokensCost(plan, record);
  if (all === null || all === 0) return all;
  const cached = record.cached?.judge;
  if (cached && cached.input_tokens === record.tokens.judge_input && cached.output_tokens === record.tokens.judge_output) return 0;
  return withoutCached(all, cached, plan.judgeModel, plan.prices);
}
function withoutCached(cost, cached, model, prices) {
  if (cost === null || !cached || cached.calls === 0) return cost;
  if (cached.input_tokens + cached.output_tokens === 0) return cost;
  const saved = model ? costUsd(model, cached.input_tokens, cached.output_tokens, prices) : null;
  return saved === null ? null : Math.max(0, cost - saved);
}
function costSummary(trials, conditions) {
  const part = (pick) => usd(sumKnown(trials.map((trial) => trial.costs ? pick(trial.costs) : null)));
  const cachedCalls = trials.reduce((sum, trial) => sum + (trial.cached ? trial.cached.chat.calls + trial.cached.judge.calls : 0), 0);
  const encodings = [...new Set(trials.map((trial) => trial.injected_tokens_encoding).filter((label) => label !== void 0))];
  const byCondition = {};
  for (const condition of conditions) {
    const mine = trials.filter((trial) => trial.condition === condition);
    const successes = mine.filter((trial) => trial.status === "pass").length;
    const spend = usd(sumKnown(mine.map((trial) => trial.cost_usd)));
    byCondition[condition] = {
      trials: mine.length,
      successes,
      spend_usd: spend,
      ...successes > 0 ? { cost_per_success: spend === null ? null : round(spend / successes, 6) } : {},
      injected_tokens: sumTokens(mine, "injected")
    };
  }
  return {
    chat_usd: part((costs) => costs.chat_usd),
    judge_usd: part((costs) => costs.judge_usd),
    embedding_usd: part((costs) => costs.embedding_usd),
    embedding_tokens: sumTokens(trials, "embedding"),
    unknown_trials: trials.filter((trial) => trial.cost_usd === null).length,
    ...trials.some((trial) => trial.cost_usd === null) ? { unknown_causes: unknownCauses(trials) } : {},
    injected_tokens: sumTokens(trials, "injected"),
    ...encodings.length > 0 ? { injected_tokens_encoding: encodings.join(", ") } : {},
    by_condition: byCondition,
    ...cachedCalls > 0 ? { cached_calls: cachedCalls } : {}
  };
}
function unknownCauses(trials) {
  const causes = { calls_without_usage: 0, usage_warnings: 0, trials_without_calls: 0, embeddings: 0, unpriced: 0 };
  for (const trial of trials) {
    if (trial.cost_usd !== null || !trial.costs) continue;
    const withoutUsage = trial.costs.chat_usd === null ? trial.invocations.filter((call) => !call.usage && !call.usage_warning).length : 0;
    const warnings = trial.invocations.filter((call) => call.usage_warning).length + (trial.judge_usage_warning ? 1 : 0);
    const noCalls = trial.invocations.length === 0;
    const embeddings = trial.costs.embedding_usd === null;
    causes.calls_without_usage += withoutUsage;
    causes.usage_warnings += warnings;
    if (noCalls) causes.trials_without_calls += 1;
    if (embeddings) causes.embeddings += 1;
    if (withoutUsage === 0 && warnings === 0 && !noCalls && !embeddings) causes.unpriced += 1;
  }
  return causes;
}
function unknownCostReason(cost, targetKind) {
  const causes = cost?.unknown_causes;
  const why = causes ? [
    ...causes.calls_without_usage > 0 ? [`${counted(causes.calls_without_usage, "agent call", "agent calls")} ${targetKind === "builtin" ? "got no token usage from the model endpoint" : "reported no token usage (an adapter returns it as usage from chat: examples/adapter/README.md)"}`] : [],
    ...causes.usage_warnings > 0 ? [`${counted(causes.usage_warnings, "call", "calls")} reported unusable token counts (marked usage_warning in trials.jsonl)`] : [],
    ...causes.trials_without_calls > 0 ? [`${counted(causes.trials_without_calls, "trial", "trials")} ended before a call returned (whether it was billed is unknown)`] : [],
    ...causes.embeddings > 0 ? [`${counted(causes.embeddings, "trial", "trials")} made embedding requests of unknown cost (no token counts, or an embedding model with no price)`] : [],
    ...causes.unpriced > 0 ? [`${counted(causes.unpriced, "trial", "trials")} spent tokens of a model with no price, or none is named (e2e.prices; the agent's e2e.target.model, the judge's e2e.judge.model)`] : []
  ] : [];
  return why.length > 0 ? why.join("; ") : "a model has no price, or a call reported no usable token counts (see usage_warning in trials.jsonl)";
}
function totalCost(trials) {
  return usd(sumKnown(trials.map((trial) => trial.cost_usd)));
}
function sumTokens(trials, which) {
  return trials.reduce((sum, trial) => sum + (trial.tokens[which] ?? 0), 0);
}
function sumKnown(values) {
  if (values.some((value) => value === null)) return null;
  return values.reduce((sum, value) => sum + value, 0);
}
function usd(value) {
  return value === null ? null : round(value, 6);
}

export {
  groupBy,
  percentile,
  median,
  mean,
  summarizeLatency,
  round,
  seededRandom,
  DEFAULT_SEED,
  INTERVAL_DEFINITION,
  RETRIEVAL_INTERVAL_DEFINITION,
  BEYOND_NOISE_LEGEND,
  unitNoun,
  unitWords,
  countedUnit,
  excludesZero,
  beyondNoise,
  singleUnitText,
  sharedAloneText,
  mixSeed,
  bootstrapInterval,
  bootstrapDraws,
  resamplingUnits,
  keyedIntervals,
  pairedBootstrapChange,
  ScopedMeters,
  embedderReportsUsage,
  meterEmbeddings,
  meterEmbeddingsIfAny,
  recordEmbedding,
  costUsd,
  embeddingCost,
  priceTrial,
  tokensCost,
  costSummary,
  unknownCostReason,
  totalCost
};
