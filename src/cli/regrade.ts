import { resolve } from 'node:path';
import { aggregateE2e, e2eIncompleteReason } from '../e2e/aggregate.js';
import { probeActions } from '../e2e/actions.js';
import { usesJudge } from '../e2e/checks/table.js';
import { readsActions } from '../e2e/checks/table.js';
import { describeGrading, gradeTrial } from '../e2e/graders/grade.js';
import { checkFingerprint } from '../e2e/fingerprint.js';
import { gradingOf } from '../e2e/faults.js';
import { needsSnapshot } from '../e2e/snapshot.js';
import { playingOf } from '../e2e/sharedHistory.js';
import { settleStage } from '../e2e/stage.js';
import { STORED_TEXT_LIMIT, wasCut } from '../e2e/storedText.js';
import type { TrialRecord } from '../model/trial.js';
import { RecallGateError } from '../errors.js';
import { renderReports } from '../report/reports.js';
import { plainText } from '../report/escape.js';
import { RESULTS_FILE, TRIALS_FILE, hasResults, hasTrials, openResultsDir, readRun, writeMissingQueryRows, writeReportCopy, writeReports, writeResultsJson, writeTrials } from '../results/folder.js';
import { loadSuite } from '../suite/load.js';
import { outputTarget } from '../outputFile.js';
import { parseCommandArgs } from './args.js';
import type { CliIO } from './io.js';
import { runExitCode } from './runReport.js';
import { counted } from '../text/counted.js';
import { checkSuiteOfRun } from './suiteOfRun.js';

/** The line e2eIncompleteReason adds to a run's errors. */
const E2E_REASON = /^e2e: .*\(see errors in results\.json\)$/;

export const REGRADE_USAGE = 'recall-gate regrade <results-dir> [--suite suite.yaml] [--junit FILE]';

/**
 * Applies the suite's current checks and graders to the answers and memory
 * snapshots a run stored, with no model calls, and rewrites the trials and
 * results. A grader fix is a regrade. Judge graders keep their stored
 * outcome; a case whose check calls the judge keeps its whole verdict.
 */
export async function regradeCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { suite: { type: 'string' }, junit: { type: 'string' } }, REGRADE_USAGE);
  if (positionals.length !== 1) throw new RecallGateError('invalid-input', 'regrade takes one results directory', { hint: `usage: ${REGRADE_USAGE}` });
  const dir = resolve(io.cwd, positionals[0]!);
  if (!hasResults(dir) || !hasTrials(dir)) {
    throw new RecallGateError('invalid-input', `${positionals[0]} has no ${RESULTS_FILE} and ${TRIALS_FILE}`, { hint: 'give the --out folder of a run with the e2e layer' });
  }
  const junitCopy = values.junit === undefined ? undefined : resolve(io.cwd, values.junit as string);
  // Checked before anything is regraded: a folder or a block device there is refused while the folder is untouched.
  if (junitCopy) outputTarget(junitCopy, '--junit');
  // Locked from reading to writing: a run still writing this folder must not be overwritten.
  const folder = openResultsDir(dir, 'regrade');
  try {
    return await regradeLocked(dir, values.suite as string | undefined, junitCopy, io);
  } finally {
    folder.release();
  }
}

