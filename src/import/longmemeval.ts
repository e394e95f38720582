import { normalisesToBlank } from '../e2e/checks/normalize.js';
import { jsonArrayItems } from './jsonArrayItems.js';
import { longMemEvalRubric } from './longmemevalRubrics.js';
import type { ImportFlags, ImportFormat, ImportSink, ImportedCase, ImportedMemory } from './types.js';

/**
 * LongMemEval (github.com/xiaowu0162/LongMemEval): a JSON array of question
 * instances, each with its own haystack of timestamped chat sessions. Every
 * instance becomes its own user (its question_id). What counts as relevant,
 * and what is indexed, follows LongMemEval's src/retrieval/run_retrieval.py:
 *
 * - only user turns are indexed (process_item_flat_index skips the
 *   assistant's); a session memory is its user turns joined by spaces;
 * - a turn's id is `<session id>_<position in the session, from 1, counting
 *   both roles>`, so user turns are usually _1, _3, _5 ...; here prefixed
 *   with the question id (`<question_id>/<session id>_<n>`) because filler
 *   sessions recur across instances and memory ids are unique in a suite;
 * - at turn level the relevant turns are the user turns marked
 *   `has_answer: true` in the evidence sessions; at session level the
 *   evidence sessions that hold such a turn (an evidence session whose
 *   evidence is only on the assistant side is renamed "noans" there, i.e. not
 *   relevant). The evidence sessions are `answer_session_ids` (LongMemEval's
 *   code tests for "answer" in the session id, which names the same sessions
 *   in the released files);
 * - abstention questions ("_abs" in the id) and questions left with no
 *   relevant memory (single-session-assistant ones, whose evidence is in the
 *   assistant's replies) are skipped by its averages: here they are queries
 *   with `relevant: []`, which recall-gate leaves out of the means and counts.
 *
 * Tags are the question_type (the six of evaluate_qa.py) plus `abstention`
 * for "_abs" ids, as evaluate_qa.py tells abstention apart.
 */

/** LongMemEval's question types, as evaluate_qa.py and print_qa_metrics.py list them. */
export const LONGMEMEVAL_QUESTION_TYPES = [
  'single-session-user',
  'single-session-assistant',
  'single-session-preference',
  'multi-session',
  'temporal-reasoning',
  'knowledge-update',
] as const;
export const ABSTENTION_TAG = 'abstention';
const ASSISTANT_ONLY_TYPE = 'single-session-assistant';

const REQUIRED = ['question_id', 'question_type', 'question', 'answer', 'haystack_session_ids', 'haystack_dates', 'haystack_sessions', 'answer_session_ids'] as const;

/**
 * `2023/05/20 (Sat) 02:21` (LongMemEval's haystack_dates and question_date),
 * also without the weekday or the time, or with dashes, as YYYY-MM-DD and
 * HH:MM. Undefined when it is not a calendar date.
 */
export function parseLongMemEvalDate(text: unknown): { date: string; time?: string } | undefined {
  if (typeof text !== 'string') return undefined;
  const match = /^\s*(\d{4})[/-](\d{1,2})[/-](\d{1,2})(?:\s*\([A-Za-z]{3}\))?(?:\s+(\d{1,2}):(\d{2}))?\s*$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return undefined;
  const pad = (value: number) => String(value).padStart(2, '0');
  const date = `${year}-${pad(month)}-${pad(day)}`;
  if (match[4] === undefined) return { date };
  const [hour, minute] = [Number(match[4]), Number(match[5])];
  if (hour > 23 || minute > 59) return undefined;
  return { date, time: `${pad(hour)}:${pad(minute)}` };
}

interface Turn {
  /** 0-based position in the session's list, both roles counted (LongMemEval numbers turns by it). */
  position: number;
  role: string;
  content: string;
  hasAnswer: boolean;
  /** The turn carries a has_answer field at all. */
  labelled: boolean;
}

