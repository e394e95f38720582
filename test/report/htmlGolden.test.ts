/**
 * What report.html embeds for a run with something in every part
 * (htmlGoldenFixture.ts), pinned as test/fixtures/golden/report-data.json: a
 * change in what the page shows is a visible diff there
 * (RECALL_GATE_UPDATE_GOLDEN=1 rewrites it). Beside the pin, the parts a
 * reviewer relies on are checked by name: failures grouped by case and
 * condition, the expected ones under none apart, report.md's figures all there.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { reportData } from '../../src/report/html/data.js';
import { REPO_ROOT } from '../support/cli.js';
import { buildRun } from './htmlFixtures.js';
import { GOLDEN_CASES, GOLDEN_CONDITIONS, goldenInput, goldenTrials } from './htmlGoldenFixture.js';
import { aggregateE2e } from '../../src/e2e/aggregate.js';
import { memoryWarning } from '../../src/report/stageLines.js';

const GOLDEN = join(REPO_ROOT, 'test', 'fixtures', 'golden', 'report-data.json');

describe('report.html data of the golden run', () => {
  test('the fixture fails where it says: every stage once at least, a real failure under none beside the expected ones', () => {
    const failing = goldenTrials().filter((trial) => trial.status === 'fail');
    const where = (name: string, condition: string) => failing.filter((trial) => trial.case === name && trial.condition === condition).map((trial) => trial.stage ?? '-');
    assert.deepEqual(where('pasta', 'recall'), ['not_stored']);
    assert.deepEqual(where('budget', 'recall'), ['obsolete_recalled', 'obsolete_recalled']);
    assert.deepEqual(where('meeting', 'recall'), ['not_recalled', 'not_recalled']);
    assert.deepEqual(where('budget', 'oracle'), ['misread']);
    assert.deepEqual(where('greeting', 'none'), ['-']);
  });

  test('is pinned (test/fixtures/golden/report-data.json; RECALL_GATE_UPDATE_GOLDEN=1 rewrites it)', () => {
    const body = `${JSON.stringify(reportData(goldenInput()), null, 2)}\n`;
    if (process.env.RECALL_GATE_UPDATE_GOLDEN === '1') writeFileSync(GOLDEN, body);
    assert.equal(body, readFileSync(GOLDEN, 'utf8'));
  });

  test('failing trials come grouped by case and condition: the real ones first (recall first), the expected ones under none last and marked', () => {
    const data = reportData(goldenInput());
    const groups = data.failureGroups.map((group) => `${group.case}|${group.condition}|${group.expected ? 'expected' : 'real'}|${group.failed}/${group.trials}`);
    assert.deepEqual(groups, [
      'pasta|recall|real|1/2',
      'budget|recall|real|2/2',
      'meeting|recall|real|2/2',
      'greeting|none|real|1/2',
      'budget|oracle|real|1/2',
      'meeting|oracle|real|2/2',
      'pasta|fault:timeout|real|1/2',
      'city|fault:timeout|real|1/2',
      'meeting|fault:timeout|real|2/2',
      'pasta|none|expected|2/2',
      'budget|none|expected|2/2',
      'meeting|none|expected|2/2',
    ]);
    // Each failure points at its group, and the groups' failures are the ones shown, in order.
    assert.deepEqual(
      data.failures.shown.map((failure) => `${failure.case}|${failure.condition}|${failure.repeat}`),
      data.failures.shown.map((failure) => `${data.failureGroups[failure.group]!.case}|${data.failureGroups[failure.group]!.condition}|${failure.repeat}`),
    );
    assert.deepEqual(data.failures.shown.filter((failure) => failure.expected).map((failure) => failure.key), ['pasta|none|1', 'pasta|none|2', 'budget|none|1', 'budget|none|2', 'meeting|none|1', 'meeting|none|2']);
    assert.deepEqual(data.failureCounts, { real: 13, expected: 6 });
    assert.equal(data.failureGroups[1]!.stages, '2 obsolete recalled');
  });

  test("report.md's parts are all there: notices, pass^k, stages, leaks, cost, harm, faults, graders, retrieval's intro, latency, groups, isolation, every metric by tag, the gate's legend, trend captions", () => {
    const data = reportData(goldenInput());
    assert.deepEqual(data.notices.map((notice) => notice.kind === 'note' && notice.text.split(':')[0]), ['Incomplete run', 'Split', 'Narrowed run']);
    assert.deepEqual(data.abilities!.parts.map((part) => part.id), ['stages', 'leaks', 'cost', 'harm', 'faults', 'graders']);
    assert.deepEqual(data.abilities!.rows.map((row) => row.passK.split(' ')[0]), ['1.000', '0.000', '0.500', '0.000', '0.400']);
    assert.deepEqual(data.retrieval!.parts.map((part) => part.id), ['by-group', 'isolation']);
    assert.deepEqual(data.retrieval!.providers.map((provider) => provider.latency), [['1.50', '4.25'], ['2.50', '24.3']]);
    assert.deepEqual(data.tags.parts.map((part) => [part.provider, part.blocks[0]!.kind === 'table' && part.blocks[0]!.rows.length]), [['keyword', 32], ['vector', 32]]);
    assert.equal(data.verdict!.legend, "* beyond noise: the interval, drawn from more than one unit, excludes 0 (where units were added or removed, so does the shared units' own, on the same side)");
    assert.deepEqual(data.trends!.metrics.map((metric) => [metric.metric, metric.rate, metric.caption]), [
      ['e2e.cost_usd', false, 'cost (e2e): $0.0500 → $0.0800 over 4 runs'],
      ['e2e.errors', false, 'errors (e2e): 1 → 4 over 4 runs'],
      ['e2e.pass_rate', true, 'pass rate (all): 0.300 → 0.450 over 4 runs'],
      ['retrieval.vector.mrr', true, 'mrr (vector): 0.350 → 0.500 over 4 runs'],
    ]);
  });

  test('what the new parts list is bounded outside the byte budget: at most 100 leaks named, group headings cut to 200 characters', () => {
    const long = (index: number) => `${'y'.repeat(10_000)} ${index}`;
    // passEvery 2: half the trials under none pass, so every case leaks.
    const run = buildRun({ e2e: { cases: 300, repeat: 2, turns: 0, passEvery: 2, text: long } });
    assert.equal(run.results.e2e!.leaks.length, 300);
    const data = reportData(run);
    const leaks = data.abilities!.parts.find((part) => part.id === 'leaks')!;
    const [, items, more] = leaks.blocks;
    assert.equal(items!.kind === 'list' && items!.items.length, 100);
    assert.ok(items!.kind === 'list' && items!.items.every((item) => item.text.length < 240));
    assert.deepEqual(more, { kind: 'note', text: '… and 200 more in results.json (e2e.leaks)' });
    assert.ok(data.failureGroups.length > 0 && data.failureGroups.every((group) => group.case.length <= 200 && group.ability.length <= 200));
  });

  test('a memory that was empty after every trial\'s sessions is said before any figure, as report.md says it', () => {
    const trials = goldenTrials().map((trial) => (trial.snapshot ? { ...trial, snapshot: { entries: [] } } : trial));
    const input = goldenInput();
    const results = { ...input.results, e2e: { ...aggregateE2e(trials, Object.values(GOLDEN_CASES), GOLDEN_CONDITIONS, 2), target: input.results.e2e!.target } };
    const warning = memoryWarning(results.e2e)!;
    assert.match(warning, /memory was empty after the sessions of every trial/);
    assert.deepEqual(reportData({ results, trials }).notices.at(-1), { kind: 'note', text: `Warning: ${warning}.`, tone: 'warning' });
  });

  test('results keep whether each case needs memory, so a report can tell an expected failure under none from a real one', () => {
    const e2e = goldenInput().results.e2e!;
    assert.deepEqual(Object.fromEntries(Object.entries(e2e.cases).map(([name, result]) => [name, result.needs_memory])), { pasta: true, budget: true, greeting: false, city: true, meeting: true });
  });
});
