import type { CheckResult } from '../../model/checks.js';
import { normalizeAnswer } from './normalize.js';
import { onFirstUse } from '../../text/onFirstUse.js';

/*
 * Token F1 against a gold answer, as the SQuAD evaluation script computes it
 * (and LoCoMo's task_eval/evaluation.py after it), over our typographic
 * normalisation:
 *
 * 1. normalizeAnswer (normalize.ts: NFKC, dashes, quotes and spaces mapped),
 *    as every check does;
 * 2. lower case (String.prototype.toLowerCase, Python's str.lower);
 * 3. every ASCII punctuation character removed, not replaced by a space
 *    (Python's string.punctuation: !"#$%&'()*+,-./:;<=>?@[\]^_`{|}~), so
 *    "peanut-free" is the one token "peanutfree" and "8,000" is "8000";
 * 4. the articles a, an and the removed where they stand as words (Python's
 *    \b in a str pattern: not next to a letter, digit or underscore);
 * 5. split on white space.
 *
 * F1 is 2PR / (P + R) over the multiset of tokens shared by the answer and the
 * gold answer (P: shared / answer tokens, R: shared / gold tokens); 0 when
 * nothing is shared or the answer has no token. With several gold answers the
 * best one counts (SQuAD's max over ground truths). exact_match is the same
 * normalisation, the two token lists equal.
 *
 * Where LoCoMo's own f1 differs: it also removes the word "and", and stems
 * every token with NLTK's Porter stemmer ("likes" and "liked" match "like");
 * ours does neither, so a paraphrase in another inflection scores lower than
 * LoCoMo would score it. LoCoMo's exact match compares the sets of tokens
 * (order and repeats ignored); ours compares the lists.
 */

/** SQuAD's default threshold for a pass when a check gives no min. */
export const DEFAULT_F1_MIN = 0.5;

/** Python's string.punctuation. */
const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;
/** An article as a whole word, in Python's Unicode sense of \b (\w is a letter, a digit or "_"). */
const articles = onFirstUse(() => /(?<![\p{L}\p{N}_])(?:a|an|the)(?![\p{L}\p{N}_])/gu);
/** What Python's str.split() splits on: Unicode white space plus the separators \x1c-\x1f and \x85. */
// eslint-disable-next-line no-control-regex -- Python splits on these separators too
const WHITE_SPACE = /[\s\x1c-\x1f\x85]+/u;

/** The answer's tokens after the normalisation above. */
export function answerTokens(text: string): string[] {
  const normalised = normalizeAnswer(text).toLowerCase().replace(PUNCTUATION, '').replace(articles(), ' ');
  return normalised.split(WHITE_SPACE).filter((token) => token !== '');
}

/** Token F1 of an answer against one gold answer, in [0, 1]. */
export function tokenF1(answer: string, gold: string): number {
  return f1OfTokens(answerTokens(answer), answerTokens(gold));
}

function f1OfTokens(answer: readonly string[], gold: readonly string[]): number {
  if (answer.length === 0 || gold.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const token of gold) counts.set(token, (counts.get(token) ?? 0) + 1);
  let shared = 0;
  for (const token of answer) {
    const left = counts.get(token) ?? 0;
    if (left > 0) {
      shared += 1;
      counts.set(token, left - 1);
    }
  }
  if (shared === 0) return 0;
  const precision = shared / answer.length;
  const recall = shared / gold.length;
  return (2 * precision * recall) / (precision + recall);
}

/** The gold answers of a check: one text or several. */
export function goldAnswers(value: unknown): string[] {
  return (Array.isArray(value) ? value : [value]).map(String);
}

/** Each gold answer's tokens; throws on none, or on one with no word (the loader reports those first). */
export function requireGold(kind: string, golds: readonly string[]): string[][] {
  if (golds.length === 0) throw new Error(`the ${kind} check needs at least one gold answer`);
  return golds.map((gold) => {
    const tokens = answerTokens(gold);
    if (tokens.length === 0) throw new Error(`the ${kind} check's gold answer ${JSON.stringify(gold)} has no word once normalised`);
    return tokens;
  });
}

const rounded = (value: number) => Math.round(value * 1000) / 1000;
/** Tokens as a reason shows them: one quoted text. */
export const shown = (tokens: readonly string[]) => JSON.stringify(tokens.join(' '));

/** Passes when the best token F1 against the gold answers is at least `min`. */
export function checkF1(answer: string, golds: readonly string[], min = DEFAULT_F1_MIN): CheckResult {
  const gold = requireGold('f1', golds);
  const tokens = answerTokens(answer);
  let best = { score: -1, gold: gold[0]! };
  for (const candidate of gold) {
    const score = f1OfTokens(tokens, candidate);
    if (score > best.score) best = { score, gold: candidate };
  }
  const pass = best.score >= min;
  return { pass, reason: `f1 ${rounded(best.score)} ${pass ? '>=' : '<'} ${min} against ${shown(best.gold)} (answer read as ${shown(tokens)})` };
}

/** Why a gold answer cannot be matched by any answer (it has no word once normalised), or undefined. */
export function blankGoldProblem(kind: string, gold: string): string | undefined {
  if (answerTokens(gold).length > 0) return undefined;
  return `${kind} gold answer ${JSON.stringify(gold)} has no word once normalised (lower case, punctuation and the articles a, an, the removed), so no answer could match it`;
}
