#!/usr/bin/env node
// mem0's OSS Memory (npm mem0ai, `mem0ai/oss`) behind recall-gate's adapter
// protocol. recall-gate's memory ids ride in mem0's metadata (mem0 makes its
// own ids) and are mapped back in search and list; results keep mem0's order,
// the reranker's when one is configured (recall-gate ranks in the order
// returned). The chat model: ../memoryAgent.mjs.
//
//   node adapter.mjs --stdio | --http [--port N] [--config mem0.json] [--infer true|false]
//
// --config FILE (or $MEM0_CONFIG): mem0's own config (llm, embedder,
// vectorStore, reranker, historyStore, ...) as JSON, passed to `new Memory()`
// unchanged but for "${VAR}" strings, read from the environment, and an
// optional "adapter" key with this adapter's options { infer, threshold,
// rerank }. Without a file: mem0's OpenAI LLM and embedder on
// $OPENAI_BASE_URL, an in-memory vector store and history. README.md has it all.

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { serveAdapter } from 'recall-gate/adapter';
import { endpointFromEnv, memoryAgent } from '../memoryAgent.mjs';

// mem0 reads MEM0_TELEMETRY once, when its module loads: off before the import below, unless you say otherwise.
process.env.MEM0_TELEMETRY ??= 'false';
const { Memory } = await import('mem0ai/oss');

/** Where recall-gate's memory id and the session's date ride in a mem0 memory's metadata. */
const ID_KEY = 'recall_gate_id';
const DATE_KEY = 'date';

/** mem0's event on a memory it wrote, as a memory op of the protocol. */
const OP_OF_EVENT = { ADD: 'insert', UPDATE: 'replace', DELETE: 'delete' };

function fail(message) {
  process.stderr.write(`mem0 adapter: ${message}\n`);
  process.exit(2);
}

/** "${VAR}" strings from the environment, anywhere in the file; an unset VAR is an error naming it. */
function substituteEnv(value, file) {
  if (typeof value === 'string') {
    return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name) => process.env[name] ?? fail(`${file}: \${${name}} is not set in the environment`));
  }
  if (Array.isArray(value)) return value.map((item) => substituteEnv(item, file));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substituteEnv(item, file)]));
  return value;
}

function readConfigFile(file) {
  let parsed;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    fail(`cannot read the mem0 config ${file}: ${error.message}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) fail(`${file}: the mem0 config must be a JSON object`);
  const { adapter = {}, ...mem0 } = substituteEnv(parsed, file);
  return { mem0, adapter };
}

/** mem0's config when no file is given: its OpenAI providers on the endpoint, nothing written to disk. */
function configFromEnv(endpoint) {
  const openai = { apiKey: endpoint.apiKey, baseURL: endpoint.baseURL };
  return {
    llm: { provider: 'openai', config: { ...openai, model: endpoint.chatModel } },
    embedder: { provider: 'openai', config: { ...openai, model: endpoint.embeddingModel } },
    vectorStore: { provider: 'memory', config: { collectionName: 'memories', dbPath: ':memory:' } },
    historyStore: { provider: 'sqlite', config: { historyDbPath: ':memory:' } },
  };
}

function booleanOption(raw, name) {
  if (raw === undefined || raw === '' || typeof raw === 'boolean') return raw === '' ? undefined : raw;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  fail(`${name} must be true or false, got ${JSON.stringify(raw)}`);
}

function numberOption(raw, name) {
  if (raw === undefined || raw === '' || typeof raw === 'number') return raw === '' ? undefined : raw;
  const value = Number(raw);
  if (!Number.isFinite(value)) fail(`${name} must be a number, got ${JSON.stringify(raw)}`);
  return value;
}

const { values } = parseArgs({ options: { config: { type: 'string' }, infer: { type: 'string' } }, strict: false, allowPositionals: true });
const endpoint = endpointFromEnv();
const file = values.config ?? process.env.MEM0_CONFIG;
const { mem0: mem0Config, adapter: fileOptions } = file ? readConfigFile(file) : { mem0: configFromEnv(endpoint), adapter: {} };
const options = {
  // mem0's own default: an LLM turns what is said into facts. false stores each text as said.
  infer: booleanOption(values.infer ?? process.env.MEM0_INFER, 'MEM0_INFER / --infer') ?? booleanOption(fileOptions.infer, 'adapter.infer') ?? true,
  // mem0 drops results under its threshold (0.1 unless set).
  threshold: numberOption(process.env.MEM0_THRESHOLD, 'MEM0_THRESHOLD') ?? numberOption(fileOptions.threshold, 'adapter.threshold'),
  // A configured reranker is used unless turned off.
  rerank: booleanOption(process.env.MEM0_RERANK, 'MEM0_RERANK') ?? booleanOption(fileOptions.rerank, 'adapter.rerank') ?? Boolean(mem0Config.reranker),
};
const mem0 = new Memory(mem0Config);

/** A mem0 memory as the protocol shows it: recall-gate's id when it has one, else mem0's. */
function shown(item) {
  const metadata = item.metadata ?? {};
  return { id: String(metadata[ID_KEY] ?? item.id), text: item.memory, ...(metadata[DATE_KEY] ? { date: metadata[DATE_KEY] } : {}) };
}

/** Stores one text for a user; returns what mem0 wrote. */
async function store(user, text, metadata) {
  const { results } = await mem0.add([{ role: 'user', content: text }], { userId: user, metadata, infer: options.infer });
  return results;
}

const memory = {
  /** mem0's order, reranked when a reranker is on; `score` is the reranker's then. */
  async search(user, query, limit) {
    const { results } = await mem0.search(query, { topK: limit, filters: { user_id: user }, rerank: options.rerank, ...(options.threshold !== undefined ? { threshold: options.threshold } : {}) });
    return results.map((item) => ({ ...shown(item), score: item.rerankScore ?? item.score ?? 0 }));
  },
  async remember(user, text, date) {
    const written = await store(user, text, date ? { [DATE_KEY]: date } : {});
    return written.map((item) => ({ op: OP_OF_EVENT[item.metadata?.event] ?? 'insert', text: item.memory }));
  },
  async forget(user) {
    await mem0.deleteAll({ userId: user });
  },
};

await serveAdapter(
  {
    ...memoryAgent(memory, endpoint),
    async add({ user, memories }) {
      // One at a time: with infer on, mem0 reads what it already holds before it writes.
      for (const { id, text, date } of memories) await store(user, text, { [ID_KEY]: id, ...(date ? { [DATE_KEY]: date } : {}) });
    },
    async search({ user, query, limit }) {
      const hits = await memory.search(user, query, limit);
      return { results: hits.map(({ id, text, score }) => ({ id, text, score })) };
    },
    async list({ user }) {
      const { results } = await mem0.getAll({ filters: { user_id: user }, topK: 10_000 });
      return { memories: results.map(shown) };
    },
  },
  { name: 'mem0 adapter' },
);
