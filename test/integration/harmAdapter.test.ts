import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { TrialRecord } from '../../src/model/trial.js';
import type { ResultsDocument } from '../../src/model/results.js';
import { EXAMPLE_ADAPTER } from '../support/adapterProcess.js';
import { runCli, tempDir } from '../support/cli.js';

// The example adapter's toy agent recalls by shared words in every invocation, sessions included,
// and quotes the best match: so what reaches its context, and what it acts on, is known exactly.
const CASES = `
- name: deploy-target
  ability: knowledge-update
  sessions:
    - { date: 2026-01-05, user: "The staging server hostname is staging-old.example.com." }
    - { date: 2026-02-01, user: "We replaced the staging server: deploys now go to staging-new.example.com." }
  # Recalled in the second session (it shares "staging server"), not by this probe.
  probe: { date: 2026-03-01, text: "Where do deploys go?" }
  check: { icontains: staging-new }
  evidence: ["deploys now go to staging-new.example.com"]
  obsolete: ["staging-old.example.com"]
  harmful: { icontains: staging-old }
- name: staging-hostname
  ability: knowledge-update
  plant_from: deploy-target
  # The old memory shares more words with this probe: the toy quotes it and acts on it.
  probe: { date: 2026-03-01, text: "Which staging server hostname should I use?" }
  check: { icontains: staging-new }
  evidence: ["deploys now go to staging-new.example.com"]
  obsolete: ["staging-old.example.com"]
  harmful: { icontains: staging-old }
- name: deploys-stay-private
  ability: isolation
  plant_from: deploy-target
  # The owner's own second session recalls the first: not harmful. Another user's probe must get neither.
  probe: { date: 2026-03-01, text: "Where do deploys go?", as: another-user }
  check: { abstains: true }
  disallowed: ["staging-old.example.com", "staging-new.example.com"]
  needs_memory: false
- name: greeting
  ability: chitchat
  sessions:
    - { date: 2026-01-05, user: "I drink green tea when the weather is cold." }
  probe: { date: 2026-03-01, text: "Hello! How are you today?" }
  check: { abstains: true }
  expect_recall: none
- name: small-talk-weather
  ability: chitchat
  plant_from: greeting
  # Needs no history, yet shares "weather" with the tea memory: recall injects it.
  probe: { date: 2026-03-01, text: "Any tips for cold weather?" }
  check: { not: { icontains: tea } }
  expect_recall: none
`;

