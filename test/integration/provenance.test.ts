import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { platform } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { provenanceChanges } from '../../src/gate/provenanceChanges.js';
import type { Provenance } from '../../src/model/provenance.js';
import { renderComment } from '../../src/report/comment.js';
import { readResults } from '../../src/results/folder.js';
import { REPO_ROOT, runCli, tempDir } from '../support/cli.js';
import { answerFromMemories, startOpenAIServer, type OpenAIServer } from '../support/openaiServer.js';

/**
 * Provenance end to end: the built CLI runs a suite kept in a git repository
 * against a local OpenAI-compatible server that answers with dated model ids;
 * results.json records what the run was made of, and compare, run --baseline
 * (terminal and report.md) and the comment name what differs.
 */

const KEY = 'sk-provenance-test-key-0123456789';
const VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** Seven cases whose probe shares a word with what was planted (the scripted model finds it), three that do not. */
const FACTS = [
  ['locker', 'My locker number is 41.', 'What is my locker number?', '41'],
  ['car', 'My car is a green Fiat.', 'What colour is my car?', 'green'],
  ['dentist', 'The dentist appointment is on Friday.', 'When is the dentist appointment?', 'Friday'],
  ['wifi', 'The wifi password is tulip88.', 'What is the wifi password?', 'tulip88'],
  ['sister', 'My sister lives in Porto.', 'Where does my sister live?', 'Porto'],
  ['coffee', 'I take my coffee black.', 'How do I take my coffee?', 'black'],
  ['gym', 'The gym opens at six.', 'When does the gym open?', 'six'],
  ['garage', 'The garage door opens with 5512.', 'How do I get in?', '5512'],
  ['plant', 'Water the fern every Sunday.', 'Anything to remember this weekend?', 'Sunday'],
  ['passport', 'Passport expires in March.', 'Should I renew something?', 'March'],
] as const;

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.email=test@example.com', '-c', 'user.name=test', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, encoding: 'utf8' }).trim();
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

function suiteYaml(url: string, judgeModel: string): string {
  return `name: provenance
retrieval:
  providers:
    - { name: keyword, kind: keyword }
    - { name: vec, kind: vector, embedding: { kind: openai, model: text-embedding-3-small, base_url: "${url}" } }
  memories: memories.jsonl
  queries: queries.yaml
e2e:
  target:
    kind: builtin
    model: gpt-4o
    base_url: "${url}"
    system_prompt: prompts/system.md
    memory: { provider: keyword }
  judge: { model: ${judgeModel}, base_url: "${url}" }
  repeat: 1
  conditions: [recall]
  cases: cases.yaml
gate:
  all:
    - { metric: e2e.pass_rate, max_drop: 0.05 }
    - { metric: retrieval.keyword.recall@1, op: gte, value: 0 }
`;
}

