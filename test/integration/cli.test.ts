import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ResultsDocument } from '../../src/model/results.js';
import { runCli, tempDir } from '../support/cli.js';
import { readResults as readFolder } from '../../src/results/folder.js';

/** The results as every reader gets them (per-query rows from queries/). */
const readResults = (dir: string): ResultsDocument => readFolder(dir, process.cwd());
import { startOpenAIServer, type OpenAIServer } from '../support/openaiServer.js';

const EXAMPLE = 'suites/examples/assistant-memory/suite.yaml';

describe('recall-gate run on the example suite (the README command)', () => {
  const out = tempDir();
  let result: Awaited<ReturnType<typeof runCli>>;

  before(async () => {
    result = await runCli(['run', EXAMPLE, '--out', out]);
  });

  test('exits 0 and prints a table for each provider', () => {
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^provider\s+recall@1\s+recall@3\s+recall@5\s+mrr/m);
    assert.match(result.stdout, /^keyword\s+\d\.\d{3}/m);
    assert.match(result.stdout, /^ngram-vector\s+\d\.\d{3}/m);
    assert.match(result.stdout, /wanted .*; got \[/);
  });

  test('writes results.json, report.md, qrels.trec and a run per provider', () => {
    for (const file of ['results.json', 'report.md', 'qrels.trec', 'runs/keyword.trec', 'runs/ngram-vector.trec']) {
      assert.ok(existsSync(join(out, file)), `${file} is missing`);
    }
    const results = readResults(out);
    assert.equal(results.status, 'complete');
    assert.equal(results.suite.name, 'assistant-memory');
    assert.deepEqual(results.retrieval?.k, [1, 3, 5]);
    const keyword = results.retrieval!.providers.keyword!;
    assert.equal(keyword.status, 'ok');
    assert.equal(keyword.queries.length, 18);
    for (const key of ['recall@1', 'recall@5', 'precision@3', 'success@5', 'ndcg@5', 'mrr']) assert.equal(typeof keyword.metrics![key], 'number', key);
    assert.equal(typeof keyword.latency_ms!.p95, 'number');
  });

  test('no search returns another user\'s memory', () => {
    const results = readResults(out);
    const owner = new Map<string, string>();
    for (const line of readFileSync('suites/examples/assistant-memory/memories.jsonl', 'utf8').trim().split('\n')) {
      const memory = JSON.parse(line) as { id: string; user: string };
      owner.set(memory.id, memory.user);
    }
    for (const provider of Object.values(results.retrieval!.providers)) {
      for (const query of provider.queries) for (const hit of query.results) assert.equal(owner.get(hit.id), query.user, `${provider.name} ${query.id} got ${hit.id}`);
    }
  });

  test('the TREC files score to the same means with `score` (what trec_eval -c would read)', async () => {
    const results = readResults(out);
    for (const provider of Object.values(results.retrieval!.providers)) {
      const scored = await runCli(['score', '--qrels', join(out, 'qrels.trec'), '--run', join(out, 'runs', `${provider.name}.trec`), '--k', '1,3,5', '--json']);
      assert.equal(scored.code, 0, scored.stderr);
      const means = (JSON.parse(scored.stdout) as { means: Record<string, number> }).means;
      for (const [metric, value] of Object.entries(provider.metrics!)) {
        assert.equal(means[metric]!.toFixed(4), value.toFixed(4), `${provider.name} ${metric}`);
      }
    }
  });

  test('--json prints results.json to stdout', async () => {
    const again = await runCli(['run', EXAMPLE, '--out', tempDir(), '--json']);
    assert.equal(again.code, 0);
    const printed = JSON.parse(again.stdout) as ResultsDocument;
    assert.equal(printed.retrieval!.providers['ngram-vector']!.metrics!.mrr, readResults(out).retrieval!.providers['ngram-vector']!.metrics!.mrr);
  });
});

