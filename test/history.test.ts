import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { aggregateE2e } from '../src/e2e/aggregate.js';
import type { TrialRecord } from '../src/model/trial.js';
import type { CaseSpec } from '../src/model/e2e.js';
import { RecallGateError } from '../src/errors.js';
import { appendHistory, parseHistory, readHistoryFile, writeHistory, HISTORY_LIMIT } from '../src/history/file.js';
import { headlineMetrics, historyLine } from '../src/history/headline.js';
import { sparkline } from '../src/report/sparkline.js';
import { trendOf } from '../src/history/trend.js';
import type { HistoryLine, Trend } from '../src/model/history.js';
import { renderComment } from '../src/report/comment.js';
import type { ResultsDocument } from '../src/model/results.js';
import { TREND_POINTS, trendLinesMarkdown, trendLinesText } from '../src/report/trendLines.js';
import { REPO_ROOT, tempDir } from './support/cli.js';

function line(index: number, metrics: Record<string, number>, extra: Partial<HistoryLine> = {}): HistoryLine {
  const date = new Date(Date.UTC(2026, 0, 1) + index * 3_600_000).toISOString();
  return { schema: 1, suite: 'assistant-memory', commit: index.toString(16).padStart(40, '0'), date, run_id: `run-${index}`, status: 'complete', metrics, ...extra };
}

test('the history is bounded at HISTORY_LIMIT: 201 appends keep the newest 200, oldest first, through a write and a read', () => {
  let history: HistoryLine[] = [];
  for (let i = 1; i <= HISTORY_LIMIT + 1; i++) history = appendHistory(history, line(i, { 'e2e.pass_rate': i / 1000 }));
  assert.equal(history.length, 200);
  assert.equal(history[0]!.run_id, 'run-2', 'the oldest run dropped off');
  assert.equal(history.at(-1)!.run_id, 'run-201');
  const file = join(tempDir(), 'history.jsonl');
  writeHistory(file, history);
  const read = readHistoryFile(file);
  assert.equal(read.lines.length, 200);
  assert.deepEqual(read.lines, history);
  assert.equal(readFileSync(file, 'utf8').split('\n').length, 201, 'one line each, ending in a newline');
});

test('a run of a commit already in the history replaces its line (a re-run), and appends out of order are kept in date order', () => {
  const first = line(1, { 'e2e.pass_rate': 0.5 });
  const rerun = { ...line(1, { 'e2e.pass_rate': 0.75 }), run_id: 'run-1b', date: line(3, {}).date };
  const history = appendHistory([line(2, {}), first], rerun);
  assert.deepEqual(history.map((one) => one.run_id), ['run-2', 'run-1b']);
  assert.equal(history[1]!.metrics['e2e.pass_rate'], 0.75);
});

test('a torn line and a foreign line are skipped and counted; the runs around them are kept', () => {
  const good = [line(1, { 'e2e.pass_rate': 0.5 }), line(2, { 'e2e.pass_rate': 0.6 }), line(3, { 'e2e.pass_rate': 0.7 })].map((one) => JSON.stringify(one));
  const text = [good[0], '{"schema":2,"suite":"x","date":"2026-01-01T00:00:00Z","status":"complete","metrics":{}}', good[1], good[2]!.slice(0, 40)].join('\n') + '\n' + good[2] + '\n';
  const read = parseHistory(text, 'h.jsonl');
  assert.deepEqual(read.lines.map((one) => one.run_id), ['run-1', 'run-2', 'run-3']);
  assert.deepEqual(read.skipped, [
    { line: 2, reason: 'schema 2 is not 1 (written by another version of recall-gate?)' },
    { line: 4, reason: 'not JSON (a torn or hand-edited line?)' },
  ]);
});

test('a file with lines but no run in them is not a history: invalid input at its first line; a missing file is an empty history', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'results.json'), '{\n  "schema_version": 1\n}\n');
  assert.throws(
    () => readHistoryFile(join(dir, 'results.json'), 'out/results.json'),
    (error: unknown) => error instanceof RecallGateError && error.exitCode === 2 && error.problems[0]!.where.file === 'out/results.json' && error.problems[0]!.where.line === 1 && /no line of the file is a history line/.test(error.problems[0]!.message),
  );
  assert.deepEqual(readHistoryFile(join(dir, 'nothing.jsonl')), { lines: [], skipped: [], missing: true });
  writeFileSync(join(dir, 'empty.jsonl'), '');
  assert.deepEqual(readHistoryFile(join(dir, 'empty.jsonl')), { lines: [], skipped: [], missing: false });
});