interface Session {
  id: string;
  date?: string;
  time?: string;
  turns: Turn[];
  evidence: boolean;
}

interface Instance {
  id: string;
  type: string;
  abstention: boolean;
  question: string;
  answer: string;
  questionDate?: { date: string; time?: string };
  rawQuestionDate?: unknown;
  sessions: Session[];
  answerSessionIds: string[];
}

type Row = Record<string, unknown>;
const quoted = (names: readonly string[]) => names.map((name) => `"${name}"`).join(', ');

/** The instance, or the reason it is skipped. Repairs are reported to the sink as they are made. */
function readInstance(value: unknown, name: string, sink: ImportSink): Instance | { skip: string; detail?: string } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { skip: 'not a JSON object', detail: `an instance is an object with ${quoted(REQUIRED)}` };
  const row = value as Row;
  const missing = REQUIRED.filter((key) => !Object.hasOwn(row, key));
  if (missing.length > 0) {
    const plural = ['questions', 'answers'].filter((key) => Object.hasOwn(row, key));
    return {
      skip: 'missing required fields',
      detail: `no ${quoted(missing)}${plural.length > 0 ? `; it has ${quoted(plural)}, which LongMemEval's files do not: each instance holds one "question" and one "answer"` : ''}`,
    };
  }
  if (typeof row.question_id !== 'string' || row.question_id.trim() === '') return { skip: 'question_id is not a non-empty string' };
  if (/\s/.test(row.question_id)) return { skip: 'question_id holds white space', detail: JSON.stringify(row.question_id) };
  if (typeof row.question !== 'string' || row.question.trim() === '') return { skip: 'question is not a non-empty string' };
  if (typeof row.question_type !== 'string' || row.question_type.trim() === '') return { skip: 'question_type is not a non-empty string' };
  // evaluate_qa.py formats the answer into its prompt, so a number is an answer too.
  const answer = typeof row.answer === 'number' && Number.isFinite(row.answer) ? String(row.answer) : row.answer;
  if (typeof answer !== 'string' || answer.trim() === '') return { skip: 'answer is not a non-empty string or a number' };
  for (const key of ['haystack_session_ids', 'haystack_dates', 'haystack_sessions', 'answer_session_ids'] as const) {
    if (!Array.isArray(row[key])) return { skip: `${key} is not a list` };
  }
  const id = row.question_id;
  const type = row.question_type.trim();
  if (!(LONGMEMEVAL_QUESTION_TYPES as readonly string[]).includes(type)) sink.repair(name, 'unknown question_type: kept as its tag, graded by the factual rubric', type);

  const ids = row.haystack_session_ids as unknown[];
  const dates = row.haystack_dates as unknown[];
  const lists = row.haystack_sessions as unknown[];
  const count = Math.min(ids.length, dates.length, lists.length);
  if (ids.length !== dates.length || ids.length !== lists.length) {
    // LongMemEval's code zips the three lists, which stops at the shortest.
    sink.repair(name, 'haystack lists of different lengths: sessions past the shortest dropped', `${ids.length} ids, ${dates.length} dates, ${lists.length} sessions`);
  }
  const answerSessionIds = (row.answer_session_ids as unknown[]).filter((entry): entry is string => typeof entry === 'string');
  if (answerSessionIds.length !== (row.answer_session_ids as unknown[]).length) sink.repair(name, 'answer_session_ids holds a non-string: ignored');
  const evidenceIds = new Set(answerSessionIds);

  const sessions: Session[] = [];
  const firstSeen = new Map<string, { turns: string; copies: number }>();
  for (let index = 0; index < count; index++) {
    const rawId = ids[index];
    const where = `${id} session ${index + 1}`;
    if (typeof rawId !== 'string' || rawId.trim() === '' || /\s/.test(rawId)) {
      sink.repair(where, 'session id is not a string without spaces: session dropped', JSON.stringify(rawId));
      continue;
    }
    if (!Array.isArray(lists[index])) {
      sink.repair(`${id} ${rawId}`, 'session is not a list of turns: dropped');
      continue;
    }
    const turnsText = JSON.stringify(lists[index]);
    const earlier = firstSeen.get(rawId);
    let sessionId = rawId;
    if (earlier) {
      if (earlier.turns === turnsText) {
        sink.repair(`${id} ${rawId}`, 'session repeated in the haystack (same id, same turns): kept once');
        continue;
      }
      earlier.copies += 1;
      sessionId = `${rawId}~${earlier.copies}`;
      sink.repair(`${id} ${rawId}`, 'two sessions with one id and different turns: the later renamed <id>~N', sessionId);
    } else {
      firstSeen.set(rawId, { turns: turnsText, copies: 1 });
    }
    const when = parseLongMemEvalDate(dates[index]);
    if (!when) sink.repair(`${id} ${rawId}`, 'session date not understood: the session has no date', JSON.stringify(dates[index]));
    sessions.push({ id: sessionId, ...(when ?? {}), turns: readTurns(lists[index] as unknown[], `${id} ${sessionId}`, sink), evidence: evidenceIds.has(rawId) });
  }
  const present = new Set(sessions.map((session) => session.id));
  const absent = answerSessionIds.filter((sessionId) => !present.has(sessionId));
  if (absent.length > 0) sink.repair(name, 'answer_session_ids names a session not in the haystack: ignored', absent.join(', '));

  const questionDate = parseLongMemEvalDate(row.question_date);
  if (!questionDate) sink.repair(name, 'question_date missing or not understood: the question has no date', JSON.stringify(row.question_date ?? null));
  return {
    id,
    type,
    // evaluate_qa.py's test: "_abs" anywhere in the id (the README says at its end; the released ids agree).
    abstention: id.includes('_abs'),
    question: row.question,
    answer,
    ...(questionDate ? { questionDate } : {}),
    rawQuestionDate: row.question_date,
    sessions,
    answerSessionIds,
  };
}

