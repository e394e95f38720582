/**
 * The agent adapter protocol: JSON-RPC 2.0 methods a user's adapter answers,
 * and the checks on what it answers. examples/adapter/README.md is the
 * user-facing description; keep the two in step.
 *
 *   reset  {user}                                   -> {}
 *   chat   {user, date?, message, memory, oracle?, session?, turn?, fault?}
 *                                                   -> {reply, recalled?, usage?: {input_tokens, output_tokens, model?}, recall_ms?, truncated?, finish_reason?, memory_ops?,
 *                                                       tool_calls?: [{name, arguments, result?, error?}], artifacts?: [{path, content}]}
 *   add    {user, memories: [{id, text, date?}]}    -> {}                      (optional)
 *   search {user, query, limit}                     -> {results: [{id, text, score}]} (optional; ranked in the order sent)
 *   list   {user}                                   -> {memories: [{id?, text, date?, label?}]} (optional)
 */
import { scrubSecrets } from '../secrets.js';
import type { Artifact, MemoryEntry, MemoryOp, ToolCall } from '../model/e2e.js';
import type { SearchHit } from '../model/memory.js';
import type { ChatReply, RecalledMemory } from '../model/chat.js';
import { readUsage } from '../net/usage.js';

export const PROTOCOL_DOC = 'examples/adapter/README.md';

/** The methods recall-gate calls. reset and chat are required; the others only the retrieval layer uses. */
export type AdapterMethod = 'reset' | 'chat' | 'add' | 'search' | 'list';

/** Standard JSON-RPC 2.0 error codes (adapters may use others). */
export const JsonRpcErrorCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

/** A memory as the adapter's add and list carry it; the owner is the call's `user`. */
export interface AdapterMemory {
  id: string;
  text: string;
  date?: string;
}

