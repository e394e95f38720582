import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import pg from 'pg';
import type { TrialRecord } from '../../src/model/trial.js';
import type { ResultsDocument } from '../../src/model/results.js';
import { EXAMPLE_ADAPTER } from '../support/adapterProcess.js';
import { runCli, tempDir } from '../support/cli.js';
import { postgresUnavailable, startPostgres, type PostgresServer } from '../support/postgresServer.js';

/** CI installs PostgreSQL (.ci/run): there a missing server is a failure, not a skip. */
const unavailable = process.env.CI ? undefined : postgresUnavailable();

let server: PostgresServer;
let client: pg.Client;
before(async () => {
  if (unavailable) return;
  server = await startPostgres();
  client = new pg.Client({ connectionString: server.url() });
  await client.connect();
});
after(async () => {
  await client?.end();
  await server?.stop();
});

test('the stage column: a table made before it gains it on export, and each failed trial\'s stage is stored (NULL for a pass)', { skip: unavailable, timeout: 120_000 }, async () => {
  // The table as an earlier recall-gate created it: no stage column, one older row.
  await client.query(`CREATE TABLE memory_eval_trials (
    run_id text NOT NULL, suite text NOT NULL, variant text, commit_sha text, commit_ref text,
    case_name text NOT NULL, ability text NOT NULL, repetition integer NOT NULL, condition text NOT NULL,
    success integer NOT NULL CHECK (success IN (0, 1)), harmful_recall integer NOT NULL CHECK (harmful_recall IN (0, 1)),
    harmful_action integer NOT NULL CHECK (harmful_action IN (0, 1)), injected_tokens integer, total_tokens integer NOT NULL,
    judge_tokens integer NOT NULL, latency_ms integer NOT NULL, total_cost_usd numeric, error text,
    trial_started_at timestamptz NOT NULL, created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (run_id, case_name, condition, repetition))`);
  await client.query(`INSERT INTO memory_eval_trials (run_id, suite, case_name, ability, repetition, condition, success, harmful_recall, harmful_action, total_tokens, judge_tokens, latency_ms, trial_started_at)
    VALUES ('older', 's', 'c', 'a', 1, 'recall', 1, 0, 0, 0, 0, 1, now())`);

  // The toy agent never stores a question (not_stored) and quotes its best match (bicycle passes).
  const dir = tempDir('recall-gate-suite-');
  writeFileSync(
    join(dir, 'suite.yaml'),
    [
      'name: pg-stages',
      'e2e:',
      `  target: { kind: command, command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(EXAMPLE_ADAPTER)}, --stdio] }`,
      '  repeat: 1',
      '  conditions: [recall]',
      '  cases:',
      '    - { name: dog-name, ability: memory, sessions: [{ user: "Did I mention that my dog is called Rex?" }], probe: { text: "What is my dog called?" }, check: { icontains: rex }, evidence: ["my dog is called Rex"] }',
      '    - { name: bicycle, ability: memory, sessions: [{ user: "I drive a blue bicycle to work." }], probe: { text: "What colour is the bicycle I drive?" }, check: { icontains: blue }, evidence: ["blue bicycle"] }',
      '',
    ].join('\n'),
  );
  const out = tempDir();
  const run = await runCli(['run', join(dir, 'suite.yaml'), '--layer', 'e2e', '--out', out, '--postgres', server.url()]);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as ResultsDocument;
  const trials = readFileSync(join(out, 'trials.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as TrialRecord);
  assert.deepEqual(Object.fromEntries(trials.map((trial) => [trial.case, trial.stage ?? null])), { 'dog-name': 'not_stored', bicycle: null });

  const rows = await client.query<{ case_name: string; stage: string | null }>('SELECT case_name, stage FROM memory_eval_trials WHERE run_id = $1 ORDER BY case_name', [results.run_id]);
  assert.deepEqual(rows.rows, [
    { case_name: 'bicycle', stage: null },
    { case_name: 'dog-name', stage: 'not_stored' },
  ]);
  const older = await client.query<{ stage: string | null }>("SELECT stage FROM memory_eval_trials WHERE run_id = 'older'");
  assert.deepEqual(older.rows, [{ stage: null }], 'the older row keeps its data, its stage NULL');
  // Exporting again finds the column there and adds nothing.
  const again = await runCli(['export', out, '--postgres', server.url()]);
  assert.equal(again.code, 0, again.stdout + again.stderr);
  assert.match(again.stdout, /0 rows inserted, 2 already there/);
});
