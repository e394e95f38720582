// Named histories shared by several cases (e2e.histories): loading, the work a run makes of
// them, the fingerprints --resume compares, shards, the bootstrap's resampling units and harm.
// The run itself, on a real adapter process, is in test/integration/sharedHistory.test.ts.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { aggregateE2e } from '../src/e2e/aggregate.js';
import { caseNames } from '../src/e2e/caseSamples.js';
import { settleRecallQuality } from '../src/e2e/harm.js';
import { pendingTrials, planTrials } from '../src/e2e/runE2e.js';
import { playingOf, workUnits } from '../src/e2e/sharedHistory.js';
import { trialKey } from '../src/e2e/trialRecords.js';
import { RecallGateError } from '../src/errors.js';
import type { CaseSpec } from '../src/model/e2e.js';
import type { Invocation, TrialRecord } from '../src/model/trial.js';
import { shardSuite } from '../src/shard.js';
import { loadSuite } from '../src/suite/load.js';
import { tempDir } from './support/cli.js';

const GARDEN = [
  'histories:',
  '    - name: garden',
  '      sessions:',
  '        - { date: 2026-03-02, turns: ["Ana planted tomatoes in the greenhouse.", "Bo adopted a kitten called Pixel."] }',
  '        - { date: 2026-04-10, user: "Ana signed up for the September half marathon." }',
];

function writeSuite(e2eLines: string[]): string {
  const dir = tempDir();
  const path = join(dir, 'suite.yaml');
  writeFileSync(path, ['name: shared', 'e2e:', '  target: { kind: command, command: [node, agent.mjs] }', ...e2eLines.map((line) => `  ${line}`), ''].join('\n'));
  // The script the target runs is there, so the only warnings are the ones a test looks for.
  writeFileSync(join(dir, 'agent.mjs'), '');
  return path;
}

function problemsOf(e2eLines: string[]): string[] {
  const path = writeSuite(e2eLines);
  try {
    loadSuite(path, dirname(path));
  } catch (error) {
    assert.ok(error instanceof RecallGateError, String(error));
    return error.problems.map((problem) => `${problem.where.line}:${problem.where.col} ${problem.message}${problem.hint ? ` (${problem.hint})` : ''}`);
  }
  return [];
}

const CASES = [
  'cases:',
  '    - { name: tomatoes, ability: extraction, history: garden, probe: { text: "Where did Ana plant tomatoes?" }, check: { icontains: greenhouse } }',
  '    - { name: solo, ability: extraction, sessions: [{ user: "My dog is Rex." }], probe: { text: "My dog?" }, check: { icontains: Rex } }',
  '    - { name: kitten, ability: extraction, history: garden, probe: { text: "What is the kitten called?" }, check: { icontains: Pixel } }',
  '    - { name: race, ability: temporal, history: garden, probe: { text: "Which race?", date: 2026-05-01 }, check: { f1: "September half marathon" } }',
];

