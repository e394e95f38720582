import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from '../support/cli.js';

const SUITE = 'suites/examples/assistant-memory/suite.yaml';

/** The gate rows report.html embeds (its data block, read back as the page reads it). */
function htmlGateRows(dir: string): { metric: string; baseline: string; status: string }[] {
  const html = readFileSync(join(dir, 'report.html'), 'utf8');
  const block = /<script type="application\/json" id="report-data">([\s\S]*?)<\/script>/.exec(html)![1]!;
  return (JSON.parse(block) as { verdict: { rows: { metric: string; baseline: string; status: string }[] } }).verdict.rows;
}

test('run --baseline DIR evaluates the gate\'s regression conditions against that run, as the Action does', async () => {
  const before = tempDir();
  const first = await runCli(['run', SUITE, '--out', before, '--no-cache']);
  assert.equal(first.code, 0, first.stderr);
  assert.match(first.stdout, /retrieval\.ngram-vector\.mrr\s+drop <= 0\.05\s+\d\.\d{3}(?: !)?\s+0\.824\s+-\s+-\s+-\s+not evaluated/);

  const after = tempDir();
  const second = await runCli(['run', SUITE, '--out', after, '--no-cache', '--baseline', before]);
  assert.equal(second.code, 0, second.stderr);
  // Paired on the 18 queries both runs share: the same suite, so no change.
  assert.match(second.stdout, /retrieval\.ngram-vector\.mrr\s+drop <= 0\.05\s+\d\.\d{3}(?: !)?\s+0\.824\s+0\.824\s+\+0\.000\s+\[\+0\.000, \+0\.000\] \(paired, 18 shared\)\s+pass/);
  assert.match(second.stdout, /gate PASSED \(2 passed, 0 failed, 4 skipped, 0 not evaluated\)/);
  const row = htmlGateRows(after).find((candidate) => candidate.metric === 'retrieval.ngram-vector.mrr');
  assert.deepEqual([row?.baseline, row?.status], ['0.824', 'pass']);
  assert.doesNotMatch(second.stderr, /note: .* is /);

  // A baseline that was stopped still gates on what it holds, and the run says so, as compare does.
  const stopped = tempDir();
  cpSync(before, stopped, { recursive: true });
  const document = JSON.parse(readFileSync(join(stopped, 'results.json'), 'utf8')) as { status: string; errors: string[] };
  writeFileSync(join(stopped, 'results.json'), JSON.stringify({ ...document, status: 'incomplete', errors: ['interrupted by SIGINT'] }));
  const third = await runCli(['run', SUITE, '--layer', 'retrieval', '--out', tempDir(), '--no-cache', '--baseline', stopped]);
  assert.equal(third.code, 0, third.stderr);
  assert.match(third.stderr, /note: .* is incomplete \(interrupted by SIGINT\)/);
});

test('run --baseline with a folder that holds no results is exit 2 before anything runs', async () => {
  const out = join(tempDir(), 'never');
  const run = await runCli(['run', SUITE, '--out', out, '--baseline', tempDir()]);
  assert.equal(run.code, 2);
  assert.match(run.stderr, /has no results\.json/);
  assert.doesNotMatch(run.stderr, /at .*\.js:\d+/);
  assert.equal(existsSync(out), false);
});
