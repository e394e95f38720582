import assert from 'node:assert/strict';
import { realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { RecallGateError } from '../../src/errors.js';
import type { MemoryRecord } from '../../src/model/memory.js';
import { AdapterTarget, createCommandTarget, createHttpTarget, type CommandTarget } from '../../src/targets/adapterTarget.js';
import { JsonRpcError } from '../../src/protocol/client.js';
import { headersFromEnv, resolveHeaders } from '../../src/protocol/httpTransport.js';
import { parseChatResult } from '../../src/protocol/protocol.js';
import { EXAMPLE_ADAPTER, closedPort, inlineAdapter, scriptedHttpServer, startHttpAdapter } from '../support/adapterProcess.js';
import { tempDir } from '../support/cli.js';

interface Opened {
  target: AdapterTarget;
  stderr: () => string;
  stop(): Promise<void>;
}

/** The example adapter as a real process behind either transport. */
async function openExample(transport: 'command' | 'http', args: string[] = [], timeoutMs?: number): Promise<Opened> {
  if (transport === 'command') {
    let stderr = '';
    const target = createCommandTarget({
      command: process.execPath,
      args: [EXAMPLE_ADAPTER, '--stdio', ...args],
      timeoutMs,
      onStderr: (line) => (stderr += `${line}\n`),
    });
    return { target, stderr: () => stderr, stop: () => target.close() };
  }
  const server = await startHttpAdapter(args);
  const target = createHttpTarget({ url: server.url, timeoutMs });
  return {
    target,
    stderr: server.stderr,
    stop: async () => {
      await target.close();
      await server.stop();
    },
  };
}

/** Asserts the promise rejects with a RecallGateError whose message matches, and returns it. */
async function rejection(promise: Promise<unknown>, message: RegExp, code: RecallGateError['code'] = 'incomplete'): Promise<RecallGateError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof RecallGateError, `expected a RecallGateError, got ${String(error)}`);
    assert.match(error.message, message);
    assert.equal(error.code, code);
    return error;
  }
  assert.fail(`expected a rejection matching ${message}`);
}

