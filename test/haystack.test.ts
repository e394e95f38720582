import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_HAYSTACK_SEED, haystackSamples, keptCount, slopePerDoubling } from '../src/retrieval/haystack.js';
import { runRetrieval } from '../src/retrieval/runRetrieval.js';
import { KeywordStore } from '../src/memory/keyword.js';
import type { MemoryStore } from '../src/memory/types.js';
import type { MemoryRecord } from '../src/model/memory.js';
import type { MemorySpec, ProviderSpec, QuerySpec, RetrievalSpec } from '../src/model/suite.js';
import type { QueryOutcome, ResultsDocument, RetrievalResult } from '../src/model/results.js';
import { loadSuite } from '../src/suite/load.js';
import { parseMetricKey, resolveMetric } from '../src/gate/metrics.js';
import { terminalReport } from '../src/report/terminal.js';
import { markdownReport } from '../src/report/markdown.js';
import { reportData } from '../src/report/html/data.js';
import { renderComment } from '../src/report/comment.js';
import { compareResults } from '../src/gate/compare.js';
import { RecallGateError, formatProblem } from '../src/errors.js';

const where = { file: 'suite.yaml', line: 1, col: 1 };

function memory(id: string, user: string, text = id): MemorySpec {
  return { id, text, user, where };
}

function query(id: string, user: string, text: string, relevant: string[]): QuerySpec {
  return { id, text, user, relevant: Object.fromEntries(relevant.map((memoryId) => [memoryId, 1])), tags: [], where };
}

/** Three users with 0, 7 and 200 hay memories and a needle or two each. */
function generated(): { memories: MemorySpec[]; queries: QuerySpec[] } {
  const memories: MemorySpec[] = [memory('a-needle', 'a'), memory('b-needle', 'b'), memory('c-needle-1', 'c'), memory('c-needle-2', 'c')];
  for (let i = 0; i < 7; i++) memories.push(memory(`b-hay-${i}`, 'b'));
  for (let i = 0; i < 200; i++) memories.push(memory(`c-hay-${i}`, 'c'));
  const queries = [query('qa', 'a', 'x', ['a-needle']), query('qb', 'b', 'x', ['b-needle']), query('qc', 'c', 'x', ['c-needle-1']), query('qc2', 'c', 'x', ['c-needle-2'])];
  return { memories, queries };
}

const ids = (memories: readonly MemorySpec[]) => memories.map((m) => m.id);

describe('haystack samples', () => {
  const { memories, queries } = generated();
  const fractions = [0.1, 0.25, 0.5, 0.9, 1];
  const samples = haystackSamples(memories, queries, fractions, DEFAULT_HAYSTACK_SEED);

  test('every needle is kept at every fraction, and each user keeps round(f x its hay)', () => {
    for (const { fraction, memories: kept } of samples) {
      for (const needle of ['a-needle', 'b-needle', 'c-needle-1', 'c-needle-2']) assert.ok(ids(kept).includes(needle), `${needle} at ${fraction}`);
      assert.equal(kept.filter((m) => m.id.startsWith('b-hay')).length, Math.round(fraction * 7), `b at ${fraction}`);
      assert.equal(kept.filter((m) => m.id.startsWith('c-hay')).length, Math.round(fraction * 200), `c at ${fraction}`);
    }
    // At 1 the sample is the suite itself, in its order.
    assert.deepEqual(ids(samples.at(-1)!.memories), ids(memories));
    assert.equal(keptCount(7, 0.1), 1);
    assert.equal(keptCount(3, 0.1), 0);
  });

  test('samples are nested: what a fraction keeps, every larger one keeps too', () => {
    for (let i = 1; i < samples.length; i++) {
      const larger = new Set(ids(samples[i]!.memories));
      for (const id of ids(samples[i - 1]!.memories)) assert.ok(larger.has(id), `${id} kept at ${samples[i - 1]!.fraction} but not at ${samples[i]!.fraction}`);
    }
  });

  test('the same seed keeps the same memories whatever the suite order; another seed keeps others; kept memories stay in suite order', () => {
    const reversed = [...memories].reverse();
    const again = haystackSamples(reversed, queries, fractions, DEFAULT_HAYSTACK_SEED);
    for (const [index, sample] of again.entries()) assert.deepEqual(new Set(ids(sample.memories)), new Set(ids(samples[index]!.memories)));
    // Order: the input's.
    assert.deepEqual(ids(again[0]!.memories), ids(reversed).filter((id) => ids(samples[0]!.memories).includes(id)));
    const other = haystackSamples(memories, queries, fractions, 7);
    assert.notDeepEqual(ids(other[0]!.memories), ids(samples[0]!.memories));
    assert.equal(other[0]!.memories.length, samples[0]!.memories.length);
  });

  test('a memory any query of its user names counts as a needle: relevant at any gain, or obsolete', () => {
    const graded: QuerySpec = { ...query('g', 'b', 'x', []), relevant: { 'b-hay-3': 0, 'b-needle': 2 }, obsolete: ['b-hay-5'] };
    const [sample] = haystackSamples(memories, [graded], [0.01], 1);
    assert.deepEqual(ids(sample!.memories).filter((id) => id.startsWith('b-')), ['b-needle', 'b-hay-3', 'b-hay-5']);
  });
});

