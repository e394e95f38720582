/**
 * `npm run bench`: throughput and memory of the in-process providers on
 * generated data, the same workload against a real local Chroma server
 * (bench/chroma.ts), the embedding cache cold against warm through
 * runSuite (bench/cache.ts), and end-to-end throughput of runE2e through the
 * builtin target against a local OpenAI-compatible server with a fixed
 * latency per call (bench/e2e.ts), and report.html's size on the example suite
 * and on a LoCoMo-sized run (bench/html.ts). Prints figures only; nothing here
 * passes or fails.
 *
 * Sections: `search` (keyword, vector, baseline, reference loop, Chroma),
 * `cache`, `e2e`, `e2e-cli` (the e2e cases through dist/cli.js as a process), `html`, and, through dist/cli.js as a process (bench/scale.ts),
 * `startup` (--version, validate of the example), `scale` (validate of 60,000
 * memories and of 3,000 unknown ids, the LongMemEval_S-shaped runs, short and
 * longer texts; `scale-s` runs those two alone) and
 * `scale-m` (the LongMemEval_M-shaped run). All but scale-m run by default
 * (scale-m only when named); name some to run only those, e.g. after
 * `npx tsc -p tsconfig.test.json`:
 *   node --expose-gc build/bench/index.js e2e
 *   node --expose-gc build/bench/index.js search cache
 * (or `npm run bench -- e2e`).
 */
import os from 'node:os';
import { resolve } from 'node:path';
import { KeywordStore } from '../src/memory/keyword.js';
import { VectorStore } from '../src/memory/vector.js';
import { cacheSection } from './cache.js';
import { e2eSection } from './e2e.js';
import { e2eCliSection } from './e2eCli.js';
import { htmlSection } from './html.js';
import { runShape, startupSection, validateSection } from './scale.js';
import { chromaSection } from './chroma.js';
import { bruteForceTopK, packRows, type ScanKind } from './baseline.js';
import { FixedEmbedder } from './embedder.js';
import { generateData, type BenchData } from './generate.js';
import { collect, cpuSeconds, describeLatencies, describeMemory, memory, timed } from './measure.js';
import { agreement, best, quality, searchAll, type SearchRun } from './search.js';

const CONFIG = {
  memories: 10_000,
  queries: 1_000,
  vocabulary: 4_000,
  users: 1,
  seed: 0x5eed,
  dimensions: 384,
  /** Query vector = target + Gaussian noise of this norm, normalised: cosine to target about 0.24. */
  queryNoise: 4,
  limit: 10,
  /** Keyword searches are cheap: best of this many passes. */
  keywordRounds: 3,
  /** Vector store, baseline and reference loop run interleaved, best of this many passes. */
  bruteForceRounds: 2,
};

/** The embedding-cache section: a generated suite run through runSuite. */
const CACHE = {
  rounds: 3,
  generated: { memories: 2_000, queries: 200, vocabulary: 4_000, users: 1, seed: CONFIG.seed + 2, dimensions: 1024 },
};

/** The e2e section: runE2e at CONCURRENCY against a server answering every chat call after LATENCY_MS. */
const E2E = {
  cases: 200,
  repeat: 3,
  concurrency: 8,
  serialCases: 20,
  latencyMs: 50,
  seed: CONFIG.seed + 3,
};

/** The report.html section's generated run: LoCoMo's size (about 6,000 memories, 2,000 questions). */
const HTML = {
  generated: { memories: 6_000, queries: 2_000, vocabulary: 4_000, users: 10, seed: CONFIG.seed + 4, dimensions: 256 },
};

const SECTIONS = ['search', 'cache', 'e2e', 'e2e-cli', 'html', 'startup', 'scale', 'scale-s', 'scale-m'] as const;
/** Sections run when none is named; scale-m (LongMemEval_M's size, many minutes and about 250 MB of files) only when named. */
const DEFAULT_SECTIONS = SECTIONS.filter((section) => section !== 'scale-m' && section !== 'scale-s');
type Section = (typeof SECTIONS)[number];

/** Sections named on the command line, or all of them. */
function chosenSections(args: readonly string[]): Set<Section> {
  const unknown = args.filter((arg) => !(SECTIONS as readonly string[]).includes(arg));
  if (unknown.length > 0) {
    console.error(`unknown bench section ${unknown.map((arg) => `"${arg}"`).join(', ')}; sections: ${SECTIONS.join(', ')} (none named: all)`);
    process.exit(2);
  }
  return new Set(args.length > 0 ? (args as Section[]) : DEFAULT_SECTIONS);
}

