import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { TrialRecord } from '../../src/model/trial.js';
import type { ResultsDocument } from '../../src/model/results.js';
import { CLI, runCli, tempDir, type CliResult } from '../support/cli.js';
import { startOpenAIServer, type ChatRequestBody, type OpenAIServer } from '../support/openaiServer.js';

/** A small e2e suite: 3 cases x recall x 2 repeats = 6 trials, each passing against answerFromMemories. */
const CASES = {
  allergy: `    - name: allergy
      ability: extraction
      sessions: [{ date: 2026-03-02, user: "I break out in hives if I eat shellfish." }]
      probe: { date: 2026-05-10, text: "Is there anything I should not eat?" }
      check: { icontains: shellfish }`,
  budget: `    - name: budget
      ability: knowledge-update
      sessions:
        - { date: 2026-04-01, user: "The team offsite budget is 5,000 euros." }
        - { date: 2026-06-20, user: "Finance approved more money: the offsite budget is now 8,000 euros." }
      probe: { date: 2026-07-01, text: "How much can we spend on the offsite?" }
      check: { first_amount: 8000 }`,
  role: `    - name: role
      ability: temporal
      sessions: [{ date: 2026-09-14, user: "Starting today I lead the forecasting team." }]
      probe: { date: 2026-11-02, text: "On what date did I start leading the forecasting team?" }
      check: { date: 2026-09-14 }`,
};
const CALLS_PER_TRIAL: Record<string, number> = { allergy: 2, budget: 3, role: 2 };

function suiteText(options: { name?: string; cases?: string[]; repeat?: number } = {}): string {
  return [
    `name: ${options.name ?? 'resume-fixture'}`,
    'retrieval:',
    '  providers: [{ name: kw, kind: keyword }]',
    '  memories: [{ id: m1, text: "placeholder" }]',
    '  queries: [{ text: "placeholder", relevant: [m1] }]',
    'e2e:',
    '  target: { kind: builtin, model: gpt-5-mini, memory: { provider: kw, dated: true } }',
    `  repeat: ${options.repeat ?? 2}`,
    '  conditions: [recall]',
    '  cases:',
    ...(options.cases ?? Object.values(CASES)),
    '',
  ].join('\n');
}

function writeSuite(text = suiteText()): string {
  const path = join(tempDir('recall-gate-suite-'), 'suite.yaml');
  writeFileSync(path, text);
  return path;
}

function readOut(out: string): { results: ResultsDocument; lines: string[]; trials: TrialRecord[] } {
  const lines = readFileSync(join(out, 'trials.jsonl'), 'utf8').split('\n').filter(Boolean);
  return { results: JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as ResultsDocument, lines, trials: lines.map((line) => JSON.parse(line) as TrialRecord) };
}

function assertNoStackTrace(result: CliResult): void {
  assert.doesNotMatch(result.stderr, /unexpected error/);
  assert.doesNotMatch(result.stderr, /^\s+at /m, 'no stack trace');
}

function tempFilesIn(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.tmp')) : [];
}

const chatCalls = (server: OpenAIServer, since = 0) => server.requests.slice(since).filter((request) => request.path === '/v1/chat/completions').length;

