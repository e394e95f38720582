import type { CheckResult } from '../../model/checks.js';
import { answerTokens, requireGold, shown } from './f1.js';

/*
 * exact_match: the answer, normalised as the f1 check normalises it (f1.ts:
 * lower case, ASCII punctuation and the articles a, an, the removed, white
 * space collapsed), is one of the gold answers normalised the same way: the
 * two token lists are equal. SQuAD's exact match; LoCoMo's compares the sets
 * of tokens instead (order and repeats ignored).
 */

/** Passes when the answer's tokens equal one gold answer's, after the normalisation above. */
export function checkExactMatch(answer: string, golds: readonly string[]): CheckResult {
  const gold = requireGold('exact_match', golds);
  const tokens = answerTokens(answer);
  const text = tokens.join(' ');
  const match = gold.find((candidate) => candidate.join(' ') === text);
  if (match) return { pass: true, reason: `exact match of ${shown(match)}` };
  return { pass: false, reason: `${shown(tokens)} is not ${gold.length === 1 ? shown(gold[0]!) : `any of ${gold.map(shown).join(', ')}`}` };
}

