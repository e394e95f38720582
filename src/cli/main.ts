import { ExitCode, RecallGateError, describeError, formatProblem } from '../errors.js';
import { TOOL_VERSION } from '../version.js';
import { registerEnvironmentSecrets } from '../secrets.js';
import { closest } from '../source/didYouMean.js';
import { HelpRequested } from './args.js';
import { COMMAND_HELP } from './help.js';
import { scrubbedIO, type CliIO } from './io.js';
import { plainBlock } from '../report/escape.js';
type Command = (argv: string[], io: CliIO) => Promise<number>;

/**
 * Each command's module, loaded when that command runs: `--version` and `validate` do not pay
 * for the code of `run` (the e2e engine, report renderers) or `export` (pg).
 */
const COMMANDS: Record<string, () => Promise<{ command: Command; usage: string }>> = {
  init: async () => import('./init.js').then((m) => ({ command: m.initCommand, usage: m.INIT_USAGE })),
  run: async () => import('./run.js').then((m) => ({ command: m.runCommand, usage: m.RUN_USAGE })),
  validate: async () => import('./validate.js').then((m) => ({ command: m.validateCommand, usage: m.VALIDATE_USAGE })),
  score: async () => import('./score.js').then((m) => ({ command: m.scoreCommand, usage: m.SCORE_USAGE })),
  regrade: async () => import('./regrade.js').then((m) => ({ command: m.regradeCommand, usage: m.REGRADE_USAGE })),
  compare: async () => import('./compare.js').then((m) => ({ command: m.compareCommand, usage: m.COMPARE_USAGE })),
  calibrate: async () => import('./calibrate.js').then((m) => ({ command: m.calibrateCommand, usage: m.CALIBRATE_USAGE })),
  merge: async () => import('./merge.js').then((m) => ({ command: m.mergeCommand, usage: m.MERGE_USAGE })),
  'judge-check': async () => import('./judgeCheck.js').then((m) => ({ command: m.judgeCheckCommand, usage: m.JUDGE_CHECK_USAGE })),
  export: async () => import('./export.js').then((m) => ({ command: m.exportCommand, usage: m.EXPORT_USAGE })),
  import: async () => import('./import.js').then((m) => ({ command: m.importCommand, usage: m.IMPORT_USAGE })),
  history: async () => import('./history.js').then((m) => ({ command: m.historyCommand, usage: m.HISTORY_USAGE })),
};

/** The help text; it loads every command's module for its usage line, which only help needs. */
export async function helpText(): Promise<string> {
  const lines = await Promise.all(Object.entries(COMMAND_HELP).map(async ([name, help]) => `  ${(await COMMANDS[name]!()).usage}\n      ${help.summary}\n`));
  return `recall-gate ${TOOL_VERSION}: test an AI agent's long-term memory

usage:
${lines.join('')}
recall-gate <command> --help (or -h) shows a command's arguments, options and their defaults.
exit status: 0 done, 1 gate failed, 2 invalid input, 3 could not complete
`;
}

/** The one place errors become messages and exit statuses. */
export async function main(argv: string[], unscrubbed: CliIO): Promise<number> {
  // Before anything can print: a server may echo a key from the environment in any message.
  registerEnvironmentSecrets(unscrubbed.env);
  const io = scrubbedIO(unscrubbed);
  // `help run` is `run --help`.
  const [command, ...rest] = argv[0] === 'help' && argv[1] !== undefined && Object.hasOwn(COMMANDS, argv[1]) ? [argv[1], '--help'] : argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    io.stdout(await helpText());
    return command === undefined ? ExitCode.invalidInput : ExitCode.ok;
  }
  if (command === '--version' || command === '-v') {
    io.stdout(`${TOOL_VERSION}\n`);
    return ExitCode.ok;
  }
  const load = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!load) {
    const near = closest(command, Object.keys(COMMANDS));
    io.stderr(`recall-gate: unknown command "${command}"${near === undefined ? '' : ` (did you mean "${near}"?)`}\n\n${await helpText()}`);
    return ExitCode.invalidInput;
  }
  try {
    return await (await load()).command(rest, io);
  } catch (error) {
    if (error instanceof HelpRequested) {
      io.stdout(error.text);
      return ExitCode.ok;
    }
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
