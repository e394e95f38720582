/**
 * Paired comparison of two runs, unit by unit: which cases went from pass to
 * fail and back (exact McNemar test), which queries found their first relevant
 * memory lower or higher (Wilcoxon signed-rank test on the reciprocal rank).
 * Every p-value travels with the counts it came from. Pure.
 */
import type { CaseRates, E2eResult } from '../model/e2eResult.js';
import type { Condition } from '../model/e2e.js';
import type { ResultsDocument } from '../model/results.js';
import type { ProviderResult, QueryOutcome } from '../model/results.js';
import { scoredQueries } from '../retrieval/metrics.js';

/** Non-zero differences up to this many get the exact Wilcoxon distribution; above, the normal approximation. */
const WILCOXON_EXACT_MAX = 100;
const ZERO = 1e-12;

/** Exact two-sided binomial test of b against c with p = 1/2: McNemar's test on discordant pairs, and the sign test. */
export function binomialTwoSided(b: number, c: number): number {
  const n = b + c;
  if (n === 0) return 1;
  const k = Math.min(b, c);
  // log C(n, i) - n log 2, summed from i = 0: no overflow or underflow for any n a suite has.
  let logTerm = -n * Math.LN2;
  let tail = Math.exp(logTerm);
  for (let i = 1; i <= k; i++) {
    logTerm += Math.log(n - i + 1) - Math.log(i);
    tail += Math.exp(logTerm);
  }
  return Math.min(1, 2 * tail);
}

export interface McNemarResult {
  test: 'exact McNemar';
  /** Pass -> fail. */
  b: number;
  /** Fail -> pass. */
  c: number;
  /** Discordant pairs, b + c. */
  n: number;
  p: number;
}

export function mcnemarExact(b: number, c: number): McNemarResult {
  return { test: 'exact McNemar', b, c, n: b + c, p: binomialTwoSided(b, c) };
}

export interface WilcoxonResult {
  test: 'Wilcoxon signed-rank';
  /** Non-zero differences ranked (zeros are dropped). */
  n: number;
  zeros: number;
  /** Sums of the ranks of the positive and of the negative differences (ties get average ranks). */
  w_plus: number;
  w_minus: number;
  p: number;
  /** The exact null distribution (n <= WILCOXON_EXACT_MAX), else the normal approximation with tie correction. */
  exact: boolean;
}

/** Average ranks (1-based) of |differences|, ties sharing the mean of their ranks. */
function signedRanks(differences: readonly number[]): number[] {
  const order = differences.map((value, index) => ({ size: Math.abs(value), index })).sort((a, b) => a.size - b.size);
  const ranks: number[] = new Array(differences.length);
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && Math.abs(order[end + 1]!.size - order[start]!.size) <= ZERO) end++;
    const rank = (start + end + 2) / 2;
    for (let i = start; i <= end; i++) ranks[order[i]!.index] = rank;
    start = end + 1;
  }
  return ranks;
}

/**
 * Two-sided Wilcoxon signed-rank test of paired differences (current -
 * baseline) against a median of 0. Zeros are dropped (Wilcoxon's rule). Exact:
 * the distribution of W+ over all 2^n sign assignments of the (average) ranks,
 * p = 2 min(P(W+ <= w), P(W+ >= w)), at most 1.
 */
export function wilcoxonSignedRank(differences: readonly number[]): WilcoxonResult {
  const nonZero = differences.filter((value) => Math.abs(value) > ZERO);
  const zeros = differences.length - nonZero.length;
  const ranks = signedRanks(nonZero);
  const n = nonZero.length;
  let wPlus = 0;
  nonZero.forEach((value, i) => {
    if (value > 0) wPlus += ranks[i]!;
  });
  const total = (n * (n + 1)) / 2;
  const base = { test: 'Wilcoxon signed-rank' as const, n, zeros, w_plus: wPlus, w_minus: total - wPlus };
  if (n === 0) return { ...base, p: 1, exact: true };
  if (n <= WILCOXON_EXACT_MAX) {
    // Doubled ranks are whole numbers even with ties (average ranks end in .5).
    const doubled = ranks.map((rank) => Math.round(rank * 2));
    const max = doubled.reduce((a, b) => a + b, 0);
    let dist = new Float64Array(max + 1);
    dist[0] = 1;
    let reach = 0;
    for (const rank of doubled) {
      const next = new Float64Array(max + 1);
      for (let s = 0; s <= reach; s++) {
        const half = dist[s]! / 2;
        if (half === 0) continue;
        next[s] = next[s]! + half;
        next[s + rank] = next[s + rank]! + half;
      }
      reach += rank;
      dist = next;
    }
    const observed = Math.round(wPlus * 2);
    let lower = 0;
    let upper = 0;
    for (let s = 0; s <= max; s++) {
      if (s <= observed) lower += dist[s]!;
      if (s >= observed) upper += dist[s]!;
    }
    return { ...base, p: Math.min(1, 2 * Math.min(lower, upper)), exact: true };
  }
  const ties = new Map<number, number>();
  for (const rank of ranks) ties.set(rank, (ties.get(rank) ?? 0) + 1);
  const tieTerm = [...ties.values()].reduce((sum, t) => sum + (t * t * t - t), 0) / 48;
  const variance = (n * (n + 1) * (2 * n + 1)) / 24 - tieTerm;
  const z = variance === 0 ? 0 : Math.max(0, Math.abs(wPlus - total / 2) - 0.5) / Math.sqrt(variance);
  return { ...base, p: Math.min(1, 2 * (1 - normalCdf(z))), exact: false };
}

