import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { readResults } from '../../src/results/folder.js';
import type { ResultsDocument } from '../../src/model/results.js';
import { runCli, tempDir } from '../support/cli.js';

const SUITE = 'test/fixtures/suites/scoring/suite.yaml';

/**
 * The scoring suite through the CLI, as users run it: sessions as groups, one
 * query with relevant: [] (car), tags, run --by-tag. Keyword (BM25) ranks, by hand:
 *   cat:     s1_1 first                      -> recall@1 1, recall_all@1 1
 *   lisbon:  one of s2_1 / s2_2 first, both in the top 3
 *                                            -> recall@1 1/2, recall_all@1 0, recall_all@3 1;
 *            at group level s2 is first     -> group_recall_all@1 1
 *   dentist: s3_1 first                      -> 1 everywhere
 *   car:     no relevant memory              -> left out: means over 3 queries
 * so recall@1 = (1 + 0.5 + 1) / 3 = 0.833, recall_all@1 = 2/3, group_recall_all@1 = 1,
 * precision@3 = (1/3 + 2/3 + 1/3) / 3 = 0.444, group_precision@3 = 1/3 (three groups returned).
 */
describe('run with groups, a query without relevant memory and --by-tag', () => {
  const out = tempDir();
  let result: Awaited<ReturnType<typeof runCli>>;
  let results: ResultsDocument;

  before(async () => {
    result = await runCli(['run', SUITE, '--out', out, '--by-tag']);
    // Per-query rows live in queries/<provider>.jsonl: the folder's reader puts them back.
    results = readResults(out, process.cwd());
  });

  test('the query without relevant memory is counted and left out of every mean and interval', () => {
    assert.equal(result.code, 0, result.stderr);
    const retrieval = results.retrieval!;
    assert.equal(retrieval.queries_without_relevant, 1);
    assert.equal(retrieval.query_count, 4);
    const keyword = retrieval.providers.keyword!;
    assert.deepEqual(keyword.queries.find((query) => query.id === 'car')!.metrics, {}, 'no metric for a query with nothing to find');
    assert.equal(keyword.metrics!['recall@1']!.toFixed(3), '0.833');
    assert.equal(keyword.metrics!['recall_all@1']!.toFixed(3), '0.667');
    assert.equal(keyword.metrics!['recall_all@3'], 1);
    assert.equal(keyword.metrics!['precision@3']!.toFixed(3), '0.444');
    assert.equal(keyword.intervals!['recall@1']!.n, 3);
    // pets holds cat and car: only cat is scored
    assert.equal(keyword.by_tag!.pets!.queries, 1);
    assert.equal(keyword.by_tag!.family!.metrics['recall_all@1'], 0.5);
  });

  test('group metrics beside the memory-level ones, under the group_ names', () => {
    const metrics = results.retrieval!.providers.keyword!.metrics!;
    assert.equal(results.retrieval!.group_metrics, true);
    assert.equal(metrics['group_recall_all@1'], 1);
    assert.equal(metrics.group_mrr, 1);
    assert.equal(metrics['group_precision@3']!.toFixed(3), '0.333');
  });

  test('terminal: the count in words, and every metric by tag', () => {
    assert.match(result.stdout, /1 query has no relevant memory and is left out of the means/);
    assert.match(result.stdout, /^keyword by tag: Every metric over the queries of each tag \(queries in brackets\)\.$/m);
    assert.match(result.stdout, /^metric\s+all \(3\)\s+family \(2\)\s+pets \(1\)$/m);
    assert.match(result.stdout, /^recall_all@1\s+0\.667\s+0\.500\s+1\.000$/m);
    assert.match(result.stdout, /^group_recall_all@1\s+1\.000\s+1\.000\s+1\.000$/m);
    assert.doesNotMatch(result.stdout, /car "What car/, 'a query with nothing to find is not a miss');
  });

  test('report.md: the count, and the per-tag tables without --by-tag too', async () => {
    const plain = tempDir();
    const again = await runCli(['run', SUITE, '--out', plain]);
    assert.equal(again.code, 0, again.stderr);
    assert.doesNotMatch(again.stdout, /by tag/, 'the terminal shows tags only when asked');
    const report = readFileSync(join(plain, 'report.md'), 'utf8');
    assert.match(report, /1 query has no relevant memory and is left out of the means/);
    assert.match(report, /^\| metric \| all \(3\) \| family \(2\) \| pets \(1\) \|$/m);
    assert.match(report, /^\| group_mrr \| 1\.000 \| 1\.000 \| 1\.000 \|$/m);
  });
});
