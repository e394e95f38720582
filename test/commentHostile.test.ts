import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import { aggregateE2e } from '../src/e2e/aggregate.js';
import type { TrialRecord } from '../src/model/trial.js';
import type { CaseSpec } from '../src/model/e2e.js';
import type { Verdict } from '../src/model/gate.js';
import type { ProviderResult } from '../src/model/results.js';
import { renderComment } from '../src/report/comment.js';
import { plainText, shorten } from '../src/report/escape.js';
import { progressReporter } from '../src/cli/progress.js';
import { markdownReport } from '../src/report/markdown.js';
import { terminalReport } from '../src/report/terminal.js';
import { terminalE2eReport } from '../src/report/terminalE2e.js';
import type { ResultsDocument } from '../src/model/results.js';
import { REPO_ROOT } from './support/cli.js';

/** Strings a hostile answer, name or file could hold; each must come out as its own text, in its own cell. */
const HOSTILE: Record<string, string> = {
  'lone CR': 'one\rtwo\r- item\r# Heading',
  CRLF: 'one\r\ntwo\r\n| a | b |',
  'line separator': 'one\u2028two\u2029three\u0085four',
  NUL: 'nul\u0000byte and \u0007 bell and \u007f del and \u0080 c1',
  ANSI: '\u001b[31mred\u001b[0m \u009b1mc1\u009b0m and \u001b]8;;http://x\u0007osc link\u001b]8;;\u0007',
  pipe: 'a | b || c \\| d',
  script: '<script>alert(1)</script><img src=x onerror=alert(1)>',
  mention: '@everyone please review @octocat/team',
  'GH ref': 'see GH-2 and gh-3',
  'issue ref': 'fixes #12 and #34',
  'repo ref': 'owner/repo#3 and owner/repo@1a2b3c4d',
  sha: 'commit 1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b',
  link: '[link](http://x) <http://y> https://evil.example www.evil.example me@evil.example',
  image: '![img](http://x)',
  backticks: '`code` ``two`` ```fence',
  comment: '<!-- marker --> <!-- recall-gate:suite=x -->',
  emphasis: '**bold** _it_ ~~del~~ \\*',
  'list start': '- dash 1. one + plus',
  'ordered start': '1. first',
  'RTL override': 'invoice\u202Eexe.txt',
  emoji: `${'x'.repeat(298)}🦜🦜`,
};
const ENTRIES = Object.entries(HOSTILE);
/** The cells we render these in cut at 300 (answers) and 80 (trial keys) characters. */
const ANSWER_LIMIT = 300;

// GitHub's autolinks, as GFM defines them: URLs with a scheme, www. addresses and e-mail addresses, not bare domains.
const md = new MarkdownIt({ html: true, linkify: true });
md.linkify.set({ fuzzyLink: false });
const RUN_URL = 'https://github.example/acme/agent/actions/runs/42';

function spec(name: string, ability: string): CaseSpec {
  return { name, ability, sessions: [], probe: { text: `probe ${name}` }, check: { contains: 'x' }, evidence: [], obsolete: [], needs_memory: true, where: { file: 's.yaml', line: 1, col: 1 } };
}

function trial(caseName: string, ability: string, answer: string, reason: string): TrialRecord {
  return {
    key: `${caseName}|recall|1`,
    case: caseName,
    ability,
    condition: 'recall',
    repeat: 1,
    user: 'u',
    status: 'fail',
    reason,
    question: answer,
    answer,
    check: 'contains "x"',
    invocations: [],
    tokens: { input: 1, output: 1, judge_input: 0, judge_output: 0 },
    cost_usd: 0,
    started_at: '2026-11-29T00:00:00Z',
    duration_ms: 1,
  };
}

function provider(name: string, status: 'ok' | 'error', error?: string): ProviderResult {
  return {
    name,
    kind: 'keyword',
    status,
    ...(error ? { error } : {}),
    metrics: status === 'ok' ? { 'recall@1': 0, mrr: 0, 'ndcg@1': 0, 'precision@1': 0 } : undefined,
    timings_ms: { setup: 0, seed: 0, prepare: 0, search: 0 },
    queries:
      status === 'ok'
        ? ENTRIES.map(([, text], i) => ({ id: `q${i}`, text, user: 'u', tags: [], relevant: { [`m${i}`]: 1 }, ranks: { [`m${i}`]: null }, metrics: { 'recall@1': 0 }, results: [{ id: 'other', score: 1 }], latency_ms: 1 }))
        : [],
  };
}

