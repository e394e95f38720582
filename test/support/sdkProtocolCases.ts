// The adapter SDKs' protocol cases: one adapter per SDK (the JS one in test/integration/adapterSdk.test.ts,
// the Python one in test/fixtures/adapters/sdk_adapter.py) behaves as below, and every case here runs
// against each as a real process on each transport, reached by recall-gate's own client and by raw
// JSON-RPC lines and bodies for the error codes a client never provokes. An SDK that answers
// differently from the other fails here.
//
// The adapter under test, by method:
//   reset  counts resets per user, returns nothing
//   chat   by message:
//            "log"            writes the SDK's `strayLines` to stdout its ways, then "stray write without a newline"
//            "throw"          throws an ordinary error "the model exploded"
//            "throw-odd"      throws what is not an ordinary error (a JS string, a Python BaseException) "the model gave up"
//            "throw-empty"    throws an error of class EmptyError with no message
//            "refuse"         AdapterError(-32000, "refused by policy", { reason: "quota" })
//            "unserializable" returns a result that cannot be written as JSON
//            "first"/"second" "first" answers only once "second" has arrived
//            "echo"           replies with its params as JSON text
//            anything else    "<message> for <user> (resets: <n>)", recalled []
//          a chat with "fault" answers AdapterError(-32601, "cannot simulate fault <fault>")
//          over HTTP, by the time its first request is answered, it has logged "logged after the URL: goes to stderr" to stdout
//   add    does nothing; search: RANKED below by query; list: not implemented
//   its name option is "sdk test adapter"; its on-close hook writes "on close ran" to stderr
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, test } from 'node:test';
import { RecallGateError } from '../../src/errors.js';
import { createStore, type StoreContext } from '../../src/memory/createStore.js';
import { runRetrieval } from '../../src/retrieval/runRetrieval.js';
import { scoreTrec } from '../../src/retrieval/score.js';
import { formatQrelsLines, formatRunLines, parseQrels, parseRun } from '../../src/retrieval/trec.js';
import type { RetrievalSpec } from '../../src/model/suite.js';
import { AdapterTarget, createCommandTarget, createHttpTarget } from '../../src/targets/adapterTarget.js';
import { JsonRpcError } from '../../src/protocol/client.js';
import { tempDir } from './cli.js';

/** One SDK under test. */
export interface SdkUnderTest {
  /** How the test names it: "the adapter SDK", "the Python adapter SDK". */
  label: string;
  /** The command running the adapter under test, before its transport flags (read once its `before` has run). */
  command(): string[];
  /** The start of its usage line: "node adapter.mjs", "python3 sdk_adapter.py". */
  usage: string;
  /** How a thrown "the model exploded" error's stack reads on its stderr. */
  stack: RegExp;
  /** The -32603 errors its "throw", "throw-odd" and "throw-empty" chats answer: type, message, the line that threw. */
  thrown: { exploded: RegExp; odd: RegExp; empty: RegExp };
  /** The full lines its "log" chat writes to stdout (which must all reach stderr). */
  strayLines: string[];
  /** Runs before the cases (writes the adapter, say). */
  before?: () => void;
}

/** Search results in an order their scores contradict, one id twice: recall-gate must score this order. */
export const RANKED = {
  reranked: [
    { id: 'b', text: 'B', score: 0.1 },
    { id: 'a', text: 'A', score: 0.9 },
    { id: 'c', text: 'C', score: 0.5 },
  ],
  repeated: [
    { id: 'x', text: 'X', score: 0.9 },
    { id: 'x', text: 'X again', score: 0.8 },
    { id: 'y', text: 'Y', score: 0.7 },
  ],
};

/** The adapter as a real process, with its stdout lines and stderr collected. */
interface Running {
  child: ChildProcessWithoutNullStreams;
  lines: string[];
  stderr(): string;
  /** The next stdout line not yet taken. */
  nextLine(): Promise<string>;
  stop(): Promise<void>;
}

