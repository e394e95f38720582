/**
 * The gate of a narrowed run (run --ability, --case, --query, ...): a
 * condition on an ability or a tag the selection left out is skipped and says
 * why, where an ordinary run would fail it as missing. The suite's gate names
 * only abilities and tags the suite has (validateGate), so in a narrowed run
 * their absence is the selection's doing, not a typo.
 */
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { REPO_ROOT, runCli, tempDir } from '../support/cli.js';
import { startOpenAIServer, type OpenAIServer } from '../support/openaiServer.js';

/** The example suite with a gate on one ability and one tag. */
function gatedExample(): string {
  const dir = tempDir('recall-gate-suite-');
  cpSync(join(REPO_ROOT, 'suites/examples/assistant-memory'), dir, { recursive: true });
  const path = join(dir, 'suite.yaml');
  const gate = [
    'gate:',
    '  all:',
    '    - { metric: e2e.ability.isolation.pass^k, op: eq, value: 1 }',
    '    - { metric: retrieval.keyword.tag.preference.recall@5, op: gte, value: 0 }',
    '',
  ].join('\n');
  writeFileSync(path, readFileSync(path, 'utf8').replace(/\ngate:[\s\S]*$/, `\n${gate}`));
  return path;
}

describe('the gate of a narrowed run', { timeout: 300_000 }, () => {
  let server: OpenAIServer;
  before(async () => {
    server = await startOpenAIServer({ apiKey: 'sk-test' });
  });
  after(async () => server.close());

  test('--ability: a condition on an ability left out is skipped with the flags that left it out, not failed as missing', async () => {
    const out = tempDir();
    const result = await runCli(['run', gatedExample(), '--out', out, '--ability', 'temporal', '--repeat', '1'], { env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url } });
    assert.doesNotMatch(result.stdout, /missing: no ability "isolation"/);
    assert.match(result.stdout, /ability "isolation" is not in this narrowed run \(--ability, --repeat\)/);
    assert.equal(result.code, 0, result.stdout + result.stderr);
  });

  test('--query: a condition on a tag no selected query has is skipped, not failed', async () => {
    const out = tempDir();
    const result = await runCli(['run', gatedExample(), '--out', out, '--query', 'where-*']);
    assert.match(result.stdout, /tag "preference" is not in this narrowed run \(--query\)/);
    assert.equal(result.code, 0, result.stdout + result.stderr);
  });
});