async function regradeLocked(dir: string, suitePath: string | undefined, junitCopy: string | undefined, io: CliIO): Promise<number> {
  const { results, trials } = readRun(dir, io.cwd);
  const suite = loadSuite(suitePath ?? results.suite.file, io.cwd);
  checkSuiteOfRun(suite, results, dir);
  if (!suite.e2e) throw new RecallGateError('invalid-input', `${suite.displayPath} has no e2e section to grade with`);
  const cases = new Map(suite.e2e.cases.map((spec) => [spec.name, spec]));

  let changed = 0;
  let rescored = 0;
  let kept = 0;
  // A shared history's trials read its sessions and snapshot from the trial that holds them (before anything here changes a record).
  const byKey = new Map(trials.map((trial) => [trial.key, trial]));
  const playings = new Map(trials.map((trial) => [trial.key, playingOf(trial, byKey)]));
  for (const trial of trials) {
    const spec = cases.get(trial.case);
    // An error before grading (no answer, an ungradable reply) has nothing to regrade; one from a grader does.
    if (trial.answer === undefined || (trial.status === 'error' && !trial.graders)) continue;
    if (!spec) {
      io.stderr(`${trial.key}: the suite has no case "${trial.case}" any more; its verdict is kept\n`);
      kept += 1;
      continue;
    }
    const playing = playings.get(trial.key)!;
    if (wasCut(trial.answer) || (snapshotCut(playing.snapshot) && needsSnapshot(gradingOf(spec, trial.condition)))) {
      io.stderr(`${trial.key}: the stored ${wasCut(trial.answer) ? 'answer' : 'memory snapshot'} was cut to ${STORED_TEXT_LIMIT / 1024} KiB; its verdict (graded on the whole ${wasCut(trial.answer) ? 'answer' : 'snapshot'}) is kept\n`);
      kept += 1;
      continue;
    }
    // What grades this trial under its condition: under a fault, its fault check alone.
    const grading = gradingOf(spec, trial.condition);
    if (actionsCut(trial) && gradingReadsActions(grading)) {
      io.stderr(`${trial.key}: a tool call or artifact of its probe was cut to ${STORED_TEXT_LIMIT / 1024} KiB when stored; its verdict (graded on what the agent produced) is kept\n`);
      kept += 1;
      continue;
    }
    if (grading.check && usesJudge(grading.check)) {
      io.stderr(`${trial.key}: kept (its check calls the judge, and regrade makes no model calls)\n`);
      kept += 1;
      continue;
    }
    const verdict = await gradeTrial({ ...spec, ...grading }, {
      question: trial.question,
      answer: trial.answer,
      snapshot: playing.snapshot,
      invocations: playing.invocations,
      env: io.env,
      offline: { ...(trial.graders ? { stored: trial.graders } : {}) },
    });
    if (verdict.status === 'error') {
      io.stderr(`${trial.key}: kept (${verdict.reason})\n`);
      kept += 1;
      continue;
    }
    const status = verdict.status;
    if (status !== trial.status) {
      changed += 1;
      io.stdout(`${trial.key}: ${trial.status} -> ${status}: ${verdict.reason}\n`);
    } else if (scoresMoved(trial.graders, verdict.graders)) {
      // Same verdict, other figures: a grader's score moved (a fact added to captures, say).
      rescored += 1;
      io.stdout(`${trial.key}: ${status}, grader scores changed: ${verdict.reason}\n`);
    }
    trial.status = status;
    trial.reason = verdict.reason;
    trial.check = describeGrading(grading);
    if (verdict.graders) trial.graders = verdict.graders;
    else delete trial.graders;
    // The verdict now answers the current check: a later --resume may keep it.
    if (trial.fingerprint) trial.fingerprint = { ...trial.fingerprint, check: checkFingerprint(grading) };
  }
  // Every stage again, from the stored trial and the current suite's evidence (trials recorded before stages get theirs here).
  for (const trial of trials) {
    const spec = cases.get(trial.case);
    if (spec) settleStage(spec, trial, playings.get(trial.key)!.snapshot);
  }
  const target = results.e2e?.target ?? { kind: suite.e2e.target.kind };
  // The spend cap is the run's, not the grades': regrade keeps it.
  const budget = results.e2e?.budget;
  results.e2e = { target, ...aggregateE2e(trials, suite.e2e.cases, suite.e2e.conditions, suite.e2e.repeat), ...(budget ? { budget } : {}) };
  // The e2e line of the errors is recomputed: the current suite may plan trials the run has no record of.
  const reason = e2eIncompleteReason(results.e2e);
  results.errors = [...results.errors.filter((error) => !E2E_REASON.test(error)), ...(reason ? [reason] : [])];
  results.status = results.errors.length > 0 ? 'incomplete' : 'complete';
  if (results.changes) {
    // They were counted from the old grades, and regrade has no baseline to count them again.
    delete results.changes;
    io.stderr(`note: the changes against the baseline were dropped from ${RESULTS_FILE}: they came from the old grades (recall-gate compare <baseline-dir> ${plainText(dir)} lists them again)\n`);
  }
  writeTrials(dir, trials);
  // An older folder kept the per-query rows in results.json, which no longer holds them.
  writeMissingQueryRows(dir, results.retrieval);
  writeResultsJson(dir, results);
  // Without a verdict: regrade does not gate (run or merge does).
  const reports = renderReports({ results, trials });
  writeReports(dir, reports);
  if (junitCopy) writeReportCopy(junitCopy, reports.junit, '--junit');
  io.stdout(`regraded ${counted(trials.length, 'trial', 'trials')} with no model calls: ${changed} changed${rescored > 0 ? `, ${rescored} with the same verdict but other grader scores` : ''}, ${kept} kept as they were\n`);
  return runExitCode(results, undefined, io.stderr, 'regraded run');
}

/** A text of the probe's tool calls or artifacts was cut as stored: checks at the run read up to ARTIFACT_LIMIT, regrade only what trials.jsonl kept. */
function actionsCut(trial: TrialRecord): boolean {
  const cut = (value: unknown): boolean =>
    typeof value === 'string' ? wasCut(value) : value !== null && typeof value === 'object' && Object.values(value).some(cut);
  return cut(probeActions(trial.invocations));
}

function gradingReadsActions(grading: ReturnType<typeof gradingOf>): boolean {
  return (grading.check !== undefined && readsActions(grading.check)) || Object.values(grading.graders ?? {}).some((grader) => 'check' in grader && readsActions(grader.check));
}

/** A memory entry of the trial's snapshot was cut as stored: memory graders cannot see it whole again. */
function snapshotCut(snapshot: TrialRecord['snapshot']): boolean {
  return snapshot !== undefined && 'entries' in snapshot && snapshot.entries.some((entry) => wasCut(entry.text));
}

/** Whether any grader's score differs between a trial's stored outcomes and its new ones. */
function scoresMoved(before: TrialRecord['graders'], after: TrialRecord['graders']): boolean {
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...names].some((name) => before?.[name]?.score !== after?.[name]?.score);
}
