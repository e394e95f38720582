import { apiKeyEnv } from '../apiKey.js';
import * as core from './publish.js';
import { join, resolve } from 'node:path';
import { defaultCacheDir } from '../embeddings/cache.js';
import { RecallGateError, addProblems, describeError, formatProblem, invalidInput } from '../errors.js';
import type { InputProblem } from '../model/source.js';
import { evaluateGateOnSplit } from '../gate/narrow.js';
import type { Verdict } from '../model/gate.js';
import { renderComment, renderNotRun, type CommentInput } from '../report/comment.js';
import { writeReports } from '../results/folder.js';
import { renderReports } from '../report/reports.js';
import { runSuite, type Layer } from '../runSuite.js';
import { registerEnvironmentSecrets, registerSuiteSecrets, scrubSecretsIn } from '../secrets.js';
import { loadSuite } from '../suite/load.js';
import type { Suite } from '../model/suite.js';
import { annotate, annotateSuiteWarnings, annotationProperties } from './annotations.js';
import { actionHistory, checkBaselineSuites, isFolderBaseline, loadBaseline, readBaselineFolder, saveBaseline, type Baseline } from './baseline.js';
import { headlineMetrics } from '../history/headline.js';
import { cacheEntries, restoreEntries, saveEntries } from './cache.js';
import { changedFiles, matchesMemoryPaths, repoRelativePaths } from './github/changedFiles.js';
import { eventFromContext, pullRequestNumber, type GitHubClient, type GitHubEvent } from './github/client.js';
import { commentMarker } from './github/stickyComment.js';
import { checkSuiteNames, expandSuites, readInputs, type ActionInputs } from './inputs.js';
import { SummaryBudget } from './summary.js';
import { selectionRequest } from '../cli/selection.js';
import { selectUnits } from '../suite/select.js';
import type { PhaseProgress } from '../phaseProgress.js';
import { phaseProgress } from '../cli/progress.js';
import { counted } from '../text/counted.js';
import { isNarrowedRun } from '../results/narrowed.js';

interface GitHub {
  client: GitHubClient;
  event: GitHubEvent;
}

interface SuiteOutcome {
  name: string;
  verdict: 'pass' | 'fail' | 'incomplete';
  e2eRan: boolean;
  commentUrl?: string;
  metrics: Record<string, number>;
}

/** On GitHub with a token: the client and the event. Imported here, not at the top: its context reads the environment. */
async function connect(token: string): Promise<GitHub | undefined> {
  if (!token || !process.env.GITHUB_REPOSITORY) return undefined;
  const github = await import('@actions/github');
  return { client: github.getOctokit(token), event: eventFromContext(github.context) };
}

/**
 * The Action: for each suite, decide the layers from the changed files, run,
 * gate against the default branch's last results, and report in the PR
 * comment, the job summary, annotations and outputs.
 */
export async function run(): Promise<void> {
  try {
    // Before anything is printed: every secret of the environment is scrubbed from all output and masked in the log.
    core.maskRegisteredSecrets();
    registerEnvironmentSecrets(process.env);
    const inputs = readInputs();
    process.chdir(resolve(inputs.workingDirectory));
    const github = await connect(inputs.githubToken);
    // A pull request with comment: true and no way to comment: said, not left to a missing comment to tell.
    if (!github && inputs.comment && /^pull_request(_target)?$/.test(process.env.GITHUB_EVENT_NAME ?? '')) {
      core.notice(`recall-gate: no PR comment is written: ${inputs.githubToken ? 'GITHUB_REPOSITORY is not set' : 'the github-token input is empty'} (the job summary has the report)`);
    }
    const outcomes: SuiteOutcome[] = [];
    const suites = loadSuites(expandSuites(inputs.suites, process.cwd()));
    const loaded = suites.flatMap((entry) => ('suite' in entry ? [entry.suite] : []));
    checkSuiteNames(loaded);
    for (const suite of loaded) annotateSuiteWarnings(suite);
    // baseline: <folder> is read and checked once, before any suite runs: a folder that cannot serve is an error, not a note.
    const folderBaseline = isFolderBaseline(inputs.baseline) ? readBaselineFolder(inputs.baseline) : undefined;
    if (folderBaseline) checkBaselineSuites(folderBaseline, inputs.baseline, loaded.map((suite) => suite.name));
    // Every suite's secrets are known before the first suite prints anything.
    for (const suite of loaded) registerSuiteSecrets(suite, suiteEnv(inputs));
    const summary = new SummaryBudget(suites.length);
    for (const entry of suites) {
      try {
        if ('error' in entry) throw entry.error;
        outcomes.push(await gateSuite(entry.suite, inputs, github, summary, folderBaseline));
      } catch (error) {
        // One suite's trouble must not stop the others, nor lose the outputs.
        if (error instanceof RecallGateError && error.problems.length > 0) throw error;
        core.error(`recall-gate: ${entry.path}: ${describeError(error)}`);
        await summary.write(renderNotRun(entry.path, describeError(error), summary.share()));
        outcomes.push({ name: entry.path, verdict: 'incomplete', e2eRan: false, metrics: {} });
      }
    }

    core.setOutput('results-path', resolve(inputs.resultsDir));
    const worst = outcomes.some((o) => o.verdict === 'incomplete') ? 'incomplete' : outcomes.some((o) => o.verdict === 'fail') ? 'fail' : 'pass';
    core.setOutput('verdict', worst);
    core.setOutput('e2e-ran', String(outcomes.some((o) => o.e2eRan)));
    core.setOutput('comment-url', outcomes.map((o) => o.commentUrl).filter(Boolean).join('\n'));
    core.setOutput('metrics', JSON.stringify(Object.fromEntries(outcomes.map((o) => [o.name, o.metrics]))));
    if (worst === 'incomplete') core.setFailed('recall-gate: a suite could not complete (see the errors above)');
    else if (worst === 'fail' && inputs.failOnGate) core.setFailed(`recall-gate: the gate failed for ${outcomes.filter((o) => o.verdict === 'fail').map((o) => o.name).join(', ')}`);
  } catch (error) {
    if (error instanceof RecallGateError) {
      for (const problem of error.problems.slice(0, 10)) {
        const hint = problem.hint ? ` (${problem.hint})` : '';
        core.error(`${problem.message}${hint}`, annotationProperties(problem.where));
      }
      for (const problem of error.problems) core.info(formatProblem(problem));
    }
    core.setFailed(`recall-gate: ${describeError(error)}`);
  }
}

