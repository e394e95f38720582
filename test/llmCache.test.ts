/**
 * run --cache-llm's cache (net/llmCache.ts) and the spend cap's parts
 * (e2e/budget.ts), piece by piece: keys, occurrences, corrupt and unwritable
 * entries, the endpoint against a local OpenAI-compatible server counting
 * its requests, cached calls in a trial's cost, the guard, and the Action's
 * refusal of --cache-llm in `args`.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { actionSelection } from '../src/action/argsInput.js';
import { BudgetGuard, budgetReachedText, checkBudget, estimateSpend, mergedBudget, parseBudgetUsd, unenforceableBudget } from '../src/e2e/budget.js';
import { priceTrial } from '../src/e2e/cost.js';
import { pendingTrials, planTrials } from '../src/e2e/runE2e.js';
import { RecallGateError } from '../src/errors.js';
import type { CaseSpec } from '../src/model/e2e.js';
import type { TrialRecord } from '../src/model/trial.js';
import { LlmCache, canonicalJson, meterCachedCalls } from '../src/net/llmCache.js';
import { OpenAIEndpoint } from '../src/net/openaiEndpoint.js';
import { builtinSpec } from './support/builtinTarget.js';
import { tempDir } from './support/cli.js';
import { startOpenAIServer, type OpenAIServer } from './support/openaiServer.js';

const URL_A = 'https://api.example/v1';
const REQUEST = { model: 'gpt-5-mini', messages: [{ role: 'user', content: 'What is my dog called?' }], temperature: 0 };

function entryFiles(root: string): string[] {
  const dir = join(root, 'llm');
  return existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.json')) : [];
}

describe('the LLM cache key', () => {
  test('is the whole request and the base URL: any parameter changes it, the order of keys does not', () => {
    const first = (url: string, request: unknown) => new LlmCache(tempDir(), () => undefined).keyOf(url, request);
    const key = first(URL_A, REQUEST);
    assert.equal(first(URL_A, { temperature: 0, messages: REQUEST.messages, model: 'gpt-5-mini' }), key, 'key order is not part of the request');
    for (const changed of [
      { ...REQUEST, model: 'gpt-5' },
      { ...REQUEST, temperature: 1 },
      { ...REQUEST, messages: [{ role: 'user', content: 'What is my cat called?' }] },
      { ...REQUEST, tools: [{ type: 'function', function: { name: 'book', parameters: { type: 'object' } } }] },
      { ...REQUEST, max_completion_tokens: 50 },
      { ...REQUEST, response_format: { type: 'json_object' } },
    ]) {
      assert.notEqual(first(URL_A, changed), key, canonicalJson(changed));
    }
    assert.notEqual(first('https://other.example/v1', REQUEST), key, 'another endpoint answers for itself');
  });

  test('the n-th identical request of a run has a key of its own, the same in every run: repeats stay distinct samples', () => {
    const run1 = new LlmCache(tempDir(), () => undefined);
    const run2 = new LlmCache(tempDir(), () => undefined);
    const firstRun = [run1.keyOf(URL_A, REQUEST), run1.keyOf(URL_A, REQUEST), run1.keyOf(URL_A, REQUEST)];
    assert.equal(new Set(firstRun).size, 3);
    assert.deepEqual([run2.keyOf(URL_A, REQUEST), run2.keyOf(URL_A, REQUEST), run2.keyOf(URL_A, REQUEST)], firstRun);
  });
});

describe('LLM cache entries', () => {
  const completion = { id: 'c1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: 'Pixel.' }, finish_reason: 'stop' }], usage: { prompt_tokens: 5, completion_tokens: 1 } };

  test('a kept completion is read back whole by another run; the write leaves no temporary file', () => {
    const root = tempDir();
    const writer = new LlmCache(root, () => undefined);
    writer.write(writer.keyOf(URL_A, REQUEST), completion);
    const reader = new LlmCache(root, () => undefined);
    assert.deepEqual(reader.read(reader.keyOf(URL_A, REQUEST)), completion);
    assert.deepEqual(reader.stats, { hits: 1, misses: 0, corrupt: 0 });
    assert.equal(entryFiles(root).length, 1);
    assert.deepEqual(readdirSync(join(root, 'llm'), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.tmp')), []);
  });

  test('a torn, edited or misplaced entry is a miss with a warning, never a crash', () => {
    const root = tempDir();
    const writer = new LlmCache(root, () => undefined);
    const key = writer.keyOf(URL_A, REQUEST);
    writer.write(key, completion);
    const [file] = entryFiles(root);
    const path = join(root, 'llm', file!);
    const whole = readFileSync(path, 'utf8');
    for (const [broken, why] of [
      [whole.slice(0, whole.length / 2), /not JSON/],
      ['[]', /not a JSON object/],
      [whole.replace('recall-gate-llm-cache-1', 'something-else'), /format/],
      [whole.replace(key, 'f'.repeat(64)), /another request's reply/],
      [JSON.stringify({ format: 'recall-gate-llm-cache-1', key, completion: { choices: 'none' } }), /no chat completion/],
    ] as const) {
      writeFileSync(path, broken);
      const warnings: string[] = [];
      const reader = new LlmCache(root, (message) => warnings.push(message));
      assert.equal(reader.read(reader.keyOf(URL_A, REQUEST)), undefined);
      assert.deepEqual(reader.stats, { hits: 0, misses: 1, corrupt: 1 });
      assert.equal(warnings.length, 1);
      assert.match(warnings[0]!, why);
      assert.match(warnings[0]!, /is unusable .*the model is asked again/);
    }
  });

  test('a cache that cannot be written is one warning, and the call goes on', () => {
    const root = tempDir();
    writeFileSync(join(root, 'llm'), 'a file where the folder should be');
    const warnings: string[] = [];
    const cache = new LlmCache(root, (message) => warnings.push(message));
    cache.write(cache.keyOf(URL_A, REQUEST), completion);
    cache.write(cache.keyOf(URL_A, REQUEST), completion);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /could not keep a reply/);
  });
});

describe('the endpoint with a cache, against a local OpenAI-compatible server', () => {
  let server: OpenAIServer;
  before(async () => {
    server = await startOpenAIServer();
  });
  after(() => server.close());
  const chats = () => server.requests.filter((request) => request.path === '/v1/chat/completions').length;

  test('a second run asks nothing and gets the same completion; the API key is not part of the key, the base URL is', async () => {
    const root = tempDir();
    const endpoint = (apiKey: string, baseURL = server.url) => new OpenAIEndpoint({ apiKey, baseURL, timeoutMs: 5000, maxRetries: 0, cache: new LlmCache(root, () => undefined) });
    const before = chats();
    const first = await endpoint('sk-one').chatCompletion('chat request', REQUEST as never);
    assert.equal(first.cached, false);
    assert.equal(chats(), before + 1);
    const second = await endpoint('sk-two').chatCompletion('chat request', REQUEST as never);
    assert.equal(second.cached, true);
    assert.equal(chats(), before + 1, 'nothing sent');
    assert.deepEqual(second.completion, first.completion);
    assert.doesNotMatch(readFileSync(join(root, 'llm', entryFiles(root)[0]!), 'utf8'), /sk-one/, 'no key is kept');
    const other = await startOpenAIServer();
    try {
      const elsewhere = await endpoint('sk-one', other.url).chatCompletion('chat request', REQUEST as never);
      assert.equal(elsewhere.cached, false, 'another base URL is another endpoint');
      assert.equal(other.requests.length, 1);
    } finally {
      await other.close();
    }
  });
});

/** A finished trial with two invocations (one answered from the cache) and a judge call. */
function trial(cachedInvocation: boolean): TrialRecord {
  return {
    key: 'c|recall|1',
    case: 'c',
    ability: 'a',
    condition: 'recall',
    repeat: 1,
    user: 'u',
    status: 'pass',
    reason: '',
    question: 'q',
    check: 'judge',
    invocations: [
      { kind: 'session', user: 'u', message: 'm', reply: 'r', latency_ms: 1, usage: { input_tokens: 1000, output_tokens: 100 } },
      { kind: 'probe', user: 'u', message: 'q', reply: 'r', latency_ms: 1, usage: { input_tokens: 2000, output_tokens: 200 }, ...(cachedInvocation ? { cached: true as const } : {}) },
    ],
    tokens: { input: 3000, output: 300, judge_input: 500, judge_output: 50 },
    cost_usd: null,
    started_at: '',
    duration_ms: 1,
  };
}

