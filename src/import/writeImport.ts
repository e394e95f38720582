import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readFileSync, readdirSync, renameSync, rmSync, type WriteStream } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { once } from 'node:events';
import { RecallGateError, fileSystemError } from '../errors.js';
import { yamlLibrary } from '../libraries.js';
import { ImportTally, type ImportReport } from './importReport.js';
import { replaceFile } from '../outputFile.js';
import type { ImportFlags, ImportFormat } from './types.js';

/** The files an import writes into its folder; no other module spells them. A row file too large for one part is NAME-1.EXT, NAME-2.EXT, ... (rowFileName). */
export const IMPORT_FILES = {
  suite: 'suite.yaml',
  memories: 'memories.jsonl',
  queries: 'queries.jsonl',
  cases: 'cases.yaml',
  histories: 'histories.yaml',
  report: 'import-report.json',
} as const;

/**
 * The most one part of a row file holds, by default: well under the 256 MiB
 * recall-gate reads from one file (MAX_INPUT_BYTES), so a LongMemEval_M-sized
 * import is a suite validate and run can read.
 */
export const IMPORT_PART_BYTES = 128 * 1024 * 1024;

export interface ImportOptions {
  format: string;
  spec: ImportFormat;
  source: string;
  displaySource: string;
  out: string;
  flags: ImportFlags;
  /** The running CLI's file: the example adapter is looked for in the clone around it. */
  cliPath?: string;
  /** The most bytes one part of a row file holds (IMPORT_PART_BYTES); a row larger than it is a part of its own. */
  partBytes?: number;
}

/** `memories.jsonl` -> `memories-2.jsonl`: the name of part `part` of a row file written in several. */
function rowFileName(name: string, part?: number): string {
  if (part === undefined) return name;
  const dot = name.lastIndexOf('.');
  return `${name.slice(0, dot)}-${part}${name.slice(dot)}`;
}

/** Whether `file` is one of the names a row file may have (whole or a part), for clearing what an earlier import left. */
function isRowFileName(name: string, file: string): boolean {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = [`${name.slice(0, dot)}-`, name.slice(dot)];
  return file === name || (file.startsWith(stem) && file.endsWith(ext) && /^\d+$/.test(file.slice(stem.length, file.length - ext.length)));
}

/**
 * A file written row by row to temporary files and renamed into place only
 * when the import succeeds, so a failed import leaves no half file. Opened on
 * the first row: a format that writes no cases leaves no cases.yaml. Rows go
 * to parts of at most `partBytes` (each with the head); one part is NAME, more
 * are NAME-1, NAME-2, ...
 */
class RowFile {
  private readonly parts: { path: string; stream: WriteStream; bytes: number }[] = [];

  constructor(
    private readonly dir: string,
    private readonly name: string,
    private readonly partBytes: number,
    private readonly head = '',
  ) {}

  async write(text: string): Promise<void> {
    const size = Buffer.byteLength(text);
    let part = this.parts.at(-1);
    const headBytes = Buffer.byteLength(this.head);
    if (!part || (part.bytes > headBytes && part.bytes + size > this.partBytes)) part = await this.open();
    part.bytes += size;
    if (!part.stream.write(text)) await once(part.stream, 'drain');
  }

  private async open(): Promise<RowFile['parts'][number]> {
    const path = join(this.dir, `${rowFileName(this.name, this.parts.length + 1)}.tmp`);
    // A new file (O_EXCL), a link left at its name removed first: an import never writes through a link in --out.
    rmSync(path, { force: true });
    const stream = createWriteStream(path, { encoding: 'utf8', flags: 'wx' });
    const part = { path, stream, bytes: 0 };
    this.parts.push(part);
    await once(stream, 'open');
    if (this.head) {
      part.bytes += Buffer.byteLength(this.head);
      if (!stream.write(this.head)) await once(stream, 'drain');
    }
    return part;
  }

  /** Ends every part; they stay temporary until place() or abort(). */
  async finish(): Promise<void> {
    for (const { stream } of this.parts) {
      stream.end();
      await once(stream, 'finish');
    }
  }

  /** The names the parts take in the folder: NAME alone, or NAME-1, NAME-2, ...; none when no row came. */
  get names(): string[] {
    return this.parts.length === 1 ? [this.name] : this.parts.map((_, index) => rowFileName(this.name, index + 1));
  }

  /** Renames the finished parts into place. */
  place(): void {
    const names = this.names;
    this.parts.forEach((part, index) => renameSync(part.path, join(this.dir, names[index]!)));
  }

  abort(): void {
    for (const { stream, path } of this.parts) {
      // Writes still queued fail once the stream is destroyed; the file is being thrown away.
      stream.on('error', () => {});
      stream.destroy();
      rmSync(path, { force: true });
    }
    // Thrown away: nothing to name or place.
    this.parts.length = 0;
  }
}

