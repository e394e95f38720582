import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { TrialRecord } from '../../src/model/trial.js';
import type { Verdict } from '../../src/model/gate.js';
import { renderComment } from '../../src/report/comment.js';
import type { ResultsDocument } from '../../src/model/results.js';
import { runCli, tempDir } from '../support/cli.js';
import { readResults } from '../../src/results/folder.js';
import { startOpenAIServer, type OpenAIServer } from '../support/openaiServer.js';

const SUITE = [
  'name: splits',
  'retrieval:',
  '  k: [1]',
  '  providers: [{ name: keyword, kind: keyword }]',
  '  memories:',
  '    - { id: m1, text: "My dog is called Rex." }',
  '    - { id: m2, text: "My cat Miso is grey." }',
  '  queries:',
  '    - { id: dog, text: "dog name", relevant: [m1] }',
  '    - { id: cat, text: "cat colour", relevant: [m2], split: heldout }',
  'e2e:',
  '  target: { kind: builtin, model: gpt-5-mini, memory: { provider: keyword } }',
  '  repeat: 1',
  '  conditions: [recall]',
  '  cases:',
  '    - { file: dev.yaml }',
  '    - { file: heldout.jsonl, split: heldout }',
  '',
].join('\n');

const DEV = [
  '- { name: dog-name, ability: extraction, sessions: [{ user: "My dog is called Rex." }], probe: { text: "What is my dog called?" }, check: { icontains: rex } }',
  '- { name: home-city, ability: extraction, sessions: [{ user: "I live in Porto." }], probe: { text: "Which city do I live in?" }, check: { icontains: porto } }',
  '',
].join('\n');

const catName = { name: 'cat-name', ability: 'extraction', sessions: [{ user: 'My cat is called Miso.' }], probe: { text: 'What is my cat called?' }, check: { icontains: 'miso' } };
// Fails: the answer names the colour the user gave, which the check does not accept.
const catColour = { name: 'cat-colour', ability: 'extraction', sessions: [{ user: 'My cat Tigerlily is grey.' }], probe: { text: 'What colour is my cat?' }, check: { icontains: 'black' } };
const jsonl = (...rows: object[]) => rows.map((row) => JSON.stringify(row)).join('\n') + '\n';

function suiteDir(heldout = jsonl(catName, catColour), gate = ''): string {
  const dir = tempDir('recall-gate-suite-');
  writeFileSync(join(dir, 'suite.yaml'), SUITE + gate);
  writeFileSync(join(dir, 'dev.yaml'), DEV);
  writeFileSync(join(dir, 'heldout.jsonl'), heldout);
  return dir;
}

function read(out: string): { results: ResultsDocument; trials: TrialRecord[] } {
  const lines = readFileSync(join(out, 'trials.jsonl'), 'utf8').trim().split('\n').filter(Boolean);
  return { results: readResults(out, process.cwd()), trials: lines.map((line) => JSON.parse(line) as TrialRecord) };
}

const comment = (results: ResultsDocument, baseline?: ResultsDocument, verdict?: Verdict) =>
  renderComment({ marker: '<!-- m -->', results, baseline, baselineNote: 'main', verdict, e2eTrigger: { ran: true, reason: 'test', files: [] } });

