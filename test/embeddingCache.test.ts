import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { CachedEmbedder, EmbeddingCache } from '../src/embeddings/cache.js';
import { NgramEmbedder } from '../src/embeddings/ngram.js';
import type { Embedder } from '../src/embeddings/types.js';
import { REPO_ROOT, runCli, tempDir } from './support/cli.js';

/** The n-gram embedder, counting which texts it was asked for. */
class CountingEmbedder implements Embedder {
  readonly id = 'counting:ngram';
  readonly normalized = true;
  readonly asked: string[] = [];
  private readonly inner = new NgramEmbedder({ dimensions: 32 });

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    this.asked.push(...texts);
    return this.inner.embed(texts);
  }
}

function cached(dir: string, maxBytes?: number) {
  const inner = new CountingEmbedder();
  const cache = new EmbeddingCache(dir, inner.id, maxBytes);
  return { inner, embedder: new CachedEmbedder(inner, cache), cache };
}

function segmentFiles(dir: string): string[] {
  const spaces = join(dir, 'embeddings');
  return readdirSync(spaces).flatMap((space) =>
    readdirSync(join(spaces, space))
      .filter((name) => name.endsWith('.seg'))
      .map((name) => join(spaces, space, name)),
  );
}

test('a second run embeds nothing; a changed text is the only one embedded', async () => {
  const dir = tempDir();
  const texts = ['I live in Lisbon.', 'Oat flat white, no sugar.', 'Aisle seat, never a red-eye.'];
  const first = cached(dir);
  const cold = await first.embedder.embed(texts);
  assert.deepEqual(first.inner.asked, texts);

  const second = cached(dir);
  const warm = await second.embedder.embed(texts);
  assert.deepEqual(second.inner.asked, []);
  assert.deepEqual(second.cache.stats, { hits: 3, misses: 0, corrupt: 0 });
  warm.forEach((vector, i) => assert.deepEqual(Array.from(vector), Array.from(cold[i]!)));

  const third = cached(dir);
  await third.embedder.embed([texts[0]!, 'Oat flat white, one sugar.', texts[2]!]);
  assert.deepEqual(third.inner.asked, ['Oat flat white, one sugar.']);
});

test('repeated texts in one call are embedded once', async () => {
  const { inner, embedder } = cached(tempDir());
  const vectors = await embedder.embed(['same', 'same', 'other']);
  assert.deepEqual(inner.asked, ['same', 'other']);
  assert.deepEqual(Array.from(vectors[0]!), Array.from(vectors[1]!));
});

test('different embedding spaces never share entries', async () => {
  const dir = tempDir();
  await cached(dir).embedder.embed(['hello']);
  const other = new CountingEmbedder();
  Object.defineProperty(other, 'id', { value: 'counting:other-model' });
  await new CachedEmbedder(other, new EmbeddingCache(dir, other.id)).embed(['hello']);
  assert.deepEqual(other.asked, ['hello']);
});

test('a corrupt entry is recomputed, the intact ones are still used', async () => {
  const dir = tempDir();
  await cached(dir).embedder.embed(['first memory', 'second memory']);
  const [segment] = segmentFiles(dir);
  const bytes = readFileSync(segment!);
  // Flip a byte inside the first entry's vector (after the 6-byte magic and 40-byte header).
  bytes[6 + 40 + 3]! ^= 0xff;
  writeFileSync(segment!, bytes);

  const again = cached(dir);
  const vectors = await again.embedder.embed(['first memory', 'second memory']);
  assert.deepEqual(again.inner.asked, ['first memory']);
  assert.equal(again.cache.stats.corrupt, 1);
  const fresh = await new NgramEmbedder({ dimensions: 32 }).embed(['first memory']);
  assert.deepEqual(Array.from(vectors[0]!), Array.from(fresh[0]!));
});

test('a truncated segment loses only its torn tail', async () => {
  const dir = tempDir();
  await cached(dir).embedder.embed(['one', 'two', 'three']);
  const [segment] = segmentFiles(dir);
  const bytes = readFileSync(segment!);
  writeFileSync(segment!, bytes.subarray(0, bytes.length - 10));
  const again = cached(dir);
  await again.embedder.embed(['one', 'two', 'three']);
  assert.deepEqual(again.inner.asked, ['three']);
});

