/**
 * One JSON-RPC request in, one response out (none for a notification), over
 * the handler set. Both transports share it, so they answer alike.
 */
import { AdapterError, ErrorCode, describeThrown } from './errors.js';
import { addParams, chatParams, listParams, resetParams, searchParams } from './params.js';
import type { AdapterHandlers } from './types.js';

export type JsonRpcId = string | number | null;

export interface JsonRpcResponse {
  jsonrpc: '2.0';
  id: JsonRpcId;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

type Method = keyof AdapterHandlers;

/** The protocol's methods with their parameter checks: the only names dispatched (never "toString" or a handler object's other keys). */
const METHODS: { [M in Method]-?: (params: Record<string, unknown>) => Parameters<NonNullable<AdapterHandlers[M]>>[0] } = {
  reset: resetParams,
  chat: chatParams,
  add: addParams,
  search: searchParams,
  list: listParams,
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function errorResponse(id: JsonRpcId, code: number, message: string, data?: unknown): JsonRpcResponse {
  return { jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } };
}

/** One line of JSON; a result that cannot be written as JSON (a cycle, a BigInt) answers -32603 saying so, rather than nothing. */
export function serialize(response: JsonRpcResponse): string {
  try {
    return JSON.stringify(response);
  } catch (error) {
    return JSON.stringify(errorResponse(response.id, ErrorCode.internalError, `the result could not be written as JSON: ${describeThrown(error).message}`));
  }
}

export function parseErrorResponse(what: string): JsonRpcResponse {
  return errorResponse(null, ErrorCode.parseError, `Parse error: ${what} is not JSON`);
}

export class Dispatcher {
  constructor(
    private readonly handlers: AdapterHandlers,
    /** Where a handler's unexpected error (its stack) is logged. */
    private readonly log: (line: string) => void,
  ) {}

  async handle(request: unknown): Promise<JsonRpcResponse | undefined> {
    const readableId = isObject(request) && (typeof request.id === 'string' || typeof request.id === 'number') ? request.id : null;
    if (!isObject(request) || request.jsonrpc !== '2.0' || typeof request.method !== 'string' || !validId(request)) {
      return errorResponse(readableId, ErrorCode.invalidRequest, 'Invalid Request: expected {"jsonrpc": "2.0", "id", "method", "params"}');
    }
    // A notification (no id) is handled but never answered, not even with an error.
    const notification = !('id' in request);
    const response = await this.answer(readableId, request.method, request.params);
    return notification ? undefined : response;
  }

  private async answer(id: JsonRpcId, method: string, params: unknown): Promise<JsonRpcResponse> {
    try {
      const handler = Object.hasOwn(METHODS, method) ? this.handlers[method as Method] : undefined;
      if (typeof handler !== 'function') throw new AdapterError(ErrorCode.methodNotFound, `Method not found: ${method}`);
      const given = params ?? {};
      if (!isObject(given)) throw new AdapterError(ErrorCode.invalidParams, 'params must be an object');
      const checked = METHODS[method as Method](given);
      const result: unknown = await (handler as (params: unknown) => unknown).call(this.handlers, checked);
      // reset and add may return nothing; a response without "result" would be invalid.
      return { jsonrpc: '2.0', id, result: result ?? {} };
    } catch (error) {
      if (error instanceof AdapterError) return errorResponse(id, error.code, error.message, error.data);
      // A bug or a failure in the agent: its stack to stderr, its message to recall-gate; whatever was thrown, the request is answered.
      const { message, log } = describeThrown(error);
      this.log(log);
      return errorResponse(id, ErrorCode.internalError, message);
    }
  }
}

/** JSON-RPC ids are strings, numbers or null; an object or array id is an invalid request. */
function validId(request: Record<string, unknown>): boolean {
  return !('id' in request) || request.id === null || typeof request.id === 'string' || typeof request.id === 'number';
}
