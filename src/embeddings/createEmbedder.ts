import type { EmbeddingSpec } from '../suite/types.js';
import { NgramEmbedder } from './ngram.js';
import { OpenAIEmbedder } from './openai.js';
import type { Embedder } from './types.js';

export function createEmbedder(spec: EmbeddingSpec, env: NodeJS.ProcessEnv): Embedder {
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
