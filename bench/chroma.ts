/**
 * Chroma against the in-process vector store on the same workload: a real
 * Chroma server (the one bundled with the chromadb package) on this machine,
 * the same fixed-generator vectors, the same queries.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ChromaClient, type Collection } from 'chromadb';
import { ChromaStore } from '../src/memory/chroma.js';
import { chromaRuntimeAvailable, startChromaServer, type ChromaServer } from '../test/support/chromaServer.js';
import type { FixedEmbedder } from './embedder.js';
import type { BenchData } from './generate.js';
import { cpuSeconds, describeLatencies, memory, timed } from './measure.js';
import { agreement, quality, searchAll, type SearchRun } from './search.js';

export interface ChromaSectionInput {
  data: BenchData;
  embedder: FixedEmbedder;
  limit: number;
  dimensions: number;
  /** The in-process VectorStore's top-k lists for the same queries (exact: the reference). */
  exact: SearchRun;
  print: (line?: string) => void;
}

const KIB = 1024;
/** The reference passes below ask only the first this many queries, to keep the bench short. */
const SAMPLE = 200;
/** HNSW settings well above Chroma's defaults (ef_search 100, ef_construction 100, max_neighbors 16). */
const TUNED_HNSW = { space: 'cosine', ef_construction: 400, ef_search: 1000, max_neighbors: 32 } as const;

/** Resident and peak resident memory of another process, from /proc/<pid>/status (Linux only). */
function processMemory(pid: number): { rssMb: number; hwmMb: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / KIB;
    const rssMb = field('VmRSS');
    const hwmMb = field('VmHWM');
    return Number.isNaN(rssMb) || Number.isNaN(hwmMb) ? undefined : { rssMb, hwmMb };
  } catch {
    return undefined;
  }
}

function describeServer(label: string, pid: number): string {
  const usage = processMemory(pid);
  if (!usage) return `${label}: server memory not readable (/proc/${pid}/status)`;
  return `${label}: server process (pid ${pid}) RSS ${usage.rssMb.toFixed(1)} MB, peak RSS (VmHWM) ${usage.hwmMb.toFixed(1)} MB`;
}

function describeClient(label: string): string {
  const snapshot = memory();
  return `${label}: this bench process RSS ${snapshot.rssMb.toFixed(1)} MB, peak RSS ${snapshot.peakRssMb.toFixed(1)} MB (peak since the bench started, earlier sections included)`;
}

function seconds(value: number): string {
  return `${value.toFixed(3)} s`;
}

/** Asks a collection directly (chromadb client, no ChromaStore), optionally without the user filter. */
async function queryDirect(collection: Collection, embedder: FixedEmbedder, data: BenchData, count: number, limit: number, filtered: boolean): Promise<SearchRun> {
  const ranked: string[][] = [];
  const latenciesMs: number[] = [];
  const cpuStarted = cpuSeconds();
  const started = performance.now();
  for (const query of data.queries.slice(0, count)) {
    const before = performance.now();
    const result = await collection.query({
      queryEmbeddings: [Array.from(embedder.vectorOf(query.text))],
      nResults: limit,
      ...(filtered ? { where: { user: query.user } } : {}),
      include: ['distances'],
    });
    latenciesMs.push(performance.now() - before);
    ranked.push(result.ids[0] ?? []);
  }
  return { ranked, latenciesMs, seconds: (performance.now() - started) / 1000, cpuSeconds: cpuSeconds() - cpuStarted };
}

function sampleOf(data: BenchData, count: number): BenchData {
  return { ...data, queries: data.queries.slice(0, count) };
}

