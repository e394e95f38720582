/**
 * The fast loop (issue 23 §4): run --case, --ability, --query, --repeat,
 * --rerun-failed and --sample run exactly the units they name, and every
 * output says the run is narrowed. The built CLI against the example suite and
 * a local OpenAI-compatible chat server.
 */
import assert from 'node:assert/strict';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { TrialRecord } from '../../src/model/trial.js';
import type { QueryOutcome, ResultsDocument } from '../../src/model/results.js';
import { runOnEvent } from '../support/action.js';
import { startCacheServer, type CacheServer } from '../support/cacheServer.js';
import { REPO_ROOT, runCli, tempDir } from '../support/cli.js';
import { startGitHubServer, type GitHubServer } from '../support/githubServer.js';
import { startOpenAIServer, type OpenAIServer } from '../support/openaiServer.js';

const EXAMPLE_DIR = join(REPO_ROOT, 'suites/examples/assistant-memory');

/**
 * The example suite without its gate: a narrowed run is gated on what ran, and the example's gate names
 * abilities a narrowed run leaves out (a missing metric fails), so these tests check what ran, not the gate.
 */
function ungatedExample(): string {
  const dir = tempDir('recall-gate-suite-');
  cpSync(EXAMPLE_DIR, dir, { recursive: true });
  const path = join(dir, 'suite.yaml');
  writeFileSync(path, readFileSync(path, 'utf8').replace(/\ngate:[\s\S]*$/, '\n'));
  return path;
}
const SUITE = ungatedExample();

function results(out: string): ResultsDocument {
  return JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as ResultsDocument;
}

function trials(out: string): TrialRecord[] {
  const path = join(out, 'trials.jsonl');
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as TrialRecord);
}

function queryRows(out: string, provider: string): QueryOutcome[] {
  const path = join(out, 'queries', `${provider}.jsonl`);
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as QueryOutcome);
}

/** case/condition/repeat of each trial, sorted: what ran, exactly. */
function ran(log: TrialRecord[]): string[] {
  return log.map((trial) => `${trial.case}/${trial.condition}/${trial.repeat}`).sort();
}

function plan(cases: string[], repeat: number): string[] {
  return cases.flatMap((name) => ['recall', 'none', 'oracle'].flatMap((condition) => Array.from({ length: repeat }, (_, index) => `${name}/${condition}/${index + 1}`))).sort();
}

