/**
 * Issue 15 as a hostile user tries it, against dist/cli.js: models and
 * adapters that act in ways the happy path does not (calls alone at the last
 * round, arguments too wide for a report, files cut when stored), and what
 * the run, its records and regrade then say.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { TrialRecord } from '../../src/e2e/trial.js';
import { runCli, tempDir } from '../support/cli.js';
import { startOpenAIServer, type ChatRequestBody, type OpenAIServer } from '../support/openaiServer.js';

const KEY = 'sk-hostile';

function readTrials(dir: string): TrialRecord[] {
  return readFileSync(join(dir, 'trials.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as TrialRecord);
}

const CONNECT_DB = `
    tools:
      - name: connect_db
        parameters: { type: object, properties: { host: { type: string } }, required: [host] }
        returns: { connected: true, host: "{host}" }
    max_tool_rounds: 2`;

function builtinSuite(dir: string, url: string, cases: string, tools = CONNECT_DB): string {
  const path = join(dir, 'suite.yaml');
  writeFileSync(
    path,
    `name: hostile
retrieval:
  providers: [{ name: keyword, kind: keyword }]
  memories: [{ id: m1, text: "The staging database host is db-staging-1." }]
  queries: [{ text: staging host, relevant: [m1] }]
e2e:
  target:
    kind: builtin
    model: gpt-5-mini
    base_url: ${url}
    memory: { provider: keyword }${tools}
  conditions: [none]
  repeat: 1
  cases:
${cases}
`,
  );
  return path;
}

describe('the builtin target against a model that acts in hostile ways', { timeout: 120_000 }, () => {
  let server: OpenAIServer;
  before(async () => {
    server = await startOpenAIServer({
      apiKey: KEY,
      chat: (request: ChatRequestBody) => {
        const probe = [...request.messages].reverse().find((message) => message.role === 'user')?.content ?? '';
        // Calls and nothing else, even under tool_choice "none": it never answers in words.
        if (probe.includes('stubborn')) return { tool_calls: [{ name: 'connect_db', arguments: '{"host":"db-staging-1"}' }] };
        return 'noted';
      },
    });
  });
  after(async () => server.close());

  test('a model that ends on tool calls with no words is graded on what it did: its call to the obsolete host is harmful action, not lost to an error', async () => {
    const dir = tempDir();
    const suite = builtinSuite(
      dir,
      server.url,
      `    - name: moved
      ability: knowledge-update
      sessions: []
      probe: { text: "stubborn: connect to staging" }
      check: { tool_called: { name: connect_db, args: { host: db-staging-2 } } }
      harmful: { tool_called: { name: connect_db, args: { host: db-staging-1 } } }`,
    );
    const out = join(dir, 'out');
    const run = await runCli(['run', suite, '--layer', 'e2e', '--out', out], { env: { OPENAI_API_KEY: KEY }, killAfterMs: 60_000 });
    assert.equal(run.code, 0, run.stderr + run.stdout);
    const [trial] = readTrials(out);
    assert.equal(trial!.status, 'fail', trial!.reason);
    assert.equal(trial!.answer, '');
    assert.equal((trial as TrialRecord & { harmful_action?: boolean }).harmful_action, true);
    const probe = trial!.invocations.at(-1)!;
    // Two answered rounds, then the calls made under tool_choice "none", kept unanswered.
    assert.equal(probe.tool_calls!.length, 3);
    assert.equal(probe.tool_rounds_exhausted, true);
    assert.match(probe.tool_calls![2]!.error!, /after max_tool_rounds \(2\)/);
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as { e2e: { harm: { by_condition: Record<string, { harmful_action: unknown }> } } };
    assert.deepEqual(results.e2e.harm.by_condition.none!.harmful_action, { count: 1, of: 1, rate: 1 });
  });
});
