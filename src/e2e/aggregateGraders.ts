/**
 * What each named grader found, per condition, over the whole run and per
 * ability: trials, mean score on the grader's scale, pass rate against its
 * threshold, pass^k, errors and skipped. Pure.
 *
 * Denominators follow the plan, as aggregate.ts does: every planned trial of a
 * case with the grader counts, and one with no record (or a record with no
 * outcome for the grader: the trial errored before grading) is an error. A
 * skipped outcome (a judge grader with no judge configured) is left out of
 * the pass rate and pass^k and counted apart, so it neither passes nor fails.
 */
import { resamplingUnit } from './sharedHistory.js';
import { DEFAULT_SEED, bootstrapInterval, mixSeed, type UnitSamples } from '../stats/bootstrap.js';
import type { IntervalEstimate } from '../model/figures.js';
import { groupBy, mean, round } from '../stats/summary.js';
import type { GraderOutcome } from '../model/graders.js';
import type { TrialRecord } from '../model/trial.js';
import { trialKey } from './trialRecords.js';
import type { CaseSpec, Condition } from '../model/e2e.js';
import type { GraderCase, GraderFigures, GraderGroup, GraderSummary } from '../model/e2eResult.js';

export interface GraderResults {
  overall: Record<string, GraderSummary>;
  abilities: Record<string, Record<string, GraderSummary>>;
}

const UNIT_SCALE: [number, number] = [0, 1];
const MISSING_TRIAL = 'no record of this planned trial in trials.jsonl';

/** Every grader the suite gives the case, and every one a trial of it reported. */
function graderNames(spec: CaseSpec, records: readonly TrialRecord[]): string[] {
  const names = new Set(Object.keys(spec.graders ?? {}));
  for (const record of records) for (const name of Object.keys(record.graders ?? {})) names.add(name);
  return [...names].sort();
}

/** A planned trial's outcome for a grader: recorded, or an error saying why there is none. */
function outcomeOf(record: TrialRecord | undefined, name: string): GraderOutcome {
  if (!record) return { status: 'error', reason: MISSING_TRIAL };
  const outcome = record.graders && Object.hasOwn(record.graders, name) ? record.graders[name] : undefined;
  return outcome ?? { status: 'error', reason: record.status === 'error' ? `the trial errored before grading: ${record.reason}` : 'the trial recorded no outcome for this grader' };
}

function figuresOf(outcomes: readonly GraderOutcome[], score: (outcome: GraderOutcome) => number | undefined): { figures: GraderFigures; scores: number[] } {
  const count = (status: GraderOutcome['status']) => outcomes.filter((outcome) => outcome.status === status).length;
  const scores = outcomes.map(score).filter((value): value is number => value !== undefined);
  const passed = count('pass');
  const skipped = count('skipped');
  const graded = outcomes.length - skipped;
  const figures: GraderFigures = {
    trials: outcomes.length,
    scored: scores.length,
    ...(scores.length ? { mean_score: round(mean(scores), 6) } : {}),
    passed,
    failed: count('fail'),
    errors: count('error'),
    skipped,
    ...(graded > 0 ? { pass_rate: round(passed / graded, 6) } : {}),
  };
  return { figures, scores };
}

function caseFigures(outcomes: readonly GraderOutcome[], score: (outcome: GraderOutcome) => number | undefined): GraderCase {
  const { figures, scores } = figuresOf(outcomes, score);
  const graded = figures.trials - figures.skipped;
  return { ...figures, 'pass^k': graded > 0 && figures.passed === graded, scores };
}

