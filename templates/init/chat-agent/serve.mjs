// The protocol side of adapter.mjs: recall-gate's handlers (reset, chat, add,
// search, list) around a memory (adapter.mjs makes it from your library) and
// your agent's answer() (agent.mjs), served by the adapter SDK
// (recall-gate/adapter). You should not need to change this file.
//
// RECALL_LIMIT (default 5): how many memories a chat turn recalls.

import { serveAdapter } from 'recall-gate/adapter';
import { answer } from './agent.mjs';

const RECALL_LIMIT = Number(process.env.RECALL_LIMIT) || 5;

/**
 * Serves a memory: `search(user, query, limit)` -> [{ id, text, date?, score? }]
 * best first; `remember(user, text, date)` stores what the user said (and may
 * return the memory ops it made); `add(user, memories)` stores memories with
 * recall-gate's ids; `list(user)` -> [{ id, text, date? }]; `forget(user)`.
 */
export async function serveMemoryAdapter(memory, { name }) {
  /** Each session's turns are one conversation: its history, by [user, session]. The probe (no session) starts a fresh one. */
  const conversations = new Map();

  async function recall({ user, message, memory: condition, oracle, fault }) {
    if (condition === 'oracle') return { memories: (oracle ?? []).map((text) => ({ text })) };
    // A fault condition makes the memory search fail: the agent answers without memory, and says why.
    if (fault) return { memories: [], ...(fault === 'empty' ? {} : { error: `memory search failed (fault ${fault})` }) };
    if (condition === 'none') return { memories: [] };
    return { memories: await memory.search(user, message, RECALL_LIMIT) };
  }

  await serveAdapter(
    {
      async reset({ user }) {
        for (const key of conversations.keys()) if (JSON.parse(key)[0] === user) conversations.delete(key);
        await memory.forget(user);
      },

      async chat(params) {
        const { user, date, message, session } = params;
        const recalled = await recall(params);
        const key = JSON.stringify([user, session]);
        const history = session === undefined ? [] : (conversations.get(key) ?? []);
        const { reply, usage } = await answer({ user, date, message, memories: recalled.memories, history });
        if (session !== undefined) conversations.set(key, [...history, { role: 'user', content: message }, { role: 'assistant', content: reply }]);
        // The agent keeps what it is told under every condition, as recall-gate's protocol asks.
        const ops = await memory.remember(user, message, date);
        return {
          reply,
          recalled: recalled.memories.map(({ id, text, score }) => ({ ...(id !== undefined ? { id: String(id) } : {}), text, ...(typeof score === 'number' ? { score } : {}) })),
          ...(usage ? { usage } : {}),
          ...(recalled.error ? { recall_error: recalled.error } : {}),
          ...(Array.isArray(ops) ? { memory_ops: ops } : {}),
        };
      },

      async add({ user, memories }) {
        await memory.add(user, memories);
      },

      async search({ user, query, limit }) {
        const hits = await memory.search(user, query, limit);
        return { results: hits.map(({ id, text, score }) => ({ id: String(id), text, ...(typeof score === 'number' ? { score } : {}) })) };
      },

      async list({ user }) {
        return { memories: await memory.list(user) };
      },
    },
    { name },
  );
}
