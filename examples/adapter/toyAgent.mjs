// A toy agent with real long-term memory: the part of this example you replace
// with your own agent. agent.mjs (the protocol side) only calls the methods below.
//
// What it does, deliberately simple and deterministic:
// - memory: per user, every statement the user makes, with the date it was made;
// - recall: keyword search, scoring memories by how many words they share with
//   the message (common words like "the" and "where" ignored);
// - "model": rules instead of an LLM. A statement is acknowledged; a question
//   is answered by quoting the most relevant recalled memory, or with
//   "I don't know." when nothing relevant was recalled.

import { performance } from 'node:perf_hooks';

/** Words too common to say anything about relevance. */
const STOPWORDS = new Set(
  (
    'a about after am an and any are as at be been before but by can could did do does for from had has have how i ' +
    'if in into is it its me my no not of on or our so than that the their them then there these they this to was ' +
    'we were what when where which who whom why will with would you your'
  ).split(' '),
);

/** Lower-cased words, stopwords removed, a plural "s" dropped ("cats" -> "cat"). */
export function keywords(text) {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((word) => !STOPWORDS.has(word)).map((word) => (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word));
}

/** How many distinct keywords of the query the text contains. */
function overlap(queryWords, text) {
  const textWords = new Set(keywords(text));
  let shared = 0;
  for (const word of new Set(queryWords)) if (textWords.has(word)) shared += 1;
  return shared;
}

const QUESTION_START = /^(what|where|when|who|whom|which|why|how|do|does|did|is|are|was|were|can|could|should|would|will|have|has)\b/i;

function isQuestion(message) {
  const text = message.trim();
  return text.endsWith('?') || QUESTION_START.test(text);
}

export class ToyAgent {
  /** user -> [{ id, text, date? }], oldest first. */
  #memories = new Map();
  #nextId = 1;

  /** Forgets everything about one user. */
  reset(user) {
    this.#memories.delete(user);
  }

  /** Stores memories as given (the protocol's optional `add`). */
  add(user, memories) {
    const list = this.#memoriesOf(user);
    for (const { id, text, date } of memories) list.push(date ? { id, text, date } : { id, text });
  }

  /** Everything remembered about a user, oldest first (the protocol's optional `list`). */
  list(user) {
    return this.#memoriesOf(user).map((memory) => ({ ...memory }));
  }

  /**
   * Memories sharing at least one keyword with the query, best first: more
   * shared words first, then the newer memory (so "I moved to Lisbon" beats an
   * older "I live in Porto"), then the one told later.
   */
  search(user, query, limit) {
    const queryWords = keywords(query);
    const memories = this.#memoriesOf(user);
    return memories
      .map((memory, order) => ({ memory, order, score: overlap(queryWords, memory.text) }))
      .filter((hit) => hit.score > 0)
      .sort((a, b) => b.score - a.score || (b.memory.date ?? '').localeCompare(a.memory.date ?? '') || b.order - a.order)
      .slice(0, limit)
      .map(({ memory, score }) => ({ ...memory, score }));
  }

  /**
   * One invocation: recall (as `memory` says), answer, then remember.
   * `memory`: "recall" searches as usual, "none" recalls nothing, "oracle"
   * uses the `oracle` texts instead of searching.
   */
  chat({ user, date, message, memory, oracle = [], fault }) {
    // 1. Recall. Under "none" the agent still writes memory below; only reading is switched off.
    const started = performance.now();
    let recalled = [];
    if (fault) {
      // A simulated memory failure (recall-gate's fault conditions): the search timed out, came back empty,
      // or the memory service is down; either way the agent answers without memory, as a well-built one does.
      recalled = [];
    } else if (memory === 'recall') {
      recalled = this.search(user, message, 3).map(({ id, text, date: told, score }) => ({ id, text, date: told, score }));
    } else if (memory === 'oracle') {
      // The evidence is relevant by definition: rank it, but keep it all even when it shares no word.
      const queryWords = keywords(message);
      recalled = oracle.map((text) => ({ text, score: overlap(queryWords, text) })).sort((a, b) => b.score - a.score);
    }
    const recallMs = performance.now() - started;

    // 2. The "model": answer from what was recalled.
    let reply;
    if (!isQuestion(message)) {
      reply = 'Got it, I will remember that.';
    } else if (recalled.length === 0) {
      reply = "I don't know.";
    } else {
      const best = recalled[0];
      reply = best.date ? `On ${best.date} you told me: ${best.text}` : `You told me: ${best.text}`;
    }

    // 3. Remember what the user said. Questions are not stored: recalled later,
    //    "Where do I live?" would look like an answer to itself.
    if (!isQuestion(message)) this.#memoriesOf(user).push(date ? { id: `m${this.#nextId++}`, text: message, date } : { id: `m${this.#nextId++}`, text: message });

    // A real agent would report its model's token counts; words stand in for tokens here.
    const prompt = [message, ...recalled.map((item) => item.text)].join(' ');
    return {
      reply,
      recalled: recalled.map(({ id, text, score }) => (id ? { id, text, score } : { text, score })),
      usage: { input_tokens: countWords(prompt), output_tokens: countWords(reply) },
      recall_ms: Math.round(recallMs * 1000) / 1000,
    };
  }

  #memoriesOf(user) {
    let list = this.#memories.get(user);
    if (!list) {
      list = [];
      this.#memories.set(user, list);
    }
    return list;
  }
}

function countWords(text) {
  return text.split(/\s+/).filter(Boolean).length;
}