/** A group's figures from its cases' outcomes, pooled over trials. */
function groupFigures(byCase: readonly (readonly GraderOutcome[])[], score: (outcome: GraderOutcome) => number | undefined): GraderGroup {
  const { figures } = figuresOf(byCase.flat(), score);
  const cases = byCase.map((outcomes) => caseFigures(outcomes, score)).filter((one) => one.trials > one.skipped);
  const first = (status: GraderOutcome['status']) => byCase.flat().find((outcome) => outcome.status === status)?.reason;
  const error = first('error');
  const skipped = first('skipped');
  return {
    ...figures,
    cases: cases.length,
    ...(cases.length ? { 'pass^k': round(cases.filter((one) => one['pass^k']).length / cases.length, 6) } : {}),
    ...(error !== undefined || skipped !== undefined ? { reasons: { ...(error !== undefined ? { error } : {}), ...(skipped !== undefined ? { skipped } : {}) } } : {}),
  };
}

function sameScale(a: readonly [number, number], b: readonly [number, number]): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

/** The grader's scale and threshold over all its outcomes, and how a score is read on that scale. */
function scaleOf(outcomes: readonly GraderOutcome[]): Pick<GraderSummary, 'scale' | 'min' | 'note'> & { score: (outcome: GraderOutcome) => number | undefined } {
  const scored = outcomes.filter((outcome) => outcome.score !== undefined);
  const scales = scored.map((outcome) => outcome.scale ?? UNIT_SCALE);
  // With nothing scored (every judge trial skipped) the scale the outcomes name still holds.
  const first = scales[0] ?? outcomes.find((outcome) => outcome.scale)?.scale ?? UNIT_SCALE;
  const mixed = scales.some((scale) => !sameScale(scale, first));
  // Errors carry no threshold: the ones that were graded say it.
  const mins = [...new Set(outcomes.map((outcome) => outcome.min).filter((min) => min !== undefined))];
  const min = mins.length === 1 ? { min: mins[0]! } : {};
  if (!mixed) return { scale: [first[0], first[1]], ...min, score: (outcome) => outcome.score };
  const seen = [...new Set(scales.map((scale) => `${scale[0]}-${scale[1]}`))].join(', ');
  return {
    scale: UNIT_SCALE,
    note: `the outcomes use different scales (${seen}): each score was mapped onto 0-1 before averaging`,
    score: (outcome) => {
      if (outcome.score === undefined) return undefined;
      const [low, high] = outcome.scale ?? UNIT_SCALE;
      return high === low ? 0 : (outcome.score - low) / (high - low);
    },
  };
}

/** A case's grader figures with its name and resampling unit (its plant_from history). */
export interface NamedGraderCase {
  name: string;
  cluster: string;
  figures: GraderCase;
}

export type GraderMetric = 'score' | 'pass_rate' | 'pass^k';

/**
 * Per-case samples of a grader figure, for intervals and the gate's paired
 * comparisons: each scored trial's score (the statistic reduces them pooled,
 * so mean is the mean over trials), [passed, graded] for pass_rate (errors in
 * the denominator), 0/1 for pass^k. Cases with nothing to give are left out.
 */
export function graderSamples(cases: readonly NamedGraderCase[], metric: GraderMetric, reduce: (values: readonly number[]) => number = mean): UnitSamples {
  const kept = cases.filter(({ figures }) => (metric === 'score' ? figures.scores.length > 0 : figures.trials > figures.skipped));
  const names = { ids: kept.map((one) => one.name), clusters: kept.map((one) => one.cluster) };
  if (metric === 'score') return { unit: 'case', units: kept.map(({ figures }) => figures.scores), ...names, statistic: (sample) => reduce(sample.flat()) };
  if (metric === 'pass_rate') {
    return {
      unit: 'case',
      units: kept.map(({ figures }) => [figures.passed, figures.trials - figures.skipped]),
      ...names,
      statistic: (sample) => {
        const graded = sample.reduce((total, unit) => total + unit[1]!, 0);
        return graded === 0 ? 0 : sample.reduce((total, unit) => total + unit[0]!, 0) / graded;
      },
    };
  }
  return { unit: 'case', units: kept.map(({ figures }) => [figures['pass^k'] ? 1 : 0]), ...names, statistic: (sample) => mean(sample.map((unit) => unit[0]!)) };
}

