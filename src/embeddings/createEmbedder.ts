import type { EmbeddingSpec } from '../suite/types.js';
import { CachedEmbedder, EmbeddingCache } from './cache.js';
import { NgramEmbedder } from './ngram.js';
import { OpenAIEmbedder } from './openai.js';
import type { Embedder } from './types.js';

export interface EmbedderContext {
  env: NodeJS.ProcessEnv;
  /** Root of the on-disk embedding cache; undefined turns caching off. */
  cacheDir?: string;
}

export function createEmbedder(spec: EmbeddingSpec, context: EmbedderContext): Embedder {
  const embedder = createUncached(spec, context.env);
  if (!context.cacheDir) return embedder;
  return new CachedEmbedder(embedder, new EmbeddingCache(context.cacheDir, embedder.id));
}

function createUncached(spec: EmbeddingSpec, env: NodeJS.ProcessEnv): Embedder {
  switch (spec.kind) {
    case 'ngram':
      return new NgramEmbedder({ dimensions: spec.dimensions, sizes: spec.ngram_sizes });
    case 'openai':
      return new OpenAIEmbedder({
        model: spec.model!,
        dimensions: spec.dimensions,
        batchSize: spec.batch_size,
        baseURL: spec.base_url ?? (env.OPENAI_BASE_URL || undefined),
        apiKey: env[spec.api_key_env ?? 'OPENAI_API_KEY'],
        maxRetries: spec.max_retries,
        timeoutMs: spec.timeout_ms,
      });
  }
}
