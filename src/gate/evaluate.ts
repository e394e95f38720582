/**
 * The composite gate: every condition becomes a row, groups combine them.
 *
 * Conditions:
 * - op/value compares the metric with a fixed threshold. gte/lte/eq accept a
 *   difference of up to 1e-9 (floating-point means), gt/lt need more than it,
 *   so gt is exactly "not lte" and lt "not gte". With a baseline, the row also
 *   shows the baseline's value, the change and its interval, never deciding.
 * - max_drop fails when baseline - current > max_drop, max_rise when
 *   current - baseline > max_rise, on the point estimates (decide: point, the
 *   default). Beside them, a 95% bootstrap interval of current - baseline
 *   (pairedBootstrapChange: whole queries, users or query groups as the
 *   current run's retrieval.interval_unit says, or whole cases; the ones both
 *   runs share resampled once per draw for both; seeded so it is reproducible) says
 *   whether the change is larger than resampling noise (`significant`). With
 *   decide: interval it decides: max_drop fails only when the whole interval
 *   lies below -max_drop, max_rise only when it lies above max_rise; without an
 *   interval (no per-unit values) the point estimate decides, with a note.
 * - Every max_drop/max_rise row also gets its mde, from this run's units
 *   alone (gate/power.ts, stats/power.ts): the smallest change it tells from
 *   noise; a bound below it is noted as underpowered, never decided on.
 * - Without a baseline (or with the metric absent from it) a max_drop/max_rise
 *   condition is `not-evaluated`: shown as such, waived like a skipped layer,
 *   never counted as a pass. A condition that also has op/value is decided by
 *   that part alone, with a note that the comparison was not made.
 * - `baseline: variant:NAME` compares with that variant's run instead (run
 *   --variants gives each variant the others'); a condition of variant NAME's
 *   own run, or without that run, is `not-evaluated` with a note saying which.
 * - A metric of a layer that did not run is `skipped`: waived when
 *   skipped_layers is waive, a failure when it is fail.
 * - A metric the run should have and does not (a failed provider, a condition
 *   that did not run) or a key that names nothing fails.
 *
 * Groups: `all` fails when a child fails, passes when none fails and one
 * passes; `any` passes when a child passes, fails when none passes and one
 * fails; a group whose children are all waived is skipped (waived in its
 * parent). A gate whose root is skipped passes. A failing `blocking: true`
 * condition fails the gate wherever it sits, even inside an `any` that passed.
 */
import type { TrialRecord } from '../model/trial.js';
import type { ResultsDocument } from '../model/results.js';
import { round } from '../stats/summary.js';
import { DEFAULT_SEED, beyondNoise, countedUnit, mixSeed, pairedBootstrapChange, sharedAloneText, singleUnitText, unitNoun, unitWords, type ChangeInterval, type SampleUnit, type UnitSamples } from '../stats/bootstrap.js';
import { aggregationApplies, intervalUnitOf, parseMetricKey, resolveMetric, defaultAggregation, type Resolution } from './metrics.js';
import { rowPower } from './power.js';
import type { GateCondition, GateGroupRow, GateNode, GateOp, GateRow, GateSpec, Verdict } from '../model/gate.js';

export const TOLERANCE = 1e-9;

export interface EvaluateOptions {
  /** The current run's trials (trials.jsonl), for per-call latencies and per-case cost and recall quality. */
  trials?: readonly TrialRecord[];
  baselineTrials?: readonly TrialRecord[];
  /** Other variants' runs by name (run --variants), for conditions with `baseline: variant:NAME`. */
  variants?: Readonly<Record<string, VariantRun>>;
  /** Bootstrap seed; DEFAULT_SEED when absent. */
  seed?: number;
  /** Bootstrap resamples; 2,000 when absent. */
  resamples?: number;
  /**
   * False leaves out the figures there for a reader only, which decide nothing: each max_drop/max_rise row's
   * mde and a threshold row's change against the baseline (calibrate, which evaluates the gate many times, reads none).
   */
  readerFigures?: boolean;
}

export interface VariantRun {
  results: ResultsDocument;
  trials?: readonly TrialRecord[];
}

/** NAME of `variant:NAME`; undefined for anything else. */
export function variantOfBaseline(baseline: string): string | undefined {
  return /^variant:(.+)$/.exec(baseline)?.[1];
}