describe('loading e2e.histories', () => {
  test('a case that names a history gets its sessions and its name', () => {
    const suite = loadSuite(writeSuite([...GARDEN, ...CASES]));
    const [tomatoes, solo, kitten] = suite.e2e!.cases;
    assert.equal(tomatoes!.history, 'garden');
    assert.deepEqual(tomatoes!.sessions.map((session) => session.turns.length), [2, 1]);
    assert.equal(kitten!.sessions, tomatoes!.sessions, 'one history, one list of sessions');
    assert.equal(solo!.history, undefined);
  });

  test('an unknown history, a duplicate name, and a case with history and sessions are refused where they are written', () => {
    const problems = problemsOf([
      ...GARDEN,
      '    - { name: garden, sessions: [{ user: "again" }] }',
      'cases:',
      '    - { name: a, ability: extraction, history: gardn, probe: { text: "?" }, check: { icontains: x } }',
      '    - { name: b, ability: extraction, history: garden, sessions: [{ user: "x" }], probe: { text: "?" }, check: { icontains: x } }',
      '    - { name: c, ability: extraction, plant_from: d, probe: { text: "?" }, check: { icontains: x } }',
      '    - { name: d, ability: extraction, history: garden, probe: { text: "?" }, check: { icontains: x } }',
    ]);
    assert.deepEqual(problems, [
      '9:17 duplicate history name "garden" (first defined at suite.yaml:5:9)',
      '11:50 history names no history "gardn" in e2e.histories (did you mean "garden"?)',
      '12:50 a case has one of sessions, plant_from and history; this one has history and sessions (remove sessions: the history\'s sessions are played before the probe)',
      '13:53 plant_from leads to case "d", which is asked after history "garden" (name the history instead: history: garden)',
    ]);
  });

  test('a history in a file of its own, checked against the schema row by row', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'histories.yaml'), '- name: garden\n  sessions: [{ user: "Ana planted tomatoes." }]\n- name: bad\n  sesions: []\n');
    writeFileSync(join(dir, 'suite.yaml'), ['name: shared', 'e2e:', '  target: { kind: command, command: [node, agent.mjs] }', '  histories: histories.yaml', '  cases:', '    - { name: a, ability: extraction, history: garden, probe: { text: "?" }, check: { icontains: x } }', ''].join('\n'));
    assert.throws(
      () => loadSuite(join(dir, 'suite.yaml'), dir),
      (error: RecallGateError) => error.problems.some((problem) => problem.where.file === 'histories.yaml' && problem.where.line === 4 && /unknown key "sesions"/.test(problem.message)),
    );
  });

  test('sessions dated backwards are warned about once, at the history; a probe dated before them at its case', () => {
    const path = writeSuite([
      'histories:',
      '    - name: garden',
      '      sessions: [{ date: 2026-04-10, user: "late" }, { date: 2026-03-02, user: "early" }]',
      'cases:',
      '    - { name: a, ability: extraction, history: garden, probe: { text: "?", date: 2026-01-01 }, check: { icontains: x } }',
      '    - { name: b, ability: extraction, history: garden, probe: { text: "?" }, check: { icontains: x } }',
    ]);
    const warnings = loadSuite(path, dirname(path)).warnings!.map((warning) => `${warning.where.line} ${warning.message}`);
    assert.equal(warnings.length, 2, warnings.join('\n'));
    assert.match(warnings[0]!, /^6 session 2 of history "garden" is dated 2026-03-02, before session 1/);
    assert.match(warnings[1]!, /^8 the probe of case "a" is dated 2026-01-01, before its session 1 \(2026-04-10, of history "garden"\)/);
  });
});

const WHERE = { file: 'cases.yaml', line: 1, col: 1 };
const SESSIONS = [{ turns: ['Ana planted tomatoes.'] }];
function spec(name: string, history?: string): CaseSpec {
  return { name, ability: 'extraction', sessions: SESSIONS, probe: { text: `${name}?` }, check: { icontains: 'x' }, evidence: [], obsolete: [], needs_memory: true, where: WHERE, ...(history ? { history } : {}) };
}

describe('the work a run makes of a history', () => {
  const cases = [spec('a', 'h'), spec('solo'), spec('b', 'h'), spec('c', 'h')];
  const plan = { cases, conditions: ['recall' as const, 'none' as const], repeat: 2 };

  test('one playing per history, condition and repetition, its cases in the order listed; other cases alone', () => {
    const units = workUnits(planTrials(plan));
    assert.deepEqual(
      units.map((unit) => `${unit.history ?? '-'}: ${unit.trials.map((trial) => trial.key).join(' ')}`),
      [
        'h: a|recall|1 b|recall|1 c|recall|1',
        'h: a|recall|2 b|recall|2 c|recall|2',
        'h: a|none|1 b|none|1 c|none|1',
        'h: a|none|2 b|none|2 c|none|2',
        '-: solo|recall|1',
        '-: solo|recall|2',
        '-: solo|none|1',
        '-: solo|none|2',
      ],
    );
  });

  test('--resume: a playing with one trial not done runs whole; one with all done, and done single trials, do not run', () => {
    const done = new Set(planTrials(plan).map((trial) => trial.key).filter((key) => key !== 'c|recall|2' && key !== 'solo|none|1'));
    assert.deepEqual(
      pendingTrials(planTrials(plan), done).map((trial) => trial.key),
      ['a|recall|2', 'b|recall|2', 'c|recall|2', 'solo|none|1'],
    );
  });

  test('adding a case to a history changes the fingerprint of every trial of it (their playing changed), and of no other case', () => {
    const before = new Map(planTrials(plan).map((trial) => [trial.key, trial.fingerprint.case]));
    const after = new Map(planTrials({ ...plan, cases: [...cases, spec('d', 'h')] }).map((trial) => [trial.key, trial.fingerprint.case]));
    for (const key of ['a|recall|1', 'b|none|2', 'c|recall|1']) assert.notEqual(after.get(key), before.get(key), key);
    assert.equal(after.get('solo|recall|1'), before.get('solo|recall|1'));
  });

  test('shards: every case of a history goes to one shard, at the place of its first case', () => {
    const suite = { name: 's', file: 's.yaml', displayPath: 's.yaml', memoryPaths: [], files: [], e2e: { cases: [spec('a', 'h'), spec('solo'), spec('b', 'h'), spec('other'), spec('c', 'h'), spec('x', 'k'), spec('y', 'k')] } } as unknown as Parameters<typeof shardSuite>[0];
    const names = (index: number) => shardSuite(suite, { index, count: 2 }).e2e!.cases.map((one) => one.name);
    assert.deepEqual(names(1), ['a', 'b', 'other', 'c']);
    assert.deepEqual(names(2), ['solo', 'x', 'y']);
  });
});

