import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { RecallGateError } from '../errors.js';
import { scrubSecrets } from '../secrets.js';
import { atInterrupt } from '../interrupt.js';
import { OWN_GROUP, signalGroup, stopGroup } from '../process/processGroup.js';
import { childEnvironment } from '../process/childEnv.js';
import { spawnFailure } from '../process/spawnFailure.js';
import type { JsonRpcRequest, JsonRpcTransport } from './client.js';
import { excerpt, isObject } from './protocol.js';
import { envHint, unpassedVariables } from './envHint.js';
import { StderrTail, knownCrashFix } from '../process/stderrTail.js';

export interface CommandTransportOptions {
  /** The program, run without a shell (e.g. "node", "python3", "./adapter"). */
  command: string;
  args?: readonly string[];
  cwd?: string;
  /** The child's own variables (a suite's `env:`), on top of the few it inherits (see childEnvironment). */
  env?: Record<string, string>;
  /** Each line the child writes to stderr (scrubbed of secrets); by default passed through to our stderr. A run sends them to adapter.log. */
  onStderr?: (line: string) => void;
  /** Notices for people (a stray stdout line, a restart); by default written to our stderr as "warning: ...". */
  onWarning?: (message: string) => void;
  /** How long close() waits for the child to exit after its stdin ends, before killing it (default 2000 ms). */
  closeTimeoutMs?: number;
}

/** After 'exit', how long to wait for stdout to drain ('close') before failing the calls still waiting. */
const DRAIN_MS = 250;

