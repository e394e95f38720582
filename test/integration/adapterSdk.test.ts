// The adapter SDK (src/adapter, published as recall-gate/adapter) as a user runs it: a small adapter
// written here is a real process on each transport, put through the protocol cases every SDK passes
// (test/support/sdkProtocolCases.ts; test/integration/pythonSdk.test.ts runs them on the Python SDK).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RANKED, sdkProtocolCases } from '../support/sdkProtocolCases.js';
import { REPO_ROOT, tempDir } from '../support/cli.js';

/** The SDK as the test build compiles it (dist/adapter.js is the same source, bundled). */
const SDK = pathToFileURL(join(REPO_ROOT, 'build', 'src', 'adapter', 'index.js')).href;

/** What the adapter under test does, by message: as sdkProtocolCases.ts describes. */
const ADAPTER_SOURCE = `
import { serveAdapter, AdapterError, ErrorCode } from ${JSON.stringify(SDK)};

const resets = new Map();
let releaseFirst;
const firstArrived = new Promise((resolve) => (releaseFirst = resolve));
let releaseWaiting;
const secondArrived = new Promise((resolve) => (releaseWaiting = resolve));

const RANKED = ${JSON.stringify(RANKED)};

class EmptyError extends Error {
  constructor() {
    super('');
    this.name = 'EmptyError';
  }
}

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
      if (message === 'throw-odd') throw 'the model gave up';
      if (message === 'throw-empty') throw new EmptyError();
      if (message === 'refuse') throw new AdapterError(-32000, 'refused by policy', { reason: 'quota' });
      if (message === 'unserializable') return { reply: 1n };
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
  { name: 'sdk test adapter', onClose: () => console.error('on close ran') },
);
if (served.transport === 'http') console.log('logged after the URL: goes to stderr');
`;

let script = '';

/** The line of the written adapter.mjs that holds `code`. */
const lineOf = (code: string): number => ADAPTER_SOURCE.split('\n').findIndex((line) => line.includes(code)) + 1;

sdkProtocolCases({
  label: 'the adapter SDK',
  before: () => {
    script = join(tempDir('recall-gate-sdk-'), 'adapter.mjs');
    writeFileSync(script, ADAPTER_SOURCE);
  },
  command: () => [process.execPath, script],
  usage: 'node adapter.mjs',
  stack: /Error: the model exploded\n\s+at /,
  thrown: {
    exploded: new RegExp(`-32603: Error: the model exploded \\(adapter\\.mjs:${lineOf("throw new Error('the model exploded')")}:\\d+, in chat\\)$`),
    // A thrown string has no stack: its text alone.
    odd: /-32603: the model gave up$/,
    empty: new RegExp(`-32603: EmptyError \\(adapter\\.mjs:${lineOf('throw new EmptyError()')}:\\d+, in chat\\)$`),
  },
  strayLines: ['stray console.log line', 'stray console.info line', 'stray console.debug line'],
});
