#!/usr/bin/env node
// The adapter between recall-gate and your mem0 memory: recall-gate calls it
// over JSON-RPC (suite.yaml starts `node adapter.mjs --stdio`). The retrieval
// layer seeds and searches your mem0 `Memory`; the e2e layer plays each turn
// to your agent (agent.mjs) with what mem0 recalled, then stores the turn in
// mem0 as your agent would.
//
// YOUR MEMORY: mem0.config.json beside this file is your mem0 config, given
// to `new Memory()` as it is (llm, embedder, vectorStore, historyStore,
// reranker, ...), but for "${VAR}" (or "${VAR:-default}") strings, read from
// the environment. Use the same config your agent uses; MEM0_CONFIG names
// another file.
// YOUR AGENT: agent.mjs. serve.mjs is the protocol side (no need to change it).

import { readFileSync } from 'node:fs';
import { serveMemoryAdapter } from './serve.mjs';

// mem0 reads MEM0_TELEMETRY when it loads: off unless you say otherwise.
process.env.MEM0_TELEMETRY ??= 'false';
const { Memory } = await import('mem0ai/oss');

/** Where recall-gate's memory id and the session's date ride in a mem0 memory's metadata (mem0 makes its own ids). */
const ID_KEY = 'recall_gate_id';
const DATE_KEY = 'date';
/** mem0's event on a memory it wrote, as a memory op of the protocol. */
const OP_OF_EVENT = { ADD: 'insert', UPDATE: 'replace', DELETE: 'delete' };

/** "${VAR}" and "${VAR:-default}" anywhere in the config, from the environment; an unset VAR without a default is an error naming it. */
function fromEnv(value) {
  if (typeof value === 'string') {
    return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g, (_, name, fallback) => {
      const found = process.env[name] || fallback;
      if (found === undefined) throw new Error(`mem0 config: \${${name}} is not set (add it to suite.yaml's env:)`);
      return found;
    });
  }
  if (Array.isArray(value)) return value.map(fromEnv);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fromEnv(item)]));
  return value;
}

const configFile = process.env.MEM0_CONFIG || new URL('./mem0.config.json', import.meta.url);
const mem0 = new Memory(fromEnv(JSON.parse(readFileSync(configFile, 'utf8'))));

/** A mem0 memory as recall-gate sees it: its id when recall-gate seeded it, else mem0's. */
function shown(item) {
  const metadata = item.metadata ?? {};
  return { id: String(metadata[ID_KEY] ?? item.id), text: item.memory, ...(metadata[DATE_KEY] ? { date: metadata[DATE_KEY] } : {}) };
}

await serveMemoryAdapter(
  {
    async search(user, query, limit) {
      const { results } = await mem0.search(query, { topK: limit, filters: { user_id: user } });
      // mem0's order (its reranker's, when the config has one): recall-gate scores the order returned.
      return results.map((item) => ({ ...shown(item), score: item.rerankScore ?? item.score ?? 0 }));
    },
    async remember(user, text, date) {
      const { results } = await mem0.add([{ role: 'user', content: text }], { userId: user, metadata: date ? { [DATE_KEY]: date } : {} });
      return results.map((item) => ({ op: OP_OF_EVENT[item.metadata?.event] ?? 'insert', text: item.memory }));
    },
    async add(user, memories) {
      // One at a time: mem0 reads what it holds before it writes.
      for (const { id, text, date } of memories) await mem0.add([{ role: 'user', content: text }], { userId: user, metadata: { [ID_KEY]: id, ...(date ? { [DATE_KEY]: date } : {}) } });
    },
    async list(user) {
      const { results } = await mem0.getAll({ filters: { user_id: user }, topK: 10_000 });
      return results.map(shown);
    },
    async forget(user) {
      await mem0.deleteAll({ userId: user });
    },
  },
  { name: 'mem0 adapter' },
);
