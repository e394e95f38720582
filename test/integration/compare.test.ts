import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { MetricComparison } from '../../src/gate/compare.js';
import type { PairedChanges } from '../../src/gate/paired.js';
import { REPO_ROOT, runCli, tempDir } from '../support/cli.js';
import { readResults } from '../../src/results/folder.js';
import { startOpenAIServer, type OpenAIServer } from '../support/openaiServer.js';

const EXAMPLE_DIR = join(REPO_ROOT, 'suites/examples/assistant-memory');

function exampleCopy(edit: (suite: string) => string = (suite) => suite): string {
  const dir = tempDir('recall-gate-suite-');
  cpSync(EXAMPLE_DIR, dir, { recursive: true });
  const path = join(dir, 'suite.yaml');
  writeFileSync(path, edit(readFileSync(path, 'utf8')));
  return path;
}

interface CompareJson {
  metrics: MetricComparison[];
  paired: PairedChanges;
}

/** compare --json; exit 1 is a failing gate, still a comparison. */
async function compareJson(baseline: string, current: string, suite: string, code = 0): Promise<CompareJson> {
  const result = await runCli(['compare', baseline, current, '--suite', suite, '--json']);
  assert.equal(result.code, code, result.stderr);
  return JSON.parse(result.stdout) as CompareJson;
}

