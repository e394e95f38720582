/**
 * run --cache-llm (issue 23 §4): the built CLI against a local
 * OpenAI-compatible server that counts the chat requests it receives. A
 * second run of an unchanged suite sends none and gives the same results,
 * its cached calls marked and not counted as spend; a changed prompt asks
 * the model again; without the flag nothing is read from the cache; a
 * corrupt entry is a miss with a warning.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ResultsDocument } from '../../src/model/results.js';
import type { TrialRecord } from '../../src/model/trial.js';
import { runCli, tempDir } from '../support/cli.js';
import { answerFromMemories, startOpenAIServer, type ChatRequestBody, type OpenAIServer } from '../support/openaiServer.js';

/** Two cases, one graded by the judge: 2 trials, 2 + 2 agent calls, 1 judge call. */
function suiteText(probe = 'What is my dog called?'): string {
  return [
    'name: llm-cache',
    'retrieval:',
    '  providers: [{ name: kw, kind: keyword }]',
    '  memories: [{ id: m1, text: "placeholder" }]',
    '  queries: [{ text: "placeholder", relevant: [m1] }]',
    'e2e:',
    '  target: { kind: builtin, model: gpt-4o-mini, memory: { provider: kw } }',
    '  judge: { model: gpt-4o-mini }',
    '  repeat: 1',
    '  cases:',
    '    - name: dog',
    '      ability: extraction',
    '      sessions: [{ user: "My dog is called Pixel." }]',
    `      probe: { text: "${probe}" }`,
    '      check: { icontains: pixel }',
    '    - name: allergy',
    '      ability: extraction',
    '      sessions: [{ user: "I am allergic to peanuts." }]',
    '      probe: { text: "What am I allergic to?" }',
    '      check: { judge: { rubric: "The answer names peanuts." } }',
    '',
  ].join('\n');
}

function writeSuite(dir: string, text: string): string {
  const path = join(dir, 'suite.yaml');
  writeFileSync(path, text);
  return path;
}

function readRun(out: string): { results: ResultsDocument; trials: TrialRecord[]; report: string } {
  return {
    results: JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as ResultsDocument,
    trials: readFileSync(join(out, 'trials.jsonl'), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as TrialRecord),
    report: readFileSync(join(out, 'report.md'), 'utf8'),
  };
}

/** What a run decided, trial by trial: status, answer and reason (timings and ids aside). */
function outcomes(trials: readonly TrialRecord[]): string[] {
  return trials.map((trial) => `${trial.key}: ${trial.status}: ${trial.answer}: ${trial.reason}`).sort();
}

