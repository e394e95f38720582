import { createReadStream } from 'node:fs';
import { RecallGateError } from '../errors.js';

/** One element of a top-level JSON array: its 0-based index and parsed value, or why it is not JSON. */
export type JsonArrayItem = { index: number; value: unknown } | { index: number; error: string };

/**
 * The elements of a file holding one JSON array, parsed one at a time as the
 * file is read: LongMemEval's files run to hundreds of megabytes and LoCoMo's
 * to one conversation per element, so only the current element's text is
 * held. The scan only tracks nesting and strings to find where each element
 * ends; JSON.parse reads the element. A file that is not an array, or ends
 * inside one, is invalid input.
 */
export async function* jsonArrayItems(path: string): AsyncGenerator<JsonArrayItem> {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let done = false;
  let started = false;
  let element: string[] = [];
  let index = 0;
  const notArray = (what: string) => new RecallGateError('invalid-input', `${path}: ${what}`, { hint: 'the file must hold one JSON array of records, [{...}, {...}]' });
  const flush = (): JsonArrayItem | undefined => {
    const text = element.join('').trim();
    element = [];
    if (text === '') return undefined;
    const at = index++;
    try {
      return { index: at, value: JSON.parse(text) as unknown };
    } catch (error) {
      return { index: at, error: (error as Error).message };
    }
  };
  for await (const chunk of createReadStream(path, { encoding: 'utf8' })) {
    const text = chunk as string;
    let from = 0;
    for (let at = 0; at < text.length; at++) {
      const char = text[at]!;
      if (!started) {
        if (char === '[') {
          started = true;
          depth = 1;
          from = at + 1;
        } else if (!/[\s\uFEFF]/.test(char)) throw notArray('not a JSON array (it does not begin with "[")');
        continue;
      }
      if (done) {
        if (!/\s/.test(char)) throw notArray('text after the closing "]" of the array');
        continue;
      }
      if (inString) {
        if (escaped) escaped = false;
        else if (char === '\\') escaped = true;
        else if (char === '"') inString = false;
        continue;
      }
      if (char === '"') inString = true;
      else if (char === '[' || char === '{') depth += 1;
      else if ((char === ',' && depth === 1) || (char === ']' && depth === 1)) {
        element.push(text.slice(from, at));
        from = at + 1;
        const item = flush();
        if (item) yield item;
        if (char === ']') done = true;
        depth = char === ']' ? 0 : 1;
      } else if (char === ']' || char === '}') depth -= 1;
    }
    if (started && !done) element.push(text.slice(from));
  }
  if (!started) throw notArray('empty file (no JSON array)');
  if (!done) throw notArray(`ends inside the array, after ${index} complete element${index === 1 ? '' : 's'} (a truncated file?)`);
}
