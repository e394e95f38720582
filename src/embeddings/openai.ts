import OpenAI, { APIError } from 'openai';
import { RecallGateError } from '../errors.js';
import { redactUrl } from '../redact.js';
import type { Embedder } from './types.js';

export interface OpenAIEmbedderOptions {
  model: string;
  dimensions?: number;
  batchSize?: number;
  baseURL?: string;
  apiKey?: string;
  maxRetries?: number;
  timeoutMs?: number;
  /** Waits asked for by Retry-After beyond this are not waited out: the request fails. */
  maxRetryAfterMs?: number;
}

const DEFAULT_BATCH = 256;

/**
 * Embeddings from any OpenAI-compatible endpoint. Texts go in batches; the
 * openai client retries 408, 409, 429, 5xx, timeouts and connection errors
 * with exponential backoff and honours Retry-After / retry-after-ms.
 */
export class OpenAIEmbedder implements Embedder {
  readonly id: string;
  readonly normalized = false;
  private readonly client: OpenAI;
  private readonly batchSize: number;

  constructor(private readonly options: OpenAIEmbedderOptions) {
    if (!options.apiKey) {
      throw new RecallGateError('incomplete', 'no API key for the openai embedder', {
        hint: 'set OPENAI_API_KEY (or the variable named by api_key_env), or use embedding kind ngram to run offline',
      });
    }
    this.batchSize = options.batchSize ?? DEFAULT_BATCH;
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseURL,
      maxRetries: options.maxRetries ?? 4,
      timeout: options.timeoutMs ?? 60_000,
      fetch: capRetryAfter(options.maxRetryAfterMs ?? 60_000),
    });
    this.id = `openai:${options.model}:d${options.dimensions ?? 'default'}@${redactUrl(this.client.baseURL)}`;
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += this.batchSize) {
      const batch = texts.slice(start, start + this.batchSize);
      vectors.push(...(await this.embedBatch(batch)));
    }
    return vectors;
  }

  private async embedBatch(batch: string[]): Promise<Float32Array[]> {
    let response;
    try {
      response = await this.client.embeddings.create({
        model: this.options.model,
        input: batch,
        encoding_format: 'float',
        ...(this.options.dimensions ? { dimensions: this.options.dimensions } : {}),
      });
    } catch (error) {
      throw explain(error, redactUrl(this.client.baseURL));
    }
    const vectors: Float32Array[] = new Array(batch.length);
    for (const item of response.data ?? []) vectors[item.index] = Float32Array.from(item.embedding);
    for (let i = 0; i < batch.length; i++) {
      if (!vectors[i]) throw new RecallGateError('incomplete', `the embeddings endpoint returned no vector for input ${i} of a batch of ${batch.length}`);
      if (vectors[i]!.length !== vectors[0]!.length) throw new RecallGateError('incomplete', 'the embeddings endpoint returned vectors of different lengths');
    }
    return vectors;
  }
}

function explain(error: unknown, baseURL: string): Error {
  if (error instanceof APIError) {
    const status = error.status ? `HTTP ${error.status}` : 'no response';
    const hint =
      error.status === 401
        ? 'check the API key'
        : error.status === 404
          ? 'check the model name and the base URL'
          : error.status === 429
            ? 'rate limited after retries; lower concurrency or retry later'
            : error.status === undefined
              ? `check that ${baseURL} is reachable`
              : undefined;
    return new RecallGateError('incomplete', `embeddings request to ${baseURL} failed (${status}): ${error.message}`, { hint, cause: error });
  }
  // Anything else (an unreadable body, a client bug) still says which request failed.
  const message = error instanceof Error ? error.message : String(error);
  return new RecallGateError('incomplete', `embeddings request to ${baseURL} failed: ${message}`, { cause: error });
}

/**
 * The openai client waits out any Retry-After it is given; a rate limit that
 * asks for an hour should fail the run now, with the reason, instead of hanging CI.
 */
function capRetryAfter(maxWaitMs: number): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (response.status !== 429 && response.status < 500) return response;
    const waitMs = retryAfterMs(response.headers);
    if (waitMs === undefined || waitMs <= maxWaitMs) return response;
    const headers = new Headers(response.headers);
    headers.set('x-should-retry', 'false');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}

function retryAfterMs(headers: Headers): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && Number.isFinite(Number(ms))) return Number(ms);
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : date - Date.now();
}
