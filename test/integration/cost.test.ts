import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { aggregateE2e } from '../../src/e2e/aggregate.js';
import { runE2e, type E2ePlan } from '../../src/e2e/runE2e.js';
import { countTokens } from '../../src/e2e/tokens.js';
import type { TrialRecord } from '../../src/model/trial.js';
import type { CaseSpec, Condition } from '../../src/model/e2e.js';
import { OpenAIEmbedder } from '../../src/embeddings/openai.js';
import { resolveMetric } from '../../src/gate/metrics.js';
import { VectorStore } from '../../src/memory/vector.js';
import type { ResultsDocument } from '../../src/model/results.js';
import { terminalE2eReport } from '../../src/report/terminalE2e.js';
import { formatCost } from '../../src/report/format.js';
import { runRetrieval } from '../../src/retrieval/runRetrieval.js';
import { runSuite } from '../../src/runSuite.js';
import { loadSuite } from '../../src/suite/load.js';
import { BuiltinTarget } from '../../src/targets/builtin.js';
import { createHttpTarget } from '../../src/targets/adapterTarget.js';
import type { Target } from '../../src/targets/types.js';
import { EXAMPLE_ADAPTER, scriptedHttpServer } from '../support/adapterProcess.js';
import { tempDir } from '../support/cli.js';
import { memoriesShown, startOpenAIServer, type ChatRequestBody, type OpenAIServer } from '../support/openaiServer.js';

const WHERE = { file: 'cost.yaml', line: 1, col: 1 };
const KEY = 'sk-cost';
const words = (text: string) => text.split(/\s+/).length;

function caseSpec(name: string, sessions: string[], probe: string, contains: string): CaseSpec {
  return { name, ability: 'extraction', sessions: sessions.map((user) => ({ turns: [user] })), probe: { text: probe }, check: { icontains: contains }, evidence: [contains], obsolete: [], needs_memory: true, where: WHERE };
}

const CASES = [
  caseSpec('allergy', ['I am allergic to peanuts.', 'My sister lives in Porto.'], 'What am I allergic to?', 'peanuts'),
  caseSpec('dog', ['My dog is called Pixel.'], 'What is my dog called?', 'Pixel'),
];

async function run(target: Target, plan: Partial<E2ePlan> & Pick<E2ePlan, 'cases' | 'conditions'>): Promise<TrialRecord[]> {
  try {
    return await runE2e({ suiteName: 'cost', repeat: 1, concurrency: 2, prices: {}, ...plan }, { target, onTrial: () => undefined });
  } finally {
    await target.close();
  }
}

