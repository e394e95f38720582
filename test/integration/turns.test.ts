import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { RecallGateError, formatLocation } from '../../src/errors.js';
import { runE2e, type E2ePlan } from '../../src/e2e/runE2e.js';
import { needsSnapshot } from '../../src/e2e/snapshot.js';
import type { TrialRecord } from '../../src/model/trial.js';
import type { CaseSpec } from '../../src/model/e2e.js';
import { KeywordStore } from '../../src/memory/keyword.js';
import { loadSuite } from '../../src/suite/load.js';
import { BuiltinTarget } from '../../src/targets/builtin.js';
import { createCommandTarget, createHttpTarget } from '../../src/targets/adapterTarget.js';
import type { Target } from '../../src/targets/types.js';
import { EXAMPLE_ADAPTER, inlineAdapter, startHttpAdapter } from '../support/adapterProcess.js';
import { tempDir } from '../support/cli.js';
import { builtinSpec } from '../support/builtinTarget.js';
import { startOpenAIServer, type ChatRequestBody, type OpenAIServer } from '../support/openaiServer.js';

/*
 * Multi-turn sessions end to end on real processes: the example adapter over
 * both transports, the builtin agent against the local OpenAI-compatible
 * server (which records the messages it was sent), and the memory snapshot
 * each takes after the planted sessions.
 */

const WHERE = { file: 'turns.yaml', line: 1, col: 1 };

/** A case with graders, so its trials take a snapshot (the grader kinds are not read here). */
function multiTurnCase(name: string, sessions: CaseSpec['sessions'], probe: string, check: CaseSpec['check']): CaseSpec {
  return { name, ability: 'project-context', sessions, probe: { text: probe, date: '2026-03-20' }, check, evidence: [], obsolete: [], needs_memory: true, where: WHERE, graders: { capture: { memory: { captures: ['Python'] } } } };
}

const KICKOFF = multiTurnCase(
  'kickoff',
  [
    { date: '2026-03-02', turns: ['The project uses Python and React.', 'The team is 5 engineers.', 'Actually, the team is 7 engineers, not 5.'] },
    { date: '2026-03-09', turns: ['The project uses Python and React.'] },
  ],
  'How many engineers are on the team?',
  { icontains: '7 engineers' },
);

async function trialsOf(target: Target, cases: CaseSpec[]): Promise<TrialRecord[]> {
  const plan: E2ePlan = { suiteName: 'turns', cases, conditions: ['recall'], repeat: 1, concurrency: 1, prices: {} };
  try {
    return await runE2e(plan, { target, onTrial: () => undefined });
  } finally {
    await target.close();
  }
}

const turnsOf = (trial: TrialRecord) => trial.invocations.map((invocation) => [invocation.kind, invocation.session, invocation.turn]);

for (const transport of ['command', 'http'] as const) {
  describe(`multi-turn sessions over the ${transport} transport to the example adapter`, { timeout: 60_000 }, () => {
    async function exampleTarget(policy: 'careful' | 'careless'): Promise<{ target: Target; stop: () => Promise<void> }> {
      if (transport === 'command') {
        const target = createCommandTarget({ command: process.execPath, args: [EXAMPLE_ADAPTER, '--stdio', '--memory-policy', policy], onStderr: () => undefined });
        return { target, stop: async () => undefined };
      }
      const server = await startHttpAdapter([], { TOY_MEMORY_POLICY: policy });
      return { target: createHttpTarget({ url: server.url }), stop: () => server.stop() };
    }

    test('careful: every turn is kept with its session, turn and memory ops; the snapshot lists labelled blocks, the correction replaced', async () => {
      const { target, stop } = await exampleTarget('careful');
      try {
        const [trial] = await trialsOf(target, [KICKOFF]);
        assert.equal(trial!.status, 'pass', trial!.reason);
        assert.deepEqual(turnsOf(trial!), [
          ['session', 1, 1],
          ['session', 1, 2],
          ['session', 1, 3],
          ['session', 2, 1],
          ['probe', undefined, undefined],
        ]);
        assert.deepEqual(
          trial!.invocations.map((invocation) => invocation.memory_ops),
          [
            [{ op: 'insert', label: 'project_context', text: 'The project uses Python and React.' }],
            [{ op: 'insert', label: 'project_context', text: 'The team is 5 engineers.' }],
            [{ op: 'replace', label: 'project_context', text: 'The team is 7 engineers.' }],
            [], // the repeat is known already
            [],
          ],
        );
        assert.deepEqual(trial!.snapshot, {
          entries: [
            { id: 'm1', text: 'The project uses Python and React.', date: '2026-03-02', label: 'project_context' },
            { id: 'm2', text: 'The team is 7 engineers.', date: '2026-03-02', label: 'project_context' },
          ],
        });
        assert.equal(trial!.answer, 'On 2026-03-02 you told me: The team is 7 engineers.');
      } finally {
        await stop();
      }
    });

    test('careless: every turn appended verbatim, the obsolete value and the repeat kept', async () => {
      const { target, stop } = await exampleTarget('careless');
      try {
        const [trial] = await trialsOf(target, [KICKOFF]);
        // Taken before the probe: the probe (which careless stores too) is not in it.
        const entries = 'entries' in trial!.snapshot! ? trial!.snapshot.entries : assert.fail(`snapshot error: ${JSON.stringify(trial!.snapshot)}`);
        assert.deepEqual(
          entries.map((entry) => entry.text),
          ['The project uses Python and React.', 'The team is 5 engineers.', 'Actually, the team is 7 engineers, not 5.', 'The project uses Python and React.'],
        );
        assert.ok(trial!.invocations.every((invocation) => invocation.memory_ops?.length === 1 && invocation.memory_ops[0]!.op === 'insert'));
      } finally {
        await stop();
      }
    });
  });
}

