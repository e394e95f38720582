import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { TrialRecord } from '../../src/model/trial.js';
import type { ResultsDocument } from '../../src/model/results.js';
import { CLI, REPO_ROOT, runCli, tempDir } from '../support/cli.js';
import { startOpenAIServer, type OpenAIServer } from '../support/openaiServer.js';

const EXAMPLE_DIR = join(REPO_ROOT, 'suites/examples/assistant-memory');
/** The example's cases and how many sessions each plants (plant_from plants its source's). */
const EXAMPLE_SESSIONS = {
  'allergy-recall': 1,
  'dinner-suggestion': 1,
  'offsite-budget': 2,
  'new-role-start': 1,
  'never-told-passport': 1,
  'budget-stays-private': 2,
  'easter-visit': 2,
  'dentist-date': 3,
  'invoice-checks': 2,
  'coffee-order': 2,
  'coffee-order-other-account': 2,
  'cabin-wifi': 1,
  'friday-pizza': 1,
};

/** A copy of the example suite that a test may edit. */
function exampleCopy(edit?: (suite: string) => string): string {
  const dir = tempDir('recall-gate-suite-');
  cpSync(EXAMPLE_DIR, dir, { recursive: true });
  const path = join(dir, 'suite.yaml');
  if (edit) writeFileSync(path, edit(readFileSync(path, 'utf8')));
  return path;
}

