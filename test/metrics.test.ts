import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  meanMetrics,
  metricNames,
  ndcgAtK,
  precisionAtK,
  queryMetrics,
  ranksOfRelevant,
  recallAllAtK,
  recallAtK,
  reciprocalRank,
  hasRelevant,
  scoredQueries,
  relevantCount,
  successAtK,
  type Gains,
} from '../src/retrieval/metrics.js';

const EPS = 1e-9;

function close(actual: number, expected: number, message?: string): void {
  assert.ok(Math.abs(actual - expected) < EPS, `${message ?? 'value'}: expected ${expected}, got ${actual}`);
}

function gains(entries: Record<string, number>): Gains {
  return new Map(Object.entries(entries));
}

// Discount factors used below: 1/log2(r + 1) at rank r.
//   r=1: 1/log2(2) = 1
//   r=2: 1/log2(3) = 0.6309297535714575
//   r=3: 1/log2(4) = 0.5
//   r=4: 1/log2(5) = 0.43067655807339306
const D1 = 1;
const D2 = 1 / Math.log2(3);
const D3 = 0.5;
const D4 = 1 / Math.log2(5);

describe('several relevant documents (binary gains)', () => {
  // Returned: d1 d2 d3 d4 d5. Judged: d1=0 (judged non-relevant), d2=1, d4=1, d9=1 (never returned).
  // Relevant = {d2, d4, d9}: 3 documents; d3 and d5 are unjudged (gain 0).
  const ranked = ['d1', 'd2', 'd3', 'd4', 'd5'];
  const judged = gains({ d1: 0, d2: 1, d4: 1, d9: 1 });

  test('relevantCount counts gains >= 1 only', () => {
    assert.equal(relevantCount(judged), 3);
  });

  test('recall@k = relevant in top k / 3', () => {
    close(recallAtK(ranked, judged, 1), 0); //   top 1 = d1          -> 0/3
    close(recallAtK(ranked, judged, 2), 1 / 3); // d2               -> 1/3
    close(recallAtK(ranked, judged, 3), 1 / 3); // d2               -> 1/3
    close(recallAtK(ranked, judged, 5), 2 / 3); // d2, d4           -> 2/3
    close(recallAtK(ranked, judged, 10), 2 / 3); // d9 never returned -> still 2/3
  });

  test('precision@k = relevant in top k / k', () => {
    close(precisionAtK(ranked, judged, 1), 0); //     0/1
    close(precisionAtK(ranked, judged, 3), 1 / 3); // 1/3
    close(precisionAtK(ranked, judged, 5), 0.4); //   2/5
  });

  test('precision@k divides by k when k is larger than the returned list', () => {
    // 5 returned, k = 10: 2 relevant / 10 = 0.2 (not 2/5).
    close(precisionAtK(ranked, judged, 10), 0.2);
    // 2 returned, k = 5: 1 relevant / 5 = 0.2 (not 1/2).
    close(precisionAtK(['d2', 'd3'], judged, 5), 0.2);
  });

  test('success@k is 1 once a relevant document is within k', () => {
    assert.equal(successAtK(ranked, judged, 1), 0); // d1 only
    assert.equal(successAtK(ranked, judged, 2), 1); // d2 at rank 2
    assert.equal(successAtK(ranked, judged, 10), 1);
  });

  test('reciprocal rank = 1 / rank of first relevant', () => {
    close(reciprocalRank(ranked, judged), 1 / 2); // d2 at rank 2
  });

  test('nDCG@k with an ideal that includes the never-returned d9', () => {
    // Ideal gains: 1,1,1 (d2, d4, d9).
    // ndcg@1: DCG = 0 (d1 has gain 0); IDCG = 1 -> 0
    close(ndcgAtK(ranked, judged, 1), 0);
    // ndcg@3: DCG = 1*D2 = 0.630930; IDCG = D1 + D2 + D3 = 2.130930 -> 0.296082
    close(ndcgAtK(ranked, judged, 3), D2 / (D1 + D2 + D3));
    close(ndcgAtK(ranked, judged, 3), 0.2960819109658652);
    // ndcg@5: DCG = D2 + D4 = 0.630930 + 0.430677 = 1.061606; IDCG@5 = 2.130930 (only 3 ideal gains) -> 0.498189
    close(ndcgAtK(ranked, judged, 5), (D2 + D4) / (D1 + D2 + D3));
    close(ndcgAtK(ranked, judged, 5), 0.49818925746641285);
    // ndcg@10: nothing more returned, nothing more in the ideal -> same as @5
    close(ndcgAtK(ranked, judged, 10), 0.49818925746641285);
  });

  test('ranksOfRelevant gives 1-based ranks, null for never-returned, skips non-relevant', () => {
    assert.deepEqual(ranksOfRelevant(ranked, judged), { d2: 2, d4: 4, d9: null });
  });
});

