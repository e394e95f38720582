import type { CheckResult } from '../../model/checks.js';
import { findAmounts } from './amount.js';
import { findDates } from './date.js';
import { excerpt } from './excerpt.js';
import { normalizeAnswer } from './normalize.js';
import { onFirstUse } from '../../text/onFirstUse.js';

/*
 * When an answer abstains: it has an abstention phrase AND it offers no
 * value. A hedge does not make an answer an abstention: "I'm not sure you
 * told me, but I think it was 8,000" gives 8,000, and a hedged guess is an
 * answer to grade, not a refusal to answer.
 *
 * Abstention phrases (abstentionPhrases) are matched anywhere in the
 * normalised answer (so apostrophes are straight), ignoring case, with the
 * apostrophe optional ("dont", "havent", "im") and the contracted and full
 * forms both accepted ("don't" / "do not", "can't" / "cannot" / "can not",
 * "I'm" / "I am").
 *
 * A value (findValue) is any of, in this order:
 * - an amount, as the first_amount check reads them (amount.ts: digits, or
 *   number words with a magnitude or a currency): "I think it was 8,000";
 *   a bare number of one or two digits with no currency only counts when it
 *   is offered (below): "maybe 3" gives a value, "your 2 kids" does not;
 * - a date, as the date check reads them (date.ts): "maybe 1 November";
 * - a name, quoted value or number offered as the answer: a capitalised
 *   word, a quoted text or a number right after "is", "was", "it's",
 *   "called", "named", a hedge ("maybe", "perhaps", "probably", "possibly",
 *   "I think", "I believe", "I guess", "I'd say", "I'd guess", "my guess is",
 *   "might be", "could be") or a guess put as a question ("is it", "was it",
 *   "could it be"), or before "comes to mind": "it's Rex", "your dog is
 *   called Max", "maybe Bella?", "Is it Rex?", "I'd say Porto", "Rex comes to
 *   mind", 'it was "Rex"'. The pronoun I is no name;
 * - a code: a word that mixes letters and digits (at least four characters,
 *   a hyphen or underscore allowed inside), wherever it is: "pinecone-42",
 *   "hunter2", "lake2026" (passwords, ids and codes are the values a
 *   memory-less agent invents);
 * - a habit stated as remembered, outside a question: "you usually order the
 *   pepperoni", "you always take the train", "last time it was ..." ("What do
 *   you usually get?" asks, it does not state).
 *
 * Known limits: a phrase counts wherever it is, so "I know you're vegetarian,
 * but I'm not sure about dairy" abstains (no value is offered), and a
 * number of three digits or more counts as a value wherever it is, so "I
 * don't know the budget for your 150 m2 flat" does not abstain. Write
 * abstention cases so the whole answer is about the unknown fact, and check the rest with contains/not when it matters.
 */

/** Optional apostrophe, as typed in "don't" or "dont". */
const A = "'?";
const DO_NOT = `(?:do not|don${A}t)`;
const I_AM = `i(?:${A}m| am)`;

