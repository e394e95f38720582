import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
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
