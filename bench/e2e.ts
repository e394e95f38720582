/**
 * End-to-end throughput: runE2e (condition recall) through a real
 * BuiltinTarget over a KeywordStore, against the local OpenAI-compatible
 * server (test/support/openaiServer.ts) answering every chat call after a
 * fixed latency. With that latency dominating, the ideal wall time is
 * calls x latency / concurrency; the ratio to it shows what the runner, the
 * target, the OpenAI client and the store add on top (the server runs in this
 * process too, so its CPU counts against the same event loop).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { runE2e } from '../src/e2e/runE2e.js';
import { aggregateE2e } from '../src/e2e/aggregate.js';
import { trialKey } from '../src/e2e/trialRecords.js';
import type { TrialRecord } from '../src/model/trial.js';
import type { CaseSpec } from '../src/model/e2e.js';
import { KeywordStore } from '../src/memory/keyword.js';
import { tokenize } from '../src/text/tokenizer.js';
import { percentile } from '../src/stats/summary.js';
import type { BuiltinTargetSpec } from '../src/model/suite.js';
import { BuiltinTarget } from '../src/targets/builtin.js';
import { startOpenAIServer } from '../test/support/openaiServer.js';
import { generateData } from './generate.js';
import { collect, cpuSeconds, timed } from './measure.js';
import { intBetween, mulberry32 } from './prng.js';

export interface E2eSectionOptions {
  /** Generated cases for the concurrent run. */
  cases: number;
  repeat: number;
  concurrency: number;
  /** Cases for the run at concurrency 1 (the first ones of the same list). */
  serialCases: number;
  /** Every chat call waits this long on the server before it is answered. */
  latencyMs: number;
  seed: number;
  print: (line?: string) => void;
}

const SESSIONS_PER_CASE = 3;
const CALLS_PER_TRIAL = SESSIONS_PER_CASE + 1;
const API_KEY = 'sk-bench';
const SUITE = 'bench-e2e-throughput';
const SESSION_DATES = ['2025-03-01', '2025-03-08', '2025-03-15'];
const PROBE_DATE = '2025-04-01';
/** The event-loop monitor's timer; its histogram holds the timer's interval plus the lag, so this is subtracted. */
const LOOP_RESOLUTION_MS = 10;
const WHERE = { file: 'bench/e2e.ts', line: 1, col: 1 };

const SPEC: BuiltinTargetSpec = {
  kind: 'builtin',
  model: 'gpt-5-mini',
  systemPrompt: 'You remember things.',
  memory: {
    provider: { name: 'keyword', kind: 'keyword', where: WHERE },
    max_results: 5,
    dated: true,
    auto_store: true,
  },
  timeout_ms: 60_000,
  max_retries: 0,
};

/**
 * Made-up words both tokenizers keep whole: not a stopword, untouched by the
 * keyword store's S-stemmer and by the test server's crude (ing|ed|s) stem.
 */
function safeWords(seed: number, size: number): string[] {
  const { vocabulary } = generateData({ memories: 0, queries: 0, vocabulary: size, users: 1, seed });
  return vocabulary.filter((word) => {
    const terms = tokenize(word);
    return terms.length === 1 && terms[0] === word && !/(ing|ed|s)$/.test(word);
  });
}

/**
 * Case i: three sessions "My <attribute> is <value>." with six distinct
 * made-up words, then "What is my <attribute>?" about one of them (seeded).
 * Every other word is a stopword for the store and the server, so only the
 * planted session matches the probe; the check is icontains <value>.
 */
export function generateCases(count: number, seed: number): CaseSpec[] {
  const words = safeWords(seed, 4_000);
  const random = mulberry32(seed + 1);
  const cases: CaseSpec[] = [];
  for (let i = 0; i < count; i++) {
    const chosen = new Set<string>();
    while (chosen.size < 2 * SESSIONS_PER_CASE) chosen.add(words[Math.floor(random() * words.length)]!);
    const [a1, v1, a2, v2, a3, v3] = [...chosen] as [string, string, string, string, string, string];
    const facts = [
      [a1, v1],
      [a2, v2],
      [a3, v3],
    ] as const;
    const [attribute, value] = facts[intBetween(random, 0, SESSIONS_PER_CASE - 1)]!;
    cases.push({
      name: `gen-${String(i).padStart(4, '0')}`,
      ability: 'single-fact recall',
      sessions: facts.map(([a, v], s) => ({ date: SESSION_DATES[s], turns: [`My ${a} is ${v}.`] })),
      probe: { text: `What is my ${attribute}?`, date: PROBE_DATE },
      check: { icontains: value },
      evidence: [`${attribute} is ${value}`],
      obsolete: [],
      needs_memory: true,
      where: { ...WHERE, line: i + 1 },
    });
  }
  return cases;
}

interface E2eRun {
  concurrency: number;
  cases: number;
  repeat: number;
  trials: TrialRecord[];
  chatCalls: number;
  otherRequests: number;
  seconds: number;
  cpuSeconds: number;
  /** Highest RSS sampled every 20 ms during runE2e. */
  sampledPeakRssMb: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  loopDelayMs: { mean: number; p99: number; max: number };
}

