import { createReadStream } from 'node:fs';
import { RecallGateError } from '../errors.js';
import { MAX_RECORD_DEPTH, TOO_DEEP } from './recordDepth.js';
import { counted } from '../text/counted.js';

/** One item of a top-level JSON array, at the 1-based line it starts on: its value, or why it could not be read (tooDeep: nested deeper than MAX_RECORD_DEPTH). */
export type JsonArrayItem = { index: number; line: number; value: unknown } | { index: number; line: number; error: string; tooDeep?: true };

const [OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET, QUOTE, BACKSLASH, COMMA, NEWLINE] = [0x7b, 0x7d, 0x5b, 0x5d, 0x22, 0x5c, 0x2c, 0x0a];
const isSpace = (byte: number) => byte === 0x20 || byte === NEWLINE || byte === 0x0d || byte === 0x09;

/**
 * Streams the items of a file that is one JSON array, parsing each item on
 * its own. LongMemEval_M is a 2.7 GB array: read whole it passes V8's string
 * limit, item by item it never holds more than one instance (a few MB); a
 * LoCoMo conversation is one item.
 *
 * The scan is byte-wise: the bytes it looks for (brackets, quotes, commas,
 * backslashes) are ASCII (a UTF-8 byte-order mark is passed over), and no byte of a multi-byte UTF-8 character is, so
 * a character split across chunks is never misread. An item that does not
 * parse, or nests deeper than MAX_RECORD_DEPTH (not parsed then), is
 * yielded as an error (with its line) and the scan goes on to the next. A file that is not an array, ends inside it (a truncated download)
 * or has text after it is an input error: the file as a whole is not what
 * its producer wrote.
 */
export async function* jsonArrayItems(path: string, displayPath = path): AsyncGenerator<JsonArrayItem> {
  let line = 1;
  let started = false;
  let ended = false;
  let depth = 0;
  /** The deepest the open item has nested so far. */
  let deepest = 0;
  let inString = false;
  let escaped = false;
  let parts: Buffer[] = [];
  let itemLine = 0;
  let itemOpen = false;
  let index = 0;
  const notArray = (what: string, shape = '') =>
    new RecallGateError('invalid-input', `${displayPath}${what}`, { hint: `${shape}the file must hold one JSON array of records, [{...}, {...}]` });
  const finish = (): JsonArrayItem | undefined => {
    if (!itemOpen) return undefined;
    const text = Buffer.concat(parts).toString('utf8');
    parts = [];
    itemOpen = false;
    const item = { index: index++, line: itemLine };
    if (deepest > MAX_RECORD_DEPTH) return { ...item, error: TOO_DEEP, tooDeep: true };
    try {
      return { ...item, value: JSON.parse(text) as unknown };
    } catch (error) {
      return { ...item, error: `not valid JSON: ${(error as Error).message}` };
    }
  };

  let firstChunk = true;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    const bom = firstChunk && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf ? 3 : 0;
    firstChunk = false;
    let from = -1; // where the open item's bytes begin in this chunk
    if (itemOpen) from = 0;
    for (let at = bom; at < chunk.length; at++) {
      const byte = chunk[at] as number;
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) inString = false;
        else if (byte === NEWLINE) line++;
        continue;
      }
      if (byte === NEWLINE) line++;
      if (!started) {
        if (isSpace(byte)) continue;
        if (byte !== OPEN_BRACKET) {
          throw notArray(`:${line}: not a JSON array (it does not begin with "[")`, byte === OPEN_BRACE ? 'the file holds one JSON object; ' : '');
        }
        started = true;
        continue;
      }
      if (ended) {
        if (!isSpace(byte)) throw notArray(`:${line}: text after the closing "]" of the array`);
        continue;
      }
      if (depth === 0 && (byte === COMMA || byte === CLOSE_BRACKET)) {
        if (from >= 0 && itemOpen) parts.push(chunk.subarray(from, at));
        from = -1;
        const item = finish();
        if (item) yield item;
        else if (byte === COMMA || index > 0) yield { index: index++, line, error: byte === COMMA ? 'an empty item (a comma with nothing before it)' : 'a comma with no item after it' };
        if (byte === CLOSE_BRACKET) ended = true;
        continue;
      }
      if (!itemOpen) {
        if (isSpace(byte)) continue;
        itemOpen = true;
        itemLine = line;
        deepest = 0;
        from = at;
      }
      if (byte === QUOTE) inString = true;
      else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) deepest = Math.max(deepest, ++depth);
      else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth--;
    }
    if (itemOpen && from >= 0) parts.push(chunk.subarray(from));
  }
  if (!started) throw notArray(': empty file (no JSON array)');
  if (!ended) throw notArray(`:${line}: ends inside the array, after ${counted(index, 'complete element', 'complete elements')} (a truncated file?)`);
}
