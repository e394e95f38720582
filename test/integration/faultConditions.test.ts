import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { aggregateE2e } from '../../src/e2e/aggregate.js';
import { runE2e, type E2ePlan } from '../../src/e2e/runE2e.js';
import type { TrialRecord } from '../../src/model/trial.js';
import type { CaseSpec, Condition } from '../../src/model/e2e.js';
import { OpenAIEmbedder } from '../../src/embeddings/openai.js';
import { KeywordStore } from '../../src/memory/keyword.js';
import type { MemoryStore } from '../../src/memory/types.js';
import { VectorStore } from '../../src/memory/vector.js';
import type { BuiltinTargetSpec } from '../../src/model/suite.js';
import { BuiltinTarget, MEMORY_DOWN } from '../../src/targets/builtin.js';
import { createCommandTarget } from '../../src/targets/adapterTarget.js';
import type { Target } from '../../src/targets/types.js';
import { REPO_ROOT, runCli, tempDir } from '../support/cli.js';
import { builtinSpec } from '../support/builtinTarget.js';
import { memoriesShown, startOpenAIServer, type ChatRequestBody, type OpenAIServer } from '../support/openaiServer.js';

/*
 * The fault conditions against real components: the builtin agent and the
 * local OpenAI-compatible server, the example adapter and a fixture adapter
 * as child processes. Timeouts only bound the tests (a search that is never
 * abandoned would hang them); no test asserts on time.
 */

const WHERE = { file: 'faults.yaml', line: 1, col: 1 };
const KEY = 'sk-fault-conditions';
const FAULTS: Condition[] = ['fault:timeout', 'fault:empty', 'fault:down'];

const ALLERGY: CaseSpec = {
  name: 'allergy',
  ability: 'extraction',
  sessions: [{ turns: ['I am allergic to peanuts.'] }],
  probe: { text: 'What am I allergic to?' },
  check: { icontains: 'peanut' },
  evidence: ['allergic to peanuts'],
  obsolete: [],
  needs_memory: true,
  where: WHERE,
};

function spec(overrides: Partial<BuiltinTargetSpec> = {}): BuiltinTargetSpec {
  return builtinSpec(overrides, { dated: false });
}

async function run(target: Target, conditions: Condition[], cases: CaseSpec[] = [ALLERGY]): Promise<TrialRecord[]> {
  const plan: E2ePlan = { suiteName: 'faults', cases, conditions, repeat: 1, concurrency: 1, prices: {} };
  try {
    return await runE2e(plan, { target, onTrial: () => undefined });
  } finally {
    await target.close();
  }
}

const chats = (server: OpenAIServer, since: number) => server.requests.slice(since).filter((request) => request.path === '/v1/chat/completions').map((request) => request.body as ChatRequestBody);

