import assert from 'node:assert/strict';
import { test } from 'node:test';
import { actionSelection, splitShellWords } from '../src/action/argsInput.js';
import { RecallGateError } from '../src/errors.js';

test('args split like shell words, with nothing expanded', () => {
  assert.deepEqual(splitShellWords('  --case  a   --case "b c" '), ['--case', 'a', '--case', 'b c']);
  assert.deepEqual(splitShellWords(`--case 'coffee-*' --query "x\\"y" --query a\\ b`), ['--case', 'coffee-*', '--query', 'x"y', '--query', 'a b']);
  assert.deepEqual(splitShellWords(`--case '$(rm -rf /)' --case "$HOME" --case \`id\``), ['--case', '$(rm -rf /)', '--case', '$HOME', '--case', '`id`']);
  assert.deepEqual(splitShellWords(`--case ''`), ['--case', '']);
  assert.deepEqual(splitShellWords('--case\n a\t--repeat 2'), ['--case', 'a', '--repeat', '2']);
  assert.throws(() => splitShellWords('--case "open'), (error: unknown) => error instanceof RecallGateError && /double quote is not closed/.test(error.message));
});

test('args and sample are checked by the CLI parser: unknown options, stray words, bad numbers and --rerun-failed are exit 2', () => {
  assert.deepEqual(actionSelection("--case 'coffee-*' --ability isolation --repeat 2", '3'), {
    cases: ['coffee-*'],
    abilities: ['isolation'],
    queries: [],
    repeat: 2,
    sample: { n: 3, seed: 1 },
  });
  assert.deepEqual(actionSelection('', ''), { cases: [], abilities: [], queries: [] });
  const invalid = (pattern: RegExp) => (error: unknown) => error instanceof RecallGateError && error.exitCode === 2 && pattern.test(`${error.message} ${error.hint ?? ''}`);
  assert.throws(() => actionSelection('--layer e2e', ''), invalid(/unknown option --layer/));
  assert.throws(() => actionSelection('suite.yaml', ''), invalid(/"suite.yaml" is not an option/));
  assert.throws(() => actionSelection('--repeat 0', ''), invalid(/--repeat must be a whole number of at least 1/));
  assert.throws(() => actionSelection('', 'some'), invalid(/--sample must be a whole number/));
  assert.throws(() => actionSelection('--rerun-failed out', ''), invalid(/--rerun-failed is for the CLI/));
});