interface Pending {
  method: string;
  resolve: (response: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * JSON-RPC over a child's stdin and stdout, one message per line. The child
 * is started on the first call and serves every call of the target; requests
 * may overlap and responses may come in any order: they are matched by id.
 * A line on stdout that is not a response (a library logging with
 * console.log) is a warning naming it, and otherwise ignored: it belongs to
 * no request. When the child exits mid-run, the calls waiting on it fail with
 * its exit code or signal and the last lines of its stderr, and it is started
 * again (once, with a warning saying so); after a second death, or when it
 * cannot start at all, every later call fails at once with that reason.
 */
export class CommandTransport implements JsonRpcTransport {
  readonly label: string;
  private child?: ChildProcessWithoutNullStreams;
  private readonly pending = new Map<string, Pending>();
  /** Calls given up on (timed out) that the child has not answered yet: one that answers in turn is still busy with them. */
  private readonly late = new Set<string>();
  private readonly stderrTail = new StderrTail();
  /** Why the child is gone for good ("exited with code 3"), once it is. */
  private failure?: string;
  /** Why the child could not be started at all, when it could not. */
  private notStarted?: { reason: string; hint: string };
  /** Deaths so far: the first is answered with a restart, the second is final. */
  private deaths = 0;
  private closing = false;
  private exited?: Promise<void>;
  /** close()'s work, so a second close() waits for the same stop. */
  private closed?: Promise<void>;
  /** Unregisters the current child's stop on a signal (its own process group no longer gets the terminal's Ctrl-C). */
  private forgetInterrupt: () => void = () => undefined;
  /** Lines read from the child's stdout so far: none at a timeout suggests its stdout is buffered. */
  private stdoutLines = 0;

  constructor(private readonly options: CommandTransportOptions) {
    if (!options.command) throw new RecallGateError('invalid-input', 'the adapter command is empty');
    this.label = `agent adapter \`${[options.command, ...(options.args ?? [])].map(quote).join(' ')}\``;
  }

  /** The child's process id once started, for diagnostics. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  send(request: JsonRpcRequest, signal: AbortSignal): Promise<unknown> {
    if (this.closing) return Promise.reject(new RecallGateError('internal', `${this.label}: "${request.method}" was sent after the target was closed`));
    const child = this.start();
    if (!child || this.failure !== undefined) return Promise.reject(this.failedError(request.method, false));
    return new Promise((resolve, reject) => {
      const key = String(request.id);
      this.pending.set(key, { method: request.method, resolve, reject });
      signal.addEventListener(
        'abort',
        () => {
          if (this.pending.delete(key) && this.child === child) this.late.add(key);
        },
        { once: true },
      );
      child.stdin.write(`${JSON.stringify(request)}\n`);
    });
  }

  /**
   * Ends stdin and waits for the child to exit; then stops its process group
   * (SIGTERM, SIGKILL after a second), which kills the child if it did not
   * exit and whatever it started that is still running (`sh -c`, `npm run`,
   * a worker holding its stdout), and lets go of its pipes.
   */
  async close(): Promise<void> {
    if (this.closing) return this.closed;
    this.closing = true;
    this.rejectAll(() => new RecallGateError('incomplete', `${this.label}: the target was closed before the call was answered`));
    const child = this.child;
    if (!child || !this.exited) return;
    child.stdin.end();
    this.closed = within(this.exited, this.options.closeTimeoutMs ?? 2000)
      .then(() => stopGroup(child, 1000))
      .finally(() => this.forgetInterrupt());
    return this.closed;
  }

  /** The child, started on first use; undefined when it could not even be spawned. */
  private start(): ChildProcessWithoutNullStreams | undefined {
    if (this.child || this.failure !== undefined) return this.child;
    const { command, args = [], cwd, env } = this.options;
    let child: ChildProcessWithoutNullStreams;
    try {
      child = spawn(command, args, { cwd, env: childEnvironment(process.env, env), stdio: ['pipe', 'pipe', 'pipe'], ...OWN_GROUP });
    } catch (error) {
      // Arguments spawn rejects outright (a NUL byte in the command, ...).
      this.notStarted = spawnFailure(command, cwd, error);
      this.failure = `could not be started: ${this.notStarted.reason}`;
      return undefined;
    }
    this.child = child;
    this.forgetInterrupt();
    this.forgetInterrupt = atInterrupt(() => signalGroup(child, 'SIGTERM'));
    let spawned = false;
    let exitTimer: NodeJS.Timeout | undefined;
    this.exited = new Promise((resolve) => {
      child.once('spawn', () => (spawned = true));
      child.on('error', (error) => {
        // Failing to start emits 'error' and never 'exit'; later errors (a failed kill) change nothing.
        if (!spawned) {
          this.notStarted = spawnFailure(command, cwd, error);
          this.fail(`could not be started: ${this.notStarted.reason}`);
          resolve();
        }
      });
      child.once('exit', (code, signal) => {
        resolve();
        const reason = signal ? `was killed by ${signal}` : `exited with code ${code}`;
        // Responses written just before exiting may still be in the pipe: wait for stdout to end, but not forever.
        exitTimer = setTimeout(() => this.died(child, reason), DRAIN_MS);
        child.once('close', () => {
          clearTimeout(exitTimer);
          this.died(child, reason);
        });
      });
    });
    // Writing to a child that is gone fails with EPIPE; its exit is what gets reported.
    child.stdin.on('error', () => undefined);
    this.readStdout(child);
    const onStderr = this.options.onStderr ?? ((line: string) => process.stderr.write(`${line}\n`));
    createInterface({ input: child.stderr, crlfDelay: Infinity }).on('line', (raw) => {
      // Kept for error messages, which end up in results and comments.
      const line = scrubSecrets(raw);
      this.stderrTail.add(line);
      onStderr(line);
    });
    return child;
  }

  /**
   * Stdout split into lines, write boundaries kept: text a write left without its newline (an import-time
   * "Loading my agent... ") followed by a write that starts a JSON object would otherwise make one line of
   * text and the response, and the call would wait for its timeout. That text is said and the response read.
   * Only a write boundary splits, and within a line only the child's first (onLine): a log line that quotes a
   * response later stays one stray line.
   */
  private readStdout(child: ChildProcessWithoutNullStreams): void {
    const pending: string[] = [];
    let first = true;
    const line = (text: string) => {
      this.onLine(text.replace(/\r$/, ''), first);
      first = false;
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      // Unless the pending text is itself the start of a JSON value (a large response arriving in parts).
      if (pending.length > 0 && chunk.startsWith('{') && !pending[0]!.trimStart().startsWith('{')) {
        this.unterminated(pending.join(''));
        pending.length = 0;
      }
      let start = 0;
      for (let end = chunk.indexOf('\n'); end !== -1; end = chunk.indexOf('\n', start)) {
        pending.push(chunk.slice(start, end));
        line(pending.join(''));
        pending.length = 0;
        start = end + 1;
      }
      if (start < chunk.length) pending.push(chunk.slice(start));
    });
    child.stdout.on('end', () => {
      if (pending.length > 0) line(pending.join(''));
      pending.length = 0;
    });
  }

  private unterminated(text: string): void {
    if (text.trim() === '') return;
    this.warn(
      `${this.label} wrote text to stdout without ending its line, and a response followed: ${excerpt(text.trim())} ` +
        '(the response was read; stdout carries only JSON-RPC responses, one per line: write logs to stderr)',
    );
  }

  /** One line of the child's stdout; `first`: its first since it started, the only one import-time text can run into within one write. */
  private onLine(line: string, first = false): void {
    this.stdoutLines += 1;
    const text = line.trim();
    if (!text) return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      // Text left unterminated at start-up and the first response in one write (a buffered `print(..., end="")`
      // flushed with it): only on the first line, where no log can yet be quoting a response.
      const glued = first ? gluedResponse(text) : undefined;
      if (!glued) return this.stray(text, 'is not JSON');
      this.unterminated(glued.before);
      message = glued.message;
    }
    if (!isObject(message)) return this.stray(text, 'is not a JSON-RPC response object');
    if (!('result' in message) && !('error' in message)) {
      // A request or notification from the adapter is not part of this protocol: ignored.
      if (typeof message.method === 'string') return;
      return this.stray(text, 'has neither "result" nor "error"');
    }
    if (message.id === null || message.id === undefined) {
      // An error the adapter could not tie to a request (id null, e.g. it could not parse our line): every waiting call gets it.
      if ('error' in message) for (const pending of this.takeAll()) pending.resolve(message);
      else this.stray(text, 'has no "id"');
      return;
    }
    const key = String(message.id);
    const pending = this.pending.get(key);
    // No one waiting: the answer to a call that already timed out.
    if (!pending) {
      this.late.delete(key);
      return;
    }
    this.pending.delete(key);
    pending.resolve(message);
  }

