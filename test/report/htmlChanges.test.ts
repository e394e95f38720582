/**
 * What changed against the baseline (results.changes) in report.html's data:
 * the summary, the regressions then the improvements, most important first,
 * each row with what its filters read, and each list cut with how many more.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { changesAgainst } from '../../src/gate/changes.js';
import { HTML_LIMITS, reportData } from '../../src/report/html/data.js';
import { markdownReport } from '../../src/report/markdown.js';
import { buildRun } from './htmlFixtures.js';
import { goldenInput } from './htmlGoldenFixture.js';

describe('report.html: what changed against the baseline', () => {
  test('regressions first, the biggest fall first, then improvements; a case row names its ability and condition, a query row its provider', () => {
    const input = goldenInput();
    const changes = reportData(input).changes!;
    assert.equal(changes.summary[0], '4 regression(s), 5 improvement(s) against the baseline (run base1, commit 1a2b3c4, started 2026-11-29T00:00:00Z).');
    assert.deepEqual(
      changes.regressions.shown.map((row) => [row.text.split(':')[0], row.ability, row.condition, row.provider]),
      [
        ['case meeting under oracle (temporal)', 'temporal', 'oracle', undefined],
        ['case pasta under recall (preference)', 'preference', 'recall', undefined],
        ['keyword query q3 topic 3 "query 3', undefined, undefined, 'keyword'],
        ['vector query q3 topic 3 "query 3', undefined, undefined, 'vector'],
      ],
    );
    assert.equal(changes.regressions.shown[0]!.text, 'case meeting under oracle (temporal): 2/2 → 0/2 passed; not passing now: meeting|oracle|1 (misread), meeting|oracle|2 (misread)');
    assert.equal(changes.regressions.shown[2]!.text, 'keyword query q3 topic 3 "query 3: topic 3" newly missed at @1, @3, @5: rank m3 topic 3 1 → none');
    assert.deepEqual(changes.improvements.shown.map((row) => row.text.split(':')[0]), ['case city under recall (preference)', 'keyword query q2 topic 2 "query 2', 'keyword query q4 topic 4 "query 4', 'vector query q2 topic 2 "query 2', 'vector query q4 topic 4 "query 4']);
    // report.md counts the same rows.
    const markdown = markdownReport(input.results);
    assert.match(markdown, /\*\*Regressions\*\* \(4\):/);
    assert.match(markdown, /\*\*Improvements\*\* \(5\):/);
  });

  test(`each list is cut at ${HTML_LIMITS.changesPerList} rows and says how many it left out; without a baseline there is no such part`, () => {
    const shape = (foundEvery: number) => buildRun({ retrieval: { providers: ['a', 'b'], queries: 151, depth: 5, foundEvery, text: String } }).results;
    const [baseline, now] = [shape(1), shape(1000)];
    now.changes = changesAgainst(baseline, now);
    const changes = reportData({ results: now, trials: [] }).changes!;
    assert.deepEqual([changes.regressions.shown.length, changes.regressions.total, changes.regressions.more], [100, 300, 200]);
    assert.deepEqual([changes.improvements.shown.length, changes.improvements.total], [0, 0]);
    assert.equal(reportData({ results: shape(2), trials: [] }).changes, undefined);
  });
});