describe('graded gains for nDCG', () => {
  // Judged: a=3, b=2, c=1, z=2 (never returned), n=0. Returned: c n a b.
  const judged = gains({ a: 3, b: 2, c: 1, z: 2, n: 0 });
  const ranked = ['c', 'n', 'a', 'b'];

  test('nDCG uses the gain itself and builds the ideal from every judged gain', () => {
    // DCG@4  = 1*D1 + 0*D2 + 3*D3 + 2*D4 = 1 + 0 + 1.5 + 0.861353 = 3.361353
    // ideal gains sorted: 3, 2, 2, 1 (z included although never returned)
    // IDCG@4 = 3*D1 + 2*D2 + 2*D3 + 1*D4 = 3 + 1.261860 + 1 + 0.430677 = 5.692537
    // nDCG@4 = 3.361353 / 5.692537 = 0.590484
    close(ndcgAtK(ranked, judged, 4), (1 + 3 * D3 + 2 * D4) / (3 + 2 * D2 + 2 * D3 + D4));
    close(ndcgAtK(ranked, judged, 4), 0.5904842898907589);
    // Without z, IDCG@4 would be 3 + 1.261860 + 0.5 = 4.761860 and nDCG 0.705891: it must not be that.
    assert.ok(Math.abs(ndcgAtK(ranked, judged, 4) - 3.361353 / 4.76186) > 0.01);
    // nDCG@2: DCG = 1*D1 + 0 = 1; IDCG@2 = 3 + 2*D2 = 4.261860 -> 0.234639
    close(ndcgAtK(ranked, judged, 2), 1 / (3 + 2 * D2));
    close(ndcgAtK(ranked, judged, 2), 0.23463936301137822);
  });

  test('the perfect ordering scores 1, ties in gain in either order', () => {
    // a(3) b(2) z(2) c(1) and a(3) z(2) b(2) c(1) are both ideal.
    close(ndcgAtK(['a', 'b', 'z', 'c'], judged, 4), 1);
    close(ndcgAtK(['a', 'z', 'b', 'c'], judged, 4), 1);
    // Returning only a and b: DCG@2 = 3 + 2*D2 = IDCG@2 -> 1 at k=2 ...
    close(ndcgAtK(['a', 'b'], judged, 2), 1);
    // ... but at k=4 the missing z and c cost: (3 + 2*D2) / (3 + 2*D2 + 2*D3 + D4) = 4.261860 / 5.692537 = 0.748671
    close(ndcgAtK(['a', 'b'], judged, 4), (3 + 2 * D2) / (3 + 2 * D2 + 2 * D3 + D4));
  });

  test('swapping two documents of equal gain leaves the metrics unchanged; unequal gains change nDCG', () => {
    const bz = queryMetrics(['c', 'b', 'z', 'a'], judged, [1, 2, 3, 4]);
    const zb = queryMetrics(['c', 'z', 'b', 'a'], judged, [1, 2, 3, 4]);
    assert.deepEqual(bz, zb);
    // swapping c(1) and a(3) changes nDCG@1 from 1/3 to 1
    close(ndcgAtK(['c', 'a'], judged, 1), 1 / 3);
    close(ndcgAtK(['a', 'c'], judged, 1), 1);
  });

  test('every gain >= 1 counts as relevant for the binary metrics', () => {
    // relevant: a, b, c, z = 4
    assert.equal(relevantCount(judged), 4);
    close(recallAtK(ranked, judged, 4), 3 / 4); // c, a, b
    close(precisionAtK(ranked, judged, 2), 1 / 2); // c
    close(reciprocalRank(ranked, judged), 1); // c at rank 1
    assert.deepEqual(ranksOfRelevant(ranked, judged), { a: 3, b: 4, c: 1, z: null });
  });
});

describe('a query with no relevant documents', () => {
  const cutoffs = [1, 3, 5, 10];

  test('all judgments 0: every metric is 0', () => {
    const judged = gains({ x: 0, y: 0 });
    const values = queryMetrics(['x', 'y', 'w'], judged, cutoffs);
    for (const name of metricNames(cutoffs)) assert.equal(values[name], 0, name);
    assert.deepEqual(ranksOfRelevant(['x', 'y'], judged), {});
    assert.equal(relevantCount(judged), 0);
  });

  test('no judgments at all: every metric is 0 (no division by zero)', () => {
    const values = queryMetrics(['x'], new Map(), cutoffs);
    for (const name of metricNames(cutoffs)) assert.equal(values[name], 0, name);
  });

  test('nothing returned with relevant documents judged: every metric is 0', () => {
    const judged = gains({ x: 1 });
    const values = queryMetrics([], judged, cutoffs);
    for (const name of metricNames(cutoffs)) assert.equal(values[name], 0, name);
    assert.deepEqual(ranksOfRelevant([], judged), { x: null });
  });
});

