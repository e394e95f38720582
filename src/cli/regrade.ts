import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { aggregateE2e, e2eIncompleteReason } from '../e2e/aggregate.js';
import { describeCheck, gradeAnswer } from '../e2e/checks/grade.js';
import { checkFingerprint } from '../e2e/fingerprint.js';
import { gradedCheck } from '../e2e/faults.js';
import { STORED_TEXT_LIMIT, wasCut } from '../e2e/storedText.js';
import { TrialLog } from '../e2e/trialLog.js';
import { RecallGateError, describeError } from '../errors.js';
import { readRun } from '../report/readResultsDir.js';
import { openResultsDir, writeAtomicReport, writeResultsJson, writeTrials } from '../report/writeResultsDir.js';
import { loadSuite } from '../suite/load.js';
import { parseCommandArgs } from './args.js';
import type { CliIO } from './io.js';
import { runExitCode } from './runReport.js';

/** The line e2eIncompleteReason adds to a run's errors. */
const E2E_REASON = /^e2e: .*\(see errors in results\.json\)$/;

export const REGRADE_USAGE = 'recall-gate regrade <results-dir> [--suite suite.yaml]';

/**
 * Applies the suite's current checks to the answers a run stored, with no
 * model calls, and rewrites the trials and results. A grader fix is a regrade.
 */
export async function regradeCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { suite: { type: 'string' } }, REGRADE_USAGE);
  if (positionals.length !== 1) throw new RecallGateError('invalid-input', 'regrade takes one results directory', { hint: `usage: ${REGRADE_USAGE}` });
  const dir = resolve(io.cwd, positionals[0]!);
  const log = new TrialLog(join(dir, 'trials.jsonl'));
  if (!existsSync(join(dir, 'results.json')) || !existsSync(log.path)) {
    throw new RecallGateError('invalid-input', `${positionals[0]} has no results.json and trials.jsonl`, { hint: 'give the --out folder of a run with the e2e layer' });
  }
  // Locked from reading to writing: a run still writing this folder must not be overwritten.
  const folder = openResultsDir(dir, 'regrade');
  try {
    return await regradeLocked(dir, values.suite as string | undefined, io);
  } finally {
    folder.release();
  }
}

async function regradeLocked(dir: string, suitePath: string | undefined, io: CliIO): Promise<number> {
  const { results, trials } = readRun(dir, io.cwd);
  const suite = loadSuite(suitePath ?? results.suite.file, io.cwd);
  if (!suite.e2e) throw new RecallGateError('invalid-input', `${suite.displayPath} has no e2e section to grade with`);
  const cases = new Map(suite.e2e.cases.map((spec) => [spec.name, spec]));

  let changed = 0;
  let kept = 0;
  for (const trial of trials) {
    const spec = cases.get(trial.case);
    if (trial.status === 'error' || trial.answer === undefined) continue;
    if (!spec) {
      io.stderr(`${trial.key}: the suite has no case "${trial.case}" any more; its verdict is kept\n`);
      kept += 1;
      continue;
    }
    if (wasCut(trial.answer)) {
      io.stderr(`${trial.key}: the stored answer was cut to ${STORED_TEXT_LIMIT / 1024} KiB; its verdict (graded on the whole answer) is kept\n`);
      kept += 1;
      continue;
    }
    let verdict;
    try {
      // No judge: a judge check would be a model call, so such trials keep their verdict.
      verdict = await gradeAnswer(gradedCheck(spec, trial.condition), trial.answer, { question: trial.question });
    } catch (error) {
      io.stderr(`${trial.key}: kept (${describeError(error)})\n`);
      kept += 1;
      continue;
    }
    const status = verdict.pass ? 'pass' : 'fail';
    if (status !== trial.status) {
      changed += 1;
      io.stdout(`${trial.key}: ${trial.status} -> ${status}: ${verdict.reason}\n`);
    }
    trial.status = status;
    trial.reason = verdict.reason;
    trial.check = describeCheck(gradedCheck(spec, trial.condition));
    // The verdict now answers the current check: a later --resume may keep it.
    if (trial.fingerprint) trial.fingerprint = { ...trial.fingerprint, check: checkFingerprint(gradedCheck(spec, trial.condition)) };
  }
  const target = results.e2e?.target ?? { kind: suite.e2e.target.kind };
  results.e2e = { target, ...aggregateE2e(trials, suite.e2e.cases, suite.e2e.conditions, suite.e2e.repeat) };
  // The e2e line of the errors is recomputed: the current suite may plan trials the run has no record of.
  const reason = e2eIncompleteReason(results.e2e);
  results.errors = [...results.errors.filter((error) => !E2E_REASON.test(error)), ...(reason ? [reason] : [])];
  results.status = results.errors.length > 0 ? 'incomplete' : 'complete';
  writeTrials(dir, trials);
  writeResultsJson(dir, results);
  writeAtomicReport(dir, results);
  io.stdout(`regraded ${trials.length} trials with no model calls: ${changed} changed, ${kept} kept as they were\n`);
  return runExitCode(results, undefined, io.stderr, 'regraded run');
}
