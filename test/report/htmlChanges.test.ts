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
import { PAIRED_HEADING, pairedMarkdown } from '../../src/report/pairedLines.js';
import { pairedText } from '../../src/report/gateFormat.js';
import { pairedChanges } from '../../src/gate/paired.js';
import { buildRun } from './htmlFixtures.js';
import { goldenInput } from './htmlGoldenFixture.js';

describe('report.html: what changed against the baseline', () => {
  test('regressions first, the biggest fall first, then improvements; a case row names its ability and condition, a query row its provider', () => {
    const input = goldenInput();
    const changes = reportData(input).changes!;
    assert.equal(changes.summary[0], '4 regressions, 5 improvements against the baseline (run base1, commit 1a2b3c4, started 2026-11-29T00:00:00Z).');
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

  test('the paired tests against the baseline: report.md lists every flipped case and moved query with the test and its counts, report.html shows them as compare prints them; without a baseline, neither', () => {
    const input = goldenInput();
    const markdown = markdownReport(input.results, { baseline: input.baseline });
    const section = markdown.slice(markdown.indexOf(PAIRED_HEADING));
    assert.ok(markdown.indexOf(PAIRED_HEADING) > markdown.indexOf('### What changed'), 'after what changed');
    assert.match(section, /^- \*\*all\*\* \(recall, 5 cases\): exact McNemar: b=1 pass-&gt;fail, c=1 fail-&gt;pass \\\(n=2\\\), p=1\.000; pass→fail: pasta; fail→pass: city$/m);
    assert.match(section, /^- \*\*keyword\*\*: 1 query worse, 2 better, 3 same \(first relevant rank; regressions in the changes summary count a query by every relevant memory in the top k instead\); Wilcoxon signed-rank \\\(exact\\\) on reciprocal rank: n=3 non-zero/m);
    assert.equal(reportData(input).paired, pairedText(pairedChanges(input.baseline!, input.results)).trimEnd());
    assert.doesNotMatch(markdownReport(input.results), /paired tests/);
    assert.equal(reportData({ ...input, baseline: undefined }).paired, undefined);
    // report.md is not cut to the comment's ten names a list.
    const many = Array.from({ length: 14 }, (_, index) => `case-${index}`);
    const lines = pairedMarkdown({ cases: { condition: 'recall', abilities: {}, overall: { shared: 14, pass_to_fail: many, fail_to_pass: [], mcnemar: { test: 'exact McNemar', b: 14, c: 0, n: 14, p: 0.0001 } }, added: [], removed: [] }, queries: [] }, Infinity);
    assert.match(lines[0]!, /case-13$/);
    assert.match(pairedMarkdown({ cases: { condition: 'recall', abilities: {}, overall: { shared: 14, pass_to_fail: many, fail_to_pass: [], mcnemar: { test: 'exact McNemar', b: 14, c: 0, n: 14, p: 0.0001 } }, added: [], removed: [] }, queries: [] }, 10)[0]!, /case-9 and 4 more$/);
  });
});
