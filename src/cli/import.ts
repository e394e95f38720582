import { mkdirSync, readdirSync, rmdirSync, statSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { ExitCode, RecallGateError, fileSystemError } from '../errors.js';
import { IMPORT_FORMATS } from '../import/formats.js';
import { writeImport } from '../import/writeImport.js';
import { didYouMean } from '../suite/didYouMean.js';
import { parseCommandArgs } from './args.js';
import type { CliIO } from './io.js';

export const IMPORT_USAGE = `recall-gate import <${Object.keys(IMPORT_FORMATS).join('|')}> <file> --out DIR [--force]`;

/**
 * Turns a dataset file into a suite folder (DIR/cases.yaml, DIR/suite.yaml).
 * Every record that cannot be a case is reported as file:line with the reason;
 * exit 0 when at least one case was imported, 2 when none could be.
 */
export async function importCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { out: { type: 'string' }, force: { type: 'boolean' } }, IMPORT_USAGE);
  const [format, file, ...extra] = positionals;
  if (format === undefined || file === undefined || extra.length > 0 || !values.out) {
    throw new RecallGateError('invalid-input', 'import needs a format, one file and --out', { hint: `usage: ${IMPORT_USAGE}` });
  }
  const spec = Object.hasOwn(IMPORT_FORMATS, format) ? IMPORT_FORMATS[format] : undefined;
  if (!spec) {
    const formats = Object.entries(IMPORT_FORMATS).map(([name, entry]) => `${name}: ${entry.summary}`);
    throw new RecallGateError('invalid-input', `unknown import format "${format}"`, { hint: didYouMean(format, Object.keys(IMPORT_FORMATS)) ?? `formats: ${formats.join('; ')}` });
  }
  const source = resolve(io.cwd, file);
  const stat = statOrUndefined(source);
  if (!stat?.isFile()) throw new RecallGateError('invalid-input', `cannot read ${file}: ${stat ? 'not a regular file' : 'no such file'}`, { hint: 'give the path of the dataset file' });

  const out = resolve(io.cwd, values.out as string);
  const created = prepareOut(out, values.out as string, values.force === true);
  const outcome = await writeImport({ format, spec, source, displaySource: file, out, cliPath: process.argv[1] });

  for (const { line, reason } of outcome.skipped) io.stderr(`${file}:${line}: skipped: ${reason}\n`);
  const rows = outcome.imported + outcome.skipped.length;
  const counts = `${rows} row${rows === 1 ? '' : 's'}: ${outcome.imported} imported, ${outcome.skipped.length} skipped`;
  if (outcome.imported === 0) {
    if (created) removeEmptyDir(out);
    throw new RecallGateError('invalid-input', `nothing to import from ${file} (${counts})`, { hint: `each row must be ${spec.summary}` });
  }
  const shown = relative(io.cwd, out) || '.';
  io.stdout(`imported ${file} (${format}): ${counts}\nwrote ${shown}/cases.yaml and ${shown}/suite.yaml; run: recall-gate run ${shown}/suite.yaml --layer e2e\n`);
  return ExitCode.ok;
}

function statOrUndefined(path: string) {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/**
 * An --out that holds anything is refused unless --force: the import writes
 * cases.yaml and suite.yaml, and a folder in use may be someone's edited suite.
 * With --force those two files are replaced and nothing else is touched.
 * Returns whether the folder was created here.
 */
function prepareOut(out: string, shown: string, force: boolean): boolean {
  const stat = statOrUndefined(out);
  if (stat && !stat.isDirectory()) throw new RecallGateError('invalid-input', `--out ${shown} is a file, not a folder`, { hint: 'give a folder path' });
  if (stat) {
    if (readdirSync(out).length > 0 && !force) {
      throw new RecallGateError('invalid-input', `--out ${shown} already exists and is not empty`, { hint: 'choose a new folder, or add --force to replace its cases.yaml and suite.yaml' });
    }
    return false;
  }
  try {
    mkdirSync(out, { recursive: true });
  } catch (error) {
    throw fileSystemError(error, `create ${shown}`);
  }
  return true;
}

function removeEmptyDir(path: string): void {
  try {
    if (readdirSync(path).length === 0) rmdirSync(path);
  } catch {
    // Best effort: an empty folder left behind claims nothing.
  }
}
