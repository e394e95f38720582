import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, runCli, tempDir } from '../support/cli.js';
import { python } from '../support/python.js';

/**
 * scripts/bm25okapi-check.py (docs/providers.md: the LoCoMo-10 check) run on
 * a small suite generated here, so the script cannot drift from the results
 * folder it reads or from the preset it checks.
 */

const SCRIPT = join(REPO_ROOT, 'scripts', 'bm25okapi-check.py');

interface CheckReport {
  queries: number;
  missing: number;
  scores_agree: number;
  ids_agree_up_to_ties: number;
  ids_agree_exactly: number;
  differences: string[];
}

interface Row {
  id: string;
  results: { id: string; score: number }[];
}

/** A seeded generator (mulberry32): the same suite every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['Alice', 'alice', 'flight', 'flights', 'Paris', 'booked', 'a', 'the', 'to', 'dog', 'cat', 'tea', 'Tuesday', 'moved', 'Berlin', 'sister', 'piano', 'lessons'];

/**
 * Three users of 14 to 30 memories: every text starts with "the" (a term in
 * more than half the memories: negative idf, floored), some hold a double
 * space (an empty token), some are copies (tied scores), and queries repeat
 * terms and ask words no memory holds (zero scores in the top 10).
 */
function generatedSuite(dir: string): void {
  const next = random(25);
  const pick = () => WORDS[Math.floor(next() * WORDS.length)]!;
  const memories: object[] = [];
  const queries: object[] = [];
  for (const [u, size] of [14, 22, 30].entries()) {
    const user = `user${u}`;
    const texts: string[] = [];
    for (let m = 0; m < size; m++) {
      const copy = m > 0 && next() < 0.2;
      const words = Array.from({ length: 2 + Math.floor(next() * 8) }, pick);
      const text = copy ? texts[Math.floor(next() * texts.length)]! : `the ${words.join(next() < 0.15 ? '  ' : ' ')}`;
      texts.push(text);
      memories.push({ id: `${user}:m${String(m).padStart(2, '0')}`, user, text });
    }
    for (let q = 0; q < 8; q++) {
      const words = Array.from({ length: 1 + Math.floor(next() * 4) }, pick);
      if (q % 3 === 0) words.push(words[0]!);
      if (q % 4 === 1) words.push('zeppelin');
      queries.push({ id: `${user}:q${q}`, user, text: words.join(' '), relevant: [`${user}:m00`] });
    }
  }
  const jsonl = (rows: object[]) => rows.map((row) => JSON.stringify(row)).join('\n') + '\n';
  writeFileSync(join(dir, 'memories.jsonl'), jsonl(memories));
  writeFileSync(join(dir, 'queries.jsonl'), jsonl(queries));
  writeFileSync(
    join(dir, 'suite.yaml'),
    `name: bm25okapi-check
retrieval:
  k: [1, 10]
  providers:
    - { name: rank_bm25, kind: keyword, preset: rank_bm25 }
  memories: memories.jsonl
  queries: queries.jsonl
`,
  );
}

function check(suite: string, results: string): { code: number | null; report: CheckReport; stderr: string } {
  const run = spawnSync(python(), [SCRIPT, suite, results, '--json'], { encoding: 'utf8', timeout: 60_000 });
  return { code: run.status, report: (run.stdout ? JSON.parse(run.stdout) : {}) as CheckReport, stderr: run.stderr };
}

function readRows(file: string): Row[] {
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Row);
}

function writeRows(file: string, rows: Row[]): void {
  writeFileSync(file, rows.map((row) => JSON.stringify(row)).join('\n') + '\n');
}

describe('scripts/bm25okapi-check.py', () => {
  const dir = tempDir();
  const out = join(dir, 'out');
  const rowsFile = join(out, 'queries', 'rank_bm25.jsonl');
  let original: Row[] = [];

  before(async () => {
    generatedSuite(dir);
    const run = await runCli(['run', 'suite.yaml', '--out', out], { cwd: dir });
    assert.equal(run.code, 0, run.stderr);
    original = readRows(rowsFile);
  });

  test('a run of preset rank_bm25 on a generated suite agrees with the script on every query', () => {
    writeRows(rowsFile, original);
    // The suite holds what the check is for: ties at equal scores and zero scores in the top 10.
    assert.ok(original.some((row) => row.results.some((hit, i) => i > 0 && hit.score === row.results[i - 1]!.score && hit.score > 0)));
    assert.ok(original.some((row) => row.results.some((hit) => hit.score === 0)));
    const { code, report, stderr } = check(dir, out);
    assert.equal(code, 0, stderr);
    assert.deepEqual(
      [report.queries, report.missing, report.scores_agree, report.ids_agree_up_to_ties, report.ids_agree_exactly, report.differences],
      [24, 0, 24, 24, 24, []],
    );
  });

  test('a score altered by 1e-8 (relative) is a disagreement, named by query and rank', () => {
    const rows = structuredClone(original);
    const hit = rows[5]!.results[2]!;
    hit.score = hit.score * (1 + 1e-8) + 1e-8;
    writeRows(rowsFile, rows);
    const { code, report } = check(dir, out);
    assert.equal(code, 1);
    assert.equal(report.scores_agree, 23);
    assert.equal(report.differences.length, 1);
    assert.match(report.differences[0]!, new RegExp(`^${rows[5]!.id}: rank 3 score `));
  });

  test('tied ids swapped agree up to ties, not exactly; ids of different scores swapped agree neither way', () => {
    const rows = structuredClone(original);
    const tied = rows.find((row) => row.results.some((hit, i) => i > 0 && hit.score === row.results[i - 1]!.score))!;
    const i = tied.results.findIndex((hit, j) => j > 0 && hit.score === tied.results[j - 1]!.score);
    [tied.results[i - 1]!.id, tied.results[i]!.id] = [tied.results[i]!.id, tied.results[i - 1]!.id];
    const distinct = rows.find((row) => row !== tied && row.results[0]!.score > row.results[1]!.score)!;
    [distinct.results[0]!.id, distinct.results[1]!.id] = [distinct.results[1]!.id, distinct.results[0]!.id];
    writeRows(rowsFile, rows);
    const { code, report } = check(dir, out);
    assert.equal(code, 0, 'the score lists are unchanged');
    assert.deepEqual([report.scores_agree, report.ids_agree_up_to_ties, report.ids_agree_exactly], [24, 23, 22]);
  });

  test('a query with no row, and a folder with no rows file, are reported', () => {
    writeRows(rowsFile, original.slice(1));
    let result = check(dir, out);
    assert.equal(result.code, 1);
    assert.deepEqual([result.report.missing, result.report.scores_agree], [1, 23]);
    result = check(dir, dir);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /^bm25okapi-check: cannot list .*queries: No such file or directory/);
  });
});
