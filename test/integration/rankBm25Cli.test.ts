import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from '../support/cli.js';

/** rank_bm25's README corpus, one user; a second user whose words would change the idfs if shared. */
const SUITE = `name: rank-bm25
retrieval:
  k: [1, 3]
  depth: 10
  providers:
    - { name: keyword, kind: keyword }
    - { name: rank_bm25, kind: keyword, preset: rank_bm25 }
  memories:
    - { id: d0, user: u, text: "Hello there good man!" }
    - { id: d1, user: u, text: "It is quite windy in London" }
    - { id: d2, user: u, text: "How is the weather today?" }
    - { id: e0, user: v, text: "windy windy windy" }
    - { id: e1, user: v, text: "London" }
  queries:
    - { id: q1, user: u, text: "windy London", relevant: [d1] }
    - { id: q2, user: u, text: "weather", relevant: [d2] }
`;

describe('keyword preset rank_bm25 through dist/cli.js', () => {
  test('runs beside the plain keyword provider and ranks every memory of the user, zero scores too', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'suite.yaml'), SUITE);
    const out = join(dir, 'out');
    const result = await runCli(['run', 'suite.yaml', '--out', out], { cwd: dir });
    assert.equal(result.code, 0, result.stderr);
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as {
      retrieval: { providers: Record<string, { status: string; metrics: Record<string, number> }> };
    };
    assert.equal(results.retrieval.providers.rank_bm25?.status, 'ok');
    assert.equal(results.retrieval.providers.rank_bm25?.metrics.mrr, 1);
    const rows = readFileSync(join(out, 'queries', 'rank_bm25.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; results: { id: string; score: number }[] });
    const q1 = rows.find((row) => row.id === 'q1')!;
    // rank_bm25's README: [0, 0.93729472, 0]; the zeros ranked too, ties by id descending.
    assert.deepEqual(
      q1.results.map((hit) => [hit.id, Number(hit.score.toFixed(8))]),
      [
        ['d1', 0.93729472],
        ['d2', 0],
        ['d0', 0],
      ],
    );
    // The plain keyword provider returns only memories sharing a term.
    const plain = readFileSync(join(out, 'queries', 'keyword.jsonl'), 'utf8');
    assert.equal((JSON.parse(plain.split('\n')[0]!) as { results: unknown[] }).results.length, 1);
  });

  test('validation: an unknown preset gets a did-you-mean, epsilon needs the preset, other kinds take neither', async () => {
    const dir = tempDir();
    const write = (providers: string) => writeFileSync(join(dir, 'suite.yaml'), SUITE.replace(/ {2}providers:\n(?: {4}- .*\n)+/, `  providers:\n${providers}`));
    write('    - { name: bm25, kind: keyword, preset: rank_bm52 }\n');
    let result = await runCli(['validate', 'suite.yaml'], { cwd: dir });
    assert.equal(result.code, 2);
    assert.match(result.stderr, /^suite\.yaml:6:\d+: .*preset.* must be one of: rank_bm25; got "rank_bm52" \(did you mean "rank_bm25"\?\)$/m);
    write('    - { name: bm25, kind: keyword, epsilon: 0.5 }\n');
    result = await runCli(['validate', 'suite.yaml'], { cwd: dir });
    assert.equal(result.code, 2);
    assert.match(result.stderr, /^suite\.yaml:6:\d+: "epsilon" applies only with "preset" set/m);
    write('    - { name: v, kind: vector, preset: rank_bm25, embedding: { kind: ngram } }\n');
    result = await runCli(['validate', 'suite.yaml'], { cwd: dir });
    assert.equal(result.code, 2);
    assert.match(result.stderr, /^suite\.yaml:6:\d+: "preset" only applies to keyword providers/m);
    write('    - { name: bm25, kind: keyword, preset: rank_bm25, epsilon: 0.5, k1: 1.2, b: 0.5 }\n');
    result = await runCli(['validate', 'suite.yaml'], { cwd: dir });
    assert.equal(result.code, 0, result.stderr);
  });
});
