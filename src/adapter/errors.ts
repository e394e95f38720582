import type { ErrorCodeTable } from './types.js';

/** The standard JSON-RPC 2.0 error codes (an adapter may use others). */
export const ErrorCode: ErrorCodeTable = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
};

/** Thrown by a handler (or a parameter check), answers the request with this JSON-RPC error. */
export class AdapterError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'AdapterError';
  }
}

/** An invalid-params error naming the param: `"limit" must be a positive integer`. */
export function invalidParam(name: string, problem: string): AdapterError {
  return new AdapterError(ErrorCode.invalidParams, `"${name}" ${problem}`);
}
