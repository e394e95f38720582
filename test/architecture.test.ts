// The import rules of src/ (ARCHITECTURE.md, .dependency-cruiser.mjs) hold, and `npm run lint` fails
// when an arrow turns back: dependency-cruiser, as the lint script runs it, on a copy of the
// sources with backward imports added, each of which one rule must name.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';
import { REPO_ROOT, tempDir } from './support/cli.js';

const DEPCRUISE = 'depcruise src --config .dependency-cruiser.mjs';

/** The sources and what resolving them needs, in a folder of their own. */
function copyOfSources(): string {
  const dir = tempDir('recall-gate-architecture-');
  for (const path of ['src', 'schema', 'package.json', 'tsconfig.json', '.dependency-cruiser.mjs']) cpSync(join(REPO_ROOT, path), join(dir, path), { recursive: true });
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

function addImport(dir: string, file: string, line: string): void {
  const path = join(dir, file);
  writeFileSync(path, `${line}\n${readFileSync(path, 'utf8')}`);
}

function depcruise(cwd: string): Promise<{ code: number | null; output: string }> {
  const [, ...args] = DEPCRUISE.split(' ');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(REPO_ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs'), ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('the import rules of src/', () => {
  test('npm run lint runs dependency-cruiser with the rules', () => {
    const scripts = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
    assert.ok(scripts.lint!.split('&&').map((part) => part.trim()).includes(DEPCRUISE), `lint is "${scripts.lint}"`);
  });

  test('the sources as they are pass', async () => {
    const dir = copyOfSources();
    const { code, output } = await depcruise(dir);
    rmSync(dir, { recursive: true, force: true });
    assert.equal(code, 0, output);
    assert.match(output, /no dependency violations found/);
  });

  test('a backward import fails it, each named by its rule', async () => {
    const dir = copyOfSources();
    // model/ reaching up (type-only: a type is a dependency too).
    addImport(dir, 'src/model/suite.ts', "import type { Target } from '../targets/types.js';");
    // A cycle inside stats/: bootstrap.ts imports random.ts.
    addImport(dir, 'src/stats/random.ts', "import type { UnitSamples } from './bootstrap.js';");
    // retrieval/ asking gate/ (the gate sits above it).
    addImport(dir, 'src/retrieval/runRetrieval.ts', "import { evaluateGate } from '../gate/evaluate.js';");
    // A renderer imported below the entry points.
    addImport(dir, 'src/e2e/aggregate.ts', "import { plainText } from '../report/escape.js';");
    // The protocol client used past memory/ and targets/.
    addImport(dir, 'src/e2e/openaiJudge.ts', "import { excerpt } from '../protocol/protocol.js';");
    const { code, output } = await depcruise(dir);
    rmSync(dir, { recursive: true, force: true });
    assert.notEqual(code, 0, output);
    const violations = output.split('\n').filter((line) => /^\s*error /.test(line));
    const named = (rule: string, from: string, to: string) => violations.some((line) => line.includes(`error ${rule}: ${from} → ${to}`));
    assert.ok(named('model-imports-only-model', 'src/model/suite.ts', 'src/targets/types.ts'), output);
    assert.ok(named('layer-order: model', 'src/model/suite.ts', 'src/targets/types.ts'), output);
    // A cycle is reported from one of its files, the loop listed below it.
    assert.match(output, /error no-circular: src\/stats\/(bootstrap|random)\.ts → \n\s+src\/stats\/(random|bootstrap)\.ts →/);
    assert.ok(named('layer-order: retrieval', 'src/retrieval/runRetrieval.ts', 'src/gate/evaluate.ts'), output);
    assert.ok(named('report-only-from-entry-points', 'src/e2e/aggregate.ts', 'src/report/escape.ts'), output);
    assert.ok(named('protocol-only-from-memory-and-targets', 'src/e2e/openaiJudge.ts', 'src/protocol/protocol.ts'), output);
  });

  test('model/ is plain types: every file of it compiles to nothing', () => {
    const dir = join(REPO_ROOT, 'src', 'model');
    for (const name of readdirSync(dir)) {
      const js = ts.transpileModule(readFileSync(join(dir, name), 'utf8'), { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022, removeComments: true } }).outputText;
      assert.equal(js.trim(), 'export {};', `src/model/${name} holds code:\n${js}`);
    }
  });
});
