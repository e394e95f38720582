import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { RecallGateError, formatLocation } from '../src/errors.js';
import { loadSuite } from '../src/suite/load.js';
import { chooseIntervalUnit, retrievalIntervals, unitKey } from '../src/retrieval/intervals.js';
import { querySummaries } from '../src/retrieval/runRetrieval.js';
import { evaluateGate } from '../src/gate/evaluate.js';
import { compareResults } from '../src/gate/compare.js';
import { queryChanges, pairedChanges } from '../src/gate/paired.js';
import { resolveMetric } from '../src/gate/metrics.js';
import { comparisonText, pairedText, verdictText } from '../src/report/gateFormat.js';
import { formatEstimate } from '../src/report/format.js';
import { terminalReport } from '../src/report/terminal.js';
import { markdownReport } from '../src/report/markdown.js';
import { renderComment } from '../src/report/comment.js';
import { reportData } from '../src/report/html/data.js';
import type { IntervalUnit } from '../src/model/figures.js';
import type { ProviderResult, QueryOutcome, ResultsDocument } from '../src/model/results.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const K = [1, 3];

/** A query of `user` whose first relevant memory came back at `rank` (null: not at all). */
function query(id: string, user: string, rank: number | null, group?: string): QueryOutcome {
  const hit = rank === 1 ? 1 : 0;
  return {
    id,
    text: id,
    user,
    ...(group ? { group } : {}),
    tags: [],
    relevant: { [`${id}-m`]: 1 },
    ranks: { [`${id}-m`]: rank },
    metrics: { 'recall@1': hit, 'recall@3': rank !== null && rank <= 3 ? 1 : 0, mrr: rank === null ? 0 : 1 / rank },
    results: [],
    latency_ms: 1,
  };
}

/**
 * Three users of ten queries each, each user all hits or all misses at rank 1:
 * the queries are as alike as they can be within a user, so 30 queries are
 * worth 3 draws, not 30.
 */
function clustered(): QueryOutcome[] {
  const rows: QueryOutcome[] = [];
  for (const [user, rank] of [['ana', 1], ['ben', 4], ['cy', 1]] as const) for (let i = 0; i < 10; i++) rows.push(query(`${user}-${i}`, user, rank));
  return rows;
}

function providerOf(queries: QueryOutcome[], unit: IntervalUnit): ProviderResult {
  return { name: 'kw', kind: 'keyword', status: 'ok', ...querySummaries('kw', queries, K, false, unit), timings_ms: { setup: 0, seed: 0, prepare: 0, search: 0 }, queries };
}

function documentOf(queries: QueryOutcome[], unit: IntervalUnit): ResultsDocument {
  return {
    schema_version: 1,
    tool: { name: 'recall-gate', version: 'test' },
    versions: {},
    suite: { name: 'users', file: 'suite.yaml', files: [], sha256: '' },
    started_at: '2025-01-01T00:00:00Z',
    status: 'complete',
    layers: { retrieval: 'ran', e2e: 'absent' },
    errors: [],
    retrieval: { k: K, depth: 5, definitions: '', memory_count: 0, query_count: queries.length, queries_without_relevant: 0, interval_unit: unit, providers: { kw: providerOf(queries, unit) } },
  };
}

describe('which unit retrieval intervals draw', () => {
  const asked = (counts: Record<string, number>) => Object.entries(counts).flatMap(([user, count]) => Array.from({ length: count }, () => ({ user })));

  test('users by default once 3 users ask and one asks more than one', () => {
    assert.deepEqual(chooseIntervalUnit(undefined, asked({ a: 2, b: 1, c: 1 })), { unit: 'user' });
    assert.deepEqual(chooseIntervalUnit(undefined, asked({ a: 1, b: 1, c: 1 })), { unit: 'query' }, 'one query per user: the same draws');
    assert.deepEqual(chooseIntervalUnit(undefined, asked({ a: 5 })), { unit: 'query' }, 'one user: nothing to draw between users');
  });

  test('two users: queries, and the reason said', () => {
    const choice = chooseIntervalUnit(undefined, asked({ maya: 15, theo: 3 }));
    assert.equal(choice.unit, 'query');
    assert.match(choice.note ?? '', /only 2 users hold the queries, too few to draw whole users; retrieval\.interval_unit: user draws them anyway/);
  });

  test('the suite setting wins', () => {
    assert.deepEqual(chooseIntervalUnit('user', asked({ maya: 15, theo: 3 })), { unit: 'user' });
    assert.deepEqual(chooseIntervalUnit('query', asked({ a: 2, b: 2, c: 2 })), { unit: 'query' });
  });

  test('a query without a group is a group of its own; the kinds of key never meet', () => {
    assert.equal(unitKey(query('q1', 'ana', 1, 'chat'), 'group'), 'group:chat');
    assert.equal(unitKey(query('chat', 'ana', 1), 'group'), 'query:chat');
    assert.equal(unitKey(query('q1', 'ana', 1), 'user'), 'user:ana');
  });
});

