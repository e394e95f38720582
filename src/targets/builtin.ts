import { apiKeyEnv } from '../apiKey.js';
import { RecallGateError } from '../errors.js';
import type { MemoryStore } from '../memory/types.js';
import { OpenAIEndpoint } from '../net/openaiEndpoint.js';
import type { BuiltinTargetSpec } from '../suite/types.js';
import type { ChatReply, ChatRequest, RecalledMemory, Target } from './types.js';
import { readCompletionUsage } from './usage.js';

export interface BuiltinTargetOptions {
  spec: BuiltinTargetSpec;
  store: MemoryStore;
  apiKey?: string;
  baseURL?: string;
}

/**
 * The reference agent: for each invocation it searches memory for the message
 * (unless the condition says otherwise), puts what passes the settings into the
 * system prompt, asks the chat model, and stores what the user said.
 */
export class BuiltinTarget implements Target {
  private readonly endpoint: OpenAIEndpoint;
  private stored = 0;
  /** Session date of each memory this agent stored, shown beside it when dated. */
  private readonly dates = new Map<string, string>();

  constructor(private readonly options: BuiltinTargetOptions) {
    if (!options.apiKey) {
      throw new RecallGateError('incomplete', 'no API key for the builtin target\'s chat model', {
        hint: `set ${apiKeyEnv(options.spec)} (a fork's pull request gets no secrets)`,
      });
    }
    this.endpoint = new OpenAIEndpoint({ apiKey: options.apiKey, baseURL: options.baseURL, maxRetries: options.spec.max_retries, timeoutMs: options.spec.timeout_ms });
  }

  /** Users are unique per trial, so there is nothing of theirs to forget. */
  async reset(): Promise<void> {}

  async chat(request: ChatRequest): Promise<ChatReply> {
    const { spec } = this.options;
    const searchStarted = performance.now();
    const recalled = await this.recall(request);
    const recallMs = performance.now() - searchStarted;

    const completion = await this.endpoint.request('chat request', (client) =>
      client.chat.completions.create({
        model: spec.model,
        messages: [
          { role: 'system', content: this.systemPrompt(request, recalled) },
          { role: 'user', content: request.message },
        ],
        ...(spec.temperature !== undefined ? { temperature: spec.temperature } : {}),
        ...(spec.max_tokens !== undefined ? { max_completion_tokens: spec.max_tokens } : {}),
      }),
    );
    const choice = completion.choices?.[0];
    const reply = choice?.message?.content;
    if (typeof reply !== 'string') throw new RecallGateError('incomplete', `the chat model returned no message content (finish_reason ${choice?.finish_reason ?? 'none'})`);

    if (spec.memory.auto_store) {
      this.stored += 1;
      const id = `${request.user}:${this.stored}`;
      const date = request.date && spec.memory.dated ? request.date : undefined;
      if (date) this.dates.set(id, date);
      await this.options.store.add([{ id, text: request.message, user: request.user, ...(date ? { date } : {}) }]);
    }
    return {
      reply,
      recalled,
      injected_text: memoryLines(recalled),
      // Only a real search adds latency; none and oracle do not search.
      ...(request.memory === 'recall' ? { recall_ms: recallMs } : {}),
      ...(choice?.finish_reason === 'length' ? { truncated: true } : {}),
      ...readCompletionUsage(completion.usage, `the chat model at ${this.endpoint.url}`),
    };
  }

  async close(): Promise<void> {
    await this.options.store.close();
  }

  private async recall(request: ChatRequest): Promise<RecalledMemory[]> {
    const memory = this.options.spec.memory;
    if (request.memory === 'none' || memory.max_results === 0) return [];
    if (request.memory === 'oracle') return (request.oracle ?? []).map((text) => ({ text }));
    const hits = await this.options.store.search(request.user, request.message, memory.max_results);
    return hits
      .filter((hit) => memory.min_score === undefined || hit.score >= memory.min_score)
      .map((hit) => {
        const date = this.dates.get(hit.id);
        return { id: hit.id, text: date ? `[${date}] ${hit.text}` : hit.text, score: hit.score };
      });
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