describe('invalid input', () => {
  test('an invalid suite exits 2 with file:line:col and runs nothing', async () => {
    const dir = tempDir();
    const suite = join(dir, 'suite.yaml');
    writeFileSync(suite, 'name: broken\nretrieval:\n  providers:\n    - { name: kw, knd: keyword }\n  memories: []\n  queries: []\n');
    const out = join(dir, 'out');
    const result = await runCli(['run', suite, '--out', out], { cwd: dir });
    assert.equal(result.code, 2);
    assert.match(result.stderr, /^suite\.yaml:4:19: unknown key "knd" \(did you mean "kind"\?\)$/m);
    assert.equal(existsSync(out), false, 'nothing may run on an invalid suite');
  });

  test('an unknown flag exits 2 with the usage', async () => {
    const result = await runCli(['run', EXAMPLE, '--bogus']);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /usage: recall-gate run/);
  });

  test('a missing suite file exits 2 and names it', async () => {
    const result = await runCli(['validate', 'no/such/suite.yaml']);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /no\/such\/suite\.yaml:1:1: cannot read no\/such\/suite\.yaml: file not found/);
  });
});

describe('providers behind an OpenAI-compatible embeddings API', () => {
  let server: OpenAIServer;
  before(async () => {
    server = await startOpenAIServer({ apiKey: 'sk-test' });
  });
  after(async () => server.close());

  function suiteWithOpenAI(dir: string): string {
    const path = join(dir, 'suite.yaml');
    writeFileSync(
      path,
      [
        'name: api-suite',
        'retrieval:',
        '  k: [1, 3]',
        '  providers:',
        '    - { name: keyword, kind: keyword }',
        '    - { name: api-vector, kind: vector, embedding: { kind: openai, model: text-embedding-3-small, max_retries: 1, batch_size: 2 } }',
        '  memories:',
        '    - { id: flights, text: "I book flights with an aisle seat." }',
        '    - { id: coffee, text: "My coffee is an oat flat white." }',
        '    - { id: city, text: "I live in Lisbon near the river." }',
        '  queries:',
        '    - { text: "Which seat on my flight?", relevant: [flights] }',
        '    - { text: "What coffee do I drink?", relevant: [coffee] }',
        '',
      ].join('\n'),
    );
    return path;
  }

  test('vectors from the API are scored, with batched requests', async () => {
    const dir = tempDir();
    const start = server.requests.length;
    const result = await runCli(['run', suiteWithOpenAI(dir), '--out', join(dir, 'out')], {
      cwd: dir,
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url },
    });
    assert.equal(result.code, 0, result.stderr);
    const results = readResults(join(dir, 'out'));
    assert.equal(results.retrieval!.providers['api-vector']!.status, 'ok');
    assert.equal(results.retrieval!.providers['api-vector']!.metrics!['recall@1'], 1);
    // 3 memories in batches of 2, then the 2 queries in one batch.
    const batches = server.requests.slice(start).map((request) => (request.body as { input: string[] }).input.length);
    assert.deepEqual(batches, [2, 1, 2]);
  });

  test('an endpoint that keeps failing is an error for that provider only; exit 3; the rest is kept', async () => {
    const dir = tempDir();
    for (let i = 0; i < 2; i++) server.faults.push({ kind: 'status', status: 500, headers: { 'retry-after-ms': '5' } });
    const result = await runCli(['run', suiteWithOpenAI(dir), '--out', join(dir, 'out')], {
      cwd: dir,
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url },
    });
    assert.equal(result.code, 3);
    assert.match(result.stdout, /api-vector: ERROR seeding memories: embeddings request to .* failed \(HTTP 500\)/);
    assert.match(result.stderr, /run incomplete/);
    const results = readResults(join(dir, 'out'));
    assert.equal(results.status, 'incomplete');
    assert.equal(results.retrieval!.providers.keyword!.status, 'ok');
    assert.equal(results.retrieval!.providers['api-vector']!.status, 'error');
    assert.ok(existsSync(join(dir, 'out', 'runs', 'keyword.trec')));
    assert.equal(existsSync(join(dir, 'out', 'runs', 'api-vector.trec')), false);
  });

  test('no API key: the provider errors with what to do; keyword still runs', async () => {
    const dir = tempDir();
    const result = await runCli(['run', suiteWithOpenAI(dir), '--out', join(dir, 'out')], { cwd: dir, env: { OPENAI_BASE_URL: server.url } });
    assert.equal(result.code, 3);
    assert.match(result.stdout, /api-vector: ERROR setting up: no API key .*set OPENAI_API_KEY/);
    assert.equal(readResults(join(dir, 'out')).retrieval!.providers.keyword!.status, 'ok');
  });
});
