import { apiKeyEnv } from './apiKey.js';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { aggregateE2e, e2eIncompleteReason } from './e2e/aggregate.js';
import { BudgetGuard, budgetReachedText, checkBudget, describeEstimate, dollars, estimateSpend, plannedCallsOf } from './e2e/budget.js';
import { LlmCache } from './net/llmCache.js';
import { TokenCountCache } from './e2e/tokenCountCache.js';
import { countTokens, type EncodingName } from './e2e/tokens.js';
import type { BudgetSource } from './model/spend.js';
import type { TrialRecord } from './model/trial.js';
import { usesJudge } from './e2e/checks/table.js';
import { requireCalibration } from './e2e/judgeCalibration.js';
import { OpenAIJudge } from './e2e/openaiJudge.js';
import { describeResume, selectForResume } from './e2e/resume.js';
import { pendingTrials, planTrials, runE2e, type PlannedTrial } from './e2e/runE2e.js';
import { latestByKey, type TrialLog } from './results/trialLog.js';
import type { CaseSpec } from './model/e2e.js';
import type { Judge } from './e2e/judge.js';
import { RecallGateError, describeError } from './errors.js';
import { atInterrupt } from './interrupt.js';
import { createStore, type StoreContext } from './memory/createStore.js';
import { checkMcpTools } from './memory/mcp.js';
import type { MemoryStore } from './memory/types.js';
import type { ResultsDocument, RetrievalResult } from './model/results.js';
import { RESULTS_FILE, adapterLogOf, openResultsDir, prepareResultsDir, queryRowWriter, readResultsMarker, trialLogOf, writeResults, writeResultsJson, writeTrials } from './results/folder.js';
import { changesAgainst } from './gate/changes.js';
import { runRetrieval } from './retrieval/runRetrieval.js';
import { addModelAnswers, carryAnswers, collectProvenance } from './results/provenance.js';
import { ModelAnswers } from './net/modelAnswers.js';
import type { PhaseProgress } from './phaseProgress.js';
import type { SampleRecord, SelectionRecord } from './model/selection.js';
import { splitRecord } from './suite/splits.js';
import type { ProviderSpec, Suite } from './model/suite.js';
import type { SplitChoice } from './model/split.js';
import { createTarget } from './targets/createTarget.js';
import type { Target } from './targets/types.js';
import { TOOL_NAME, TOOL_VERSION } from './version.js';
import { counted } from './text/counted.js';

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
  /**
   * Called as the trials begin and after each trial (progress display). `calls`: the agent calls this
   * run planned and those of the trials finished so far, a better measure of
   * the work left than trials when trials differ (a shared history's first
   * trial plays all its sessions).
   */
  onTrial?: (done: number, total: number, errors: number, calls: { done: number; total: number }) => void;
  /** How far the retrieval layer's seeding, query embedding and searching have come (progress display). */
  onProgress?: PhaseProgress;
  /** This run is shard i of n (the suite passed in is already the shard's part). */
  shard?: { index: number; count: number };
  /** The split the suite passed in was narrowed to (run --split); all when absent. */
  split?: SplitChoice;
  /** What narrowed the suite passed in (run --case, --query, --sample, ...), for results.json. */
  selection?: SelectionRecord;
  sample?: SampleRecord;
  /** The run to compare with (run --baseline DIR, the Action's baseline): what changed goes into results.json as `changes`. */
  baseline?: ResultsDocument;
  /** Replaces the real stores, for tests that need a failing or instrumented provider. */
  createStore?: (provider: ProviderSpec) => MemoryStore;
  /** run --cache-llm: the builtin agent's and the judge's chat calls are answered from <cacheRoot>/llm when it holds them (never in the Action). */
  cacheLlm?: boolean;
  /** The spend cap of the e2e layer (run --budget-usd, the Action's budget-usd): replaces the suite's e2e.max_cost_usd. */
  budget?: { usd: number; source: Exclude<BudgetSource, 'e2e.max_cost_usd'> };
  /** The baseline's trials, when there is one: their token counts make the estimate said before the e2e layer starts. */
  baselineTrials?: readonly TrialRecord[];
  /** How a run the budget stopped is finished, said after "raise the budget and": the CLI's default, --resume; the Action cannot resume. */
  finishStopped?: string;
}

