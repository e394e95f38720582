// A toy agent with real long-term memory: the part of this example you replace
// with your own agent. agent.mjs (the protocol side) only calls the methods below.
//
// What it does, deliberately simple and deterministic:
// - memory: per user, labelled blocks (human, project_context, preferences,
//   tasks, constraints) of what the user said, each entry with the date it was
//   said; a statement is filed into a block by the words it uses (blockOf);
// - memory policy, one of two (MEMORY_POLICIES):
//     careful  stores each fact once (a statement whose words an entry already
//              has is not stored again) and, told a correction ("Actually, X,
//              not Y"), replaces the entry it corrects instead of adding one;
//     careless appends every turn verbatim: repeats are stored again and a
//              corrected value stays beside its correction;
// - recall: keyword search, scoring memories by how many words they share with
//   the message (common words like "the" and "where" ignored);
// - "model": rules instead of an LLM. A statement is acknowledged; a question
//   is answered by quoting the most relevant recalled memory, or with
//   "I don't know." when nothing relevant was recalled;
// - actions: a request ("Connect to ...", "Export ...") is carried out from
//   what was recalled: a database request calls the tool connect_db with the
//   host memory names, an export request writes a CSV file (an artifact) in
//   the format memory describes. Told a value twice, careful acts on the one
//   told last, careless on the one told first; an instruction to skip export
//   validation is obeyed by careless wherever it was said, by careful only
//   when the user said it, not when the user quoted a document saying it.
// Each chat result reports the memory operations the turn made (memory_ops),
// and the tool calls and files of the actions it took (tool_calls, artifacts).

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

/** A request to do something (the agent acts instead of answering): "Connect to ...", "Please export ...". */
const TASK_START = /^\s*(?:please\s+)?(?:connect|query|export)\b/i;

function isTask(message) {
  return TASK_START.test(message);
}

export const MEMORY_POLICIES = ['careful', 'careless'];

/**
 * The memory blocks and the words that file a statement into each: the first
 * block whose pattern the statement matches takes it; `human` (facts about the
 * person) takes the rest.
 */
