import { ExitCode, RecallGateError, describeError, formatProblem } from '../errors.js';
import { TOOL_VERSION } from '../version.js';
import { registerEnvironmentSecrets } from '../secrets.js';
import { scrubbedIO, type CliIO } from './io.js';
import { plainBlock } from '../report/escape.js';
type Command = (argv: string[], io: CliIO) => Promise<number>;

/**
 * Each command's module, loaded when that command runs: `--version` and `validate` do not pay
 * for the code of `run` (the e2e engine, report renderers) or `export` (pg).
 */
const COMMANDS: Record<string, () => Promise<{ command: Command; usage: string }>> = {
  run: async () => import('./run.js').then((m) => ({ command: m.runCommand, usage: m.RUN_USAGE })),
  validate: async () => import('./validate.js').then((m) => ({ command: m.validateCommand, usage: m.VALIDATE_USAGE })),
  score: async () => import('./score.js').then((m) => ({ command: m.scoreCommand, usage: m.SCORE_USAGE })),
  regrade: async () => import('./regrade.js').then((m) => ({ command: m.regradeCommand, usage: m.REGRADE_USAGE })),
  compare: async () => import('./compare.js').then((m) => ({ command: m.compareCommand, usage: m.COMPARE_USAGE })),
  merge: async () => import('./merge.js').then((m) => ({ command: m.mergeCommand, usage: m.MERGE_USAGE })),
  'judge-check': async () => import('./judgeCheck.js').then((m) => ({ command: m.judgeCheckCommand, usage: m.JUDGE_CHECK_USAGE })),
  export: async () => import('./export.js').then((m) => ({ command: m.exportCommand, usage: m.EXPORT_USAGE })),
  import: async () => import('./import.js').then((m) => ({ command: m.importCommand, usage: m.IMPORT_USAGE })),
  history: async () => import('./history.js').then((m) => ({ command: m.historyCommand, usage: m.HISTORY_USAGE })),
};

/** What each command does, under its usage line in the help, in the help's order. */
const SUMMARIES: [string, string][] = [
  ['run', `retrieval: seed each provider, ask every query, print metrics;
      e2e: play each case's sessions to the agent, grade the probe, k times per condition`],
  ['validate', 'check suites and every file they read; problems as file:line:col'],
  ['score', 'score TREC qrels and run files with trec_eval\'s definitions'],
  ['compare', 'per-metric deltas between two runs; applies the suite\'s gate with the first as baseline'],
  ['merge', 'combine the results of run --shard i/n jobs, then apply the gate'],
  ['regrade', 're-apply the suite\'s current checks to a run\'s stored answers (no model calls)'],
  ['judge-check', 'run the judge on hand-labelled answers: agreement, kappa, confusion matrix, disagreements'],
  ['export', 'add a run\'s trials to the memory_eval_trials table in PostgreSQL, one row each (again: nothing twice)'],
  ['import', 'turn a dataset file into a suite folder (cases.yaml, suite.yaml); skipped rows listed as file:line'],
  ['history', 'each headline metric\'s trend over results folders, oldest first; --out adds them to a history file'],
];

/** The help text; it loads every command's module for its usage line, which only help needs. */
export async function helpText(): Promise<string> {
  const lines = await Promise.all(SUMMARIES.map(async ([name, summary]) => `  ${(await COMMANDS[name]!()).usage}\n      ${summary}\n`));
  return `recall-gate ${TOOL_VERSION}: test an AI agent's long-term memory

usage:
${lines.join('')}
exit status: 0 done, 1 gate failed, 2 invalid input, 3 could not complete
`;
}

/** The one place errors become messages and exit statuses. */
export async function main(argv: string[], unscrubbed: CliIO): Promise<number> {
  // Before anything can print: a server may echo a key from the environment in any message.
  registerEnvironmentSecrets(unscrubbed.env);
  const io = scrubbedIO(unscrubbed);
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    io.stdout(await helpText());
    return command === undefined ? ExitCode.invalidInput : ExitCode.ok;
  }
  if (command === '--version' || command === '-v') {
    io.stdout(`${TOOL_VERSION}\n`);
    return ExitCode.ok;
  }
  const load = COMMANDS[command];
  if (!load) {
    io.stderr(`recall-gate: unknown command "${command}"\n\n${await helpText()}`);
    return ExitCode.invalidInput;
  }
  try {
    return await (await load()).command(rest, io);
  } catch (error) {
    if (error instanceof RecallGateError) {
      // No escape sequences: a message may quote a suite, provider or variant name from a forged results folder, escapes and all.
      for (const problem of error.problems) io.stderr(`${plainBlock(formatProblem(problem))}\n`);
      io.stderr(`recall-gate ${command}: ${plainBlock(describeError(error))}\n`);
      return error.exitCode;
    }
    io.stderr(`recall-gate ${command}: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return ExitCode.incomplete;
  }
}
