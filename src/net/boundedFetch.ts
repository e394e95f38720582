/**
 * The fetch every OpenAI-compatible client of recall-gate goes through (chat,
 * judge, embeddings; see openaiEndpoint.ts). It bounds the two waits the
 * openai client leaves open:
 *
 * - the body: the client's `timeout` ends when the response headers arrive,
 *   so a body trickled a byte at a time would never time out. Here each
 *   attempt, headers and body, must finish within the timeout; the body is
 *   read in full before the client sees the response.
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

/** Statuses whose response carries no body (the Response constructor rejects one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
/** Set on a response whose retry was refused, to the wait it asked for (ms), for retryAfterRefusal(). */
const REFUSED_HEADER = 'x-recall-gate-refused-retry-after-ms';

/** A fetch whose every call, response headers and body, ends within `timeoutMs`. */
export function boundedFetch(timeoutMs: number): typeof fetch {
  return async (input, init) => {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new AttemptTimeoutError(timeoutMs)), timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline.signal]) : deadline.signal;
    try {
      const response = await fetch(input, { ...init, signal });
      const body = NULL_BODY.has(response.status) ? null : await response.arrayBuffer();
      const headers = new Headers(response.headers);
      const wait = response.ok ? undefined : retryAfterMs(headers);
      if (wait !== undefined && wait > MAX_RETRY_AFTER_MS) {
        headers.set('x-should-retry', 'false');
        headers.set(REFUSED_HEADER, String(wait));
      }
      return new Response(body, { status: response.status, statusText: response.statusText, headers });
    } catch (error) {
      // The abort surfaces as whatever the fetch implementation makes of it; say what it was.
      if (deadline.signal.aborted) throw deadline.signal.reason as AttemptTimeoutError;
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
export function retryAfterMs(headers: Pick<Headers, 'get'>): number | undefined {
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
