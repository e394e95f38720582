import { jsonArrayItems } from './jsonArrayItems.js';
import { LOCOMO_PROBE_SUFFIX, locomoCases, type KeptQa, type PlayedSession } from './locomoCases.js';
import type { ImportFlags, ImportFormat, ImportSink, ImportedMemory } from './types.js';

/**
 * LoCoMo (snap-research/LoCoMo, data/locomo10.json): a JSON array of
 * conversations `{sample_id, conversation: {speaker_a, speaker_b, session_N:
 * [{speaker, dia_id: "D3:5", text, blip_caption?, img_url?}],
 * session_N_date_time: "1:56 pm on 8 May, 2023"}, qa: [{question, answer,
 * evidence: ["D3:5"], category}]}`. Each conversation is one user; each QA
 * item with evidence is a query whose relevant memories are its evidence
 * turns (or their sessions). The published file's quirks are repaired and
 * counted, never fatal.
 */

/**
 * Category numbers as LoCoMo's evaluation code treats them (task_eval/
 * evaluation.py, gpt_utils.py): 1 is scored by partial F1 over sub-answers
 * (multi-hop), 2 gets "use DATE of CONVERSATION" in its prompt (temporal), 3
 * keeps the first of ";"-separated answers (open-domain), 4 plain F1
 * (single-hop), 5 is right only when the answer says it is not mentioned
 * (adversarial). The paper lists them in another order.
 */
export const LOCOMO_CATEGORIES: Record<number, string> = { 1: 'multi-hop', 2: 'temporal', 3: 'open-domain', 4: 'single-hop', 5: 'adversarial' };
const UNCATEGORISED = 'uncategorised';
/** The answer LoCoMo's evaluation counts right for a category 5 question (its items hold only the tempting wrong one, `adversarial_answer`). */
export const LOCOMO_ADVERSARIAL_ANSWER = 'Not mentioned in the conversation';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** "1:56 pm on 8 May, 2023" -> "2023-05-08"; undefined when it is not a date of that shape or not a calendar date. */
export function locomoDate(text: string): string | undefined {
  const match = /^\s*\d{1,2}:\d{2}\s*[ap]\.?m\.?\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})\s*$/i.exec(text);
  if (!match) return undefined;
  const [day, month, year] = [Number(match[1]), MONTHS.indexOf(match[2]!.toLowerCase()) + 1, Number(match[3])];
  if (month === 0) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return undefined;
  return date.toISOString().slice(0, 10);
}

/** One evidence id read: its canonical form "D<session>:<turn>", and how it was repaired on the way (if it was). */
export interface ReadEvidenceId {
  id?: string;
  written: string;
  repair?: 'stray colon' | 'zero-padded' | 'unreadable';
}

/**
 * The ids one evidence string holds. Annotators wrote several in one string
 * ("D8:6; D9:17", "D9:1 D4:4"), a colon too many ("D:11:26"), zero-padded
 * turns ("D30:05") and a bare "D"; each token is read to "D<s>:<t>" where it
 * can be, and marked unreadable where it cannot.
 */
