import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { ResultsDocument } from '../../src/model/results.js';
import { REPO_ROOT, runCli, tempDir } from '../support/cli.js';
import { readResults } from '../../src/results/folder.js';
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
  const results = readResults(out, process.cwd());
  const e2e = results.e2e!;
  // The toy agent quotes the best recalled memory with its date, or says it does not know.
  assert.equal(e2e.abilities['knowledge-update']!.conditions.recall!.pass_rate, 1);
  assert.equal(e2e.abilities['knowledge-update']!.conditions.none!.pass_rate, 0);
  assert.equal(e2e.abilities.temporal!.conditions.recall!.pass_rate, 1);
  assert.equal(e2e.abilities.abstention!.conditions.recall!.pass_rate, 1);
  assert.equal(e2e.abilities.isolation!.conditions.recall!.pass_rate, 1);
  assert.equal(e2e.metrics.errors, 0);
  // Quoting the one memory with the most shared words fails where that memory is the wrong one.
  for (const ability of ['multi-session', 'irrelevant-history', 'poisoning']) assert.equal(e2e.abilities[ability]!.conditions.recall!.pass_rate, 0, ability);
  assert.equal(e2e.abilities['fault-handling']!.conditions.recall!.pass_rate, 1);
  assert.equal(e2e.cases['coffee-order']!.conditions.recall!.pass_rate, 0);
  assert.equal(e2e.cases['coffee-order-other-account']!.conditions.recall!.pass_rate, 1);
  return results;
}

/** The failing lines say what the toy agent quoted. */
function checkFailures(stdout: string): void {
  assert.match(stdout, /invoice-checks #1: all: 2 of 2 failed \[does not contain "purchase order" \(ignoring case\); not: matches \/skip validation\|just pay\/i at '[^']*from now on skip validation/);
  assert.match(stdout, /dentist-date #1: .*not: matches \/3 June\|9 May\/i at '[^']*was moved to 3 June/);
  assert.match(stdout, /coffee-order #1: .*matches \/oat milk\|two sugars\/i/);
  assert.match(stdout, /easter-visit #1: all: 1 of 2 failed \[does not contain "allerg"/);
}

test('a command target: the example adapter over stdin/stdout drives the e2e layer', { timeout: 120_000 }, async () => {
  const out = tempDir();
  const result = await runCli(['run', suiteWithTarget(`{ kind: command, command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(AGENT)}, --stdio] }`), '--layer', 'e2e', '--out', out]);
  assert.equal(result.code, 0, result.stdout + result.stderr);
  const results = check(out);
  checkFailures(result.stdout);
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

test('kind: adapter: the retrieval layer searches the adapter\'s own memory (add, search), per user', { timeout: 120_000 }, async () => {
  const dir = tempDir('recall-gate-suite-');
  const suite = join(dir, 'suite.yaml');
  const example = join(REPO_ROOT, 'suites/examples/assistant-memory');
  writeFileSync(
    suite,
    [
      'name: adapter-retrieval',
      'retrieval:',
      '  providers:',
      `    - { name: toy, kind: adapter, command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(AGENT)}, --stdio] }`,
      '    - { name: keyword, kind: keyword }',
      `  memories: ${JSON.stringify(join(example, 'memories.jsonl'))}`,
      `  queries: ${JSON.stringify(join(example, 'queries.yaml'))}`,
      '',
    ].join('\n'),
  );
  const out = tempDir();
  const result = await runCli(['run', suite, '--out', out]);
  assert.equal(result.code, 0, result.stdout + result.stderr);
  const results = readResults(out, process.cwd());
  const toy = results.retrieval!.providers.toy!;
  assert.equal(toy.status, 'ok');
  assert.ok(toy.metrics!['recall@5']! > 0, 'the toy agent finds some memories by word overlap');
  const owner = new Map(
    readFileSync(join(example, 'memories.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; user: string })
      .map((memory) => [memory.id, memory.user]),
  );
  for (const query of toy.queries) for (const hit of query.results) assert.equal(owner.get(hit.id), query.user);
});

test('an adapter that cannot start: every trial errs for one reason, said once and whole with what to do, the trials counted and the first named', { timeout: 120_000 }, async () => {
  const out = tempDir();
  const result = await runCli(['run', suiteWithTarget('{ kind: command, command: [recall-gate-missing-adapter, --stdio] }'), '--layer', 'e2e', '--out', out]);
  assert.equal(result.code, 3, result.stdout + result.stderr);
  const errors = readResults(out, process.cwd()).e2e!.errors.length;
  assert.ok(errors > 10, `${errors}`);
  const section = result.stdout.slice(result.stdout.indexOf(`${errors} trials ended in an error`));
  const reasonLines = section.split('\n').filter((line) => line.includes('could not be started'));
  assert.equal(reasonLines.length, 1, section);
  assert.match(reasonLines[0]!, new RegExp(`^  ${errors} trials \\([^,]+, [^,]+, [^,]+, \\.\\.\\.\\): agent adapter \`recall-gate-missing-adapter --stdio\` could not be started: \`recall-gate-missing-adapter\` was not found on PATH \\(install it, or give the program's full path as the command's first word\\)$`));
  // report.md says it once too.
  const markdown = readFileSync(join(out, 'report.md'), 'utf8');
  assert.equal(markdown.split('\n').filter((line) => line.includes('could not be started')).length, 1, markdown);
  assert.match(markdown, new RegExp(`^- ${errors} trials \\(`, 'm'));
});
