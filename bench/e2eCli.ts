/**
 * The e2e throughput a user sees: the same generated cases as bench/e2e.ts,
 * written as a suite and run by dist/cli.js as a child process
 * (`run --layer e2e`) against the local OpenAI-compatible server answering
 * every chat call after a fixed latency. The server runs in the bench's
 * process, so the CLI's CPU is its own: loading the suite, the trials, the
 * results folder and its reports. Ideal = calls x latency / concurrency.
 * Beside it, the floor: the same requests from a bare client
 * (bench/floorClient.ts), what the machine itself adds to the ideal.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { median } from '../src/stats/summary.js';
import { startOpenAIServer } from '../test/support/openaiServer.js';
import { generateCases } from './e2e.js';
import { runMeasured, type Usage } from './scale.js';

export interface E2eCliOptions {
  repoRoot: string;
  cases: number;
  repeat: number;
  concurrency: number;
  latencyMs: number;
  seed: number;
  /** CLI runs; the median is reported beside the goal. */
  rounds: number;
  print: (line?: string) => void;
}

const API_KEY = 'sk-bench-cli';
const execFileAsync = promisify(execFile);
const CALLS_PER_TRIAL = 4;

/** A suite folder holding the cases as cases.jsonl, the builtin target over a keyword provider (as bench/e2e.ts's SPEC). */
function writeSuite(dir: string, count: number, seed: number, repeat: number, concurrency: number): void {
  const cases = generateCases(count, seed);
  const rows = cases.map((spec) =>
    JSON.stringify({
      name: spec.name,
      ability: spec.ability,
      sessions: spec.sessions.map((session) => ({ date: session.date, user: session.turns[0] })),
      probe: spec.probe,
      check: spec.check,
      evidence: spec.evidence,
    }),
  );
  writeFileSync(join(dir, 'cases.jsonl'), `${rows.join('\n')}\n`);
  writeFileSync(join(dir, 'memories.jsonl'), `${JSON.stringify({ id: 'm1', user: 'u1', text: 'placeholder memory' })}\n`);
  writeFileSync(join(dir, 'queries.jsonl'), `${JSON.stringify({ id: 'q1', user: 'u1', text: 'placeholder', relevant: ['m1'] })}\n`);
  writeFileSync(join(dir, 'prompt.md'), 'You remember things.\n');
  writeFileSync(
    join(dir, 'suite.yaml'),
    [
      'name: bench-e2e-cli',
      'retrieval:',
      '  providers: [{ name: keyword, kind: keyword }]',
      '  memories: memories.jsonl',
      '  queries: queries.jsonl',
      'e2e:',
      '  target:',
      '    kind: builtin',
      '    model: gpt-5-mini',
      '    system_prompt: prompt.md',
      '    memory: { provider: keyword, max_results: 5, dated: true, auto_store: true }',
      '    timeout_ms: 60000',
      '    max_retries: 0',
      `  repeat: ${repeat}`,
      '  conditions: [recall]',
      `  concurrency: ${concurrency}`,
      '  cases: cases.jsonl',
      '',
    ].join('\n'),
  );
}