/** Event-loop lag in ms from a histogram value in ns. */
const lag = (nanoseconds: number) => Math.max(0, nanoseconds / 1e6 - LOOP_RESOLUTION_MS);

async function runOnce(cases: CaseSpec[], repeat: number, concurrency: number, latencyMs: number): Promise<E2eRun> {
  await collect();
  const server = await startOpenAIServer({ apiKey: API_KEY, latencyMs });
  const target = new BuiltinTarget({ spec: SPEC, store: new KeywordStore(), apiKey: API_KEY, baseURL: server.url });
  const rssBeforeMb = process.memoryUsage.rss() / 2 ** 20;
  let sampledPeakRssMb = rssBeforeMb;
  const sampler = setInterval(() => {
    sampledPeakRssMb = Math.max(sampledPeakRssMb, process.memoryUsage.rss() / 2 ** 20);
  }, 20);
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  try {
    loop.enable();
    const cpuStarted = cpuSeconds();
    const run = await timed(() =>
      runE2e(
        { suiteName: SUITE, cases, conditions: ['recall'], repeat, concurrency, model: SPEC.model, prices: {} },
        { target, onTrial: () => {} },
      ),
    );
    const cpu = cpuSeconds() - cpuStarted;
    loop.disable();
    clearInterval(sampler);
    const rssAfterMb = process.memoryUsage.rss() / 2 ** 20;
    sampledPeakRssMb = Math.max(sampledPeakRssMb, rssAfterMb);
    const chatCalls = server.requests.filter((request) => request.method === 'POST' && request.path === '/v1/chat/completions').length;
    return {
      concurrency,
      cases: cases.length,
      repeat,
      trials: run.value,
      chatCalls,
      otherRequests: server.requests.length - chatCalls,
      seconds: run.seconds,
      cpuSeconds: cpu,
      sampledPeakRssMb,
      rssBeforeMb,
      rssAfterMb,
      loopDelayMs: { mean: lag(loop.mean), p99: lag(loop.percentile(99)), max: lag(loop.max) },
    };
  } finally {
    clearInterval(sampler);
    loop.disable();
    await target.close();
    await server.close();
  }
}

function report(run: E2eRun, latencyMs: number, print: (line?: string) => void): void {
  const trials = run.trials.length;
  const passed = run.trials.filter((trial) => trial.status === 'pass').length;
  const failed = run.trials.filter((trial) => trial.status === 'fail').length;
  const errors = run.trials.filter((trial) => trial.status === 'error');
  const idealSeconds = (run.chatCalls * latencyMs) / 1000 / run.concurrency;
  const ratio = run.seconds / idealSeconds;
  const callMs = run.trials.flatMap((trial) => trial.invocations.map((invocation) => invocation.latency_ms));
  const recallMs = run.trials.flatMap((trial) => trial.invocations.flatMap((invocation) => (invocation.recall_ms === undefined ? [] : [invocation.recall_ms])));
  const trialMs = run.trials.map((trial) => trial.duration_ms);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  const dist = (values: number[]) =>
    `mean ${mean(values).toFixed(2)}, p50 ${percentile(values, 50).toFixed(2)}, p95 ${percentile(values, 95).toFixed(2)}, max ${Math.max(0, ...values).toFixed(2)} ms`;
  const coverage = run.trials.filter((trial) => trial.evidence_coverage === 1).length;

  print(`  concurrency ${run.concurrency}: ${run.cases} cases x ${run.repeat} repeats = ${trials} trials`);
  print(
    `    chat calls (server.requests): ${run.chatCalls} (expected ${trials * CALLS_PER_TRIAL} = ${trials} x ${CALLS_PER_TRIAL})` +
      (run.otherRequests > 0 ? `, plus ${run.otherRequests} other requests` : ''),
  );
  print(`    wall ${run.seconds.toFixed(3)} s; ideal ${idealSeconds.toFixed(3)} s (= ${run.chatCalls} calls x ${latencyMs} ms / ${run.concurrency}); ratio wall/ideal ${ratio.toFixed(3)}`);
  print(`    throughput ${(trials / run.seconds).toFixed(2)} trials/s, ${(run.chatCalls / run.seconds).toFixed(1)} calls/s (ideal ${((run.concurrency * 1000) / (latencyMs * CALLS_PER_TRIAL)).toFixed(2)} trials/s)`);
  print(
    `    pass rate ${((100 * passed) / Math.max(1, trials)).toFixed(1)}% (${passed} pass, ${failed} fail, ${errors.length} error); ` +
      `probe recalled the planted session in ${coverage}/${trials} trials`,
  );
  if (errors.length > 0) print(`    first error: ${errors[0]!.reason}`);
  print(`    per chat call (latency_ms, client side, server latency included): ${dist(callMs)}; mean over ${latencyMs} ms: ${(mean(callMs) - latencyMs).toFixed(2)} ms`);
  print(`    per keyword search (recall_ms): ${dist(recallMs)}`);
  print(`    per trial (duration_ms): ${dist(trialMs)}`);
  print(
    `    cpu ${run.cpuSeconds.toFixed(3)} s (${((run.cpuSeconds * 1000) / Math.max(1, run.chatCalls)).toFixed(2)} ms per call, client and server together; ` +
      `${((100 * run.cpuSeconds) / run.seconds).toFixed(0)}% of one core); event-loop lag mean ${run.loopDelayMs.mean.toFixed(2)}, ` +
      `p99 ${run.loopDelayMs.p99.toFixed(2)}, max ${run.loopDelayMs.max.toFixed(2)} ms`,
  );
  print(
    `    memory: RSS ${run.rssBeforeMb.toFixed(1)} MB before, ${run.rssAfterMb.toFixed(1)} MB after, peak RSS sampled during the run ${run.sampledPeakRssMb.toFixed(1)} MB; ` +
      `process peak RSS since start ${(process.resourceUsage().maxRSS / 1024).toFixed(1)} MB (earlier sections included)`,
  );
}

