import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import type { TrialRecord } from '../../src/model/trial.js';
import type { TrialRow } from '../../src/export/postgres.js';
import type { ResultsDocument } from '../../src/model/results.js';
import { EXAMPLE_ADAPTER } from '../support/adapterProcess.js';
import { REPO_ROOT, runCli, tempDir } from '../support/cli.js';
import { startOpenAIServer, type OpenAIServer } from '../support/openaiServer.js';
import { freePort, postgresUnavailable, startPostgres, type PostgresServer } from '../support/postgresServer.js';

const EXAMPLE_DIR = join(REPO_ROOT, 'suites/examples/assistant-memory');
/** CI installs PostgreSQL (.ci/run): there a missing server is a failure, not a skip. */
const unavailable = process.env.CI ? undefined : postgresUnavailable();

/** The per-condition summary query exactly as docs/results.md shows it, so the two cannot drift apart. */
function docsSummaryQuery(): string {
  const doc = readFileSync(join(REPO_ROOT, 'docs', 'results.md'), 'utf8');
  const heading = doc.indexOf('## The trials table in PostgreSQL');
  assert.ok(heading >= 0, 'docs/results.md has the section "The trials table in PostgreSQL"');
  const query = /```sql\n([\s\S]*?)```/.exec(doc.slice(heading))?.[1];
  assert.ok(query, 'docs/results.md shows the summary query in a sql block');
  return query;
}

