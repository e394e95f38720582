/**
 * The parameter checks of each protocol method (examples/adapter/README.md):
 * a request's params in, the handler's typed params out, or an invalid-params
 * error naming the param. Optional params may be absent or null (Python's
 * None); absent ones stay absent.
 */
import { invalidParam } from './errors.js';
import type { AddParams, AddedMemory, ChatParams, FaultKind, ListParams, MemoryMode, ResetParams, SearchParams } from './types.js';

type Params = Record<string, unknown>;

const MEMORY_MODES: readonly MemoryMode[] = ['recall', 'none', 'oracle'];
const FAULTS: readonly FaultKind[] = ['timeout', 'empty', 'down'];

function given(params: Params, name: string): boolean {
  return params[name] !== undefined && params[name] !== null;
}

function string(params: Params, name: string): string {
  const value = params[name];
  if (!given(params, name)) throw invalidParam(name, 'is required');
  if (typeof value !== 'string') throw invalidParam(name, 'must be a string');
  return value;
}

function positiveInteger(params: Params, name: string): number {
  const value = params[name];
  if (!given(params, name)) throw invalidParam(name, 'is required');
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw invalidParam(name, 'must be a positive integer');
  return value;
}

function oneOf<T extends string>(params: Params, name: string, allowed: readonly T[]): T {
  const value = string(params, name);
  if (!(allowed as readonly string[]).includes(value)) throw invalidParam(name, `must be one of ${allowed.map((item) => `"${item}"`).join(', ')}`);
  return value as T;
}

/** Copies `name` into `into` when it is given, read by `read`. */
function optional<T extends object, V>(into: T, params: Params, name: keyof T & string, read: (params: Params, name: string) => V): void {
  if (given(params, name)) (into as Record<string, unknown>)[name] = read(params, name);
}

function strings(params: Params, name: string): string[] {
  const value = params[name];
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) throw invalidParam(name, 'must be an array of strings');
  return value;
}

function memories(params: Params, name: string): AddedMemory[] {
  const value = params[name];
  if (!given(params, name)) throw invalidParam(name, 'is required');
  if (!Array.isArray(value)) throw invalidParam(name, 'must be an array');
  return value.map((item: unknown, i) => {
    const memory = item as Params;
    const ok = typeof item === 'object' && item !== null && !Array.isArray(item) && typeof memory.id === 'string' && typeof memory.text === 'string';
    if (!ok || (given(memory, 'date') && typeof memory.date !== 'string')) throw invalidParam(`${name}[${i}]`, 'must be an object with string "id" and "text" (and "date", when given)');
    const added: AddedMemory = { id: memory.id as string, text: memory.text as string };
    if (given(memory, 'date')) added.date = memory.date as string;
    return added;
  });
}

export function resetParams(params: Params): ResetParams {
  return { user: string(params, 'user') };
}

export function chatParams(params: Params): ChatParams {
  const chat: ChatParams = { user: string(params, 'user'), message: string(params, 'message'), memory: oneOf(params, 'memory', MEMORY_MODES) };
  optional(chat, params, 'date', string);
  optional(chat, params, 'oracle', strings);
  optional(chat, params, 'session', positiveInteger);
  optional(chat, params, 'turn', positiveInteger);
  optional(chat, params, 'fault', (from, name) => oneOf(from, name, FAULTS));
  return chat;
}

export function addParams(params: Params): AddParams {
  return { user: string(params, 'user'), memories: memories(params, 'memories') };
}

export function searchParams(params: Params): SearchParams {
  return { user: string(params, 'user'), query: string(params, 'query'), limit: positiveInteger(params, 'limit') };
}

export function listParams(params: Params): ListParams {
  return { user: string(params, 'user') };
}