describe('the builtin agent under each fault', { timeout: 60_000 }, () => {
  let server: OpenAIServer;
  before(async () => {
    server = await startOpenAIServer({ apiKey: KEY });
  });
  after(async () => server.close());

  const builtin = (overrides: Partial<BuiltinTargetSpec> = {}, store: MemoryStore = new KeywordStore()) => new BuiltinTarget({ spec: spec(overrides), store, apiKey: KEY, baseURL: server.url });

  test('recall carries the planted fact; each fault plants it the same way, and the probe is sent with no memories', { timeout: 30_000 }, async () => {
    const start = server.requests.length;
    const trials = await run(builtin({ recall_timeout_ms: 200 }), ['recall', ...FAULTS]);
    const sent = chats(server, start);
    assert.equal(sent.length, 8, 'a session and a probe per condition');
    const byCondition = new Map(trials.map((trial) => [trial.condition, trial]));

    const recall = byCondition.get('recall')!;
    assert.equal(recall.status, 'pass', recall.reason);
    assert.equal(recall.invocations[1]!.fault, undefined);

    for (const condition of FAULTS) {
      const trial = byCondition.get(condition)!;
      const fault = condition.slice('fault:'.length);
      const [session, probe] = trial.invocations;
      // The session ran under recall and stored the fact; only the probe's search failed.
      assert.equal(session!.fault, undefined);
      assert.equal(probe!.fault, fault);
      assert.deepEqual(probe!.recalled, [], condition);
      assert.equal(typeof probe!.recall_ms, 'number', `${condition}: recall_ms recorded`);
      // The scripted model answers only from memories shown: with none it says it does not know.
      assert.equal(trial.status, 'pass', `${condition}: ${trial.reason}`);
      assert.match(trial.check, /^abstains true or asks$/);
      assert.match(trial.reason, /^abstains: 'I don't know'/);
    }
    assert.equal(byCondition.get('fault:empty')!.invocations[1]!.recall_error, undefined, 'an empty result is no error');
    assert.equal(byCondition.get('fault:down')!.invocations[1]!.recall_error, MEMORY_DOWN);
    assert.match(byCondition.get('fault:timeout')!.invocations[1]!.recall_error!, /^the memory search was abandoned after 200 ms \(recall_timeout_ms\)$/);

    // What the model was sent: the recall probe saw the fact, no fault probe saw any memory.
    const probes = sent.filter((request) => request.messages.at(-1)!.content === ALLERGY.probe.text);
    assert.equal(probes.length, 4);
    assert.deepEqual(memoriesShown(probes[0]!).map((memory) => memory.text), ['I am allergic to peanuts.']);
    for (const probe of probes.slice(1)) {
      assert.deepEqual(memoriesShown(probe), []);
      assert.match(probe.messages[0]!.content, /You remember nothing about this user that is relevant here\./);
    }
  });

  test('the fault results: pass rate, errors, probe recall latency, and the comparison with none', { timeout: 30_000 }, async () => {
    const trials = await run(builtin({ recall_timeout_ms: 100 }), ['recall', 'none', 'fault:timeout', 'fault:down']);
    const result = aggregateE2e(trials, [ALLERGY], ['recall', 'none', 'fault:timeout', 'fault:down'], 1);
    assert.deepEqual(Object.keys(result.faults!), ['timeout', 'down']);
    const timeout = result.faults!.timeout!;
    assert.equal(timeout.pass_rate, 1);
    assert.equal(timeout.errors, 0);
    // none abstains as well (the scripted model says "I don't know"), but it is graded by the case's check: it fails it.
    assert.equal(timeout.none_pass_rate, 0);
    assert.equal(timeout.vs_none, 1);
    assert.equal(timeout.worse_than_none, false);
    assert.equal(timeout.recall_latency_ms.count, 1);
    assert.equal(timeout.abilities.extraction!.pass_rate, 1);
  });

  test('a real search slower than recall_timeout_ms is abandoned at the deadline under plain recall, its request is aborted, and the agent answers without memory', { timeout: 30_000 }, async () => {
    const embeddings = await startOpenAIServer({ apiKey: KEY });
    try {
      // The embedder's own timeout is far beyond the test's: only the abandonment can end the hung request.
      const store = new VectorStore(new OpenAIEmbedder({ model: 'text-embedding-3-small', apiKey: KEY, baseURL: embeddings.url, maxRetries: 2, timeoutMs: 120_000 }));
      const target = builtin({ recall_timeout_ms: 150 }, store);
      await target.reset();
      await target.chat({ user: 'ana', message: 'I am allergic to peanuts.', memory: 'recall' });
      // The next embeddings call (the probe's query) never answers: only the deadline ends the wait.
      embeddings.faults.push({ kind: 'hang', path: '/v1/embeddings' });
      const start = server.requests.length;
      const reply = await target.chat({ user: 'ana', message: 'What am I allergic to?', memory: 'recall' });
      assert.deepEqual(reply.recalled, []);
      assert.equal(reply.recall_error, 'the memory search was abandoned after 150 ms (recall_timeout_ms)');
      assert.equal(typeof reply.recall_ms, 'number');
      assert.deepEqual(memoriesShown(chats(server, start)[0]!), []);
      // The abandoned search's embeddings request is cancelled, not left to run out its 120 s: the server sees the client close it.
      // The first request to embed the probe (auto_store embeds it again afterwards, to store it).
      const hung = embeddings.requests.find((request) => isEmbeddingOf(request, 'What am I allergic to?'))!;
      await until(() => hung.aborted === true, 'the hung embeddings request aborted by the client');
      await target.close();
    } finally {
      await embeddings.close();
    }
  });
});

/** Waits until `condition` holds, failing after `ms`: a deadline only to prove the wait ends, not a timing figure. */
async function until(condition: () => boolean, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await sleep(10);
  assert.ok(condition(), `${what}: still not so after ${ms} ms`);
}

const PROBE_TEXT = 'What am I allergic to?';
const isEmbeddingOf = (request: { path: string; body: unknown }, text: string) =>
  request.path === '/v1/embeddings' && JSON.stringify((request.body as { input?: unknown }).input) === JSON.stringify([text]);

/** An e2e suite whose builtin agent searches a vector provider embedded by the OpenAI-compatible API at `url`. */
function hangingSearchSuite(dir: string, url: string): string {
  const path = join(dir, 'suite.yaml');
  writeFileSync(
    path,
    [
      'name: hanging-search',
      'retrieval:',
      // timeout_ms far beyond the test's deadline: a run that waits for the hung request out cannot pass.
      `  providers: [{ name: api-vector, kind: vector, embedding: { kind: openai, model: text-embedding-3-small, base_url: "${url}", timeout_ms: 120000, max_retries: 2 } }]`,
      '  memories: [{ id: m1, text: "placeholder" }]',
      '  queries: [{ text: "placeholder", relevant: [m1] }]',
      'e2e:',
      '  target: { kind: builtin, model: gpt-5-mini, recall_timeout_ms: 300, memory: { provider: api-vector } }',
      '  repeat: 1',
      '  conditions: [recall]',
      '  cases:',
      '    - name: allergy',
      '      ability: extraction',
      '      sessions: [{ user: "I am allergic to peanuts." }]',
      `      probe: { text: "${PROBE_TEXT}" }`,
      '      check: { icontains: peanut }',
      '',
    ].join('\n'),
  );
  return path;
}

describe('a run whose memory search hangs', { timeout: 60_000 }, () => {
  test('dist/cli.js abandons the search at recall_timeout_ms, aborts its embeddings request, writes the results and exits by itself', { timeout: 40_000 }, async () => {
    const server = await startOpenAIServer({ apiKey: KEY });
    try {
      // Only the probe's query hangs; the session's memory is embedded as usual.
      server.faults.push({ kind: 'hang', path: '/v1/embeddings', when: (body) => isEmbeddingOf({ path: '/v1/embeddings', body }, PROBE_TEXT) });
      const dir = tempDir();
      const out = join(dir, 'out');
      // The deadline only proves the process does not hang: left waiting on the request, it would live 120 s and retry.
      const result = await runCli(['run', hangingSearchSuite(dir, server.url), '--layer', 'e2e', '--out', out], { cwd: dir, env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: server.url }, killAfterMs: 20_000 });
      assert.notEqual(result.code, null, `the run did not exit by itself:\n${result.stdout}${result.stderr}`);
      assert.match(result.stdout, /results written to /);
      const [trial] = readFileSync(join(out, 'trials.jsonl'), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as TrialRecord);
      assert.equal(trial!.invocations[1]!.recall_error, 'the memory search was abandoned after 300 ms (recall_timeout_ms)');
      // The abandoned query, then the probe's message embedded to be stored (auto_store), answered: no retry of the aborted one.
      const probeEmbeddings = server.requests.filter((request) => isEmbeddingOf(request, PROBE_TEXT));
      assert.deepEqual(probeEmbeddings.map((request) => request.aborted ?? false), [true, false]);
    } finally {
      await server.close();
    }
  });
});