/** This file compiles to build/bench/index.js. */
const REPO_ROOT = resolve(import.meta.dirname, '..', '..');

const WARM_UP = { ...CONFIG, memories: 1_000, queries: 100, seed: CONFIG.seed + 1 };

function print(line = ''): void {
  console.log(line);
}

function seconds(value: number): string {
  return `${value.toFixed(3)} s`;
}

/** Wall and CPU time of the reported (fastest) pass, and every pass's wall time. */
function passes(chosen: SearchRun, all: readonly SearchRun[]): string {
  const every = all.length < 2 ? '' : `; best of ${all.length} passes: ${all.map((run) => run.seconds.toFixed(3)).join(', ')} s`;
  return `[cpu ${seconds(chosen.cpuSeconds)}${every}]`;
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ');
}

interface BaselineInput {
  matrix: Float32Array;
  queries: Float32Array;
}

/** The same vectors the store holds, packed into contiguous row-major matrices (not timed). */
function baselineInput(data: BenchData, embedder: FixedEmbedder, dimensions: number): BaselineInput {
  return {
    matrix: packRows(data.memories.map((record) => embedder.vectorOf(record.text)), dimensions),
    queries: packRows(data.queries.map((query) => embedder.vectorOf(query.text)), dimensions),
  };
}

/** Brute force over all memories, as the vector store does with one user holding them all. */
function runBaseline(data: BenchData, input: BaselineInput, dimensions: number, limit: number, kind: ScanKind): SearchRun {
  const cpuStarted = cpuSeconds();
  const started = performance.now();
  const top = bruteForceTopK(input.matrix, data.memories.length, input.queries, data.queries.length, dimensions, limit, kind);
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuSeconds() - cpuStarted;
  const ranked = data.queries.map((_, q) =>
    Array.from(top.subarray(q * limit, (q + 1) * limit))
      .filter((row) => row >= 0)
      .map((row) => data.memories[row]!.id),
  );
  return { ranked, latenciesMs: [], seconds: elapsed, cpuSeconds: cpu };
}

/** Everything once on a small data set, so the measured passes run optimised code. */
async function warmUp(): Promise<void> {
  const data = generateData(WARM_UP);
  const embedder = new FixedEmbedder(data, { dimensions: WARM_UP.dimensions, seed: WARM_UP.seed, queryNoise: WARM_UP.queryNoise });
  const keyword = new KeywordStore();
  await keyword.add(data.memories);
  await searchAll(keyword, data, WARM_UP.limit);
  await keyword.close();
  const vector = new VectorStore(embedder);
  await vector.add(data.memories);
  await vector.prepareQueries(data.queries.map((query) => query.text));
  await searchAll(vector, data, WARM_UP.limit);
  await vector.close();
  const input = baselineInput(data, embedder, WARM_UP.dimensions);
  runBaseline(data, input, WARM_UP.dimensions, WARM_UP.limit, 'plain');
  runBaseline(data, input, WARM_UP.dimensions, WARM_UP.limit, 'four-sums');
}

async function main(sections: ReadonlySet<Section>): Promise<void> {
  const cpus = os.cpus();
  print('recall-gate bench');
  print(`node ${process.version} (V8 ${process.versions.v8}), ${os.platform()} ${os.arch()}`);
  print(`machine: ${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB RAM`);
  print(`load average at start (1/5/15 min): ${loadAverage()} (other processes on the machine slow every figure)`);
  print(`gc exposed: ${globalThis.gc ? 'yes' : 'no (run with --expose-gc for steadier memory figures)'}`);
  print(describeMemory('start', memory()));
  print();

  if (sections.has('search')) await searchSections();

  // Embedding cache through runSuite
  if (sections.has('cache')) {
    await collect();
    await cacheSection({ repoRoot: REPO_ROOT, rounds: CACHE.rounds, generated: CACHE.generated, print });
  }

  // End-to-end throughput through runE2e and the builtin target
  if (sections.has('e2e')) {
    await collect();
    await e2eSection({ ...E2E, print });
  }
  // The same cases through dist/cli.js as a process: what a user waits for
  if (sections.has('e2e-cli')) await e2eCliSection({ ...E2E, repoRoot: REPO_ROOT, rounds: 3, print });

  // report.html's size
  if (sections.has('html')) {
    await collect();
    await htmlSection({ repoRoot: REPO_ROOT, generated: HTML.generated, print });
  }

  // The CLI as a process: start-up, validate at scale, the LongMemEval-shaped workloads.
  if (sections.has('startup')) await startupSection({ repoRoot: REPO_ROOT, print });
  if (sections.has('scale')) {
    await validateSection({ repoRoot: REPO_ROOT, print });
    await runShape({ repoRoot: REPO_ROOT, print }, 's');
    await runShape({ repoRoot: REPO_ROOT, print }, 's-long');
  }
  // The two LongMemEval_S shapes alone (scale runs them after validate at scale).
  if (sections.has('scale-s') && !sections.has('scale')) {
    await runShape({ repoRoot: REPO_ROOT, print }, 's');
    await runShape({ repoRoot: REPO_ROOT, print }, 's-long');
  }
  if (sections.has('scale-m')) await runShape({ repoRoot: REPO_ROOT, print }, 'm');

  print(describeMemory('memory after all sections', memory()));
  print(`load average at end (1/5/15 min): ${loadAverage()}`);
  print(`total wall time ${seconds(performance.now() / 1000)} (since process start)`);
}