/**
 * Every suite is read before any runs: invalid suites stop the run with all
 * their problems; a suite that cannot be read for another reason is reported
 * in its turn, and the others still run.
 */
function loadSuites(paths: string[]): ({ path: string; suite: Suite } | { path: string; error: unknown })[] {
  const problems: InputProblem[] = [];
  const loaded = paths.map((path) => {
    try {
      return { path, suite: loadSuite(path, process.cwd(), actionProgress()) };
    } catch (error) {
      if (error instanceof RecallGateError && error.problems.length > 0) addProblems(problems, error.problems);
      return { path, error };
    }
  });
  if (problems.length > 0) throw invalidInput(problems);
  return loaded;
}

/** Which layers to run, and why, from the event's changed files and the suite's memory paths. */
async function decideLayers(suite: Suite, inputs: ActionInputs, github: GitHub | undefined): Promise<{ layer: Layer; e2e: { ran: boolean; reason: string; files: string[] } }> {
  if (!suite.e2e) return { layer: 'retrieval', e2e: { ran: false, reason: 'the suite has no e2e cases', files: [] } };
  if (inputs.layer !== 'auto') {
    const ran = inputs.layer === 'all' || inputs.layer === 'e2e';
    return { layer: inputs.layer, e2e: { ran, reason: `layer: ${inputs.layer}`, files: [] } };
  }
  if (!github) return { layer: 'all', e2e: { ran: true, reason: 'not on a GitHub event with a token: running everything', files: [] } };
  const changed = await changedFiles(github.client, github.event);
  if (changed.files === 'all') return { layer: 'all', e2e: { ran: true, reason: changed.reason, files: [] } };
  const own = repoRelativePaths(suite.files, process.env.GITHUB_WORKSPACE ?? process.cwd());
  const { matched } = matchesMemoryPaths(changed.files, suite.memoryPaths, own);
  return matched.length > 0
    ? { layer: 'all', e2e: { ran: true, reason: `${counted(matched.length, 'changed file', 'changed files')} on the memory path`, files: matched } }
    : { layer: 'retrieval', e2e: { ran: false, reason: `no changed file is on the memory path (${counted(changed.files.length, 'file', 'files')} changed)`, files: [] } };
}

/** The e2e layer's missing keys: the builtin target's and the judge's, each by the variable the suite names. */
function missingApiKeys(suite: Suite, env: NodeJS.ProcessEnv): string[] {
  const target = suite.e2e?.target;
  const needed = [
    ...(target?.kind === 'builtin' ? [apiKeyEnv(target)] : []),
    ...(suite.e2e?.judge ? [apiKeyEnv(suite.e2e.judge)] : []),
  ];
  return [...new Set(needed)].filter((name) => !env[name]);
}

/** The environment a suite runs in: the Action's, with the OpenAI inputs in the variables the SDK reads. */
function suiteEnv(inputs: ActionInputs): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (inputs.openaiApiKey) env.OPENAI_API_KEY = inputs.openaiApiKey;
  if (inputs.openaiBaseUrl) env.OPENAI_BASE_URL = inputs.openaiBaseUrl;
  return env;
}

