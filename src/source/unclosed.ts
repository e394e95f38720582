import { yamlLibrary } from '../libraries.js';

/** What a YAML reader error about a missing closing character says it misses, by the opener that needed it. */
const MISSING_CLOSER: [RegExp, Opener][] = [
  [/closing "quote/, '"'],
  [/closing 'quote/, "'"],
  [/end with an? \]/, '['],
  [/end with an? \}/, '{'],
];

export type Opener = '"' | "'" | '[' | '{';

/** The closing character of each opener, as a hint names it. */
export const CLOSER: Record<Opener, string> = { '"': '"', "'": "'", '[': ']', '{': '}' };

/** The opener a YAML reader error misses the closing character of, by its message; undefined for other errors. */
export function missingCloser(message: string): Opener | undefined {
  return MISSING_CLOSER.find(([pattern]) => pattern.test(message))?.[1];
}

interface Token {
  type?: string;
  offset?: number;
  source?: string;
  start?: { offset: number; source: string };
  end?: { source: string }[];
}

/**
 * Where the last quote or flow collection opened with `opener` before `before` that the YAML reader never saw
 * closed: the reader reports a missing closing character where it gave up (at the end of the file, or at the
 * next key), while the mistake is where the quote or bracket was opened. Undefined when no such opener is found.
 */
export function unclosedOpener(text: string, opener: Opener, before: number): number | undefined {
  let found: number | undefined;
  const visit = (token: unknown): void => {
    if (token === null || typeof token !== 'object') return;
    const at = openedAt(token as Token, opener);
    if (at !== undefined && at < before && (found === undefined || at > found)) found = at;
    for (const value of Object.values(token)) {
      if (Array.isArray(value)) value.forEach(visit);
      else visit(value);
    }
  };
  for (const token of new (yamlLibrary().Parser)().parse(text)) visit(token);
  return found;
}

/** The offset of `token`'s opener when it is a quote or flow collection of that opener left open. */
function openedAt(token: Token, opener: Opener): number | undefined {
  if (opener === '[' || opener === '{') {
    if (token.type !== 'flow-collection' || token.start?.source !== opener) return undefined;
    return token.end?.some((end) => end.source === CLOSER[opener]) ? undefined : token.start.offset;
  }
  const type = opener === '"' ? 'double-quoted-scalar' : 'single-quoted-scalar';
  if (token.type !== type || token.offset === undefined || token.source === undefined) return undefined;
  const closed = token.source.length >= 2 && token.source.endsWith(opener) && !(opener === '"' && /(^|[^\\])(\\\\)*\\"$/.test(token.source));
  return closed ? undefined : token.offset;
}