function readRun(out: string): { results: ResultsDocument; trials: TrialRecord[] } {
  return {
    results: JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as ResultsDocument,
    trials: readFileSync(join(out, 'trials.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as TrialRecord),
  };
}

/** A row as node-postgres reads it back: NUMERIC comes as a string. */
type StoredRow = Omit<TrialRow, 'total_cost_usd' | 'trial_started_at'> & { total_cost_usd: string | null };

describe('export to PostgreSQL: a real server, real results folders', { timeout: 300_000, skip: unavailable }, () => {
  let server: PostgresServer;
  let openai: OpenAIServer;
  let client: pg.Client;
  /** A builtin-target run of the example suite (repeat 1, three conditions) whose first chat call gets a malformed reply: one errored trial. */
  let builtinOut: string;

  before(async () => {
    server = await startPostgres();
    openai = await startOpenAIServer({ apiKey: 'sk-test' });
    client = new pg.Client({ connectionString: server.url() });
    await client.connect();
    const dir = tempDir('recall-gate-suite-');
    cpSync(EXAMPLE_DIR, dir, { recursive: true });
    const suite = join(dir, 'suite.yaml');
    writeFileSync(suite, readFileSync(suite, 'utf8').replace('repeat: 3', 'repeat: 1'));
    builtinOut = tempDir();
    openai.faults.push({ kind: 'malformed' });
    const run = await runCli(['run', suite, '--layer', 'e2e', '--out', builtinOut, '--concurrency', '1'], {
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.url, GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567', GITHUB_REF: 'refs/pull/7/merge' },
    });
    assert.equal(run.code, 3, `one trial errors, so the run is incomplete: ${run.stdout}${run.stderr}`);
  });
  after(async () => {
    await client?.end();
    await openai?.close();
    await server?.stop();
  });

  async function rowsOf(runId: string): Promise<StoredRow[]> {
    const result = await client.query<StoredRow>('SELECT * FROM memory_eval_trials WHERE run_id = $1 ORDER BY case_name, condition, repetition', [runId]);
    return result.rows;
  }

  test('export inserts one row per trial, errored ones included; exporting again inserts nothing', async () => {
    const { results, trials } = readRun(builtinOut);
    // Every planned trial has its record (cases x 3 conditions, repeat 1), the errored one included.
    const planned = Object.keys(results.e2e!.cases).length * 3;
    assert.equal(trials.length, planned);
    const first = await runCli(['export', builtinOut, '--postgres', server.url()]);
    assert.equal(first.code, 0, first.stdout + first.stderr);
    assert.match(first.stdout, new RegExp(`exported run ${results.run_id} to memory_eval_trials at host 127\\.0\\.0\\.1:${server.port}, database postgres: ${planned} rows inserted, 0 already there \\(the run is incomplete`));
    const again = await runCli(['export', builtinOut], { env: { RECALL_GATE_POSTGRES_URL: server.url() } });
    assert.equal(again.code, 0, again.stdout + again.stderr);
    assert.match(again.stdout, new RegExp(`: 0 rows inserted, ${planned} already there`));

    const rows = await rowsOf(results.run_id!);
    assert.equal(rows.length, planned);
    for (const trial of trials) {
      const row = rows.find((candidate) => candidate.case_name === trial.case && candidate.condition === trial.condition && candidate.repetition === trial.repeat);
      assert.ok(row, `a row for ${trial.key}`);
      assert.equal(row.suite, 'assistant-memory');
      assert.equal(row.variant, null);
      assert.equal(row.commit_sha, '0123456789abcdef0123456789abcdef01234567');
      assert.equal(row.commit_ref, 'refs/pull/7/merge');
      assert.equal(row.ability, trial.ability);
      assert.equal(row.success, trial.status === 'pass' ? 1 : 0);
      assert.equal(row.harmful_recall, trial.harmful_recall ? 1 : 0);
      assert.equal(row.harmful_action, trial.harmful_action ? 1 : 0);
      assert.equal(row.injected_tokens, trial.tokens.injected ?? null);
      // Unknown (NULL) unless every agent call reported its counts: the errored trial's failed call did not.
      const tokensKnown = trial.invocations.length > 0 && trial.invocations.every((invocation) => invocation.usage !== undefined);
      assert.equal(row.total_tokens, tokensKnown ? trial.tokens.input + trial.tokens.output : null);
      assert.equal(row.latency_ms, Math.round(trial.duration_ms));
      assert.equal(row.total_cost_usd === null ? null : Number(row.total_cost_usd), trial.cost_usd);
      assert.equal(row.error, trial.status === 'error' ? trial.reason : null);
    }
    const errored = rows.filter((row) => row.error !== null);
    assert.equal(errored.length, 1, 'the malformed reply made one trial an error');
    assert.equal(errored[0]!.success, 0);
    assert.match(errored[0]!.error!, /chat request to .* failed: .*JSON/);
    assert.ok(rows.some((row) => row.condition === 'recall' && (row.injected_tokens ?? 0) > 0), 'recalled memories were counted in tokens');
    assert.ok(rows.some((row) => row.harmful_recall === 1), 'the old offsite budget reaches the context under recall');
    assert.ok(rows.some((row) => row.total_cost_usd !== null && Number(row.total_cost_usd) > 0), 'gpt-5-mini has a price: the cost is known');
  });

  test("the summary query of docs/results.md returns one row per condition, with the run's own rates", async () => {
    const { results } = readRun(builtinOut);
    await runCli(['export', builtinOut, '--postgres', server.url()]);
    const summary = await client.query<{ condition: string; trials: string; pass_rate: string }>(docsSummaryQuery(), [results.run_id]);
    assert.deepEqual(summary.rows.map((row) => row.condition), ['none', 'oracle', 'recall']);
    for (const row of summary.rows) {
      assert.equal(Number(row.trials), Object.keys(results.e2e!.cases).length);
      const byCondition = results.e2e!.by_condition[row.condition as 'recall']!;
      assert.equal(Number(row.pass_rate).toFixed(4), byCondition.pass_rate!.toFixed(4), `${row.condition}: errored trials stay in the denominator`);
    }
  });

  test('run --postgres exports once the results are written; an adapter that reports no tokens has an unknown (NULL) cost', async () => {
    const dir = tempDir('recall-gate-suite-');
    const suite = join(dir, 'suite.yaml');
    writeFileSync(
      suite,
      [
        'name: adapter-export',
        'e2e:',
        `  target: { kind: command, command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(EXAMPLE_ADAPTER)}, --stdio] }`,
        '  repeat: 1',
        '  conditions: [recall, none]',
        `  cases: ${JSON.stringify(join(EXAMPLE_DIR, 'cases.yaml'))}`,
        '',
      ].join('\n'),
    );
    const out = tempDir();
    const run = await runCli(['run', suite, '--layer', 'e2e', '--out', out, '--postgres', server.url()]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const { results, trials } = readRun(out);
    assert.match(run.stdout, new RegExp(`results written to .*\\nexported run \\S+ to memory_eval_trials at host 127\\.0\\.0\\.1:\\d+, database postgres: ${trials.length} rows inserted, 0 already there\\n$`));
    const rows = await rowsOf(results.run_id!);
    assert.equal(rows.length, Object.keys(results.e2e!.cases).length * 2);
    assert.equal(rows.length, trials.length);
    assert.equal(rows.filter((row) => row.success === 1).length, trials.filter((trial) => trial.status === 'pass').length);
    assert.ok(trials.every((trial) => trial.cost_usd === null), 'the toy agent reports no usage');
    assert.ok(rows.every((row) => row.total_cost_usd === null && row.commit_sha === null));
    const costs = await client.query<{ cost: string | null }>('SELECT avg(total_cost_usd) AS cost FROM memory_eval_trials WHERE run_id = $1', [results.run_id]);
    assert.equal(costs.rows[0]!.cost, null, 'unknown stays unknown, not $0');
  });

  test('a wrong password: exit 3, naming host and database, never the password; the results folder untouched', async () => {
    const before = readFileSync(join(builtinOut, 'results.json'), 'utf8');
    const password = 'not-the-right-one-5521';
    const result = await runCli(['export', builtinOut, '--postgres', `postgres://postgres:${password}@127.0.0.1:${server.port}/trials_db`]);
    assert.equal(result.code, 3, result.stdout + result.stderr);
    assert.match(result.stderr, new RegExp(`cannot connect to PostgreSQL at host 127\\.0\\.0\\.1:${server.port}, database trials_db: password authentication failed for user "postgres"`));
    assert.ok(!(result.stdout + result.stderr).includes(password), 'the password is never printed');
    assert.doesNotMatch(result.stderr, /unexpected error|\n\s+at /);
    assert.equal(readFileSync(join(builtinOut, 'results.json'), 'utf8'), before);
  });

  test('a refused port: exit 3 saying so; a URL of another scheme: exit 2 before connecting', async () => {
    const port = await freePort();
    const refused = await runCli(['export', builtinOut, '--postgres', `postgres://postgres:whatever-secret@127.0.0.1:${port}/evals`]);
    assert.equal(refused.code, 3, refused.stdout + refused.stderr);
    assert.match(refused.stderr, new RegExp(`cannot connect to PostgreSQL at host 127\\.0\\.0\\.1:${port}, database evals: the connection was refused`));
    const scheme = await runCli(['export', builtinOut, '--postgres', `mysql://127.0.0.1:${server.port}/evals`]);
    assert.equal(scheme.code, 2, scheme.stdout + scheme.stderr);
    assert.match(scheme.stderr, /must start with postgres:\/\/ or postgresql:\/\/, not mysql:\/\//);
    const none = await runCli(['export', builtinOut]);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /give --postgres URL or set RECALL_GATE_POSTGRES_URL/);
  });

  test('a host that accepts the connection and never answers: exit 3 after the connect timeout, not a hang', { timeout: 60_000 }, async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolveListen) => silent.listen(0, '127.0.0.1', resolveListen));
    try {
      const { port } = silent.address() as AddressInfo;
      const result = await runCli(['export', builtinOut, '--postgres', `postgresql://evals:black-hole-secret@127.0.0.1:${port}/evals`]);
      assert.equal(result.code, 3, result.stdout + result.stderr);
      assert.match(result.stderr, new RegExp(`cannot connect to PostgreSQL at host 127\\.0\\.0\\.1:${port}, database evals: no answer within 10 s`));
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolveClose) => silent.close(resolveClose));
    }
  });

  test('the table holds its constraints: a flag outside 0/1 is refused by the database itself', async () => {
    await runCli(['export', builtinOut, '--postgres', server.url()]);
    await assert.rejects(
      client.query("INSERT INTO memory_eval_trials (run_id, suite, case_name, ability, repetition, condition, success, harmful_recall, harmful_action, total_tokens, judge_tokens, latency_ms, trial_started_at) VALUES ('x', 's', 'c', 'a', 1, 'recall', 2, 0, 0, 0, 0, 0, now())"),
      /violates check constraint/,
    );
  });
});