  /** A line that is not a response belongs to no call (a library's log): said, and ignored, so the call it came during still gets its answer. */
  private stray(line: string, what: string): void {
    this.warn(`${this.label} wrote a line to stdout that ${what}, ignored: ${excerpt(line)} (stdout carries only JSON-RPC responses, one per line: write logs to stderr)`);
  }

  private warn(message: string): void {
    (this.options.onWarning ?? ((text: string) => process.stderr.write(`warning: ${text}\n`)))(message);
  }

  /** The child exited by itself: the first time it is started again on the next call; the second time is final. */
  private died(child: ChildProcessWithoutNullStreams, reason: string): void {
    // Already handled (both 'close' and the drain timer fire), or an old child after a restart.
    if (this.child !== child || this.closing) return;
    this.deaths += 1;
    if (this.deaths > 1) return this.fail(`${reason} again after being restarted once`);
    const tail = this.stderrText();
    this.rejectAll((method) => this.failedError(method, true, reason));
    this.warn(`${this.label} ${reason}; starting it again (once)${tail}`);
    // What the dead child started (a shell's child, a worker) goes with it rather than holding its pipes open.
    void stopGroup(child, 1000);
    this.child = undefined;
    this.exited = undefined;
    this.stderrTail.clear();
    this.late.clear();
  }

