import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { readRun } from '../../src/results/folder.js';
import type { QueryOutcome, ResultsDocument } from '../../src/model/results.js';
import { runCli, tempDir } from '../support/cli.js';

const EXAMPLE = 'suites/examples/assistant-memory/suite.yaml';

describe('the results folder: per-query rows in queries/<provider>.jsonl, results.json without them', () => {
  const out = tempDir();
  let printed: ResultsDocument;

  before(async () => {
    const run = await runCli(['run', EXAMPLE, '--out', out, '--json']);
    assert.equal(run.code, 0, run.stderr);
    printed = JSON.parse(run.stdout) as ResultsDocument;
  });

  test('results.json and run --json hold no per-query rows; each provider has one JSONL line per query, in the order asked, and readRun gives them back', () => {
    const raw = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as ResultsDocument;
    const { results } = readRun(out, process.cwd());
    for (const name of ['keyword', 'ngram-vector']) {
      assert.equal('queries' in raw.retrieval!.providers[name]!, false, `${name}: results.json`);
      assert.equal('queries' in printed.retrieval!.providers[name]!, false, `${name}: --json`);
      const lines = readFileSync(join(out, 'queries', `${name}.jsonl`), 'utf8').trimEnd().split('\n');
      assert.equal(lines.length, raw.retrieval!.query_count);
      assert.deepEqual(results.retrieval!.providers[name]!.queries, lines.map((line) => JSON.parse(line) as QueryOutcome));
    }
  });

  test('an older folder, rows inside results.json and no queries/, reads the same: compare finds every delta exactly 0, paired on all 18 queries', async () => {
    const older = tempDir();
    cpSync(out, older, { recursive: true });
    const { results } = readRun(out, process.cwd());
    writeFileSync(join(older, 'results.json'), JSON.stringify(results));
    rmSync(join(older, 'queries'), { recursive: true });
    const run = await runCli(['compare', older, out, '--json']);
    assert.equal(run.code, 0, run.stderr);
    const json = JSON.parse(run.stdout) as { metrics: { metric: string; delta: number; change?: { interval: [number, number]; shared: number } }[] };
    const retrieval = json.metrics.filter((metric) => metric.metric.startsWith('retrieval.'));
    assert.ok(retrieval.length > 0);
    for (const metric of retrieval) {
      assert.equal(metric.delta, 0, metric.metric);
      if (metric.change) assert.deepEqual([metric.change.interval, metric.change.shared], [[0, 0], 18], metric.metric);
    }
  });

  test('a provider whose rows file is missing: exit 2 naming the file and what to do', async () => {
    const damaged = tempDir();
    cpSync(out, damaged, { recursive: true });
    rmSync(join(damaged, 'queries', 'keyword.jsonl'));
    const run = await runCli(['compare', out, damaged]);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /queries\/keyword\.jsonl is missing: results\.json lists provider keyword.*copy the whole results folder/);
  });
});

describe('a run clears only what an earlier run wrote: what else the folder holds is the user\'s', () => {
  test('--out in the suite\'s own folder, whose memories are queries/memories.jsonl: refused before anything is removed, exit 2', async () => {
    const suiteDir = tempDir();
    cpSync('suites/examples/assistant-memory', suiteDir, { recursive: true });
    mkdirSync(join(suiteDir, 'queries'));
    renameSync(join(suiteDir, 'memories.jsonl'), join(suiteDir, 'queries', 'memories.jsonl'));
    const suite = join(suiteDir, 'suite.yaml');
    writeFileSync(suite, readFileSync(suite, 'utf8').replace('memories: memories.jsonl', 'memories: queries/memories.jsonl'));
    const memories = readFileSync(join(suiteDir, 'queries', 'memories.jsonl'), 'utf8');
    const run = await runCli(['run', 'suite.yaml', '--layer', 'retrieval', '--out', '.'], { cwd: suiteDir });
    assert.equal(run.code, 2, run.stdout + run.stderr);
    assert.match(run.stderr, /the results folder \. holds queries\/memories\.jsonl, a file the suite reads: starting the folder afresh would delete it.*give --out a folder of its own/s);
    assert.equal(readFileSync(join(suiteDir, 'queries', 'memories.jsonl'), 'utf8'), memories);
    assert.equal(existsSync(join(suiteDir, 'results.json')), false);
    // The same folder under another name (a link; a case-insensitive disk spells it two ways): the file itself is compared.
    const link = join(tempDir(), 'link');
    symlinkSync(suiteDir, link);
    const linked = await runCli(['run', join(suiteDir, 'suite.yaml'), '--layer', 'retrieval', '--out', link]);
    assert.equal(linked.code, 2, linked.stdout + linked.stderr);
    assert.equal(readFileSync(join(suiteDir, 'queries', 'memories.jsonl'), 'utf8'), memories);
  });

  test("runs/ and queries/ keep the user's files; an earlier run's files of a provider no longer run go", async () => {
    const out = tempDir();
    mkdirSync(join(out, 'runs'));
    mkdirSync(join(out, 'queries'));
    for (const [name, text] of [['runs/NOTES.md', 'mine'], ['queries/main.yaml', 'mine'], ['runs/retired.trec', 'q 0 m 1 1 retired'], ['queries/retired.jsonl', '{}']] as [string, string][]) writeFileSync(join(out, name), text);
    const run = await runCli(['run', EXAMPLE, '--layer', 'retrieval', '--out', out]);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(readdirSync(join(out, 'runs')).sort(), ['NOTES.md', 'keyword.trec', 'ngram-vector.trec']);
    assert.deepEqual(readdirSync(join(out, 'queries')).sort(), ['keyword.jsonl', 'main.yaml', 'ngram-vector.jsonl']);
  });
});
