/**
 * The built CLI (dist/cli.js) on two small suites: the hand-counted staleness
 * suite (test/fixtures/suites/staleness) and three users of two queries each
 * (test/fixtures/suites/three-users), read back from every output it writes.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, runCli, tempDir } from '../support/cli.js';
import type { ReportData } from '../../src/report/html/data.js';
import type { QueryOutcome, ResultsDocument } from '../../src/model/results.js';

const SUITES = join(REPO_ROOT, 'test', 'fixtures', 'suites');
const STALENESS = join(SUITES, 'staleness', 'suite.yaml');
const THREE_USERS = join(SUITES, 'three-users', 'suite.yaml');

function results(dir: string): ResultsDocument {
  return JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as ResultsDocument;
}

function htmlData(dir: string): ReportData {
  const page = readFileSync(join(dir, 'report.html'), 'utf8');
  const match = /<script type="application\/json" id="report-data">([\s\S]*?)<\/script>/.exec(page);
  assert.ok(match, 'report.html embeds its data');
  return JSON.parse(match[1]!) as ReportData;
}

describe('staleness through the CLI', () => {
  test('stale@5 0.5 and stale_above_current 0.5 in the terminal, results.json, the query rows, report.md and report.html; the gate reads them', async () => {
    const out = tempDir();
    const run = await runCli(['run', STALENESS, '--out', out]);
    // The suite's gate asks stale_above_current <= 0.25: it is 0.5, so the gate fails.
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stdout, /^Staleness over the 2 queries naming an obsolete memory \(1 other left out\), lower is better\./m);
    assert.match(run.stdout, /^keyword\s+all\s+2(\s+0\.500 \[0\.000, 1\.000\] n=2 queries){4}$/m);
    assert.match(run.stdout, /^all\[0\]\s+retrieval\.keyword\.stale@5\s+<= 0\.5\s+0\.500\s.*\spass$/m);
    assert.match(run.stdout, /^all\[1\]\s+retrieval\.keyword\.stale_above_current\s+<= 0\.25\s+0\.500\s.*\sFAIL$/m);
    assert.match(run.stdout, /^all\[2\]\s+retrieval\.keyword\.tag\.place\.stale@5\s+<= 0\s+0\.000\s.*\spass$/m);

    const doc = results(out);
    assert.equal(doc.retrieval!.queries_with_obsolete, 2);
    const staleness = doc.retrieval!.providers.keyword!.staleness!;
    assert.deepEqual(staleness.metrics, { 'stale@1': 0.5, 'stale@3': 0.5, 'stale@5': 0.5, stale_above_current: 0.5 });
    assert.deepEqual(staleness.intervals!.stale_above_current, { ci: [0, 1], n: 2, unit: 'query' });
    assert.deepEqual(Object.keys(staleness.by_tag), ['place', 'update']);

    const rows = readFileSync(join(out, 'queries', 'keyword.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as QueryOutcome);
    assert.deepEqual(
      rows.map((row) => [row.id, row.obsolete, row.metrics['stale@5'], row.metrics.stale_above_current]),
      [
        ['locker', { 'locker-old': 1 }, 1, 1],
        ['city', { 'city-old': null }, 0, 0],
        ['dog', undefined, undefined, undefined],
      ],
    );

    const report = readFileSync(join(out, 'report.md'), 'utf8');
    assert.match(report, /^\| keyword \| all \| 2 \| 0\.500 \[0\.000, 1\.000\] n=2 queries \| 0\.500/m);
    const staleTable = htmlData(out).retrieval!.staleness!;
    assert.deepEqual(
      staleTable.rows.map((row) => row.cells.slice(1, 3)),
      [
        ['all', '2'],
        ['place', '1'],
        ['update', '2'],
      ],
    );
  });

  test('an obsolete id no memory has is refused by validate at its line and column', async () => {
    const dir = tempDir();
    const suite = join(dir, 'suite.yaml');
    writeFileSync(suite, readFileSync(STALENESS, 'utf8').replace('obsolete: [city-old]', 'obsolete: [city-olde]'));
    const run = await runCli(['validate', suite]);
    assert.equal(run.code, 2, run.stdout);
    assert.match(run.stderr, /suite\.yaml:21:99: obsolete memory "city-olde" is not defined \(did you mean "city-old"\?\)/);
  });
});

describe('intervals over users through the CLI', () => {
  test('three users of two queries: every retrieval interval has n = 3 users, and a comparison pairs the users', async () => {
    const [first, second] = [tempDir(), tempDir()];
    const run = await runCli(['run', THREE_USERS, '--out', first]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /; n users, each drawn with all its queries\):\n {2}keyword: recall@1 0\.833 \[0\.500, 1\.000\] n=3 users; recall@3 1\.000 \[1\.000, 1\.000\] n=3 users; mrr 0\.917 \[[\d.]+, [\d.]+\] n=3 users;/);
    const doc = results(first);
    assert.equal(doc.retrieval!.interval_unit, 'user');
    const intervals = Object.values(doc.retrieval!.providers.keyword!.intervals!);
    assert.ok(intervals.length > 0 && intervals.every((interval) => interval.n === 3 && interval.unit === 'user'), JSON.stringify(intervals));
    assert.match(readFileSync(join(first, 'report.md'), 'utf8'), /n users, each drawn with all its queries\.\n\n\| provider \|[^\n]*\n[^\n]*\n\| keyword \| 0\.833 \[0\.500, 1\.000\] n=3 users \|/);
    const html = htmlData(first).retrieval!;
    assert.equal(html.providers[0]!.cells['recall@1'], '0.833 [0.500, 1.000] n=3 users');
    assert.match(html.intro, /n users, each drawn with all its queries\.$/);

    assert.equal((await runCli(['run', THREE_USERS, '--out', second])).code, 0);
    const compare = await runCli(['compare', first, second]);
    assert.equal(compare.code, 0, compare.stderr);
    assert.match(compare.stdout, /^retrieval\.keyword\.mrr\s+0\.917\s+0\.917\s+\+0\.000\s+\[\+0\.000, \+0\.000\]\s+paired, 3 shared users$/m);
    assert.match(compare.stdout, /keyword: 0 worse, 0 better, 6 same of 6 shared; Wilcoxon signed-rank \(exact\) on each user's mean reciprocal-rank change over its shared queries \(3 users\): n=0 non-zero \(3 unchanged\)/);
  });

  test('retrieval.interval_unit: query draws the six queries', async () => {
    const dir = tempDir();
    const suite = join(dir, 'suite.yaml');
    writeFileSync(suite, readFileSync(THREE_USERS, 'utf8').replace('  k: [1, 3]\n', '  k: [1, 3]\n  interval_unit: query\n'));
    const out = join(dir, 'out');
    const run = await runCli(['run', suite, '--out', out]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /; n queries\):\n {2}keyword: recall@1 0\.833 \[[\d.]+, [\d.]+\] n=6 queries;/);
    assert.equal(results(out).retrieval!.interval_unit, 'query');
  });
});
