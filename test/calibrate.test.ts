import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { calibrateCommand } from '../src/cli/calibrate.js';
import type { CliIO } from '../src/cli/io.js';
import { RecallGateError } from '../src/errors.js';
import { calibrateGate } from '../src/gate/calibrate.js';
import type { GateCondition, GateSpec } from '../src/model/gate.js';
import type { GateCalibration } from '../src/model/gateCalibration.js';
import type { Suite } from '../src/model/suite.js';
import type { ResultsDocument } from '../src/model/results.js';
import type { TrialRecord } from '../src/model/trial.js';
import { calibrationText, drawsText } from '../src/report/gateCalibration.js';
import { writeTrials } from '../src/results/folder.js';
import { binaryQueries, caseSpec, e2eOf, providerOf, recallTrials, resultsDoc } from './support/gateFixtures.js';

function gate(...conditions: GateCondition[]): GateSpec {
  return { root: { all: conditions }, skipped_layers: 'waive' };
}

/** A suite that defines these cases (calibrate redraws the cases the suite still has). */
function suiteWith(cases: string[], spec?: GateSpec): Suite {
  return {
    name: 'fixture',
    file: '/suite.yaml',
    displayPath: 'suite.yaml',
    memoryPaths: [],
    files: [],
    e2e: { target: { kind: 'command', command: ['true'], cwd: '/', timeout_ms: 1000 }, repeat: 1, conditions: ['recall'], concurrency: 1, prices: {}, cases: cases.map((name) => caseSpec(name)) },
    ...(spec ? { gate: spec } : {}),
  };
}

/** One passing case and one failing case, one repeat each. */
function onePassOneFail(): { results: ResultsDocument; trials: TrialRecord[] } {
  const trials = recallTrials({ good: 'p', bad: 'f' });
  return { results: resultsDoc({ e2e: e2eOf(trials, [caseSpec('good'), caseSpec('bad')], 1) }), trials };
}

function rule(calibration: GateCalibration, path: string, text: string) {
  const found = calibration.rows.find((row) => row.path === path)?.rules.find((one) => one.rule === text);
  assert.ok(found, `${path}: no rule "${text}" in ${JSON.stringify(calibration.rows)}`);
  return found;
}

/** Within four standard deviations of a binomial count (the draws are seeded: this never flakes, it only allows any seed). */
function near(count: number, draws: number, p: number): boolean {
  return Math.abs(count - draws * p) <= 4 * Math.sqrt(draws * p * (1 - p));
}

