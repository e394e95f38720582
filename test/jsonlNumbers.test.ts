import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { FileProblems, readDataFile } from '../src/source/sourceFile.js';

/** The problems reading `rows` as a .jsonl file gives, "line:col message" each; none when it reads. */
function problemsOf(rows: string[]): string[] {
  const path = join(mkdtempSync(join(tmpdir(), 'recall-gate-jsonl-')), 'rows.jsonl');
  writeFileSync(path, `${rows.join('\n')}\n`);
  try {
    readDataFile(path, 'rows.jsonl');
    return [];
  } catch (error) {
    if (!(error instanceof FileProblems)) throw error;
    return error.problems.map((problem) => `${problem.where?.line}:${problem.where?.col} ${problem.message}`);
  }
}

test('a JSONL number past the largest double is refused where it is written, however it is spelled; large finite ones read', () => {
  const long = `1${'0'.repeat(400)}`;
  assert.deepEqual(problemsOf(['{"gain": 1E+400}', `{"gain": ${long}}`, `{"gain": 0.5, "n": [1, {"deep": -${long}.5}]}`]), [
    '1:10 1E+400 is not a finite number',
    `2:10 ${long} is not a finite number`,
    `3:33 -${long}.5 is not a finite number`,
  ]);
  // Exponents of three digits that stay finite, negative ones, and long runs of digits inside strings are rows like any other.
  assert.deepEqual(problemsOf(['{"gain": 1.5e307}', '{"gain": 1e-400}', `{"id": "${long}", "gain": 2}`]), []);
});