describe('run narrowed to some cases, queries, repeats', { timeout: 600_000 }, () => {
  let server: OpenAIServer;
  before(async () => {
    server = await startOpenAIServer({ apiKey: 'sk-test' });
  });
  after(async () => server.close());
  const env = () => ({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url });

  test('--case (exact and glob) runs those cases alone, e2e only, and every output says so', async () => {
    const out = tempDir();
    const result = await runCli(['run', SUITE, '--out', out, '--case', 'allergy-recall', '--case', 'coffee-*', '--repeat', '1'], { env: env() });
    assert.equal(result.code, 0, result.stdout + result.stderr);
    const cases = ['allergy-recall', 'coffee-order', 'coffee-order-other-account'];
    assert.deepEqual(ran(trials(out)), plan(cases, 1));
    const document = results(out);
    assert.equal(document.layers.retrieval, 'skipped', '--case alone narrows the e2e layer: no retrieval query runs');
    assert.equal(existsSync(join(out, 'queries')), false);
    assert.deepEqual(document.selection, { by: ['--case', '--repeat'], cases, of: { cases: 13, queries: 18 }, repeat: 1 });
    assert.equal(document.e2e!.repeat, 1);
    assert.match(result.stdout, /narrowed run: 3 of 13 cases selected with --case; repeat 1 \(--repeat\)/);
    assert.match(readFileSync(join(out, 'report.md'), 'utf8'), /Narrowed run: 3 of 13 cases selected with --case/);
  });

  test('--ability runs the cases of those abilities; with --case they narrow together', async () => {
    const out = tempDir();
    const result = await runCli(['run', SUITE, '--out', out, '--ability', 'fault-handling', '--ability', 'isolation', '--repeat', '1'], { env: env() });
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.deepEqual(ran(trials(out)), plan(['budget-stays-private', 'cabin-wifi', 'friday-pizza'], 1));
    const both = tempDir();
    const narrowed = await runCli(['run', SUITE, '--out', both, '--ability', 'fault-handling', '--case', '*-pizza', '--repeat', '1'], { env: env() });
    assert.equal(narrowed.code, 0, narrowed.stdout + narrowed.stderr);
    assert.deepEqual(ran(trials(both)), plan(['friday-pizza'], 1));
  });

  test('--query runs those queries alone against every provider, all memories seeded; no e2e trial', async () => {
    const out = tempDir();
    const result = await runCli(['run', SUITE, '--out', out, '--query', 'peanut', '--query', 'where-*']);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    for (const provider of ['keyword', 'ngram-vector']) {
      assert.deepEqual(queryRows(out, provider).map((row) => row.id), ['peanut', 'where-live']);
    }
    const document = results(out);
    assert.equal(document.layers.e2e, 'skipped');
    assert.equal(document.retrieval!.query_count, 2);
    assert.ok(document.retrieval!.memory_count > 2, 'memories are all seeded');
    assert.deepEqual(document.selection?.queries, ['peanut', 'where-live']);
    assert.match(result.stdout, /2 of 18 queries selected with --query/);
  });

  test('--baseline with a narrowed run: the baseline is narrowed to the same queries, so a regression condition compares like with like', async () => {
    const gated = join(dirname(SUITE), 'suite.gated.yaml');
    writeFileSync(gated, `${readFileSync(SUITE, 'utf8')}\ngate:\n  all:\n    - { metric: retrieval.keyword.recall@1, max_drop: 0.01 }\n`);
    const whole = tempDir();
    assert.equal((await runCli(['run', gated, '--out', whole])).code, 0);
    const wholeRecall = results(whole).retrieval!.providers.keyword!.metrics!['recall@1']!;
    const peanut = queryRows(whole, 'keyword').find((row) => row.id === 'peanut')!.metrics['recall@1']!;
    assert.notEqual(peanut, wholeRecall, 'the test needs a query whose figure differs from the mean');
    const narrowed = await runCli(['run', gated, '--out', tempDir(), '--query', 'peanut', '--baseline', whole, '--json']);
    assert.equal(narrowed.code, 0, narrowed.stderr);
    const row = (JSON.parse(narrowed.stdout) as { gate: { rows: { baseline?: number; actual?: number; status: string }[] } }).gate.rows[0]!;
    assert.equal(row.actual, peanut);
    assert.equal(row.baseline, peanut, 'the baseline figure is of the same query, not the whole run');
    assert.equal(row.status, 'pass');
  });

  test('a name that matches nothing, or a repeat that is not a positive whole number, is exit 2 before anything runs', async () => {
    const out = tempDir();
    const typo = await runCli(['run', SUITE, '--out', out, '--case', 'allergy-recal']);
    assert.equal(typo.code, 2, typo.stderr);
    assert.match(typo.stderr, /--case "allergy-recal" matches no case of the suite/);
    assert.match(typo.stderr, /did you mean "allergy-recall"\?/);
    const query = await runCli(['run', SUITE, '--out', out, '--query', 'peanutt']);
    assert.equal(query.code, 2, query.stderr);
    assert.match(query.stderr, /did you mean "peanut"\?/);
    const ability = await runCli(['run', SUITE, '--out', out, '--ability', 'isolaton']);
    assert.equal(ability.code, 2, ability.stderr);
    assert.match(ability.stderr, /did you mean "isolation"\?/);
    for (const bad of ['0', '-1', '1.5', 'two']) {
      const repeat = await runCli(['run', SUITE, '--out', out, `--repeat=${bad}`]);
      assert.equal(repeat.code, 2, `--repeat ${bad}: ${repeat.stderr}`);
      assert.match(repeat.stderr, /--repeat must be a whole number of at least 1/);
    }
    assert.equal(existsSync(join(out, 'results.json')), false, 'nothing ran');
  });

  test('--repeat N replaces e2e.repeat', async () => {
    const out = tempDir();
    const result = await runCli(['run', SUITE, '--out', out, '--case', 'new-role-start', '--repeat', '2'], { env: env() });
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.deepEqual(ran(trials(out)), plan(['new-role-start'], 2));
    assert.equal(results(out).e2e!.repeat, 2);
  });

  test('--rerun-failed DIR runs only the cases and queries that failed there; nothing failed runs nothing, exit 0', async () => {
    const first = tempDir();
    const whole = await runCli(['run', SUITE, '--out', first, '--case', 'allergy-recall', '--case', 'new-role-start', '--query', 'peanut', '--query', 'where-live', '--repeat', '1'], { env: env() });
    assert.equal(whole.code, 0, whole.stdout + whole.stderr);
    assert.equal(results(first).layers.retrieval, 'ran', '--case with --query runs both layers');
    // allergy-recall failed under the headline condition (recall); its failure under none would not count.
    const log = trials(first).map((trial) => (trial.case === 'allergy-recall' && trial.condition === 'recall' ? { ...trial, status: 'fail' as const } : trial.case === 'new-role-start' && trial.condition === 'none' ? { ...trial, status: 'fail' as const } : trial));
    writeFileSync(join(first, 'trials.jsonl'), log.map((trial) => JSON.stringify(trial)).join('\n') + '\n');
    const missed = new Set(['keyword', 'ngram-vector'].flatMap((provider) => queryRows(first, provider).filter((row) => (row.metrics['recall@5'] ?? 0) < 1).map((row) => row.id)));
    assert.ok(missed.size > 0 && missed.size < 2, `one query misses in this example: ${[...missed].join(', ')}`);

    const again = tempDir();
    const rerun = await runCli(['run', SUITE, '--out', again, '--rerun-failed', first, '--repeat', '1'], { env: env() });
    assert.equal(rerun.code, 0, rerun.stdout + rerun.stderr);
    assert.deepEqual(ran(trials(again)), plan(['allergy-recall'], 1));
    for (const provider of ['keyword', 'ngram-vector']) assert.deepEqual(queryRows(again, provider).map((row) => row.id), [...missed]);
    assert.equal(results(again).selection?.rerun_failed_from, first);
    assert.match(rerun.stdout, /the failures of .* \(--rerun-failed\)/);

    // The rerun's own folder: nothing failed in it.
    const third = tempDir();
    const clean = tempDir();
    const passing = await runCli(['run', SUITE, '--out', clean, '--case', 'new-role-start', '--repeat', '1'], { env: env() });
    assert.equal(passing.code, 0, passing.stdout + passing.stderr);
    const nothing = await runCli(['run', SUITE, '--out', join(third, 'out'), '--rerun-failed', clean], { env: env() });
    assert.equal(nothing.code, 0, nothing.stderr);
    assert.match(nothing.stdout, /nothing failed in .*nothing ran/);
    assert.equal(existsSync(join(third, 'out')), false, 'nothing ran, nothing was written');
    const notRun = await runCli(['run', SUITE, '--rerun-failed', join(third, 'missing')]);
    assert.equal(notRun.code, 2, notRun.stderr);
  });

  test('--sample N --seed S runs N cases drawn by ability and split, and says it is a sample', async () => {
    const out = tempDir();
    const result = await runCli(['run', SUITE, '--out', out, '--sample', '4', '--seed', '7', '--repeat', '1'], { env: env() });
    assert.equal(result.code, 0, result.stdout + result.stderr);
    const document = results(out);
    assert.deepEqual(document.sample, { n: 4, of: 13, seed: 7 });
    const names = [...new Set(trials(out).map((trial) => trial.case))];
    assert.equal(names.length, 4);
    assert.deepEqual(ran(trials(out)), plan(names, 1));
    assert.deepEqual(document.selection?.cases?.slice().sort(), names.sort());
    assert.match(result.stdout, /sample: 4 of 13 cases drawn with seed 7/);
    assert.match(readFileSync(join(out, 'report.md'), 'utf8'), /Narrowed run: sample: 4 of 13 cases/);
    const tooMany = await runCli(['run', SUITE, '--out', tempDir(), '--sample', '14']);
    assert.equal(tooMany.code, 2, tooMany.stderr);
  });
});