describe('calibrate: the gate against redraws of one run, counted by hand', () => {
  test('a run whose every case passes: every redraw is the same, so no rule ever fails (0 of 100 draws)', () => {
    const trials = recallTrials({ a: 'pp', b: 'pp', c: 'pp' });
    const run = { results: resultsDoc({ e2e: e2eOf(trials, ['a', 'b', 'c'].map((name) => caseSpec(name)), 2) }), trials };
    const spec = gate({ metric: 'e2e.pass_rate', op: 'gte', value: 1, max_drop: 0 });
    const calibration = calibrateGate(spec, suiteWith(['a', 'b', 'c']), run, { draws: 100 });
    assert.equal(calibration.draws, 100);
    assert.equal(calibration.gate_failed, 0);
    assert.deepEqual(calibration.units, { queries: 0, query_unit: 'query', query_units: 0, cases: 3, histories: 3 });
    const row = calibration.rows[0]!;
    assert.deepEqual([row.failed, row.missing, row.waived], [0, 0, 0]);
    assert.deepEqual(row.rules.map((one) => [one.rule, one.decides, one.failed, one.evaluated]), [
      ['>= 1', true, 0, 100],
      ['drop <= 0 (point)', true, 0, 100],
      ['drop <= 0 (interval)', false, 0, 100],
    ]);
  });

  test('one pass and one fail: a redraw passes 0, 1/2 or 1 of its two cases (1/4, 1/2, 1/4), so the false alarms are 5/16, 1/16 and 1/16', () => {
    // Baseline A and current B are independent redraws. drop <= 0.4 by the point rule fails when A - B > 0.4:
    // (1/2, 0) 1/8 + (1, 1/2) 1/8 + (1, 0) 1/16 = 5/16. drop <= 0.5 fails only at (1, 0): 1/16.
    // By the interval: only when both slots went pass -> fail, (1/4)^2 = 1/16; any other pair's interval reaches 0.
    const spec = gate({ metric: 'e2e.pass_rate', max_drop: 0.4 }, { metric: 'e2e.pass_rate', max_drop: 0.5, decide: 'interval' });
    const draws = 1000;
    const calibration = calibrateGate(spec, suiteWith(['good', 'bad']), onePassOneFail(), { draws });
    const point = rule(calibration, 'all[0]', 'drop <= 0.4 (point)');
    assert.equal(point.evaluated, draws);
    assert.ok(near(point.failed, draws, 5 / 16), `${point.failed} of ${draws}, expected about ${(draws * 5) / 16}`);
    assert.equal(point.decides, true);
    const interval = rule(calibration, 'all[0]', 'drop <= 0.4 (interval)');
    assert.ok(near(interval.failed, draws, 1 / 16), `${interval.failed}`);
    assert.equal(interval.decides, false);
    assert.ok(near(rule(calibration, 'all[1]', 'drop <= 0.5 (point)').failed, draws, 1 / 16));
    assert.equal(rule(calibration, 'all[1]', 'drop <= 0.5 (interval)').decides, true);
    // The row as the gate decides it is its deciding rule; the gate fails when either row does.
    assert.equal(calibration.rows[0]!.failed, point.failed);
    assert.equal(calibration.rows[1]!.failed, rule(calibration, 'all[1]', 'drop <= 0.5 (interval)').failed);
    assert.ok(calibration.gate_failed >= point.failed && calibration.gate_failed <= point.failed + calibration.rows[1]!.failed);
  });

  test('retrieval: 2 of 4 queries found, a redraw finds k of 4 with k ~ Binomial(4, 1/2), so ">= 0.5" fails with P(k < 2) = 5/16', () => {
    const run = { results: resultsDoc({ retrieval: { vector: providerOf('vector', binaryQueries('q', 4, 2)) } }), trials: [] };
    const calibration = calibrateGate(gate({ metric: 'retrieval.vector.recall@3', op: 'gte', value: 0.5 }), suiteWith([]), run, { draws: 2000 });
    assert.deepEqual(calibration.units, { queries: 4, query_unit: 'query', query_units: 4, cases: 0, histories: 0 });
    const absolute = rule(calibration, 'all[0]', '>= 0.5');
    assert.ok(near(absolute.failed, 2000, 5 / 16), `${absolute.failed}`);
    assert.equal(calibration.gate_failed, absolute.failed);
  });

  test('whole users when the run draws users: 3 users of 2 queries, 2 users finding both, so ">= 0.5" fails with P(k <= 1 of 3) = 7/27, not the 73/729 of drawing queries', () => {
    const queries = ['u1', 'u1', 'u2', 'u2', 'u3', 'u3'].map((user, index) => ({ ...binaryQueries('q', 1, user === 'u2' ? 0 : 1)[0]!, id: `q${index}`, user }));
    const results = resultsDoc({ retrieval: { vector: providerOf('vector', queries) } });
    results.retrieval!.interval_unit = 'user';
    const calibration = calibrateGate(gate({ metric: 'retrieval.vector.recall@3', op: 'gte', value: 0.5 }), suiteWith([]), { results, trials: [] }, { draws: 1000 });
    assert.deepEqual(calibration.units, { queries: 6, query_unit: 'user', query_units: 3, cases: 0, histories: 0 });
    const absolute = rule(calibration, 'all[0]', '>= 0.5');
    assert.ok(near(absolute.failed, 1000, 7 / 27), `${absolute.failed}`);
    assert.match(calibrationText(calibration, 'fixture'), /of 6 queries in 3 users$/m);
  });

  test('the same seed gives the same counts; another seed draws other units', () => {
    const spec = gate({ metric: 'e2e.pass_rate', max_drop: 0.4 });
    const once = calibrateGate(spec, suiteWith(['good', 'bad']), onePassOneFail(), { draws: 100, seed: 7 });
    const again = calibrateGate(spec, suiteWith(['good', 'bad']), onePassOneFail(), { draws: 100, seed: 7 });
    const other = calibrateGate(spec, suiteWith(['good', 'bad']), onePassOneFail(), { draws: 100, seed: 8 });
    assert.deepEqual(once, again);
    assert.notDeepEqual(once.rows, other.rows);
  });

  test('a case the suite no longer has is left out, and said so; a condition against a variant is not checked, and said so', () => {
    const spec = gate({ metric: 'e2e.pass_rate', max_drop: 0.4 }, { metric: 'e2e.pass_rate', max_drop: 0.1, baseline: 'variant:b' });
    const calibration = calibrateGate(spec, suiteWith(['good']), onePassOneFail(), { draws: 20 });
    assert.equal(calibration.units.cases, 1);
    assert.match(calibration.notes.join('\n'), /not in the suite any more, so left out of every draw: 1 case of the run, bad/);
    assert.match(calibration.notes.join('\n'), /all\[1\] compares with variant b's run, which a redraw of one run does not have/);
    assert.equal(calibration.rows[1]!.waived, 20);
    assert.match(calibrationText(calibration, 'fixture'), /^all\[1\]\s+e2e\.pass_rate\s+not checked\s+waived in every draw/m);
  });

  test('counts read as "3 of 200 draws (1.5%)"', () => {
    assert.equal(drawsText(3, 200), '3 of 200 draws (1.5%)');
    assert.equal(drawsText(0, 1), '0 of 1 draw (0.0%)');
  });
});

describe('recall-gate calibrate <results-dir>', () => {
  const root = mkdtempSync(join(tmpdir(), 'recall-gate-calibrate-'));
  const run = onePassOneFail();
  mkdirSync(join(root, 'run'));
  writeFileSync(join(root, 'run', 'results.json'), JSON.stringify(run.results));
  writeTrials(join(root, 'run'), run.trials);
  const suite = (gateLines: string) => `name: fixture
e2e:
  target: { kind: command, command: [node, agent.mjs] }
  repeat: 1
  cases:
    - { name: good, ability: recall, sessions: [{ user: "I like tea." }], probe: { text: "What do I drink?" }, check: { icontains: tea } }
    - { name: bad, ability: recall, sessions: [{ user: "I like tea." }], probe: { text: "What do I drink?" }, check: { icontains: tea } }
${gateLines}`;
  writeFileSync(join(root, 'suite.yaml'), suite('gate:\n  all:\n    - { metric: e2e.pass_rate, max_drop: 0.4 }\n'));
  writeFileSync(join(root, 'nogate.yaml'), suite(''));

  async function calibrate(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    let stdout = '';
    let stderr = '';
    const io: CliIO = { cwd: root, env: {}, stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) };
    const code = await calibrateCommand(argv, io);
    return { code, stdout, stderr };
  }

  test('prints the gate\'s false alarm rate, each condition\'s and each rule\'s, with the counts and the method; exit 0', async () => {
    const result = await calibrate(['run', '--suite', 'suite.yaml', '--draws', '200']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^A\/A check: 200 draws \(seed 1\) of 2 cases$/m);
    assert.match(result.stdout, /^gate failed a run of the same agent in \d+ of 200 draws \(\d+\.\d%\)$/m);
    assert.match(result.stdout, /^all\[0\]\s+e2e\.pass_rate\s+as the gate decides\s+\d+ of 200 draws/m);
    assert.match(result.stdout, /^\s+drop <= 0\.4 \(point\) \*\s+\d+ of 200 draws \(\d+\.\d%\)$/m);
    assert.match(result.stdout, /^\s+drop <= 0\.4 \(interval\)\s+\d+ of 200 draws/m);
    assert.match(result.stdout, /^method: each draw redraws the run twice from its own whole units/m);
  });

  test('--json holds the counts; the same seed gives the same document', async () => {
    const first = await calibrate(['run', '--suite', 'suite.yaml', '--draws', '50', '--seed', '3', '--json']);
    const second = await calibrate(['run', '--suite', 'suite.yaml', '--draws', '50', '--seed', '3', '--json']);
    assert.equal(first.stdout, second.stdout);
    const json = JSON.parse(first.stdout) as GateCalibration;
    assert.equal(json.draws, 50);
    assert.equal(json.seed, 3);
    assert.equal(json.rows[0]!.rules.length, 2);
  });

  test('bad input is exit 2: no folder, --draws 0, a suite without a gate', async () => {
    const invalid = (pattern: RegExp) => (error: unknown) => error instanceof RecallGateError && error.exitCode === 2 && pattern.test(`${error.message} ${error.hint ?? ''}`);
    await assert.rejects(calibrate(['nowhere', '--suite', 'suite.yaml']), invalid(/nowhere has no results\.json/));
    await assert.rejects(calibrate(['run', '--suite', 'suite.yaml', '--draws', '0']), invalid(/--draws must be a whole number of at least 1, got "0"/));
    await assert.rejects(calibrate(['run', '--suite', 'nogate.yaml']), invalid(/nogate\.yaml has no gate to check/));
    // Without --suite, the suite file the run names (results.json's suite.file) is read.
    assert.equal((await calibrate(['run', '--draws', '5'])).code, 0);
  });
});