/**
 * Streams the source through the format into the folder: memories.jsonl and
 * queries.jsonl (a retrieval layer, written when the format gave both
 * memories and queries and at least one query has a relevant memory), cases.yaml
 * (an e2e layer, when it gave cases), then import-report.json and suite.yaml
 * around them. Rows go to disk as they come, so the importer holds at most
 * what it needs to build one record (a conversation, an instance); a row file
 * past `partBytes` is written in parts the suite lists. When nothing usable
 * was kept, no file is written; the caller says so. suite.yaml is removed
 * first and written last, so a folder with one is a whole import.
 */
export async function writeImport(options: ImportOptions): Promise<ImportReport> {
  const { spec, source, out, flags } = options;
  const partBytes = options.partBytes ?? IMPORT_PART_BYTES;
  const tally = new ImportTally(options.format, options.displaySource, flags);
  const report = tally.report;
  const memories = new RowFile(out, IMPORT_FILES.memories, partBytes);
  const queries = new RowFile(out, IMPORT_FILES.queries, partBytes);
  const cases = new RowFile(out, IMPORT_FILES.cases, partBytes, `${comment([`Cases imported by \`recall-gate import ${options.format}\` from ${options.displaySource}.`, ...(spec.caseNotes ?? [])])}\n`);
  const histories = new RowFile(out, IMPORT_FILES.histories, partBytes, `${comment([`Histories imported by \`recall-gate import ${options.format}\` from ${options.displaySource}: each is played once, then the cases that name it are asked.`])}\n`);
  const files = [memories, queries, cases, histories];
  const jsonLine = (row: object) => `${JSON.stringify(row)}\n`;
  const { stringify } = yamlLibrary();
  let scored = 0;
  let written: { memories: string[]; queries: string[]; cases: string[]; histories: string[] };
  try {
    await spec.read(
      source,
      {
        addCase: async (spec) => {
          report.kept.cases += 1;
          await cases.write(`${stringify([spec], { lineWidth: 0 })}\n`);
        },
        addHistory: async (history) => {
          report.kept.histories = (report.kept.histories ?? 0) + 1;
          await histories.write(`${stringify([history], { lineWidth: 0 })}\n`);
        },
        addMemory: async (memory) => {
          report.kept.memories += 1;
          await memories.write(jsonLine(memory));
        },
        addQuery: async (query) => {
          report.kept.queries += 1;
          if (query.relevant.length > 0) scored += 1;
          await queries.write(jsonLine(query));
        },
        read: (kind, count) => tally.read(kind, count),
        skip: (record, reason, detail) => tally.skip(record, reason, detail),
        repair: (record, how, detail) => tally.repair(record, how, detail),
      },
      flags,
    );
    for (const file of files) await file.finish();
    // A retrieval layer whose every query has relevant: [] scores nothing, and the suite would not validate.
    if (report.kept.queries > 0 && scored === 0) report.retrieval_left_out = `none of the ${report.kept.queries} queries kept has a relevant memory (each has relevant: []), so there is nothing to score`;
    const retrieval = report.kept.memories > 0 && report.kept.queries > 0 && scored > 0;
    if (!retrieval) {
      memories.abort();
      queries.abort();
      report.kept.memories = report.kept.queries = 0;
    }
    if (report.kept.cases === 0) {
      // Histories are for cases: without any they are not written.
      histories.abort();
      delete report.kept.histories;
    }
    if (report.kept.memories === 0 && report.kept.cases === 0) {
      cases.abort();
      return report;
    }
    written = { memories: retrieval ? memories.names : [], queries: retrieval ? queries.names : [], cases: cases.names, histories: histories.names };
    // From here the folder is being replaced: without suite.yaml it claims no suite until the new one is written.
    rmSync(join(out, IMPORT_FILES.suite), { force: true });
    for (const file of files) file.place();
  } catch (error) {
    for (const file of files) file.abort();
    if (error instanceof RecallGateError) throw error;
    throw fileSystemError(error, `import ${options.displaySource} into ${out}`);
  }
  removeLeftovers(out, [...written.memories, ...written.queries, ...written.cases, ...written.histories]);

  report.sha256 = await sha256(source);
  report.files = [IMPORT_FILES.suite, ...written.memories, ...written.queries, ...written.histories, ...written.cases, IMPORT_FILES.report];
  replaceFile(join(out, IMPORT_FILES.report), `${JSON.stringify(report, null, 2)}\n`);
  replaceFile(join(out, IMPORT_FILES.suite), suiteText(options, report, written));
  return report;
}

/** Row files an earlier import (--force) left that this one did not write: a suite.yaml never names them, and they would mislead. */
function removeLeftovers(out: string, written: readonly string[]): void {
  const names = [IMPORT_FILES.memories, IMPORT_FILES.queries, IMPORT_FILES.cases, IMPORT_FILES.histories];
  try {
    for (const file of readdirSync(out)) {
      // A part this import did not write, or a temporary file a cut-off import left (never followed: rm removes a link itself).
      const leftover = !written.includes(file) && names.some((name) => isRowFileName(name, file) || isRowFileName(name, file.replace(/\.tmp$/, '')));
      if (leftover) rmSync(join(out, file), { force: true });
    }
  } catch (error) {
    throw fileSystemError(error, `clear the earlier import's files from ${out}`);
  }
}