describe('the Action narrowed by its args and sample inputs', { timeout: 600_000 }, () => {
  let cache: CacheServer;
  let github: GitHubServer;
  let openai: OpenAIServer;
  before(async () => {
    cache = await startCacheServer();
    openai = await startOpenAIServer({ apiKey: 'sk-test' });
    github = await startGitHubServer({ owner: 'acme', repo: 'agent', pulls: { 7: [{ filename: 'src/memory/store.ts', status: 'modified' }] } });
  });
  after(async () => {
    await Promise.all([cache.close(), github.close(), openai.close()]);
  });

  function workspace(): string {
    const dir = tempDir('recall-gate-workspace-');
    cpSync(dirname(SUITE), join(dir, 'evals'), { recursive: true });
    return dir;
  }
  const push = { name: 'push', payload: { ref: 'refs/heads/main', after: 'a'.repeat(40), repository: { default_branch: 'main' } } };

  test('a push to the default branch narrowed by args runs what args names, says so, and is not saved as the baseline', async () => {
    const dir = workspace();
    const run = await runOnEvent(dir, github.url, push, { suite: 'evals/suite.yaml', layer: 'all', args: `--case 'allergy-*' --query peanut --repeat 1`, 'openai-api-key': 'sk-test', 'openai-base-url': openai.url }, { ...cache.env(), RUNNER_TEMP: tempDir('recall-gate-runner-temp-') });
    assert.equal(run.outputs.verdict, 'pass', run.log);
    const out = join(dir, 'recall-gate-results', 'assistant-memory');
    assert.deepEqual(ran(trials(out)), plan(['allergy-recall'], 1));
    assert.deepEqual(queryRows(out, 'keyword').map((row) => row.id), ['peanut']);
    assert.match(run.summary, /narrowed run: 1 of 13 cases selected with --case; 1 of 18 queries selected with --query; repeat 1/);
    assert.match(run.log, /not saved as the baseline: the run is narrowed/);
    assert.deepEqual(cache.requests.filter((r) => r.method === 'POST' && r.resource === 'caches' && (r.body as { key: string }).key.startsWith('recall-gate-baseline-')), [], 'no baseline reserved');
  });

  test('the sample input runs a seeded sample that the PR comment names; a bad args input fails the job before anything runs', async () => {
    const dir = workspace();
    const pr = { name: 'pull_request', payload: { number: 7, pull_request: { number: 7, changed_files: 1 }, repository: { default_branch: 'main' } } };
    const run = await runOnEvent(dir, github.url, pr, { suite: 'evals/suite.yaml', layer: 'e2e', sample: '2', args: '--repeat 1', 'openai-api-key': 'sk-test', 'openai-base-url': openai.url });
    const out = join(dir, 'recall-gate-results', 'assistant-memory');
    assert.deepEqual(results(out).sample, { n: 2, of: 13, seed: 1 }, run.log);
    assert.equal(new Set(trials(out).map((trial) => trial.case)).size, 2);
    assert.match(github.comments.find((comment) => comment.issueNumber === 7)!.body, /sample: 2 of 13 cases drawn with seed 1/);

    const bad = workspace();
    const refused = await runOnEvent(bad, github.url, pr, { suite: 'evals/suite.yaml', args: '--case "allergy-recall', 'openai-api-key': 'sk-test', 'openai-base-url': openai.url });
    assert.equal(refused.code, 1);
    assert.match(refused.log, /input args: a double quote is not closed/);
    assert.equal(existsSync(join(bad, 'recall-gate-results')), false);
  });
});