/** Cases x repeats the end of a large run aggregates, as cloned from the concurrent run's own cases and trials. */
const AGGREGATE_SHAPE = { cases: 2000, repeat: 5 };

/**
 * The end of a run: aggregateE2e (pass rates by case, ability and condition, harm, stages, graders and the 2,000-draw
 * bootstrap interval beside each rate) over the run's trials, and over AGGREGATE_SHAPE made of copies of them. It
 * should grow with the trials: one that filtered every trial per case took 5.7 s at that shape.
 */
function aggregateSection(cases: readonly CaseSpec[], trials: readonly TrialRecord[], repeat: number, print: (line?: string) => void): void {
  const byCase = new Map(trials.map((trial) => [trial.case, trial]));
  const manyCases = Array.from({ length: AGGREGATE_SHAPE.cases }, (_, index) => ({ ...cases[index % cases.length]!, name: `case-${index}` }));
  const manyTrials = manyCases.flatMap((spec, index) =>
    Array.from({ length: AGGREGATE_SHAPE.repeat }, (_, at) => ({ ...byCase.get(cases[index % cases.length]!.name)!, key: trialKey(spec.name, 'recall', at + 1), case: spec.name, repeat: at + 1 })),
  );
  const timedMs = (work: () => unknown) => {
    const started = performance.now();
    work();
    return performance.now() - started;
  };
  const runMs = timedMs(() => aggregateE2e([...trials], [...cases], ['recall'], repeat));
  const manyMs = timedMs(() => aggregateE2e(manyTrials, manyCases, ['recall'], AGGREGATE_SHAPE.repeat));
  print(
    `  aggregate at a run's end (rates, harm, stages, graders, intervals): ${runMs.toFixed(0)} ms for the concurrent run's ${trials.length} trials; ` +
      `${manyMs.toFixed(0)} ms for ${AGGREGATE_SHAPE.cases} cases x ${AGGREGATE_SHAPE.repeat} repeats (${manyTrials.length} trials, copies of these)`,
  );
}

export async function e2eSection(options: E2eSectionOptions): Promise<void> {
  const { print, latencyMs } = options;
  const sectionStarted = performance.now();
  const cases = generateCases(options.cases, options.seed);
  const example = cases[0]!;
  print(
    `e2e throughput: runE2e (condition recall) through BuiltinTarget (model ${SPEC.model}, KeywordStore, max_results ${SPEC.memory.max_results}, ` +
      `dated, auto_store, max_retries ${SPEC.max_retries}) against the local OpenAI-compatible server (test/support/openaiServer.ts), ` +
      `every chat call answered after ${latencyMs} ms by answerFromMemories`,
  );
  print(
    `  ${cases.length} generated cases (seed ${options.seed}): ${SESSIONS_PER_CASE} planted sessions + 1 probe = ${CALLS_PER_TRIAL} chat calls per trial; ` +
      `ideal = calls x ${latencyMs} ms / concurrency (the server latency alone)`,
  );
  print(`  example: sessions ${example.sessions.map((session) => `"${session.turns.join(' / ')}"`).join(', ')}; probe "${example.probe.text}"; check icontains "${(example.check as { icontains: string }).icontains}"`);

  const warm = await timed(() => runOnce(cases.slice(0, options.concurrency), 1, options.concurrency, latencyMs));
  print(`  warm-up (unreported): ${warm.value.trials.length} trials at concurrency ${options.concurrency}, ${warm.seconds.toFixed(3)} s`);

  const concurrent = await runOnce(cases, options.repeat, options.concurrency, latencyMs);
  report(concurrent, latencyMs, print);
  const serial = await runOnce(cases.slice(0, options.serialCases), options.repeat, 1, latencyMs);
  report(serial, latencyMs, print);
  // After both runs, so their peak RSS leaves out the 10,000 copied trials.
  aggregateSection(cases, concurrent.trials, options.repeat, print);
  print(`  e2e section wall ${((performance.now() - sectionStarted) / 1000).toFixed(3)} s (servers, warm-up, both runs and the aggregate)`);
  print();
}