function readTurns(list: unknown[], where: string, sink: ImportSink): Turn[] {
  const turns: Turn[] = [];
  list.forEach((raw, position) => {
    const at = `${where} turn ${position + 1}`;
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw) || typeof (raw as Row).role !== 'string' || typeof (raw as Row).content !== 'string') {
      sink.repair(at, 'turn is not {role, content} strings: dropped');
      return;
    }
    const turn = raw as Row;
    const labelled = Object.hasOwn(turn, 'has_answer');
    if (labelled && typeof turn.has_answer !== 'boolean') sink.repair(at, 'has_answer is not true or false: taken as false', JSON.stringify(turn.has_answer));
    const content = turn.content as string;
    if (turn.role === 'user' && normalisesToBlank(content)) sink.repair(at, 'empty user turn: not a memory');
    turns.push({ position, role: turn.role as string, content, hasAnswer: turn.has_answer === true, labelled });
  });
  return turns;
}

// Blank as checks see it (a zero-width space alone is nothing): such a turn would be evidence found in every memory.
const userTurns = (session: Session) => session.turns.filter((turn) => turn.role === 'user' && !normalisesToBlank(turn.content));

/** What is relevant in one instance, at the unit asked for, and why nothing is when nothing is. */
function relevance(instance: Instance, unit: ImportFlags['unit'], sink: ImportSink): { relevant: string[]; evidenceTexts: string[]; none?: string } {
  const relevant: string[] = [];
  const evidenceTexts: string[] = [];
  let assistantEvidence = false;
  for (const session of instance.sessions) {
    if (!session.evidence) {
      if (session.turns.some((turn) => turn.hasAnswer)) sink.repair(`${instance.id} ${session.id}`, 'has_answer turn outside answer_session_ids: not relevant');
      continue;
    }
    const users = userTurns(session);
    const marked = users.filter((turn) => turn.hasAnswer);
    assistantEvidence ||= session.turns.some((turn) => turn.role !== 'user' && turn.hasAnswer);
    const unlabelled = users.length > 0 && !users.some((turn) => turn.labelled);
    if (unlabelled) sink.repair(`${instance.id} ${session.id}`, 'answer session without has_answer labels: relevant at session level only');
    evidenceTexts.push(...marked.map((turn) => turn.content));
    if (unit === 'session') {
      if (marked.length > 0 || unlabelled) relevant.push(memoryId(instance.id, session.id));
    } else {
      relevant.push(...marked.map((turn) => memoryId(instance.id, session.id, turn.position)));
    }
  }
  if (instance.abstention) return { relevant: [], evidenceTexts: [], none: 'abstention question: nothing in the haystack answers it' };
  if (relevant.length > 0) return { relevant, evidenceTexts };
  return {
    relevant,
    evidenceTexts,
    none: assistantEvidence ? 'evidence only in assistant turns, which are not indexed (LongMemEval indexes user turns)' : 'no user turn of the answer sessions is marked has_answer',
  };
}