describe('intervals that draw whole users', () => {
  test('n counts users, and the interval is as wide as three users make it', () => {
    const rows = clustered();
    const byUser = retrievalIntervals('kw', rows, ['recall@1'], 'user')['recall@1']!;
    const byQuery = retrievalIntervals('kw', rows, ['recall@1'], 'query')['recall@1']!;
    assert.deepEqual([byUser.n, byUser.unit], [3, 'user']);
    assert.deepEqual([byQuery.n, byQuery.unit], [30, 'query']);
    // Over users the mean is 0, 1/3, 2/3 or 1 of whole users; 27 equally likely draws, all three ben in 1 of them (3.7% > 2.5%).
    assert.deepEqual(byUser.ci, [0, 1]);
    assert.ok(byQuery.ci[1] - byQuery.ci[0] < 0.5, `query-level interval ${byQuery.ci} is the too-narrow one`);
    assert.equal(formatEstimate(2 / 3, byUser), '0.667 [0.000, 1.000] n=3 users');
  });

  test('query groups: n counts groups, ungrouped queries one each', () => {
    const rows = [query('a', 'u', 1, 'g1'), query('b', 'u', 4, 'g1'), query('c', 'u', 1, 'g2'), query('d', 'u', 1)];
    const estimate = retrievalIntervals('kw', rows, ['recall@1'], 'group')['recall@1']!;
    assert.deepEqual([estimate.n, estimate.unit], [3, 'group']);
    assert.equal(formatEstimate(0.75, estimate).endsWith('n=3 query groups'), true);
  });

  test('the gate draws the run unit, and pairs a baseline on the users both runs share', () => {
    const before = clustered();
    // Ben's queries now find their memory first: a change of +1/3, all of it in one user.
    const after = clustered().map((row) => (row.user === 'ben' ? query(row.id, 'ben', 1) : row));
    const [current, baseline] = [documentOf(after, 'user'), documentOf(before, 'query')];
    const resolved = resolveMetric('retrieval.kw.recall@1', current);
    assert.equal(resolved.status === 'value' && resolved.samples?.unit, 'user');
    const verdict = evaluateGate({ root: { all: [{ metric: 'retrieval.kw.recall@1', max_drop: 0.05 }] }, skipped_layers: 'waive' }, current, baseline);
    const row = verdict.rows[0]!;
    // The baseline (recorded as queries) is drawn in the current run's unit, so the two pair on users.
    assert.deepEqual(row.pairing, { paired: true, shared: 3, added: 0, removed: 0, unit: 'user' });
    assert.match(row.note ?? '', /paired on 3 shared users, each with all its queries/);
    assert.match(verdictText(verdict), /\(paired, 3 shared users\)/);
    const rows = compareResults(baseline, current);
    const recall = rows.find((one) => one.metric === 'retrieval.kw.recall@1')!;
    assert.deepEqual([recall.unit, recall.change?.shared], ['user', 3]);
    assert.match(comparisonText(rows), /^retrieval\.kw\.recall@1 .* paired, 3 shared users$/m);
    // By queries the same change pairs 30.
    const byQuery = evaluateGate({ root: { all: [{ metric: 'retrieval.kw.recall@1', max_drop: 0.05 }] }, skipped_layers: 'waive' }, documentOf(after, 'query'), baseline);
    assert.deepEqual(byQuery.rows[0]!.pairing, { paired: true, shared: 30, added: 0, removed: 0 });
  });

  test('a paired test over users ranks one number per user: the mean change in reciprocal rank over its shared queries', () => {
    const before = [query('a1', 'ana', 1), query('a2', 'ana', 2), query('b1', 'ben', 2), query('b2', 'ben', 2), query('c1', 'cy', 1), query('c2', 'cy', 1)];
    const after = [query('a1', 'ana', 2), query('a2', 'ana', 2), query('b1', 'ben', 1), query('b2', 'ben', 1), query('c1', 'cy', 1), query('c2', 'cy', 1)];
    const provider = (rows: QueryOutcome[]) => providerOf(rows, 'user');
    // Per user: ana (−0.5 + 0) / 2 = −0.25, ben (+0.5 + 0.5) / 2 = +0.5, cy 0 (dropped). Ranks 1 (ana), 2 (ben): W+ = 2, W− = 1.
    const changes = queryChanges(provider(before), provider(after), 'user');
    assert.deepEqual([changes.unit, changes.units], ['user', 3]);
    assert.deepEqual([changes.wilcoxon.n, changes.wilcoxon.zeros, changes.wilcoxon.w_plus, changes.wilcoxon.w_minus], [2, 1, 2, 1]);
    // The per-query lists stay per query.
    assert.deepEqual([changes.worse.length, changes.better.length, changes.same], [1, 2, 3]);
    const text = pairedText(pairedChanges(documentOf(before, 'user'), documentOf(after, 'user')));
    assert.match(text, /Wilcoxon signed-rank \(exact\) on each user's mean reciprocal-rank change over its shared queries \(3 users\): n=2 non-zero \(1 unchanged\), W\+=2, W-=1/);
    // By queries: six differences, three non-zero (a1, b1, b2).
    assert.equal(queryChanges(provider(before), provider(after)).wilcoxon.n, 3);
  });

  test('every report says the unit and n', () => {
    const results = documentOf(clustered(), 'user');
    assert.match(terminalReport(results), /; n users, each drawn with all its queries\):\n {2}kw: recall@1 0\.667 \[0\.000, 1\.000\] n=3 users;/);
    assert.match(markdownReport(results), /n users, each drawn with all its queries\.\n\n\| provider \|[^\n]*\n[^\n]*\n\| kw \| 0\.667 \[0\.000, 1\.000\] n=3 users \|/);
    const comment = renderComment({ marker: '<!-- x -->', results, baselineNote: 'no baseline', e2eTrigger: { ran: false, reason: 'test', files: [] } });
    assert.match(comment, /n users, each drawn with all its queries\./);
    assert.match(comment, /\| kw \| 0\.667 \[0\.000, 1\.000\] n=3 users \|/);
    const html = reportData({ results, trials: [] }).retrieval!;
    assert.equal(html.providers[0]!.cells['recall@1'], '0.667 [0.000, 1.000] n=3 users');
    assert.match(html.intro, /n users, each drawn with all its queries\.$/);
  });
});

