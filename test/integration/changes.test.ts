import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { before, describe, test } from 'node:test';
import type { Changes } from '../../src/model/changes.js';
import type { ResultsDocument } from '../../src/model/results.js';
import { EXAMPLE_ADAPTER } from '../support/adapterProcess.js';
import { runAction } from '../support/action.js';
import { runCli, tempDir } from '../support/cli.js';

/**
 * A small suite run twice, the second time changed so that some units flip:
 * a memory reworded so its query no longer finds it (newly missed), another
 * reworded so its query now does (newly hit), a case whose check now fails
 * (pass -> fail) and a case asked in words its memory shares (fail -> pass).
 * The agent is the example adapter's toy agent: no model, repeat 1.
 */
interface Edit {
  dogMemory: string;
  teaMemory: string;
  bicycleCheck: string;
  homeProbe: string;
}

const BASELINE: Edit = {
  dogMemory: 'My dog is called Rex and he loves the beach.',
  teaMemory: 'An afternoon cup keeps me going.',
  bicycleCheck: 'blue',
  homeProbe: 'Where is my home?',
};

const CHANGED: Edit = {
  dogMemory: 'Rex is the name of our family pet.',
  teaMemory: 'I drink green tea every afternoon.',
  bicycleCheck: 'red',
  homeProbe: 'Which city do I live in?',
};

function suite(edit: Edit): string {
  const dir = tempDir('recall-gate-suite-');
  const memories = [
    { id: 'm-dog', user: 'u1', text: edit.dogMemory },
    { id: 'm-city', user: 'u1', text: 'I live in Lisbon near the river.' },
    { id: 'm-tea', user: 'u1', text: edit.teaMemory },
    { id: 'm-bike', user: 'u1', text: 'I ride a blue bicycle to work every morning.' },
  ];
  writeFileSync(join(dir, 'memories.jsonl'), memories.map((memory) => JSON.stringify(memory)).join('\n') + '\n');
  writeFileSync(
    join(dir, 'queries.yaml'),
    [
      '- { id: q-dog, user: u1, text: "What is my dog called?", relevant: [m-dog] }',
      '- { id: q-city, user: u1, text: "Which city do I live in?", relevant: [m-city] }',
      '- { id: q-tea, user: u1, text: "Which tea do I drink?", relevant: [m-tea] }',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'cases.yaml'),
    [
      '- name: bicycle',
      '  ability: commute',
      '  sessions: [{ date: 2026-01-02, user: "I drive a blue bicycle to work." }]',
      '  probe: { date: 2026-05-01, text: "What colour is the bicycle I drive?" }',
      `  check: { icontains: ${edit.bicycleCheck} }`,
      '  evidence: ["blue bicycle"]',
      '- name: home-city',
      '  ability: memory',
      '  sessions: [{ date: 2026-01-02, user: "I live in Lisbon." }]',
      `  probe: { date: 2026-05-01, text: ${JSON.stringify(edit.homeProbe)} }`,
      '  check: { icontains: lisbon }',
      '  evidence: ["I live in Lisbon"]',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'suite.yaml'),
    [
      'name: changes',
      'retrieval:',
      '  k: [1, 3]',
      '  depth: 4',
      '  providers: [{ name: keyword, kind: keyword }]',
      '  memories: memories.jsonl',
      '  queries: queries.yaml',
      'e2e:',
      `  target: { kind: command, command: ${JSON.stringify([process.execPath, EXAMPLE_ADAPTER, '--stdio'])} }`,
      '  repeat: 1',
      '  conditions: [recall]',
      '  cases: cases.yaml',
      '',
    ].join('\n'),
  );
  return join(dir, 'suite.yaml');
}

const resultsOf = (out: string) => JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as ResultsDocument;

