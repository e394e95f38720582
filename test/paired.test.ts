import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { beyondNoise, bootstrapDraws, bootstrapInterval, countedUnit, pairedBootstrapChange, singleUnitText, type UnitSamples } from '../src/stats/bootstrap.js';
import { caseChanges, casePasses, firstRelevantRank, queryChanges } from '../src/gate/paired.js';
import { comparisonText, mcnemarText } from '../src/report/gateFormat.js';
import { binomialTwoSided, mcnemarExact, wilcoxonSignedRank } from '../src/stats/paired.js';
import type { E2eResult } from '../src/model/e2eResult.js';
import type { ProviderResult, QueryOutcome } from '../src/model/results.js';

const close = (actual: number, expected: number, what = '') => assert.ok(Math.abs(actual - expected) < 1e-12, `${what} ${actual} != ${expected}`);

describe('exact McNemar (two-sided binomial on the discordant pairs)', () => {
  test('b=1, c=9: p = 2 (C(10,0) + C(10,1)) / 2^10 = 22/1024', () => {
    const result = mcnemarExact(1, 9);
    assert.deepEqual({ ...result, p: undefined }, { test: 'exact McNemar', b: 1, c: 9, n: 10, p: undefined });
    close(result.p, 22 / 1024);
    assert.equal(mcnemarText(result), 'exact McNemar: b=1 pass->fail, c=9 fail->pass (n=10), p=0.021');
  });

  test('symmetric, capped at 1, and 1 with no discordant pair', () => {
    close(binomialTwoSided(9, 1), 22 / 1024);
    close(binomialTwoSided(0, 5), 2 / 32);
    assert.equal(binomialTwoSided(3, 3), 1);
    assert.equal(binomialTwoSided(0, 0), 1);
    // 2 (C(6,0) + C(6,1) + C(6,2)) / 64 = 44/64
    close(binomialTwoSided(2, 4), 44 / 64);
  });

  test('large counts neither overflow nor underflow', () => {
    const p = binomialTwoSided(400, 600);
    assert.ok(p > 0 && p < 1e-9, `${p}`);
    close(binomialTwoSided(1000, 1000), 1);
  });
});

describe('Wilcoxon signed-rank, exact', () => {
  test('three positive differences: W+ = 6 of 6, p = 2/8', () => {
    const result = wilcoxonSignedRank([1, 2, 3]);
    assert.deepEqual({ ...result, p: 0 }, { test: 'Wilcoxon signed-rank', n: 3, zeros: 0, w_plus: 6, w_minus: 0, p: 0, exact: true });
    close(result.p, 0.25);
  });

  test('a small table with a zero: the zero is dropped, ranks 1..4, W+ = 1', () => {
    // |d| ranks: 0.1 -> 1, 0.25 -> 2, 0.5 -> 3, 1 -> 4; W+ = 1 (only 0.1 positive), W- = 9.
    // P(W+ <= 1) over the 16 sign assignments: {} and {1} -> 2/16; p = 2 * 2/16 = 0.25.
    const result = wilcoxonSignedRank([-0.5, -1, -0.25, 0.1, 0]);
    assert.equal(result.n, 4);
    assert.equal(result.zeros, 1);
    assert.equal(result.w_plus, 1);
    assert.equal(result.w_minus, 9);
    close(result.p, 0.25);
  });

  test('ties share average ranks; the exact distribution counts them', () => {
    // |d| all 1: ranks 2, 2, 2. W+ = 4; doubled W+ is 0, 4, 8 or 12 with 1, 3, 3, 1 of 8.
    // P(W+ >= 4) = 7/8, P(W+ <= 4) = 4/8: p = 1.
    const tied = wilcoxonSignedRank([1, 1, -1]);
    assert.equal(tied.w_plus, 4);
    assert.equal(tied.p, 1);
    // n = 5, all negative: W+ = 0, P = 1/32 each tail, p = 1/16.
    close(wilcoxonSignedRank([-1, -2, -3, -4, -5]).p, 1 / 16);
    assert.deepEqual(wilcoxonSignedRank([0, 0]), { test: 'Wilcoxon signed-rank', n: 0, zeros: 2, w_plus: 0, w_minus: 0, p: 1, exact: true });
  });

  test('above the exact limit the normal approximation answers, close to the exact value', () => {
    const differences = Array.from({ length: 101 }, (_, i) => (i % 3 === 0 ? -(i + 1) : i + 1));
    const approx = wilcoxonSignedRank(differences);
    assert.equal(approx.exact, false);
    const exact = wilcoxonSignedRank(differences.slice(0, 100));
    assert.equal(exact.exact, true);
    assert.ok(Math.abs(approx.p - exact.p) < 0.02, `${approx.p} ${exact.p}`);
  });
});

