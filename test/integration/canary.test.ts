import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { evaluateGate } from '../../src/gate/evaluate.js';
import type { Verdict } from '../../src/model/gate.js';
import type { ResultsDocument } from '../../src/model/results.js';
import { REPO_ROOT, runCli, tempDir } from '../support/cli.js';
import { readResults } from '../../src/results/folder.js';
import { terminalReport } from '../../src/report/terminal.js';

const LEAKY = join(REPO_ROOT, 'test/fixtures/adapters/leakySearch.mjs');
const TOY = join(REPO_ROOT, 'examples/adapter/agent.mjs');

/** Two users whose memories share words, so a search that ignores the user finds the other's. */
const SUITE = [
  'name: canary',
  'retrieval:',
  '  k: [1, 3]',
  '  providers:',
  `    - { name: leaky, kind: adapter, command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(LEAKY)}] }`,
  `    - { name: toy, kind: adapter, command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(TOY)}, --stdio] }`,
  '    - { name: keyword, kind: keyword }',
  '    - { name: vector, kind: vector, embedding: { kind: ngram } }',
  '  memories:',
  '    - { id: a1, user: ana, text: "My dog is called Rex." }',
  '    - { id: a2, user: ana, text: "I live in Porto." }',
  '    - { id: b1, user: bob, text: "My dog is called Fido." }',
  '    - { id: b2, user: bob, text: "Bob works as a nurse." }',
  '  queries:',
  '    - { id: qa1, user: ana, text: "what is my dog called", relevant: [a1] }',
  '    - { id: qa2, user: ana, text: "where do I live", relevant: [a2] }',
  '    - { id: qb1, user: bob, text: "what is my dog called", relevant: [b1] }',
  'gate:',
  '  all:',
  '    - { metric: retrieval.leaky.cross_user_hits, op: lte, value: 0 }',
  '    - { metric: retrieval.keyword.cross_user_hits, op: lte, value: 0 }',
  '    - { metric: retrieval.vector.cross_user_hits, op: lte, value: 0 }',
  '',
].join('\n');

describe('the isolation canary: a search that leaks across users, run through the CLI', () => {
  const out = tempDir();
  let code: number | null;
  let stderr: string;
  let printed: ResultsDocument & { gate: Verdict };
  let results: ResultsDocument;

  before(async () => {
    const dir = tempDir('recall-gate-suite-');
    writeFileSync(join(dir, 'suite.yaml'), SUITE);
    const run = await runCli(['run', join(dir, 'suite.yaml'), '--out', out, '--json']);
    ({ code, stderr } = run);
    printed = JSON.parse(run.stdout) as ResultsDocument & { gate: Verdict };
    results = readResults(out, process.cwd());
  });

  test('results.json counts the leaky provider\'s cross-user hits and lists who searched, who owns and which memory', () => {
    assert.equal(results.status, 'complete', stderr);
    const isolation = results.retrieval!.providers.leaky!.isolation!;
    assert.equal(isolation.cross_user_hits, 2);
    // Ranked in the adapter's order: its ties come as it stored them, ana's a1 before bob's b1, for both users.
    assert.deepEqual(isolation.cross_user, [
      { query: 'qa1', user: 'ana', owner: 'bob', memory: 'b1', rank: 2 },
      { query: 'qb1', user: 'bob', owner: 'ana', memory: 'a1', rank: 1 },
    ]);
    assert.equal(isolation.unknown_ids, 2);
    assert.deepEqual(isolation.unknown.map((hit) => `${hit.query}:${hit.memory}@${hit.rank}`), ['qa1:stale-1@3', 'qb1:stale-1@3']);
  });

  test('the terminal report names the hits and the unknown ids', () => {
    assert.deepEqual(
      terminalReport(results).split('\n').filter((line) => line.includes('ISOLATION')),
      ['leaky: ISOLATION 2 cross-user hits, first: qa1 by ana got b1 of bob; 2 results with an id the suite never seeded'],
    );
  });

  test('providers that keep users apart show none', () => {
    for (const name of ['toy', 'keyword', 'vector']) {
      const provider = results.retrieval!.providers[name]!;
      assert.equal(provider.status, 'ok', provider.error);
      assert.ok(provider.queries.some((query) => query.results.length > 0), `${name} returned nothing, so 0 would prove nothing`);
      assert.deepEqual(provider.isolation, { cross_user_hits: 0, unknown_ids: 0, cross_user: [], unknown: [] }, name);
    }
  });

  test('a regression condition on cross-user hits pairs the two runs by query id: the same run against itself changes by exactly [0, 0]', () => {
    const row = evaluateGate({ root: { all: [{ metric: 'retrieval.leaky.cross_user_hits', max_rise: 0 }] }, skipped_layers: 'waive' }, results, results).rows[0]!;
    assert.equal(row.status, 'pass');
    assert.deepEqual(row.pairing, { paired: true, shared: 3, added: 0, removed: 0 });
    assert.deepEqual(row.interval, [0, 0]);
  });

  test('the gate on retrieval.leaky.cross_user_hits fails, the others pass, and the run exits 1', () => {
    assert.equal(code, 1, stderr);
    const rows = new Map(printed.gate.rows.map((row) => [row.metric, row]));
    assert.equal(rows.get('retrieval.leaky.cross_user_hits')!.status, 'fail');
    assert.equal(rows.get('retrieval.leaky.cross_user_hits')!.actual, 2);
    assert.equal(rows.get('retrieval.keyword.cross_user_hits')!.status, 'pass');
    assert.equal(rows.get('retrieval.vector.cross_user_hits')!.status, 'pass');
    assert.equal(printed.gate.status, 'fail');
  });

  test('report.md has one isolation line, for the leaky provider, naming both users of each pair', () => {
    const report = readFileSync(join(out, 'report.md'), 'utf8');
    const lines = report.split('\n').filter((line) => /cross-user hit/.test(line));
    assert.equal(lines.length, 1, report);
    assert.match(lines[0]!, /leaky: 2 cross-user hits/);
    assert.match(lines[0]!, /qa1 by ana got b1 of bob; qb1 by bob got a1 of ana/);
    assert.match(lines[0]!, /2 results with an id the suite never seeded/);
  });
});