export async function chromaSection(input: ChromaSectionInput): Promise<void> {
  const { data, embedder, limit, dimensions, exact, print } = input;
  print(`chroma (ChromaStore against a real local Chroma server, same ${data.memories.length} x ${data.queries.length} workload, same ${dimensions}-d fixed-generator vectors), limit ${limit}`);
  if (!chromaRuntimeAvailable()) {
    print('  skipped: no Chroma runtime here (glibc < 2.38 and .cache/glibc-trixie missing: run scripts/chroma-runtime.sh, or the chromadb CLI is absent)');
    print();
    return;
  }
  let server: ChromaServer;
  const started = performance.now();
  try {
    server = await startChromaServer();
  } catch (error) {
    print(`  skipped: the Chroma server did not start: ${(error as Error).message.split('\n')[0]}`);
    print();
    return;
  }
  print(`  server: ${server.url}, pid ${server.pid}, answered the heartbeat after ${seconds((performance.now() - started) / 1000)}`);
  print(`  ${describeServer('server at start', server.pid)}`);
  print(`  ${describeClient('before seeding')}`);
  const collectionName = `bench-${randomBytes(4).toString('hex')}`;
  const store = new ChromaStore(embedder, { url: server.url, collection: collectionName });
  try {
    const reset = await timed(() => store.reset());
    const seedCpuStarted = cpuSeconds();
    const seed = await timed(() => store.add(data.memories));
    const seedCpu = cpuSeconds() - seedCpuStarted;
    const batches = Math.ceil(data.memories.length / 1000);
    print(`  reset (create collection, hnsw space cosine): ${seconds(reset.seconds)}`);
    print(
      `  seed ${data.memories.length}: ${seconds(seed.seconds)} (${(data.memories.length / seed.seconds).toFixed(0)} memories/s; ` +
        `${batches} add() requests of up to 1000, vectors sent as JSON number arrays, HNSW built by the server) [cpu of this process ${seconds(seedCpu)}]`,
    );
    print(`  ${describeServer('after seeding', server.pid)}`);
    print(`  ${describeClient('after seeding')}`);
    const prepared = await timed(() => store.prepareQueries(data.queries.map((query) => query.text)));
    print(`  prepareQueries ${data.queries.length}: ${seconds(prepared.seconds)} (table look-up, copied to number arrays)`);
    const search: SearchRun = await searchAll(store, data, limit);
    print(
      `  search ${data.queries.length}: ${seconds(search.seconds)} (${(data.queries.length / search.seconds).toFixed(1)} queries/s, ` +
        `one HTTP query per search with where: { user }) [cpu of this process ${seconds(search.cpuSeconds)}]`,
    );
    print(`  ${describeLatencies(search.latenciesMs)}`);
    const measured = quality(data, search.ranked, limit);
    print(`  recall@${limit} ${measured.recall.toFixed(4)}, MRR ${measured.mrr.toFixed(4)}`);
    print(`  top-${limit} agreement with the in-process VectorStore (exact cosine): ${agreement(search.ranked, exact.ranked)}`);
    print('  (Chroma searches an HNSW graph with its default settings: approximate, so some lists may differ; identical = same ids in the same order)');
    print(`  ${describeServer('after searching', server.pid)}`);
    print(`  ${describeClient('after searching')}`);
    print(`  ratio chroma-search / in-process vector search: ${(search.seconds / exact.seconds).toFixed(2)}x wall`);

    // References, on the first SAMPLE queries: where the time goes, and why the lists differ.
    const sample = Math.min(SAMPLE, data.queries.length);
    const sampleData = sampleOf(data, sample);
    const exactSample = exact.ranked.slice(0, sample);
    const client = new ChromaClient({ host: server.host, port: server.port });
    const collection = await client.getCollection({ name: collectionName });
    const unfiltered = await queryDirect(collection, embedder, data, sample, limit, false);
    print(`  reference, first ${sample} queries, the same collection asked directly with the chromadb client and no where filter (all memories here belong to one user):`);
    print(`    ${(sample / unfiltered.seconds).toFixed(1)} queries/s; ${describeLatencies(unfiltered.latenciesMs)}`);
    print(`    agreement with the filtered ChromaStore lists: ${agreement(unfiltered.ranked, search.ranked.slice(0, sample))} (so the gap in speed is the where filter)`);
    const tunedName = `${collectionName}-tuned`;
    try {
      const tuned = await client.createCollection({ name: tunedName, configuration: { hnsw: { ...TUNED_HNSW } }, embeddingFunction: null });
      const tunedSeed = await timed(async () => {
        for (let start = 0; start < data.memories.length; start += 1000) {
          const batch = data.memories.slice(start, start + 1000);
          await tuned.add({
            ids: batch.map((record) => record.id),
            embeddings: batch.map((record) => Array.from(embedder.vectorOf(record.text))),
            metadatas: batch.map((record) => ({ user: record.user })),
          });
        }
      });
      const tunedRun = await queryDirect(tuned, embedder, data, sample, limit, false);
      const tunedQuality = quality(sampleData, tunedRun.ranked, limit);
      const defaultQuality = quality(sampleData, unfiltered.ranked, limit);
      const exactQuality = quality(sampleData, exactSample, limit);
      print(
        `  reference, first ${sample} queries, a second collection with HNSW ef_search ${TUNED_HNSW.ef_search}, ef_construction ${TUNED_HNSW.ef_construction}, ` +
          `max_neighbors ${TUNED_HNSW.max_neighbors} (defaults 100, 100, 16), no where filter:`,
      );
      print(`    seed ${data.memories.length}: ${seconds(tunedSeed.seconds)}; ${(sample / tunedRun.seconds).toFixed(1)} queries/s; ${describeLatencies(tunedRun.latenciesMs)}`);
      print(`    agreement with the in-process VectorStore: ${agreement(tunedRun.ranked, exactSample)} (default settings on the same ${sample}: ${agreement(unfiltered.ranked, exactSample)})`);
      print(
        `    recall@${limit} on these ${sample}: tuned ${tunedQuality.recall.toFixed(4)}, default ${defaultQuality.recall.toFixed(4)}, exact ${exactQuality.recall.toFixed(4)} ` +
          '(random 384-d vectors with weak query similarity are a hard case for HNSW; the gap closes as the search widens)',
      );
    } finally {
      await client.deleteCollection({ name: tunedName }).catch(() => undefined);
    }
    const closed = await timed(() => store.close());
    print(`  close (delete collection): ${seconds(closed.seconds)}`);
  } catch (error) {
    print(`  failed: ${(error as Error).message.split('\n')[0]}`);
    await store.close().catch(() => undefined);
  } finally {
    const stopping = await timed(() => server.stop());
    print(`  server stopped in ${seconds(stopping.seconds)}`);
  }
  print();
}
