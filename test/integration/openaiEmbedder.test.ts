import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { OpenAIEmbedder } from '../../src/embeddings/openai.js';
import { RecallGateError } from '../../src/errors.js';
import { startOpenAIServer, type OpenAIServer } from '../support/openaiServer.js';

let server: OpenAIServer;

before(async () => {
  server = await startOpenAIServer({ apiKey: 'test-key' });
});
after(async () => server.close());

function embedder(overrides: Partial<ConstructorParameters<typeof OpenAIEmbedder>[0]> = {}) {
  return new OpenAIEmbedder({ model: 'text-embedding-3-small', baseURL: server.url, apiKey: 'test-key', maxRetries: 3, ...overrides });
}

function embeddingRequests(since: number) {
  return server.requests.slice(since).filter((request) => request.path === '/v1/embeddings');
}

test('embeds in batches of batch_size, keeping input order', async () => {
  const start = server.requests.length;
  const texts = Array.from({ length: 7 }, (_, i) => `memory number ${i} about topic ${i % 3}`);
  const vectors = await embedder({ batchSize: 3 }).embed(texts);
  const sent = embeddingRequests(start).map((request) => (request.body as { input: string[] }).input);
  assert.deepEqual(sent, [texts.slice(0, 3), texts.slice(3, 6), texts.slice(6)]);
  assert.equal(vectors.length, 7);
  // The server embeds each text on its own, so batching must not change any vector.
  const single = await embedder({ batchSize: 1 }).embed([texts[4]!]);
  assert.deepEqual(Array.from(vectors[4]!), Array.from(single[0]!));
  for (const request of embeddingRequests(start)) assert.equal((request.body as { encoding_format: string }).encoding_format, 'float');
});

test('a 429 with Retry-After is waited out and retried', async () => {
  const start = server.requests.length;
  server.faults.push({ kind: 'status', status: 429, headers: { 'retry-after': '1' } });
  const vectors = await embedder().embed(['hello there']);
  const sent = embeddingRequests(start);
  assert.equal(sent.length, 2);
  const waited = sent[1]!.at - sent[0]!.at;
  assert.ok(waited >= 900, `second attempt came ${waited} ms after the first; Retry-After asked for 1000`);
  assert.equal(vectors.length, 1);
});

test('a 500 then success retries once and succeeds', async () => {
  const start = server.requests.length;
  server.faults.push({ kind: 'status', status: 500 });
  const vectors = await embedder().embed(['a', 'b']);
  assert.equal(embeddingRequests(start).length, 2);
  assert.equal(vectors.length, 2);
});

test('persistent 503 fails after the retries with the status and the endpoint', async () => {
  const start = server.requests.length;
  for (let i = 0; i < 3; i++) server.faults.push({ kind: 'status', status: 503, headers: { 'retry-after-ms': '10' } });
  await assert.rejects(embedder({ maxRetries: 2 }).embed(['x']), (error: unknown) => {
    assert.ok(error instanceof RecallGateError);
    assert.match(error.message, /HTTP 503/);
    assert.match(error.message, new RegExp(server.url.replace(/[.]/g, '\\.')));
    return true;
  });
  assert.equal(embeddingRequests(start).length, 3);
});

test('a Retry-After longer than the cap fails at once instead of hanging', async () => {
  const start = server.requests.length;
  server.faults.push({ kind: 'status', status: 429, headers: { 'retry-after': '3600' } });
  await assert.rejects(embedder().embed(['x']), /HTTP 429/);
  assert.equal(embeddingRequests(start).length, 1);
});

test('a wrong key is a clear error that is not retried', async () => {
  const start = server.requests.length;
  await assert.rejects(embedder({ apiKey: 'wrong' }).embed(['x']), (error: unknown) => {
    assert.ok(error instanceof RecallGateError);
    assert.match(error.message, /HTTP 401/);
    assert.equal(error.hint, 'check the API key');
    return true;
  });
  assert.equal(embeddingRequests(start).length, 1);
});

test('a hanging endpoint times out, is retried, then fails', async () => {
  const start = server.requests.length;
  server.faults.push({ kind: 'hang' }, { kind: 'hang' });
  await assert.rejects(embedder({ timeoutMs: 300, maxRetries: 1 }).embed(['x']), /embeddings request .* failed \(no response\)/);
  assert.equal(embeddingRequests(start).length, 2);
});

test('malformed JSON from the endpoint is an error, not an empty result', async () => {
  server.faults.push({ kind: 'malformed' });
  await assert.rejects(embedder({ maxRetries: 0 }).embed(['x']), (error: unknown) => {
    assert.ok(error instanceof RecallGateError);
    assert.match(error.message, /embeddings request to .* failed/);
    return true;
  });
});

test('no key at all is an error before any request, naming the variable', () => {
  assert.throws(() => new OpenAIEmbedder({ model: 'm', baseURL: server.url }), (error: unknown) => {
    assert.ok(error instanceof RecallGateError);
    assert.match(error.hint ?? '', /OPENAI_API_KEY/);
    return true;
  });
});
