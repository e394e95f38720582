// The adapter SDK (src/adapter, published as recall-gate/adapter) as a user runs it: a small adapter
// written here is a real process on each transport, reached by recall-gate's own client and by raw
// JSON-RPC lines and bodies for the error codes a client never provokes.
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { RecallGateError } from '../../src/errors.js';
import { createStore, type StoreContext } from '../../src/memory/createStore.js';
import { runRetrieval } from '../../src/retrieval/runRetrieval.js';
import { scoreTrec } from '../../src/retrieval/score.js';
import { formatQrelsLines, formatRunLines, parseQrels, parseRun } from '../../src/retrieval/trec.js';
import type { RetrievalSpec } from '../../src/model/suite.js';
import { AdapterTarget, createCommandTarget, createHttpTarget } from '../../src/targets/adapterTarget.js';
import { JsonRpcError } from '../../src/protocol/client.js';
import { REPO_ROOT, tempDir } from '../support/cli.js';

/** The SDK as the test build compiles it (dist/adapter.js is the same source, bundled). */
const SDK = pathToFileURL(join(REPO_ROOT, 'build', 'src', 'adapter', 'index.js')).href;

/** What the adapter under test does, by message: log to stdout, throw, wait for another request, echo its params. */
const ADAPTER_SOURCE = `
import { serveAdapter, AdapterError, ErrorCode } from ${JSON.stringify(SDK)};

const resets = new Map();
let releaseFirst;
const firstArrived = new Promise((resolve) => (releaseFirst = resolve));
let releaseWaiting;
const secondArrived = new Promise((resolve) => (releaseWaiting = resolve));

// Search results in an order their scores contradict, one id twice: recall-gate must score this order.
const RANKED = {
  reranked: [{ id: 'b', text: 'B', score: 0.1 }, { id: 'a', text: 'A', score: 0.9 }, { id: 'c', text: 'C', score: 0.5 }],
  repeated: [{ id: 'x', text: 'X', score: 0.9 }, { id: 'x', text: 'X again', score: 0.8 }, { id: 'y', text: 'Y', score: 0.7 }],
};

const served = await serveAdapter(
  {
    reset({ user }) {
      resets.set(user, (resets.get(user) ?? 0) + 1);
    },
    async chat(params) {
      const { user, message, fault } = params;
      if (fault) throw new AdapterError(ErrorCode.methodNotFound, 'cannot simulate fault ' + fault);
      if (message === 'log') {
        console.log('stray console.log line');
        console.info('stray console.info line');
        console.debug('stray console.debug line');
        process.stdout.write('stray write without a newline');
      }
      if (message === 'throw') throw new Error('the model exploded');
      // "first" answers only once "second" has arrived: answered one at a time, it would never answer.
      if (message === 'first') {
        releaseFirst();
        await secondArrived;
      }
      if (message === 'second') {
        await firstArrived;
        releaseWaiting();
      }
      if (message === 'echo') return { reply: JSON.stringify(params) };
      return { reply: message + ' for ' + user + ' (resets: ' + (resets.get(user) ?? 0) + ')', recalled: [] };
    },
    add() {},
    search({ query, limit }) {
      return { results: (RANKED[query] ?? []).slice(0, limit) };
    },
    // No list: the SDK answers -32601.
  },
  { name: 'sdk test adapter' },
);
if (served.transport === 'http') console.log('logged after the URL: goes to stderr');
`;

let dir: string;
let script: string;

before(() => {
  dir = tempDir('recall-gate-sdk-');
  script = join(dir, 'adapter.mjs');
  writeFileSync(script, ADAPTER_SOURCE);
});

/** The adapter as a real process, with its stdout lines and stderr collected. */
interface Running {
  child: ChildProcessWithoutNullStreams;
  lines: string[];
  stderr(): string;
  /** The next stdout line not yet taken. */
  nextLine(): Promise<string>;
  stop(): Promise<void>;
}

function start(args: string[]): Running {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
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
  stop(): Promise<void>;
}

