import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runOnEvent, type ActionRun } from '../support/action.js';
import { startCacheServer, type CacheServer, type RecordedCacheRequest } from '../support/cacheServer.js';
import { REPO_ROOT, tempDir } from '../support/cli.js';
import { startGitHubServer, type GitHubServer } from '../support/githubServer.js';
import { answerFromMemories, startOpenAIServer, type OpenAIServer } from '../support/openaiServer.js';

const SUITE = 'evals/memory/suite.yaml';
const BASELINE_PREFIX = 'recall-gate-baseline-v1-assistant-memory-';
const MAIN = { repository: { default_branch: 'main' } };

/**
 * A hosted runner as each job finds it: the same paths every time (the cache
 * version hashes them, and tar stores them relative to the workspace), but
 * nothing left from the last job. Only the cache service carries anything over.
 */
class Runner {
  readonly root = tempDir('recall-gate-runner-root-');
  readonly workspace = join(this.root, 'work', 'agent', 'agent');
  readonly temp = join(this.root, 'work', '_temp');
  readonly cacheHome = join(this.root, 'home', '.cache', 'recall-gate');

  /** A fresh job's folders: the checkout (the example suite, one trial per condition) and empty temp and cache folders. */
  freshJob(): void {
    for (const dir of [this.workspace, this.temp, this.cacheHome]) {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
    }
    cpSync(join(REPO_ROOT, 'suites/examples/assistant-memory'), join(this.workspace, 'evals/memory'), { recursive: true });
    const suitePath = join(this.workspace, SUITE);
    writeFileSync(suitePath, readFileSync(suitePath, 'utf8').replace(/^ {2}repeat: 3$/m, '  repeat: 1'));
  }

  results(name: string): string {
    return readFileSync(join(this.workspace, 'recall-gate-results', 'assistant-memory', name), 'utf8');
  }
}

function historyCommits(text: string): string[] {
  return text.trimEnd().split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { commit: string }).commit.slice(0, 4));
}

/** The reserve, upload and commit calls that saved `key`, in order. */
function savesOf(requests: readonly RecordedCacheRequest[], key: string): { reserve?: RecordedCacheRequest; uploads: RecordedCacheRequest[]; commit?: RecordedCacheRequest } {
  const reserve = requests.find((r) => r.method === 'POST' && r.resource === 'caches' && (r.body as { key?: string }).key === key);
  const cacheId = (reserve?.response as { cacheId?: number } | undefined)?.cacheId;
  const mine = (r: RecordedCacheRequest) => cacheId !== undefined && r.resource === `caches/${cacheId}`;
  return { reserve, uploads: requests.filter((r) => mine(r) && r.method === 'PATCH'), commit: requests.find((r) => mine(r) && r.method === 'POST') };
}

/**
 * The baseline and the history travel between jobs through the Actions cache,
 * as @actions/cache 6.3.0 really saves and restores them (tar and zstd, protocol
 * v1) against a local stand-in of the cache service.
 */