  /** Gone for good: every waiting call and every later one fails at once with `reason`. */
  private fail(reason: string): void {
    if (this.failure !== undefined) return;
    this.failure = reason;
    this.rejectAll((method) => this.failedError(method, true));
  }

  private stderrText(): string {
    return this.stderrTail.said('block', ' (it wrote nothing to stderr)');
  }

  /**
   * Why a call failed. Once the adapter is gone for good every call, the
   * ones waiting then and every later one, gets one and the same sentence:
   * a run lists errored trials once per reason, and the method each was on
   * split one cause into as many reasons.
   */
  private failedError(method: string, waiting: boolean, reason = this.failure): RecallGateError {
    // Nothing ran: no call waited on it, and it wrote nothing.
    if (this.notStarted) return new RecallGateError('incomplete', `${this.label} could not be started: ${this.notStarted.reason}`, { hint: this.notStarted.hint });
    const when = this.failure !== undefined ? '; it is not started a third time' : waiting ? ` while "${method}" was waiting for its response` : ` earlier, so "${method}" cannot be sent`;
    const message = `${this.label} ${reason}${when}${this.stderrText()}`;
    return new RecallGateError('incomplete', message, {
      hint: [knownCrashFix(this.stderrTail.lines) ?? 'run the command by hand and type a request line to see what goes wrong', this.errorHint(message)].filter(Boolean).join('; '),
    });
  }

  /**
   * A call got no response line in time. An adapter that has answered before, with other calls waiting beside
   * this one (or given up on and not yet answered), may be answering one at a time (a Python SDK's plain def
   * handlers): each call waits for the ones before it. Otherwise a child writing to a pipe may be holding its
   * output in a buffer.
   */
  timeoutHint(): string {
    // Those it has not answered, this one among them, and those given up on that it may still be working through.
    const waiting = this.pending.size + this.late.size;
    if (this.stdoutLines > 0 && waiting > 1) {
      return `${waiting} calls were waiting on it at once (the trials running together, e2e.concurrency): if it answers one call at a time (plain def handlers in the Python SDK), each waits for those before it; make the slow handlers async def awaiting what they wait on (or asyncio.to_thread), lower e2e.concurrency, or raise the target's timeout_ms`;
    }
    const nothing = this.stdoutLines === 0 ? 'it has written no line on stdout at all, so ' : '';
    // The first call also waits for the process to start (a Python interpreter through a version manager: half a second).
    const slow = this.stdoutLines === 0 ? "if it is only slow, its start included, raise the target's timeout_ms" : "if it is only slow, raise the target's timeout_ms";
    return `${nothing}its stdout may be buffered: each response line must be flushed as it is written (Python: print(..., flush=True), or run it with python -u); ${slow}`;
  }

  /** The variables recall-gate has that this child was not given, when the adapter failed or answered an error (names only). */
  errorHint(message: string): string | undefined {
    const child = childEnvironment(process.env, this.options.env);
    return envHint(unpassedVariables(process.env, child, `${message}\n${this.stderrTail.lines.join('\n')}`));
  }

  private takeAll(): Pending[] {
    const all = [...this.pending.values()];
    this.pending.clear();
    return all;
  }

  private rejectAll(error: (method: string) => Error): void {
    for (const pending of this.takeAll()) pending.reject(error(pending.method));
  }
}

/** Resolves true when `promise` settles within `ms`, false otherwise. */
async function within(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([promise.then(() => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A command-line word as a shell user would type it, for messages. */
function quote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The JSON-RPC object a line ends with after other text, and that text; undefined when the line holds none. */
function gluedResponse(text: string): { before: string; message: unknown } | undefined {
  const at = text.search(/\{\s*"jsonrpc"\s*:/);
  if (at <= 0) return undefined;
  try {
    return { before: text.slice(0, at), message: JSON.parse(text.slice(at)) };
  } catch {
    return undefined;
  }
}