function read(out: string): { results: ResultsDocument; trials: TrialRecord[] } {
  return {
    results: JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as ResultsDocument,
    trials: readFileSync(join(out, 'trials.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as TrialRecord),
  };
}

function chatRequests(server: OpenAIServer, since = 0) {
  return server.requests.slice(since).filter((request) => request.path === '/v1/chat/completions');
}

describe('run --layer e2e against a local OpenAI-compatible chat server', { timeout: 300_000 }, () => {
  let server: OpenAIServer;
  before(async () => {
    server = await startOpenAIServer({ apiKey: 'sk-test' });
  });
  after(async () => server.close());
  const env = () => ({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url });

  test('plays sessions as separate invocations, grades probes, reports per ability and condition', async () => {
    const out = tempDir();
    const start = server.requests.length;
    const result = await runCli(['run', exampleCopy(), '--layer', 'e2e', '--out', out], { env: env() });
    assert.equal(result.code, 0, result.stdout + result.stderr);
    // The progress line starts its clock as the trials begin: the first line says so, with no estimate yet.
    assert.match(result.stderr, /^e2e: 0\/117 trials, 0 errors$/m);
    assert.match(result.stdout, /^knowledge-update\s+1\.000 \(3\/3\)\s+0\.000 \(0\/3\)\s+1\.000 \(3\/3\)\s+1\.000 \(1\/1\)\s+\+1\.00\s+\+0\.00\s+0$/m);
    assert.match(result.stdout, /LEAK: dinner-suggestion passed with memory off/);
    const { results, trials } = read(out);
    // 13 cases x 3 conditions x 3 repeats; each case's sessions plus its probe are separate calls.
    assert.equal(trials.length, 117);
    const sessions = EXAMPLE_SESSIONS;
    const calls = Object.values(sessions).reduce((sum, n) => sum + (n + 1) * 9, 0);
    assert.equal(chatRequests(server, start).length, calls);
    for (const request of chatRequests(server, start)) {
      const messages = (request.body as { messages: { role: string }[] }).messages;
      assert.deepEqual(messages.map((message) => message.role), ['system', 'user'], 'every invocation starts with no chat history');
    }
    const e2e = results.e2e!;
    assert.equal(e2e.abilities['knowledge-update']!.conditions.recall!.pass_rate, 1);
    assert.equal(e2e.abilities['knowledge-update']!.conditions.none!.pass_rate, 0);
    assert.equal(e2e.abilities['knowledge-update']!.lift_over_none, 1);
    assert.equal(e2e.abilities.extraction!.conditions.recall!['pass^k'], 1);
    assert.deepEqual(e2e.leaks, ['dinner-suggestion']);
    // The old budget reached the context in every recall trial of the update case.
    const budget = trials.filter((trial) => trial.case === 'offsite-budget' && trial.condition === 'recall');
    assert.ok(budget.every((trial) => trial.harmful_recall === true && trial.evidence_coverage === 1));
    assert.ok(trials.every((trial) => trial.answer !== undefined && trial.invocations.at(-1)!.kind === 'probe'));
    // Recall quality describes the recall condition only (none and oracle do not search).
    assert.equal(e2e.recall_quality.evidence_coverage, 1);
    // Three cases can recall harm: offsite-budget (its old budget, every trial), coffee-order (the partner's
    // order, recalled in the caller's own second session) and budget-stays-private (kept from the other user).
    assert.equal(e2e.recall_quality.harmful_recall_rate, 0.666667);
    // gpt-5-mini is in the price table: cost is known and adds up.
    const summed = trials.reduce((sum, trial) => sum + trial.cost_usd!, 0);
    assert.ok(Math.abs(e2e.cost_usd! - summed) < 1e-6);
    assert.equal(e2e.tokens.input, trials.reduce((sum, trial) => sum + trial.tokens.input, 0));
  });

  test('isolation: the other user never sees the planted memories', async () => {
    const out = tempDir();
    assert.equal((await runCli(['run', exampleCopy(), '--layer', 'e2e', '--out', out], { env: env() })).code, 0);
    const { trials } = read(out);
    for (const trial of trials.filter((candidate) => candidate.case === 'budget-stays-private')) {
      const probe = trial.invocations.at(-1)!;
      assert.notEqual(probe.user, trial.user, 'the probe is asked as another user');
      // Nothing reaches the other user: not by search, and the case has no evidence for the oracle to hand in.
      assert.deepEqual(probe.recalled ?? [], []);
      assert.equal(trial.status, 'pass');
    }
  });

  test('memories stored without their date fail the temporal case', async () => {
    const out = tempDir();
    const suite = exampleCopy((text) => text.replace('dated: true', 'dated: false'));
    const run = await runCli(['run', suite, '--layer', 'e2e', '--out', out], { env: env() });
    // Undated, the newer of two memories is not known either: the cases that need it fail, and so does the gate.
    assert.equal(run.code, 1, run.stdout);
    assert.match(run.stdout, /gate FAILED/);
    const { results } = read(out);
    assert.equal(results.e2e!.abilities.temporal!.conditions.recall!.pass_rate, 0);
    assert.equal(results.e2e!.abilities['irrelevant-history']!.conditions.recall!.pass_rate, 0);
    assert.equal(results.e2e!.abilities['knowledge-update']!.conditions.recall!.pass_rate, 1);
  });

  test('429 with Retry-After and a 500 are retried; a hang and malformed JSON become errors, counted and shown', async () => {
    const out = tempDir();
    const suite = exampleCopy((text) =>
      text
        .replace('repeat: 3', 'repeat: 1')
        .replace('conditions: [recall, none, oracle]', 'conditions: [recall]')
        .replace('kind: builtin', 'kind: builtin\n    timeout_ms: 400\n    max_retries: 2'),
    );
    const start = server.requests.length;
    server.faults.push(
      // Retried until the third attempt succeeds: no error.
      { kind: 'status', status: 429, headers: { 'retry-after': '1' } },
      { kind: 'status', status: 500, headers: { 'retry-after-ms': '10' } },
      // Three timeouts exhaust the retries: one trial errors.
      { kind: 'hang' },
      { kind: 'hang' },
      { kind: 'hang' },
      // A body that is not JSON is not retried: another trial errors.
      { kind: 'malformed' },
    );
    const result = await runCli(['run', suite, '--layer', 'e2e', '--out', out, '--concurrency', '1'], { env: env() });
    assert.equal(result.code, 3, result.stdout + result.stderr);
    const { results, trials } = read(out);
    const errors = trials.filter((trial) => trial.status === 'error');
    assert.equal(errors.length, 2, JSON.stringify(errors.map((trial) => trial.reason)));
    assert.match(errors[0]!.reason, /chat request to .* failed \(no response\): no complete response within \d+ ms \(timeout_ms\)/);
    assert.match(errors[1]!.reason, /chat request to .* failed: .*JSON/);
    const attempts = chatRequests(server, start);
    assert.ok(attempts[1]!.at - attempts[0]!.at >= 900, 'Retry-After: 1 was honoured');
    assert.equal(results.e2e!.metrics.errors, 2);
    assert.equal(results.e2e!.metrics.trials, 13, 'errors stay in the denominator');
    // 2 errors and the multi-session case (the scripted model answers from one memory) fail: 10 of 13.
    assert.equal(results.e2e!.metrics.pass_rate, 0.769231);
    assert.match(result.stdout, /2 trials ended in an error \(not passes\)/);
    assert.equal(results.status, 'incomplete');
  });

  test('no API key: the layer reports why it could not run, exit 3', async () => {
    const out = tempDir();
    const result = await runCli(['run', exampleCopy(), '--layer', 'e2e', '--out', out], { env: { OPENAI_BASE_URL: server.url } });
    assert.equal(result.code, 3);
    assert.match(result.stderr, /e2e: no API key for the builtin target's chat model \(set OPENAI_API_KEY/);
  });

  test('a killed run resumes: finished trials are kept and not asked again', async () => {
    const slow = await startOpenAIServer({ apiKey: 'sk-test', latencyMs: 60 });
    try {
      const out = tempDir();
      const suite = exampleCopy();
      const child = spawn(process.execPath, [CLI, 'run', suite, '--layer', 'e2e', '--out', out, '--concurrency', '1'], {
        env: { PATH: process.env.PATH, HOME: process.env.HOME, RECALL_GATE_CACHE_DIR: tempDir(), OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: slow.url },
        stdio: 'ignore',
      });
      const trialsFile = join(out, 'trials.jsonl');
      const lines = () => (existsSync(trialsFile) ? readFileSync(trialsFile, 'utf8').split('\n').filter(Boolean).length : 0);
      while (lines() < 5) await new Promise((resolve) => setTimeout(resolve, 50));
      child.kill('SIGKILL');
      await new Promise((resolve) => child.on('close', resolve));
      const finished = lines();
      assert.ok(finished >= 5 && finished < 117, `${finished} trials before the kill`);

      const before = chatRequests(slow).length;
      const resumed = await runCli(['run', suite, '--layer', 'e2e', '--out', out, '--resume', '--concurrency', '4'], {
        env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: slow.url },
      });
      assert.equal(resumed.code, 0, resumed.stderr);
      assert.match(resumed.stderr, new RegExp(`resuming: ${finished} trials kept`));
      const { trials, results } = read(out);
      assert.equal(new Set(trials.map((trial) => trial.key)).size, 117);
      assert.equal(results.e2e!.metrics.trials, 39);
      // The resumed run asked only for the trials that were not finished (a trial in flight at the kill runs again).
      const perTrialCalls = (name: string) => EXAMPLE_SESSIONS[name as keyof typeof EXAMPLE_SESSIONS] + 1;
      const expected = read(out)
        .trials.slice(finished)
        .reduce((sum, trial) => sum + perTrialCalls(trial.case), 0);
      assert.equal(chatRequests(slow).length - before, expected);
    } finally {
      await slow.close();
    }
  });

  test('regrade applies changed checks to stored answers with no model calls', async () => {
    const out = tempDir();
    const suite = exampleCopy();
    assert.equal((await runCli(['run', suite, '--layer', 'e2e', '--out', out], { env: env() })).code, 0);
    const cases = join(suite, '..', 'cases.yaml');
    writeFileSync(cases, readFileSync(cases, 'utf8').replace('check: { first_amount: 8000 }', 'check: { first_amount: 5000 }'));
    const start = server.requests.length;
    const result = await runCli(['regrade', out, '--suite', suite]);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(server.requests.length, start, 'no model calls');
    assert.match(result.stdout, /offsite-budget\|recall\|1: pass -> fail: expected first amount 5000, found 8000/);
    assert.match(result.stdout, /regraded 117 trials with no model calls: 6 changed/);
    const { results } = read(out);
    assert.equal(results.e2e!.abilities['knowledge-update']!.conditions.recall!.pass_rate, 0);
  });
});