function spawnRun(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH, HOME: process.env.HOME, RECALL_GATE_CACHE_DIR: tempDir(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Waits until `condition` holds or the child has exited (so a wrong build fails the test rather than hanging it). */
async function until(child: ChildProcess, condition: () => boolean): Promise<void> {
  while (!condition() && child.exitCode === null && child.signalCode === null) await new Promise((resolve) => setTimeout(resolve, 20));
  assert.ok(condition(), 'the run ended before the awaited moment');
}

/** Mounts a tmpfs (root only); undefined where this machine does not allow it. */
function mountTmpfs(options: string): string | undefined {
  const dir = tempDir('recall-gate-mount-');
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore' });
  return mounted.status === 0 ? dir : undefined;
}

function unmount(dir: string): void {
  spawnSync('umount', [dir], { stdio: 'ignore' });
}

describe('run --resume, the results folder and the trial log', { timeout: 300_000 }, () => {
  let server: OpenAIServer;
  let slow: OpenAIServer;
  before(async () => {
    server = await startOpenAIServer({ apiKey: 'sk-test' });
    slow = await startOpenAIServer({ apiKey: 'sk-test', latencyMs: 150 });
  });
  after(async () => {
    await server.close();
    await slow.close();
  });
  const env = (target = server) => ({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: target.url });
  const run = (suite: string, out: string, ...more: string[]) => runCli(['run', suite, '--layer', 'e2e', '--out', out, '--concurrency', '1', ...more], { env: env() });

  test('an edited check: its trials are discarded, said so, and run again under the new check', async () => {
    const suite = writeSuite();
    const out = tempDir();
    assert.equal((await run(suite, out)).code, 0);
    writeFileSync(suite, suiteText().replace('check: { icontains: shellfish }', 'check: { icontains: peanuts }'));
    const start = chatCalls(server);
    const resumed = await run(suite, out, '--resume');
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.match(resumed.stderr, /resuming: 4 trials kept; 2 discarded: 2 for a changed check\n/);
    assert.equal(chatCalls(server, start), 2 * CALLS_PER_TRIAL.allergy!, 'only the two allergy trials ran again');
    const { results, trials } = readOut(out);
    assert.equal(trials.length, 6);
    assert.deepEqual(
      trials.filter((trial) => trial.case === 'allergy').map((trial) => [trial.status, trial.check]),
      [
        ['fail', 'icontains "peanuts"'],
        ['fail', 'icontains "peanuts"'],
      ],
    );
    assert.equal(results.status, 'complete');
    assert.deepEqual([results.e2e!.metrics.trials, results.e2e!.metrics.passed, results.e2e!.metrics.failed], [6, 4, 2]);
  });

  test('a deleted case is not counted; a changed session is run again', async () => {
    const suite = writeSuite();
    const out = tempDir();
    assert.equal((await run(suite, out)).code, 0);
    writeFileSync(suite, suiteText({ cases: [CASES.allergy, CASES.budget.replace('5,000 euros', '4,000 euros')] }));
    const start = chatCalls(server);
    const resumed = await run(suite, out, '--resume');
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.match(resumed.stderr, /resuming: 2 trials kept; 4 discarded: 2 for changed sessions, probe or evidence, 2 for cases no longer in the suite\n/);
    assert.equal(chatCalls(server, start), 2 * CALLS_PER_TRIAL.budget!);
    const { results, trials } = readOut(out);
    assert.deepEqual(trials.map((trial) => trial.key).sort(), ['allergy|recall|1', 'allergy|recall|2', 'budget|recall|1', 'budget|recall|2']);
    assert.equal(results.e2e!.metrics.trials, 4);
    assert.deepEqual(Object.keys(results.e2e!.cases).sort(), ['allergy', 'budget']);
    assert.ok(trials.find((trial) => trial.case === 'budget')!.invocations[0]!.message.includes('4,000 euros'));
  });

  test("another suite's folder is refused with --resume: exit 2, the fix named, nothing touched", async () => {
    const out = tempDir();
    assert.equal((await run(writeSuite(), out)).code, 0);
    const before = readFileSync(join(out, 'trials.jsonl'), 'utf8');
    const other = await run(writeSuite(suiteText({ name: 'another-suite' })), out, '--resume');
    assert.equal(other.code, 2, other.stderr);
    assert.match(other.stderr, /--resume: .* holds results of suite "resume-fixture", not "another-suite" \(use another --out for this suite, or drop --resume/);
    assertNoStackTrace(other);
    assert.equal(readFileSync(join(out, 'trials.jsonl'), 'utf8'), before);
    assert.equal(readOut(out).results.suite.name, 'resume-fixture');
    assert.equal(existsSync(join(out, '.recall-gate.lock')), false);
  });

  test('a torn last line is cut before appending: every planned trial is present and counted once', async () => {
    const suite = writeSuite();
    const out = tempDir();
    assert.equal((await run(suite, out)).code, 0);
    const { lines } = readOut(out);
    const torn = JSON.parse(lines.at(-1)!) as TrialRecord;
    const log = join(out, 'trials.jsonl');
    writeFileSync(log, `${lines.slice(0, -1).join('\n')}\n${lines.at(-1)!.slice(0, 100)}`);
    const start = chatCalls(server);
    const resumed = await run(suite, out, '--resume');
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.match(resumed.stderr, /resuming: cut a torn last line from .*trials\.jsonl \(100 bytes, a write cut short by a crash or a full disk\); its trial runs again/);
    assert.match(resumed.stderr, /resuming: 5 trials kept\n/);
    assert.equal(chatCalls(server, start), CALLS_PER_TRIAL[torn.case]);
    const after = readOut(out);
    assert.equal(after.lines.length, 6, 'each line one whole record');
    assert.equal(new Set(after.trials.map((trial) => trial.key)).size, 6);
    assert.ok(after.trials.some((trial) => trial.key === torn.key));
    assert.equal(after.results.status, 'complete');
    assert.deepEqual([after.results.e2e!.metrics.trials, after.results.e2e!.metrics.passed, after.results.e2e!.missing], [6, 6, 0]);
  });

  test('a planned trial missing from the log makes the results incomplete, counted as an error', async () => {
    const suite = writeSuite();
    const out = tempDir();
    assert.equal((await run(suite, out)).code, 0);
    const { lines } = readOut(out);
    const lost = JSON.parse(lines[2]!) as TrialRecord;
    writeFileSync(join(out, 'trials.jsonl'), lines.filter((_, i) => i !== 2).map((line) => `${line}\n`).join(''));
    const regraded = await runCli(['regrade', out, '--suite', suite]);
    assert.equal(regraded.code, 3, regraded.stdout + regraded.stderr);
    assert.match(regraded.stderr, /regraded run incomplete: e2e: 1 planned trial has no record in trials\.jsonl/);
    const { results } = readOut(out);
    assert.equal(results.status, 'incomplete');
    assert.deepEqual([results.e2e!.metrics.trials, results.e2e!.metrics.passed, results.e2e!.metrics.errors, results.e2e!.missing], [6, 5, 1, 1]);
    assert.match(results.e2e!.errors.find((error) => error.key === lost.key)!.reason, /no record of this planned trial/);
  });

  test('two runs on one --out: the second exits 3 naming the lock holder; a stale lock is taken over', async () => {
    const suite = writeSuite();
    const out = tempDir();
    const first = spawnRun(['run', suite, '--layer', 'e2e', '--out', out, '--concurrency', '1'], env(slow));
    const firstDone = new Promise<number | null>((resolve) => first.on('close', resolve));
    const lock = join(out, '.recall-gate.lock');
    await until(first, () => existsSync(lock));
    const second = await runCli(['run', suite, '--layer', 'e2e', '--out', out], { env: env() });
    assert.equal(second.code, 3, second.stderr);
    assert.match(second.stderr, new RegExp(`is in use by another recall-gate run \\(pid ${first.pid} on ${hostname()}, "run .*suite\\.yaml", since `));
    assert.match(second.stderr, /if that run is gone, delete .*\.recall-gate\.lock/);
    assertNoStackTrace(second);
    assert.equal(await firstDone, 0);
    assert.equal(existsSync(lock), false, 'released at the end');
    const { results } = readOut(out);
    assert.deepEqual([results.status, results.e2e!.metrics.trials, results.e2e!.metrics.passed], ['complete', 6, 6]);

    // A lock left by a process that is gone (SIGKILL) is stale on this host.
    const gone = spawnSync(process.execPath, ['-e', 'process.pid']).pid;
    writeFileSync(lock, JSON.stringify({ pid: gone, host: hostname(), started_at: '2020-01-01T00:00:00.000Z', command: 'run old' }));
    const third = await runCli(['run', suite, '--layer', 'e2e', '--out', out], { env: env() });
    assert.equal(third.code, 0, third.stderr);
    assert.equal(existsSync(lock), false);
  });

  test('SIGINT mid-run: results.json says incomplete ("interrupted"), the lock is gone, and resume completes, its provenance naming the models of both parts', async () => {
    const suite = writeSuite();
    const out = tempDir();
    // The interrupted part is answered by another snapshot than the resumed part (the server's default names the model asked).
    const snapshot = await startOpenAIServer({ apiKey: 'sk-test', latencyMs: 150, answeredModel: (model) => `${model}-2026-01-01` });
    const answered = (doc: ResultsDocument) => doc.provenance!.models.find((model) => model.role === 'chat')?.answered;
    const child = spawnRun(['run', suite, '--layer', 'e2e', '--out', out, '--concurrency', '1'], env(snapshot));
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const closed = new Promise<NodeJS.Signals | null>((resolve) => child.on('close', (_code, signal) => resolve(signal)));
    const log = join(out, 'trials.jsonl');
    await until(child, () => existsSync(log) && readFileSync(log, 'utf8').includes('\n'));
    child.kill('SIGINT');
    assert.equal(await closed, 'SIGINT', 'the process still dies by the signal');
    const { results, lines } = readOut(out);
    // The last word is that the run stopped, what it kept and how to go on: not a progress line with time left.
    const last = stderr.trimEnd().split('\n').at(-1)!;
    assert.match(last, new RegExp(`^run stopped \\(interrupted by SIGINT\\): ${lines.length} of 6 e2e trials are recorded in .*trials\\.jsonl, and the same command with --resume plays the rest$`), stderr);
    assert.equal(results.status, 'incomplete');
    assert.ok(results.errors.includes('interrupted by SIGINT'), results.errors.join('; '));
    assert.ok(results.finished_at);
    assert.equal(existsSync(join(out, '.recall-gate.lock')), false);
    assert.ok(lines.length >= 1 && lines.length < 6);
    await snapshot.close();
    assert.deepEqual(answered(results), ['gpt-5-mini-2026-01-01'], 'a stopped run keeps the ids it was answered with');

    const resumed = await run(suite, out, '--resume');
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.equal(readOut(out).results.e2e!.metrics.passed, 6);
    // The resumed run continues the interrupted one: the same run id, so an export of both adds each trial once.
    assert.equal(readOut(out).results.run_id, results.run_id);
    // Its kept trials were answered by the earlier snapshot: provenance names both.
    assert.deepEqual(answered(readOut(out).results), ['gpt-5-mini', 'gpt-5-mini-2026-01-01']);
  });

  test('a run killed outright leaves "running": readers say it never finished and treat it as incomplete; what answered it is written already', async () => {
    const suite = writeSuite();
    const out = tempDir();
    const snapshot = await startOpenAIServer({ apiKey: 'sk-test', latencyMs: 150, answeredModel: (model) => `${model}-2026-01-01` });
    const child = spawnRun(['run', suite, '--layer', 'e2e', '--out', out, '--concurrency', '1'], env(snapshot));
    const closed = new Promise((resolve) => child.on('close', resolve));
    const log = join(out, 'trials.jsonl');
    await until(child, () => existsSync(log) && readFileSync(log, 'utf8').includes('\n'));
    child.kill('SIGKILL');
    await closed;
    await snapshot.close();
    assert.equal(readOut(out).results.status, 'running');
    // Written when first seen, not at the end the killed run never reached.
    assert.deepEqual(readOut(out).results.provenance!.models.find((model) => model.role === 'chat')?.answered, ['gpt-5-mini-2026-01-01']);

    const compared = await runCli(['compare', out, out, '--suite', suite]);
    assert.match(compared.stderr, /is incomplete \(the run that wrote .* never finished \(results\.json still says "running": it was killed\); run it again with --resume\)/);
    // regrade takes the stale lock over and writes the truth down.
    const regraded = await runCli(['regrade', out, '--suite', suite]);
    assert.equal(regraded.code, 3, regraded.stderr);
    const { results } = readOut(out);
    assert.equal(results.status, 'incomplete');
    assert.ok(results.e2e!.missing > 0);
  });

  test('--out naming a file: exit 2, a clear message, no stack trace, no temp file, the file untouched', async () => {
    const dir = tempDir();
    const file = join(dir, 'passwd');
    writeFileSync(file, 'root:x:0:0::/root:/bin/sh\n');
    const result = await run(writeSuite(), file);
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /recall-gate run: the results folder .*passwd is a file, not a folder \(give --out a folder; it is created if missing\)/);
    assertNoStackTrace(result);
    assert.deepEqual(tempFilesIn(dir), []);
    assert.equal(readFileSync(file, 'utf8'), 'root:x:0:0::/root:/bin/sh\n');
    const under = await run(writeSuite(), join(file, 'out'));
    assert.equal(under.code, 2, under.stderr);
    assert.match(under.stderr, /a part of the path is a file, not a folder \(ENOTDIR\)/);
  });

  test('--out on a read-only folder: exit 3 with the reason, no stack trace, no temp file', async (t) => {
    // Root ignores permission bits: a read-only tmpfs mount is the real thing; else a folder without write permission.
    let dir = process.getuid?.() === 0 ? mountTmpfs('ro,size=64k') : undefined;
    if (!dir && process.getuid?.() === 0) return t.skip('running as root and no read-only mount is possible here');
    if (!dir) {
      dir = tempDir();
      chmodSync(dir, 0o555);
    }
    try {
      for (const out of [dir, join(dir, 'nested', 'out')]) {
        const result = await run(writeSuite(), out);
        assert.equal(result.code, 3, result.stderr);
        assert.match(result.stderr, /cannot (lock|create) the results folder.*: (the file system is read-only \(EROFS\)|permission denied \(EACCES\))/);
        assertNoStackTrace(result);
        assert.deepEqual(tempFilesIn(dir), []);
      }
    } finally {
      unmount(dir);
    }
  });

  test('a full disk mid-run (a 64 KiB tmpfs): exit 3 naming ENOSPC, no temp file, the log whole lines, results.json not "running"', async (t) => {
    const dir = mountTmpfs('size=64k');
    if (!dir) return t.skip('cannot mount a tmpfs here (needs root)');
    const wordy = await startOpenAIServer({ apiKey: 'sk-test', chat: () => `shellfish ${'y'.repeat(40_000)}` });
    try {
      const result = await runCli(['run', writeSuite(), '--layer', 'e2e', '--out', dir, '--concurrency', '1'], { env: env(wordy) });
      assert.equal(result.code, 3, result.stderr);
      assert.match(result.stderr, /recall-gate run: cannot append a trial to .*trials\.jsonl: no space left on the device \(ENOSPC\)/);
      assertNoStackTrace(result);
      assert.deepEqual(tempFilesIn(dir), []);
      const text = readFileSync(join(dir, 'trials.jsonl'), 'utf8');
      assert.ok(text === '' || text.endsWith('\n'), 'the partial line was taken back');
      const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as ResultsDocument;
      assert.equal(results.status, 'incomplete');
      assert.match(results.errors.join('\n'), /stopped by an error: cannot append a trial .*ENOSPC/);
      assert.equal(existsSync(join(dir, '.recall-gate.lock')), false);
    } finally {
      await wordy.close();
      unmount(dir);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a 50 MB reply: graded whole, stored capped at 64 KiB per field with a marker of what was cut', async () => {
    const probe = 'Is there anything I should not eat?';
    const reply = `${'x'.repeat(50_000_000 - ' shellfish'.length)} shellfish`;
    const huge = await startOpenAIServer({
      apiKey: 'sk-test',
      chat: (request: ChatRequestBody) => (request.messages.at(-1)!.content === probe ? reply : 'Noted.'),
    });
    try {
      const out = tempDir();
      const suite = writeSuite(suiteText({ cases: [CASES.allergy], repeat: 1 }));
      const result = await runCli(['run', suite, '--layer', 'e2e', '--out', out], { env: env(huge) });
      assert.equal(result.code, 0, result.stderr);
      const { lines, trials } = readOut(out);
      assert.equal(lines.length, 1);
      const bytes = Buffer.byteLength(lines[0]!);
      assert.ok(bytes < 200_000 && bytes > 2 * 65_536, `${bytes} bytes`);
      const trial = trials[0]!;
      assert.equal(trial.status, 'pass', 'the check saw the end of the whole answer');
      assert.ok(trial.answer!.endsWith('… [cut 49.9 MB of 50.0 MB]'), trial.answer!.slice(-60));
      assert.ok(!trial.answer!.includes('shellfish'));
      assert.ok(trial.invocations.at(-1)!.reply.endsWith('… [cut 49.9 MB of 50.0 MB]'));
      // The stored copy lacks the end that passed: regrade keeps the verdict rather than grade the cut text.
      const regraded = await runCli(['regrade', out, '--suite', suite]);
      assert.equal(regraded.code, 0, regraded.stderr);
      assert.match(regraded.stderr, /allergy\|recall\|1: the stored answer was cut to 64 KiB; its verdict \(graded on the whole answer\) is kept/);
      assert.equal(readOut(out).trials[0]!.status, 'pass');
    } finally {
      await huge.close();
    }
  });
});
