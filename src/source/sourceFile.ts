import { relative, resolve } from 'node:path';
import type { Document, LineCounter, Node } from 'yaml';
import type { ParseError } from 'jsonc-parser';
import { addProblems } from '../errors.js';
import { jsoncLibrary, yamlLibrary } from '../libraries.js';
import type { InputProblem, SourceLocation } from '../model/source.js';
import { FileRanges } from './fileRanges.js';
import { readInputBytes, UnreadableInput } from './readInput.js';
import { plainYamlData } from './plainYaml.js';
import { yamlContentProblems } from './yamlContent.js';
import { UnclosedOpeners } from './unclosed.js';

/** A path into parsed data, like ajv's instancePath split into keys and indexes. */
export type DataPath = ReadonlyArray<string | number>;

/**
 * A parsed file that can say where any part of its data was written.
 * `keyOf` asks for the position of a map key rather than its value, which is
 * where an unknown key should be reported.
 */
export interface SourceFile {
  readonly path: string;
  readonly displayPath: string;
  readonly data: unknown;
  locate(path: DataPath, options?: { keyOf?: string }): SourceLocation;
  /**
   * A row (by its index in data) parsed again from the file, for data too large to hold whole through a run;
   * present for JSONL files whose bytes map one to one to the text read.
   */
  rereadRow?(row: number): unknown;
}

function nodeAt(doc: Document, path: DataPath): { node: Node | undefined; depth: number } {
  const { isMap, isSeq } = yamlLibrary();
  // Walk down as far as the path exists, so a missing key reports its parent.
  let node: unknown = doc.contents;
  let depth = 0;
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find((item) => String(scalarValue(item.key)) === String(key));
      if (!pair) break;
      node = pair.value;
    } else if (isSeq(node) && typeof key === 'number') {
      if (key >= node.items.length) break;
      node = node.items[key];
    } else {
      break;
    }
    depth += 1;
  }
  return { node: (node ?? undefined) as Node | undefined, depth };
}

function scalarValue(node: unknown): unknown {
  return node && typeof node === 'object' && 'value' in node ? (node as { value: unknown }).value : node;
}

/** Positions within one YAML (or JSON) text, offset by where that text starts in its file. */
class YamlLocator {
  private readonly lineCounter: LineCounter;
  readonly doc: Document;

  constructor(
    text: string,
    private readonly lineOffset = 0,
  ) {
    const { LineCounter, parseDocument } = yamlLibrary();
    this.lineCounter = new LineCounter();
    this.doc = parseDocument(text, { lineCounter: this.lineCounter, prettyErrors: false, uniqueKeys: true });
  }

  position(offset: number): { line: number; col: number } {
    const { line, col } = this.lineCounter.linePos(offset);
    return { line: line + this.lineOffset, col };
  }

  locate(path: DataPath, keyOf?: string): { line: number; col: number } {
    const { node, depth } = nodeAt(this.doc, path);
    if (keyOf !== undefined && depth === path.length && yamlLibrary().isMap(node)) {
      const pair = node.items.find((item) => String(scalarValue(item.key)) === keyOf);
      const keyRange = (pair?.key as Node | undefined)?.range;
      if (keyRange) return this.position(keyRange[0]);
    }
    const range = node?.range;
    return this.position(range ? range[0] : 0);
  }
}

/** What the YAML library says after a first error on the same line, of that same mistake (a dedented key makes it read the line as a compact mapping). */
const KNOCK_ON = new Set(['BLOCK_AS_IMPLICIT_KEY', 'MULTILINE_IMPLICIT_KEY', 'MISSING_CHAR']);

/**
 * The YAML library's errors where they are: one in a line's indent at the
 * line's first character (the key it is about, where an editor's cursor
 * should land), and none of the knock-on errors after a first on its line,
 * which read as more to fix than there is.
 */