/** The cap this run holds the e2e layer to: the option's, else the suite's, else none. */
function budgetOf(suite: Suite, options: Pick<RunOptions, 'budget'>): { cap: number; source: BudgetSource } | undefined {
  if (options.budget) return { cap: options.budget.usd, source: options.budget.source };
  const cap = suite.e2e?.max_cost_usd;
  return cap === undefined ? undefined : { cap, source: 'e2e.max_cost_usd' };
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
 * A finished run: its results document and the trials its e2e layer
 * aggregated, as read once from trials.jsonl (none when the layer did not run
 * or could not start, whatever --resume kept).
 */
export interface SuiteRun {
  results: ResultsDocument;
  trials: TrialRecord[];
}

/**
 * Runs the layers asked for on a loaded suite and writes the results
 * directory as it goes. Returns the final results document and the trials
 * behind its e2e figures (SuiteRun). The folder is
 * locked for the run; results.json says "running" only while the run is
 * alive: an error or a signal rewrites it as incomplete, with the reason.
 */
export async function runSuite(suite: Suite, options: RunOptions): Promise<SuiteRun> {
  const layers = layersToRun(suite, options.layer);
  // A cap no price can enforce is refused before anything runs (or is spent).
  const budget = budgetOf(suite, options);
  if (budget && layers.e2e === 'ran') checkBudget(suite.e2e!, budget.cap, budget.source);
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const commit = options.env.GITHUB_SHA ? { sha: options.env.GITHUB_SHA, ...(options.env.GITHUB_REF ? { ref: options.env.GITHUB_REF } : {}) } : undefined;
  // Git answers beside the first trials: until then provenance.git says it has not (as a run stopped before then keeps).
  const { provenance, gitAnswered } = collectProvenance(suite, options.env);
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
    run_id: runId,
    ...(commit ? { commit } : {}),
    started_at: new Date().toISOString(),
    status: 'running',
    layers,
    ...(options.shard && options.shard.count > 1 ? { shard: options.shard } : {}),
    errors: [],
    split: splitRecord(suite, options.split ?? 'all'),
    ...(options.selection ? { selection: options.selection } : {}),
    ...(options.sample ? { sample: options.sample } : {}),
    ...(suite.variant ? { variant: suite.variant } : {}),
    provenance,
  };
  const folder = openResultsDir(options.outDir, `run ${suite.displayPath}`);
  try {
    if (options.resume) {
      // A resumed run continues the one in the folder: its kept trials stay that run's (an export adds nothing twice).
      const earlier = refuseForeignFolder(options.outDir, results);
      if (earlier?.run_id) results.run_id = earlier.run_id;
      if (earlier?.provenance) carryAnswers(provenance, earlier.provenance);
    }
    prepareResultsDir(options.outDir, { keepTrials: Boolean(options.resume), inputs: suite.files });
    writeResultsJson(options.outDir, results);
    // The model ids the APIs answer with, for provenance: every endpoint the run builds records into it. Each new
    // one is written down at once: a rerun (--resume) keeps a stopped run's trials, and with them what answered them,
    // even when the run was killed outright.
    const answers: ModelAnswers = new ModelAnswers(() => {
      addModelAnswers(provenance, answers);
      try {
        writeResultsJson(options.outDir, results);
      } catch {
        // Mid-call: the run's own next write says what is wrong with the disk.
      }
    });
    const stopped = (why: string) => {
      results.status = 'incomplete';
      results.errors.push(why);
      results.finished_at = new Date().toISOString();
      writeResultsJson(options.outDir, results);
    };
    const forget = atInterrupt(stopped);
    let trials: TrialRecord[];
    try {
      trials = await runLayers(suite, options, results, gitAnswered, answers);
    } catch (error) {
      forget();
      try {
        stopped(`stopped by an error: ${describeError(error)}`);
      } catch {
        // The disk that failed the run may refuse this too; readers take a leftover "running" as incomplete.
      }
      throw error;
    }
    forget();
    return { results, trials };
  } finally {
    folder.release();
  }
}

async function runLayers(suite: Suite, options: RunOptions, results: ResultsDocument, gitAnswered: Promise<void>, answers: ModelAnswers): Promise<TrialRecord[]> {
  const adapterLog = adapterLogOf(options.outDir);
  try {
    return await runLayersLogged(suite, options, results, adapterLog, answers, gitAnswered);
  } finally {
    adapterLog.close();
  }
}

