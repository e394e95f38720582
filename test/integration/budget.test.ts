/**
 * The spend cap (issue 24 §5): the built CLI and Action against a local
 * OpenAI-compatible server whose usage makes every trial cost the same. The
 * plan's calls and estimate are said before e2e starts; a budget below the
 * cost of 40 priced trials stops new trials (exit 3) with "budget of $X
 * reached after N of M trials" in every output, and such a run is never read
 * as a regression; a cap no price can enforce is refused (exit 2) before
 * any call.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ResultsDocument } from '../../src/model/results.js';
import type { TrialRecord } from '../../src/model/trial.js';
import { runAction } from '../support/action.js';
import { runCli, tempDir } from '../support/cli.js';
import { startOpenAIServer, type OpenAIServer } from '../support/openaiServer.js';

const TRIALS = 40;

/** 40 cases alike (so every trial costs the same), recall only, repeat 1; a priced house model unless `model` says otherwise. */
function suiteText(options: { model?: string; prices?: boolean; maxCost?: number; gate?: boolean } = {}): string {
  const model = options.model ?? 'house-model';
  const cases = Array.from({ length: TRIALS }, (_, index) =>
    [`    - name: dog-${index + 1}`, '      ability: extraction', '      sessions: [{ user: "My dog is called Pixel." }]', '      probe: { text: "What is my dog called?" }', '      check: { icontains: pixel }'].join('\n'),
  );
  return [
    'name: budget',
    'retrieval:',
    '  providers: [{ name: kw, kind: keyword }]',
    '  memories: [{ id: m1, text: "placeholder" }]',
    '  queries: [{ text: "placeholder", relevant: [m1] }]',
    'e2e:',
    `  target: { kind: builtin, model: ${model}, memory: { provider: kw } }`,
    '  repeat: 1',
    ...(options.prices === false ? [] : [`  prices: { ${model}: { input: 1000, output: 1000 } }`]),
    ...(options.maxCost !== undefined ? [`  max_cost_usd: ${options.maxCost}`] : []),
    '  cases:',
    ...cases,
    ...(options.gate ? ['gate:', '  all:', '    - { metric: e2e.pass_rate, max_drop: 0.05 }'] : []),
    '',
  ].join('\n');
}

function writeSuite(text: string): { dir: string; suite: string } {
  const dir = tempDir();
  const suite = join(dir, 'suite.yaml');
  writeFileSync(suite, text);
  return { dir, suite };
}

function readRun(out: string): { results: ResultsDocument; trials: TrialRecord[] } {
  return {
    results: JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as ResultsDocument,
    trials: readFileSync(join(out, 'trials.jsonl'), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as TrialRecord),
  };
}

const escaped = (text: string) => text.replace(/[$.()[\]]/g, '\\$&');