describe('change per doubling', () => {
  test('the least-squares slope against log2 of the memories, hand-computed for the fixture suite', () => {
    // test/fixtures/suites/haystack: recall@10 1, 0.5, 0.5 at 5, 16, 30 memories.
    // x = log2: 2.321928, 4, 4.906891 (mean 3.742940); y mean 2/3;
    // sum dx dy = -0.710506, sum dx^2 = 3.440137, slope = -0.206534.
    const slope = slopePerDoubling([
      { memories: 5, value: 1 },
      { memories: 16, value: 0.5 },
      { memories: 30, value: 0.5 },
    ]);
    assert.ok(slope !== undefined && Math.abs(slope - -0.206534) < 1e-6, String(slope));
  });

  test('exact on a line in log2(memories), and undefined when no point seeded more than another', () => {
    const line = (memories: number) => ({ memories, value: 0.9 - 0.05 * Math.log2(memories) });
    assert.ok(Math.abs(slopePerDoubling([line(100), line(250), line(1000)])! - -0.05) < 1e-12);
    assert.equal(slopePerDoubling([{ memories: 12, value: 1 }, { memories: 12, value: 0.5 }]), undefined);
    assert.equal(slopePerDoubling([{ memories: 12, value: 1 }]), undefined);
  });
});

/** The fixture suite's shape (test/fixtures/suites/haystack, see its header): needle rank = 1 + distractors kept. */
function fixtureSpec(fractions = [0.1, 0.5, 1]): RetrievalSpec {
  const long = 'alpha beta gamma delta epsilon zeta eta theta iota';
  const memories = [memory('u-needle', 'u', `apricot ${long}`), memory('v-needle', 'v', `plum ${long}`)];
  for (let i = 1; i <= 20; i++) memories.push(memory(`u-hay-${i}`, 'u', 'apricot'));
  for (let i = 1; i <= 8; i++) memories.push(memory(`v-hay-${i}`, 'v', 'plum'));
  const provider: ProviderSpec = { name: 'keyword', kind: 'keyword', where };
  return {
    k: [1, 10],
    depth: 10,
    haystack: { fractions, seed: 1 },
    providers: [provider],
    memories,
    queries: [query('qu', 'u', 'apricot', ['u-needle']), query('qv', 'v', 'plum', ['v-needle'])],
  };
}

/** Real keyword stores that count how many were made and what each was given. */
class CountingStores {
  created = 0;
  added: number[] = [];
  readonly createStore = (): MemoryStore => {
    this.created += 1;
    const store = new KeywordStore();
    const add = store.add.bind(store);
    store.add = async (records: readonly MemoryRecord[]) => {
      this.added.push(records.length);
      await add(records);
    };
    return store;
  };
}

async function runFixture(fractions?: number[]): Promise<{ result: RetrievalResult; rows: QueryOutcome[]; stores: CountingStores }> {
  const stores = new CountingStores();
  const rows: QueryOutcome[] = [];
  const result = await runRetrieval(fixtureSpec(fractions), { createStore: stores.createStore, onQuery: (_, outcome) => rows.push(outcome) });
  return { result, rows, stores };
}

