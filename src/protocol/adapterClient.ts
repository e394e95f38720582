import { RecallGateError } from '../errors.js';
import type { MemoryEntry } from '../model/e2e.js';
import type { SearchHit } from '../model/memory.js';
import type { ChatReply, ChatRequest } from '../model/chat.js';
import { JsonRpcClient, JsonRpcError, type CallOptions } from './client.js';
import { PROTOCOL_DOC, ShapeError, parseChatResult, parseListResult, parseSearchResult, type AdapterMemory } from './protocol.js';

/**
 * The adapter protocol's methods, typed, over a JsonRpcClient: params built
 * from recall-gate's types, results checked and copied into them.
 */
export class AdapterClient extends JsonRpcClient {
  /** Forgets everything about `user`. The result is ignored. */
  async reset(user: string, options?: CallOptions): Promise<void> {
    await this.call('reset', { user }, options);
  }

  /** One fresh invocation of the agent. */
  async chat(request: ChatRequest, options?: CallOptions): Promise<ChatReply> {
    const params: Record<string, unknown> = { user: request.user, message: request.message, memory: request.memory };
    if (request.date !== undefined) params.date = request.date;
    if (request.oracle !== undefined) params.oracle = request.oracle;
    // Not the history: an adapter keeps its conversation itself, by session and turn.
    if (request.session !== undefined) params.session = request.session;
    if (request.turn !== undefined) params.turn = request.turn;
    if (request.fault !== undefined) params.fault = request.fault;
    let result: unknown;
    try {
      result = await this.call('chat', params, options);
    } catch (error) {
      throw this.faultRefused(request, error);
    }
    return this.parsed('chat', result, parseChatResult);
  }

  /** An error answer to a chat carrying a fault says the adapter cannot simulate it: the trial's error says so. */
  private faultRefused(request: ChatRequest, error: unknown): unknown {
    if (request.fault === undefined || !(error instanceof JsonRpcError)) return error;
    return new RecallGateError('incomplete', `${this.label} does not simulate fault:${request.fault}: "chat" with "fault": "${request.fault}" failed with JSON-RPC error ${error.rpcCode}: ${error.rpcMessage}`, {
      hint: `under a fault condition the probe's chat carries "fault" and the adapter makes its memory search fail that way: see ${PROTOCOL_DOC} ("Faults"), or leave fault:${request.fault} out of e2e.conditions`,
      cause: error,
    });
  }

  /** Optional method: stores memories for `user` directly, bypassing chat. The result is ignored. */
  async add(user: string, memories: readonly AdapterMemory[], options?: CallOptions): Promise<void> {
    await this.call('add', { user, memories: memories.map(({ id, text, date }) => (date === undefined ? { id, text } : { id, text, date })) }, options);
  }

  /** Optional method: the adapter's memory search for `user`, as the adapter ranks it. */
  async search(user: string, query: string, limit: number, options?: CallOptions): Promise<SearchHit[]> {
    return this.parsed('search', await this.call('search', { user, query, limit }, options), parseSearchResult);
  }

  /** Optional method: everything the adapter remembers about `user`. */
  async list(user: string, options?: CallOptions): Promise<MemoryEntry[]> {
    return this.parsed('list', await this.call('list', { user }, options), parseListResult);
  }

  private parsed<T>(method: string, result: unknown, parse: (value: unknown) => T): T {
    try {
      return parse(result);
    } catch (error) {
      if (!(error instanceof ShapeError)) throw error;
      throw new RecallGateError('incomplete', `${this.label}: "${method}" returned an unusable result: ${error.message}`, {
        hint: `see ${PROTOCOL_DOC} for what "${method}" returns`,
      });
    }
  }
}
