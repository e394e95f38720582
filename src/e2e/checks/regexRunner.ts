import type { MessagePort, Worker } from 'node:worker_threads';

/*
 * node:worker_threads is fetched when the first regex runs, not imported: `validate` loads this
 * module (the check kinds' table) and never runs one, and node's own loading of the module is a
 * share of validate's start-up (bench: `npm run bench -- startup`; test/validateImports.test.ts).
 */
const workerThreads = () => process.getBuiltinModule('node:worker_threads');

/** How long one user regex may run on one answer, in milliseconds. */
export const REGEX_TIME_LIMIT_MS = 1000;

/** Where a regex first matched: [start, end) in the text. */
export type RegexMatch = { index: number; end: number };

export class RegexTimeoutError extends Error {
  constructor(readonly timeLimitMs: number) {
    super(`took longer than ${timeLimitMs} ms on the text it checks (catastrophic backtracking?)`);
    this.name = 'RegexTimeoutError';
  }
}

/*
 * The worker's program, as source text evaluated in the worker (eval: true):
 * it imports nothing of ours, so it works the same from src/, build/ and the
 * single-file bundles in dist/. Compiled patterns are kept, since a suite
 * runs the same few regexes on every answer.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const compiled = new Map();
let replies;
parentPort.on('message', (message) => {
  if (message.port) {
    replies = message.port;
    return;
  }
  const { source, flags, text, texts } = message;
  try {
    const key = flags + '/' + source;
    let pattern = compiled.get(key);
    if (!pattern) {
      if (compiled.size >= 256) compiled.clear();
      pattern = new RegExp(source, flags);
      compiled.set(key, pattern);
    }
    const first = (subject) => {
      pattern.lastIndex = 0;
      return pattern.exec(subject);
    };
    if (texts) {
      replies.postMessage({ matched: texts.map((subject) => first(subject) !== null) });
      return;
    }
    const match = first(text);
    replies.postMessage({ match: match ? { index: match.index, end: match.index + match[0].length } : null });
  } catch (error) {
    replies.postMessage({ error: String(error && error.message) });
  }
});
`;

type WorkerReply = { match: RegexMatch | null } | { matched: boolean[] } | { error: string };

/** One text (its first match) or many (whether each matches: a csv column in one round trip). */
type Subject = { text: string } | { texts: string[] };

interface Job {
  source: string;
  flags: string;
  subject: Subject;
  resolve: (reply: WorkerReply) => void;
  reject: (error: Error) => void;
}

/**
 * Runs user regexes where a time limit can stop them. A regex with
 * catastrophic backtracking cannot be interrupted on the thread running it,
 * so regexes run in one long-lived worker thread, one at a time (each time
 * limit then measures only its own regex). When one runs out of time the
 * worker is terminated, the only way to stop it, and the next regex starts
 * a fresh worker; a limit counts from the moment the worker is up, so a slow
 * start on a loaded machine is not blamed on the regex. The worker is unref'd while idle, so it never keeps the
 * process alive.
 */
class RegexRunner {
  private worker: Worker | undefined;
  private readonly queue: Job[] = [];
  /** The current worker's replies arrive here, so a timeout can read one that is waiting (receiveMessageOnPort). */
  private replies: MessagePort | undefined;
  private running: { job: Job; timer?: NodeJS.Timeout } | undefined;
  /** The current worker has started: a time limit counts from here, not from its (slower, load-dependent) start-up. */
  private online = false;

  constructor(private readonly timeLimitMs: number) {}

  exec(pattern: RegExp, subject: Subject): Promise<WorkerReply> {
    return new Promise((resolve, reject) => {
      this.queue.push({ source: pattern.source, flags: pattern.flags, subject, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    if (this.running) return;
    const job = this.queue.shift();
    if (!job) return;
    const worker = (this.worker ??= this.spawn());
    worker.ref();
    this.running = { job };
    if (this.online) this.startClock();
    worker.postMessage({ source: job.source, flags: job.flags, ...job.subject });
  }

  private settle(reply: WorkerReply): void {
    this.finish((job) => ('error' in reply ? job.reject(new Error(reply.error)) : job.resolve(reply)));
  }

  private startClock(): void {
    if (this.running && !this.running.timer) this.running.timer = setTimeout(() => this.timedOut(), this.timeLimitMs);
  }

  private finish(settle: (job: Job) => void): void {
    const running = this.running;
    if (!running) return;
    clearTimeout(running.timer);
    this.running = undefined;
    this.worker?.unref();
    settle(running.job);
    this.next();
  }

  private timedOut(): void {
    // A busy main thread runs an expired timer before it reads the reply that came in time: look for that reply first.
    const late = this.replies && workerThreads().receiveMessageOnPort(this.replies);
    if (late) {
      this.settle(late.message as WorkerReply);
      return;
    }
    this.retire()?.terminate().catch(() => undefined);
    this.finish((job) => job.reject(new RegexTimeoutError(this.timeLimitMs)));
  }

  /** Forgets the current worker (its late messages are then ignored) and returns it. */
  private retire(): Worker | undefined {
    const worker = this.worker;
    this.worker = undefined;
    this.replies?.close();
    this.replies = undefined;
    this.online = false;
    return worker;
  }

  private spawn(): Worker {
    const { MessageChannel, Worker } = workerThreads();
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.once('online', () => {
      if (worker !== this.worker) return;
      this.online = true;
      this.startClock();
    });
    const { port1, port2 } = new MessageChannel();
    worker.postMessage({ port: port2 }, [port2]);
    this.replies = port1;
    port1.on('message', (reply: WorkerReply) => {
      if (worker !== this.worker) return;
      this.settle(reply);
    });
    // The port must not keep the process alive: the worker's ref/unref alone decides that.
    port1.unref();
    const lost = (error: Error) => {
      if (worker !== this.worker) return;
      this.retire();
      this.finish((job) => job.reject(error));
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the regex worker stopped (exit code ${code})`)));
    return worker;
  }
}

const runner = new RegexRunner(REGEX_TIME_LIMIT_MS);

/** The first match of `pattern` in `text`, found off the main thread within REGEX_TIME_LIMIT_MS; rejects with RegexTimeoutError past it. */
export async function execRegex(pattern: RegExp, text: string): Promise<RegexMatch | null> {
  return ((await runner.exec(pattern, { text })) as { match: RegexMatch | null }).match;
}

/** Whether `pattern` matches each of `texts`, in one round trip to the worker; the time limit holds for them all together. */
export async function regexMatchesEach(pattern: RegExp, texts: readonly string[]): Promise<boolean[]> {
  if (texts.length === 0) return [];
  return ((await runner.exec(pattern, { texts: [...texts] })) as { matched: boolean[] }).matched;
}
