// The adapter SDK when a handler throws (or rejects with) something that is not an Error: an object
// with no prototype, one whose toString throws, a Symbol, an Error whose message getter throws. Each
// has no string form, so describing it threw inside the SDK: over stdio an unhandled rejection killed
// the adapter, over HTTP the request got a 500 (or the process died too). Now each request is answered
// with -32603 and a description of what was thrown, and the adapter keeps serving.
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { REPO_ROOT, tempDir } from '../support/cli.js';

const SDK = pathToFileURL(join(REPO_ROOT, 'build', 'src', 'adapter', 'index.js')).href;

const ADAPTER_SOURCE = `
import { serveAdapter } from ${JSON.stringify(SDK)};

const nullProto = () => Object.create(null);
const THROWN = {
  'null-prototype': () => { throw nullProto(); },
  'throwing-tostring': () => { throw { toString() { throw nullProto(); } }; },
  'symbol': () => { throw Symbol('boom'); },
  'rejects-null-prototype': () => Promise.reject(nullProto()),
  'rejects-symbol': () => Promise.reject(Symbol('later')),
  'throwing-message': () => {
    const error = new Error('hidden');
    Object.defineProperty(error, 'message', { get() { throw nullProto(); } });
    throw error;
  },
  'number': () => { throw 42; },
};

await serveAdapter({
  reset() {},
  async chat({ message }) {
    const thrower = THROWN[message];
    if (thrower) return thrower();
    return { reply: 'still serving: ' + message };
  },
});
`;

/** Each message, the -32603 message it must be answered with. */
const EXPECTED: Record<string, string> = {
  'null-prototype': 'handler threw a non-Error value (object)',
  'throwing-tostring': 'handler threw a non-Error value (object)',
  symbol: 'handler threw a non-Error value (symbol)',
  'rejects-null-prototype': 'handler threw a non-Error value (object)',
  'rejects-symbol': 'handler threw a non-Error value (symbol)',
  'throwing-message': 'Error',
  number: 'handler threw a non-Error value (number: 42)',
};

let script: string;

before(() => {
  script = join(tempDir('recall-gate-sdk-'), 'adapter.mjs');
  writeFileSync(script, ADAPTER_SOURCE);
});

interface Adapter {
  call(id: number, message: string): Promise<Record<string, unknown>>;
  child: ChildProcessWithoutNullStreams;
  stop(): Promise<void>;
}

function spawnAdapter(args: string[]): { child: ChildProcessWithoutNullStreams; lines: AsyncIterator<string>; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  child.stderr.resume();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, lines: createInterface({ input: child.stdout })[Symbol.asyncIterator](), exited };
}

const request = (id: number, message: string) => JSON.stringify({ jsonrpc: '2.0', id, method: 'chat', params: { user: 'ana', message, memory: 'recall' } });

async function open(transport: 'stdio' | 'http'): Promise<Adapter> {
  if (transport === 'stdio') {
    const { child, lines, exited } = spawnAdapter(['--stdio']);
    return {
      child,
      call: async (id, message) => {
        child.stdin.write(`${request(id, message)}\n`);
        const next = await Promise.race([lines.next(), exited.then((code) => ({ done: true, value: `the adapter exited with code ${code}` }))]);
        assert.ok(!next.done, String(next.value));
        return JSON.parse(next.value as string) as Record<string, unknown>;
      },
      stop: async () => {
        child.stdin.end();
        await exited;
      },
    };
  }
  const { child, lines, exited } = spawnAdapter(['--http', '--port', '0']);
  const url = (await lines.next()).value as string;
  return {
    child,
    call: async (id, message) => {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: request(id, message) });
      assert.equal(response.status, 200, await response.clone().text());
      return (await response.json()) as Record<string, unknown>;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

for (const transport of ['stdio', 'http'] as const) {
  describe(`a handler that throws a non-Error value, over ${transport}: -32603 with a safe description, and the adapter keeps serving`, { timeout: 60_000 }, () => {
    let adapter: Adapter;
    before(async () => (adapter = await open(transport)));
    after(async () => adapter?.stop());

    let id = 0;
    for (const [message, expected] of Object.entries(EXPECTED)) {
      test(message, async () => {
        const thrown = await adapter.call(++id, message);
        assert.deepEqual(thrown, { jsonrpc: '2.0', id, error: { code: -32603, message: expected } });
        const after = await adapter.call(++id, 'hello');
        assert.deepEqual(after, { jsonrpc: '2.0', id, result: { reply: 'still serving: hello' } });
        assert.equal(adapter.child.exitCode, null, 'the adapter is still running');
      });
    }
  });
}
