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

/**
 * What a handler threw, as text that can always be made: the message for
 * recall-gate and the line for the adapter's stderr (an Error's stack).
 * Anything can be thrown, and reading it can itself throw (an object with no
 * prototype or a throwing toString has no string form, a Symbol none
 * implicitly, an Error's message may be a throwing getter): those are
 * described by their type, so the request is still answered.
 */
export function describeThrown(thrown: unknown): { message: string; log: string } {
  try {
    if (thrown instanceof Error) {
      // A subclass that does not set its name is still named by its class.
      const named = readString(() => thrown.name);
      const name = named === 'Error' ? readString(() => thrown.constructor.name) || named : named;
      const text = readString(() => thrown.message);
      const stack = readString(() => thrown.stack);
      // Its type and where the agent's code threw it: a message alone ("undefined is not a function") says
      // little, and the stack is in a log the reader may not have open.
      const said = (name && text ? `${name}: ${text}` : text || name) || 'Internal error';
      const where = agentFrame(stack);
      return { message: where ? `${said} (${where})` : said, log: stack || said };
    }
    if (typeof thrown === 'string') return { message: thrown || 'Internal error', log: thrown };
    const kind = thrown === null ? 'null' : typeof thrown;
    const shown = typeof thrown === 'number' || typeof thrown === 'boolean' || typeof thrown === 'bigint' ? `${kind}: ${String(thrown)}` : kind;
    const message = `handler threw a non-Error value (${shown})`;
    return { message, log: message };
  } catch {
    // `instanceof` on a Proxy can throw too.
    return { message: 'handler threw a value that cannot be read', log: 'handler threw a value that cannot be read' };
  }
}

/** This SDK's own folder (src/adapter, or the package's dist/): its frames are not where an agent threw. */
const SDK_FOLDER = new URL('.', import.meta.url).href;

/**
 * Where the agent's own code threw, from a V8 stack, as "adapter.mjs:46:13, in chat": the innermost frame
 * outside node, this SDK and installed packages (an openai APIError is thrown inside the library, but the
 * line to look at is the agent's call), else the innermost outside node and this SDK.
 */
function agentFrame(stack: string): string | undefined {
  let fallback: string | undefined;
  for (const line of stack.split('\n')) {
    // "at fn (file:row:col)", "at Object.fn [as chat] (file:row:col)" or "at file:row:col"; the file runs to the
    // last ":row:col" (a path may hold parentheses); eval'd code ("at eval (eval at ...)") names no file to open.
    const frame = /^\s+at (?:(?:async )?(?:new )?(\S+)(?: \[as [^\]]+\])? \()?(.+):(\d+):(\d+)\)?$/.exec(line);
    if (!frame) continue;
    const [, fn, file, row, col] = frame;
    if (file!.startsWith('node:') || file!.startsWith(SDK_FOLDER) || file!.includes('<anonymous>')) continue;
    // Object literals' methods (the handlers passed to serveAdapter) are "Object.chat"; top-level code is "Object.<anonymous>".
    const name = fn?.replace(/^Object\./, '').replace(/^<anonymous>$/, '');
    const shown = `${file!.slice(Math.max(file!.lastIndexOf('/'), file!.lastIndexOf('\\')) + 1)}:${row}:${col}${name ? `, in ${name}` : ''}`;
    if (!/[/\\]node_modules[/\\]/.test(file!)) return shown;
    fallback ??= shown;
  }
  return fallback;
}

/** The string `read` returns, or '' when it throws or returns something else. */
function readString(read: () => unknown): string {
  try {
    const value = read();
    return typeof value === 'string' ? value : '';
  } catch {
    return '';
  }
}
