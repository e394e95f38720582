// Injected tokens are counted off the main thread while a trial's calls go on (e2e/tokens.ts):
// the counts land on the invocations in call order before a trial is written, and a count that
// fails makes its trial an error, a shared history's playing as a failed session does.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runE2e } from '../src/e2e/runE2e.js';
import type { ChatReply, ChatRequest } from '../src/model/chat.js';
import type { TrialRecord } from '../src/model/trial.js';
import { loadSuite } from '../src/suite/load.js';
import type { Target } from '../src/targets/types.js';
import { tempDir } from './support/cli.js';

/** An agent that remembers every message of a user and recalls all of them, answering with what it recalled. */
function rememberingTarget(): Target {
  const memory = new Map<string, string[]>();
  return {
    reset: async (user) => void memory.delete(user),
    chat: async (request: ChatRequest): Promise<ChatReply> => {
      const known = memory.get(request.user) ?? [];
      const recalled = known.map((text, index) => ({ id: `m${index}`, text }));
      memory.set(request.user, [...known, request.message]);
      return { reply: known.join(' '), recalled };
    },
    close: async () => undefined,
  };
}

function suite() {
  const dir = tempDir();
  const path = join(dir, 'suite.yaml');
  writeFileSync(
    path,
    [
      'name: counts',
      'e2e:',
      '  target: { kind: command, command: [node, agent.mjs] }',
      '  histories:',
      '    - { name: garden, sessions: [{ turns: ["Ana planted tomatoes in the greenhouse.", "Bo adopted a kitten called Pixel."] }] }',
      '  cases:',
      '    - { name: tomatoes, ability: extraction, history: garden, probe: { text: "Where did Ana plant tomatoes?" }, check: { icontains: greenhouse } }',
      '    - { name: kitten, ability: extraction, history: garden, probe: { text: "What is the kitten called?" }, check: { icontains: Pixel } }',
      '    - { name: solo, ability: extraction, sessions: [{ user: "My dog is Rex." }], probe: { text: "My dog?" }, check: { icontains: Rex } }',
      '',
    ].join('\n'),
  );
  const e2e = loadSuite(path, dir).e2e!;
  return { suiteName: 'counts', cases: e2e.cases, conditions: e2e.conditions, repeat: 1, concurrency: 3, prices: {}, model: 'gpt-4o' };
}

async function run(countTokens?: (text: string) => Promise<number>): Promise<Map<string, TrialRecord>> {
  const trials: TrialRecord[] = [];
  await runE2e(suite(), { target: rememberingTarget(), onTrial: (trial) => void trials.push(trial), ...(countTokens ? { countTokens } : {}) });
  return new Map(trials.map((trial) => [trial.case, trial]));
}

describe('injected tokens counted on the counting thread', () => {
  test('each invocation gets its own count, in call order, summed on the trial with the encoding named', async () => {
    const trials = await run();
    const solo = trials.get('solo')!;
    assert.equal(solo.status, 'pass');
    // The session had nothing to recall; the probe recalled the one message (o200k_base: "My dog is Rex." is 5 tokens).
    assert.deepEqual(solo.invocations.map((invocation) => invocation.injected_tokens), [0, 5]);
    assert.equal(solo.tokens.injected, 5);
    assert.equal(solo.injected_tokens_encoding, 'o200k_base');
    // Named when the first count is asked for, as when counts were made in the call: trials.jsonl keeps its key order.
    assert.ok(Object.keys(solo).indexOf('injected_tokens_encoding') < Object.keys(solo).indexOf('answer'));
    const tomatoes = trials.get('tomatoes')!;
    assert.deepEqual(tomatoes.invocations.map((invocation) => [invocation.kind, invocation.injected_tokens! > 0]), [['session', false], ['session', true], ['probe', true]]);
    assert.equal(tomatoes.tokens.injected, tomatoes.invocations.reduce((sum, invocation) => sum + invocation.injected_tokens!, 0));
  });

  test('a count that fails makes its trial an error saying why; during a shared history\'s sessions, every trial of the playing', async () => {
    const failing = async (text: string) => {
      if (text.includes('tomatoes') || text.includes('Rex')) throw new Error('the counting thread stopped');
      return 1;
    };
    const trials = await run(failing);
    assert.deepEqual([...trials.values()].map((trial) => [trial.case, trial.status]).sort(), [['kitten', 'error'], ['solo', 'error'], ['tomatoes', 'error']]);
    assert.match(trials.get('solo')!.reason, /the counting thread stopped/);
    assert.match(trials.get('tomatoes')!.reason, /^history "garden" could not be played: the counting thread stopped/);
    assert.match(trials.get('kitten')!.reason, /^history "garden" could not be played: the counting thread stopped \(see tomatoes\|recall\|1\)/);
  });
});

