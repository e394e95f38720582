import type { ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { scrubSecrets } from '../../secrets.js';
import { childEnvironment } from '../../process/childEnv.js';
import { StderrTail } from '../../process/stderrTail.js';

/*
 * A user's grader script runs in a node process of its own, with the
 * environment a command adapter gets (childEnvironment: PATH, HOME, locale...)
 * and what the grader's `env:` names: never recall-gate's whole environment,
 * which in the Action holds the GitHub token and the OpenAI key. One process
 * per module and environment, started on first use and kept for the run (a
 * module's state lives on between trials, as it did in one process); it keeps
 * recall-gate alive only while a call is waiting, and ends when recall-gate
 * does (its IPC channel closes).
 */

/**
 * The grader's side: import the module once; answer each { id, name, context }
 * with { id, returned } or { id, error }. A value that cannot be sent back (a
 * function in it) is a bad return, said as such.
 */
const RUNNER = `
const loaded = import(process.argv[1]);
loaded.catch(() => undefined);
const message = (error) => (error instanceof Error ? error.message : String(error));
process.on('disconnect', () => process.exit(0));
process.on('message', async ({ id, name, context }) => {
  let returned;
  try {
    const grader = (await loaded)[name];
    if (typeof grader !== 'function') throw new Error(name + ' is not an exported function');
    returned = await grader(context);
  } catch (error) {
    process.send({ id, error: message(error) });
    return;
  }
  try {
    process.send({ id, returned });
  } catch (error) {
    process.send({ id, unsendable: message(error) });
  }
});
`;

/**
 * How long one call may take before its process is stopped (every call
 * waiting on it fails, and the next starts a fresh process): a grader that
 * never answers must not hold the run forever.
 */
export const GRADER_CALL_TIMEOUT_MS = 120_000;

/** Why a call failed: the script threw (or would not import), returned what cannot be sent back, or its process ended. */
export class GraderCallError extends Error {
  constructor(
    message: string,
    readonly kind: 'threw' | 'unsendable' | 'exited',
  ) {
    super(message);
  }
}

type Reply = { id: number; returned?: unknown; error?: string; unsendable?: string };

class GraderProcess {
  private child?: ChildProcess;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private readonly stderrTail = new StderrTail();
  /** Why recall-gate stopped a process itself (a call that timed out), for the message of the calls waiting on it. */
  private readonly stopReason = new WeakMap<ChildProcess, string>();

  constructor(
    private readonly path: string,
    private readonly env: Record<string, string>,
    /** The module as the suite names it, for lines and messages. */
    private readonly shown: string,
  ) {}

  call(name: string, context: unknown, timeoutMs: number): Promise<unknown> {
    const child = (this.child ??= this.start());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.stop(child, `gave no answer within ${timeoutMs} ms and was stopped`), timeoutMs);
      // The child is held while a call waits: the timer need not keep recall-gate alive on its own.
      timer.unref();
      const done = <T>(settle: (value: T) => void) => (value: T) => {
        clearTimeout(timer);
        settle(value);
      };
      this.pending.set(id, { resolve: done(resolve), reject: done(reject) });
      if (this.pending.size === 1) hold(child, true);
      child.send({ id, name, context }, (error) => {
        if (error) this.settle(id, (waiting) => waiting.reject(new GraderCallError(`could not pass the trial to its process: ${error.message}`, 'exited')));
      });
    });
  }

  /** Ends `child` now; the calls waiting on it fail with `reason` (see ended in start). */
  private stop(child: ChildProcess, reason: string): void {
    this.stopReason.set(child, reason);
    child.kill('SIGKILL');
  }

  private start(): ChildProcess {
    // node:child_process and node:readline fetched when a grader process starts, not imported: `validate` loads this
    // module (the grader kinds' table) and starts none, and node's loading of them is a share of its start-up.
    const { spawn } = process.getBuiltinModule('node:child_process');
    const { createInterface } = process.getBuiltinModule('node:readline');
    const child = spawn(process.execPath, ['--input-type=module', '-e', RUNNER, pathToFileURL(this.path).href], {
      env: childEnvironment(process.env, this.env),
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    this.stderrTail.clear();
    child.on('message', (reply: Reply) =>
      this.settle(reply.id, (waiting) => {
        if (reply.error !== undefined) waiting.reject(new GraderCallError(reply.error, 'threw'));
        else if (reply.unsendable !== undefined) waiting.reject(new GraderCallError(reply.unsendable, 'unsendable'));
        else waiting.resolve(reply.returned);
      }),
    );
    // What the script prints is shown on recall-gate's stderr (stdout may be a report), scrubbed as every output is.
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (raw) => {
        const line = scrubSecrets(raw);
        if (stream === child.stderr) {
          this.stderrTail.add(line);
        }
        process.stderr.write(`grader script ${this.shown}: ${line}\n`);
      });
    }
    const ended = (reason: string) => {
      if (this.child !== child) return;
      this.child = undefined;
      const tail = this.stderrTail.said('inline');
      for (const id of [...this.pending.keys()]) this.settle(id, (waiting) => waiting.reject(new GraderCallError(`its process ${reason}${tail}`, 'exited')));
    };
    child.on('error', (error) => ended(`could not be started: ${error.message}`));
    // 'close', not 'exit': by then its last stderr lines have been read.
    child.on('close', (code, signal) => ended(this.stopReason.get(child) ?? (signal ? `was killed by ${signal}` : `exited with code ${code}`)));
    hold(child, false);
    return child;
  }

  private settle(id: number, settle: (waiting: { resolve: (value: unknown) => void; reject: (error: Error) => void }) => void): void {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    if (this.pending.size === 0 && this.child) hold(this.child, false);
    settle(waiting);
  }
}

/** Whether the child's process, channel and pipes keep recall-gate running: only while a call waits for its answer. */
function hold(child: ChildProcess, held: boolean): void {
  // The pipes are sockets, which the Readable type does not show.
  const handles = [child, child.channel, child.stdout, child.stderr] as ({ ref(): unknown; unref(): unknown } | null | undefined)[];
  for (const handle of handles) {
    if (held) handle?.ref();
    else handle?.unref();
  }
}

const processes = new Map<string, GraderProcess>();

/**
 * Calls the grader's export with `context` in the process of its module for
 * this environment (`env`: what the grader's `env:` resolved to). Rejects
 * with GraderCallError.
 */
export function callGrader(spec: { path: string; shown: string; export: string }, env: Record<string, string>, context: unknown, timeoutMs = GRADER_CALL_TIMEOUT_MS): Promise<unknown> {
  const { path } = spec;
  const key = `${path}\0${JSON.stringify(env)}`;
  let graderProcess = processes.get(key);
  if (!graderProcess) processes.set(key, (graderProcess = new GraderProcess(path, env, spec.shown.slice(0, spec.shown.lastIndexOf('#')))));
  return graderProcess.call(spec.export, context, timeoutMs);
}
