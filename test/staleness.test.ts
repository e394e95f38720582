import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { RecallGateError, formatLocation } from '../src/errors.js';
import { loadSuite } from '../src/suite/load.js';
import { runRetrieval } from '../src/retrieval/runRetrieval.js';
import { createStore } from '../src/memory/createStore.js';
import { staleAboveCurrent, staleAtK, stalenessMetrics, type Gains } from '../src/retrieval/metrics.js';
import { evaluateGate } from '../src/gate/evaluate.js';
import { compareResults } from '../src/gate/compare.js';
import { terminalReport } from '../src/report/terminal.js';
import { markdownReport } from '../src/report/markdown.js';
import { renderComment } from '../src/report/comment.js';
import { reportData } from '../src/report/html/data.js';
import type { ResultsDocument, RetrievalResult } from '../src/model/results.js';
import type { Suite } from '../src/model/suite.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const FIXTURE = join(ROOT, 'test', 'fixtures', 'suites', 'staleness', 'suite.yaml');

const gains = (entries: Record<string, number>): Gains => new Map(Object.entries(entries));
const set = (...ids: string[]) => new Set(ids);

describe('stale@k and stale_above_current for one query', () => {
  test('stale@k: an obsolete memory anywhere in the top k', () => {
    assert.equal(staleAtK(['new', 'x', 'old'], set('old'), 2), 0);
    assert.equal(staleAtK(['new', 'x', 'old'], set('old'), 3), 1);
    assert.equal(staleAtK(['new'], set('old'), 5), 0);
  });

  test('stale_above_current: an obsolete memory above every relevant one', () => {
    assert.equal(staleAboveCurrent(['old', 'new'], gains({ new: 1 }), set('old')), 1);
    assert.equal(staleAboveCurrent(['new', 'old'], gains({ new: 1 }), set('old')), 0);
    // Above one relevant memory but below another: not above every relevant one.
    assert.equal(staleAboveCurrent(['a', 'old', 'b'], gains({ a: 1, b: 1 }), set('old')), 0);
  });

  test('stale_above_current: a relevant memory missing while an obsolete one is returned counts, whatever the ranks', () => {
    assert.equal(staleAboveCurrent(['a', 'old'], gains({ a: 1, b: 1 }), set('old')), 1);
    assert.equal(staleAboveCurrent(['x'], gains({ a: 1 }), set('old')), 0, 'no obsolete memory returned: not stale');
    assert.equal(staleAboveCurrent(['old'], gains({}), set('old')), 1, 'nothing relevant: an obsolete one returned is above every relevant one');
    // A gain below 1 is not relevant, so its absence is not a missing relevant memory.
    assert.equal(staleAboveCurrent(['new', 'old'], gains({ new: 1, judged: 0 }), set('old')), 0);
  });

  test('named as results.json and the gate name them', () => {
    assert.deepEqual(stalenessMetrics(['old', 'new'], gains({ new: 1 }), set('old'), [1, 3]), { 'stale@1': 1, 'stale@3': 1, stale_above_current: 1 });
  });
});

async function runFixture(suite: Suite): Promise<RetrievalResult> {
  return runRetrieval(suite.retrieval!, {
    createStore: (provider) => createStore(provider, { suiteName: suite.name, runId: 'staleness', env: {}, baseDir: ROOT, cacheRoot: mkdtempSync(join(tmpdir(), 'stale-')), cacheEmbeddings: false, log: () => undefined }),
  });
}

function documentOf(suite: Suite, retrieval: RetrievalResult): ResultsDocument {
  return {
    schema_version: 1,
    tool: { name: 'recall-gate', version: 'test' },
    versions: {},
    suite: { name: suite.name, file: 'suite.yaml', files: [], sha256: '' },
    started_at: '2025-01-01T00:00:00Z',
    status: 'complete',
    layers: { retrieval: 'ran', e2e: 'absent' },
    errors: [],
    retrieval,
  };
}

