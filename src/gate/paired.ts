/**
 * Paired comparison of two runs, unit by unit: which cases went from pass to
 * fail and back (exact McNemar test), which queries found their first relevant
 * memory lower or higher (Wilcoxon signed-rank test on the reciprocal rank).
 * When the run draws whole users or query groups (retrieval.interval_unit),
 * the test pairs those: each unit's statistic is the mean over its shared
 * queries of the change in reciprocal rank, so a user with many queries
 * counts once, as in the intervals. Every p-value travels with the counts it
 * came from. Pure.
 */
import type { CaseRates, E2eResult } from '../model/e2eResult.js';
import type { Condition } from '../model/e2e.js';
import type { ResultsDocument } from '../model/results.js';
import type { ProviderResult, QueryOutcome } from '../model/results.js';
import { scoredQueries } from '../retrieval/metrics.js';
import { unitKey } from '../retrieval/intervals.js';
import type { IntervalUnit } from '../model/figures.js';
import { intervalUnitOf } from './metrics.js';
import { resamplingUnit } from '../e2e/sharedHistory.js';
import { ZERO, mcnemarExact, wilcoxonSignedRank, type McNemarResult, type WilcoxonResult } from '../stats/paired.js';

/**
 * A case passes under a condition when more than half of its repeats passed
 * (errors count as not passed): one flaky repeat does not flip it, and with a
 * single repeat it is that trial.
 */
export function casePasses(rates: Pick<CaseRates, 'passed' | 'trials'>): boolean {
  return rates.passed * 2 > rates.trials;
}

export interface CaseFlips {
  /** Cases under the condition in both runs. */
  shared: number;
  pass_to_fail: string[];
  fail_to_pass: string[];
  mcnemar: McNemarResult;
}

export interface CaseChanges {
  condition: Condition;
  /** Every shared case, then per ability (the current run's). */
  overall: CaseFlips;
  abilities: Record<string, CaseFlips>;
  /** Cases in the current run only, in the baseline only. */
  added: string[];
  removed: string[];
}

/** Cases that flipped between two runs under the headline condition both share; undefined when they share none. */
export function caseChanges(baseline: E2eResult, current: E2eResult): CaseChanges | undefined {
  const condition = current.headline_condition;
  if (baseline.headline_condition !== condition) return undefined;
  const flips = (): CaseFlips => ({ shared: 0, pass_to_fail: [], fail_to_pass: [], mcnemar: mcnemarExact(0, 0) });
  const overall = flips();
  const abilities: Record<string, CaseFlips> = {};
  /** The shared cases of each group, for the test. */
  const members = new Map<CaseFlips, string[]>();
  const added: string[] = [];
  for (const [name, result] of Object.entries(current.cases)) {
    const now = result.conditions[condition];
    const before = Object.hasOwn(baseline.cases, name) ? baseline.cases[name]!.conditions[condition] : undefined;
    if (!now || !before) {
      if (now) added.push(name);
      continue;
    }
    const mine = (abilities[result.ability] ??= flips());
    for (const group of [overall, mine]) {
      group.shared += 1;
      members.set(group, [...(members.get(group) ?? []), name]);
      if (casePasses(before) && !casePasses(now)) group.pass_to_fail.push(name);
      if (!casePasses(before) && casePasses(now)) group.fail_to_pass.push(name);
    }
  }
  for (const group of [overall, ...Object.values(abilities)]) group.mcnemar = flipTest(group, members.get(group) ?? [], current.cases, baseline.cases, condition);
  const removed = Object.keys(baseline.cases).filter((name) => !Object.hasOwn(current.cases, name) || !current.cases[name]!.conditions[condition]);
  return { condition, overall, abilities: Object.fromEntries(Object.entries(abilities).sort(([a], [b]) => (a < b ? -1 : 1))), added, removed };
}

/**
 * The McNemar test of a group of shared cases. Cases that share a history or
 * a plant_from chain are one resampling unit, not independent, so when any
 * do, the test pairs the units instead: a unit passes when most of its cases
 * pass (cases counted over the unit's shared ones), and b and c count units.
 */
function flipTest(group: CaseFlips, names: readonly string[], current: E2eResult['cases'], baseline: E2eResult['cases'], condition: Condition): McNemarResult {
  const units = new Map<string, { before: number; now: number; cases: number }>();
  for (const name of names) {
    const unit = resamplingUnit(name, current[name]);
    const tally = units.get(unit) ?? { before: 0, now: 0, cases: 0 };
    tally.cases += 1;
    if (casePasses(baseline[name]!.conditions[condition]!)) tally.before += 1;
    if (casePasses(current[name]!.conditions[condition]!)) tally.now += 1;
    units.set(unit, tally);
  }
  if (units.size === names.length) return mcnemarExact(group.pass_to_fail.length, group.fail_to_pass.length);
  let b = 0;
  let c = 0;
  for (const { before, now, cases } of units.values()) {
    const passedBefore = before * 2 > cases;
    const passesNow = now * 2 > cases;
    if (passedBefore && !passesNow) b += 1;
    if (!passedBefore && passesNow) c += 1;
  }
  return { ...mcnemarExact(b, c), groups: { units: units.size, cases: names.length } };
}