describe('reciprocal rank over the whole list', () => {
  test('a relevant document beyond every cutoff still counts', () => {
    // 20 documents, the only relevant one at rank 12: RR = 1/12 = 0.083333,
    // while recall@10, P@10, success@10 and ndcg@10 are all 0.
    const ranked = Array.from({ length: 20 }, (_, i) => `doc${i + 1}`);
    const judged = gains({ doc12: 1 });
    close(reciprocalRank(ranked, judged), 1 / 12);
    const values = queryMetrics(ranked, judged, [10]);
    close(values.mrr!, 1 / 12);
    assert.equal(values['recall@10'], 0);
    assert.equal(values['precision@10'], 0);
    assert.equal(values['success@10'], 0);
    assert.equal(values['ndcg@10'], 0);
  });

  test('no relevant document returned: RR = 0', () => {
    assert.equal(reciprocalRank(['a', 'b'], gains({ c: 1, a: 0 })), 0);
  });
});

describe('queryMetrics and metricNames', () => {
  test('metricNames lists families by cutoff, then mrr', () => {
    assert.deepEqual(metricNames([1, 5]), ['recall@1', 'recall@5', 'recall_all@1', 'recall_all@5', 'precision@1', 'precision@5', 'success@1', 'success@5', 'ndcg@1', 'ndcg@5', 'mrr']);
    // with groups, the same names again prefixed group_
    const names = metricNames([1], { groups: true });
    assert.deepEqual(names.slice(names.indexOf('mrr') + 1), ['group_recall@1', 'group_recall_all@1', 'group_precision@1', 'group_success@1', 'group_ndcg@1', 'group_mrr']);
  });

  test('queryMetrics has exactly the metricNames keys', () => {
    const values = queryMetrics(['a'], gains({ a: 1 }), [1, 5]);
    assert.deepEqual(Object.keys(values).sort(), metricNames([1, 5]).sort());
    // one relevant at rank 1: recall 1/1, P@1 1/1, P@5 1/5, success 1, ndcg 1, RR 1/1
    assert.deepEqual(values, {
      'recall@1': 1,
      'recall@5': 1,
      'recall_all@1': 1,
      'recall_all@5': 1,
      'precision@1': 1,
      'precision@5': 0.2,
      'success@1': 1,
      'success@5': 1,
      'ndcg@1': 1,
      'ndcg@5': 1,
      mrr: 1,
    });
  });
});

describe('meanMetrics', () => {
  const cutoffs = [1, 5];

  test('averages over every query, zeros included', () => {
    // q1: returned d2 d1, relevant {d2, d3}
    //   recall@1 = 1/2, recall@5 = 1/2, P@1 = 1, P@5 = 1/5, success = 1, 1,
    //   ndcg@1 = 1/1 = 1, ndcg@5 = 1 / (1 + D2) = 0.613147, RR = 1
    // q2: returned x, relevant {y} -> all 0
    // q3: no relevant documents -> all 0
    const q1 = queryMetrics(['d2', 'd1'], gains({ d2: 1, d3: 1 }), cutoffs);
    const q2 = queryMetrics(['x'], gains({ y: 1 }), cutoffs);
    const q3 = queryMetrics(['x'], gains({ x: 0 }), cutoffs);
    const means = meanMetrics([q1, q2, q3], metricNames(cutoffs));
    // means = q1 / 3
    close(means['recall@1']!, 0.5 / 3); // 0.166667
    close(means['recall@5']!, 0.5 / 3);
    close(means['precision@1']!, 1 / 3); // 0.333333
    close(means['precision@5']!, 0.2 / 3); // 0.066667
    close(means['success@1']!, 1 / 3);
    close(means['success@5']!, 1 / 3);
    close(means['ndcg@1']!, 1 / 3);
    close(means['ndcg@5']!, 1 / (1 + D2) / 3); // 0.613147 / 3 = 0.204382
    close(means.mrr!, 1 / 3);
    assert.deepEqual(Object.keys(means), metricNames(cutoffs));
  });

  test('a missing metric counts as 0 and an empty list gives zeros', () => {
    const means = meanMetrics([{ mrr: 1 }, { mrr: 0.5, 'recall@1': 1 }], metricNames([1]));
    close(means.mrr!, 0.75); // (1 + 0.5) / 2
    close(means['recall@1']!, 0.5); // (0 + 1) / 2
    assert.equal(means['ndcg@1'], 0);
    const empty = meanMetrics([], metricNames([1]));
    for (const name of metricNames([1])) assert.equal(empty[name], 0, name);
  });
});