export async function e2eCliSection(options: E2eCliOptions): Promise<void> {
  const { repoRoot, latencyMs, concurrency, print } = options;
  const cli = join(repoRoot, 'dist', 'cli.js');
  const dir = mkdtempSync(join(tmpdir(), 'recall-gate-bench-e2e-cli-'));
  const server = await startOpenAIServer({ apiKey: API_KEY, latencyMs });
  try {
    writeSuite(dir, options.cases, options.seed, options.repeat, concurrency);
    const calls = options.cases * options.repeat * CALLS_PER_TRIAL;
    const idealSeconds = (calls * latencyMs) / 1000 / concurrency;
    print(
      `e2e through the CLI (dist/cli.js run --layer e2e as a process, the server in the bench's process): ${options.cases} cases x ${options.repeat} repeats x ${CALLS_PER_TRIAL} calls, ` +
        `concurrency ${concurrency}, ${latencyMs} ms per call; ideal ${idealSeconds.toFixed(1)} s; median of ${options.rounds}`,
    );
    const runs: Usage[] = [];
    // Where each run's time goes: before its first request, from it to the last answer (the part the floor is
    // measured on: its start-up is not counted), and after the last answer. A run that sent nothing has none.
    const firstRequest: number[] = [];
    const calling: number[] = [];
    const afterLastAnswer: number[] = [];
    let bodies: unknown[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const before = server.requests.length;
      const out = join(dir, `out-${round}`);
      const usage = await runMeasured(cli, ['run', join(dir, 'suite.yaml'), '--layer', 'e2e', '--out', out, '--no-cache'], {
        cwd: dir,
        timeoutMs: 30 * 60_000,
        env: { OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: server.url },
      });
      const served = server.requests.length - before;
      const times = server.requests.slice(before).map((request) => request.at);
      // The server answers latencyMs after a request arrives (its timer may fire a little later, which counts as calling).
      let split = '';
      if (times.length > 0) {
        const [first, lastAnswer] = [Math.min(...times), Math.max(...times) + latencyMs];
        const parts = [(first - usage.startedAtMs) / 1000, (lastAnswer - first) / 1000, (usage.startedAtMs + usage.wallSeconds * 1000 - lastAnswer) / 1000] as const;
        firstRequest.push(parts[0]);
        calling.push(parts[1]);
        afterLastAnswer.push(parts[2]);
        split = `; first request ${parts[0].toFixed(2)} s after start, last answer ${parts[1].toFixed(2)} s after it, exit ${parts[2].toFixed(2)} s after that`;
      }
      bodies = server.requests.slice(before).map((request) => request.body);
      server.requests.length = 0;
      runs.push(usage);
      const failed = usage.code === 0 || usage.code === 1 ? '' : `; exit ${usage.code ?? 'killed'}: ${usage.stderrTail}`;
      print(
        `  run ${round + 1}: wall ${usage.wallSeconds.toFixed(2)} s (${(usage.wallSeconds / idealSeconds).toFixed(3)}x ideal), cpu ${usage.cpuSeconds.toFixed(2)} s ` +
          `(${((usage.cpuSeconds * 1000) / calls).toFixed(2)} ms per call), peak RSS ${usage.peakRssMb.toFixed(0)} MB, ${served} requests served${split}${failed}`,
      );
      rmSync(out, { recursive: true, force: true });
    }
    const wall = median(runs.map((run) => run.wallSeconds));
    const cpu = median(runs.map((run) => run.cpuSeconds));
    print(`  median: wall ${wall.toFixed(2)} s = ${(wall / idealSeconds).toFixed(3)}x ideal (goal: <= 1.05x), cpu ${cpu.toFixed(2)} s (${((cpu * 1000) / calls).toFixed(2)} ms per call)`);
    // What no client gets under on this machine: the same requests from a bare node:http client.
    const bodiesFile = join(dir, 'bodies.json');
    writeFileSync(bodiesFile, JSON.stringify(bodies));
    const floors: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const { stdout } = await execFileAsync(process.execPath, [join(repoRoot, 'build', 'bench', 'floorClient.js'), bodiesFile, server.url, String(concurrency)], { env: { PATH: process.env.PATH, OPENAI_API_KEY: API_KEY } });
      floors.push((JSON.parse(stdout) as { wallMs: number }).wallMs / 1000);
    }
    const floor = median(floors);
    print(
      `  floor: the same ${bodies.length} request bodies from a bare node:http client (its own process, start-up not counted), median of ${options.rounds}: ` +
        `${floor.toFixed(2)} s = ${(floor / idealSeconds).toFixed(3)}x ideal (${floors.map((one) => one.toFixed(2)).join(', ')})`,
    );
    print(`  recall-gate over the floor: +${(wall - floor).toFixed(2)} s = ${(wall / floor).toFixed(3)}x the floor (start-up, suite, trials, grading, results and reports)`);
    if (calling.length > 0) {
      const during = median(calling);
      print(
        `  where (medians of the runs, each its own): ${median(firstRequest).toFixed(2)} s before the first request (node, the suite, planning, the client), ` +
          `${during.toFixed(2)} s of calls = +${(during - floor).toFixed(2)} s over the floor's, ${median(afterLastAnswer).toFixed(2)} s after the last answer (grading, results and reports)`,
      );
    }
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
  print();
}
