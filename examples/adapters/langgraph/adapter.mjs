#!/usr/bin/env node
// A LangGraph.js store behind recall-gate's adapter protocol: by default
// @langchain/langgraph's InMemoryStore with a semantic index (embeddings from
// the OpenAI-compatible endpoint), or any BaseStore a module of yours makes.
// Each user's memories live in the namespace [user, "memories"], one item per
// memory keyed by its id, its value { text, date? }.
//
//   node adapter.mjs --stdio | --http [--port N] [--store ./myStore.mjs]
//
// --store FILE (or $LANGGRAPH_STORE): a module whose default export (or
// `createStore`) returns your BaseStore, or a promise of it; it is given
// { embeddings, dims } to build a semantic index with. See README.md.
// The chat model and endpoint: ../memoryAgent.mjs.

import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Embeddings } from '@langchain/core/embeddings';
import { InMemoryStore } from '@langchain/langgraph';
import { serveAdapter } from 'recall-gate/adapter';
import { embedTexts, endpointFromEnv, memoryAgent } from '../memoryAgent.mjs';

/** The store's page size when listing a user's memories. */
const PAGE = 100;

/** LangChain embeddings over the OpenAI-compatible endpoint's embeddings API. */
class EndpointEmbeddings extends Embeddings {
  constructor(endpoint) {
    super({});
    this.endpoint = endpoint;
  }
  embedDocuments(texts) {
    return embedTexts(this.endpoint, texts);
  }
  async embedQuery(text) {
    return (await embedTexts(this.endpoint, [text]))[0];
  }
}

/** The user's store: yours from --store, else an InMemoryStore indexing each memory's text. */
async function openStore(storeModule, endpoint) {
  const embeddings = new EndpointEmbeddings(endpoint);
  // The index wants the vectors' size: $EMBEDDING_DIMS, else one embedding tells.
  const dims = Number(process.env.EMBEDDING_DIMS) || (await embeddings.embedQuery('dimensions')).length;
  if (!storeModule) return new InMemoryStore({ index: { dims, embeddings, fields: ['text'] } });
  const loaded = await import(pathToFileURL(resolve(storeModule)).href);
  const create = loaded.default ?? loaded.createStore;
  if (typeof create !== 'function') throw new Error(`${storeModule} must export a function (default or createStore) that returns a BaseStore`);
  return create({ embeddings, dims });
}

/** The memory the agent and the retrieval layer use, on one store. */
function storeMemory(store) {
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

  return {
    put,
    all,
    /** Best first, in the store's own order (recall-gate ranks in the order returned). */
    async search(user, query, limit) {
      const hits = await store.search(namespace(user), { query, limit });
      return hits.map((item) => ({ id: item.key, text: item.value.text, date: item.value.date, score: item.score ?? 0 }));
    },
    async remember(user, text, date) {
      const id = randomUUID();
      await put(user, id, text, date);
      return [{ op: 'insert', text }];
    },
    async forget(user) {
      for (const item of await all(user)) await store.delete(namespace(user), item.key);
    },
  };
}

const { values } = parseArgs({ options: { store: { type: 'string' } }, strict: false, allowPositionals: true });
const endpoint = endpointFromEnv();
const memory = storeMemory(await openStore(values.store ?? process.env.LANGGRAPH_STORE, endpoint));

await serveAdapter(
  {
    ...memoryAgent(memory, endpoint),
    async add({ user, memories }) {
      for (const { id, text, date } of memories) await memory.put(user, id, text, date);
    },
    async search({ user, query, limit }) {
      const hits = await memory.search(user, query, limit);
      return { results: hits.map(({ id, text, score }) => ({ id, text, score })) };
    },
    async list({ user }) {
      const items = await memory.all(user);
      return { memories: items.map((item) => ({ id: item.key, text: item.value.text, ...(item.value.date ? { date: item.value.date } : {}) })) };
    },
  },
  { name: 'langgraph adapter' },
);
