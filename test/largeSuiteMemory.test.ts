import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSuite } from '../src/suite/load.js';
import { FileRanges } from '../src/source/fileRanges.js';
import { seededRandom } from '../src/stats/random.js';

/**
 * A LongMemEval_M-sized suite must not hold its memories' text through a run:
 * the memories of a JSONL file keep where their row lies and read the text
 * back when seeding asks for it. What they give must be what the row says,
 * whatever the file's line endings, byte-order mark or characters, and a file
 * changed since it was read is an error rather than other text.
 */

function suiteWith(memoriesFile: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'recall-gate-large-suite-'));
  writeFileSync(join(dir, 'memories.jsonl'), memoriesFile);
  writeFileSync(join(dir, 'queries.jsonl'), `${JSON.stringify({ id: 'q1', user: 'u1', text: 'tea', relevant: ['m1'] })}\n`);
  writeFileSync(join(dir, 'suite.yaml'), 'name: large\nretrieval:\n  providers: [{ name: keyword, kind: keyword }]\n  memories: memories.jsonl\n  queries: queries.jsonl\n');
  return dir;
}

const ROWS = [
  { id: 'm1', user: 'u1', date: '2024-01-02', text: 'Green tea, no sugar.' },
  { id: 'm2', user: 'u1', text: 'Ünïcödé — 日本語のテキスト 👍🏽 and a "quoted" word\\n' },
  { id: 'm3', user: 'u2', text: 'x'.repeat(20_000), group: 's1', meta: { speaker: 'me' } },
];

test('memories read from a JSONL file hold no text and give back what each row says', () => {
  for (const [name, file] of [
    ['LF', `${ROWS.map((row) => JSON.stringify(row)).join('\n')}\n`],
    ['CRLF, blank lines, BOM, no final newline', `\uFEFF${ROWS.map((row) => JSON.stringify(row)).join('\r\n\r\n')}`],
  ] as const) {
    const dir = suiteWith(file);
    try {
      const memories = loadSuite(join(dir, 'suite.yaml'), dir).retrieval!.memories;
      assert.deepEqual(
        memories.map(({ id, text, user, date, group, meta }) => ({ id, text, user, date, group, meta })),
        ROWS.map(({ id, text, user, date, group, meta }: { id: string; text: string; user: string; date?: string; group?: string; meta?: unknown }) => ({ id, text, user, date, group, meta })),
        name,
      );
      assert.ok(
        memories.every((memory) => !Object.values(memory).some((value) => typeof value === 'string' && value.length > 100)),
        `${name}: no memory keeps its text`,
      );
      assert.equal(memories[1]!.where.line, name === 'LF' ? 2 : 3, name);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
});

test('a memories file changed after it was read is an error naming the memory, not another text', () => {
  const dir = suiteWith(`${ROWS.map((row) => JSON.stringify(row)).join('\n')}\n`);
  try {
    const memories = loadSuite(join(dir, 'suite.yaml'), dir).retrieval!.memories;
    // Changed between loading and seeding (a text read before may still be served from the block read then).
    writeFileSync(join(dir, 'memories.jsonl'), `${JSON.stringify({ ...ROWS[0], id: 'other' })}\n`);
    assert.throws(() => memories[0]!.text, /the memories file of memory "m1" \(.*memories\.jsonl:1:1\) has changed since it was read/);
    assert.throws(() => memories[2]!.text, /memory "m3" .* has changed since it was read/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('file ranges read back the same bytes in file order, out of order, and at random', () => {
  const dir = mkdtempSync(join(tmpdir(), 'recall-gate-ranges-'));
  try {
    const path = join(dir, 'data');
    const random = seededRandom(11);
    const ranges: { start: number; length: number }[] = [];
    let size = 0;
    for (let i = 0; i < 3000; i++) {
      const length = 1 + Math.floor(random() * 3000);
      appendFileSync(path, Buffer.alloc(length, i % 251));
      ranges.push({ start: size, length });
      size += length;
    }
    const bytes = readFileSync(path);
    const shuffled = [...ranges].sort(() => random() - 0.5);
    for (const order of [ranges, [...ranges].reverse(), shuffled, [...ranges, ...shuffled, ...ranges]]) {
      const reader = new FileRanges(path);
      for (const { start, length } of order) assert.ok(reader.read(start, length).equals(bytes.subarray(start, start + length)));
    }
    assert.throws(() => new FileRanges(path).read(size - 10, 20), /is shorter than when it was read/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
