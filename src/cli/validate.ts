import { ExitCode, RecallGateError, addProblems } from '../errors.js';
import type { InputProblem } from '../model/source.js';
import { loadSuite } from '../suite/load.js';
import { parseCommandArgs } from './args.js';
import type { CliIO } from './io.js';
import { phaseProgress } from './progress.js';
import { printSuiteWarnings } from './suiteWarnings.js';
import type { Suite } from '../model/suite.js';
import { counted } from '../text/counted.js';

export const VALIDATE_USAGE = 'recall-gate validate <suite.yaml> [...more suites]';

/** Checks suites and the files they read; every problem is reported, exit 2 if any. */
export async function validateCommand(argv: string[], io: CliIO): Promise<number> {
  const { positionals } = parseCommandArgs(argv, {}, VALIDATE_USAGE);
  if (positionals.length === 0) throw new RecallGateError('invalid-input', 'validate needs at least one suite file', { hint: `usage: ${VALIDATE_USAGE}` });
  const problems: InputProblem[] = [];
  for (const path of positionals) {
    try {
      const progress = phaseProgress(io.stderr, io.isTerminal ?? false);
      let suite: Suite;
      try {
        suite = loadSuite(path, io.cwd, progress.update);
      } finally {
        progress.finish();
      }
      const retrieval = suite.retrieval;
      const counts = [
        retrieval
          ? [counted(retrieval.providers.length, 'provider', 'providers'), counted(retrieval.memories.length, 'memory', 'memories'), counted(retrieval.queries.length, 'query', 'queries')].join(', ')
          : 'no retrieval section',
        ...(suite.e2e ? [counted(suite.e2e.cases.length, 'e2e case', 'e2e cases')] : []),
        `${counted(suite.files.length, 'file', 'files')} read`,
        ...(suite.warnings ? [counted(suite.warnings.length, 'warning', 'warnings')] : []),
      ];
      io.stdout(`${suite.displayPath}: ok (${counts.join('; ')})\n`);
      printSuiteWarnings(suite, io);
    } catch (error) {
      if (!(error instanceof RecallGateError) || error.code !== 'invalid-input') throw error;
      if (error.problems.length === 0) throw error;
      addProblems(problems, error.problems);
    }
  }
  if (problems.length > 0) throw new RecallGateError('invalid-input', `${counted(problems.length, 'problem', 'problems')} found`, { problems });
  return ExitCode.ok;
}
