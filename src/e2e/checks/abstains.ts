import type { CheckResult } from '../types.js';
import { findAmounts } from './amount.js';
import { findDates } from './date.js';
import { excerpt } from './excerpt.js';
import { normalizeAnswer } from './normalize.js';

/*
 * When an answer abstains: it has an abstention phrase AND it offers no
 * value. A hedge does not make an answer an abstention: "I'm not sure you
 * told me, but I think it was 8,000" gives 8,000, and a hedged guess is an
 * answer to grade, not a refusal to answer.
 *
 * Abstention phrases (ABSTENTION_PHRASES) are matched anywhere in the
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
 *   mind", 'it was "Rex"'. The pronoun I is no name.
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

export const ABSTENTION_PHRASES: ReadonlyArray<{ name: string; pattern: RegExp }> = [
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
].map(({ name, pattern }) => ({ name, pattern: new RegExp(pattern, 'iu') }));

/** The earliest abstention phrase in `text` (expected normalised), with its position. */
export function findAbstention(text: string): { name: string; at: number; raw: string } | undefined {
  let first: { name: string; at: number; raw: string } | undefined;
  for (const { name, pattern } of ABSTENTION_PHRASES) {
    const match = pattern.exec(text);
    if (match && (!first || match.index < first.at)) first = { name, at: match.index, raw: match[0] };
  }
  return first;
}

/** Words after which a capitalised word or a quoted text is offered as the answer ("it's Rex", "called Max", "maybe Bella"); any case. */
const OFFER_LEAD = new RegExp(
  `\\b(?:is it|was it|could it be|is|was|it${A}s|called|named|maybe|perhaps|probably|possibly|i think|i believe|i guess|i${A}d say|i${A}d guess|my guess is|might be|could be) `,
  'giu',
);
/** A name offered by "Rex comes to mind" / "Rex springs to mind". */
const COMES_TO_MIND = /(?!(?:I|OK|Okay)(?![\p{L}'-]))\p{Lu}[\p{L}'-]*(?= (?:comes|springs) to mind\b)/u;
/** What follows a lead: a name written with a capital (not the pronoun I, not "OK"), a quoted text, or a number ("maybe 3"). */
const OFFERED = /(?!(?:I|OK|Okay)(?![\p{L}'-]))(\p{Lu}[\p{L}'-]*)|"([^"\n]+)"|\d+(?:[.,]\d+)*/uy;

/** A value the answer offers (see the rules above), or undefined when it offers none. */
export function findValue(text: string): { kind: 'amount' | 'date' | 'name'; at: number; raw: string } | undefined {
  // A bare one- or two-digit number is not a value by itself ("your 2 kids", "alert(1)"): only when offered ("maybe 3").
  const amount = findAmounts(text).find((candidate) => candidate.currency || !/^\d{1,2}$/.test(candidate.raw));
  if (amount) return { kind: 'amount', at: amount.at, raw: amount.raw };
  const date = findDates(text)[0];
  if (date) return { kind: 'date', at: date.at, raw: date.raw };
  for (const lead of text.matchAll(OFFER_LEAD)) {
    OFFERED.lastIndex = lead.index + lead[0].length;
    const name = OFFERED.exec(text);
    if (name) return { kind: 'name', at: name.index, raw: name[0] };
  }
  const comes = COMES_TO_MIND.exec(text);
  if (comes) return { kind: 'name', at: comes.index, raw: comes[0] };
  return undefined;
}

const VALUE_WORD = { amount: 'the amount', date: 'the date', name: 'the value' } as const;

/**
 * The `abstains` check. `expected` true: the answer must abstain (an
 * abstention phrase and no value, see the rules above); false: it must not.
 * The reason names the part that decided: the phrase, the value, or the lack
 * of a phrase. The answer is normalised here (idempotent).
 */
export function checkAbstains(answer: string, expected: boolean): CheckResult {
  const text = normalizeAnswer(answer);
  const found = findAbstention(text);
  const value = found && findValue(text);
  const phrase = found && `'${found.raw}'`;
  let verdict: { abstains: boolean; why: string };
  if (!found) verdict = { abstains: false, why: 'no abstention phrase' };
  else if (value) verdict = { abstains: false, why: `gives ${VALUE_WORD[value.kind]} ${value.raw} at ${excerpt(text, value.at, value.at + value.raw.length)} despite ${phrase}` };
  else verdict = { abstains: true, why: `${phrase} at ${excerpt(text, found.at, found.at + found.raw.length)} and gives no value` };
  const reason = `${verdict.abstains ? 'abstains' : 'does not abstain'}: ${verdict.why}`;
  if (verdict.abstains === expected) return { pass: true, reason };
  return { pass: false, reason: `expected ${expected ? 'an abstention' : 'an answer'}, ${reason}` };
}