/** Every hostile string as a case (its name), an ability, an answer, a question, a reason, an error, a file and a gate note. */
function hostileRun(): { results: ResultsDocument; verdict: Verdict; files: string[] } {
  const cases = ENTRIES.map(([label], i) => spec(`case ${i} ${HOSTILE[label]!}`, `ability ${i} ${HOSTILE[label]!}`));
  const trials = ENTRIES.map(([, text], i) => trial(cases[i]!.name, cases[i]!.ability, text, `why ${text}`));
  const results: ResultsDocument = {
    schema_version: 1,
    tool: { name: 'recall-gate', version: '0.1.0' },
    versions: {},
    suite: { name: 'hostile', file: 's.yaml', files: [], sha256: '' },
    started_at: '',
    status: 'incomplete',
    layers: { retrieval: 'ran', e2e: 'ran' },
    errors: ENTRIES.map(([, text]) => `provider broken: ${text}`),
    retrieval: {
      k: [1],
      depth: 1,
      definitions: 'trec_eval',
      memory_count: 1,
      query_count: ENTRIES.length,
      queries_without_relevant: 0,
      providers: { kw: provider('kw', 'ok'), broken: provider('broken', 'error', HOSTILE['lone CR']! + HOSTILE.mention!) },
    },
    e2e: { target: { kind: 'builtin', model: 'm' }, ...aggregateE2e(trials, cases, ['recall'], 1) },
  };
  const verdict: Verdict = {
    status: 'fail',
    rows: ENTRIES.map(([, text], i) => ({ path: `all[${i}]`, metric: 'e2e.pass_rate', threshold: '>= 0.9', actual: 0, status: 'fail', blocking: false, note: text })),
    blockingFailures: [],
    hasBaseline: false,
  };
  return { results, verdict, files: ENTRIES.map(([, text], i) => `src/memory/${i}\n${text}`) };
}

function comment(): string {
  const { results, verdict, files } = hostileRun();
  return renderComment({ marker: '<!-- recall-gate:suite=hostile -->', results, verdict, baselineNote: 'none yet', e2eTrigger: { ran: true, reason: 'memory changed', files }, runUrl: RUN_URL, resultsDir: 'recall-gate-results/hostile' });
}

/** The text a reader sees in an inline token, without our zero-width breaks. */
function seen(token: Token): string {
  return (token.children ?? [])
    .map((child) => (child.type === 'text' || child.type === 'code_inline' ? child.content : child.type === 'softbreak' || child.type === 'hardbreak' ? '\n' : child.type === 'html_inline' ? child.content : ''))
    .join('')
    .replace(/\u200b/g, '');
}

/** Tables as rows of cells (their inline tokens), header row first. */
function tables(tokens: Token[]): Token[][][] {
  const found: Token[][][] = [];
  let table: Token[][] | undefined;
  let row: Token[] | undefined;
  for (const [index, token] of tokens.entries()) {
    if (token.type === 'table_open') found.push((table = []));
    else if (token.type === 'tr_open') table!.push((row = []));
    else if ((token.type === 'td_open' || token.type === 'th_open') && row) row.push(tokens[index + 1]!);
  }
  return found;
}

const ALLOWED_HTML = /^(<!-- recall-gate:suite=hostile -->|<\/?details>|<summary>|<\/summary>|<br>|<\/?sub>)$/;