for (const transport of ['command', 'http'] as const) {
  describe(`the ${transport} transport against the example adapter`, { timeout: 30_000 }, () => {
    let opened: Opened;
    let target: AdapterTarget;
    before(async () => {
      opened = await openExample(transport);
      target = opened.target;
    });
    after(async () => opened?.stop());

    test('a probe after planted sessions is answered from memory, with what was recalled', async () => {
      await target.reset('ana');
      await target.chat({ user: 'ana', date: '2024-01-02', message: 'I live in Porto.', memory: 'recall' });
      await target.chat({ user: 'ana', date: '2024-03-10', message: 'My cat is called Miso.', memory: 'recall' });
      await target.chat({ user: 'ana', date: '2024-05-02', message: 'I moved to Lisbon, I live there now.', memory: 'recall' });
      const reply = await target.chat({ user: 'ana', date: '2024-06-01', message: 'Where do I live?', memory: 'recall' });
      assert.equal(reply.reply, 'On 2024-05-02 you told me: I moved to Lisbon, I live there now.');
      assert.deepEqual(
        reply.recalled?.map((memory) => memory.text),
        ['I moved to Lisbon, I live there now.', 'I live in Porto.'],
      );
      assert.ok(reply.recalled?.every((memory) => typeof memory.id === 'string' && typeof memory.score === 'number'));
      assert.deepEqual(reply.usage, { input_tokens: 16, output_tokens: 13 });
      assert.ok(typeof reply.recall_ms === 'number' && reply.recall_ms >= 0);
    });

    test('memory "none" recalls nothing and the agent does not know; "oracle" injects the evidence', async () => {
      await target.reset('ana');
      await target.chat({ user: 'ana', message: 'My favourite colour is green.', memory: 'recall' });
      const none = await target.chat({ user: 'ana', message: 'What is my favourite colour?', memory: 'none' });
      assert.equal(none.reply, "I don't know.");
      assert.deepEqual(none.recalled, []);
      const oracle = await target.chat({
        user: 'ana',
        message: 'What is my favourite colour?',
        memory: 'oracle',
        oracle: ['Ana lives in Lisbon.', 'My favourite colour is teal.'],
      });
      assert.equal(oracle.reply, 'You told me: My favourite colour is teal.');
      assert.deepEqual(
        oracle.recalled?.map((memory) => memory.text),
        ['My favourite colour is teal.', 'Ana lives in Lisbon.'],
      );
    });

    test('users are isolated, and reset forgets one user only', async () => {
      await target.reset('ana');
      await target.reset('bob');
      await target.chat({ user: 'ana', message: 'My dentist is Dr. Alves.', memory: 'recall' });
      await target.chat({ user: 'bob', message: 'My dentist is Dr. Berg.', memory: 'recall' });
      assert.equal((await target.chat({ user: 'bob', message: 'Who is my dentist?', memory: 'recall' })).reply, 'You told me: My dentist is Dr. Berg.');
      assert.equal((await target.chat({ user: 'carol', message: 'Who is my dentist?', memory: 'recall' })).reply, "I don't know.");
      await target.reset('bob');
      assert.equal((await target.chat({ user: 'bob', message: 'Who is my dentist?', memory: 'recall' })).reply, "I don't know.");
      assert.equal((await target.chat({ user: 'ana', message: 'Who is my dentist?', memory: 'recall' })).reply, 'You told me: My dentist is Dr. Alves.');
    });

    test('add, search and list, directly and as a MemoryStore that resets each user before first use', async () => {
      const { client } = target;
      await client.reset('dana');
      await client.add('dana', [
        { id: 'a1', text: 'Dana is allergic to peanuts.', date: '2024-03-01' },
        { id: 'a2', text: "Dana's cat is called Miso." },
      ]);
      assert.deepEqual(await client.search('dana', 'what is my cat called', 5), [{ id: 'a2', text: "Dana's cat is called Miso.", score: 2 }]);
      assert.deepEqual(await client.list('dana'), [
        { id: 'a1', text: 'Dana is allergic to peanuts.', date: '2024-03-01' },
        { id: 'a2', text: "Dana's cat is called Miso." },
      ]);

      // The store: what dana had before is gone after the store's reset; erin's data is separate.
      const store = target.memoryStore();
      await store.reset();
      const records: MemoryRecord[] = [
        { id: 'd1', user: 'dana', text: 'Dana flies to Oslo on Friday.', date: '2024-04-01' },
        { id: 'd2', user: 'dana', text: 'Dana flies economy, never business.' },
        { id: 'd3', user: 'dana', text: 'Oslo trip booked, flies Friday morning.' },
        { id: 'e1', user: 'erin', text: 'Erin flies to Rome.' },
      ];
      await store.add(records);
      // The toy agent ranks the tie d1 (dated) before d3, and the store keeps the adapter's order.
      assert.deepEqual(
        (await store.search('dana', 'Oslo on Friday', 10)).map((hit) => [hit.id, hit.score]),
        [
          ['d1', 2],
          ['d3', 2],
        ],
      );
      // A three-way tie, in the toy agent's order (dated d1 first, then the newest added).
      assert.deepEqual(
        (await store.search('dana', 'flies', 10)).map((hit) => hit.id),
        ['d1', 'd3', 'd2'],
      );
      assert.deepEqual((await store.search('dana', 'Oslo', 1)).length, 1);
      assert.deepEqual(
        (await store.list('dana')).map((memory) => [memory.id, memory.user, memory.date]),
        [
          ['d1', 'dana', '2024-04-01'],
          ['d2', 'dana', undefined],
          ['d3', 'dana', undefined],
        ],
      );
      assert.deepEqual(await store.list('nobody'), []);
      await store.close();
      // Closing the store leaves the target usable.
      assert.equal((await target.chat({ user: 'erin', message: 'Who flies to Rome?', memory: 'recall' })).reply, 'You told me: Erin flies to Rome.');
    });

    test('a JSON-RPC error object is a RecallGateError naming the method, code and message', async () => {
      const unknown = await rejection(target.client.call('forget_everything', {}), /"forget_everything" failed with JSON-RPC error -32601: Method not found: forget_everything/);
      assert.ok(unknown instanceof JsonRpcError);
      assert.equal(unknown.rpcCode, -32601);
      assert.match(unknown.hint ?? '', /optional/);
      const invalid = await rejection(target.client.call('chat', { user: 'ana', memory: 'recall' }), /"chat" failed with JSON-RPC error -32602: "message" is required/);
      assert.equal((invalid as JsonRpcError).method, 'chat');
      await rejection(target.client.search('ana', 'x', 0), /"search" failed with JSON-RPC error -32602: "limit" must be a positive integer/);
    });

    test('concurrent calls each get their own answer', async () => {
      const users = Array.from({ length: 12 }, (_, i) => `user-${i}`);
      const replies = await Promise.all(
        users.map((user) => target.chat({ user, message: 'What is my code word?', memory: 'oracle', oracle: [`My code word is ${user}-word.`] })),
      );
      assert.deepEqual(
        replies.map((reply) => reply.reply),
        users.map((user) => `You told me: My code word is ${user}-word.`),
      );
    });

    test('a call that outlives its timeout fails clearly; the late answer does not reach the next call', async () => {
      const slow = await openExample(transport, ['--delay-ms', '300'], 50);
      try {
        const error = await rejection(slow.target.reset('ana'), /"reset" got no response within 50 ms/);
        assert.match(error.hint ?? '', /timeout/);
        const reply = await slow.target.client.chat({ user: 'ana', message: 'Where do I live?', memory: 'none' }, { timeoutMs: 5000 });
        assert.equal(reply.reply, "I don't know.");
      } finally {
        await slow.stop();
      }
    });
  });
}