/** The abstention phrases, each with its pattern (made at first use: see onFirstUse). */
export const abstentionPhrases = onFirstUse((): ReadonlyArray<{ name: string; pattern: RegExp }> => [
  // I don't know, I do not know, I really don't know, I dunno
  { name: "I don't know", pattern: `\\bi (?:really |honestly |actually |simply )?${DO_NOT} (?:really |actually )?know\\b|\\bi dunno\\b` },
  // I'm not sure, I am not certain, I'm unsure
  { name: "I'm not sure", pattern: `\\b${I_AM} (?:not (?:sure|certain)|unsure|uncertain)\\b` },
  // I'm not aware of
  { name: "I'm not aware", pattern: `\\b${I_AM} not aware\\b` },
  // you haven't told me, you did not mention, you never told me, you have never shared
  {
    name: "you haven't told me",
    pattern: `\\byou(?: have not| haven${A}t| did not| didn${A}t| never| have never| haven${A}t ever| didn${A}t ever|${A}ve never|${A}ve not) (?:yet |actually )?(?:told|tell|mentioned|mention|shared|share|said|say|specified|specify|provided|provide|given|give|stated|state)\\b`,
  },
  // I haven't been told, it was not mentioned, that hasn't been shared (passive only: "I haven't shared it" is not one)
  {
    name: 'not been told',
    pattern: `\\b(?:(?:(?:have|has) not|haven${A}t|hasn${A}t) (?:yet |ever )?been|(?:was|were) not|wasn${A}t|weren${A}t) (?:told|mentioned|shared|provided|specified|stated)\\b`,
  },
  // I don't have that information, I do not have any record of, I don't have access to
  {
    name: "I don't have that information",
    pattern: `\\bi (?:currently |simply |actually )?${DO_NOT} have (?:any |that |this |the |enough |such |a |an |specific |stored |saved )?(?:information|info|record|records|details|data|knowledge|memory|memories|access)\\b`,
  },
  // I have no record of, there's no information about, no memory of
  { name: 'no record', pattern: `\\bno (?:record|records|information|info|memory|memories|details|data)\\b(?: (?:of|about|on|regarding|for|that))?` },
  // I can't find, I cannot recall, I couldn't locate, I was unable to find, I don't remember
  {
    name: "I can't find",
    pattern: `\\b(?:i (?:cannot|can not|can${A}t|could not|couldn${A}t|was unable to|wasn${A}t able to|${DO_NOT})|${I_AM} (?:unable|not able) to) (?:find|locate|recall|remember|see any|see a)\\b`,
  },
  // not something you've shared, not something you told me
  { name: "not something you've shared", pattern: `\\bnot something (?:you${A}ve|you have|you) (?:shared|mentioned|told|said|stated|given)\\b` },
  // I don't have your dog's name saved, I do not have that recorded, I don't have it stored anywhere
  {
    name: "I don't have it saved",
    pattern: `\\bi (?:currently |actually )?${DO_NOT} have (?:[\\p{L}'-]+ ){0,4}?(?:saved|recorded|stored|noted|written down|on file|on record)\\b`,
  },
  // there's nothing in my notes about, I have nothing saved, nothing was recorded
  {
    name: 'nothing in my notes',
    pattern: `\\bnothing (?:(?:is |was |has been )?(?:saved|stored|recorded|noted|on file|on record)|(?:in|among) my (?:notes|memory|memories|records))\\b`,
  },
  // it's not in my notes, that isn't among my records
  { name: 'not in my notes', pattern: `\\b(?:not|isn${A}t|wasn${A}t) (?:in|among) my (?:notes|memory|memories|records)\\b` },
  // I have no way of knowing, there's no way to know
  { name: 'no way of knowing', pattern: `\\bno way (?:of knowing|to know|to tell)\\b` },
].map(({ name, pattern }) => ({ name, pattern: new RegExp(pattern, 'iu') })));

/** The earliest abstention phrase in `text` (expected normalised), with its position. */
export function findAbstention(text: string): { name: string; at: number; raw: string } | undefined {
  let first: { name: string; at: number; raw: string } | undefined;
  for (const { name, pattern } of abstentionPhrases()) {
    const match = pattern.exec(text);
    if (match && (!first || match.index < first.at)) first = { name, at: match.index, raw: match[0] };
  }
  return first;
}