describe('the builtin target in multi-turn sessions', { timeout: 60_000 }, () => {
  const KEY = 'sk-turns';
  let server: OpenAIServer;
  before(async () => {
    server = await startOpenAIServer({ apiKey: KEY, chat: (request) => `reply to: ${request.messages.at(-1)!.content}` });
  });
  after(async () => server.close());

  function builtin(): BuiltinTarget {
    return new BuiltinTarget({
      spec: builtinSpec(),
      store: new KeywordStore(),
      apiKey: KEY,
      baseURL: server.url,
    });
  }

  test('sends the session\'s earlier turns and replies as chat history; a new session and the probe start afresh', async () => {
    const start = server.requests.length;
    const spec = multiTurnCase(
      'stack',
      [
        { date: '2026-03-02', turns: ['We use Python.', 'And React for the frontend.'] },
        { date: '2026-03-03', turns: ['Launch is in May.'] },
      ],
      'What do we use for the frontend?',
      { icontains: 'frontend' },
    );
    const [trial] = await trialsOf(builtin(), [spec]);
    assert.equal(trial!.status, 'pass', trial!.reason);
    const conversations = server.requests
      .slice(start)
      .filter((request) => request.path === '/v1/chat/completions')
      .map((request) => (request.body as ChatRequestBody).messages.filter((message) => message.role !== 'system').map((message) => `${message.role}: ${message.content}`));
    assert.deepEqual(conversations, [
      ['user: We use Python.'],
      ['user: We use Python.', 'assistant: reply to: We use Python.', 'user: And React for the frontend.'],
      ['user: Launch is in May.'],
      ['user: What do we use for the frontend?'],
    ]);
    assert.deepEqual(turnsOf(trial!), [
      ['session', 1, 1],
      ['session', 1, 2],
      ['session', 2, 1],
      ['probe', undefined, undefined],
    ]);
    // The builtin reports its own stores, and the snapshot is what its store holds for the owner.
    assert.deepEqual(
      trial!.invocations.map((invocation) => invocation.memory_ops),
      ['We use Python.', 'And React for the frontend.', 'Launch is in May.', 'What do we use for the frontend?'].map((text) => [{ op: 'insert', text }]),
    );
    assert.deepEqual(
      'entries' in trial!.snapshot! && trial!.snapshot.entries.map(({ text, date }) => [text, date]),
      [
        ['We use Python.', '2026-03-02'],
        ['And React for the frontend.', '2026-03-02'],
        ['Launch is in May.', '2026-03-03'],
      ],
    );
  });

  test('a case without graders takes no snapshot', async () => {
    const plain: CaseSpec = { ...multiTurnCase('plain', [{ turns: ['We use Python.'] }], 'What do we use?', { icontains: 'use' }), graders: undefined } as CaseSpec;
    assert.equal(needsSnapshot(plain), false);
    const [trial] = await trialsOf(builtin(), [plain]);
    assert.equal(trial!.status, 'pass', trial!.reason);
    assert.equal(trial!.snapshot, undefined);
  });
});

