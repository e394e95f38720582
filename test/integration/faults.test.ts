import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { aggregateE2e } from '../../src/e2e/aggregate.js';
import { gradeAnswer } from '../../src/e2e/checks/grade.js';
import { OpenAIJudge } from '../../src/e2e/openaiJudge.js';
import { runE2e, type E2ePlan } from '../../src/e2e/runE2e.js';
import type { TrialRecord } from '../../src/model/trial.js';
import type { CaseSpec } from '../../src/model/e2e.js';
import type { CheckSpec } from '../../src/model/checks.js';
import { OpenAIEmbedder } from '../../src/embeddings/openai.js';
import { createStore } from '../../src/memory/createStore.js';
import { KeywordStore } from '../../src/memory/keyword.js';
import { terminalE2eReport } from '../../src/report/terminalE2e.js';
import { runSuite } from '../../src/runSuite.js';
import { loadSuite } from '../../src/suite/load.js';
import type { BuiltinTargetSpec } from '../../src/model/suite.js';
import { BuiltinTarget } from '../../src/targets/builtin.js';
import { createHttpTarget } from '../../src/targets/adapterTarget.js';
import type { Target } from '../../src/targets/types.js';
import { boundedFetch } from '../../src/net/boundedFetch.js';
import { scriptedHttpServer } from '../support/adapterProcess.js';
import { REPO_ROOT, tempDir } from '../support/cli.js';
import { chromaRuntimeAvailable, startChromaServer, systemGlibcVersion } from '../support/chromaServer.js';
import { builtinSpec } from '../support/builtinTarget.js';
import { startOpenAIServer, type OpenAIServer } from '../support/openaiServer.js';

/*
 * Every wait recall-gate makes is bounded, and what cannot be graded is an
 * error, against real local servers. Each test has a `timeout`: a regression
 * fails the test instead of hanging the run.
 */

const WHERE = { file: 'faults.yaml', line: 1, col: 1 };
const KEY = 'sk-faults';

function probeCase(name: string, check: CheckSpec, sessions: string[] = []): CaseSpec {
  return { name, ability: 'extraction', sessions: sessions.map((user) => ({ turns: [user] })), probe: { text: 'What am I allergic to?' }, check, evidence: [], obsolete: [], needs_memory: true, where: WHERE };
}

function builtin(server: OpenAIServer, overrides: Partial<BuiltinTargetSpec> = {}): BuiltinTarget {
  return new BuiltinTarget({ spec: builtinSpec(overrides), store: new KeywordStore(), apiKey: KEY, baseURL: server.url });
}

async function trials(target: Target, cases: CaseSpec[], options: Partial<E2ePlan> = {}, log: (message: string) => void = () => undefined): Promise<TrialRecord[]> {
  const plan: E2ePlan = { suiteName: 'faults', cases, conditions: ['recall'], repeat: 1, concurrency: 1, model: 'gpt-5-mini', prices: {}, ...options };
  try {
    return await runE2e(plan, { target, onTrial: () => undefined, log });
  } finally {
    await target.close();
  }
}

const chatRequests = (server: OpenAIServer, since: number) => server.requests.slice(since).filter((request) => request.path === '/v1/chat/completions');

