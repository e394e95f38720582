import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aggregateE2e } from '../src/e2e/aggregate.js';
import type { TrialRecord } from '../src/model/trial.js';
import type { CaseSpec } from '../src/model/e2e.js';
import type { Verdict } from '../src/model/gate.js';
import { COMMENT_LIMIT_BYTES, renderComment } from '../src/report/comment.js';
import type { ResultsDocument } from '../src/model/results.js';
import { markdownReport } from '../src/report/markdown.js';
import { terminalReport } from '../src/report/terminal.js';

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

/** Every line of a table is a whole row: it starts and ends with a pipe. */
function assertWholeRows(body: string): void {
  for (const line of body.split('\n').filter((l) => l.startsWith('|'))) assert.match(line, /^\|.*\|$/, line);
}

function gateOf(rows: number, failing: (index: number) => boolean): Verdict {
  return {
    status: 'fail',
    rows: Array.from({ length: rows }, (_, i) => ({ path: `all[${i}]`, metric: `e2e.ability.ability-${i}.pass_rate`, threshold: '>= 0.5', actual: failing(i) ? 0 : 1, status: failing(i) ? 'fail' : 'pass', blocking: false, note: `condition number ${i} of the gate` })),
    blockingFailures: [],
    hasBaseline: false,
  };
}