const METRICS: readonly GraderMetric[] = ['score', 'pass_rate', 'pass^k'];

/** Intervals of one grader under each condition, seeded by the gate key each one stands beside. */
function intervalsOf(prefix: string, cases: readonly NamedGraderCase[][], conditions: readonly Condition[]): Record<string, IntervalEstimate> {
  const intervals: Record<string, IntervalEstimate> = {};
  conditions.forEach((condition, index) => {
    for (const metric of METRICS) {
      const estimate = bootstrapInterval(graderSamples(cases[index]!, metric), { seed: mixSeed(DEFAULT_SEED, `${prefix}.${condition}.${metric}`) });
      if (estimate) intervals[`${condition}.${metric}`] = estimate;
    }
  });
  return intervals;
}

/**
 * Every grader's summary over the run and per ability; undefined when no case
 * has a grader. The plan (cases x conditions x repeat) is the denominator.
 */
export function aggregateGraders(records: readonly TrialRecord[], cases: readonly CaseSpec[], conditions: readonly Condition[], repeat: number): GraderResults | undefined {
  const byKey = new Map(records.map((record) => [record.key, record]));
  const byCase = groupBy(records, (record) => record.case);
  // name -> one entry per case with the grader: the spec, and its outcomes per condition in repeat order.
  const planned = new Map<string, { spec: CaseSpec; outcomes: GraderOutcome[][] }[]>();
  for (const spec of cases) {
    for (const name of graderNames(spec, byCase.get(spec.name) ?? [])) {
      const outcomes = conditions.map((condition) => Array.from({ length: repeat }, (_, index) => outcomeOf(byKey.get(trialKey(spec.name, condition, index + 1)), name)));
      const entries = planned.get(name);
      if (entries) entries.push({ spec, outcomes });
      else planned.set(name, [{ spec, outcomes }]);
    }
  }
  if (planned.size === 0) return undefined;

  const summarize = (prefix: string, entries: { spec: CaseSpec; outcomes: GraderOutcome[][] }[], withCases: boolean): GraderSummary => {
    const { score, ...scale } = scaleOf(entries.flatMap((entry) => entry.outcomes.flat()));
    const perCase = entries.map((entry) => ({ spec: entry.spec, figures: entry.outcomes.map((outcomes) => caseFigures(outcomes, score)) }));
    const named = conditions.map((_, index) => perCase.map(({ spec, figures }) => ({ name: spec.name, cluster: resamplingUnit(spec.name, spec), figures: figures[index]! })));
    return {
      ...scale,
      conditions: Object.fromEntries(conditions.map((condition, index) => [condition, groupFigures(entries.map((entry) => entry.outcomes[index]!), score)])),
      intervals: intervalsOf(prefix, named, conditions),
      ...(withCases ? { cases: Object.fromEntries(perCase.map(({ spec, figures }) => [spec.name, Object.fromEntries(conditions.map((condition, index) => [condition, figures[index]!]))])) } : {}),
    };
  };

  const names = [...planned.keys()].sort();
  const abilities = [...new Set(cases.map((spec) => spec.ability))].sort();
  // fromEntries defines own keys: grader and ability names are any text, "__proto__" included.
  return {
    overall: Object.fromEntries(names.map((name) => [name, summarize(`e2e.grader.${name}`, planned.get(name)!, true)])),
    abilities: Object.fromEntries(
      abilities
        .map((ability): [string, Record<string, GraderSummary>] => [
          ability,
          Object.fromEntries(
            names
              .map((name) => [name, planned.get(name)!.filter((entry) => entry.spec.ability === ability)] as const)
              .filter(([, entries]) => entries.length > 0)
              .map(([name, entries]) => [name, summarize(`e2e.ability.${ability}.grader.${name}`, entries, false)]),
          ),
        ])
        .filter(([, graders]) => Object.keys(graders).length > 0),
    ),
  };
}