// ---------------------------------------------------------------- bootstrap

const meanOf = (sample: readonly (readonly number[])[]) => sample.reduce((sum, unit) => sum + unit[0]!, 0) / sample.length;
const samples = (values: number[], ids = values.map((_, i) => `q${i}`), clusters?: string[]): UnitSamples => ({ unit: 'query', units: values.map((v) => [v]), ids, ...(clusters ? { clusters } : {}), statistic: meanOf });

describe('paired bootstrap', () => {
  test('identical runs: exactly [0, 0], whatever order the units are listed in', () => {
    const values = [0, 1, 0.5, 0.25, 1, 0, 0.2];
    const reversed = samples([...values].reverse(), values.map((_, i) => `q${i}`).reverse());
    assert.deepEqual(pairedBootstrapChange(samples(values), reversed), { interval: [0, 0], paired: true, shared: 7, added: 0, removed: 0 });
  });

  test('the same change is narrower paired than unpaired', () => {
    const before = Array.from({ length: 30 }, (_, i) => (i % 2 ? 1 : 0.2 + i / 100));
    const after = before.map((value, i) => value - (i % 5 === 0 ? 0.2 : 0));
    const paired = pairedBootstrapChange(samples(after), samples(before))!;
    const unpaired = pairedBootstrapChange({ ...samples(after), ids: undefined }, { ...samples(before), ids: undefined })!;
    assert.equal(paired.paired, true);
    assert.equal(unpaired.paired, false);
    assert.ok(paired.interval[1] < 0, `paired ${paired.interval}`);
    assert.ok(unpaired.interval[1] > 0, `unpaired ${unpaired.interval}`);
  });

  test('units on one side only are counted; fewer than half shared is unpaired', () => {
    const some = pairedBootstrapChange(samples([1, 1, 1, 0], ['a', 'b', 'c', 'new']), samples([1, 1, 1, 1], ['a', 'b', 'c', 'old']))!;
    assert.deepEqual({ ...some, interval: undefined }, { interval: undefined, shared_interval: [0, 0], paired: true, shared: 3, added: 1, removed: 1 });
    const few = pairedBootstrapChange(samples([1, 0, 1], ['a', 'x', 'y']), samples([1, 0, 0], ['a', 'u', 'v']))!;
    assert.equal(few.paired, false);
    assert.equal(few.shared, 1);
  });

  test('a question swapped for a harder one is no regression: the interval leaves out 0 by the swap alone, the shared questions\' own does not, so it is not beyond noise', () => {
    // 17 shared queries, one of which fell from 1 to 0.15; an easy query (1) removed, a hard one (0.25) added.
    const shared = Array.from({ length: 17 }, (_, i) => 0.5 + (i % 4) * 0.1);
    const ids = shared.map((_, i) => `q${i}`);
    const now = samples([...shared.map((value, i) => (i === 0 ? 0.15 : value)), 0.25], [...ids, 'newq']);
    const before = samples([...shared.map((value, i) => (i === 0 ? 1 : value)), 1], [...ids, 'peanut']);
    const change = pairedBootstrapChange(now, before)!;
    assert.ok(change.interval[1] < 0, `the whole change leaves out 0: ${change.interval}`);
    assert.ok(change.shared_interval![0] < 0 && change.shared_interval![1] >= 0, `the shared queries' own reaches 0: ${change.shared_interval}`);
    assert.equal(beyondNoise(change), false);
    // compare's table shows the interval without its * and says why: the shared queries' own interval.
    const [low, high] = change.shared_interval!.map((bound) => `${bound >= 0 ? '+' : ''}${bound.toFixed(3)}`);
    const row = (of: typeof change) => comparisonText([{ metric: 'retrieval.kw.recall@5', baseline: 0.7, current: 0.6, delta: -0.1, change: of }]).split('\n')[1]!;
    assert.ok(row(change).endsWith(`paired, 17 shared, 1 added, 1 removed; not beyond noise: on the 17 units both share it is within noise, [${low}, ${high}]`), row(change));
    assert.doesNotMatch(row(change), /\*/);
    // Where the shared queries moved too, it is.
    const worse = samples([...shared.map((value) => value - 0.2), 0.25], [...ids, 'newq']);
    const moved = pairedBootstrapChange(worse, before)!;
    assert.ok(moved.shared_interval![1] < 0);
    assert.equal(beyondNoise(moved), true);
    assert.match(row(moved), /\] \*\s+paired, 17 shared, 1 added, 1 removed$/, 'beyond noise: the star, and no shared interval to explain its absence');
    // All shared: no shared interval of its own, and the interval alone decides.
    assert.equal(pairedBootstrapChange(samples(shared), samples(shared))!.shared_interval, undefined);
    const counts = { paired: true, shared: 17, added: 1, removed: 1 };
    assert.equal(beyondNoise({ ...counts, interval: [-0.2, -0.1] }), true);
    assert.equal(beyondNoise({ ...counts, interval: [-0.2, -0.1], shared_interval: [0.05, 0.1] }), false, 'the shared units moving the other way is not the same change');
  });

  test('drawn from one unit a side the interval is one value, no spread: never beyond noise, and compare shows no *', () => {
    const one = pairedBootstrapChange(samples([0], ['a']), samples([1], ['a']))!;
    assert.deepEqual(one, { interval: [-1, -1], paired: true, shared: 1, added: 0, removed: 0 });
    assert.equal(beyondNoise(one), false);
    assert.doesNotMatch(comparisonText([{ metric: 'e2e.pass_rate', baseline: 1, current: 0, delta: -1, change: one }]), /\] \*/);
    assert.match(singleUnitText(one, 'query') ?? '', /drawn from 1 query both runs share, one value with no spread/);
    // Unpaired, one run of a single unit: its side has no spread either.
    const lone = pairedBootstrapChange(samples([0], ['x']), samples([1, 1, 1], ['a', 'b', 'c']))!;
    assert.equal(lone.paired, false);
    assert.equal(beyondNoise(lone), false);
    assert.match(singleUnitText(lone, 'query') ?? '', /a run of 1 query has no spread, so its noise is unknown/);
    // Units without names are not counted by side: many of them are not one.
    const unnamed = (values: number[]): UnitSamples => ({ unit: 'query', units: values.map((v) => [v]), statistic: meanOf });
    const many = pairedBootstrapChange(unnamed(Array.from({ length: 50 }, (_, i) => (i % 5 === 0 ? 0 : 1))), unnamed(Array.from({ length: 50 }, () => 0)))!;
    assert.equal(many.paired, false);
    assert.equal(beyondNoise(many), true, `${many.interval}`);
    // Two shared units that both moved: an interval of two units' draws, and beyond noise by its definition.
    assert.equal(beyondNoise(pairedBootstrapChange(samples([0, 0], ['a', 'b']), samples([1, 1], ['a', 'b']))!), true);
  });

  test('a cluster (plant_from history) is drawn whole: two cases of one history count as one unit', () => {
    const estimate = bootstrapInterval(samples([1, 1, 0], ['a', 'b', 'c'], ['h', 'h', 'c']))!;
    assert.equal(estimate.n, 2);
    // A draw holds h (2 cases, mean 1), c (mean 0) or both: the only means are 1, 0 and 2/3.
    assert.ok([0, 1, 2 / 3].some((value) => Math.abs(estimate.ci[0] - value) < 1e-9));
    assert.deepEqual(bootstrapInterval(samples([1, 1, 0], ['a', 'b', 'c'])), bootstrapInterval(samples([1, 1, 0], ['a', 'b', 'c'])), 'seeded: the same twice');
  });

  test('a change over cases of one history counts that history, and its notes say so: not "1 case" for three', () => {
    const cases = (values: number[], clusters?: string[]): UnitSamples => ({ ...samples(values, ['a', 'b', 'c'], clusters), unit: 'case' });
    const history = pairedBootstrapChange(cases([0, 0, 0], ['h', 'h', 'h']), cases([1, 1, 1], ['h', 'h', 'h']))!;
    assert.deepEqual(history, { interval: [-1, -1], paired: true, shared: 1, added: 0, removed: 0, grouped: true });
    assert.equal(beyondNoise(history), false);
    assert.equal(countedUnit(history, 'case'), 'history');
    assert.match(singleUnitText(history, 'case') ?? '', /drawn from 1 history both runs share, one value with no spread/);
    // Without a history each case is its own unit, and the counts are the cases'.
    const alone = pairedBootstrapChange(cases([0, 0, 0]), cases([1, 1, 1]))!;
    assert.equal(alone.grouped, undefined);
    assert.equal(countedUnit(alone, 'case'), undefined);
    // A history on one side only groups the change too: its counts are histories, a lone case counting as one.
    assert.equal(pairedBootstrapChange(cases([0, 0, 0], ['h', 'h', 'c']), cases([1, 1, 1]))!.grouped, true);
    assert.equal(pairedBootstrapChange(cases([0, 0, 0]), cases([1, 1, 1], ['h', 'h', 'c']))!.grouped, true, 'the baseline\'s history too');
    // Users hold queries as histories hold cases, and are what their changes count.
    const users = (values: number[]): UnitSamples => ({ ...samples(values, ['a', 'b', 'c'], ['u1', 'u1', 'u2']), unit: 'user' });
    const byUser = pairedBootstrapChange(users([0, 1, 0]), users([1, 1, 1]))!;
    assert.equal(byUser.grouped, undefined);
    assert.equal(countedUnit(byUser, 'user'), 'user');
  });
});

