/**
 * The on-disk embedding cache, cold against warm, through runSuite and the
 * n-gram embedder (the one embedder that runs without a model or a key).
 * The n-gram embedder is cheap, so this shows what the cache costs as much as
 * what it saves; it pays off for model and API embedders.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CachedEmbedder, EmbeddingCache, type EmbeddingCacheStats } from '../src/embeddings/cache.js';
import { NgramEmbedder } from '../src/embeddings/ngram.js';
import type { ProviderResult } from '../src/model/results.js';
import { runSuite } from '../src/runSuite.js';
import { loadSuite } from '../src/suite/load.js';
import type { Suite } from '../src/model/suite.js';
import { generateData } from './generate.js';
import { timed } from './measure.js';

export interface CacheSectionOptions {
  repoRoot: string;
  /** Every timed case runs this many times (after one unreported run); the fastest is reported. */
  rounds: number;
  generated: { memories: number; queries: number; vocabulary: number; users: number; seed: number; dimensions: number };
  print: (line?: string) => void;
}

type Mode = 'no cache' | 'cold' | 'warm';
const MODES: readonly Mode[] = ['no cache', 'cold', 'warm'];

interface SuiteRun {
  seconds: number;
  provider: ProviderResult;
}

function seconds(value: number): string {
  return `${value.toFixed(3)} s`;
}

function ms(value: number): string {
  return `${value.toFixed(1)} ms`;
}

function bytesIn(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? bytesIn(path) : statSync(path).size;
  }
  return total;
}

/** Hands out fresh directories under one temporary root, removed at the end. */
class Scratch {
  readonly root = mkdtempSync(join(tmpdir(), 'recall-gate-bench-'));
  private count = 0;

  dir(prefix: string): string {
    const dir = join(this.root, `${prefix}-${++this.count}`);
    mkdirSync(dir, { recursive: true });
    return dir;
  }

