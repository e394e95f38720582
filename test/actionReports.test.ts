import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import { aggregateE2e } from '../src/e2e/aggregate.js';
import { REPORT_ARTIFACT_BYTES } from '../src/e2e/failureActions.js';
import { wasCut } from '../src/e2e/storedText.js';
import type { Invocation, TrialRecord } from '../src/model/trial.js';
import { trialKey } from '../src/e2e/trialRecords.js';
import type { Artifact, CaseSpec, ToolCall } from '../src/model/e2e.js';
import { actionDetails, fenceFor } from '../src/report/actionLines.js';
import { COMMENT_LIMIT_BYTES, renderComment } from '../src/report/comment.js';
import { plainBlock } from '../src/report/escape.js';
import { markdownReport } from '../src/report/markdown.js';
import type { ResultsDocument } from '../src/model/results.js';
import { terminalE2eReport } from '../src/report/terminalE2e.js';
import { REPO_ROOT } from './support/cli.js';

const md = new MarkdownIt({ html: true, linkify: true });
md.linkify.set({ fuzzyLink: false });

const WHERE = { file: 'cases.yaml', line: 1, col: 1 };

function spec(name: string, ability: string): CaseSpec {
  return { name, ability, sessions: [], probe: { text: `probe of ${name}` }, check: { contains: 'x' }, evidence: [], obsolete: [], needs_memory: true, where: WHERE };
}

function invocation(kind: Invocation['kind'], actions: { tool_calls?: ToolCall[]; artifacts?: Artifact[] } = {}): Invocation {
  return { kind, user: 'u', message: 'm', reply: 'r', latency_ms: 1, ...actions };
}

function trial(caseName: string, status: TrialRecord['status'], invocations: Invocation[], repeat = 1): TrialRecord {
  return {
    key: trialKey(caseName, 'recall', repeat),
    case: caseName,
    ability: 'ignored',
    condition: 'recall',
    repeat,
    user: 'u',
    status,
    reason: status === 'fail' ? `${caseName}: expected "x"` : '',
    question: `probe of ${caseName}`,
    answer: 'an answer',
    check: 'contains "x"',
    invocations,
    tokens: { input: 0, output: 0, judge_input: 0, judge_output: 0 },
    cost_usd: 0,
    started_at: '2026-01-01T00:00:00Z',
    duration_ms: 1,
  };
}

/** Content no fence of three or four backticks may close, and markup that must stay text. */
const HOSTILE_CONTENT = ['# report', '```', 'inside ```` four', '</details>', '<script>alert(1)</script>', '| a | b |', '\u001b[31mred\u001b[0m @everyone', '\u202Eexe.txt', 'last'].join('\n');
/** 100 KB of rows: cut to REPORT_ARTIFACT_BYTES in results.json. */
const BIG = 'id,amount\n'.repeat(10_000);

/** Failing trials that acted (one hostile, one with more than the bounds), one that did not, and a pass. */
function fixture(): { cases: CaseSpec[]; trials: TrialRecord[] } {
  const cases = [spec('staging-db', 'knowledge-update'), spec('export-format', 'procedural'), spec('hostile', 'procedural'), spec('busy', 'procedural'), spec('quiet', 'procedural'), spec('passing', 'procedural')];
  const calls = (count: number): ToolCall[] => Array.from({ length: count }, (_, i) => ({ name: `step_${i + 1}`, arguments: { n: i + 1 } }));
  const artifacts = (count: number): Artifact[] => Array.from({ length: count }, (_, i) => ({ path: `out/${i + 1}.txt`, content: `file ${i + 1}\n` }));
  const trials = [
    trial('staging-db', 'fail', [
      // A session's calls are not what the probe did: reports show the probe's only.
      invocation('session', { tool_calls: [{ name: 'remember', arguments: { host: 'db-staging-2' } }] }),
      invocation('probe', {
        tool_calls: [
          { name: 'lookup_user', arguments: { id: 3 }, result: { ok: true } },
          { name: 'connect_db', arguments: { host: 'db-staging-1' }, result: { ok: true, host: 'db-staging-1' } },
          { name: 'delete_user', arguments: { id: 3 }, error: 'unknown tool "delete_user"' },
          { name: 'export_rows', arguments: {}, raw: '{"format": csv', error: 'arguments are not JSON' },
        ],
      }),
    ]),
    trial('export-format', 'fail', [invocation('probe', { artifacts: [{ path: 'exports/users.csv', content: 'id,amount\r\n1,€12.50\r\n2,$3\r\n3,4.00\r\n' }, { path: 'exports/big.csv', content: BIG }] })]),
    trial('hostile', 'fail', [
      invocation('probe', {
        tool_calls: [{ name: '<script>alert(1)</script>', arguments: { q: 'a | b\n```\n</details> @everyone', '`k`': ['**x**'] }, error: 'no <b>such</b> tool |' }],
        artifacts: [{ path: 'x|`y`<script>.md\n# h', content: HOSTILE_CONTENT }],
      }),
    ]),
    trial('busy', 'fail', [invocation('probe', { tool_calls: calls(25), artifacts: artifacts(7) })]),
    trial('quiet', 'fail', [invocation('probe', { tool_calls: [], artifacts: [] })]),
    trial('passing', 'pass', [invocation('probe', { tool_calls: calls(1) })]),
  ];
  return { cases, trials };
}

