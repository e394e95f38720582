import type OpenAI from 'openai';
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { RecallGateError } from '../errors.js';
import { redactUrl } from '../redact.js';
import { boundedFetch, retryAfterRefusal } from './boundedFetch.js';
import type { LlmCache } from './llmCache.js';
import type { AnswerRecorder } from './modelAnswers.js';
import { counted } from '../text/counted.js';

export interface OpenAIEndpointOptions {
  apiKey: string;
  baseURL?: string;
  /** One attempt, response headers and body, in milliseconds. */
  timeoutMs: number;
  /** Attempts after the first on 408, 409, 429, 5xx, timeouts and connection errors. */
  maxRetries: number;
  /** run --cache-llm: chat completions are answered from it when it holds the request, and kept in it when not. */
  cache?: LlmCache;
  /** A run's: where the model ids the endpoint answers with go, for provenance (see modelAnswers.ts). */
  answers?: AnswerRecorder;
}

/**
 * An OpenAI-compatible endpoint as recall-gate calls it: the openai client
 * (its retries with backoff) over boundedFetch (every attempt bounded, body
 * included; no long Retry-After waits), and failures worded once for every
 * caller. A call ends within (1 + maxRetries) attempts of timeoutMs each plus
 * the waits between them (each at most MAX_RETRY_AFTER_MS).
 */
export class OpenAIEndpoint {
  /** The openai package and its client, loaded on the first call: most commands (validate, a keyword-only run) never make one. */
  private client?: Promise<{ sdk: typeof import('openai'); client: OpenAI }>;
  /** The base URL with any credentials taken out, for messages and ids. */
  readonly url: string;

  constructor(private readonly options: OpenAIEndpointOptions) {
    this.url = redactUrl(baseUrlOf(options.baseURL));
  }

  private loaded(): Promise<{ sdk: typeof import('openai'); client: OpenAI }> {
    return (this.client ??= import('openai').then((sdk) => ({
      sdk,
      client: new sdk.OpenAI({
        apiKey: this.options.apiKey,
        baseURL: baseUrlOf(this.options.baseURL),
        maxRetries: this.options.maxRetries,
        timeout: this.options.timeoutMs,
        fetch: boundedFetch(this.options.timeoutMs),
      }),
    })));
  }

  /**
   * Runs one API call; a failure becomes a RecallGateError that names `what`,
   * the endpoint and the reason. `signal`, when given, is the one `send`
   * passes the client as its request option (`{ signal }`): once it aborts,
   * the request in flight is cancelled, the client retries nothing (a retry
   * waiting out its backoff checks the signal before it sends), and the call
   * rejects at once with the signal's reason: the caller gave up, the
   * endpoint did not fail.
   */
  async request<T>(what: string, send: (client: OpenAI) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const { sdk, client } = await this.loaded();
    try {
      const sent = send(client);
      return await (signal ? untilAborted(sent, signal) : sent);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw this.explain(sdk, what, error);
    }
  }

  /**
   * One chat completion: from the LLM cache when there is one and it holds
   * this request (the next occurrence of it in the run), else from the
   * endpoint, and then kept in the cache. `cached` says which.
   */
  async chatCompletion(what: string, params: ChatCompletionCreateParamsNonStreaming): Promise<{ completion: ChatCompletion; cached: boolean }> {
    const cache = this.options.cache;
    const key = cache?.keyOf(this.url, params);
    const stored = key === undefined ? undefined : cache!.read(key);
    if (stored !== undefined) {
      this.answered(params.model, (stored as ChatCompletion).model);
      return { completion: stored as ChatCompletion, cached: true };
    }
    const completion = await this.request(what, (client) => client.chat.completions.create(params));
    // The client hands back a body that is not JSON as text: a web page, a proxy's sign-in, the wrong path.
    if (typeof completion !== 'object' || completion === null || !Array.isArray((completion as Partial<ChatCompletion>).choices)) {
      const shown = (typeof completion === 'string' ? completion : JSON.stringify(completion) ?? String(completion)).replace(/\s+/g, ' ').trim().slice(0, 120);
      throw new RecallGateError('incomplete', `${what} to ${this.url} got an answer that is not a chat completion: ${shown || '(empty)'}`, { hint: NOT_THE_API });
    }
    if (key !== undefined) cache!.write(key, completion);
    this.answered(params.model, completion.model);
    return { completion, cached: false };
  }

  /** Records the model a response named for the one asked (chatCompletion does for its own; other calls say it here). */
  answered(requested: string, answered: unknown): void {
    this.options.answers?.into.record(this.options.answers.role, requested, answered);
  }

  private explain({ APIConnectionTimeoutError, APIError }: typeof import('openai'), what: string, error: unknown): RecallGateError {
    const failed = `${what} to ${this.url} failed`;
    if (error instanceof APIConnectionTimeoutError) {
      const attempts = this.options.maxRetries + 1;
      return new RecallGateError('incomplete', `${failed} (no response): no complete response within ${this.options.timeoutMs} ms (timeout_ms), ${counted(attempts, 'attempt', 'attempts')}`, {
        hint: 'raise timeout_ms, or check that the endpoint answers',
        cause: error,
      });
    }
    if (error instanceof APIError) {
      const status = error.status ? `HTTP ${error.status}` : 'no response';
      const refusal = retryAfterRefusal(error.headers);
      if (refusal) return new RecallGateError('incomplete', `${failed} (${status}): ${refusal} (${error.message})`, { hint: 'retry later, or lower the request rate', cause: error });
      return new RecallGateError('incomplete', `${failed} (${status}): ${error.message}`, { hint: hintFor(error.status, this.url), cause: error });
    }
    // Anything else (a body that says it is JSON and is not, a client bug) still says which request failed.
    const message = error instanceof Error ? error.message : String(error);
    return new RecallGateError('incomplete', `${failed}: ${message}`, { ...(error instanceof SyntaxError ? { hint: NOT_THE_API } : {}), cause: error });
  }
}

/**
 * The base URL the openai client would settle on (its own rule: the option when given, else
 * OPENAI_BASE_URL trimmed; api.openai.com when that is empty), known before the package is loaded so ids and
 * messages can name the endpoint at once. Tested against the client's own choice.
 */
export function baseUrlOf(baseURL: string | undefined): string {
  return (baseURL === undefined ? process.env.OPENAI_BASE_URL?.trim() : baseURL) || 'https://api.openai.com/v1';
}

/** `work`'s outcome, or a rejection with `signal`'s reason as soon as it aborts (the client may still be sleeping before a retry). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}

/** What an answer that is not the API's says to check. */
const NOT_THE_API = 'check that the base URL is an OpenAI-compatible API (OPENAI_BASE_URL or base_url; often ending in /v1): something else answered';

function hintFor(status: number | undefined, url: string): string | undefined {
  if (status !== undefined && status >= 500) return `the endpoint failed on its side after every retry (max_retries): retry later, or look at the server behind ${url}`;
  switch (status) {
    case 401:
      return 'check the API key';
    case 404:
      return 'check the model name and the base URL';
    case 429:
      return 'rate limited after retries; lower concurrency or retry later';
    case undefined:
      return `check that ${url} is reachable`;
    default:
      return undefined;
  }
}
