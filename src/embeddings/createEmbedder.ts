import { apiKeyEnv } from '../apiKey.js';
import { isAbsolute, resolve } from 'node:path';
import type { EmbeddingSpec } from '../model/suite.js';
import { CachedEmbedder, EmbeddingCache } from './cache.js';
import { DEFAULT_LOCAL_MODEL, LocalEmbedder } from './local.js';
import { NgramEmbedder } from './ngram.js';
import { OpenAIEmbedder } from './openai.js';
import type { Embedder } from './types.js';
import type { ModelAnswers } from '../net/modelAnswers.js';

export interface EmbedderContext {
  env: NodeJS.ProcessEnv;
  /** Root of recall-gate's cache: embeddings, the transformers.js runtime, downloaded models. */
  cacheRoot: string;
  /** False bypasses the embedding cache (--no-cache); models and the runtime are still cached. */
  cacheEmbeddings: boolean;
  /** Folder of the suite file: relative model folders are resolved against it. */
  baseDir: string;
  log: (message: string) => void;
  /** A run's: the model ids the APIs answer with, for provenance (see net/modelAnswers.ts). */
  modelAnswers?: ModelAnswers;
}

export function createEmbedder(spec: EmbeddingSpec, context: EmbedderContext): Embedder {
  const embedder = createUncached(spec, context);
  if (!context.cacheEmbeddings) return embedder;
  return new CachedEmbedder(embedder, new EmbeddingCache(context.cacheRoot, embedder.id));
}

/** A model given as a path (./x, ../x, /x) is a folder; anything else a hub name. */
function localModel(model: string | undefined, baseDir: string): string {
  if (!model) return DEFAULT_LOCAL_MODEL;
  if (isAbsolute(model)) return model;
  return model.startsWith('./') || model.startsWith('../') ? resolve(baseDir, model) : model;
}

function createUncached(spec: EmbeddingSpec, context: EmbedderContext): Embedder {
  const env = context.env;
  switch (spec.kind) {
    case 'ngram':
      return new NgramEmbedder({ dimensions: spec.dimensions, sizes: spec.ngram_sizes });
    case 'openai':
      return new OpenAIEmbedder({
        model: spec.model!,
        dimensions: spec.dimensions,
        batchSize: spec.batch_size,
        baseURL: spec.base_url ?? (env.OPENAI_BASE_URL || undefined),
        apiKey: env[apiKeyEnv(spec)],
        maxRetries: spec.max_retries,
        timeoutMs: spec.timeout_ms,
        modelAnswers: context.modelAnswers,
      });
    case 'local':
      return new LocalEmbedder({
        model: localModel(spec.model, context.baseDir),
        revision: spec.revision,
        dtype: spec.dtype,
        batchSize: spec.batch_size,
        offline: env.RECALL_GATE_OFFLINE === '1' || env.RECALL_GATE_OFFLINE === 'true',
        cacheRoot: context.cacheRoot,
        log: context.log,
      });
  }
}