describe('the command transport', { timeout: 30_000 }, () => {
  test("the child's stderr is passed on line by line, and it is started with the given env and cwd", async () => {
    const lines: string[] = [];
    const dir = realpathSync(tempDir());
    const script = `
      console.error('adapter starting');
      require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
        const { id } = JSON.parse(line);
        console.log(JSON.stringify({ jsonrpc: '2.0', id, result: { reply: process.env.AGENT_NAME + ' in ' + process.cwd() } }));
      });`;
    const target = createCommandTarget({ ...inlineAdapter(script), cwd: dir, env: { AGENT_NAME: 'toy' }, onStderr: (line) => lines.push(line) });
    try {
      assert.equal((await target.chat({ user: 'u', message: 'hi', memory: 'recall' })).reply, `toy in ${dir}`);
      assert.deepEqual(lines, ['adapter starting']);
    } finally {
      await target.close();
    }
  });

  test('responses that come back out of order are matched to their calls by id', async () => {
    // Holds two requests, then answers the second first.
    const script = `
      const held = [];
      require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
        held.push(JSON.parse(line));
        if (held.length < 2) return;
        for (const request of held.reverse()) {
          console.log(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: { reply: 'echo: ' + request.params.message } }));
        }
        held.length = 0;
      });`;
    const target = createCommandTarget({ ...inlineAdapter(script), onStderr: () => undefined });
    try {
      const [first, second] = await Promise.all([
        target.chat({ user: 'u', message: 'one', memory: 'recall' }),
        target.chat({ user: 'u', message: 'two', memory: 'recall' }),
      ]);
      assert.equal(first.reply, 'echo: one');
      assert.equal(second.reply, 'echo: two');
    } finally {
      await target.close();
    }
  });

  test('text written to stdout without a newline runs into the next response: the response is read, the text named', async () => {
    // A Python agent's `sys.stdout.write("Loading my agent... ")` at import time, before serve_adapter() takes stdout over.
    const script = `
      process.stdout.write('Loading my agent... ');
      require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
        const { id } = JSON.parse(line);
        console.log(JSON.stringify({ jsonrpc: '2.0', id, result: { reply: 'fine' } }));
      });`;
    const warnings: string[] = [];
    const target = createCommandTarget({ ...inlineAdapter(script), timeoutMs: 5000, onStderr: () => undefined, onWarning: (message) => warnings.push(message) });
    try {
      const reply = await target.chat({ user: 'u', message: 'hi', memory: 'recall' });
      assert.equal(reply.reply, 'fine');
      assert.equal((await target.chat({ user: 'u', message: 'again', memory: 'recall' })).reply, 'fine', 'later lines as before');
      assert.deepEqual(warnings.length, 1, warnings.join('\n'));
      assert.match(warnings[0]!, /wrote text to stdout without ending its line, and a response followed: Loading my agent\.\.\. \(the response was read;/);
    } finally {
      await target.close();
    }
  });

  test('import-time text and the first response in one write (a buffered print without its newline): the response is read, the text named', async () => {
    const script = `
      require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
        const { id } = JSON.parse(line);
        // One write: what Python's block-buffered stdout sends when print(end="") is flushed with the response.
        process.stdout.write((id === 1 ? 'Loading my agent... ' : '') + JSON.stringify({ jsonrpc: '2.0', id, result: { reply: 'fine' } }) + '\\n');
      });`;
    const warnings: string[] = [];
    const target = createCommandTarget({ ...inlineAdapter(script), timeoutMs: 5000, onStderr: () => undefined, onWarning: (message) => warnings.push(message) });
    try {
      assert.equal((await target.chat({ user: 'u', message: 'hi', memory: 'recall' })).reply, 'fine');
      assert.equal(warnings.length, 1, warnings.join('\n'));
      assert.match(warnings[0]!, /without ending its line, and a response followed: Loading my agent\.\.\./);
    } finally {
      await target.close();
    }
  });

  test('a log line that quotes a response is not taken for one after the first line: the real response answers the call', async () => {
    // One write holding text and a response-shaped object (a client library logging what it got) stays one stray line.
    const script = `
      require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
        const { id } = JSON.parse(line);
        if (id === 1) return console.log(JSON.stringify({ jsonrpc: '2.0', id, result: { reply: 'first' } }));
        console.log('debug: mcp client got ' + JSON.stringify({ jsonrpc: '2.0', id, result: { reply: 'FROM THE LOG' } }));
        setTimeout(() => console.log(JSON.stringify({ jsonrpc: '2.0', id, result: { reply: 'the real one' } })), 50);
      });`;
    const warnings: string[] = [];
    const target = createCommandTarget({ ...inlineAdapter(script), timeoutMs: 5000, onStderr: () => undefined, onWarning: (message) => warnings.push(message) });
    try {
      assert.equal((await target.chat({ user: 'u', message: 'hi', memory: 'recall' })).reply, 'first');
      assert.equal((await target.chat({ user: 'u', message: 'hi', memory: 'recall' })).reply, 'the real one');
      assert.equal(warnings.length, 1, warnings.join('\n'));
      assert.match(warnings[0]!, /wrote a line to stdout that is not JSON, ignored: debug: mcp client got/);
    } finally {
      await target.close();
    }
  });

  test('a line on stdout that is not a JSON-RPC response is a warning naming it, and the waiting call still gets its answer', async () => {
    // What a library logging with console.log does: a line before each answer, and a JSON log line that is no response.
    const script = `
      require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
        const { id } = JSON.parse(line);
        console.log('loading memories for user...');
        console.log(JSON.stringify({ level: 'info', msg: 'searched' }));
        console.log(JSON.stringify({ jsonrpc: '2.0', id, result: { reply: 'fine' } }));
      });`;
    const warnings: string[] = [];
    const target = createCommandTarget({ ...inlineAdapter(script), onStderr: () => undefined, onWarning: (message) => warnings.push(message) });
    try {
      const reply = await target.chat({ user: 'u', message: 'hi', memory: 'recall' });
      assert.equal(reply.reply, 'fine');
      assert.equal(warnings.length, 2, warnings.join('\n'));
      assert.match(warnings[0]!, /wrote a line to stdout that is not JSON, ignored: loading memories for user\.\.\. \(stdout carries only JSON-RPC responses, one per line: write logs to stderr\)/);
      assert.match(warnings[1]!, /wrote a line to stdout that has neither "result" nor "error", ignored: \{"level":"info","msg":"searched"\}/);
    } finally {
      await target.close();
    }
  });

  test('a result of the wrong shape says which field is wrong', async () => {
    const script = `
      require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
        const { id, method } = JSON.parse(line);
        const result = method === 'chat' ? { reply: 'ok', recalled: [{ text: 'fine' }, { text: 42 }] } : { results: 'none' };
        console.log(JSON.stringify({ jsonrpc: '2.0', id, result }));
      });`;
    const target = createCommandTarget({ ...inlineAdapter(script), onStderr: () => undefined });
    try {
      await rejection(target.chat({ user: 'u', message: 'hi', memory: 'recall' }), /"chat" returned an unusable result: result\.recalled\[1\]\.text must be a string, got a number \(42\)/);
      await rejection(target.client.search('u', 'q', 3), /"search" returned an unusable result: result\.results must be an array, got a string \("none"\)/);
    } finally {
      await target.close();
    }
  });

  test('a child that exits mid-run fails the waiting call, is restarted once with its stderr tail in the warning, and after a second death every later call fails at once', async () => {
    const script = `
      console.error('pid ' + process.pid);
      require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
        const { id, method } = JSON.parse(line);
        if (method === 'reset') return console.log(JSON.stringify({ jsonrpc: '2.0', id, result: {} }));
        console.error('loading model');
        console.error('fatal: out of memory');
        process.exit(3);
      });`;
    const warnings: string[] = [];
    const target = createCommandTarget({ ...inlineAdapter(script), onStderr: () => undefined, onWarning: (message) => warnings.push(message) });
    try {
      const waiting = await rejection(target.chat({ user: 'u', message: 'hi', memory: 'recall' }), /exited with code 3 while "chat" was waiting for its response/);
      assert.match(waiting.message, /the last lines of its stderr:\n {2}pid \d+\n {2}loading model\n {2}fatal: out of memory$/);
      const firstPid = /pid (\d+)/.exec(waiting.message)![1];
      assert.equal(warnings.length, 1);
      assert.match(warnings[0]!, /exited with code 3; starting it again \(once\); the last lines of its stderr:\n {2}pid \d+\n {2}loading model\n {2}fatal: out of memory$/);
      // The restarted child answers: a new process.
      await target.reset('u');
      assert.notEqual(String(target.pid), firstPid);
      const second = await rejection(target.chat({ user: 'u', message: 'again', memory: 'recall' }), /exited with code 3 again after being restarted once; it is not started a third time; the last lines of its stderr:/);
      assert.doesNotMatch(second.message, new RegExp(`pid ${firstPid}`), 'the tail is the second child\'s');
      // No third start: every later call fails at once with that reason, the same words whichever call it is (a run lists each reason once).
      const later = await rejection(target.reset('u'), /exited with code 3 again after being restarted once; it is not started a third time; the last lines of its stderr:\n {2}pid \d+/);
      assert.equal(later.message, second.message);
      assert.equal(warnings.length, 1);
    } finally {
      await target.close();
    }
  });

  test('a child killed by a signal is reported with the signal', async () => {
    let stderr = '';
    const target: CommandTarget = createCommandTarget({
      command: process.execPath,
      args: [EXAMPLE_ADAPTER, '--stdio', '--delay-ms', '5000'],
      onStderr: (line) => (stderr += line),
    });
    try {
      const pending = target.chat({ user: 'u', message: 'hi', memory: 'recall' });
      // Wait until it is up (it says so on stderr), then kill it.
      while (!stderr.includes('serving')) await new Promise((resolve) => setTimeout(resolve, 10));
      process.kill(target.pid!, 'SIGKILL');
      await rejection(pending, /was killed by SIGKILL while "chat" was waiting for its response; the last lines of its stderr:\n {2}toy agent: serving JSON-RPC on stdio/);
    } finally {
      await target.close();
    }
  });

  test('a command that cannot start says why in words, with what to do, and nothing of calls or stderr (nothing ran)', async () => {
    const missing = createCommandTarget({ command: '/nonexistent/agent-adapter', args: ['--stdio'] });
    const first = await rejection(missing.reset('u'), /^agent adapter `\/nonexistent\/agent-adapter --stdio` could not be started: `\/nonexistent\/agent-adapter` was not found \(looked for \/nonexistent\/agent-adapter\)$/);
    assert.match(first.hint ?? '', /check the path/);
    // Every later call says the same, not that it waited.
    await rejection(missing.reset('u'), /^agent adapter .* could not be started: `\/nonexistent\/agent-adapter` was not found/);
    await missing.close();
    // An interpreter that is not installed (python3 missing from PATH): named as such.
    const noPython = createCommandTarget({ command: 'python3-not-installed-here', args: ['adapter.py', '--stdio'] });
    const notOnPath = await rejection(noPython.reset('u'), /could not be started: `python3-not-installed-here` was not found on PATH$/);
    assert.match(notOnPath.hint ?? '', /install it, or give the program's full path/);
    await noPython.close();
    // A script that is there, whose #! interpreter is not (a deleted virtual environment), or a #! line with Windows line endings.
    const scripts = tempDir();
    for (const [name, text, said] of [
      ['venv-adapter', '#!/nonexistent/venv/bin/python\nprint(1)\n', /`\S+venv-adapter` was found, but the interpreter its #! line names, "\/nonexistent\/venv\/bin\/python", was not$/],
      ['crlf-adapter', '#!/bin/sh\r\necho 1\r\n', /was found, but the interpreter its #! line names, "\/bin\/sh\\r", was not \(the line ends in \\r: the file has Windows line endings\)$/],
    ] as const) {
      writeFileSync(join(scripts, name), text, { mode: 0o755 });
      const target = createCommandTarget({ command: join(scripts, name), args: ['--stdio'] });
      await rejection(target.reset('u'), said);
      await target.close();
    }
    // A script that is there with no execute bit (root too needs one to run a file), or a folder named as the program.
    writeFileSync(join(scripts, 'plain-adapter'), '#!/bin/sh\necho 1\n', { mode: 0o644 });
    for (const program of [join(scripts, 'plain-adapter'), scripts]) {
      const target = createCommandTarget({ command: program, args: ['--stdio'] });
      const refused = await rejection(target.reset('u'), /could not be started: `\S+` cannot be run \(EACCES: not executable, or a folder\)$/);
      assert.match(refused.hint ?? '', /chmod \+x/);
      await target.close();
    }
    // A working folder that is not there is not a missing program.
    const noFolder = createCommandTarget({ command: process.execPath, args: ['--version'], cwd: '/nonexistent/suite-folder' });
    await rejection(noFolder.reset('u'), /could not be started: its working folder \/nonexistent\/suite-folder does not exist$/);
    await noFolder.close();
  });

  test('close() ends stdin and the example adapter exits by itself; calls waiting or made after fail', { timeout: 20_000 }, async () => {
    // A grace period longer than the test's deadline: had the adapter not exited on the end of stdin, close()
    // would still be waiting to send SIGTERM when the deadline fails the test. No figure of time is asserted.
    const target = createCommandTarget({ command: process.execPath, args: [EXAMPLE_ADAPTER, '--stdio', '--delay-ms', '500'], closeTimeoutMs: 60_000, onStderr: () => undefined });
    const pending = target.chat({ user: 'u', message: 'hi', memory: 'recall' });
    const pid = target.pid!;
    const failed = rejection(pending, /the target was closed before the call was answered/);
    await target.close();
    await failed;
    await rejection(target.reset('u'), /"reset" was called after the target was closed/, 'internal');
    // close() resolved only once the child was gone: it finished its delayed request and exited.
    assert.throws(() => process.kill(pid, 0), { code: 'ESRCH' });
  });

  test('close() kills a child that ignores the end of stdin and SIGTERM', async () => {
    const script = `
      process.on('SIGTERM', () => console.error('ignoring SIGTERM'));
      process.stdin.resume();
      setInterval(() => undefined, 1000);
      require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
        console.log(JSON.stringify({ jsonrpc: '2.0', id: JSON.parse(line).id, result: {} }));
      });`;
    const stderr: string[] = [];
    const target = createCommandTarget({ ...inlineAdapter(script), closeTimeoutMs: 100, onStderr: (line) => stderr.push(line) });
    await target.reset('u');
    const pid = target.pid!;
    await target.close();
    assert.throws(() => process.kill(pid, 0), { code: 'ESRCH' });
    assert.deepEqual(stderr, ['ignoring SIGTERM']);
  });
});

describe('the http transport', { timeout: 30_000 }, () => {
  test('headers are sent with every request; a wrong token gets the HTTP status and a hint', async () => {
    const server = await startHttpAdapter([], { ADAPTER_TOKEN: 's3cret' });
    try {
      const headers = resolveHeaders({ Authorization: 'Bearer ${AGENT_TOKEN}' }, { AGENT_TOKEN: 's3cret' });
      assert.deepEqual(headers, { Authorization: 'Bearer s3cret' });
      assert.deepEqual(headersFromEnv({ Authorization: 'AGENT_AUTH' }, { AGENT_AUTH: 'Bearer s3cret' }), headers);
      const good = createHttpTarget({ url: server.url, headers });
      await good.reset('u');
      const bad = createHttpTarget({ url: server.url, headers: { Authorization: 'Bearer wrong' } });
      const error = await rejection(bad.reset('u'), /"reset" got HTTP 401 Unauthorized: missing or wrong bearer token/);
      assert.match(error.hint ?? '', /Authorization/);
      assert.doesNotMatch(error.message, /s3cret|Bearer/);
    } finally {
      await server.stop();
    }
    assert.throws(() => resolveHeaders({ Authorization: 'Bearer ${MISSING_TOKEN}' }, {}), (error: unknown) => {
      assert.ok(error instanceof RecallGateError);
      assert.equal(error.code, 'invalid-input');
      assert.match(error.message, /"Authorization" uses \$\{MISSING_TOKEN\}, which is not set/);
      return true;
    });
    assert.throws(() => headersFromEnv({ Authorization: 'MISSING_AUTH' }, {}), /"Authorization" comes from MISSING_AUTH, which is not set/);
  });

  test('an HTTP 500 is reported with its status and the start of its body', async () => {
    const server = await scriptedHttpServer(() => ({ status: 500, body: 'upstream model crashed\n', type: 'text/plain' }));
    const target = createHttpTarget({ url: server.url });
    try {
      await rejection(target.chat({ user: 'u', message: 'hi', memory: 'recall' }), /agent adapter at http:\/\/127\.0\.0\.1:\d+\/rpc: "chat" got HTTP 500 Internal Server Error: upstream model crashed$/);
    } finally {
      await target.close();
      await server.close();
    }
  });

  test('a JSON-RPC error sent with an error status is reported as the JSON-RPC error', async () => {
    const server = await scriptedHttpServer((request) => ({
      status: 500,
      body: JSON.stringify({ jsonrpc: '2.0', id: request.id, error: { code: -32000, message: 'model overloaded', data: { retry_after: 30 } } }),
    }));
    const target = createHttpTarget({ url: server.url });
    try {
      const error = await rejection(target.chat({ user: 'u', message: 'hi', memory: 'recall' }), /"chat" failed with JSON-RPC error -32000: model overloaded \(data: \{"retry_after":30\}\)/);
      assert.ok(error instanceof JsonRpcError);
      assert.deepEqual(error.data, { retry_after: 30 });
    } finally {
      await target.close();
      await server.close();
    }
  });

  test('a body that is not JSON, or a response for another id, is an invalid response', async () => {
    let mode = 'html';
    const server = await scriptedHttpServer(() =>
      mode === 'html' ? { body: '<html>proxy login</html>', type: 'text/html' } : { body: JSON.stringify({ jsonrpc: '2.0', id: 999, result: {} }) },
    );
    const target = createHttpTarget({ url: server.url });
    try {
      await rejection(target.reset('u'), /"reset" got a response body that is not JSON: <html>proxy login<\/html>/);
      mode = 'wrong-id';
      await rejection(target.reset('u'), /"reset" got an invalid JSON-RPC response: "id" is 999, expected 2/);
      assert.equal(server.received.length, 2);
    } finally {
      await target.close();
      await server.close();
    }
  });

  test('an adapter that is not running is reported with the connection error', async () => {
    const port = await closedPort();
    const target = createHttpTarget({ url: `http://user:pw@127.0.0.1:${port}/rpc` });
    const error = await rejection(target.reset('u'), /agent adapter at http:\/\/127\.0\.0\.1:\d+\/rpc: "reset" could not reach the adapter: connect ECONNREFUSED/);
    assert.doesNotMatch(error.message, /pw/);
    await target.close();
  });

  test('a URL that is not http(s) is invalid input', () => {
    assert.throws(() => createHttpTarget({ url: 'ftp://example.com/' }), /must be http:\/\/ or https:\/\//);
    assert.throws(() => createHttpTarget({ url: 'not a url' }), /is not a URL/);
    assert.throws(() => createHttpTarget({ url: 'http://localhost/', timeoutMs: 0 }), /positive number of milliseconds/);
  });
});

test('chat results: optional fields may be null or absent, and unknown fields are dropped', () => {
  assert.deepEqual(parseChatResult({ reply: 'hi', recalled: null, usage: null, recall_ms: null, extra: 1 }), { reply: 'hi' });
  assert.deepEqual(parseChatResult({ reply: 'hi', recalled: [{ text: 't', id: null, score: 0.5, source: 'x' }], usage: { input_tokens: 3, output_tokens: 1 }, recall_ms: 2 }), {
    reply: 'hi',
    recalled: [{ text: 't', score: 0.5 }],
    usage: { input_tokens: 3, output_tokens: 1 },
    recall_ms: 2,
  });
  // Usage that makes no sense is unknown, with a warning, not a failed call.
  const partial = parseChatResult({ reply: 'hi', usage: { input_tokens: 3 } });
  assert.equal(partial.usage, undefined);
  assert.match(partial.usage_warning ?? '', /input 3, output missing/);
  assert.throws(() => parseChatResult({ reply: 'hi', truncated: 'yes' }), /result\.truncated must be true or false, got a string/);
  assert.equal(parseChatResult({ reply: 'hi', finish_reason: 'length' }).truncated, true);
  assert.equal(parseChatResult({ reply: 'hi', finish_reason: 'stop', truncated: false }).truncated, undefined);
  assert.throws(() => parseChatResult('hi'), /result must be an object, got a string/);
});
