/**
 * Agreement between two raters over the same items, on categories 0..k-1.
 *
 * `matrix[i][j]` counts the items rater A put in category i and rater B in j.
 * - agreement: the share of items on the diagonal (both said the same);
 * - Cohen's kappa: (p_o - p_e) / (1 - p_e), agreement corrected for what the
 *   two raters' own label frequencies would give by chance (p_e = sum over i
 *   of row_i * col_i / n^2);
 * - weighted kappa: 1 - sum(w_ij * o_ij) / sum(w_ij * e_ij) with disagreement
 *   weights w_ij = (i - j)^2 / (k - 1)^2 (quadratic), so a 4 against a 5
 *   costs far less than a 1 against a 5. With weights 1 off the diagonal it
 *   is Cohen's kappa again.
 * Kappa is null when chance disagreement is zero (both raters used a single
 * and the same category): it is undefined there, not 1.
 */
export type KappaWeights = 'none' | 'quadratic';

export interface Agreement {
  n: number;
  agreement: number;
  kappa: number | null;
  weights: KappaWeights;
}

export function agreementOf(matrix: readonly (readonly number[])[], weights: KappaWeights): Agreement {
  const k = matrix.length;
  if (k < 2 || matrix.some((row) => row.length !== k)) throw new Error(`agreement needs a square matrix of 2 or more categories, got ${k} rows`);
  const n = matrix.flat().reduce((sum, count) => sum + count, 0);
  if (n === 0) return { n, agreement: 0, kappa: null, weights };
  const rows = matrix.map((row) => row.reduce((sum, count) => sum + count, 0));
  const cols = matrix[0]!.map((_, j) => matrix.reduce((sum, row) => sum + row[j]!, 0));
  const weight = (i: number, j: number) => (weights === 'quadratic' ? ((i - j) / (k - 1)) ** 2 : i === j ? 0 : 1);
  let observed = 0;
  let expected = 0;
  let diagonal = 0;
  for (let i = 0; i < k; i++) {
    diagonal += matrix[i]![i]!;
    for (let j = 0; j < k; j++) {
      observed += weight(i, j) * matrix[i]![j]!;
      expected += (weight(i, j) * rows[i]! * cols[j]!) / n;
    }
  }
  return { n, agreement: diagonal / n, kappa: expected === 0 ? null : 1 - observed / expected, weights };
}