function problemsOf(text: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'units-'));
  writeFileSync(join(dir, 'suite.yaml'), text);
  try {
    loadSuite(join(dir, 'suite.yaml'), ROOT);
  } catch (error) {
    if (!(error instanceof RecallGateError) || !error.problems) throw error;
    return error.problems.map((problem) => `${formatLocation(problem.where).replace(/^.*suite\.yaml/, 'suite.yaml')} ${problem.message}`);
  }
  return [];
}

describe('retrieval.interval_unit in a suite', () => {
  const suite = (unit: string, group = '') => `name: units
retrieval:
  interval_unit: ${unit}
  providers: [{ name: keyword, kind: keyword }]
  memories: [{ id: m, text: a fact }]
  queries: [{ id: q, text: a fact?, relevant: [m]${group} }]
`;

  test('group with no query group: refused at the setting', () => {
    assert.deepEqual(problemsOf(suite('group')), ['suite.yaml:3:18 interval_unit is group but no query has a group, so every query would be drawn alone (as interval_unit: query)']);
    assert.deepEqual(problemsOf(suite('group', ', group: chat-1')), []);
  });

  test('a unit that is none of the three: refused with the choices', () => {
    const [problem] = problemsOf(suite('users'));
    assert.match(problem ?? '', /^suite\.yaml:3:18 .*query, user, group/);
  });
});
