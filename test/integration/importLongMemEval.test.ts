import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { REPO_ROOT, runCli, tempDir } from '../support/cli.js';

const FIXTURES = join(REPO_ROOT, 'test/fixtures/import/longmemeval');
const jsonl = (path: string) => readFileSync(path, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);

test('import longmemeval --e2e writes the retrieval rows, cases with judge rubrics, the judge model and a report of what was left out', async () => {
  const out = join(tempDir(), 'lme');
  const result = await runCli(['import', 'longmemeval', join(FIXTURES, 'clean.json'), '--out', out, '--e2e']);
  assert.equal(result.code, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /read: 7 instances, 15 sessions, 34 turns\nkept: 17 memories, 7 queries, 6 cases\n/);
  assert.match(result.stderr, /clean\.json:asst_51c2: skipped: single-session-assistant: no e2e case/);
  const suite = parse(readFileSync(join(out, 'suite.yaml'), 'utf8')) as { e2e: { judge: { model: string }; conditions: string[] } };
  assert.deepEqual(suite.e2e.judge, { model: 'gpt-4o-2024-08-06' });
  assert.deepEqual(suite.e2e.conditions, ['recall', 'none', 'oracle']);
  const queries = jsonl(join(out, 'queries.jsonl'));
  assert.deepEqual(queries.map((query) => [query.id, query.relevant]).filter(([, relevant]) => (relevant as string[]).length === 0), [
    ['asst_51c2', []],
    ['e47becba_abs', []],
  ]);
  const cases = parse(readFileSync(join(out, 'cases.yaml'), 'utf8')) as { name: string; check: { judge: { rubric: string } } }[];
  assert.equal(cases.length, 6);
  assert.ok(cases.every((spec) => spec.check.judge.rubric.length > 0));
  const report = JSON.parse(readFileSync(join(out, 'import-report.json'), 'utf8')) as { skipped: { by_kind: Record<string, number> } };
  assert.equal(Object.values(report.skipped.by_kind).reduce((sum, count) => sum + count, 0), 1);
});

test('an imported LongMemEval suite runs unchanged: session unit, n-gram vector and rank_bm25 with figures for every query, keyword (which finds nothing here) an error', async () => {
  const dir = tempDir();
  const imported = await runCli(['import', 'longmemeval', join(FIXTURES, 'quirks.json'), '--out', join(dir, 'suite'), '--unit', 'session']);
  assert.equal(imported.code, 0, imported.stdout + imported.stderr);
  assert.match(imported.stdout, /repaired: 13\n/);
  const run = await runCli(['run', join(dir, 'suite', 'suite.yaml'), '--out', join(dir, 'results')]);
  // Every question of the fixture is "What did I mention?" and every memory "I mentioned <id> here.": once
  // stop words are gone, "mention" is not "mentioned" to the S-stemmer, so the keyword provider finds
  // nothing for any of the 10 queries, which is that provider's error (it measured nothing), not a score of 0.
  assert.equal(run.code, 3, run.stdout + run.stderr);
  assert.match(run.stdout, /keyword: ERROR searching: provider keyword was given 12 memories, yet every one of its 10 searches came back empty/);
  const results = JSON.parse(readFileSync(join(dir, 'results', 'results.json'), 'utf8')) as {
    retrieval: { query_count: number; memory_count: number; providers: Record<string, { status: string; metrics: Record<string, number> }> };
  };
  assert.equal(results.retrieval.query_count, 10);
  assert.equal(results.retrieval.memory_count, 12);
  assert.deepEqual(Object.keys(results.retrieval.providers), ['keyword', 'ngram-vector', 'rank_bm25']);
  assert.deepEqual(Object.entries(results.retrieval.providers).map(([name, provider]) => [name, provider.status]), [['keyword', 'error'], ['ngram-vector', 'ok'], ['rank_bm25', 'ok']]);
  // Each user's haystack is a session or three, one of them relevant: the n-gram index finds it within 5.
  assert.equal(results.retrieval.providers['ngram-vector']?.metrics['success@5'], 1);
});

test('--strict refuses at the first record that needs a repair, names it, and leaves no folder; another shape is refused naming what is missing', async () => {
  const dir = tempDir();
  const strict = await runCli(['import', 'longmemeval', join(FIXTURES, 'quirks.json'), '--out', join(dir, 'strict'), '--strict']);
  assert.equal(strict.code, 2);
  assert.match(strict.stderr, /quirks\.json:quirk_lengths: haystack lists of different lengths: sessions past the shortest dropped \(2 ids, 1 dates, 2 sessions\)/);
  assert.equal(existsSync(join(dir, 'strict')), false);

  const plural = await runCli(['import', 'longmemeval', join(FIXTURES, 'plural-keys.json'), '--out', join(dir, 'plural')]);
  assert.equal(plural.code, 2);
  assert.match(plural.stderr, /plural-keys\.json:852ce960: skipped: missing required fields \(no "question", "answer"; it has "questions", "answers"/);
  assert.match(plural.stderr, /no memories and queries to import/);

  const object = await runCli(['import', 'longmemeval', join(FIXTURES, 'object.json'), '--out', join(dir, 'object')]);
  assert.equal(object.code, 2);
  assert.match(object.stderr, /object\.json:1: not a JSON array \(it does not begin with "\["\)/);
  assert.doesNotMatch(object.stderr + plural.stderr + strict.stderr, /\n\s+at /);
});