export function readEvidence(written: string): ReadEvidenceId[] {
  return written
    .split(/[\s;,]+/)
    .filter((token) => token !== '')
    .map((token) => {
      const match = /^D(:?)(\d+):(\d+)$/.exec(token);
      if (!match) return { written: token, repair: 'unreadable' as const };
      const id = `D${Number(match[2])}:${Number(match[3])}`;
      if (match[1]) return { id, written: token, repair: 'stray colon' as const };
      if (id !== token) return { id, written: token, repair: 'zero-padded' as const };
      return { id, written: token };
    });
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

interface Turn {
  id: string;
  session: number;
  speaker: string;
  text: string;
  caption?: string;
  meta: Json;
}

interface Session {
  number: number;
  date?: string;
  dateText?: string;
  turns: Turn[];
}

/** The sessions of one conversation, in order, with their dates; date keys with no session and unusable turns are reported. */
function readSessions(user: string, conversation: Json, sink: ImportSink): Session[] {
  const sessions = new Map<number, Session>();
  const dates = new Map<number, string>();
  for (const [key, value] of Object.entries(conversation)) {
    const dateKey = /^session_(\d+)_date_time$/.exec(key);
    if (dateKey) {
      dates.set(Number(dateKey[1]), typeof value === 'string' ? value : JSON.stringify(value));
      continue;
    }
    const sessionKey = /^session_(\d+)$/.exec(key);
    if (!sessionKey) continue;
    const number = Number(sessionKey[1]);
    sink.read('sessions');
    if (!Array.isArray(value)) {
      sink.skip(`${user}:${key}`, 'session that is not a list of turns');
      continue;
    }
    sessions.set(number, { number, turns: readTurns(user, key, number, value, sink) });
  }
  for (const [number, text] of dates) {
    const session = sessions.get(number);
    if (!session) {
      sink.skip(`${user}:session_${number}_date_time`, 'date with no session', text);
      continue;
    }
    session.dateText = text;
    session.date = locomoDate(text);
    if (!session.date) sink.repair(`${user}:session_${number}`, 'session date not readable: its memories are undated', text);
  }
  for (const session of sessions.values()) {
    if (session.dateText === undefined) sink.repair(`${user}:session_${session.number}`, 'session with no session_N_date_time: its memories are undated');
  }
  return [...sessions.values()].sort((a, b) => a.number - b.number);
}

function readTurns(user: string, key: string, number: number, rows: unknown[], sink: ImportSink): Turn[] {
  const turns: Turn[] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    sink.read('turns');
    const place = `${user}:${key}[${index}]`;
    if (!isObject(row)) return sink.skip(place, 'turn that is not an object');
    const id = typeof row.dia_id === 'string' ? row.dia_id : undefined;
    const read = id === undefined ? undefined : readEvidence(id);
    if (!read || read.length !== 1 || !read[0]!.id) return sink.skip(place, 'turn with no readable dia_id', JSON.stringify(row.dia_id));
    const canonical = read[0]!.id;
    if (canonical !== id) sink.repair(`${user}:${id}`, 'dia_id written unlike "D<session>:<turn>"', `${id} -> ${canonical}`);
    if (Number(/^D(\d+)/.exec(canonical)![1]) !== number) return sink.skip(`${user}:${canonical}`, 'turn whose dia_id names another session', key);
    if (seen.has(canonical)) return sink.skip(`${user}:${canonical}`, 'duplicate dia_id in its session');
    seen.add(canonical);
    const text = typeof row.text === 'string' ? row.text.trim() : '';
    const caption = typeof row.blip_caption === 'string' && row.blip_caption.trim() !== '' ? row.blip_caption.trim() : undefined;
    if (text === '' && caption === undefined) return sink.skip(`${user}:${canonical}`, 'turn with no text');
    const speaker = typeof row.speaker === 'string' ? row.speaker : '';
    if (caption !== undefined) sink.read('turns with an image');
    const meta: Json = { dia_id: canonical, speaker };
    for (const field of ['blip_caption', 'img_url', 'query'] as const) if (row[field] !== undefined) meta[field] = row[field];
    turns.push({ id: canonical, session: number, speaker, text, caption, meta });
  });
  return turns;
}

/** A turn as the memory text: "Speaker: text", with " [shares a photo: caption]" under --captions (the caption alone when the turn has no text). */
function turnText(turn: Turn, captions: boolean): string {
  const said = turn.text === '' ? '' : `${turn.speaker ? `${turn.speaker}: ` : ''}${turn.text}`;
  if (!captions || turn.caption === undefined) return said;
  const shared = `[shares a photo: ${turn.caption}]`;
  return said === '' ? `${turn.speaker ? `${turn.speaker}: ` : ''}${shared}` : `${said} ${shared}`;
}

/** The sessions as an e2e history plays them: each turn's memory text (both speakers), turns with none left out. */
function playedSessions(sessions: Session[], captions: boolean): PlayedSession[] {
  return sessions.map((session) => ({
    ...(session.date ? { date: session.date } : {}),
    turns: session.turns.map((turn) => ({ id: turn.id, text: turnText(turn, captions) })).filter((turn) => turn.text !== ''),
  }));
}

const sessionId = (user: string, number: number) => `${user}:S${number}`;

/** The memories of one conversation: a row per turn (id USER:D<s>:<t>, group USER:S<s>) or per session (id USER:S<s>). */
function memoriesOf(user: string, sessions: Session[], flags: ImportFlags): ImportedMemory[] {
  const dated = (session: Session) => (session.date ? { date: session.date } : {});
  if (flags.unit === 'turn') {
    return sessions.flatMap((session) =>
      session.turns
        .map((turn) => ({ turn, text: turnText(turn, flags.captions) }))
        .filter(({ text }) => text !== '')
        .map(({ turn, text }) => ({ id: `${user}:${turn.id}`, text, user, ...dated(session), group: sessionId(user, session.number), meta: turn.meta })),
    );
  }
  return sessions.flatMap((session) => {
    const lines = session.turns.map((turn) => turnText(turn, flags.captions)).filter((text) => text !== '');
    if (lines.length === 0) return [];
    const captions = session.turns.filter((turn) => turn.caption !== undefined).map((turn) => ({ dia_id: turn.id, blip_caption: turn.caption }));
    const meta: Json = { session: `session_${session.number}`, turns: session.turns.length, ...(session.dateText === undefined ? {} : { date_time: session.dateText }), ...(captions.length > 0 ? { captions } : {}) };
    return [{ id: sessionId(user, session.number), text: lines.join('\n'), user, ...dated(session), group: sessionId(user, session.number), meta }];
  });
}