test('a call the cache answered is in the tokens, not in the cost; all of them answered costs nothing', () => {
  const plan = { model: 'chat', judgeModel: 'judge', prices: { chat: { input: 1, output: 10 }, judge: { input: 2, output: 20 } } };
  const uncached = trial(false);
  priceTrial(plan, uncached, {});
  assert.deepEqual(uncached.costs, { chat_usd: (1000 + 2000 + 10 * 300) / 1e6, judge_usd: (2 * 500 + 20 * 50) / 1e6, embedding_usd: 0 });

  const partly = trial(true);
  partly.cached = { chat: { calls: 1, input_tokens: 2000, output_tokens: 200 }, judge: { calls: 1, input_tokens: 500, output_tokens: 50 } };
  priceTrial(plan, partly, {});
  assert.deepEqual(partly.tokens, uncached.tokens, 'the tokens are what the agent used');
  assert.ok(Math.abs(partly.costs!.chat_usd! - (1000 + 10 * 100) / 1e6) < 1e-15, String(partly.costs!.chat_usd));
  assert.equal(partly.costs!.judge_usd, 0);

  const all = trial(true);
  all.invocations[0]!.cached = true;
  all.cached = { chat: { calls: 2, input_tokens: 3000, output_tokens: 300 }, judge: { calls: 1, input_tokens: 500, output_tokens: 50 } };
  priceTrial(plan, all, {});
  assert.equal(all.cost_usd, 0);
});