async function runLayersLogged(
  suite: Suite,
  options: RunOptions,
  results: ResultsDocument,
  adapterLog: ReturnType<typeof adapterLogOf>,
  answers: ModelAnswers,
  gitAnswered: Promise<void>,
): Promise<TrialRecord[]> {
  const { layers } = results;
  const runId = results.run_id!;
  let told = false;
  const storeContext: StoreContext = {
    env: options.env,
    cacheRoot: options.cacheRoot,
    cacheEmbeddings: options.cacheEmbeddings,
    baseDir: dirname(suite.file),
    log: options.log,
    modelAnswers: answers,
    suiteName: suite.name,
    runId,
    // A library's stack traces must not flood the terminal: said once where they go; an adapter's error still shows its last lines.
    adapterStderr: (line) => {
      if (!told) options.log(`the adapter writes to stderr: its lines go to ${adapterLog.path}`);
      told = true;
      adapterLog.append(line);
    },
  };

  // A tool the suite names that its MCP server lacks is an input problem: found before any layer runs.
  await checkMcpTools(mcpProvidersUsed(suite, layers), storeContext.baseDir, options.env);

  if (suite.retrieval && layers.retrieval === 'ran') {
    const build = options.createStore ?? ((provider: ProviderSpec) => createStore(provider, storeContext));
    const rows = queryRowWriter(options.outDir);
    try {
      results.retrieval = await runRetrieval(suite.retrieval, {
        createStore: build,
        prices: suite.e2e?.prices,
        onProgress: options.onProgress,
        onQuery: rows.append,
        onProvider: (provider, partial) => {
          rows.finish(provider.name);
          results.retrieval = partial;
          writeResultsJson(options.outDir, results);
        },
      });
    } finally {
      rows.close();
    }
  }
  results.errors = runErrors(results.retrieval);

  let trials: TrialRecord[] = [];
  if (suite.e2e && layers.e2e === 'ran') {
    const e2e = await runEndToEnd(suite, options, storeContext, results);
    trials = e2e.trials;
    if (e2e.error) results.errors.push(e2e.error);
  }

  await gitAnswered;
  results.status = results.errors.length > 0 ? 'incomplete' : 'complete';
  results.finished_at = new Date().toISOString();
  // Against a baseline: what changed, unit by unit, kept with the figures (the reports render it from there).
  if (options.baseline) results.changes = changesAgainst(options.baseline, results, trials);
  writeResults(options.outDir, results, suite.retrieval?.queries ?? []);
  return trials;
}

/** Problems that make a run incomplete, one line each. */
function runErrors(retrieval: RetrievalResult | undefined): string[] {
  if (!retrieval) return [];
  return Object.values(retrieval.providers)
    .filter((provider) => provider.status === 'error')
    .map((provider) => `provider ${provider.name}: ${provider.error}`);
}

/** The providers of kind mcp this run will reach: the retrieval layer's, and the builtin agent's memory. */
function mcpProvidersUsed(suite: Suite, layers: ResultsDocument['layers']): ProviderSpec[] {
  const used = new Map<string, ProviderSpec>();
  if (layers.retrieval === 'ran') for (const provider of suite.retrieval?.providers ?? []) used.set(provider.name, provider);
  const target = suite.e2e?.target;
  if (layers.e2e === 'ran' && target?.kind === 'builtin') used.set(target.memory.provider.name, target.memory.provider);
  return [...used.values()].filter((provider) => provider.kind === 'mcp');
}

/** --resume into a folder another suite (or another shard) wrote would mix foreign trials in: refuse. Returns what the folder's results.json says of its run, when it has one. */
function refuseForeignFolder(dir: string, results: ResultsDocument): Exclude<ReturnType<typeof readResultsMarker>, 'unreadable'> {
  const marker = readResultsMarker(dir);
  if (marker === undefined) return undefined;
  const fix = 'use another --out for this suite, or drop --resume to start this folder afresh';
  if (marker === 'unreadable') throw new RecallGateError('invalid-input', `--resume: ${join(dir, RESULTS_FILE)} cannot be read, so it is not known which suite the folder holds`, { hint: fix });
  if (marker.name !== results.suite.name) throw new RecallGateError('invalid-input', `--resume: ${dir} holds results of suite "${marker.name}", not "${results.suite.name}"`, { hint: fix });
  const shard = (value: ResultsDocument['shard']) => (value ? `shard ${value.index}/${value.count}` : 'no shard');
  if (shard(marker.shard) !== shard(results.shard)) throw new RecallGateError('invalid-input', `--resume: ${dir} holds ${shard(marker.shard)} of "${marker.name}", this run is ${shard(results.shard)}`, { hint: fix });
  return marker;
}

