/**
 * An A/A check of a suite's gate on one run (`recall-gate calibrate`): how
 * often would the gate fail a run of the very same agent?
 *
 * Method: each draw redraws the run twice from its own whole units, with
 * replacement and seeded (resampleRun.ts: queries; cases with all their
 * repeats and conditions, those planted from one history together; queries
 * in the unit the run's intervals draw: queries, whole users or groups), gates
 * the second redraw against the first as its baseline, exactly as `run
 * --baseline` would (evaluateGate: the same rules, the same paired
 * intervals), and counts, per condition and per rule, the draws that fail.
 * The agent is the same in both redraws by construction, so every failure is
 * a false alarm.
 *
 * Assumptions: a run's units are a sample of the units the agent meets, and
 * two runs of one agent differ as two such samples do (the model the gate's
 * intervals and the mde stand on). A re-run on the very same cases usually
 * differs less (only trial noise changes, the cases do not), so the rates
 * are what a run on a fresh sample of the same size would see: an upper
 * bound for a re-run of the same suite when the agent is deterministic.
 * With few units the redraws repeat a handful of values, and the rates are
 * coarse; the counts ("3 of 200 draws") say how coarse.
 */
import { RecallGateError } from '../errors.js';
import type { TrialRecord } from '../model/trial.js';
import type { ResultsDocument } from '../model/results.js';
import type { Suite } from '../model/suite.js';
import type { GateCondition, GateNode, GateRow, GateSpec } from '../model/gate.js';
import type { CalibrationRow, CalibrationRule, GateCalibration } from '../model/gateCalibration.js';
import { mixSeed } from '../stats/bootstrap.js';
import { seededRandom } from '../stats/random.js';
import { childPath, compareOp, evaluateGate, isCondition, relativeRuleFails, thresholdText, variantOfBaseline } from './evaluate.js';
import { resultsForSplit } from './narrow.js';
import { drawUnits, resampledRun, unitPool } from './resampleRun.js';
import { counted } from '../text/counted.js';

export const DEFAULT_DRAWS = 200;
export const DEFAULT_CALIBRATION_SEED = 1;

/** Every condition under its row path ("all[2].any[0]"), as evaluateGate names its rows. */
function conditionsByPath(node: GateNode, path = '', into = new Map<string, GateCondition>()): Map<string, GateCondition> {
  if (isCondition(node)) return into.set(path, node);
  const kind: 'all' | 'any' = 'all' in node ? 'all' : 'any';
  ((node as Record<typeof kind, GateNode[]>)[kind] ?? []).forEach((child, index) => conditionsByPath(child, childPath(path, kind, index), into));
  return into;
}

/** The rules of a condition, each with what decides whether it fails on a row. */
function rulesOf(condition: GateCondition): { rule: string; decides: boolean; fails: (row: GateRow) => boolean | undefined }[] {
  const rules: ReturnType<typeof rulesOf> = [];
  if (condition.op !== undefined && typeof condition.value === 'number') {
    const { op, value } = condition;
    rules.push({ rule: thresholdText({ metric: condition.metric, op, value }), decides: true, fails: (row) => (row.actual === undefined ? undefined : !compareOp(row.actual, op, value)) });
  }
  for (const bound of ['max_drop', 'max_rise'] as const) {
    if (condition[bound] === undefined) continue;
    const text = thresholdText({ metric: condition.metric, [bound]: condition[bound], ...(condition.baseline ? { baseline: condition.baseline } : {}) });
    for (const mode of ['point', 'interval'] as const) {
      rules.push({
        rule: `${text} (${mode})`,
        decides: (condition.decide ?? 'point') === mode,
        fails: (row) => {
          if (row.delta === undefined) return undefined;
          if (mode === 'point') return relativeRuleFails(condition, [row.delta, row.delta], bound);
          return row.interval === undefined ? undefined : relativeRuleFails(condition, row.interval, bound);
        },
      });
    }
  }
  return rules;
}