test('cached calls are counted for the trial whose work made them, however many run at once', async () => {
  const { recordCachedCall } = await import('../src/net/llmCache.js');
  const [a, b] = await Promise.all([
    meterCachedCalls(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      recordCachedCall('chat', { input_tokens: 3, output_tokens: 1 });
    }),
    meterCachedCalls(async () => {
      recordCachedCall('judge', undefined);
      recordCachedCall('chat', { input_tokens: 5, output_tokens: 2 });
    }),
  ]);
  assert.deepEqual(a.cached, { chat: { calls: 1, input_tokens: 3, output_tokens: 1 }, judge: { calls: 0, input_tokens: 0, output_tokens: 0 } });
  assert.deepEqual(b.cached, { chat: { calls: 1, input_tokens: 5, output_tokens: 2 }, judge: { calls: 1, input_tokens: 0, output_tokens: 0 } });
});

describe('the spend cap', () => {
  const priced = { target: builtinSpec({ model: 'gpt-5-mini' }), prices: {} };
  const unpriced = { target: builtinSpec({ model: 'house-model' }), judge: { model: 'house-judge' }, prices: {} };

  test('a cap needs some model with a price: with none it is refused, naming every model', () => {
    assert.equal(unenforceableBudget(priced), undefined);
    assert.equal(unenforceableBudget({ ...unpriced, prices: { 'house-judge': { input: 1, output: 1 } } }), undefined, 'one priced model counts its part');
    assert.match(unenforceableBudget(unpriced)!, /the chat model house-model has no price; the judge model house-judge has no price/);
    assert.throws(
      () => checkBudget(unpriced, 2, '--budget-usd'),
      (error: unknown) => error instanceof RecallGateError && error.code === 'invalid-input' && /^--budget-usd \$2: no model this run pays for has a price/.test(error.message) && /e2e\.prices/.test(error.hint ?? ''),
    );
    const adapter = { target: { kind: 'command' as const, command: ['agent'], cwd: '/', timeout_ms: 1000 }, prices: {} };
    assert.match(unenforceableBudget(adapter)!, /the adapter's model \(e2e\.target\.model\) is not named/);
  });

  test('no trial starts once the spend so far with the running ones would pass the cap; unknown costs are counted as unknown', () => {
    const guard = new BudgetGuard(1, '--budget-usd', undefined);
    const cost = (usd: number | null) => ({ cost_usd: usd, costs: { chat_usd: usd, judge_usd: 0, embedding_usd: 0 }, invocations: [] });
    assert.ok(guard.tryStart(1));
    assert.equal(guard.finish(cost(0.3), 1), false);
    assert.ok(guard.tryStart(1));
    assert.equal(guard.finish(cost(null), 1), true, 'an unknown cost is said to be unknown');
    assert.ok(guard.tryStart(1));
    assert.ok(guard.tryStart(1), '0.3 spent + 2 x 0.3 expected stays within $1');
    assert.equal(guard.tryStart(1), false, 'a third running trial would pass it');
    assert.equal(guard.tryStart(1), false, 'and none starts again');
    guard.finish(cost(0.3), 1);
    guard.finish(cost(0.3), 1);
    assert.deepEqual(guard.record(4, 10), { cap_usd: 1, source: '--budget-usd', spent_usd: 0.9, unknown_trials: 1, reached: true, trials_run: 4, trials_planned: 10, message: 'budget of $1 reached after 4 of 10 trials' });
    assert.equal(budgetReachedText(0.05, 12, 40), 'budget of $0.05 reached after 12 of 40 trials');
  });

  test('a trial is expected to cost its planned calls: the first trial of a shared history plays all its sessions', () => {
    const guard = new BudgetGuard(40, '--budget-usd', undefined);
    const trial = (usd: number, calls: number) => ({ cost_usd: usd, costs: { chat_usd: usd, judge_usd: 0, embedding_usd: 0 }, invocations: Array.from({ length: calls }, () => ({}) as never) });
    // A playing of 10 session turns and its first probe: 11 calls at $1.
    assert.ok(guard.tryStart(11));
    guard.finish(trial(11, 11), 11);
    for (let probe = 0; probe < 9; probe++) {
      assert.ok(guard.tryStart(1));
      guard.finish(trial(1, 1), 1);
    }
    // $20 spent, $1 a call: another playing's first trial (11 calls) fits, a third beside it would not ($42 > $40).
    assert.ok(guard.tryStart(11));
    assert.equal(guard.tryStart(11), false);
    guard.finish(trial(11, 11), 11);
    assert.equal(guard.spentUsd, 31);
  });

  test("a shared history's sessions are estimated once a playing, and a resumed playing as the whole playing it replays", () => {
    const where = { file: 's', line: 1, col: 1 };
    const cases: CaseSpec[] = ['a', 'b', 'c'].map((name) => ({ name, ability: 'x', history: 'h', sessions: [{ turns: ['I planted tomatoes.', 'My cat is Miso.'] }], probe: { text: `Question ${name}?` }, check: { icontains: 'x' }, evidence: [], obsolete: [], needs_memory: true, where }));
    const prices = { m: { input: 1, output: 1 } };
    const target = builtinSpec({ model: 'm' });
    const plan = { cases, conditions: ['recall' as const], repeat: 2, model: 'm', prices };
    // Per repetition: 2 session turns once, 3 probes.
    assert.equal(estimateSpend({ target, prices }, plan, pendingTrials(planTrials(plan))).agent_calls, 2 * (2 + 3));
    // One probe of repetition 1 left: that playing runs whole again, repetition 2 not at all.
    const done = new Set(pendingTrials(planTrials(plan)).map((trial) => trial.key).filter((key) => key !== 'b|recall|1'));
    const resumed = estimateSpend({ target, prices }, plan, pendingTrials(planTrials(plan), done));
    assert.deepEqual([resumed.trials, resumed.agent_calls], [3, 2 + 3]);
  });

  test('merged shards: spend and trials added up; a shard with no cap is said, not counted', () => {
    const shard = (run: number, reached: boolean) => ({ cap_usd: 1, source: '--budget-usd' as const, spent_usd: 0.5, unknown_trials: 0, reached, trials_run: run, trials_planned: 10 });
    assert.deepEqual(mergedBudget([undefined, undefined]), undefined);
    const merged = mergedBudget([shard(4, true), undefined, shard(10, false)])!;
    assert.deepEqual([merged.spent_usd, merged.trials_run, merged.trials_planned, merged.reached, merged.shards], [1, 14, 20, true, 2]);
    assert.equal(merged.message, 'budget of $1 reached after 14 of 20 trials (the cap of each shard, reached in 1 of 2; 1 shard ran with no cap and is not counted here)');
  });

  test('a cap that covers every trial is not reached', () => {
    const guard = new BudgetGuard(0.9, 'e2e.max_cost_usd', 0.3);
    for (let i = 0; i < 3; i++) {
      assert.ok(guard.tryStart(1));
      guard.finish({ cost_usd: 0.1 + 0.2, costs: { chat_usd: 0.1, judge_usd: 0.2, embedding_usd: 0 }, invocations: [] }, 1);
    }
    assert.equal(guard.record(3, 3).reached, false);
  });

  test('the estimate takes the baseline\'s token counts at the current prices, else the plan\'s text', () => {
    const spec: CaseSpec = { name: 'c', ability: 'a', sessions: [{ turns: ['My dog is called Pixel.'] }], probe: { text: 'What is my dog called?' }, check: { icontains: 'pixel' }, evidence: [], obsolete: [], needs_memory: true, where: { file: 's', line: 1, col: 1 } };
    const trials = [
      { key: 'c|recall|1', spec, condition: 'recall' as const },
      { key: 'c|recall|2', spec, condition: 'recall' as const },
    ];
    const plan = { model: 'gpt-5-mini', prices: {} };
    const rough = estimateSpend(priced, plan, trials);
    assert.equal(rough.basis, 'prompts');
    assert.deepEqual([rough.trials, rough.agent_calls, rough.judge_calls], [2, 4, 0]);
    assert.ok(rough.cost_usd! > 0);
    const baseline = trial(false);
    baseline.key = 'c|recall|1';
    const fromBaseline = estimateSpend(priced, { ...plan, judgeModel: 'gpt-5-mini' }, trials, [baseline]);
    assert.equal(fromBaseline.basis, 'baseline');
    const one = (3000 * 0.25 + 300 * 2 + 500 * 0.25 + 50 * 2) / 1e6;
    assert.ok(Math.abs(fromBaseline.cost_usd! - 2 * one) < 1e-6, `${fromBaseline.cost_usd} vs ${2 * one}`);
    const unknown = estimateSpend(unpriced, { model: 'house-model', prices: {} }, trials);
    assert.equal(unknown.cost_usd, null);
    assert.deepEqual(unknown.unknown, ['the chat model house-model has no price', 'the judge model house-judge has no price']);
  });

  test('--budget-usd and budget-usd take a positive number of dollars', () => {
    assert.equal(parseBudgetUsd('2.50', '--budget-usd'), 2.5);
    assert.equal(parseBudgetUsd('$3', '--budget-usd'), 3);
    for (const bad of ['', '0', '-1', 'ten', 'Infinity']) assert.throws(() => parseBudgetUsd(bad, '--budget-usd'), /--budget-usd must be a positive number of US dollars/);
  });
});

test('the Action refuses --cache-llm in args with a clear error: a gate never reads cached answers', () => {
  for (const args of ['--cache-llm', '--repeat 1 --cache-llm', '--cache-llm=true']) {
    assert.throws(
      () => actionSelection(args, ''),
      (error: unknown) => error instanceof RecallGateError && error.code === 'invalid-input' && /^input args: --cache-llm is for the CLI only: the Action never answers model calls from a cache/.test(error.message),
      args,
    );
  }
  assert.throws(() => actionSelection('--budget-usd 2', ''), /--budget-usd is the Action's budget-usd input/);
});
