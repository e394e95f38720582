import { join, resolve } from 'node:path';
import { runExitCode, runReportText } from './runReport.js';
import type { TrialRecord } from '../model/trial.js';
import type { ResultsDocument } from '../model/results.js';
import type { Trend } from '../model/history.js';
import { checkKindOf, compareVariants, variantsMarkdown, variantsText, type VariantResults } from '../report/variants.js';
import type { HtmlReportInput } from '../report/html/render.js';
import type { renderReports } from '../report/reports.js';
import { HTML_REPORT_FILE, JUNIT_FILE, readRun, withoutQueryRows, writeAtomic, writeReportCopy, writeReports, writtenFiles } from '../results/folder.js';
import { RecallGateError } from '../errors.js';
import { baselineMismatchText } from '../report/gateFormat.js';
import type { Verdict } from '../model/gate.js';
import { outputTarget } from '../outputFile.js';
import { checkBaselineSuite, checkFiniteFigures } from '../results/baselineChecks.js';
import type { Suite } from '../model/suite.js';
import type { SplitChoice } from '../model/split.js';
import { SIDE_BY_SIDE_FILE, applyVariant, parseVariantList } from '../suite/variants.js';
import { exportRun, pgTimeout, postgresUrl } from './export.js';
import type { ExportOptions } from '../export/postgres.js';
import { defaultCacheDir } from '../embeddings/cache.js';
import { evaluateGateOnSplit } from '../gate/narrow.js';
import { withSignificance } from '../gate/compare.js';
import { parseBudgetUsd } from '../e2e/budget.js';
import { LAYERS, layersToRun, runSuite, type Layer, type RunOptions, type SuiteRun } from '../runSuite.js';
import { atInterrupt } from '../interrupt.js';
import { registerSuiteSecrets, scrubSecretsIn } from '../secrets.js';
import { loadSuite } from '../suite/load.js';
import { parseShard, shardSuite } from '../shard.js';
import { selectSplit } from '../suite/splits.js';
import { SPLIT_CHOICES } from '../gate/validateGate.js';
import { parseCommandArgs } from './args.js';
import { SELECTION_OPTIONS, SELECTION_USAGE, nothingFailed, parseSelectionFlags, readFailures, selectionRequest } from './selection.js';
import { selectUnits, selectedLayers } from '../suite/select.js';
import type { CliIO } from './io.js';
import { phaseProgress, progressReporter } from './progress.js';
import { RUN_WARNINGS_SHOWN, printSuiteWarnings } from './suiteWarnings.js';
import { readHistoryFile, type HistoryReading } from '../history/file.js';
import { trendFromReading } from '../history/trend.js';
import { stopCounting } from '../e2e/tokens.js';
import { unfinishedRunNote } from './unfinishedRun.js';
import { onFirstUse } from '../text/onFirstUse.js';

export const RUN_USAGE =
  'recall-gate run <suite.yaml> [--out DIR] [--layer retrieval|e2e|all|auto] [--json] [--no-cache] [--cache-dir DIR] [--concurrency N] [--resume] [--shard i/n] [--split dev|heldout|all] [--variant NAME | --variants a,b] [--html FILE] [--junit FILE] [--history FILE] [--baseline DIR [--allow-other-suite]] [--postgres URL [--pg-timeout-ms N]] [--by-tag] [--cache-llm] [--budget-usd X] ' + SELECTION_USAGE;