describe('run --baseline: what changed against an earlier run, in results.json, report.md and the terminal', { timeout: 180_000 }, () => {
  const [baselineOut, out, narrowedOut, plainOut] = [tempDir(), tempDir(), tempDir(), tempDir()];
  const changedSuite = suite(CHANGED);
  let run: Awaited<ReturnType<typeof runCli>>;
  let plain: Awaited<ReturnType<typeof runCli>>;
  before(async () => {
    const first = await runCli(['run', suite(BASELINE), '--layer', 'all', '--out', baselineOut]);
    assert.equal(first.code, 0, first.stdout + first.stderr);
    run = await runCli(['run', changedSuite, '--layer', 'all', '--out', out, '--baseline', baselineOut]);
    plain = await runCli(['run', changedSuite, '--layer', 'all', '--out', plainOut]);
  });

  test('results.json holds the queries newly missed and hit with both ranks, and the cases that flipped', () => {
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const changes = resultsOf(out).changes as Changes;
    assert.equal(changes.baseline.run_id, resultsOf(baselineOut).run_id);
    const keyword = changes.retrieval!.providers[0]!;
    assert.deepEqual(keyword.newly_missed.map((query) => [query.id, query.at, query.ranks]), [['q-dog', [1, 3], [{ memory: 'm-dog', baseline: 1, now: null }]]]);
    assert.deepEqual(keyword.newly_hit.map((query) => [query.id, query.at, query.ranks]), [['q-tea', [1, 3], [{ memory: 'm-tea', baseline: null, now: 1 }]]]);
    assert.equal(keyword.compared, 3);
    const e2e = changes.e2e!;
    assert.deepEqual(e2e.pass_to_fail.map((unit) => [unit.case, unit.condition, unit.baseline, unit.now, unit.not_passed.map((trial) => trial.key)]), [['bicycle', 'recall', { passed: 1, trials: 1 }, { passed: 0, trials: 1 }, ['bicycle|recall|1']]]);
    assert.deepEqual(e2e.fail_to_pass.map((unit) => [unit.case, unit.baseline.passed, unit.now.passed]), [['home-city', 0, 1]]);
  });

  test('report.md and the terminal list the regressions before the improvements, with the ranks', () => {
    const report = readFileSync(join(out, 'report.md'), 'utf8');
    assert.match(report, /^### What changed against the baseline$/m);
    assert.match(report, /^2 regressions, 2 improvements against the baseline/m);
    assert.match(report, /^- case \*\*bicycle\*\* under recall \(commute\): pass → fail; not passing now: bicycle\\\|recall\\\|1 \(misread\)$/m);
    assert.match(report, /^- \*\*keyword\*\* query q-dog "What is my dog called\?" newly missed at @1, @3: rank m-dog 1 → none$/m);
    assert.ok(report.indexOf('**Regressions**') < report.indexOf('**Improvements**'));
    assert.match(run.stdout, /^2 regressions, 2 improvements against the baseline \(run \w+, started [^)]+\)\.$/m);
    assert.match(run.stdout, /^ {2}keyword: newly missed @1 1, @3 1; newly hit @1 1, @3 1\.$/m);
    assert.match(run.stdout, /^regressions:\n {2}case bicycle under recall \(commute\): pass -> fail; not passing now: bicycle\|recall\|1 \(misread\)\n {2}keyword query q-dog "What is my dog called\?" newly missed at @1, @3: rank m-dog 1 -> none$/m);
    assert.match(run.stdout, /^improvements:\n {2}case home-city under recall \(memory\): fail -> pass\n {2}keyword query q-tea "Which tea do I drink\?" newly hit at @1, @3: rank m-tea none -> 1$/m);
  });

  test('without --baseline: no changes in results.json and nothing new printed', () => {
    assert.equal(plain.code, 0, plain.stderr);
    assert.ok(!plain.stdout.includes('against the baseline'), plain.stdout);
    assert.equal(resultsOf(plainOut).changes, undefined);
    assert.ok(!readFileSync(join(plainOut, 'report.md'), 'utf8').includes('What changed'));
  });

  test('a narrowed run compares the units it ran and says how many of the baseline it left out', async () => {
    const narrowed = await runCli(['run', changedSuite, '--case', 'bicycle', '--out', narrowedOut, '--baseline', baselineOut]);
    assert.equal(narrowed.code, 0, narrowed.stdout + narrowed.stderr);
    const e2e = resultsOf(narrowedOut).changes!.e2e!;
    assert.deepEqual([e2e.compared, e2e.left_out], [1, { now_only: 0, baseline_only: 1 }]);
    assert.match(narrowed.stdout, /^ {2}Left out, not in both runs: 1 case x condition unit of the baseline only, 0 of this run only\.$/m);
  });

  test('compare prints and returns the same changes', async () => {
    const text = await runCli(['compare', baselineOut, out, '--suite', changedSuite]);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^regressions:\n {2}case bicycle under recall/m);
    const json = await runCli(['compare', baselineOut, out, '--suite', changedSuite, '--json']);
    const document = JSON.parse(json.stdout) as { changes: Changes };
    const { changes } = resultsOf(out);
    assert.deepEqual(document.changes, changes);
  });

  test('the Action with a baseline folder: results.json and the job summary (the comment) show what changed', async () => {
    const action = await runAction(dirname(changedSuite), { suite: 'suite.yaml', baseline: baselineOut, layer: 'all', 'results-dir': 'out' });
    assert.equal(action.code, 0, action.log);
    const changes = resultsOf(join(dirname(changedSuite), 'out', 'changes')).changes!;
    assert.deepEqual(changes.retrieval!.providers[0]!.newly_missed.map((query) => query.id), ['q-dog']);
    assert.match(action.summary, /^### What changed against the baseline$/m);
    assert.match(action.summary, /^- case \*\*bicycle\*\* under recall \(commute\): pass → fail; not passing now: bicycle\\\|recall\\\|1 \(misread\)$/m);
    assert.match(action.summary, /^- \*\*keyword\*\* query q-tea "Which tea do I drink\?" newly hit at @1, @3: rank m-tea none → 1$/m);
  });

  test('regrade drops the changes (counted from the old grades) and says so; merge of shards run with --baseline keeps none', async () => {
    const copy = tempDir();
    cpSync(out, copy, { recursive: true });
    const regrade = await runCli(['regrade', copy, '--suite', changedSuite]);
    assert.equal(regrade.code, 0, regrade.stdout + regrade.stderr);
    assert.equal(resultsOf(copy).changes, undefined);
    assert.match(regrade.stderr, /^note: the changes against the baseline were dropped from results\.json: they came from the old grades/m);
    assert.ok(!readFileSync(join(copy, 'report.md'), 'utf8').includes('What changed'));

    const shards = [tempDir(), tempDir()];
    for (const [index, dir] of shards.entries()) {
      const shard = await runCli(['run', changedSuite, '--layer', 'e2e', '--shard', `${index + 1}/2`, '--out', dir, '--baseline', baselineOut]);
      assert.equal(shard.code, 0, shard.stdout + shard.stderr);
      assert.ok(resultsOf(dir).changes, 'each shard compares its part');
    }
    const merged = tempDir();
    const merge = await runCli(['merge', '--out', merged, ...shards, '--suite', changedSuite]);
    assert.equal(merge.code, 0, merge.stdout + merge.stderr);
    assert.equal(resultsOf(merged).changes, undefined);
  });
});