async function gateSuite(suite: Suite, inputs: ActionInputs, github: GitHub | undefined, summary: SummaryBudget, folderBaseline: Baseline | undefined): Promise<SuiteOutcome> {
  core.startGroup(`recall-gate: ${suite.name}`);
  try {
    const env = suiteEnv(inputs);

    let { layer, e2e } = await decideLayers(suite, inputs, github);
    const missing = e2e.ran ? missingApiKeys(suite, env) : [];
    if (missing.length > 0) {
      // A fork's pull request gets no secrets: say so, and let the gate's skipped_layers decide.
      e2e = { ran: false, reason: `${e2e.reason}, but no API key is available (${missing.join(', ')} unset; a fork's pull request gets no secrets), so e2e was skipped`, files: e2e.files };
      layer = 'retrieval';
      core.notice(`recall-gate: ${suite.name}: ${e2e.reason}`);
    }
    core.info(`e2e ${e2e.ran ? 'runs' : 'is skipped'}: ${e2e.reason}`);

    const cacheRoot = defaultCacheDir(env);
    const kept = cacheEntries(suite, cacheRoot);
    await restoreEntries(kept);
    const baseline = folderBaseline ?? (await loadBaseline(inputs.baseline, suite.name));
    const outDir = join(inputs.resultsDir, suite.name);
    // Scrubbed before rendering: a secret the comment escapes or cuts short would no longer be recognised.
    // The args and sample inputs narrow what runs; the gate still reads the whole suite for its splits.
    const { suite: narrowed, selection, sample } = selectUnits(suite, selectionRequest(inputs.selection, suite));
    const budget = inputs.budgetUsd !== undefined ? { budget: { usd: inputs.budgetUsd, source: 'budget-usd' as const } } : {};
    // A job starts from a fresh folder: a stopped run is finished by running the job again, whole.
    const finishStopped = 're-run the job (the Action starts the run afresh; the CLI can finish one with --resume)';
    const run = await runSuite(narrowed, { outDir, layer, env, cacheRoot, cacheEmbeddings: true, log: core.info, onProgress: actionProgress(), selection, sample, baseline: baseline.results, finishStopped, ...budget, ...(baseline.trials ? { baselineTrials: baseline.trials } : {}) });
    const results = scrubSecretsIn(run.results);
    const trials = run.trials;
    await saveEntries(kept, results);

    // Only a whole run may become the baseline: a partial or narrowed one (args, sample) would waive the regression checks that follow.
    const pushToDefault = github !== undefined && isPushToDefaultBranch(github.event);
    const narrowedRun = isNarrowedRun(results);
    const savesBaseline = pushToDefault && results.status === 'complete' && results.layers.e2e !== 'skipped' && !narrowedRun;
    const trend = actionHistory(outDir, baseline, results, savesBaseline);
    const verdict: Verdict | undefined = suite.gate ? evaluateGateOnSplit(suite.gate, suite, { results, trials }, baseline.results ? { results: baseline.results, trials: baseline.trials } : undefined) : undefined;
    // Before publishing: whatever happens to the comment, the folder the workflow uploads holds the reports.
    writeReports(outDir, renderReports({ results, trials, verdict, baseline: baseline.results, trend }));
    const marker = commentMarker(suite.name);
    const runUrl = process.env.GITHUB_SERVER_URL && process.env.GITHUB_RUN_ID ? `${process.env.GITHUB_SERVER_URL}/${process.env.GITHUB_REPOSITORY}/actions/runs/${process.env.GITHUB_RUN_ID}` : undefined;
    const report: CommentInput = { marker, results, baseline: baseline.results, baselineNote: baseline.note, verdict, e2eTrigger: e2e, runUrl, resultsDir: outDir, artifactName: inputs.artifactName, trend };
    const body = renderComment(report);
    // The summary has its own room, shared with the other suites, so it may show more than the comment.
    const summaryBody = renderComment(report, summary.share());
    await summary.write(summaryBody);
    annotate(suite, results, verdict);

    let commentUrl: string | undefined;
    const number = github && pullRequestNumber(github.event);
    if (github && number && inputs.comment) {
      const posted = await core.upsertStickyComment(github.client, { ...github.event.repo, issueNumber: number, marker, body });
      if ('skipped' in posted) core.warning(`recall-gate: the PR comment was not written: ${posted.skipped} (the job summary has the report)`);
      else commentUrl = posted.url;
    }
    if (pushToDefault) {
      if (savesBaseline) await saveBaseline(outDir, suite.name, github.event.sha ?? process.env.GITHUB_SHA ?? 'unknown');
      else core.info(`not saved as the baseline: ${results.status !== 'complete' ? 'the run is incomplete' : narrowedRun ? 'the run is narrowed (the args or sample input)' : 'e2e did not run'}`);
    }

    return {
      name: suite.name,
      verdict: results.status === 'incomplete' ? 'incomplete' : verdict?.status === 'fail' ? 'fail' : 'pass',
      e2eRan: results.layers.e2e === 'ran',
      commentUrl,
      metrics: headlineMetrics(results),
    };
  } finally {
    core.endGroup();
  }
}

function isPushToDefaultBranch(event: GitHubEvent): boolean {
  const repository = event.payload.repository as { default_branch?: string } | undefined;
  return event.eventName === 'push' && Boolean(repository?.default_branch) && event.payload.ref === `refs/heads/${repository!.default_branch}`;
}

/** Long phases in the job log: a line every few seconds, as the CLI prints when stderr is not a terminal (core.info adds the newline). */
function actionProgress(): PhaseProgress {
  return phaseProgress((text) => core.info(text.replace(/\n$/, '')), false).update;
}
