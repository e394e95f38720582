/**
 * The keyword provider's tokenizer:
 *
 * 1. Unicode NFKC, then lower case;
 * 2. apostrophes dropped inside words and a trailing possessive "'s" removed
 *    ("user's" -> "user", "don't" -> "dont");
 * 3. split on anything that is not a letter, a combining mark or a digit;
 * 4. English stopwords removed (the list below);
 * 5. Harman's S-stemmer, a light plural stemmer: "flights" -> "flight",
 *    "allergies" -> "allergy", "boxes" -> "boxe"; it never touches "-ing" or "-ed".
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing down during each few for from further had has have having he her here hers herself him ' +
    'himself his how i if in into is it its itself just me more most my myself no nor not of off on once only or other ' +
    'our ours ourselves out over own same she should so some such than that the their theirs them themselves then there ' +
    'these they this those through to too under until up very was we were what when where which while who whom why will ' +
    'with would you your yours yourself yourselves'
  ).split(' '),
);

const APOSTROPHES = /['\u2018\u2019\u02bc]/g;
// Combining marks (\p{M}) belong to their word: Devanagari vowel signs, the dot of a lower-cased İ.
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** Words in order, normalised but neither stemmed nor filtered. */
export function words(text: string): string[] {
  const normalised = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/(\p{L})['\u2019]s\b/gu, '$1')
    .replace(APOSTROPHES, '');
  return normalised.match(WORD) ?? [];
}

/** Harman (1991) S-stemmer. */
export function stem(word: string): string {
  if (word.length > 3 && word.endsWith('ies') && !word.endsWith('eies') && !word.endsWith('aies')) return `${word.slice(0, -3)}y`;
  if (word.length > 2 && word.endsWith('es') && !word.endsWith('aes') && !word.endsWith('ees') && !word.endsWith('oes')) return word.slice(0, -1);
  if (word.length > 1 && word.endsWith('s') && !word.endsWith('us') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Terms the keyword index stores and searches. */
export function tokenize(text: string): string[] {
  const terms: string[] = [];
  for (const word of words(text)) {
    if (STOPWORDS.has(word)) continue;
    terms.push(stem(word));
  }
  return terms;
}
