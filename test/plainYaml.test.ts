import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocument, visit } from 'yaml';
import { plainYamlData } from '../src/source/plainYaml.js';
import { readYamlFile } from '../src/source/sourceFile.js';
import { yamlContentProblems } from '../src/source/yamlContent.js';

// js-yaml reads plain suites fast; `yaml` stays the reader that decides. Whatever the fast reader returns must be
// what `yaml` reads from the same text, and whatever `yaml` refuses the fast reader must leave to it.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The careful reader's reading of a text: its data, or that it refuses it (syntax errors, or content sourceFile.ts refuses). */
function carefulReading(text: string): { data: unknown } | 'errors' {
  const doc = parseDocument(text, { uniqueKeys: true });
  return doc.errors.length > 0 || yamlContentProblems(doc, text).length > 0 ? 'errors' : { data: doc.toJS({ maxAliasCount: -1 }) };
}

function holdsAlias(text: string): boolean {
  let found = false;
  visit(parseDocument(text), { Alias: () => void (found = true) });
  return found || /(^|[\s[{,])&[^\s]/.test(text);
}

/** Fails when the fast reader takes a text `yaml` refuses, or reads it otherwise; true when it read it. */
function agrees(text: string, label: string): boolean {
  const fast = plainYamlData(text);
  if (fast === undefined) return false;
  const careful = carefulReading(text);
  assert.notEqual(careful, 'errors', `${label}: js-yaml read a text yaml refuses: ${JSON.stringify(text.slice(0, 300))}`);
  assert.deepEqual(fast, (careful as { data: unknown }).data, `${label}: the two readers differ on ${JSON.stringify(text.slice(0, 300))}`);
  return true;
}

function yamlFiles(dir: string): string[] {
  const skip = new Set(['node_modules', '.git', 'build', 'dist', '.cache']);
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (skip.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(entry.name) ? [path] : [];
  });
}

const FILES = yamlFiles(ROOT).map((path) => ({ path: relative(ROOT, path), text: readFileSync(path, 'utf8').replace(/^\uFEFF/, '') }));

test('every YAML file the project ships reads the same both ways, and the example suites read fast', () => {
  const read = FILES.filter(({ path, text }) => agrees(text, path)).map(({ path }) => path);
  assert.ok(FILES.length > 50, `found only ${FILES.length} YAML files`);
  // Anchors and aliases are the careful reader's (it bounds what they expand to): the files without them read fast.
  const examples = FILES.filter(({ path }) => path.startsWith('suites/examples/') || path.startsWith('templates/') || path.startsWith('examples/'));
  for (const { path } of examples.filter(({ text }) => !holdsAlias(text))) assert.ok(read.includes(path), `${path} fell back to the careful reader`);
  assert.ok(examples.filter(({ text }) => holdsAlias(text)).length < examples.length / 4, 'most examples hold no alias');
  // The hostile fixtures are what the fast reader must leave alone.
  for (const path of ['alias-bomb.yaml', 'alias-circular.yaml', 'alias-unresolved.yaml', 'non-finite-numbers.yaml']) {
    assert.ok(!read.includes(`test/fixtures/hostile/input/${path}`), `${path} was read fast`);
  }
});

const SCALARS = [
  '0o17', '0x1F', '0X1F', '+5', '-0', '1_000', '.5', '1.', '1e3', '1E-3', '-.5e+2', '0b101', '012', '1:20', 'yes', 'no', 'on', 'y',
  'True', 'TRUE', 'tRue', 'Null', '~', '', '2024-01-01', '9007199254740993', '0x', '0o8', '+.5', '1.e5', '.e5', '-', '.', '00',
  '+0x1', "'1'", '"1"', '"\\t x \\u00e9 \\x41"', "'it''s'", 'a # comment', 'a#b', '"multi\n  line"', 'plain\n  multi line', '[1, 2]',
  '{a: 1, b: [x, y]}', '|\n  lit\n   more\n\n', '>-\n  fold\n  ed\n\n  para', '|+\n  keep\n\n', '&a 1',
];
// Each of these differs between the readers, or is refused by one: the fast reader must leave them to `yaml`.
const LEFT_TO_YAML = [
  'v: 1e999\n', 'v: -.inf\n', 'v: .NaN\n', 'v: !!float 1\n', 'v: !!int 0b11\n', 'v: !!bool yes\n', 'v: !foo x\n', 'v: !{a: 1}\n',
  '%YAML 1.1\n---\nv: yes\n', '1: a\n', 'null: x\n', '? [a, b]\n: 1\n', '__proto__: {polluted: 1}\n', 'a: 1\na: 2\n', '{a: 1, a: 2}\n',
  `${'k'.repeat(1100)}: 1\n`, '---\na: 1\n---\nb: 2\n', '# only a comment\n', '', 'x: *nope\n', 'x: &a [*a]\n', 'a:\n\t- 1\n', 'a: b: c\n',
  // Found by a second read, each read otherwise by js-yaml or refused by `yaml` alone.
  `"${'\\u0041'.repeat(300)}": 1\n`, `${'k'.repeat(1000)}${' '.repeat(50)}: 1\n`, `&${'a'.repeat(1020)} key: 1\n`, '# old note\rname: other\n',
  'memories:\n- { id: tea }  queries: [q]\n', 'a: &x[1]\n', 'a: "\\U00110000"\n', '# c\n\uFEFFname: x\n', 'a: &x 1\nb: *x\n',
  // Found by the mutations below: a tab in the indentation.
  '\t:[:]\n',
];

test('scalars read as `yaml` reads them; texts the readers would read otherwise are left to `yaml`', () => {
  let read = 0;
  for (const scalar of SCALARS) {
    if (agrees(`v: ${scalar}\n`, scalar)) read++;
    if (agrees(`- ${scalar}\n`, scalar)) read++;
  }
  assert.ok(read > SCALARS.length, `only ${read} of ${SCALARS.length * 2} read fast`);
  for (const text of LEFT_TO_YAML) assert.equal(plainYamlData(text), undefined, `read fast: ${JSON.stringify(text.slice(0, 80))}`);
  // Keys after indentation and the dashes of nested entries, quoted or plain, read fast.
  assert.deepEqual(plainYamlData('- - "a b": 1\n    c: [x]\n  - \'d\': 2\n'), [[{ 'a b': 1, c: ['x'] }, { d: 2 }]]);
});

test('mutated copies of the project\'s YAML files: the fast reader never reads one otherwise than `yaml`', () => {
  const sources = FILES.filter(({ text }) => text.length < 8_000).map(({ text }) => text);
  let seed = 0x9e3779b9;
  const random = () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32;
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!;
  const inserts = [' ', '  ', '\t', '\n', ':', '-', '#', '"', "'", '[', ']', '{', '}', ',', '?', '|', '>', '&', '*', '!', '%', '@', '`', '\\', 'x', '0', '.'];
  let read = 0;
  for (let round = 0; round < 3_000; round++) {
    let text = pick(sources);
    for (let edits = 1 + Math.floor(random() * 3); edits > 0; edits--) {
      const at = Math.floor(random() * text.length);
      const kind = random();
      if (kind < 0.4) text = text.slice(0, at) + pick(inserts) + text.slice(at);
      else if (kind < 0.7) text = text.slice(0, at) + text.slice(at + 1);
      else {
        const lines = text.split('\n');
        const line = Math.floor(random() * lines.length);
        lines[line] = random() < 0.5 ? ` ${lines[line]}` : lines[line]!.replace(/^ /, '');
        text = lines.join('\n');
      }
    }
    if (agrees(text, `mutation ${round}`)) read++;
  }
  assert.ok(read > 500, `only ${read} of 3,000 mutations read fast: the comparison would prove little`);
});

test('a file read fast says where its parts are, from `yaml`, when asked', () => {
  const dir = mkdtempSync(join(tmpdir(), 'recall-gate-plain-yaml-'));
  try {
    const path = join(dir, 'suite.yaml');
    const text = 'name: x\nproviders:\n  - name: keyword\n    kind: keyword\n';
    writeFileSync(path, text);
    assert.notEqual(plainYamlData(text), undefined, 'read fast, so the positions below come from the lazy parse');
    const file = readYamlFile(path, 'suite.yaml');
    assert.deepEqual(file.data, { name: 'x', providers: [{ name: 'keyword', kind: 'keyword' }] });
    const where = file.locate(['providers', 0, 'kind']);
    assert.deepEqual({ file: where.file, line: where.line, col: where.col }, { file: 'suite.yaml', line: 4, col: 11 });
    const key = file.locate(['providers', 0], { keyOf: 'name' });
    assert.deepEqual({ line: key.line, col: key.col }, { line: 3, col: 5 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
