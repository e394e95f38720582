import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { ResultsDocument } from '../../src/report/results.js';
import { REPO_ROOT, runCli, tempDir } from '../support/cli.js';
import { EXAMPLE_ADAPTER, startHttpAdapter } from '../support/adapterProcess.js';

const AGENT = EXAMPLE_ADAPTER;
const CASES = join(REPO_ROOT, 'suites/examples/assistant-memory/cases.yaml');

function suiteWithTarget(target: string): string {
  const dir = tempDir('recall-gate-suite-');
  const path = join(dir, 'suite.yaml');
  writeFileSync(path, ['name: adapter-e2e', 'e2e:', `  target: ${target}`, '  repeat: 2', '  conditions: [recall, none]', `  cases: ${JSON.stringify(CASES)}`, ''].join('\n'));
  return path;
}

function check(out: string): ResultsDocument {
  const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as ResultsDocument;
  const e2e = results.e2e!;
  // The toy agent quotes the best recalled memory with its date, or says it does not know.
  assert.equal(e2e.abilities['knowledge-update']!.conditions.recall!.pass_rate, 1);
  assert.equal(e2e.abilities['knowledge-update']!.conditions.none!.pass_rate, 0);
  assert.equal(e2e.abilities.temporal!.conditions.recall!.pass_rate, 1);
  assert.equal(e2e.abilities.abstention!.conditions.recall!.pass_rate, 1);
  assert.equal(e2e.abilities.isolation!.conditions.recall!.pass_rate, 1);
  assert.equal(e2e.metrics.errors, 0);
  return results;
}

test('a command target: the example adapter over stdin/stdout drives the e2e layer', { timeout: 120_000 }, async () => {
  const out = tempDir();
  const result = await runCli(['run', suiteWithTarget(`{ kind: command, command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(AGENT)}, --stdio] }`), '--layer', 'e2e', '--out', out]);
  assert.equal(result.code, 0, result.stdout + result.stderr);
  const results = check(out);
  assert.equal(results.e2e!.target.kind, 'command');
});

test('an http target: the example adapter over HTTP drives the e2e layer', { timeout: 120_000 }, async () => {
  const adapter = await startHttpAdapter();
  try {
    const out = tempDir();
    const result = await runCli(['run', suiteWithTarget(`{ kind: http, url: "${adapter.url}" }`), '--layer', 'e2e', '--out', out]);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    check(out);
  } finally {
    await adapter.stop();
  }
});