function syntaxProblems(locator: YamlLocator, text: string, file: string): InputProblem[] {
  const problems: InputProblem[] = [];
  const lines = new Set<number>();
  let openers: UnclosedOpeners | undefined;
  for (const error of locator.doc.errors) {
    const where = { file, ...locator.position(pastIndent(text, error.pos[0])) };
    if (lines.has(where.line) && KNOCK_ON.has(error.code)) continue;
    lines.add(where.line);
    // The library does not name the key it found twice; the file does, where the error points.
    const written = error.code === 'DUPLICATE_KEY' ? (/^(?:"[^"\n]*"|'[^'\n]*'|[^:\n,{}[\]]+)/.exec(text.slice(error.pos[0]))?.[0].trim() ?? '') : '';
    const key = /^(["']).*\1$/.test(written) ? written.slice(1, -1) : written;
    if (key) {
      problems.push({ where, message: `the key ${JSON.stringify(key)} is written twice in this mapping`, hint: 'keep one of them' });
      continue;
    }
    const message = firstLine(error.message).replace(/ at line \d+, column \d+:?$/, '');
    // Said where the quote or bracket opens, not where the reader gave up on it (the file's end, the next key).
    const atOpener = (openers ??= new UnclosedOpeners(text)).explain(error.code, message, error.pos[0], (offset) => locator.position(offset));
    if (atOpener) {
      problems.push({ where: { file, ...locator.position(atOpener.offset) }, message: atOpener.message, hint: atOpener.hint });
      continue;
    }
    problems.push({ where, message, hint: 'fix the YAML syntax' });
  }
  return problems;
}

/** An offset in a line's indent of spaces, moved to the line's first character; a tab stays where it is (the error is the tab). */
function pastIndent(text: string, offset: number): number {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  if (!/^ *$/.test(text.slice(lineStart, offset))) return offset;
  let at = offset;
  while (text[at] === ' ') at += 1;
  return at < text.length && text[at] !== '\n' && text[at] !== '\r' && text[at] !== '\t' ? at : offset;
}

function contentProblems(locator: YamlLocator, text: string, file: string): InputProblem[] {
  return yamlContentProblems(locator.doc, text).map(({ offset, message, hint }) => ({ where: { file, ...locator.position(offset) }, message, hint }));
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}

export class FileProblems extends Error {
  constructor(readonly problems: InputProblem[]) {
    super(problems.map((p) => p.message).join('; '));
  }
}

/**
 * The text of a file the suite names (or the suite itself), through the one
 * bounded reader; a problem is reported where the file is named.
 */
/** A text file a suite names (a system prompt), by its path relative to the suite's folder: where it is and what it says. */
export function readReferencedText(suiteDir: string, written: string, referencedFrom?: SourceLocation): { path: string; text: string } {
  const path = resolve(suiteDir, written);
  return { path, text: readText(path, relative(process.cwd(), path) || path, referencedFrom) };
}

export function readText(path: string, displayPath: string, referencedFrom?: SourceLocation): string {
  // Editors on Windows may start a UTF-8 file with a byte-order mark; it is not content.
  return readBytes(path, displayPath, referencedFrom).toString('utf8').replace(/^\uFEFF/, '');
}

/** The bytes of a file the suite names (or the suite itself), read as readText reads it. */
function readBytes(path: string, displayPath: string, referencedFrom?: SourceLocation): Buffer {
  try {
    return readInputBytes(path);
  } catch (error) {
    if (!(error instanceof UnreadableInput)) throw error;
    const where = referencedFrom ?? { file: displayPath, line: 1, col: 1 };
    // A data file is named by the suite; the suite itself by the command line.
    const hint = error.hint ?? (referencedFrom ? 'paths in a suite are relative to the suite file' : 'check the path; it is relative to the current directory');
    throw new FileProblems([{ where, message: `cannot read ${displayPath}: ${error.message}`, hint }]);
  }
}

/** Reads a YAML file; syntax errors are reported with their positions. */
export function readYamlFile(path: string, displayPath: string, referencedFrom?: SourceLocation): SourceFile {
  const text = readText(path, displayPath, referencedFrom);
  const plain = plainYamlData(text);
  if (plain !== undefined) return plainYamlSource(path, displayPath, text, plain);
  const locator = new YamlLocator(text);
  const problems = syntaxProblems(locator, text, displayPath);
  if (problems.length === 0) addProblems(problems, contentProblems(locator, text, displayPath));
  if (problems.length > 0) throw new FileProblems(problems);
  return {
    path,
    displayPath,
    // contentProblems has bounded what aliases expand to; the parser's own count would also refuse an anchor used 101 times.
    data: locator.doc.toJS({ maxAliasCount: -1 }),
    locate: (dataPath, options) => ({ file: displayPath, ...locator.locate(dataPath, options?.keyOf) }),
  };
}

/**
 * A YAML file read by the fast parser: its positions come from the careful one, parsed when a position is
 * first read (a warning, an error), since checks ask where each part is before they know of any problem.
 */
function plainYamlSource(path: string, displayPath: string, text: string, data: unknown): SourceFile {
  let locator: YamlLocator | undefined;
  return {
    path,
    displayPath,
    data,
    locate: (dataPath, options) => lazyLocation(displayPath, () => (locator ??= new YamlLocator(text)).locate(dataPath, options?.keyOf)),
  };
}

/** A location whose line and column are found when first read. */
function lazyLocation(file: string, find: () => { line: number; col: number }): SourceLocation {
  let found: { line: number; col: number } | undefined;
  const position = () => (found ??= find());
  return {
    file,
    get line() {
      return position().line;
    },
    get col() {
      return position().col;
    },
  };
}

/**
 * Reads a JSONL file as an array, one row per non-blank line. Each row is
 * parsed on its own with JSON.parse, so a bad row is reported at its own line
 * and column. Positions inside a row need a YAML parse of that row (JSON is
 * YAML), which costs far more than JSON.parse: it is done only for rows a
 * problem is reported in, when `locate` first asks, so a large valid file
 * reads in time linear in its size.
 */
function readJsonlFile(path: string, displayPath: string, referencedFrom?: SourceLocation): SourceFile {
  const bytes = readBytes(path, displayPath, referencedFrom);
  const rows: unknown[] = [];
  /** Of each row: its line index (0-based), where its line lies in the file, whether it opens with "{". */
  const lineOf: number[] = [];
  const starts: number[] = [];
  const lengths: number[] = [];
  const opensRow: number[] = [];
  const problems: InputProblem[] = [];
  // Line by line from the bytes (a newline byte is never inside a UTF-8 character), so the file is never one
  // large string split into another copy of itself; a byte-order mark at the start is not content.
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  for (let index = 0, at = bom; at <= bytes.length; index++) {
    const newline = bytes.indexOf(0x0a, at);
    const end = newline === -1 ? bytes.length : newline;
    const rawLine = bytes.toString('utf8', at, end);
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    const start = at;
    at = end + 1;
    if (line.trim() === '') continue;
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch (error) {
      const syntax = jsonSyntaxError(line) ?? { offset: 0, message: (error as Error).message };
      problems.push({
        where: { file: displayPath, line: index + 1, col: syntax.offset + 1 },
        message: `row is not valid JSON: ${syntax.message}`,
        hint: 'each line of a .jsonl file must be one JSON object',
      });
      continue;
    }
    // 1e999 is valid JSON and reads as Infinity; the YAML check says where.
    if (mayOverflow(line) && holdsNonFinite(row)) addProblems(problems, contentProblems(new YamlLocator(line, index), line, displayPath));
    rows.push(row);
    lineOf.push(index);
    starts.push(start);
    lengths.push(end - start);
    opensRow.push(line.startsWith('{') ? 1 : 0);
  }
  if (problems.length > 0) throw new FileProblems(problems);
  return jsonlSource(path, displayPath, rows, { lineOf: Int32Array.from(lineOf), starts: Float64Array.from(starts), lengths: Int32Array.from(lengths), opensRow: Uint8Array.from(opensRow) });
}

/** Where the rows of a JSONL file were read from: line index, byte range of the line, and whether it opens with "{". */
interface RowPlaces {
  lineOf: Int32Array;
  starts: Float64Array;
  lengths: Int32Array;
  opensRow: Uint8Array;
}

/**
 * A read JSONL file that keeps its rows and where each was read from, but not its text, which no closure
 * here may hold: a suite's memories file can be hundreds of megabytes, held for the whole run only to say
 * where a row was written. A position inside a row, and a row itself (rereadRow: the memories of a large
 * suite keep no text), are read back from the file when asked; the file is the one just read.
 */
function jsonlSource(path: string, displayPath: string, rows: unknown[], places: RowPlaces): SourceFile {
  const { lineOf, starts, lengths, opensRow } = places;
  const ranges = new FileRanges(path);
  const rowText = (row: number): string => ranges.read(starts[row]!, lengths[row]!).toString('utf8');
  const locators = new Map<number, YamlLocator>();
  const locatorOf = (row: number): YamlLocator => {
    let locator = locators.get(row);
    if (!locator) {
      let text: string;
      try {
        text = rowText(row).replace(/\r$/, '');
      } catch {
        // Gone since: the row's line is still known, its column is not.
        text = '';
      }
      locator = new YamlLocator(text, lineOf[row]!);
      locators.set(row, locator);
    }
    return locator;
  };
  return {
    path,
    displayPath,
    data: rows,
    locate: (dataPath, options) => {
      const [row, ...rest] = dataPath;
      const line = typeof row === 'number' && row >= 0 && row < lineOf.length ? lineOf[row]! : undefined;
      if (line === undefined) return { file: displayPath, line: 1, col: 1 };
      // A whole row written from the start of its line (as JSONL is) starts at column 1: no parse needed to say so.
      // The e2e loader asks this of every case; a YAML parse per row would cost a run more than its trials' own work.
      if (rest.length === 0 && options?.keyOf === undefined && opensRow[row as number] === 1) return { file: displayPath, line: line + 1, col: 1 };
      // Inside a row: found when first read; a position nobody reads should cost no YAML parse.
      return lazyLocation(displayPath, () => locatorOf(row as number).locate(rest, options?.keyOf));
    },
    rereadRow: (row) => JSON.parse(rowText(row)) as unknown,
  };
}

/**
 * Whether a line could hold a number literal past the largest double (about
 * 1.8e308): only one with a positive exponent of three digits or more, or 200
 * digits in a row (below both, a literal is under 1e299), can. Most rows have
 * neither, and are not walked again once parsed.
 */
function mayOverflow(line: string): boolean {
  return /[eE]\+?\d{3}|\d{200}/.test(line);
}

/** Whether parsed JSON holds a number that is not finite (only an overflowing literal such as 1e999 can). Iterative: a row may nest deeply. */
function holdsNonFinite(value: unknown): boolean {
  const stack = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'number') {
      if (!Number.isFinite(item)) return true;
    } else if (item !== null && typeof item === 'object') {
      for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push(child);
    }
  }
  return false;
}

const JSON_ERRORS: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'malformed number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected ":"',
  CommaExpected: 'expected ","',
  CloseBraceExpected: 'expected "}"',
  CloseBracketExpected: 'expected "]"',
  EndOfFileExpected: 'unexpected text after the object',
  UnexpectedEndOfString: 'unterminated string',
  InvalidEscapeCharacter: 'invalid escape in a string',
  InvalidCharacter: 'invalid character in a string',
};

