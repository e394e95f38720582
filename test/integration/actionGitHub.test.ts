import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runOnEvent as runActionOnEvent, type ActionRun } from '../support/action.js';
import { REPO_ROOT, tempDir } from '../support/cli.js';
import { startGitHubServer, type FileChange, type GitHubServer } from '../support/githubServer.js';
import { answerFromMemories, startOpenAIServer, type OpenAIServer } from '../support/openaiServer.js';

/** A checkout holding the example suite at evals/, as a user's repository would. */
function workspace(): string {
  const dir = tempDir('recall-gate-ws-');
  mkdirSync(join(dir, 'evals'));
  cpSync(join(REPO_ROOT, 'suites/examples/assistant-memory'), join(dir, 'evals/memory'), { recursive: true });
  return dir;
}

const SUITE = 'evals/memory/suite.yaml';

/** The Action on an event, with the example suite. */
function runOnEvent(cwd: string, github: GitHubServer, event: { name: string; payload: object }, inputs: Record<string, string>): Promise<ActionRun> {
  return runActionOnEvent(cwd, github.url, event, { suite: SUITE, ...inputs });
}

const pullRequest = (number: number, extra: object = {}) => ({
  name: 'pull_request',
  payload: { number, pull_request: { number, changed_files: 2, head: { sha: 'f'.repeat(40) } }, repository: { default_branch: 'main' }, ...extra },
});

const memoryChange: FileChange[] = [{ filename: 'src/app.ts' }, { filename: 'src/memory/store.ts', status: 'modified' }];