describe('the builtin target against a local OpenAI-compatible server', () => {
  let server: OpenAIServer;
  before(async () => {
    server = await startOpenAIServer({ apiKey: KEY });
  });
  after(() => server.close());

  const embedder = () => new OpenAIEmbedder({ model: 'text-embedding-3-small', apiKey: KEY, baseURL: server.url, maxRetries: 0 });
  const builtin = () =>
    new BuiltinTarget({
      spec: {
        kind: 'builtin',
        model: 'gpt-4o-mini',
        systemPrompt: '',
        memory: { provider: { name: 'vector', kind: 'vector', where: WHERE }, max_results: 5, dated: false, auto_store: true },
        timeout_ms: 5000,
        max_retries: 0,
      },
      store: new VectorStore(embedder()),
      apiKey: KEY,
      baseURL: server.url,
    });

  test('injected tokens are the memory lines of the system prompt; each trial pays for its own embeddings, two at a time', { timeout: 60_000 }, async () => {
    const conditions: Condition[] = ['recall', 'none', 'oracle'];
    const trials = await run(builtin(), { cases: CASES, conditions, model: 'gpt-4o-mini' });
    assert.equal(trials.length, 6);
    const prompts = server.requests.filter((request) => request.path === '/v1/chat/completions').map((request) => request.body as ChatRequestBody);
    for (const trial of trials) {
      const spec = CASES.find((candidate) => candidate.name === trial.case)!;
      const messages = [...spec.sessions.flatMap((session) => session.turns), spec.probe.text];
      // Every message is stored (one embedding request each); under recall every message after the first is also a search (before it, the user has no memory to search).
      const expectedEmbedding = messages.reduce((sum, message, index) => sum + words(message) * (trial.condition === 'recall' && index > 0 ? 2 : 1), 0);
      assert.equal(trial.tokens.embedding, expectedEmbedding, `${trial.key}: embedding tokens are this trial's own`);
      const probe = trial.invocations.at(-1)!;
      const lines = (probe.recalled ?? []).map((memory) => `- ${memory.text}`).join('\n');
      // The server saw exactly those lines in the probe's system prompt.
      const shown = prompts.find((prompt) => prompt.messages.some((message) => message.role === 'user' && message.content === spec.probe.text) && memoriesShown(prompt).map((memory) => `- ${memory.text}`).join('\n') === lines);
      assert.ok(shown, `${trial.key}: the probe's memory lines reached the model`);
      assert.equal(probe.injected_tokens, await countTokens(lines, 'o200k_base'));
      if (trial.condition === 'none') assert.equal(trial.tokens.injected, 0);
      else assert.ok(trial.tokens.injected! > 0, trial.key);
      assert.equal(trial.tokens.injected, trial.invocations.reduce((sum, invocation) => sum + invocation.injected_tokens!, 0));
      assert.equal(trial.injected_tokens_encoding, 'o200k_base');
      // Chat at gpt-4o-mini's list price, embeddings at text-embedding-3-small's.
      const chat = (trial.tokens.input * 0.15 + trial.tokens.output * 0.6) / 1e6;
      assert.ok(Math.abs(trial.costs!.chat_usd! - chat) < 1e-12);
      assert.ok(Math.abs(trial.costs!.embedding_usd! - (expectedEmbedding * 0.02) / 1e6) < 1e-12);
      assert.ok(Math.abs(trial.cost_usd! - (trial.costs!.chat_usd! + trial.costs!.embedding_usd!)) < 1e-12);
    }
    const e2e = aggregateE2e(trials, CASES, conditions, 1);
    assert.equal(e2e.cost!.embedding_tokens, trials.reduce((sum, trial) => sum + trial.tokens.embedding!, 0));
    assert.equal(e2e.cost!.injected_tokens, trials.reduce((sum, trial) => sum + trial.tokens.injected!, 0));
    assert.equal(e2e.cost!.injected_tokens_encoding, 'o200k_base');
    // Added by recall: the recall condition's searches only.
    assert.equal(e2e.latency_ms.recall.count, trials.filter((trial) => trial.condition === 'recall').reduce((sum, trial) => sum + trial.invocations.length, 0));
  });

  test('the retrieval layer reports each provider\'s embedding tokens and cost', { timeout: 60_000 }, async () => {
    const memories = [
      { id: 'm1', text: 'I am allergic to peanuts.', user: 'u' },
      { id: 'm2', text: 'My dog is called Pixel.', user: 'u' },
    ];
    const queries = [{ id: 'q1', text: 'What am I allergic to?', user: 'u', relevant: { m1: 1 }, tags: [] }];
    const result = await runRetrieval(
      { k: [1], depth: 2, providers: [{ name: 'vector', kind: 'vector', where: WHERE }, { name: 'keyword', kind: 'keyword', where: WHERE }], memories, queries } as never,
      { createStore: (provider) => (provider.kind === 'vector' ? new VectorStore(embedder()) : new (class extends VectorStore {})({ id: 'none', normalized: true, embed: async (texts) => texts.map(() => Float32Array.from([1, 0])) })) },
    );
    // One request for the memories (one batch), one for the query.
    const tokens = words(memories.map((memory) => memory.text).join(' ')) + words(queries[0]!.text);
    assert.deepEqual(result.providers.vector!.embedding, { tokens, requests: 2, unreported: 0, cost_usd: (tokens * 0.02) / 1e6, models: ['text-embedding-3-small'] });
    assert.equal(result.providers.keyword!.embedding, undefined, 'a provider that made no embedding request reports none');
  });
});

/** A scripted adapter: answers "peanuts" to the probe only when memory is on, reporting `usage` for every call. */
async function adapter(usage: Record<string, unknown> | undefined, options: { failReset?: boolean } = {}) {
  return scriptedHttpServer((request) => {
    const params = (request as { params?: { memory?: string; message?: string } }).params;
    if (request.method === 'reset') {
      return { body: JSON.stringify(options.failReset ? { jsonrpc: '2.0', id: request.id, error: { code: -32000, message: 'memory service down' } } : { jsonrpc: '2.0', id: request.id, result: {} }) };
    }
    const reply = params?.message?.endsWith('?') ? (params.memory === 'recall' ? 'Peanuts.' : "I don't know.") : 'Noted.';
    return { body: JSON.stringify({ jsonrpc: '2.0', id: request.id, result: { reply, recalled: [], ...(usage ? { usage } : {}) } }) };
  });
}