/**
 * The first syntax error of a JSON text with its offset. Node's own messages
 * give no offset on recent versions, so a tolerant JSON parser finds it.
 */
function jsonSyntaxError(text: string): { offset: number; message: string } | undefined {
  const { parse: parseJson, printParseErrorCode } = jsoncLibrary();
  const errors: ParseError[] = [];
  parseJson(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return undefined;
  const code = printParseErrorCode(first.error);
  if (/^[}\]]/.test(text.slice(first.offset)) && /,\s*$/.test(text.slice(0, first.offset))) {
    return { offset: first.offset, message: `trailing comma before "${text[first.offset]}"` };
  }
  return { offset: first.offset, message: JSON_ERRORS[code] ?? code };
}

export function readDataFile(path: string, displayPath: string, referencedFrom?: SourceLocation): SourceFile {
  if (/\.jsonl$/i.test(path)) return readJsonlFile(path, displayPath, referencedFrom);
  if (/\.(ya?ml|json)$/i.test(path)) return readYamlFile(path, displayPath, referencedFrom);
  // A device or FIFO is named as such rather than as an unknown format (the read is bounded).
  readText(path, displayPath, referencedFrom);
  throw new FileProblems([
    {
      where: referencedFrom ?? { file: displayPath, line: 1, col: 1 },
      message: `cannot tell the format of ${displayPath}`,
      hint: 'use a .yaml, .yml, .json or .jsonl file',
    },
  ]);
}