const BLOCK_RULES = [
  ['constraints', /\b(must|never|cannot|can't|only|at most|no more than|limits?|requires?|required|has to|have to|compatible|supports?)\b/i],
  ['preferences', /\b(prefers?|preferred|likes?|love|hate|dislike|favou?rite|rather)\b/i],
  ['tasks', /\b(tasks?|todo|working on|next step|need to|deadline|due|finish|ticket|tried|fix|fixed|bug|error|solved|workaround|crash|crashes|crashed)\b/i],
  ['project_context', /\b(project|team|launch|using|stack|codebase|repo|app|service|database|framework|engineers?|designers?|release)\b/i],
];

/** The block a statement is filed into. */
export function blockOf(text) {
  return BLOCK_RULES.find(([, pattern]) => pattern.test(text))?.[0] ?? 'human';
}

/** "Actually, ...", "Correction: ...", "..., not Y." and "... instead of Y": the user corrects something said before. */
const CORRECTION_START = /^\s*(actually|correction|scratch that|i meant)\b[\s,:;-]*/i;
const CORRECTED_VALUE = /(?:,\s*not|\binstead of)\s+([^,.;!?]+)[.!]?\s*$/i;

/** The correction's statement and the value it corrects (when it names one): "Actually, the team is 7, not 5." -> {text: "The team is 7.", old: "5"}. */
export function readCorrection(message) {
  const start = CORRECTION_START.exec(message);
  const value = CORRECTED_VALUE.exec(message);
  if (!start && !value) return undefined;
  let text = message.slice(start ? start[0].length : 0, value ? value.index : message.length).trim().replace(/[,;:-]$/, '');
  text = `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
  if (!/[.!?]$/.test(text)) text += '.';
  return { text, old: value?.[1]?.trim() };
}

export class ToyAgent {
  /** user -> [{ id, text, date?, label?, session? }], oldest first (entries given by `add` have no label). */
  #memories = new Map();
  /** user -> the session number of the conversation going on (the protocol's `session`), if any. */
  #sessions = new Map();
  #nextId = 1;

  /** @param {{policy?: 'careful' | 'careless'}} options */
  constructor({ policy = 'careful' } = {}) {
    if (!MEMORY_POLICIES.includes(policy)) throw new Error(`unknown memory policy "${policy}": one of ${MEMORY_POLICIES.join(', ')}`);
    this.policy = policy;
  }

  /** Forgets everything about one user. */
  reset(user) {
    this.#memories.delete(user);
    this.#sessions.delete(user);
  }

  /** Stores memories as given (the protocol's optional `add`). */
  add(user, memories) {
    const list = this.#memoriesOf(user);
    for (const { id, text, date } of memories) list.push(date ? { id, text, date } : { id, text });
  }

  /** Everything remembered about a user, oldest first, with the block each is in (the protocol's optional `list`). */
  list(user) {
    return this.#memoriesOf(user).map(({ id, text, date, label }) => ({ id, text, ...(date ? { date } : {}), ...(label ? { label } : {}) }));
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
      .map(({ memory, score }) => ({ id: memory.id, text: memory.text, ...(memory.date ? { date: memory.date } : {}), score }));
  }

  /**
   * One invocation: recall (as `memory` says), answer, then remember.
   * `memory`: "recall" searches as usual, "none" recalls nothing, "oracle"
   * uses the `oracle` texts instead of searching. `session` and `turn` place
   * the message in a conversation: turns of one session are one conversation.
   */
  chat({ user, date, message, memory, oracle = [], session, fault }) {
    // Which conversation this is: a correction looks first at what this one said.
    if (session === undefined) this.#sessions.delete(user);
    else this.#sessions.set(user, session);

    // 1. Recall. Under "none" the agent still writes memory below; only reading is switched off.
    const started = performance.now();
    let recalled = [];
    if (fault) {
      // A simulated memory failure (recall-gate's fault conditions): the search timed out, came back empty,
      // or the memory service is down; either way the agent answers without memory, as a well-built one does.
      recalled = [];
    } else if (memory === 'recall') {
      recalled = this.search(user, message, 3);
    } else if (memory === 'oracle') {
      // The evidence is relevant by definition: rank it, but keep it all even when it shares no word.
      const queryWords = keywords(message);
      recalled = oracle.map((text) => ({ text, score: overlap(queryWords, text) })).sort((a, b) => b.score - a.score);
    }
    const recallMs = performance.now() - started;

    // 2. The "model": act on or answer from what was recalled.
    let reply;
    let actions = {};
    if (isTask(message)) {
      ({ reply, ...actions } = this.#act(user, message, recalled));
    } else if (!isQuestion(message)) {
      reply = 'Got it, I will remember that.';
    } else if (recalled.length === 0) {
      reply = "I don't know.";
    } else {
      const best = recalled[0];
      reply = best.date ? `On ${best.date} you told me: ${best.text}` : `You told me: ${best.text}`;
    }

    // 3. Remember, as the policy says.
    const memoryOps = this.policy === 'careless' ? this.#appendVerbatim(user, message, date, session) : this.#storeCarefully(user, message, date, session);

    // A real agent would report its model's token counts; words stand in for tokens here.
    const prompt = [message, ...recalled.map((item) => item.text)].join(' ');
    return {
      reply,
      recalled: recalled.map(({ id, text, score }) => (id ? { id, text, score } : { text, score })),
      usage: { input_tokens: countWords(prompt), output_tokens: countWords(reply) },
      recall_ms: Math.round(recallMs * 1000) / 1000,
      memory_ops: memoryOps,
      ...actions,
    };
  }

  /** A request, carried out from the recalled memories: {reply, tool_calls?, artifacts?}. */
  #act(user, message, recalled) {
    const told = this.#inToldOrder(user, recalled);
    if (/\bdatabase\b/i.test(message)) {
      const host = this.#pick(told.map(hostNamed).filter(Boolean));
      if (!host) return { reply: "I don't know which database host to connect to.", tool_calls: [] };
      return { reply: `Connected to ${host}.`, tool_calls: [{ name: 'connect_db', arguments: { host }, result: { connected: true, host } }] };
    }
    if (/\bexport\b/i.test(message)) {
      const path = CSV_PATH.exec(message)?.[1] ?? 'exports/expenses.csv';
      const columns = this.#pick(told.map(columnsNamed).filter(Boolean)) ?? DEFAULT_COLUMNS;
      const plainAmounts = told.some((text) => PLAIN_AMOUNTS.test(text));
      const validate = !told.some((text) => this.#obeysSkipValidation(text));
      const content = exportCsv(columns, validate && plainAmounts);
      return { reply: `Exported ${EXPENSES.length} expenses to ${path}.`, tool_calls: [], artifacts: [{ path, content }] };
    }
    return { reply: "I don't know how to do that.", tool_calls: [] };
  }

  /** Of the values memory holds for one thing, oldest told first: careful acts on the latest, careless on the first it heard. */
  #pick(values) {
    return this.policy === 'careless' ? values[0] : values.at(-1);
  }

  /** careless obeys an instruction to skip validation wherever it appears; careful ignores one inside quotes (a document the user quoted). */
  #obeysSkipValidation(text) {
    const said = this.policy === 'careless' ? text : text.replace(QUOTED, ' ');
    return SKIP_VALIDATION.test(said);
  }

  /** The recalled texts in the order they were told (by date, then as stored), corrections read as the value they give. */
  #inToldOrder(user, recalled) {
    const stored = this.#memoriesOf(user);
    return recalled
      .map((item, i) => ({ item, told: item.id ? stored.findIndex((memory) => memory.id === item.id) : i }))
      .sort((a, b) => (a.item.date ?? '').localeCompare(b.item.date ?? '') || a.told - b.told)
      .map(({ item }) => readCorrection(item.text)?.text ?? item.text);
  }

  /** careless: every turn, as said, questions and repeats included. */
  #appendVerbatim(user, message, date, session) {
    return [this.#insert(user, message, date, session)];
  }

  /**
   * careful: questions and requests are not stored (recalled later, "Where do I live?" would
   * look like an answer to itself); a correction replaces what it corrects; a
   * statement whose words one entry already has is known, and not stored again.
   */
  #storeCarefully(user, message, date, session) {
    if (isQuestion(message) || isTask(message)) return [];
    const memories = this.#memoriesOf(user);
    const correction = readCorrection(message);
    if (correction) {
      const corrected = this.#correctedEntry(memories, correction, session);
      if (corrected) {
        corrected.text = correction.text;
        corrected.label = blockOf(correction.text);
        if (date) corrected.date = date;
        return [{ op: 'replace', label: corrected.label, text: corrected.text }];
      }
      return [this.#insert(user, correction.text, date, session)];
    }
    const words = new Set(keywords(message));
    const known = words.size > 0 && memories.some((entry) => {
      const have = new Set(keywords(entry.text));
      return [...words].every((word) => have.has(word));
    });
    return known ? [] : [this.#insert(user, message, date, session)];
  }

  /**
   * The entry a correction replaces: one holding the corrected value when the
   * correction names it ("not 5"), sharing the most words with the correction,
   * from this conversation before older ones, the newest on a tie.
   */
  #correctedEntry(memories, correction, session) {
    const words = keywords(correction.text);
    const oldWords = correction.old ? keywords(correction.old) : [];
    const ranked = memories
      .map((entry, order) => {
        const have = new Set(keywords(entry.text));
        return {
          entry,
          order,
          names: oldWords.length > 0 && oldWords.every((word) => have.has(word)) ? 1 : 0,
          shared: overlap(words, entry.text),
          here: session !== undefined && entry.session === session ? 1 : 0,
        };
      })
      .filter((candidate) => candidate.shared > 0 && (oldWords.length === 0 || candidate.names === 1))
      .sort((a, b) => b.names - a.names || b.here - a.here || b.shared - a.shared || b.order - a.order);
    return ranked[0]?.entry;
  }

  #insert(user, text, date, session) {
    const label = blockOf(text);
    // The session an entry was said in stays internal: list does not show it.
    this.#memoriesOf(user).push({ id: `m${this.#nextId++}`, text, ...(date ? { date } : {}), label, session });
    return { op: 'insert', label, text };
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

// ---------------------------------------------------------------------------
// What the actions read from memory, and the toy data they act on
// ---------------------------------------------------------------------------

/** "the staging database host is db-staging-2" -> "db-staging-2": a host name has a dot or a hyphen. */
const HOST = /\bhost(?:name)?\s+(?:is\s+)?(?:now\s+)?([a-z0-9]+(?:[-.][a-z0-9]+)+)/i;

function hostNamed(text) {
  return HOST.exec(text)?.[1];
}

/** The columns of the toy export, and their order when memory names none. */
const DEFAULT_COLUMNS = ['merchant', 'date', 'amount'];
const COLUMN_LIST = /\bcolumns?\s+(?:are\s+|in\s+the\s+order\s+)?:?\s*([a-z]+(?:\s*(?:,|\band\b|\bthen\b)\s*[a-z]+)+)/i;

/** "the columns date, merchant and amount" -> ["date", "merchant", "amount"]; only an order naming every column counts. */
function columnsNamed(text) {
  const list = COLUMN_LIST.exec(text)?.[1];
  if (!list) return undefined;
  const names = list.toLowerCase().split(/\s*(?:,|\band\b|\bthen\b)\s*/).filter((name) => DEFAULT_COLUMNS.includes(name));
  return names.length === DEFAULT_COLUMNS.length && new Set(names).size === names.length ? names : undefined;
}

const PLAIN_AMOUNTS = /\b(?:without|no)\s+(?:a\s+)?currency\s+symbols?\b|\bplain\s+decimals?\b/i;
const SKIP_VALIDATION = /\b(?:skip|disable|turn\s+off|no)\s+(?:the\s+)?(?:export\s+)?validation\b/i;
const QUOTED = /"[^"]*"|\u201c[^\u201d]*\u201d/g;
const CSV_PATH = /((?:[\w-]+\/)*[\w-]+\.csv)\b/i;

/** The expenses the toy agent exports, amounts as they were entered (mixed currency notations). */
const EXPENSES = [
  { date: '2026-03-02', merchant: 'Cafe Lume', amount: '€4.50' },
  { date: '2026-03-03', merchant: 'City Rail', amount: '27 EUR' },
  { date: '2026-03-05', merchant: 'Paper and Ink', amount: '€12.9' },
];

/** The CSV file: a header, one line per expense; validation writes each amount as a plain decimal with two places. */
function exportCsv(columns, plainAmounts) {
  const field = (expense, column) => (column === 'amount' && plainAmounts ? Number(expense.amount.replace(/[^\d.]/g, '')).toFixed(2) : expense[column]);
  return [columns.join(','), ...EXPENSES.map((expense) => columns.map((column) => field(expense, column)).join(','))].join('\n') + '\n';
}

function countWords(text) {
  return text.split(/\s+/).filter(Boolean).length;
}
