import { apiKeyEnv } from '../apiKey.js';
import { createStore, type StoreContext } from '../memory/createStore.js';
import type { MemoryStore } from '../memory/types.js';
import type { ProviderSpec, TargetSpec } from '../model/suite.js';
import type { LlmCache } from '../net/llmCache.js';
import { BuiltinTarget } from './builtin.js';
import { commandAdapter, httpAdapter } from '../protocol/adapterFromSpec.js';
import { AdapterTarget } from './adapterTarget.js';
import { startedHttpTarget } from './startedTarget.js';
import type { Target } from './types.js';

export interface TargetContext {
  env: NodeJS.ProcessEnv;
  storeContext: StoreContext;
  createStore?: (provider: ProviderSpec) => MemoryStore;
  /** run --cache-llm: the builtin agent's chat calls go through it (an adapter's own calls are its business). */
  llmCache?: LlmCache;
}

/** Builds the agent the suite's e2e.target describes. */
export async function createTarget(spec: TargetSpec, context: TargetContext): Promise<Target> {
  switch (spec.kind) {
    case 'builtin': {
      const apiKey = context.env[apiKeyEnv(spec)];
      // The agent's own store: a run id of its own, so it never touches the retrieval layer's collection.
      const storeContext = { ...context.storeContext, runId: `${context.storeContext.runId}-e2e` };
      const store = (context.createStore ?? ((provider: ProviderSpec) => createStore(provider, storeContext)))(spec.memory.provider);
      try {
        const target = new BuiltinTarget({ spec, store, apiKey, baseURL: spec.base_url ?? (context.env.OPENAI_BASE_URL || undefined), llmCache: context.llmCache, modelAnswers: storeContext.modelAnswers });
        await store.reset();
        return target;
      } catch (error) {
        await store.close().catch(() => undefined);
        throw error;
      }
    }
    case 'http':
      return spec.start ? startedHttpTarget({ ...spec, start: spec.start, cwd: spec.cwd! }, context.env, context.storeContext.adapterStderr) : new AdapterTarget(httpAdapter({ ...spec, url: spec.url! }, context.env));
    case 'command':
      return new AdapterTarget(commandAdapter(spec, context.env, context.storeContext.adapterStderr));
  }
}
