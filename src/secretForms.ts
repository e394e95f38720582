/**
 * Finding secrets in text in the forms recall-gate's outputs and the servers
 * and adapters it talks to write them (see scrubSecrets in secrets.ts).
 *
 * A secret is matched character by character, each character in any of the
 * ways writers spell it, so forms mixed within one value are found too:
 * - as is, in any letter case (a server that upper-cases what it echoes);
 * - JSON-escaped once or twice (results.json, an adapter's error data that was
 *   itself JSON), `\u00XX` included (Go's encoder writes `&` as `\u0026`), and
 *   escaped with a backslash (markdown's `\_`, JSON's `\/`);
 * - URL-encoded (`%2F`, `%2f`, `-._~` too, a space as `+`);
 * - HTML-escaped: decimal and hex character references (`&#43;`, `&#x2F;`,
 *   `&#x2f;`, `&#47;`, zero-padded too) and the named entities escapers use
 *   (`&amp;`, `&quot;`, `&sol;`, ...);
 * - base64-encoded, standard or URL-safe, padded or not: the secret alone, or
 *   inside a longer text encoded whole ("Bearer <key>"), see base64Cores.
 *
 * How, and why not one regular expression: letters and digits are written as
 * they are in every one of these forms, so each form contains its longest
 * run of letters and digits (its anchor) verbatim, give or take letter case.
 * A text is searched for each anchor, a plain word (V8 skips through a text
 * looking for one long word; an alternation of many it checks at every
 * character); only where an anchor occurs is the form matched outwards from
 * it, character by character. An expression with each character's spellings
 * as alternatives would find the same, but V8 takes about a second to compile
 * one for the tokens a GitHub runner holds, again whenever a secret is
 * registered, and scans slower with it. Measured on 4.5 MB of trial rows:
 * about 1.5 ms for one secret (four anchors: its text, three base64 cores)
 * and 45 ms for twelve, where one expression of each secret's six literal
 * forms (as is, JSON-escaped, URL-encoded; what was scrubbed before) took
 * 0.5 and 20 ms.
 */

/** Named character references HTML escapers produce for ASCII punctuation. */
const NAMED_ENTITIES: Readonly<Record<string, string[]>> = {
  '&': ['amp'],
  '<': ['lt'],
  '>': ['gt'],
  '"': ['quot'],
  "'": ['apos'],
  '/': ['sol'],
  '+': ['plus'],
  '=': ['equals'],
  '`': ['grave'],
  '!': ['excl'],
  '#': ['num'],
  $: ['dollar'],
  '%': ['percnt'],
  '(': ['lpar'],
  ')': ['rpar'],
  '*': ['ast', 'midast'],
  ',': ['comma'],
  '.': ['period'],
  ':': ['colon'],
  ';': ['semi'],
  '?': ['quest'],
  '@': ['commat'],
  '[': ['lsqb', 'lbrack'],
  '\\': ['bsol'],
  ']': ['rsqb', 'rbrack'],
  '^': ['Hat'],
  _: ['lowbar', 'UnderBar'],
  '{': ['lcub', 'lbrace'],
  '|': ['vert', 'verbar', 'VerticalLine'],
  '}': ['rcub', 'rbrace'],
  '~': ['tilde'],
};

/** An anchor shorter than this would occur all over a report: such a secret is matched in its common forms only, written out whole. */
const MIN_ANCHOR = 4;

/** Zero-padded character references (&#0047;, &#x002F;) are matched up to this many digits. */
const REFERENCE_DIGITS = 7;

/** Steps a form's match may take from one anchor before it stops short (a text of backslashes against a secret of backslashes). */
const STEP_BUDGET = 100_000;

/** A secret's text, or a base64 core of it: per character, its spellings (ASCII lower case, longest first). */
interface Form {
  units: string[][];
  /** A base64 core: the characters beside a match carry some of the secret's bits too. */
  core: boolean;
}

interface Anchor {
  /** Lower case. */
  text: string;
  /** The form's units before the anchor's, last first (they are matched backwards from it), and after it. */
  before: string[][];
  after: string[][];
  core: boolean;
}

/** The characters beside a base64 core that are part of the same encoded text. */
const BASE64_CHARACTER = /[A-Za-z0-9+/_-]/;

/** Every known secret in any of its forms, found in a text. */
export class SecretFinder {
  /** Per anchor text: its search, and the forms it anchors. */
  private readonly scans = new Map<string, { search: RegExp; anchors: Anchor[] }>();
  private readonly padding = spellings('=', false);

