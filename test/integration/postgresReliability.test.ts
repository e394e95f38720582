import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import type { TrialRecord } from '../../src/model/trial.js';
import type { ResultsDocument } from '../../src/model/results.js';
import { EXAMPLE_ADAPTER } from '../support/adapterProcess.js';
import { REPO_ROOT, runCli, tempDir } from '../support/cli.js';
import { postgresUnavailable, startPostgres, type PostgresServer } from '../support/postgresServer.js';

/*
 * export --postgres when the database does not cooperate: a table another
 * session keeps locked, a server that stops answering mid-INSERT, a URL with
 * a malformed %-escape, text PostgreSQL cannot hold, token counts nobody
 * reported, a table that is not the one recall-gate makes. One cluster for
 * the file (it is slow to start); each test has a database of its own.
 */

const EXAMPLE_DIR = join(REPO_ROOT, 'suites/examples/assistant-memory');
/** CI installs PostgreSQL (.ci/run): there a missing server is a failure, not a skip. */
const unavailable = process.env.CI ? undefined : postgresUnavailable();
/** Kills an export that waits forever, so such a run fails the test instead of hanging it. */
const EXPORT_LIMIT_MS = 40_000;

function readRun(out: string): { results: ResultsDocument; trials: TrialRecord[] } {
  return {
    results: JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as ResultsDocument,
    trials: readFileSync(join(out, 'trials.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as TrialRecord),
  };
}

/**
 * A TCP proxy to the server that forwards both ways until the client sends
 * the INSERT, then forwards nothing more: to recall-gate, the server stopped
 * answering mid-INSERT (as a host that goes down or a network that drops).
 */
async function stallingProxy(target: { host: string; port: number }): Promise<{ port: number; stalled: () => boolean; close: () => Promise<void> }> {
  const sockets: Socket[] = [];
  let stalled = false;
  const server: Server = createServer((client) => {
    const upstream = createConnection(target);
    sockets.push(client, upstream);
    let cut = false;
    client.on('data', (chunk: Buffer) => {
      if (!cut && chunk.includes('INSERT INTO memory_eval_trials')) cut = stalled = true;
      if (!cut) upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!cut) client.write(chunk);
    });
    for (const socket of [client, upstream]) socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    stalled: () => stalled,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('export to PostgreSQL when the database does not cooperate', { timeout: 300_000, skip: unavailable }, () => {
  let server: PostgresServer;
  /** A command-adapter run of the example cases (the toy adapter reports no token usage). */
  let out: string;
  let runId: string;
  let trialCount: number;
  /** The e2e suite every export here comes from. */
  let suite: string;
  let databases = 0;
  /** The superuser on the default database, to create each test's own. */
  let admin: pg.Client;

  /** A fresh database and a client on it. */
  async function database(): Promise<{ name: string; url: string; client: pg.Client }> {
    const name = `reliability_${++databases}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const client = new pg.Client({ connectionString: server.url(name) });
    await client.connect();
    return { name, url: server.url(name), client };
  }

  async function rowCount(client: pg.Client, id = runId): Promise<number> {
    const result = await client.query<{ count: string }>('SELECT count(*) AS count FROM memory_eval_trials WHERE run_id = $1', [id]);
    return Number(result.rows[0]!.count);
  }

  before(async () => {
    server = await startPostgres();
    admin = new pg.Client({ connectionString: server.url() });
    await admin.connect();
    const dir = tempDir('recall-gate-suite-');
    suite = join(dir, 'suite.yaml');
    writeFileSync(
      suite,
      [
        'name: pg-reliability',
        'e2e:',
        `  target: { kind: command, command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(EXAMPLE_ADAPTER)}, --stdio] }`,
        '  repeat: 1',
        '  conditions: [recall]',
        `  cases: ${JSON.stringify(join(EXAMPLE_DIR, 'cases.yaml'))}`,
        '',
      ].join('\n'),
    );
    out = tempDir();
    const run = await runCli(['run', suite, '--layer', 'e2e', '--out', out]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const { results, trials } = readRun(out);
    runId = results.run_id!;
    trialCount = trials.length;
  });
  after(async () => {
    await admin?.end();
    await server?.stop();
  });

  test('a table another session holds locked: exit 3 after --pg-timeout-ms, naming the lock, nothing written', async () => {
    const { url, client } = await database();
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      const first = await runCli(['export', out, '--postgres', url]);
      assert.equal(first.code, 0, first.stdout + first.stderr);
      await client.query('DELETE FROM memory_eval_trials');
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE memory_eval_trials IN ACCESS EXCLUSIVE MODE');
      const locked = await runCli(['export', out, '--postgres', url, '--pg-timeout-ms', '1500'], { killAfterMs: EXPORT_LIMIT_MS });
      assert.notEqual(locked.code, null, 'the export waited for the lock until it was killed');
      assert.equal(locked.code, 3, locked.stdout + locked.stderr);
      assert.match(locked.stderr, new RegExp(`failed, nothing was written: waited 1\\.5 s for a lock on memory_eval_trials while inserting rows 1-${trialCount} of ${trialCount} into memory_eval_trials \\(canceling statement due to lock timeout\\): another session holds it`));
      assert.doesNotMatch(locked.stderr, /CREATE/);
      await holder.query('ROLLBACK');
      assert.equal(await rowCount(client), 0, 'nothing half-written');
    } finally {
      await holder.end();
      await client.end();
    }
  });

  test('run --postgres takes --pg-timeout-ms too: the run is kept, its export gives up on a held lock (exit 3)', async () => {
    const { url, client } = await database();
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      const first = await runCli(['export', out, '--postgres', url]);
      assert.equal(first.code, 0, first.stdout + first.stderr);
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE memory_eval_trials IN ACCESS EXCLUSIVE MODE');
      const runOut = tempDir();
      const locked = await runCli(['run', suite, '--layer', 'e2e', '--out', runOut, '--postgres', url, '--pg-timeout-ms', '1500'], { killAfterMs: EXPORT_LIMIT_MS + 60_000 });
      assert.equal(locked.code, 3, locked.stdout + locked.stderr);
      assert.match(locked.stderr, /waited 1\.5 s for a lock on memory_eval_trials/);
      assert.equal(readRun(runOut).results.status, 'complete', 'the run itself is kept whole');
      await holder.query('ROLLBACK');
      const bad = await runCli(['run', suite, '--layer', 'e2e', '--out', tempDir(), '--postgres', url, '--pg-timeout-ms', '0']);
      assert.equal(bad.code, 2, bad.stdout + bad.stderr);
      assert.match(bad.stderr, /--pg-timeout-ms must be a whole number of milliseconds from 1, got "0"[\s\S]*usage: recall-gate run/);
      const bare = await runCli(['run', suite, '--layer', 'e2e', '--out', tempDir(), '--pg-timeout-ms', 'abc']);
      assert.equal(bare.code, 2, 'checked without --postgres too');
      assert.match(bare.stderr, /--pg-timeout-ms must be a whole number of milliseconds from 1, got "abc"/);
    } finally {
      await holder.end();
      await client.end();
    }
  });

  test('a server that stops answering mid-INSERT: exit 3 when the client gives up, not a hang; nothing written', async () => {
    const { url, client } = await database();
    const first = await runCli(['export', out, '--postgres', url]);
    assert.equal(first.code, 0, first.stdout + first.stderr);
    await client.query('DELETE FROM memory_eval_trials');
    const proxy = await stallingProxy({ host: server.host, port: server.port });
    try {
      const proxied = url.replace(`:${server.port}/`, `:${proxy.port}/`);
      const result = await runCli(['export', out, '--postgres', proxied, '--pg-timeout-ms', '1000'], { killAfterMs: EXPORT_LIMIT_MS });
      assert.ok(proxy.stalled(), 'the INSERT reached the proxy');
      assert.notEqual(result.code, null, 'the export waited for the server until it was killed');
      assert.equal(result.code, 3, result.stdout + result.stderr);
      assert.match(result.stderr, new RegExp(`nothing was written: the server did not answer within 7 s while inserting rows 1-${trialCount} of ${trialCount} into memory_eval_trials`));
    } finally {
      await proxy.close();
    }
    try {
      // The server rolls the transaction back once the connection is gone (it may take a moment to notice).
      const deadline = Date.now() + 10_000;
      for (;;) {
        const open = await client.query("SELECT count(*) AS count FROM pg_stat_activity WHERE application_name = 'recall-gate export'");
        if (Number((open.rows[0] as { count: string }).count) === 0 || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.equal(await rowCount(client), 0, 'nothing half-written');
    } finally {
      await client.end();
    }
  });

  test('a malformed %-escape in the URL: exit 2 naming the part, with the URL redacted and the password never shown', async () => {
    const inPassword = await runCli(['export', out, '--postgres', `postgres://evals:pass%zzword@127.0.0.1:${server.port}/evals`]);
    assert.equal(inPassword.code, 2, inPassword.stdout + inPassword.stderr);
    assert.match(inPassword.stderr, new RegExp(`the PostgreSQL URL postgres://\\*\\*\\*@127\\.0\\.0\\.1:${server.port}/evals has a malformed %-escape in its password \\(not shown\\)`));
    assert.ok(!inPassword.stderr.includes('pass%zzword') && !inPassword.stderr.includes('%zz'), 'no part of the password is shown');
    assert.doesNotMatch(inPassword.stderr, /unexpected error|URIError|\n\s+at /);
    const inDatabase = await runCli(['export', out, '--postgres', `postgres://evals:secret-pw-1@127.0.0.1:${server.port}/ev%zzals`]);
    assert.equal(inDatabase.code, 2, inDatabase.stdout + inDatabase.stderr);
    assert.match(inDatabase.stderr, /has a malformed %-escape in "%zz" in its database name/);
    assert.doesNotMatch(inDatabase.stderr, /unexpected error|URIError|secret-pw-1|\n\s+at /);
  });

  test('token counts nobody reported are NULL, not 0, also in a table made before with NOT NULL token columns', async () => {
    const { client } = await database();
    // An adapter call that reported no usage, a trial that errored before any call, a judge that reported nonsense.
    const copy = tempDir();
    cpSync(out, copy, { recursive: true });
    const { trials } = readRun(copy);
    const [unreported, errored, badJudge] = [trials[0]!, trials[1]!, trials[2]!];
    for (const invocation of unreported.invocations) delete invocation.usage;
    unreported.tokens = { ...unreported.tokens, input: 0, output: 0 };
    trials[1] = { ...errored, status: 'error', reason: 'the adapter could not start', invocations: [], tokens: { input: 0, output: 0, judge_input: 0, judge_output: 0 } };
    badJudge.judge_usage_warning = 'the judge reported token usage as "lots", not an object; counted as unknown';
    writeFileSync(join(copy, 'trials.jsonl'), `${trials.map((trial) => JSON.stringify(trial)).join('\n')}\n`);
    try {
      // The table as an earlier recall-gate made it: total_tokens and judge_tokens NOT NULL.
      await client.query(`CREATE TABLE memory_eval_trials (
        run_id text NOT NULL, suite text NOT NULL, variant text, commit_sha text, commit_ref text, case_name text NOT NULL, ability text NOT NULL,
        repetition integer NOT NULL, condition text NOT NULL, success integer NOT NULL, harmful_recall integer NOT NULL, harmful_action integer NOT NULL,
        injected_tokens integer, total_tokens integer NOT NULL, judge_tokens integer NOT NULL, latency_ms integer NOT NULL, total_cost_usd numeric, error text,
        trial_started_at timestamptz NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), UNIQUE (run_id, case_name, condition, repetition))`);
      const result = await runCli(['export', copy, '--postgres', server.url(client.database!)]);
      assert.equal(result.code, 0, result.stdout + result.stderr);
      const stored = await client.query<{ case_name: string; total_tokens: number | null; judge_tokens: number | null }>('SELECT case_name, total_tokens, judge_tokens FROM memory_eval_trials WHERE run_id = $1', [runId]);
      assert.equal(stored.rows.length, trialCount);
      const byCase = new Map(stored.rows.map((row) => [row.case_name, row]));
      assert.equal(byCase.get(unreported.case)!.total_tokens, null, 'a call with no usage: unknown, not 0');
      assert.equal(byCase.get(errored.case)!.total_tokens, null, 'errored before any call: unknown, not 0');
      assert.equal(byCase.get(badJudge.case)!.judge_tokens, null, 'nonsense judge usage: unknown, not 0');
      const known = trials.slice(3);
      assert.ok(known.length > 0);
      for (const trial of known) assert.equal(byCase.get(trial.case)!.total_tokens, trial.tokens.input + trial.tokens.output, `${trial.case}: counts reported are kept`);
      assert.equal(byCase.get(trials[3]!.case)!.judge_tokens, 0, 'no judge ran: 0 judge tokens is known');
    } finally {
      await client.end();
    }
  });

  test('a NUL character and a lone surrogate in an ability and an error are stored (escaped), not a failed export', async () => {
    const { client } = await database();
    const copy = tempDir();
    cpSync(out, copy, { recursive: true });
    const { trials } = readRun(copy);
    trials[0] = { ...trials[0]!, ability: 'recall\u0000nul', status: 'error', reason: 'adapter said \u0000 then \ud800 alone' };
    writeFileSync(join(copy, 'trials.jsonl'), `${trials.map((trial) => JSON.stringify(trial)).join('\n')}\n`);
    try {
      const result = await runCli(['export', copy, '--postgres', server.url(client.database!)]);
      assert.equal(result.code, 0, result.stdout + result.stderr);
      const stored = await client.query<{ ability: string; error: string }>('SELECT ability, error FROM memory_eval_trials WHERE case_name = $1', [trials[0].case]);
      assert.deepEqual(stored.rows, [{ ability: 'recall\\u0000nul', error: 'adapter said \\u0000 then \ufffd alone' }]);
    } finally {
      await client.end();
    }
  });

  test('a failure that is not about permissions gives the server\'s reason and what was being done, not a CREATE hint', async () => {
    const { client } = await database();
    try {
      // Someone else's table of that name, without the columns recall-gate writes.
      await client.query('CREATE TABLE memory_eval_trials (id serial PRIMARY KEY, note text)');
      const result = await runCli(['export', out, '--postgres', server.url(client.database!)]);
      assert.equal(result.code, 3, result.stdout + result.stderr);
      assert.match(result.stderr, /nothing was written: column "(run_id|suite|case_name)" .*does not exist/);
      assert.doesNotMatch(result.stderr, /CREATE on the schema/);
    } finally {
      await client.end();
    }
  });

  test('--pg-timeout-ms must be a whole number of milliseconds', async () => {
    const result = await runCli(['export', out, '--postgres', server.url(), '--pg-timeout-ms', '2s']);
    assert.equal(result.code, 2, result.stdout + result.stderr);
    assert.match(result.stderr, /--pg-timeout-ms must be a whole number of milliseconds from 1, got "2s"/);
  });
});