function start(command: string[], args: string[], env: NodeJS.ProcessEnv = process.env): Running {
  const child = spawn(command[0]!, [...command.slice(1), ...args], { stdio: ['pipe', 'pipe', 'pipe'], env });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  let taken = 0;
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    const next = waiting.shift();
    if (next) {
      taken++;
      next(line);
    }
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    lines,
    stderr: () => stderr,
    nextLine: () => (taken < lines.length ? Promise.resolve(lines[taken++]!) : new Promise((resolve) => waiting.push(resolve))),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Raw JSON-RPC for one transport: a body in, the parsed answer out (undefined: no answer). */
interface Raw {
  /** Sends `body` (a request or not) and resolves with the answer, read as the next response line / the response body. */
  send(body: string): Promise<unknown>;
  /** Sends a notification: over HTTP the status must be 204; over stdio nothing is written (checked by the next send). */
  notify(body: string): Promise<void>;
  target: AdapterTarget;
  /** The stderr of the process behind `target`. */
  targetStderr(): string;
  running: Running;
  /** HTTP: the adapter's URL. */
  url?: string;
  stop(): Promise<void>;
}

async function openRaw(command: string[], transport: 'stdio' | 'http'): Promise<Raw> {
  if (transport === 'stdio') {
    const running = start(command, ['--stdio']);
    let stderr = '';
    const target = createCommandTarget({ command: command[0]!, args: [...command.slice(1), '--stdio'], timeoutMs: 10_000, onStderr: (line) => (stderr += `${line}\n`) });
    return {
      running,
      target,
      targetStderr: () => stderr,
      send: async (body) => {
        running.child.stdin.write(`${body}\n`);
        return JSON.parse(await running.nextLine());
      },
      notify: async (body) => void running.child.stdin.write(`${body}\n`),
      stop: async () => {
        await target.close();
        running.child.stdin.end();
        await running.stop();
      },
    };
  }
  const running = start(command, ['--http', '--port', '0']);
  const url = await running.nextLine();
  const post = (body: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const target = createHttpTarget({ url, timeoutMs: 10_000 });
  return {
    running,
    target,
    url,
    targetStderr: running.stderr,
    send: async (body) => {
      const response = await post(body);
      assert.equal(response.status, 200);
      return response.json();
    },
    notify: async (body) => {
      const response = await post(body);
      assert.equal(response.status, 204);
      assert.equal(await response.text(), '');
    },
    stop: async () => {
      await target.close();
      await running.stop();
    },
  };
}

/** Waits until `text` has reached this stderr (the pipes of stdout and stderr are read independently). */
async function stderrShows(stderr: () => string, text: string): Promise<void> {
  while (!stderr().includes(text)) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** Asserts the promise rejects with a JSON-RPC error of this code whose message matches, and returns it. */
async function rpcRejection(promise: Promise<unknown>, code: number, message: RegExp): Promise<JsonRpcError> {
  const error = await promise.then(
    () => assert.fail('expected a JSON-RPC error'),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof JsonRpcError, `expected a JsonRpcError, got ${String(error)}`);
  assert.equal(error.rpcCode, code);
  assert.match(error.message, message);
  return error;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Registers every protocol case for `sdk`. */
export function sdkProtocolCases(sdk: SdkUnderTest): void {
  if (sdk.before) before(sdk.before);

  for (const transport of ['stdio', 'http'] as const) {
    // A request left unanswered must fail its case, not hang the run.
    describe(`${sdk.label} over ${transport}`, { timeout: 60_000 }, () => {
      let raw: Raw;
      before(async () => {
        raw = await openRaw(sdk.command(), transport);
      });
      after(() => raw.stop());

      test("recall-gate's client gets typed answers; optional params absent stay absent, null counts as absent, 2.0 is the integer 2", async () => {
        await raw.target.reset('ana');
        assert.equal((await raw.target.chat({ user: 'ana', message: 'hi', memory: 'recall' })).reply, 'hi for ana (resets: 1)');
        const echo = (await raw.target.client.call('chat', { user: 'ana', message: 'echo', memory: 'oracle', oracle: ['[2024-05-02] I moved to Lisbon.'], session: 2, turn: 1, date: null })) as { reply: string };
        const echoed: unknown = JSON.parse(echo.reply);
        assert.deepEqual(echoed, { user: 'ana', message: 'echo', memory: 'oracle', oracle: ['[2024-05-02] I moved to Lisbon.'], session: 2, turn: 1 });
        // JSON has one number type: a client writing 2.0 means 2.
        const whole = (await raw.send('{"jsonrpc": "2.0", "id": 2.0, "method": "chat", "params": {"user": "ana", "message": "echo", "memory": "none", "session": 2.0}}')) as { id: unknown; result: { reply: string } };
        assert.equal(whole.id, 2);
        assert.deepEqual(JSON.parse(whole.result.reply), { user: 'ana', message: 'echo', memory: 'none', session: 2 });
      });

      test('reset and add that return nothing answer the result {}', async () => {
        assert.deepEqual(await raw.send('{"jsonrpc": "2.0", "id": "r", "method": "reset", "params": {"user": "rita"}}'), { jsonrpc: '2.0', id: 'r', result: {} });
        assert.deepEqual(await raw.send('{"jsonrpc": "2.0", "id": "a", "method": "add", "params": {"user": "rita", "memories": [{"id": "m1", "text": "T", "date": null}]}}'), { jsonrpc: '2.0', id: 'a', result: {} });
      });

      test('-32700 for a body that is not JSON (NaN is not JSON either), with id null; the adapter keeps answering', async () => {
        const parseError = { jsonrpc: '2.0', id: null, error: { code: -32700, message: `Parse error: the ${transport === 'stdio' ? 'line' : 'body'} is not JSON` } };
        assert.deepEqual(await raw.send('{"jsonrpc": "2.0", "id": 1, "method": "reset"'), parseError);
        assert.deepEqual(await raw.send('{"jsonrpc": "2.0", "id": NaN, "method": "reset", "params": {"user": "u"}}'), parseError);
        assert.deepEqual(await raw.send('{"jsonrpc": "2.0", "id": 1, "method": "reset", "params": {"user": Infinity}}'), parseError);
        assert.deepEqual(await raw.send("{'single': 'quotes'}"), parseError);
        if (transport === 'stdio') {
          // A blank line is no request: the next line answered is the next request's.
          raw.running.child.stdin.write('   \n');
        }
        assert.deepEqual(await raw.send('{"jsonrpc": "2.0", "id": "ok", "method": "reset", "params": {"user": "u"}}'), { jsonrpc: '2.0', id: 'ok', result: {} });
      });

      test('-32600 for JSON that is not a JSON-RPC request, with the id when it can be read', async () => {
        const invalid = { code: -32600, message: 'Invalid Request: expected {"jsonrpc": "2.0", "id", "method", "params"}' };
        assert.deepEqual(await raw.send('{"jsonrpc": "1.0", "id": 5, "method": "reset", "params": {"user": "u"}}'), { jsonrpc: '2.0', id: 5, error: invalid });
        assert.deepEqual(await raw.send('{"jsonrpc": "2.0", "id": 6}'), { jsonrpc: '2.0', id: 6, error: invalid });
        assert.deepEqual(await raw.send('{"jsonrpc": "2.0", "id": {"nested": 1}, "method": "reset"}'), { jsonrpc: '2.0', id: null, error: invalid });
        assert.deepEqual(await raw.send('{"jsonrpc": "2.0", "id": true, "method": "reset"}'), { jsonrpc: '2.0', id: null, error: invalid });
        assert.deepEqual(await raw.send('[1, 2]'), { jsonrpc: '2.0', id: null, error: invalid });
        assert.deepEqual(await raw.send('"reset"'), { jsonrpc: '2.0', id: null, error: invalid });
      });

      test('-32601 for a method the protocol lacks, and for a missing optional handler: recall-gate reads it as "cannot list"', async () => {
        await rpcRejection(raw.target.client.call('toString', {}), -32601, /"toString" failed with JSON-RPC error -32601: Method not found: toString/);
        await rpcRejection(raw.target.client.call('__init__', {}), -32601, /-32601: Method not found: __init__/);
        const list = await rpcRejection(raw.target.list('ana'), -32601, /"list" failed with JSON-RPC error -32601: Method not found: list/);
        assert.match(list.hint ?? '', /"list" is optional, but grading what memory holds/);
      });

      test('-32602 names the param that is wrong', async () => {
        const call = (method: string, params: unknown) => raw.target.client.call(method, params);
        await rpcRejection(call('reset', {}), -32602, /-32602: "user" is required/);
        await rpcRejection(call('reset', { user: 7 }), -32602, /-32602: "user" must be a string/);
        await rpcRejection(call('chat', { user: 'ana', memory: 'recall' }), -32602, /-32602: "message" is required/);
        await rpcRejection(call('chat', { user: 'ana', message: 'hi', memory: 'maybe' }), -32602, /-32602: "memory" must be one of "recall", "none", "oracle"/);
        await rpcRejection(call('chat', { user: 'ana', message: 'hi', memory: 'recall', session: 0 }), -32602, /-32602: "session" must be a positive integer/);
        await rpcRejection(call('chat', { user: 'ana', message: 'hi', memory: 'recall', turn: true }), -32602, /-32602: "turn" must be a positive integer/);
        await rpcRejection(call('chat', { user: 'ana', message: 'hi', memory: 'recall', turn: 1.5 }), -32602, /-32602: "turn" must be a positive integer/);
        await rpcRejection(call('chat', { user: 'ana', message: 'hi', memory: 'oracle', oracle: ['ok', 3] }), -32602, /-32602: "oracle" must be an array of strings/);
        await rpcRejection(call('chat', { user: 'ana', message: 'hi', memory: 'recall', fault: 'flood' }), -32602, /-32602: "fault" must be one of "timeout", "empty", "down"/);
        await rpcRejection(raw.target.client.search('ana', 'x', 0), -32602, /-32602: "limit" must be a positive integer/);
        await rpcRejection(call('add', { user: 'ana', memories: [{ id: 'm1' }] }), -32602, /-32602: "memories\[0\]" must be an object with string "id" and "text"/);
        await rpcRejection(call('add', { user: 'ana', memories: [{ id: 'm1', text: 'T', date: 20240101 }] }), -32602, /-32602: "memories\[0\]" must be an object/);
        await rpcRejection(call('add', { user: 'ana', memories: 'm1' }), -32602, /-32602: "memories" must be an array/);
        await rpcRejection(call('reset', ['ana']), -32602, /-32602: params must be an object/);
      });

      test('a handler that throws answers -32603 with its type, message and the line that threw (its stack on stderr), and the adapter keeps serving', async () => {
        await rpcRejection(raw.target.chat({ user: 'ana', message: 'throw', memory: 'recall' }), -32603, sdk.thrown.exploded);
        await stderrShows(raw.targetStderr, 'the model exploded');
        assert.match(raw.targetStderr(), sdk.stack);
        // Not an ordinary error (a thrown string, a Python BaseException): still the request's error, not the adapter's end.
        await rpcRejection(raw.target.chat({ user: 'ana', message: 'throw-odd', memory: 'recall' }), -32603, sdk.thrown.odd);
        await stderrShows(raw.targetStderr, 'the model gave up');
        // An error with no message is named by its class.
        await rpcRejection(raw.target.chat({ user: 'ana', message: 'throw-empty', memory: 'recall' }), -32603, sdk.thrown.empty);
        assert.equal((await raw.target.chat({ user: 'ana', message: 'still here', memory: 'none' })).reply, 'still here for ana (resets: 1)');
      });

      test('a result that cannot be written as JSON answers -32603 saying so', async () => {
        const answer = (await raw.send('{"jsonrpc": "2.0", "id": 31, "method": "chat", "params": {"user": "ana", "message": "unserializable", "memory": "none"}}')) as { id: unknown; error: { code: number; message: string } };
        assert.equal(answer.id, 31);
        assert.equal(answer.error.code, -32603);
        assert.match(answer.error.message, /^the result could not be written as JSON: \S/);
      });

      test('an AdapterError answers its own code, message and data', async () => {
        assert.deepEqual(await raw.send('{"jsonrpc": "2.0", "id": 41, "method": "chat", "params": {"user": "ana", "message": "refuse", "memory": "none"}}'), {
          jsonrpc: '2.0',
          id: 41,
          error: { code: -32000, message: 'refused by policy', data: { reason: 'quota' } },
        });
        const fault = await raw.target.chat({ user: 'ana', message: 'Where do I live?', memory: 'recall', fault: 'down' }).then(
          () => assert.fail('expected the fault to be refused'),
          (error: unknown) => error,
        );
        assert.ok(fault instanceof RecallGateError);
        assert.match(fault.message, /does not simulate fault:down: .* -32601: cannot simulate fault down/);
      });

      test('a notification is handled and never answered', async () => {
        await raw.notify('{"jsonrpc": "2.0", "method": "reset", "params": {"user": "nora"}}');
        await raw.notify('{"jsonrpc": "2.0", "method": "no_such_method"}');
        await raw.notify('{"jsonrpc": "2.0", "method": "chat", "params": {"user": "nora", "message": "throw", "memory": "none"}}');
        // Over stdio the next line is this request's answer: nothing was written for the notifications.
        const answer = (await raw.send('{"jsonrpc": "2.0", "id": "after", "method": "chat", "params": {"user": "nora", "message": "hi", "memory": "none"}}')) as { id: unknown; result: { reply: string } };
        assert.equal(answer.id, 'after');
        assert.equal(answer.result.reply, 'hi for nora (resets: 1)');
      });

      test('what a handler writes to stdout goes to stderr; the response arrives', async () => {
        const reply = await raw.target.chat({ user: 'ana', message: 'log', memory: 'recall' });
        assert.equal(reply.reply, 'log for ana (resets: 1)');
        if (transport === 'stdio') {
          // This process's own stdout: only JSON-RPC responses, one per line.
          raw.running.child.stdin.write('{"jsonrpc": "2.0", "id": 99, "method": "chat", "params": {"user": "ana", "message": "log", "memory": "none"}}\n');
          assert.equal((JSON.parse(await raw.running.nextLine()) as { id: number }).id, 99);
          for (const line of raw.running.lines) assert.equal((JSON.parse(line) as { jsonrpc: string }).jsonrpc, '2.0');
        } else {
          assert.deepEqual(raw.running.lines.length, 1, 'over HTTP stdout holds the URL only');
        }
        await stderrShows(raw.running.stderr, 'stray write without a newline');
        for (const line of sdk.strayLines) await stderrShows(raw.running.stderr, `${line}\n`);
      });

      test('requests are handled concurrently and answered by id: a request that waits for a later one is answered after it', async () => {
        const answered: string[] = [];
        const first = raw.target.chat({ user: 'ana', message: 'first', memory: 'none' }).then((reply) => (answered.push('first'), reply));
        const second = raw.target.chat({ user: 'ana', message: 'second', memory: 'none' }).then((reply) => (answered.push('second'), reply));
        assert.deepEqual(
          (await Promise.all([first, second])).map((reply) => reply.reply),
          ['first for ana (resets: 1)', 'second for ana (resets: 1)'],
        );
        if (transport === 'stdio') assert.deepEqual(answered, ['second', 'first']);
      });

      if (transport === 'http') {
        test('any path takes a POST; another method is 405 with a plain-text reason', async () => {
          const other = await fetch(new URL('/some/path?x=1', raw.url), { method: 'POST', body: '{"jsonrpc": "2.0", "id": 7, "method": "reset", "params": {"user": "p"}}' });
          assert.equal(other.status, 200);
          assert.match(other.headers.get('content-type') ?? '', /^application\/json/);
          assert.deepEqual(await other.json(), { jsonrpc: '2.0', id: 7, result: {} });
          for (const method of ['GET', 'PUT', 'DELETE']) {
            const refused = await fetch(raw.url!, { method });
            assert.equal(refused.status, 405, method);
            assert.match(refused.headers.get('content-type') ?? '', /^text\/plain/);
            assert.equal(await refused.text(), 'POST JSON-RPC requests to this URL\n');
          }
        });
      }
    });
  }

  test(`${sdk.label}: with ADAPTER_TOKEN set, an HTTP request without the bearer token is 401, with it answered`, { timeout: 30_000 }, async () => {
    const running = start(sdk.command(), ['--http'], { ...process.env, ADAPTER_TOKEN: 'tok-123' });
    try {
      const url = await running.nextLine();
      const body = '{"jsonrpc": "2.0", "id": 1, "method": "reset", "params": {"user": "u"}}';
      for (const authorization of [undefined, 'Bearer wrong', 'tok-123']) {
        const refused = await fetch(url, { method: 'POST', body, headers: authorization ? { authorization } : {} });
        assert.equal(refused.status, 401, authorization);
        assert.equal(await refused.text(), 'missing or wrong bearer token\n');
      }
      const answered = await fetch(url, { method: 'POST', body, headers: { authorization: 'Bearer tok-123' } });
      assert.equal(answered.status, 200);
      assert.deepEqual(await answered.json(), { jsonrpc: '2.0', id: 1, result: {} });
    } finally {
      await running.stop();
    }
  });

  test(`${sdk.label}: --http prints its URL as the first stdout line; what the adapter logs afterwards goes to stderr`, { timeout: 30_000 }, async () => {
    const running = start(sdk.command(), ['--http', '--port', '0']);
    try {
      const url = await running.nextLine();
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
      const target = createHttpTarget({ url });
      assert.equal((await target.chat({ user: 'u', message: 'hi', memory: 'none' })).reply, 'hi for u (resets: 0)');
      await stderrShows(running.stderr, 'logged after the URL');
      assert.deepEqual(running.lines, [url]);
      assert.match(running.stderr(), /^sdk test adapter: serving JSON-RPC over HTTP on port \d+$/m);
    } finally {
      await running.stop();
    }
  });

  test(`${sdk.label}: a command line naming no transport, or a bad port, prints the usage and exits with 2`, { timeout: 30_000 }, async () => {
    const usage = `\nusage: ${escapeRegExp(sdk.usage)} --stdio \\| --http \\[--host 127\\.0\\.0\\.1\\] \\[--port 0\\]`;
    for (const [args, problem] of [
      [[], 'give exactly one of --stdio and --http'],
      [['--stdio', '--http'], 'give exactly one of --stdio and --http'],
      [['--http', '--port', 'eighty'], '--port must be a port number from 0 to 65535, got "eighty"'],
      [['--http', '--port', '70000'], '--port must be a port number from 0 to 65535, got "70000"'],
    ] as const) {
      const running = start(sdk.command(), [...args]);
      running.child.stdin.end();
      const code = await new Promise<number | null>((resolve) => running.child.once('exit', (exitCode) => resolve(exitCode)));
      assert.equal(code, 2, args.join(' '));
      assert.match(running.stderr(), new RegExp(`${escapeRegExp(problem)}${usage}`));
      assert.deepEqual(running.lines, []);
    }
  });

  test(`${sdk.label}: when recall-gate closes stdin, the adapter answers what is running, runs its on-close hook and exits by itself`, { timeout: 30_000 }, async () => {
    const running = start(sdk.command(), ['--stdio']);
    const exited = new Promise<number | null>((resolve) => running.child.once('exit', (code) => resolve(code)));
    running.child.stdin.write('{"jsonrpc": "2.0", "id": 1, "method": "chat", "params": {"user": "u", "message": "bye", "memory": "none"}}\n');
    running.child.stdin.end();
    assert.equal(await exited, 0);
    assert.deepEqual(
      running.lines.map((line) => JSON.parse(line) as unknown),
      [{ jsonrpc: '2.0', id: 1, result: { reply: 'bye for u (resets: 0)', recalled: [] } }],
    );
    await stderrShows(running.stderr, 'on close ran');
  });

  describe(`${sdk.label}: an adapter's search through the retrieval layer`, () => {
    const where = { file: 'suite.yaml', line: 1, col: 1 };

    test('is scored in the order the adapter returns, not by score; a repeated id counts once, at its first place; trec_eval reads the run back the same', { timeout: 60_000 }, async () => {
      const dir = tempDir('recall-gate-sdk-retrieval-');
      const spec: RetrievalSpec = {
        k: [1, 2],
        depth: 3,
        providers: [{ name: 'mine', kind: 'adapter', command: [...sdk.command(), '--stdio'], where }],
        memories: ['a', 'b', 'c', 'x', 'y'].map((id) => ({ id, text: id.toUpperCase(), user: 'u', where })),
        queries: [
          // Ranked b, a, c by the adapter; by score it would be a, c, b (MRR 1/3).
          { id: 'q-reranked', text: 'reranked', user: 'u', relevant: { b: 1 }, tags: [], where },
          // x, x, y: y is second once the repeat is dropped (MRR 1/2, not 1/3).
          { id: 'q-repeated', text: 'repeated', user: 'u', relevant: { y: 1 }, tags: [], where },
        ],
      };
      const context = { suiteName: 'sdk', runId: 'run', env: process.env, baseDir: dir, cacheRoot: join(dir, 'cache'), cacheEmbeddings: false, log: () => undefined } satisfies StoreContext;
      const result = await runRetrieval(spec, { createStore: (provider) => createStore(provider, context) });
      const provider = result.providers.mine!;
      assert.equal(provider.status, 'ok', provider.error);
      const [reranked, repeated] = provider.queries;
      assert.deepEqual(reranked!.results, [
        { id: 'b', score: 0.1 },
        { id: 'a', score: 0.9 },
        { id: 'c', score: 0.5 },
      ]);
      assert.deepEqual(reranked!.ranks, { b: 1 });
      assert.equal(reranked!.metrics.mrr, 1);
      assert.deepEqual(repeated!.results, [
        { id: 'x', score: 0.9 },
        { id: 'y', score: 0.7 },
      ]);
      assert.deepEqual(repeated!.ranks, { y: 2 });
      assert.equal(repeated!.metrics.mrr, 0.5);
      assert.equal(repeated!.metrics['recall@2'], 1);
      assert.equal(provider.metrics!.mrr, 0.75);

      // The run file recall-gate writes: trec_eval's order (score, then id) gives back the adapter's ranking.
      const run = parseRun(provider.queries.map((query) => formatRunLines(query.id, query.results, 'mine')).join(''), 'mine.trec');
      const qrels = parseQrels(spec.queries.map((query) => formatQrelsLines(query.id, query.relevant)).join(''), 'qrels.trec');
      const trec = scoreTrec(qrels, run, spec.k);
      assert.deepEqual(trec.perQuery['q-reranked'], reranked!.metrics);
      assert.deepEqual(trec.perQuery['q-repeated'], repeated!.metrics);
    });
  });
}
