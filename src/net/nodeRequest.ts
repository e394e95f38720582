import type { IncomingMessage, RequestOptions } from 'node:http';

/**
 * One HTTP exchange as boundedFetch needs it, over node:http and node:https:
 * the status, the headers and the whole body, read before anything is
 * returned. It sends what Node's fetch sends (its default headers, a body
 * given as text or bytes) and decodes what fetch decodes (gzip, deflate, br),
 * for a fraction of fetch's CPU: a chat call spends about a millisecond less,
 * which is most of what the e2e layer costs per call at concurrency 8
 * (measured by `npm run bench -- e2e-cli`). A request it does not handle
 * (another body type, a Request object) is left to fetch, and so is any
 * redirect (see followsRedirect).
 */
export interface Exchange {
  status: number;
  statusText: string;
  /** Each header line as received, in order: the Headers built from them combine repeated names as fetch's do. */
  headers: [string, string][];
  body: Uint8Array | null;
}

/** Statuses whose response carries no body (the Response constructor rejects one). */
export const NULL_BODY = new Set([101, 103, 204, 205, 304]);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A body node:http(s) sends here: none, text or bytes; any other type (a stream, a form, a blob) is fetch's. */
function sendableBody(body: RequestInit['body']): body is string | Uint8Array | null | undefined {
  return body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array;
}

/** A sendable body as bytes (null for none). */
function bodyBytes(body: string | Uint8Array | null | undefined): Buffer | null {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

/** The ports fetch refuses to connect to (the Fetch standard's "bad ports"): fetch says so, in its words. */
const BAD_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515,
  526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/**
 * Whether this exchange can go over node:http(s): an http(s) URL given as text or URL, on a port fetch would
 * use, with a body of text or bytes. Anything else is fetch's, which accepts or refuses it in its own words.
 */
export function nodeCanSend(input: Parameters<typeof fetch>[0], init: RequestInit | undefined): boolean {
  if (typeof input !== 'string' && !(input instanceof URL)) return false;
  if (init?.redirect !== undefined && init.redirect !== 'follow') return false;
  // The type alone: the bytes are made once, when the request is sent.
  if (!sendableBody(init?.body)) return false;
  const url = URL.parse(String(input));
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) return false;
  return url.port === '' || !BAD_PORTS.has(Number(url.port));
}

/** A redirect the response asks fetch to follow (fetch would send the request again, to its Location). */
export function followsRedirect(exchange: Pick<Exchange, 'status' | 'headers'>): boolean {
  return REDIRECTS.has(exchange.status) && exchange.headers.some(([name]) => name.toLowerCase() === 'location');
}

/** The request headers fetch sends: the caller's, then its defaults for those absent, then the body's length. */
function requestHeaders(init: RequestInit | undefined, https: boolean, body: Buffer | null, method: string): Record<string, string> {
  const given = new Headers(init?.headers);
  const headers: Record<string, string> = {};
  for (const [name, value] of given) headers[name] = value;
  headers.accept ??= '*/*';
  headers['accept-language'] ??= '*';
  headers['sec-fetch-mode'] ??= 'cors';
  headers['user-agent'] ??= 'node';
  headers['accept-encoding'] ??= https ? 'br, gzip, deflate' : 'gzip, deflate';
  if (body) headers['content-length'] = String(body.byteLength);
  else if (method === 'POST' || method === 'PUT') headers['content-length'] = '0';
  return headers;
}

let httpModule: Promise<typeof import('node:http')> | undefined;
let httpsModule: Promise<typeof import('node:https')> | undefined;
let zlibModule: Promise<typeof import('node:zlib')> | undefined;

/**
 * The body decoded as fetch decodes it: each coding of Content-Encoding undone, the last written first, as long
 * as all are gzip, deflate or br (fetch leaves a body with any other coding as it came); a body cut short yields
 * what arrived (fetch's Z_SYNC_FLUSH). Passing maxBytes once decoded is `tooLarge()`.
 */