/** What was wrong with a result, with the JSON path to it ("result.recalled[1].text"). */
export class ShapeError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path} ${problem}`);
    this.name = 'ShapeError';
  }
}

/** "a number (42)", "null", "an array", ... for error messages. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return `a string (${excerpt(JSON.stringify(value), 40)})`;
    case 'number':
    case 'boolean':
      return `a ${typeof value} (${String(value)})`;
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

/** At most `max` characters of `text`, on one line; scrubbed first, as a secret cut in two would not be recognised later. */
export function excerpt(text: string, max = 200): string {
  const line = scrubSecrets(text).replace(/\s*\n\s*/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function object(value: unknown, path: string): Record<string, unknown> {
  if (!isObject(value)) throw new ShapeError(path, `must be an object, got ${describeValue(value)}`);
  return value;
}

function array(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw new ShapeError(path, `must be an array, got ${describeValue(value)}`);
  return value;
}

function string(value: unknown, path: string): string {
  if (typeof value !== 'string') throw new ShapeError(path, `must be a string, got ${describeValue(value)}`);
  return value;
}

function number(value: unknown, path: string, { nonNegative = false } = {}): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new ShapeError(path, `must be a finite number, got ${describeValue(value)}`);
  if (nonNegative && value < 0) throw new ShapeError(path, `must not be negative, got ${value}`);
  return value;
}

function boolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') throw new ShapeError(path, `must be true or false, got ${describeValue(value)}`);
  return value;
}

/** Optional fields may be absent or null (what Python's None serialises to). */
function present(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/**
 * Checks a chat result and keeps only the fields recall-gate knows. Usage
 * that makes no sense is not an error: the tokens count as unknown, with a
 * warning (readUsage). An empty reply is judged where every target's is
 * (runE2e), not here.
 */
export function parseChatResult(value: unknown): ChatReply {
  const result = object(value, 'result');
  const reply: ChatReply = { reply: string(result.reply, 'result.reply') };
  if (present(result.recalled)) {
    reply.recalled = array(result.recalled, 'result.recalled').map((item, i) => {
      const path = `result.recalled[${i}]`;
      const memory = object(item, path);
      const recalled: RecalledMemory = { text: string(memory.text, `${path}.text`) };
      if (present(memory.id)) recalled.id = string(memory.id, `${path}.id`);
      if (present(memory.score)) recalled.score = number(memory.score, `${path}.score`);
      return recalled;
    });
  }
  if (present(result.usage)) {
    const usage = result.usage;
    Object.assign(
      reply,
      isObject(usage)
        ? readUsage(usage.input_tokens, usage.output_tokens, 'the adapter (chat result.usage)', usage.model)
        : { usage_warning: `the adapter sent chat result.usage as ${describeValue(usage)}, not an object; token usage counted as unknown` },
    );
  }
  const cut = (present(result.truncated) && boolean(result.truncated, 'result.truncated')) || (present(result.finish_reason) && string(result.finish_reason, 'result.finish_reason') === 'length');
  if (cut) reply.truncated = true;
  if (present(result.recall_ms)) reply.recall_ms = number(result.recall_ms, 'result.recall_ms', { nonNegative: true });
  if (present(result.recall_error)) reply.recall_error = string(result.recall_error, 'result.recall_error');
  if (present(result.memory_ops)) reply.memory_ops = array(result.memory_ops, 'result.memory_ops').map((item, i) => memoryOp(item, `result.memory_ops[${i}]`));
  if (present(result.tool_calls)) reply.tool_calls = array(result.tool_calls, 'result.tool_calls').map((item, i) => toolCall(item, `result.tool_calls[${i}]`));
  if (present(result.artifacts)) reply.artifacts = array(result.artifacts, 'result.artifacts').map((item, i) => artifact(item, `result.artifacts[${i}]`));
  return reply;
}

function nonEmptyString(value: unknown, path: string): string {
  const text = string(value, path);
  if (text.trim() === '') throw new ShapeError(path, 'must not be empty');
  return text;
}

/**
 * A tool call as the agent made it. Arguments come as an object, or as the
 * JSON text of one (what model APIs hand an agent); text that is not a JSON
 * object is what the agent sent, so it is kept (`raw`, with no arguments to
 * match) rather than refused: checks on the call then fail on their own terms.
 */
function toolCall(item: unknown, path: string): ToolCall {
  const entry = object(item, path);
  const call: ToolCall = { name: nonEmptyString(entry.name, `${path}.name`), arguments: {} };
  if (typeof entry.arguments === 'string') {
    const parsed = parseArguments(entry.arguments).arguments;
    if (parsed) call.arguments = parsed;
    else call.raw = entry.arguments;
  } else if (present(entry.arguments)) {
    if (!isObject(entry.arguments)) throw new ShapeError(`${path}.arguments`, `must be an object or the JSON text of one, got ${describeValue(entry.arguments)}`);
    call.arguments = entry.arguments;
  }
  if (present(entry.error)) call.error = string(entry.error, `${path}.error`);
  if (entry.result !== undefined) call.result = entry.result;
  return call;
}


function artifact(item: unknown, path: string): Artifact {
  const entry = object(item, path);
  return { path: nonEmptyString(entry.path, `${path}.path`), content: string(entry.content, `${path}.content`) };
}

const MEMORY_OPS: readonly MemoryOp['op'][] = ['insert', 'replace', 'delete', 'rethink'];

function memoryOp(item: unknown, path: string): MemoryOp {
  const entry = object(item, path);
  const op = string(entry.op, `${path}.op`);
  if (!(MEMORY_OPS as readonly string[]).includes(op)) throw new ShapeError(`${path}.op`, `must be one of ${MEMORY_OPS.join(', ')}, got ${describeValue(op)}`);
  const memoryOp: MemoryOp = { op: op as MemoryOp['op'] };
  if (present(entry.label)) memoryOp.label = string(entry.label, `${path}.label`);
  if (present(entry.text)) memoryOp.text = string(entry.text, `${path}.text`);
  return memoryOp;
}

export function parseSearchResult(value: unknown): SearchHit[] {
  const result = object(value, 'result');
  return array(result.results, 'result.results').map((item, i) => {
    const path = `result.results[${i}]`;
    const hit = object(item, path);
    return { id: string(hit.id, `${path}.id`), text: string(hit.text, `${path}.text`), score: number(hit.score, `${path}.score`) };
  });
}

/** A list result: every entry has its text; id, date and label (the memory block it is in) when the adapter has them. */
export function parseListResult(value: unknown): MemoryEntry[] {
  const result = object(value, 'result');
  return array(result.memories, 'result.memories').map((item, i) => {
    const path = `result.memories[${i}]`;
    const entry = object(item, path);
    const memory: MemoryEntry = { text: string(entry.text, `${path}.text`) };
    if (present(entry.id)) memory.id = string(entry.id, `${path}.id`);
    if (present(entry.date)) memory.date = string(entry.date, `${path}.date`);
    if (present(entry.label)) memory.label = string(entry.label, `${path}.label`);
    return memory;
  });
}

/** The arguments text of a tool call as a JSON object, or why it is not one (the builtin's tool loop and the adapter protocol read it alike). */
export function parseArguments(raw: string): { arguments?: Record<string, unknown>; error?: string } {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return { error: `arguments are not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { error: `arguments must be a JSON object; got ${value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value}` };
  }
  return { arguments: value as Record<string, unknown> };
}
