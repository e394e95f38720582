import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runOnEvent, type ActionRun } from '../support/action.js';
import { tempDir } from '../support/cli.js';
import { startGitHubServer, type GitHubServer } from '../support/githubServer.js';
import { startOpenAIServer, type OpenAIServer } from '../support/openaiServer.js';

/** A retrieval-only suite whose gate has `conditions` rows, so its report is long (each row ~150 bytes). */
function retrievalSuite(name: string, conditions: number): string {
  const gate = Array.from({ length: conditions }, (_, i) => `    - { metric: retrieval.keyword.recall@1, op: gte, value: ${(i % 10) / 100} }`).join('\n');
  return `name: ${name}
retrieval:
  k: [1]
  providers:
    - { name: keyword, kind: keyword }
  memories:
    - { id: tea, text: I like tea. }
    - { id: coffee, text: I hate coffee. }
  queries:
    - { text: What do I like to drink?, relevant: [tea] }
gate:
  all:
${gate}
`;
}

function writeSuites(files: Record<string, string>): string {
  const dir = tempDir('recall-gate-ws-');
  mkdirSync(join(dir, 'evals'));
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, 'evals', path), text);
  return dir;
}

function onPullRequest(cwd: string, github: GitHubServer, inputs: Record<string, string>): Promise<ActionRun> {
  const payload = { number: 5, pull_request: { number: 5, changed_files: 1, head: { sha: 'f'.repeat(40) } }, repository: { default_branch: 'main' } };
  return runOnEvent(cwd, github.url, { name: 'pull_request', payload }, { baseline: 'none', ...inputs });
}

describe('the Action with several suites, against a local GitHub server', { timeout: 300_000 }, () => {
  let github: GitHubServer;
  let openai: OpenAIServer;
  before(async () => {
    github = await startGitHubServer({ owner: 'acme', repo: 'agent', pulls: { 5: [{ filename: 'src/app.ts' }] } });
    openai = await startOpenAIServer({ apiKey: 'sk-test', chat: () => 'No idea, sorry.' });
  });
  after(async () => {
    await github.close();
    await openai.close();
  });

  test('22 suites with long reports share the 1 MiB job summary: every suite keeps its verdict and gate, and says where the full results are', async () => {
    const files = Object.fromEntries(Array.from({ length: 22 }, (_, i) => [`suite-${i}.yaml`, retrievalSuite(`suite-${i}`, 1000)]));
    const run = await onPullRequest(writeSuites(files), github, { suite: 'evals/*.yaml' });
    assert.equal(run.code, 0, run.log);
    const bytes = Buffer.byteLength(run.summary);
    assert.ok(bytes <= 1024 * 1024, `${bytes} bytes of job summary`);
    const partOf = (name: string) => run.summary.split(`<!-- recall-gate:suite=${name} -->`)[1]?.split('<!-- recall-gate:suite=')[0] ?? '';
    for (let i = 0; i < 22; i++) {
      const part = partOf(`suite-${i}`);
      assert.match(part, new RegExp(`^\\n## ✅ recall-gate: suite-${i} passed\\n`), `suite-${i}'s verdict`);
      assert.match(part, /### Gate\n/, `suite-${i}'s gate`);
      assert.match(part, /… and \d+ more conditions?, (?:none of them failed|passed or not evaluated)/, `suite-${i}'s gate is cut by rows, and says so`);
      assert.match(part, new RegExp(`full results: report\\.html, results\\.json, report\\.md, history\\.jsonl in the results folder recall-gate-results/suite-${i}, kept as an artifact of \\[this run\\]\\(https://github\\.example/acme/agent/actions/runs/42\\)`));
    }
    assert.doesNotMatch(run.summary, /job summary and results\.json have everything/);
    // Each comment has its own 65,536-character room, more than a 22nd of the summary.
    // The suites run in file order: suite-9 is the last, and still gets its share.
    const comment = github.comments.find((c) => c.issueNumber === 5 && c.body.includes('suite=suite-9 '))!.body;
    assert.ok(comment.length < 65_536);
    const rows = (text: string) => text.split('\n').filter((line) => line.startsWith('| ✅ | retrieval.keyword.recall@')).length;
    const summaryPart = partOf('suite-9');
    assert.ok(rows(comment) > rows(summaryPart), `comment ${rows(comment)} rows, summary ${rows(summaryPart)} rows`);
  });

  test('two suites with one name: the run stops before anything runs, naming both name: positions, and posts nothing', async () => {
    const before = github.apiRequests().length;
    const cwd = writeSuites({ 'a.yaml': retrievalSuite('memory', 1), 'b.yaml': `# the same suite, copied\n\n${retrievalSuite('memory', 1)}` });
    const run = await onPullRequest(cwd, github, { suite: 'evals/a.yaml\nevals/b.yaml' });
    assert.equal(run.code, 1, run.log);
    assert.match(run.log, /::error file=evals\/a\.yaml,line=1,col=1::suite name "memory" is also used at evals\/b\.yaml:3:1/);
    assert.match(run.log, /::error file=evals\/b\.yaml,line=3,col=1::suite name "memory" is also used at evals\/a\.yaml:1:1/);
    assert.match(run.log, /::error::recall-gate: 2 suites in this run share a name, so nothing was run/);
    assert.equal(github.apiRequests().length, before, 'no call to GitHub: no comment, no changed files');
    assert.equal(run.summary, '');
    assert.equal(run.outputs.verdict, undefined);
  });

  test('a failing case gets one annotation per condition, with how many of its k trials failed', async () => {
    const suite = `name: annotated
retrieval:
  providers: [{ name: kw, kind: keyword }]
  memories: [{ id: m1, text: I like tea. }]
  queries: [{ text: What do I drink?, relevant: [m1] }]
e2e:
  target: { kind: builtin, model: m, memory: { provider: kw, max_results: 3 } }
  repeat: 3
  conditions: [recall]
  cases:
    - { name: allergy, ability: extraction, sessions: [{ user: "I am allergic to shellfish." }], probe: { text: "What should I avoid?" }, check: { icontains: shellfish } }
    - { name: pet, ability: extraction, sessions: [{ user: "My dog is called Rex." }], probe: { text: "What is my dog called?" }, check: { icontains: rex } }
`;
    const run = await onPullRequest(writeSuites({ 'suite.yaml': suite }), github, { suite: 'evals/suite.yaml', layer: 'all', 'openai-api-key': 'sk-test', 'openai-base-url': openai.url, comment: 'false' });
    const annotations = run.log.split('\n').filter((line) => line.startsWith('::error file=evals/suite.yaml'));
    assert.deepEqual(
      annotations.map((line) => line.replace(/line=\d+,col=\d+/, 'at')),
      [
        '::error file=evals/suite.yaml,at::allergy (extraction) failed in 3 of 3 trials under recall: does not contain "shellfish" (ignoring case)',
        '::error file=evals/suite.yaml,at::pet (extraction) failed in 3 of 3 trials under recall: does not contain "rex" (ignoring case)',
      ],
      run.log,
    );
  });
});
