import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ChromaClient, ChromaConnectionError, ChromaNotFoundError } from 'chromadb';
import { chromaRuntimeAvailable, startChromaServer, systemGlibcVersion } from '../support/chromaServer.js';

// CI installs the runtime first (.ci/run), so there a missing runtime is a failure, not a skip.
const skip =
  chromaRuntimeAvailable() || process.env.CI
    ? false
    : `no runtime for the Chroma server (system glibc ${systemGlibcVersion() ?? 'unknown'} < 2.38): run scripts/chroma-runtime.sh`;

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

/** Collects console.warn output: the client warns when it falls back to @chroma-core/default-embed. */
async function withWarnings<T>(run: () => Promise<T>): Promise<{ value: T; warnings: string[] }> {
  const warnings: string[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
  try {
    return { value: await run(), warnings };
  } finally {
    console.warn = original;
  }
}

test('a real Chroma server: cosine collection, precomputed embeddings, where filter', { skip, timeout: 120_000 }, async () => {
  const server = await startChromaServer();
  try {
    const heartbeat = await fetch(`${server.url}/api/v2/heartbeat`);
    assert.equal(heartbeat.status, 200);
    assert.equal(typeof ((await heartbeat.json()) as Record<string, unknown>)['nanosecond heartbeat'], 'number');

    const client = new ChromaClient({ host: server.host, port: server.port, ssl: false });
    assert.equal(typeof (await client.heartbeat()), 'number');

    const { value: collection, warnings } = await withWarnings(() =>
      client.createCollection({
        name: 'memories-test',
        configuration: { hnsw: { space: 'cosine' } },
        embeddingFunction: null,
        metadata: { purpose: 'integration test' },
      }),
    );
    assert.deepEqual(warnings, [], 'the client must not try to load @chroma-core/default-embed');
    assert.equal(collection.configuration.hnsw?.space, 'cosine');
    assert.equal(collection.embeddingFunction, undefined);

    await collection.add({
      ids: ['a1', 'a2', 'b1'],
      embeddings: [
        [1, 0, 0],
        [0.6, 0.8, 0],
        [1, 0, 0],
      ],
      metadatas: [{ user: 'a' }, { user: 'a' }, { user: 'b' }],
      documents: ['likes tea', 'lives in Lyon', 'likes coffee'],
    });
    assert.equal(await collection.count(), 3);

    const filtered = await collection.query({
      queryEmbeddings: [[2, 0, 0]], // cosine ignores length
      nResults: 3,
      where: { user: 'a' },
      include: ['distances', 'metadatas', 'documents'],
    });
    assert.deepEqual(filtered.ids, [['a1', 'a2']]);
    assert.deepEqual(filtered.metadatas, [[{ user: 'a' }, { user: 'a' }]]);
    assert.deepEqual(filtered.documents, [['likes tea', 'lives in Lyon']]);
    const [d1, d2] = filtered.distances[0] ?? [];
    assert.ok(Math.abs((d1 ?? NaN) - 0) < 1e-5, `cosine distance to an identical direction is 0, got ${d1}`);
    assert.ok(Math.abs((d2 ?? NaN) - 0.4) < 1e-5, `cosine distance is 1 - 0.6 = 0.4, got ${d2}`);

    // Without the filter, user b's identical vector comes back too.
    const unfiltered = await collection.query({ queryEmbeddings: [[1, 0, 0]], nResults: 3, include: ['distances'] });
    assert.deepEqual([...(unfiltered.ids[0] ?? [])].sort(), ['a1', 'a2', 'b1']);

    // Operators in where: $and / $in.
    const withOperators = await collection.query({
      queryEmbeddings: [[0, 1, 0]],
      nResults: 1,
      where: { $and: [{ user: { $in: ['a', 'c'] } }, { user: { $ne: 'b' } }] },
    });
    assert.deepEqual(withOperators.ids, [['a2']]);

    // Reopening by name with no embedding function does not load default-embed either.
    const { value: reopened, warnings: reopenWarnings } = await withWarnings(() => client.getCollection({ name: 'memories-test' }));
    assert.deepEqual(reopenWarnings, []);
    assert.equal(await reopened.count(), 3);

    await client.deleteCollection({ name: 'memories-test' });
    await assert.rejects(client.getCollection({ name: 'memories-test' }), ChromaNotFoundError);
    assert.deepEqual(
      (await client.listCollections()).map((c) => c.name),
      [],
    );
  } finally {
    await server.stop();
  }
  assert.equal(server.exited, true);
  assert.equal(pidAlive(server.pid), false, `server pid ${server.pid} should be gone after stop()`);
  assert.equal(existsSync(server.dataDir), false, 'the temporary data dir is removed by stop()');
});

test('kill() makes the server die at once; clients then get ChromaConnectionError', { skip, timeout: 120_000 }, async () => {
  const server = await startChromaServer();
  try {
    const client = new ChromaClient({ host: server.host, port: server.port });
    const collection = await client.createCollection({ name: 'doomed', embeddingFunction: null });
    await collection.add({ ids: ['x'], embeddings: [[1, 2, 3]] });
    server.kill();
    await assert.rejects(collection.query({ queryEmbeddings: [[1, 2, 3]], nResults: 1 }), ChromaConnectionError);
  } finally {
    await server.stop();
  }
  assert.equal(pidAlive(server.pid), false);
});

test('stop() is idempotent and a given dataDir is kept (and reused by the next server)', { skip, timeout: 120_000 }, async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'recall-gate-chroma-keep-'));
  try {
    const first = await startChromaServer({ dataDir });
    const client = new ChromaClient({ host: first.host, port: first.port });
    const collection = await client.createCollection({ name: 'kept', embeddingFunction: null, configuration: { hnsw: { space: 'cosine' } } });
    await collection.add({ ids: ['k'], embeddings: [[0, 1]], metadatas: [{ user: 'a' }] });
    await Promise.all([first.stop(), first.stop()]);
    assert.equal(existsSync(dataDir), true);

    const second = await startChromaServer({ dataDir });
    try {
      const again = new ChromaClient({ host: second.host, port: second.port });
      const kept = await again.getCollection({ name: 'kept' });
      assert.equal(await kept.count(), 1);
      assert.equal(kept.configuration.hnsw?.space, 'cosine');
    } finally {
      await second.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