/** The 1-based rank of the first relevant memory in the returned list; null when none came back. */
export function firstRelevantRank(query: Pick<QueryOutcome, 'ranks'>): number | null {
  const found = Object.values(query.ranks).filter((rank): rank is number => rank !== null);
  return found.length === 0 ? null : Math.min(...found);
}

export interface RankChange {
  id: string;
  /** First relevant rank in the baseline and now; null when no relevant memory came back. */
  before: number | null;
  after: number | null;
}

export interface QueryChanges {
  provider: string;
  shared: number;
  /** The first relevant memory came back lower (or not at all), higher (or at last). */
  worse: RankChange[];
  better: RankChange[];
  same: number;
  /**
   * On the reciprocal rank (1 / first relevant rank, 0 when none), current - baseline: per query, or per
   * user or query group (`unit`) the mean of that difference over the unit's shared queries.
   */
  wilcoxon: WilcoxonResult;
  /** What the test pairs, when not single queries: whole users or query groups, `units` of them shared. */
  unit?: 'user' | 'group';
  units?: number;
  added: string[];
  removed: string[];
}

const reciprocal = (rank: number | null) => (rank === null ? 0 : 1 / rank);

/** Units of two runs paired by id: each pair (baseline, current) in the current run's order, and the ids of either run alone. */
export interface Pairing<T> {
  pairs: [before: T, after: T][];
  /** In the current run only, in its order. */
  added: string[];
  /** In the baseline only, in its order. */
  removed: string[];
}

/** Pairs the units of two runs by id: what every comparison of two runs (queries, cases) stands on. */
export function pairById<T>(baseline: readonly T[], current: readonly T[], id: (unit: T) => string): Pairing<T> {
  const before = new Map(baseline.map((unit) => [id(unit), unit]));
  const pairs: [T, T][] = [];
  const added: string[] = [];
  for (const unit of current) {
    const prior = before.get(id(unit));
    if (prior === undefined) added.push(id(unit));
    else pairs.push([prior, unit]);
  }
  const now = new Set(current.map(id));
  return { pairs, added, removed: baseline.map(id).filter((key) => !now.has(key)) };
}

/** A provider's queries of two runs paired by id; a query with no relevant memory has no rank to compare: it is in neither run's pairs. */
export function pairQueries(baseline: ProviderResult, current: ProviderResult): Pairing<QueryOutcome> {
  return pairById(scoredQueries(baseline.queries), scoredQueries(current.queries), (query) => query.id);
}

/** Per-query changes of one provider between two runs, paired by query id; the test over `unit`s (see QueryChanges.wilcoxon). */
export function queryChanges(baseline: ProviderResult, current: ProviderResult, unit: IntervalUnit = 'query'): QueryChanges {
  const { pairs, added, removed } = pairQueries(baseline, current);
  const worse: RankChange[] = [];
  const better: RankChange[] = [];
  const differences: number[] = [];
  // Each unit's differences, for the test over whole users or groups.
  const byUnit = new Map<string, number[]>();
  for (const [prior, query] of pairs) {
    const change = { id: query.id, before: firstRelevantRank(prior), after: firstRelevantRank(query) };
    const difference = reciprocal(change.after) - reciprocal(change.before);
    differences.push(difference);
    const key = unitKey(query, unit);
    const members = byUnit.get(key);
    if (members) members.push(difference);
    else byUnit.set(key, [difference]);
    if (difference < -ZERO) worse.push(change);
    else if (difference > ZERO) better.push(change);
  }
  const perUnit = unit === 'query' ? undefined : [...byUnit.values()].map((members) => members.reduce((a, b) => a + b, 0) / members.length);
  return {
    provider: current.name,
    shared: differences.length,
    worse,
    better,
    same: differences.length - worse.length - better.length,
    wilcoxon: wilcoxonSignedRank(perUnit ?? differences),
    ...(perUnit && unit !== 'query' ? { unit, units: perUnit.length } : {}),
    added,
    removed,
  };
}

export interface PairedChanges {
  cases?: CaseChanges;
  queries: QueryChanges[];
}

/** Both comparisons for two runs: e2e cases when both ran it, every provider that completed in both (in the current run's interval unit). */
export function pairedChanges(baseline: ResultsDocument, current: ResultsDocument): PairedChanges {
  const queries: QueryChanges[] = [];
  const unit = intervalUnitOf(current);
  for (const [name, provider] of Object.entries(current.retrieval?.providers ?? {})) {
    const prior = baseline.retrieval?.providers[name];
    if (provider.status === 'ok' && prior?.status === 'ok') queries.push(queryChanges(prior, provider, unit));
  }
  const cases = current.e2e && baseline.e2e ? caseChanges(baseline.e2e, current.e2e) : undefined;
  return { ...(cases ? { cases } : {}), queries };
}