describe('calibrate and shared histories', () => {
  test("a shared history's cases are drawn as one unit, as every interval draws them", () => {
    // Two histories of 10 cases: one all passing, one all failing. Drawn whole, a redraw holds 0, 1 or 2 copies of the
    // good history, so pass rates of 0, 0.5 or 1 and a drop above 0.3 in about a third of draws; drawn case by case,
    // 20 independent cases would rarely move the rate by 0.3 (about 2.5% of draws).
    const plan: Record<string, 'p' | 'f'> = {};
    const specs = ['A', 'B'].flatMap((history) =>
      Array.from({ length: 10 }, (_, index) => {
        const name = `${history}${index}`;
        plan[name] = history === 'A' ? 'p' : 'f';
        return { ...caseSpec(name), history };
      }),
    );
    const trials = recallTrials(plan);
    const run = { results: resultsDoc({ e2e: e2eOf(trials, specs, 1) }), trials };
    const suite = suiteWith([]);
    suite.e2e!.cases = specs;
    const calibration = calibrateGate(gate({ metric: 'e2e.pass_rate', max_drop: 0.3 }), suite, run, { draws: 400 });
    assert.equal(calibration.units.histories, 2);
    assert.equal(calibration.units.cases, 20);
    const rate = calibration.gate_failed / calibration.draws;
    assert.ok(rate > 0.2 && rate < 0.5, `false alarms in ${calibration.gate_failed} of ${calibration.draws} draws`);
  });
});