export async function runCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    argv,
    {
      out: { type: 'string', default: 'recall-gate-results' },
      layer: { type: 'string' },
      json: { type: 'boolean', default: false },
      'no-cache': { type: 'boolean', default: false },
      'cache-dir': { type: 'string' },
      concurrency: { type: 'string' },
      resume: { type: 'boolean', default: false },
      shard: { type: 'string' },
      split: { type: 'string', default: 'all' },
      variant: { type: 'string' },
      variants: { type: 'string' },
      postgres: { type: 'string' },
      'pg-timeout-ms': { type: 'string' },
      html: { type: 'string' },
      junit: { type: 'string' },
      history: { type: 'string' },
      baseline: { type: 'string' },
      'allow-other-suite': { type: 'boolean', default: false },
      'by-tag': { type: 'boolean', default: false },
      'cache-llm': { type: 'boolean', default: false },
      'budget-usd': { type: 'string' },
      ...SELECTION_OPTIONS,
    },
    RUN_USAGE,
  );
  if (positionals.length !== 1) throw new RecallGateError('invalid-input', 'run takes one suite file', { hint: `usage: ${RUN_USAGE}` });
  const asked = values.layer as Layer | undefined;
  if (asked !== undefined && !LAYERS.includes(asked)) throw new RecallGateError('invalid-input', `unknown layer "${asked}"`, { hint: `use one of ${LAYERS.join(', ')}` });
  const concurrency = values.concurrency === undefined ? undefined : Number(values.concurrency);
  if (concurrency !== undefined && (!Number.isInteger(concurrency) || concurrency < 1)) {
    throw new RecallGateError('invalid-input', `--concurrency must be a whole number of at least 1, got "${String(values.concurrency)}"`);
  }

  const budgetUsd = values['budget-usd'] === undefined ? undefined : parseBudgetUsd(values['budget-usd'] as string, '--budget-usd');
  const split = values.split as SplitChoice;
  if (!SPLIT_CHOICES.includes(split)) throw new RecallGateError('invalid-input', `unknown split "${split}"`, { hint: `use one of ${SPLIT_CHOICES.join(', ')}` });
  const shard = values.shard === undefined ? undefined : parseShard(values.shard as string);
  if (values.variant !== undefined && values.variants !== undefined) {
    throw new RecallGateError('invalid-input', '--variant and --variants cannot be used together', { hint: 'use --variants a,b to run several, --variant a to run one' });
  }
  if (values.html !== undefined && values.variants !== undefined) {
    throw new RecallGateError('invalid-input', '--html and --variants cannot be used together: each variant has its own report', { hint: `drop --html; each variant's report is <out>/<name>/${HTML_REPORT_FILE}` });
  }
  if (values.junit !== undefined && values.variants !== undefined) {
    throw new RecallGateError('invalid-input', '--junit and --variants cannot be used together: each variant has its own results', { hint: `drop --junit; each variant's JUnit file is <out>/<name>/${JUNIT_FILE}` });
  }
  if (values['allow-other-suite'] && values.baseline === undefined) throw new RecallGateError('invalid-input', '--allow-other-suite goes with --baseline DIR', { hint: `usage: ${RUN_USAGE}` });
  const htmlCopy = values.html === undefined ? undefined : resolve(io.cwd, values.html as string);
  const junitCopy = values.junit === undefined ? undefined : resolve(io.cwd, values.junit as string);
  // Where the copies go is checked before the run: a folder or a block device there costs nothing yet.
  if (htmlCopy) outputTarget(htmlCopy, '--html');
  if (junitCopy) outputTarget(junitCopy, '--junit');
  // A URL that cannot work is known before the run, not after it.
  const postgresAt = postgresUrl(values.postgres as string | undefined, io.env);
  // Checked whenever given, so a typo is known before the run even when the URL comes later (or never).
  const timeoutMs = pgTimeout(values['pg-timeout-ms'] as string | undefined, RUN_USAGE);
  const postgres = postgresAt === undefined ? undefined : { url: postgresAt, options: { timeoutMs } };
  // Read before the run: a file that is not a history stops it before anything is spent. run never appends to it.
  const historyFile = values.history as string | undefined;
  const history = historyFile === undefined ? undefined : { file: historyFile, reading: readHistoryFile(resolve(io.cwd, historyFile), historyFile) };
  // --baseline DIR: the gate's regression conditions against an earlier run, as the Action applies them, without a separate compare. Read first, so a wrong folder costs nothing (and --out may be the same folder).
  const baseline = values.baseline === undefined ? undefined : readRun(values.baseline as string, io.cwd);
  if (baseline) checkFiniteFigures(values.baseline as string, baseline.results, 'the baseline');
  // A baseline that did not finish still gates, on the figures it has: said, as compare says it.
  const unfinished = baseline && unfinishedRunNote(values.baseline as string, baseline.results);
  if (unfinished) io.stderr(`${unfinished}\n`);
  const flags = parseSelectionFlags(values);
  // --rerun-failed DIR is read before the suite: a folder that is no run, or one where nothing failed, costs nothing.
  const failures = flags.rerunFailed === undefined ? undefined : readFailures(flags.rerunFailed, io.cwd);
  if (failures && nothingFailed(failures)) {
    io.stdout(`nothing failed in ${flags.rerunFailed}: no case failed or errored and no query missed a relevant memory, so nothing ran\n`);
    return 0;
  }
  // The failures of a variant are rerun as that variant: the suite's default would pass them with another memory policy.
  const failedVariant = failures?.variant;
  if (failedVariant !== undefined && (values.variants !== undefined || (values.variant !== undefined && values.variant !== failedVariant))) {
    throw new RecallGateError('invalid-input', `--rerun-failed ${flags.rerunFailed} holds failures of variant "${failedVariant}": they are rerun as that variant`, {
      hint: `drop --variant/--variants (the rerun takes variant ${failedVariant}), or rerun the folder of the variant you name`,
    });
  }
  const variantName = (values.variant as string | undefined) ?? failedVariant;
  const validating = phaseProgress(io.stderr, io.isTerminal ?? false);
  const loaded = loadSuite(positionals[0]!, io.cwd, validating.update);
  validating.finish();
  printSuiteWarnings(loaded, io, RUN_WARNINGS_SHOWN);
  const request = selectionRequest(flags, loaded, failures);
  // Without --layer, a selection runs the layers it names units of (--case: e2e; --query: retrieval; both: all);
  // else the free layer by default, and a suite with only end-to-end cases has nothing else to run.
  const picked = selectedLayers(request);
  const layer: Layer = asked ?? (picked ? (picked.e2e && picked.retrieval ? 'all' : picked.e2e ? 'e2e' : 'retrieval') : !loaded.retrieval && loaded.e2e ? 'e2e' : 'retrieval');
  registerSuiteSecrets(loaded, io.env);
  // Every variant named is applied (and so checked) before anything runs.
  // The selection picks from the whole suite (names are matched against all of it), then the split and the shard narrow further.
  const narrow = (whole: Suite) => {
    const chosen = selectSplit(selectUnits(whole, request).suite, split);
    return shard ? shardSuite(chosen, shard) : chosen;
  };
  const variants = values.variants === undefined ? undefined : parseVariantList(values.variants as string).map((name) => narrow(applyVariant(loaded, name)));
  const suite = narrow(variantName === undefined ? loaded : applyVariant(loaded, variantName));
  // A variant may name its own URL, embedding endpoint or key variable: its secrets are known before it prints.
  for (const varied of [suite, ...(variants ?? [])]) registerSuiteSecrets(varied, io.env);
  const layers = layersToRun(suite, layer);
  if (layers.retrieval !== 'ran' && layers.e2e !== 'ran' && shard && shard.index > 1 && loaded.retrieval && layer === 'retrieval') {
    // The suite has the layer; this shard does not hold it.
    throw new RecallGateError('invalid-input', `shard ${shard.index}/${shard.count} of ${suite.displayPath} has nothing to run under --layer retrieval: the retrieval layer runs in shard 1 only, and shards split the e2e cases`, {
      hint: loaded.e2e ? 'run every shard with --layer all (or e2e)' : 'a suite without e2e cases needs no shards: run it whole',
    });
  }
  if (layers.retrieval !== 'ran' && layers.e2e !== 'ran') {
    const missing = layer === 'e2e' ? 'e2e section' : layer === 'retrieval' ? 'retrieval section' : 'retrieval or e2e section';
    const inSplit = split === 'all' ? '' : ` with split ${split}`;
    throw new RecallGateError('invalid-input', `${suite.displayPath} has no ${missing}${inSplit}, so --layer ${layer} has nothing to run`, {
      hint: suite.e2e ? 'use --layer e2e or all' : suite.retrieval ? 'use --layer retrieval' : 'add retrieval: or e2e: to the suite',
    });
  }

  const out = values.out as string;
  const { selection, sample } = selectUnits(loaded, request);
  const selectionRecords = { ...(selection ? { selection } : {}), ...(sample ? { sample } : {}) };
  const runOptions = (outDir: string): Omit<RunOptions, 'log' | 'onTrial' | 'onProgress'> => ({
    outDir,
    layer,
    env: io.env,
    cacheRoot: (values['cache-dir'] as string | undefined) ?? defaultCacheDir(io.env),
    cacheEmbeddings: !values['no-cache'],
    concurrency,
    resume: Boolean(values.resume),
    shard,
    split,
    ...selectionRecords,
    cacheLlm: Boolean(values['cache-llm']),
    ...(budgetUsd !== undefined ? { budget: { usd: budgetUsd, source: '--budget-usd' as const } } : {}),
    ...(baseline ? { baseline: baseline.results, baselineTrials: baseline.trials } : {}),
  });
  // A baseline of another suite is refused before anything runs; allowed, every output says so.
  const mismatch = baseline && checkBaselineSuite(values.baseline as string, baseline.results, suite.name, { flag: '--allow-other-suite', given: values['allow-other-suite'] === true });
  if (mismatch) io.stderr(`${baselineMismatchText(mismatch)}\n`);
  const gate = (verdict: Verdict | undefined) => {
    if (verdict && mismatch) verdict.baselineSuiteMismatch = mismatch;
    return verdict;
  };
  const report = { byTag: Boolean(values['by-tag']) };
  if (variants) return runVariants(suite, variants, out, runOptions, Boolean(values.json), io, { postgres, history, baseline, report, gate });

  const { results, trials } = await runOnce(suite, runOptions(out), io);
  // Nothing in this command counts tokens again: the counting thread's rank table (tens of megabytes) is freed
  // while the gate and the reports are made, not at exit, which it held back (66-76 ms, 52-58 ms with this).
  stopCounting();
  // A shard is gated after merge, on the whole.
  const verdict = gate(suite.gate && !results.shard ? evaluateGateOnSplit(suite.gate, suite, { results, trials }, baseline) : undefined);
  const trend = history && trendFor(history, results, io);
  const reports = await writeRunReport(out, { results, trials, verdict, trend, baseline: baseline?.results });
  if (htmlCopy) writeReportCopy(htmlCopy, reports.html, '--html');
  if (junitCopy) writeReportCopy(junitCopy, reports.junit, '--junit');
  if (values.json) {
    io.stdout(`${JSON.stringify(withoutQueryRows(verdict ? { ...results, gate: verdict } : results), null, 2)}\n`);
  } else {
    io.stdout(`${runReportText(results, trials, verdict, trend, { ...report, baseline: baseline?.results }).join('\n')}\nresults written to ${out}/ (${writtenFiles(results)})${htmlCopy ? `\nreport copied to ${htmlCopy}` : ''}${junitCopy ? `\nJUnit XML copied to ${junitCopy}` : ''}\n`);
  }
  if (postgres !== undefined) await exportRun(results, trials, postgres.url, exportIO(io, Boolean(values.json)), postgres.options);
  return runExitCode(results, verdict, io.stderr, 'run');
}

