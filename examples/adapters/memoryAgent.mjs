// The agent the mem0 and LangGraph adapters put around a memory store: one
// chat turn answered by a chat model on an OpenAI-compatible endpoint, with
// what the store recalls in its system prompt. Only the memory differs between
// those adapters; this file is the rest, with no dependencies (fetch), so a
// copied adapter folder needs it beside it (see each adapter's README).
//
// Environment (all optional but the key, which a local server may ignore):
//   OPENAI_BASE_URL      the endpoint (default https://api.openai.com/v1)
//   OPENAI_API_KEY       its key
//   CHAT_MODEL           the chat model (default gpt-4o-mini)
//   EMBEDDING_MODEL      the embedding model, for adapters that embed here (default text-embedding-3-small)
//   RECALL_LIMIT         how many memories a turn recalls (default 5)
//   RECALL_TIMEOUT_MS    the agent's recall deadline, waited out under fault "timeout" (default 500)

/* global fetch */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/** The OpenAI-compatible endpoint and models, from the environment. */
export function endpointFromEnv(env = process.env) {
  return {
    baseURL: (env.OPENAI_BASE_URL || 'https://api.openai.com/v1').replace(/\/+$/, ''),
    apiKey: env.OPENAI_API_KEY || '',
    chatModel: env.CHAT_MODEL || 'gpt-4o-mini',
    embeddingModel: env.EMBEDDING_MODEL || 'text-embedding-3-small',
    recallLimit: positiveInteger(env.RECALL_LIMIT, 'RECALL_LIMIT', 5),
    recallTimeoutMs: positiveInteger(env.RECALL_TIMEOUT_MS, 'RECALL_TIMEOUT_MS', 500),
  };
}

function positiveInteger(raw, name, fallback) {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got ${JSON.stringify(raw)}`);
  return value;
}

/** POSTs one request to the endpoint and returns its JSON body; a non-2xx status throws with the start of the body. */
async function post(endpoint, path, body) {
  const response = await fetch(`${endpoint.baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** Embeds texts with the endpoint's embeddings API, in order. */
export async function embedTexts(endpoint, texts) {
  const { data } = await post(endpoint, '/embeddings', { model: endpoint.embeddingModel, input: texts });
  return [...data].sort((a, b) => a.index - b.index).map((row) => row.embedding);
}

/** One line per memory, dated when it has a date: the form the system prompt lists them in. */
const memoryLine = ({ text, date }) => (date ? `- [${date}] ${text}` : `- ${text}`);

/** The system prompt: who the agent is, today, and what memory brought back (oracle texts come already dated). */
function systemPrompt(date, memories) {
  return [
    'You are a helpful personal assistant with long-term memory.',
    date ? `Today is ${date}.` : '',
    'Answer from what you remember about the user. When it does not tell you, say you do not know.',
    memories.length ? `What you remember about the user:\n${memories.map(memoryLine).join('\n')}` : 'You remember nothing relevant about the user.',
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * The `reset` and `chat` handlers around a memory: `memory.search(user,
 * query, limit)` gives `[{id?, text, date?, score?}]` best first,
 * `memory.remember(user, text, date)` stores what the user said (and may
 * return the memory ops it made), `memory.forget(user)` deletes the user's
 * memories. Each session's turns are one conversation (the history is kept
 * here); the probe, without `session`, starts a fresh one.
 */
export function memoryAgent(memory, endpoint = endpointFromEnv()) {
  /** The conversation so far, per user and session: [{role, content}]. */
  const conversations = new Map();

  async function recall({ user, message, memory: mode, oracle, fault }) {
    if (mode === 'none') return { memories: [], ms: 0 };
    if (mode === 'oracle') return { memories: (oracle ?? []).map((text) => ({ text })), ms: 0 };
    const started = performance.now();
    const ms = () => Math.round((performance.now() - started) * 1000) / 1000;
    if (fault === 'timeout') {
      await sleep(endpoint.recallTimeoutMs);
      return { memories: [], ms: ms(), error: `memory search timed out after ${endpoint.recallTimeoutMs} ms` };
    }
    if (fault === 'empty') return { memories: [], ms: ms() };
    if (fault === 'down') return { memories: [], ms: ms(), error: 'memory service unavailable (connection refused)' };
    return { memories: await memory.search(user, message, endpoint.recallLimit), ms: ms() };
  }

  async function reset({ user }) {
    for (const key of conversations.keys()) if (JSON.parse(key)[0] === user) conversations.delete(key);
    await memory.forget(user);
  }

  async function chat(params) {
    const { user, date, message, session } = params;
    const recalled = await recall(params);
    const key = JSON.stringify([user, session]);
    const history = session === undefined ? [] : (conversations.get(key) ?? []);
    const completion = await post(endpoint, '/chat/completions', {
      model: endpoint.chatModel,
      messages: [{ role: 'system', content: systemPrompt(date, recalled.memories) }, ...history, { role: 'user', content: message }],
    });
    const choice = completion.choices?.[0];
    const reply = choice?.message?.content ?? '';
    if (session !== undefined) conversations.set(key, [...history, { role: 'user', content: message }, { role: 'assistant', content: reply }]);
    // The agent keeps what it is told, whatever the memory condition (as recall-gate's protocol asks).
    const memoryOps = await memory.remember(user, message, date);
    return {
      reply,
      recalled: recalled.memories.map(({ id, text, score }) => ({ ...(id !== undefined ? { id } : {}), text, ...(typeof score === 'number' ? { score } : {}) })),
      ...(completion.usage ? { usage: { input_tokens: completion.usage.prompt_tokens, output_tokens: completion.usage.completion_tokens, model: completion.model || endpoint.chatModel } } : {}),
      recall_ms: recalled.ms,
      ...(recalled.error ? { recall_error: recalled.error } : {}),
      ...(choice?.finish_reason ? { finish_reason: choice.finish_reason } : {}),
      ...(Array.isArray(memoryOps) ? { memory_ops: memoryOps } : {}),
    };
  }

  return { reset, chat };
}