describe('compare two retrieval runs of the example suite', { timeout: 120_000 }, () => {
  const suite = exampleCopy();
  // Fewer n-gram dimensions: more collisions, so some queries rank their memory lower.
  const changed = exampleCopy((text) => text.replace('dimensions: 1024', 'dimensions: 16'));
  const [first, second, third] = [tempDir(), tempDir(), tempDir()];
  before(async () => {
    for (const [path, out] of [[suite, first], [suite, second], [changed, third]] as const) {
      const run = await runCli(['run', path, '--layer', 'retrieval', '--out', out]);
      assert.ok(run.code === 0 || run.code === 1, run.stderr);
    }
  });

  test("another suite's file as the suite (--suite, or the default from another folder): exit 2 naming both, no gate of theirs applied", async () => {
    const other = join(REPO_ROOT, 'suites/examples/memory-tracking/suite.yaml');
    const result = await runCli(['compare', first, third, '--suite', other]);
    assert.equal(result.code, 2, result.stdout + result.stderr);
    assert.match(result.stderr, /memory-tracking\/suite\.yaml is suite "memory-tracking", but .* holds results of suite "assistant-memory".*pass --suite with the suite file the run used .*, or add --allow-other-suite to apply it all the same/s);
    assert.doesNotMatch(result.stdout, /gate (PASSED|FAILED)/);
    // Told to, compare applies it (a suite renamed since its run).
    const allowed = await runCli(['compare', first, third, '--suite', other, '--allow-other-suite']);
    assert.ok(allowed.code === 0 || allowed.code === 1, allowed.stderr);
    // calibrate refuses alike (regrade too: the e2e runs below).
    const refused = await runCli(['calibrate', third, '--suite', other]);
    assert.equal(refused.code, 2, refused.stdout + refused.stderr);
    assert.match(refused.stderr, /is suite "memory-tracking", but .* holds results of suite "assistant-memory"/);
  });

  test('each run reports intervals beside the means, in results.json and the terminal', async () => {
    const results = readResults(first, process.cwd());
    const vector = results.retrieval!.providers['ngram-vector']!;
    const mrr = vector.intervals!.mrr!;
    assert.equal(mrr.n, 18);
    assert.ok(mrr.ci[0] <= vector.metrics!.mrr! && vector.metrics!.mrr! <= mrr.ci[1], `${mrr.ci}`);
    const run = await runCli(['run', suite, '--layer', 'retrieval', '--out', tempDir()]);
    assert.match(run.stdout, /^intervals \(95% percentile bootstrap, 2000 draws/m);
    assert.match(run.stdout, /^ {2}ngram-vector: recall@1 \d\.\d{3} \[\d\.\d{3}, \d\.\d{3}\] n=18 queries;/m);
  });

  test('two identical runs: every interval is exactly [0, 0], paired on all 18 queries, no query moved', async () => {
    const json = await compareJson(first, second, suite);
    assert.ok(json.metrics.length >= 20);
    for (const row of json.metrics) {
      assert.deepEqual(row.change?.interval, [0, 0], row.metric);
      assert.equal(row.change?.paired, true);
      assert.equal(row.change?.shared, 18);
    }
    for (const provider of json.paired.queries) {
      assert.deepEqual([provider.worse, provider.better, provider.same, provider.wilcoxon.p], [[], [], 18, 1], provider.provider);
    }
    const text = await runCli(['compare', first, second, '--suite', suite]);
    assert.match(text.stdout, /^retrieval\.ngram-vector\.mrr\s+0\.\d{3}\s+0\.\d{3}\s+\+0\.000\s+\[\+0\.000, \+0\.000\]\s+paired, 18 shared$/m);
    assert.match(text.stdout, /ngram-vector: 0 worse, 0 better, 18 same of 18 shared; Wilcoxon signed-rank \(exact\) on reciprocal rank: n=0 non-zero \(18 unchanged\), W\+=0, W-=0, p=1\.000/);
  });

  test('a changed provider setting: a non-zero paired interval and the queries that got worse, with the Wilcoxon counts', async () => {
    // The example gate's mrr max_drop fails on this change.
    const json = await compareJson(first, third, changed, 1);
    const mrr = json.metrics.find((row) => row.metric === 'retrieval.ngram-vector.mrr')!;
    assert.ok(mrr.delta < 0, `${mrr.delta}`);
    assert.ok(mrr.change!.interval[0] < 0 && mrr.change!.interval[0] !== mrr.change!.interval[1], `${mrr.change!.interval}`);
    const keyword = json.metrics.find((row) => row.metric === 'retrieval.keyword.mrr')!;
    assert.deepEqual(keyword.change!.interval, [0, 0], 'the keyword provider did not change');
    const vector = json.paired.queries.find((provider) => provider.provider === 'ngram-vector')!;
    assert.ok(vector.worse.length > 0);
    assert.equal(vector.wilcoxon.n, vector.worse.length + vector.better.length);
    assert.equal(vector.wilcoxon.zeros, vector.same);
    const text = await runCli(['compare', first, third, '--suite', changed]);
    const worst = vector.worse[0]!;
    assert.match(text.stdout, new RegExp(`ngram-vector: ${vector.worse.length} worse, ${vector.better.length} better, ${vector.same} same of 18 shared; Wilcoxon signed-rank \\(exact\\) on reciprocal rank: n=${vector.wilcoxon.n} non-zero`));
    assert.ok(text.stdout.includes(`${worst.id} (${worst.before ?? 'none'} -> ${worst.after ?? 'none'})`), text.stdout);
  });
});

describe('compare two e2e runs: flipped cases with exact McNemar counts', { timeout: 120_000 }, () => {
  let server: OpenAIServer;
  before(async () => {
    server = await startOpenAIServer({ apiKey: 'sk-test' });
  });
  after(async () => server.close());

  /** The example's first four cases, recall condition only, repeat 2: 8 trials a run. */
  function tinySuite(): string {
    const path = exampleCopy((text) => text.replace('repeat: 3', 'repeat: 2').replace('conditions: [recall, none, oracle]', 'conditions: [recall]').replace(/\ngate:[\s\S]*$/, '\n'));
    const casesPath = join(path, '..', 'cases.yaml');
    const cases = readFileSync(casesPath, 'utf8').split(/\n(?=- )/);
    writeFileSync(casesPath, cases.slice(0, 4).join('\n') + '\n');
    return path;
  }

  test('identical runs: no flips, b=0 c=0; a run with memory removed from the prompt: pass->fail with b and p', async () => {
    const suite = tinySuite();
    const env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url };
    const [one, two, three] = [tempDir(), tempDir(), tempDir()];
    for (const out of [one, two]) {
      const run = await runCli(['run', suite, '--layer', 'e2e', '--out', out], { env });
      assert.ok(run.code === 0 || run.code === 1, run.stdout + run.stderr);
    }
    // regrade with another suite's file would rewrite the folder with that suite's checks: refused, the folder as it was.
    const before = readFileSync(join(one, 'results.json'), 'utf8');
    const refused = await runCli(['regrade', one, '--suite', join(REPO_ROOT, 'suites/examples/memory-tracking/suite.yaml')]);
    assert.equal(refused.code, 2, refused.stdout + refused.stderr);
    assert.match(refused.stderr, /is suite "memory-tracking", but .* holds results of suite/);
    assert.equal(readFileSync(join(one, 'results.json'), 'utf8'), before);
    const same = await compareJson(one, two, suite);
    const cases = same.paired.cases!;
    assert.ok(cases.overall.shared >= 3, `${cases.overall.shared}`);
    assert.deepEqual([cases.overall.mcnemar.b, cases.overall.mcnemar.c, cases.overall.mcnemar.p], [0, 0, 1]);
    for (const row of same.metrics) assert.deepEqual(row.change?.interval, [0, 0], row.metric);
    // Recall quality is compared from the trials, as the gate reads it.
    for (const metric of ['e2e.evidence_coverage', 'e2e.recall_precision']) assert.ok(same.metrics.some((row) => row.metric === metric), metric);
    // A baseline whose trials do not say what was recalled (written by an older recall-gate): those rows are left out,
    // not shown without an interval.
    const bare = tempDir();
    cpSync(one, bare, { recursive: true });
    const trialLines = readFileSync(join(bare, 'trials.jsonl'), 'utf8').split('\n').filter(Boolean);
    writeFileSync(join(bare, 'trials.jsonl'), trialLines.map((line) => JSON.stringify({ ...JSON.parse(line), evidence_coverage: undefined, recall_precision: undefined })).join('\n') + '\n');
    const withoutTrials = await compareJson(bare, two, suite);
    assert.ok(withoutTrials.metrics.some((row) => row.metric === 'e2e.pass_rate'));
    assert.ok(!withoutTrials.metrics.some((row) => /evidence_coverage|recall_precision/.test(row.metric)), JSON.stringify(withoutTrials.metrics.map((row) => row.metric)));
    // The same suite with sessions no longer stored: recall finds nothing, the cases that needed it fail.
    const crippled = suite;
    writeFileSync(crippled, readFileSync(crippled, 'utf8').replace('max_results: 5, dated: true', 'max_results: 5, dated: true, auto_store: false'));
    const run = await runCli(['run', crippled, '--layer', 'e2e', '--out', three], { env });
    assert.ok(run.code === 0 || run.code === 1, run.stdout + run.stderr);
    const worse = await compareJson(one, three, crippled);
    const flips = worse.paired.cases!.overall;
    assert.ok(flips.pass_to_fail.length > 0, JSON.stringify(flips));
    assert.equal(flips.mcnemar.b, flips.pass_to_fail.length);
    assert.equal(flips.mcnemar.c, flips.fail_to_pass.length);
    // Nothing stored, nothing recalled: the evidence the cases name is no longer handed to the agent.
    const coverage = worse.metrics.find((row) => row.metric === 'e2e.evidence_coverage')!;
    assert.ok(coverage.baseline > 0 && coverage.current === 0, JSON.stringify(coverage));
    assert.ok(coverage.change!.interval[1] < 0, JSON.stringify(coverage.change));
    const text = await runCli(['compare', one, three, '--suite', crippled]);
    assert.match(text.stdout, /e2e\.evidence_coverage/);
    assert.match(text.stdout, new RegExp(`all: ${flips.shared} shared cases; exact McNemar: b=${flips.mcnemar.b} pass->fail, c=${flips.mcnemar.c} fail->pass \\(n=${flips.mcnemar.n}\\), p=`));
  });
});
