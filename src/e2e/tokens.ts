/**
 * Injected tokens: how many tokens the recalled text takes in the agent's
 * context, counted with the model's own byte-pair encoding (gpt-tokenizer,
 * the tiktoken encodings ported to JavaScript). An encoding's rank table is
 * megabytes to load: each is loaded only when a run first counts with it, on a
 * worker thread (e2e/tokenWorker.ts) that also does the counting, so neither
 * holds up the agent calls on the main thread.
 */
import { Worker } from 'node:worker_threads';

export type EncodingName = 'o200k_base' | 'cl100k_base';

export interface EncodingChoice {
  encoding: EncodingName;
  /** What results show: the encoding, and "(fallback: ...)" when the model did not determine it, so the count is an estimate. */
  label: string;
}

/** OpenAI model families by encoding, longest prefixes first where they overlap (gpt-4o before gpt-4). */
const FAMILIES: { prefix: RegExp; encoding: EncodingName }[] = [
  { prefix: /^(gpt-4o|chatgpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|gpt-oss|o1|o3|o4)(\b|-|$)/, encoding: 'o200k_base' },
  { prefix: /^(gpt-4|gpt-3\.5|gpt-35|text-embedding-3|text-embedding-ada-002)(\b|-|$)/, encoding: 'cl100k_base' },
];

/** The fallback for a model outside the table: the encoding of current OpenAI models. */
const FALLBACK: EncodingName = 'o200k_base';

/** The encoding a model's tokens are counted with. A provider prefix ("openai/gpt-4o") is ignored. */
export function encodingForModel(model: string | undefined): EncodingChoice {
  if (!model) return { encoding: FALLBACK, label: `${FALLBACK} (fallback: no model named)` };
  const name = model.toLowerCase().replace(/^.*\//, '');
  const family = FAMILIES.find((candidate) => candidate.prefix.test(name));
  return family ? { encoding: family.encoding, label: family.encoding } : { encoding: FALLBACK, label: `${FALLBACK} (fallback: model unknown)` };
}

/** A count asked of the counting thread (e2e/tokenWorker.ts), and its answer. */
export interface CountRequest {
  id: number;
  text: string;
  encoding: EncodingName;
}
export type CountAnswer = { id: number; count: number } | { id: number; error: string };

/**
 * The counting thread, started on first use. It is left out of the process's
 * life (unref) while no count is waiting, so it never keeps a finished
 * command running; a count waiting on it keeps the process up until answered.
 */
class CountingThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve(count: number): void; reject(error: Error): void }>();
  private nextId = 0;
  private failure?: Error;

  constructor() {
    this.worker = new Worker(new URL('./tokenWorker.js', import.meta.url));
    this.worker.unref();
    this.worker.on('message', (answer: CountAnswer) => {
      const waiter = this.waiting.get(answer.id);
      if (!waiter) return;
      this.waiting.delete(answer.id);
      if (this.waiting.size === 0) this.worker.unref();
      if ('error' in answer) waiter.reject(new Error(`counting tokens failed: ${answer.error}`));
      else waiter.resolve(answer.count);
    });
    this.worker.on('error', (error) => this.fail(new Error(`the token-counting thread failed: ${error.message}`)));
    this.worker.on('exit', (code) => this.fail(new Error(`the token-counting thread stopped (exit code ${code})`)));
  }

  get failed(): boolean {
    return this.failure !== undefined;
  }

  /** Ends the thread; a count still waiting is refused, as when the thread fails. */
  stop(): void {
    this.fail(new Error('the token-counting thread was stopped'));
    void this.worker.terminate();
  }

  count(text: string, encoding: EncodingName): Promise<number> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<number>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      if (this.waiting.size === 1) this.worker.ref();
      this.worker.postMessage({ id, text, encoding } satisfies CountRequest);
    });
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiter of this.waiting.values()) waiter.reject(this.failure);
    this.waiting.clear();
  }
}

let thread: CountingThread | undefined;

/** The counting thread; one that failed is replaced, so a crash errs the counts it held, not every later one. */
function counting(): CountingThread {
  if (!thread || thread.failed) thread = new CountingThread();
  return thread;
}

/** Starts loading an encoding's rank table on the counting thread, so the first count waits less; a failure shows at that count. */
export function loadEncoding(encoding: EncodingName): void {
  counting().count('', encoding).catch(() => undefined);
}

/**
 * Ends the counting thread once a run has nothing more to count. Its rank
 * table is tens of megabytes of heap: a thread still holding it when the
 * process ends holds the exit back while that is freed (60 ms on the bench's
 * machine); stopped here, it is freed beside the run's reports. A later count
 * starts a new thread.
 */
export function stopCounting(): void {
  thread?.stop();
  thread = undefined;
}

/** Tokens of `text` under `encoding`. */
export function countTokens(text: string, encoding: EncodingName): Promise<number> {
  if (text === '') return Promise.resolve(0);
  return counting().count(text, encoding);
}

/**
 * Tokens of what recall placed in the context of one invocation: the exact
 * memory text the target says it injected (the builtin target's memory lines),
 * else the recalled texts one per line; undefined when the target did not say
 * what it recalled (unknown, not 0).
 */
export async function injectedTokens(reply: { injected_text?: string; recalled?: { text: string }[] }, encoding: EncodingName, count: typeof countTokens = countTokens): Promise<number | undefined> {
  const text = reply.injected_text ?? reply.recalled?.map((memory) => memory.text).join('\n');
  return text === undefined ? undefined : count(text, encoding);
}
