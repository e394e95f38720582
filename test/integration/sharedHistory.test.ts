// A named history shared by several cases, run end to end by the built CLI against a real adapter
// process (test/fixtures/adapters/recordingAgent.mjs, on the JS SDK) that writes down every call:
// the history is played once per repetition, the probes follow in order as the same user, and
// --resume, --shard with merge, and regrade treat a playing as one.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { ResultsDocument } from '../../src/model/results.js';
import type { TrialRecord } from '../../src/model/trial.js';
import { REPO_ROOT, runCli, tempDir } from '../support/cli.js';

const AGENT = join(REPO_ROOT, 'test/fixtures/adapters/recordingAgent.mjs');

interface Call {
  user: string;
  session?: number;
  turn?: number;
  message: string;
}

const CASES = {
  tomatoes: `    - name: tomatoes
      ability: extraction
      history: garden
      probe: { text: "Where did Ana plant tomatoes?" }
      check: { icontains: greenhouse }
      evidence: ["Ana planted tomatoes in the greenhouse."]`,
  solo: `    - name: solo
      ability: extraction
      sessions: [{ user: "My dog is called Rex." }]
      probe: { text: "What is my dog called?" }
      check: { icontains: Rex }`,
  kitten: `    - name: kitten
      ability: extraction
      history: garden
      probe: { text: "What is the kitten called that Bo adopted?" }
      check: { icontains: Pixel }
      graders: { kept: { memory: { captures: [Pixel] } } }`,
  race: `    - name: race
      ability: temporal
      history: garden
      probe: { text: "Which race did Ana sign up for?" }
      check: { f1: "the September half marathon", min: 0.4 }`,
};

function writeSuite(dir: string, options: { captures?: string; repeat?: number } = {}): string {
  const path = join(dir, 'suite.yaml');
  const cases = Object.values(CASES).map((text) => (options.captures ? text.replace('captures: [Pixel]', `captures: [${options.captures}]`) : text));
  writeFileSync(
    path,
    [
      'name: shared-history',
      'e2e:',
      `  target: { kind: command, command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(AGENT)}, --stdio], env: { CALL_LOG: ${JSON.stringify(join(dir, 'calls.jsonl'))} } }`,
      `  repeat: ${options.repeat ?? 2}`,
      '  concurrency: 2',
      '  histories:',
      '    - name: garden',
      '      sessions:',
      '        - date: 2026-03-02',
      '          turns: ["Ana planted tomatoes in the greenhouse.", "Bo adopted a grey kitten called Pixel."]',
      '        - { date: 2026-04-10, user: "Ana signed up for the September half marathon." }',
      '  cases:',
      ...cases,
      '',
    ].join('\n'),
  );
  return path;
}