describe('adapter targets', () => {
  const cases = [CASES[0]!];
  const conditions: Condition[] = ['recall', 'none'];

  test('usage.model prices the adapter\'s tokens over the target\'s model; cost per success is per condition, undefined without a success', { timeout: 60_000 }, async () => {
    const server = await adapter({ input_tokens: 1000, output_tokens: 100, model: 'gpt-4o-mini' });
    try {
      const trials = await run(createHttpTarget({ url: server.url, headers: {}, timeoutMs: 5000 }), { cases, conditions, repeat: 2, model: 'gpt-5' });
      for (const trial of trials) {
        assert.equal(trial.invocations.length, 3);
        assert.deepEqual(trial.invocations[0]!.usage, { input_tokens: 1000, output_tokens: 100, model: 'gpt-4o-mini' });
        // Three calls at gpt-4o-mini's price (not gpt-5's: 3 x (1000 x 1.25 + 100 x 10) / 1e6 = 0.00675).
        assert.ok(Math.abs(trial.cost_usd! - (3 * (1000 * 0.15 + 100 * 0.6)) / 1e6) < 1e-12, String(trial.cost_usd));
      }
      const e2e = aggregateE2e(trials, cases, conditions, 2);
      assert.equal(e2e.by_condition.recall!.passed, 2);
      assert.equal(e2e.by_condition.none!.passed, 0);
      const recall = e2e.cost!.by_condition.recall!;
      assert.deepEqual({ trials: recall.trials, successes: recall.successes }, { trials: 2, successes: 2 });
      assert.equal(recall.cost_per_success, recall.spend_usd! / 2);
      const none = e2e.cost!.by_condition.none!;
      assert.equal(none.successes, 0);
      assert.equal(none.cost_per_success, undefined, 'no success: nothing was bought');
      assert.ok(none.spend_usd! > 0, 'failed trials still cost');
      assert.equal(e2e.cost_usd, Math.round((recall.spend_usd! + none.spend_usd!) * 1e6) / 1e6, 'the total includes failed trials');

      const results = { schema_version: 1, layers: { e2e: 'ran' }, e2e: { target: { kind: 'http', model: 'gpt-5' }, ...e2e } } as unknown as ResultsDocument;
      const value = resolveMetric('e2e.recall.cost_per_success', results);
      assert.equal(value.status === 'value' && value.value, recall.cost_per_success);
      const missing = resolveMetric('e2e.none.cost_per_success', results);
      assert.equal(missing.status, 'missing');
      assert.match(missing.status === 'missing' ? missing.reason : '', /no none trial passed/);
      const injected = resolveMetric('e2e.injected_tokens', results);
      assert.equal(injected.status === 'value' && injected.value, 0, 'the adapter recalled nothing: 0 tokens, known');
      const embedding = resolveMetric('e2e.embedding_cost_usd', results);
      assert.equal(embedding.status === 'value' && embedding.value, 0);
      const report = terminalE2eReport(results.e2e!, trials);
      assert.match(report, new RegExp(`cost per successful trial: recall \\$${recall.cost_per_success!.toFixed(4).replace('.', '\\.')}, none - \\(no success\\)`));
    } finally {
      await server.close();
    }
  });

  test('a trial that errored before any call has an unknown cost (null), never $0', { timeout: 60_000 }, async () => {
    const server = await adapter({ input_tokens: 10, output_tokens: 1 }, { failReset: true });
    try {
      const trials = await run(createHttpTarget({ url: server.url, headers: {}, timeoutMs: 5000 }), { cases, conditions: ['recall'], model: 'gpt-4o-mini' });
      const [trial] = trials;
      assert.equal(trial!.status, 'error');
      assert.equal(trial!.invocations.length, 0);
      assert.equal(trial!.cost_usd, null);
      assert.equal(trial!.costs!.chat_usd, null);
      const e2e = { target: { kind: 'http', model: 'gpt-4o-mini' }, ...aggregateE2e(trials, cases, ['recall'], 1) };
      assert.equal(e2e.cost_usd, null);
      const report = terminalE2eReport(e2e, trials);
      assert.doesNotMatch(report, /\$0\.0000/);
      // Nothing known at all: the total says why once, with no breakdown of unknowns under it.
      assert.match(report, /cost unknown: 1 trial ended before a call returned \(whether it was billed is unknown\)\n/);
      assert.doesNotMatch(report, /spend:|cost per successful trial/);
    } finally {
      await server.close();
    }
  });

  test('an adapter that reports no usage and names no model: unknown, not $0', { timeout: 60_000 }, async () => {
    const server = await adapter(undefined);
    try {
      const [trial] = await run(createHttpTarget({ url: server.url, headers: {}, timeoutMs: 5000 }), { cases, conditions: ['recall'] });
      assert.equal(trial!.status, 'pass');
      assert.equal(trial!.cost_usd, null);
    } finally {
      await server.close();
    }
  });

  test('a command target\'s model: in the suite prices the tokens the example adapter reports', { timeout: 120_000 }, async () => {
    const dir = tempDir('recall-gate-cost-');
    const suitePath = join(dir, 'suite.yaml');
    const target = (model: string) => `{ kind: command, command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(EXAMPLE_ADAPTER)}, --stdio]${model} }`;
    const casesFile = join(dir, 'cases.yaml');
    writeFileSync(casesFile, ['- name: city', '  ability: extraction', '  sessions: [{ user: "I live in Porto." }]', '  probe: { text: "Where do I live?" }', '  check: { icontains: porto }', '  evidence: ["I live in Porto."]', ''].join('\n'));
    const write = (model: string) => writeFileSync(suitePath, ['name: adapter-cost', 'e2e:', `  target: ${target(model)}`, '  repeat: 1', '  conditions: [recall]', `  cases: ${JSON.stringify(casesFile)}`, ''].join('\n'));
    const runIt = async (out: string) => {
      const run = await runSuite(loadSuite(suitePath), { outDir: join(dir, out), layer: 'e2e', env: { PATH: process.env.PATH }, cacheRoot: join(dir, 'cache'), cacheEmbeddings: false, log: () => undefined });
      const trials = readFileSync(join(dir, out, 'trials.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as TrialRecord);
      // What runSuite hands the reports and the gate is what the folder holds, read once.
      assert.deepEqual(run.trials, trials);
      return { results: run.results, trial: trials[0]! };
    };

    write(', model: gpt-4o-mini');
    const priced = await runIt('priced');
    assert.equal(priced.trial.status, 'pass', priced.trial.reason);
    assert.equal(priced.results.e2e!.target.model, 'gpt-4o-mini');
    assert.ok(priced.trial.tokens.input > 0);
    assert.ok(Math.abs(priced.trial.cost_usd! - (priced.trial.tokens.input * 0.15 + priced.trial.tokens.output * 0.6) / 1e6) < 1e-12);
    // The toy agent recalled "I live in Porto." for the probe: its tokens under gpt-4o-mini's encoding.
    const probe = priced.trial.invocations.at(-1)!;
    assert.equal(probe.injected_tokens, await countTokens(probe.recalled!.map((memory) => memory.text).join('\n'), 'o200k_base'));
    assert.ok(probe.injected_tokens! > 0);
    assert.equal(priced.results.e2e!.cost!.injected_tokens_encoding, 'o200k_base');

    write('');
    const unpriced = await runIt('unpriced');
    assert.equal(unpriced.trial.cost_usd, null, 'tokens reported but no model to price them by');
    // Every call reported usable counts: what is unknown is the model.
    assert.deepEqual(unpriced.results.e2e!.cost!.unknown_causes, { calls_without_usage: 0, usage_warnings: 0, trials_without_calls: 0, embeddings: 0, unpriced: 1 });
    assert.equal(formatCost(unpriced.results.e2e!), 'unknown: 1 trial spent tokens of a model with no price, or none is named (e2e.prices; the agent\'s e2e.target.model, the judge\'s e2e.judge.model)');
    assert.equal(unpriced.results.e2e!.cost!.injected_tokens_encoding, 'o200k_base (fallback: no model named)');
  });
});
