import { parseArgs } from 'node:util';
import { RecallGateError } from '../errors.js';
import { closest } from '../source/didYouMean.js';
import { commandHelpText } from './help.js';

export type OptionSpec = { type: 'string' | 'boolean'; default?: string | boolean; short?: string; multiple?: boolean };

/** `--help` or `-h` was given: the command's help, for main to print (exit 0) instead of running it. */
export class HelpRequested extends Error {
  constructor(readonly text: string) {
    super('help requested');
    this.name = 'HelpRequested';
  }
}

/** The command a usage line is of: "recall-gate run <suite.yaml> ..." -> "run". */
function commandOf(usage: string): string {
  return /^recall-gate (\S+)/.exec(usage)?.[1] ?? usage;
}

/** --help or -h anywhere before a "--" (after it, arguments are positionals). */
function asksForHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

/**
 * parseArgs with our error type (an option with multiple: true reads as
 * string[]: see listValue): an unknown flag is invalid input (exit 2),
 * with the closest option the command has; --help (or -h) asks for the
 * command's help, built from these very options (HelpRequested).
 */
export function parseCommandArgs(
  argv: string[],
  options: Record<string, OptionSpec>,
  usage: string,
): { values: Record<string, string | boolean | undefined>; positionals: string[] } {
  const command = commandOf(usage);
  if (asksForHelp(argv)) throw new HelpRequested(commandHelpText(command, usage, options));
  try {
    const parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    return { values: parsed.values as Record<string, string | boolean | undefined>, positionals: parsed.positionals };
  } catch (error) {
    const more = `usage: ${usage}; recall-gate ${command} --help lists its options`;
    const unknown = (error as NodeJS.ErrnoException).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /'(-[^']*)'/.exec((error as Error).message)?.[1] : undefined;
    if (unknown !== undefined) {
      const near = unknown.startsWith('--') ? closest(unknown.slice(2), Object.keys(options)) : undefined;
      throw new RecallGateError('invalid-input', `unknown option ${unknown}`, { hint: `${near === undefined ? '' : `did you mean --${near}? `}${more}` });
    }
    throw new RecallGateError('invalid-input', (error as Error).message, { hint: more });
  }
}

/** "1,3,5" -> [1, 3, 5], ascending and distinct. */
export function parseCutoffs(text: string): number[] {
  const values = text.split(',').map((part) => Number(part.trim()));
  if (values.length === 0 || values.some((value) => !Number.isInteger(value) || value < 1)) {
    throw new RecallGateError('invalid-input', `--k must be positive whole numbers separated by commas, got "${text}"`);
  }
  return [...new Set(values)].sort((a, b) => a - b);
}

/** The values of an option declared with multiple: true (parseArgs gives a list; the common value type leaves lists out). */
export function listValue(values: Record<string, unknown>, name: string): string[] {
  const value = values[name];
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];
}
