import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { GIT_PENDING, provenanceChanges } from '../src/gate/provenanceChanges.js';
import type { Provenance } from '../src/model/provenance.js';
import type { Suite } from '../src/model/suite.js';
import { provenanceMarkdown, provenanceText } from '../src/report/provenanceLines.js';
import { caseSpec } from './support/gateFixtures.js';
import type { CaseSpec } from '../src/model/e2e.js';
import type { GraderSpec } from '../src/model/graders.js';
import { carryAnswers, collectProvenance, gitState, mergedProvenance, scrubCommand } from '../src/results/provenance.js';
import { registerSecret } from '../src/secrets.js';

const WHERE = { file: 'suite.yaml', line: 1, col: 1 };
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.email=test@example.com', '-c', 'user.name=test', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, encoding: 'utf8' }).trim();
}

function provenance(parts: Partial<Provenance> = {}): Provenance {
  return {
    recall_gate: '0.1.0',
    node: '20.19.0',
    os: { platform: 'linux', release: '6.1', arch: 'x64' },
    git: { commit: 'a'.repeat(40), dirty: false },
    files: { 'suite.yaml': sha256('suite'), 'prompts/system.md': sha256('be kind') },
    models: [{ role: 'chat', where: 'e2e.target', requested: 'gpt-4o', answered: ['gpt-4o-2024-05-13'], endpoint: 'https://api.openai.com/v1' }],
    adapters: [],
    ...parts,
  };
}

describe('adapter commands are scrubbed before provenance keeps them', () => {
  test('values of secret-looking options and variables, registered secrets and URL credentials become ***', () => {
    registerSecret('registered-secret-value-42');
    assert.deepEqual(
      scrubCommand(['node', 'adapter.mjs', '--api-key', 'sk-live-abcdef123456', '--token=xyz123456789', 'OPENAI_API_KEY=abc', 'https://user:pw@example.com/v1?token=abc', '--model', 'gpt-4o', '--header=registered-secret-value-42']),
      ['node', 'adapter.mjs', '--api-key', '***', '--token=***', 'OPENAI_API_KEY=***', 'https://***@example.com/v1?***', '--model', 'gpt-4o', '--header=***'],
    );
  });

  test('inside an argument too: a URL after an option, a shell string, an Authorization header', () => {
    const cases: [string[], string[]][] = [
      [['node', 'a.js', '--db=postgres://u:hunter2@db/x'], ['node', 'a.js', '--db=postgres://***@db/x']],
      [['node', 'a.js', '--url=https://u:pw@h/x', '--plain=https://h/x'], ['node', 'a.js', '--url=https://***@h/x', '--plain=https://h/x']],
      [['sh', '-c', 'node agent.js --token abc123 --model gpt-4o'], ['sh', '-c', 'node agent.js --token *** --model gpt-4o']],
      [['sh', '-c', 'OPENAI_API_KEY=sk-live123 node agent.js'], ['sh', '-c', 'OPENAI_API_KEY=*** node agent.js']],
      [['curl', '-H', 'Authorization: Bearer sk-abc', '-H', 'Accept: text/plain'], ['curl', '-H', 'Authorization: Bearer ***', '-H', 'Accept: text/plain']],
      [['curl', '-H', 'authorization:abc'], ['curl', '-H', 'authorization:***']],
    ];
    for (const [command, scrubbed] of cases) assert.deepEqual(scrubCommand(command), scrubbed, command.join(' '));
  });
});

describe('git: the commit and the dirty flag, or "unknown" with why', () => {
  test('a repository: HEAD, clean; a tracked file edited: dirty; an untracked file does not count', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'recall-gate-git-'));
    writeFileSync(join(repo, 'suite.yaml'), 'name: x\n');
    git(repo, 'init', '-q');
    git(repo, 'add', '.');
    git(repo, 'commit', '-qm', 'one');
    const head = git(repo, 'rev-parse', 'HEAD');
    writeFileSync(join(repo, 'untracked.txt'), 'results\n');
    assert.deepEqual(await gitState(repo), { commit: head, dirty: false });
    writeFileSync(join(repo, 'suite.yaml'), 'name: y\n');
    assert.equal((await gitState(repo)).dirty, true);
  });

  test('outside any repository, or with no git on PATH: unknown, never an error', async () => {
    const alone = mkdtempSync(join(tmpdir(), 'recall-gate-nogit-'));
    assert.deepEqual(await gitState(alone), { commit: 'unknown', note: 'the suite is not in a git repository' });
    const path = process.env.PATH;
    process.env.PATH = alone;
    try {
      assert.deepEqual(await gitState(alone), { commit: 'unknown', note: 'git is not installed (not on PATH)' });
    } finally {
      process.env.PATH = path;
    }
  });
});

