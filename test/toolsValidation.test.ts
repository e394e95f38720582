import assert from 'node:assert/strict';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { main } from '../src/cli/main.js';
import { trialFingerprint } from '../src/e2e/fingerprint.js';
import { RecallGateError, formatProblem } from '../src/errors.js';
import { loadSuite } from '../src/suite/load.js';
import type { BuiltinTargetSpec, Suite } from '../src/model/suite.js';
import { REPO_ROOT, tempDir } from './support/cli.js';

/*
 * e2e.target.tools as the suite loader reads it: inline or from a file beside
 * the suite, every problem at its file:line:col. In each suite written here
 * the lines a test gives start at line 13, column 5 (after kind, model, memory).
 */

const HEAD = `name: tools
retrieval:
  providers: [{ name: kw, kind: keyword }]
  memories: [{ id: m1, text: "The staging host is db-2." }]
  queries: [{ text: "staging host", relevant: [m1] }]
e2e:
  cases:
    - { name: c1, ability: recall, sessions: [{ user: "hi" }], probe: { text: "q" }, check: { contains: "x" } }
  target:
`;
const BUILTIN = ['kind: builtin', 'model: gpt-5-mini', 'memory: { provider: kw }'];
const CONNECT = '{ name: connect_db, parameters: { type: object, properties: { host: { type: string } }, required: [host] }, returns: { ok: true, host: "{host}" } }';