describe('dev and held-out cases', { timeout: 300_000 }, () => {
  let server: OpenAIServer;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    server = await startOpenAIServer({ apiKey: 'sk-test' });
    env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url };
  });
  after(async () => server.close());

  const run = async (dir: string, ...args: string[]) => {
    const out = tempDir();
    const result = await runCli(['run', join(dir, 'suite.yaml'), '--layer', 'all', '--out', out, ...args], { env });
    return { out, ...result };
  };

  test('--split heldout runs only the held-out cases and queries, and records a hash per held-out case', async () => {
    const { out, code, stderr, stdout } = await run(suiteDir(), '--split', 'heldout');
    assert.equal(code, 0, stderr);
    // Both reports say first that their figures are one split's.
    assert.match(stdout, /^split: only the heldout cases and queries ran \(run --split heldout\); every figure below is theirs alone$/m);
    assert.match(readFileSync(join(out, 'report.md'), 'utf8'), /^Split: only the heldout cases and queries ran \\\(run --split heldout\\\); every figure below is theirs alone\.$/m);
    const { results, trials } = read(out);
    assert.deepEqual(trials.map((trial) => trial.case).sort(), ['cat-colour', 'cat-name']);
    assert.deepEqual(results.retrieval!.providers.keyword!.queries.map((query) => query.id), ['cat']);
    assert.equal(results.split!.run, 'heldout');
    assert.deepEqual(Object.keys(results.split!.heldout_cases).sort(), ['cat-colour', 'cat-name']);
    for (const hashes of Object.values(results.split!.heldout_cases)) for (const part of ['sessions', 'probe', 'check'] as const) assert.match(hashes[part], /^[0-9a-f]{16}$/);
  });

  test('the whole run: held-out answers are in trials.jsonl and results.json, not in the comment, whose pass rates still count them', async () => {
    const { out, code, stderr } = await run(suiteDir());
    assert.equal(code, 0, stderr);
    const { results, trials } = read(out);
    assert.equal(trials.length, 4);
    assert.equal(results.split!.run, 'all');
    assert.deepEqual(Object.keys(results.split!.heldout_cases).sort(), ['cat-colour', 'cat-name'], 'dev cases are not frozen');
    const failed = trials.find((trial) => trial.case === 'cat-colour')!;
    assert.equal(failed.status, 'fail');
    assert.match(JSON.stringify(failed), /Tigerlily/);
    assert.match(JSON.stringify(results.e2e!.failures), /Tigerlily/);
    const body = comment(results);
    assert.doesNotMatch(body, /Tigerlily/);
    assert.match(body, /cat-colour\\\|recall\\\|1 \| What colour is my cat\? \| \(held out\) \| \(held out\) \|/);
    // 3 of 4 passed: the held-out failure stays in the denominator.
    assert.match(body, /\| \*\*all\*\* \| 0\.750 \(3\/4\) \[[\d.]+, [\d.]+\] n=4 \|/);
  });

  test('the comment flags a held-out case whose probe or check changed against the baseline, and only it', async () => {
    const before = await run(suiteDir(), '--split', 'heldout');
    const edited = { ...catName, probe: { text: 'Tell me what my cat is called.' } };
    const now = await run(suiteDir(jsonl(edited, catColour)), '--split', 'heldout');
    assert.equal(now.code, 0, now.stderr);
    const body = comment(read(now.out).results, read(before.out).results);
    assert.match(body, /1 held-out case changed against the baseline:\*\* cat-name \(probe\)\./);
    assert.doesNotMatch(body, /cat-colour \(/);
    assert.doesNotMatch(comment(read(before.out).results, read(before.out).results), /changed against the baseline/);
  });

  test('held-out queries are frozen too: results.json hashes their text and relevant ids, and the comment flags an edited one', async () => {
    const before = await run(suiteDir(), '--split', 'heldout');
    const hashes = read(before.out).results.split!.heldout_queries!;
    assert.deepEqual(Object.keys(hashes), ['cat'], 'dev queries are not frozen');
    assert.match(hashes.cat!.text, /^[0-9a-f]{16}$/);
    const dir = suiteDir();
    writeFileSync(join(dir, 'suite.yaml'), SUITE.replace('text: "cat colour", relevant: [m2]', 'text: "cat colour", relevant: [m1, m2]'));
    const now = await run(dir, '--split', 'heldout');
    assert.equal(now.code, 0, now.stderr);
    const after = read(now.out).results;
    assert.equal(after.split!.heldout_queries!.cat!.text, hashes.cat!.text, 'the text did not change');
    const body = comment(after, read(before.out).results);
    assert.match(body, /1 held-out query changed against the baseline:\*\* cat \(relevant\)\. Held-out queries are meant to stay frozen\./);
    assert.doesNotMatch(body, /held-out cases? changed/, 'no case changed');
    // A baseline written before queries were hashed flags nothing rather than every query.
    const old = read(before.out).results;
    delete old.split!.heldout_queries;
    assert.doesNotMatch(comment(after, old), /held-out query/);
  });

  test('shards of one split merge into that split: no dev case counts as missing, every held-out hash kept', async () => {
    const dir = suiteDir();
    const shards = [await run(dir, '--split', 'heldout', '--shard', '1/2'), await run(dir, '--split', 'heldout', '--shard', '2/2')];
    for (const shard of shards) assert.equal(shard.code, 0, shard.stderr);
    const out = tempDir();
    const merged = await runCli(['merge', '--out', out, ...shards.map((shard) => shard.out), '--suite', join(dir, 'suite.yaml')], { env });
    assert.equal(merged.code, 0, merged.stdout + merged.stderr);
    const { results, trials } = read(out);
    assert.equal(results.status, 'complete', results.errors.join('; '));
    assert.equal(trials.length, 2);
    assert.equal(results.e2e!.missing, 0);
    assert.deepEqual(Object.keys(results.split!.heldout_cases).sort(), ['cat-colour', 'cat-name']);
  });

  test('a bad split value is reported at file:line:col', async () => {
    const dir = suiteDir(jsonl(catName, { ...catColour, split: 'test' }));
    const result = await runCli(['validate', join(dir, 'suite.yaml')]);
    assert.equal(result.code, 2, result.stdout + result.stderr);
    assert.match(result.stdout + result.stderr, /heldout\.jsonl:2:175: "split" must be one of: dev, heldout; got "test"/);
  });

  test('a row that contradicts its file\'s split is reported at the row, naming where the file\'s split is set', async () => {
    const dir = suiteDir(jsonl(catName, { ...catColour, split: 'dev' }));
    const result = await runCli(['validate', join(dir, 'suite.yaml')]);
    assert.equal(result.code, 2, result.stdout + result.stderr);
    assert.match(result.stdout + result.stderr, /heldout\.jsonl:2:\d+: split dev in a file the suite marks split heldout \(remove it, or list this row elsewhere \(the file's split is set at \S*suite\.yaml:17:\d+\)\)/);
  });

  // All dev cases pass; one of the two held-out cases fails: the whole run is 0.75, dev 1, heldout 0.5.
  const gateOn = (split: string) => ['gate:', `  split: ${split}`, '  all:', '    - { metric: e2e.pass_rate, op: gte, value: 1, max_drop: 0 }', '    - { metric: retrieval.keyword.mrr, op: gte, value: 0 }', ''].join('\n');
  type GateJson = { gate: Verdict };

  test('gate.split: the split named decides the verdict, and the report says which split it was', async () => {
    const dir = suiteDir(undefined, gateOn('dev'));
    const dev = await run(dir, '--json');
    assert.equal(dev.code, 0, dev.stderr);
    const devVerdict = (JSON.parse(dev.stdout) as GateJson).gate;
    assert.equal(devVerdict.status, 'pass');
    assert.deepEqual(devVerdict.split, { name: 'dev', cases: 2, queries: 1 });
    assert.equal(devVerdict.rows[0]!.actual, 1);

    const heldoutDir = suiteDir(undefined, gateOn('heldout'));
    const heldout = await run(heldoutDir);
    assert.equal(heldout.code, 1, heldout.stdout + heldout.stderr);
    assert.match(heldout.stdout, /gate decided on the heldout split: 2 cases, 1 query\ngate FAILED/);
    const { results } = read(heldout.out);
    // results.json is the whole run: only the gate is narrowed.
    assert.equal(results.e2e!.metrics.pass_rate, 0.75);
    assert.equal(results.retrieval!.providers.keyword!.queries.length, 2);
    const verdict = (JSON.parse((await runCli(['compare', heldout.out, heldout.out, '--json', '--suite', join(heldoutDir, 'suite.yaml')], { env })).stdout) as GateJson).gate;
    // The baseline is narrowed the same way: 0.5 on the held-out cases, not the whole run's 0.75.
    assert.equal(verdict.rows[0]!.actual, 0.5);
    assert.equal(verdict.rows[0]!.baseline, 0.5);
    assert.deepEqual(verdict.rows[0]!.interval, [0, 0]);
    assert.equal(verdict.status, 'fail', 'the absolute threshold still fails on the held-out split');
    const body = comment(results, results, verdict);
    assert.match(body, /### Gate\n\ngate decided on the heldout split: 2 cases, 1 query\n/);
  });

  test('a gate.split that is not a split, or names a split without cases or queries, is reported at file:line:col', async () => {
    const bad = await runCli(['validate', join(suiteDir(undefined, gateOn('heldot')), 'suite.yaml')]);
    assert.equal(bad.code, 2, bad.stdout + bad.stderr);
    assert.match(bad.stdout + bad.stderr, /suite\.yaml:19:10: "split" must be one of: all, dev, heldout; got "heldot"/);
    const devOnly = jsonl({ ...catName, split: 'dev' });
    const dir = suiteDir(devOnly, gateOn('heldout'));
    writeFileSync(join(dir, 'suite.yaml'), SUITE.replace(', split: heldout }', ' }').replace('    - { file: heldout.jsonl, split: heldout }', '    - { file: heldout.jsonl }') + gateOn('heldout'));
    const empty = await runCli(['validate', join(dir, 'suite.yaml')]);
    assert.equal(empty.code, 2, empty.stdout + empty.stderr);
    assert.match(empty.stdout + empty.stderr, /suite\.yaml:19:10: the gate decides on the heldout split, but no case or query of this suite is in it \(mark cases or queries split: heldout, or remove gate\.split\)/);
  });

  test('run --split with an unknown value is an input error', async () => {
    const result = await run(suiteDir(), '--split', 'test');
    assert.equal(result.code, 2);
    assert.match(result.stderr, /unknown split "test".*use one of all, dev, heldout/s);
  });
});
