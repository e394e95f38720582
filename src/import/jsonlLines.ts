import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { TOO_DEEP, nestedTooDeep } from './recordDepth.js';

/**
 * One non-blank line of a JSONL file: its parsed value, or why it is not JSON (JSON.parse's message, its position
 * given as `col` instead) or is too deep to read (tooDeep).
 */
export type JsonlLine = { line: number; value: unknown } | { line: number; col?: number; error: string; tooDeep?: true };

/**
 * The lines of a JSONL file, parsed one at a time as they are read: benchmark
 * files run to hundreds of megabytes, and only the current line is held.
 * Blank lines are not records and are passed over; a byte-order mark and CRLF
 * line ends are accepted. A line nested deeper than MAX_RECORD_DEPTH is not
 * parsed: it comes as an error marked tooDeep.
 */
export async function* jsonlLines(path: string): AsyncGenerator<JsonlLine> {
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  let line = 0;
  for await (const raw of lines) {
    line += 1;
    const text = line === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (text.trim() === '') continue;
    if (nestedTooDeep(text)) {
      yield { line, error: TOO_DEEP, tooDeep: true };
      continue;
    }
    try {
      yield { line, value: JSON.parse(text) as unknown };
    } catch (error) {
      // "... in JSON at position 40" (Node 22 adds " (line 1 column 41)"): a column, as every other place a file is named.
      const message = (error as Error).message;
      const position = / at position (\d+)/.exec(message);
      const col = position ? Number(position[1]) + 1 : undefined;
      yield { line, ...(col !== undefined ? { col } : {}), error: message.replace(/ at position \d+.*$/, '') };
    }
  }
}