function results(trials: TrialRecord[], cases: CaseSpec[], fields: Partial<ResultsDocument> = {}): ResultsDocument {
  return {
    schema_version: 1,
    tool: { name: 'recall-gate', version: 'test' },
    versions: {},
    suite: { name: 'actions', file: 's.yaml', files: [], sha256: '' },
    started_at: '',
    status: 'complete',
    layers: { retrieval: 'absent', e2e: 'ran' },
    errors: [],
    e2e: { ...aggregateE2e(trials, cases, ['recall'], 1), target: { kind: 'command' } },
    ...fields,
  };
}

function comment(doc: ResultsDocument, limit?: number): string {
  return renderComment({ marker: '<!-- recall-gate:suite=actions -->', results: doc, baselineNote: 'none', e2eTrigger: { ran: true, reason: 'test', files: [] } }, limit);
}

function golden(name: string, body: string): void {
  const file = join(REPO_ROOT, 'test', 'fixtures', 'golden', name);
  if (process.env.RECALL_GATE_UPDATE_GOLDEN === '1') writeFileSync(file, body);
  assert.equal(body, readFileSync(file, 'utf8'), name);
}

test('failure entries carry the probe\'s calls and artifacts, bounded and cut; absent when the probe reported none', () => {
  const { cases, trials } = fixture();
  const e2e = aggregateE2e(trials, cases, ['recall'], 1);
  const byCase = Object.fromEntries(e2e.failures.map((failure) => [failure.case, failure]));
  assert.deepEqual(Object.keys(byCase), ['staging-db', 'export-format', 'hostile', 'busy', 'quiet']);
  // The probe's calls only, without what the tools answered (trials.jsonl keeps that).
  assert.deepEqual(byCase['staging-db']!.tool_calls, [
    { name: 'lookup_user', arguments: { id: 3 } },
    { name: 'connect_db', arguments: { host: 'db-staging-1' } },
    { name: 'delete_user', arguments: { id: 3 }, error: 'unknown tool "delete_user"' },
    { name: 'export_rows', arguments: {}, raw: '{"format": csv', error: 'arguments are not JSON' },
  ]);
  assert.equal('artifacts' in byCase['staging-db']!, false);
  const [small, big] = byCase['export-format']!.artifacts!;
  assert.deepEqual(small, { path: 'exports/users.csv', content: 'id,amount\r\n1,€12.50\r\n2,$3\r\n3,4.00\r\n' }, 'a small artifact as it was');
  assert.equal(big!.truncated, true);
  assert.equal(big!.bytes, 100_000);
  assert.ok(wasCut(big!.content), 'ends with capText\'s marker');
  assert.ok(big!.content.startsWith('id,amount\n'.repeat(200)));
  assert.equal(Buffer.byteLength(big!.content.replace(/… \[cut.*$/, '')), REPORT_ARTIFACT_BYTES);
  assert.equal(byCase.busy!.tool_calls!.length, 20);
  assert.equal(byCase.busy!.tool_calls_left_out, 5);
  assert.equal(byCase.busy!.artifacts!.length, 5);
  assert.equal(byCase.busy!.artifacts_left_out, 2);
  for (const field of ['tool_calls', 'tool_calls_left_out', 'artifacts', 'artifacts_left_out']) assert.equal(field in byCase.quiet!, false, `quiet: no ${field}`);
});

test('an artifact already cut at receipt keeps the size the agent produced; long tool-call texts are cut too', () => {
  const cut: Artifact = { path: 'huge.log', content: `${'x'.repeat(5000)}… [cut 1.0 MB of 2.0 MB]`, truncated: true, bytes: 2_000_000 };
  const long: ToolCall = { name: 'write', arguments: { text: 'y'.repeat(10_000) } };
  const e2e = aggregateE2e([trial('a', 'fail', [invocation('probe', { tool_calls: [long], artifacts: [cut] })])], [spec('a', 'x')], ['recall'], 1);
  const failure = e2e.failures[0]!;
  assert.equal(failure.artifacts![0]!.bytes, 2_000_000);
  const text = (failure.tool_calls![0]!.arguments as { text: string }).text;
  assert.ok(wasCut(text) && text.length < 600, `cut to 500 bytes with the marker: ${text.length}`);
});

test('terminal, report.md and comment are pinned (test/fixtures/golden/actions-*; RECALL_GATE_UPDATE_GOLDEN=1 rewrites them)', () => {
  const { cases, trials } = fixture();
  const doc = results(trials, cases);
  const terminal = terminalE2eReport(doc.e2e!, trials);
  golden('actions-terminal.txt', terminal);
  golden('actions-report.md', markdownReport(doc));
  golden('actions-comment.md', comment(doc));
});

test('terminal: one line per call with refusals named, artifacts as path, size and first lines, controls visible, the rest counted', () => {
  const { cases, trials } = fixture();
  const doc = results(trials, cases);
  const text = terminalE2eReport(doc.e2e!, trials);
  assert.ok(!text.includes('\u001b') && !text.includes('\r') && !text.includes('\u202e'), 'no escape sequence, carriage return or bidi override');
  const lines = text.split('\n');
  const at = lines.indexOf('  staging-db #1: staging-db: expected "x"');
  assert.deepEqual(lines.slice(at + 1, at + 5), [
    '    tool call: lookup_user {"id":3}',
    '    tool call: connect_db {"host":"db-staging-1"}',
    '    tool call: delete_user {"id":3} (refused: unknown tool "delete_user")',
    '    tool call: export_rows {"format": csv (refused: arguments are not JSON)',
  ]);
  assert.ok(lines.includes('    artifact: exports/users.csv (37 bytes): id,amount ⏎ 1,€12.50 ⏎ 2,$3 ⏎ …'));
  assert.ok(lines.includes(`    artifact: exports/big.csv (100000 bytes): ${['id,amount', 'id,amount', 'id,amount'].join(' ⏎ ')} ⏎ …`));
  // busy: 10 of the 20 kept shown, the 10 others and the 5 results.json left out counted; 5 artifacts, 2 left out.
  assert.ok(lines.includes('    tool call: step_10 {"n":10}') && !lines.includes('    tool call: step_11 {"n":11}'));
  assert.ok(lines.includes('    … and 15 more tool calls in trials.jsonl'));
  assert.ok(lines.includes('    … and 2 more artifacts in trials.jsonl'));
  assert.ok(lines.some((line) => line.startsWith('    artifact: x|`y`<script>.md # h (') && line.includes('# report ⏎ ``` ⏎ inside ```` four ⏎ …')));
  assert.ok(lines.includes('    tool call: <script>alert(1)</script> {"q":"a | b\\n```\\n</details> @everyone","`k`":["**x**"]} (refused: no <b>such</b> tool |)'));
});

/** Every fence token markdown-it found, with the HTML it renders. */
function parsed(body: string): { tokens: Token[]; html: string; fences: Token[] } {
  const tokens = md.parse(body, {});
  return { tokens, html: md.render(body), fences: tokens.filter((token) => token.type === 'fence') };
}

/** HTML that is ours: details, summary, br, sub, the marker. */
const OURS = /^(<!-- recall-gate:suite=actions -->|<\/?details>|<summary>|<\/summary>|<br>|<\/?sub>)$/;

function assertOnlyOurHtml(tokens: Token[]): void {
  for (const token of tokens.flatMap((one) => [one, ...(one.children ?? [])])) {
    if (token.type !== 'html_block' && token.type !== 'html_inline') continue;
    for (const tag of token.content.match(/<[^>]*>/g) ?? []) assert.match(tag, OURS, `only the HTML we emit: ${JSON.stringify(token.content)}`);
  }
}

for (const [name, render] of [
  ['report.md', (doc: ResultsDocument) => markdownReport(doc)],
  ['the comment', (doc: ResultsDocument) => comment(doc)],
] as const) {
  test(`${name}: hostile calls and artifacts stay text, every artifact inside its own fence, tables whole`, () => {
    const { cases, trials } = fixture();
    const { tokens, html, fences } = parsed(render(results(trials, cases)));
    assert.doesNotMatch(html, /<script/i, 'no live script');
    assert.doesNotMatch(html, /<b>such/, 'no markup from a refusal');
    assertOnlyOurHtml(tokens);
    // Each artifact shown is exactly one fence, whose content is the artifact's own lines (none escaped the fence).
    const hostile = fences.find((fence) => fence.content.startsWith('# report'));
    assert.ok(hostile, 'the hostile artifact is in a fence');
    const shownLines = name === 'the comment' ? 10 : Infinity;
    assert.equal(hostile.content, `${plainBlock(HOSTILE_CONTENT).split('\n').slice(0, shownLines).join('\n')}\n`);
    assert.ok(!hostile.content.includes('\u001b') && !hostile.content.includes('\u202e'));
    assert.equal(hostile.markup, '`````', 'one backtick longer than the longest run inside');
    assert.ok(fences.some((fence) => fence.content === 'id,amount\n1,€12.50\n2,$3\n3,4.00\n'), 'CRLF lines as lines');
    for (const table of tokens.filter((token) => token.type === 'table_open')) {
      const rows = tokens.slice(tokens.indexOf(table), tokens.findIndex((token, i) => i > tokens.indexOf(table) && token.type === 'table_close'));
      const widths = new Set<number>();
      let cells = 0;
      for (const token of rows) {
        if (token.type === 'tr_open') cells = 0;
        if (token.type === 'td_open' || token.type === 'th_open') cells += 1;
        if (token.type === 'tr_close') widths.add(cells);
      }
      assert.equal(widths.size, 1, 'every row keeps its columns');
    }
    // The hostile call is one list item of text, its refusal with it.
    const items = tokens.filter((token, i) => token.type === 'inline' && tokens[i - 2]?.type === 'list_item_open').map((token) => token.content);
    assert.ok(items.some((item) => item.includes('&lt;script&gt;alert\\(1\\)&lt;/script&gt;') && item.includes('**refused:** no &lt;b&gt;such&lt;/b&gt; tool \\|')), items.join('\n'));
    assert.ok(items.includes('connect\\_db \\{"host":"db-staging-1"\\}'));
  });
}

test('report.md shows an artifact\'s kept content with the cut marker; the comment shows its first lines and counts the rest', () => {
  const { cases, trials } = fixture();
  const doc = results(trials, cases);
  const big = parsed(markdownReport(doc)).fences.find((fence) => fence.content.startsWith('id,amount\nid,amount'))!;
  assert.match(big.content, /… \[cut 98\.0 kB of 100\.0 kB\]\n$/);
  const body = comment(doc);
  const inComment = parsed(body).fences.find((fence) => fence.content.startsWith('id,amount\nid,amount'))!;
  assert.equal(inComment.content, 'id,amount\n'.repeat(10));
  assert.ok(body.includes('… and 191 more lines in report.md and trials.jsonl'), 'the 2,000 bytes kept hold 200 rows and the marker line');
  assert.ok(body.includes('Artifact exports/big.csv (100000 bytes, cut):'));
});

test('fenceFor: three backticks at least, one more than the longest run inside', () => {
  assert.equal(fenceFor('plain'), '```');
  assert.equal(fenceFor('a ``` b'), '````');
  assert.equal(fenceFor('``````\n`'), '```````');
});

test('absent or empty actions render as before: nothing added', () => {
  const { cases, trials } = fixture();
  const quiet = trials.filter((one) => one.case === 'quiet');
  const bare = quiet.map((one) => ({ ...one, invocations: one.invocations.map(({ tool_calls: _calls, artifacts: _artifacts, ...rest }) => rest) }));
  const empty = results(quiet, cases);
  const absent = results(bare, cases);
  assert.equal(markdownReport(empty), markdownReport(absent));
  assert.equal(comment(empty), comment(absent));
  assert.equal(terminalE2eReport(empty.e2e!, quiet), terminalE2eReport(absent.e2e!, bare));
  assert.doesNotMatch(markdownReport(empty), /tool call|Artifact|What /);
  assert.deepEqual(actionDetails('k', {}), []);
});

test('held-out cases keep their actions out of the comment, as their answers', () => {
  const { cases, trials } = fixture();
  const doc = results(trials, cases, { split: { run: 'all', heldout_cases: { 'staging-db': { sessions: '', probe: '', check: '' } } } });
  const body = comment(doc);
  assert.ok(!body.includes('connect\\_db'), 'the held-out trial\'s calls are not shown');
  assert.ok(body.includes('What busy|recall|1 did'), 'the others are');
});

test('the comment fits GitHub\'s limit with 60 failing trials, each with 20 long calls and five 100 KB artifacts, and says what it left out', () => {
  const names = Array.from({ length: 60 }, (_, i) => `case-${i}`);
  const cases = names.map((name) => spec(name, `ability-${name}`));
  const longCalls = Array.from({ length: 20 }, (_, i): ToolCall => ({ name: `tool_${i}`, arguments: { text: '<b>`|'.repeat(2000) } }));
  const bigFiles = Array.from({ length: 5 }, (_, i): Artifact => ({ path: `out/${i}.txt`, content: `${'`'.repeat(i + 1)}|<script>\n`.repeat(10_000) }));
  const trials = names.map((name) => trial(name, 'fail', [invocation('probe', { tool_calls: longCalls, artifacts: bigFiles })]));
  const doc = results(trials, cases);
  for (const limit of [COMMENT_LIMIT_BYTES, 65_536, 20_000]) {
    const body = comment(doc, limit);
    assert.ok(Buffer.byteLength(body) <= limit, `${Buffer.byteLength(body)} bytes over ${limit}`);
    const { html, fences } = parsed(body);
    assert.doesNotMatch(html, /<script/i);
    for (const fence of fences) assert.ok(!fence.content.includes('|<script>') || /^`+\|<script>\n/.test(fence.content), 'artifact lines stay inside their fence');
    assert.match(body, /Shortened to fit GitHub's size limit, leaving out [^\n]*(the tool calls and artifacts of \d+ failing trials?|failing trials?)/);
    assert.ok(body.includes('<!-- recall-gate:suite=actions -->') && body.includes('<sub>recall-gate test'), 'marker and closing note kept');
  }
  // With the default limit, at least one trial's actions still fit beside the failure table.
  const roomy = comment(doc);
  assert.ok(roomy.includes('<details><summary>What case-0|recall|1 did: 20 tool calls, 5 artifacts</summary>'), 'the first failing trial\'s actions are shown');
  assert.ok(roomy.includes('| case-0\\|recall\\|1 |'), 'and the failure table');
});

test('a call with arguments too wide for a report (20,000 keys) is reported as its cut JSON, so results.json stays bounded', () => {
  const wide: ToolCall = { name: 'bulk', arguments: Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i])) };
  const calls = Array.from({ length: 30 }, () => wide);
  const e2e = aggregateE2e([trial('a', 'fail', [invocation('probe', { tool_calls: calls })])], [spec('a', 'x')], ['recall'], 1);
  const failure = e2e.failures[0]!;
  assert.equal(failure.tool_calls!.length, 20);
  assert.equal(failure.tool_calls_left_out, 10);
  const bytes = Buffer.byteLength(JSON.stringify(failure), 'utf8');
  assert.ok(bytes < 20 * 5000, `the failure entry is ${bytes} bytes`);
  const [first] = failure.tool_calls!;
  assert.deepEqual(first!.arguments, {});
  assert.ok(first!.raw!.startsWith('{"k0":0,"k1":1,') && wasCut(first!.raw!), first!.raw!.slice(-60));
  assert.ok(actionDetails('a|recall|1', failure).join('\n').includes('bulk \\{"k0":0,"k1":1,'));
});