  constructor(secrets: Iterable<string>) {
    for (const secret of secrets) {
      this.add(textForm(secret), secret);
      for (const core of base64Cores(Buffer.from(secret, 'utf8'))) this.add({ units: [...core].map((char) => spellings(char, true)), core: true }, core);
    }
  }

  /** `text` with every secret found in it replaced by `marker`. */
  replace(text: string, marker: string): string {
    const ranges = this.find(text);
    if (ranges.length === 0) return text;
    let replaced = '';
    let from = 0;
    for (const [start, end] of ranges) {
      replaced += text.slice(from, start) + marker;
      from = end;
    }
    return replaced + text.slice(from);
  }

  /** Where secrets are in `text`: [start, end) ranges, in order, overlapping ones joined (a secret inside another goes with it). */
  find(text: string): [number, number][] {
    const found: [number, number][] = [];
    for (const { search, anchors } of this.scans.values()) {
      search.lastIndex = 0;
      for (let hit = search.exec(text); hit; hit = search.exec(text)) {
        for (const anchor of anchors) {
          const range = this.match(text, hit.index, anchor);
          if (range) found.push(range);
        }
        search.lastIndex = hit.index + 1;
      }
    }
    return joined(found);
  }

  private add(form: Form, whole: string): void {
    const run = longestRun(form);
    if (run.text.length >= MIN_ANCHOR) {
      this.anchorAt(run.text, { text: run.text, before: form.units.slice(0, run.start).reverse(), after: form.units.slice(run.start + run.text.length), core: form.core });
      return;
    }
    // Few letters and digits in a row: its common forms, each matched as written.
    const once = JSON.stringify(whole).slice(1, -1);
    const literals = form.core ? [whole, whole.replace(/\+/g, '-').replace(/\//g, '_')] : [whole, once, JSON.stringify(once).slice(1, -1), encodeURIComponent(whole)];
    for (const literal of literals) this.anchorAt(literal.toLowerCase(), { text: literal.toLowerCase(), before: [], after: [], core: form.core });
  }

  private anchorAt(text: string, anchor: Anchor): void {
    const scan = this.scans.get(text);
    if (scan) scan.anchors.push(anchor);
    else this.scans.set(text, { search: new RegExp(escapeRegExp(text), 'gi'), anchors: [anchor] });
  }

  /** The whole form around an anchor found at `at`, or undefined. */
  private match(text: string, at: number, anchor: Anchor): [number, number] | undefined {
    let start = matchUnits(text, at, anchor.before, false);
    if (start < 0) return undefined;
    let end = matchUnits(text, at + anchor.text.length, anchor.after, true);
    if (end < 0) return undefined;
    if (anchor.core) {
      // The character on either side mixes the secret's bits with its neighbours'; the padding follows.
      if (start > 0 && BASE64_CHARACTER.test(text[start - 1]!)) start -= 1;
      if (end < text.length && BASE64_CHARACTER.test(text[end]!)) end += 1;
      for (let pad = 0; pad < 2; pad++) {
        const spelled = this.padding.find((spelling) => matchesAt(text, end, spelling));
        if (!spelled) break;
        end += spelled.length;
      }
    }
    return [start, end];
  }
}

/**
 * The base64 characters that stay the same wherever the secret's bytes sit in
 * a longer text encoded whole. Base64 writes each 6 bits as a character, so
 * the secret starts at bit 0, 8 or 16 of a 24-bit group depending on how many
 * bytes come before it (mod 3): three alignments. For each, the characters
 * whose 6 bits all come from the secret are fixed by the secret alone (the
 * rest mix in the unknown bytes around it); at least 10 of them for the
 * shortest secret registered (8 bytes), so a match is no accident. Matching
 * these, rather than decoding every base64-looking run of a text at four
 * offsets and searching the bytes, keeps scrubbing a search for words.
 */
export function base64Cores(bytes: Buffer): string[] {
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const startBit = offset * 8;
    const endBit = startBit + bytes.length * 8;
    cores.push(encoded.slice(Math.ceil(startBit / 6), Math.floor(endBit / 6)));
  }
  return cores;
}

/** A secret's text as a form: each character with its spellings. */
function textForm(secret: string): Form {
  return { units: [...secret].map((char) => spellings(char, false)), core: false };
}

/**
 * The ways one character is written, in ASCII lower case, longest first (so
 * an escape is taken whole, never leaving a stray backslash in JSON). In
 * base64, `+` and `/` may also be the URL-safe alphabet's `-` and `_`.
 */
function spellings(char: string, base64: boolean): string[] {
  const key = `${base64 ? 'b' : 't'}${char}`;
  let known = SPELLINGS.get(key);
  if (!known) SPELLINGS.set(key, (known = spell(char, base64)));
  return known;
}

/** Spellings already worked out: the same characters recur in every secret. */
const SPELLINGS = new Map<string, string[]>();

function spell(char: string, base64: boolean): string[] {
  if (/^[A-Za-z0-9]$/.test(char)) return [char.toLowerCase()];
  const spelled = new Set<string>();
  for (const written of [char, ...(base64 ? (URL_SAFE[char] ?? []) : [])]) {
    const point = written.codePointAt(0)!;
    spelled.add(written);
    const json = [JSON.stringify(written).slice(1, -1), unicodeEscape(written), ...(point < 0x7f ? [`\\${written}`] : [])];
    for (const once of json) spelled.add(once).add(JSON.stringify(once).slice(1, -1));
    spelled.add(percentEncoded(written));
    if (written === ' ') spelled.add('+');
    for (const name of NAMED_ENTITIES[written] ?? []) spelled.add(`&${name};`);
    for (let digits = String(point).length; digits <= REFERENCE_DIGITS; digits++) spelled.add(`&#${String(point).padStart(digits, '0')};`);
    for (let digits = point.toString(16).length; digits <= REFERENCE_DIGITS; digits++) spelled.add(`&#x${point.toString(16).padStart(digits, '0')};`);
  }
  return [...spelled].map(asciiLower).sort((a, b) => b.length - a.length);
}

/** A form's longest run of letters and digits, as text (lower case) and where it starts. */
function longestRun(form: Form): { text: string; start: number } {
  let best = { text: '', start: 0 };
  let run = '';
  form.units.forEach((unit, i) => {
    const plain = unit.length === 1 && /^[a-z0-9]$/.test(unit[0]!);
    run = plain ? run + unit[0] : '';
    if (run.length > best.text.length) best = { text: run, start: i + 1 - run.length };
  });
  return best;
}

/**
 * Where `units` end when matched from `at` (forwards) or where they start
 * when matched backwards to `at` (then `units` are given last first), or -1.
 * Depth-first over each unit's spellings: two can both fit (a JSON-escaped
 * backslash, or one escaped twice) and only one lets the rest match. Past
 * STEP_BUDGET steps it gives up, and the secret counts as found where the
 * units began (the anchor alone is replaced).
 */
function matchUnits(text: string, at: number, units: readonly string[][], forward: boolean): number {
  const count = units.length;
  if (count === 0) return at;
  const next = new Int32Array(count);
  const position = new Int32Array(count + 1);
  position[0] = at;
  let depth = 0;
  let steps = 0;
  while (depth >= 0) {
    if (depth === count) return position[count]!;
    if (++steps > STEP_BUDGET) return at;
    const unit = units[depth]!;
    const here = position[depth]!;
    let advanced = false;
    while (next[depth]! < unit.length) {
      const spelling = unit[next[depth]!++]!;
      if (matchesAt(text, forward ? here : here - spelling.length, spelling)) {
        position[depth + 1] = forward ? here + spelling.length : here - spelling.length;
        depth += 1;
        if (depth < count) next[depth] = 0;
        advanced = true;
        break;
      }
    }
    if (!advanced) depth -= 1;
  }
  return -1;
}

/** Whether `text` holds `lower` (ASCII lower case) at `at`, ignoring ASCII letter case. */
function matchesAt(text: string, at: number, lower: string): boolean {
  if (at < 0 || at + lower.length > text.length) return false;
  for (let i = 0; i < lower.length; i++) {
    let code = text.charCodeAt(at + i);
    if (code >= 65 && code <= 90) code += 32;
    if (code !== lower.charCodeAt(i)) return false;
  }
  return true;
}

function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/** Ranges in order of start, overlapping ones joined. */
function joined(ranges: [number, number][]): [number, number][] {
  ranges.sort((a, b) => a[0] - b[0]);
  const result: [number, number][] = [];
  for (const range of ranges) {
    const last = result[result.length - 1];
    if (last && range[0] < last[1]) last[1] = Math.max(last[1], range[1]);
    else result.push([...range]);
  }
  return result;
}

/** The URL-safe base64 alphabet's characters for the standard one's. */
const URL_SAFE: Readonly<Record<string, string[]>> = { '+': ['-'], '/': ['_'] };

/** JSON's \uXXXX escape of every UTF-16 unit of `char`. */
function unicodeEscape(char: string): string {
  return [...Array(char.length).keys()].map((i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');
}

/** Every UTF-8 byte of `char` percent-encoded, including those encodeURIComponent leaves (`!'()*-._~`). */
function percentEncoded(char: string): string {
  return [...Buffer.from(char, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