function memoryId(user: string, session: string, position?: number): string {
  return position === undefined ? `${user}/${session}` : `${user}/${session}_${position + 1}`;
}

function memories(instance: Instance, unit: ImportFlags['unit']): ImportedMemory[] {
  const rows: ImportedMemory[] = [];
  for (const session of instance.sessions) {
    const base = { user: instance.id, ...(session.date ? { date: session.date } : {}), group: session.id, ...(session.time ? { meta: { time: session.time } } : {}) };
    const users = userTurns(session);
    if (unit === 'session') {
      if (users.length > 0) rows.push({ id: memoryId(instance.id, session.id), text: users.map((turn) => turn.content).join(' '), ...base });
    } else {
      for (const turn of users) rows.push({ id: memoryId(instance.id, session.id, turn.position), text: turn.content, ...base });
    }
  }
  return rows;
}

/** The sessions as the agent is to live them: in time order (the oracle file lists them unsorted) when every one has a date. */
function playedSessions(instance: Instance): ImportedCase['sessions'] {
  const dated = instance.sessions.every((session) => session.date !== undefined);
  const ordered = dated ? [...instance.sessions].sort((a, b) => `${a.date} ${a.time ?? ''}`.localeCompare(`${b.date} ${b.time ?? ''}`)) : instance.sessions;
  return ordered
    .map((session) => ({ ...(session.date ? { date: session.date } : {}), turns: userTurns(session).map((turn) => turn.content) }))
    .filter((session) => session.turns.length > 0);
}

function caseName(id: string, taken: Set<string>): string {
  const base = id.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '') || 'question';
  let name = base;
  for (let copy = 2; taken.has(name); copy++) name = `${base}-${copy}`;
  taken.add(name);
  return name;
}