/** What GitHub would make live in rendered text: mentions, references, SHAs, bare links. */
const LIVE = [/(?<!\w)@[A-Za-z0-9]/, /(^|[^\w])#\d/, /\bGH-\d/i, /\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b/i];

function assertInert(tokens: Token[]): void {
  const all = tokens.flatMap((token) => [token, ...(token.children ?? [])]);
  for (const token of all) {
    if (token.type === 'html_block' || token.type === 'html_inline') {
      for (const piece of token.content.split('\n').map((line) => line.trim()).filter(Boolean)) {
        for (const tag of piece.match(/<[^>]*>/g) ?? [piece]) assert.match(tag, ALLOWED_HTML, `only the HTML we emit: ${JSON.stringify(piece)}`);
      }
    }
    if (token.type === 'link_open') assert.equal(token.attrGet('href'), RUN_URL, 'the only link is the run');
    assert.notEqual(token.type, 'image', 'no image');
    assert.notEqual(token.type, 'blockquote_open');
    assert.notEqual(token.type, 'code_block', 'no indented code');
    assert.notEqual(token.type, 'ordered_list_open', 'no list we did not write');
    if (token.type === 'text') for (const live of LIVE) assert.doesNotMatch(token.content, live, `inert text: ${JSON.stringify(token.content)}`);
  }
}

test('hostile strings in answers, names, files, errors and notes keep the comment\'s structure and are shown as text, in their cells', () => {
  const body = comment();
  const tokens = md.parse(body, {});
  assertInert(tokens);

  const headings = tokens.filter((token) => token.type === 'heading_open').map((token) => seen(tokens[tokens.indexOf(token) + 1]!));
  assert.deepEqual(headings, ['⚠️ recall-gate: hostile could not complete', 'Pass rate per ability (recall, 1 repeat)', 'Retrieval', 'Gate']);
  // Our lists only: the problems and the changed files, one item per entry, nothing nested.
  const lists = tokens.filter((token) => token.type === 'bullet_list_open');
  assert.equal(lists.length, 2, 'the problems and the changed files');
  assert.equal(tokens.filter((token) => token.type === 'list_item_open' && token.level === 1).length, ENTRIES.length * 2);
  assert.equal(tokens.filter((token) => token.type === 'list_item_open').length, ENTRIES.length * 2, 'nothing nested');

  const [abilities, retrieval, gate, failures, missed] = tables(tokens);
  assert.equal(tables(tokens).length, 5);
  assert.equal(abilities!.length, ENTRIES.length + 2, 'header, one row per ability, all');
  assert.equal(retrieval!.length, 3);
  assert.equal(gate!.length, ENTRIES.length + 1);
  assert.equal(failures!.length, ENTRIES.length + 1);
  assert.equal(missed!.length, ENTRIES.length + 1);
  for (const table of [abilities!, retrieval!, gate!, failures!, missed!]) {
    for (const row of table) assert.equal(row.length, table[0]!.length, 'every row keeps its columns');
  }

  const failureRows = failures!.slice(1);
  const problems = tokens.filter((token) => token.type === 'inline' && tokens[tokens.indexOf(token) - 2]?.type === 'list_item_open').map(seen);
  for (const [i, [label, text]] of ENTRIES.entries()) {
    const plain = plainText(text);
    const [key, question, answer, why] = failureRows[i]!.map(seen);
    assert.equal(answer, shorten(plain, ANSWER_LIMIT), `${label}: the answer cell shows the answer`);
    assert.equal(question, shorten(plain, 160), `${label}: the probe cell`);
    assert.equal(why, shorten(plainText(`why ${text}`), 200), `${label}: the reason cell`);
    assert.equal(key, shorten(plainText(`case ${i} ${text}|recall|1`), 80), `${label}: the trial cell`);
    assert.equal(seen(gate![i + 1]![1]!), `e2e.pass_rate<br><sub>${shorten(plain, 160)}</sub>`, `${label}: the gate note`);
    assert.equal(seen(missed![i + 1]![0]!), shorten(plain, 160), `${label}: the missed query`);
    assert.ok(problems.includes(shorten(plainText(`provider broken: ${text}`), 300)), `${label}: the problem`);
    assert.ok(problems.includes(shorten(plainText(`src/memory/${i}\n${text}`), 200)), `${label}: the file`);
  }
  assert.ok(abilities!.slice(1, -1).some((row) => seen(row[0]!) === shorten(plainText(`ability 0 ${HOSTILE['lone CR']!}`), 120)));
  assert.match(seen(retrieval![2]![0]!), /^broken \(error\)$/);
});

test('what the renderer must change, it changes visibly: controls as symbols, no escape sequences, no reordering, no half emoji', () => {
  assert.equal(plainText(HOSTILE.NUL!), 'nul\u2400byte and \u2407 bell and \u2421 del and \ufffd c1');
  assert.equal(plainText(HOSTILE.ANSI!), 'red c1 and osc link');
  assert.equal(plainText(HOSTILE['lone CR']!), 'one two - item # Heading');
  assert.equal(plainText(HOSTILE['RTL override']!), 'invoice\ufffdexe.txt');
  const cut = shorten(HOSTILE.emoji!, ANSWER_LIMIT);
  assert.equal(cut, `${'x'.repeat(298)}…`, 'the emoji that does not fit whole is left out, not halved');
  assert.ok(!/[\ud800-\udbff](?![\udc00-\udfff])/.test(shorten(`${'x'.repeat(299)}🦜`, 300)));
  assert.equal(shorten(`${'x'.repeat(297)}🦜🦜`, 300), `${'x'.repeat(297)}🦜…`);
});

test('report.md: the same strings keep its tables and lists, the verdict and gate table included', () => {
  const { results, verdict } = hostileRun();
  const body = markdownReport(results, { verdict });
  const tokens = md.parse(body, {});
  assertInert(tokens);
  const headings = tokens.filter((token) => token.type === 'heading_open').map((token) => seen(tokens[tokens.indexOf(token) + 1]!));
  assert.deepEqual(headings, ['⚠️ recall-gate: hostile could not complete', 'End-to-end', 'Retrieval', 'Gate']);
  for (const table of tables(tokens)) for (const row of table) assert.equal(row.length, table[0]!.length);
  const [abilities, failures, retrieval, missed, gate] = tables(tokens);
  assert.equal(gate!.length, verdict.rows.length + 1);
  for (const [i, [label, text]] of ENTRIES.entries()) assert.equal(seen(gate![i + 1]![1]!), `e2e.pass_rate<br><sub>${shorten(plainText(text), 160)}</sub>`, `${label}: the gate note`);
  assert.equal(abilities!.length, ENTRIES.length + 2);
  assert.equal(failures!.length, ENTRIES.length + 1);
  assert.equal(retrieval!.length, 3);
  assert.equal(missed!.length, ENTRIES.length + 1);
  for (const [i, [label, text]] of ENTRIES.entries()) {
    assert.equal(seen(failures![i + 1]![2]!), shorten(plainText(text), 200), `${label}: the answer cell`);
    assert.equal(seen(missed![i + 1]![1]!), shorten(plainText(text), 120), `${label}: the query cell`);
  }
  const paragraphs = tokens.filter((token) => token.type === 'inline').map(seen);
  assert.ok(paragraphs.includes(`broken could not complete: ${plainText(HOSTILE['lone CR']! + HOSTILE.mention!)}`), 'the provider error');
});

test('the rendered comment for the hostile table is pinned (test/fixtures/golden/comment-hostile.md; RECALL_GATE_UPDATE_GOLDEN=1 rewrites it)', () => {
  const golden = join(REPO_ROOT, 'test', 'fixtures', 'golden', 'comment-hostile.md');
  const body = comment();
  if (process.env.RECALL_GATE_UPDATE_GOLDEN === '1') {
    mkdirSync(join(golden, '..'), { recursive: true });
    writeFileSync(golden, body);
  }
  assert.equal(body, readFileSync(golden, 'utf8'));
});

/** Any control character but the newline, and the bidi override. */
// eslint-disable-next-line no-control-regex -- the characters this test looks for
const UNSAFE_ON_TERMINAL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/;

test('terminal reports and the progress line carry no escape sequence, carriage return or control character from untrusted text', () => {
  const { results } = hostileRun();
  const failing = ENTRIES.map(([, text], i) => trial(`case ${i} ${text}`, `ability ${i} ${text}`, text, `why ${text}`));
  const written: string[] = [];
  const progress = progressReporter((text) => written.push(text), true);
  progress.update(1, 2, 0);
  progress.log(`provider broken: ${HOSTILE.ANSI!} ${HOSTILE['lone CR']!}`);
  progress.finish();
  // What the reporter itself writes to redraw its line, and nothing else, is taken out.
  const logged = written.join('').replaceAll('\r\u001b[K', '').replaceAll('\u001b[K', '').replace(/^\r/, '');
  for (const [name, text] of [
    ['terminalReport', terminalReport(results)],
    ['terminalE2eReport', terminalE2eReport(results.e2e!, failing)],
    ['progress log', logged],
  ] as const) {
    assert.doesNotMatch(text, UNSAFE_ON_TERMINAL, `${name}: ${JSON.stringify(text.match(new RegExp(`.{0,20}${UNSAFE_ON_TERMINAL.source}.{0,20}`))?.[0])}`);
  }
  assert.match(terminalE2eReport(results.e2e!, failing), /case 4 red c1 and osc link #1: why red c1 and osc link/);
  assert.match(logged, /provider broken: red c1 and osc link one two - item # Heading\n/);
});

test('a text cut short is never cut inside a number: "max_drop 0…" of max_drop 0.05 would read as another number', () => {
  const note = 'underpowered: mde 0.371 is above max_drop 0.05 (18 queries)';
  // Every cut from just before the number to just after it.
  for (let max = 44; max <= 46; max++) assert.equal(shorten(note, max), 'underpowered: mde 0.371 is above max_drop…', `max ${max}`);
  assert.equal(shorten(note, 47), 'underpowered: mde 0.371 is above max_drop 0.05…');
  assert.equal(shorten('cost $12.50 today', 9), 'cost…');
  assert.equal(shorten('12345678901234', 8), '1234567…', 'a text that is one number is cut where it falls');
  assert.equal(shorten('change -0.089 [-0.185, -0.042]', 11), 'change…');
  // Words are cut as before; a run of digits too long to be one number is cut where it falls.
  assert.equal(shorten('underpowered: mde', 10), 'underpowe…');
  assert.equal(shorten(`id ${'1'.repeat(40)}`, 33), `id ${'1'.repeat(29)}…`);
});
