import type { CheckResult } from '../types.js';
import { excerpt } from './excerpt.js';
import { normalizeAnswer } from './normalize.js';

/*
 * Abstention phrasings: how an agent says it does not know. They are matched
 * anywhere in the normalised answer (so apostrophes are straight), ignoring
 * case, with the apostrophe optional ("dont", "havent", "im") and the
 * contracted and full forms both accepted ("don't" / "do not",
 * "can't" / "cannot" / "can not", "I'm" / "I am").
 *
 * Known limits: a phrase counts wherever it is, so "I know you're vegetarian,
 * but I'm not sure about dairy" abstains, and "you didn't mention any other
 * allergy" abstains too. Write abstention cases so the whole answer is about
 * the unknown fact, and check the rest with contains/not when it matters.
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

/**
 * The `abstains` check. `expected` true: the answer must contain an
 * abstention phrase; false: it must not. The answer is normalised here (idempotent).
 */
export function checkAbstains(answer: string, expected: boolean): CheckResult {
  const text = normalizeAnswer(answer);
  const found = findAbstention(text);
  const where = found && excerpt(text, found.at, found.at + found.raw.length);
  if (expected) {
    return found ? { pass: true, reason: `abstains at ${where}` } : { pass: false, reason: 'expected an abstention, found no abstention phrase' };
  }
  return found ? { pass: false, reason: `expected an answer, found an abstention at ${where}` } : { pass: true, reason: 'does not abstain' };
}