/** The relevant memory ids of one QA item's evidence, every repair and drop reported; empty when none names a memory. */
function relevantOf(record: string, user: string, evidence: string[], known: Known, flags: ImportFlags, sink: ImportSink): string[] {
  const relevant = new Set<string>();
  for (const written of evidence) {
    const ids = readEvidence(written);
    if (ids.length > 1) sink.repair(record, 'several evidence ids in one string: split', `"${written}" -> ${ids.map((read) => read.id ?? `"${read.written}"`).join(', ')}`);
    for (const read of ids) {
      if (read.repair === 'unreadable') {
        sink.repair(record, 'unreadable evidence id: dropped', `"${read.written}"`);
        continue;
      }
      if (read.repair === 'stray colon') sink.repair(record, 'stray colon in evidence id', `${read.written} -> ${read.id}`);
      if (read.repair === 'zero-padded') sink.repair(record, 'zero-padded turn number in evidence id', `${read.written} -> ${read.id}`);
      const session = known.turns.get(read.id!);
      if (session === undefined) {
        sink.repair(record, 'evidence id that names no turn: dropped', read.id);
        continue;
      }
      const id = flags.unit === 'turn' ? `${user}:${read.id}` : sessionId(user, session);
      if (!known.memories.has(id)) {
        sink.repair(record, 'evidence turn with no text (an image without --captions): dropped', read.id);
        continue;
      }
      relevant.add(id);
    }
  }
  return [...relevant];
}

/** The turns a conversation has (dia_id -> session number) and the memory ids written for it. */
interface Known {
  turns: Map<string, number>;
  memories: Set<string>;
}

/** Reads the QA items into queries; each query kept is also handed to `kept` (for e2e cases). */
async function readQa(user: string, items: unknown, known: Known, sink: ImportSink, flags: ImportFlags, kept?: (qa: KeptQa) => void): Promise<void> {
  if (!Array.isArray(items)) {
    if (items !== undefined) sink.skip(`${user}:qa`, '"qa" that is not a list');
    return;
  }
  let number = 0;
  for (const item of items) {
    number += 1;
    sink.read('qa items');
    const record = `${user}:q${number}`;
    if (!isObject(item)) {
      sink.skip(record, 'QA item that is not an object');
      continue;
    }
    const question = typeof item.question === 'string' ? item.question.trim() : '';
    if (question === '') {
      sink.skip(record, 'QA item with no question');
      continue;
    }
    // One id written as a string rather than a list of one is read as that list, and said.
    if (typeof item.evidence === 'string') sink.repair(record, 'evidence written as a string, not a list: read as a list of one', `"${item.evidence}"`);
    const given = typeof item.evidence === 'string' ? [item.evidence] : item.evidence;
    const evidence = Array.isArray(given) ? given.filter((entry): entry is string => typeof entry === 'string') : [];
    if (evidence.length === 0) {
      sink.skip(record, 'QA item with no evidence (no relevant memory to score)');
      continue;
    }
    const relevant = relevantOf(record, user, evidence, known, flags, sink);
    if (relevant.length === 0) {
      sink.skip(record, 'QA item whose evidence names no turn', evidence.join(' | '));
      continue;
    }
    const category = typeof item.category === 'number' ? item.category : undefined;
    const tag = category === undefined ? undefined : LOCOMO_CATEGORIES[category];
    if (tag === undefined) sink.repair(record, `category not in 1-5: tagged "${UNCATEGORISED}"`, JSON.stringify(item.category));
    const meta: Json = { category: item.category, evidence: item.evidence };
    let answer = item.answer === undefined || item.answer === null ? undefined : String(item.answer);
    if (category === 5) {
      // The item holds the wrong answer the question's premise invites; the evaluation counts "not mentioned" right.
      if (item.adversarial_answer !== undefined) meta.adversarial_answer = item.adversarial_answer;
      if (answer !== undefined) meta.answer_in_file = answer;
      answer = LOCOMO_ADVERSARIAL_ANSWER;
    }
    await sink.addQuery({ id: record, text: question, user, relevant, tags: [tag ?? UNCATEGORISED], ...(answer === undefined ? {} : { answer }), meta });
    const evidenceTurns = evidence.flatMap(readEvidence).flatMap((read) => (read.id !== undefined && known.turns.has(read.id) ? [read.id] : []));
    kept?.({ record, number, question, category, tag: tag ?? UNCATEGORISED, answer: item.answer === undefined || item.answer === null ? undefined : String(item.answer), evidence: evidenceTurns });
  }
}