async function readLongMemEval(path: string, sink: ImportSink, flags: ImportFlags): Promise<void> {
  const seen = new Set<string>();
  const caseNames = new Set<string>();
  for await (const item of jsonArrayItems(path)) {
    sink.read('instances');
    if ('error' in item) {
      sink.skip(`line ${item.line}`, item.tooDeep ? `instance ${item.error}` : 'not a readable JSON instance', item.tooDeep ? undefined : item.error);
      continue;
    }
    const row = item.value as Row | null;
    const name = row && typeof row === 'object' && typeof row.question_id === 'string' && row.question_id.trim() !== '' ? row.question_id : `line ${item.line}`;
    if (seen.has(name)) {
      sink.skip(name, 'duplicate question_id: the later instance left out', `line ${item.line}`);
      continue;
    }
    const instance = readInstance(item.value, name, sink);
    if ('skip' in instance) {
      sink.skip(name, instance.skip, instance.detail);
      continue;
    }
    seen.add(instance.id);
    sink.read('sessions', instance.sessions.length);
    sink.read('turns', instance.sessions.reduce((sum, session) => sum + session.turns.length, 0));
    const rows = memories(instance, flags.unit);
    if (rows.length === 0) {
      sink.skip(name, 'no user turn in the haystack: nothing to index');
      continue;
    }
    const { relevant, evidenceTexts, none } = relevance(instance, flags.unit, sink);
    for (const memory of rows) await sink.addMemory(memory);
    await sink.addQuery({
      id: instance.id,
      text: instance.question,
      user: instance.id,
      relevant,
      tags: instance.abstention ? [instance.type, ABSTENTION_TAG] : [instance.type],
      answer: instance.answer,
      meta: {
        ...(instance.rawQuestionDate !== undefined ? { question_date: instance.rawQuestionDate } : {}),
        ...(none ? { no_relevant: none } : {}),
        ...(instance.abstention ? { answer_session_ids: instance.answerSessionIds } : {}),
      },
    });
    if (!flags.e2e) continue;
    if (instance.type === ASSISTANT_ONLY_TYPE && !instance.abstention) {
      sink.skip(name, 'single-session-assistant: no e2e case (its answer is in the dataset\'s own assistant replies, which the agent under test never says)');
      continue;
    }
    await sink.addCase({
      name: caseName(instance.id, caseNames),
      ability: instance.abstention ? ABSTENTION_TAG : instance.type,
      sessions: playedSessions(instance),
      probe: { text: instance.question, ...(instance.questionDate ? { date: instance.questionDate.date } : {}) },
      check: { judge: { rubric: longMemEvalRubric(instance.type, instance.abstention, instance.answer) } },
      ...(evidenceTexts.length > 0 && !instance.abstention ? { evidence: evidenceTexts } : {}),
    });
  }
}

export const longMemEvalFormat: ImportFormat = {
  summary: 'a LongMemEval JSON array of question instances {question_id, question_type, question, answer, question_date, haystack_session_ids, haystack_dates, haystack_sessions, answer_session_ids}',
  flags: ['unit', 'strict', 'e2e'],
  read: readLongMemEval,
  retrievalNotes: (flags) => [
    'Each LongMemEval question instance is its own user (its question_id).',
    flags.unit === 'session'
      ? 'One memory per haystack session, <question_id>/<session id>: its user turns joined (LongMemEval indexes user turns only).'
      : 'One memory per user turn, <question_id>/<session id>_<n> (n counts both roles from 1, as LongMemEval\'s code numbers turns); group: the session id.',
    flags.unit === 'session'
      ? 'Relevant: the answer_session_ids sessions holding a user turn marked has_answer.'
      : 'Relevant: the user turns marked has_answer in the answer_session_ids sessions.',
    'Tags: question_type, and abstention for "_abs" ids. Abstention questions, and those whose evidence is only',
    'in assistant turns (single-session-assistant), have relevant: [] and are left out of the means, as LongMemEval does.',
    'Provider rank_bm25 is LongMemEval\'s flat-bm25 retriever (rank_bm25 BM25Okapi over text split on spaces).',
  ],
  // LongMemEval's own BM25 baseline (run_retrieval.py --retriever flat-bm25), beside recall-gate's keyword provider.
  retrievalProviders: ['{ name: rank_bm25, kind: keyword, preset: rank_bm25 }'],
  caseNotes: [
    'One case per LongMemEval question (single-session-assistant ones left out: their answer is in the',
    'dataset\'s own assistant replies). The haystack sessions are played to the agent as multi-turn sessions',
    '(user turns only, in date order); the question is the probe, on its question_date. A judge grades the',
    'answer by a rubric per question type modelled on LongMemEval\'s evaluate_qa.py; abstention ("_abs")',
    'questions pass when the agent says it was never told. The evidence is the turns marked has_answer.',
  ],
  conditions: ['recall', 'none', 'oracle'],
  // The model LongMemEval's evaluate_qa.py grades with; the rubric's wording is ours.
  judgeModel: 'gpt-4o-2024-08-06',
};
