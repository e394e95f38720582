import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ChromaClient } from 'chromadb';
import { createStore } from '../../src/memory/createStore.js';
import { runSuite } from '../../src/runSuite.js';
import { loadSuite } from '../../src/suite/load.js';
import { closedPort } from '../support/adapterProcess.js';
import { REPO_ROOT, runCli, tempDir } from '../support/cli.js';
import { readResults } from '../../src/results/folder.js';
import { chromaRuntimeAvailable, startChromaServer, systemGlibcVersion } from '../support/chromaServer.js';

// CI installs the runtime first (.ci/run), so there a missing runtime is a failure, not a skip.
const skip =
  chromaRuntimeAvailable() || process.env.CI
    ? false
    : `no runtime for the Chroma server (glibc ${systemGlibcVersion() ?? 'unknown'} < 2.38): run scripts/chroma-runtime.sh`;

const EXAMPLE_MEMORIES = join(REPO_ROOT, 'suites/examples/assistant-memory/memories.jsonl');

function writeSuite(dir: string, url: string, extra = ''): string {
  const path = join(dir, 'suite.yaml');
  writeFileSync(
    path,
    [
      'name: chroma-check',
      'retrieval:',
      '  k: [1, 3, 5]',
      '  providers:',
      '    - { name: in-process, kind: vector, embedding: { kind: ngram, dimensions: 256 } }',
      `    - { name: chroma, kind: chroma, url: "${url}", embedding: { kind: ngram, dimensions: 256 }${extra} }`,
      '    - { name: keyword, kind: keyword }',
      `  memories: ${JSON.stringify(EXAMPLE_MEMORIES)}`,
      `  queries: ${JSON.stringify(join(REPO_ROOT, 'suites/examples/assistant-memory/queries.yaml'))}`,
      '',
    ].join('\n'),
  );
  return path;
}

describe('the chroma provider against a real Chroma server', { skip, timeout: 180_000 }, () => {
  let server: Awaited<ReturnType<typeof startChromaServer>>;
  let client: ChromaClient;
  before(async () => {
    server = await startChromaServer();
    client = new ChromaClient({ host: server.host, port: server.port });
  });
  after(async () => server?.stop());

  test('ranks exactly as the in-process vector provider on the same embeddings, per user, and cleans up', async () => {
    const dir = tempDir();
    const result = await runCli(['run', writeSuite(dir, server.url), '--out', join(dir, 'out')], { cwd: dir });
    assert.equal(result.code, 0, result.stdout + result.stderr);
    const results = readResults(join(dir, 'out'), process.cwd());
    const inProcess = results.retrieval!.providers['in-process']!;
    const chroma = results.retrieval!.providers.chroma!;
    assert.equal(chroma.status, 'ok');
    const owner = new Map(
      readFileSync(EXAMPLE_MEMORIES, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { id: string; user: string })
        .map((memory) => [memory.id, memory.user]),
    );
    chroma.queries.forEach((query, i) => {
      const reference = inProcess.queries[i]!;
      assert.deepEqual(
        query.results.map((hit) => hit.id),
        reference.results.map((hit) => hit.id),
        `query ${query.id}`,
      );
      query.results.forEach((hit, rank) => assert.ok(Math.abs(hit.score - reference.results[rank]!.score) < 1e-5, `${query.id} score at rank ${rank + 1}`));
      for (const hit of query.results) assert.equal(owner.get(hit.id), query.user, `${query.id} returned ${hit.id} of another user`);
    });
    assert.deepEqual(chroma.metrics, inProcess.metrics);
    const collections = await client.listCollections();
    assert.deepEqual(
      collections.map((collection) => collection.name).filter((name) => name.startsWith('rg-chroma-check')),
      [],
      'the run removes its collection',
    );
  });

  test('keep_collection leaves the collection, named for suite, provider and run', async () => {
    const dir = tempDir();
    const result = await runCli(['run', writeSuite(dir, server.url, ', keep_collection: true, hnsw: { ef_search: 200 }'), '--out', join(dir, 'out')], { cwd: dir });
    assert.equal(result.code, 0, result.stderr);
    const results = readResults(join(dir, 'out'), process.cwd());
    const chroma = (results.retrieval!.providers.chroma!.diagnostics as { chroma: { collection: string; hnsw: object } }).chroma;
    assert.deepEqual(chroma.hnsw, { space: 'cosine', ef_search: 200 });
    const kept = chroma.collection;
    assert.match(kept, /^rg-chroma-check-chroma-[a-z0-9]+$/);
    const collection = await client.getCollection({ name: kept });
    assert.equal(await collection.count(), 18);
    await client.deleteCollection({ name: kept });
  });

  test('a server that dies mid-run is an error for that provider with the URL; the others stand', async () => {
    const dir = tempDir();
    const doomed = await startChromaServer();
    const suite = loadSuite(writeSuite(dir, doomed.url), dir);
    let searches = 0;
    const { results } = await runSuite(suite, {
      outDir: join(dir, 'out'),
      layer: 'retrieval',
      env: {},
      cacheRoot: tempDir('recall-gate-cache-'),
      cacheEmbeddings: false,
      log: () => undefined,
      createStore: (provider) => {
        const store = createStore(provider, { env: {}, cacheRoot: tempDir(), cacheEmbeddings: false, baseDir: dir, log: () => undefined, suiteName: suite.name, runId: 'killed' });
        if (provider.kind !== 'chroma') return store;
        // Kill the server (SIGKILL, no goodbye) after the third search.
        const search = store.search.bind(store);
        store.search = async (...args) => {
          if (++searches === 4) doomed.kill();
          return search(...args);
        };
        return store;
      },
    }).finally(() => doomed.stop());
    const chroma = results.retrieval!.providers.chroma!;
    assert.equal(chroma.status, 'error');
    assert.match(chroma.error!, new RegExp(`searching: Chroma at ${doomed.url.replace(/[.]/g, '\\.')} failed while searching`));
    assert.match(chroma.error!, /start a server/);
    assert.equal(chroma.queries.length, 3, 'the searches that finished are kept');
    assert.equal(results.retrieval!.providers['in-process']!.status, 'ok');
    assert.equal(results.retrieval!.providers.keyword!.status, 'ok');
    assert.equal(results.status, 'incomplete');
  });

  test('no server at the URL: the provider errors with what to do, exit 3, the rest runs', async () => {
    const dir = tempDir();
    const url = `http://127.0.0.1:${await closedPort()}`;
    const result = await runCli(['run', writeSuite(dir, url), '--out', join(dir, 'out')], { cwd: dir });
    assert.equal(result.code, 3);
    assert.match(result.stdout, new RegExp(`chroma: ERROR setting up: Chroma at ${url.replace(/[.]/g, '\\.')} failed while creating the collection: .*start a server`));
    assert.match(result.stdout, /^keyword\s+\d\.\d{3}/m);
  });
});
