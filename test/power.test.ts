import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { evaluateGate } from '../src/gate/evaluate.js';
import type { GateCondition, GateRow, GateSpec } from '../src/model/gate.js';
import { gateMarkdown } from '../src/report/comment.js';
import { verdictText } from '../src/report/gateFormat.js';
import { reportData } from '../src/report/html/data.js';
import { MDE_FACTOR, bootstrapStandardError, rateVariance, repeatsForBound, standardDeviation, unitsForBound } from '../src/stats/power.js';
import { binaryQueries, caseSpec, casePlan, e2eOf, providerOf, recallTrials, resultsDoc } from './support/gateFixtures.js';

function gate(...conditions: GateCondition[]): GateSpec {
  return { root: { all: conditions }, skipped_layers: 'waive' };
}

/** A run of `cases` cases x `repeat` repeats under recall, passing where `passing` says. */
function e2eRun(cases: number, repeat: number, passing: (caseIndex: number, repeatIndex: number) => boolean, plantedFrom?: (caseIndex: number) => string) {
  const plan = casePlan(cases, repeat, passing);
  const specs = Object.keys(plan).map((name, index) => caseSpec(name, 'recall', plantedFrom?.(index)));
  const trials = recallTrials(plan);
  return { results: resultsDoc({ e2e: e2eOf(trials, specs, repeat) }), trials };
}

function onlyRow(spec: GateSpec, ...runs: Parameters<typeof evaluateGate>[1][]): GateRow {
  const verdict = evaluateGate(spec, runs[0]!, runs[1]);
  assert.equal(verdict.rows.length, 1);
  return verdict.rows[0]!;
}

describe('stats/power: the formula, by hand', () => {
  test('the factor is (z_0.975 + z_0.80) x sqrt(2) = (1.95996 + 0.84162) x 1.41421 = 3.96204', () => {
    assert.ok(Math.abs(MDE_FACTOR - 3.96204) < 1e-5, String(MDE_FACTOR));
  });

  test('the standard deviation divides by n - 1: [1, 2, 3, 4] gives sqrt(5/3) = 1.29099', () => {
    assert.ok(Math.abs(standardDeviation([1, 2, 3, 4]) - Math.sqrt(5 / 3)) < 1e-12);
    assert.equal(standardDeviation([7]), 0);
  });

  test('units scale as the square of mde over bound: 10 units at mde 0.5 need 1000 for 0.05', () => {
    assert.equal(unitsForBound(10, 0.5, 0.05), 1000);
    assert.equal(unitsForBound(10, 0.05, 0.05), 10);
  });

  test('the bootstrap standard error of 7 passes in 10 is close to sqrt(0.7 x 0.3 / 10) = 0.1449', () => {
    const se = bootstrapStandardError({ unit: 'case', units: Array.from({ length: 10 }, (_, i) => [i < 7 ? 1 : 0]), statistic: (units) => units.reduce((sum, unit) => sum + unit[0]!, 0) / units.length });
    assert.ok(se !== undefined && Math.abs(se - Math.sqrt(0.021)) < 0.01, String(se));
  });

  test('a pooled rate splits into case-to-case spread and trial noise: [2/2, 0/2, 1/2, 1/2]', () => {
    // within: mean of p(1-p) r/(r-1) = mean(0, 0, 0.5, 0.5) = 0.25; the rates' sample variance is 0.5 / 3, so between = 1/6 - 0.25/2 = 1/24.
    const variance = rateVariance([[2, 2], [0, 2], [1, 2], [1, 2]])!;
    assert.equal(variance.repeats, 2);
    assert.ok(Math.abs(variance.within - 0.25) < 1e-12);
    assert.ok(Math.abs(variance.between - 1 / 24) < 1e-12);
    // bound / mde = 0.6: allowed = (1/24 + 0.25/2) x 0.36 = 0.06, so r' = ceil(0.25 / (0.06 - 1/24)) = ceil(13.64) = 14.
    assert.equal(repeatsForBound(variance, 1, 0.6), 14);
    // bound / mde = 0.4: allowed = 0.02667, below the spread between cases (1/24): repeats alone cannot.
    assert.equal(repeatsForBound(variance, 1, 0.4), null);
  });

  test('one repeat per case cannot tell trial noise from spread', () => {
    assert.equal(rateVariance([[1, 1], [0, 1], [1, 1]]), undefined);
  });
});