describe('git beside the run', () => {
  test('a git that has not answered yet holds up nothing: files and lockfiles are read at the call, git says it is pending until it answers', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'recall-gate-slowgit-'));
    writeFileSync(join(repo, 'suite.yaml'), 'name: x\n');
    writeFileSync(join(repo, 'uv.lock'), 'version = 1\n');
    git(repo, 'init', '-q');
    git(repo, 'add', '.');
    git(repo, 'commit', '-qm', 'one');
    const head = git(repo, 'rev-parse', 'HEAD');
    // A git that waits for a file this test writes only after collectProvenance has returned: a git run
    // synchronously would block the call until GIT_TIMEOUT_MS and record the commit as unknown.
    const bin = mkdtempSync(join(tmpdir(), 'recall-gate-slowgit-bin-'));
    const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    const flag = join(bin, 'answer-now');
    writeFileSync(join(bin, 'git'), `#!/bin/sh\nwhile [ ! -e '${flag}' ]; do sleep 0.02; done\nexec '${real}' "$@"\n`, { mode: 0o755 });
    const suite: Suite = {
      name: 'x',
      file: join(repo, 'suite.yaml'),
      displayPath: 'suite.yaml',
      memoryPaths: [],
      files: [join(repo, 'suite.yaml')],
      e2e: { target: { kind: 'command', command: ['python3', 'agent.py'], cwd: repo, timeout_ms: 1000 }, repeat: 1, conditions: ['recall'], concurrency: 1, prices: {}, cases: [] },
    };
    const path = process.env.PATH;
    process.env.PATH = `${bin}:${path}`;
    let collected: ReturnType<typeof collectProvenance>;
    try {
      collected = collectProvenance(suite, {});
    } finally {
      process.env.PATH = path;
    }
    // What a stopped run would write now: git pending, everything else as it was at the call.
    assert.deepEqual(collected.provenance.git, { commit: 'unknown', note: GIT_PENDING });
    writeFileSync(join(repo, 'suite.yaml'), 'name: changed after the call\n');
    writeFileSync(join(repo, 'uv.lock'), 'version = 2\n');
    writeFileSync(flag, '');
    await collected.gitAnswered;
    const answered: Provenance['git'] = collected.provenance.git;
    assert.equal(answered.commit, head);
    assert.equal(answered.dirty, true, 'dirty is read when git answers, beside the first trials');
    assert.deepEqual(collected.provenance.files, { 'suite.yaml': sha256('name: x\n') }, 'the files as they were when the run started');
    assert.deepEqual(collected.provenance.adapters[0]!.lockfiles, { 'uv.lock': sha256('version = 1\n') }, 'the lockfiles too');
  });
});

describe('collected from the suite', () => {
  test("each adapter's scrubbed command and the lockfiles beside its script and its folder, up to the repository's root; an imported dataset", async () => {
    const repo = mkdtempSync(join(tmpdir(), 'recall-gate-adapter-'));
    const evals = join(repo, 'evals');
    mkdirSync(join(evals, 'adapter'), { recursive: true });
    writeFileSync(join(evals, 'suite.yaml'), 'name: x\n');
    writeFileSync(join(evals, 'adapter', 'agent.mjs'), '// adapter\n');
    writeFileSync(join(evals, 'adapter', 'package-lock.json'), '{"lockfileVersion": 3}\n');
    writeFileSync(join(evals, 'requirements.txt'), 'mem0ai==0.1.0\n');
    writeFileSync(join(repo, 'uv.lock'), 'version = 1\n');
    writeFileSync(join(evals, 'import-report.json'), JSON.stringify({ format: 'locomo', source: 'locomo10.json', sha256: 'f'.repeat(64) }));
    git(repo, 'init', '-q');
    git(repo, 'add', '.');
    git(repo, 'commit', '-qm', 'one');
    const suite: Suite = {
      name: 'x',
      file: join(evals, 'suite.yaml'),
      displayPath: 'evals/suite.yaml',
      memoryPaths: [],
      files: [join(evals, 'suite.yaml')],
      e2e: { target: { kind: 'command', command: ['node', 'adapter/agent.mjs', '--token', 'abcdefgh12345678'], cwd: evals, timeout_ms: 1000 }, repeat: 1, conditions: ['recall'], concurrency: 1, prices: {}, cases: [] },
      retrieval: { k: [1], depth: 10, providers: [{ name: 'mem', kind: 'vector', embedding: { kind: 'local', model: 'Xenova/all-MiniLM-L6-v2', revision: 'main' }, where: WHERE }], memories: [], queries: [] },
    };
    const { provenance: collected, gitAnswered } = collectProvenance(suite, {});
    await gitAnswered;
    // Nearest first, each name once: the script's folder (package-lock.json), the working directory (requirements.txt), the repository's root (uv.lock).
    assert.deepEqual(collected.adapters, [
      {
        where: 'e2e.target',
        command: ['node', 'adapter/agent.mjs', '--token', '***'],
        script: { path: 'adapter/agent.mjs', sha256: sha256('// adapter\n') },
        lockfiles: { 'adapter/package-lock.json': sha256('{"lockfileVersion": 3}\n'), 'requirements.txt': sha256('mem0ai==0.1.0\n'), '../uv.lock': sha256('version = 1\n') },
      },
    ]);
    assert.deepEqual(collected.models, [{ role: 'embeddings', where: 'provider mem', requested: 'Xenova/all-MiniLM-L6-v2@main' }]);
    assert.deepEqual(collected.dataset, { format: 'locomo', source: 'locomo10.json', sha256: 'f'.repeat(64) });
    assert.deepEqual(collected.files, { 'suite.yaml': sha256('name: x\n') });
    assert.equal(collected.judge_prompt_sha256, undefined, 'no judge, no judge instructions');
  });
});

