import {
  FAILURE_STAGES,
  intervalUnitOf,
  resolveMetric
} from "./chunk-FB442OMY.js";
import {
  DEFAULT_SEED,
  beyondNoise,
  countedUnit,
  mixSeed,
  pairedBootstrapChange,
  round
} from "./chunk-IDDU4GRI.js";

// src/gate/compare.ts
function withSignificance(rows) {
  return rows.map((row) => row.change ? { ...row, significant: beyondNoise(row.change) } : row);
}
var RATES = ["pass_rate", "pass^k", "pass@k"];
var RECALL_QUALITY_KEYS = ["evidence_coverage", "recall_precision"];
var HARM_KEYS = ["harmful_recall_rate", "harmful_action_rate"];
function compareResults(baseline, current, trials = {}) {
  const rows = [];
  const add = (metric, before2, after, fromTrials = false) => {
    if (typeof before2 !== "number" || typeof after !== "number") return;
    const now2 = resolveMetric(metric, current, fromTrials ? { trials: trials.current } : {});
    const prior = resolveMetric(metric, baseline, { intervalUnit: intervalUnitOf(current), ...fromTrials ? { trials: trials.baseline } : {} });
    const change = now2.status === "value" && prior.status === "value" && now2.samples && prior.samples ? pairedBootstrapChange(now2.samples, prior.samples, { seed: mixSeed(DEFAULT_SEED, `${metric}|${now2.aggregation ?? ""}`) }) : void 0;
    const unit = now2.status === "value" ? now2.samples?.unit : void 0;
    const counted = change && unit ? countedUnit(change, unit) : void 0;
    rows.push({ metric, baseline: before2, current: after, delta: round(after - before2, 12), ...change ? { change } : {}, ...counted ? { unit: counted } : {} });
  };
  for (const [name, provider] of Object.entries(current.retrieval?.providers ?? {})) {
    const previous = baseline.retrieval?.providers[name];
    if (provider.status !== "ok" || previous?.status !== "ok") continue;
    for (const [metric, value] of Object.entries(provider.metrics ?? {})) add(`retrieval.${name}.${metric}`, previous.metrics?.[metric], value);
    for (const [metric, value] of Object.entries(provider.staleness?.metrics ?? {})) add(`retrieval.${name}.${metric}`, previous.staleness?.metrics[metric], value);
    for (const [metric, value] of Object.entries(provider.haystack?.per_doubling ?? {})) add(`retrieval.${name}.haystack.per_doubling.${metric}`, previous.haystack?.per_doubling?.[metric], value);
  }
  const now = current.e2e;
  const before = baseline.e2e;
  if (now && before) {
    const shared = now.headline_condition === before.headline_condition ? now.headline_condition : void 0;
    if (shared) for (const rate of RATES) add(`e2e.${rate}`, before.by_condition[shared]?.[rate], now.by_condition[shared]?.[rate]);
    for (const condition of now.conditions) {
      if (condition === shared) continue;
      add(`e2e.${condition}.pass_rate`, before.by_condition[condition]?.pass_rate, now.by_condition[condition]?.pass_rate);
    }
    for (const [name, summary] of Object.entries(now.graders ?? {})) {
      const previous = before.graders && Object.hasOwn(before.graders, name) ? before.graders[name] : void 0;
      if (!previous || !shared) continue;
      add(`e2e.grader.${name}.score`, previous.conditions[shared]?.mean_score, summary.conditions[shared]?.mean_score);
      add(`e2e.grader.${name}.pass_rate`, previous.conditions[shared]?.pass_rate, summary.conditions[shared]?.pass_rate);
    }
    if (shared) {
      for (const metric of [...HARM_KEYS.map((key) => `${shared}.${key}`), ...FAILURE_STAGES.map((stage) => `stage.${stage}.rate`)]) {
        const [prior, after] = [resolveMetric(`e2e.${metric}`, baseline), resolveMetric(`e2e.${metric}`, current)];
        if (prior.status !== "value" || after.status !== "value" || !prior.samples || !after.samples || prior.value === 0 && after.value === 0) continue;
        add(`e2e.${metric}`, prior.value, after.value);
      }
      for (const name of RECALL_QUALITY_KEYS) {
        const [prior, after] = [resolveMetric(`e2e.${name}`, baseline, { trials: trials.baseline }), resolveMetric(`e2e.${name}`, current, { trials: trials.current })];
        if (prior.status !== "value" || after.status !== "value" || !prior.samples || !after.samples) continue;
        add(`e2e.${name}`, prior.value, after.value, true);
      }
    }
    for (const [ability, result] of Object.entries(now.abilities)) {
      const previous = before.abilities[ability];
      if (!previous) continue;
      if (shared) {
        for (const rate of RATES) add(`e2e.ability.${ability}.${rate}`, previous.conditions[shared]?.[rate], result.conditions[shared]?.[rate]);
      } else {
        for (const condition of now.conditions) {
          add(`e2e.ability.${ability}.${condition}.pass_rate`, previous.conditions[condition]?.pass_rate, result.conditions[condition]?.pass_rate);
        }
      }
    }
  }
  return rows;
}

export {
  withSignificance,
  compareResults
};