test('the cache stays within its size bound by dropping the oldest segments', async () => {
  const dir = tempDir();
  // Each entry is 40 + 32 * 4 = 168 bytes; allow about three segments of one entry.
  for (let i = 0; i < 10; i++) {
    const { embedder } = cached(dir, 600);
    await embedder.embed([`text number ${i}`]);
  }
  const total = segmentFiles(dir).reduce((sum, file) => sum + readFileSync(file).length, 0);
  assert.ok(total <= 600, `cache holds ${total} bytes`);
  const last = cached(dir, 600);
  await last.embedder.embed(['text number 9', 'text number 0']);
  assert.deepEqual(last.inner.asked, ['text number 0'], 'the newest entry is kept, the oldest evicted');
});

test('many segments are merged into one without losing entries', async () => {
  const dir = tempDir();
  for (let i = 0; i < 20; i++) await cached(dir).embedder.embed([`entry ${i}`]);
  assert.ok(segmentFiles(dir).length <= 17, `${segmentFiles(dir).length} segments`);
  const check = cached(dir);
  await check.embedder.embed(Array.from({ length: 20 }, (_, i) => `entry ${i}`));
  assert.deepEqual(check.inner.asked, []);
});

test('two processes filling the same cache at once both succeed, and all entries survive', async () => {
  const dir = tempDir();
  const script = (offset: number) => `
    import { CachedEmbedder, EmbeddingCache } from ${JSON.stringify(join(REPO_ROOT, 'build/src/embeddings/cache.js'))};
    import { NgramEmbedder } from ${JSON.stringify(join(REPO_ROOT, 'build/src/embeddings/ngram.js'))};
    const inner = new NgramEmbedder({ dimensions: 32 });
    for (let round = 0; round < 25; round++) {
      const embedder = new CachedEmbedder(inner, new EmbeddingCache(${JSON.stringify(dir)}, inner.id));
      await embedder.embed(Array.from({ length: 5 }, (_, i) => 'text ' + (${offset} + round * 5 + i)));
    }`;
  const run = (offset: number) =>
    new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script(offset)], { stdio: ['ignore', 'ignore', 'inherit'] });
      child.on('close', resolve);
    });
  assert.deepEqual(await Promise.all([run(0), run(1000)]), [0, 0]);
  const inner = new NgramEmbedder({ dimensions: 32 });
  const counting = new CountingEmbedder();
  Object.defineProperty(counting, 'id', { value: inner.id });
  const check = new CachedEmbedder(counting, new EmbeddingCache(dir, inner.id));
  const all = [...Array.from({ length: 125 }, (_, i) => `text ${i}`), ...Array.from({ length: 125 }, (_, i) => `text ${1000 + i}`)];
  await check.embed(all);
  // A merge in one process may race a new segment of the other; nothing may be lost but what that race allows.
  assert.ok(counting.asked.length <= 10, `${counting.asked.length} of 250 entries were lost`);
});

test('run --no-cache writes no cache; the default run fills it and a second run hits it', async () => {
  const cacheDir = tempDir('recall-gate-cache-');
  const suite = 'suites/examples/assistant-memory/suite.yaml';
  const off = await runCli(['run', suite, '--out', tempDir(), '--no-cache'], { env: { RECALL_GATE_CACHE_DIR: cacheDir } });
  assert.equal(off.code, 0, off.stderr);
  assert.equal(existsSync(join(cacheDir, 'embeddings')), false);

  const runs = [];
  for (let i = 0; i < 2; i++) {
    const out = tempDir();
    const result = await runCli(['run', suite, '--out', out], { env: { RECALL_GATE_CACHE_DIR: cacheDir } });
    assert.equal(result.code, 0, result.stderr);
    runs.push(JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')).retrieval.providers['ngram-vector']);
  }
  assert.deepEqual(runs[0].diagnostics.embedding_cache, { hits: 0, misses: 36, corrupt: 0 });
  assert.deepEqual(runs[1].diagnostics.embedding_cache, { hits: 36, misses: 0, corrupt: 0 });
  assert.deepEqual(runs[1].metrics, runs[0].metrics);
});
