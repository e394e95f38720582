import { apiKeyEnv } from './apiKey.js';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { aggregateE2e } from './e2e/aggregate.js';
import { OpenAIJudge } from './e2e/openaiJudge.js';
import { runE2e } from './e2e/runE2e.js';
import { TrialLog, latestByKey } from './e2e/trialLog.js';
import type { Judge } from './e2e/types.js';
import { describeError } from './errors.js';
import { createStore, type StoreContext } from './memory/createStore.js';
import type { MemoryStore } from './memory/types.js';
import { runErrors, type ResultsDocument } from './report/results.js';
import { prepareResultsDir, writeAllResults, writeResultsJson } from './report/writeResultsDir.js';
import { runRetrieval } from './retrieval/runRetrieval.js';
import type { ProviderSpec, Suite } from './suite/types.js';
import { createTarget } from './targets/createTarget.js';
import type { Target } from './targets/types.js';
import { TOOL_NAME, TOOL_VERSION } from './version.js';

export type Layer = 'retrieval' | 'e2e' | 'all' | 'auto';
export const LAYERS: readonly Layer[] = ['auto', 'all', 'retrieval', 'e2e'];

export interface RunOptions {
  outDir: string;
  layer: Layer;
  env: NodeJS.ProcessEnv;
  /** Root of recall-gate's cache (embeddings, the transformers.js runtime, models). */
  cacheRoot: string;
  /** False bypasses the embedding cache (--no-cache). */
  cacheEmbeddings: boolean;
  /** Progress and notices for people (stderr in the CLI, the log in the Action). */
  log: (message: string) => void;
  /** Trials at once; the suite's e2e.concurrency when absent. */
  concurrency?: number;
  /** Keep finished trials of an earlier run in outDir and run only the rest. */
  resume?: boolean;
  /** Called after each trial (progress display). */
  onTrial?: (done: number, total: number, errors: number) => void;
  /** This run is shard i of n (the suite passed in is already the shard's part). */
  shard?: { index: number; count: number };
  /** Replaces the real stores, for tests that need a failing or instrumented provider. */
  createStore?: (provider: ProviderSpec) => MemoryStore;
}

/** SHA-256 over a suite's files: what results.json records and what cache keys use. */
export function suiteHash(files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

/** Which layers a run asks for; a layer the suite does not have is "absent". */
export function layersToRun(suite: Suite, layer: Layer): ResultsDocument['layers'] {
  const wants = (name: 'retrieval' | 'e2e') => layer === name || layer === 'all' || layer === 'auto';
  return {
    retrieval: !suite.retrieval ? 'absent' : wants('retrieval') ? 'ran' : 'skipped',
    e2e: !suite.e2e ? 'absent' : wants('e2e') ? 'ran' : 'skipped',
  };
}

/**
 * Runs the layers asked for on a loaded suite and writes the results
 * directory as it goes. Returns the final results document.
 */
export async function runSuite(suite: Suite, options: RunOptions): Promise<ResultsDocument> {
  const layers = layersToRun(suite, options.layer);
  const results: ResultsDocument = {
    schema_version: 1,
    tool: { name: TOOL_NAME, version: TOOL_VERSION },
    versions: { node: process.versions.node },
    suite: {
      name: suite.name,
      file: suite.displayPath,
      files: suite.files.map((file) => relative(process.cwd(), file) || file),
      sha256: suiteHash(suite.files),
    },
    started_at: new Date().toISOString(),
    status: 'running',
    layers,
    ...(options.shard && options.shard.count > 1 ? { shard: options.shard } : {}),
    errors: [],
  };
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const storeContext: StoreContext = {
    env: options.env,
    cacheRoot: options.cacheRoot,
    cacheEmbeddings: options.cacheEmbeddings,
    baseDir: dirname(suite.file),
    log: options.log,
    suiteName: suite.name,
    runId,
  };
  prepareResultsDir(options.outDir, { keepTrials: Boolean(options.resume) });
  writeResultsJson(options.outDir, results);

  if (suite.retrieval && layers.retrieval === 'ran') {
    const build = options.createStore ?? ((provider: ProviderSpec) => createStore(provider, storeContext));
    results.retrieval = await runRetrieval(suite.retrieval, {
      createStore: build,
      onProvider: (_provider, partial) => {
        results.retrieval = partial;
        writeResultsJson(options.outDir, results);
      },
    });
  }
  results.errors = runErrors(results.retrieval);

  if (suite.e2e && layers.e2e === 'ran') {
    const e2eError = await runEndToEnd(suite, options, storeContext, results);
    if (e2eError) results.errors.push(e2eError);
  }

  results.status = results.errors.length > 0 ? 'incomplete' : 'complete';
  results.finished_at = new Date().toISOString();
  writeAllResults(options.outDir, results, suite.retrieval?.queries ?? []);
  return results;
}

/** The e2e layer; returns why it could not run at all, if it could not. */
async function runEndToEnd(suite: Suite, options: RunOptions, storeContext: StoreContext, results: ResultsDocument): Promise<string | undefined> {
  const spec = suite.e2e!;
  const log = new TrialLog(join(options.outDir, 'trials.jsonl'));
  log.open(Boolean(options.resume));
  // Errored trials of an earlier run are tried again; finished ones are kept.
  const earlier = latestByKey(log.read()).filter((trial) => trial.status !== 'error');
  const done = new Set(earlier.map((trial) => trial.key));
  if (options.resume && done.size > 0) options.log(`resuming: ${done.size} trials already finished in ${log.path}`);

  let target: Target;
  let judge: Judge | undefined;
  try {
    target = await createTarget(spec.target, { env: options.env, storeContext, createStore: options.createStore });
    if (spec.judge) {
      judge = new OpenAIJudge(spec.judge.model, {
        apiKey: options.env[apiKeyEnv(spec.judge)],
        baseURL: spec.judge.base_url ?? (options.env.OPENAI_BASE_URL || undefined),
      });
    }
  } catch (error) {
    return `e2e: ${describeError(error)}`;
  }

  const total = spec.cases.length * spec.conditions.length * spec.repeat;
  let finished = done.size;
  let errors = 0;
  const model = spec.target.kind === 'builtin' ? spec.target.model : undefined;
  const plan = {
    suiteName: suite.name,
    runId: storeContext.runId,
    cases: spec.cases,
    conditions: spec.conditions,
    repeat: spec.repeat,
    concurrency: options.concurrency ?? spec.concurrency,
    model,
    judgeModel: spec.judge?.model,
    prices: spec.prices,
    gradeTruncated: spec.grade_truncated,
  };
  try {
    await runE2e(plan, {
      target,
      judge,
      done,
      log: options.log,
      onTrial: (trial) => {
        log.append(trial);
        finished += 1;
        if (trial.status === 'error') errors += 1;
        options.onTrial?.(finished, total, errors);
      },
    });
  } finally {
    await target.close().catch(() => undefined);
  }
  const trials = latestByKey(log.read());
  results.e2e = { target: { kind: spec.target.kind, ...(model ? { model } : {}) }, ...aggregateE2e(trials, spec.cases, spec.conditions, spec.repeat) };
  const errored = Object.values(results.e2e.by_condition).reduce((sum, rates) => sum + (rates?.errors ?? 0), 0);
  return errored > 0 ? `e2e: ${errored} trial(s) could not run (see errors in results.json)` : undefined;
}