const offerPatterns = onFirstUse(() => ({
  /** Words after which a capitalised word or a quoted text is offered as the answer ("it's Rex", "called Max", "maybe Bella"); any case. */
  offerLead: new RegExp(
    `\\b(?:is it|was it|could it be|is|was|it${A}s|called|named|maybe|perhaps|probably|possibly|i think|i believe|i guess|i${A}d say|i${A}d guess|my guess is|might be|could be|try) `,
    'giu',
  ),
  /** A name offered by "Rex comes to mind" / "Rex springs to mind". */
  comesToMind: /(?!(?:I|OK|Okay)(?![\p{L}'-]))\p{Lu}[\p{L}'-]*(?= (?:comes|springs) to mind\b)/u,
  /** What follows a lead: a name written with a capital (not the pronoun I, not "OK"), a quoted text, or a number ("maybe 3"). */
  offered: /(?!(?:I|OK|Okay)(?![\p{L}'-]))(\p{Lu}[\p{L}'-]*)|"([^"\n]+)"|\d+(?:[.,]\d+)*/uy,
  /** A word that mixes letters and digits: a password, an id, a code ("pinecone-42", "hunter2"). */
  code: /(?<![\p{L}\p{N}_-])(?=[\p{L}\p{N}_-]{4,}(?![\p{L}\p{N}_-]))(?=[\p{L}\p{N}_-]*\p{L})(?=[\p{L}\p{N}_-]*\p{N})[\p{L}\p{N}][\p{L}\p{N}_-]*[\p{L}\p{N}]/u,
  /** A habit stated as remembered: "you usually order ...", "last time it was ...". */
  habit: /\b(?:you (?:usually|always|typically|normally|often|generally) [\p{L}'-]+|last time (?:it was|you)\b)/iu,
}));

/** A value the answer offers (see the rules above), or undefined when it offers none. */
export function findValue(text: string): { kind: 'amount' | 'date' | 'name'; at: number; raw: string } | undefined {
  // A bare one- or two-digit number is not a value by itself ("your 2 kids", "alert(1)"): only when offered ("maybe 3").
  const amount = findAmounts(text).find((candidate) => candidate.currency || !/^\d{1,2}$/.test(candidate.raw));
  if (amount) return { kind: 'amount', at: amount.at, raw: amount.raw };
  const date = findDates(text)[0];
  if (date) return { kind: 'date', at: date.at, raw: date.raw };
  const { offerLead, offered, comesToMind, code: codeWord, habit: habitStated } = offerPatterns();
  for (const lead of text.matchAll(offerLead)) {
    offered.lastIndex = lead.index + lead[0].length;
    const name = offered.exec(text);
    if (name) return { kind: 'name', at: name.index, raw: name[0] };
  }
  const comes = comesToMind.exec(text);
  if (comes) return { kind: 'name', at: comes.index, raw: comes[0] };
  const code = codeWord.exec(text);
  if (code) return { kind: 'name', at: code.index, raw: code[0] };
  for (const sentence of sentences(text)) {
    if (sentence.text.trimEnd().endsWith('?')) continue;
    const habit = habitStated.exec(sentence.text);
    if (habit) return { kind: 'name', at: sentence.at + habit.index, raw: habit[0] };
  }
  return undefined;
}

/*
 * When an answer asks back: it puts a question to the user for the fact it
 * is missing (questionsBack), AND it offers no value (findValue above: a
 * guess beside the question is an answer, "Your budget is 8,000, could you
 * confirm?" gives 8,000). A question back is, ignoring case and with the
 * apostrophe optional:
 * - in a sentence ending in "?": a request to the user to tell ("could you /
 *   can you / would you / will you [please] remind me, tell me, let me know,
 *   share, confirm, clarify, specify, say, give, provide, repeat"; "would you
 *   mind telling"), a choice put back ("which ... do you mean", "which ...
 *   are you referring to / thinking of / talking about", "do you mean",
 *   "did you mean"), or a question on the user's own fact ("what is your",
 *   "what's your", "what was your", "what are your", "remind me");
 * - in any sentence: an imperative request ("please remind me", "please tell
 *   me", "please share", "please confirm", "let me know what / which / your",
 *   "remind me what / which / of / again").
 * So "Could you remind me of your budget?", "Which Sarah do you mean?" and
 * "What is your dog's name?" ask; an offer of help ("Anything else I can do
 * for you?", "Would you like me to set a reminder?") and a guess put as a
 * question ("Is it Rex?") do not. Known limits: a number of three digits or
 * more is a value wherever it is, so "Do you mean the trip in 2023?" does not
 * ask; choices offered by "is it" ("Is it Rex or Max?") are a guess.
 */

const YOU_TELL = `(?:remind me|tell me|let me know|share|confirm|clarify|specify|say|give me|provide|repeat|fill me in)`;
const PLEASE = `(?:please |kindly )?`;

/** Question-back phrases; `question` ones count only inside a sentence that ends in "?". */
const questionsBack = onFirstUse((): ReadonlyArray<{ name: string; question: boolean; pattern: RegExp }> => [
  // could you remind me, can you please tell me, would you confirm, will you let me know
  { name: 'could you tell me', question: true, pattern: `\\b(?:could|can|would|will) you ${PLEASE}(?:just |quickly )?${YOU_TELL}\\b` },
  // would you mind telling me, do you mind reminding me
  { name: 'would you mind telling', question: true, pattern: `\\b(?:(?:would|do) you )?mind (?:telling|reminding|sharing|confirming)\\b` },
  // what do you usually get, what did you order, what would you like (a question on the user's own habit)
  { name: 'what do you usually', question: true, pattern: `\\bwhat (?:do|did|does|would) you (?:usually |normally |typically |always )?(?:get|order|have|use|prefer|like|want|take|drink|eat|call)\\b` },
  // which one do you mean, which Sarah are you referring to, which trip were you thinking of
  {
    name: 'which do you mean',
    question: true,
    pattern: `\\bwhich (?:[\\p{L}\\p{N}'-]+ ){0,4}?(?:do|did) you (?:mean|have in mind)\\b|\\bwhich (?:[\\p{L}\\p{N}'-]+ ){0,4}?(?:are|were) you (?:referring to|thinking of|talking about)\\b`,
  },
  // do you mean, did you mean
  { name: 'do you mean', question: true, pattern: `\\b(?:do|did) you mean\\b` },
  // what is your, what's your, what was your, what are your
  { name: 'what is your', question: true, pattern: `\\bwhat(?:${A}s| is| was| are| were) your\\b` },
  // remind me (inside a question: "remind me, what was it?")
  { name: 'remind me', question: true, pattern: `\\bremind me\\b` },
  // please remind me, please tell me, please share, please confirm
  { name: 'please tell me', question: false, pattern: `\\bplease (?:remind me|tell me|let me know|share|confirm|clarify|specify)\\b` },
  // let me know what / which / your ..., remind me what / which / of / again
  { name: 'let me know which', question: false, pattern: `\\b(?:let me know|remind me) (?:what|which|who|where|when|your|of|again)\\b` },
].map(({ name, question, pattern }) => ({ name, question, pattern: new RegExp(pattern, 'iu') })));

/** Sentences of `text` with their start: a sentence ends at ".", "!" or "?" (and what follows of them) or a line break. */
function sentences(text: string): { at: number; text: string }[] {
  return [...text.matchAll(/[^.!?\n]+(?:[.!?]+|\n|$)/gu)].map((match) => ({ at: match.index, text: match[0] }));
}

/** The earliest question back to the user in `text` (expected normalised), with its position. */
export function findQuestionBack(text: string): { name: string; at: number; raw: string } | undefined {
  let first: { name: string; at: number; raw: string } | undefined;
  for (const sentence of sentences(text)) {
    // A question, or a last sentence left without its mark ("Could you remind me").
    const trimmed = sentence.text.trimEnd();
    const asking = trimmed.endsWith('?') || (sentence.at + sentence.text.length >= text.trimEnd().length && !/[.!]$/.test(trimmed));
    for (const { name, question, pattern } of questionsBack()) {
      if (question && !asking) continue;
      const match = pattern.exec(sentence.text);
      const at = match ? sentence.at + match.index : -1;
      if (match && (!first || at < first.at)) first = { name, at, raw: match[0] };
    }
  }
  return first;
}

const VALUE_WORD = { amount: 'the amount', date: 'the date', name: 'the value' } as const;

/** Which way an answer went, and why, for one family (abstains or asks back). */
interface Verdict {
  yes: boolean;
  why: string;
}

/** `found` (a phrase of the family) decides, unless the answer also gives a value. */
function verdictOf(text: string, found: { at: number; raw: string } | undefined, missing: string): Verdict {
  if (!found) return { yes: false, why: missing };
  const phrase = `'${found.raw}'`;
  const value = findValue(text);
  if (value) return { yes: false, why: `gives ${VALUE_WORD[value.kind]} ${value.raw} at ${excerpt(text, value.at, value.at + value.raw.length)} despite ${phrase}` };
  return { yes: true, why: `${phrase} at ${excerpt(text, found.at, found.at + found.raw.length)} and gives no value` };
}

function abstention(text: string): Verdict {
  return verdictOf(text, findAbstention(text), 'no abstention phrase');
}

function questionBack(text: string): Verdict {
  return verdictOf(text, findQuestionBack(text), 'no question back to the user');
}

/**
 * The `abstains` check. `expected` true: the answer must abstain (an
 * abstention phrase and no value, see the rules above); false: it must not.
 * With `orAsks`, asking back for the fact (see checkAsks) counts as
 * abstaining: `{ abstains: true, or_asks: true }` passes either, and
 * `{ abstains: false, or_asks: true }` needs an answer that does neither.
 * The reason names the part that decided: the phrase, the value, or the lack
 * of a phrase. The answer is normalised here (idempotent).
 */
export function checkAbstains(answer: string, expected: boolean, orAsks = false): CheckResult {
  const text = normalizeAnswer(answer);
  const abstains = abstention(text);
  if (orAsks && !abstains.yes) {
    const asks = questionBack(text);
    const yes = asks.yes;
    const reason = yes ? `asks back: ${asks.why}` : `neither abstains nor asks back: ${abstains.why}; ${asks.why}`;
    if (yes === expected) return { pass: true, reason };
    return { pass: false, reason: `expected ${expected ? 'an abstention or a question back' : 'an answer'}, ${reason}` };
  }
  const reason = `${abstains.yes ? 'abstains' : 'does not abstain'}: ${abstains.why}`;
  if (abstains.yes === expected) return { pass: true, reason };
  return { pass: false, reason: `expected ${expected ? (orAsks ? 'an abstention or a question back' : 'an abstention') : 'an answer'}, ${reason}` };
}

/**
 * The `asks` check. `expected` true: the answer must ask the user back for
 * the missing fact (a question back and no value, see the rules above);
 * false: it must not. The answer is normalised here (idempotent).
 */
export function checkAsks(answer: string, expected: boolean): CheckResult {
  const text = normalizeAnswer(answer);
  const asks = questionBack(text);
  const reason = `${asks.yes ? 'asks back' : 'does not ask back'}: ${asks.why}`;
  if (asks.yes === expected) return { pass: true, reason };
  return { pass: false, reason: `expected ${expected ? 'a question back' : 'no question back'}, ${reason}` };
}
