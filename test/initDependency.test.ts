import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { recallGateDependency } from '../src/cli/init.js';
import { tempDir } from './support/cli.js';

/**
 * What init's package.json (mem0, langgraph, letta) depends on recall-gate by,
 * for each way the running copy may have been installed: never the bare
 * version, which the registry does not have.
 */

/** A folder with a package.json holding `manifest` (as text when a string). */
function withManifest(folder: string, manifest: unknown): string {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'package.json'), typeof manifest === 'string' ? manifest : JSON.stringify(manifest));
  return folder;
}

test('run from a clone: the clone, as a path from the suite folder', () => {
  const root = tempDir();
  const clone = withManifest(join(root, 'recall-gate'), { name: 'recall-gate' });
  assert.equal(recallGateDependency(clone, join(root, 'app', 'evals', 'memory')), 'file:../../../recall-gate');
});

test("installed from a tarball: the project's own spec, its path rebased to the suite folder", () => {
  const root = tempDir();
  const project = withManifest(join(root, 'app'), { name: 'app', devDependencies: { 'recall-gate': 'file:../recall-gate-0.1.0.tgz' } });
  const installed = join(project, 'node_modules', 'recall-gate');
  assert.equal(recallGateDependency(installed, join(project, 'evals', 'mem0')), 'file:../../../recall-gate-0.1.0.tgz');
});

test("pnpm's nested store: the spec of the nearest package.json above that names it; a registry or git spec as given", () => {
  const root = tempDir();
  const project = withManifest(join(root, 'app'), { name: 'app', dependencies: { 'recall-gate': 'github:owner/recall-gate#v0.1.0' } });
  const installed = join(project, 'node_modules', '.pnpm', 'recall-gate@0.1.0', 'node_modules', 'recall-gate');
  assert.equal(recallGateDependency(installed, join(project, 'evals', 'memory')), 'github:owner/recall-gate#v0.1.0');
});

test('no package.json above names it (a global install, a workspace root): the installed folder itself', () => {
  const root = tempDir();
  withManifest(join(root, 'prefix'), { name: 'workspace-root', workspaces: ['packages/*'] });
  const installed = join(root, 'prefix', 'lib', 'node_modules', 'recall-gate');
  assert.equal(recallGateDependency(installed, join(root, 'app', 'evals', 'memory')), 'file:../../../prefix/lib/node_modules/recall-gate');
});

test('a malformed package.json above is passed over, never a crash: not JSON, lists that are null, specs that are not strings', () => {
  const root = tempDir();
  const project = withManifest(join(root, 'app'), { dependencies: null, devDependencies: { 'recall-gate': 5 }, optionalDependencies: ['recall-gate'] });
  withManifest(root, 'not json');
  const installed = join(project, 'node_modules', 'recall-gate');
  assert.equal(recallGateDependency(installed, join(project, 'evals', 'memory')), 'file:../../node_modules/recall-gate');
});