describe('models named by graders', () => {
  test('a grader is named without a case: a run narrowed to other cases of the suite records the same judge model', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recall-gate-graders-'));
    const graded = (name: string): CaseSpec => ({ ...caseSpec(name), graders: { tone: { judge: { rubric: 'polite', scale: [1, 5], on: 'answer', model: 'gpt-4o-mini' } } satisfies GraderSpec } });
    const suiteOf = (cases: CaseSpec[]): Suite => ({
      name: 'x',
      file: join(dir, 'suite.yaml'),
      displayPath: 'suite.yaml',
      memoryPaths: [],
      files: [],
      e2e: { target: { kind: 'command', command: ['true'], cwd: dir, timeout_ms: 1000 }, repeat: 1, conditions: ['recall'], concurrency: 1, prices: {}, cases },
    });
    const whole = collectProvenance(suiteOf([graded('a'), graded('b')]), {}).provenance.models;
    assert.deepEqual(collectProvenance(suiteOf([graded('b')]), {}).provenance.models, whole);
    assert.deepEqual(whole.map((model) => model.where), ['grader tone']);
  });
});

describe('merge: one provenance for the shards', () => {
  test("the first shard's, with the model ids any shard was answered with", () => {
    const first = provenance();
    const second = provenance({
      models: [
        { role: 'chat', where: 'e2e.target', requested: 'gpt-4o', answered: ['gpt-4o-2024-08-06'], endpoint: 'https://api.openai.com/v1' },
        { role: 'judge', where: 'e2e.judge', requested: 'gpt-4o-mini', answered: ['gpt-4o-mini-2024-07-18'] },
      ],
    });
    const merged = mergedProvenance([first, undefined, second])!;
    assert.deepEqual(merged.models.map((model) => [model.requested, model.answered]), [
      ['gpt-4o', ['gpt-4o-2024-05-13', 'gpt-4o-2024-08-06']],
      ['gpt-4o-mini', ['gpt-4o-mini-2024-07-18']],
    ]);
    assert.deepEqual(first.models[0]!.answered, ['gpt-4o-2024-05-13'], 'the shards are not changed');
    assert.equal(mergedProvenance([undefined]), undefined);
  });
});

describe('resume: the ids the earlier part was answered with', () => {
  test('carried for the models the suite still names where it named them, not for one it no longer names', () => {
    const now = provenance({ models: [{ role: 'chat', where: 'e2e.target', requested: 'gpt-4o', answered: ['gpt-4o-2024-11-20'] }] });
    const earlier = provenance({
      models: [
        { role: 'chat', where: 'e2e.target', requested: 'gpt-4o', answered: ['gpt-4o-2024-08-06'] },
        { role: 'chat', where: 'e2e.target', requested: 'gpt-4.1', answered: ['gpt-4.1-2025-04-14'] },
        { role: 'judge', where: 'e2e.judge', requested: 'gpt-4o', answered: ['gpt-4o-2024-05-13'] },
      ],
    });
    carryAnswers(now, earlier);
    assert.deepEqual(now.models, [{ role: 'chat', where: 'e2e.target', requested: 'gpt-4o', answered: ['gpt-4o-2024-08-06', 'gpt-4o-2024-11-20'] }]);
  });

  test('from a forged results.json: entries that are not models and ids that are not strings are passed over, a long id cut as a live one is', () => {
    const now = provenance({ models: [{ role: 'chat', where: 'e2e.target', requested: 'gpt-4o' }] });
    const forged = { ...provenance(), models: [null, 7, { role: 'chat', where: 'e2e.target', requested: 'gpt-4o', answered: [3, null, '', 'x'.repeat(5000), 'gpt-4o-2024-08-06'] }] } as unknown as Provenance;
    carryAnswers(now, forged);
    assert.deepEqual(now.models[0]!.answered, ['gpt-4o-2024-08-06', 'x'.repeat(200)]);
  });
});