test('a comment too long for GitHub drops the least important detail first and says so', () => {
  const cases = Array.from({ length: 400 }, (_, i) => spec(`case-${i}`, `ability-${i % 40}`));
  // Four-byte characters: a 300-character cell is 1,200 bytes.
  const long = '🦜'.repeat(2000);
  const trials = cases.map((c) => ({ ...trial(c.name, c.ability, false, `${long} ${c.name}`), question: long, reason: long }));
  const files = Array.from({ length: 30 }, (_, i) => `src/memory/file-${i}.ts`);
  const body = renderComment({ marker: '<!-- m -->', results: results(cases, trials), baselineNote: 'none yet', e2eTrigger: { ...trigger, files } });
  assert.ok(Buffer.byteLength(body) <= COMMENT_LIMIT_BYTES, `${Buffer.byteLength(body)} bytes`);
  // Changed files and the chart go first, then ability rows down to 10, then failing trials down to 10.
  assert.match(body, /_Shortened to fit GitHub's size limit, leaving out 30 ability rows, the chart, \d+ failing trials?, the changed files\. Everything is in report\.html, results\.json, report\.md, trials\.jsonl in the results folder\._/);
  assert.equal(body.split('\n').filter((line) => line.startsWith('| ability-')).length, 10);
  assert.match(body, /… and 30 more abilities, none with a lower pass rate/);
  assert.match(body, /\| \*\*all\*\* \| 0\.000 \(0\/400\) \[0\.000, 0\.000\] n=400 \|/, 'the overall row stays, with its counts and its interval over the 400 cases');
  assert.match(body, /400 failing trials/);
  const shown = body.split('\n').filter((line) => line.startsWith('| case-')).length;
  assert.ok(shown >= 10 && shown < 50, `${shown} failing trials shown`);
  assert.match(body, new RegExp(`… and ${400 - shown} more failing trials`));
  assert.doesNotMatch(body, /\uFFFD/, 'no character cut in half');
  assertWholeRows(body);
});

test('400 abilities and a 300-row gate: the verdict, the Gate section and the failing trials survive, ability rows go first', () => {
  const cases = Array.from({ length: 400 }, (_, i) => spec(`case-${i}`, `an-ability-with-a-rather-long-name-${i}`));
  const trials = cases.map((c, i) => trial(c.name, c.ability, i % 50 !== 0, `answer of ${c.name} that missed`));
  const verdict = gateOf(300, (i) => i % 30 === 7);
  const body = renderComment({ marker: '<!-- m -->', results: results(cases, trials), verdict, baselineNote: 'none yet', e2eTrigger: trigger });
  const bytes = Buffer.byteLength(body);
  assert.ok(bytes <= COMMENT_LIMIT_BYTES && body.length < 65_536, `${bytes} bytes`);
  assert.match(body, /^<!-- m -->\n## ❌ recall-gate: suite-x failed \(10 of 300 conditions\)/);
  assert.match(body, /### Gate/);
  const gateRows = body.split('\n').filter((line) => /^\| (✅|❌) \| e2e\.ability/.test(line));
  assert.equal(gateRows.length, 300, 'the whole gate table');
  assert.match(body, /8 failing trials/);
  for (let i = 0; i < 400; i += 50) assert.match(body, new RegExp(`\\| case-${i}\\\\\\|recall\\\\\\|1 \\|`), `failing trial case-${i}`);
  const abilityRows = body.split('\n').filter((line) => line.startsWith('| an-ability'));
  assert.ok(abilityRows.length < 400, `${abilityRows.length} ability rows`);
  assert.match(body, new RegExp(`… and ${400 - abilityRows.length} more abilities, none with a lower pass rate`));
  // The abilities kept are the ones with failures (pass rate 0), not the first in the alphabet.
  for (let i = 0; i < 400; i += 50) assert.ok(abilityRows.some((row) => row.startsWith(`| an-ability-with-a-rather-long-name-${i} |`)), `ability ${i} kept`);
  assert.match(body, /leaving out \d+ ability rows?, the chart, the changed files\./);
  assertWholeRows(body);
});

test('a gate too long even alone keeps its failed conditions and counts the rest', () => {
  const cases = [spec('a', 'extraction')];
  const verdict = gateOf(3000, (i) => i === 2500 || i === 7);
  const body = renderComment({ marker: '<!-- m -->', results: results(cases, [trial('a', 'extraction', true, 'x')]), verdict, baselineNote: 'none yet', e2eTrigger: trigger });
  assert.ok(Buffer.byteLength(body) <= COMMENT_LIMIT_BYTES);
  assert.match(body, /\| ❌ \| e2e\.ability\.ability-7\.pass\\_rate/);
  assert.match(body, /\| ❌ \| e2e\.ability\.ability-2500\.pass\\_rate/);
  const shown = body.split('\n').filter((line) => /^\| (✅|❌) \| e2e\.ability/.test(line)).length;
  assert.match(body, new RegExp(`… and ${3000 - shown} more conditions, none of them failed`));
  assertWholeRows(body);
});

test('the summary gets its own budget: with room it keeps what the comment must leave out', () => {
  const cases = Array.from({ length: 400 }, (_, i) => spec(`case-${i}`, `an-ability-with-a-rather-long-name-${i}`));
  const input = { marker: '<!-- m -->', results: results(cases, cases.map((c) => trial(c.name, c.ability, false, 'no'))), verdict: gateOf(300, () => true), baselineNote: 'none yet', e2eTrigger: trigger };
  const summary = renderComment(input, 1_000_000);
  assert.equal(summary.split('\n').filter((line) => line.startsWith('| an-ability')).length, 400);
  assert.doesNotMatch(summary, /Shortened/);
  assert.ok(Buffer.byteLength(renderComment(input)) <= COMMENT_LIMIT_BYTES);
});

test('a limit below even the headline cuts whole lines and keeps the marker', () => {
  const cases = [spec('a', 'extraction')];
  const body = renderComment({ marker: '<!-- m -->', results: results(cases, [trial('a', 'extraction', false, '🦜'.repeat(50))]), baselineNote: 'none yet', e2eTrigger: trigger }, 120);
  assert.ok(Buffer.byteLength(body) <= 120);
  assert.ok(body.startsWith('<!-- m -->\n'));
  assert.ok(body.endsWith('\n'));
});

test('a small comment keeps the chart and all detail', () => {
  const cases = [spec('a', 'extraction'), spec('b', 'temporal')];
  const body = renderComment({ marker: '<!-- m -->', results: results(cases, [trial('a', 'extraction', true, 'x'), trial('b', 'temporal', false, 'no')]), baselineNote: 'none yet', e2eTrigger: trigger });
  assert.match(body, /```mermaid\nxychart-beta/);
  assert.match(body, /<summary>1 failing trial<\/summary>/);
  assert.doesNotMatch(body, /Shortened|… and/);
});

test('URLs lose their credentials before they are shown', async () => {
  const { redactUrl } = await import('../src/redact.js');
  assert.equal(redactUrl('https://user:s3cret@proxy.example/v1'), 'https://***@proxy.example/v1');
  assert.equal(redactUrl('https://proxy.example/v1?api-key=s3cret'), 'https://proxy.example/v1?***');
  assert.equal(redactUrl('http://127.0.0.1:8000'), 'http://127.0.0.1:8000');
});

test('the e2e section shows the judge\'s measured agreement when the suite calibrated it, and not otherwise', () => {
  const cases = [spec('c1', 'extraction')];
  const plain = results(cases, [trial('c1', 'extraction', true, 'x')]);
  const calibrated: ResultsDocument = { ...plain, e2e: { ...plain.e2e!, judge_calibration: { file: 'labels\n@team.jsonl', kind: 'pass/fail', n: 12, agreement: 11 / 12, kappa: 0.8, weights: 'none' } } };
  const body = renderComment({ marker: '<!-- m -->', results: calibrated, baselineNote: 'none', e2eTrigger: trigger });
  assert.match(body, /^Judged figures: judge agreement 0\.92 \\\(kappa 0\.80, n=12\\\) on labels @\u200bteam\.jsonl\.$/m);
  assert.doesNotMatch(renderComment({ marker: '<!-- m -->', results: plain, baselineNote: 'none', e2eTrigger: trigger }), /judge agreement/);
});

test('a provider with cross-user hits gets an isolation line in the comment and the terminal: the count and the first pair, escaped', () => {
  const queries = [{ id: 'q<b>1', text: 'dog', user: 'ana', tags: [], relevant: { a1: 1 }, ranks: { a1: 2 }, metrics: { 'recall@1': 0, mrr: 0.5 }, results: [{ id: 'b1', score: 1 }, { id: 'a1', score: 0.5 }], latency_ms: 1 }];
  const provider = (name: string, leaks: boolean) => ({
    name,
    kind: 'adapter',
    status: 'ok' as const,
    metrics: { 'recall@1': 0, mrr: 0.5 },
    timings_ms: { setup: 0, seed: 0, prepare: 0, search: 0 },
    queries,
    isolation: leaks
      ? { cross_user_hits: 2, unknown_ids: 0, cross_user: [{ query: 'q<b>1', user: 'ana', owner: '@bob', memory: 'b1', rank: 1 }, { query: 'q2', user: 'bob', owner: 'ana', memory: 'a9', rank: 1 }], unknown: [] }
      : { cross_user_hits: 0, unknown_ids: 0, cross_user: [], unknown: [] },
  });
  const run: ResultsDocument = {
    ...results([], []),
    layers: { retrieval: 'ran', e2e: 'absent' },
    e2e: undefined,
    retrieval: { k: [1], depth: 5, definitions: '', memory_count: 3, query_count: 1, queries_without_relevant: 0, providers: { leaky: provider('leaky', true), keyword: provider('keyword', false) } },
  };
  const body = renderComment({ marker: '<!-- m -->', results: run, baselineNote: 'none', e2eTrigger: trigger });
  const lines = body.split('\n').filter((line) => /cross-user hit/.test(line));
  assert.deepEqual(lines, ['- **leaky: 2 cross-user hits** (q&lt;b&gt;1 by ana got b1 of @\u200bbob, … 1 more).'], body);
  const terminal = terminalReport(run).split('\n').filter((line) => /cross-user/.test(line));
  assert.deepEqual(terminal, ['leaky: ISOLATION 2 cross-user hits, first: q<b>1 by ana got b1 of @bob']);
});

test('with recall and none (and oracle) run, the comment and report.md show lift and gap per ability with their intervals', () => {
  const cases = [spec('c1', 'extraction'), spec('c2', 'extraction')];
  const under = (condition: 'recall' | 'none' | 'oracle', caseName: string, pass: boolean): TrialRecord => ({ ...trial(caseName, 'extraction', pass, 'x'), key: `${caseName}|${condition}|1`, condition });
  const trials = [under('recall', 'c1', true), under('recall', 'c2', true), under('none', 'c1', false), under('none', 'c2', true), under('oracle', 'c1', true), under('oracle', 'c2', true)];
  const doc: ResultsDocument = { ...results(cases, []), e2e: { target: { kind: 'builtin', model: 'm' }, ...aggregateE2e(trials, cases, ['recall', 'none', 'oracle'], 1) } };
  const body = renderComment({ marker: '<!-- m -->', results: doc, baselineNote: 'none', e2eTrigger: trigger });
  // lift 1.0 - 0.5 over two cases; gap 1.0 - 1.0; each with its interval and n.
  assert.match(body, /\| ability \| pass rate \| pass\^1 \| none \| oracle \| lift \(recall − none\) \| gap \(oracle − recall\) \| errors \|/);
  assert.match(body, /\| extraction \| [^|]+ \| [^|]+ \| 0\.500 \(1\/2\) \| 1\.000 \(2\/2\) \| 0\.500 \[0\.000, 1\.000\] n=2 \| 0\.000 \[0\.000, 0\.000\] n=2 \| 0 \|/);
  const report = markdownReport(doc);
  assert.match(report, /\| extraction \| [^|]+ \| [^|]+ \| [^|]+ \| [^|]+ \| 0\.500 \[0\.000, 1\.000\] n=2 \| 0\.000 \[0\.000, 0\.000\] n=2 \| 0 \|/);
});

test('trials that errored are explained in the comment once per reason, after the run\'s problems: "15 trials ended in an error" alone says nothing of why', () => {
  const crash = "agent adapter `node adapter.mjs --stdio` exited with code 1; the last lines of its stderr: Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'recall-gate' (add recall-gate to that project's devDependencies)";
  const cases = ['a', 'b', 'c'].map((name) => spec(name, 'recall'));
  const errored = cases.map((one, index): TrialRecord => ({ ...trial(one.name, 'recall', false, ''), status: 'error', reason: index < 2 ? crash : `${crash} again after being restarted once` }));
  const run = { ...results(cases, errored), status: 'incomplete' as const, errors: ['e2e: 3 trials ended in an error (each in trials.jsonl)'] };
  const body = renderComment({ marker: '<!-- m -->', results: run, baselineNote: 'none', e2eTrigger: trigger });
  const problems = body.indexOf('**1 problem stopped part of the run**');
  const why = body.indexOf('**Why 3 trials have no result**, once per reason:');
  assert.ok(problems >= 0 && why > problems, body);
  // Escaped as every untrusted cell of the comment is (the reasons quote an adapter's stderr).
  assert.match(body, /^- 2 trials \(a\\\|recall\\\|1, b\\\|recall\\\|1\): agent adapter \\`node adapter\.mjs --stdio\\` exited with code 1; .*Cannot find package 'recall-gate' \\\(add recall-gate to that project's devDependencies\\\)$/m);
  assert.match(body, /^- c\\\|recall\\\|1: .* again after being restarted once$/m);
});

test('many error reasons: at most 10 are listed, fewer under a tight limit, and the rest are counted', () => {
  const cases = Array.from({ length: 30 }, (_, index) => spec(`case-${index}`, 'recall'));
  const errored = cases.map((one, index): TrialRecord => ({ ...trial(one.name, 'recall', false, ''), status: 'error', reason: `adapter error number ${index}: ${'x'.repeat(500)}` }));
  const run = { ...results(cases, errored), status: 'incomplete' as const, errors: ['e2e: 30 trials ended in an error (each in trials.jsonl)'] };
  const roomy = renderComment({ marker: '<!-- m -->', results: run, baselineNote: 'none', e2eTrigger: trigger });
  assert.equal((roomy.match(/^- case-\d+\\\|recall\\\|1: adapter error number/gm) ?? []).length, 10);
  assert.match(roomy, /^- \.\.\. and 20 other reasons in trials\.jsonl$/m);
  const tight = renderComment({ marker: '<!-- m -->', results: run, baselineNote: 'none', e2eTrigger: trigger }, 5_000);
  assert.ok(Buffer.byteLength(tight) <= 5_000);
  const listed = (tight.match(/^- case-\d+\\\|recall\\\|1: adapter error number/gm) ?? []).length;
  assert.ok(listed < 10, `${listed} reasons listed`);
  assert.match(tight, new RegExp(`^- \\.\\.\\. and ${30 - listed} other reasons in trials\\.jsonl$`, 'm'));
  assert.match(tight, /\*\*Why 30 trials have no result\*\*/);
});
