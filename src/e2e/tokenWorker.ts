/**
 * The worker thread that counts tokens for e2e/tokens.ts. An encoding's rank
 * table is megabytes of text to parse and a large table to build; here that
 * happens beside the run, not on the thread making agent calls, and so does
 * each count. Asked by message `{ id, text, encoding }`, it answers
 * `{ id, count }`, or `{ id, error }` when counting failed.
 */
import { parentPort } from 'node:worker_threads';
import type { CountAnswer, CountRequest, EncodingName } from './tokens.js';

type Counter = (text: string) => number;
const loaded = new Map<EncodingName, Promise<Counter>>();

// Memory text is data: "<|endoftext|>" in it is counted as the characters it is, never as a special token (encode would throw).
const AS_TEXT = { disallowedSpecial: new Set<string>() };

function load(encoding: EncodingName): Promise<Counter> {
  let counter = loaded.get(encoding);
  if (!counter) {
    const module = encoding === 'o200k_base' ? import('gpt-tokenizer/encoding/o200k_base') : import('gpt-tokenizer/encoding/cl100k_base');
    counter = module.then(({ encode }) => (text: string) => encode(text, AS_TEXT).length);
    loaded.set(encoding, counter);
  }
  return counter;
}

const port = parentPort!;
port.on('message', ({ id, text, encoding }: CountRequest) => {
  load(encoding).then(
    (count) => port.postMessage({ id, count: text === '' ? 0 : count(text) } satisfies CountAnswer),
    (error: unknown) => port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies CountAnswer),
  );
});
