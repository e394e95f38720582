import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { groupGains, groupMetrics, groupRanking, type GroupOf } from '../src/retrieval/groupMetrics.js';
import type { Gains } from '../src/retrieval/metrics.js';

const EPS = 1e-9;

function close(actual: number | undefined, expected: number, message?: string): void {
  assert.ok(actual !== undefined && Math.abs(actual - expected) < EPS, `${message ?? 'value'}: expected ${expected}, got ${actual}`);
}

function gains(entries: Record<string, number>): Gains {
  return new Map(Object.entries(entries));
}

/** LongMemEval's turn ids: the session is everything before the last "_". */
const sessionOf: GroupOf = (id) => (id.includes('_') ? id.slice(0, id.lastIndexOf('_')) : undefined);

/**
 * LongMemEval's evaluate_retrieval_turn2session, step by step, for the cut-off
 * it ends up using: start at k, widen while fewer than k distinct sessions are
 * in the top effective_k and effective_k <= the list's length.
 */
function longMemEvalEffectiveK(turns: readonly string[], k: number): number {
  let effective = k;
  const distinct = (n: number) => new Set(turns.slice(0, n).map((id) => sessionOf(id))).size;
  while (effective <= turns.length && distinct(effective) < k) effective++;
  return effective;
}

describe('group-level scoring of a turn-level ranking', () => {
  // Ranked turns: s1_1 s1_2 s2_1 s3_1 s1_3 s4_1 s3_2; relevant turns s2_1 and s3_2 (sessions s2, s3).
  const turns = ['s1_1', 's1_2', 's2_1', 's3_1', 's1_3', 's4_1', 's3_2'];
  const relevant = gains({ s2_1: 1, s3_2: 1 });

  test('each group once, at the rank of its first memory; a group is relevant when one of its memories is', () => {
    assert.deepEqual(groupRanking(turns, sessionOf), ['group:s1', 'group:s2', 'group:s3', 'group:s4']);
    assert.deepEqual([...groupGains(relevant, sessionOf)], [['group:s2', 1], ['group:s3', 1]]);
  });

  test('the cut-off widens until k distinct groups are covered, as LongMemEval does', () => {
    // LongMemEval, k=2: top 2 turns = {s1}, widen to 3 = {s1, s2}: effective_k 3, recalled {s1, s2}
    //   -> recall_any 1, recall_all 0 (s3 is not in).
    // k=3: top 3 = {s1, s2}, widen to 4 = {s1, s2, s3}: effective_k 4 -> recall_any 1, recall_all 1.
    // k=1: top 1 = {s1}: effective_k 1 -> recall_any 0, recall_all 0.
    assert.deepEqual([1, 2, 3].map((k) => longMemEvalEffectiveK(turns, k)), [1, 3, 4]);
    const values = groupMetrics(turns, relevant, [1, 2, 3], sessionOf);
    assert.deepEqual(
      [1, 2, 3].map((k) => [values[`group_success@${k}`], values[`group_recall_all@${k}`]]),
      [
        [0, 0],
        [1, 0],
        [1, 1],
      ],
    );
    // At turn level the same list has recall_all@3 = 0 (s3_2 is at rank 7): the group view is kinder, as in LongMemEval's tables.
    // group_recall@2 = 1 of 2 relevant sessions in {s1, s2}; group_precision@2 = 1/2; group_mrr = 1 / rank of s2 = 1/2.
    close(values['group_recall@2'], 0.5);
    close(values['group_precision@2'], 0.5);
    close(values.group_mrr, 0.5);
    // group_ndcg@3 (trec_eval's on the group list s1 s2 s3, gains 0 1 1; ideal 1 1):
    //   (1/log2 3 + 1/log2 4) / (1 + 1/log2 3) = (0.630930 + 0.5) / 1.630930 = 0.693426
    close(values['group_ndcg@3'], (1 / Math.log2(3) + 0.5) / (1 + 1 / Math.log2(3)));
  });

  test('fewer than k groups in the list: every group returned is in the top k (LongMemEval\'s cut-off is already past the end)', () => {
    const oneSession = ['a_1', 'a_2', 'a_3'];
    assert.equal(longMemEvalEffectiveK(oneSession, 5), 5, 'k already past the end: the whole list');
    const values = groupMetrics(oneSession, gains({ a_2: 1 }), [5], sessionOf);
    assert.equal(values['group_recall_all@5'], 1);
    assert.equal(values['group_success@5'], 1);
    close(values['group_precision@5'], 1 / 5);
  });

  test('a memory without a group is a group of its own, never merged with a group of the same name', () => {
    // "s1" has no "_", so no group: it must not join group s1 of s1_1.
    const values = groupMetrics(['s1_1', 's1', 'x_1'], gains({ s1: 1 }), [1, 2], sessionOf);
    assert.deepEqual(groupRanking(['s1_1', 's1', 'x_1'], sessionOf), ['group:s1', 'memory:s1', 'group:x']);
    assert.equal(values['group_success@1'], 0, 'group s1 (rank 1) is not the relevant memory s1');
    assert.equal(values['group_success@2'], 1);
  });

  test('graded gains: a group takes the largest gain of its memories', () => {
    assert.deepEqual([...groupGains(gains({ s1_1: 1, s1_2: 3, s2_1: 2 }), sessionOf)], [['group:s1', 3], ['group:s2', 2]]);
  });
});
