import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { ResultsDocument } from '../../src/model/results.js';
import { REPO_ROOT, runCli, tempDir } from '../support/cli.js';
import { startOpenAIServer, type OpenAIServer } from '../support/openaiServer.js';

const SUITE = join(REPO_ROOT, 'suites/examples/assistant-memory/suite.yaml');
let server: OpenAIServer;
before(async () => {
  server = await startOpenAIServer({ apiKey: 'sk-test' });
});
after(async () => server.close());

const read = (dir: string) => JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as ResultsDocument;

test('shards of a job matrix merge into what one run gives, and the gate applies to the whole', { timeout: 180_000 }, async () => {
  const env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url };
  const whole = tempDir();
  assert.equal((await runCli(['run', SUITE, '--layer', 'all', '--out', whole], { env })).code, 0);
  const shards = [tempDir(), tempDir(), tempDir()];
  for (const [i, dir] of shards.entries()) {
    const result = await runCli(['run', SUITE, '--layer', 'all', '--out', dir, '--shard', `${i + 1}/3`], { env });
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(read(dir).shard, { index: i + 1, count: 3 });
    assert.equal(Boolean(read(dir).retrieval), i === 0, 'retrieval runs in shard 1 only');
  }
  assert.equal(read(shards[1]!).e2e!.metrics.trials + read(shards[0]!).e2e!.metrics.trials + read(shards[2]!).e2e!.metrics.trials, 39);

  const merged = tempDir();
  const result = await runCli(['merge', '--out', merged, ...shards]);
  assert.equal(result.code, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /merged 3 shards of 3/);
  assert.match(result.stdout, /gate PASSED/);
  const one = read(whole);
  const combined = read(merged);
  assert.deepEqual(combined.e2e!.by_condition, one.e2e!.by_condition);
  assert.deepEqual(combined.e2e!.abilities, one.e2e!.abilities);
  assert.deepEqual(combined.retrieval!.providers.keyword!.metrics, one.retrieval!.providers.keyword!.metrics);
  assert.equal(readFileSync(join(merged, 'trials.jsonl'), 'utf8').trim().split('\n').length, 117);

  const partial = await runCli(['merge', '--out', tempDir(), shards[0]!, shards[2]!]);
  assert.equal(partial.code, 3);
  assert.match(partial.stderr, /merge: shard 2 of 3 is missing \(run --shard 2\/3, then merge every shard's folder together\)/);
  const alone = await runCli(['merge', '--out', tempDir(), shards[0]!]);
  assert.equal(alone.code, 3);
  assert.match(alone.stderr, /merge: shards 2, 3 of 3 are missing \(run --shard 2\/3, run --shard 3\/3, then merge/);
});

test('a shard past the first under --layer retrieval says the retrieval layer runs in shard 1 only, and how to run the shards', async () => {
  const result = await runCli(['run', SUITE, '--shard', '2/3', '--out', tempDir()]);
  assert.equal(result.code, 2, result.stdout + result.stderr);
  assert.match(result.stderr, /shard 2\/3 of .*suite\.yaml has nothing to run under --layer retrieval: the retrieval layer runs in shard 1 only, and shards split the e2e cases \(run every shard with --layer all \(or e2e\)\)/);
  assert.doesNotMatch(result.stderr, /has no retrieval section/);
});
