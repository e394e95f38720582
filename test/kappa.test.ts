import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { agreementOf } from '../src/stats/kappa.js';
import { belowMinimum, calibrationLine, compareLabels, summarizeCalibration, type Label, type Labels } from '../src/e2e/judgeCalibration.js';
import { formatCalibration } from '../src/report/calibration.js';

const close = (actual: number | null, expected: number, what: string) => {
  assert.ok(actual !== null && Math.abs(actual - expected) < 1e-12, `${what}: ${actual} != ${expected}`);
};

describe("Cohen's kappa, by hand", () => {
  test('a 2x2 table: p_o 0.7, p_e 0.5, kappa 0.4', () => {
    // rows (person) 25/25, columns (judge) 30/20: p_e = (25*30 + 25*20) / 50^2 = 0.5
    const result = agreementOf([[20, 5], [10, 15]], 'none');
    assert.equal(result.n, 50);
    close(result.agreement, 0.7, 'agreement');
    close(result.kappa, 0.4, 'kappa');
  });

  test('perfect agreement is 1, agreement at chance is 0, systematic disagreement is -1', () => {
    close(agreementOf([[5, 0], [0, 5]], 'none').kappa, 1, 'perfect');
    close(agreementOf([[25, 25], [25, 25]], 'none').kappa, 0, 'chance');
    close(agreementOf([[0, 5], [5, 0]], 'none').kappa, -1, 'opposite');
  });

  test('a 3x3 table: p_o 0.7, p_e 0.34, kappa 6/11', () => {
    close(agreementOf([[2, 1, 0], [0, 2, 1], [1, 0, 3]], 'none').kappa, 6 / 11, 'kappa');
  });

  test('one category used by both raters: kappa is undefined (null), not 1', () => {
    const result = agreementOf([[10, 0], [0, 0]], 'none');
    assert.equal(result.kappa, null);
    assert.equal(result.agreement, 1);
  });

  test('a non-square matrix is an error', () => {
    assert.throws(() => agreementOf([[1, 2]], 'none'), /square matrix/);
  });
});

describe('weighted kappa, quadratic weights, by hand', () => {
  test('3x3: observed weighted disagreement 1.5, expected 3.45, kappa 13/23', () => {
    // weights 0, 1/4, 1 for distances 0, 1, 2; rows and columns 3, 3, 4 over n = 10
    const result = agreementOf([[2, 1, 0], [0, 2, 1], [1, 0, 3]], 'quadratic');
    close(result.kappa, 13 / 23, 'weighted kappa');
    close(result.agreement, 0.7, 'exact agreement');
    assert.equal(result.weights, 'quadratic');
  });

  test('near misses cost less than far ones', () => {
    const near = agreementOf([[4, 1, 0], [0, 5, 0], [0, 1, 4]], 'quadratic').kappa!;
    const far = agreementOf([[4, 0, 1], [0, 5, 0], [1, 0, 4]], 'quadratic').kappa!;
    assert.ok(near > far, `${near} > ${far}`);
  });
});

describe('compareLabels', () => {
  const labels = (kind: Labels['kind'], values: Label[]): Labels => ({
    displayPath: 'labels.jsonl',
    kind,
    rows: values.map((label, i) => ({ question: 'q', answer: 'a', rubric: 'r', label, line: i + 1 })),
  });

  test('pass/fail: the matrix has the person in rows, the judge in columns, and disagreements keep their line', () => {
    const person: Label[] = ['pass', 'pass', 'fail', 'fail', 'pass'];
    const judge: Label[] = ['pass', 'fail', 'fail', 'pass', 'pass'];
    const result = compareLabels(labels('pass/fail', person), judge, ['ok', 'misses it', 'ok', 'fine', 'ok']);
    assert.deepEqual(result.matrix, [[2, 1], [1, 1]]);
    assert.deepEqual(result.disagreements.map((d) => [d.line, d.label, d.judge, d.reason]), [[2, 'pass', 'fail', 'misses it'], [4, 'fail', 'pass', 'fine']]);
    close(result.agreement, 0.6, 'agreement');
    // rows 3/2, columns 3/2: p_e = (9 + 4) / 25 = 0.52, kappa = (0.6 - 0.52) / 0.48 = 1/6
    close(result.kappa, 1 / 6, 'kappa');
    assert.equal(result.weights, 'none');
    assert.equal(calibrationLine(summarizeCalibration(result)), 'judge agreement 0.60 (kappa 0.17, n=5) on labels.jsonl');
    assert.match(belowMinimum(result, 0.9)!, /agreement 0.60 is below min_agreement 0.9 \(kappa 0.17, 3 of 5 rows agree\) on labels.jsonl/);
    assert.equal(belowMinimum(result, 0.6), undefined);
    const text = formatCalibration(result);
    assert.match(text, /Cohen's kappa 0.167/);
    assert.match(text, /labels.jsonl:2: label pass, judge fail: misses it/);
  });

  test('scores: a 5x5 matrix and weighted kappa', () => {
    const result = compareLabels(labels('score', [5, 4, 1, 2]), [5, 5, 1, 2], ['', '', '', '']);
    assert.equal(result.matrix.length, 5);
    assert.equal(result.matrix[3]![4], 1);
    assert.equal(result.weights, 'quadratic');
    assert.match(calibrationLine(summarizeCalibration(result)), /^judge agreement 0.75 \(weighted kappa 0.\d\d, n=4\)/);
  });
});