describe('the Action on pull requests and pushes, against local GitHub and OpenAI servers', { timeout: 300_000 }, () => {
  let github: GitHubServer;
  let openai: OpenAIServer;
  before(async () => {
    openai = await startOpenAIServer({
      apiKey: 'sk-test',
      chat: (request) => {
        const question = request.messages.at(-1)!.content;
        // A hostile answer for one case: it must reach the comment escaped.
        if (/passport/.test(question)) return "I don't know. @octocat <img src=x onerror=alert(1)> | broken | cell";
        return answerFromMemories(request);
      },
    });
    const pulls: Record<number, FileChange[]> = {
      7: memoryChange,
      8: [{ filename: 'README.md' }, { filename: 'docs/usage.md' }],
      9: Array.from({ length: 3000 }, (_, i) => ({ filename: `generated/file-${i}.txt` })),
      11: memoryChange,
      10: Array.from({ length: 250 }, (_, i) => ({ filename: i === 249 ? 'prompts/memory.md' : `lib/file-${i}.ts` })),
    };
    github = await startGitHubServer({ owner: 'acme', repo: 'agent', pulls, compares: { [`${'a'.repeat(40)}...${'f'.repeat(40)}`]: [{ filename: 'README.md' }] } });
  });
  after(async () => {
    await github.close();
    await openai.close();
  });

  const withKey = () => ({ 'openai-api-key': 'sk-test', 'openai-base-url': openai.url });

  test('a PR touching memory runs e2e, writes one sticky comment, and updates the same one next time', async () => {
    const cwd = workspace();
    const first = await runOnEvent(cwd, github, pullRequest(7), withKey());
    assert.equal(first.outputs['e2e-ran'], 'true', first.log);
    const posts = github.apiRequests().filter((r) => r.method === 'POST' && r.path === '/repos/acme/agent/issues/7/comments');
    assert.equal(posts.length, 1);
    const created = github.comments.filter((comment) => comment.issueNumber === 7);
    assert.equal(created.length, 1);
    const body = created[0]!.body;
    assert.match(body, /<!-- recall-gate:suite=assistant-memory -->/);
    assert.match(body, /### Pass rate per ability \(recall, 3 repeats\)/);
    assert.match(body, /### Gate/);
    assert.match(body, /^- src\/memory\/store\.ts$/m, 'the file that triggered e2e is listed, escaped like any other text');
    assert.match(body, /full results: report\.html, results\.json, report\.md, trials\.jsonl(, history\.jsonl)? in the results folder recall-gate-results\/assistant-memory, kept as an artifact of \[this run\]\(https:\/\/github\.example\/acme\/agent\/actions\/runs\/42\)/);
    assert.match(body, /^full report: report\.html in the `recall-gate-results` artifact$/m, 'the artifact-name input, by default');
    assert.ok(existsSync(join(cwd, 'recall-gate-results/assistant-memory/report.html')), 'the folder the workflow uploads holds report.html');
    assert.ok(!body.includes('<img'), 'no HTML from an answer');
    assert.ok(!body.includes('@octocat'), 'no mention from an answer');
    assert.equal(first.outputs['comment-url'], `https://github.com/acme/agent/pull/7#issuecomment-${created[0]!.id}`);
    assert.equal(first.summary.includes('<!-- recall-gate:suite=assistant-memory -->'), true);
    // The scripted model answers the latest memory shown: deterministic, so the verdict is too.
    assert.equal(first.outputs.verdict, 'pass', first.log);
    assert.equal(first.code, 0);
    const metrics = JSON.parse(first.outputs.metrics!) as Record<string, Record<string, number>>;
    assert.equal(typeof metrics['assistant-memory']!['e2e.pass_rate'], 'number');

    const second = await runOnEvent(cwd, github, pullRequest(7), withKey());
    assert.equal(second.code, first.code);
    const patches = github.apiRequests().filter((r) => r.method === 'PATCH' && r.path === `/repos/acme/agent/issues/comments/${created[0]!.id}`);
    assert.equal(patches.length, 1, 'the second run updates the first comment');
    assert.equal(github.comments.filter((comment) => comment.issueNumber === 7).length, 1);
  });

  test('a PR that does not touch memory runs retrieval only and says why', async () => {
    const calls = openai.requests.length;
    const run = await runOnEvent(workspace(), github, pullRequest(8), withKey());
    assert.equal(run.outputs['e2e-ran'], 'false', run.log);
    assert.equal(run.code, 0, run.log);
    const body = github.comments.find((comment) => comment.issueNumber === 8)!.body;
    assert.match(body, /e2e: skipped: no changed file is on the memory path \\\(2 files changed\\\)/);
    assert.match(body, /⏭️/, 'the e2e gates are shown as skipped');
    assert.equal(openai.requests.length, calls, 'no model calls');
  });

  test('changed files are read across pages; at the 3,000-file cap everything runs, and it says so', async () => {
    const paged = await runOnEvent(workspace(), github, pullRequest(10), withKey());
    assert.equal(paged.outputs['e2e-ran'], 'true', 'prompts/memory.md is on page 3');
    const pages = github.apiRequests().filter((r) => r.path === '/repos/acme/agent/pulls/10/files').map((r) => r.query.page ?? '1');
    assert.deepEqual(pages, ['1', '2', '3']);

    const capped = await runOnEvent(workspace(), github, pullRequest(9, { pull_request: { number: 9, changed_files: 3000 } }), withKey());
    assert.equal(capped.outputs['e2e-ran'], 'true');
    assert.match(github.comments.find((comment) => comment.issueNumber === 9)!.body, /3,000 or more files/);
  });

  test('a fork PR: no secrets means e2e is skipped plainly; the read-only token cannot comment, which is a warning, and the summary has the report', async () => {
    github.readOnly = true;
    try {
      const run = await runOnEvent(workspace(), github, pullRequest(7), {});
      assert.equal(run.outputs['e2e-ran'], 'false');
      assert.match(run.log, /::notice::recall-gate: assistant-memory: 1 changed file on the memory path, but no API key is available \(OPENAI_API_KEY unset; a fork's pull request gets no secrets\)/);
      assert.match(run.log, /::warning::recall-gate: the PR comment was not written: .*pull-requests: write/);
      assert.match(run.summary, /## ✅ recall-gate: assistant-memory passed/);
      assert.equal(run.code, 0);
    } finally {
      github.readOnly = false;
    }
  });

  test("GitHub's API down when the comment is written: a warning naming the comment and the status, the verdict and the exit code the run's own", async () => {
    github.commentsDown = true;
    try {
      const run = await runOnEvent(workspace(), github, pullRequest(8), {});
      assert.match(run.log, /::warning::recall-gate: the PR comment was not written: GitHub answered HTTP 502 \(Server Error\).*\(the job summary has the report\)/);
      assert.equal(run.outputs.verdict, 'pass');
      assert.match(run.summary, /## ✅ recall-gate: assistant-memory passed/);
      assert.equal(run.code, 0, run.log);
    } finally {
      github.commentsDown = false;
    }
  });

  test('a push with an all-zero before runs everything; a push with a base compares', async () => {
    const newBranch = await runOnEvent(workspace(), github, { name: 'push', payload: { ref: 'refs/heads/feature', before: '0'.repeat(40), after: 'f'.repeat(40), repository: { default_branch: 'main' } } }, withKey());
    assert.equal(newBranch.outputs['e2e-ran'], 'true');
    const compared = await runOnEvent(workspace(), github, { name: 'push', payload: { ref: 'refs/heads/feature', before: 'a'.repeat(40), after: 'f'.repeat(40), repository: { default_branch: 'main' } } }, withKey());
    assert.equal(compared.outputs['e2e-ran'], 'false', compared.log);
    assert.ok(github.apiRequests().some((r) => r.path === `/repos/acme/agent/compare/${'a'.repeat(40)}...${'f'.repeat(40)}`));
  });

  test('with a baseline the comment shows the change and the regression conditions are evaluated', async () => {
    const cwd = workspace();
    await runOnEvent(cwd, github, pullRequest(11), withKey());
    const baselineDir = join(cwd, '..', `baseline-${Math.random().toString(36).slice(2)}`);
    cpSync(join(cwd, 'recall-gate-results', 'assistant-memory'), baselineDir, { recursive: true });
    const run = await runOnEvent(cwd, github, pullRequest(11), { ...withKey(), baseline: baselineDir });
    assert.equal(run.code, 0, run.log);
    const body = github.comments.find((comment) => comment.issueNumber === 11)!.body;
    assert.match(body, /Δ vs base/);
    assert.match(body, /Baseline: results in /);
    assert.match(body, /retrieval\.ngram-vector\.mrr.*\| ±0 \[/, 'the mrr row shows a change of zero with its interval');
  });

  test('workflow_dispatch runs everything; a failing gate fails the job with annotations at the suite lines', async () => {
    const cwd = workspace();
    const suite = join(cwd, SUITE);
    writeFileSync(suite, readFileSync(suite, 'utf8').replace('{ metric: e2e.pass_rate, op: gte, value: 0.8 }', '{ metric: e2e.pass_rate, op: gte, value: 0.99 }'));
    const run = await runOnEvent(cwd, github, { name: 'workflow_dispatch', payload: { repository: { default_branch: 'main' } } }, withKey());
    assert.equal(run.outputs['e2e-ran'], 'true');
    assert.equal(run.outputs.verdict, 'fail', run.log);
    assert.equal(run.code, 1);
    assert.match(run.log, /::error file=evals\/memory\/suite\.yaml,line=\d+,col=\d+::gate failed: e2e\.pass_rate >= 0\.99/);
    assert.match(run.log, /::error::recall-gate: the gate failed for assistant-memory/);
    const annotations = run.log.split('\n').filter((line) => line.startsWith('::error file='));
    assert.ok(annotations.length <= 10, `${annotations.length} error annotations`);
  });
});
