/**
 * Paired tests over numbers: the exact McNemar (binomial) test of discordant
 * pairs and the Wilcoxon signed-rank test of paired differences. Pure; what
 * the pairs are (cases, queries) is gate/paired.ts's.
 */

/** Non-zero differences up to this many get the exact Wilcoxon distribution; above, the normal approximation. */
const WILCOXON_EXACT_MAX = 100;

/** A difference within this of 0 is none: ties and zeros of the signed-rank test, unchanged units of a comparison. */
export const ZERO = 1e-12;

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
  /**
   * Set when the units tested are groups of cases (those sharing a history or
   * a plant_from chain are not independent): b, c and n count groups, each
   * passing when most of its cases pass.
   */
  groups?: { units: number; cases: number };
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
