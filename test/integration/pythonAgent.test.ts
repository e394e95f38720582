// The example Python agent (examples/python-agent/), run as its README says: its suite through the
// built CLI, both layers, offline with no key, on the machine's python3.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADAPTER_LOG_FILE, readRun } from '../../src/results/folder.js';
import { runCli, tempDir } from '../support/cli.js';

test('the Python example agent\'s suite passes both layers offline: its own search scored beside keyword, every e2e trial graded, none an error', { timeout: 120_000 }, async () => {
  const out = tempDir();
  const run = await runCli(['run', 'examples/python-agent/suite.yaml', '--layer', 'all', '--out', out]);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /gate PASSED \(3 passed, 0 failed, 0 skipped, 0 not evaluated\)/);
  // The adapter's stderr (its start-up line among it) goes to adapter.log in the results folder, not the terminal.
  assert.match(run.stderr, /the adapter writes to stderr: its lines go to .*adapter\.log/);
  assert.match(readFileSync(join(out, ADAPTER_LOG_FILE), 'utf8'), /python-agent: serving JSON-RPC on stdio/);

  // Per-query rows live in queries/<provider>.jsonl: the folder's reader puts them back.
  const { results, trials } = readRun(out, process.cwd());
  const agent = results.retrieval!.providers['python-agent']!;
  assert.equal(agent.status, 'ok', agent.error);
  // Word overlap finds every query but the paraphrase that shares no word with its memory.
  assert.equal(agent.metrics!['recall@3'], 8 / 9);
  const instrument = agent.queries.find((query) => query.id === 'instrument')!;
  assert.deepEqual(instrument.results, []);
  const work = agent.queries.find((query) => query.id === 'where-work')!;
  assert.deepEqual(work.results.map((hit) => hit.id), ['job-new', 'job-old'], 'two shared words rank the new job first');

  assert.equal(trials.length, 15);
  assert.deepEqual(trials.filter((trial) => trial.status === 'error').map((trial) => trial.reason), []);
  const passed = (condition: string) => trials.filter((trial) => trial.condition === condition && trial.status === 'pass').length;
  assert.deepEqual([passed('recall'), passed('none'), passed('oracle')], [5, 2, 5]);
  const marathon = trials.find((trial) => trial.case === 'first-marathon' && trial.condition === 'recall')!;
  assert.equal(marathon.answer, 'On 2026-03-14 you told me: I ran my first marathon today.');
});