describe('a trial\'s slot does not wait for its counts', () => {
  /** Four one-session cases run one at a time; every count waits until the test answers it (two per trial, in call order). */
  function slotRun(onTrial: (trial: TrialRecord) => void) {
    const dir = tempDir();
    const path = join(dir, 'suite.yaml');
    const cases = ['one', 'two', 'three', 'four'].map((name) => `    - { name: ${name}, ability: extraction, sessions: [{ user: "My ${name} is here." }], probe: { text: "My ${name}?" }, check: { icontains: here } }`);
    writeFileSync(path, ['name: slot', 'e2e:', '  target: { kind: command, command: [node, agent.mjs] }', '  cases:', ...cases, ''].join('\n'));
    const e2e = loadSuite(path, dir).e2e!;
    const asked: string[] = [];
    const target = rememberingTarget();
    const counts: (() => void)[] = [];
    const running = runE2e(
      { suiteName: 'slot', cases: e2e.cases, conditions: ['recall'], repeat: 1, concurrency: 1, prices: {}, model: 'gpt-4o' },
      {
        target: { ...target, chat: (request) => (asked.push(request.message), target.chat(request)) },
        countTokens: (text) => new Promise<number>((resolve) => counts.push(() => resolve(text.length))),
        onTrial,
      },
    );
    const answer = (trial: number) => [counts[2 * trial]!, counts[2 * trial + 1]!].forEach((count) => count());
    return { asked, answer, counts, running };
  }
  const settle = async () => {
    for (let turn = 0; turn < 200; turn++) await new Promise((resolve) => setImmediate(resolve));
  };

  test('the next trial is asked while the last one\'s counts are pending, never two ahead; trials are written in the order the slot ran them', async () => {
    const written: string[] = [];
    const { asked, answer, counts, running } = slotRun((trial) => void written.push(trial.case));
    await settle();
    assert.deepEqual(asked, ['My one is here.', 'My one?', 'My two is here.', 'My two?'], 'two goes on while one is counted; three waits for one');
    assert.deepEqual(written, [], 'nothing is settled before its counts are in');
    answer(1);
    await settle();
    assert.deepEqual(written, [], 'two is written after one');
    assert.equal(asked.length, 4);
    answer(0);
    await settle();
    assert.deepEqual(written, ['one', 'two']);
    assert.deepEqual(asked.slice(4), ['My three is here.', 'My three?', 'My four is here.', 'My four?']);
    for (const count of counts.slice(4).reverse()) count();
    const trials = await running;
    assert.deepEqual(written, ['one', 'two', 'three', 'four']);
    assert.deepEqual(trials.map((trial) => [trial.case, trial.status]), ['one', 'two', 'three', 'four'].map((name) => [name, 'pass']));
    for (const trial of trials) {
      assert.ok(trial.tokens.injected! > 0, 'the counts answered late are on the record');
      assert.equal(trial.tokens.injected, trial.invocations.reduce((sum, invocation) => sum + invocation.injected_tokens!, 0));
    }
  });

  test('a trial that cannot be written stops the run: the trial already played is written, no other starts, the error is the run\'s', async () => {
    const written: string[] = [];
    const { asked, answer, running } = slotRun((trial) => {
      if (trial.case === 'one') throw new Error('ENOSPC: no space left on device');
      written.push(trial.case);
    });
    running.catch(() => undefined);
    await settle();
    answer(0);
    answer(1);
    await assert.rejects(running, /ENOSPC/);
    assert.deepEqual(written, ['two'], 'two had been played: it is still written');
    assert.deepEqual(asked, ['My one is here.', 'My one?', 'My two is here.', 'My two?'], 'three never starts');
  });
});