describe('every wait on an OpenAI-compatible endpoint is bounded', { timeout: 60_000 }, () => {
  let server: OpenAIServer;
  before(async () => {
    server = await startOpenAIServer({ apiKey: KEY, chat: () => 'You are allergic to peanuts.' });
  });
  after(async () => server.close());

  test('a chat body trickled a byte at a time ends at timeout_ms, each attempt, as a trial error naming the timeout', { timeout: 30_000 }, async () => {
    const start = server.requests.length;
    server.faults.push({ kind: 'trickle', everyMs: 50 }, { kind: 'trickle', everyMs: 50 });
    const [trial] = await trials(builtin(server, { timeout_ms: 1000, max_retries: 1 }), [probeCase('trickled', { contains: 'peanut' })]);
    assert.equal(trial!.status, 'error');
    assert.match(trial!.reason, /^chat request to http:\/\/127\.0\.0\.1:\d+\/v1 failed \(no response\): no complete response within 1000 ms \(timeout_ms\), 2 attempts/);
    assert.equal(chatRequests(server, start).length, 2, 'the timed-out attempt was retried once (max_retries 1)');
  });

  test('the judge and the embeddings endpoint bound a trickled body the same way', { timeout: 30_000 }, async () => {
    server.faults.push({ kind: 'trickle', everyMs: 50 });
    const judge = new OpenAIJudge('gpt-5-mini', { apiKey: KEY, baseURL: server.url, timeoutMs: 1000, maxRetries: 0 });
    await assert.rejects(gradeAnswer({ judge: { rubric: 'Names the allergy.' } }, 'Peanuts.', { question: 'q', judge }), /^RecallGateError: judge request to .* failed \(no response\): no complete response within 1000 ms \(timeout_ms\), 1 attempt$/);
    server.faults.push({ kind: 'trickle', everyMs: 50 });
    const embedder = new OpenAIEmbedder({ model: 'text-embedding-3-small', apiKey: KEY, baseURL: server.url, timeoutMs: 1000, maxRetries: 0 });
    await assert.rejects(embedder.embed(['hello']), /embeddings request to .* failed \(no response\): no complete response within 1000 ms/);
  });

  test('Retry-After: 3600 fails chat, judge and embeddings at once, with the reason', { timeout: 30_000 }, async () => {
    const refusal = /\(HTTP 429\): the server asked to retry after 3600 s, more than the 60 s recall-gate waits/;
    const rateLimited = { kind: 'status', status: 429, headers: { 'retry-after': '3600' } } as const;

    let start = server.requests.length;
    server.faults.push(rateLimited);
    const [trial] = await trials(builtin(server, { max_retries: 4 }), [probeCase('rate-limited', { contains: 'peanut' })]);
    assert.equal(trial!.status, 'error');
    assert.match(trial!.reason, /^chat request to /);
    assert.match(trial!.reason, refusal);
    assert.equal(server.requests.length - start, 1, 'no retry was waited for');

    start = server.requests.length;
    server.faults.push(rateLimited);
    const judge = new OpenAIJudge('gpt-5-mini', { apiKey: KEY, baseURL: server.url, maxRetries: 4 });
    await assert.rejects(judge.grade({ rubric: 'r', question: 'q', answer: 'a' }), (error: Error) => /^judge request to /.test(error.message) && refusal.test(error.message));
    assert.equal(server.requests.length - start, 1);

    start = server.requests.length;
    // The same wait asked for in milliseconds is refused the same way.
    server.faults.push({ kind: 'status', status: 503, headers: { 'retry-after-ms': '3600000' } });
    const embedder = new OpenAIEmbedder({ model: 'text-embedding-3-small', apiKey: KEY, baseURL: server.url, maxRetries: 4 });
    await assert.rejects(embedder.embed(['hello']), /^RecallGateError: embeddings request to .* failed \(HTTP 503\): the server asked to retry after 3600 s, more than the 60 s recall-gate waits/);
    assert.equal(server.requests.length - start, 1);
  });
});

test('a response body past the size limit is refused while it streams, not read whole', { timeout: 30_000 }, async () => {
  const server = await scriptedHttpServer(() => ({ body: 'x'.repeat(5000) }));
  try {
    const small = boundedFetch(5000, 4096);
    await assert.rejects(small(server.url, { method: 'POST', body: '{}' }), /the response body is larger than 4096 bytes, the most recall-gate reads/);
    const enough = await boundedFetch(5000, 8192)(server.url, { method: 'POST', body: '{}' });
    assert.equal((await enough.text()).length, 5000);
  } finally {
    await server.close();
  }
});

