import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { REPO_ROOT, runCli, tempDir } from '../support/cli.js';

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