describe('provenance: what a run was made of, and what differs between two', { timeout: 300_000 }, () => {
  let server: OpenAIServer;
  const repo = tempDir('recall-gate-provenance-');
  const suite = join(repo, 'evals', 'suite.yaml');
  const [a, b, c] = [tempDir(), tempDir(), tempDir()];
  const outputs: Record<string, { code: number | null; stdout: string; stderr: string }> = {};
  const commits: string[] = [];
  const run = (out: string, ...extra: string[]) => runCli(['run', suite, '--layer', 'all', '--out', out, ...extra], { env: { OPENAI_API_KEY: KEY }, cwd: repo });

  before(async () => {
    // A judge request asks for JSON: a whole score; everything else is the model that answers from the memories it was shown.
    server = await startOpenAIServer({
      chat: (request) => (request.response_format?.type === 'json_object' ? '{"score": 5, "reason": "polite"}' : answerFromMemories(request)),
      answeredModel: (requested) => `${requested}-2024-08-06`,
    });
    const dir = join(repo, 'evals');
    mkdirSync(join(dir, 'prompts'), { recursive: true });
    writeFileSync(suite, suiteYaml(server.url, 'gpt-4o'));
    writeFileSync(join(dir, 'memories.jsonl'), FACTS.map(([id, text]) => JSON.stringify({ id, text })).join('\n') + '\n');
    writeFileSync(join(dir, 'queries.yaml'), FACTS.slice(0, 3).map(([id, , question]) => `- { id: q-${id}, text: "${question}", relevant: [${id}] }`).join('\n') + '\n');
    writeFileSync(
      join(dir, 'cases.yaml'),
      FACTS.map(
        ([id, told, asked, expected], index) =>
          `- name: ${id}\n  ability: recall\n  sessions: [{ user: "${told}" }]\n  probe: { text: "${asked}" }\n  check: { icontains: "${expected}" }\n${index === 0 ? '  graders: { polite: { judge: { rubric: prompts/rubric.md, scale: [1, 5] }, min: 1 } }\n' : ''}`,
      ).join('\n'),
    );
    writeFileSync(join(dir, 'prompts', 'system.md'), 'You are a helpful assistant with a memory.\n');
    writeFileSync(join(dir, 'prompts', 'rubric.md'), 'Is the answer polite?\n');
    git(repo, 'init', '-q');
    git(repo, 'add', '.');
    git(repo, 'commit', '-qm', 'suite');
    commits.push(git(repo, 'rev-parse', 'HEAD'));

    outputs.a = await run(a);
    // b: the system prompt edited and not committed.
    writeFileSync(join(dir, 'prompts', 'system.md'), 'You are a terse assistant with a memory.\n');
    outputs.b = await run(b);
    // c: that edit committed with a cheaper judge, run against a.
    writeFileSync(suite, suiteYaml(server.url, 'gpt-4o-mini'));
    git(repo, 'commit', '-qam', 'terse prompt, cheaper judge');
    commits.push(git(repo, 'rev-parse', 'HEAD'));
    outputs.c = await run(c, '--baseline', a);
  });
  after(async () => server?.close());

  test('10 cases x 1 repeat with max_drop 0.05: the gate row shows its mde and says underpowered, and still decides', () => {
    const { code, stdout, stderr } = outputs.a!;
    assert.equal(code, 0, stdout + stderr);
    assert.match(stdout, /^all\[0\]\s+e2e\.pass_rate\s+drop <= 0\.05\s+0\.\d{3} !\s+0\.700\s+-\s+-\s+-\s+not evaluated$/m);
    assert.match(stdout, /underpowered: mde 0\.\d{3} is above max_drop 0\.05 \(10 cases x 1 repeat\); about \d+ cases at 1 repeat would bring it to 0\.05/);
  });

  test('results.json records versions, the commit, every file the suite reads, each model with the id it was answered with, and the judge instructions', () => {
    const provenance = readResults(a, repo).provenance as Provenance;
    assert.equal(provenance.recall_gate, VERSION);
    assert.equal(provenance.node, process.versions.node);
    assert.equal(provenance.os.platform, platform());
    assert.deepEqual(provenance.git, { commit: commits[0], dirty: false });
    const dir = join(repo, 'evals');
    assert.deepEqual(provenance.files, {
      // The suite as run a read it (c changed its judge model since).
      'suite.yaml': createHash('sha256').update(suiteYaml(server.url, 'gpt-4o')).digest('hex'),
      'memories.jsonl': sha256(join(dir, 'memories.jsonl')),
      'queries.yaml': sha256(join(dir, 'queries.yaml')),
      'cases.yaml': sha256(join(dir, 'cases.yaml')),
      'prompts/system.md': createHash('sha256').update('You are a helpful assistant with a memory.\n').digest('hex'),
      'prompts/rubric.md': sha256(join(dir, 'prompts', 'rubric.md')),
    });
    assert.deepEqual(
      provenance.models.map((model) => [model.role, model.where, model.requested, model.answered, model.endpoint]),
      [
        ['chat', 'e2e.target', 'gpt-4o', ['gpt-4o-2024-08-06'], server.url],
        ['judge', 'e2e.judge', 'gpt-4o', ['gpt-4o-2024-08-06'], server.url],
        ['embeddings', 'provider vec', 'text-embedding-3-small', ['text-embedding-3-small-2024-08-06'], server.url],
      ],
    );
    assert.match(provenance.judge_prompt_sha256!, /^[0-9a-f]{64}$/);
    assert.deepEqual(provenance.adapters, []);
    assert.ok(!readFileSync(join(a, 'results.json'), 'utf8').includes(KEY), 'the API key is nowhere in results.json');
  });

  test('compare names the prompt edited between two runs, and the uncommitted change', async () => {
    assert.deepEqual(readResults(b, repo).provenance!.git, { commit: commits[0], dirty: true });
    const text = await runCli(['compare', a, b, '--suite', suite], { cwd: repo });
    assert.ok(text.code === 0 || text.code === 1, text.stderr);
    assert.match(text.stdout, /^what differs from the baseline:\n {2}- this run has uncommitted changes to tracked files\n {2}- prompts\/system\.md changed\n/m);
    const json = await runCli(['compare', a, b, '--suite', suite, '--json'], { cwd: repo });
    assert.deepEqual((JSON.parse(json.stdout) as { provenance_changes: unknown }).provenance_changes, { changes: ['this run has uncommitted changes to tracked files', 'prompts/system.md changed'] });
  });

  test('run --baseline says what differs, in the terminal and report.md: the commit, the files, the judge model', () => {
    const { stdout, stderr, code } = outputs.c!;
    assert.ok(code === 0 || code === 1, stdout + stderr);
    const expected = [`commit ${commits[0]!.slice(0, 12)} -> ${commits[1]!.slice(0, 12)}`, 'suite.yaml changed', 'prompts/system.md changed', 'judge model gpt-4o -> gpt-4o-mini'];
    assert.deepEqual(provenanceChanges(readResults(a, repo), readResults(c, repo)).changes, expected);
    assert.ok(stdout.includes(`what differs from the baseline:\n${expected.map((line) => `  - ${line}`).join('\n')}\n`), stdout);
    const report = readFileSync(join(c, 'report.md'), 'utf8');
    // Commit ids are cut by zero-width spaces in markdown, as every hex run is (no auto-link to a commit of another repository).
    assert.match(report, /### What differs from the baseline\n\n- commit [0-9a-f\u200b]{12,16} -&gt; [0-9a-f\u200b]{12,16}\n- suite\.yaml changed\n- prompts\/system\.md changed\n/);
    assert.match(report, /- judge model gpt-4o -&gt; gpt-4o-mini/);
  });

  test("the Action's comment says what differs against its baseline", () => {
    const body = renderComment({ marker: '<!-- m -->', results: readResults(c, repo), baseline: readResults(a, repo), baselineNote: 'main', e2eTrigger: { ran: true, reason: 'test', files: [] } });
    assert.match(body, /### What differs from the baseline\n\n- commit [0-9a-f\u200b]{12,16} -&gt; [0-9a-f\u200b]{12,16}\n- suite\.yaml changed\n- prompts\/system\.md changed\n- judge model gpt-4o -&gt; gpt-4o-mini\n/);
  });
});
