import { readFileSync } from 'node:fs';
import { LineCounter, isMap, isSeq, parseDocument, type Document, type Node } from 'yaml';
import type { InputProblem, SourceLocation } from '../errors.js';

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
}

function nodeAt(doc: Document, path: DataPath): { node: Node | undefined; depth: number } {
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
  private readonly lineCounter = new LineCounter();
  readonly doc: Document;

  constructor(
    text: string,
    private readonly lineOffset = 0,
  ) {
    this.doc = parseDocument(text, { lineCounter: this.lineCounter, prettyErrors: false, uniqueKeys: true });
  }

  position(offset: number): { line: number; col: number } {
    const { line, col } = this.lineCounter.linePos(offset);
    return { line: line + this.lineOffset, col };
  }

  locate(path: DataPath, keyOf?: string): { line: number; col: number } {
    const { node, depth } = nodeAt(this.doc, path);
    if (keyOf !== undefined && depth === path.length && isMap(node)) {
      const pair = node.items.find((item) => String(scalarValue(item.key)) === keyOf);
      const keyRange = (pair?.key as Node | undefined)?.range;
      if (keyRange) return this.position(keyRange[0]);
    }
    const range = node?.range;
    return this.position(range ? range[0] : 0);
  }
}

function syntaxProblems(locator: YamlLocator, file: string): InputProblem[] {
  return locator.doc.errors.map((error) => {
    const [line, col] = error.linePos?.[0] ? [error.linePos[0].line, error.linePos[0].col] : [1, 1];
    const { line: fileLine } = locator.position(0);
    return {
      where: { file, line: line + fileLine - 1, col },
      message: firstLine(error.message),
      hint: 'fix the YAML syntax',
    };
  });
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}

export class FileProblems extends Error {
  constructor(readonly problems: InputProblem[]) {
    super(problems.map((p) => p.message).join('; '));
  }
}

function readText(path: string, displayPath: string, referencedFrom?: SourceLocation): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const where = referencedFrom ?? { file: displayPath, line: 1, col: 1 };
    const reason = code === 'ENOENT' ? 'file not found' : code === 'EISDIR' ? 'is a directory, not a file' : String(error);
    throw new FileProblems([{ where, message: `cannot read ${displayPath}: ${reason}`, hint: 'paths are relative to the suite file' }]);
  }
}

/** Reads a YAML file; syntax errors are reported with their positions. */
export function readYamlFile(path: string, displayPath: string, referencedFrom?: SourceLocation): SourceFile {
  const text = readText(path, displayPath, referencedFrom);
  const locator = new YamlLocator(text);
  const problems = syntaxProblems(locator, displayPath);
  if (problems.length > 0) throw new FileProblems(problems);
  return {
    path,
    displayPath,
    data: locator.doc.toJS({ maxAliasCount: 100 }),
    locate: (dataPath, options) => ({ file: displayPath, ...locator.locate(dataPath, options?.keyOf) }),
  };
}

/**
 * Reads a JSONL file as an array, one row per non-blank line. Each row is
 * parsed on its own so a bad row is reported at its own line and column.
 */
export function readJsonlFile(path: string, displayPath: string, referencedFrom?: SourceLocation): SourceFile {
  const text = readText(path, displayPath, referencedFrom);
  const rows: unknown[] = [];
  const locators: YamlLocator[] = [];
  const problems: InputProblem[] = [];
  const lines = text.split('\n');
  lines.forEach((rawLine, index) => {
    const line = rawLine.replace(/\r$/, '');
    if (line.trim() === '') return;
    const lineNumber = index + 1;
    try {
      rows.push(JSON.parse(line));
    } catch (error) {
      problems.push({
        where: { file: displayPath, line: lineNumber, col: jsonErrorColumn(line, error) },
        message: `row is not valid JSON: ${firstLine((error as Error).message)}`,
        hint: 'each line of a .jsonl file must be one JSON object',
      });
      return;
    }
    // JSON is YAML, so the YAML parser gives positions inside the row.
    locators.push(new YamlLocator(line, index));
  });
  if (problems.length > 0) throw new FileProblems(problems);
  return {
    path,
    displayPath,
    data: rows,
    locate: (dataPath, options) => {
      const [row, ...rest] = dataPath;
      const locator = typeof row === 'number' ? locators[row] : undefined;
      if (!locator) return { file: displayPath, line: 1, col: 1 };
      return { file: displayPath, ...locator.locate(rest, options?.keyOf) };
    },
  };
}

/** Node's JSON errors carry an offset on some versions; the YAML parser finds one on all. */
function jsonErrorColumn(line: string, error: unknown): number {
  const match = /position (\d+)/.exec(String((error as Error).message));
  if (match) return Number(match[1]) + 1;
  const yamlError = new YamlLocator(line).doc.errors[0];
  return yamlError?.linePos?.[0]?.col ?? 1;
}

export function readDataFile(path: string, displayPath: string, referencedFrom?: SourceLocation): SourceFile {
  if (/\.jsonl$/i.test(path)) return readJsonlFile(path, displayPath, referencedFrom);
  if (/\.(ya?ml|json)$/i.test(path)) return readYamlFile(path, displayPath, referencedFrom);
  throw new FileProblems([
    {
      where: referencedFrom ?? { file: displayPath, line: 1, col: 1 },
      message: `cannot tell the format of ${displayPath}`,
      hint: 'use a .yaml, .yml, .json or .jsonl file',
    },
  ]);
}
