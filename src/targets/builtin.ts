import { setTimeout as sleep } from 'node:timers/promises';
import { apiKeyEnv } from '../apiKey.js';
import { RecallGateError } from '../errors.js';
import type { MemoryEntry, MemoryOp } from '../model/e2e.js';
import type { MemoryStore } from '../memory/types.js';
import type { SearchHit } from '../model/memory.js';
import { OpenAIEndpoint } from '../net/openaiEndpoint.js';
import type { LlmCache } from '../net/llmCache.js';
import type { ModelAnswers } from '../net/modelAnswers.js';
import { ABANDONED, withDeadline } from './deadline.js';
import type { BuiltinTargetSpec } from '../model/suite.js';
import type { Target } from './types.js';
import type { ChatReply, ChatRequest, RecalledMemory } from '../model/chat.js';
import { converse, DEFAULT_MAX_TOOL_ROUNDS, ToolBox } from './tools.js';

/** How long a memory search may take before the agent answers without memory (target option recall_timeout_ms). */
export const DEFAULT_RECALL_TIMEOUT_MS = 2000;
/** What the memory layer throws under fault:down. */
export const MEMORY_DOWN = 'memory service unavailable';
/** How far past its deadline the search sleeps under fault:timeout: it is abandoned long before. */
const SLEEP_PAST_DEADLINE_MS = 1000;

/** The simulated outage of fault:down: the one search failure the agent answers through (a real one is the run's error). */
class MemoryUnavailable extends Error {}

/** What the search brought back, or why it brought nothing. */
interface Recall {
  recalled: RecalledMemory[];
  error?: string;
}

export interface BuiltinTargetOptions {
  spec: BuiltinTargetSpec;
  store: MemoryStore;
  apiKey?: string;
  baseURL?: string;
  /** run --cache-llm: the chat model's answers come from it when it holds the request. */
  llmCache?: LlmCache;
  /** A run's: the model ids the chat model answers with, for provenance. */
  modelAnswers?: ModelAnswers;
}

/**
 * The reference agent: for each invocation it searches memory for the message
 * (unless the condition says otherwise), puts what passes the settings into the
 * system prompt, asks the chat model (after the session's earlier turns, when
 * there are any; answering its calls of the suite's tools, see tools.ts: the
 * search happens once, before the first round), and stores what the user said.
 *
 * A search slower than recall_timeout_ms is abandoned at that deadline and the
 * agent answers without memory, recording why (recall_error) and the wait
 * (recall_ms). A request's `fault` makes the search fail on purpose: timeout
 * sleeps past the deadline (and is abandoned), empty finds nothing, down
 * throws MEMORY_DOWN, which the agent catches. A real store error is not
 * caught: it is the run's problem (a trial error), not the agent's answer.
 */
export class BuiltinTarget implements Target {
  private readonly endpoint: OpenAIEndpoint;
  /** The suite's tools, their parameters compiled once; absent when it declares none (requests carry no `tools`). */
  private readonly tools?: ToolBox;
  private stored = 0;
  /** Session date of each memory this agent stored, shown beside it when dated. */
  private readonly dates = new Map<string, string>();

  constructor(private readonly options: BuiltinTargetOptions) {
    if (!options.apiKey) {
      throw new RecallGateError('incomplete', 'no API key for the builtin target\'s chat model', {
        hint: `set ${apiKeyEnv(options.spec)} (a fork's pull request gets no secrets)`,
      });
    }
    if (options.spec.tools?.length) this.tools = new ToolBox(options.spec.tools);
    this.endpoint = new OpenAIEndpoint({ apiKey: options.apiKey, baseURL: options.baseURL, maxRetries: options.spec.max_retries, timeoutMs: options.spec.timeout_ms, cache: options.llmCache,
      answers: options.modelAnswers && { into: options.modelAnswers, role: 'chat' },
    });
  }

  /** Users are unique per trial, so there is nothing of theirs to forget. */
  async reset(): Promise<void> {}

