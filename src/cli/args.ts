import { parseArgs } from 'node:util';
import { RecallGateError } from '../errors.js';

export type OptionSpec = { type: 'string' | 'boolean'; default?: string | boolean; short?: string; multiple?: boolean };

/** parseArgs with our error type (an option with multiple: true reads as string[]: see listValue): an unknown flag is invalid input (exit 2) with the usage. */
export function parseCommandArgs(
  argv: string[],
  options: Record<string, OptionSpec>,
  usage: string,
): { values: Record<string, string | boolean | undefined>; positionals: string[] } {
  try {
    const parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    return { values: parsed.values as Record<string, string | boolean | undefined>, positionals: parsed.positionals };
  } catch (error) {
    throw new RecallGateError('invalid-input', (error as Error).message, { hint: `usage: ${usage}` });
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