describe('the hand-counted keyword suite (test/fixtures/suites/staleness)', () => {
  test('BM25 ranks the old locker above the new and cannot find the old city: stale@5 0.5, stale_above_current 0.5', async () => {
    const suite = loadSuite(FIXTURE, ROOT);
    const retrieval = await runFixture(suite);
    const keyword = retrieval.providers.keyword!;
    assert.equal(keyword.status, 'ok', keyword.error);
    const locker = keyword.queries.find((query) => query.id === 'locker')!;
    const city = keyword.queries.find((query) => query.id === 'city')!;
    assert.deepEqual([locker.obsolete, locker.ranks], [{ 'locker-old': 1 }, { 'locker-new': 2 }]);
    assert.deepEqual([city.obsolete, city.ranks], [{ 'city-old': null }, { 'city-new': 1 }]);
    assert.equal(retrieval.queries_with_obsolete, 2, 'the dog question names none and is left out');
    const staleness = keyword.staleness!;
    assert.equal(staleness.queries, 2);
    assert.deepEqual(staleness.metrics, { 'stale@1': 0.5, 'stale@3': 0.5, 'stale@5': 0.5, stale_above_current: 0.5 });
    assert.deepEqual(staleness.intervals!['stale@5'], { ci: [0, 1], n: 2, unit: 'query' });
    assert.deepEqual(Object.keys(staleness.by_tag), ['place', 'update']);
    assert.deepEqual(staleness.by_tag.place!.metrics['stale@5'], 0);
    assert.equal(keyword.queries.find((query) => query.id === 'dog')!.metrics['stale@5'], undefined, 'no staleness written for a query naming no obsolete memory');
    // The ranking means are untouched: over every query with a relevant memory, as before.
    assert.equal(keyword.metrics!['recall@1'], 2 / 3);
  });

  test('gateable with lte, per provider and per tag; a rise against the baseline fails max_rise', async () => {
    const suite = loadSuite(FIXTURE, ROOT);
    const current = documentOf(suite, await runFixture(suite));
    const verdict = evaluateGate(suite.gate!, current);
    assert.deepEqual(
      verdict.rows.map((row) => [row.metric, row.actual, row.status]),
      [
        ['retrieval.keyword.stale@5', 0.5, 'pass'],
        ['retrieval.keyword.stale_above_current', 0.5, 'fail'],
        ['retrieval.keyword.tag.place.stale@5', 0, 'pass'],
      ],
    );
    // A baseline where the locker query was not stale: staleness rose by 0.5.
    const baseline: ResultsDocument = structuredClone(current);
    const provider = baseline.retrieval!.providers.keyword!;
    for (const query of provider.queries) if (query.id === 'locker') Object.assign(query.metrics, { 'stale@1': 0, 'stale@3': 0, 'stale@5': 0, stale_above_current: 0 });
    const rise = evaluateGate({ root: { all: [{ metric: 'retrieval.keyword.stale@5', max_rise: 0.1 }] }, skipped_layers: 'waive' }, current, baseline);
    assert.deepEqual([rise.rows[0]!.baseline, rise.rows[0]!.delta, rise.rows[0]!.status], [0, 0.5, 'fail']);
    const rows = compareResults(baseline, current).filter((row) => row.metric.includes('stale'));
    assert.deepEqual(
      rows.map((row) => row.metric),
      ['retrieval.keyword.stale@1', 'retrieval.keyword.stale@3', 'retrieval.keyword.stale@5', 'retrieval.keyword.stale_above_current'],
    );
  });

  test('every report shows the figures with their intervals, per provider and tag', async () => {
    const suite = loadSuite(FIXTURE, ROOT);
    const results = documentOf(suite, await runFixture(suite));
    const terminal = terminalReport(results);
    assert.match(terminal, /^Staleness over the 2 queries naming an obsolete memory \(1 other left out\), lower is better\./m);
    assert.match(terminal, /^keyword\s+all\s+2\s+0\.500 \[0\.000, 1\.000\] n=2 queries\s+0\.500 \[0\.000, 1\.000\] n=2 queries\s+0\.500 \[0\.000, 1\.000\] n=2 queries\s+0\.500 \[0\.000, 1\.000\] n=2 queries$/m);
    assert.match(terminal, /^keyword\s+place\s+1\s+0\.000 \[0\.000, 0\.000\] n=1 query/m);
    const markdown = markdownReport(results);
    assert.match(markdown, /^#### Staleness$/m);
    assert.match(markdown, /^\| provider \| tag \| queries \| stale@1 \| stale@3 \| stale@5 \| stale_above_current \|$/m);
    assert.match(markdown, /^\| keyword \| update \| 2 \| 0\.500 \[0\.000, 1\.000\] n=2 queries \|/m);
    const comment = renderComment({ marker: '<!-- x -->', results, baselineNote: 'no baseline', e2eTrigger: { ran: false, reason: 'test', files: [] } });
    assert.match(comment, /^\| keyword \| all \| 2 \| 0\.500 \[0\.000, 1\.000\] n=2 queries \|/m);
    assert.match(comment, /Staleness over the 2 queries naming an obsolete memory/);
    const html = reportData({ results, trials: [] });
    assert.deepEqual(html.retrieval!.staleness!.header, ['provider', 'tag', 'queries', 'stale@1', 'stale@3', 'stale@5', 'stale_above_current']);
    assert.deepEqual(html.retrieval!.staleness!.rows[0], { provider: 'keyword', cells: ['keyword', 'all', '2', ...Array(4).fill('0.500 [0.000, 1.000] n=2 queries')] });
  });

  test('a suite whose queries name no obsolete memory has no staleness anywhere', async () => {
    const suite = loadSuite(FIXTURE, ROOT);
    for (const query of suite.retrieval!.queries) delete query.obsolete;
    const results = documentOf(suite, await runFixture(suite));
    assert.equal(results.retrieval!.queries_with_obsolete, undefined);
    assert.equal(results.retrieval!.providers.keyword!.staleness, undefined);
    assert.doesNotMatch(terminalReport(results), /Staleness|stale@/);
    assert.doesNotMatch(markdownReport(results), /Staleness|stale@/);
  });
});

/** Writes a suite (and nothing else) to a fresh folder and returns its path. */
function suiteFile(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'stale-suite-'));
  const path = join(dir, 'suite.yaml');
  writeFileSync(path, text);
  return path;
}