async function openRaw(transport: 'stdio' | 'http'): Promise<Raw> {
  if (transport === 'stdio') {
    const running = start(['--stdio']);
    let stderr = '';
    const target = createCommandTarget({ command: process.execPath, args: [script, '--stdio'], timeoutMs: 10_000, onStderr: (line) => (stderr += `${line}\n`) });
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
  const running = start(['--http', '--port', '0']);
  const url = await running.nextLine();
  const post = (body: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const target = createHttpTarget({ url, timeoutMs: 10_000 });
  return {
    running,
    target,
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

for (const transport of ['stdio', 'http'] as const) {
  describe(`the adapter SDK over ${transport}`, () => {
    let raw: Raw;
    before(async () => {
      raw = await openRaw(transport);
    });
    after(() => raw.stop());

    test('recall-gate\'s client gets typed answers; optional params absent stay absent, null counts as absent', async () => {
      await raw.target.reset('ana');
      assert.equal((await raw.target.chat({ user: 'ana', message: 'hi', memory: 'recall' })).reply, 'hi for ana (resets: 1)');
      const echo = (await raw.target.client.call('chat', { user: 'ana', message: 'echo', memory: 'oracle', oracle: ['[2024-05-02] I moved to Lisbon.'], session: 2, turn: 1, date: null })) as { reply: string };
      const echoed: unknown = JSON.parse(echo.reply);
      assert.deepEqual(echoed, { user: 'ana', message: 'echo', memory: 'oracle', oracle: ['[2024-05-02] I moved to Lisbon.'], session: 2, turn: 1 });
    });

    test('-32700 for a body that is not JSON, with id null', async () => {
      const answer = await raw.send('{"jsonrpc": "2.0", "id": 1, "method": "reset"');
      assert.deepEqual(answer, { jsonrpc: '2.0', id: null, error: { code: -32700, message: `Parse error: the ${transport === 'stdio' ? 'line' : 'body'} is not JSON` } });
    });

    test('-32600 for JSON that is not a JSON-RPC request, with the id when it can be read', async () => {
      const invalid = { code: -32600, message: 'Invalid Request: expected {"jsonrpc": "2.0", "id", "method", "params"}' };
      assert.deepEqual(await raw.send('{"jsonrpc": "1.0", "id": 5, "method": "reset", "params": {"user": "u"}}'), { jsonrpc: '2.0', id: 5, error: invalid });
      assert.deepEqual(await raw.send('{"jsonrpc": "2.0", "id": 6}'), { jsonrpc: '2.0', id: 6, error: invalid });
      assert.deepEqual(await raw.send('{"jsonrpc": "2.0", "id": {"nested": 1}, "method": "reset"}'), { jsonrpc: '2.0', id: null, error: invalid });
      assert.deepEqual(await raw.send('[1, 2]'), { jsonrpc: '2.0', id: null, error: invalid });
    });

    test('-32601 for a method the protocol lacks, and for a missing optional handler: recall-gate reads it as "cannot list"', async () => {
      await rpcRejection(raw.target.client.call('toString', {}), -32601, /"toString" failed with JSON-RPC error -32601: Method not found: toString/);
      const list = await rpcRejection(raw.target.list('ana'), -32601, /"list" failed with JSON-RPC error -32601: Method not found: list/);
      assert.match(list.hint ?? '', /"list" is optional, but grading what memory holds/);
    });

    test('-32602 names the param that is wrong', async () => {
      const call = (method: string, params: unknown) => raw.target.client.call(method, params);
      await rpcRejection(call('reset', {}), -32602, /-32602: "user" is required/);
      await rpcRejection(call('chat', { user: 'ana', memory: 'recall' }), -32602, /-32602: "message" is required/);
      await rpcRejection(call('chat', { user: 'ana', message: 'hi', memory: 'maybe' }), -32602, /-32602: "memory" must be one of "recall", "none", "oracle"/);
      await rpcRejection(call('chat', { user: 'ana', message: 'hi', memory: 'recall', session: 0 }), -32602, /-32602: "session" must be a positive integer/);
      await rpcRejection(call('chat', { user: 'ana', message: 'hi', memory: 'oracle', oracle: ['ok', 3] }), -32602, /-32602: "oracle" must be an array of strings/);
      await rpcRejection(call('chat', { user: 'ana', message: 'hi', memory: 'recall', fault: 'flood' }), -32602, /-32602: "fault" must be one of "timeout", "empty", "down"/);
      await rpcRejection(raw.target.client.search('ana', 'x', 0), -32602, /-32602: "limit" must be a positive integer/);
      await rpcRejection(call('add', { user: 'ana', memories: [{ id: 'm1' }] }), -32602, /-32602: "memories\[0\]" must be an object with string "id" and "text"/);
      await rpcRejection(call('reset', ['ana']), -32602, /-32602: params must be an object/);
    });

    test('a handler that throws answers -32603 with its message (its stack on stderr); an AdapterError answers its own code', async () => {
      await rpcRejection(raw.target.chat({ user: 'ana', message: 'throw', memory: 'recall' }), -32603, /"chat" failed with JSON-RPC error -32603: the model exploded$/);
      await stderrShows(raw.targetStderr, 'the model exploded');
      assert.match(raw.targetStderr(), /Error: the model exploded\n\s+at /);
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
      // Over stdio the next line is this request's answer: nothing was written for the notifications.
      const answer = (await raw.send('{"jsonrpc": "2.0", "id": "after", "method": "chat", "params": {"user": "nora", "message": "hi", "memory": "none"}}')) as { id: unknown; result: { reply: string } };
      assert.equal(answer.id, 'after');
      assert.equal(answer.result.reply, 'hi for nora (resets: 1)');
    });

    test('console.log, console.info, console.debug and stray stdout writes in a handler go to stderr; the response arrives', async () => {
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
      for (const line of ['stray console.log line', 'stray console.info line', 'stray console.debug line']) assert.ok(raw.running.stderr().includes(line), line);
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
  });
}

test('--http prints its URL as the first stdout line; what the adapter logs afterwards goes to stderr', { timeout: 30_000 }, async () => {
  const running = start(['--http', '--port', '0']);
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

test('a command line naming no transport prints the usage and exits with 2', { timeout: 30_000 }, async () => {
  const running = start([]);
  running.child.stdin.end();
  const code = await new Promise<number | null>((resolve) => running.child.once('exit', (exitCode) => resolve(exitCode)));
  assert.equal(code, 2);
  assert.match(running.stderr(), /give exactly one of --stdio and --http\nusage: node adapter\.mjs --stdio \| --http \[--host 127\.0\.0\.1\] \[--port 0\]/);
  assert.deepEqual(running.lines, []);
});

test('when recall-gate closes stdin, the adapter answers what is running and exits by itself', { timeout: 30_000 }, async () => {
  const running = start(['--stdio']);
  const exited = new Promise<number | null>((resolve) => running.child.once('exit', (code) => resolve(code)));
  running.child.stdin.write('{"jsonrpc": "2.0", "id": 1, "method": "chat", "params": {"user": "u", "message": "bye", "memory": "none"}}\n');
  running.child.stdin.end();
  assert.equal(await exited, 0);
  assert.deepEqual(running.lines.map((line) => JSON.parse(line) as unknown), [{ jsonrpc: '2.0', id: 1, result: { reply: 'bye for u (resets: 0)', recalled: [] } }]);
});

describe('an SDK adapter\'s search through the retrieval layer', () => {
  const where = { file: 'suite.yaml', line: 1, col: 1 };

  test('is scored in the order the adapter returns, not by score; a repeated id counts once, at its first place; trec_eval reads the run back the same', { timeout: 60_000 }, async () => {
    const spec: RetrievalSpec = {
      k: [1, 2],
      depth: 3,
      providers: [{ name: 'mine', kind: 'adapter', command: [process.execPath, script, '--stdio'], where }],
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