test('sparklines scale to the series own range; a flat series sits mid-height; a missing point is ·', () => {
  assert.equal(sparkline([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]), '▁▂▃▄▅▆▇█');
  assert.equal(sparkline([0.612, 0.62, 0.62, 0.63, 0.639]), '▁▃▃▆█');
  assert.equal(sparkline([3, 3, 3]), '▄▄▄');
  assert.equal(sparkline([0.9]), '▄');
  assert.equal(sparkline([1, undefined, 3, 2]), '▁·█▅');
  assert.equal(sparkline([0, 1, 0, 1]), '▁█▁█');
});

function spec(name: string, ability: string): CaseSpec {
  return { name, ability, sessions: [], probe: { text: `probe for ${name}` }, check: { contains: 'x' }, evidence: [], obsolete: [], needs_memory: true, where: { file: 's.yaml', line: 1, col: 1 } };
}

function trial(caseName: string, ability: string, pass: boolean, cost: number | null): TrialRecord {
  return {
    key: `${caseName}|recall|1`, case: caseName, ability, condition: 'recall', repeat: 1, user: 'u', status: pass ? 'pass' : 'fail', reason: pass ? 'ok' : 'no x',
    question: 'q', answer: pass ? 'x' : 'y', check: 'contains "x"', invocations: [], tokens: { input: 1, output: 1, judge_input: 0, judge_output: 0 }, cost_usd: cost, started_at: '2026-11-29T00:00:00Z', duration_ms: 1,
  };
}

function e2eResults(cost: number | null): ResultsDocument {
  const cases = [spec('a', 'extraction'), spec('b', 'temporal'), spec('c', 'temporal')];
  const trials = [trial('a', 'extraction', true, cost), trial('b', 'temporal', true, 0.001), trial('c', 'temporal', false, 0.001)];
  return {
    schema_version: 1, tool: { name: 'recall-gate', version: '0.1.0' }, versions: {}, suite: { name: 'suite-x', file: 's.yaml', files: [], sha256: '' },
    run_id: 'r1', commit: { sha: 'abc', ref: 'refs/heads/main' }, started_at: '2026-11-29T00:00:00Z', finished_at: '2026-11-29T00:05:00Z', status: 'complete',
    layers: { retrieval: 'absent', e2e: 'ran' }, errors: [], e2e: { target: { kind: 'builtin', model: 'm' }, ...aggregateE2e(trials, cases, ['recall'], 1) },
  };
}

test('headline metrics: e2e rates, each ability under the headline condition, and the cost only when it is known', () => {
  assert.deepEqual(headlineMetrics(e2eResults(0.002)), {
    'e2e.pass_rate': 0.666667, 'e2e.pass^k': 0.666667, 'e2e.errors': 0,
    'e2e.ability.extraction.pass_rate': 1, 'e2e.ability.temporal.pass_rate': 0.5, 'e2e.cost_usd': 0.004,
  });
  assert.equal('e2e.cost_usd' in headlineMetrics(e2eResults(null)), false, 'an unknown cost is left out, not $0');
  const one = historyLine(e2eResults(0.002));
  assert.deepEqual({ ...one, metrics: {} }, { schema: 1, suite: 'suite-x', commit: 'abc', ref: 'refs/heads/main', date: '2026-11-29T00:05:00Z', run_id: 'r1', status: 'complete', metrics: {} });
  // Outside CI the commit is the suite repository's HEAD when the tree is clean: a rerun of it replaces the run before.
  const head = 'f'.repeat(40);
  const local = (dirty: boolean) => ({ ...e2eResults(0.002), commit: undefined, provenance: { git: { commit: head, dirty } } }) as unknown as Parameters<typeof historyLine>[0];
  assert.equal(historyLine(local(false)).commit, head);
  assert.equal(historyLine(local(true)).commit, undefined, 'a dirty tree is not that commit');
});

