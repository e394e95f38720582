import assert from 'node:assert/strict';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { LocalEmbedder } from '../../src/embeddings/local.js';
import { loadTransformers, runtimeDir } from '../../src/embeddings/transformersRuntime.js';
import { RecallGateError } from '../../src/errors.js';
import type { ResultsDocument } from '../../src/model/results.js';
import { REPO_ROOT, runCli, tempDir } from '../support/cli.js';
import { SHARED_RUNTIME_ROOT, cacheRootWithSharedRuntime } from '../support/transformersRuntime.js';

const TINY = join(REPO_ROOT, 'test/fixtures/models/tiny-bert');

interface Tables {
  word_embeddings: number[][];
  token_type_embeddings: number[][];
  examples: { text: string; input_ids: number[] }[];
}
const tables = JSON.parse(readFileSync(join(TINY, 'tables.json'), 'utf8')) as Tables;

/** What the model card says a sentence vector is: the mean over its tokens, L2-normalised. */
function expectedVector(inputIds: number[]): number[] {
  const dimensions = tables.word_embeddings[0]!.length;
  const sum = new Array<number>(dimensions).fill(0);
  for (const id of inputIds) for (let d = 0; d < dimensions; d++) sum[d]! += tables.word_embeddings[id]![d]! + tables.token_type_embeddings[0]![d]!;
  const mean = sum.map((value) => value / inputIds.length);
  const norm = Math.hypot(...mean);
  return mean.map((value) => value / norm);
}

function assertClose(actual: Float32Array, expected: number[], what: string): void {
  assert.equal(actual.length, expected.length, what);
  actual.forEach((value, i) => assert.ok(Math.abs(value - expected[i]!) < 1e-6, `${what}[${i}]: ${value} vs ${expected[i]}`));
}

describe('the local sentence-model embedder (transformers.js, offline, a tiny model)', { timeout: 600_000 }, () => {
  const log: string[] = [];
  before(async () => {
    // The real installer: npm installs the pinned transformers.js into the cache root, once per machine.
    await loadTransformers({ cacheRoot: SHARED_RUNTIME_ROOT, log: (message) => log.push(message) });
  });

  test('the runtime lives in <cache>/transformers/<version>', () => {
    const manifest = JSON.parse(readFileSync(join(runtimeDir(SHARED_RUNTIME_ROOT), 'node_modules/@huggingface/transformers/package.json'), 'utf8'));
    assert.equal(manifest.version, '4.3.2');
  });

  test('tokenises, mean-pools and normalises as the model card says', async () => {
    const embedder = new LocalEmbedder({ model: TINY, cacheRoot: cacheRootWithSharedRuntime(), log: () => undefined, offline: true });
    const vectors = await embedder.embed(tables.examples.map((example) => example.text));
    tables.examples.forEach((example, i) => assertClose(vectors[i]!, expectedVector(example.input_ids), example.text));
    for (const vector of vectors) assert.ok(Math.abs(Math.hypot(...vector) - 1) < 1e-6);
  });

  test('batching and padding do not change any vector', async () => {
    const texts = tables.examples.map((example) => example.text);
    const cacheRoot = cacheRootWithSharedRuntime();
    const one = await new LocalEmbedder({ model: TINY, cacheRoot, log: () => undefined, batchSize: 1 }).embed(texts);
    const three = await new LocalEmbedder({ model: TINY, cacheRoot, log: () => undefined, batchSize: 3 }).embed(texts);
    assert.equal(three.length, texts.length);
    three.forEach((vector, i) => assertClose(vector, Array.from(one[i]!), `text ${i}`));
  });

  test('the id names the folder and a fingerprint of its weights', async () => {
    const embedder = new LocalEmbedder({ model: TINY, cacheRoot: tempDir(), log: () => undefined });
    assert.match(embedder.id, new RegExp(`^local:${TINY.replace(/[/.]/g, '\\$&')}@[0-9a-f]{16}:fp32:mean-normalized$`));
  });

  test('a folder without the model files is a clear error', async () => {
    const empty = tempDir();
    const embedder = new LocalEmbedder({ model: empty, cacheRoot: cacheRootWithSharedRuntime(), log: () => undefined });
    await assert.rejects(embedder.embed(['x']), (error: unknown) => {
      assert.ok(error instanceof RecallGateError);
      assert.match(error.message, new RegExp(`local model folder ${empty} has no config.json`));
      return true;
    });
  });

  test('offline with no cached model: names the model, the cache folder and the ways out', async () => {
    const cacheRoot = cacheRootWithSharedRuntime();
    const embedder = new LocalEmbedder({ model: 'Xenova/all-MiniLM-L6-v2', cacheRoot, log: () => undefined, offline: true });
    await assert.rejects(embedder.embed(['x']), (error: unknown) => {
      assert.ok(error instanceof RecallGateError);
      assert.match(error.message, /model Xenova\/all-MiniLM-L6-v2 is not in the cache/);
      assert.ok(error.message.includes(join(cacheRoot, 'models')));
      assert.match(error.hint ?? '', /local model folder.*ngram.*openai/);
      return true;
    });
  });

  test('run: a suite with keyword, a local model folder and an unreachable hub model; the rest runs, exit 3', async () => {
    const dir = tempDir();
    const suite = join(dir, 'suite.yaml');
    writeFileSync(
      suite,
      [
        'name: local-models',
        'retrieval:',
        '  providers:',
        '    - { name: keyword, kind: keyword }',
        `    - { name: tiny, kind: vector, embedding: { kind: local, model: ./tiny-bert, batch_size: 2 } }`,
        '    - { name: minilm, kind: vector, embedding: { kind: local } }',
        '  memories:',
        '    - { id: home, text: "I live in Lisbon" }',
        '    - { id: coffee, text: "oat milk with no sugar" }',
        '    - { id: travel, text: "flights with an aisle seat" }',
        '  queries:',
        '    - { text: "where do i live", relevant: [home] }',
        '    - { text: "oat milk", relevant: [coffee] }',
        '',
      ].join('\n'),
    );
    // The model folder sits next to the suite, named relative to it.
    symlinkSync(TINY, join(dir, 'tiny-bert'));
    const cacheRoot = cacheRootWithSharedRuntime();
    const runs: ResultsDocument[] = [];
    for (let i = 0; i < 2; i++) {
      const out = join(dir, `out${i}`);
      const result = await runCli(['run', suite, '--out', out, '--cache-dir', cacheRoot], { cwd: dir, env: { RECALL_GATE_OFFLINE: '1' } });
      assert.equal(result.code, 3, result.stderr);
      assert.match(result.stdout, /minilm: ERROR seeding memories: cannot load the local embedding model: model Xenova\/all-MiniLM-L6-v2 is not in the cache/);
      assert.doesNotMatch(result.stderr, /installing/, 'the runtime is found in the cache, not installed again');
      runs.push(JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as ResultsDocument);
    }
    const tiny = runs.map((run) => run.retrieval!.providers.tiny!);
    assert.equal(tiny[0]!.status, 'ok');
    assert.equal(runs[0]!.retrieval!.providers.keyword!.status, 'ok');
    assert.deepEqual((tiny[0]!.diagnostics as { embedding_cache: unknown }).embedding_cache, { hits: 0, misses: 5, corrupt: 0 });
    assert.deepEqual((tiny[1]!.diagnostics as { embedding_cache: unknown }).embedding_cache, { hits: 5, misses: 0, corrupt: 0 });
    assert.deepEqual(tiny[1]!.metrics, tiny[0]!.metrics);
  });
});
