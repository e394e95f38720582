import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ExitCode, RecallGateError } from '../errors.js';
import { compareResults, withSignificance } from '../gate/compare.js';
import { evaluateGateOnSplit } from '../gate/narrow.js';
import { baselineMismatchText, comparisonText, pairedText, verdictText } from '../report/gateFormat.js';
import { pairedChanges } from '../gate/paired.js';
import { provenanceChanges } from '../gate/provenanceChanges.js';
import { provenanceText } from '../report/provenanceLines.js';
import { changesAgainst } from '../gate/changes.js';
import { changesText } from '../report/changes.js';
import type { Verdict } from '../model/gate.js';
import { readRun } from '../results/folder.js';
import { checkBaselineSuite, checkFiniteFigures } from '../results/baselineChecks.js';
import { plainText } from '../report/escape.js';
import { loadSuite } from '../suite/load.js';
import { parseCommandArgs } from './args.js';
import type { CliIO } from './io.js';
import { unfinishedRunNote } from './unfinishedRun.js';
import { checkSuiteOfRun } from './suiteOfRun.js';

export const COMPARE_USAGE = 'recall-gate compare <baseline-dir> <dir> [--suite suite.yaml] [--json] [--allow-other-suite]';

/**
 * Compares two runs: every headline metric's change with its paired interval,
 * the units that changed (queries newly missed or hit at each k, case x
 * condition pass counts that fell or rose), the cases that flipped (McNemar)
 * and the queries whose first relevant rank moved (Wilcoxon), then the suite's gate evaluated with the first run as the
 * baseline. Exit 1 when the gate fails. Runs of two suites are refused unless
 * --allow-other-suite, and then every output says so; figures that are not
 * numbers are refused. Every text from the folders is printed as plain text:
 * a forged results.json cannot drive the terminal.
 */
export async function compareCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    argv,
    { suite: { type: 'string' }, json: { type: 'boolean', default: false }, 'allow-other-suite': { type: 'boolean', default: false } },
    COMPARE_USAGE,
  );
  if (positionals.length !== 2) throw new RecallGateError('invalid-input', 'compare takes a baseline results folder and a results folder', { hint: `usage: ${COMPARE_USAGE}` });
  const [baselineDir, currentDir] = positionals as [string, string];
  const baseline = readRun(baselineDir, io.cwd);
  const current = readRun(currentDir, io.cwd);
  checkFiniteFigures(baselineDir, baseline.results, 'the baseline');
  checkFiniteFigures(currentDir, current.results, 'the results folder');
  const mismatch = checkBaselineSuite(baselineDir, baseline.results, current.results.suite.name, { flag: '--allow-other-suite', given: values['allow-other-suite'] === true });
  for (const [dir, run] of [
    [baselineDir, baseline],
    [currentDir, current],
  ] as const) {
    const unfinished = unfinishedRunNote(dir, run.results);
    if (unfinished) io.stderr(`${unfinished}\n`);
  }
  if (mismatch) io.stderr(`${baselineMismatchText(mismatch)}\n`);

  const comparisons = compareResults(baseline.results, current.results, { baseline: baseline.trials, current: current.trials });
  const origin = provenanceChanges(baseline.results, current.results);
  const paired = pairedChanges(baseline.results, current.results);
  const changes = changesAgainst(baseline.results, current.results, current.trials);

  const explicit = values.suite as string | undefined;
  const suitePath = explicit ?? current.results.suite.file;
  let verdict: Verdict | undefined;
  let gateNote: string | undefined;
  if (!explicit && !existsSync(resolve(io.cwd, suitePath))) {
    gateNote = `the suite file ${plainText(suitePath)} is not here, so no gate was evaluated (pass --suite)`;
  } else {
    const suite = loadSuite(suitePath, io.cwd);
    checkSuiteOfRun(suite, current.results, currentDir, { flag: '--allow-other-suite', given: values['allow-other-suite'] === true });
    if (suite.gate) {
      verdict = evaluateGateOnSplit(suite.gate, suite, current, baseline);
      if (mismatch) verdict.baselineSuiteMismatch = mismatch;
    } else {
      gateNote = `${plainText(suite.displayPath)} has no gate`;
    }
  }

  if (values.json) {
    const document = { baseline: baselineDir, current: currentDir, ...(mismatch ? { baseline_suite_mismatch: mismatch } : {}), provenance_changes: origin, metrics: withSignificance(comparisons), paired, changes, gate: verdict ?? null };
    io.stdout(`${JSON.stringify(document, null, 2)}\n`);
    if (gateNote) io.stderr(`note: ${gateNote}\n`);
  } else {
    const heading = `${plainText(current.results.suite.name)}: ${plainText(currentDir)} against ${plainText(baselineDir)}`;
    const parts = [heading, ...(mismatch ? [baselineMismatchText(mismatch)] : []), '', provenanceText(origin), comparisonText(comparisons), changesText(changes), pairedText(paired)];
    if (verdict) parts.push(verdictText(verdict));
    else parts.push(`${gateNote}\n`);
    io.stdout(parts.join('\n'));
  }
  return verdict?.status === 'fail' ? ExitCode.gateFailed : ExitCode.ok;
}