// ---------------------------------------------------------------- per-unit changes

function rates(passed: number, trials: number) {
  return { trials, passed, failed: trials - passed, errors: 0, pass_rate: passed / trials, 'pass^k': passed === trials, 'pass@k': passed > 0 };
}

function e2e(cases: Record<string, [ability: string, passed: number]>, repeat = 3): E2eResult {
  return {
    headline_condition: 'recall',
    cases: Object.fromEntries(Object.entries(cases).map(([name, [ability, passed]]) => [name, { ability, conditions: { recall: rates(passed, repeat) }, leak: false }])),
  } as unknown as E2eResult;
}

describe('paired per-case comparison', () => {
  test('a case passes on a majority of its repeats', () => {
    assert.equal(casePasses({ passed: 2, trials: 3 }), true);
    assert.equal(casePasses({ passed: 1, trials: 2 }), false);
    assert.equal(casePasses({ passed: 1, trials: 1 }), true);
  });

  test('lists pass->fail and fail->pass per ability with McNemar b and c', () => {
    const before = e2e({ a: ['facts', 3], b: ['facts', 3], c: ['facts', 0], d: ['dates', 2], gone: ['dates', 3] });
    const after = e2e({ a: ['facts', 1], b: ['facts', 3], c: ['facts', 2], d: ['dates', 0], fresh: ['dates', 3] });
    const changes = caseChanges(before, after)!;
    assert.deepEqual(changes.abilities.facts!.pass_to_fail, ['a']);
    assert.deepEqual(changes.abilities.facts!.fail_to_pass, ['c']);
    assert.deepEqual(changes.abilities.dates!.pass_to_fail, ['d']);
    assert.deepEqual({ b: changes.overall.mcnemar.b, c: changes.overall.mcnemar.c, n: changes.overall.mcnemar.n, shared: changes.overall.shared }, { b: 2, c: 1, n: 3, shared: 4 });
    close(changes.overall.mcnemar.p, 1);
    assert.deepEqual([changes.added, changes.removed], [['fresh'], ['gone']]);
    const same = caseChanges(before, before)!;
    assert.deepEqual([same.overall.pass_to_fail, same.overall.fail_to_pass, same.overall.mcnemar.p], [[], [], 1]);
  });
});