describe('recall_all@k (LongMemEval\'s strict Recall@k)', () => {
  // Relevant {b, d}; returned a b c d e.
  //   k=1: none in the top 1         -> recall 0,   recall_all 0, success 0
  //   k=2: b in, d out               -> recall 1/2, recall_all 0, success 1
  //   k=4: b and d in                -> recall 1,   recall_all 1, success 1
  const ranked = ['a', 'b', 'c', 'd', 'e'];
  const judged = gains({ b: 1, d: 1 });

  test('1 only when every relevant document is in the top k, beside recall and success', () => {
    for (const [k, recall, all, success] of [
      [1, 0, 0, 0],
      [2, 0.5, 0, 1],
      [3, 0.5, 0, 1],
      [4, 1, 1, 1],
    ] as const) {
      close(recallAtK(ranked, judged, k), recall, `recall@${k}`);
      assert.equal(recallAllAtK(ranked, judged, k), all, `recall_all@${k}`);
      assert.equal(successAtK(ranked, judged, k), success, `success@${k}`);
    }
  });

  test('graded gains: every gain >= 1 must be in; a relevant document never returned keeps it 0', () => {
    assert.equal(recallAllAtK(['x', 'y'], gains({ x: 3, y: 1, n: 0 }), 2), 1, 'a judged 0 is not needed');
    assert.equal(recallAllAtK(['x', 'y'], gains({ x: 1, z: 1 }), 10), 0);
  });

  test('nothing relevant: 0 (LongMemEval\'s all() over nothing would be 1, but it skips such questions, as a run does)', () => {
    assert.equal(recallAllAtK(['x'], gains({}), 1), 0);
  });

  test('matches LongMemEval\'s evaluate_retrieval on a worked example', () => {
    // LongMemEval (src/retrieval/eval_utils.py): recalled = set(corpus_ids[i] for i in rankings[:k]);
    // recall_any = any(doc in recalled for doc in correct_docs); recall_all = all(...).
    // Corpus order (rankings already applied): s1_1 s1_2 s2_1 s3_1 s1_3 s4_1 s3_2, correct_docs = [s2_1, s3_2].
    //   k=3: recalled {s1_1, s1_2, s2_1}: recall_any 1.0, recall_all 0.0
    //   k=5: recalled adds s3_1, s1_3:    recall_any 1.0, recall_all 0.0
    //   k=7: recalled adds s4_1, s3_2:    recall_any 1.0, recall_all 1.0
    //   k=1: recalled {s1_1}:             recall_any 0.0, recall_all 0.0
    const turns = ['s1_1', 's1_2', 's2_1', 's3_1', 's1_3', 's4_1', 's3_2'];
    const correct = gains({ s2_1: 1, s3_2: 1 });
    for (const [k, any, all] of [
      [1, 0, 0],
      [3, 1, 0],
      [5, 1, 0],
      [7, 1, 1],
    ] as const) {
      assert.equal(successAtK(turns, correct, k), any, `recall_any@${k} = success@${k}`);
      assert.equal(recallAllAtK(turns, correct, k), all, `recall_all@${k}`);
    }
    // Their ndcg_any differs from trec_eval's ndcg_cut (ours): their dcg adds rank 1 and 2 undiscounted
    // (relevances[0] + sum(relevances[1:] / log2(2..n))), trec_eval divides rank r by log2(r + 1).
    //   k=3, relevances in rank order 0 0 1, ideal 1 1 0:
    //   LongMemEval: (1 / log2 3) / (1 + 1 / log2 2) = 0.630930 / 2        = 0.315465
    //   trec_eval:   (1 / log2 4) / (1 + 1 / log2 3) = 0.5 / 1.630930      = 0.306574
    close(ndcgAtK(turns, correct, 3), 0.5 / (1 + 1 / Math.log2(3)));
  });
});

describe('hasRelevant and scoredQueries', () => {
  test('a query counts when it names a relevant memory; relevant: [] does not', () => {
    assert.equal(hasRelevant({ relevant: { a: 1 } }), true);
    assert.equal(hasRelevant({ relevant: {} }), false);
    const queries: { id: string; relevant: Record<string, number> }[] = [{ id: 'q1', relevant: { a: 2 } }, { id: 'q2', relevant: {} }, { id: 'q3', relevant: { b: 1 } }];
    assert.deepEqual(scoredQueries(queries).map((query) => query.id), ['q1', 'q3']);
  });
});
