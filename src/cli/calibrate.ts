import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ExitCode, RecallGateError } from '../errors.js';
import { DEFAULT_CALIBRATION_SEED, DEFAULT_DRAWS, calibrateGate } from '../gate/calibrate.js';
import { readRun } from '../results/folder.js';
import { checkFiniteFigures } from '../results/baselineChecks.js';
import { calibrationText } from '../report/gateCalibration.js';
import { loadSuite } from '../suite/load.js';
import { parseCommandArgs } from './args.js';
import type { CliIO } from './io.js';
import { wholeNumber } from './selection.js';
import { unfinishedRunNote } from './unfinishedRun.js';
import { checkSuiteOfRun } from './suiteOfRun.js';

export const CALIBRATE_USAGE = 'recall-gate calibrate <results-dir> [--suite suite.yaml] [--draws N] [--seed S] [--json]';

/** More draws than this is a typo more often than a plan: each draw gates the run once. */
const MAX_DRAWS = 100_000;

/**
 * An A/A check of the suite's gate on one run: the run redrawn against
 * itself (gate/calibrate.ts), and how often the gate fails a run of the very
 * same agent, per condition and rule, with the counts. Exit 0 whatever the
 * rates: it is a report, not a gate.
 */
export async function calibrateCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    argv,
    { suite: { type: 'string' }, draws: { type: 'string', default: String(DEFAULT_DRAWS) }, seed: { type: 'string', default: String(DEFAULT_CALIBRATION_SEED) }, json: { type: 'boolean', default: false } },
    CALIBRATE_USAGE,
  );
  if (positionals.length !== 1) throw new RecallGateError('invalid-input', 'calibrate takes one results folder', { hint: `usage: ${CALIBRATE_USAGE}` });
  const draws = wholeNumber(values, 'draws', 1)!;
  if (draws > MAX_DRAWS) throw new RecallGateError('invalid-input', `--draws must be at most ${MAX_DRAWS}, got ${draws}`, { hint: 'a few hundred draws tell a false alarm rate to within a few points' });
  const seed = wholeNumber(values, 'seed', 0)!;
  const dir = positionals[0]!;
  const run = readRun(dir, io.cwd);
  checkFiniteFigures(dir, run.results, 'the results folder');

  const explicit = values.suite as string | undefined;
  const suitePath = explicit ?? run.results.suite.file;
  if (!explicit && !existsSync(resolve(io.cwd, suitePath))) {
    throw new RecallGateError('invalid-input', `the suite file ${suitePath} the run was made from is not here`, { hint: 'pass --suite with the suite whose gate to check' });
  }
  const suite = loadSuite(suitePath, io.cwd);
  checkSuiteOfRun(suite, run.results, dir);
  if (!suite.gate) throw new RecallGateError('invalid-input', `${suite.displayPath} has no gate to check`, { hint: 'add a gate: section to the suite' });
  const unfinished = unfinishedRunNote(dir, run.results);
  if (unfinished) io.stderr(`${unfinished}\n`);

  const calibration = calibrateGate(suite.gate, suite, run, { draws, seed });
  if (values.json) io.stdout(`${JSON.stringify({ results: dir, suite: suite.displayPath, ...calibration }, null, 2)}\n`);
  else io.stdout(calibrationText(calibration, `${run.results.suite.name}: the gate of ${suite.displayPath} on ${dir}`));
  return ExitCode.ok;
}
