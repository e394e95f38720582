import assert from 'node:assert/strict';
import { appendFileSync, cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import type { TrialRecord } from '../../src/model/trial.js';
import type { ResultsDocument } from '../../src/model/results.js';
import { REPO_ROOT, runCli, tempDir } from '../support/cli.js';

/*
 * merge combines shard folders only when each holds exactly what its plan
 * gave it. The shards are real `run --shard i/2` outputs (the example toy
 * agent, no network); each test tampers with a copy as a hand edit or a
 * wrong copy would.
 */

const TOY = join(REPO_ROOT, 'examples/adapter/agent.mjs');
const SUITE = [
  'name: merge-checks',
  'retrieval:',
  '  k: [1]',
  '  providers: [{ name: keyword, kind: keyword }]',
  '  memories:',
  '    - { id: m1, text: "My dog is called Rex." }',
  '    - { id: m2, text: "I live in Porto." }',
  '  queries:',
  '    - { id: dog, text: "dog name", relevant: [m1] }',
  '    - { id: city, text: "which city", relevant: [m2] }',
  'e2e:',
  `  target: { kind: command, command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(TOY)}, --stdio] }`,
  '  repeat: 2',
  '  conditions: [recall]',
  '  cases:',
  '    - { name: dog-name, ability: extraction, sessions: [{ user: "My dog is called Rex." }], probe: { text: "What is my dog called?" }, check: { icontains: rex } }',
  // Fails: the check wants a word the agent was never told. Shard 2 runs it.
  '    - { name: dog-colour, ability: extraction, sessions: [{ user: "My dog is called Rex." }], probe: { text: "What colour is my dog?" }, check: { icontains: purple } }',
  '    - { name: home-city, ability: extraction, sessions: [{ user: "I live in Porto." }], probe: { text: "Which city do I live in?" }, check: { icontains: porto } }',
  '    - { name: home-again, ability: extraction, sessions: [{ user: "I live in Porto." }], probe: { text: "Where do I live?" }, check: { icontains: porto } }',
  'gate:',
  '  all:',
  '    - { metric: e2e.pass_rate, op: gte, value: 0.8 }',
  '',
].join('\n');

let suiteDir: string;
const shards: string[] = [];

const readJson = (dir: string) => JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as ResultsDocument;
const writeJson = (dir: string, results: ResultsDocument) => writeFileSync(join(dir, 'results.json'), JSON.stringify(results, null, 2));
const trialsOf = (dir: string) => readFileSync(join(dir, 'trials.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as TrialRecord);
const writeTrials = (dir: string, trials: TrialRecord[]) => writeFileSync(join(dir, 'trials.jsonl'), trials.map((trial) => JSON.stringify(trial)).join('\n') + '\n');

/** Fresh copies of the two shard folders, for one test to tamper with. */
function copies(): [string, string] {
  const [one, two] = [tempDir('recall-gate-shard1-'), tempDir('recall-gate-shard2-')];
  cpSync(shards[0]!, one, { recursive: true });
  cpSync(shards[1]!, two, { recursive: true });
  return [one, two];
}

const merge = (...dirs: string[]) => runCli(['merge', '--out', tempDir(), ...dirs, '--suite', join(suiteDir, 'suite.yaml')]);

describe('merge refuses shard folders that do not hold exactly their plan', () => {
  before(async () => {
    suiteDir = tempDir('recall-gate-suite-');
    writeFileSync(join(suiteDir, 'suite.yaml'), SUITE);
    for (const index of [1, 2]) {
      const out = tempDir();
      const run = await runCli(['run', join(suiteDir, 'suite.yaml'), '--layer', 'all', '--shard', `${index}/2`, '--out', out]);
      assert.equal(run.code, 0, run.stdout + run.stderr);
      shards.push(out);
    }
    // Shard 1 runs dog-name and home-city; shard 2 dog-colour (failing) and home-again.
    assert.deepEqual([...new Set(trialsOf(shards[1]!).map((trial) => trial.case))].sort(), ['dog-colour', 'home-again']);
    assert.equal(trialsOf(shards[1]!).filter((trial) => trial.status === 'fail').length, 2);
  }, { timeout: 120_000 });

  test('untouched shards merge (the checks refuse nothing a real run writes)', async () => {
    const result = await merge(...copies());
    assert.equal(result.code, 1, result.stdout + result.stderr);
    assert.match(result.stdout, /merged 2 shards of 2/);
    assert.match(result.stdout, /gate FAILED/, 'pass rate 0.75 is under 0.8');
  });

  test('a trial moved into the wrong shard (a passing copy where a failure was) is refused, naming the folder and the key', async () => {
    const [one, two] = copies();
    const failing = trialsOf(two).find((trial) => trial.status === 'fail')!;
    writeTrials(two, trialsOf(two).filter((trial) => trial.key !== failing.key));
    const passing = trialsOf(one)[0]!;
    appendFileSync(join(one, 'trials.jsonl'), `${JSON.stringify({ ...passing, key: failing.key, case: failing.case })}\n`);
    const result = await merge(one, two);
    assert.equal(result.code, 2, result.stdout + result.stderr);
    assert.doesNotMatch(result.stdout, /gate PASSED/);
    assert.ok(result.stderr.includes(`${one} holds trial ${failing.key}, which is not in its plan (shard 1/2`), result.stderr);
  });

  test('a trial no shard plans (a repeat past the suite\'s) is refused', async () => {
    const [one, two] = copies();
    const trial = trialsOf(one)[0]!;
    const key = `${trial.case}|recall|3`;
    appendFileSync(join(one, 'trials.jsonl'), `${JSON.stringify({ ...trial, key, repeat: 3 })}\n`);
    const result = await merge(one, two);
    assert.equal(result.code, 2, result.stdout + result.stderr);
    assert.ok(result.stderr.includes(`${one} holds trial ${key}, which is not in its plan`), result.stderr);
  });

  test('a key in two shards is refused, naming both folders', async () => {
    const [one, two] = copies();
    const copied = trialsOf(two)[0]!;
    appendFileSync(join(one, 'trials.jsonl'), `${JSON.stringify(copied)}\n`);
    const result = await merge(one, two);
    assert.equal(result.code, 2, result.stdout + result.stderr);
    assert.ok(result.stderr.includes(`trial ${copied.key} is in two shards: ${one} and ${two}`), result.stderr);
  });

  test('a complete shard missing a planned trial is refused; an unfinished one is merged as incomplete', async () => {
    const [one, two] = copies();
    const dropped = trialsOf(two)[1]!;
    writeTrials(two, trialsOf(two).filter((trial) => trial.key !== dropped.key));
    const result = await merge(one, two);
    assert.equal(result.code, 2, result.stdout + result.stderr);
    assert.ok(result.stderr.includes(`${two} says it is complete but has no record of its planned trial ${dropped.key} (shard 2/2)`), result.stderr);

    // A shard cut short says so: its missing trials are errors of an incomplete merged run (exit 3), as before.
    writeJson(two, { ...readJson(two), status: 'incomplete', errors: ['interrupted by SIGTERM'] });
    const cut = await merge(one, two);
    assert.equal(cut.code, 3, cut.stdout + cut.stderr);
  });

  test('shards of different recall-gate versions are refused, naming both versions', async () => {
    const [one, two] = copies();
    const version = readJson(one).tool.version;
    writeJson(two, { ...readJson(two), tool: { name: 'recall-gate', version: '0.0.1-other' } });
    const result = await merge(one, two);
    assert.equal(result.code, 2, result.stdout + result.stderr);
    assert.ok(result.stderr.includes(`${two} was written by recall-gate 0.0.1-other, ${one} by recall-gate ${version}`), result.stderr);
  });

  test('shards of different suite hashes are refused, naming both hashes', async () => {
    const [one, two] = copies();
    const other = 'ab'.repeat(32);
    writeJson(two, { ...readJson(two), suite: { ...readJson(two).suite, sha256: other } });
    const result = await merge(one, two);
    assert.equal(result.code, 2, result.stdout + result.stderr);
    assert.ok(result.stderr.includes(`${two} ran another version of the suite than ${one} (suite sha256 ${other.slice(0, 12)}... against ${readJson(one).suite.sha256.slice(0, 12)}...)`), result.stderr);
  });

  test('a suite edited since the shards ran is refused: the plans are told from it', async () => {
    const edited = tempDir('recall-gate-suite-');
    writeFileSync(join(edited, 'suite.yaml'), SUITE.replace('repeat: 2', 'repeat: 3'));
    const result = await runCli(['merge', '--out', tempDir(), ...copies(), '--suite', join(edited, 'suite.yaml')]);
    assert.equal(result.code, 2, result.stdout + result.stderr);
    assert.match(result.stderr, /suite\.yaml is not the suite the shards ran \(sha256 [0-9a-f]{12}\.\.\. against [0-9a-f]{12}\.\.\./);
  });

  test('retrieval results in a shard other than 1 are refused', async () => {
    const [one, two] = copies();
    writeJson(two, { ...readJson(two), retrieval: readJson(one).retrieval, layers: readJson(one).layers });
    cpSync(join(one, 'queries'), join(two, 'queries'), { recursive: true });
    const result = await merge(one, two);
    assert.equal(result.code, 2, result.stdout + result.stderr);
    assert.ok(result.stderr.includes(`${two} holds retrieval results, which are not in its plan (shard 2/2: the retrieval layer runs in shard 1 only)`), result.stderr);
  });

  test('a query row the plan does not have, or one row twice, is refused', async () => {
    const [one, two] = copies();
    const rows = join(one, 'queries', 'keyword.jsonl');
    const [first] = readFileSync(rows, 'utf8').trim().split('\n');
    appendFileSync(rows, `${JSON.stringify({ ...JSON.parse(first!), id: 'made-up' })}\n`);
    const foreign = await merge(one, two);
    assert.equal(foreign.code, 2, foreign.stdout + foreign.stderr);
    assert.ok(foreign.stderr.includes(`${one} holds a row of query made-up for provider keyword, which is not in its plan (shard 1/2)`), foreign.stderr);

    const [again, other] = copies();
    const twice = join(again, 'queries', 'keyword.jsonl');
    appendFileSync(twice, `${readFileSync(twice, 'utf8').trim().split('\n')[0]!}\n`);
    const duplicate = await merge(again, other);
    assert.equal(duplicate.code, 2, duplicate.stdout + duplicate.stderr);
    assert.match(duplicate.stderr, /holds query (dog|city) twice for provider keyword/);
  });
});
