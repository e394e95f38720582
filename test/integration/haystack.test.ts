import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, runCli, tempDir } from '../support/cli.js';

/** A suite where the haystack curve is known by construction: see the file's header for the hand count. */
const SUITE = join(REPO_ROOT, 'test', 'fixtures', 'suites', 'haystack', 'suite.yaml');

interface Point {
  fraction: number;
  memories: number;
  metrics: Record<string, number>;
  timings_ms: { setup: number; seed: number; prepare: number; search: number };
}
interface Results {
  retrieval: {
    haystack?: { fractions: number[]; seed: number; distractors: number };
    providers: Record<string, { status: string; metrics: Record<string, number>; haystack?: { points: Point[]; per_doubling?: Record<string, number> } }>;
  };
}

const readJson = <T>(path: string) => JSON.parse(readFileSync(path, 'utf8')) as T;
const close = (actual: number | undefined, expected: number, what: string) => assert.ok(actual !== undefined && Math.abs(actual - expected) < 1e-9, `${what}: expected ${expected}, got ${actual}`);

describe('retrieval.haystack through dist/cli.js', () => {
  test('reports recall@10 at each size, the smallest haystack no worse than the whole, in results.json, the rows, the terminal, report.md and report.html', async () => {
    const out = join(tempDir(), 'out');
    const run = await runCli(['run', SUITE, '--out', out]);
    assert.equal(run.code, 0, run.stderr + run.stdout);

    const results = readJson<Results>(join(out, 'results.json'));
    assert.deepEqual(results.retrieval.haystack, { fractions: [0.1, 0.5, 1], seed: 1, distractors: 28 });
    const keyword = results.retrieval.providers.keyword!;
    const points = keyword.haystack!.points;
    assert.deepEqual(
      points.map((point) => [point.fraction, point.memories, point.metrics['recall@10']]),
      [
        [0.1, 5, 1],
        [0.5, 16, 0.5],
        [1, 30, 0.5],
      ],
    );
    assert.ok(points[0]!.metrics['recall@10']! >= keyword.metrics['recall@10']!);
    // The point at 1 is the normal run's figures, not a second run.
    assert.deepEqual(points[2]!.metrics, keyword.metrics);
    // Hand-computed in test/haystack.test.ts: -0.206534.
    assert.ok(Math.abs(keyword.haystack!.per_doubling!['recall@10']! - -0.206534) < 1e-6);
    for (const point of points) assert.ok(point.timings_ms.seed >= 0 && point.timings_ms.search >= 0);

    // One row per query, carrying the smaller runs' figures.
    const rows = readFileSync(join(out, 'queries', 'keyword.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { id: string; haystack: Record<string, Record<string, number>> });
    assert.deepEqual(rows.map((row) => [row.id, row.haystack['0.1']!['recall@10'], row.haystack['0.5']!['recall@10']]), [['qu', 1, 0], ['qv', 1, 1]]);

    assert.match(run.stdout, /^0\.1 +5 +0\.000 +1\.000 +0\.417 +\S+ +\S+ +\d+\.\d\d$/m);
    assert.match(run.stdout, /^0\.5 +16 +0\.000 +0\.500 +0\.100 /m);
    assert.match(run.stdout, /^1 +30 +0\.000 +0\.500 +0\.056 /m);
    assert.match(run.stdout, /^per doubling +\+0\.000 +-0\.207 +-0\.146 /m);
    assert.match(run.stdout, /retrieval\.keyword\.haystack@0\.1\.recall@10 +>= 1 +- +1\.000 .* pass/);
    assert.match(run.stdout, /retrieval\.keyword\.haystack\.per_doubling\.recall@10 +< 0 +- +-0\.207 .* pass/);

    const markdown = readFileSync(join(out, 'report.md'), 'utf8');
    assert.match(markdown, /^#### Haystack curve$/m);
    assert.match(markdown, /^\| recall@10 \| 1\.000 \| 0\.500 \| 0\.500 \| -0\.207 \|$/m);

    const html = readFileSync(join(out, 'report.html'), 'utf8');
    const data = JSON.parse(/<script type="application\/json" id="report-data">([\s\S]*?)<\/script>/.exec(html)![1]!) as {
      haystack: { providers: { name: string; labels: string[]; metrics: { metric: string; values: number[]; per_doubling: string }[] }[] };
    };
    const curve = data.haystack.providers[0]!;
    assert.deepEqual(curve.labels, ['0.1 (5)', '0.5 (16)', '1 (30)']);
    assert.deepEqual(
      curve.metrics.map((line) => line.metric),
      ['recall@1', 'recall@10', 'mrr', 'ndcg@10', 'precision@10'],
    );
    assert.deepEqual(curve.metrics[1]!.values, [1, 0.5, 0.5]);
  });

  test('the gate pairs haystack figures with a baseline run by query', async () => {
    const before = join(tempDir(), 'before');
    assert.equal((await runCli(['run', SUITE, '--out', before])).code, 0);
    const after = join(tempDir(), 'after');
    const run = await runCli(['run', SUITE, '--out', after, '--baseline', before]);
    assert.equal(run.code, 0, run.stderr + run.stdout);
    assert.match(run.stdout, /retrieval\.keyword\.haystack@0\.1\.mrr +drop <= 0\.01 +0\.231 ! +0\.417 +0\.417 +\+0\.000 +\[\+0\.000, \+0\.000\] \(paired, 2 shared\) +pass/);
    assert.match(run.stdout, /retrieval\.keyword\.haystack\.per_doubling\.recall@10 +drop <= 0\.01 +0\.570 ! +-0\.207 +-0\.207 +\+0\.000 +\[\+0\.000, \+0\.000\] \(paired, 2 shared\) +pass/);
    assert.match(run.stdout, /gate PASSED \(5 passed, 0 failed/);
  });

  test('without haystack the normal run is unchanged: the same figures as the point at 1', async () => {
    const dir = tempDir();
    const plain = readFileSync(SUITE, 'utf8').replace(/^ {2}haystack: .*\n/m, '').replace(/^gate:[^]*$/m, '');
    writeFileSync(join(dir, 'suite.yaml'), plain);
    const out = join(dir, 'out');
    const run = await runCli(['run', 'suite.yaml', '--out', out], { cwd: dir });
    assert.equal(run.code, 0, run.stderr);
    assert.doesNotMatch(run.stdout, /haystack curve|per doubling/);
    const results = readJson<Results>(join(out, 'results.json'));
    assert.equal(results.retrieval.haystack, undefined);
    assert.equal(results.retrieval.providers.keyword!.haystack, undefined);
    assert.equal(results.retrieval.providers.keyword!.metrics['recall@10'], 0.5);
    close(results.retrieval.providers.keyword!.metrics.mrr, 1 / 18, 'mrr');
  });

  test('validate: fractions out of (0, 1] or listed twice, and gate keys at a fraction the suite does not run, at file:line:col (exit 2)', async () => {
    const dir = tempDir();
    const suite = readFileSync(SUITE, 'utf8');
    const validate = async (text: string) => {
      writeFileSync(join(dir, 'suite.yaml'), text);
      const run = await runCli(['validate', 'suite.yaml'], { cwd: dir });
      assert.equal(run.code, 2, run.stderr);
      return run.stderr;
    };
    assert.match(await validate(suite.replace('haystack: [1, 0.1, 0.5]', 'haystack: [1, 0, 1.5]')), /^suite\.yaml:13:17: item 2 must be > 0\nsuite\.yaml:13:20: item 3 must be <= 1$/m);
    assert.match(await validate(suite.replace('haystack: [1, 0.1, 0.5]', 'haystack: [1, 0.1, 0.1]')), /^suite\.yaml:13:22: haystack fraction 0\.1 is listed twice \(first at suite\.yaml:13:17; list each fraction once\)$/m);
    assert.match(
      await validate(suite.replace('haystack@0.1.recall@10', 'haystack@0.2.recall@10')),
      /^suite\.yaml:\d+:\d+: metric "retrieval\.keyword\.haystack@0\.2\.recall@10": haystack@0\.2 is not measured: retrieval\.haystack is 0\.1, 0\.5, 1 \(add 0\.2 to retrieval\.haystack, or use one of its fractions\)$/m,
    );
  });
});