describe('a run with retrieval.haystack', () => {
  test('runs each smaller fraction into a fresh store, then the normal run once, which is the point at 1', async () => {
    const { result, rows, stores } = await runFixture();
    // 0.1 and 0.5, then the normal run: not a fourth store for 1.
    assert.equal(stores.created, 3);
    assert.deepEqual(stores.added, [5, 16, 30]);
    const provider = result.providers.keyword!;
    assert.equal(provider.status, 'ok', provider.error);
    const points = provider.haystack!.points;
    assert.deepEqual(points.map((point) => [point.fraction, point.memories]), [[0.1, 5], [0.5, 16], [1, 30]]);
    assert.deepEqual(points.map((point) => point.metrics['recall@10']), [1, 0.5, 0.5]);
    // mrr over the top 10: (1/3 + 1/2) / 2, (0 + 1/5) / 2, (0 + 1/9) / 2.
    const mrr = points.map((point) => point.metrics.mrr!);
    for (const [index, expected] of [(1 / 3 + 1 / 2) / 2, 1 / 10, 1 / 18].entries()) assert.ok(Math.abs(mrr[index]! - expected) < 1e-12, `mrr at ${points[index]!.fraction}`);
    assert.deepEqual(points.at(-1)!.metrics, provider.metrics);
    // The smallest haystack is no worse than the whole, on every metric.
    for (const [name, value] of Object.entries(provider.metrics!)) assert.ok(points[0]!.metrics[name]! >= value, name);
    assert.ok(Math.abs(provider.haystack!.per_doubling!['recall@10']! - -0.206534) < 1e-6);
    assert.equal(provider.haystack!.per_doubling!['recall@1'], 0);
    assert.deepEqual(result.haystack, { fractions: [0.1, 0.5, 1], seed: 1, distractors: 28 });
    // One row per query (the normal run's), carrying the smaller runs' metrics.
    assert.deepEqual(rows.map((row) => row.id), ['qu', 'qv']);
    assert.deepEqual(rows.map((row) => [row.haystack?.['0.1']?.['recall@10'], row.haystack?.['0.5']?.['recall@10'], row.metrics['recall@10']]), [[1, 0, 0], [1, 1, 1]]);
  });

  test('without haystack nothing changes: one store, no curve, no haystack on the rows', async () => {
    const stores = new CountingStores();
    const spec = fixtureSpec();
    delete spec.haystack;
    const rows: QueryOutcome[] = [];
    const result = await runRetrieval(spec, { createStore: stores.createStore, onQuery: (_, outcome) => rows.push(outcome) });
    assert.equal(stores.created, 1);
    assert.equal(result.haystack, undefined);
    assert.equal(result.providers.keyword!.haystack, undefined);
    assert.ok(rows.every((row) => row.haystack === undefined));
  });

  test('with no memory to thin, no smaller run is made and the curve has no slope', async () => {
    const stores = new CountingStores();
    const spec = fixtureSpec();
    spec.memories = spec.memories.filter((m) => m.id.endsWith('needle'));
    const result = await runRetrieval(spec, { createStore: stores.createStore });
    assert.equal(stores.created, 1);
    const haystack = result.providers.keyword!.haystack!;
    assert.deepEqual(haystack.points.map((point) => [point.fraction, point.memories, point.same_as_whole, point.metrics['recall@10']]), [[0.1, 2, true, 1], [0.5, 2, true, 1], [1, 2, undefined, 1]]);
    assert.equal(haystack.per_doubling, undefined);
    assert.equal(result.haystack?.distractors, 0);
  });

  test('a smaller run that fails fails the provider, saying which fraction', async () => {
    let created = 0;
    const result = await runRetrieval(fixtureSpec(), {
      createStore: () => {
        created += 1;
        const store = new KeywordStore();
        if (created === 2) store.add = () => Promise.reject(new Error('disk full'));
        return store;
      },
    });
    const provider = result.providers.keyword!;
    assert.equal(provider.status, 'error');
    assert.match(provider.error!, /^haystack 0\.5 \(16 memories\): seeding memories: disk full/);
    assert.deepEqual(provider.queries, []);
  });
});

function resultsOf(retrieval: RetrievalResult): ResultsDocument {
  return {
    schema_version: 1,
    tool: { name: 'recall-gate', version: 'test' },
    versions: {},
    suite: { name: 'haystack-curve', file: 'suite.yaml', files: [], sha256: '' },
    started_at: '2026-01-01T00:00:00.000Z',
    status: 'complete',
    layers: { retrieval: 'ran', e2e: 'absent' },
    errors: [],
    retrieval,
  };
}