/** Standard normal CDF (Zelen and Severo 26.2.17, error below 7.5e-8). */
function normalCdf(z: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const density = Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI);
  const tail = density * t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return z >= 0 ? 1 - tail : tail;
}

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
      if (casePasses(before) && !casePasses(now)) group.pass_to_fail.push(name);
      if (!casePasses(before) && casePasses(now)) group.fail_to_pass.push(name);
    }
  }
  for (const group of [overall, ...Object.values(abilities)]) group.mcnemar = mcnemarExact(group.pass_to_fail.length, group.fail_to_pass.length);
  const removed = Object.keys(baseline.cases).filter((name) => !Object.hasOwn(current.cases, name) || !current.cases[name]!.conditions[condition]);
  return { condition, overall, abilities: Object.fromEntries(Object.entries(abilities).sort(([a], [b]) => (a < b ? -1 : 1))), added, removed };
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
  /** On the per-query reciprocal rank (1 / first relevant rank, 0 when none), current - baseline. */
  wilcoxon: WilcoxonResult;
  added: string[];
  removed: string[];
}

const reciprocal = (rank: number | null) => (rank === null ? 0 : 1 / rank);

/** Per-query changes of one provider between two runs, paired by query id. */
export function queryChanges(baseline: ProviderResult, current: ProviderResult): QueryChanges {
  // A query with no relevant memory has no rank to compare: it is in neither run's pairs.
  const [was, now] = [scoredQueries(baseline.queries), scoredQueries(current.queries)];
  const before = new Map(was.map((query) => [query.id, query]));
  const worse: RankChange[] = [];
  const better: RankChange[] = [];
  const differences: number[] = [];
  const added: string[] = [];
  for (const query of now) {
    const prior = before.get(query.id);
    if (!prior) {
      added.push(query.id);
      continue;
    }
    const change = { id: query.id, before: firstRelevantRank(prior), after: firstRelevantRank(query) };
    const difference = reciprocal(change.after) - reciprocal(change.before);
    differences.push(difference);
    if (difference < -ZERO) worse.push(change);
    else if (difference > ZERO) better.push(change);
  }
  const nowIds = new Set(now.map((query) => query.id));
  return {
    provider: current.name,
    shared: differences.length,
    worse,
    better,
    same: differences.length - worse.length - better.length,
    wilcoxon: wilcoxonSignedRank(differences),
    added,
    removed: was.filter((query) => !nowIds.has(query.id)).map((query) => query.id),
  };
}

export interface PairedChanges {
  cases?: CaseChanges;
  queries: QueryChanges[];
}

/** Both comparisons for two runs: e2e cases when both ran it, every provider that completed in both. */
export function pairedChanges(baseline: ResultsDocument, current: ResultsDocument): PairedChanges {
  const queries: QueryChanges[] = [];
  for (const [name, provider] of Object.entries(current.retrieval?.providers ?? {})) {
    const prior = baseline.retrieval?.providers[name];
    if (provider.status === 'ok' && prior?.status === 'ok') queries.push(queryChanges(prior, provider));
  }
  const cases = current.e2e && baseline.e2e ? caseChanges(baseline.e2e, current.e2e) : undefined;
  return { ...(cases ? { cases } : {}), queries };
}

/** "exact McNemar b=1 c=9 (n=10) p=0.021": the test, its counts and its p-value, never the p-value alone. */
export function mcnemarText(result: McNemarResult): string {
  return `${result.test}: b=${result.b} pass->fail, c=${result.c} fail->pass (n=${result.n}), p=${pValue(result.p)}`;
}

export function wilcoxonText(result: WilcoxonResult): string {
  return `${result.test} (${result.exact ? 'exact' : 'normal approximation'}) on reciprocal rank: n=${result.n} non-zero (${result.zeros} unchanged), W+=${result.w_plus}, W-=${result.w_minus}, p=${pValue(result.p)}`;
}

export function pValue(p: number): string {
  return p < 0.001 ? p.toExponential(1) : p.toFixed(3);
}
