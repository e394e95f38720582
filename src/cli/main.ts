import { ExitCode, RecallGateError, describeError, formatProblem } from '../errors.js';
import { TOOL_VERSION } from '../version.js';
import { registerEnvironmentSecrets } from '../secrets.js';
import { scrubbedIO, type CliIO } from './io.js';
import { COMPARE_USAGE, compareCommand } from './compare.js';
import { EXPORT_USAGE, exportCommand } from './export.js';
import { HISTORY_USAGE, historyCommand } from './history.js';
import { IMPORT_USAGE, importCommand } from './import.js';
import { JUDGE_CHECK_USAGE, judgeCheckCommand } from './judgeCheck.js';
import { MERGE_USAGE, mergeCommand } from './merge.js';
import { REGRADE_USAGE, regradeCommand } from './regrade.js';
import { RUN_USAGE, runCommand } from './run.js';
import { SCORE_USAGE, scoreCommand } from './score.js';
import { VALIDATE_USAGE, validateCommand } from './validate.js';

const COMMANDS: Record<string, (argv: string[], io: CliIO) => Promise<number>> = {
  run: runCommand,
  validate: validateCommand,
  score: scoreCommand,
  regrade: regradeCommand,
  compare: compareCommand,
  merge: mergeCommand,
  'judge-check': judgeCheckCommand,
  export: exportCommand,
  import: importCommand,
  history: historyCommand,
};

export const HELP = `recall-gate ${TOOL_VERSION}: test an AI agent's long-term memory

usage:
  ${RUN_USAGE}
      retrieval: seed each provider, ask every query, print metrics;
      e2e: play each case's sessions to the agent, grade the probe, k times per condition
  ${VALIDATE_USAGE}
      check suites and every file they read; problems as file:line:col
  ${SCORE_USAGE}
      score TREC qrels and run files with trec_eval's definitions
  ${COMPARE_USAGE}
      per-metric deltas between two runs; applies the suite's gate with the first as baseline
  ${MERGE_USAGE}
      combine the results of run --shard i/n jobs, then apply the gate
  ${REGRADE_USAGE}
      re-apply the suite's current checks to a run's stored answers (no model calls)
  ${JUDGE_CHECK_USAGE}
      run the judge on hand-labelled answers: agreement, kappa, confusion matrix, disagreements
  ${EXPORT_USAGE}
      add a run's trials to the memory_eval_trials table in PostgreSQL, one row each (again: nothing twice)
  ${IMPORT_USAGE}
      turn a dataset file into a suite folder (cases.yaml, suite.yaml); skipped rows listed as file:line
  ${HISTORY_USAGE}
      each headline metric's trend over results folders, oldest first; --out adds them to a history file

exit status: 0 done, 1 gate failed, 2 invalid input, 3 could not complete
`;

/** The one place errors become messages and exit statuses. */
export async function main(argv: string[], unscrubbed: CliIO): Promise<number> {
  // Before anything can print: a server may echo a key from the environment in any message.
  registerEnvironmentSecrets(unscrubbed.env);
  const io = scrubbedIO(unscrubbed);
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    io.stdout(HELP);
    return command === undefined ? ExitCode.invalidInput : ExitCode.ok;
  }
  if (command === '--version' || command === '-v') {
    io.stdout(`${TOOL_VERSION}\n`);
    return ExitCode.ok;
  }
  const handler = COMMANDS[command];
  if (!handler) {
    io.stderr(`recall-gate: unknown command "${command}"\n\n${HELP}`);
    return ExitCode.invalidInput;
  }
  try {
    return await handler(rest, io);
  } catch (error) {
    if (error instanceof RecallGateError) {
      for (const problem of error.problems) io.stderr(`${formatProblem(problem)}\n`);
      io.stderr(`recall-gate ${command}: ${describeError(error)}\n`);
      return error.exitCode;
    }
    io.stderr(`recall-gate ${command}: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return ExitCode.incomplete;
  }
}
