/**
 * Normalisation applied to every answer (and to the expected text of
 * contains/icontains/regex checks) before grading, so typography cannot fail
 * a correct answer. The rules, in order:
 *
 * 1. Typographic characters are mapped (before NFKC, because NFKC turns the
 *    double prime U+2033 into two single primes):
 *    - dashes U+2010..U+2015 (hyphen, non-breaking hyphen, figure dash,
 *      en dash, em dash, horizontal bar), U+2212 minus, U+FE58 small em dash,
 *      U+FE63 small hyphen-minus and U+FF0D fullwidth hyphen-minus -> '-';
 *    - single quotes ‘ ’ ‚ ‛, the prime ′, the angle quotes ‹ › and the
 *      modifier letter apostrophe U+02BC -> "'";
 *    - double quotes “ ” „ ‟, the double prime ″ and the guillemets « » -> '"';
 *    - spaces: no-break U+00A0, ogham U+1680, U+2000..U+200A (en/em quads and
 *      spaces, figure U+2007, punctuation, thin U+2009, hair), narrow no-break
 *      U+202F, medium mathematical U+205F and ideographic U+3000 -> ' '
 *      (one space each: runs of spaces are not collapsed, newlines and tabs
 *      are kept);
 *    - invisible characters are removed: zero-width space, non-joiner and
 *      joiner U+200B..U+200D, word joiner U+2060, byte order mark / zero-width
 *      no-break space U+FEFF and the soft hyphen U+00AD.
 * 2. Unicode NFKC (fullwidth letters and digits, ligatures, compatibility
 *    forms such as U+FE31 vertical em dash).
 * 3. Step 1 again, for the characters NFKC produces from compatibility forms
 *    (U+FE31 -> U+2014 -> '-').
 *
 * Case is kept: contains is case-sensitive, icontains ignores case itself.
 * The function is idempotent: normalizeAnswer(normalizeAnswer(x)) === normalizeAnswer(x),
 * so positions found in a normalised text stay valid if it is normalised again.
 */
export function normalizeAnswer(text: string): string {
  // ASCII is left as it is by both steps (no mapped character is ASCII, and NFKC keeps ASCII): most answers and
  // suite texts are, and skip the Unicode-wide pattern and NFKC.
  if (!BEYOND_ASCII.test(text)) return text;
  return mapTypography(mapTypography(text).normalize('NFKC'));
}

/** Any UTF-16 unit past ASCII (a surrogate of an astral character among them). */
const BEYOND_ASCII = /[\u0080-\uffff]/;

const REPLACEMENTS: Record<string, string> = {};

function map(chars: string, to: string): void {
  for (const char of chars) REPLACEMENTS[char] = to;
}

map('\u2010\u2011\u2012\u2013\u2014\u2015\u2212\uFE58\uFE63\uFF0D', '-');
map('\u2018\u2019\u201A\u201B\u2032\u2039\u203A\u02BC', "'");
map('\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB', '"');
map('\u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u202F\u205F\u3000', ' ');
map('\u200B\u200C\u200D\u2060\uFEFF\u00AD', '');

const TYPOGRAPHY = new RegExp(`[${Object.keys(REPLACEMENTS).join('')}]`, 'gu');

function mapTypography(text: string): string {
  return text.replace(TYPOGRAPHY, (char) => REPLACEMENTS[char] ?? char);
}

/** Text as memory and recall figures compare it: normalised and lower-cased. */
export function fold(text: string): string {
  return normalizeAnswer(text).toLowerCase();
}

/** The distinct words (runs of letters and digits) of the folded text: what word-overlap rules compare. */
export function wordSet(text: string): Set<string> {
  return new Set(fold(text).match(/[\p{L}\p{N}]+/gu) ?? []);
}

/**
 * Whether a text the suite matches against answers or memories is nothing
 * once normalised: empty, or only spaces (a no-break space is a space, a
 * zero-width one is removed). Such a text is found in almost every answer.
 */
export function normalisesToBlank(text: string): boolean {
  return normalizeAnswer(text).trim() === '';
}

/** A blank text as a message shows it: quoted, every character outside printable ASCII as \uXXXX, so "\u00a0" is seen, not a gap. */
export function showBlank(text: string): string {
  return `"${[...text].map((char) => (char >= ' ' && char <= '~' && char !== '"' && char !== '\\' ? char : `\\u${char.codePointAt(0)!.toString(16).padStart(4, '0')}`)).join('')}"`;
}

/** What a blank text is once normalised, for "... is <this>": empty, or only white space. */
export function blankness(text: string): string {
  return normalizeAnswer(text) === '' ? 'empty once normalised' : 'only white space once normalised';
}
