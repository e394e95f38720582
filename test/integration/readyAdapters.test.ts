import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { readResults } from '../../src/results/folder.js';
import type { ResultsDocument } from '../../src/model/results.js';
import { REPO_ROOT, runCli, tempDir } from '../support/cli.js';
import { startLettaStandIn } from '../support/lettaStandIn.js';
import { answerFromMemories, mem0Extraction, startOpenAIServer, type ChatRequestBody, type OpenAIServer } from '../support/openaiServer.js';

/**
 * The ready adapters of examples/adapters/, each run with the suite in its
 * folder as a user runs it: mem0 and LangGraph through recall-gate's
 * retrieval and e2e layers against the local OpenAI-compatible server (chat
 * and embeddings), Letta through the e2e layer against a local stand-in of
 * Letta's REST API (no Letta server runs here). Their packages live in each folder's own node_modules: without
 * them these tests are skipped, saying so, except in CI (.ci/run installs
 * them), where they must run.
 */

const ADAPTERS = join(REPO_ROOT, 'examples', 'adapters');
const EXAMPLE = join(REPO_ROOT, 'suites', 'examples', 'assistant-memory');

/** Why an adapter's tests cannot run here (its packages, `installed` among them, are missing), or false. */
function notInstalled(name: string, installed: string): string | false {
  if (existsSync(join(ADAPTERS, name, 'node_modules', installed)) || process.env.CI) return false;
  return `examples/adapters/${name} has no node_modules/${installed}: run npm ci in that folder (see its README; .ci/run does)`;
}

/**
 * The adapter's own suite.yaml, made runnable from a temporary folder: its
 * relative paths made absolute, `edit` applied (an extra provider, another
 * option), written to a fresh folder.
 */
function adapterSuite(name: string, edit: (yaml: string) => string = (yaml) => yaml): string {
  const folder = join(ADAPTERS, name);
  const yaml = readFileSync(join(folder, 'suite.yaml'), 'utf8')
    .replaceAll('../../../', `${REPO_ROOT}/`)
    .replaceAll('[node, adapter.mjs, --stdio]', `[${JSON.stringify(process.execPath)}, ${JSON.stringify(join(folder, 'adapter.mjs'))}, --stdio]`);
  const path = join(tempDir('recall-gate-adapter-suite-'), 'suite.yaml');
  writeFileSync(path, edit(yaml));
  return path;
}

async function runSuite(suite: string, server: OpenAIServer, args: string[] = []): Promise<{ results: ResultsDocument; out: string; stdout: string }> {
  const out = tempDir();
  const result = await runCli(['run', suite, '--out', out, ...args], { env: { OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'test-key' } });
  assert.equal(result.code, 0, result.stdout + result.stderr);
  // Per-query rows live in queries/<provider>.jsonl: the folder's reader puts them back.
  return { results: readResults(out, process.cwd()), out, stdout: result.stdout };
}

