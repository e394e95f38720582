import type { ResultsDocument } from '../model/results.js';
import type { TrialRecord } from '../model/trial.js';
import { round } from '../stats/summary.js';
import type { CountedUnit } from '../model/gate.js';
import { DEFAULT_SEED, beyondNoise, countedUnit, mixSeed, pairedBootstrapChange, type ChangeInterval } from '../stats/bootstrap.js';
import { intervalUnitOf, resolveMetric } from './metrics.js';
import { FAILURE_STAGES } from '../e2e/stage.js';

export interface MetricComparison {
  /** The gate's key for the metric, e.g. retrieval.vector.recall@3, e2e.ability.isolation.pass_rate. */
  metric: string;
  baseline: number;
  current: number;
  /** current - baseline. */
  delta: number;
  /** 95% bootstrap interval of the change, paired on the units both runs share, with how they met. */
  change?: ChangeInterval;
  /** What the change's shared, added and removed count when not the metric's own units: users, query groups or histories. */
  unit?: CountedUnit;
}

/**
 * The rows as JSON outputs give them (compare --json, run --variants --json): each change with an interval says
 * whether it is beyond noise, as gate rows do, so a reader of the JSON need not re-derive the rule.
 */
export function withSignificance(rows: readonly MetricComparison[]): (MetricComparison & { significant?: boolean })[] {
  return rows.map((row) => (row.change ? { ...row, significant: beyondNoise(row.change) } : row));
}

const RATES = ['pass_rate', 'pass^k', 'pass@k'] as const;
/** Recall quality `compare` lists where both runs' trials reported what was recalled (harmful recall is a harm rate). */
const RECALL_QUALITY_KEYS = ['evidence_coverage', 'recall_precision'] as const;
/** Harm rates `compare` lists beside the pass rates, where one run has some. */
const HARM_KEYS = ['harmful_recall_rate', 'harmful_action_rate'] as const;

/**
 * Headline metrics present in both runs, with their change: each provider's
 * means over queries (and its haystack slopes), the e2e rates overall (headline condition and each
 * other condition's pass rate; harm and failure stages; with both runs' trials, evidence coverage and recall precision), each grader's mean score and pass rate, and per ability. Keys are gate metric keys; when
 * the two runs have different headline conditions, e2e keys name the condition.
 * Each change has the paired bootstrap interval the gate would give it. Pure.
 */
export function compareResults(baseline: ResultsDocument, current: ResultsDocument, trials: { baseline?: readonly TrialRecord[]; current?: readonly TrialRecord[] } = {}): MetricComparison[] {
  const rows: MetricComparison[] = [];
  /** `fromTrials`: the metric's per-case units are read from the trials (recall quality), not results.json. */
  const add = (metric: string, before: number | undefined, after: number | undefined, fromTrials = false) => {
    if (typeof before !== 'number' || typeof after !== 'number') return;
    const now = resolveMetric(metric, current, fromTrials ? { trials: trials.current } : {});
    // In the current run's unit, so both sides draw the same users, groups or queries.
    const prior = resolveMetric(metric, baseline, { intervalUnit: intervalUnitOf(current), ...(fromTrials ? { trials: trials.baseline } : {}) });
    const change =
      now.status === 'value' && prior.status === 'value' && now.samples && prior.samples
        ? pairedBootstrapChange(now.samples, prior.samples, { seed: mixSeed(DEFAULT_SEED, `${metric}|${now.aggregation ?? ''}`) })
        : undefined;
    const unit = now.status === 'value' ? now.samples?.unit : undefined;
    const counted = change && unit ? countedUnit(change, unit) : undefined;
    rows.push({ metric, baseline: before, current: after, delta: round(after - before, 12), ...(change ? { change } : {}), ...(counted ? { unit: counted } : {}) });
  };

  for (const [name, provider] of Object.entries(current.retrieval?.providers ?? {})) {
    const previous = baseline.retrieval?.providers[name];
    if (provider.status !== 'ok' || previous?.status !== 'ok') continue;
    for (const [metric, value] of Object.entries(provider.metrics ?? {})) add(`retrieval.${name}.${metric}`, previous.metrics?.[metric], value);
    // Staleness shares (lower is better) where both runs had queries naming an obsolete memory.
    for (const [metric, value] of Object.entries(provider.staleness?.metrics ?? {})) add(`retrieval.${name}.${metric}`, previous.staleness?.metrics[metric], value);
    // The haystack curve's change per doubling, where both runs drew one (its interval resamples queries, as the gate's does).
    for (const [metric, value] of Object.entries(provider.haystack?.per_doubling ?? {})) add(`retrieval.${name}.haystack.per_doubling.${metric}`, previous.haystack?.per_doubling?.[metric], value);
  }

  const now = current.e2e;
  const before = baseline.e2e;
  if (now && before) {
    const shared = now.headline_condition === before.headline_condition ? now.headline_condition : undefined;
    if (shared) for (const rate of RATES) add(`e2e.${rate}`, before.by_condition[shared]?.[rate], now.by_condition[shared]?.[rate]);
    for (const condition of now.conditions) {
      if (condition === shared) continue;
      add(`e2e.${condition}.pass_rate`, before.by_condition[condition]?.pass_rate, now.by_condition[condition]?.pass_rate);
    }
    // Each grader's mean score and pass rate: what `compare` of two agent variants is read for.
    for (const [name, summary] of Object.entries(now.graders ?? {})) {
      const previous = before.graders && Object.hasOwn(before.graders, name) ? before.graders[name] : undefined;
      if (!previous || !shared) continue;
      add(`e2e.grader.${name}.score`, previous.conditions[shared]?.mean_score, summary.conditions[shared]?.mean_score);
      add(`e2e.grader.${name}.pass_rate`, previous.conditions[shared]?.pass_rate, summary.conditions[shared]?.pass_rate);
    }
    // Harm under the headline condition and where failures live: a knowledge update that now answers with the
    // old value moves these while a pass rate may not. A rate at 0 in both runs says nothing.
    if (shared) {
      // Harm by the condition's key (per-case units from results.json); stages are counted under recall.
      for (const metric of [...HARM_KEYS.map((key) => `${shared}.${key}`), ...FAILURE_STAGES.map((stage) => `stage.${stage}.rate`)]) {
        const [prior, after] = [resolveMetric(`e2e.${metric}`, baseline), resolveMetric(`e2e.${metric}`, current)];
        // Only with per-case units in both runs (results.json's own), so the change has its interval as every row here does.
        if (prior.status !== 'value' || after.status !== 'value' || !prior.samples || !after.samples || (prior.value === 0 && after.value === 0)) continue;
        add(`e2e.${metric}`, prior.value, after.value);
      }
      // What memory handed the agent under the headline condition: the share of each case's evidence it recalled, and
      // of what it recalled, the share that was evidence. Their per-case units are in the trials, so only with both runs'.
      for (const name of RECALL_QUALITY_KEYS) {
        const [prior, after] = [resolveMetric(`e2e.${name}`, baseline, { trials: trials.baseline }), resolveMetric(`e2e.${name}`, current, { trials: trials.current })];
        // As harm: only with per-case units in both runs (trials that say what was recalled), so the row has its interval.
        if (prior.status !== 'value' || after.status !== 'value' || !prior.samples || !after.samples) continue;
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
