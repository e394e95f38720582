import { RecallGateError } from '../errors.js';
import { JsonRpcErrorCode, PROTOCOL_DOC, describeValue, excerpt, isObject } from './protocol.js';

/** Per-call deadline unless the target or the call says otherwise. */
export const DEFAULT_TIMEOUT_MS = 60_000;

export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: number;
  method: string;
  params?: unknown;
}

/**
 * How requests reach the adapter. A transport delivers one request and
 * resolves with whatever the adapter answered for it (parsed JSON, unchecked);
 * the client does ids, deadlines and the checks.
 */
export interface JsonRpcTransport {
  /** How messages name the adapter: "agent adapter at http://...", "agent adapter `node agent.mjs`". */
  readonly label: string;
  /** Stops waiting (and forgets the request) when `signal` aborts: the call timed out or the client closed. */
  send(request: JsonRpcRequest, signal: AbortSignal): Promise<unknown>;
  close(): Promise<void>;
  /** What else to say when a call got no response in time (a stdio adapter: its stdout may be buffered). */
  timeoutHint?(): string | undefined;
  /** What else to say when the adapter answered an error (a stdio adapter: the variables it was not given). */
  errorHint?(message: string): string | undefined;
}

export interface JsonRpcClientOptions {
  /** Deadline for each call, in milliseconds (default 60 000). */
  timeoutMs?: number;
}

export interface CallOptions {
  /** This call's deadline, instead of the client's. */
  timeoutMs?: number;
  /**
   * Stops waiting when it aborts (the caller gave up): the transport is told
   * to forget the request, so an HTTP request is cancelled; the protocol has
   * no cancel method, so a command adapter still works the call out and its answer is dropped.
   */
  signal?: AbortSignal;
}

/** The adapter answered with a JSON-RPC error object. Still a RecallGateError('incomplete'). */
export class JsonRpcError extends RecallGateError {
  constructor(
    label: string,
    readonly method: string,
    readonly rpcCode: number,
    readonly rpcMessage: string,
    readonly data: unknown,
    /** What the transport adds (errorHint), for an error other than method-not-found. */
    more?: (message: string) => string | undefined,
  ) {
    const detail = data === undefined || data === null ? '' : ` (data: ${excerpt(typeof data === 'string' ? data : JSON.stringify(data))})`;
    const message = `${label}: "${method}" failed with JSON-RPC error ${rpcCode}: ${rpcMessage}${detail}`;
    super('incomplete', message, {
      hint: rpcCode === JsonRpcErrorCode.methodNotFound ? methodNotFoundHint(method) : more?.(message),
    });
    this.name = 'JsonRpcError';
  }
}

function methodNotFoundHint(method: string): string {
  if (method === 'reset' || method === 'chat') return `every adapter must implement "reset" and "chat": see ${PROTOCOL_DOC}`;
  if (method === 'list') return `"list" is optional, but grading what memory holds (memory graders) and retrieval against the adapter need it: see ${PROTOCOL_DOC}`;
  return `"${method}" is optional, but retrieval against the adapter needs add, search and list: see ${PROTOCOL_DOC}`;
}

/**
 * The JSON-RPC 2.0 client both transports share: numbers requests, enforces
 * a deadline per call, turns error objects into RecallGateErrors naming the
 * method, and checks the response envelope. Result shapes are checked by the
 * typed methods of AdapterClient.
 */
export class JsonRpcClient {
  readonly timeoutMs: number;
  private nextId = 1;
  private closed = false;
  /** Calls waiting for an answer, so close() can end them. */
  private readonly inFlight = new Set<(error: Error) => void>();

  constructor(
    readonly transport: JsonRpcTransport,
    options: JsonRpcClientOptions = {},
  ) {
    this.timeoutMs = checkTimeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  }

  get label(): string {
    return this.transport.label;
  }

  /** Sends `method` and resolves with its `result`, unchecked. */
  async call(method: string, params: unknown, options: CallOptions = {}): Promise<unknown> {
    if (this.closed) {
      throw new RecallGateError('internal', `${this.label}: "${method}" was called after the target was closed`);
    }
    const timeoutMs = checkTimeout(options.timeoutMs ?? this.timeoutMs);
    const id = this.nextId++;
    const controller = new AbortController();
    let interrupt!: (error: Error) => void;
    const interrupted = new Promise<never>((_, reject) => (interrupt = reject));
    const timer = setTimeout(() => {
      interrupt(
        new RecallGateError('incomplete', `${this.label}: "${method}" got no response within ${timeoutMs} ms`, {
          hint: this.transport.timeoutHint?.() ?? 'the adapter may be stuck, or slower than the timeout allows: raise the target timeout if it is just slow',
        }),
      );
    }, timeoutMs);
    this.inFlight.add(interrupt);
    const giveUp = () => interrupt(new RecallGateError('incomplete', `${this.label}: "${method}" was abandoned by its caller`, { cause: options.signal?.reason }));
    if (options.signal?.aborted) giveUp();
    options.signal?.addEventListener('abort', giveUp, { once: true });
    const sent = this.transport.send({ jsonrpc: '2.0', id, method, params }, controller.signal);
    // Whichever loses the race below must not become an unhandled rejection.
    sent.catch(() => undefined);
    try {
      const response = await Promise.race([sent, interrupted]);
      return this.unwrap(method, id, response);
    } catch (error) {
      if (error instanceof RecallGateError) throw error;
      throw new RecallGateError('incomplete', `${this.label}: "${method}" failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    } finally {
      clearTimeout(timer);
      this.inFlight.delete(interrupt);
      options.signal?.removeEventListener('abort', giveUp);
      controller.abort();
    }
  }

  /** Ends calls still waiting, then the transport. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const interrupt of this.inFlight) interrupt(new RecallGateError('incomplete', `${this.label}: the target was closed before the call was answered`));
    this.inFlight.clear();
    await this.transport.close();
  }

  /** Checks the envelope: an object answering our id with a result or an error object. */
  private unwrap(method: string, id: number, response: unknown): unknown {
    const invalid = (what: string) =>
      new RecallGateError('incomplete', `${this.label}: "${method}" got an invalid JSON-RPC response: ${what}`, {
        hint: `a response is {"jsonrpc": "2.0", "id": <the request's id>, "result": ...} or {..., "error": {"code", "message"}}: see ${PROTOCOL_DOC}`,
      });
    if (!isObject(response)) throw invalid(`expected an object, got ${describeValue(response)}`);
    const hasError = response.error !== undefined;
    // JSON-RPC answers id null when it could not read the request's id (a parse error).
    const idMatches = response.id !== undefined && response.id !== null ? String(response.id) === String(id) : hasError;
    if (!idMatches) throw invalid(`"id" is ${JSON.stringify(response.id) ?? 'missing'}, expected ${id}`);
    if (hasError) {
      const error = response.error;
      if (!isObject(error) || typeof error.code !== 'number' || typeof error.message !== 'string') {
        throw invalid(`"error" must be an object with a numeric "code" and a string "message", got ${excerpt(JSON.stringify(error))}`);
      }
      throw new JsonRpcError(this.label, method, error.code, error.message, error.data, this.transport.errorHint?.bind(this.transport));
    }
    if (!('result' in response)) throw invalid('it has neither "result" nor "error"');
    return response.result;
  }
}

function checkTimeout(ms: number): number {
  // setTimeout cannot wait longer than 2^31 - 1 ms (about 24.8 days).
  if (!Number.isFinite(ms) || ms <= 0 || ms > 2 ** 31 - 1) throw new RecallGateError('invalid-input', `the adapter timeout must be a positive number of milliseconds, got ${ms}`);
  return ms;
}
