import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import { IMPORT_FORMATS } from '../../src/import/formats.js';
import { DEFAULT_IMPORT_FLAGS, type ImportFlags } from '../../src/import/types.js';
import { writeImport } from '../../src/import/writeImport.js';
import type { ResultsDocument } from '../../src/model/results.js';
import { CLI, REPO_ROOT, runCli, tempDir } from '../support/cli.js';

/*
 * Suite data that validated but could not mean what it says: check texts
 * that are blank once normalised, dates that run backwards, imports too large
 * for one file or with nothing left to score. Each runs the built CLI.
 */

const TOY = join(REPO_ROOT, 'examples/adapter/agent.mjs');
const E2E_SUITE = (name: string) =>
  [`name: ${name}`, 'e2e:', `  target: { kind: command, command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(TOY)}, --stdio] }`, '  repeat: 1', '  cases: cases.yaml', ''].join('\n');

function suiteFolder(name: string, cases: string): string {
  const dir = tempDir('recall-gate-suite-');
  writeFileSync(join(dir, 'suite.yaml'), E2E_SUITE(name));
  writeFileSync(join(dir, 'cases.yaml'), cases);
  return dir;
}

describe('a check text that is blank once normalised is a validation error', () => {
  const CASES = [
    '- name: nbsp',
    '  ability: extraction',
    '  sessions: [{ user: "I live in Porto." }]',
    '  probe: { text: "Where do I live?" }',
    '  check: { contains: "\\u00a0" }',
    '- name: zero-width',
    '  ability: extraction',
    '  sessions: [{ user: "I live in Porto." }]',
    '  probe: { text: "Where do I live?" }',
    '  check: { icontains: "\\u200b" }',
    '- name: nested',
    '  ability: extraction',
    '  sessions: [{ user: "I live in Porto." }]',
    '  probe: { text: "Where do I live?" }',
    '  check: { any: [{ contains: porto }, { not: { regex: " " } }] }',
    '- name: values',
    '  ability: extraction',
    '  sessions: [{ user: "I live in Porto." }]',
    '  probe: { text: "Where do I live?" }',
    '  check: { all: [{ tool_called: { name: search, args: { q: { regex: "\\u2009" } } } }, { json_path: { path: "$.city", matches: "\\u200b" }, on: { artifact: "*.json" } }] }',
    '- name: case-texts',
    '  ability: extraction',
    '  sessions: [{ user: "I live in Porto." }]',
    '  probe: { text: "Where do I live?" }',
    // A no-break space inside words is fine: it reads as a space between them.
    '  check: { contains: "peanut\\u00a0free" }',
    '  evidence: ["I live in Porto.", "\\u3000"]',
    '  disallowed: [" "]',
    '',
  ].join('\n');

  test('contains, icontains, regex (at any depth), tool argument and json_path regexes, evidence and disallowed texts: each at file:line:col, saying what to write', async () => {
    const dir = suiteFolder('blank-checks', CASES);
    const result = await runCli(['validate', 'suite.yaml'], { cwd: dir });
    assert.equal(result.code, 2, result.stdout + result.stderr);
    const lines = result.stderr.split('\n');
    const at = (where: string) => lines.find((line) => line.startsWith(`cases.yaml:${where}: `)) ?? assert.fail(`no problem at ${where} in:\n${result.stderr}`);
    assert.match(at('5:22'), /contains "\\u00a0" is only white space once normalised .*so it would match every answer with a space \(write the words the answer must hold, e\.g\. contains: "Porto"; for any non-empty answer write regex: "\\S"\)/);
    assert.match(at('10:23'), /icontains "\\u200b" is empty once normalised .*so it would match every answer \(/);
    assert.match(at('15:55'), /the regex " " is only white space once normalised .*so it would match every answer with a space \(write a pattern for what the answer must say/);
    assert.match(at('20:69'), /the regex "\\u2009" is only white space once normalised .*every value with a space \(write a pattern for the value/);
    assert.match(at('20:127'), /the regex "\\u200b" is empty once normalised .*so it would match every value \(/);
    assert.match(at('26:34'), /evidence text "\\u3000" is only white space once normalised .*so every recalled memory would count as evidence \(write the words it stands for, or remove it from evidence\)/);
    assert.match(at('27:16'), /disallowed text " " is only white space once normalised .*would count as disallowed \(harmful recall\)/);
    assert.match(result.stderr, /7 problems found/, 'contains "peanut\\u00a0free" is not one of them');

    const run = await runCli(['run', 'suite.yaml', '--out', tempDir()], { cwd: dir });
    assert.equal(run.code, 2, 'run refuses the suite before anything runs');
    assert.match(run.stderr, /cases\.yaml:5:22: contains "\\u00a0"/);
  });
});

describe('dates that run backwards are validation warnings; validate and run print them and go on', () => {
  const CASES = [
    '- name: asked-too-early',
    '  ability: extraction',
    '  sessions:',
    '    - { date: 2026-03-02, user: "My dog is called Rex." }',
    '    - { date: 2026-04-10, user: "I live in Porto." }',
    '  probe: { date: 2026-04-01, text: "What is my dog called?" }',
    '  check: { icontains: rex }',
    '- name: backwards',
    '  ability: knowledge-update',
    '  sessions:',
    '    - { date: 2026-06-20, user: "The offsite budget is now 8,000 euros." }',
    '    - { date: 2026-04-01, user: "The offsite budget is 5,000 euros." }',
    '  probe: { date: 2026-07-01, text: "What is the offsite budget?" }',
    '  check: { first_amount: 8000 }',
    '- name: planted',
    '  ability: extraction',
    '  plant_from: asked-too-early',
    '  probe: { date: 2026-04-05, text: "Where do I live?" }',
    '  check: { icontains: porto }',
    '- name: in-order',
    '  ability: extraction',
    '  sessions:',
    '    - { date: 2026-03-02, user: "My cat is called Miso." }',
    '    - { date: 2026-03-02, user: "Miso is grey." }',
    '    - { user: "An undated session." }',
    '  probe: { date: 2026-03-02, text: "What is my cat called?" }',
    '  check: { icontains: miso }',
    '- name: undated-probe',
    '  ability: extraction',
    '  sessions: [{ date: 2026-03-02, user: "My cat is called Miso." }]',
    '  probe: { text: "What is my cat called?" }',
    '  check: { icontains: miso }',
    '',
  ].join('\n');
  const EXPECTED = [
    'cases.yaml:6:18: warning: the probe of case "asked-too-early" is dated 2026-04-01, before its session 2 (2026-04-10): the agent would be asked before it was told (date the probe on or after the last session, or correct the dates)',
    'cases.yaml:12:15: warning: session 2 of case "backwards" is dated 2026-04-01, before session 1 (2026-06-20): sessions are played in the order listed, so the agent would live them backwards in time (list the sessions in date order, or correct the date)',
    'cases.yaml:18:18: warning: the probe of case "planted" is dated 2026-04-05, before its session 2 (2026-04-10, planted from case "asked-too-early"): the agent would be asked before it was told (date the probe on or after the last session, or correct the dates)',
  ];

  test('validate exits 0 and prints each at file:line:col; run prints them too, runs every case and completes', async () => {
    const dir = suiteFolder('dates', CASES);
    const validate = await runCli(['validate', 'suite.yaml'], { cwd: dir });
    assert.equal(validate.code, 0, validate.stdout + validate.stderr);
    assert.match(validate.stdout, /suite\.yaml: ok \(no retrieval section; 5 e2e cases; 2 files read; 3 warnings\)/);
    assert.deepEqual(validate.stderr.trim().split('\n'), EXPECTED);

    const out = tempDir();
    const run = await runCli(['run', 'suite.yaml', '--out', out], { cwd: dir });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    for (const line of EXPECTED) assert.ok(run.stderr.includes(line), `run prints ${line}\n${run.stderr}`);
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as { status: string; e2e: { metrics: { trials: number } } };
    assert.equal(results.status, 'complete');
    assert.equal(results.e2e.metrics.trials, 5);
  });
});

const IMPORTS = join(REPO_ROOT, 'test/fixtures/import');
const readText = (path: string) => readFileSync(path, 'utf8');

/** Imports through the writer itself, with a part limit small enough to split the fixtures. */
async function importInParts(format: 'longmemeval' | 'locomo', source: string, partBytes: number, flags: Partial<ImportFlags> = {}, out = join(tempDir(), format)) {
  mkdirSync(out, { recursive: true });
  const report = await writeImport({ format, spec: IMPORT_FORMATS[format]!, source, displaySource: source, out, flags: { ...DEFAULT_IMPORT_FLAGS, ...flags }, cliPath: CLI, partBytes });
  return { out, report };
}

function retrievalFigures(dir: string) {
  const results = JSON.parse(readText(join(dir, 'results.json'))) as ResultsDocument;
  assert.equal(results.status, 'complete', results.errors.join('; '));
  const { memory_count, query_count, providers } = results.retrieval!;
  return { memory_count, query_count, metrics: Object.fromEntries(Object.entries(providers).map(([name, provider]) => [name, provider.metrics])) };
}

describe('an import too large for one file is written in parts the suite lists, each under the writer\'s limit', () => {
  test('LongMemEval with --e2e: memories, queries and cases in parts; validate reads them all, and run gives the figures of the one-file import', async () => {
    const source = join(IMPORTS, 'longmemeval/clean.json');
    const partBytes = 1024;
    const { out, report } = await importInParts('longmemeval', source, partBytes, { e2e: true });
    const parts = (name: string) => readdirSync(out).filter((file) => new RegExp(`^${name}-\\d+\\.`).test(file)).sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
    for (const name of ['memories', 'queries', 'cases']) {
      assert.ok(parts(name).length >= 2, `${name} is in parts: ${readdirSync(out).join(', ')}`);
      assert.ok(!existsSync(join(out, `${name}.${name === 'cases' ? 'yaml' : 'jsonl'}`)), `no whole ${name} file beside its parts`);
      for (const part of parts(name)) {
        const text = readText(join(out, part));
        const rows = name === 'cases' ? (parse(text) as unknown[]).length : text.trim().split('\n').length;
        assert.ok(statSync(join(out, part)).size <= partBytes || rows === 1, `${part} is under the limit, or one row alone`);
      }
    }
    assert.deepEqual(report.files, ['suite.yaml', ...parts('memories'), ...parts('queries'), ...parts('cases'), 'import-report.json']);
    const suite = parse(readText(join(out, 'suite.yaml'))) as { retrieval: { memories: unknown; queries: unknown }; e2e: { cases: unknown } };
    assert.deepEqual(suite.retrieval.memories, parts('memories').map((file) => ({ file })));
    assert.deepEqual(suite.retrieval.queries, parts('queries').map((file) => ({ file })));
    assert.deepEqual(suite.e2e.cases, parts('cases').map((file) => ({ file })));

    const validate = await runCli(['validate', join(out, 'suite.yaml')]);
    assert.equal(validate.code, 0, validate.stdout + validate.stderr);
    assert.match(validate.stdout, /ok \(3 providers, 17 memories, 7 queries; 6 e2e cases; /);

    const whole = join(tempDir(), 'whole');
    const imported = await runCli(['import', 'longmemeval', source, '--out', whole, '--e2e']);
    assert.equal(imported.code, 0, imported.stderr);
    assert.ok(existsSync(join(whole, 'memories.jsonl')), 'under the default limit one file, named as before');
    const [inParts, inOne] = [tempDir(), tempDir()];
    assert.equal((await runCli(['run', join(out, 'suite.yaml'), '--layer', 'retrieval', '--out', inParts])).code, 0);
    assert.equal((await runCli(['run', join(whole, 'suite.yaml'), '--layer', 'retrieval', '--out', inOne])).code, 0);
    assert.deepEqual(retrievalFigures(inParts), retrievalFigures(inOne));
  });

  test('LoCoMo goes through the same writer: its parts validate and run', async () => {
    const { out } = await importInParts('locomo', join(IMPORTS, 'locomo/quirks.json'), 512);
    assert.ok(existsSync(join(out, 'memories-2.jsonl')), readdirSync(out).join(', '));
    const run = await runCli(['run', join(out, 'suite.yaml'), '--out', tempDir()]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
  });

  test('an import over an earlier one (--force) leaves only its own files: no part of the earlier import stays', async () => {
    const source = join(IMPORTS, 'longmemeval/clean.json');
    const { out } = await importInParts('longmemeval', source, 1024, { e2e: true });
    await importInParts('longmemeval', source, 1024 * 1024, {}, out);
    assert.deepEqual(readdirSync(out).sort(), ['import-report.json', 'memories.jsonl', 'queries.jsonl', 'suite.yaml']);
    assert.equal((await runCli(['validate', join(out, 'suite.yaml')])).code, 0);
  });
});

describe('an import whose repairs leave no query a relevant memory writes no suite', () => {
  /** clean.json with every answer_session_ids naming a session no haystack has: each repaired away, every relevant set empty. */
  function unscorable(): string {
    const instances = JSON.parse(readText(join(IMPORTS, 'longmemeval/clean.json'))) as Record<string, unknown>[];
    const path = join(tempDir(), 'unscorable.json');
    writeFileSync(path, JSON.stringify(instances.map((instance) => ({ ...instance, answer_session_ids: ['no_such_session'] }))));
    return path;
  }

  test('exit 2 saying so after the repairs, and no folder left; over an earlier import (--force) that import stays whole', async () => {
    const source = unscorable();
    const out = join(tempDir(), 'lme');
    const result = await runCli(['import', 'longmemeval', source, '--out', out]);
    assert.equal(result.code, 2, result.stdout + result.stderr);
    assert.match(result.stderr, /answer_session_ids names a session not in the haystack: ignored \(no_such_session\)/);
    assert.match(result.stderr, /unscorable\.json gives no suite that validates: none of the 7 queries kept has a relevant memory \(each has relevant: \[\]\), so there is nothing to score/);
    assert.equal(existsSync(out), false);

    const earlier = join(tempDir(), 'earlier');
    assert.equal((await runCli(['import', 'longmemeval', join(IMPORTS, 'longmemeval/clean.json'), '--out', earlier])).code, 0);
    const before = readdirSync(earlier).sort().map((file) => [file, readText(join(earlier, file))]);
    const again = await runCli(['import', 'longmemeval', source, '--out', earlier, '--force']);
    assert.equal(again.code, 2, again.stdout + again.stderr);
    assert.deepEqual(readdirSync(earlier).sort().map((file) => [file, readText(join(earlier, file))]), before);
    assert.equal((await runCli(['validate', join(earlier, 'suite.yaml')])).code, 0);
  });

  test('with --e2e the cases still make a suite: written without the retrieval layer, and said so', async () => {
    const out = join(tempDir(), 'lme');
    const result = await runCli(['import', 'longmemeval', unscorable(), '--out', out, '--e2e']);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.match(result.stderr, /note: no retrieval layer written: none of the 7 queries kept has a relevant memory/);
    assert.match(result.stdout, /run: recall-gate run .*suite\.yaml --layer e2e/);
    assert.deepEqual(readdirSync(out).sort(), ['cases.yaml', 'import-report.json', 'suite.yaml']);
    const validate = await runCli(['validate', join(out, 'suite.yaml')]);
    assert.equal(validate.code, 0, validate.stdout + validate.stderr);
  });
});
