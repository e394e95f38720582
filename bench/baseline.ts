/**
 * The floor to compare the vector store with: brute-force dot products over a
 * contiguous row-major Float32Array, keeping each query's top k in a small
 * sorted array (insertion), with no objects, ids or tie-breaking.
 */

/** Inserts (score, row) into best-first arrays of length k when it beats the last. */
function insert(bestScores: Float64Array, bestRows: Int32Array, score: number, row: number): void {
  let position = bestScores.length - 1;
  if (!(score > bestScores[position]!)) return;
  while (position > 0 && bestScores[position - 1]! < score) {
    bestScores[position] = bestScores[position - 1]!;
    bestRows[position] = bestRows[position - 1]!;
    position--;
  }
  bestScores[position] = score;
  bestRows[position] = row;
}

/** One query against every row: one running sum per dot product, as the store computes it. */
function scanPlain(matrix: Float32Array, rowCount: number, dimensions: number, query: Float32Array, bestScores: Float64Array, bestRows: Int32Array): void {
  for (let row = 0, offset = 0; row < rowCount; row++, offset += dimensions) {
    let dot = 0;
    for (let i = 0; i < dimensions; i++) dot += matrix[offset + i]! * query[i]!;
    insert(bestScores, bestRows, dot, row);
  }
}

/**
 * The same with four independent partial sums: the additions no longer wait
 * on each other, so the CPU overlaps them. Not the baseline; a reference for
 * what the plain loop leaves on the table.
 */
function scanFourSums(matrix: Float32Array, rowCount: number, dimensions: number, query: Float32Array, bestScores: Float64Array, bestRows: Int32Array): void {
  for (let row = 0, offset = 0; row < rowCount; row++, offset += dimensions) {
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let i = 0;
    for (; i + 3 < dimensions; i += 4) {
      s0 += matrix[offset + i]! * query[i]!;
      s1 += matrix[offset + i + 1]! * query[i + 1]!;
      s2 += matrix[offset + i + 2]! * query[i + 2]!;
      s3 += matrix[offset + i + 3]! * query[i + 3]!;
    }
    for (; i < dimensions; i++) s0 += matrix[offset + i]! * query[i]!;
    insert(bestScores, bestRows, s0 + s1 + (s2 + s3), row);
  }
}

export type ScanKind = 'plain' | 'four-sums';

/**
 * Top k rows of `matrix` for every query row of `queries`, best first
 * (-1 where there are fewer than k rows), as a queryCount x k matrix.
 */
export function bruteForceTopK(
  matrix: Float32Array,
  rowCount: number,
  queries: Float32Array,
  queryCount: number,
  dimensions: number,
  k: number,
  kind: ScanKind = 'plain',
): Int32Array {
  const scan = kind === 'plain' ? scanPlain : scanFourSums;
  const result = new Int32Array(queryCount * k);
  const bestScores = new Float64Array(k);
  const bestRows = new Int32Array(k);
  for (let q = 0; q < queryCount; q++) {
    bestScores.fill(-Infinity);
    bestRows.fill(-1);
    scan(matrix, rowCount, dimensions, queries.subarray(q * dimensions, (q + 1) * dimensions), bestScores, bestRows);
    result.set(bestRows, q * k);
  }
  return result;
}

/** Copies vectors into one contiguous row-major matrix. */
export function packRows(vectors: readonly Float32Array[], dimensions: number): Float32Array {
  const matrix = new Float32Array(vectors.length * dimensions);
  vectors.forEach((vector, row) => matrix.set(vector, row * dimensions));
  return matrix;
}
