import assert from 'node:assert/strict';
import { test } from 'node:test';
import { COMMAND_HELP, UNDESCRIBED } from '../../src/cli/help.js';
import { DEFAULT_PG_TIMEOUT_MS } from '../../src/export/postgres.js';
import { runCli } from '../support/cli.js';

/**
 * Every command's --help (and -h), run as users run it (dist/cli.js as a
 * process): exit 0, its arguments, and every option its parser accepts with
 * a description and its default; and the errors of a mistyped option or
 * command, with the closest one.
 */

const COMMANDS = Object.keys(COMMAND_HELP);

/** The options a help text lists, by name: "--out DIR ... (default: x)" -> { out: "... (default: x)" }. */
function optionsListed(help: string): Map<string, string> {
  const section = help.split('\noptions:\n')[1] ?? '';
  const listed = new Map<string, string>();
  for (const [, name, rest] of section.matchAll(/^ {2}(?:-h, )?--([\w-]+)(.*(?:\n {26}.*)?)$/gm)) listed.set(name!, rest!);
  return listed;
}

for (const command of COMMANDS) {
  test(`${command} --help and -h exit 0 with its usage, arguments and every option its parser accepts, each described`, async () => {
    const long = await runCli([command, '--help']);
    assert.equal(long.code, 0, long.stdout + long.stderr);
    assert.equal(long.stderr, '');
    const help = long.stdout;
    assert.ok(help.startsWith(`recall-gate ${command}: ${COMMAND_HELP[command]!.summary}\n\nusage: recall-gate ${command}`), help);
    for (const [argument] of COMMAND_HELP[command]!.arguments) assert.ok(help.includes(`\n  ${argument}`), `${command}: argument ${argument}`);
    // The parser's options are the ones listed (help is built from them): each has a description here...
    assert.ok(!help.includes(UNDESCRIBED), `${command}: an option the parser accepts has no description in src/cli/help.ts:\n${help}`);
    // ...and every option described is one the parser accepts.
    const listed = optionsListed(help);
    for (const name of Object.keys(COMMAND_HELP[command]!.options)) assert.ok(listed.has(name), `${command}: --${name} is described in src/cli/help.ts but the parser does not accept it`);
    assert.ok(listed.has('help'), `${command}: -h, --help`);

    const short = await runCli([command, '-h']);
    assert.equal(short.code, 0);
    assert.equal(short.stdout, help);
    // `recall-gate help <command>` is the same page.
    const named = await runCli(['help', command]);
    assert.equal(named.code, 0);
    assert.equal(named.stdout, help);
  });
}

test('help shows each option\'s default: the parser\'s, or in words where it depends on something else', async () => {
  const defaults: [string, string, RegExp][] = [
    ['run', 'out', /\(default: recall-gate-results\)$/],
    ['run', 'split', /\(default: all\)$/],
    ['run', 'layer', /\(default: retrieval, or e2e for a suite with only end-to-end cases\)$/],
    ['run', 'concurrency', /\(default: the suite's e2e\.concurrency \(4\)\)$/],
    ['score', 'k', /\(default: 1,3,5,10\)$/],
    ['score', 'qrels', /\(default: \(required\)\)$/],
    ['import', 'unit', /\(default: turn\)$/],
    ['init', 'agent', /\(default: node\)$/],
    ['export', 'postgres', /\(default: \$RECALL_GATE_POSTGRES_URL\)$/],
    ['export', 'pg-timeout-ms', new RegExp(`\\(default: ${DEFAULT_PG_TIMEOUT_MS}\\)$`)],
  ];
  for (const [command, option, expected] of defaults) {
    const { stdout } = await runCli([command, '--help']);
    assert.match(optionsListed(stdout).get(option) ?? '', expected, `${command} --${option}:\n${stdout}`);
  }
  // A value's name beside its option, a flag alone.
  const { stdout } = await runCli(['run', '--help']);
  assert.match(stdout, /\n {2}--out DIR +the results folder/);
  assert.match(stdout, /\n {2}--json +print results\.json/);
  assert.match(stdout, /\n {2}--layer retrieval\|e2e\|all\|auto\n {26}which layers run/);
});

test('--help wins over everything else on the line, but not after "--", where it is an argument', async () => {
  const helped = await runCli(['run', 'missing.yaml', '--layer', 'nonsense', '--outt', 'x', '--help']);
  assert.equal(helped.code, 0, helped.stderr);
  assert.match(helped.stdout, /^recall-gate run: /);
  const argument = await runCli(['validate', '--', '--help']);
  assert.equal(argument.code, 2);
  assert.match(argument.stderr, /--help/);
  assert.equal(argument.stdout, '');
});

test('an unknown option names the closest option the command has, and where the list is (exit 2)', async () => {
  const typo = await runCli(['run', 'suite.yaml', '--ouf', 'x']);
  assert.equal(typo.code, 2);
  assert.match(typo.stderr, /^recall-gate run: unknown option --ouf \(did you mean --out\? usage: recall-gate run <suite\.yaml> \[--out DIR\] .*; recall-gate run --help lists its options\)\n$/);
  const swapped = await runCli(['score', '--qrels', 'q', '--run', 'r', '--josn']);
  assert.equal(swapped.code, 2);
  assert.match(swapped.stderr, /unknown option --josn \(did you mean --json\?/);
  const far = await runCli(['compare', 'a', 'b', '--everything']);
  assert.equal(far.code, 2);
  assert.match(far.stderr, /^recall-gate compare: unknown option --everything \(usage: recall-gate compare .*; recall-gate compare --help lists its options\)\n$/);
  const shortOption = await runCli(['history', 'dir', '-x']);
  assert.equal(shortOption.code, 2);
  assert.match(shortOption.stderr, /unknown option -x \(usage: recall-gate history .*; recall-gate history --help lists its options\)/);
  // A missing value is still parseArgs's own message, with the usage and where the help is.
  const missing = await runCli(['run', 'suite.yaml', '--out']);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /--out <value>' argument missing \(usage: recall-gate run <suite\.yaml> .*; recall-gate run --help lists its options\)/);
});

test('an unknown command names the closest command; the top-level help lists every command and says how to get a command\'s help', async () => {
  const typo = await runCli(['rnu', 'suite.yaml']);
  assert.equal(typo.code, 2);
  assert.match(typo.stderr, /^recall-gate: unknown command "rnu" \(did you mean "run"\?\)\n/);
  // A name every object has is no command either.
  const inherited = await runCli(['constructor']);
  assert.equal(inherited.code, 2);
  assert.match(inherited.stderr, /unknown command "constructor"/);
  const help = await runCli(['--help']);
  assert.equal(help.code, 0);
  for (const command of COMMANDS) assert.match(help.stdout, new RegExp(`\\n {2}recall-gate ${command} .*\\n {6}${COMMAND_HELP[command]!.summary.slice(0, 30).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  assert.match(help.stdout, /recall-gate <command> --help \(or -h\) shows a command's arguments, options and their defaults/);
});