test('an adapter without list: the snapshot is an error with its -32601 reason, and the memory grader makes the trial an error saying so, never a pass', { timeout: 30_000 }, async () => {
  // Answers reset and chat; every other method is "method not found".
  const script = `
    const rl = require('readline').createInterface({ input: process.stdin });
    rl.on('line', (line) => {
      const request = JSON.parse(line);
      const answer = request.method === 'reset' ? { result: {} }
        : request.method === 'chat' ? { result: { reply: 'Noted: ' + request.params.message } }
        : { error: { code: -32601, message: 'Method not found: ' + request.method } };
      process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: request.id, ...answer }) + '\\n');
    });`;
  const { command, args } = inlineAdapter(script);
  const spec = multiTurnCase('no-list', [{ turns: ['We use Python.', 'And React.'] }], 'What do we use?', { icontains: 'use' });
  const [trial] = await trialsOf(createCommandTarget({ command, args, onStderr: () => undefined }), [spec]);
  assert.equal(trial!.status, 'error', trial!.reason);
  assert.match(trial!.reason, /^grader capture: the memory snapshot failed: .*-32601/s);
  assert.equal(trial!.answer, 'Noted: What do we use?');
  assert.ok(trial!.snapshot && 'error' in trial!.snapshot, JSON.stringify(trial!.snapshot));
  assert.match(trial!.snapshot.error, /"list" failed with JSON-RPC error -32601: Method not found: list/);
  assert.match(trial!.snapshot.error, /memory graders/);
});

test('a memory_ops entry of the wrong shape is an error naming the field', { timeout: 30_000 }, async () => {
  const script = `
    const rl = require('readline').createInterface({ input: process.stdin });
    rl.on('line', (line) => {
      const request = JSON.parse(line);
      const result = request.method === 'chat' ? { reply: 'ok', memory_ops: [{ op: 'insert', text: 'a' }, { op: 'upsert' }] } : {};
      process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: request.id, result }) + '\\n');
    });`;
  const { command, args } = inlineAdapter(script);
  const target = createCommandTarget({ command, args, onStderr: () => undefined });
  try {
    await assert.rejects(target.chat({ user: 'u', message: 'hi', memory: 'recall', session: 1, turn: 1 }), (error: unknown) => {
      assert.ok(error instanceof RecallGateError);
      assert.match(error.message, /"chat" returned an unusable result: result\.memory_ops\[1\]\.op must be one of insert, replace, delete, rethink, got a string \("upsert"\)/);
      return true;
    });
  } finally {
    await target.close();
  }
});

describe('sessions in a suite: user or turns', () => {
  function problems(sessions: string): string[] {
    const dir = tempDir('recall-gate-turns-');
    const path = join(dir, 'suite.yaml');
    writeFileSync(
      path,
      [
        'name: turns',
        'e2e:',
        '  target: { kind: http, url: "http://127.0.0.1:9/" }',
        '  cases:',
        '    - name: a',
        '      ability: project-context',
        '      sessions:',
        ...sessions.split('\n').map((line) => `        ${line}`),
        '      probe: { text: "What?" }',
        '      check: { icontains: x }',
        '',
      ].join('\n'),
    );
    try {
      const suite = loadSuite(path, dir);
      return suite.e2e!.cases[0]!.sessions.map((session) => JSON.stringify(session));
    } catch (error) {
      assert.ok(error instanceof RecallGateError && error.code === 'invalid-input', String(error));
      return error.problems.map((problem) => `${formatLocation({ ...problem.where, file: 'suite.yaml' })}: ${problem.message}`);
    }
  }

  test('user: loads as one turn; turns: as the conversation, in order', () => {
    assert.deepEqual(problems('- { date: 2026-03-02, user: "I use Python." }\n- turns: ["One.", "Two."]'), ['{"date":"2026-03-02","turns":["I use Python."]}', '{"turns":["One.","Two."]}']);
  });

  test('both forms or neither are errors at the session, file:line:col', () => {
    assert.deepEqual(problems('- { user: "Hi.", turns: ["Hi."] }\n- { date: 2026-03-02 }'), [
      'suite.yaml:8:11: a session has either user (one turn) or turns (several), not both',
      'suite.yaml:9:11: a session needs user (what the user says) or turns (a list, one conversation)',
    ]);
  });

  test('empty turns and a turn that is not text are errors at file:line:col', () => {
    assert.deepEqual(problems('- { turns: [] }\n- { turns: ["Fine.", 3] }'), ['suite.yaml:8:20: "turns" must not be empty', 'suite.yaml:9:30: item 2 must be a string; got number 3']);
  });
});