/** The A/A check: `draws` redraw pairs of the run, gated one against the other; what failed, per condition and rule. */
export function calibrateGate(
  spec: GateSpec,
  suite: Suite,
  run: { results: ResultsDocument; trials: readonly TrialRecord[] },
  options: { draws?: number; seed?: number } = {},
): GateCalibration {
  const draws = options.draws ?? DEFAULT_DRAWS;
  const seed = options.seed ?? DEFAULT_CALIBRATION_SEED;
  const narrowed = resultsForSplit(run.results, run.trials, suite, spec.split ?? 'all');
  const results = narrowed.results;
  const trials = narrowed.trials ?? [];
  if (results.e2e && trials.length === 0) {
    throw new RecallGateError('invalid-input', 'the run has e2e results but no trials (trials.jsonl), and the e2e figures are redrawn from the trials', { hint: 'give the whole results folder of the run' });
  }
  const pool = unitPool(results, trials, suite);
  const conditions = conditionsByPath(spec.root);
  const rows = new Map<string, CalibrationRow>();
  const rules = new Map<string, (CalibrationRule & { fails: (row: GateRow) => boolean | undefined })[]>();
  for (const [path, condition] of conditions) {
    rows.set(path, { path, metric: condition.metric, threshold: thresholdText(condition), failed: 0, missing: 0, waived: 0, rules: [] });
    rules.set(path, rulesOf(condition).map((rule) => ({ ...rule, failed: 0, evaluated: 0 })));
  }

  const random = seededRandom(mixSeed(seed, 'calibrate'));
  let gateFailed = 0;
  for (let i = 0; i < draws; i++) {
    const baseline = resampledRun(results, pool, drawUnits(pool, random));
    const current = resampledRun(results, pool, drawUnits(pool, random));
    const verdict = evaluateGate(spec, current.results, baseline.results, {
      // No trials is not an empty log (as evaluateGateOnSplit passes them); the mde is not read here.
      ...(current.trials.length ? { trials: current.trials } : {}),
      ...(baseline.trials.length ? { baselineTrials: baseline.trials } : {}),
      readerFigures: false,
    });
    if (verdict.status === 'fail') gateFailed += 1;
    for (const row of verdict.rows) {
      const tally = rows.get(row.path);
      if (!tally) continue;
      if (row.status === 'fail') tally.failed += 1;
      if (row.status === 'skipped' || row.status === 'not-evaluated') tally.waived += 1;
      if (row.actual === undefined && row.status !== 'skipped') tally.missing += 1;
      for (const rule of rules.get(row.path) ?? []) {
        const failed = rule.fails(row);
        if (failed === undefined) continue;
        rule.evaluated += 1;
        if (failed) rule.failed += 1;
      }
    }
  }
  for (const [path, tally] of rows) tally.rules = (rules.get(path) ?? []).map(({ fails: _fails, ...rule }) => rule);

  const notes: string[] = [];
  if (pool.unknownCases.length > 0) notes.push(`not in the suite any more, so left out of every draw: ${counted(pool.unknownCases.length, 'case', 'cases')} of the run, ${pool.unknownCases.slice(0, 10).join(', ')}${pool.unknownCases.length > 10 ? ', ...' : ''}`);
  for (const [path, condition] of conditions) {
    if (condition.baseline !== undefined) notes.push(`${path} compares with ${variantOfBaseline(condition.baseline) ? `variant ${variantOfBaseline(condition.baseline)}'s run` : condition.baseline}, which a redraw of one run does not have: its comparison is not checked`);
  }
  if (run.results.status !== 'complete') notes.push(`the run is ${run.results.status}: its errored trials and missing figures are redrawn like the rest`);
  const cases = pool.histories.reduce((sum, history) => sum + history.length, 0);
  return {
    draws,
    seed,
    units: { queries: pool.queryUnits.reduce((sum, ids) => sum + ids.length, 0), query_unit: pool.queryUnit, query_units: pool.queryUnits.length, cases, histories: pool.histories.length },
    gate_failed: gateFailed,
    rows: [...rows.values()],
    ...(spec.split && spec.split !== 'all' ? { split: spec.split } : {}),
    notes,
  };
}
