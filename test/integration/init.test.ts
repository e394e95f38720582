import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import picomatch from 'picomatch';
import { parse } from 'yaml';
import { readResults } from '../../src/results/folder.js';
import type { ResultsDocument } from '../../src/model/results.js';
import { REPO_ROOT, runCli, tempDir, type CliResult } from '../support/cli.js';
import { startLettaStandIn } from '../support/lettaStandIn.js';
import { mem0Extraction, answerFromMemories, startOpenAIServer, type ChatRequestBody, type OpenAIServer } from '../support/openaiServer.js';

/**
 * `recall-gate init`, run as users run it (dist/cli.js as a process, in a
 * fresh project folder), and what it writes run the same way: every kind's
 * suite validates; node and python run green offline with no key; builtin
 * and mcp run green against the local OpenAI-compatible server (mcp with the
 * test MCP memory server as the user's server); mem0, LangGraph and Letta
 * run against it (Letta against the local stand-in of its REST API) with the
 * ready adapters' installed packages, skipped without them except in CI, as
 * test/integration/readyAdapters.test.ts does.
 */

const KINDS = ['node', 'python', 'builtin', 'mem0', 'langgraph', 'letta', 'mcp'] as const;
type Kind = (typeof KINDS)[number];

/** A fresh project: a folder holding .git (the repository root init writes paths from). */
function project(): string {
  const root = tempDir('recall-gate-init-');
  mkdirSync(join(root, '.git'));
  return root;
}

/** recall-gate installed in the project, as `npm i -D recall-gate` would (the repository itself, by a link). */
function installRecallGate(root: string): void {
  mkdirSync(join(root, 'node_modules'), { recursive: true });
  symlinkSync(REPO_ROOT, join(root, 'node_modules', 'recall-gate'), 'dir');
}

async function init(root: string, args: string[]): Promise<CliResult> {
  return runCli(['init', ...args], { cwd: root });
}

async function initOk(root: string, args: string[]): Promise<CliResult> {
  const result = await init(root, args);
  assert.equal(result.code, 0, result.stdout + result.stderr);
  return result;
}

/** `run <suite> --layer L` in the project: exit 0 (the gate passed), every layer asked ran, no e2e trial an error. */
async function runGreen(root: string, suite: string, layer: string, env: NodeJS.ProcessEnv = {}): Promise<ResultsDocument> {
  const out = join(root, 'results');
  const result = await runCli(['run', suite, '--layer', layer, '--out', out], { cwd: root, env });
  assert.equal(result.code, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /gate PASSED/);
  const results = readResults(out, root);
  assert.equal(results.status, 'complete', JSON.stringify(results.errors));
  if (layer !== 'e2e') assert.equal(results.layers.retrieval, 'ran');
  if (layer !== 'retrieval') {
    assert.equal(results.layers.e2e, 'ran');
    assert.equal(results.e2e!.metrics.errors, 0, JSON.stringify(results.e2e!.by_condition));
  }
  return results;
}

/** Memory earns its keep in the e2e layer: the cases that need it pass with it and fail without. */
function assertMemoryMatters(results: ResultsDocument): void {
  const rates = Object.fromEntries(Object.entries(results.e2e!.by_condition).map(([condition, rates]) => [condition, rates!.pass_rate]));
  assert.ok(rates.recall! > rates.none!, JSON.stringify(rates));
  assert.ok(rates.oracle! > rates.none!, JSON.stringify(rates));
}