/**
 * What a condition's max_drop/max_rise compares with: the run's baseline, or
 * for `baseline: variant:NAME` that variant's run: one of options.variants, or
 * the baseline itself when it is that variant's results (compare a/ b/).
 */
function baselineOf(condition: GateCondition, context: Context): { run?: VariantRun; missing?: string } {
  const { baseline, options, current } = context;
  if (condition.baseline === undefined) return { run: baseline && { results: baseline, trials: options.baselineTrials } };
  const name = variantOfBaseline(condition.baseline) ?? condition.baseline;
  if (current.variant === name) return { missing: `this run is variant ${name} itself` };
  const run = options.variants?.[name] ?? (baseline?.variant === name ? { results: baseline, trials: options.baselineTrials } : undefined);
  return run ? { run } : { missing: `no run of variant ${name} to compare against (run --variants ${name},...)` };
}

const OP_SYMBOL: Record<GateOp, string> = { gt: '>', gte: '>=', lt: '<', lte: '<=', eq: '==' };

export function compareOp(actual: number, op: GateOp, value: number): boolean {
  switch (op) {
    case 'gt':
      return actual > value + TOLERANCE;
    case 'gte':
      return actual >= value - TOLERANCE;
    case 'lt':
      return actual < value - TOLERANCE;
    case 'lte':
      return actual <= value + TOLERANCE;
    case 'eq':
      return Math.abs(actual - value) <= TOLERANCE;
  }
}

/**
 * A max_drop/max_rise rule on a change: [delta, delta] for the point rule,
 * the interval for decide: interval (which fails only when every value in it
 * is beyond the bound). `only` checks one of the two bounds.
 */
export function relativeRuleFails(condition: Pick<GateCondition, 'max_drop' | 'max_rise'>, [low, high]: readonly [number, number], only?: 'max_drop' | 'max_rise'): boolean {
  if (only !== 'max_rise' && condition.max_drop !== undefined && -high > condition.max_drop + TOLERANCE) return true;
  return only !== 'max_drop' && condition.max_rise !== undefined && low > condition.max_rise + TOLERANCE;
}

/** ">= 0.9", "drop <= 0.05", ">= 0.9, rise <= 20". */
export function thresholdText(condition: GateCondition): string {
  const parts: string[] = [];
  if (condition.op !== undefined) parts.push(`${OP_SYMBOL[condition.op] ?? condition.op} ${condition.value ?? '?'}`);
  const rule = `${condition.decide === 'interval' ? ' (interval)' : ''}${condition.baseline ? ` vs ${condition.baseline}` : ''}`;
  if (condition.max_drop !== undefined) parts.push(`drop <= ${condition.max_drop}${rule}`);
  if (condition.max_rise !== undefined) parts.push(`rise <= ${condition.max_rise}${rule}`);
  return parts.join(', ') || '(no threshold)';
}

export function isCondition(node: GateNode): node is GateCondition {
  return typeof (node as GateCondition).metric === 'string';
}

/** The label a child gets in rows and locations: "all[2]", "all[2].any[0]". */
export function childPath(parent: string, kind: 'all' | 'any', index: number): string {
  return `${parent ? `${parent}.` : ''}${kind}[${index}]`;
}

type Outcome = 'pass' | 'fail' | 'waived';

interface Context {
  spec: GateSpec;
  current: ResultsDocument;
  baseline?: ResultsDocument;
  options: EvaluateOptions;
  rows: GateRow[];
  groups: GateGroupRow[];
}

/** Evaluates a gate on a run, against a baseline run when there is one. Pure and deterministic. */
export function evaluateGate(spec: GateSpec, current: ResultsDocument, baseline?: ResultsDocument, options: EvaluateOptions = {}): Verdict {
  const context: Context = { spec, current, baseline, options, rows: [], groups: [] };
  const outcome = evaluateNode(spec.root, '', context);
  const blockingFailures = context.rows.filter((row) => row.blocking && row.status === 'fail').map((row) => `${row.path}: ${row.metric} ${row.threshold}`);
  return {
    status: outcome === 'fail' || blockingFailures.length > 0 ? 'fail' : 'pass',
    rows: context.rows,
    groups: context.groups,
    blockingFailures,
    // A variant baseline counts: its rows were compared.
    hasBaseline: baseline !== undefined || context.rows.some((row) => row.baseline !== undefined),
  };
}