function comment(lines: string[]): string {
  return lines.map((line) => `# ${line}`.trimEnd()).join('\n');
}

async function sha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The flags that shaped the rows, as the header states them (only those the format takes). */
function flagText(spec: ImportFormat, flags: ImportFlags): string {
  const parts = spec.flags.map((name) => (name === 'unit' ? `--unit ${flags.unit}` : flags[name] ? `--${name}` : undefined)).filter((part) => part !== undefined);
  return parts.length > 0 ? ` with ${parts.join(' ')}` : '';
}

/**
 * The suite around the imported rows: a retrieval layer over memories.jsonl
 * and queries.jsonl searched by BM25 and an n-gram vector index (both offline,
 * no key), and an e2e layer over cases.yaml. The e2e target is recall-gate's
 * example adapter when this CLI runs from a clone that has it (so the import
 * runs at once against the toy agent), else a command for the user to point
 * at their own adapter; either way the header says to replace it.
 */
function suiteText(options: ImportOptions, report: ImportReport, written: { memories: string[]; queries: string[]; cases: string[]; histories: string[] }): string {
  const { spec } = options;
  const retrieval = report.kept.memories > 0;
  const e2e = report.kept.cases > 0;
  const clone = e2e && options.cliPath ? recallGateClone(options.cliPath) : undefined;
  const adapter = clone && join(clone, 'examples', 'adapter', 'agent.mjs');
  // Relative inside the clone, so the folder moves with it; absolute from elsewhere.
  const inside = clone !== undefined && !relative(clone, options.out).startsWith('..');
  const command = !adapter ? 'my-adapter.mjs' : inside ? relative(options.out, adapter).split(sep).join('/') : adapter;
  const name = basename(options.out).replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '') || 'imported';
  const kept = Object.entries(report.kept).filter(([, count]) => count > 0).map(([kind, count]) => `${count} ${kind}`);
  const header = [
    `Imported by \`recall-gate import ${options.format}\`${flagText(spec, options.flags)} from ${options.displaySource} (sha256 ${report.sha256}):`,
    `kept ${kept.join(', ')}; ${report.repaired.total} repaired, ${report.skipped.total} skipped (each is listed in ${IMPORT_FILES.report}).`,
    ...(retrieval && spec.retrievalNotes ? spec.retrievalNotes(options.flags) : []),
    ...(e2e
      ? [
          adapter
            ? 'The e2e target is recall-gate\'s example adapter (a toy agent): replace it with your agent\'s adapter.'
            : 'Point the e2e target at your agent\'s adapter (the protocol: examples/adapter/README.md in recall-gate).',
        ]
      : []),
    `Run: recall-gate run suite.yaml${e2e && !retrieval ? ' --layer e2e' : ''}`,
  ];
  const lines = [comment(header), `name: ${name}`, `description: ${JSON.stringify(`Imported from ${basename(options.displaySource)} (${options.format})`)}`];
  if (retrieval) {
    lines.push(
      'retrieval:',
      '  k: [1, 5, 10]',
      // Turn-level memories carry their session as group: score sessions too, as the benchmarks' tables do.
      ...(options.flags.unit === 'turn' ? ['  group_metrics: true'] : []),
      '  providers:',
      '    - { name: keyword, kind: keyword }',
      '    - { name: ngram-vector, kind: vector, embedding: { kind: ngram, dimensions: 1024 } }',
      ...(spec.retrievalProviders ?? []).map((provider) => `    - ${provider}`),
      ...fileList('  ', 'memories', written.memories),
      ...fileList('  ', 'queries', written.queries),
    );
  }
  if (e2e) {
    lines.push(
      'e2e:',
      '  target:',
      '    kind: command',
      `    command: [node, ${JSON.stringify(command)}, --stdio]`,
      '  repeat: 3',
      `  conditions: [${(spec.conditions ?? ['recall']).join(', ')}]`,
      ...(spec.judgeModel ? ['  judge:', `    model: ${spec.judgeModel}`] : []),
      ...(written.histories.length > 0 ? fileList('  ', 'histories', written.histories) : []),
      ...fileList('  ', 'cases', written.cases),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** `key: file`, or, for a file written in parts, `key:` and one `- { file: part }` a line. */
function fileList(indent: string, key: string, files: readonly string[]): string[] {
  if (files.length === 1) return [`${indent}${key}: ${files[0]}`];
  return [`${indent}${key}:`, ...files.map((file) => `${indent}  - { file: ${file} }`)];
}

/** The recall-gate clone this CLI runs from, if it is one with the example adapter. */
function recallGateClone(cliPath: string): string | undefined {
  for (let dir = dirname(resolve(cliPath)); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(join(dir, 'examples', 'adapter', 'agent.mjs')) && existsSync(manifest) && readFileSync(manifest, 'utf8').includes('"name": "recall-gate"')) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}
