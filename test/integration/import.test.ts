import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { flattenGroundTruth, LETTA_CAPTURE_MIN, LETTA_PROBE } from '../../src/import/letta.js';
import { jsonlLines } from '../../src/import/jsonlLines.js';
import { REPO_ROOT, runCli, tempDir } from '../support/cli.js';

const FIXTURES = join(REPO_ROOT, 'test/fixtures/import');
const ROWS = join(FIXTURES, 'letta-rows.jsonl');

function capture(facts: string[]) {
  return { capture: { memory: { captures: facts }, min: LETTA_CAPTURE_MIN } };
}

test('ground truth flattens to its string and number leaves, in order, each once', () => {
  assert.deepEqual(flattenGroundTruth({ a: 'x', b: { c: ['y', 3, 2.5], d: [[' x ', 'z']] }, e: true, f: null, g: '  ' }), ['x', 'y', '3', '2.5', 'z']);
  assert.deepEqual(flattenGroundTruth('one fact'), ['one fact']);
  assert.deepEqual(flattenGroundTruth(0), ['0']);
  assert.deepEqual(flattenGroundTruth({ only: false, none: null, list: [] }), []);
});

test("a JSONL line that is not JSON is told at its column, not at JSON.parse's position", async () => {
  const path = join(tempDir(), 'rows.jsonl');
  writeFileSync(path, '{"a": 1}\n\n{"a": 1,}\n');
  const lines = [];
  for await (const line of jsonlLines(path)) lines.push(line);
  assert.deepEqual(lines[0], { line: 1, value: { a: 1 } });
  const broken = lines[1] as { line: number; col?: number; error: string };
  assert.deepEqual([broken.line, broken.col], [3, 9]);
  assert.doesNotMatch(broken.error, /position/);
});

