import { NULL_BODY, followsRedirect, nodeCanSend, nodeExchange, type Exchange } from './nodeRequest.js';

/**
 * The fetch every OpenAI-compatible client of recall-gate goes through (chat,
 * judge, embeddings; see openaiEndpoint.ts). It bounds the two waits the
 * openai client leaves open:
 *
 * - the body: the client's `timeout` ends when the response headers arrive,
 *   so a body trickled a byte at a time would never time out. Here each
 *   attempt, headers and body, must finish within the timeout; the body is
 *   read in full before the client sees the response, up to MAX_BODY_BYTES.
 * - Retry-After: the client sleeps as long as the server asks (an hour on
 *   `Retry-After: 3600`). A retryable response asking for more than
 *   MAX_RETRY_AFTER_MS is handed back marked not to be retried, so the call
 *   fails at once; retryAfterRefusal() words the reason.
 */

/** The longest Retry-After recall-gate waits out. */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * An attempt that ran out of time. The message says "timed out" because that
 * is how the openai client tells a timeout (to retry it) from other failures.
 */
class AttemptTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`timed out: no complete response within ${timeoutMs} ms`);
    this.name = 'AttemptTimeoutError';
  }
}

/**
 * The largest response body read. An embeddings batch of 256 texts at 3,072
 * dimensions is about 16 MB of JSON; a body past this is a broken or hostile
 * server, and reading it whole within the timeout could exhaust memory.
 */
export const MAX_BODY_BYTES = 128 * 1024 * 1024;

/** The whole body, or an error once it passes `maxBytes` (the request is aborted). */
async function readBounded(response: Response, deadline: AbortController, maxBytes: number): Promise<Uint8Array | null> {
  if (!response.body) return null;
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      const error = bodyTooLarge(maxBytes);
      deadline.abort(error);
      throw error;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

const decoder = new TextDecoder();

/**
 * The Response boundedFetch hands the openai client. Its body was read whole
 * already (that is the bound), so reading it takes the bytes as they are: a
 * Response made from the bytes pours them through a web stream first. A chat
 * call's exchange, client and server in one process, took 1.0 ms of CPU that
 * way and 0.85 ms this way (median of 4 interleaved runs of 2,000 calls).
 * The client reads bodies with json() and text()
 * only (arrayBuffer, blob and clone read the same bytes). A body reads
 * once, as any Response's does; `body` is null (nothing to cancel before a
 * retry) and `bodyUsed` stays false. The readers are fields because the DOM
 * types declare them as properties.
 *
 * The class is made at the first response, not as the module loads: `extends
 * Response` reads the global, which loads Node's fetch (undici, about 45 ms),
 * and a run answered wholly from the LLM cache gets no response at all.
 */
function defineReadResponse() {
  return class ReadResponse extends Response {
    readonly #bytes: Uint8Array;
    #read = false;

    constructor(bytes: Uint8Array | null, init: ResponseInit) {
      super(null, init);
      this.#bytes = bytes ?? new Uint8Array(0);
    }

    #take(): Uint8Array {
      if (this.#read) throw new TypeError('Body is unusable: Body has already been read');
      this.#read = true;
      return this.#bytes;
    }

    override readonly text = async (): Promise<string> => decoder.decode(this.#take());
    override readonly json = async (): Promise<unknown> => JSON.parse(decoder.decode(this.#take())) as unknown;
    // The readers no client here uses go through a Response of the bytes, which reads them as fetch would.
    override readonly arrayBuffer = async (): Promise<ArrayBuffer> => this.#whole().arrayBuffer();
    override readonly blob = async (): Promise<Blob> => this.#whole().blob();

    #whole(): Response {
      return new Response(this.#take(), { headers: this.headers });
    }
    override readonly clone = (): Response => {
      if (this.#read) throw new TypeError('Response.clone: Body has already been consumed.');
      return new ReadResponse(this.#bytes, { status: this.status, statusText: this.statusText, headers: this.headers });
    };
  };
}
let readResponseClass: ReturnType<typeof defineReadResponse> | undefined;

/** Set on a response whose retry was refused, to the wait it asked for (ms), for retryAfterRefusal(). */
const REFUSED_HEADER = 'x-recall-gate-refused-retry-after-ms';

/** The exchange through fetch itself: for what nodeExchange leaves to it (see nodeRequest.ts). */
async function fetchExchange(input: Parameters<typeof fetch>[0], init: RequestInit | undefined, deadline: AbortController, maxBodyBytes: number): Promise<Exchange> {
  const signal = init?.signal ? AbortSignal.any([init.signal, deadline.signal]) : deadline.signal;
  const response = await fetch(input, { ...init, signal });
  const body = NULL_BODY.has(response.status) ? null : await readBounded(response, deadline, maxBodyBytes);
  return { status: response.status, statusText: response.statusText, headers: [...response.headers], body };
}

function bodyTooLarge(maxBytes: number): Error {
  return new Error(`the response body is larger than ${maxBytes} bytes, the most recall-gate reads`);
}

/** A fetch whose every call, response headers and body, ends within `timeoutMs`. */
export function boundedFetch(timeoutMs: number, maxBodyBytes = MAX_BODY_BYTES): typeof fetch {
  return async (input, init) => {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new AttemptTimeoutError(timeoutMs)), timeoutMs);
    try {
      let exchange: Exchange | undefined;
      if (nodeCanSend(input, init)) {
        const signals = init?.signal ? [init.signal, deadline.signal] : [deadline.signal];
        exchange = await nodeExchange(input as string | URL, init, signals, maxBodyBytes, () => bodyTooLarge(maxBodyBytes));
        // fetch follows a redirect: it is asked again through fetch, which does so by the book.
        if (followsRedirect(exchange)) exchange = undefined;
      }
      exchange ??= await fetchExchange(input, init, deadline, maxBodyBytes);
      const headers = new Headers();
      for (const [name, value] of exchange.headers) headers.append(name, value);
      const wait = exchange.status >= 200 && exchange.status < 300 ? undefined : retryAfterMs(headers);
      if (wait !== undefined && wait > MAX_RETRY_AFTER_MS) {
        headers.set('x-should-retry', 'false');
        headers.set(REFUSED_HEADER, String(wait));
      }
      return new (readResponseClass ??= defineReadResponse())(exchange.body, { status: exchange.status, statusText: exchange.statusText, headers });
    } catch (error) {
      // The abort surfaces as whatever the fetch implementation makes of it; say what it was.
      if (deadline.signal.aborted) throw deadline.signal.reason as Error;
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * The wait a response asks for, in milliseconds, read as the openai client
 * reads it: retry-after-ms first, then Retry-After in seconds or as a date.
 */
function retryAfterMs(headers: Pick<Headers, 'get'>): number | undefined {
  const ms = parseFloat(headers.get('retry-after-ms') ?? '');
  if (!Number.isNaN(ms) && ms !== 0) return ms;
  const value = headers.get('retry-after');
  if (!value) return Number.isNaN(ms) ? undefined : ms;
  const seconds = parseFloat(value);
  if (!Number.isNaN(seconds)) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : date - Date.now();
}

/** Why a response was not retried, when boundedFetch refused the wait it asked for. */
export function retryAfterRefusal(headers: Pick<Headers, 'get'> | undefined): string | undefined {
  const wait = Number(headers?.get(REFUSED_HEADER) ?? NaN);
  if (Number.isNaN(wait)) return undefined;
  return `the server asked to retry after ${seconds(wait)} s, more than the ${seconds(MAX_RETRY_AFTER_MS)} s recall-gate waits`;
}

function seconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}