  remove(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

async function runOnce(suite: Suite, providerName: string, scratch: Scratch, cacheRoot: string, cacheEmbeddings: boolean): Promise<SuiteRun> {
  const outDir = scratch.dir('out');
  const run = await timed(async () => (await runSuite(suite, { outDir, layer: 'retrieval', env: {}, cacheRoot, cacheEmbeddings, log: () => {} })).results);
  const provider = run.value.retrieval?.providers[providerName];
  if (!provider) throw new Error(`runSuite returned no result for provider ${providerName}`);
  if (provider.status !== 'ok') throw new Error(`provider ${providerName} failed: ${provider.error ?? 'unknown error'}`);
  rmSync(outDir, { recursive: true, force: true });
  return { seconds: run.seconds, provider };
}

/** Per round: no cache, a cold cache in a fresh folder, then the same folder warm. */
async function runModes(suite: Suite, providerName: string, scratch: Scratch, rounds: number): Promise<{ runs: Map<Mode, SuiteRun[]>; cacheBytes: number }> {
  const unused = scratch.dir('unused-cache');
  // Unreported: the first run compiles runSuite's code paths.
  await runOnce(suite, providerName, scratch, unused, false);
  const runs = new Map<Mode, SuiteRun[]>(MODES.map((mode) => [mode, []]));
  let cacheBytes = 0;
  for (let round = 0; round < rounds; round++) {
    runs.get('no cache')!.push(await runOnce(suite, providerName, scratch, unused, false));
    const cacheRoot = scratch.dir('cache');
    runs.get('cold')!.push(await runOnce(suite, providerName, scratch, cacheRoot, true));
    runs.get('warm')!.push(await runOnce(suite, providerName, scratch, cacheRoot, true));
    cacheBytes = bytesIn(join(cacheRoot, 'embeddings'));
  }
  return { runs, cacheBytes };
}

function cacheStats(run: SuiteRun): EmbeddingCacheStats | undefined {
  return run.provider.diagnostics?.embedding_cache as EmbeddingCacheStats | undefined;
}

const min = (values: number[]) => Math.min(...values);
const embedStep = (run: SuiteRun) => run.provider.timings_ms.seed + run.provider.timings_ms.prepare;
const withOpenOf = (run: SuiteRun) => embedStep(run) + run.provider.timings_ms.setup;

function report(runs: Map<Mode, SuiteRun[]>, providerName: string, print: (line?: string) => void): void {
  for (const mode of MODES) {
    const all = runs.get(mode)!;
    // Provider timings all come from one run: the one with the fastest embedding work (setup + seed + prepare).
    const chosen = all.reduce((a, b) => (withOpenOf(b) < withOpenOf(a) ? b : a));
    const timings = chosen.provider.timings_ms;
    const stats = cacheStats(chosen);
    const cache = stats ? `embedding_cache hits ${stats.hits}, misses ${stats.misses}, corrupt ${stats.corrupt}` : 'no embedding_cache (cacheEmbeddings false)';
    const passes = all.length < 2 ? '' : ` [best of ${all.length}: ${all.map((run) => (run.seconds * 1000).toFixed(1)).join(', ')} ms]`;
    print(`  ${mode.padEnd(8)} runSuite wall ${ms(min(all.map((run) => run.seconds)) * 1000)}${passes}`);
    print(
      `           ${providerName}: setup (store + cache open) ${ms(timings.setup)}, seed ${ms(timings.seed)}, prepare ${ms(timings.prepare)}, ` +
        `seed + prepare ${ms(embedStep(chosen))}, search ${ms(timings.search)}; ${cache}`,
    );
  }
  const wall = (mode: Mode) => min(runs.get(mode)!.map((run) => run.seconds));
  const embed = (mode: Mode) => min(runs.get(mode)!.map(embedStep));
  // Opening the cache (reading its segments) happens in setup, when the store and its embedder are built.
  const withOpen = (mode: Mode) => min(runs.get(mode)!.map(withOpenOf));
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  print(
    `  speed-up cold -> warm: ${ratio(wall('cold'), wall('warm'))} runSuite wall; ${providerName} seed + prepare ${ratio(embed('cold'), embed('warm'))}, ` +
      `setup + seed + prepare (cache open included) ${ratio(withOpen('cold'), withOpen('warm'))}`,
  );
  print(
    `  warm cache vs no cache (recomputing every vector): ${ratio(wall('no cache'), wall('warm'))} runSuite wall; seed + prepare ${ratio(embed('no cache'), embed('warm'))}, ` +
      `setup + seed + prepare ${ratio(withOpen('no cache'), withOpen('warm'))} (above 1x: warm is faster)`,
  );
  print(`  cold cache vs no cache: setup + seed + prepare ${ms(withOpen('cold'))} against ${ms(withOpen('no cache'))} (a cold run also hashes every text and writes the segments)`);
  const saved = withOpen('no cache') - withOpen('warm');
  const smallPart = saved < 0.1 * wall('warm') * 1000 ? '; too small a part of the run to show reliably in the wall times, which vary more than that from run to run' : '';
  print(
    saved > 0
      ? `  verdict: the warm cache is faster than recomputing the n-gram vectors here, by ${ms(saved)} of a ${ms(wall('warm') * 1000)} run${smallPart}. ` +
          'The n-gram embedder is cheap, so the saving is small; it is far larger for model and API embedders'
      : `  verdict: the warm cache is NOT faster than recomputing the n-gram vectors here (${ms(-saved)} slower): opening the cache folder and reading ` +
          'its segments costs more than the n-grams it saves. The n-gram embedder is cheap; the cache pays off for model and API embedders',
  );
}

function writeGeneratedSuite(dir: string, options: CacheSectionOptions['generated']): string {
  const data = generateData(options);
  const jsonl = (rows: object[]) => rows.map((row) => JSON.stringify(row)).join('\n') + '\n';
  writeFileSync(join(dir, 'memories.jsonl'), jsonl(data.memories.map(({ id, user, text }) => ({ id, user, text }))));
  writeFileSync(join(dir, 'queries.jsonl'), jsonl(data.queries.map(({ id, user, text, target }) => ({ id, user, text, relevant: [target] }))));
  const file = join(dir, 'suite.yaml');
  writeFileSync(
    file,
    [
      `name: bench-generated-${options.memories}`,
      `description: ${options.memories} generated memories, ${options.queries} queries (bench/generate.ts, seed ${options.seed}).`,
      'retrieval:',
      '  k: [1, 5, 10]',
      '  depth: 10',
      '  providers:',
      `    - { name: ngram-vector, kind: vector, embedding: { kind: ngram, dimensions: ${options.dimensions} } }`,
      '  memories: memories.jsonl',
      '  queries: queries.jsonl',
      '',
    ].join('\n'),
  );
  return file;
}

/** The embedder alone on the suite's texts: the n-gram embedder, then the cache around it cold and warm. */
async function embedderAlone(texts: string[], dimensions: number, scratch: Scratch, rounds: number, print: (line?: string) => void): Promise<void> {
  const raw = new NgramEmbedder({ dimensions });
  await raw.embed(texts);
  const rawRuns: number[] = [];
  const coldRuns: number[] = [];
  const openRuns: number[] = [];
  const warmRuns: number[] = [];
  let warmStats: EmbeddingCacheStats | undefined;
  for (let round = 0; round < rounds; round++) {
    rawRuns.push((await timed(() => raw.embed(texts))).seconds);
    const root = scratch.dir('embed-cache');
    const cold = new CachedEmbedder(raw, new EmbeddingCache(root, raw.id));
    coldRuns.push((await timed(() => cold.embed(texts))).seconds);
    const opened = await timed(() => new EmbeddingCache(root, raw.id));
    openRuns.push(opened.seconds);
    const warm = new CachedEmbedder(raw, opened.value);
    warmRuns.push((await timed(() => warm.embed(texts))).seconds);
    warmStats = warm.stats;
  }
  const best = (values: number[]) => ms(min(values) * 1000);
  print(`  embedder alone, ${texts.length} texts in one embed() call (best of ${rounds}):`);
  print(`    NgramEmbedder (no cache):             ${best(rawRuns)}`);
  print(`    CachedEmbedder, cold (embed + write): ${best(coldRuns)}`);
  print(`    EmbeddingCache open (read segments):  ${best(openRuns)}`);
  print(`    CachedEmbedder, warm (look-ups only): ${best(warmRuns)} (hits ${warmStats?.hits ?? 0}, misses ${warmStats?.misses ?? 0})`);
  print(`    warm open + look-ups vs no cache: ${((min(openRuns) + min(warmRuns)) / min(rawRuns)).toFixed(2)}x the time of recomputing`);
}

export async function cacheSection(options: CacheSectionOptions): Promise<void> {
  const { print, rounds } = options;
  const scratch = new Scratch();
  try {
    // a. The example suite.
    const exampleFile = 'suites/examples/assistant-memory/suite.yaml';
    const example = loadSuite(exampleFile, options.repoRoot);
    const exampleProvider = example.retrieval?.providers.find((provider) => provider.name === 'ngram-vector');
    print(`embedding cache, cold vs warm: runSuite (layer retrieval) with CachedEmbedder + EmbeddingCache in a fresh temporary cache folder`);
    print(`  each case: one unreported run, then ${rounds} rounds of (no cache, cold in a new folder, warm in that folder); fastest reported`);
    print();
    if (!exampleProvider) {
      print(`  ${exampleFile}: no ngram-vector provider, skipped`);
    } else {
      const retrieval = example.retrieval!;
      print(
        `example suite ${exampleFile}: ${retrieval.memories.length} memories, ${retrieval.queries.length} queries, ` +
          `providers ${retrieval.providers.map((provider) => provider.name).join(', ')} (wall covers all of them)`,
      );
      const { runs, cacheBytes } = await runModes(example, 'ngram-vector', scratch, rounds);
      report(runs, 'ngram-vector', print);
      print(`  cache on disk after one cold + warm pair: ${(cacheBytes / 1024).toFixed(1)} KiB`);
    }
    print();

    // b. A generated suite.
    const generated = options.generated;
    const dir = scratch.dir('generated-suite');
    const written = await timed(() => writeGeneratedSuite(dir, generated));
    const loaded = await timed(() => loadSuite(written.value, options.repoRoot));
    const suite = loaded.value;
    print(
      `generated suite: ${generated.memories} memories, ${generated.queries} queries (bench/generate.ts, seed ${generated.seed}), ` +
        `one vector provider, embedding { kind: ngram, dimensions: ${generated.dimensions} }, memories as JSONL`,
    );
    print(`  written in ${seconds(written.seconds)}, loaded and checked by loadSuite in ${seconds(loaded.seconds)} (not in the runSuite times)`);
    const { runs, cacheBytes } = await runModes(suite, 'ngram-vector', scratch, rounds);
    report(runs, 'ngram-vector', print);
    print(`  cache on disk after one cold + warm pair: ${(cacheBytes / 1024 / 1024).toFixed(2)} MiB (${generated.dimensions} float32 + 40-byte header per text)`);
    const texts = [...new Set([...suite.retrieval!.memories.map((memory) => memory.text), ...suite.retrieval!.queries.map((query) => query.text)])];
    await embedderAlone(texts, generated.dimensions, scratch, rounds, print);
    print();
  } finally {
    scratch.remove();
  }
}