async function decoded(raw: Buffer, encoding: string | undefined, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
  const codings = (encoding ?? '')
    .toLowerCase()
    .split(',')
    .map((coding) => coding.trim())
    .filter(Boolean);
  if (codings.length === 0 || !codings.every((coding) => ['gzip', 'x-gzip', 'deflate', 'br'].includes(coding))) return raw;
  const zlib = await (zlibModule ??= import('node:zlib'));
  const options = { finishFlush: zlib.constants.Z_SYNC_FLUSH, maxOutputLength: maxBytes };
  let body = raw;
  try {
    for (const coding of codings.reverse()) {
      if (coding === 'br') body = zlib.brotliDecompressSync(body, { maxOutputLength: maxBytes });
      // zlib-wrapped or raw deflate, told apart by the first byte as fetch does.
      else if (coding === 'deflate') body = ((body[0] ?? 0x78) & 0x0f) === 0x08 ? zlib.inflateSync(body, options) : zlib.inflateRawSync(body, options);
      else body = zlib.gunzipSync(body, options);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
    throw new TypeError('terminated', { cause: error });
  }
  return body;
}

/**
 * Sends the request and reads the response whole; rejects as fetch does (TypeError "fetch failed" with the
 * cause, "terminated" when the body breaks off), with the signal's reason when one aborts, and with
 * `tooLarge()` once the decoded body passes maxBytes.
 */
export async function nodeExchange(input: string | URL, init: RequestInit | undefined, signals: AbortSignal[], maxBytes: number, tooLarge: () => Error): Promise<Exchange> {
  const url = new URL(input);
  const https = url.protocol === 'https:';
  const transport = https ? await (httpsModule ??= import('node:https')) : await (httpModule ??= import('node:http'));
  const method = (init?.method ?? 'GET').toUpperCase();
  const given = init?.body;
  // Callers ask nodeCanSend first: another body type here is a caller's mistake, not a request to send empty.
  if (!sendableBody(given)) throw new TypeError('nodeExchange sends no body but text or bytes (ask nodeCanSend first)');
  const body = bodyBytes(given);
  const aborted = signals.find((signal) => signal.aborted);
  if (aborted) throw aborted.reason;
  const options: RequestOptions = { method, headers: requestHeaders(init, https, body, method) };
  return new Promise<Exchange>((resolve, reject) => {
    let settled = false;
    const finish = (error: unknown, exchange?: Exchange) => {
      if (settled) return;
      settled = true;
      for (const signal of signals) signal.removeEventListener('abort', onAbort);
      if (error === undefined) resolve(exchange!);
      else reject(error);
    };
    const request = transport.request(url, options);
    const onAbort = (event: Event) => {
      const reason: unknown = (event.target as AbortSignal).reason;
      request.destroy();
      finish(reason);
    };
    for (const signal of signals) signal.addEventListener('abort', onAbort, { once: true });
    request.on('error', (error) => finish(new TypeError('fetch failed', { cause: error })));
    request.on('response', (response: IncomingMessage) => {
      const headers: [string, string][] = [];
      for (let i = 0; i + 1 < response.rawHeaders.length; i += 2) headers.push([response.rawHeaders[i]!, response.rawHeaders[i + 1]!]);
      const status = response.statusCode ?? 0;
      const exchange = { status, statusText: response.statusMessage ?? '', headers };
      if (method === 'HEAD' || NULL_BODY.has(status) || followsRedirect(exchange)) {
        response.resume();
        finish(undefined, { ...exchange, body: null });
        return;
      }
      readRaw(response, maxBytes, tooLarge)
        .then((raw) => decoded(raw, response.headers['content-encoding'], maxBytes, tooLarge))
        .then(
        (bytes) => finish(undefined, { ...exchange, body: bytes }),
        (error: unknown) => {
          request.destroy();
          finish(error);
        },
      );
    });
    request.end(body ?? undefined);
  });
}

/** The body as it came, whole; "terminated" (as fetch words it) when the connection breaks before its end. */
function readRaw(response: IncomingMessage, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    response.on('data', (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > maxBytes) reject(tooLarge());
      else chunks.push(chunk);
    });
    response.on('end', () => resolve(Buffer.concat(chunks, total)));
    response.on('aborted', () => reject(new TypeError('terminated', { cause: new Error('the connection closed before the body ended') })));
    response.on('error', (error) => reject(new TypeError('terminated', { cause: error })));
  });
}
