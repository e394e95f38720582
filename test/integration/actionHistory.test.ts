import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runAction, runOnEvent } from '../support/action.js';
import { REPO_ROOT, runCli, tempDir } from '../support/cli.js';
import { startGitHubServer, type GitHubServer } from '../support/githubServer.js';
import { answerFromMemories, startOpenAIServer, type OpenAIServer } from '../support/openaiServer.js';

const SUITE = 'evals/memory/suite.yaml';

function workspace(): string {
  const dir = tempDir('recall-gate-ws-');
  mkdirSync(join(dir, 'evals'));
  cpSync(join(REPO_ROOT, 'suites/examples/assistant-memory'), join(dir, 'evals/memory'), { recursive: true });
  return dir;
}

function historyCommits(path: string): string[] {
  return readFileSync(path, 'utf8').trimEnd().split('\n').filter(Boolean).map((text) => (JSON.parse(text) as { commit: string }).commit.slice(0, 4));
}

/**
 * The history carried by a baseline folder (the `baseline` input), which
 * loadBaseline reads exactly as it reads a restored cache entry: history.jsonl
 * beside results.json. The round trip through the Actions cache itself is
 * actionCache.test.ts, against the cache stand-in.
 */
describe('the Action carries the history with the baseline', { timeout: 300_000 }, () => {
  let github: GitHubServer;
  let openai: OpenAIServer;
  let baselineDir: string;
  before(async () => {
    openai = await startOpenAIServer({ apiKey: 'sk-test', chat: answerFromMemories });
    github = await startGitHubServer({ owner: 'acme', repo: 'agent', pulls: { 5: [{ filename: 'src/memory/store.ts', status: 'modified' }] } });
    // An earlier run of commit aaaa, kept as the baseline with a history of that one run.
    const cwd = workspace();
    const earlier = await runAction(cwd, { suite: SUITE, 'openai-api-key': 'sk-test', 'openai-base-url': openai.url }, { GITHUB_SHA: 'a'.repeat(40) });
    assert.equal(earlier.code, 0, earlier.log);
    baselineDir = tempDir('recall-gate-baseline-');
    cpSync(join(cwd, 'recall-gate-results', 'assistant-memory'), baselineDir, { recursive: true });
    const history = await runCli(['history', baselineDir, '--out', join(baselineDir, 'history.jsonl')]);
    assert.equal(history.code, 0, history.stderr);
  });
  after(async () => {
    await github.close();
    await openai.close();
  });
  const inputs = () => ({ suite: SUITE, 'openai-api-key': 'sk-test', 'openai-base-url': openai.url, baseline: baselineDir });

  test('a pull request: the comment shows each metric\'s trend with this run last; its results folder has the history, without this run', async () => {
    const cwd = workspace();
    const run = await runOnEvent(cwd, github.url, { name: 'pull_request', payload: { number: 5, pull_request: { number: 5, changed_files: 1 }, repository: { default_branch: 'main' } } }, inputs());
    assert.equal(run.code, 0, run.log);
    const body = github.comments.find((comment) => comment.issueNumber === 5)!.body;
    assert.match(body, /### Trend over the last 2 runs \(this one last\)\n\n- pass rate \(all\) `▄▄` (\d\.\d{3}) → \1 over 2 runs\n/, 'the same scripted answers: a flat trend');
    assert.match(body, /^- pass rate \(knowledge-update\) `▄▄` /m);
    assert.match(body, /^- recall@5 \(ngram-vector\) `▄▄` 0\.\d{3} → 0\.\d{3} over 2 runs$/m);
    assert.ok(body.indexOf('### Trend') > body.indexOf('### Pass rate per ability') && body.indexOf('### Trend') < body.indexOf('### Gate'));
    assert.deepEqual(historyCommits(join(cwd, 'recall-gate-results', 'assistant-memory', 'history.jsonl')), ['aaaa'], 'a PR run is not added');
    const metrics = JSON.parse(run.outputs.metrics!) as Record<string, Record<string, number>>;
    assert.equal(typeof metrics['assistant-memory']!['e2e.ability.knowledge-update.pass_rate'], 'number', 'the metrics output has the abilities too');
  });

  test('a push to the default branch that becomes the baseline appends its line to the history it carries on', async () => {
    const cwd = workspace();
    const run = await runOnEvent(cwd, github.url, { name: 'push', payload: { ref: 'refs/heads/main', before: '0'.repeat(40), after: 'f'.repeat(40), repository: { default_branch: 'main' } } }, inputs());
    assert.equal(run.code, 0, run.log);
    assert.equal(run.outputs['e2e-ran'], 'true');
    assert.deepEqual(historyCommits(join(cwd, 'recall-gate-results', 'assistant-memory', 'history.jsonl')), ['aaaa', 'ffff']);
    assert.match(run.summary, /### Trend over the last 2 runs \(this one last\)/);
  });
});
