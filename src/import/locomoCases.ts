import { answerTokens } from '../e2e/checks/f1.js';
import type { ImportSink, ImportedHistoryCase } from './types.js';

/*
 * LoCoMo's questions as e2e cases (`import locomo --e2e`). Each conversation
 * is one named history: its sessions in order, on their dates, every turn of
 * both speakers said by the user as the retrieval rows write it ("Ana: ...").
 * It is played once per condition and repetition, and each kept QA item is a
 * case asked after it (e2e/sharedHistory.ts), graded as LoCoMo's
 * task_eval/evaluation.py grades it, in code:
 * - categories 1 to 4 (and uncategorised items with an answer): token F1 of
 *   the answer against the gold answer at least 0.5 (the f1 check: SQuAD's
 *   normalisation; LoCoMo's also stems and drops "and", see e2e/checks/f1.ts).
 *   Category 3's gold answer is its part before the first ";", as LoCoMo
 *   keeps it; category 1 is graded on the whole answer (LoCoMo splits both
 *   sides on commas and averages the best matches);
 * - category 5 (adversarial: the premise is false): right when the answer
 *   says "not mentioned" or "no information available" (LoCoMo's two
 *   phrases) or abstains (the abstains check); such a case needs no memory.
 * The probe is the question with LoCoMo's request for a short phrase in the
 * conversation's words appended (F1 counts every extra word against the
 * answer), dated on the last session's date; the evidence is the text of the
 * evidence turns (what recall must surface, what oracle hands in).
 */

/** What the probe adds to the question: LoCoMo's QA prompt asks for a short phrase in the context's own words. */
export const LOCOMO_PROBE_SUFFIX = 'Answer with a short phrase, in the conversation\'s own words where you can.';

/** The phrases LoCoMo's evaluation counts right for an adversarial (category 5) question, lower-cased. */
export const LOCOMO_NOT_MENTIONED = ['not mentioned', 'no information available'];

/** A session as the history plays it: its turns' texts, each with its dia_id. */
export interface PlayedSession {
  date?: string;
  turns: { id: string; text: string }[];
}

/** A QA item the retrieval rows kept, with what a case needs of it. */
export interface KeptQa {
  record: string;
  number: number;
  question: string;
  category?: number;
  tag: string;
  /** The answer as the file writes it (absent for most category 5 items). */
  answer?: string;
  /** The evidence turns that exist (canonical dia_ids). */
  evidence: string[];
}

/** A history or case name from a sample_id: characters a name cannot hold become "-"; a name in use gets the next free suffix. */
function nameFor(wanted: string, used: Set<string>): string {
  const base = wanted.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '') || 'conversation';
  let name = base;
  for (let n = 2; used.has(name); n++) name = `${base}-${n}`;
  used.add(name);
  return name;
}

/** The gold answer a case is graded against: category 3 keeps the part before ";", as LoCoMo's evaluation does. */
function goldOf(qa: KeptQa): string | undefined {
  if (qa.answer === undefined) return undefined;
  return qa.category === 3 ? qa.answer.split(';')[0]!.trim() : qa.answer.trim();
}

/**
 * Hands over one conversation's history and a case per kept QA item (the
 * history first, and only when some case names it). Items that cannot be
 * graded are skipped by name: no answer to compare with, or one with no word
 * once normalised.
 */
export async function locomoCases(user: string, sessions: PlayedSession[], qas: KeptQa[], sink: ImportSink, names: Set<string>): Promise<void> {
  const played = sessions.filter((session) => session.turns.length > 0);
  if (played.length === 0) {
    if (qas.length > 0) sink.skip(user, 'conversation with no turn to play: no e2e cases', `${qas.length} QA items`);
    return;
  }
  const history = nameFor(user, names);
  const texts = new Map(played.flatMap((session) => session.turns.map((turn) => [turn.id, turn.text] as const)));
  const lastDate = played.map((session) => session.date).filter((date): date is string => date !== undefined).sort().at(-1);
  const cases: ImportedHistoryCase[] = [];
  for (const qa of qas) {
    const adversarial = qa.category === 5;
    const gold = adversarial ? undefined : goldOf(qa);
    if (!adversarial && (gold === undefined || gold === '')) {
      sink.skip(qa.record, 'QA item with no answer: no e2e case');
      continue;
    }
    if (gold !== undefined && answerTokens(gold).length === 0) {
      sink.skip(qa.record, 'answer with no word once normalised: no e2e case', JSON.stringify(gold));
      continue;
    }
    const evidence = [...new Set(qa.evidence.flatMap((id) => (texts.has(id) ? [texts.get(id)!] : [])))];
    cases.push({
      name: nameFor(`${history}-q${qa.number}`, names),
      ability: qa.tag,
      history,
      probe: { text: `${qa.question} ${LOCOMO_PROBE_SUFFIX}`, ...(lastDate ? { date: lastDate } : {}) },
      check: adversarial ? { any: [...LOCOMO_NOT_MENTIONED.map((phrase) => ({ icontains: phrase })), { abstains: true }] } : { f1: gold },
      ...(!adversarial && evidence.length > 0 ? { evidence } : {}),
      ...(adversarial ? { needs_memory: false } : {}),
    });
  }
  if (cases.length === 0) return;
  await sink.addHistory({ name: history, sessions: played.map((session) => ({ ...(session.date ? { date: session.date } : {}), turns: session.turns.map((turn) => turn.text) })) });
  for (const spec of cases) await sink.addCase(spec);
}
