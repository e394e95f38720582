// What `npm i -D recall-gate` gives a user: the tarball `npm pack` makes, installed offline into
// an empty project. It must be one package (everything it runs is bundled), run the CLI through
// its bin, serve `recall-gate/adapter` through the package's exports, and carry its LICENSE and
// the example suites (with the example adapter some of them run), which validate and run from
// where they are installed.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from '../support/cli.js';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

test('the packed tarball installs as one package, offline, and its CLI and adapter SDK work', { skip: !existsSync(join(REPO_ROOT, 'dist', 'cli.js')) && 'dist/ is not built (npm run bundle)' }, (t) => {
  const work = mkdtempSync(join(tmpdir(), 'recall-gate-pack-'));
  t.after(() => rmSync(work, { recursive: true, force: true }));
  // --ignore-scripts: packing must not run a prepare step; the tarball is dist/ as committed.
  const packed = JSON.parse(execFileSync(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: REPO_ROOT, encoding: 'utf8' })) as { filename: string; files: { path: string }[] }[];
  const files = packed[0]!.files.map((file) => file.path).sort();
  assert.ok(files.includes('dist/cli.js') && files.includes('dist/adapter.js') && files.includes('dist/adapter.d.ts'), files.join(', '));
  assert.ok(!files.includes('dist/index.js'), 'the Action bundle is used from the repository, not from npm');
  // The examples ship as written: not the packages CI installs beside them, nor Python's bytecode caches.
  assert.deepEqual(files.filter((file) => /(^|\/)(node_modules|__pycache__)\//.test(file)), []);
  for (const shipped of ['LICENSE', 'suites/examples/assistant-memory/suite.yaml', 'suites/examples/assistant-memory/memories.jsonl', 'examples/adapter/agent.mjs', 'docs/README.md']) {
    assert.ok(files.includes(shipped), `${shipped} is not in the tarball`);
  }
  // The docs a user reads in node_modules point at examples, suites, templates and docs they can open: each such link
  // finds its file in the package (links into src/, scripts/ and the repository's own notes are for its readers).
  for (const doc of files.filter((file) => file.endsWith('.md'))) {
    for (const [, target] of readFileSync(join(REPO_ROOT, doc), 'utf8').matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
      const path = posix.normalize(posix.join(posix.dirname(doc), target!));
      if (/^[a-z]+:/.test(target!) || !/^(examples|suites|docs|templates|python)\//.test(path)) continue;
      assert.ok(files.includes(path) || files.some((file) => file.startsWith(`${path.replace(/\/$/, '')}/`)), `${doc} links to ${target}, which the package does not hold`);
    }
  }

  const project = join(work, 'project');
  cpSync(join(REPO_ROOT, 'suites', 'examples', 'assistant-memory'), join(project, 'suite'), { recursive: true });
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  // --offline: a package with no dependencies needs nothing from the registry.
  execFileSync(npm, ['install', '--offline', '--no-audit', '--no-fund', '--save-dev', join(work, packed[0]!.filename)], { cwd: project, encoding: 'utf8' });
  assert.deepEqual(readdirSync(join(project, 'node_modules')).filter((name) => !name.startsWith('.')), ['recall-gate'], 'only recall-gate itself is installed');

  const cli = join(project, 'node_modules', '.bin', 'recall-gate');
  assert.match(execFileSync(cli, ['--version'], { cwd: project, encoding: 'utf8' }), /^\d+\.\d+\.\d+/);
  assert.match(execFileSync(cli, ['validate', 'suite/suite.yaml'], { cwd: project, encoding: 'utf8' }), /suite\/suite\.yaml: ok \(2 providers, 18 memories, 18 queries/);
  // A problem is reported by `yaml`, which the package carries in a file of its own (dist/yaml.cjs), loaded only then.
  writeFileSync(join(project, 'broken.yaml'), 'name: broken\nproviders: [unclosed\n');
  const broken = spawnSync(cli, ['validate', 'broken.yaml'], { cwd: project, encoding: 'utf8' });
  assert.equal(broken.status, 2, broken.stdout + broken.stderr);
  assert.match(broken.stderr, /^broken\.yaml:\d+:\d+: /m);
  // A .jsonl line's syntax error is placed by jsonc-parser, carried in a file of its own too (dist/jsonc-parser.cjs).
  writeFileSync(join(project, 'lines.yaml'), 'name: lines\nretrieval:\n  providers: [{ name: keyword, kind: keyword }]\n  memories: lines.jsonl\n  queries: [{ id: q1, user: u1, text: tofu, relevant: [m1] }]\n');
  writeFileSync(join(project, 'lines.jsonl'), '{"id": "m1", "user": "u1", "text": "tofu",}\n');
  const badLine = spawnSync(cli, ['validate', 'lines.yaml'], { cwd: project, encoding: 'utf8' });
  assert.equal(badLine.status, 2, badLine.stdout + badLine.stderr);
  assert.match(badLine.stderr, /^lines\.jsonl:1:43: row is not valid JSON: trailing comma before "}"/m);
  const exported = execFileSync(process.execPath, ['--input-type=module', '-e', "const m = await import('recall-gate/adapter'); console.log(Object.keys(m).sort().join(','))"], { cwd: project, encoding: 'utf8' });
  assert.equal(exported.trim(), 'AdapterError,ErrorCode,serveAdapter');

  // The example suites as installed: validated through npx, and one that plays its cases to the
  // example adapter (which imports recall-gate/adapter from the package it sits in) runs green; its tools' schemas
  // are compiled by ajv, and its checks' artifact globs by picomatch, which the package carries in files of their own too
  // (dist/ajv.cjs, dist/picomatch.cjs).
  const installedExamples = join(project, 'node_modules', 'recall-gate', 'suites', 'examples');
  const exampleSuite = join(installedExamples, 'assistant-memory', 'suite.yaml');
  assert.ok(existsSync(exampleSuite), 'the installed package has suites/examples/assistant-memory/suite.yaml');
  const validated = spawnSync(npx, ['--no', 'recall-gate', 'validate', exampleSuite], { cwd: project, encoding: 'utf8' });
  assert.equal(validated.status, 0, validated.stdout + validated.stderr);
  assert.match(validated.stdout, /assistant-memory\/suite\.yaml: ok \(2 providers, 18 memories, 18 queries/);
  const withTools = spawnSync(cli, ['validate', join(installedExamples, 'agent-actions', 'suite.builtin.yaml')], { cwd: project, encoding: 'utf8' });
  assert.equal(withTools.status, 0, withTools.stdout + withTools.stderr);
  const ran = spawnSync(cli, ['run', join(installedExamples, 'agent-actions', 'suite.yaml'), '--out', join(work, 'agent-actions-results')], { cwd: project, encoding: 'utf8' });
  assert.equal(ran.status, 0, ran.stdout + ran.stderr);
  assert.match(ran.stdout, /gate PASSED/);

  // An install missing a library file it loads when first needed says so, with what to do, not a stack trace.
  rmSync(join(project, 'node_modules', 'recall-gate', 'dist', 'jsonc-parser.cjs'));
  const incomplete = spawnSync(cli, ['validate', 'lines.yaml'], { cwd: project, encoding: 'utf8' });
  assert.equal(incomplete.status, 3, incomplete.stdout + incomplete.stderr);
  assert.match(incomplete.stderr, /cannot load \.\/jsonc-parser\.cjs, a library it loads when first needed: the installation is incomplete/);
  assert.match(incomplete.stderr, /install recall-gate again/);
  assert.doesNotMatch(incomplete.stderr, /unexpected error|\n {4}at /);
});
