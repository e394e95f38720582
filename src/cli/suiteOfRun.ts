import { RecallGateError } from '../errors.js';
import type { ResultsDocument } from '../model/results.js';
import type { Suite } from '../model/suite.js';
import { plainText } from '../report/escape.js';

/**
 * Refuses a suite that is not the one a results folder was run from, before
 * its gate, checks or graders are applied to that run (compare, calibrate,
 * regrade). The default suite path is the run's as it saw it, relative to
 * where it ran: from another folder it may name another suite's file.
 * `allow` lets compare go on with --allow-other-suite.
 */
export function checkSuiteOfRun(suite: Suite, results: ResultsDocument, dir: string, allow?: { flag: string; given: boolean }): void {
  if (suite.name === results.suite.name || allow?.given) return;
  const past = allow ? `, or add ${allow.flag} to apply it all the same` : '';
  throw new RecallGateError('invalid-input', `${plainText(suite.displayPath)} is suite "${plainText(suite.name)}", but ${plainText(dir)} holds results of suite "${plainText(results.suite.name)}"`, {
    hint: `pass --suite with the suite file the run used (${plainText(results.suite.file)}, from the folder it ran in)${past}`,
  });
}