const AGENT = join(REPO_ROOT, 'examples', 'adapter', 'agent.mjs');
const NO_FAULTS = join(REPO_ROOT, 'test', 'fixtures', 'adapters', 'noFaults.mjs');

describe('adapters under the fault conditions', { timeout: 60_000 }, () => {
  test('the example adapter simulates each fault: the probe recalls nothing and the toy agent says it does not know', { timeout: 30_000 }, async () => {
    const trials = await run(createCommandTarget({ command: process.execPath, args: [AGENT, '--stdio'], onStderr: () => undefined }), ['recall', ...FAULTS]);
    const byCondition = new Map(trials.map((trial) => [trial.condition, trial]));
    assert.equal(byCondition.get('recall')!.status, 'pass', byCondition.get('recall')!.reason);
    assert.equal(byCondition.get('recall')!.invocations[1]!.recalled!.length, 1);
    for (const condition of FAULTS) {
      const trial = byCondition.get(condition)!;
      assert.equal(trial.status, 'pass', `${condition}: ${trial.reason}`);
      assert.equal(trial.answer, "I don't know.");
      assert.deepEqual(trial.invocations[1]!.recalled, []);
      assert.equal(typeof trial.invocations[1]!.recall_ms, 'number');
      // The planted session ran normally: the toy agent stored the fact.
      assert.equal(trial.invocations[0]!.reply, 'Got it, I will remember that.');
    }
  });

  test('an adapter that answers -32601 for a fault makes those trials errors saying it does not simulate the fault; its other trials run', { timeout: 30_000 }, async () => {
    const trials = await run(createCommandTarget({ command: process.execPath, args: [NO_FAULTS, '--stdio'], onStderr: () => undefined }), ['recall', 'fault:empty', 'fault:down']);
    const byCondition = new Map(trials.map((trial) => [trial.condition, trial]));
    assert.equal(byCondition.get('recall')!.status, 'fail', 'graded as usual: it does not know the fact');
    for (const condition of ['fault:empty', 'fault:down'] as const) {
      const trial = byCondition.get(condition)!;
      const fault = condition.slice('fault:'.length);
      assert.equal(trial.status, 'error');
      assert.match(trial.reason, new RegExp(`^agent adapter .* does not simulate ${condition}: "chat" with "fault": "${fault}" failed with JSON-RPC error -32601: Method not found: chat with fault ${fault} \\(.*examples/adapter/README\\.md \\("Faults"\\)`));
    }
    const result = aggregateE2e(trials, [ALLERGY], ['recall', 'fault:empty', 'fault:down'], 1);
    assert.equal(result.faults!.empty!.errors, 1);
    assert.equal(result.faults!.empty!.pass_rate, 0, 'errors stay in the denominator');
  });
});