describe('gate keys on the haystack', () => {
  test('parse: haystack@<fraction>.<metric> and haystack.per_doubling.<metric>, provider names with dots too', () => {
    const at = parseMetricKey('retrieval.my.store.haystack@0.1.recall@10', { providers: ['my.store'] });
    assert.ok(at.ok);
    assert.deepEqual(at.key, { layer: 'retrieval', provider: 'my.store', metric: 'recall@10', family: 'recall', k: 10, haystack: 0.1 });
    const slope = parseMetricKey('retrieval.kw.haystack.per_doubling.group_mrr');
    assert.ok(slope.ok);
    assert.deepEqual(slope.key, { layer: 'retrieval', provider: 'kw', metric: 'group_mrr', family: 'mrr', group: true, haystack: 'per_doubling' });
    for (const bad of ['retrieval.kw.haystack@0.recall@10', 'retrieval.kw.haystack@1.5.recall@10', 'retrieval.kw.haystack@x.mrr', 'retrieval.kw.haystack@0.1.latency_ms', 'retrieval.kw.haystack.per_doubling.stale@10']) {
      assert.equal(parseMetricKey(bad).ok, false, bad);
    }
  });

  test('resolve: per-query values at a fraction, the slope resampled by query, haystack@1 the plain metric', async () => {
    const { result } = await runFixture();
    const results = resultsOf(result);
    const at = resolveMetric('retrieval.keyword.haystack@0.1.recall@10', results);
    assert.equal(at.status, 'value');
    assert.equal(at.status === 'value' && at.value, 1);
    assert.deepEqual(at.status === 'value' && at.samples?.ids, ['qu', 'qv']);
    const middle = resolveMetric('retrieval.keyword.haystack@0.5.mrr', results, { aggregation: 'min' });
    assert.equal(middle.status === 'value' && middle.value, 0);
    const whole = resolveMetric('retrieval.keyword.haystack@1.recall@10', results);
    assert.equal(whole.status === 'value' && whole.value, 0.5);
    const slope = resolveMetric('retrieval.keyword.haystack.per_doubling.recall@10', results);
    assert.equal(slope.status, 'value');
    assert.ok(slope.status === 'value' && Math.abs(slope.value - -0.206534) < 1e-6);
    // The samples' statistic gives back the value: a baseline comparison resamples it by query.
    assert.ok(slope.status === 'value' && Math.abs(slope.samples!.statistic(slope.samples!.units) - slope.value) < 1e-12);
    const absent = resolveMetric('retrieval.keyword.haystack@0.2.recall@10', results);
    assert.equal(absent.status, 'missing');
    // Without the rows (results.json alone), the stored means answer.
    const withoutRows = resultsOf({ ...result, providers: { keyword: { ...result.providers.keyword!, queries: [] } } });
    const stored = resolveMetric('retrieval.keyword.haystack@0.5.recall@10', withoutRows);
    assert.equal(stored.status === 'value' && stored.value, 0.5);
    const storedSlope = resolveMetric('retrieval.keyword.haystack.per_doubling.recall@10', withoutRows);
    assert.ok(storedSlope.status === 'value' && Math.abs(storedSlope.value - -0.206534) < 1e-6);
  });
});

