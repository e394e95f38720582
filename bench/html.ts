/**
 * report.html's size (and render time): on the example suite as shipped
 * (retrieval and e2e, three repeats, the builtin agent against the local
 * OpenAI-compatible server), and on a generated LoCoMo-sized run: 6,000
 * memories and 2,000 queries through the keyword and vector providers, and an
 * e2e case per query under recall, none and oracle. The size says whether the
 * page is small enough to upload as an artifact and open anywhere.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { aggregateE2e } from '../src/e2e/aggregate.js';
import type { TrialRecord } from '../src/model/trial.js';
import type { CaseSpec, Condition } from '../src/model/e2e.js';
import { evaluateGateOnSplit } from '../src/gate/narrow.js';
import { KeywordStore } from '../src/memory/keyword.js';
import { VectorStore } from '../src/memory/vector.js';
import { renderHtmlReport, type HtmlReportInput } from '../src/report/html/render.js';
import type { ResultsDocument } from '../src/model/results.js';
import { runRetrieval } from '../src/retrieval/runRetrieval.js';
import { runSuite } from '../src/runSuite.js';
import { loadSuite } from '../src/suite/load.js';
import type { RetrievalSpec } from '../src/model/suite.js';
import { startOpenAIServer } from '../test/support/openaiServer.js';
import { FixedEmbedder } from './embedder.js';
import { generateData } from './generate.js';
import { timed } from './measure.js';
import { mulberry32 } from './prng.js';

export interface HtmlSectionOptions {
  repoRoot: string;
  generated: { memories: number; queries: number; vocabulary: number; users: number; seed: number; dimensions: number };
  print: (line?: string) => void;
}

const WHERE = { file: 'bench/html.ts', line: 1, col: 1 };
const CONDITIONS: Condition[] = ['recall', 'none', 'oracle'];

function kib(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MiB` : `${(bytes / 1024).toFixed(1)} KiB`;
}

/** Renders the page (best of 3) and prints its size, gzipped size and render time. */
async function measure(label: string, input: HtmlReportInput, print: (line?: string) => void): Promise<void> {
  const runs: { value: string; seconds: number }[] = [];
  for (let round = 0; round < 3; round++) runs.push(await timed(() => renderHtmlReport(input)));
  const html = runs[0]!.value;
  const bytes = Buffer.byteLength(html);
  const fastest = Math.min(...runs.map((run) => run.seconds));
  print(`  ${label}: report.html ${kib(bytes)} (${bytes} bytes; gzip ${kib(gzipSync(html).length)}), rendered in ${fastest.toFixed(3)} s (best of ${runs.length})`);
}