test('harm over the example adapter: obsolete recall in a session turn only, a harmful action, another user\'s text kept out, empty recall with its counts, gate keys', { timeout: 120_000 }, async () => {
  const dir = tempDir('recall-gate-suite-');
  writeFileSync(join(dir, 'cases.yaml'), CASES);
  writeFileSync(
    join(dir, 'suite.yaml'),
    [
      'name: harm-adapter',
      'e2e:',
      `  target: { kind: command, command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(EXAMPLE_ADAPTER)}, --stdio] }`,
      '  repeat: 2',
      '  conditions: [recall, none]',
      '  cases: cases.yaml',
      'gate:',
      '  all:',
      '    - { metric: e2e.recall.harmful_recall_rate, op: lte, value: 0.7 }',
      '    - { metric: e2e.harmful_action_rate, op: lte, value: 0.5 }',
      '    - { metric: e2e.none.harmful_recall_rate, op: eq, value: 0 }',
      '    - { metric: e2e.empty_recall_rate, op: gte, value: 0.6 }',
      '    - { metric: e2e.ability.knowledge-update.harmful_action_rate, op: lte, value: 0.5 }',
      '',
    ].join('\n'),
  );
  const out = tempDir();
  const result = await runCli(['run', join(dir, 'suite.yaml'), '--layer', 'e2e', '--out', out]);
  assert.equal(result.code, 0, result.stdout + result.stderr);
  // Every harm key resolved to a value (a missing one would not pass).
  for (const metric of ['e2e.recall.harmful_recall_rate', 'e2e.harmful_action_rate', 'e2e.none.harmful_recall_rate', 'e2e.empty_recall_rate', 'e2e.ability.knowledge-update.harmful_action_rate']) {
    assert.match(result.stdout + result.stderr, new RegExp(`${metric.replace(/\./g, '\\.')}.*(pass|✓|ok)`, 'i'), metric);
  }
  const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as ResultsDocument;
  const trials = readFileSync(join(out, 'trials.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as TrialRecord);
  const of = (name: string, condition = 'recall') => trials.filter((trial) => trial.case === name && trial.condition === condition);

  // Recalled in session 2 (invocation 1), not by the probe: harmful recall, with the memory, its successor and where.
  for (const trial of of('deploy-target')) {
    assert.equal(trial.status, 'pass', trial.reason);
    assert.equal(trial.harmful_recall, true);
    assert.equal(trial.harmful_action, false);
    // The adapter numbers memories across users: the id is its own, whatever it is.
    const [hit, ...more] = trial.harmful_recalls!;
    assert.equal(more.length, 0);
    assert.match(hit!.id!, /^m\d+$/);
    assert.deepEqual({ ...hit, id: undefined }, { invocation: 1, id: undefined, text: 'The staging server hostname is staging-old.example.com.', successor: 'deploys now go to staging-new.example.com' });
    assert.ok(!trial.invocations.at(-1)!.recalled!.some((memory) => memory.text.includes('staging-old')));
  }
  // The old hostname reaches the probe too, and the answer acts on it.
  for (const trial of of('staging-hostname')) {
    assert.equal(trial.status, 'fail');
    assert.equal(trial.harmful_action, true);
    assert.deepEqual(trial.harmful_recalls!.map((hit) => hit.invocation), [1, 2]);
  }
  // The owner's sessions recall the owner's own text; the other user's probe gets nothing.
  for (const trial of of('deploys-stay-private')) {
    assert.equal(trial.harmful_recall, false);
    assert.equal(trial.harmful_recalls, undefined);
  }
  const harm = results.e2e!.harm!;
  assert.deepEqual(harm.by_condition.recall!.harmful_recall, { count: 4, of: 6, rate: 0.666667 });
  assert.deepEqual(harm.by_condition.recall!.harmful_action, { count: 2, of: 4, rate: 0.5 });
  assert.deepEqual(harm.by_condition.none!.harmful_recall, { count: 0, of: 6, rate: 0 });
  // No-history probes: deploys-stay-private and greeting got nothing, small-talk-weather got the tea memory.
  assert.deepEqual(harm.by_condition.recall!.empty_recall, { count: 4, of: 6, rate: 0.666667 });
  assert.equal(harm.by_condition.recall!.probes_without_memory, 4);
  assert.deepEqual(harm.abilities.chitchat!.recall!.empty_recall, { count: 2, of: 4, rate: 0.5 });
  assert.equal(results.e2e!.recall_quality.harmful_recall_rate, 0.666667);
  assert.equal(harm.hits_total, 6);

  // The reports: the harm table with counts, empty recall with its count, the failure naming the memory and the invocation.
  assert.match(result.stdout, /^all\s+0\.667 \(4\/6\)\s+0\.500 \(2\/4\)\s+0\.000 \(0\/6\)\s+0\.000 \(0\/4\)$/m);
  assert.match(result.stdout, /recall: empty recall 0\.667 \(4\/6\).*recall precision undefined for 4 probes given no memory/);
  assert.match(result.stdout, /staging-hostname #1: .*; harmful recall of m\d+ "The staging server hostname is staging-old\.example\.com\." in session 2 \(current: "deploys now go to staging-new\.example\.com"\) and 1 more; acted on a harmful memory/);
  const report = readFileSync(join(out, 'report.md'), 'utf8');
  assert.match(report, /\| \*\*all\*\* \| 0\.667 \(4\/6\) \| 0\.500 \(2\/4\) \| 0\.000 \(0\/6\) \| 0\.000 \(0\/4\) \|/);
  assert.match(report, /deploy-target\\\|recall\\\|1: m\d+ "The staging server hostname is staging-old\.example\.com\." in session 2/);
});