function problemsOf(path: string): string[] {
  try {
    loadSuite(path, ROOT);
  } catch (error) {
    if (!(error instanceof RecallGateError) || !error.problems) throw error;
    return error.problems.map((problem) => `${formatLocation(problem.where).replace(/^.*suite\.yaml/, 'suite.yaml')} ${problem.message} (${problem.hint ?? ''})`);
  }
  assert.fail('the suite loaded');
}

const SUITE = (query: string, gate = '') => `name: bad
retrieval:
  providers: [{ name: keyword, kind: keyword }]
  memories:
    - { id: old, user: sam, text: old fact }
    - { id: new, user: sam, text: new fact }
    - { id: other, user: kim, text: kim fact }
  queries:
${query}
${gate}`;

describe('obsolete is validated like relevant', () => {
  test('an id no memory has: file:line:col, with a did-you-mean', () => {
    const problems = problemsOf(suiteFile(SUITE('    - { id: q, user: sam, text: fact?, relevant: [new], obsolete: [olde] }')));
    assert.deepEqual(problems, ['suite.yaml:9:68 obsolete memory "olde" is not defined (did you mean "old"?)']);
  });

  test("another user's memory, and a memory that is also relevant", () => {
    const problems = problemsOf(suiteFile(SUITE('    - { id: q, user: sam, text: fact?, relevant: [new], obsolete: [other, new] }')));
    assert.equal(problems.length, 2);
    assert.match(problems[0]!, /^suite\.yaml:9:68 obsolete memory "other" belongs to user "kim" but the query is asked as "sam", so no search of this query can return it \(an obsolete memory is a superseded fact of the same user/);
    assert.match(problems[1]!, /^suite\.yaml:9:75 memory "new" is both relevant and obsolete for query "q" \(a memory is either current \(relevant\) or superseded \(obsolete\): remove it from one list\)$/);
  });

  test('a stale gate key with max_drop, or on a suite naming no obsolete memory, is refused at its line', () => {
    const stale = '    - { id: q, user: sam, text: fact?, relevant: [new], obsolete: [old] }';
    const drop = problemsOf(suiteFile(SUITE(stale, 'gate:\n  all:\n    - { metric: retrieval.keyword.stale@5, max_drop: 0.1 }\n')));
    assert.equal(drop.length, 1);
    assert.match(drop[0]!, /^suite\.yaml:12:\d+ retrieval\.keyword\.stale@5 is lower-is-better .*max_drop would fail on an improvement \(use max_rise/);
    const none = problemsOf(suiteFile(SUITE('    - { id: q, user: sam, text: fact?, relevant: [new] }', 'gate:\n  all:\n    - { metric: retrieval.keyword.stale_above_current, op: lte, value: 0 }\n')));
    assert.equal(none.length, 1);
    assert.match(none[0]!, /^suite\.yaml:12:\d+ metric "retrieval\.keyword\.stale_above_current": no query names an obsolete memory, so there is no stale_above_current to measure \(give queries obsolete: \[ids\]/);
  });
});
