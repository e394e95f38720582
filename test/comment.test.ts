import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aggregateE2e } from '../src/e2e/aggregate.js';
import type { TrialRecord } from '../src/e2e/trial.js';
import type { CaseSpec } from '../src/e2e/types.js';
import { COMMENT_LIMIT_BYTES, renderComment } from '../src/report/comment.js';
import type { ResultsDocument } from '../src/report/results.js';

const HOSTILE = 'Sure! @octocat <script>alert(1)</script> | col | [click](https://evil.example) **bold** `code` #123\nnew line';

function spec(name: string, ability: string): CaseSpec {
  return { name, ability, sessions: [], probe: { text: `probe for ${name}` }, check: { contains: 'x' }, evidence: [], obsolete: [], needs_memory: true, where: { file: 's.yaml', line: 1, col: 1 } };
}

function trial(caseName: string, ability: string, pass: boolean, answer: string, repeat = 1): TrialRecord {
  return {
    key: `${caseName}|recall|${repeat}`,
    case: caseName,
    ability,
    condition: 'recall',
    repeat,
    user: 'u',
    status: pass ? 'pass' : 'fail',
    reason: pass ? 'ok' : `expected "x" in '${answer.slice(0, 40)}'`,
    question: `probe for ${caseName}`,
    answer,
    check: 'contains "x"',
    invocations: [],
    tokens: { input: 1, output: 1, judge_input: 0, judge_output: 0 },
    cost_usd: 0,
    started_at: '2026-11-29T00:00:00Z',
    duration_ms: 1,
  };
}

function results(cases: CaseSpec[], trials: TrialRecord[], name = 'suite-x'): ResultsDocument {
  return {
    schema_version: 1,
    tool: { name: 'recall-gate', version: '0.1.0' },
    versions: {},
    suite: { name, file: 's.yaml', files: [], sha256: '' },
    started_at: '',
    status: 'complete',
    layers: { retrieval: 'absent', e2e: 'ran' },
    errors: [],
    e2e: { target: { kind: 'builtin', model: 'm' }, ...aggregateE2e(trials, cases, ['recall'], 1) },
  };
}

const trigger = { ran: true, reason: 'src/memory/store.ts changed', files: ['src/memory/store.ts'] };

test('untrusted text cannot break the markdown, ping people or inject HTML', () => {
  const cases = [spec('c1', 'extraction'), spec('evil|<b>@team', 'pref<script>')];
  const body = renderComment({ marker: '<!-- m -->', results: results(cases, [trial('c1', 'extraction', false, HOSTILE), trial('evil|<b>@team', 'pref<script>', true, 'x')]), baselineNote: 'none yet', e2eTrigger: trigger });
  assert.ok(!body.includes('<script>'), 'no raw HTML from answers or names');
  assert.ok(!body.includes('@octocat') && body.includes('@\u200boctocat'), 'mentions are broken up, not dropped');
  assert.ok(!body.includes('@team'));
  assert.ok(!body.includes('[click](https://evil.example)'), 'no links the answer did not have');
  assert.match(body, /&lt;script&gt;/);
  // Every table row keeps its column count: no pipe from an answer splits a cell.
  for (const line of body.split('\n').filter((l) => l.startsWith('| ') && l.includes('|recall|'))) {
    assert.equal(line.replace(/\\\|/g, '').split('|').length - 2, 4, line);
  }
  assert.match(body, /^<!-- m -->\n## ❌|^<!-- m -->\n## ✅/m);
});

test('a comment too long for GitHub drops detail in steps and says so', () => {
  const cases = Array.from({ length: 400 }, (_, i) => spec(`case-${i}`, `ability-${i % 40}`));
  // Four-byte characters: a 300-character cell is 1,200 bytes.
  const long = '🦜'.repeat(2000);
  const trials = cases.map((c) => ({ ...trial(c.name, c.ability, false, `${long} ${c.name}`), question: long, reason: long }));
  const body = renderComment({ marker: '<!-- m -->', results: results(cases, trials), baselineNote: 'none yet', e2eTrigger: trigger });
  assert.ok(Buffer.byteLength(body) <= COMMENT_LIMIT_BYTES, `${Buffer.byteLength(body)} bytes`);
  assert.match(body, /Left out to fit GitHub's comment limit: the chart and most detail rows/);
  assert.match(body, /ability-39/, 'the per-ability table is kept');
});

test('when even the leanest comment is too long it is cut, and says so', () => {
  const cases = Array.from({ length: 3000 }, (_, i) => spec(`case-${i}`, `an-ability-with-a-long-name-${i}`));
  const body = renderComment({ marker: '<!-- m -->', results: results(cases, cases.map((c) => trial(c.name, c.ability, true, 'x'))), baselineNote: 'none yet', e2eTrigger: trigger });
  assert.ok(Buffer.byteLength(body) <= COMMENT_LIMIT_BYTES);
  assert.match(body, /Cut to fit GitHub's comment limit/);
  assert.ok(body.startsWith('<!-- m -->'), 'the marker survives, so the comment is still found and updated');
});

test('a small comment keeps the chart and all detail', () => {
  const cases = [spec('a', 'extraction'), spec('b', 'temporal')];
  const body = renderComment({ marker: '<!-- m -->', results: results(cases, [trial('a', 'extraction', true, 'x'), trial('b', 'temporal', false, 'no')]), baselineNote: 'none yet', e2eTrigger: trigger });
  assert.match(body, /```mermaid\nxychart-beta/);
  assert.match(body, /1 failing trial\(s\)/);
  assert.doesNotMatch(body, /Left out/);
});

test('URLs lose their credentials before they are shown', async () => {
  const { redactUrl } = await import('../src/redact.js');
  assert.equal(redactUrl('https://user:s3cret@proxy.example/v1'), 'https://***@proxy.example/v1');
  assert.equal(redactUrl('https://proxy.example/v1?api-key=s3cret'), 'https://proxy.example/v1?***');
  assert.equal(redactUrl('http://127.0.0.1:8000'), 'http://127.0.0.1:8000');
});