/** The example suite as users run it: both layers, the shipped repeat of 3, against the local server. */
async function exampleRun(repoRoot: string): Promise<HtmlReportInput> {
  const dir = mkdtempSync(join(tmpdir(), 'recall-gate-bench-html-'));
  const server = await startOpenAIServer({ apiKey: 'sk-bench' });
  try {
    cpSync(join(repoRoot, 'suites/examples/assistant-memory'), join(dir, 'suite'), { recursive: true });
    const suite = loadSuite(join(dir, 'suite', 'suite.yaml'));
    const out = join(dir, 'out');
    const env = { ...process.env, OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: server.url };
    const { results, trials } = await runSuite(suite, { outDir: out, layer: 'all', env, cacheRoot: join(dir, 'cache'), cacheEmbeddings: false, log: () => {} });
    const verdict = suite.gate ? evaluateGateOnSplit(suite.gate, suite, { results, trials }) : undefined;
    return { results, trials, verdict };
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A LoCoMo-sized run: real retrieval over generated data, and an e2e case per query with a made-up outcome. */
async function generatedRun(options: HtmlSectionOptions['generated']): Promise<HtmlReportInput> {
  const data = generateData(options);
  const embedder = new FixedEmbedder(data, { dimensions: options.dimensions, seed: options.seed, queryNoise: 4 });
  const spec: RetrievalSpec = {
    k: [1, 3, 5, 10],
    depth: 10,
    providers: [
      { name: 'keyword', kind: 'keyword', where: WHERE },
      { name: 'vector', kind: 'vector', where: WHERE },
    ],
    memories: data.memories.map((memory) => ({ ...memory, where: WHERE })),
    queries: data.queries.map((query, index) => ({ id: query.id, text: query.text, user: query.user, relevant: { [query.target]: 1 }, tags: [`tag-${index % 12}`], where: WHERE })),
  };
  const retrieval = await runRetrieval(spec, { createStore: (provider) => (provider.kind === 'keyword' ? new KeywordStore() : new VectorStore(embedder)) });
  const random = mulberry32(options.seed);
  const abilities = ['single-hop', 'multi-hop', 'temporal', 'open-domain', 'adversarial'];
  const wordOf = (index: number) => data.memories[data.queries[index]!.targetIndex]!.text.split(' ')[0]!;
  const cases: CaseSpec[] = data.queries.map((query, index) => ({
    name: `case-${index}`,
    ability: abilities[index % abilities.length]!,
    sessions: [],
    probe: { text: query.text },
    check: { contains: wordOf(index) },
    evidence: [],
    obsolete: [],
    needs_memory: true,
    where: WHERE,
  }));
  const trials: TrialRecord[] = cases.flatMap((spec, index) =>
    CONDITIONS.map((condition) => {
      const roll = random();
      const status: TrialRecord['status'] = roll < 0.7 ? 'pass' : roll < 0.97 ? 'fail' : 'error';
      const memory = data.memories[data.queries[index]!.targetIndex]!;
      return {
        key: `${spec.name}|${condition}|1`,
        case: spec.name,
        ability: spec.ability,
        condition,
        repeat: 1,
        user: memory.user,
        status,
        reason: status === 'error' ? 'the model did not answer within 60000 ms' : status === 'pass' ? 'contains it' : `the answer lacks "${wordOf(index)}"`,
        question: spec.probe.text,
        ...(status === 'error' ? {} : { answer: `From what you told me: ${memory.text}` }),
        check: `contains "${wordOf(index)}"`,
        invocations: [
          { kind: 'session', session: 1, turn: 1, user: memory.user, message: memory.text, reply: 'Noted.', latency_ms: 50 },
          { kind: 'probe', user: memory.user, message: spec.probe.text, reply: `From what you told me: ${memory.text}`, recalled: condition === 'none' ? [] : [{ id: memory.id, text: memory.text, score: 0.8 }], latency_ms: 50 },
        ],
        tokens: { input: 400, output: 40, judge_input: 0, judge_output: 0 },
        cost_usd: 0.0002,
        started_at: '2026-01-01T00:00:00Z',
        duration_ms: 100,
      };
    }),
  );
  const results: ResultsDocument = {
    schema_version: 1,
    tool: { name: 'recall-gate', version: 'bench' },
    versions: { node: process.versions.node },
    suite: { name: 'locomo-sized', file: 'generated', files: [], sha256: '' },
    started_at: '2026-01-01T00:00:00Z',
    finished_at: '2026-01-01T01:00:00Z',
    status: 'complete',
    layers: { retrieval: 'ran', e2e: 'ran' },
    errors: [],
    retrieval,
    e2e: { target: { kind: 'builtin', model: 'gpt-5-mini' }, ...aggregateE2e(trials, cases, CONDITIONS, 1) },
  };
  return { results, trials };
}

export async function htmlSection(options: HtmlSectionOptions): Promise<void> {
  const { print } = options;
  print('report.html (renderHtmlReport; size as written, before the upload-artifact step zips it)');
  const example = await timed(() => exampleRun(options.repoRoot));
  print(`  example suite (assistant-memory, both layers, repeat 3: ${example.value.trials.length} trials) ran in ${example.seconds.toFixed(1)} s`);
  await measure('example suite', example.value, print);
  const generated = await timed(() => generatedRun(options.generated));
  const { results, trials } = generated.value;
  print(`  LoCoMo-sized run: ${results.retrieval!.memory_count} memories, ${results.retrieval!.query_count} queries x ${Object.keys(results.retrieval!.providers).length} providers, ${trials.length} trials (${trials.filter((trial) => trial.status === 'fail').length} failed), generated in ${generated.seconds.toFixed(1)} s`);
  await measure('LoCoMo-sized run', generated.value, print);
  // Kept for a look in a browser: the last page measured, in the temp folder.
  const file = join(mkdtempSync(join(tmpdir(), 'recall-gate-bench-page-')), 'report.html');
  writeFileSync(file, renderHtmlReport(generated.value));
  print(`  (the LoCoMo-sized page: ${file}, ${kib(readFileSync(file).length)})`);
  print();
}
