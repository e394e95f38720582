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
import type { TrialRecord } from '../../src/model/trial.js';
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

describe('regrade of a run whose probe produced a file larger than trials.jsonl keeps', { timeout: 120_000 }, () => {
  test('a check on the cut artifact keeps its verdict (the run read the whole file); a check on the answer alone is regraded', async () => {
    const dir = tempDir();
    // 100 KB of plain amounts, then one with a currency symbol past the 64 KiB a stored string keeps.
    writeFileSync(
      join(dir, 'agent.cjs'),
      `const rl = require('readline').createInterface({ input: process.stdin });
      rl.on('line', (line) => {
        const request = JSON.parse(line);
        const result = request.method === 'chat' ? { reply: 'exported', artifacts: [{ path: 'exports/expenses.csv', content: 'amount\\n' + '12.50\\n'.repeat(20000) + '€7.95\\n' }] } : {};
        process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: request.id, result }) + '\\n');
      });`,
    );
    const suite = join(dir, 'suite.yaml');
    writeFileSync(
      suite,
      `name: cut-artifact
e2e:
  target: { kind: command, command: [node, agent.cjs] }
  conditions: [recall]
  repeat: 1
  cases:
    - { name: no-symbol, ability: format, sessions: [], probe: { text: Export }, check: { not: { contains: "€" }, on: { artifact: "*.csv" } } }
    - { name: says-exported, ability: format, sessions: [], probe: { text: Export }, check: { contains: "exported" } }
`,
    );
    const out = join(dir, 'out');
    const run = await runCli(['run', suite, '--out', out], { killAfterMs: 60_000 });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(readTrials(out).map((trial) => [trial.case, trial.status]), [['no-symbol', 'fail'], ['says-exported', 'pass']]);
    // The answer check changes: that trial is regraded; the artifact check cannot be, on 64 KiB of a 100 KB file.
    writeFileSync(suite, readFileSync(suite, 'utf8').replace('contains: "exported"', 'contains: "imported"'));
    const regrade = await runCli(['regrade', out], { killAfterMs: 60_000 });
    assert.equal(regrade.code, 0, regrade.stderr);
    assert.match(regrade.stderr, /no-symbol\|recall\|1: a tool call or artifact of its probe was cut to 64 KiB when stored; its verdict \(graded on what the agent produced\) is kept/);
    assert.match(regrade.stdout, /1 changed, 1 kept as they were/);
    assert.deepEqual(readTrials(out).map((trial) => [trial.case, trial.status]), [['no-symbol', 'fail'], ['says-exported', 'fail']]);
  });
});