/** A suite folder whose target has `lines` (after kind, model and memory: from line 13) and the other files given. */
function suiteDir(lines: string[], files: Record<string, string> = {}, target = BUILTIN): string {
  const dir = tempDir('recall-gate-tools-');
  writeFileSync(join(dir, 'suite.yaml'), HEAD + [...target, ...lines].map((line) => `    ${line}\n`).join(''));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

function load(dir: string): Suite {
  return loadSuite('suite.yaml', dir);
}

/** The problems as the CLI prints them. */
function problemsOf(dir: string): string[] {
  try {
    load(dir);
  } catch (error) {
    assert.ok(error instanceof RecallGateError && error.code === 'invalid-input', String(error));
    return error.problems.map(formatProblem);
  }
  assert.fail('the suite loaded but should have been rejected');
}

describe('e2e.target.tools', () => {
  test('inline tools load with their positions, and max_tool_rounds as written', () => {
    const target = load(suiteDir(['max_tool_rounds: 2', 'tools:', `  - ${CONNECT}`])).e2e!.target as BuiltinTargetSpec;
    assert.equal(target.max_tool_rounds, 2);
    assert.deepEqual(target.tools, [
      {
        name: 'connect_db',
        parameters: { type: 'object', properties: { host: { type: 'string' } }, required: ['host'] },
        returns: { ok: true, host: '{host}' },
        where: { file: 'suite.yaml', line: 15, col: 9 },
      },
    ]);
  });

  test('a tools file is read relative to the suite, and is one of the files the suite read', () => {
    const dir = suiteDir(['tools: tools.yaml'], { 'tools.yaml': `- ${CONNECT}\n` });
    const suite = load(dir);
    const target = suite.e2e!.target as BuiltinTargetSpec;
    assert.equal(target.tools![0]!.name, 'connect_db');
    assert.deepEqual(target.tools![0]!.where, { file: 'tools.yaml', line: 1, col: 3 });
    assert.ok(suite.files.includes(join(dir, 'tools.yaml')));
  });

  test('the tools are part of the target fingerprint: a changed returns invalidates a resume, the file they come from does not', () => {
    const fingerprintOf = (dir: string) => {
      const suite = load(dir);
      return trialFingerprint(suite.e2e!.cases[0]!, 'recall', { target: suite.e2e!.target }).target;
    };
    const inline = fingerprintOf(suiteDir(['tools:', `  - ${CONNECT}`]));
    assert.equal(fingerprintOf(suiteDir(['tools: tools.yaml'], { 'tools.yaml': `- ${CONNECT}\n` })), inline);
    assert.notEqual(fingerprintOf(suiteDir(['tools:', `  - ${CONNECT.replace('ok: true', 'ok: false')}`])), inline);
    assert.notEqual(fingerprintOf(suiteDir([])), inline);
  });

  test('a name the chat API refuses, and a duplicate name', () => {
    assert.deepEqual(problemsOf(suiteDir(['tools:', '  - { name: connect db, parameters: { type: object } }'])), [
      'suite.yaml:14:17: "name" must be 1 to 64 letters, digits, "_" or "-" (the chat API\'s rule for tool names); got "connect db"',
    ]);
    assert.deepEqual(problemsOf(suiteDir(['tools:', `  - ${CONNECT}`, '  - { name: connect_db, parameters: { type: object } }'])), [
      'suite.yaml:15:17: duplicate tool name "connect_db" (first defined at suite.yaml:14:17)',
    ]);
  });

  test('parameters ajv cannot compile are reported with ajv\'s message at the parameters', () => {
    assert.deepEqual(problemsOf(suiteDir(['tools:', '  - { name: connect_db, parameters: { type: object, requried: [host] } }'])), [
      'suite.yaml:14:41: tool "connect_db": parameters is not a JSON Schema that compiles: strict mode: unknown keyword: "requried" (fix the schema where ajv\'s message points)',
    ]);
    const [typo] = problemsOf(suiteDir(['tools:', '  - { name: connect_db, parameters: { type: object, properties: { host: { type: strng } } } }']));
    assert.match(typo!, /^suite\.yaml:14:41: tool "connect_db": parameters is not a JSON Schema that compiles: schema is invalid: data\/properties\/host\/type must be equal to one of the allowed values/);
    assert.deepEqual(problemsOf(suiteDir(['tools:', '  - { name: connect_db, parameters: { type: string } }'])), [
      'suite.yaml:14:41: tool "connect_db": parameters must be a JSON Schema of an object (type: object): a call\'s arguments are always one (add type: object and put the arguments under properties)',
    ]);
  });

  test('missing parameters, an unknown key, a bad max_tool_rounds', () => {
    assert.deepEqual(problemsOf(suiteDir(['max_tool_rounds: 0', 'tools:', '  - { name: connect_db, retruns: 1 }'])), [
      'suite.yaml:13:22: "max_tool_rounds" must be >= 1',
      'suite.yaml:15:9: missing required key "parameters"',
      'suite.yaml:15:29: unknown key "retruns" (did you mean "returns"?)',
    ]);
  });

  test('a template naming no parameter is reported where it is written', () => {
    assert.deepEqual(
      problemsOf(
        suiteDir([
          'tools:',
          '  - { name: write_file, parameters: { type: object, properties: { path: { type: string }, content: { type: string } } }, returns: "wrote {pth}" }',
          '  - { name: save, parameters: { type: object, properties: { path: { type: string } } }, artifact: { path: "{path}", content: "{body}" } }',
        ]),
      ),
      [
        'suite.yaml:14:135: tool "write_file": {pth} names no parameter (it would render empty) (did you mean "path"?)',
        'suite.yaml:15:103: tool "save": {body} names no parameter (it would render empty) (its parameters: path)',
      ],
    );
  });

  test('problems in a tools file are reported in it; a missing or empty one where the suite names it', () => {
    assert.deepEqual(problemsOf(suiteDir(['tools: tools.yaml'], { 'tools.yaml': '- name: connect_db\n  parameters: { type: object }\n- name: bad name\n  parameters: { type: object }\n' })), [
      'tools.yaml:3:9: "name" must be 1 to 64 letters, digits, "_" or "-" (the chat API\'s rule for tool names); got "bad name"',
    ]);
    assert.deepEqual(problemsOf(suiteDir(['tools: tools.yaml'])).map((line) => line.replace(/ \(.*$/, '')), [`suite.yaml:13:12: cannot read tools.yaml: file not found`]);
    assert.deepEqual(problemsOf(suiteDir(['tools: tools.yaml'], { 'tools.yaml': '[]\n' })), ['suite.yaml:13:12: tools.yaml holds no tools (a suite needs at least one)']);
    assert.deepEqual(problemsOf(suiteDir(['tools: tools.yaml'], { 'tools.yaml': 'name: connect_db\n' })), ['tools.yaml:1:1: tools.yaml must hold a list of tools']);
  });

  test('tools on a target that is not builtin', () => {
    assert.deepEqual(problemsOf(suiteDir(['tools:', `  - ${CONNECT}`, 'max_tool_rounds: 2'], {}, ['kind: command', 'command: [node, agent.mjs]'])), [
      'suite.yaml:12:5: "tools" only applies to the builtin target (an adapter reports the tool calls its agent made (tool_calls in its chat result))',
      'suite.yaml:14:5: "max_tool_rounds" only applies to the builtin target (an adapter reports the tool calls its agent made (tool_calls in its chat result))',
    ]);
  });

  test('the example agent-actions/suite.builtin.yaml and its tools.yaml load (beside a cases file of our own: cases.yaml belongs to suite.yaml too)', () => {
    const dir = tempDir('recall-gate-tools-example-');
    for (const file of ['suite.builtin.yaml', 'tools.yaml']) copyFileSync(join(REPO_ROOT, 'suites/examples/agent-actions', file), join(dir, file));
    writeFileSync(join(dir, 'cases.yaml'), '- { name: c1, ability: recall, sessions: [{ user: "hi" }], probe: { text: "q" }, check: { contains: "x" }, harmful: { contains: "db-staging-1" } }\n');
    const target = loadSuite('suite.builtin.yaml', dir).e2e!.target as BuiltinTargetSpec;
    assert.deepEqual(target.tools!.map((tool) => tool.name), ['connect_db', 'list_migrations', 'write_file', 'list_expenses']);
    assert.deepEqual(target.tools!.find((tool) => tool.name === 'write_file')!.artifact, { path: '{path}', content: '{content}' });
    assert.equal(target.max_tool_rounds, 5);
  });

  test('recall-gate validate exits 2 and prints the problem at file:line:col', async () => {
    const dir = suiteDir(['tools:', '  - { name: connect_db, parameters: { type: object, requried: [host] } }']);
    const err: string[] = [];
    const status = await main(['validate', 'suite.yaml'], { cwd: dir, env: {}, stdout: () => undefined, stderr: (text) => void err.push(text) });
    assert.equal(status, 2);
    assert.match(err.join(''), /^suite\.yaml:14:41: tool "connect_db": parameters is not a JSON Schema that compiles: strict mode: unknown keyword: "requried"/m);
    assert.doesNotMatch(err.join(''), /at .*\.js:\d+/, 'no stack trace');
  });
});
