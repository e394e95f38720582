/** Characters of context shown on each side of a match in a reason. */
export const EXCERPT_CONTEXT = 20;

/**
 * A short quoted piece of `text` around [at, end) for a reason a person reads:
 * `'...budget is 5,000 euros...'`. Whitespace runs (newlines included) become
 * one space; '...' marks text cut on either side.
 */
export function excerpt(text: string, at: number, end: number = at, context: number = EXCERPT_CONTEXT): string {
  const from = Math.max(0, at - context);
  const to = Math.min(text.length, end + context);
  const body = text.slice(from, to).replace(/\s+/g, ' ');
  return `'${from > 0 ? '...' : ''}${body}${to < text.length ? '...' : ''}'`;
}