/** Each memory's user, from the example's memories. */
const ownerOf = new Map(
  readFileSync(join(EXAMPLE, 'memories.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { id: string; user: string })
    .map((memory) => [memory.id, memory.user]),
);

/** Every search hit is one of recall-gate's ids (mapped back from the store's), of the user searched. */
function assertOwnIds(results: ResultsDocument, provider: string): void {
  const scored = results.retrieval!.providers[provider]!;
  assert.equal(scored.status, 'ok', JSON.stringify(scored));
  assert.ok(scored.queries.length > 0);
  for (const query of scored.queries) for (const hit of query.results) assert.equal(ownerOf.get(hit.id), query.user, `${provider}: ${hit.id} for ${query.id}`);
}

/**
 * The e2e layer ran every trial to a verdict, and memory made the
 * difference: the scripted model answers only from the memories put in its
 * prompt, so a probe passes with memory off only where the case needs none
 * (abstention, isolation). Returns the pass rates by condition.
 */
function assertE2e(results: ResultsDocument): Record<string, number> {
  const e2e = results.e2e!;
  assert.equal(e2e.metrics.errors, 0, JSON.stringify(e2e.by_condition));
  const rates = Object.fromEntries(Object.entries(e2e.by_condition).map(([condition, rates]) => [condition, rates!.pass_rate]));
  assert.ok(rates.recall! > rates.none!, `memory earns something: ${JSON.stringify(rates)}`);
  assert.ok(rates.oracle! > rates.none!, `oracle texts reach the model: ${JSON.stringify(rates)}`);
  for (const ability of ['extraction', 'knowledge-update']) assert.equal(e2e.abilities[ability]!.conditions.none!.pass_rate, 0, `${ability} needs memory`);
  // The adapter reports the model that spent the tokens: the cost is priced, not unknown.
  assert.equal(typeof e2e.cost_usd, 'number', 'cost priced by usage.model');
  return rates;
}

test('LangGraph: an InMemoryStore with a semantic index on the endpoint ranks as recall-gate\'s own vector search on the same embeddings, and drives the e2e layer', { skip: notInstalled('langgraph', '@langchain/langgraph/package.json'), timeout: 600_000 }, async (t) => {
  const server = await startOpenAIServer();
  try {
    const suite = adapterSuite('langgraph', (yaml) =>
      yaml.replace('    - { name: keyword, kind: keyword }', `    - { name: endpoint-vector, kind: vector, embedding: { kind: openai, model: text-embedding-3-small, base_url: "${server.url}" } }`),
    );
    const { results } = await runSuite(suite, server, ['--layer', 'all']);
    assertOwnIds(results, 'langgraph');
    const store = results.retrieval!.providers.langgraph!.metrics!;
    const own = results.retrieval!.providers['endpoint-vector']!.metrics!;
    for (const metric of ['recall@1', 'recall@5', 'mrr', 'ndcg@10']) assert.equal(store[metric], own[metric], metric);
    t.diagnostic(`langgraph recall@5 ${store['recall@5']}, mrr ${store.mrr}; e2e pass rates ${JSON.stringify(assertE2e(results))}`);
  } finally {
    await server.close();
  }
});

test('mem0: facts extracted by the LLM (infer on) keep recall-gate\'s ids, in mem0\'s order, and drive the e2e layer', { skip: notInstalled('mem0', 'better-sqlite3/build/Release/better_sqlite3.node'), timeout: 600_000 }, async (t) => {
  const server = await startOpenAIServer({ chat: (request: ChatRequestBody) => mem0Extraction(request) ?? answerFromMemories(request) });
  try {
    const { results } = await runSuite(adapterSuite('mem0'), server, ['--layer', 'all']);
    assertOwnIds(results, 'mem0');
    const metrics = results.retrieval!.providers.mem0!.metrics!;
    t.diagnostic(`mem0 (infer on) recall@5 ${metrics['recall@5']}, mrr ${metrics.mrr}; e2e pass rates ${JSON.stringify(assertE2e(results))}`);
    const extractions = server.requests.filter((request) => request.path === '/v1/chat/completions' && mem0Extraction(request.body as ChatRequestBody) !== undefined);
    assert.ok(extractions.length > 0, 'infer on: mem0 asked the LLM for facts');
  } finally {
    await server.close();
  }
});

/** The scripted reranker's score for a document: shorter is better, an order no embedding gives. */
const rerankScoreOf = (document: string) => Math.round(1000 / (1 + document.length)) / 1000;

test('mem0 with your config file: infer off stores each text as said, and the reranker\'s order is what recall-gate scores', { skip: notInstalled('mem0', 'better-sqlite3/build/Release/better_sqlite3.node'), timeout: 600_000 }, async () => {
  // mem0's llm_reranker asks the LLM for one score per "Query: ...\n\nDocument: ..." message.
  const server = await startOpenAIServer({
    chat: (request: ChatRequestBody) => {
      const document = /^Query: [\s\S]*?\n\nDocument: ([\s\S]*)$/.exec(request.messages.at(-1)?.content ?? '')?.[1];
      return document !== undefined ? String(rerankScoreOf(document)) : (mem0Extraction(request) ?? answerFromMemories(request));
    },
  });
  try {
    const config = join(ADAPTERS, 'mem0', 'mem0.config.example.json');
    const suite = adapterSuite('mem0', (yaml) => yaml.replaceAll('        MEM0_INFER: "true"\n', '').replaceAll('        MEM0_THRESHOLD: "0"\n', `        MEM0_CONFIG: ${JSON.stringify(config)}\n`));
    const { results } = await runSuite(suite, server, ['--layer', 'retrieval']);
    assertOwnIds(results, 'mem0');
    const chats = server.requests.filter((request) => request.path === '/v1/chat/completions').map((request) => request.body as ChatRequestBody);
    assert.ok(chats.every((request) => mem0Extraction(request) === undefined), 'infer off (the file\'s adapter.infer): no fact extraction');
    const texts = new Map(readFileSync(join(EXAMPLE, 'memories.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { id: string; text: string }).map((memory) => [memory.id, memory.text]));
    let reordered = 0;
    for (const query of results.retrieval!.providers.mem0!.queries) {
      const scores = query.results.map((hit) => rerankScoreOf(texts.get(hit.id)!));
      assert.deepEqual(scores, [...scores].sort((a, b) => b - a), `${query.id}: ranked by the reranker`);
      assert.deepEqual(query.results.map((hit) => hit.score), scores, `${query.id}: score is the reranker's`);
      if (query.results.length > 1) reordered++;
    }
    assert.ok(reordered > 0);
  } finally {
    await server.close();
  }
});

test('Letta, against a local stand-in of the REST endpoints its client calls (no Letta server runs here): one agent per user, memory blocks listed, memory_insert reported as memory_ops', { skip: notInstalled('letta', '@letta-ai/letta-client/package.json'), timeout: 600_000 }, async (t) => {
  const letta = await startLettaStandIn();
  try {
    const suite = adapterSuite('letta');
    const out = tempDir();
    const result = await runCli(['run', suite, '--layer', 'e2e', '--out', out], { env: { LETTA_BASE_URL: letta.url } });
    assert.equal(result.code, 0, result.stdout + result.stderr);
    const results = readResults(out, process.cwd());
    const e2e = results.e2e!;
    assert.equal(e2e.metrics.errors, 0, JSON.stringify(e2e.by_condition));
    const rates = Object.fromEntries(Object.entries(e2e.by_condition).map(([condition, rates]) => [condition, rates!.pass_rate]));
    assert.ok(rates.recall! > rates.none!, JSON.stringify(rates));
    assert.ok(rates.oracle! > rates.none!, JSON.stringify(rates));
    t.diagnostic(`letta stand-in e2e pass rates ${JSON.stringify(rates)}`);
    const trials = readFileSync(join(out, 'trials.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { condition: string; invocations?: { memory_ops?: { op: string; label?: string; text?: string }[] }[] });
    const ops = trials.flatMap((trial) => (trial.invocations ?? []).flatMap((invocation) => invocation.memory_ops ?? []));
    assert.ok(ops.length > 0 && ops.every((op) => op.op === 'insert' && op.label === 'human' && op.text), JSON.stringify(ops.slice(0, 3)));
    // Every agent made for a none or oracle turn was deleted after it; one per user remains.
    assert.ok(letta.requests.some((request) => request.method === 'DELETE'));
    assert.ok([...letta.agents.values()].every((agent) => !/-(none|oracle)$/.test(agent.name)));
  } finally {
    await letta.close();
  }
});