function evaluateNode(node: GateNode, path: string, context: Context): Outcome {
  if (isCondition(node)) {
    const row = evaluateCondition(node, path, context);
    context.rows.push(row);
    return row.status === 'pass' ? 'pass' : row.status === 'fail' ? 'fail' : 'waived';
  }
  const kind: 'all' | 'any' = 'all' in node ? 'all' : 'any';
  const children = (node as Record<typeof kind, GateNode[]>)[kind] ?? [];
  const group: GateGroupRow = { path, kind, status: 'skipped' };
  context.groups.push(group);
  const outcomes = children.map((child, index) => evaluateNode(child, childPath(path, kind, index), context));
  // all: one failure decides; any: one pass decides. Otherwise the other outcome, else waived.
  const [decisive, other]: [Outcome, Outcome] = kind === 'all' ? ['fail', 'pass'] : ['pass', 'fail'];
  const outcome: Outcome = outcomes.includes(decisive) ? decisive : outcomes.includes(other) ? other : 'waived';
  group.status = outcome === 'waived' ? 'skipped' : outcome;
  return outcome;
}

function evaluateCondition(condition: GateCondition, path: string, context: Context): GateRow {
  const { spec, current, options } = context;
  const parsed = parseMetricKey(condition.metric);
  const aggregation = condition.aggregation ?? (parsed.ok && aggregationApplies(parsed.key) ? defaultAggregation(parsed.key) : undefined);
  const row: GateRow = {
    path,
    metric: condition.metric,
    ...(aggregation ? { aggregation } : {}),
    threshold: thresholdText(condition),
    status: 'fail',
    blocking: condition.blocking === true,
  };
  const hasAbsolute = condition.op !== undefined && typeof condition.value === 'number';
  const hasRelative = condition.max_drop !== undefined || condition.max_rise !== undefined;
  if (!hasAbsolute && !hasRelative) return { ...row, note: 'no threshold: give op and value, or max_drop or max_rise' };

  const resolved = resolveMetric(condition.metric, current, { aggregation: condition.aggregation, trials: options.trials });
  if (resolved.status === 'invalid') return { ...row, note: withHint(resolved) };
  if (resolved.status === 'missing') return { ...row, note: `missing: ${withHint(resolved)}` };
  if (resolved.status === 'skipped') {
    return spec.skipped_layers === 'fail' ? { ...row, note: `${resolved.reason} (skipped_layers: fail)` } : { ...row, status: 'skipped', note: resolved.reason };
  }
  row.actual = resolved.value;
  const notes: string[] = resolved.note ? [resolved.note] : [];
  let failed = hasAbsolute && !compareOp(resolved.value, condition.op!, condition.value!);
  let compared = false;

  if (hasRelative) {
    const against = baselineOf(condition, context);
    const before = against.run
      ? resolveMetric(condition.metric, against.run.results, { aggregation: condition.aggregation, trials: against.run.trials, intervalUnit: intervalUnitOf(current) })
      : undefined;
    if (!before) {
      notes.push(against.missing ?? 'no baseline to compare against');
    } else if (before.status !== 'value') {
      notes.push(`not in the baseline: ${withHint(before)}`);
    } else {
      compared = true;
      const delta = round(resolved.value - before.value, 12);
      row.baseline = before.value;
      row.delta = delta;
      const change = resolved.samples && before.samples ? changeInterval(resolved.samples, before.samples, condition, aggregation, options) : undefined;
      if (change) {
        recordChange(row, change, resolved.samples!.unit);
        // First: a note cut short (the comment's cells) keeps why the row is not beyond noise.
        const single = singleUnitText(change, resolved.samples!.unit);
        if (single) notes.push(single);
        const note = pairingNote(change, resolved.samples!.unit);
        if (note) notes.push(note);
      } else {
        notes.push('no interval: results.json has no per-unit values for this metric (pass the trials)');
      }
      const byInterval = condition.decide === 'interval' && change !== undefined;
      row.decided_by = byInterval ? 'interval' : 'point';
      // By the interval, the change fails only when every value in it is beyond the bound.
      const [low, high] = byInterval ? change.interval : [delta, delta];
      if (relativeRuleFails(condition, [low, high])) failed = true;
      if (byInterval) notes.push(`decided by the 95% interval of the change (decide: interval)`);
      else if (condition.decide === 'interval') notes.push('decide: interval, but there is no interval: decided by the point estimate');
      else notes.push('decided by the point estimate of the change (decide: point)');
    }
  }

  if (!hasRelative && options.readerFigures !== false) besideBaseline(condition, row, resolved, context);

  if (failed) row.status = 'fail';
  else if (hasRelative && !compared && !hasAbsolute) row.status = 'not-evaluated';
  else row.status = 'pass';
  if (hasRelative && !compared && hasAbsolute && !failed) notes.push(`decided by ${OP_SYMBOL[condition.op!]} ${condition.value} alone`);

  if (hasRelative && options.readerFigures !== false) {
    // Beside the rule, never deciding: the smallest change this row can tell from noise (gate/power.ts).
    const power = resolved.samples && rowPower(condition, resolved.samples, aggregation, options);
    if (power) {
      row.mde = power.mde;
      row.power = power.power;
      if (power.note) notes.push(power.note);
    } else if (!resolved.samples && !compared) {
      notes.push('no mde: results.json has no per-unit values for this metric');
    }
  }
  if (notes.length > 0) row.note = notes.join('; ');
  return row;
}