describe('run --cache-llm against a local OpenAI-compatible server', { timeout: 300_000 }, () => {
  let server: OpenAIServer;
  before(async () => {
    // The judge answers JSON (it asks for a json_object); the agent answers from the memories it was shown.
    server = await startOpenAIServer({ apiKey: 'sk-test', chat: (request: ChatRequestBody) => (request.response_format ? '{"pass": true, "reason": "names peanuts"}' : answerFromMemories(request)) });
  });
  after(() => server.close());
  const chats = () => server.requests.filter((request) => request.path === '/v1/chat/completions').length;
  const env = (cache: string) => ({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, RECALL_GATE_CACHE_DIR: cache });

  test('a second run sends no chat request and gives the same results; its cached calls are marked and cost nothing', async () => {
    const dir = tempDir();
    const suite = writeSuite(dir, suiteText());
    const cache = tempDir('recall-gate-cache-');
    const firstOut = join(dir, 'first');
    const start = chats();
    const first = await runCli(['run', suite, '--layer', 'e2e', '--out', firstOut, '--cache-llm'], { env: env(cache) });
    assert.equal(first.code, 0, first.stdout + first.stderr);
    assert.equal(chats() - start, 5, '4 agent calls and 1 judge call');
    assert.match(first.stderr, /LLM cache \(--cache-llm\): 0 calls answered from .*llm, 5 sent/);
    const firstRun = readRun(firstOut);
    assert.ok(firstRun.results.e2e!.cost_usd! > 0);
    assert.equal(firstRun.results.e2e!.cost!.cached_calls, undefined);

    const secondOut = join(dir, 'second');
    const before = chats();
    const second = await runCli(['run', suite, '--layer', 'e2e', '--out', secondOut, '--cache-llm'], { env: env(cache) });
    assert.equal(second.code, 0, second.stdout + second.stderr);
    assert.equal(chats() - before, 0, 'every chat call answered from the cache');
    const secondRun = readRun(secondOut);
    assert.deepEqual(outcomes(secondRun.trials), outcomes(firstRun.trials));
    assert.deepEqual(secondRun.results.e2e!.metrics, firstRun.results.e2e!.metrics);
    assert.deepEqual(secondRun.results.e2e!.tokens, firstRun.results.e2e!.tokens, 'the tokens are what the agent used, cached or not');
    for (const trial of secondRun.trials) {
      assert.ok(trial.invocations.every((invocation) => invocation.cached === true), trial.key);
      assert.equal(trial.cached!.chat.calls, 2);
      assert.equal(trial.cost_usd, 0);
    }
    assert.equal(secondRun.trials.find((trial) => trial.case === 'allergy')!.cached!.judge.calls, 1);
    assert.equal(secondRun.results.e2e!.cost_usd, 0, 'nothing sent, nothing spent');
    assert.equal(secondRun.results.e2e!.cost!.cached_calls, 5);
    // The model ids a cached answer names are still this run's provenance: nothing sent, the same ids as the run that sent.
    const answered = (run: typeof firstRun) => run.results.provenance!.models.map((model) => [model.role, model.requested, model.answered]);
    assert.ok(answered(firstRun).every(([, , ids]) => Array.isArray(ids) && ids.length > 0), JSON.stringify(answered(firstRun)));
    assert.deepEqual(answered(secondRun), answered(firstRun));
    const said = /5 model calls answered from the LLM cache \(--cache-llm\): nothing sent, not counted as spend/;
    assert.match(second.stdout, said);
    assert.match(secondRun.report, said);
  });

  test('a changed prompt misses: only the changed case asks the model again', async () => {
    const dir = tempDir();
    const cache = tempDir('recall-gate-cache-');
    const suite = writeSuite(dir, suiteText());
    const first = await runCli(['run', suite, '--layer', 'e2e', '--out', join(dir, 'a'), '--cache-llm'], { env: env(cache) });
    assert.equal(first.code, 0, first.stdout + first.stderr);
    writeSuite(dir, suiteText('What name did I give my dog?'));
    const before = chats();
    const second = await runCli(['run', suite, '--layer', 'e2e', '--out', join(dir, 'b'), '--cache-llm'], { env: env(cache) });
    assert.equal(second.code, 0, second.stdout + second.stderr);
    const sent = server.requests.slice(before).filter((request) => request.path === '/v1/chat/completions').map((request) => request.body as ChatRequestBody);
    assert.deepEqual(
      sent.map((request) => request.messages.at(-1)!.content),
      ['What name did I give my dog?'],
      'the session turn is the same request as before; the changed probe is not',
    );
    const { trials } = readRun(join(dir, 'b'));
    const dog = trials.find((trial) => trial.case === 'dog')!;
    assert.equal(dog.invocations[0]!.cached, true);
    assert.equal(dog.invocations[1]!.cached, undefined);
    assert.ok(dog.cost_usd! > 0, 'the call that was sent is paid for');
  });

  test('without --cache-llm nothing is read from the cache or written to it', async () => {
    const dir = tempDir();
    const cache = tempDir('recall-gate-cache-');
    const suite = writeSuite(dir, suiteText());
    const cached = await runCli(['run', suite, '--layer', 'e2e', '--out', join(dir, 'a'), '--cache-llm'], { env: env(cache) });
    assert.equal(cached.code, 0, cached.stdout + cached.stderr);
    assert.equal(readdirSync(join(cache, 'llm'), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.json')).length, 5, 'the cache holds every answer');
    const before = chats();
    const plain = await runCli(['run', suite, '--layer', 'e2e', '--out', join(dir, 'b')], { env: env(cache) });
    assert.equal(plain.code, 0, plain.stdout + plain.stderr);
    assert.equal(chats() - before, 5, 'off by default: every call is sent');
    assert.ok(readRun(join(dir, 'b')).trials.every((trial) => trial.cached === undefined && trial.invocations.every((invocation) => invocation.cached === undefined)));
    const fresh = tempDir('recall-gate-cache-');
    await runCli(['run', suite, '--layer', 'e2e', '--out', join(dir, 'c')], { env: env(fresh) });
    assert.deepEqual(readdirSync(fresh).filter((name) => name === 'llm' || name === 'tokens'), [], 'and nothing is kept');
  });

  test('a corrupt entry is a miss with a warning, and the run completes', async () => {
    const dir = tempDir();
    const cache = tempDir('recall-gate-cache-');
    const suite = writeSuite(dir, suiteText());
    await runCli(['run', suite, '--layer', 'e2e', '--out', join(dir, 'a'), '--cache-llm'], { env: env(cache) });
    const entries = readdirSync(join(cache, 'llm'), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.json'));
    assert.equal(entries.length, 5);
    writeFileSync(join(cache, 'llm', entries[0]!), '{"format": "recall-gate-llm-cache-1", "key": "tor');
    const before = chats();
    const second = await runCli(['run', suite, '--layer', 'e2e', '--out', join(dir, 'b'), '--cache-llm'], { env: env(cache) });
    assert.equal(second.code, 0, second.stdout + second.stderr);
    assert.equal(chats() - before, 1, 'the corrupt entry alone is asked again');
    assert.match(second.stderr, /warning: LLM cache entry .* is unusable \(not JSON: .*\); the model is asked again and the entry replaced/);
    assert.match(second.stderr, /4 calls answered from .*, 1 sent \(1 unusable entry replaced\)/);
  });

  test('the injected-token counts are kept beside the answers and read back; an unusable file is counted again and replaced', async () => {
    const dir = tempDir();
    const cache = tempDir('recall-gate-cache-');
    const suite = writeSuite(dir, suiteText());
    const first = await runCli(['run', suite, '--layer', 'e2e', '--out', join(dir, 'a'), '--cache-llm'], { env: env(cache) });
    assert.equal(first.code, 0, first.stdout + first.stderr);
    const injected = (out: string) => readRun(out).trials.flatMap((trial) => trial.invocations.map((invocation) => invocation.injected_tokens));
    const counted = injected(join(dir, 'a'));
    assert.ok(counted.some((count) => count! > 0), 'the probes recalled the sessions');
    const file = join(cache, 'tokens', 'o200k_base.json');
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { format: string; encoding: string; counts: Record<string, number> };
    assert.equal(kept.format, 'recall-gate-token-counts-1');
    assert.equal(kept.encoding, 'o200k_base');
    assert.deepEqual(new Set(Object.values(kept.counts)), new Set(counted.filter((count) => count! > 0)), 'the counts of the texts recalled');

    // A count read from the file is used as it is: the rerun reports what the file says, not a new count.
    writeFileSync(file, JSON.stringify({ ...kept, counts: Object.fromEntries(Object.keys(kept.counts).map((key) => [key, 1234])) }));
    const second = await runCli(['run', suite, '--layer', 'e2e', '--out', join(dir, 'b'), '--cache-llm'], { env: env(cache) });
    assert.equal(second.code, 0, second.stdout + second.stderr);
    assert.deepEqual(injected(join(dir, 'b')), counted.map((count) => (count! > 0 ? 1234 : count)));

    writeFileSync(file, '{"format": "recall-gate-token-counts-1", "counts": {"x": -');
    const third = await runCli(['run', suite, '--layer', 'e2e', '--out', join(dir, 'c'), '--cache-llm'], { env: env(cache) });
    assert.equal(third.code, 0, third.stdout + third.stderr);
    assert.match(third.stderr, /warning: token counts in .*o200k_base\.json are unusable \(not JSON: .*\); they are counted again and the file replaced/);
    assert.deepEqual(injected(join(dir, 'c')), counted, 'counted again');
    assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), kept, 'and kept again');
  });
});
