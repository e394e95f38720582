/**
 * The failing trials of report.html in the order a reviewer reads them, one
 * group per case and condition: the real failures first (the headline
 * condition's first, then the others in the run's order), then the expected
 * ones: a case that needs memory failing with memory off (none) is what
 * that condition is there to show, not something to fix. Pure.
 */
import type { TrialRecord } from '../../model/trial.js';
import type { ResultsDocument } from '../../model/results.js';
import { FAILURE_STAGES, STAGE_LABELS } from '../../e2e/stage.js';
import type { FailureStage } from '../../model/trial.js';
import { shorten } from '../escape.js';

/** Characters of a case or ability name in a group's heading: each failure below has the whole name, inside the byte budget; the groups are outside it. */
const GROUP_NAME_LIMIT = 200;

/** One case under one condition with a failing trial shown. */
export interface FailureGroupData {
  case: string;
  ability: string;
  condition: string;
  /** Failing under none while the case needs memory. */
  expected: boolean;
  /** The unit's trials, failed and errored ones among them (the run's counts, shown or not). */
  trials: number;
  failed: number;
  errors: number;
  /** The stages of its failures shown, "2 not stored, 1 misread"; absent when none has one. */
  stages?: string;
}

type E2e = ResultsDocument['e2e'];

/** Whether the case needs memory: results written before it was kept say nothing, and most cases do. */
function needsMemory(e2e: E2e, name: string): boolean {
  return !(e2e && Object.hasOwn(e2e.cases, name) && e2e.cases[name]!.needs_memory === false);
}

export function expectedFailure(e2e: E2e, trial: { case: string; condition: string }): boolean {
  return trial.condition === 'none' && needsMemory(e2e, trial.case);
}

/** The failing trials, real ones first, each condition's together (the headline's first), each case's repeats together. */
export function orderedFailures(e2e: E2e, trials: readonly TrialRecord[]): TrialRecord[] {
  const conditions = e2e ? [e2e.headline_condition, ...e2e.conditions.filter((condition) => condition !== e2e.headline_condition)] : [];
  const caseOrder = new Map(Object.keys(e2e?.cases ?? {}).map((name, index) => [name, index]));
  const rank = (trial: TrialRecord) => [
    expectedFailure(e2e, trial) ? 1 : 0,
    conditions.includes(trial.condition) ? conditions.indexOf(trial.condition) : conditions.length,
    caseOrder.get(trial.case) ?? caseOrder.size,
  ];
  const failing = trials.filter((trial) => trial.status === 'fail');
  const ranks = new Map(failing.map((trial) => [trial, rank(trial)]));
  return [...failing].sort((a, b) => {
    const [ra, rb] = [ranks.get(a)!, ranks.get(b)!];
    for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return ra[i]! - rb[i]!;
    if (a.case !== b.case) return a.case < b.case ? -1 : 1;
    return a.repeat - b.repeat;
  });
}

/** The groups of the failures shown, in their order; `group` of each failure is its index here. */
export function failureGroups(e2e: E2e, shown: readonly { case: string; ability: string; condition: string; stage?: string }[]): { groups: FailureGroupData[]; index: number[] } {
  const groups: FailureGroupData[] = [];
  const stages: Partial<Record<FailureStage, number>>[] = [];
  const shownIn: number[] = [];
  const counted: boolean[] = [];
  const byKey = new Map<string, number>();
  const index = shown.map((failure) => {
    const key = JSON.stringify([failure.case, failure.condition]);
    let at = byKey.get(key);
    if (at === undefined) {
      at = groups.length;
      byKey.set(key, at);
      const rates = e2e && Object.hasOwn(e2e.cases, failure.case) ? e2e.cases[failure.case]!.conditions[failure.condition as keyof NonNullable<E2e>['cases'][string]['conditions']] : undefined;
      groups.push({ case: shorten(failure.case, GROUP_NAME_LIMIT), ability: shorten(failure.ability, GROUP_NAME_LIMIT), condition: failure.condition, expected: expectedFailure(e2e, failure), trials: rates?.trials ?? 0, failed: rates?.failed ?? 0, errors: rates?.errors ?? 0 });
      stages.push({});
      shownIn.push(0);
      counted.push(rates !== undefined);
    }
    shownIn[at]! += 1;
    if (failure.stage) stages[at]![failure.stage as FailureStage] = (stages[at]![failure.stage as FailureStage] ?? 0) + 1;
    return at;
  });
  groups.forEach((group, at) => {
    // Trials the results do not count (a case no longer in the suite): what is shown is what is known.
    if (!counted[at]) group.trials = group.failed = shownIn[at]!;
    const counts = FAILURE_STAGES.filter((stage) => (stages[at]![stage] ?? 0) > 0).map((stage) => `${stages[at]![stage]} ${STAGE_LABELS[stage]}`);
    if (counts.length > 0) group.stages = counts.join(', ');
  });
  return { groups, index };
}
