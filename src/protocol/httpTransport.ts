import { RecallGateError } from '../errors.js';
import type { JsonRpcRequest, JsonRpcTransport } from './client.js';
import { redactUrl } from '../redact.js';
import { expandTemplates } from '../process/envTemplate.js';
import { excerpt, isObject } from './protocol.js';

export interface HttpTransportOptions {
  /** Where each request is POSTed, e.g. http://localhost:8787/rpc. */
  url: string;
  /** Sent with every request (Authorization, ...); see resolveHeaders for values from the environment. */
  headers?: Record<string, string>;
  /** For tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

/**
 * JSON-RPC over HTTP: each call is one POST whose body is the request and
 * whose response body is the JSON-RPC response. A non-2xx status is an error,
 * unless its body is a JSON-RPC error response (then that error is reported).
 */
export class HttpTransport implements JsonRpcTransport {
  readonly label: string;
  private readonly url: URL;
  private readonly headers: Headers;
  private readonly fetch: typeof fetch;

  constructor(options: HttpTransportOptions) {
    let url: URL;
    try {
      url = new URL(options.url);
    } catch {
      throw new RecallGateError('invalid-input', `the adapter URL ${redactUrl(options.url)} is not a URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new RecallGateError('invalid-input', `the adapter URL must be http:// or https://, got ${redactUrl(options.url)}`);
    }
    const headers = new Headers({ 'content-type': 'application/json', accept: 'application/json' });
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
    // fetch refuses URLs with user:password in them: send them as Basic auth instead (unless Authorization is given).
    if (url.username || url.password) {
      if (!headers.has('authorization')) {
        const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
        headers.set('authorization', `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}`);
      }
      url.username = '';
      url.password = '';
    }
    this.url = url;
    // Messages end up in reports: the query may hold a key (?api-key=...).
    this.label = `agent adapter at ${redactUrl(url.href)}`;
    this.headers = headers;
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  async send(request: JsonRpcRequest, signal: AbortSignal): Promise<unknown> {
    const { method } = request;
    let response: Response;
    let text: string;
    try {
      response = await this.fetch(this.url, { method: 'POST', headers: this.headers, body: JSON.stringify(request), signal });
      text = await response.text();
    } catch (error) {
      throw new RecallGateError('incomplete', `${this.label}: "${method}" could not reach the adapter: ${networkReason(error)}`, {
        hint: 'is the adapter running, and is the URL right?',
        cause: error,
      });
    }
    let body: unknown;
    let parsed = true;
    try {
      body = JSON.parse(text);
    } catch {
      parsed = false;
    }
    if (!response.ok) {
      // Some servers send JSON-RPC errors with a 4xx/5xx status; the error object says more than the status.
      if (parsed && isObject(body) && isObject(body.error)) return body;
      throw new RecallGateError('incomplete', `${this.label}: "${method}" got HTTP ${response.status} ${response.statusText}${text ? `: ${excerpt(text)}` : ''}`, {
        hint: response.status === 401 || response.status === 403 ? 'check the headers (Authorization) the target sends' : undefined,
      });
    }
    if (!parsed) {
      throw new RecallGateError('incomplete', `${this.label}: "${method}" got a response body that is not JSON: ${text ? excerpt(text) : '(empty)'}`, {
        hint: 'the response body must be exactly one JSON-RPC response',
      });
    }
    return body;
  }

  async close(): Promise<void> {
    // Nothing to end: fetch's connection pool closes idle sockets by itself.
  }
}

/** "connect ECONNREFUSED 127.0.0.1:9" rather than fetch's "fetch failed". */
function networkReason(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error && cause.message) return cause.message;
  if (isObject(cause) && typeof cause.code === 'string') return cause.code;
  return error instanceof Error ? error.message : String(error);
}

/** Header values with `${NAME}` replaced by environment variables (`Authorization: "Bearer ${AGENT_TOKEN}"`). */
export function resolveHeaders(headers: Record<string, string>, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return expandTemplates(headers, env, (name) => `the adapter header "${name}"`);
}

/**
 * Headers whose values are whole environment variables: header name -> variable
 * name ({ Authorization: "AGENT_AUTH" }). A variable that is not set (or empty)
 * is an invalid-input error naming it.
 */
export function headersFromEnv(headersEnv: Record<string, string>, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, variable] of Object.entries(headersEnv)) {
    const value = env[variable];
    if (!value) {
      throw new RecallGateError('invalid-input', `the adapter header "${name}" comes from ${variable}, which is not set`, { hint: `set ${variable} in the environment` });
    }
    headers[name] = value;
  }
  return headers;
}
