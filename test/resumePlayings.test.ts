import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeResume, selectForResume } from '../src/e2e/resume.js';
import type { TrialFingerprint, TrialRecord } from '../src/model/trial.js';

/**
 * A replay of a shared history stopped early (a spend cap, an interrupt)
 * rewrites the probes it reached and leaves the others from the playing
 * before. --resume must not take that mix for a finished playing.
 */

const FINGERPRINT: TrialFingerprint = { check: 'c', case: 'k', target: 't' };

function probe(name: string, position: number, playedAt: string | undefined, repeat = 1): TrialRecord {
  const key = `${name}|recall|${repeat}`;
  return {
    key,
    fingerprint: FINGERPRINT,
    case: name,
    ability: 'single-hop',
    condition: 'recall',
    repeat,
    user: 'u',
    status: 'pass',
    reason: '',
    question: 'q',
    check: 'icontains',
    invocations: [],
    tokens: { input: 0, output: 0, judge_input: 0, judge_output: 0 },
    cost_usd: null,
    started_at: playedAt ?? '2026-01-01T00:00:00.000Z',
    duration_ms: 1,
    history: { name: 'H', position, planted_in: `p1|recall|${repeat}`, ...(playedAt ? { played_at: playedAt } : {}) },
  };
}

const planned = (records: TrialRecord[]) => new Map(records.map((record) => [record.key, { case: record.case, fingerprint: FINGERPRINT }]));

test('probes from two playings of one history are not kept: the playing runs again whole', () => {
  const first = '2026-01-01T00:00:00.000Z';
  const replay = '2026-01-01T00:05:00.000Z';
  const records = [probe('p1', 1, replay), probe('p2', 2, replay), probe('p3', 3, first), probe('p4', 4, first)];
  const selection = selectForResume(records, planned(records));
  assert.deepEqual(selection.kept, []);
  assert.deepEqual(selection.discarded, { mixed: 4 });
  assert.match(describeResume(selection, 0), /4 discarded: 4 of shared histories' playings cut short and partly replaced \(each is played again whole\)/);
});

test('a whole playing is kept, and another repetition of the same history is its own playing', () => {
  const whole = [1, 2, 3].map((position) => probe(`p${position}`, position, '2026-01-01T00:00:00.000Z'));
  const other = [1, 2, 3].map((position) => probe(`p${position}`, position, '2026-01-01T00:09:00.000Z', 2));
  const records = [...whole, ...other];
  const selection = selectForResume(records, planned(records));
  assert.equal(selection.kept.length, 6);
  assert.deepEqual(selection.discarded, {});
});

test('records written before played_at existed, beside new ones, count as another playing', () => {
  const records = [probe('p1', 1, '2026-01-01T00:05:00.000Z'), probe('p2', 2, undefined)];
  assert.deepEqual(selectForResume(records, planned(records)).discarded, { mixed: 2 });
});
