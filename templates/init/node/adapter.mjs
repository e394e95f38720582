#!/usr/bin/env node
// The adapter between recall-gate and your agent: recall-gate calls these
// handlers over JSON-RPC (suite.yaml starts `node adapter.mjs --stdio`), and
// they call your agent. The adapter SDK (`recall-gate/adapter`, from
// `npm i -D recall-gate`) speaks the protocol, checks the params and sends
// console.log to stderr, so stdout stays the protocol's.
//
// It starts around a STAND-IN AGENT (below): per-user memory searched by word
// overlap and a rule-based "model", deterministic, no key, no network, so the
// first run is green. Replace it with calls into your agent where the
// comments say YOUR AGENT, then run the suite again.
//
//   node adapter.mjs --stdio               what recall-gate runs
//   node adapter.mjs --http --port 8787    the same over HTTP (prints its URL first)

import { serveAdapter } from 'recall-gate/adapter';

// ---------------------------------------------------------------------------
// The stand-in agent. Delete it once your agent is wired in.
// ---------------------------------------------------------------------------

const STOPWORDS = new Set(
  ('a an and are as at be by can did do does for from get go had has have how i i\'m in is it me my of on or our should so ' +
    'that the them then there this to was we were what when where which who why will with you your').split(' '),
);
const QUESTION_WORDS = new Set(['what', 'where', 'when', 'who', 'which', 'why', 'how', 'do', 'does', 'did', 'is', 'are', 'am', 'can']);
const DATED = /^\[(\d{4}-\d{2}-\d{2})\] (.*)$/s;
/** The stand-in's "model" quotes one memory, so it recalls one, and only to answer a question. */
const RECALL_LIMIT = 1;

/** The words that say what a text is about, a plural "s" dropped ("peanuts" meets "peanut"). */
function words(text) {
  const all = text.toLowerCase().match(/[a-z0-9']+/g) ?? [];
  return new Set(all.filter((word) => !STOPWORDS.has(word)).map((word) => (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word)));
}

function isQuestion(message) {
  return message.trim().endsWith('?') || QUESTION_WORDS.has(message.trim().split(/\s+/)[0].toLowerCase());
}

class StandInAgent {
  #memories = new Map(); // user -> [{ id, text, date? }], oldest first

  forget(user) {
    this.#memories.delete(user);
  }

  remember(user, text, date, id) {
    const list = this.#memories.get(user) ?? [];
    list.push({ id: id ?? `m${list.length + 1}`, text, ...(date ? { date } : {}) });
    this.#memories.set(user, list);
  }

  all(user) {
    return this.#memories.get(user) ?? [];
  }

  /** Memories sharing words with the query: most shared words first, then the newer. */
  recall(user, query, limit) {
    const wanted = words(query);
    return this.all(user)
      .map((memory, order) => ({ memory, order, score: [...words(memory.text)].filter((word) => wanted.has(word)).length }))
      .filter((hit) => hit.score > 0)
      .sort((a, b) => b.score - a.score || (b.memory.date ?? '').localeCompare(a.memory.date ?? '') || b.order - a.order)
      .slice(0, limit)
      .map(({ memory, score }) => ({ ...memory, score }));
  }

  /** The "model": a statement is noted; a question is answered by quoting the best memory, or "I don't know." */
  reply(message, recalled) {
    if (!isQuestion(message)) return 'Got it, I will remember that.';
    if (recalled.length === 0) return "I don't know.";
    const [, date, text] = DATED.exec(recalled[0].text) ?? [undefined, recalled[0].date, recalled[0].text];
    return date ? `On ${date} you told me: ${text}` : `You told me: ${text}`;
  }
}

const agent = new StandInAgent();

// ---------------------------------------------------------------------------
// The handlers: what recall-gate asks of your agent.
// ---------------------------------------------------------------------------

await serveAdapter(
  {
    /** Before each trial: forget everything about this user. YOUR AGENT: delete the user's memories. */
    reset({ user }) {
      agent.forget(user);
    },

    /**
     * One turn of a conversation. YOUR AGENT: answer `message` as `user` on
     * `date`, reading and writing memory as it always does, and report what
     * memory brought back (`recalled`). `memory` is the condition: "recall"
     * (memory as it is), "none" (recall nothing) or "oracle" (use the
     * `oracle` texts instead of searching). Turns with the same `session` are
     * one conversation: keep its history; the probe has no `session`.
     */
    async chat({ user, date, message, memory, oracle }) {
      const recalled = memory === 'none' || !isQuestion(message) ? [] : memory === 'oracle' ? (oracle ?? []).map((text) => ({ text })) : agent.recall(user, message, RECALL_LIMIT);
      const reply = agent.reply(message, recalled);
      // The agent keeps what it is told under every condition (questions are not facts).
      if (!isQuestion(message)) agent.remember(user, message, date);
      return { reply, recalled: recalled.map(({ id, text, score }) => ({ ...(id ? { id } : {}), text, ...(score ? { score } : {}) })) };
    },

    /** The retrieval layer seeds memories with their ids. YOUR AGENT: store each in its memory, keeping the id. */
    add({ user, memories }) {
      for (const { id, text, date } of memories) agent.remember(user, text, date, id);
    },

    /** The retrieval layer's search, best first: recall-gate scores this order. YOUR AGENT: its memory search. */
    search({ user, query, limit }) {
      return { results: agent.recall(user, query, limit).map(({ id, text, score }) => ({ id, text, score })) };
    },

    /** Everything remembered about the user (memory graders read it). YOUR AGENT: list its memories. */
    list({ user }) {
      return { memories: agent.all(user) };
    },
  },
  { name: 'my agent' },
);
