import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CLI, REPO_ROOT, tempDir } from '../support/cli.js';

/**
 * What `validate` loads, read from node's module loader rather than timed (no test asserts on time):
 * dist/cli.js validate runs with a load hook that writes down every module URL it is given, and the
 * bundle's `// src/...` markers name the source files inside each dist file it read. validate must
 * not load the code of `run` (the e2e engine, reports, the tokenizer, the HTTP clients), nor the node
 * built-ins only a run starts (worker threads for regexes, grader processes, hashing): each is a share
 * of its start-up CPU (`npm run bench -- startup`, goal: within 3x node's own start-up).
 */

/** Source files of a run, never of validate. */
const RUN_ONLY_SOURCES = ['src/cli/run.ts', 'src/runSuite.ts', 'src/e2e/runE2e.ts', 'src/e2e/tokens.ts', 'src/report/terminal.ts', 'src/report/markdown.ts'];
/** Packages a run loads when it needs them. */
const RUN_ONLY_PACKAGES = ['gpt-tokenizer', 'openai', 'chromadb', 'pg'];
/** Built-ins fetched when first used (process.getBuiltinModule), not imported, by modules validate loads. */
const RUN_ONLY_BUILTINS = ['node:worker_threads', 'node:child_process', 'node:readline', 'node:crypto'];

/** The URLs of every module `dist/cli.js ...args` loads, in order. */
async function loadedModules(args: string[]): Promise<string[]> {
  const dir = tempDir('recall-gate-loaded-');
  const log = join(dir, 'loaded.txt');
  writeFileSync(log, '');
  const hooks = join(dir, 'hooks.mjs');
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) { appendFileSync(${JSON.stringify(log)}, url + '\\n'); return next(url, context); }\n`,
  );
  const register = `data:text/javascript,${encodeURIComponent(`import { register } from 'node:module'; register(${JSON.stringify(pathToFileURL(hooks).href)});`)}`;
  const code = await new Promise<number | null>((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', register, CLI, ...args], { cwd: REPO_ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME, RECALL_GATE_CACHE_DIR: join(dir, 'cache') }, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('close', resolvePromise);
  });
  assert.equal(code, 0, `dist/cli.js ${args.join(' ')} exited ${code}`);
  return readFileSync(log, 'utf8').split('\n').filter((url) => url !== '' && !url.startsWith('data:'));
}

/** The source files bundled into the dist files among `urls`, by esbuild's `// path` marker above each. */
function bundledSources(urls: readonly string[]): Set<string> {
  const sources = new Set<string>();
  for (const url of urls.filter((loaded) => loaded.startsWith('file:'))) {
    for (const [, source] of readFileSync(fileURLToPath(url), 'utf8').matchAll(/^\/\/ ((?:src|[./]*node_modules)\/\S+)$/gm)) sources.add(source!.replace(/^[./]*node_modules\//, 'node_modules/'));
  }
  return sources;
}

test('validate of the example suite loads neither the code of run nor the built-ins only a run starts', async () => {
  const urls = await loadedModules(['validate', 'suites/examples/assistant-memory/suite.yaml']);
  const sources = bundledSources(urls);
  // The markers are there to read: validate's own code and the suite loader are found by them.
  assert.ok(sources.has('src/cli/validate.ts') && sources.has('src/suite/load.ts'), `no source markers read from ${urls.join(', ')}`);
  assert.deepEqual(
    RUN_ONLY_SOURCES.filter((source) => sources.has(source)),
    [],
    'validate loaded run code',
  );
  assert.deepEqual(
    RUN_ONLY_PACKAGES.filter((name) => [...sources].some((source) => source.startsWith(`node_modules/${name}/`))),
    [],
    'validate loaded packages only a run needs',
  );
  assert.deepEqual(
    RUN_ONLY_BUILTINS.filter((name) => urls.includes(name)),
    [],
    'validate loaded built-ins only a run needs (fetch them where they are used: process.getBuiltinModule)',
  );
});

test('the same hook sees a run load them: the check above can fail', async () => {
  const out = tempDir('recall-gate-loaded-run-');
  const urls = await loadedModules(['run', 'suites/examples/assistant-memory/suite.yaml', '--out', out, '--layer', 'retrieval']);
  const sources = bundledSources(urls);
  assert.ok(sources.has('src/cli/run.ts') && sources.has('src/runSuite.ts'), [...sources].join('\n'));
});