describe('reports', () => {
  test('the terminal has a row per fraction and one per doubling; report.md a row per metric; report.html a line per metric; the comment a row per provider; compare the change per doubling', async () => {
    const { result } = await runFixture();
    const results = resultsOf(result);
    const terminal = terminalReport(results);
    assert.match(terminal, /^haystack curve at 0\.1, 0\.5, 1: each provider also ran at 0\.1, 0\.5 with the 28 memories no query names thinned to that fraction \(seed 1\)/m);
    assert.match(terminal, /^0\.1 +5 +0\.000 +1\.000 +0\.417 /m);
    assert.match(terminal, /^0\.5 +16 +0\.000 +0\.500 +0\.100 /m);
    assert.match(terminal, /^1 +30 +0\.000 +0\.500 +0\.056 /m);
    assert.match(terminal, /^per doubling +\+0\.000 +-0\.207 +-0\.146 /m);
    const markdown = markdownReport(results);
    assert.match(markdown, /^\| metric \| 0\.1 \(5 memories\) \| 0\.5 \(16 memories\) \| 1 \(30 memories\) \| per doubling \|$/m);
    assert.match(markdown, /^\| recall@10 \| 1\.000 \| 0\.500 \| 0\.500 \| -0\.207 \|$/m);
    const data = reportData({ results, trials: [] });
    const keyword = data.haystack!.providers[0]!;
    assert.deepEqual(keyword.labels, ['0.1 (5)', '0.5 (16)', '1 (30)']);
    assert.deepEqual(keyword.metrics.find((line) => line.metric === 'recall@10'), { metric: 'recall@10', values: [1, 0.5, 0.5], cells: ['1.000', '0.500', '0.500'], per_doubling: '-0.207' });
    // The PR comment: a row per provider, recall at the largest k at each fraction and its change per doubling.
    const comment = (doc: ResultsDocument) => renderComment({ marker: '<!-- m -->', results: doc, baselineNote: 'none', e2eTrigger: { ran: false, reason: 'test', files: [] } });
    assert.match(comment(results), /^Haystack curve: at 0\.1, 0\.5, 1: each provider also ran at 0\.1, 0\.5 with the 28 memories/m);
    assert.match(comment(results), /^\| provider \| memories \| recall@10 \| per doubling \|$/m);
    assert.match(comment(results), /^\| keyword \| 5 → 16 → 30 \| 1\.000 → 0\.500 → 0\.500 \| -0\.207 \|$/m);
    // compare: the change per doubling of each metric where both runs drew a curve, with its paired interval.
    const slope = compareResults(results, results).find((row) => row.metric === 'retrieval.keyword.haystack.per_doubling.recall@10');
    assert.ok(slope, 'a per-doubling row');
    assert.equal(slope.current.toFixed(3), '-0.207');
    assert.deepEqual([slope.baseline, slope.delta, slope.change?.interval, slope.change?.paired], [slope.current, 0, [0, 0], true]);
    // A run without the haystack shows none of it.
    const plain = resultsOf({ ...result, haystack: undefined, providers: { keyword: { ...result.providers.keyword!, haystack: undefined } } });
    assert.doesNotMatch(terminalReport(plain) + markdownReport(plain) + comment(plain), /haystack curve|per doubling/i);
    assert.equal(reportData({ results: plain, trials: [] }).haystack, undefined);
    assert.equal(compareResults(results, plain).filter((row) => row.metric.includes('haystack')).length, 0);
  });
});

describe('retrieval.haystack in a suite', () => {
  const write = (retrieval: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'haystack-suite-'));
    writeFileSync(
      join(dir, 'suite.yaml'),
      `name: h\nretrieval:\n${retrieval}  providers:\n    - { name: keyword, kind: keyword }\n  memories:\n    - { id: m1, text: apricot }\n    - { id: m2, text: plum }\n  queries:\n    - { text: apricot, relevant: [m1] }\n`,
    );
    return join(dir, 'suite.yaml');
  };
  const problems = (retrieval: string) => {
    try {
      loadSuite(write(retrieval));
    } catch (error) {
      assert.ok(error instanceof RecallGateError);
      return error.problems.map(formatProblem).join('\n');
    }
    return '';
  };

  test('fractions are sorted, 1 added when missing, the seed 1 unless given', () => {
    assert.deepEqual(loadSuite(write('  haystack: [0.5, 0.1]\n')).retrieval!.haystack, { fractions: [0.1, 0.5, 1], seed: 1 });
    assert.deepEqual(loadSuite(write('  haystack: [1, 0.25]\n  haystack_seed: 9\n')).retrieval!.haystack, { fractions: [0.25, 1], seed: 9 });
    assert.equal(loadSuite(write('')).retrieval!.haystack, undefined);
  });

  test('a haystack with nothing to thin is a warning', () => {
    const path = write('  haystack: [0.5]\n');
    assert.deepEqual(loadSuite(path).warnings, undefined);
    writeFileSync(path, readFileSync(path, 'utf8').replace('    - { id: m2, text: plum }\n', ''));
    assert.deepEqual((loadSuite(path).warnings ?? []).map(formatProblem), [
      `${path}:3:13: haystack: every memory is relevant to some query, so no fraction has anything to thin and the curve is flat (add memories no query names (distractors), or remove haystack)`,
    ]);
  });

  test('out of (0, 1], twice, 1 alone, a seed without haystack: errors at file:line:col', () => {
    assert.match(problems('  haystack: [0, 0.5, 2]\n'), /suite\.yaml:3:14: item 1 must be > 0[^]*suite\.yaml:3:22: item 3 must be <= 1/);
    assert.match(problems('  haystack: [0.5, 0.1, 0.5]\n'), /suite\.yaml:3:24: haystack fraction 0\.5 is listed twice \(first at [^)]*suite\.yaml:3:14; list each fraction once\)/);
    assert.match(problems('  haystack: [1]\n'), /suite\.yaml:3:13: haystack \[1\] is the normal run alone/);
    assert.match(problems('  haystack_seed: 4\n'), /suite\.yaml:3:3: haystack_seed applies only with haystack/);
  });
});