test('init with no arguments writes the node template to evals/memory, says so, and prints the next three commands and the other kinds', async () => {
  const root = project();
  const { stdout } = await initOk(root, []);
  assert.match(stdout, /^wrote evals\/memory\/ \(the default folder\) for --agent node \(the default\): /);
  for (const file of ['suite.yaml', 'memories.jsonl', 'queries.yaml', 'cases.yaml', 'adapter.mjs']) {
    assert.ok(existsSync(join(root, 'evals', 'memory', file)), file);
    assert.match(stdout, new RegExp(`\\n  evals/memory/${file.replace('.', '\\.')}\\n`));
  }
  const next = stdout.split('\nnext:\n')[1]!.split('\n\n')[0]!.split('\n');
  assert.deepEqual(next.map((line) => /^ {2}(\d)\. /.exec(line)?.[1]), ['1', '2', '3'], stdout);
  assert.match(next[1]!, /npx recall-gate run evals\/memory\/suite\.yaml --layer all +# /);
  assert.match(stdout, /other kinds: --agent python\|builtin\|mem0\|langgraph\|letta\|mcp/);
  assert.ok(!existsSync(join(root, '.github')), 'no workflow without --workflow');
  assert.match(stdout, /\n\.gitignore: add recall-gate-results\/, which runs write \(not to commit\)\n/);
});

test('init names what runs write that the repository\'s .gitignore does not name yet: the results folder, and a Python adapter\'s bytecode', async () => {
  const root = project();
  assert.match((await initOk(root, ['py', '--agent', 'python'])).stdout, /\n\.gitignore: add recall-gate-results\/ and __pycache__\/, which runs write/);
  writeFileSync(join(root, '.gitignore'), 'node_modules\r\n/recall-gate-results\r\n');
  assert.match((await initOk(root, ['py2', '--agent', 'python'])).stdout, /\n\.gitignore: add __pycache__\/, which runs write/);
  writeFileSync(join(root, '.gitignore'), 'recall-gate-results/\n__pycache__\n');
  assert.doesNotMatch((await initOk(root, ['py3', '--agent', 'python'])).stdout, /\.gitignore/);
  // In a git repository git decides: a rule anchored at the root does not ignore a folder deeper down; a nested .gitignore does.
  const repo = tempDir('recall-gate-init-ignore-');
  assert.equal(spawnSync('git', ['init', '--quiet'], { cwd: repo }).status, 0);
  writeFileSync(join(repo, '.gitignore'), '/__pycache__/\nrecall-gate-results*\n');
  assert.match((await initOk(repo, ['evals', '--agent', 'python'])).stdout, /\n\.gitignore: add __pycache__\/, which runs write/);
  mkdirSync(join(repo, 'more'));
  writeFileSync(join(repo, 'more', '.gitignore'), '*.pyc\n');
  assert.doesNotMatch((await initOk(repo, ['more/evals', '--agent', 'python'])).stdout, /\.gitignore/);
});

for (const kind of KINDS) {
  test(`init --agent ${kind}: the suite validates, and its memory_paths match its own files from the repository root`, async () => {
    const root = project();
    await initOk(root, ['evals/memory', '--agent', kind]);
    const result = await runCli(['validate', 'evals/memory/suite.yaml'], { cwd: root });
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /evals\/memory\/suite\.yaml: ok \(/);
    assert.equal(result.stderr.includes('warning'), false, result.stderr);
    const suite = parse(readFileSync(join(root, 'evals', 'memory', 'suite.yaml'), 'utf8')) as { memory_paths: string[] };
    assert.ok(picomatch(suite.memory_paths, { dot: true })('evals/memory/cases.yaml'), JSON.stringify(suite.memory_paths));
    // Every placeholder was filled.
    for (const file of readdirSync(join(root, 'evals', 'memory'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())) {
      assert.doesNotMatch(readFileSync(join(file.parentPath, file.name), 'utf8'), /\{\{\w+\}\}/, file.name);
    }
    // Run from a clone (dist/cli.js), a package.json written names that clone: the version alone is not on the registry.
    const manifest = join(root, 'evals', 'memory', 'package.json');
    assert.equal(existsSync(manifest), ['mem0', 'langgraph', 'letta'].includes(kind), 'the kinds with their own package.json write one');
    if (existsSync(manifest)) {
      const spec = (JSON.parse(readFileSync(manifest, 'utf8')) as { dependencies: Record<string, string> }).dependencies['recall-gate']!;
      assert.match(spec, /^file:\.\.\//);
      assert.equal(realpathSync(resolve(root, 'evals', 'memory', spec.slice('file:'.length))), realpathSync(REPO_ROOT));
    }
  });
}

test('init --agent node: both layers run green offline with no key, against the stand-in agent through the adapter SDK', async () => {
  const root = project();
  installRecallGate(root);
  await initOk(root, ['--agent', 'node']);
  const results = await runGreen(root, 'evals/memory/suite.yaml', 'all');
  // Word overlap ranks first the memory of 8 of the 9 questions (the employer's current job, not the obsolete one); the paraphrase shares no word with its memory.
  assert.equal(results.retrieval!.providers['my-agent']!.metrics!['recall@1'], 8 / 9);
  assertMemoryMatters(results);
  // The stand-in reports no token usage: the cost is unknown, said once with why and what to do, not "unknown" line after line.
  const calls = results.e2e!.by_condition;
  assert.equal(results.e2e!.cost_usd, null);
  const causes = results.e2e!.cost!.unknown_causes!;
  assert.ok(causes.calls_without_usage > 0, JSON.stringify(results.e2e!.cost));
  assert.deepEqual({ ...causes, calls_without_usage: 0 }, { calls_without_usage: 0, usage_warnings: 0, trials_without_calls: 0, embeddings: 0, unpriced: 0 });
  const report = readFileSync(join(root, 'results', 'report.md'), 'utf8');
  assert.match(report, new RegExp(`cost unknown: ${causes.calls_without_usage} agent calls reported no token usage \\(an adapter returns it as usage from chat: examples/adapter/README\\.md\\)\\.`));
  assert.doesNotMatch(report, /usage_warning|cost per successful trial|spend: chat unknown/, JSON.stringify(calls));
});

test('init --agent node in a project without recall-gate installed: every trial says why once, with the fix, not Node\'s stack', async () => {
  const root = project();
  await initOk(root, ['--agent', 'node']);
  const out = join(root, 'results');
  const run = await runCli(['run', 'evals/memory/suite.yaml', '--layer', 'e2e', '--out', out], { cwd: root });
  assert.equal(run.code, 3, run.stdout + run.stderr);
  const terminal = run.stdout + run.stderr;
  assert.match(terminal, /the last lines of its stderr: Error \[ERR_MODULE_NOT_FOUND\]: Cannot find package 'recall-gate' imported from .*adapter\.mjs.*\(the adapter imports recall-gate\/adapter, which is not installed where it runs: add recall-gate to that project's devDependencies \(README, Install\)\)/);
  assert.doesNotMatch(terminal, /node:internal|throw new ERR_MODULE_NOT_FOUND|code: 'ERR_MODULE_NOT_FOUND'|^\s+\^\s*$|Node\.js v\d/m);
});

test('init --agent python: the SDK is copied beside the adapter, and both layers run green offline with no key', async () => {
  const root = project();
  await initOk(root, ['myeval', '--agent', 'python']);
  assert.equal(readFileSync(join(root, 'myeval', 'recall_gate_adapter.py'), 'utf8'), readFileSync(join(REPO_ROOT, 'python', 'recall_gate_adapter.py'), 'utf8'));
  const results = await runGreen(root, 'myeval/suite.yaml', 'all');
  assertMemoryMatters(results);
  // The node and python stand-ins are the same agent: the same figures.
  assert.equal(results.retrieval!.providers['my-agent']!.metrics!['recall@1'], 8 / 9);
});

test("init --agent python importing the team's own package: the crash names the fix (PYTHONPATH from the project's root), and the fix makes it green", async () => {
  const root = project();
  await initOk(root, ['myeval', '--agent', 'python']);
  const adapter = join(root, 'myeval', 'adapter.py');
  writeFileSync(adapter, `import myagent\n${readFileSync(adapter, 'utf8')}`);
  mkdirSync(join(root, 'myagent'));
  writeFileSync(join(root, 'myagent', '__init__.py'), 'NAME = "my agent"\n');
  const failed = await runCli(['run', 'myeval/suite.yaml', '--layer', 'e2e', '--out', join(root, 'failed')], { cwd: root });
  assert.equal(failed.code, 3, failed.stdout + failed.stderr);
  assert.match(failed.stdout, /ModuleNotFoundError: No module named 'myagent' \(myagent is in .*, but Python looks for modules beside the script it runs: start recall-gate with PYTHONPATH=\. from there \(PYTHONPATH=\. npx recall-gate run \.\.\./);
  const fixed = await runCli(['run', 'myeval/suite.yaml', '--layer', 'e2e', '--out', join(root, 'fixed')], { cwd: root, env: { PYTHONPATH: '.' } });
  assert.equal(fixed.code, 0, fixed.stdout + fixed.stderr);
});

async function withOpenAIServer<T>(work: (server: OpenAIServer) => Promise<T>, chat?: (request: ChatRequestBody) => string): Promise<T> {
  const server = await startOpenAIServer(chat ? { chat } : {});
  try {
    return await work(server);
  } finally {
    await server.close();
  }
}

test('init --agent builtin: green against an OpenAI-compatible endpoint (the local server), its key the only setting', async () => {
  const root = project();
  await initOk(root, ['--agent', 'builtin']);
  await withOpenAIServer(async (server) => {
    const results = await runGreen(root, 'evals/memory/suite.yaml', 'all', { OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'test-key' });
    assertMemoryMatters(results);
    assert.ok(server.requests.some((request) => request.path === '/v1/chat/completions'));
  });
});

test('init --agent mcp: with the mcp provider pointed at an MCP memory server, green in both layers (the reference agent using it as memory)', async () => {
  const root = project();
  await initOk(root, ['--agent', 'mcp']);
  const suitePath = join(root, 'evals', 'memory', 'suite.yaml');
  const written = readFileSync(suitePath, 'utf8');
  assert.match(written, /command: \[npx, your-memory-mcp-server\]/);
  // The user's one edit: their server's command (the test server has the tools the template maps).
  const server = JSON.stringify([process.execPath, join(REPO_ROOT, 'build', 'test', 'support', 'mcpServer.js'), '--stdio']);
  writeFileSync(suitePath, written.replace('command: [npx, your-memory-mcp-server]', `command: ${server}`));
  await withOpenAIServer(async (openai) => {
    const results = await runGreen(root, 'evals/memory/suite.yaml', 'all', { OPENAI_BASE_URL: openai.url, OPENAI_API_KEY: 'test-key' });
    assert.equal(results.retrieval!.providers['memory-server']!.status, 'ok');
    // The server's BM25 ranks as recall-gate's keyword provider does.
    assert.deepEqual(results.retrieval!.providers['memory-server']!.metrics, results.retrieval!.providers.keyword!.metrics);
    assertMemoryMatters(results);
  });
});

// ---------------------------------------------------------------------------
// mem0, LangGraph, Letta: their packages are the ready adapters' (examples/adapters/<name>/node_modules).
// ---------------------------------------------------------------------------

const ADAPTERS = join(REPO_ROOT, 'examples', 'adapters');

function notInstalled(name: string, installed: string): string | false {
  if (existsSync(join(ADAPTERS, name, 'node_modules', installed)) || process.env.CI) return false;
  return `examples/adapters/${name} has no node_modules/${installed}: run npm ci in that folder (see its README; .ci/run does)`;
}

/** The template's folder with the packages its package.json names: the ready adapter's, linked in. */
async function initWithPackages(kind: Kind, adapter: string): Promise<string> {
  const root = project();
  await initOk(root, ['--agent', kind]);
  const pinned = (JSON.parse(readFileSync(join(root, 'evals', 'memory', 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies;
  const ready = (JSON.parse(readFileSync(join(ADAPTERS, adapter, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies;
  for (const [name, version] of Object.entries(pinned)) if (name !== 'recall-gate') assert.equal(version, ready[name], `${name} pinned as the ready adapter pins it`);
  symlinkSync(join(ADAPTERS, adapter, 'node_modules'), join(root, 'evals', 'memory', 'node_modules'), 'dir');
  return root;
}

/** The suite with OPENAI_BASE_URL passed to the adapter (commented out in the template: OpenAI's own is the default). */
function withBaseUrl(root: string): void {
  const path = join(root, 'evals', 'memory', 'suite.yaml');
  const yaml = readFileSync(path, 'utf8');
  assert.match(yaml, /# OPENAI_BASE_URL: "\$\{OPENAI_BASE_URL\}"/);
  writeFileSync(path, yaml.replace('# OPENAI_BASE_URL: "${OPENAI_BASE_URL}"', 'OPENAI_BASE_URL: "${OPENAI_BASE_URL}"'));
}

test('init --agent langgraph: the store in store.mjs and the stand-in agent in agent.mjs run green against the local endpoint', { skip: notInstalled('langgraph', '@langchain/langgraph/package.json'), timeout: 600_000 }, async () => {
  const root = await initWithPackages('langgraph', 'langgraph');
  withBaseUrl(root);
  await withOpenAIServer(async (server) => {
    const results = await runGreen(root, 'evals/memory/suite.yaml', 'all', { OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'test-key' });
    assertMemoryMatters(results);
  });
});

test('init --agent mem0: the config in mem0.config.json and the stand-in agent in agent.mjs run green against the local endpoint', { skip: notInstalled('mem0', 'better-sqlite3/build/Release/better_sqlite3.node'), timeout: 600_000 }, async () => {
  const root = await initWithPackages('mem0', 'mem0');
  withBaseUrl(root);
  await withOpenAIServer(
    async (server) => {
      const results = await runGreen(root, 'evals/memory/suite.yaml', 'all', { OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'test-key' });
      assertMemoryMatters(results);
      assert.ok(server.requests.some((request) => request.path === '/v1/chat/completions' && mem0Extraction(request.body as ChatRequestBody) !== undefined), 'mem0 extracted facts with its LLM');
    },
    (request) => mem0Extraction(request) ?? answerFromMemories(request),
  );
});

test('init --agent letta: an agent per user made from agent-settings.json, green against a local stand-in of Letta\'s REST API', { skip: notInstalled('letta', '@letta-ai/letta-client/package.json'), timeout: 600_000 }, async () => {
  const root = await initWithPackages('letta', 'letta');
  const letta = await startLettaStandIn();
  try {
    const results = await runGreen(root, 'evals/memory/suite.yaml', 'e2e', { LETTA_BASE_URL: letta.url });
    assertMemoryMatters(results);
    assert.ok([...letta.agents.values()].every((agent) => !/-(none|oracle)$/.test(agent.name)), 'the none and oracle agents were deleted after their probe');
  } finally {
    await letta.close();
  }
});

// ---------------------------------------------------------------------------
// Overwrites, the workflow, bad input.
// ---------------------------------------------------------------------------

test('init refuses to overwrite any existing file without --force (exit 2 naming it, nothing written), and --force overwrites', async () => {
  const root = project();
  mkdirSync(join(root, 'evals', 'memory'), { recursive: true });
  writeFileSync(join(root, 'evals', 'memory', 'cases.yaml'), '# my own cases\n');
  const refused = await init(root, ['--agent', 'python']);
  assert.equal(refused.code, 2, refused.stdout + refused.stderr);
  assert.match(refused.stderr, /recall-gate init: evals\/memory\/cases\.yaml already exists: nothing was written \(add --force to overwrite, or give init another folder\)/);
  assert.deepEqual(readdirSync(join(root, 'evals', 'memory')), ['cases.yaml'], 'nothing else written');
  assert.equal(readFileSync(join(root, 'evals', 'memory', 'cases.yaml'), 'utf8'), '# my own cases\n');

  await initOk(root, ['--agent', 'python', '--force']);
  assert.match(readFileSync(join(root, 'evals', 'memory', 'cases.yaml'), 'utf8'), /ability: extraction/);
  // A second init over the first: every file it would write is named.
  const again = await init(root, ['--agent', 'python']);
  assert.equal(again.code, 2);
  for (const file of ['suite.yaml', 'adapter.py', 'recall_gate_adapter.py']) assert.match(again.stderr, new RegExp(`evals/memory/${file.replace('.', '\\.')}[, ]`));
  // The workflow is a file like any other.
  mkdirSync(join(root, '.github', 'workflows'), { recursive: true });
  writeFileSync(join(root, '.github', 'workflows', 'memory.yml'), 'name: mine\n');
  const workflow = await init(root, ['other', '--workflow']);
  assert.equal(workflow.code, 2);
  assert.match(workflow.stderr, /\.github\/workflows\/memory\.yml already exists/);
  assert.ok(!existsSync(join(root, 'other')), 'nothing written');
});

test('--workflow beside a folder init wrote before writes the workflow alone, leaving the edited files; a folder only partly there is still refused', async () => {
  const root = project();
  await initOk(root, ['--agent', 'python']);
  const adapter = join(root, 'evals', 'memory', 'adapter.py');
  writeFileSync(adapter, `${readFileSync(adapter, 'utf8')}\n# my agent, wired in\n`);
  const edited = readFileSync(adapter, 'utf8');
  const added = await initOk(root, ['--agent', 'python', '--workflow']);
  assert.match(added.stdout, /^wrote \.github\/workflows\/memory\.yml for --agent python, for the suite in evals\/memory\/ \(its files are there already, left as they are\)/);
  assert.match(added.stdout, /\n\.gitignore: add recall-gate-results\/ and __pycache__\/, which runs write/);
  assert.match(readFileSync(join(root, '.github', 'workflows', 'memory.yml'), 'utf8'), /actions\/setup-python/);
  assert.equal(readFileSync(adapter, 'utf8'), edited, 'the edited adapter is kept');
  // Once written, the workflow is a file like the others: init again is refused.
  const again = await init(root, ['--agent', 'python', '--workflow']);
  assert.equal(again.code, 2);
  assert.match(again.stderr, /\.github\/workflows\/memory\.yml already exist: nothing was written/);

  const partial = project();
  mkdirSync(join(partial, 'evals', 'memory'), { recursive: true });
  writeFileSync(join(partial, 'evals', 'memory', 'suite.yaml'), 'name: mine\n');
  const refused = await init(partial, ['--workflow']);
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /evals\/memory\/suite\.yaml already exists: nothing was written/);
  assert.ok(!existsSync(join(partial, '.github')), 'no workflow written');
});

test('--workflow beside an earlier folder writes the workflow of the kind it was written for, refuses another, and asks when the files fit two kinds', async () => {
  const root = project();
  await initOk(root, ['--agent', 'mem0']);
  // node's files are all among mem0's: the folder is mem0's, as its suite.yaml says.
  const refused = await init(root, ['--agent', 'node', '--workflow']);
  assert.equal(refused.code, 2, refused.stdout + refused.stderr);
  assert.match(refused.stderr, /evals\/memory\/ holds a suite written for --agent mem0, not node: its workflow would not install what it runs \(give --agent mem0 for its workflow, or --force to write the node folder over it\)/);
  const added = await initOk(root, ['--workflow']);
  assert.match(added.stdout, /^wrote \.github\/workflows\/memory\.yml for --agent mem0, /);
  assert.match(readFileSync(join(root, '.github', 'workflows', 'memory.yml'), 'utf8'), /working-directory: evals\/memory/);

  // builtin and mcp write the same names: the suite's first lines tell them apart, and without them init asks.
  const other = project();
  await initOk(other, ['--agent', 'mcp']);
  const suite = join(other, 'evals', 'memory', 'suite.yaml');
  writeFileSync(suite, readFileSync(suite, 'utf8').replace(/written by\s*\n?#?\s*`recall-gate init --agent mcp`/, 'written by hand'));
  const unsure = await init(other, ['--workflow']);
  assert.equal(unsure.code, 2, unsure.stdout + unsure.stderr);
  assert.match(unsure.stderr, /evals\/memory\/ holds the files of --agent builtin and of --agent mcp alike: say which it is for its workflow \(add --agent builtin or --agent mcp\)/);
  assert.match((await initOk(other, ['--agent', 'mcp', '--workflow'])).stdout, /for --agent mcp/);
});

test('the workflow\'s pushes run on origin\'s default branch, else origin\'s master, else a master checked out, and init says which', async () => {
  const repo = (setup: string[][]) => {
    const root = tempDir('recall-gate-init-branch-');
    for (const args of [['init', '--quiet', '--initial-branch=main'], ...setup]) assert.equal(spawnSync('git', args, { cwd: root, encoding: 'utf8' }).status, 0, args.join(' '));
    return root;
  };
  const branchOf = async (root: string) => {
    const { stdout } = await initOk(root, ['--workflow']);
    const workflow = parse(readFileSync(join(root, '.github', 'workflows', 'memory.yml'), 'utf8')) as Workflow;
    const branch = (workflow.on as { push: { branches: string[] } }).push.branches[0]!;
    assert.match(stdout, new RegExp(`on pushes to ${branch} \\(change that if your default branch is another\\)`));
    return branch;
  };
  const commit = ['-c', 'user.email=t@example.invalid', '-c', 'user.name=t', 'commit', '--quiet', '--allow-empty', '-m', 'first'];
  assert.equal(await branchOf(repo([['checkout', '--quiet', '-b', 'master'], commit, ['update-ref', 'refs/remotes/origin/master', 'HEAD']])), 'master');
  assert.equal(await branchOf(repo([['checkout', '--quiet', '-b', 'master']])), 'master');
  assert.equal(await branchOf(repo([['checkout', '--quiet', '-b', 'feature/x']])), 'main');
  assert.equal(await branchOf(repo([['remote', 'add', 'origin', 'https://example.invalid/a.git'], ['symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/release+1']])), 'release\\+1', 'a + escaped: the filter names that branch, not a pattern');
});

test('a link where init writes a file, even one to nothing, counts as a file: refused without --force, replaced (never written through) with it', async () => {
  const root = project();
  const outside = join(tempDir('recall-gate-init-outside-'), 'planted.yaml');
  mkdirSync(join(root, 'evals', 'memory'), { recursive: true });
  symlinkSync(outside, join(root, 'evals', 'memory', 'suite.yaml'));
  const refused = await init(root, []);
  assert.equal(refused.code, 2, refused.stdout + refused.stderr);
  assert.match(refused.stderr, /evals\/memory\/suite\.yaml already exists: nothing was written/);
  await initOk(root, ['--force']);
  assert.equal(existsSync(outside), false, 'nothing written where the link pointed');
  assert.equal(lstatSync(join(root, 'evals', 'memory', 'suite.yaml')).isFile(), true, 'the link replaced by the file');
});

interface Workflow {
  on: unknown;
  permissions: Record<string, string>;
  jobs: Record<string, { 'runs-on': string; steps: { uses?: string; run?: string; id?: string; if?: string; with?: Record<string, string> }[] }>;
}

test('init --workflow writes .github/workflows/memory.yml at the repository root (from a subfolder too): permissions, the Action on the suite, the artifact upload', async () => {
  for (const kind of KINDS) {
    const root = project();
    mkdirSync(join(root, 'services', 'agent'), { recursive: true });
    const { stdout } = await initOk(join(root, 'services', 'agent'), ['evals', '--agent', kind, '--workflow']);
    assert.match(stdout, /\.github\/workflows\/memory\.yml: replace <owner>/);
    const workflow = parse(readFileSync(join(root, '.github', 'workflows', 'memory.yml'), 'utf8')) as Workflow;
    // Pull requests, and pushes to the default branch only: a pull request's pushes would otherwise run it twice.
    assert.deepEqual(workflow.on, { push: { branches: ['main'] }, pull_request: null }, kind);
    assert.deepEqual(workflow.permissions, { contents: 'read', 'pull-requests': 'write' }, kind);
    const job = workflow.jobs.memory!;
    assert.equal(job['runs-on'], 'ubuntu-latest');
    assert.equal(job.steps[0]!.uses, 'actions/checkout@v4');
    const action = job.steps.find((step) => step.uses?.includes('/recall-gate@'))!;
    // No tag exists: the default branch. Every key has a value: GitHub refuses a workflow with an empty env:.
    assert.equal(action.uses, '<owner>/recall-gate@main', kind);
    for (const step of job.steps) for (const [key, value] of Object.entries(step)) assert.ok(value !== null, `${kind}: ${key} of ${JSON.stringify(step)} is empty`);
    // Paths from the repository root, where the Action starts.
    assert.equal(action.with!.suite, 'services/agent/evals/suite.yaml', kind);
    assert.ok(existsSync(join(root, action.with!.suite)));
    const suite = parse(readFileSync(join(root, action.with!.suite), 'utf8')) as { memory_paths: string[]; e2e?: { target: { kind: string } } };
    assert.ok(picomatch(suite.memory_paths, { dot: true })('services/agent/evals/adapter.mjs'), `${kind}: ${JSON.stringify(suite.memory_paths)}`);
    // The reference agent's key goes in as the Action's input; an adapter's through the suite's env:.
    assert.equal(action.with!['openai-api-key'] !== undefined, suite.e2e?.target.kind === 'builtin', kind);
    const upload = job.steps.at(-1)!;
    assert.equal(upload.uses, 'actions/upload-artifact@v4');
    assert.equal(upload.if, 'always()');
    assert.equal(upload.with!.path, `\${{ steps.${action.id}.outputs.results-path }}`);
    // Kinds with their own package.json install it where it is.
    const installs = job.steps.find((step) => step.run?.startsWith('npm install')) as { 'working-directory'?: string } | undefined;
    assert.equal(installs?.['working-directory'], ['mem0', 'langgraph', 'letta'].includes(kind) ? 'services/agent/evals' : undefined, kind);
  }
});

test('the workflow runs on pushes to the default branch origin names (a clone sets it), else main', async () => {
  const root = tempDir('recall-gate-init-git-');
  const git = (...args: string[]) => assert.equal(spawnSync('git', args, { cwd: root, encoding: 'utf8' }).status, 0, args.join(' '));
  git('init', '--quiet');
  git('remote', 'add', 'origin', 'https://example.invalid/team/agent.git');
  git('symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/trunk');
  await initOk(root, ['--workflow']);
  const workflow = parse(readFileSync(join(root, '.github', 'workflows', 'memory.yml'), 'utf8')) as Workflow;
  assert.deepEqual(workflow.on, { push: { branches: ['trunk'] }, pull_request: null });
});

test('a folder name with quotes, a colon and a hash is written so YAML reads it back: memory_paths, the workflow\'s suite and working-directory', async () => {
  const root = project();
  const dir = 'evals/it\'s "mine": #1';
  await initOk(root, [dir, '--agent', 'mem0', '--workflow']);
  const validated = await runCli(['validate', `${dir}/suite.yaml`], { cwd: root });
  assert.equal(validated.code, 0, validated.stdout + validated.stderr);
  const suite = parse(readFileSync(join(root, dir, 'suite.yaml'), 'utf8')) as { memory_paths: string[] };
  assert.deepEqual(suite.memory_paths, [`${dir}/**`]);
  const workflow = parse(readFileSync(join(root, '.github', 'workflows', 'memory.yml'), 'utf8')) as Workflow;
  const steps = workflow.jobs.memory!.steps as { with?: Record<string, string>; 'working-directory'?: string }[];
  assert.ok(steps.some((step) => step.with?.suite === `${dir}/suite.yaml`));
  assert.ok(steps.some((step) => step['working-directory'] === dir));
});

test('init names a wrong --agent with the closest kind and every kind, and refuses a DIR that is a file (exit 2, nothing written)', async () => {
  const root = project();
  const wrong = await init(root, ['--agent', 'pyhton']);
  assert.equal(wrong.code, 2);
  assert.match(wrong.stderr, /unknown agent kind "pyhton": did you mean "python"\?/);
  for (const kind of KINDS) assert.match(wrong.stderr, new RegExp(`\\n  ${kind}: `));
  writeFileSync(join(root, 'taken'), '');
  const file = await init(root, ['taken']);
  assert.equal(file.code, 2);
  assert.match(file.stderr, /taken is a file, not a folder/);
  const two = await init(root, ['a', 'b']);
  assert.equal(two.code, 2);
  assert.match(two.stderr, /init takes at most one folder/);
  assert.deepEqual(readdirSync(root).sort(), ['.git', 'taken']);
});

test('the packed tarball, in an empty folder: run --help exits 0, and init --agent python then run --layer all is green offline with no key (node too)', { skip: !existsSync(join(REPO_ROOT, 'dist', 'cli.js')) && 'dist/ is not built (npm run bundle)', timeout: 600_000 }, () => {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const work = tempDir('recall-gate-init-pack-');
  try {
    const packed = JSON.parse(execFileSync(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: REPO_ROOT, encoding: 'utf8' })) as { filename: string; files: { path: string }[] }[];
    const files = packed[0]!.files.map((file) => file.path);
    for (const template of ['templates/init/node/adapter.mjs', 'templates/init/python/adapter.py', 'python/recall_gate_adapter.py']) assert.ok(files.includes(template), template);
    const root = join(work, 'project');
    mkdirSync(root);
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
    execFileSync(npm, ['install', '--offline', '--no-audit', '--no-fund', '--save-dev', join(work, packed[0]!.filename)], { cwd: root, encoding: 'utf8' });
    const cli = join(root, 'node_modules', '.bin', 'recall-gate');
    // A small environment, as a new user's shell: no key.
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, RECALL_GATE_CACHE_DIR: join(work, 'cache') };
    assert.match(execFileSync(cli, ['run', '--help'], { cwd: root, encoding: 'utf8', env }), /^recall-gate run: /);
    for (const [kind, dir] of [
      ['python', 'myeval'],
      ['node', 'evals/memory'],
    ]) {
      execFileSync(cli, ['init', ...(kind === 'node' ? [] : [dir!, '--agent', kind!])], { cwd: root, encoding: 'utf8', env });
      const out = execFileSync(cli, ['run', `${dir}/suite.yaml`, '--layer', 'all', '--out', join(work, `results-${kind}`)], { cwd: root, encoding: 'utf8', env });
      assert.match(out, /gate PASSED/, kind);
      assert.equal(readResults(join(work, `results-${kind}`), root).e2e!.metrics.errors, 0, kind);
    }
    // A kind with its own package.json names recall-gate as the project got it (here the tarball), rebased to its folder:
    // `npm install` there installs this very package (its other packages are the ready adapters' to test, offline here).
    const mem0 = spawnSync(cli, ['init', 'evals/mem0', '--agent', 'mem0'], { cwd: root, encoding: 'utf8', env });
    assert.equal(mem0.status, 0, mem0.stderr);
    // The tarball lies outside the project: said, as CI's npm install would not find it.
    assert.match(mem0.stderr, /^note: recall-gate is installed from .*recall-gate-[\d.]+\.tgz, outside \., so CI's npm install will not find it: copy the tarball into vendor\/, commit it, and install it from there/m);
    // A kind whose CI installs nothing with npm (python's workflow takes the Action from its git ref): nothing to say.
    const python = spawnSync(cli, ['init', 'evals/py', '--agent', 'python', '--workflow'], { cwd: root, encoding: 'utf8', env });
    assert.equal(python.status, 0, python.stderr);
    assert.doesNotMatch(python.stderr, /note: recall-gate/);
    const manifestPath = join(root, 'evals', 'mem0', 'package.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { dependencies: Record<string, string> };
    assert.equal(manifest.dependencies['recall-gate'], `file:../../../${packed[0]!.filename}`);
    writeFileSync(manifestPath, JSON.stringify({ ...manifest, dependencies: { 'recall-gate': manifest.dependencies['recall-gate'] } }));
    execFileSync(npm, ['install', '--offline', '--no-audit', '--no-fund'], { cwd: join(root, 'evals', 'mem0'), encoding: 'utf8' });
    const installed = JSON.parse(readFileSync(join(root, 'evals', 'mem0', 'node_modules', 'recall-gate', 'package.json'), 'utf8')) as { version: string };
    assert.equal(installed.version, (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