/** run --history: this run against the file's earlier runs; what is odd about the file (missing, skipped lines) is said on stderr. */
function trendFor(history: { file: string; reading: HistoryReading }, results: ResultsDocument, io: CliIO): Trend {
  return trendFromReading(history.file, history.reading, results, (note) => io.stderr(`note: ${note}\n`));
}

/** With --json, stdout is the results document alone: what the export did goes to stderr. */
function exportIO(io: CliIO, json: boolean): CliIO {
  return json ? { ...io, stdout: io.stderr } : io;
}

/**
 * The report renderers (report.html's page and Chart.js among them), loaded once. A run starts loading them when
 * its first trial is in, while the trials wait on the model, rather than before its first call or after its last.
 */
const loadRenderers = onFirstUse(() => import('../report/reports.js'));

/** report.md, report.html and junit.xml, once the gate has decided (the reports show the verdict); returns them for the copies. */
async function writeRunReport(dir: string, report: HtmlReportInput): Promise<ReturnType<typeof renderReports>> {
  const reports = (await loadRenderers()).renderReports(report);
  writeReports(dir, reports);
  return reports;
}

async function runOnce(suite: Suite, options: Omit<RunOptions, 'log' | 'onTrial' | 'onProgress'>, io: CliIO): Promise<{ results: ResultsDocument; trials: TrialRecord[] }> {
  const progress = progressReporter(io.stderr, io.isTerminal ?? false);
  const phases = phaseProgress(io.stderr, io.isTerminal ?? false);
  // Said after runSuite's own cleanup has marked results.json incomplete (cleanups run newest first).
  const forget = atInterrupt((why) => {
    phases.finish();
    progress.stopped(why, options.outDir);
  });
  let run: SuiteRun;
  try {
    run = await runSuite(suite, {
      ...options,
      log: (message) => progress.log(message),
      onTrial: (done, total, errors, calls) => {
        // A failure to load is said when the reports are written, after results.json and trials.jsonl: not here, mid-run.
        loadRenderers().catch(() => undefined);
        progress.update(done, total, errors, calls);
      },
      onProgress: phases.update,
    });
  } finally {
    forget();
  }
  const { results, trials } = run;
  phases.finish();
  progress.finish();
  // Scrubbed before rendering: a secret a report escapes or cuts short would no longer be recognised.
  return { results: scrubSecretsIn(results), trials };
}

