import { resolve } from 'node:path';
import { createEmbedder, type EmbedderContext } from '../embeddings/createEmbedder.js';
import type { ProviderSpec } from '../model/suite.js';
import { commandAdapter, httpAdapter } from '../protocol/adapterFromSpec.js';
import { AdapterMemoryStore } from './adapterStore.js';
import { ChromaStore, DEFAULT_CHROMA_URL, collectionName } from './chroma.js';
import { KeywordStore } from './keyword.js';
import { mcpClient } from './mcp.js';
import { RankBm25Store } from './rankBm25.js';
import type { MemoryStore } from './types.js';
import { VectorStore } from './vector.js';

export interface StoreContext extends EmbedderContext {
  suiteName: string;
  /** Distinguishes this run's server-side state (Chroma collections) from any other run's. */
  runId: string;
  /** Where the stderr lines of a process recall-gate starts for the run go (a command adapter, a started adapter server, a stdio MCP server; a run: adapter.log in its results folder); recall-gate's stderr when absent. */
  adapterStderr?: (line: string) => void;
}

/** Builds the store a provider entry describes. Throws when it cannot be built (no key, ...). */
export function createStore(provider: ProviderSpec, context: StoreContext): MemoryStore {
  switch (provider.kind) {
    case 'keyword':
      if (provider.preset === 'rank_bm25') return new RankBm25Store({ k1: provider.k1, b: provider.b, epsilon: provider.epsilon });
      return new KeywordStore({ k1: provider.k1, b: provider.b });
    case 'vector':
      return new VectorStore(createEmbedder(provider.embedding!, context));
    case 'chroma':
      return new ChromaStore(createEmbedder(provider.embedding!, context), {
        url: provider.url ?? (context.env.CHROMA_URL || DEFAULT_CHROMA_URL),
        collection: collectionName(context.suiteName, provider.name, context.runId),
        tenant: provider.tenant ?? (context.env.CHROMA_TENANT || undefined),
        database: provider.database ?? (context.env.CHROMA_DATABASE || undefined),
        headers: chromaHeaders(provider, context.env),
        keepCollection: provider.keep_collection,
        hnsw: provider.hnsw,
        timeoutMs: provider.timeout_ms,
      });
    case 'adapter': {
      // The same adapter an e2e target talks to, through its optional add, search and list methods.
      const client = provider.command
        ? commandAdapter({ ...provider, command: provider.command, cwd: resolve(context.baseDir, provider.cwd ?? '.') }, context.env, context.adapterStderr)
        : httpAdapter({ ...provider, url: provider.url! }, context.env);
      return new AdapterMemoryStore(client, { closeClient: true });
    }
    case 'mcp':
      // An MCP server's tools behind the adapter store: same lazy per-user reset, same ranking rules.
      return new AdapterMemoryStore(mcpClient(provider, context.baseDir, context.env, context.adapterStderr), { closeClient: true });
  }
}

function chromaHeaders(provider: ProviderSpec, env: NodeJS.ProcessEnv): Record<string, string> | undefined {
  const key = env[provider.api_key_env ?? 'CHROMA_API_KEY'];
  if (!key) return undefined;
  const header = provider.auth_header ?? 'x-chroma-token';
  return { [header]: header.toLowerCase() === 'authorization' ? `Bearer ${key}` : key };
}