/**
 * The trials of an earlier run that still stand (their fingerprint matches the
 * current suite's plan), after repairing a torn last line. The log is
 * rewritten without the rest, and the log says what was kept and why not.
 */
function resumeTrials(log: TrialLog, dir: string, planned: PlannedTrial[], say: (message: string) => void): Set<string> {
  const repair = log.repairTornLine();
  if (repair?.action === 'cut') say(`resuming: cut a torn last line from ${log.path} (${repair.bytes} bytes, a write cut short by a crash or a full disk); its trial runs again`);
  if (repair?.action === 'terminated') say(`resuming: the last record of ${log.path} lacked its newline; added it`);
  const { trials, unreadable } = log.read();
  const latest = latestByKey(trials);
  const selection = selectForResume(latest, new Map(planned.map((trial) => [trial.key, trial])));
  if (unreadable > 0 || selection.kept.length !== trials.length) writeTrials(dir, selection.kept);
  say(describeResume(selection, unreadable));
  return new Set(selection.kept.filter((trial) => trial.status !== 'error').map((trial) => trial.key));
}

/** The e2e layer; returns the folder's trials (the last record of each), and why the layer is incomplete, if it is. */
async function runEndToEnd(suite: Suite, options: RunOptions, storeContext: StoreContext, results: ResultsDocument): Promise<{ trials: TrialRecord[]; error?: string }> {
  const spec = suite.e2e!;
  const log = trialLogOf(options.outDir);
  log.open(Boolean(options.resume));
  const model = spec.target.model;
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
    target: spec.target,
  };
  // Errored trials of an earlier run are tried again; finished ones are kept while the suite still matches them.
  const planned = planTrials(plan);
  const done = options.resume ? resumeTrials(log, options.outDir, planned, options.log) : new Set<string>();
  // Before the first call: what the plan asks of the models, what that may cost, and the cap.
  const budget = budgetOf(suite, options);
  // A shared history's playing runs whole: every trial of it starts again.
  const starting = pendingTrials(planned, done);
  const estimate = starting.length > 0 ? estimateSpend(spec, plan, starting, options.baselineTrials) : undefined;
  if (estimate) options.log(describeEstimate(estimate, budget));
  // Only an estimate from measured token counts (a baseline's) may hold a trial back before any has finished.
  const measured = estimate?.basis === 'baseline' && estimate.cost_usd !== null && estimate.agent_calls > 0 ? estimate.cost_usd / estimate.agent_calls : undefined;
  const guard = budget && new BudgetGuard(budget.cap, budget.source, measured);
  const llmCache = options.cacheLlm ? new LlmCache(options.cacheRoot, options.log) : undefined;
  // Its reruns recall what they recalled before: their injected tokens are counted once, not at every run.
  const tokenCounts = options.cacheLlm ? new TokenCountCache(options.cacheRoot, options.log) : undefined;

  let target: Target;
  let judge: Judge | undefined;
  let judgeMissing: string | undefined;
  try {
    target = await createTarget(spec.target, { env: options.env, storeContext, createStore: options.createStore, llmCache });
    // Without a key a judge that only graders use is skipped (they say why); one a check needs stops the layer, as its verdicts would be missing.
    if (spec.judge && !options.env[apiKeyEnv(spec.judge)] && !spec.cases.some(checksUseJudge)) {
      judgeMissing = `no API key for the judge model (set ${apiKeyEnv(spec.judge)})`;
      options.log(`e2e: ${judgeMissing}: the judge graders are skipped`);
    } else if (spec.judge) {
      judge = new OpenAIJudge(spec.judge.model, {
        apiKey: options.env[apiKeyEnv(spec.judge)],
        baseURL: spec.judge.base_url ?? (options.env.OPENAI_BASE_URL || undefined),
        timeoutMs: spec.judge.timeout_ms,
        maxRetries: spec.judge.max_retries,
        llmCache,
        modelAnswers: storeContext.modelAnswers,
      });
    }
  } catch (error) {
    return { trials: [], error: `e2e: ${describeError(error)}` };
  }
  // Before any trial: a judge that disagrees with the suite's labels would grade the whole run wrongly.
  const calibration = judge && spec.judge?.calibration ? await requireCalibration(judge, spec.judge.calibration, options.log) : undefined;
  if (typeof calibration === 'string') {
    await target.close().catch(() => undefined);
    return { trials: [], error: `e2e: ${calibration}` };
  }

  const total = spec.cases.length * spec.conditions.length * spec.repeat;
  // A shared history's playing runs whole: its trials done earlier run again and count once more.
  let finished = total - starting.length;
  let errors = 0;
  const specs = new Map(spec.cases.map((one) => [one.name, one]));
  const calls = { done: 0, total: estimate?.agent_calls ?? 0 };
  // The trials begin: the progress line's clock starts here, not at the process's start.
  options.onTrial?.(finished, total, errors, calls);
  // A stopped run keeps the counts it made too: its rerun (--resume) recalls the same texts.
  const forgetCounts = tokenCounts && atInterrupt(() => tokenCounts.save());
  try {
    await runE2e(plan, {
      target,
      judge,
      judgeMissing,
      done,
      planned,
      log: options.log,
      env: options.env,
      budget: guard,
      ...(tokenCounts ? { countTokens: tokenCounts.counting(countTokens), countsHeld: (encoding: EncodingName) => tokenCounts.holds(encoding) } : {}),
      onTrial: (trial) => {
        log.append(trial);
        finished += 1;
        if (trial.status === 'error') errors += 1;
        calls.done += plannedCallsOf(specs.get(trial.case), trial);
        options.onTrial?.(finished, total, errors, calls);
      },
    });
  } finally {
    forgetCounts?.();
    tokenCounts?.save();
    await target.close().catch(() => undefined);
  }
  if (llmCache) options.log(`LLM cache (--cache-llm): ${counted(llmCache.stats.hits, 'call', 'calls')} answered from ${join(options.cacheRoot, 'llm')}, ${llmCache.stats.misses} sent${llmCache.stats.corrupt > 0 ? ` (${counted(llmCache.stats.corrupt, 'unusable entry', 'unusable entries')} replaced)` : ''}`);
  const trials = latestByKey(log.read().trials);
  const plannedKeys = new Set(planned.map((trial) => trial.key));
  const run = trials.filter((trial) => plannedKeys.has(trial.key)).length;
  const capped = guard?.reached ? budgetReachedText(guard.cap, run, planned.length) : undefined;
  const budgetRecord = guard?.record(run, planned.length, estimate);
  results.e2e = {
    target: { kind: spec.target.kind, ...(model ? { model } : {}) },
    ...aggregateE2e(trials, spec.cases, spec.conditions, spec.repeat, capped ? `not started: the ${capped}` : undefined),
    ...(calibration ? { judge_calibration: calibration } : {}),
    ...(budgetRecord ? { budget: budgetRecord } : {}),
  };
  if (!capped || !budgetRecord) return { trials, error: e2eIncompleteReason(results.e2e) };
  // A capped run is incomplete for its cap: the trials it did not start are not errors of the agent.
  const errored = results.e2e.errors.length - results.e2e.missing;
  const unknown = budgetRecord.unknown_trials;
  return {
    trials,
    error: `e2e: ${capped} (spent ${dollars(budgetRecord.spent_usd)}${unknown > 0 ? ` and ${counted(unknown, 'trial', 'trials')} of unknown cost` : ''}${errored > 0 ? `; ${counted(errored, 'trial', 'trials')} ended in an error` : ''}); raise the budget and ${options.finishStopped ?? 'run again with --resume to finish'}`,
  };
}

/** Whether a case's checks (check, fault_check, harmful) call the judge: its verdicts cannot be given without one. */
function checksUseJudge(spec: CaseSpec): boolean {
  return [spec.check, spec.fault_check, spec.harmful].some((check) => check !== undefined && usesJudge(check));
}