const calls = (dir: string): Call[] => {
  try {
    return readFileSync(join(dir, 'calls.jsonl'), 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Call);
  } catch {
    return [];
  }
};
const trialsOf = (out: string) => readFileSync(join(out, 'trials.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as TrialRecord);
const latest = (out: string) => new Map(trialsOf(out).map((trial) => [trial.key, trial]));
const results = (out: string) => JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as ResultsDocument;
const HISTORY_TURNS = 3;
const HISTORY_PROBES = ['Where did Ana plant tomatoes?', 'What is the kitten called that Bo adopted?', 'Which race did Ana sign up for?'];

describe('a shared history run by the CLI', { timeout: 120_000 }, () => {
  test('the history is played once per repetition, then its probes in the order listed, each a fresh session of that user', async () => {
    const dir = tempDir();
    const out = join(dir, 'out');
    const run = await runCli(['run', writeSuite(dir), '--out', out]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const made = calls(dir);
    const sessions = made.filter((call) => call.session !== undefined);
    // 3 turns x 2 repetitions for the history (not x 3 cases), 1 x 2 for solo.
    assert.equal(sessions.filter((call) => call.message !== 'My dog is called Rex.').length, HISTORY_TURNS * 2);
    assert.equal(sessions.length, HISTORY_TURNS * 2 + 2);
    const historyUsers = [...new Set(sessions.filter((call) => call.message.startsWith('Ana') || call.message.startsWith('Bo')).map((call) => call.user))];
    assert.equal(historyUsers.length, 2, 'one user per repetition');
    for (const user of historyUsers) {
      const mine = made.filter((call) => call.user === user);
      assert.deepEqual(mine.map((call) => [call.session, call.turn]), [[1, 1], [1, 2], [2, 1], [undefined, undefined], [undefined, undefined], [undefined, undefined]]);
      assert.deepEqual(mine.slice(HISTORY_TURNS).map((call) => call.message), HISTORY_PROBES);
    }

    const trials = latest(out);
    assert.equal(trials.size, 8);
    for (const trial of trials.values()) assert.equal(trial.status, 'pass', `${trial.key}: ${trial.reason}`);
    const first = trials.get('tomatoes|recall|1')!;
    const second = trials.get('kitten|recall|1')!;
    assert.deepEqual(first.history, { name: 'garden', position: 1, planted_in: 'tomatoes|recall|1', played_at: first.started_at });
    assert.deepEqual(second.history, { name: 'garden', position: 2, planted_in: 'tomatoes|recall|1', played_at: first.started_at });
    const later = trials.get('race|recall|2')!;
    assert.deepEqual(later.history, { name: 'garden', position: 3, planted_in: 'tomatoes|recall|2', played_at: trials.get('tomatoes|recall|2')!.started_at });
    assert.equal(trials.get('solo|recall|1')!.history, undefined);
    // The first trial holds the sessions and the snapshot (kitten's memory grader read it); the others their probe.
    assert.deepEqual(first.invocations.map((invocation) => invocation.kind), ['session', 'session', 'session', 'probe']);
    assert.deepEqual(second.invocations.map((invocation) => invocation.kind), ['probe']);
    assert.ok(first.snapshot && 'entries' in first.snapshot && first.snapshot.entries.length === HISTORY_TURNS);
    assert.equal(second.snapshot, undefined);
    assert.equal(second.graders?.kept?.status, 'pass');
    assert.equal(first.user, second.user);

    const document = results(out);
    assert.equal(document.status, 'complete');
    assert.equal(document.e2e!.cases.kitten!.history, 'garden');
    assert.equal(document.e2e!.cases.solo!.history, undefined);
    assert.equal(document.e2e!.metrics.pass_rate, 1);
    // Resampled as 2 units: the history and solo.
    assert.equal(document.e2e!.intervals!['recall.pass_rate']!.n, 2);
  });

  test('--resume: a playing with a trial missing is played again whole; a complete one is not', async () => {
    const dir = tempDir();
    const out = join(dir, 'out');
    const suite = writeSuite(dir);
    assert.equal((await runCli(['run', suite, '--out', out])).code, 0);
    const before = latest(out);
    // Cut the last probe of the second playing from the log, as a run stopped before it would leave it.
    const kept = trialsOf(out).filter((trial) => trial.key !== 'race|recall|2');
    writeFileSync(join(out, 'trials.jsonl'), kept.map((trial) => `${JSON.stringify(trial)}\n`).join(''));
    writeFileSync(join(dir, 'calls.jsonl'), '');

    const resumed = await runCli(['run', suite, '--out', out, '--resume']);
    assert.equal(resumed.code, 0, resumed.stdout + resumed.stderr);
    const made = calls(dir);
    assert.equal(made.filter((call) => call.session !== undefined).length, HISTORY_TURNS, 'the second playing, once');
    assert.deepEqual(made.filter((call) => call.session === undefined).map((call) => call.message), HISTORY_PROBES);
    const after = latest(out);
    for (const key of ['tomatoes|recall|2', 'kitten|recall|2', 'race|recall|2']) assert.notEqual(after.get(key)!.started_at, before.get(key)?.started_at ?? '', key);
    for (const key of ['tomatoes|recall|1', 'kitten|recall|1', 'race|recall|1', 'solo|recall|2']) assert.equal(after.get(key)!.started_at, before.get(key)!.started_at, key);
    assert.equal(results(out).e2e!.metrics.trials, 8);
    assert.equal(results(out).status, 'complete');

    writeFileSync(join(dir, 'calls.jsonl'), '');
    assert.equal((await runCli(['run', suite, '--out', out, '--resume'])).code, 0);
    assert.deepEqual(calls(dir), [], 'nothing left to run');
  });

  test('--shard puts every case of the history in one shard, and the shards merge', async () => {
    const dir = tempDir();
    const suite = writeSuite(dir, { repeat: 1 });
    const shards = [join(dir, 's1'), join(dir, 's2')];
    for (const [index, out] of shards.entries()) {
      const run = await runCli(['run', suite, '--out', out, '--shard', `${index + 1}/2`]);
      assert.equal(run.code, 0, run.stdout + run.stderr);
    }
    assert.deepEqual([...latest(shards[0]!).keys()].sort(), ['kitten|recall|1', 'race|recall|1', 'tomatoes|recall|1']);
    assert.deepEqual([...latest(shards[1]!).keys()], ['solo|recall|1']);
    const merged = join(dir, 'merged');
    const merge = await runCli(['merge', '--out', merged, ...shards]);
    assert.equal(merge.code, 0, merge.stdout + merge.stderr);
    assert.equal(results(merged).e2e!.metrics.trials, 4);
    assert.equal(results(merged).e2e!.cases.race!.history, 'garden');
  });

  test('regrade reads the snapshot of the playing from its first trial: a changed memory grader fails the later case, with no calls', async () => {
    const dir = tempDir();
    const out = join(dir, 'out');
    assert.equal((await runCli(['run', writeSuite(dir, { repeat: 1 }), '--out', out])).code, 0);
    writeFileSync(join(dir, 'calls.jsonl'), '');
    const regrade = await runCli(['regrade', out, '--suite', writeSuite(dir, { repeat: 1, captures: 'Rex' })]);
    assert.equal(regrade.code, 0, regrade.stdout + regrade.stderr);
    assert.match(regrade.stdout, /kitten\|recall\|1: pass -> fail: .*kept: fail 0/);
    assert.equal(latest(out).get('kitten|recall|1')!.graders?.kept?.status, 'fail');
    assert.deepEqual(calls(dir), []);
  });
});