function call(kind: Invocation['kind'], recalled: string[]): Invocation {
  return { kind, user: 'u', message: 'm', reply: 'r', latency_ms: 1, recalled: recalled.map((text) => ({ text })) };
}

function record(name: string, fields: Partial<TrialRecord>): TrialRecord {
  return { key: trialKey(name, 'recall', 1), case: name, ability: 'extraction', condition: 'recall', repeat: 1, user: 'u', status: 'pass', reason: '', question: '?', check: 'c', invocations: [], tokens: { input: 0, output: 0, judge_input: 0, judge_output: 0 }, cost_usd: 0, started_at: '', duration_ms: 0, ...fields };
}

describe('what a trial of a shared history reads and counts', () => {
  test('playingOf: the sessions and snapshot of the first trial, with the probe of the trial itself', () => {
    const snapshot = { entries: [{ text: 'Ana planted tomatoes.' }] };
    const first = record('a', { history: { name: 'h', position: 1, planted_in: 'a|recall|1' }, invocations: [call('session', []), call('probe', ['x'])], snapshot });
    const second = record('b', { history: { name: 'h', position: 2, planted_in: 'a|recall|1' }, invocations: [call('probe', ['y'])] });
    const byKey = new Map([first, second].map((trial) => [trial.key, trial]));
    assert.deepEqual(playingOf(second, byKey), { invocations: [first.invocations[0], second.invocations[0]], snapshot });
    assert.deepEqual(playingOf(first, byKey), { invocations: first.invocations, snapshot });
  });

  test('harmful recall counts the probe only: an obsolete memory recalled during the shared sessions belongs to no case', () => {
    const harm = { evidence: ['8,000 euros'], obsolete: ['5,000 euros'], probe: { text: '?' } };
    const shared = record('a', { history: { name: 'h', position: 1, planted_in: 'a|recall|1' }, invocations: [call('session', ['budget 5,000 euros']), call('probe', ['budget 8,000 euros'])] });
    settleRecallQuality(harm, shared);
    assert.equal(shared.harmful_recall, false);
    const own = record('a', { invocations: [call('session', ['budget 5,000 euros']), call('probe', ['budget 8,000 euros'])] });
    settleRecallQuality(harm, own);
    assert.equal(own.harmful_recall, true);
    const probe = record('a', { history: { name: 'h', position: 1, planted_in: 'a|recall|1' }, invocations: [call('session', []), call('probe', ['budget 5,000 euros'])] });
    settleRecallQuality(harm, probe);
    assert.deepEqual(probe.harmful_recalls?.map((hit) => hit.invocation), [1]);
  });
});

describe('the bootstrap resamples a history as one unit', () => {
  // Ten cases of one history that all pass, ten of their own that all fail.
  const cases = [...Array.from({ length: 10 }, (_, i) => spec(`h${i}`, 'h')), ...Array.from({ length: 10 }, (_, i) => spec(`s${i}`))];
  const records = cases.map((one) => record(one.name, { status: one.history ? 'pass' : 'fail' }));

  test('the cases of a history share one resampling unit, named so no case name can meet it', () => {
    const result = aggregateE2e(records, cases, ['recall'], 1);
    assert.equal(result.cases.h3!.history, 'h');
    const names = caseNames(Object.entries(result.cases));
    assert.deepEqual(new Set(names.clusters!.slice(0, 10)), new Set(['history:h']));
    assert.equal(names.clusters![10], 's0');
  });

  test('so the interval of the pass rate is wider than if its cases were independent', () => {
    const shared = aggregateE2e(records, cases, ['recall'], 1).intervals!['recall.pass_rate']!;
    const alone = aggregateE2e(records, cases.map(({ history: _, ...rest }) => rest), ['recall'], 1).intervals!['recall.pass_rate']!;
    const width = (interval: { ci: [number, number] }) => interval.ci[1] - interval.ci[0];
    assert.deepEqual([shared.n, alone.n], [11, 20]);
    assert.ok(width(shared) > width(alone) + 0.1, `${JSON.stringify(shared)} against ${JSON.stringify(alone)}`);
  });
});
