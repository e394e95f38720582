import assert from 'node:assert/strict';
import { test } from 'node:test';
import { trialFingerprint } from '../src/e2e/fingerprint.js';
import { capStoredText, capText, wasCut } from '../src/e2e/storedText.js';
import type { CaseSpec } from '../src/model/e2e.js';

test('capText keeps text that fits and cuts the rest with a marker of how much', () => {
  assert.equal(capText('short', 10), 'short');
  assert.equal(capText('0123456789', 10), '0123456789');
  assert.equal(capText('x'.repeat(2500), 1000), `${'x'.repeat(1000)}… [cut 1.5 kB of 2.5 kB]`);
  assert.equal(capText('x'.repeat(50_000_000)), `${'x'.repeat(65_536)}… [cut 49.9 MB of 50.0 MB]`);
  assert.equal(wasCut(capText('x'.repeat(2500), 1000)), true);
  assert.equal(wasCut('x'.repeat(999)), false);
});

test('capText never cuts inside a surrogate pair or a multi-byte character', () => {
  // 😀 is 2 UTF-16 units and 4 UTF-8 bytes; "é" is 2 bytes.
  for (let limit = 1; limit <= 12; limit++) {
    const capped = capText('😀😀😀é', limit);
    const kept = capped.split('…')[0]!;
    assert.ok(Buffer.byteLength(kept) <= limit, `limit ${limit}`);
    assert.ok(!/[\uD800-\uDBFF]$/.test(kept), `no lone high surrogate at limit ${limit}`);
    assert.ok('😀😀😀é'.startsWith(kept));
  }
  assert.equal(capText('😀😀😀é', 9).split('…')[0], '😀😀');
});

test('capStoredText caps every string of a record, at any depth, and leaves the rest', () => {
  const record = { key: 'a|recall|1', answer: 'y'.repeat(70_000), invocations: [{ reply: 'z'.repeat(70_000), latency_ms: 3 }], cost_usd: null };
  const capped = capStoredText(record);
  assert.equal(capped.key, 'a|recall|1');
  assert.match(capped.answer, /… \[cut 4\.5 kB of 70\.0 kB\]$/);
  assert.match(capped.invocations[0]!.reply, /… \[cut 4\.5 kB of 70\.0 kB\]$/);
  assert.equal(capped.invocations[0]!.latency_ms, 3);
  assert.equal(capped.cost_usd, null);
  assert.equal(record.answer.length, 70_000, 'the original is not changed');
});

const WHERE = { file: 'cases.yaml', line: 1, col: 1 };
const CASE: CaseSpec = {
  name: 'a',
  ability: 'extraction',
  sessions: [{ date: '2026-01-02', turns: ['I like tea.'] }],
  probe: { text: 'What do I like?' },
  check: { icontains: 'tea' },
  evidence: ['like tea'],
  obsolete: [],
  needs_memory: true,
  where: WHERE,
};
const TARGET = { kind: 'builtin', model: 'gpt-5-mini', systemPrompt: 'Be brief.', timeout_ms: 3000, max_retries: 2, memory: { provider: { name: 'kw', kind: 'keyword', where: WHERE }, max_results: 5 } };

test('a trial fingerprint changes with what determines the trial, not with labels or how to reach things', () => {
  const base = trialFingerprint(CASE, 'recall', { target: TARGET });
  const same = (spec: CaseSpec, target: object = TARGET) => assert.deepEqual(trialFingerprint(spec, 'recall', { target }), base);
  same({ ...CASE, ability: 'other', needs_memory: false, where: { ...WHERE, line: 9 } });
  same(CASE, { ...TARGET, timeout_ms: 9000, max_retries: 0, base_url: 'http://elsewhere/v1', api_key_env: 'OTHER_KEY' });
  same(CASE, { memory: TARGET.memory, max_retries: 2, timeout_ms: 3000, systemPrompt: 'Be brief.', model: 'gpt-5-mini', kind: 'builtin' });

  const changed = (spec: CaseSpec, condition: 'recall' | 'none', target: object, part: 'check' | 'case' | 'target') => {
    const other = trialFingerprint(spec, condition, { target });
    for (const key of ['check', 'case', 'target'] as const) assert.equal(other[key] !== base[key], key === part, `${part}: ${key}`);
  };
  changed({ ...CASE, check: { icontains: 'coffee' } }, 'recall', TARGET, 'check');
  changed({ ...CASE, sessions: [{ date: '2026-01-03', turns: ['I like tea.'] }] }, 'recall', TARGET, 'case');
  changed({ ...CASE, probe: { text: 'What do I like?', as: 'bob' } }, 'recall', TARGET, 'case');
  changed({ ...CASE, evidence: ['tea'] }, 'recall', TARGET, 'case');
  changed(CASE, 'none', TARGET, 'case');
  changed(CASE, 'recall', { ...TARGET, model: 'gpt-5' }, 'target');
  changed(CASE, 'recall', { ...TARGET, systemPrompt: 'Be thorough.' }, 'target');
  changed(CASE, 'recall', { ...TARGET, memory: { ...TARGET.memory, max_results: 3 } }, 'target');
  // The judge model matters only to a check with a judge.
  assert.deepEqual(trialFingerprint(CASE, 'recall', { target: TARGET, judgeModel: 'judge-2' }), base);
  const judged = { ...CASE, check: { all: [{ icontains: 'tea' }, { judge: { rubric: 'names tea' } }] } };
  assert.notEqual(trialFingerprint(judged, 'recall', { target: TARGET, judgeModel: 'judge-1' }).target, trialFingerprint(judged, 'recall', { target: TARGET, judgeModel: 'judge-2' }).target);
});
