import { yamlLibrary } from '../libraries.js';

type Opener = '"' | "'" | '[' | '{';

/** The closing character of each opener. */
const CLOSER: Record<Opener, string> = { '"': '"', "'": "'", '[': ']', '{': '}' };

/** What a YAML reader error about a missing closing character says it misses, by the opener that needed it. */
const MISSING_CLOSER: [RegExp, Opener][] = [
  [/closing "quote/, '"'],
  [/closing 'quote/, "'"],
  [/end with (?:an? )?\]/, '['],
  [/end with (?:an? )?\}/, '{'],
];

interface Token {
  type?: string;
  offset?: number;
  source?: string;
  start?: { offset: number; source: string };
  end?: { source: string }[];
}

/** A problem said where a quote or bracket opens. */
export interface OpenerProblem {
  offset: number;
  message: string;
  hint: string;
}

/**
 * The quotes and flow collections of a YAML text that its reader never saw closed, for the errors about them: the
 * reader reports a missing closing character where it gave up (the end of the file, the next key), while the
 * mistake is where the quote or bracket opened. The text is read for them once, at the first such error, and
 * each opener answers one error: nested brackets left open are each named once, innermost first.
 */
export class UnclosedOpeners {
  private open?: { offset: number; opener: Opener; used: boolean }[];

  constructor(private readonly text: string) {}

  /**
   * The problem of a reader error (its code, first line and offset) said at the opener it is about; undefined for
   * an error of another kind, or when no opener is left to name.
   */
  explain(code: string, message: string, at: number, position: (offset: number) => { line: number; col: number }): OpenerProblem | undefined {
    const opener = MISSING_CLOSER.find(([pattern]) => pattern.test(message))?.[1];
    if (!opener) return undefined;
    this.open ??= openersLeftOpen(this.text);
    const found = this.open.findLast((entry) => !entry.used && entry.opener === opener && entry.offset < at);
    if (!found) return undefined;
    found.used = true;
    const named = opener === '"' || opener === "'" ? `${opener}quote` : opener;
    const noticed = position(at);
    const there = `line ${noticed.line}, column ${noticed.col}`;
    const atEnd = this.text.slice(at).trim() === '';
    if (code === 'BAD_INDENT' && !atEnd) {
      // The closer may be there, after a line indented too little to belong to the collection: say both.
      return { offset: found.offset, message: `this ${named} is not closed before ${there}, a line not indented past the key it belongs to`, hint: `add the missing ${CLOSER[opener]}, or indent the lines inside it further than its key` };
    }
    const reached = atEnd ? 'the end of the file' : there;
    return {
      offset: found.offset,
      message: `this ${named} is never closed: the YAML reader reached ${reached} without its ${CLOSER[opener]}`,
      hint: `close it with ${CLOSER[opener]}${opener === '"' ? ', and write a " inside the text as \\"' : ''}`,
    };
  }
}

/** Every quote and flow collection of the text left open, in the order they open. Walked with a stack: a file may nest thousands deep. */
function openersLeftOpen(text: string): { offset: number; opener: Opener; used: boolean }[] {
  const found: { offset: number; opener: Opener; used: boolean }[] = [];
  const stack: unknown[] = [...new (yamlLibrary().Parser)().parse(text)];
  while (stack.length > 0) {
    const token = stack.pop();
    if (token === null || typeof token !== 'object') continue;
    const open = leftOpen(token as Token);
    if (open) found.push({ ...open, used: false });
    for (const value of Object.values(token)) {
      if (Array.isArray(value)) for (const item of value as unknown[]) stack.push(item);
      else stack.push(value);
    }
  }
  return found.sort((a, b) => a.offset - b.offset);
}

/** The opener of a quote or flow collection token left open, and where it is. */
function leftOpen(token: Token): { offset: number; opener: Opener } | undefined {
  if (token.type === 'flow-collection') {
    const opener = token.start?.source;
    if (opener !== '[' && opener !== '{') return undefined;
    return token.end?.some((end) => end.source === CLOSER[opener]) ? undefined : { offset: token.start!.offset, opener };
  }
  const opener = token.type === 'double-quoted-scalar' ? '"' : token.type === 'single-quoted-scalar' ? "'" : undefined;
  if (!opener || token.offset === undefined || token.source === undefined) return undefined;
  // A final " after an odd number of backslashes is escaped: the quote is still open.
  const closed = token.source.length >= 2 && token.source.endsWith(opener) && !(opener === '"' && /(?:^|[^\\])(?:\\\\)*\\"$/.test(token.source));
  return closed ? undefined : { offset: token.offset, opener };
}