  async chat(request: ChatRequest): Promise<ChatReply> {
    const { spec } = this.options;
    const searchStarted = performance.now();
    const { recalled, error: recallError } = await this.recall(request);
    const recallMs = performance.now() - searchStarted;

    const { reply, finish_reason, ...acted } = await converse(
      this.endpoint,
      {
        model: spec.model,
        messages: [
          { role: 'system', content: this.systemPrompt(request, recalled) },
          // The session so far: its turns are one conversation.
          ...(request.history ?? []),
          { role: 'user', content: request.message },
        ],
        ...(spec.temperature !== undefined ? { temperature: spec.temperature } : {}),
        ...(spec.max_tokens !== undefined ? { max_completion_tokens: spec.max_tokens } : {}),
      },
      this.tools,
      spec.max_tool_rounds ?? DEFAULT_MAX_TOOL_ROUNDS,
    );

    const memoryOps: MemoryOp[] = [];
    if (spec.memory.auto_store) {
      this.stored += 1;
      const id = `${request.user}:${this.stored}`;
      const date = request.date && spec.memory.dated ? request.date : undefined;
      if (date) this.dates.set(id, date);
      await this.options.store.add([{ id, text: request.message, user: request.user, ...(date ? { date } : {}) }]);
      memoryOps.push({ op: 'insert', text: request.message });
    }
    return {
      reply,
      recalled,
      memory_ops: memoryOps,
      injected_text: memoryLines(recalled),
      // Only a real search adds latency; none and oracle do not search.
      ...(request.memory === 'recall' ? { recall_ms: recallMs } : {}),
      ...(recallError ? { recall_error: recallError } : {}),
      ...(finish_reason === 'length' ? { truncated: true } : {}),
      // Token usage (summed over tool rounds), tool calls, artifacts.
      ...acted,
    };
  }

  /** What the store holds for this user: the agent keeps no memory of its own besides it. */
  async list(user: string): Promise<MemoryEntry[]> {
    return (await this.options.store.list(user)).map(({ id, text, date }) => ({ id, text, ...(date ? { date } : {}) }));
  }

  async close(): Promise<void> {
    await this.options.store.close();
  }

  private async recall(request: ChatRequest): Promise<Recall> {
    const memory = this.options.spec.memory;
    if (request.memory === 'none' || memory.max_results === 0) return { recalled: [] };
    if (request.memory === 'oracle') return { recalled: (request.oracle ?? []).map((text) => ({ text })) };
    const deadline = this.options.spec.recall_timeout_ms ?? DEFAULT_RECALL_TIMEOUT_MS;
    let hits: SearchHit[] | typeof ABANDONED;
    try {
      hits = await withDeadline((signal) => this.search(request, deadline, signal), deadline);
    } catch (error) {
      // A well-built agent answers through its memory layer's outage; the simulated one is the only one caught.
      if (error instanceof MemoryUnavailable) return { recalled: [], error: MEMORY_DOWN };
      throw error;
    }
    if (hits === ABANDONED) return { recalled: [], error: `the memory search was abandoned after ${deadline} ms (recall_timeout_ms)` };
    return {
      recalled: hits
        .filter((hit) => memory.min_score === undefined || hit.score >= memory.min_score)
        .map((hit) => {
          const date = this.dates.get(hit.id);
          return { id: hit.id, text: date ? `[${date}] ${hit.text}` : hit.text, score: hit.score };
        }),
    };
  }

  /** The store's search, failing as the request's fault says. */
  private async search(request: ChatRequest, deadline: number, signal: AbortSignal): Promise<SearchHit[]> {
    if (request.fault === 'empty') return [];
    if (request.fault === 'down') throw new MemoryUnavailable(MEMORY_DOWN);
    // Rejects when abandoned (the signal aborts), which clears its timer: nothing keeps the process alive.
    if (request.fault === 'timeout') await sleep(deadline + SLEEP_PAST_DEADLINE_MS, undefined, { signal });
    // The store gets the signal too: an abandoned search's request is cancelled, not left to run out its own timeout.
    return this.options.store.search(request.user, request.message, this.options.spec.memory.max_results, signal);
  }

  private systemPrompt(request: ChatRequest, recalled: RecalledMemory[]): string {
    const parts = [this.options.spec.systemPrompt.trim() || 'You are a helpful assistant with long-term memory of this user.'];
    if (request.date) parts.push(`Today is ${request.date}.`);
    parts.push(
      recalled.length > 0
        ? `What you remember about this user (from earlier conversations):\n${memoryLines(recalled)}`
        : 'You remember nothing about this user that is relevant here.',
    );
    return parts.join('\n\n');
  }
}

/** The memory lines of the system prompt: exactly the recalled text the model sees. */
function memoryLines(recalled: RecalledMemory[]): string {
  return recalled.map((memory) => `- ${memory.text}`).join('\n');
}
