import { RecallGateError } from '../errors.js';
import { OpenAIEndpoint } from '../net/openaiEndpoint.js';
import type { ModelAnswers } from '../net/modelAnswers.js';
import type { Embedder } from './types.js';
import { embedderReportsUsage, recordEmbedding } from './usage.js';

export interface OpenAIEmbedderOptions {
  model: string;
  dimensions?: number;
  batchSize?: number;
  baseURL?: string;
  apiKey?: string;
  maxRetries?: number;
  timeoutMs?: number;
  /** A run's: the model ids the endpoint answers with, for provenance. */
  modelAnswers?: ModelAnswers;
}

const DEFAULT_BATCH = 256;

/**
 * Embeddings from any OpenAI-compatible endpoint. Texts go in batches; each
 * request is retried and bounded as OpenAIEndpoint says (Retry-After waits up
 * to a minute, longer ones fail the request at once).
 */
export class OpenAIEmbedder implements Embedder {
  readonly id: string;
  readonly normalized = false;
  private readonly endpoint: OpenAIEndpoint;
  private readonly batchSize: number;

  constructor(private readonly options: OpenAIEmbedderOptions) {
    if (!options.apiKey) {
      throw new RecallGateError('incomplete', 'no API key for the openai embedder', {
        hint: 'set OPENAI_API_KEY (or the variable named by api_key_env), or use embedding kind ngram to run offline',
      });
    }
    this.batchSize = options.batchSize ?? DEFAULT_BATCH;
    this.endpoint = new OpenAIEndpoint({ apiKey: options.apiKey, baseURL: options.baseURL, maxRetries: options.maxRetries ?? 4, timeoutMs: options.timeoutMs ?? 60_000,
      answers: options.modelAnswers && { into: options.modelAnswers, role: 'embeddings' },
    });
    this.id = `openai:${options.model}:d${options.dimensions ?? 'default'}@${this.endpoint.url}`;
    embedderReportsUsage();
  }

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += this.batchSize) {
      const batch = texts.slice(start, start + this.batchSize);
      vectors.push(...(await this.embedBatch(batch, signal)));
    }
    return vectors;
  }

  private async embedBatch(batch: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const response = await this.endpoint.request(
      'embeddings request',
      (client) =>
        client.embeddings.create(
          {
            model: this.options.model,
            input: batch,
            encoding_format: 'float',
            ...(this.options.dimensions ? { dimensions: this.options.dimensions } : {}),
          },
          { signal },
        ),
      signal,
    );
    this.endpoint.answered(this.options.model, response.model);
    const tokens = response.usage?.prompt_tokens;
    // The request is billed whether or not its vectors check out below.
    recordEmbedding(this.options.model, typeof tokens === 'number' && Number.isSafeInteger(tokens) && tokens >= 0 ? tokens : undefined);
    const vectors: Float32Array[] = new Array(batch.length);
    for (const item of response.data ?? []) vectors[item.index] = Float32Array.from(item.embedding);
    for (let i = 0; i < batch.length; i++) {
      if (!vectors[i]) throw new RecallGateError('incomplete', `the embeddings endpoint returned no vector for input ${i} of a batch of ${batch.length}`);
      if (vectors[i]!.length !== vectors[0]!.length) throw new RecallGateError('incomplete', 'the embeddings endpoint returned vectors of different lengths');
    }
    return vectors;
  }
}
