import { mkdirSync, readdirSync, rmdirSync, statSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { ExitCode, RecallGateError, fileSystemError } from '../errors.js';
import { IMPORT_FORMATS } from '../import/formats.js';
import { renderImportReport, type ImportReport } from '../import/importReport.js';
import { DEFAULT_IMPORT_FLAGS, type ImportFlagName, type ImportFlags, type ImportFormat, type ImportUnit } from '../import/types.js';
import { writeImport } from '../import/writeImport.js';
import { didYouMean } from '../source/didYouMean.js';
import { parseCommandArgs } from './args.js';
import type { CliIO } from './io.js';

export const IMPORT_USAGE = `recall-gate import <${Object.keys(IMPORT_FORMATS).join('|')}> <file> --out DIR [--unit turn|session] [--captions] [--strict] [--e2e] [--force]`;

const UNITS: readonly ImportUnit[] = ['turn', 'session'];

/**
 * Turns a dataset file into a suite folder (suite.yaml with memories.jsonl and
 * queries.jsonl and/or cases.yaml, and import-report.json). Every record
 * repaired or left out is printed as FILE:RECORD with the kind and
 * particulars, then the counts; exit 0 when anything was imported, 2 when
 * nothing could be, when what was kept would not make a suite that validates
 * (no query with a relevant memory, and no cases), or, under --strict, at the
 * first record that needs a repair.
 */
export async function importCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    argv,
    { out: { type: 'string' }, force: { type: 'boolean' }, unit: { type: 'string' }, captions: { type: 'boolean' }, strict: { type: 'boolean' }, e2e: { type: 'boolean' } },
    IMPORT_USAGE,
  );
  const [format, file, ...extra] = positionals;
  if (format === undefined || file === undefined || extra.length > 0 || !values.out) {
    throw new RecallGateError('invalid-input', 'import needs a format, one file and --out', { hint: `usage: ${IMPORT_USAGE}` });
  }
  const spec = Object.hasOwn(IMPORT_FORMATS, format) ? IMPORT_FORMATS[format] : undefined;
  if (!spec) {
    const formats = Object.entries(IMPORT_FORMATS).map(([name, entry]) => `${name}: ${entry.summary}`);
    throw new RecallGateError('invalid-input', `unknown import format "${format}"`, { hint: didYouMean(format, Object.keys(IMPORT_FORMATS)) ?? `formats: ${formats.join('; ')}` });
  }
  const flags = importFlags(format, spec, values);
  const source = resolve(io.cwd, file);
  const stat = statOrUndefined(source);
  if (!stat?.isFile()) throw new RecallGateError('invalid-input', `cannot read ${file}: ${stat ? 'not a regular file' : 'no such file'}`, { hint: 'give the path of the dataset file' });

  const out = resolve(io.cwd, values.out as string);
  const created = prepareOut(out, values.out as string, values.force === true);
  let report: ImportReport;
  try {
    report = await writeImport({ format, spec, source, displaySource: file, out, flags, cliPath: process.argv[1] });
  } catch (error) {
    if (created) removeEmptyDir(out);
    throw error;
  }

  const { records, summary } = renderImportReport(report);
  io.stderr(records);
  const { memories, cases } = report.kept;
  if (memories === 0 && cases === 0) {
    if (created) removeEmptyDir(out);
    if (report.retrieval_left_out) {
      // The rows were there but would make a suite that does not validate: nothing is written, and the repairs above say why.
      throw new RecallGateError('invalid-input', `${file} gives no suite that validates: ${report.retrieval_left_out} (${oneLine(summary)})`, {
        hint: 'the repairs and skips listed above say what was dropped (evidence that names no session or turn, ...); check it is the right file, or fix the dataset',
      });
    }
    const nothing = spec.flags.includes('e2e') && !flags.e2e ? 'no memories and queries' : 'nothing';
    throw new RecallGateError('invalid-input', `${nothing} to import from ${file} (${oneLine(summary)})`, { hint: `the file must be ${spec.summary}` });
  }
  if (report.retrieval_left_out) io.stderr(`note: no retrieval layer written: ${report.retrieval_left_out}; the suite has the e2e cases only\n`);
  const shown = relative(io.cwd, out) || '.';
  const layer = memories === 0 ? ' --layer e2e' : '';
  io.stdout(`imported ${file} (${format}):\n${summary}wrote ${report.files.map((name) => `${shown}/${name}`).join(', ')}; run: recall-gate run ${shown}/suite.yaml${layer}\n`);
  return ExitCode.ok;
}

/** The flags given, checked against those the format takes: any other is an error naming the format. */
function importFlags(format: string, spec: ImportFormat, values: Record<string, string | boolean | undefined>): ImportFlags {
  const given = (Object.keys(DEFAULT_IMPORT_FLAGS) as ImportFlagName[]).filter((name) => values[name] !== undefined);
  const refused = given.filter((name) => !spec.flags.includes(name));
  if (refused.length > 0) {
    const takes = spec.flags.length > 0 ? `it takes ${spec.flags.map((name) => `--${name}`).join(', ')}` : 'it takes no options besides --out and --force';
    throw new RecallGateError('invalid-input', `import ${format} does not take ${refused.map((name) => `--${name}`).join(', ')}`, { hint: takes });
  }
  const unit = (values.unit as string | undefined) ?? DEFAULT_IMPORT_FLAGS.unit;
  if (!UNITS.includes(unit as ImportUnit)) throw new RecallGateError('invalid-input', `--unit must be ${UNITS.join(' or ')}, got "${unit}"`, { hint: `usage: ${IMPORT_USAGE}` });
  return { unit: unit as ImportUnit, captions: values.captions === true, strict: values.strict === true, e2e: values.e2e === true };
}

/** The summary's lines as one, for an error message. */
function oneLine(text: string): string {
  return text.trim().split('\n').map((line) => line.trim()).join('; ');
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
 * the suite's files, and a folder in use may be someone's edited suite.
 * With --force the files the import writes are replaced and nothing else is touched.
 * Returns whether the folder was created here.
 */
function prepareOut(out: string, shown: string, force: boolean): boolean {
  const stat = statOrUndefined(out);
  if (stat && !stat.isDirectory()) throw new RecallGateError('invalid-input', `--out ${shown} is a file, not a folder`, { hint: 'give a folder path' });
  if (stat) {
    if (readdirSync(out).length > 0 && !force) {
      throw new RecallGateError('invalid-input', `--out ${shown} already exists and is not empty`, { hint: 'choose a new folder, or add --force to replace the files an import writes' });
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