async function readLocomo(path: string, sink: ImportSink, flags: ImportFlags): Promise<void> {
  const users = new Set<string>();
  // History and case names in use: a sample_id may hold characters a name cannot.
  const names = new Set<string>();
  for await (const item of jsonArrayItems(path)) {
    sink.read('conversations');
    const place = `[${item.index}]`;
    if ('error' in item) {
      sink.skip(place, item.tooDeep ? `conversation ${item.error}` : 'conversation that is not JSON', item.tooDeep ? `line ${item.line}` : item.error);
      continue;
    }
    if (!isObject(item.value) || !isObject(item.value.conversation)) {
      sink.skip(place, 'not a LoCoMo conversation (no "conversation" object)');
      continue;
    }
    let user = typeof item.value.sample_id === 'string' && /^\S+$/.test(item.value.sample_id) ? item.value.sample_id : undefined;
    if (user === undefined) {
      user = `conversation-${item.index + 1}`;
      sink.repair(place, 'no usable sample_id: named by its place in the file, counted from 1 ([0] is conversation-1)', user);
    }
    if (users.has(user)) {
      const renamed = `${user}-${item.index + 1}`;
      sink.repair(place, 'sample_id used before: suffixed with its place in the file, counted from 1 ([0] is -1)', `${user} -> ${renamed}`);
      user = renamed;
    }
    users.add(user);
    const sessions = readSessions(user, item.value.conversation, sink);
    const memories = memoriesOf(user, sessions, flags);
    for (const memory of memories) await sink.addMemory(memory);
    const turns = new Map(sessions.flatMap((session) => session.turns.map((turn) => [turn.id, session.number] as const)));
    const qas: KeptQa[] = [];
    await readQa(user, item.value.qa, { turns, memories: new Set(memories.map((memory) => memory.id)) }, sink, flags, flags.e2e ? (qa) => qas.push(qa) : undefined);
    if (flags.e2e) await locomoCases(user, playedSessions(sessions, flags.captions), qas, sink, names);
  }
}

export const locomoFormat: ImportFormat = {
  summary: 'LoCoMo JSON: an array of {sample_id, conversation: {session_N: [{speaker, dia_id, text}], session_N_date_time}, qa: [{question, answer, evidence, category}]}',
  flags: ['unit', 'captions', 'strict', 'e2e'],
  read: readLocomo,
  retrievalNotes: (flags) => [
    'Each conversation is a user (its sample_id); ' +
      (flags.unit === 'turn' ? 'each turn a memory <sample_id>:<dia_id>, grouped by session <sample_id>:S<N>;' : 'each session a memory <sample_id>:S<N> (its turns, one per line);'),
    'dates from session_N_date_time. Each QA item with evidence is a query <sample_id>:q<n>, its evidence the relevant memories,',
    `tagged by category as LoCoMo's evaluation code treats them: ${Object.entries(LOCOMO_CATEGORIES).map(([n, name]) => `${n} ${name}`).join(', ')}.`,
  ],
  caseNotes: [
    'Each conversation is a history (histories.yaml): its sessions on their dates, both speakers\' turns said by the user',
    '("Speaker: text"), played once per condition and repetition; each kept QA item is a case asked after it, in a',
    `fresh session of that user, in this order, the question followed by "${LOCOMO_PROBE_SUFFIX}".`,
    'The cases of a conversation share its memory and are resampled as one unit. Abilities are the categories.',
    'Graded in code as LoCoMo\'s task_eval/evaluation.py does: token F1 >= 0.5 against the gold answer (category 3: its part',
    'before ";"); no Porter stemming, unlike LoCoMo, and category 1 is scored whole, not split on commas. Adversarial',
    'items (5) pass when the answer says "not mentioned" or "no information available", or abstains. The evidence is',
    'the evidence turns\' text. To add an LLM judge, add e2e.judge and a judge grader to the cases you want judged.',
  ],
};