describe('what cannot be graded is a trial error, for every target kind', { timeout: 60_000 }, () => {
  let server: OpenAIServer;
  before(async () => {
    server = await startOpenAIServer({ apiKey: KEY, chat: () => 'You are allergic to peanuts.' });
  });
  after(async () => server.close());

  test('builtin: an empty reply, or one cut by the length limit, is an error; not: checks no longer pass on it', async () => {
    server.faults.push(
      { kind: 'completion', content: '', finish_reason: 'length' },
      { kind: 'completion', content: ' \u200b\n ', finish_reason: 'stop' },
      { kind: 'completion', content: 'You are allergic to pea', finish_reason: 'length' },
    );
    const notShellfish = { not: { contains: 'shellfish' } };
    const result = await trials(builtin(server), [probeCase('reasoning-at-limit', notShellfish), probeCase('blank', notShellfish), probeCase('cut', { contains: 'pea' })]);
    assert.deepEqual(
      result.map((trial) => [trial.case, trial.status]),
      [
        ['reasoning-at-limit', 'error'],
        ['blank', 'error'],
        ['cut', 'error'],
      ],
    );
    assert.match(result[0]!.reason, /^the agent's reply is empty: it was cut at the length limit \(finish_reason length\)/);
    assert.equal(result[1]!.reason, "the agent's reply is empty");
    assert.match(result[2]!.reason, /cut at the length limit .*e2e\.grade_truncated: true/);
    assert.equal(result[2]!.invocations.at(-1)!.truncated, true);
  });

  test('builtin: a web page, a body that is not JSON, and a 5xx after the retries each say what to check', async () => {
    server.faults.push(
      { kind: 'status', status: 200, headers: { 'content-type': 'text/html' }, body: '<html><body>Sign in to continue</body></html>' },
      { kind: 'malformed' },
      { kind: 'status', status: 502 },
    );
    const result = await trials(builtin(server, { max_retries: 0 }), [probeCase('page', { contains: 'x' }), probeCase('cut', { contains: 'x' }), probeCase('down', { contains: 'x' })]);
    assert.deepEqual(result.map((trial) => trial.status), ['error', 'error', 'error']);
    assert.match(result[0]!.reason, /chat request to .* got an answer that is not a chat completion: <html><body>Sign in to continue<\/body><\/html> \(check that the base URL is an OpenAI-compatible API .*often ending in \/v1/);
    assert.match(result[1]!.reason, /chat request to .* failed: .*JSON.* \(check that the base URL is an OpenAI-compatible API/);
    assert.match(result[2]!.reason, /chat request to .* failed \(HTTP 502\): .*\(the endpoint failed on its side after every retry \(max_retries\): retry later/);
  });

  test('builtin: with grade_truncated a cut reply is graded, an empty one still is not', async () => {
    server.faults.push({ kind: 'completion', content: 'You are allergic to pea', finish_reason: 'length' }, { kind: 'completion', content: '', finish_reason: 'length' });
    const result = await trials(builtin(server), [probeCase('cut', { contains: 'pea' }), probeCase('empty', { not: { contains: 'shellfish' } })], { gradeTruncated: true });
    assert.deepEqual(
      result.map((trial) => trial.status),
      ['pass', 'error'],
    );
    assert.equal(result[0]!.invocations.at(-1)!.truncated, true);
  });

  test('http adapter: an empty reply, truncated: true and finish_reason "length" are errors', async () => {
    const replies: Record<string, unknown>[] = [{ reply: '' }, { reply: 'Peanuts', truncated: true }, { reply: 'Peanuts', finish_reason: 'length' }, { reply: 'Peanuts', finish_reason: 'stop' }];
    const adapter = await scriptedHttpServer((request) => ({
      body: JSON.stringify({ jsonrpc: '2.0', id: request.id, result: request.method === 'chat' ? replies.shift() : {} }),
    }));
    try {
      const check = { icontains: 'peanut' };
      const result = await trials(createHttpTarget({ url: adapter.url, headers: {}, timeoutMs: 5000 }), ['empty', 'flagged', 'length', 'whole'].map((name) => probeCase(name, check)));
      assert.deepEqual(
        result.map((trial) => trial.status),
        ['error', 'error', 'error', 'pass'],
      );
      assert.equal(result[0]!.reason, "the agent's reply is empty");
      assert.match(result[1]!.reason, /cut at the length limit/);
      assert.match(result[2]!.reason, /cut at the length limit/);
    } finally {
      await adapter.close();
    }
  });

  test('token usage that is negative, a string or a fraction is unknown, with one warning for the run', async () => {
    server.faults.push(
      { kind: 'completion', content: 'Noted.', usage: { prompt_tokens: -5, completion_tokens: '7' } },
      { kind: 'completion', content: 'You are allergic to peanuts.', usage: { prompt_tokens: 12, completion_tokens: 6 } },
      { kind: 'completion', content: 'You are allergic to peanuts.', usage: { prompt_tokens: 1e300, completion_tokens: 3 } },
    );
    const logged: string[] = [];
    const result = await trials(builtin(server), [probeCase('bad-session-usage', { contains: 'peanut' }, ['I am allergic to peanuts.']), probeCase('huge', { contains: 'peanut' })], { prices: { 'gpt-5-mini': { input: 1, output: 1 } } }, (message) => logged.push(message));
    const [first, second] = result;
    assert.deepEqual(
      result.map((trial) => trial.status),
      ['pass', 'pass'],
      'bad usage does not change the verdict',
    );
    const session = first!.invocations[0]!;
    assert.equal(session.usage, undefined);
    assert.match(session.usage_warning!, /input -5, output "7"/);
    assert.deepEqual(first!.invocations[1]!.usage, { input_tokens: 12, output_tokens: 6 });
    const { input, output, judge_input, judge_output } = first!.tokens;
    assert.deepEqual({ input, output, judge_input, judge_output }, { input: 12, output: 6, judge_input: 0, judge_output: 0 }, 'only the known counts are summed');
    assert.equal(first!.cost_usd, null, 'tokens were spent but not all are known');
    assert.match(second!.invocations[0]!.usage_warning!, /input 1e\+300/);
    assert.equal(logged.length, 1, logged.join('\n'));
    assert.match(logged[0]!, /^warning: the chat model at http:\/\/127\.0\.0\.1:\d+\/v1 reported token usage that is not two non-negative integers .*usage_warning in trials\.jsonl/);

    server.faults.push({ kind: 'completion', content: '{"pass": true, "reason": "names it"}', usage: { prompt_tokens: 3.5, completion_tokens: 2 } });
    const judge = new OpenAIJudge('gpt-5-mini', { apiKey: KEY, baseURL: server.url, maxRetries: 0 });
    const graded = await gradeAnswer({ judge: { rubric: 'Names the allergy.' } }, 'Peanuts.', { question: 'q', judge });
    assert.equal(graded.pass, true);
    assert.equal(graded.usage, undefined);
    assert.match(graded.usage_warning!, /^the judge at .*\(input 3\.5, output 2\)/);
  });

  test('token usage that is not an object (a string, a list) is unknown with a warning too, from the chat model and the judge', async () => {
    server.faults.push(
      { kind: 'completion', content: 'Noted.', usage: 'lots' },
      { kind: 'completion', content: 'You are allergic to peanuts.', usage: [12, 6] },
    );
    const spec = probeCase('string-usage', { contains: 'peanut' }, ['I am allergic to peanuts.']);
    const [trial] = await trials(builtin(server), [spec], { prices: { 'gpt-5-mini': { input: 1, output: 1 } } }, () => undefined);
    assert.equal(trial!.status, 'pass');
    assert.match(trial!.invocations[0]!.usage_warning!, /^the chat model at .* reported token usage as "lots", not an object; counted as unknown$/);
    assert.match(trial!.invocations[1]!.usage_warning!, /reported token usage as \[12,6\], not an object/);
    assert.equal(trial!.cost_usd, null, 'tokens were spent but their count is unknown');
    // The model has a price: the reports must not blame a missing one.
    const e2e = { target: { kind: 'builtin', model: 'gpt-5-mini' }, ...aggregateE2e([trial!], [spec], ['recall'], 1) };
    const terminal = terminalE2eReport(e2e, [trial!]);
    assert.match(terminal, /cost unknown: 2 calls reported unusable token counts \(marked usage_warning in trials\.jsonl\)\n/);
    assert.doesNotMatch(terminal, /no price/);

    server.faults.push({ kind: 'completion', content: '{"pass": true, "reason": "names it"}', usage: 'free' });
    const judge = new OpenAIJudge('gpt-5-mini', { apiKey: KEY, baseURL: server.url, maxRetries: 0 });
    const graded = await gradeAnswer({ judge: { rubric: 'Names the allergy.' } }, 'Peanuts.', { question: 'q', judge });
    assert.match(graded.usage_warning!, /^the judge at .* reported token usage as "free", not an object/);
  });

  test('a priced model that reports no usage for a call: the trial cost is unknown, not $0', async () => {
    server.faults.push({ kind: 'completion', content: 'Noted.' }, { kind: 'completion', content: 'You are allergic to peanuts.', usage: { prompt_tokens: 12, completion_tokens: 6 } });
    const [trial] = await trials(builtin(server), [probeCase('no-usage', { contains: 'peanut' }, ['I am allergic to peanuts.'])], { prices: { 'gpt-5-mini': { input: 1, output: 1 } } }, () => undefined);
    assert.equal(trial!.status, 'pass');
    assert.equal(trial!.invocations[0]!.usage, undefined);
    assert.equal(trial!.cost_usd, null);
    // The builtin agent's endpoint left usage out: the reports say so, not that an adapter should return it.
    const e2e = { target: { kind: 'builtin', model: 'gpt-5-mini' }, ...aggregateE2e([trial!], [probeCase('no-usage', { contains: 'peanut' }, ['I am allergic to peanuts.'])], ['recall'], 1) };
    assert.match(terminalE2eReport(e2e, [trial!]), /cost unknown: 1 agent call got no token usage from the model endpoint\n/);
    // Both calls reporting usage: the cost is known.
    server.faults.push({ kind: 'completion', content: 'Noted.', usage: { prompt_tokens: 4, completion_tokens: 1 } }, { kind: 'completion', content: 'You are allergic to peanuts.', usage: { prompt_tokens: 12, completion_tokens: 6 } });
    const [priced] = await trials(builtin(server), [probeCase('usage', { contains: 'peanut' }, ['I am allergic to peanuts.'])], { prices: { 'gpt-5-mini': { input: 1, output: 1 } } }, () => undefined);
    assert.ok(priced!.cost_usd !== null && priced!.cost_usd > 0);
  });

  test('adapter usage that makes no sense is unknown with a warning, not a failed trial', async () => {
    const adapter = await scriptedHttpServer((request) => ({
      body: JSON.stringify({ jsonrpc: '2.0', id: request.id, result: request.method === 'chat' ? { reply: 'Peanuts.', usage: { input_tokens: -1, output_tokens: 'many' } } : {} }),
    }));
    try {
      const logged: string[] = [];
      const [trial] = await trials(createHttpTarget({ url: adapter.url, headers: {}, timeoutMs: 5000 }), [probeCase('adapter-usage', { icontains: 'peanut' })], { model: undefined }, (message) => logged.push(message));
      assert.equal(trial!.status, 'pass');
      assert.equal(trial!.invocations[0]!.usage, undefined);
      assert.match(trial!.invocations[0]!.usage_warning!, /^the adapter \(chat result\.usage\) .*input -1, output "many"/);
      assert.equal(trial!.cost_usd, null);
      assert.equal(logged.length, 1);
    } finally {
      await adapter.close();
    }
  });
});

test('a regex that backtracks catastrophically is a trial error naming the check; the next trial still grades', { timeout: 60_000 }, async () => {
  const answer = 'a'.repeat(51) + '!';
  assert.equal(answer.length, 52);
  const server = await startOpenAIServer({ apiKey: KEY, chat: () => answer });
  try {
    const result = await trials(builtin(server), [probeCase('backtracking', { regex: '^(\\w+\\s?)*$' }), probeCase('after-it', { regex: '^a+!$' }), probeCase('and-more', { contains: 'aaa' })]);
    assert.deepEqual(
      result.map((trial) => [trial.case, trial.status]),
      [
        ['backtracking', 'error'],
        ['after-it', 'pass'],
        ['and-more', 'pass'],
      ],
    );
    assert.equal(result[0]!.reason, 'regex /^(\\w+\\s?)*$/ took longer than 1000 ms on the text it checks (catastrophic backtracking?)');
  } finally {
    await server.close();
  }
});

// CI installs the runtime first (.ci/run), so there a missing runtime is a failure, not a skip.
const noChroma = chromaRuntimeAvailable() || process.env.CI ? false : `no runtime for the Chroma server (glibc ${systemGlibcVersion() ?? 'unknown'} < 2.38): run scripts/chroma-runtime.sh`;

test('a Chroma server stopped (SIGSTOP) mid-run is a provider error naming the timeout; the other providers stand', { skip: noChroma, timeout: 120_000 }, async () => {
  const dir = tempDir('recall-gate-faults-');
  const chroma = await startChromaServer();
  const suitePath = join(dir, 'suite.yaml');
  writeFileSync(
    suitePath,
    [
      'name: stopped-chroma',
      'retrieval:',
      '  k: [1, 3]',
      '  providers:',
      `    - { name: chroma, kind: chroma, url: "${chroma.url}", timeout_ms: 1500, embedding: { kind: ngram, dimensions: 64 } }`,
      '    - { name: keyword, kind: keyword }',
      `  memories: ${JSON.stringify(join(REPO_ROOT, 'suites/examples/assistant-memory/memories.jsonl'))}`,
      `  queries: ${JSON.stringify(join(REPO_ROOT, 'suites/examples/assistant-memory/queries.yaml'))}`,
      '',
    ].join('\n'),
  );
  const suite = loadSuite(suitePath, dir);
  let searches = 0;
  let stopped = false;
  try {
    const { results } = await runSuite(suite, {
      outDir: join(dir, 'out'),
      layer: 'retrieval',
      env: {},
      cacheRoot: join(dir, 'cache'),
      cacheEmbeddings: false,
      log: () => undefined,
      createStore: (provider) => {
        const store = createStore(provider, { env: {}, cacheRoot: join(dir, 'cache'), cacheEmbeddings: false, baseDir: dir, log: () => undefined, suiteName: suite.name, runId: 'stopped' });
        if (provider.kind !== 'chroma') return store;
        // Freeze the server after two searches: it keeps its sockets open and answers nothing.
        const search = store.search.bind(store);
        store.search = async (...args) => {
          if (++searches === 3) {
            process.kill(chroma.pid, 'SIGSTOP');
            stopped = true;
          }
          return search(...args);
        };
        return store;
      },
    });
    const provider = results.retrieval!.providers.chroma!;
    assert.equal(provider.status, 'error');
    assert.match(provider.error!, new RegExp(`Chroma at ${chroma.url.replace(/[.]/g, '\\.')} did not answer within 1500 ms while searching \\(timeout_ms\\)`));
    assert.equal(provider.queries.length, 2, 'the searches that finished are kept');
    assert.equal(results.retrieval!.providers.keyword!.status, 'ok');
    assert.equal(results.status, 'incomplete');
  } finally {
    if (stopped) process.kill(chroma.pid, 'SIGCONT');
    await chroma.stop();
  }
});