function query(id: string, ranks: Record<string, number | null>): QueryOutcome {
  return { id, text: id, user: 'u', tags: [], relevant: Object.fromEntries(Object.keys(ranks).map((memory) => [memory, 1])), ranks, metrics: {}, results: [], latency_ms: 1 };
}

function providerOf(queries: QueryOutcome[]): ProviderResult {
  return { name: 'vector', kind: 'vector', status: 'ok', timings_ms: { setup: 0, seed: 0, prepare: 0, search: 0 }, queries };
}

describe('paired per-query comparison', () => {
  test('first relevant rank is the best rank found; none when nothing came back', () => {
    assert.equal(firstRelevantRank(query('q', { m1: 3, m2: 2, m3: null })), 2);
    assert.equal(firstRelevantRank(query('q', { m1: null })), null);
  });

  test('worse and better queries with Wilcoxon on the reciprocal rank', () => {
    const before = providerOf([query('a', { m: 1 }), query('b', { m: 1 }), query('c', { m: 2 }), query('d', { m: 4 }), query('old', { m: 1 })]);
    const after = providerOf([query('a', { m: 2 }), query('b', { m: null }), query('c', { m: 2 }), query('d', { m: 1 }), query('new', { m: 1 })]);
    const changes = queryChanges(before, after);
    assert.deepEqual(changes.worse, [{ id: 'a', before: 1, after: 2 }, { id: 'b', before: 1, after: null }]);
    assert.deepEqual(changes.better, [{ id: 'd', before: 4, after: 1 }]);
    assert.equal(changes.same, 1);
    // Differences of RR: a -0.5, b -1, d +0.75 (c 0 dropped). Ranks 1, 3, 2: W+ = 2, W- = 4;
    // P(W+ <= 2) over 8 assignments of {1, 2, 3}: {}, {1}, {2} -> 3/8; p = 6/8.
    assert.deepEqual([changes.wilcoxon.n, changes.wilcoxon.zeros, changes.wilcoxon.w_plus, changes.wilcoxon.w_minus], [3, 1, 2, 4]);
    close(changes.wilcoxon.p, 0.75);
    assert.deepEqual([changes.added, changes.removed], [['new'], ['old']]);
  });
});