/**
 * A threshold row's value in the baseline, its change and the change's interval: the threshold alone decides,
 * but a reviewer of a red row asks whether it was red before this change too. Shown, never deciding.
 */
function besideBaseline(condition: GateCondition, row: GateRow, resolved: { value: number; samples?: UnitSamples }, context: Context): void {
  const against = baselineOf(condition, context).run;
  if (!against) return;
  const before = resolveMetric(condition.metric, against.results, { aggregation: condition.aggregation, trials: against.trials, intervalUnit: intervalUnitOf(context.current) });
  if (before.status !== 'value') return;
  row.baseline = before.value;
  row.delta = round(resolved.value - before.value, 12);
  const change = resolved.samples && before.samples ? changeInterval(resolved.samples, before.samples, condition, row.aggregation, context.options) : undefined;
  if (change) recordChange(row, change, resolved.samples!.unit);
}

/** The change's interval on the row, whether it is beyond noise, and how the two runs' units met. */
function recordChange(row: GateRow, change: ChangeInterval, unit: UnitSamples['unit']): void {
  const counted = countedUnit(change, unit);
  row.interval = change.interval;
  row.significant = beyondNoise(change);
  row.pairing = {
    paired: change.paired,
    shared: change.shared,
    added: change.added,
    removed: change.removed,
    ...(change.shared_interval ? { shared_interval: change.shared_interval } : {}),
    ...(counted ? { unit: counted } : {}),
  };
}

function changeInterval(current: UnitSamples, baseline: UnitSamples, condition: GateCondition, aggregation: string | undefined, options: EvaluateOptions): ChangeInterval | undefined {
  return pairedBootstrapChange(current, baseline, { seed: mixSeed(options.seed ?? DEFAULT_SEED, `${condition.metric}|${aggregation ?? ''}`), resamples: options.resamples });
}

/** Units on one side only, and an interval that could not pair, said in the row. */
function pairingNote(change: ChangeInterval, unit: SampleUnit): string | undefined {
  const units = unitNoun(unit, 2);
  const counted = countedUnit(change, unit) ?? unit;
  const oneSide = change.added + change.removed > 0 ? `${unitWords(counted, change.added)} added, ${change.removed} removed` : '';
  // Whole users or groups are drawn: say so even when every one is shared, since the row's n is theirs, not the queries'.
  if (change.paired) return oneSide ? `paired on ${change.shared} shared ${unitNoun(counted, change.shared)}; ${oneSide}${compositionText(change, unit)}` : unit === 'user' || unit === 'group' ? `paired on ${change.shared} shared ${unitNoun(unit, change.shared)}, each with all its queries` : undefined;
  const why = change.shared + change.added + change.removed === 0 ? `the ${units} have no names to pair` : `only ${unitWords(counted, change.shared)} shared`;
  return `unpaired interval (${why}${oneSide ? `; ${oneSide}` : ''}): each run resampled on its own`;
}

/** An interval that leaves out 0 only because of units on one side: said, with the shared units' own interval. */
function compositionText(change: ChangeInterval, unit: SampleUnit): string {
  const text = sharedAloneText(change, countedUnit(change, unit) ?? unit);
  return text ? `; ${text}` : '';
}

function withHint(resolution: Exclude<Resolution, { status: 'value' }>): string {
  const hint = 'hint' in resolution && resolution.hint ? ` (${resolution.hint})` : '';
  return `${resolution.reason}${hint}`;
}