test('import letta: good rows become cases, every skipped row is reported at its line with the reason', async () => {
  const out = join(tempDir(), 'suite');
  const result = await runCli(['import', 'letta', ROWS, '--out', out]);
  assert.equal(result.code, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /:\nread: 14 rows\nkept: 3 cases\nrepaired: 0\nskipped: 11\n/);
  const skipped = result.stderr.trim().split('\n');
  assert.deepEqual(
    skipped.map((line) => line.slice(ROWS.length)),
    [
      // At its column where Node's message gives a position (Node 20's does; Node 22's names none for this one).
      jsonSkip(2, 'not a json line'),
      ':3: skipped: "input" must be a list of strings (the user turns)',
      ':4: skipped: no "input" (the list of user turns)',
      ':6: skipped: "input" must be a list of strings (the user turns)',
      ':7: skipped: "ground_truth" holds no string or number value to look for in memory',
      ':8: skipped: "ground_truth" holds no string or number value to look for in memory',
      ':9: skipped: a row must be a JSON object with "input" and "ground_truth"',
      ':10: skipped: "input" has no turns',
      ':11: skipped: no "ground_truth" (what memory must hold)',
      ':12: skipped: "input" has an empty turn (turn 2)',
      ':15: skipped: "category" must be a non-empty string when given',
    ],
  );
  assert.ok(skipped.every((line) => line.startsWith(`${ROWS}:`)));

  const text = readFileSync(join(out, 'cases.yaml'), 'utf8');
  assert.match(text, new RegExp(`^# Cases imported by \`recall-gate import letta\` from ${ROWS.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\.\n`));
  assert.deepEqual(parse(text), [
    {
      name: 'letta-rows-1',
      ability: 'profile',
      sessions: [{ turns: ["Hi, I'm Tomas and I look after the greenhouse at the community garden.", 'This spring we are growing chillies and three kinds of basil.'] }],
      probe: { text: LETTA_PROBE },
      graders: capture(['Tomas', 'community garden', 'greenhouse', 'chillies', 'basil', '3']),
    },
    {
      name: 'letta-rows-13',
      ability: 'uncategorised',
      sessions: [{ turns: ['My sister Ines teaches chemistry.', 'She lives in Braga, and so do I since May.'] }],
      probe: { text: LETTA_PROBE },
      graders: capture(['Ines', 'chemistry', 'Braga', 'May']),
    },
    {
      name: 'letta-rows-14',
      ability: 'work',
      sessions: [{ turns: ['The quarterly report is due on the 12th.'] }],
      probe: { text: LETTA_PROBE },
      graders: capture(['report due on the 12th']),
    },
  ]);

  const suiteText = readFileSync(join(out, 'suite.yaml'), 'utf8');
  assert.match(suiteText, /^# Imported by `recall-gate import letta` from .* \(sha256 [0-9a-f]{64}\):\n# kept 3 cases; 0 repaired, 11 skipped/);
  const suite = parse(suiteText) as { name: string; e2e: { target: { kind: string; command: string[] }; conditions: string[]; cases: string } };
  assert.equal(suite.name, 'suite');
  assert.equal(suite.e2e.cases, 'cases.yaml');
  assert.deepEqual(suite.e2e.conditions, ['recall']);
  // Run from this clone, the suite plays to the example adapter, wherever --out is.
  assert.equal(suite.e2e.target.kind, 'command');
  assert.equal(resolve(out, suite.e2e.target.command[1]!), join(REPO_ROOT, 'examples/adapter/agent.mjs'));
  assert.ok(!existsSync(join(out, 'cases.yaml.tmp')));
});

test('import letta: an --out inside the clone names the example adapter relative to it', async () => {
  const out = join(REPO_ROOT, 'build', `import-test-${process.pid}`);
  try {
    const result = await runCli(['import', 'letta', ROWS, '--out', out, '--force']);
    assert.equal(result.code, 0, result.stderr);
    const suite = parse(readFileSync(join(out, 'suite.yaml'), 'utf8')) as { e2e: { target: { command: string[] } } };
    assert.equal(suite.e2e.target.command[1], '../../examples/adapter/agent.mjs');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('import letta: nothing importable exits 2 with every skip and leaves no folder', async () => {
  const out = join(tempDir(), 'never');
  const none = join(FIXTURES, 'letta-none.jsonl');
  const result = await runCli(['import', 'letta', none, '--out', out]);
  assert.equal(result.code, 2);
  assert.match(result.stderr, /letta-none\.jsonl:1: skipped: "input" must be a list of strings/);
  assert.match(result.stderr, /letta-none\.jsonl:2: skipped: "ground_truth" holds no string or number value/);
  assert.match(result.stderr, /recall-gate import: nothing to import from .*letta-none\.jsonl \(read: 2 rows; kept: nothing; repaired: 0; skipped: 2; 1 "input" must be/);
  assert.doesNotMatch(result.stderr, /at .*\.js:\d+/, 'no stack trace');
  assert.equal(existsSync(out), false);

  const empty = join(tempDir(), 'empty.jsonl');
  writeFileSync(empty, '\n\n');
  const blank = await runCli(['import', 'letta', empty, '--out', out]);
  assert.equal(blank.code, 2);
  assert.match(blank.stderr, /nothing to import from .*empty\.jsonl \(read: nothing; kept: nothing; repaired: 0; skipped: 0\)/);
});

test('import letta: an --out that holds files is refused unless --force, which replaces only the two suite files', async () => {
  const out = tempDir();
  writeFileSync(join(out, 'cases.yaml'), '# my own edits\n');
  writeFileSync(join(out, 'notes.md'), 'keep me\n');
  const refused = await runCli(['import', 'letta', ROWS, '--out', out]);
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /--out .* already exists and is not empty \(choose a new folder, or add --force to replace the files an import writes\)/);
  assert.equal(readFileSync(join(out, 'cases.yaml'), 'utf8'), '# my own edits\n');
  assert.equal(existsSync(join(out, 'suite.yaml')), false);

  const forced = await runCli(['import', 'letta', ROWS, '--out', out, '--force']);
  assert.equal(forced.code, 0, forced.stderr);
  assert.equal((parse(readFileSync(join(out, 'cases.yaml'), 'utf8')) as unknown[]).length, 3);
  assert.equal(readFileSync(join(out, 'notes.md'), 'utf8'), 'keep me\n');

  // An empty folder is used as it is.
  const emptyDir = tempDir();
  assert.equal((await runCli(['import', 'letta', ROWS, '--out', emptyDir])).code, 0);
});

test('import: unknown format, missing file, a folder as the file and missing --out are invalid input', async () => {
  const unknown = await runCli(['import', 'lettta', ROWS, '--out', tempDir()]);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /unknown import format "lettta" \(did you mean "letta"\?\)/);
  const missing = await runCli(['import', 'letta', 'no/such.jsonl', '--out', join(tempDir(), 'x')]);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /cannot read no\/such\.jsonl: no such file/);
  const folder = await runCli(['import', 'letta', FIXTURES, '--out', join(tempDir(), 'x')]);
  assert.equal(folder.code, 2);
  assert.match(folder.stderr, /not a regular file/);
  const noOut = await runCli(['import', 'letta', ROWS]);
  assert.equal(noOut.code, 2);
  assert.match(noOut.stderr, /usage: recall-gate import <letta[|a-z]*> <file> --out DIR \[--unit turn\|session\] \[--captions\] \[--strict\] \[--e2e\] \[--force\]/);
  const fileOut = join(tempDir(), 'a-file');
  writeFileSync(fileOut, 'x');
  const notDir = await runCli(['import', 'letta', ROWS, '--out', fileOut]);
  assert.equal(notDir.code, 2);
  assert.match(notDir.stderr, /is a file, not a folder/);
});

test('import letta: a long file with CRLF line ends and a byte-order mark keeps every line number', async () => {
  const dir = tempDir();
  const path = join(dir, 'many.jsonl');
  const lines: string[] = [];
  for (let i = 1; i <= 3000; i++) {
    lines.push(i % 7 === 0 ? `{"input": ["turn ${i}"]}` : JSON.stringify({ input: [`I have ${i} stamps in my album.`], ground_truth: { stamps: i }, category: `c${i % 3}` }));
  }
  writeFileSync(path, `\uFEFF${lines.join('\r\n')}\r\n`);
  mkdirSync(join(dir, 'out'));
  const result = await runCli(['import', 'letta', path, '--out', join(dir, 'out')]);
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /read: 3000 rows\nkept: 2572 cases\nrepaired: 0\nskipped: 428\n/);
  // The terminal lists the first 20 of a kind; import-report.json has every one.
  assert.equal([...result.stderr.matchAll(/many\.jsonl:\d+: skipped: no "ground_truth"/g)].length, 20);
  assert.match(result.stderr, /many\.jsonl: skipped: 408 more "no "ground_truth" \(what memory must hold\)" \(all are in import-report\.json\)/);
  const report = JSON.parse(readFileSync(join(dir, 'out', 'import-report.json'), 'utf8')) as { skipped: { total: number; records: { record: string }[] } };
  assert.equal(report.skipped.total, 428);
  assert.deepEqual(report.skipped.records.map((entry) => Number(entry.record)), Array.from({ length: 428 }, (_, i) => (i + 1) * 7));
  const cases = parse(readFileSync(join(dir, 'out', 'cases.yaml'), 'utf8')) as { name: string; graders: ReturnType<typeof capture> }[];
  assert.equal(cases.length, 2572);
  assert.equal(cases[0]!.name, 'many-1');
  assert.deepEqual(cases.at(-1)!.graders.capture.memory.captures, ['3000']);
});

/** The message JSON.parse gives for a text, as this Node version words it. */
/** The skip line of an invalid JSON row: LINE:COL from Node's "at position N", and its message without it. */
function jsonSkip(line: number, text: string): string {
  const message = jsonError(text);
  const position = / at position (\d+)/.exec(message);
  return `:${line}${position ? `:${Number(position[1]) + 1}` : ''}: skipped: invalid JSON (${message.replace(/ at position \d+.*$/, '')})`;
}

function jsonError(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('valid JSON');
}
