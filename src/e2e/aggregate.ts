import { e2eIntervals } from './intervals.js';
import { groupBy, mean, round, summarizeLatency } from '../stats/summary.js';
import { aggregateGraders } from './aggregateGraders.js';
import { failureHarm, harmSummary } from './harm.js';
import { failureActions } from './failureActions.js';
import { costSummary, totalCost } from './cost.js';
import type { TrialRecord } from '../model/trial.js';
import { trialKey } from './trialRecords.js';
import { summarizeFaults } from './faults.js';
import { stageOfRecord, stageSummary, type PlannedOutcome } from './stage.js';
import type { CaseSpec, Condition } from '../model/e2e.js';
import type { AbilityResult, CaseResult, E2eResult, GroupRates, Rates } from '../model/e2eResult.js';
import { counted } from '../text/counted.js';

/** What the rates need of a trial: a recorded one, or a planned one with no record (an error). */
type Outcome = Pick<TrialRecord, 'key' | 'case' | 'ability' | 'condition' | 'status' | 'reason'>;

/** Why a planned trial with no record counts as an error. */
const MISSING_TRIAL = 'no record of this planned trial in trials.jsonl (the run was cut short or the record was lost; run again with --resume)';

function rates(trials: Outcome[]): Rates {
  const passed = trials.filter((trial) => trial.status === 'pass').length;
  const errors = trials.filter((trial) => trial.status === 'error').length;
  return { trials: trials.length, passed, failed: trials.length - passed - errors, errors, pass_rate: trials.length ? round(passed / trials.length, 6) : 0 };
}

function groupRates(byCase: Map<string, Outcome[]>): GroupRates {
  const all = [...byCase.values()].flat();
  const groups = [...byCase.values()];
  const every = groups.filter((trials) => trials.length > 0 && trials.every((trial) => trial.status === 'pass')).length;
  const some = groups.filter((trials) => trials.some((trial) => trial.status === 'pass')).length;
  return {
    ...rates(all),
    cases: groups.length,
    'pass^k': groups.length ? round(every / groups.length, 6) : 0,
    'pass@k': groups.length ? round(some / groups.length, 6) : 0,
  };
}

/**
 * Pass rates per case, ability and condition, and what the trials cost. Pure.
 * The plan (cases x conditions x repeat) is the denominator: records of trials
 * it does not plan (a deleted case) are left out, and planned trials with no
 * record count as errors, so a cut-short log can never read as complete.
 * `missingReason` says why they have none when the run knows (a budget).
 */