describe('a spend cap on the e2e layer', { timeout: 600_000 }, () => {
  let server: OpenAIServer;
  /** What one trial costs (they are alike), from a run with a budget it does not reach. */
  let perTrial: number;
  let whole: { dir: string; suite: string; out: string };
  before(async () => {
    server = await startOpenAIServer({ apiKey: 'sk-test' });
  });
  after(() => server.close());
  const env = () => ({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url });
  const chats = () => server.requests.filter((request) => request.path === '/v1/chat/completions').length;

  test('before e2e starts the plan\'s calls and estimated cost are said; a budget it does not reach changes nothing', async () => {
    const { dir, suite } = writeSuite(suiteText({ gate: true }));
    const out = join(dir, 'whole');
    const result = await runCli(['run', suite, '--layer', 'e2e', '--out', out, '--budget-usd', '1000'], { env: env() });
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.match(result.stderr, /e2e plan: 40 trials: 80 agent calls; estimated cost \$[\d.]+ \(rough, from the plan's text with replies taken as 100 tokens\); budget \$1000 \(--budget-usd\)/);
    const { results, trials } = readRun(out);
    assert.equal(trials.length, TRIALS);
    const costs = new Set(trials.map((trial) => trial.cost_usd));
    assert.equal(costs.size, 1, 'the trials are alike');
    perTrial = trials[0]!.cost_usd!;
    assert.ok(perTrial > 0);
    assert.equal(results.status, 'complete');
    assert.equal(results.e2e!.budget!.reached, false);
    assert.equal(results.e2e!.budget!.trials_run, TRIALS);
    assert.match(result.stdout, /budget \$1000\.0000 \(--budget-usd\): spent \$[\d.]+; not reached \(40 of 40 trials ran\)/);
    whole = { dir, suite, out };
  });

  test('--budget-usd below the cost of 40 trials stops early: exit 3 and "budget of $X reached after N of M trials" in every output', async () => {
    assert.ok(perTrial, 'needs the first test');
    const cap = Number((10.5 * perTrial).toFixed(6));
    const out = join(whole.dir, 'capped');
    const before = chats();
    const result = await runCli(['run', whole.suite, '--layer', 'e2e', '--out', out, '--budget-usd', String(cap), '--concurrency', '1', '--baseline', whole.out], { env: env() });
    const message = `budget of $${cap} reached after 10 of 40 trials`;
    assert.equal(result.code, 3, `${result.stdout}${result.stderr}`);
    assert.equal(chats() - before, 20, '10 trials of 2 calls each, then no more');
    // The terminal: the moment it stopped, why the run is incomplete, and the budget line.
    assert.match(result.stderr, /e2e: the budget of \$[\d.]+ \(--budget-usd\) would be passed by another trial .*no new trial starts; those running finish/);
    assert.match(result.stderr, new RegExp(`run incomplete: e2e: ${escaped(message)} \\(spent \\$`));
    assert.match(result.stdout, new RegExp(`${escaped(message)}: the other trials did not start`));
    const { results, trials } = readRun(out);
    assert.equal(trials.length, 10);
    assert.ok(trials.every((trial) => trial.status === 'pass'), 'the trials that ran are whole');
    assert.equal(results.status, 'incomplete');
    assert.ok(results.errors.some((error) => error.startsWith(`e2e: ${message}`) && error.endsWith('raise the budget and run again with --resume to finish')), results.errors.join('\n'));
    assert.deepEqual({ ...results.e2e!.budget!, estimate: undefined }, {
      cap_usd: cap,
      source: '--budget-usd',
      spent_usd: Number((10 * perTrial).toFixed(6)),
      unknown_trials: 0,
      reached: true,
      trials_run: 10,
      trials_planned: 40,
      message,
      estimate: undefined,
    });
    assert.ok(results.e2e!.budget!.spent_usd <= cap);
    assert.ok(results.e2e!.errors.some((error) => error.reason === `not started: the ${message}`));
    assert.ok(readFileSync(join(out, 'report.md'), 'utf8').includes(message));
    const junit = readFileSync(join(out, 'junit.xml'), 'utf8');
    assert.match(junit, new RegExp(`<testcase name="e2e budget" classname="e2e" time="0.000">\\n\\s+<error message="${escaped(message)}"`));
    // Never read as a regression: the pass rate against the whole run's fell (the 30 trials not started count as errors), and the exit status is 3, not 1.
    assert.doesNotMatch(result.stderr, /gate failed/);
  });

  test('trials running when the cap is reached finish; none is cut short (four at once)', async () => {
    assert.ok(perTrial, 'needs the first test');
    const cap = Number((10.5 * perTrial).toFixed(6));
    const out = join(whole.dir, 'four');
    const result = await runCli(['run', whole.suite, '--layer', 'e2e', '--out', out, '--budget-usd', String(cap), '--concurrency', '4'], { env: env() });
    assert.equal(result.code, 3, result.stdout + result.stderr);
    const { results, trials } = readRun(out);
    assert.ok(trials.length < TRIALS);
    assert.ok(trials.every((trial) => trial.status === 'pass'), 'every trial that started ended with its verdict');
    assert.equal(results.e2e!.budget!.trials_run, trials.length);
    assert.ok(results.errors.some((error) => error.includes(`budget of $${cap} reached after ${trials.length} of 40 trials`)), results.errors.join('\n'));
  });

  test('e2e.max_cost_usd caps the same way, and says where the cap came from', async () => {
    assert.ok(perTrial, 'needs the first test');
    const cap = Number((2.5 * perTrial).toFixed(6));
    const { dir, suite } = writeSuite(suiteText({ maxCost: cap }));
    const result = await runCli(['run', suite, '--layer', 'e2e', '--out', join(dir, 'out'), '--concurrency', '1'], { env: env() });
    assert.equal(result.code, 3, result.stdout + result.stderr);
    assert.match(result.stderr, new RegExp(`budget \\$${escaped(String(cap))} \\(e2e\\.max_cost_usd\\)`));
    assert.match(result.stderr, new RegExp(`run incomplete: e2e: ${escaped(`budget of $${cap} reached after 2 of 40 trials`)}`));
  });

  test('a cap no price can enforce (every model unpriced) is refused before anything runs, as --budget-usd and as e2e.max_cost_usd', async () => {
    const { dir, suite } = writeSuite(suiteText({ model: 'house-model', prices: false }));
    const before = chats();
    const out = join(dir, 'out');
    const result = await runCli(['run', suite, '--layer', 'e2e', '--out', out, '--budget-usd', '1'], { env: env() });
    assert.equal(result.code, 2, result.stdout + result.stderr);
    assert.match(result.stderr, /recall-gate run: --budget-usd \$1: no model this run pays for has a price \(the chat model house-model has no price\), so its spend cannot be counted and a budget cannot be enforced \(give the models prices in e2e\.prices/);
    assert.equal(chats(), before, 'no model was asked');
    assert.equal(existsSync(join(out, 'results.json')), false, 'nothing ran');

    const field = writeSuite(suiteText({ model: 'house-model', prices: false, maxCost: 5 }));
    const validate = await runCli(['validate', field.suite]);
    assert.equal(validate.code, 2, validate.stdout + validate.stderr);
    assert.match(validate.stderr, /suite\.yaml:9:17: max_cost_usd: no model this run pays for has a price \(the chat model house-model has no price\)/);

    const unpriced = await runCli(['run', suite, '--layer', 'e2e', '--out', join(dir, 'plain'), '--case', 'dog-1'], { env: env() });
    assert.equal(unpriced.code, 0, unpriced.stdout + unpriced.stderr);
    assert.match(unpriced.stderr, /estimated cost unknown \(the chat model house-model has no price/, 'without a cap the estimate says what is unknown');
  });

  test('the Action: budget-usd caps the run (incomplete, the message in the summary); args with --cache-llm is refused', async () => {
    assert.ok(perTrial, 'needs the first test');
    const dir = tempDir();
    mkdirSync(join(dir, 'evals'));
    writeFileSync(join(dir, 'evals', 'suite.yaml'), suiteText());
    const cap = Number((3.5 * perTrial).toFixed(6));
    const inputs = { suite: 'evals/suite.yaml', layer: 'e2e', 'openai-api-key': 'sk-test', 'openai-base-url': server.url };
    const capped = await runAction(dir, { ...inputs, 'budget-usd': String(cap) });
    assert.equal(capped.code, 1, capped.log);
    assert.equal(capped.outputs.verdict, 'incomplete');
    const trials = readFileSync(join(dir, 'recall-gate-results', 'budget', 'trials.jsonl'), 'utf8').split('\n').filter(Boolean).length;
    assert.ok(trials < TRIALS);
    assert.ok(capped.summary.includes(`budget of $${cap} reached after ${trials} of 40 trials`), capped.summary);
    assert.match(capped.log, /budget \$[\d.]+ \(budget-usd\)/);
    // The Action cannot resume: it says how a job finishes instead, not --resume alone.
    const stopped = JSON.parse(readFileSync(join(dir, 'recall-gate-results', 'budget', 'results.json'), 'utf8')) as { errors: string[] };
    assert.ok(stopped.errors.some((error) => error.endsWith('raise the budget and re-run the job (the Action starts the run afresh; the CLI can finish one with --resume)')), stopped.errors.join('\n'));

    const cached = await runAction(dir, { ...inputs, args: '--cache-llm' });
    assert.equal(cached.code, 1, cached.log);
    assert.match(cached.log, /::error::recall-gate: input args: --cache-llm is for the CLI only: the Action never answers model calls from a cache, so a gate never reads stale answers/);
  });
  test('a shared history under a cap: its sessions count as its first trial, and its probes stop where the budget does', async () => {
    assert.ok(perTrial, 'needs the first test');
    const cases = Array.from({ length: 10 }, (_, index) => `    - { name: pet-${index + 1}, ability: extraction, history: pets, probe: { text: "What is my dog called?" }, check: { icontains: pixel } }`);
    const text = suiteText()
      .replace(/ {2}cases:\n[\s\S]*$/, '')
      .concat(['  histories:', '    - name: pets', '      sessions: [{ user: "My dog is called Pixel." }, { user: "My cat is called Miso." }]', '  cases:', ...cases, ''].join('\n'));
    const { dir, suite } = writeSuite(text);
    const out = join(dir, 'capped');
    const cap = Number((3.5 * perTrial).toFixed(6));
    const result = await runCli(['run', suite, '--layer', 'e2e', '--out', out, '--budget-usd', String(cap)], { env: env() });
    assert.equal(result.code, 3, result.stdout + result.stderr);
    const { results, trials } = readRun(out);
    assert.ok(trials.length >= 1 && trials.length < 10, `${trials.length} trials`);
    assert.deepEqual(
      trials.map((trial) => trial.history?.position),
      trials.map((_, index) => index + 1),
      'the playing stops at a probe, in order',
    );
    assert.ok(trials[0]!.invocations.filter((invocation) => invocation.kind === 'session').length > 0, 'the first trial holds the sessions');
    assert.equal(results.e2e?.budget?.trials_run, trials.length);
    assert.ok((results.e2e?.budget?.spent_usd ?? Infinity) <= cap, `spent ${results.e2e?.budget?.spent_usd} of ${cap}`);
    assert.ok(results.errors.some((error) => error.includes(`budget of $${cap} reached after ${trials.length} of 10 trials`)), results.errors.join('\n'));
  });
  test('merge adds the shards\' budgets up (each had the cap to itself) and regrade keeps the budget', async () => {
    assert.ok(perTrial, 'needs the first test');
    const { dir, suite } = writeSuite(suiteText());
    const cap = Number((3.5 * perTrial).toFixed(6));
    const shards = [join(dir, 's1'), join(dir, 's2')];
    for (const [index, out] of shards.entries()) {
      const result = await runCli(['run', suite, '--layer', 'e2e', '--out', out, '--shard', `${index + 1}/2`, '--budget-usd', String(cap)], { env: env() });
      assert.equal(result.code, 3, result.stdout + result.stderr);
    }
    const ran = shards.map((out) => readRun(out).trials.length);
    const merged = join(dir, 'merged');
    const merge = await runCli(['merge', '--out', merged, ...shards]);
    assert.equal(merge.code, 3, merge.stdout + merge.stderr);
    const { results } = readRun(merged);
    const shardBudgets = shards.map((out) => readRun(out).results.e2e!.budget!);
    assert.deepEqual(
      { ...results.e2e?.budget, spent_usd: undefined },
      {
        cap_usd: cap,
        source: '--budget-usd',
        spent_usd: undefined,
        unknown_trials: 0,
        reached: true,
        trials_run: ran[0]! + ran[1]!,
        trials_planned: 40,
        message: `budget of $${cap} reached after ${ran[0]! + ran[1]!} of 40 trials (the cap of each shard, reached in 2 of 2)`,
        shards: 2,
      },
    );
    assert.ok(Math.abs(results.e2e!.budget!.spent_usd - shardBudgets[0]!.spent_usd - shardBudgets[1]!.spent_usd) < 1e-6);
    assert.match(readFileSync(join(merged, 'report.md'), 'utf8'), /budget \$[\d.]+ \(--budget-usd, each of 2 shards\): spent/);

    const regrade = await runCli(['regrade', merged, '--suite', suite]);
    assert.ok(regrade.code === 0 || regrade.code === 3, regrade.stdout + regrade.stderr);
    assert.deepEqual(readRun(merged).results.e2e?.budget, results.e2e?.budget, 'regrade keeps the budget');
  });
});