describe('what differs between two runs, by hand', () => {
  test('identical provenance: nothing; the terminal says so', () => {
    const origin = provenanceChanges({ provenance: provenance() }, { provenance: provenance() });
    assert.deepEqual(origin, { changes: [] });
    assert.match(provenanceText(origin), /^what differs from the baseline: nothing recorded differs/);
  });

  test('a baseline written before provenance: said, not guessed', () => {
    const origin = provenanceChanges({}, { provenance: provenance() });
    assert.deepEqual(origin.changes, []);
    assert.match(origin.unknown!, /^the baseline records no provenance \(written by an older recall-gate\)/);
  });

  test('a baseline stopped before git answered: its commit is said to be unknown, not read as a change of commit', () => {
    const stopped = provenance({ git: { commit: 'unknown', note: GIT_PENDING } });
    const now = provenance({ git: { commit: 'b'.repeat(40), dirty: true } });
    assert.deepEqual(provenanceChanges({ provenance: stopped }, { provenance: now }).changes, ['the commit of the baseline is not known: the run stopped before git answered']);
  });

  test('every kind of difference, one line each, in order', () => {
    const before = provenance({
      judge_prompt_sha256: 'a'.repeat(64),
      models: [
        { role: 'chat', where: 'e2e.target', requested: 'gpt-4o', answered: ['gpt-4o-2024-05-13'], endpoint: 'https://api.openai.com/v1' },
        { role: 'judge', where: 'e2e.judge', requested: 'gpt-4o', endpoint: 'https://api.openai.com/v1' },
      ],
      adapters: [{ where: 'provider mem0', command: ['python', 'adapter.py'], script: { path: 'adapter.py', sha256: '1'.repeat(64) }, lockfiles: { 'poetry.lock': 'b'.repeat(64) } }],
      dataset: { format: 'longmemeval', source: 'lme.json', sha256: 'c'.repeat(64) },
    });
    const after = provenance({
      recall_gate: '0.2.0',
      git: { commit: 'b'.repeat(40), dirty: true },
      files: { 'suite.yaml': sha256('suite'), 'prompts/system.md': sha256('be terse'), 'cases.yaml': sha256('cases') },
      judge_prompt_sha256: 'd'.repeat(64),
      models: [
        { role: 'chat', where: 'e2e.target', requested: 'gpt-4o', answered: ['gpt-4o-2024-08-06'], endpoint: 'https://api.openai.com/v1' },
        { role: 'judge', where: 'e2e.judge', requested: 'gpt-4o-mini', endpoint: 'https://api.openai.com/v1' },
      ],
      adapters: [{ where: 'provider mem0', command: ['python', 'adapter.py', '--fast'], script: { path: 'adapter.py', sha256: '2'.repeat(64) }, lockfiles: { 'poetry.lock': 'e'.repeat(64) } }],
      dataset: { format: 'longmemeval', source: 'lme.json', sha256: 'f'.repeat(64) },
    });
    assert.deepEqual(provenanceChanges({ provenance: before }, { provenance: after }).changes, [
      'recall-gate 0.1.0 -> 0.2.0',
      'commit aaaaaaaaaaaa -> bbbbbbbbbbbb',
      'this run has uncommitted changes to tracked files',
      'prompts/system.md changed',
      'cases.yaml added',
      'chat model gpt-4o answered as gpt-4o-2024-05-13 -> gpt-4o-2024-08-06',
      'judge model gpt-4o -> gpt-4o-mini',
      "recall-gate's judge instructions changed",
      'adapter provider mem0 command python adapter.py -> python adapter.py --fast',
      'adapter.py (the script of adapter provider mem0) changed',
      'poetry.lock (a lockfile of adapter provider mem0) changed',
      'imported dataset changed: longmemeval lme.json (cccccccccccc) -> longmemeval lme.json (ffffffffffff)',
    ]);
  });

  test('report.md and the comment list them, escaped, and a cut list says how many more', () => {
    const origin = { changes: ['prompts/<b>x</b>.md changed', 'judge model a -> b', 'cases.yaml added'] };
    assert.deepEqual(provenanceMarkdown(origin, 2), ['### What differs from the baseline', '', '- prompts/&lt;b&gt;x&lt;/b&gt;.md changed', '- judge model a -&gt; b', '- … and 1 more', '']);
  });
});