describe('the Action keeps the baseline and the history in the Actions cache', { timeout: 600_000 }, () => {
  let cache: CacheServer;
  let github: GitHubServer;
  let openai: OpenAIServer;
  const runner = new Runner();
  before(async () => {
    cache = await startCacheServer();
    openai = await startOpenAIServer({ apiKey: 'sk-test', chat: answerFromMemories });
    github = await startGitHubServer({ owner: 'acme', repo: 'agent', pulls: { 7: [{ filename: 'src/memory/store.ts', status: 'modified' }] } });
  });
  after(async () => {
    await Promise.all([cache.close(), github.close(), openai.close()]);
  });

  /** One job on a fresh runner; returns the run and the cache calls it made. */
  async function job(event: { name: string; payload: object }, sha: string, runId: string, attempt = '1'): Promise<{ run: ActionRun; calls: RecordedCacheRequest[] }> {
    runner.freshJob();
    const first = cache.requests.length;
    const run = await runOnEvent(runner.workspace, github.url, event, { suite: SUITE, 'openai-api-key': 'sk-test', 'openai-base-url': openai.url }, {
      ...cache.env(),
      RUNNER_TEMP: runner.temp,
      RECALL_GATE_CACHE_DIR: runner.cacheHome,
      GITHUB_SHA: sha,
      GITHUB_RUN_ID: runId,
      GITHUB_RUN_ATTEMPT: attempt,
      GITHUB_REF: event.name === 'push' ? 'refs/heads/main' : 'refs/pull/7/merge',
    });
    assert.equal(run.code, 0, run.log);
    // A taken key is the one cache message a job may show (the re-run below): the toolkit warns "Unable to reserve cache".
    assert.doesNotMatch(run.log, /::warning::(?!Failed to save: Unable to reserve cache).*cache|Failed to restore/i, 'no cache trouble');
    return { run, calls: cache.requests.slice(first) };
  }
  const push = (sha: string) => ({ name: 'push', payload: { ref: 'refs/heads/main', before: '0'.repeat(40), after: sha, ...MAIN } });

  test('a first push to the default branch finds no baseline, then saves its results and a one-line history', async () => {
    const sha = 'a'.repeat(40);
    const { run, calls } = await job(push(sha), sha, '101');
    const lookup = calls.find((r) => r.resource === 'cache' && r.query.keys === `${BASELINE_PREFIX}latest,${BASELINE_PREFIX}`);
    assert.equal(lookup?.status, 204, 'the baseline was looked up by its prefix and not found');
    assert.match(run.summary, /Baseline: none yet: a push to the default branch saves one\./);
    const saved = savesOf(calls, `${BASELINE_PREFIX}${sha}`);
    assert.equal(saved.reserve?.status, 201, 'reserved');
    assert.ok(saved.uploads.length >= 1 && saved.uploads.every((r) => r.status === 204 && /^bytes 0-\d+\/\*$/.test(r.contentRange ?? '')), 'uploaded');
    assert.equal(saved.commit?.status, 204, 'committed');
    const entry = cache.entries.find((e) => e.key === `${BASELINE_PREFIX}${sha}`)!;
    assert.ok(entry.committed && entry.size > 0 && (saved.commit!.body as { size: number }).size === entry.size);
    assert.deepEqual(historyCommits(runner.results('history.jsonl')), ['aaaa']);
  });

  test('a second push restores that baseline on a fresh runner and appends itself to the history it saves', async () => {
    const sha = 'b'.repeat(40);
    const { run, calls } = await job(push(sha), sha, '102');
    const lookup = calls.find((r) => r.resource === 'cache' && r.query.keys?.startsWith(`${BASELINE_PREFIX}latest`));
    assert.equal(lookup?.status, 200);
    assert.ok(calls.some((r) => r.resource.startsWith('archives/') && r.status === 200), 'the archive was downloaded');
    assert.match(run.summary, /Baseline: the default branch at aaaaaaa\./);
    assert.deepEqual(historyCommits(runner.results('history.jsonl')), ['aaaa', 'bbbb']);
    assert.equal(savesOf(calls, `${BASELINE_PREFIX}${sha}`).commit?.status, 204, 'the new baseline is saved under its own key');
    assert.match(run.summary, /### Trend over the last 2 runs \(this one last\)/);
    const embeddings = calls.find((r) => r.resource === 'cache' && r.query.keys?.startsWith('recall-gate-embeddings-'));
    assert.equal((embeddings?.response as { cacheKey?: string } | undefined)?.cacheKey, 'recall-gate-embeddings-v1-linux-assistant-memory-' + /-([0-9a-f]{16})-/.exec(embeddings!.query.keys!)![1] + '-101-1', 'the first run\'s embeddings, restored by prefix');
    assert.ok(!calls.some((r) => r.resource === 'caches' && (r.body as { key: string }).key.startsWith('recall-gate-embeddings-')), 'nothing new embedded: no embeddings saved');
  });

  test('a pull request restores the newest baseline and the trend over the earlier runs, and saves no baseline', async () => {
    const sha = 'c'.repeat(40);
    const { calls } = await job({ name: 'pull_request', payload: { number: 7, pull_request: { number: 7, changed_files: 1 }, ...MAIN } }, sha, '103');
    const body = github.comments.find((comment) => comment.issueNumber === 7)!.body;
    assert.match(body, /Baseline: the default branch at bbbbbbb\./, 'the newest of the two baselines, by prefix');
    assert.match(body, /### Trend over the last 3 runs \(this one last\)\n\n- pass rate \(all\) `▄▄▄` (\d\.\d{3}) → \1 over 3 runs\n/, 'the same scripted answers: a flat trend');
    assert.match(body, /^- recall@5 \(ngram-vector\) `▄▄▄` /m);
    assert.deepEqual(historyCommits(runner.results('history.jsonl')), ['aaaa', 'bbbb'], 'a PR run is not added');
    assert.deepEqual(calls.filter((r) => r.method === 'POST' && r.resource === 'caches' && (r.body as { key: string }).key.startsWith(BASELINE_PREFIX)), [], 'no baseline reserved');
    assert.deepEqual(cache.entries.filter((e) => e.key.startsWith(BASELINE_PREFIX)).map((e) => e.key.slice(BASELINE_PREFIX.length, BASELINE_PREFIX.length + 4)), ['aaaa', 'bbbb']);
  });

  test('a re-run of a pushed commit cannot replace its baseline (entries are immutable) and does not claim it did', async () => {
    const sha = 'b'.repeat(40);
    const { run, calls } = await job(push(sha), sha, '102', '2');
    assert.equal(savesOf(calls, `${BASELINE_PREFIX}${sha}`).reserve?.status, 409);
    assert.match(run.log, /::warning::Failed to save: Unable to reserve cache with key recall-gate-baseline-v1-assistant-memory-b{40}, another job may be creating this cache/);
    assert.match(run.log, new RegExp(`not saved as the baseline: the cache kept no entry ${BASELINE_PREFIX}${sha}`));
    assert.doesNotMatch(run.log, /saved these results as the baseline/);
    assert.equal(cache.entries.filter((e) => e.key.startsWith(BASELINE_PREFIX)).length, 2);
  });
});
