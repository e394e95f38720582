import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/** One non-blank line of a JSONL file: its parsed value, or why it is not JSON (JSON.parse's message). */
export type JsonlLine = { line: number; value: unknown } | { line: number; error: string };

/**
 * The lines of a JSONL file, parsed one at a time as they are read: benchmark
 * files run to hundreds of megabytes, and only the current line is held.
 * Blank lines are not records and are passed over; a byte-order mark and CRLF
 * line ends are accepted.
 */
export async function* jsonlLines(path: string): AsyncGenerator<JsonlLine> {
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  let line = 0;
  for await (const raw of lines) {
    line += 1;
    const text = line === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (text.trim() === '') continue;
    try {
      yield { line, value: JSON.parse(text) as unknown };
    } catch (error) {
      yield { line, error: (error as Error).message };
    }
  }
}