/**
 * run --variants a,b: each variant on the same cases into its own complete
 * folder <out>/<name>/, then all of them side by side against the first
 * (terminal and <out>/variants.md). Each variant's gate sees the other
 * variants' runs, for conditions with baseline: variant:NAME.
 */
async function runVariants(
  suite: Suite,
  names: Suite[],
  out: string,
  runOptions: (dir: string) => Omit<RunOptions, 'log' | 'onTrial' | 'onProgress'>,
  json: boolean,
  io: CliIO,
  {
    postgres,
    history,
    baseline,
    report,
    gate,
  }: {
    postgres?: { url: string; options: ExportOptions };
    history?: { file: string; reading: HistoryReading };
    baseline?: { results: ResultsDocument; trials: TrialRecord[] };
    report: { byTag: boolean };
    /** Marks a verdict that was decided against a baseline of another suite. */
    gate: (verdict: Verdict | undefined) => Verdict | undefined;
  },
): Promise<number> {
  const runs: (VariantResults & { trials: TrialRecord[]; dir: string })[] = [];
  for (const variant of names) {
    const dir = join(out, variant.variant!);
    io.stderr(`variant ${variant.variant}: running into ${dir}/\n`);
    runs.push({ name: variant.variant!, dir, ...(await runOnce(variant, runOptions(dir), io)) });
  }
  // As after a single run: the last variant has counted its tokens.
  stopCounting();
  const byName = Object.fromEntries(runs.map((run) => [run.name, { results: run.results, trials: run.trials }]));
  const verdicts = runs.map((run) => gate(suite.gate && !run.results.shard ? evaluateGateOnSplit(suite.gate, suite, { results: run.results, trials: run.trials }, baseline, { variants: byName }) : undefined));
  const graders = Object.fromEntries((suite.e2e?.cases ?? []).flatMap((spec) => (spec.check ? [[spec.name, checkKindOf(spec.check)]] : [])));
  const comparison = compareVariants(runs, graders);
  const trends = runs.map((run) => history && trendFor(history, run.results, io));
  for (const [index, run] of runs.entries()) await writeRunReport(run.dir, { results: run.results, trials: run.trials, verdict: verdicts[index], trend: trends[index], baseline: baseline?.results });
  writeAtomic(join(out, SIDE_BY_SIDE_FILE), variantsMarkdown(comparison, runs.map((run, index) => ({ ...run, verdict: verdicts[index] }))));
  if (json) {
    const variants = Object.fromEntries(runs.map((run, index) => [run.name, withoutQueryRows(verdicts[index] ? { ...run.results, gate: verdicts[index] } : run.results)]));
    const sideBySide = { ...comparison, against: comparison.against.map((one) => ({ ...one, metrics: withSignificance(one.metrics) })) };
    io.stdout(`${JSON.stringify({ variants, side_by_side: sideBySide }, null, 2)}\n`);
  } else {
    const parts = runs.map((run, index) => `== variant ${run.name} ==\n${runReportText(run.results, run.trials, verdicts[index], trends[index], { ...report, baseline: baseline?.results }).join('\n')}\nresults written to ${run.dir}/ (${writtenFiles(run.results)})\n`);
    io.stdout(`${parts.join('\n')}\n${variantsText(comparison, runs)}side by side written to ${join(out, SIDE_BY_SIDE_FILE)}\n`);
  }
  // Each variant is its own run (its own run id), exported as such with its name in the variant column.
  if (postgres !== undefined) for (const run of runs) await exportRun(run.results, run.trials, postgres.url, exportIO(io, json), postgres.options);
  // The worst outcome of any variant: incomplete (3) over a failed gate (1) over done (0).
  return Math.max(...runs.map((run, index) => runExitCode(run.results, verdicts[index], (text) => io.stderr(`variant ${run.name}: ${text}`), 'run')));
}