describe('McNemar when cases share a history', () => {
  /** Cases a0..a4 on history A and b0..b4 on history B, one repeat; `failing` lists the cases that fail. */
  function shared(failing: string[]): E2eResult {
    const run = e2e(Object.fromEntries(['a', 'b'].flatMap((history) => Array.from({ length: 5 }, (_, index) => [`${history}${index}`, ['single-hop', failing.includes(`${history}${index}`) ? 0 : 1]]))), 1);
    for (const [name, result] of Object.entries(run.cases)) result.history = name[0]!.toUpperCase();
    return run;
  }

  test('pairs the histories, not their cases: five flips of one history are one flipped unit', () => {
    const changes = caseChanges(shared([]), shared(['a0', 'a1', 'a2', 'a3', 'a4']))!;
    assert.deepEqual(changes.overall.pass_to_fail, ['a0', 'a1', 'a2', 'a3', 'a4']);
    assert.deepEqual(changes.overall.mcnemar, { ...mcnemarExact(1, 0), groups: { units: 2, cases: 10 } });
    assert.equal(
      mcnemarText(changes.overall.mcnemar),
      'exact McNemar over 2 case groups (of 10 cases: those sharing a history or a plant_from chain are one, passing when most of its cases pass): b=1 group pass->fail, c=0 groups fail->pass (n=1), p=1.000',
    );
  });

  test('a history with a minority of its cases flipped has not flipped', () => {
    assert.equal(caseChanges(shared([]), shared(['a0', 'a1']))!.overall.mcnemar.n, 0);
  });

  test('independent cases are tested case by case, as before', () => {
    const changes = caseChanges(e2e({ x: ['a', 3], y: ['a', 3] }), e2e({ x: ['a', 0], y: ['a', 0] }))!;
    assert.deepEqual(changes.overall.mcnemar, mcnemarExact(2, 0));
  });
});

test('a bootstrap draw takes every member of each cluster it draws, in one run and paired', () => {
  // Cluster a holds two cases, b one: two clusters drawn sum to 22 (a, a), 111 (a, b) or 200 (b, b) and to nothing else.
  const sum = (units: readonly (readonly number[])[]) => units.reduce((total, unit) => total + unit[0]!, 0);
  const samples: UnitSamples = { unit: 'case', units: [[1], [10], [100]], ids: ['a1', 'a2', 'b'], clusters: ['a', 'a', 'b'], statistic: sum };
  assert.deepEqual([...new Set(bootstrapDraws(samples, { resamples: 200 }))].sort((x, y) => x - y), [22, 111, 200]);
  const change = pairedBootstrapChange(samples, { ...samples, statistic: () => 0 }, { resamples: 200 });
  assert.deepEqual(change?.interval, [22, 200]);
});