describe('the gate row carries its mde', () => {
  test('10 cases x 1 repeat with max_drop 0.05: an mde near 0.574 and "underpowered", with the cases that would fix it', () => {
    const run = e2eRun(10, 1, (i) => i < 7);
    const row = onlyRow(gate({ metric: 'e2e.pass_rate', max_drop: 0.05 }), run.results);
    // 2.80 x sqrt(2) x sqrt(0.7 x 0.3 / 10) = 3.962 x 0.1449 = 0.574, give or take the bootstrap's own noise.
    assert.ok(row.mde !== undefined && Math.abs(row.mde - 0.574) < 0.03, String(row.mde));
    assert.equal(row.status, 'not-evaluated', 'no baseline: the rule is not evaluated, the mde is still known');
    assert.deepEqual({ ...row.power, se: undefined, needs: undefined }, { se: undefined, units: 10, unit: 'cases', repeats: 1, underpowered: true, needs: undefined });
    assert.equal(row.power!.needs!.units, Math.ceil(10 * (row.mde / 0.05) ** 2 - 1e-9));
    assert.ok(row.power!.needs!.units > 1100 && row.power!.needs!.units < 1500, String(row.power!.needs!.units));
    assert.equal(row.power!.needs!.repeats, undefined);
    assert.match(row.note!, /underpowered: mde 0\.5\d\d is above max_drop 0\.05 \(10 cases x 1 repeat\); about \d+ cases at 1 repeat would bring it to 0\.05 \(with 1 repeat trial noise cannot be told from case-to-case spread: run repeat >= 2/);
  });

  test('every output with gate rows shows it: terminal, report.md and comment table, report.html data', () => {
    const run = e2eRun(10, 1, (i) => i < 7);
    const verdict = evaluateGate(gate({ metric: 'e2e.pass_rate', max_drop: 0.05 }), run.results);
    const mde = verdict.rows[0]!.mde!.toFixed(3);
    const text = verdictText(verdict);
    assert.match(text, /threshold\s+mde\s+actual/);
    assert.match(text, new RegExp(`drop <= 0\\.05\\s+${mde} !`));
    assert.match(text, /underpowered: mde/);
    assert.match(text, /^mde: the smallest change the gate tells from noise with 80% power/m);
    const markdown = gateMarkdown(verdict).join('\n');
    assert.match(markdown, /\| threshold \| mde \| actual \|/);
    assert.match(markdown, new RegExp(`\\| drop &lt;= 0\\.05 \\| ${mde} ⚠️ underpowered \\|`));
    const data = reportData({ results: run.results, trials: run.trials, verdict });
    assert.equal(data.verdict!.rows[0]!.mde, `${mde} !`);
    assert.match(data.verdict!.rows[0]!.note!, /underpowered/);
    // results.json's verdict (run --json prints it as gate) is the verdict itself.
    assert.equal((JSON.parse(JSON.stringify(verdict)) as typeof verdict).rows[0]!.mde, verdict.rows[0]!.mde);
  });

  test('the gate still decides by its rule: a 0.1 drop fails max_drop 0.05 whether or not the row is underpowered', () => {
    const before = e2eRun(10, 1, (i) => i < 8);
    const after = e2eRun(10, 1, (i) => i < 7);
    const spec = gate({ metric: 'e2e.pass_rate', max_drop: 0.05 });
    const withPower = evaluateGate(spec, after.results, before.results);
    const without = evaluateGate(spec, after.results, before.results, { readerFigures: false });
    assert.equal(withPower.rows[0]!.status, 'fail');
    assert.equal(without.rows[0]!.status, 'fail');
    assert.equal(without.rows[0]!.mde, undefined);
    assert.ok(withPower.rows[0]!.power!.underpowered);
    // The mde is the current run's: the same with or without a baseline.
    assert.equal(withPower.rows[0]!.mde, onlyRow(spec, after.results).mde);
  });

  test('40 cases x 3 repeats: the repeats that would fix it, from the split of the variance', () => {
    // Cases cycle through 3/3, 1/3, 2/3, 0/3: within = mean(0, 1/3, 1/3, 0) = 1/6 (p(1-p) x 3/2);
    // the rates' sample variance is 10 x (0.25 + 1/36 + 1/36 + 0.25) / 39 = 0.142450, so between = 0.142450 - (1/6)/3 = 0.086895.
    const pattern = ['ppp', 'pff', 'ppf', 'fff'];
    const run = e2eRun(40, 3, (i, r) => pattern[i % 4]![r] === 'p');
    const row = onlyRow(gate({ metric: 'e2e.pass_rate', max_drop: 0.2 }), run.results);
    // The pooled rate's standard error is sqrt(0.13889 / 40) = 0.0589, so the mde is about 3.962 x 0.0589 = 0.2335.
    assert.ok(row.mde !== undefined && Math.abs(row.mde - 0.2335) < 0.015, String(row.mde));
    const total = (10 * (0.25 + 1 / 36 + 1 / 36 + 0.25)) / 39;
    const [within, between] = [1 / 6, total - 1 / 6 / 3];
    const allowed = total * (0.2 / row.mde) ** 2;
    assert.equal(row.power!.needs!.repeats, Math.ceil(within / (allowed - between) - 1e-9));
    assert.equal(row.power!.needs!.units, Math.ceil(40 * (row.mde / 0.2) ** 2 - 1e-9));
    assert.match(row.note!, /\(40 cases x 3 repeats\); about \d+ cases at 3 repeats, or \d+ repeats of the 40 cases, would bring it to 0\.2;/);
    // At 0.05 the spread between cases alone is above what the bound allows: repeats cannot fix it.
    const tight = onlyRow(gate({ metric: 'e2e.pass_rate', max_drop: 0.05 }), run.results);
    assert.equal(tight.power!.needs!.repeats, null);
    assert.match(tight.note!, /more repeats alone cannot/);
  });

  test('retrieval rows count queries; a bound above the mde is not underpowered and adds no note', () => {
    const small = resultsDoc({ retrieval: { vector: providerOf('vector', binaryQueries('q', 50, 35)) } });
    const row = onlyRow(gate({ metric: 'retrieval.vector.recall@3', max_drop: 0.05 }), small);
    assert.equal(row.power!.unit, 'queries');
    assert.equal(row.power!.units, 50);
    assert.equal(row.power!.repeats, undefined);
    assert.match(row.note!, /underpowered: mde 0\.\d+ is above max_drop 0\.05 \(50 queries\); about \d+ queries would bring it to 0\.05;/);
    // 390 of 400: sqrt(0.975 x 0.025 / 400) = 0.0078, mde about 0.031, below 0.05.
    const large = resultsDoc({ retrieval: { vector: providerOf('vector', binaryQueries('q', 400, 390)) } });
    const fine = onlyRow(gate({ metric: 'retrieval.vector.recall@3', max_drop: 0.05 }), large);
    assert.ok(fine.mde! < 0.05 && fine.mde! > 0.02, String(fine.mde));
    assert.equal(fine.power!.underpowered, false);
    assert.equal(fine.power!.needs, undefined);
    assert.equal(fine.note, 'no baseline to compare against');
  });

  test('a bound of 0 is below any noise: underpowered, with the bound the run could hold instead of a number of units', () => {
    const run = resultsDoc({ retrieval: { vector: providerOf('vector', binaryQueries('q', 50, 35)) } });
    const row = onlyRow(gate({ metric: 'retrieval.vector.recall@3', max_drop: 0 }), run);
    assert.equal(row.power!.underpowered, true);
    assert.equal(row.power!.needs, undefined);
    assert.match(row.note!, /underpowered: mde 0\.\d{3} is above max_drop 0, which allows no change at all; no number of queries brings the noise to 0/);
  });

  test('max_rise uses its own bound; a row with only op/value has no mde', () => {
    const run = resultsDoc({ retrieval: { vector: providerOf('vector', binaryQueries('q', 50, 35)) } });
    const rise = onlyRow(gate({ metric: 'retrieval.vector.recall@3', max_rise: 10 }), run);
    assert.equal(rise.power!.underpowered, false);
    const absolute = onlyRow(gate({ metric: 'retrieval.vector.recall@3', op: 'gte', value: 0.5 }), run);
    assert.equal(absolute.mde, undefined);
  });

  test('a run that draws users counts users: 6 queries of 3 users are 3 units', () => {
    const queries = binaryQueries('q', 6, 3).map((query, index) => ({ ...query, user: `u${Math.floor(index / 2)}` }));
    const run = resultsDoc({ retrieval: { vector: providerOf('vector', queries) } });
    run.retrieval!.interval_unit = 'user';
    const row = onlyRow(gate({ metric: 'retrieval.vector.recall@3', max_drop: 0.05 }), run);
    assert.deepEqual([row.power!.unit, row.power!.units], ['users', 3]);
    assert.match(row.note!, /\(3 users\); about \d+ users would bring it to 0\.05/);
  });

  test('cases planted from one history resample together: the units are the histories', () => {
    // 12 cases, 3 per history: 4 histories.
    const run = e2eRun(12, 1, (i) => i % 2 === 0, (i) => `h${Math.floor(i / 3)}`);
    const row = onlyRow(gate({ metric: 'e2e.pass_rate', max_drop: 0.05 }), run.results);
    assert.equal(row.power!.unit, 'histories');
    assert.equal(row.power!.units, 4);
    assert.match(row.note!, /\(4 histories x 1 repeat\); about \d+ histories at 1 repeat/);
  });
});
