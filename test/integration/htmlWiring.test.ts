/**
 * Which commands write report.html into a results folder, in-process through
 * the CLI's main on the shipped examples: run (each variant's folder too, and
 * --html FILE), merge and regrade; that a fresh run clears an old one; that
 * the page goes through the folder's writer (secrets scrubbed). What the page
 * holds is read from its embedded data (script#report-data); how it looks is
 * test/browser/htmlReport.test.ts's.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { main } from '../../src/cli/main.js';
import { renderComment } from '../../src/report/comment.js';
import type { ReportData } from '../../src/report/html/data.js';
import type { ResultsDocument } from '../../src/model/results.js';
import { prepareResultsDir, readTrials, writeReports } from '../../src/results/folder.js';
import { registerSecret } from '../../src/secrets.js';
import { REPO_ROOT, tempDir } from '../support/cli.js';

const ASSISTANT = join(REPO_ROOT, 'suites/examples/assistant-memory/suite.yaml');
const TRACKING = join(REPO_ROOT, 'suites/examples/memory-tracking/suite.yaml');

async function cli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, RECALL_GATE_CACHE_DIR: tempDir('recall-gate-cache-') };
  const code = await main(argv, { cwd: REPO_ROOT, env, stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

/** The data report.html embeds (every `<` written \u003c, so JSON.parse reads it back as is). */
function pageData(file: string): ReportData {
  const page = readFileSync(file, 'utf8');
  const match = /<script type="application\/json" id="report-data">([\s\S]*?)<\/script>/.exec(page);
  assert.ok(match, `${file} embeds no script#report-data`);
  assert.ok(!match[1]!.includes('<'), 'the embedded data holds no raw <');
  return JSON.parse(match[1]!) as ReportData;
}

function failingTrials(dir: string): number {
  return readTrials(dir).filter((trial) => trial.status === 'fail').length;
}

describe('report.html in every results folder', { timeout: 120_000 }, () => {
  test('run writes it after the gate (the page has the verdict); --html FILE makes its folder and writes the same page there', async () => {
    const out = tempDir();
    const copy = join(tempDir(), 'new', 'folder', 'r.html');
    const run = await cli(['run', ASSISTANT, '--out', out, '--html', copy]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /results written to .* \(results\.json, report\.md, report\.html, junit\.xml, qrels\.trec, runs\/\*\.trec, queries\/\*\.jsonl\)\nreport copied to .*r\.html\n$/);
    const data = pageData(join(out, 'report.html'));
    assert.equal(data.run.suite, 'assistant-memory');
    assert.equal(data.verdict?.status, 'pass');
    assert.equal(readFileSync(copy, 'utf8'), readFileSync(join(out, 'report.html'), 'utf8'));
  });

  test('--html with --variants is refused before anything runs: each variant has its own report', async () => {
    const out = tempDir();
    const run = await cli(['run', TRACKING, '--variants', 'careful,careless', '--out', out, '--html', join(out, 'x.html')]);
    assert.equal(run.code, 2, run.stdout + run.stderr);
    assert.match(run.stderr, /--html and --variants cannot be used together.*<out>\/<name>\/report\.html/s);
    assert.ok(!existsSync(join(out, 'careful')));
  });

  test('run --variants writes one into each variant folder, with that variant gated; regrade rewrites it', async () => {
    const out = tempDir();
    const run = await cli(['run', TRACKING, '--variants', 'careful,careless', '--out', out]);
    assert.ok(run.code === 0 || run.code === 1, run.stdout + run.stderr);
    for (const name of ['careful', 'careless']) {
      assert.match(run.stdout, new RegExp(`results written to ${join(out, name)}/ \\(results\\.json, report\\.md, report\\.html, junit\\.xml, trials\\.jsonl\\)`));
      const data = pageData(join(out, name, 'report.html'));
      assert.equal(data.run.variant, name);
      assert.ok(data.verdict, `${name}: the page has its gate`);
    }
    const folder = join(out, 'careless');
    rmSync(join(folder, 'report.html'));
    const regrade = await cli(['regrade', folder]);
    assert.equal(regrade.code, 0, regrade.stdout + regrade.stderr);
    const data = pageData(join(folder, 'report.html'));
    assert.equal(data.run.variant, 'careless');
    assert.equal(data.failures.total, failingTrials(folder));
    assert.ok(data.failures.total > 0);
    // regrade does not gate (run and merge do): its page has no verdict, like its report.md.
    assert.equal(data.verdict, undefined);
  });

  test('merge writes one for the merged run, gated on the whole', async () => {
    const shards = [tempDir(), tempDir()];
    for (const [index, dir] of shards.entries()) {
      const run = await cli(['run', TRACKING, '--variant', 'careless', '--shard', `${index + 1}/2`, '--out', dir]);
      assert.equal(run.code, 0, run.stdout + run.stderr);
      // A shard is not gated: its page has no verdict.
      assert.equal(pageData(join(dir, 'report.html')).verdict, undefined);
    }
    const out = tempDir();
    const merge = await cli(['merge', '--out', out, ...shards]);
    // The careless variant fails its capture gate: exit 1, and the page says so.
    assert.equal(merge.code, 1, merge.stdout + merge.stderr);
    const data = pageData(join(out, 'report.html'));
    assert.equal(data.run.status, 'complete');
    assert.equal(data.failures.total, failingTrials(shards[0]!) + failingTrials(shards[1]!));
    assert.equal(data.failures.total, failingTrials(out));
    assert.ok(data.failures.total > 0);
    assert.equal(data.verdict?.status, 'fail');
    assert.match(merge.stdout, /gate FAILED/);
  });

  test("a fresh run's folder starts without an earlier report.html or report.md; both are scrubbed of secrets like every file there", () => {
    const dir = tempDir();
    for (const name of ['report.html', 'report.md']) writeFileSync(join(dir, name), 'an earlier run');
    prepareResultsDir(dir);
    assert.ok(!existsSync(join(dir, 'report.html')) && !existsSync(join(dir, 'report.md')));
    const secret = 'sk-html-secret-0123456789';
    registerSecret(secret);
    const file = writeReports(dir, { markdown: `key ${secret}`, html: `<p>key ${secret}</p>`, junit: `<testsuites name="key ${secret}"/>` });
    assert.equal(readFileSync(file, 'utf8'), '<p>key ***</p>');
    assert.equal(readFileSync(join(dir, 'report.md'), 'utf8'), 'key ***');
    assert.equal(readFileSync(join(dir, 'junit.xml'), 'utf8'), '<testsuites name="key ***"/>');
  });
});

describe("the comment names the workflow's artifact", () => {
  const results: ResultsDocument = {
    schema_version: 1,
    tool: { name: 'recall-gate', version: '0.1.0' },
    versions: {},
    suite: { name: 's', file: 's.yaml', files: [], sha256: '' },
    started_at: '',
    status: 'complete',
    layers: { retrieval: 'absent', e2e: 'absent' },
    errors: [],
  };
  const input = { marker: '<!-- m -->', results, baselineNote: 'none', e2eTrigger: { ran: false, reason: 'r', files: [] } };

  test('with artifact-name set: "full report: report.html in the `<name>` artifact", a backtick in the name cannot end the code span', () => {
    assert.match(renderComment({ ...input, artifactName: 'recall-gate-results' }), /^full report: report\.html in the `recall-gate-results` artifact$/m);
    assert.match(renderComment({ ...input, artifactName: 'a`b\n@x' }), /^full report: report\.html in the `a'b @x` artifact$/m);
    assert.doesNotMatch(renderComment(input), /full report:/);
  });
});
