import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);

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
function unitNoun(unit, count) {
  const [one, many] = unit === "query" ? ["query", "queries"] : unit === "group" ? ["query group", "query groups"] : [unit, `${unit}s`];
  return count === 1 ? one : many;
}
function unitWords(unit, count) {
  return `${count} ${unitNoun(unit, count)}`;
}
function excludesZero(interval) {
  return interval[0] > 0 || interval[1] < 0;
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
function draw(into, members, random) {
  for (let i = 0; i < members.length; i++) {
    const drawn = members[Math.floor(random() * members.length)];
    for (let j = 0; j < drawn.length; j++) into.push(drawn[j]);
  }
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
  for (let i = 0; i < values.length; i++) {
    const sample = [];
    draw(sample, members, random);
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
      draw(after, addedMembers, random);
      draw(prior, removedMembers, random);
    } else {
      draw(after, allNow, random);
      draw(prior, allBefore, random);
    }
    changes[i] = current.statistic(after) - baseline.statistic(prior);
  }
  return { interval: bounds(changes, options.level ?? DEFAULT_LEVEL), paired, shared: shared.length, added: added.length, removed: removed.length };
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
  unitNoun,
  unitWords,
  excludesZero,
  mixSeed,
  bootstrapInterval,
  bootstrapDraws,
  resamplingUnits,
  keyedIntervals,
  pairedBootstrapChange
};