/** Twelve runs, the fourth without e2e (a retrieval-only run), and an ability name that is hostile markdown. */
function goldenTrend(): Trend {
  const evil = 'e2e.ability.pref<img src=x onerror=alert(1)>|@team.pass_rate';
  const past = Array.from({ length: 11 }, (_, i) =>
    line(i + 1, {
      'retrieval.keyword.recall@1': 0.4,
      'retrieval.keyword.recall@5': 0.612 + i * 0.002,
      'retrieval.keyword.ndcg@5': 0.5,
      'retrieval.keyword.mrr': 0.55 - (i % 3) * 0.01,
      'retrieval.my.vector.recall@5': 0.8,
      ...(i === 3 ? {} : { 'e2e.pass_rate': 0.7 + (i % 4) * 0.05, 'e2e.errors': i % 2, 'e2e.cost_usd': 0.0123, [evil]: 1 }),
    }),
  );
  const current = line(12, { 'retrieval.keyword.recall@1': 0.4, 'retrieval.keyword.recall@5': 0.639, 'retrieval.keyword.ndcg@5': 0.52, 'retrieval.keyword.mrr': 0.56, 'retrieval.my.vector.recall@5': 0.8, 'e2e.pass_rate': 0.9, 'e2e.errors': 0, 'e2e.cost_usd': 0.0119, [evil]: 0.5, 'e2e.ability.new.pass_rate': 1 });
  return trendOf([...past, line(13, { 'e2e.pass_rate': 0 }, { suite: 'another-suite' })], current);
}

function golden(name: string, text: string): void {
  const path = join(REPO_ROOT, 'test', 'fixtures', 'golden', name);
  if (process.env.RECALL_GATE_UPDATE_GOLDEN === '1') {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, text);
  }
  assert.equal(text, readFileSync(path, 'utf8'));
}

test('trend lines are pinned, terminal and comment (test/fixtures/golden/trend-lines.*; RECALL_GATE_UPDATE_GOLDEN=1 rewrites them)', () => {
  const trend = goldenTrend();
  assert.equal(trend.past.length, 11, 'another suite\'s runs are not this trend');
  golden('trend-lines.txt', `${trendLinesText(trend).join('\n')}\n`);
  const markdown = trendLinesMarkdown(trend, Infinity).join('\n');
  golden('trend-lines.md', `${markdown}\n`);
  assert.ok(!markdown.includes('<img') && !markdown.includes('@team'), 'a hostile ability name is escaped');
  assert.equal(trendLinesMarkdown(trend, 3).at(-2), '- … and 6 more metrics');
  assert.deepEqual(trendLinesText({ past: [], current: trend.current }), ['trend: no earlier runs of this suite in the history yet']);
});

test('a trend line shows the newest TREND_POINTS runs, this one last', () => {
  const past = Array.from({ length: 40 }, (_, i) => line(i, { 'e2e.pass_rate': i / 100 }));
  const [header, row] = trendLinesText(trendOf(past, line(40, { 'e2e.pass_rate': 0.4 })));
  assert.equal(header, `trend over the last ${TREND_POINTS} runs, this one last:`);
  assert.equal(row, `  pass rate (all)  ${sparkline(Array.from({ length: 30 }, (_, i) => i + 11))}  0.110 → 0.400 over 30 runs`);
});

test('the comment shows the trend next to the change against the baseline, and trims it to fit before the gate', () => {
  const results = e2eResults(0.002);
  const current = historyLine(results);
  const past = Array.from({ length: 5 }, (_, i) => ({ ...line(i, {}), suite: 'suite-x', metrics: { ...current.metrics, 'e2e.pass_rate': 0.5 + i * 0.05 } }));
  const input = { marker: '<!-- m -->', results, baseline: results, baselineNote: 'main at abc', e2eTrigger: { ran: true, reason: 'x', files: [] }, verdict: { status: 'pass' as const, rows: [], blockingFailures: [], hasBaseline: true }, trend: { past, current } };
  const body = renderComment(input);
  assert.match(body, /### Trend over the last 6 runs \(this one last\)\n\n- pass rate \(all\) `▁▃▅▆█▇` 0\.500 → 0\.667 over 6 runs\n/);
  assert.ok(body.indexOf('### Trend') < body.indexOf('### Gate'));
  // Shrinking: the trend keeps 3 lines while the change lines stay, and goes before the ability table.
  const bodies = Array.from({ length: 60 }, (_, i) => renderComment(input, Buffer.byteLength(body) - i * 40));
  assert.ok(bodies.some((short) => short.includes('- … and 3 more metrics') && short.includes('### Changes against the baseline')));
  const gone = bodies.find((short) => !short.includes('### Trend'));
  assert.ok(gone, 'the trend is left out at some size');
  assert.match(gone, /leaving out .*6 trend lines/);
  for (const short of bodies) if (short.includes('### Trend')) assert.ok(short.includes('### Pass rate per ability'), short);
  assert.match(renderComment({ ...input, trend: { past: [], current } }), /### Trend\n\nNo earlier runs in the history yet/);
});
