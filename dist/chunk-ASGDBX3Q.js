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

export {
  groupBy,
  percentile,
  median,
  mean,
  summarizeLatency,
  round
};