export function aggregateE2e(records: TrialRecord[], cases: CaseSpec[], conditions: Condition[], repeat: number, missingReason = MISSING_TRIAL, options: { intervals?: boolean } = {}): E2eResult {
  const headline: Condition = conditions.includes('recall') ? 'recall' : conditions[0]!;
  const byKey = new Map(records.map((trial) => [trial.key, trial]));
  const specs = new Map(cases.map((spec) => [spec.name, spec]));
  const trials: TrialRecord[] = [];
  const outcomes: Outcome[] = [];
  const planned: PlannedOutcome[] = [];
  for (const spec of cases) {
    for (const condition of conditions) {
      for (let index = 1; index <= repeat; index++) {
        const key = trialKey(spec.name, condition, index);
        const trial = byKey.get(key);
        if (trial) trials.push(trial);
        planned.push({ case: spec.name, ability: spec.ability, condition, ...(trial ? { record: trial } : {}) });
        // The ability comes from the suite: relabelling a case needs no re-run.
        outcomes.push(trial ? { ...trial, ability: spec.ability } : { key, case: spec.name, ability: spec.ability, condition, status: 'error', reason: missingReason });
      }
    }
  }
  const graders = aggregateGraders(records, cases, conditions, repeat);
  const byCondition: E2eResult['by_condition'] = {};
  for (const condition of conditions) {
    byCondition[condition] = groupRates(groupBy(outcomes.filter((trial) => trial.condition === condition), (trial) => trial.case));
  }

  const caseResults: Record<string, CaseResult> = {};
  // Grouped once: a filter of every outcome per case grows with cases x trials.
  const outcomesByCase = groupBy(outcomes, (trial) => trial.case);
  for (const spec of cases) {
    const mine = outcomesByCase.get(spec.name) ?? [];
    const result: CaseResult = { ability: spec.ability, conditions: {}, leak: false, needs_memory: spec.needs_memory, ...(spec.planted_from ? { planted_from: spec.planted_from } : {}), ...(spec.history !== undefined ? { history: spec.history } : {}) };
    for (const condition of conditions) {
      const these = mine.filter((trial) => trial.condition === condition);
      const base = rates(these);
      result.conditions[condition] = {
        ...base,
        'pass^k': these.length > 0 && base.passed === these.length,
        'pass@k': base.passed > 0,
      };
    }
    result.leak = spec.needs_memory && (result.conditions.none?.passed ?? 0) > 0;
    caseResults[spec.name] = result;
  }

  // fromEntries defines own keys: an ability is any text, and assigning abilities["__proto__"] would set the prototype and lose its trials.
  const abilities: Record<string, AbilityResult> = Object.fromEntries(
    [...new Set(cases.map((spec) => spec.ability))].sort().map((ability) => {
      const mine = outcomes.filter((trial) => trial.ability === ability);
      const result: AbilityResult = { conditions: {} };
      for (const condition of conditions) {
        result.conditions[condition] = groupRates(groupBy(mine.filter((trial) => trial.condition === condition), (trial) => trial.case));
      }
      const recall = result.conditions.recall?.pass_rate;
      if (recall !== undefined && result.conditions.none) result.lift_over_none = round(recall - result.conditions.none.pass_rate, 6);
      if (recall !== undefined && result.conditions.oracle) result.gap_oracle_over_recall = round(result.conditions.oracle.pass_rate - recall, 6);
      if (graders && Object.hasOwn(graders.abilities, ability)) result.graders = graders.abilities[ability];
      return [ability, result];
    }),
  );

  const invocations = trials.flatMap((trial) => trial.invocations);
  const tokens = { input: 0, output: 0, judge_input: 0, judge_output: 0 };
  for (const trial of trials) {
    tokens.input += trial.tokens.input;
    tokens.output += trial.tokens.output;
    tokens.judge_input += trial.tokens.judge_input;
    tokens.judge_output += trial.tokens.judge_output;
  }
  const defined = (values: (number | undefined)[]) => values.filter((value): value is number => value !== undefined);
  // What recall surfaced is a property of the recall policy: none and oracle do not search.
  const searched = trials.filter((trial) => trial.condition === headline);
  const coverage = defined(searched.map((trial) => trial.evidence_coverage));
  const precision = defined(searched.map((trial) => trial.recall_precision));
  const harmful = searched.filter((trial) => trial.harmful_recall !== undefined);
  const stages = stageSummary(planned, cases, conditions);

  return {
    repeat,
    conditions,
    headline_condition: headline,
    metrics: byCondition[headline]!,
    by_condition: byCondition,
    ...summarizeFaults({ trials, cases, conditions, byCondition, abilities }),
    // intervals: false (calibrate's thousands of redraws, which the gate reads per case) leaves the bootstrap out.
    intervals: options.intervals === false ? {} : e2eIntervals(caseResults, abilities, conditions),
    abilities,
    cases: caseResults,
    leaks: Object.entries(caseResults)
      .filter(([, result]) => result.leak)
      .map(([name]) => name),
    latency_ms: {
      call: summarizeLatency(invocations.map((invocation) => invocation.latency_ms)),
      // Only the recall condition's searches are what recall adds (none and oracle do not search; faults are reported apart).
      recall: summarizeLatency(defined(trials.filter((trial) => trial.condition === 'recall').flatMap((trial) => trial.invocations.map((invocation) => invocation.recall_ms)))),
    },
    tokens,
    cost_usd: totalCost(trials),
    cost: costSummary(trials, conditions),
    harm: harmSummary(trials, cases, conditions, headline),
    recall_quality: {
      ...(coverage.length ? { evidence_coverage: round(mean(coverage), 6) } : {}),
      ...(precision.length ? { recall_precision: round(mean(precision), 6) } : {}),
      ...(harmful.length ? { harmful_recall_rate: round(harmful.filter((trial) => trial.harmful_recall).length / harmful.length, 6) } : {}),
      // The trials each figure is over (those where it is defined), so the report can say so beside it.
      // (harmful recall's count and trials are the harm summary's, under the headline condition.)
      ...(coverage.length + precision.length > 0 ? { trials: { evidence_coverage: coverage.length, recall_precision: precision.length } } : {}),
    },
    errors: outcomes.filter((trial) => trial.status === 'error').map((trial) => ({ key: trial.key, reason: trial.reason })),
    missing: outcomes.length - trials.length,
    failures: trials
      .filter((trial) => trial.status === 'fail' && trial.condition === headline)
      .map((trial) => ({ key: trial.key, case: trial.case, ability: trial.ability, question: trial.question, answer: trial.answer ?? '', reason: trial.reason, ...failureHarm(trial), ...stageOfRecord(specs.get(trial.case), trial), ...failureActions(trial.invocations) })),
    ...(graders ? { graders: graders.overall } : {}),
    ...(stages ? { stages } : {}),
  };
}

/** Why an e2e result makes its run incomplete (errored or missing trials), or undefined when it does not. */
export function e2eIncompleteReason(e2e: Pick<E2eResult, 'errors' | 'missing'>): string | undefined {
  const errored = e2e.errors.length - e2e.missing;
  const parts = [
    ...(errored > 0 ? [`${counted(errored, 'trial', 'trials')} ended in an error (each in trials.jsonl, and listed in results.json under e2e.errors)`] : []),
    ...(e2e.missing > 0 ? [`${counted(e2e.missing, 'planned trial has', 'planned trials have')} no record in trials.jsonl (listed in results.json under e2e.errors)`] : []),
  ];
  return parts.length > 0 ? `e2e: ${parts.join(' and ')}` : undefined;
}