/** Keyword, vector, baseline, reference loop and Chroma on one generated data set. */
async function searchSections(): Promise<void> {
  const warm = await timed(warmUp);
  print(`warm-up: ${WARM_UP.memories} memories, ${WARM_UP.queries} queries through both providers, the baseline and the reference loop, ${seconds(warm.seconds)}`);
  print();

  // Data
  const generated = await timed(() => generateData(CONFIG));
  const data = generated.value;
  const embedded = await timed(() => new FixedEmbedder(data, { dimensions: CONFIG.dimensions, seed: CONFIG.seed, queryNoise: CONFIG.queryNoise }));
  const embedder = embedded.value;
  const perUser = new Map<string, number>();
  for (const record of data.memories) perUser.set(record.user, (perUser.get(record.user) ?? 0) + 1);
  const wordsPer = (texts: string[]) => texts.reduce((sum, text) => sum + text.split(' ').length, 0) / texts.length;
  print(`data (seed ${CONFIG.seed}, mulberry32): ${data.memories.length} memories, ${data.queries.length} queries, vocabulary ${data.vocabulary.length} made-up words (Zipf s=1)`);
  print(`users: ${data.users.length} (${[...perUser].map(([user, count]) => `${user}: ${count} memories`).join(', ')}); each query has 1 relevant memory`);
  print(`mean words: memory ${wordsPer(data.memories.map((r) => r.text)).toFixed(1)}, query ${wordsPer(data.queries.map((q) => q.text)).toFixed(1)}`);
  print(`example memory: ${data.memories[0]!.id} "${data.memories[0]!.text}"`);
  print(`example query:  ${data.queries[0]!.id} "${data.queries[0]!.text}" -> ${data.queries[0]!.target}`);
  print(`generated texts in ${seconds(generated.seconds)}; fixed-generator vectors (${CONFIG.dimensions} dims, query noise ${CONFIG.queryNoise}) in ${seconds(embedded.seconds)}`);
  await collect();
  print(describeMemory('after generation', memory()));
  print();

  // Keyword provider
  await collect();
  const keyword = new KeywordStore();
  await keyword.reset();
  const keywordSeed = await timed(() => keyword.add(data.memories));
  const keywordMemory = memory();
  const keywordRuns: SearchRun[] = [];
  for (let round = 0; round < CONFIG.keywordRounds; round++) keywordRuns.push(await searchAll(keyword, data, CONFIG.limit));
  const keywordSearch = best(keywordRuns);
  const keywordQuality = quality(data, keywordSearch.ranked, CONFIG.limit);
  print(`keyword (KeywordStore, BM25), limit ${CONFIG.limit}`);
  print(`  seed ${data.memories.length}: ${seconds(keywordSeed.seconds)} (${(data.memories.length / keywordSeed.seconds).toFixed(0)} memories/s)`);
  print(`  search ${data.queries.length}: ${seconds(keywordSearch.seconds)} (${(data.queries.length / keywordSearch.seconds).toFixed(1)} queries/s) ${passes(keywordSearch, keywordRuns)}`);
  print(`  ${describeLatencies(keywordSearch.latenciesMs)}`);
  print(`  recall@${CONFIG.limit} ${keywordQuality.recall.toFixed(4)}, MRR ${keywordQuality.mrr.toFixed(4)}`);
  print(`  ${describeMemory('memory with keyword store, after seeding', keywordMemory)}`);
  print(`  ${describeMemory('memory with keyword store, after searching', memory())}`);
  await keyword.close();
  await collect();
  print(`  ${describeMemory('after close + gc', memory())}`);
  print();

  // Vector provider, interleaved with the baseline and reference loops
  await collect();
  const vector = new VectorStore(embedder);
  await vector.reset();
  const vectorSeed = await timed(() => vector.add(data.memories));
  const prepared = await timed(() => vector.prepareQueries(data.queries.map((query) => query.text)));
  const vectorRuns: SearchRun[] = [];
  const plainRuns: SearchRun[] = [];
  const fourSumRuns: SearchRun[] = [];
  let vectorMemory = memory();
  let input: BaselineInput | undefined;
  for (let round = 0; round < CONFIG.bruteForceRounds; round++) {
    vectorRuns.push(await searchAll(vector, data, CONFIG.limit));
    if (round === 0) vectorMemory = memory();
    // Packed after the snapshot above, so it shows the vector store alone.
    input ??= baselineInput(data, embedder, CONFIG.dimensions);
    plainRuns.push(runBaseline(data, input, CONFIG.dimensions, CONFIG.limit, 'plain'));
    fourSumRuns.push(runBaseline(data, input, CONFIG.dimensions, CONFIG.limit, 'four-sums'));
  }
  const vectorSearch = best(vectorRuns);
  const vectorQuality = quality(data, vectorSearch.ranked, CONFIG.limit);
  const gflop = (2 * data.queries.length * data.memories.length * CONFIG.dimensions) / 1e9;
  print(`vector (VectorStore, exact cosine, fixed-generator embedder), limit ${CONFIG.limit}`);
  print(`  seed ${data.memories.length}: ${seconds(vectorSeed.seconds)} (${(data.memories.length / vectorSeed.seconds).toFixed(0)} memories/s)`);
  print(`  prepareQueries ${data.queries.length}: ${seconds(prepared.seconds)} (embedder is a table look-up)`);
  print(`  search ${data.queries.length}: ${seconds(vectorSearch.seconds)} (${(data.queries.length / vectorSearch.seconds).toFixed(1)} queries/s, ${(gflop / vectorSearch.seconds).toFixed(2)} GFLOP/s) ${passes(vectorSearch, vectorRuns)}`);
  print(`  ${describeLatencies(vectorSearch.latenciesMs)}`);
  print(`  recall@${CONFIG.limit} ${vectorQuality.recall.toFixed(4)}, MRR ${vectorQuality.mrr.toFixed(4)}`);
  print(`  ${describeMemory('memory with vector store', vectorMemory)}`);
  await vector.close();
  await collect();
  print(`  ${describeMemory('after close + gc (baseline matrices still held)', memory())}`);
  print();

  const plain = best(plainRuns);
  print(`baseline (plain Float32Array loop, ${data.queries.length} x ${data.memories.length} x ${CONFIG.dimensions}, one running sum, top-${CONFIG.limit} by insertion)`);
  print(`  work: ${(gflop / 2).toFixed(2)} G multiply-adds = ${gflop.toFixed(2)} GFLOP`);
  print(`  search ${data.queries.length}: ${seconds(plain.seconds)} (${(data.queries.length / plain.seconds).toFixed(1)} queries/s, ${(gflop / plain.seconds).toFixed(2)} GFLOP/s) ${passes(plain, plainRuns)}`);
  print(`  ratio vector-search / baseline: ${(vectorSearch.seconds / plain.seconds).toFixed(2)}x wall (${(vectorSearch.cpuSeconds / plain.cpuSeconds).toFixed(2)}x cpu)`);
  print(`  top-${CONFIG.limit} agreement with the vector store: ${agreement(vectorSearch.ranked, plain.ranked)}`);
  print();

  const fourSums = best(fourSumRuns);
  print('reference, not the baseline: the same loop with 4 independent partial sums per dot product');
  print(`  search ${data.queries.length}: ${seconds(fourSums.seconds)} (${(data.queries.length / fourSums.seconds).toFixed(1)} queries/s, ${(gflop / fourSums.seconds).toFixed(2)} GFLOP/s) ${passes(fourSums, fourSumRuns)}`);
  print(`  ratio vector-search / 4-sum loop: ${(vectorSearch.seconds / fourSums.seconds).toFixed(2)}x wall (${(vectorSearch.cpuSeconds / fourSums.cpuSeconds).toFixed(2)}x cpu); plain baseline / 4-sum loop: ${(plain.seconds / fourSums.seconds).toFixed(2)}x wall`);
  print(`  top-${CONFIG.limit} agreement with the plain baseline: ${agreement(fourSums.ranked, plain.ranked)}`);
  print(`  ${describeMemory('memory at end', memory())}`);
  print();

  // Chroma on the same workload, held to the in-process store's exact lists
  await collect();
  await chromaSection({ data, embedder, limit: CONFIG.limit, dimensions: CONFIG.dimensions, exact: vectorSearch, print });
}

await main(chosenSections(process.argv.slice(2)));
