#!/usr/bin/env node
// The adapter between recall-gate and your LangGraph store: recall-gate calls
// it over JSON-RPC (suite.yaml starts `node adapter.mjs --stdio`). The
// retrieval layer seeds and searches your store; the e2e layer plays each
// turn to your agent (agent.mjs) with what the store recalled, then stores
// the turn in the store as your agent would.
//
// YOUR STORE: store.mjs. YOUR AGENT: agent.mjs. serve.mjs is the protocol
// side (no need to change it).

/* global fetch */

import { randomUUID } from 'node:crypto';
import { Embeddings } from '@langchain/core/embeddings';
import { serveMemoryAdapter } from './serve.mjs';
import { createStore } from './store.mjs';

/** The store's page size when listing a user's memories. */
const PAGE = 100;

/** LangChain embeddings on the OpenAI-compatible endpoint's embeddings API (OPENAI_BASE_URL, OPENAI_API_KEY, EMBEDDING_MODEL). */
class EndpointEmbeddings extends Embeddings {
  constructor() {
    super({});
    this.baseURL = (process.env.OPENAI_BASE_URL || 'https://api.openai.com/v1').replace(/\/+$/, '');
    this.model = process.env.EMBEDDING_MODEL || 'text-embedding-3-small';
  }
  async embedDocuments(texts) {
    const key = process.env.OPENAI_API_KEY;
    const response = await fetch(`${this.baseURL}/embeddings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
      body: JSON.stringify({ model: this.model, input: texts }),
    });
    const body = await response.text();
    if (!response.ok) throw new Error(`the embeddings endpoint answered ${response.status}: ${body.slice(0, 300)}`);
    return JSON.parse(body).data.sort((a, b) => a.index - b.index).map((row) => row.embedding);
  }
  async embedQuery(text) {
    return (await this.embedDocuments([text]))[0];
  }
}

const embeddings = new EndpointEmbeddings();
// The index wants the vectors' size: $EMBEDDING_DIMS, else one embedding tells.
const dims = Number(process.env.EMBEDDING_DIMS) || (await embeddings.embedQuery('dimensions')).length;
const store = await createStore({ embeddings, dims });
const namespace = (user) => [user, 'memories'];

async function all(user) {
  const items = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await store.search(namespace(user), { limit: PAGE, offset });
    items.push(...page);
    if (page.length < PAGE) return items;
  }
}

const put = (user, id, text, date) => store.put(namespace(user), id, date ? { text, date } : { text });
const shown = (item) => ({ id: item.key, text: item.value.text, ...(item.value.date ? { date: item.value.date } : {}) });

await serveMemoryAdapter(
  {
    async search(user, query, limit) {
      // The store's order: recall-gate scores the order returned.
      const hits = await store.search(namespace(user), { query, limit });
      return hits.map((item) => ({ ...shown(item), score: item.score ?? 0 }));
    },
    async remember(user, text, date) {
      await put(user, randomUUID(), text, date);
      return [{ op: 'insert', text }];
    },
    async add(user, memories) {
      for (const { id, text, date } of memories) await put(user, id, text, date);
    },
    async list(user) {
      return (await all(user)).map(shown);
    },
    async forget(user) {
      for (const item of await all(user)) await store.delete(namespace(user), item.key);
    },
  },
  { name: 'langgraph adapter' },
);
