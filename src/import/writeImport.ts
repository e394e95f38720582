import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readFileSync, renameSync, rmSync, type WriteStream } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { once } from 'node:events';
import { stringify } from 'yaml';
import { RecallGateError, fileSystemError } from '../errors.js';
import { ImportTally, type ImportReport } from './importReport.js';
import { replaceFile } from '../outputFile.js';
import type { ImportFlags, ImportFormat } from './types.js';

/** The files an import writes into its folder; no other module spells them. */
export const IMPORT_FILES = {
  suite: 'suite.yaml',
  memories: 'memories.jsonl',
  queries: 'queries.jsonl',
  cases: 'cases.yaml',
  report: 'import-report.json',
} as const;

export interface ImportOptions {
  format: string;
  spec: ImportFormat;
  source: string;
  displaySource: string;
  out: string;
  flags: ImportFlags;
  /** The running CLI's file: the example adapter is looked for in the clone around it. */
  cliPath?: string;
}

/**
 * A file written row by row to NAME.tmp and renamed into place only when the
 * import succeeds, so a failed import leaves no half file. Opened on the first
 * row: a format that writes no cases leaves no cases.yaml.
 */
class RowFile {
  private stream?: WriteStream;
  rows = 0;

  constructor(
    readonly path: string,
    private readonly head = '',
  ) {}

  async write(text: string): Promise<void> {
    if (!this.stream) {
      // A new file (O_EXCL), a link left at its name removed first: an import never writes through a link in --out.
      rmSync(`${this.path}.tmp`, { force: true });
      this.stream = createWriteStream(`${this.path}.tmp`, { encoding: 'utf8', flags: 'wx' });
      await once(this.stream, 'open');
      if (this.head) await this.write(this.head);
    }
    if (!this.stream.write(text)) await once(this.stream, 'drain');
  }

  /** Closes the file; renames it into place when `keep` (a link at the path is replaced, not followed), else removes it. */
  async close(keep: boolean): Promise<void> {
    if (!this.stream) return;
    this.stream.end();
    await once(this.stream, 'finish');
    if (keep) renameSync(`${this.path}.tmp`, this.path);
    else rmSync(`${this.path}.tmp`, { force: true });
  }

  abort(): void {
    // Writes still queued fail once the stream is destroyed; the file is being thrown away.
    this.stream?.on('error', () => {});
    this.stream?.destroy();
    rmSync(`${this.path}.tmp`, { force: true });
  }
}

/**
 * Streams the source through the format into the folder: memories.jsonl and
 * queries.jsonl (a retrieval layer, written when the format gave both
 * memories and queries), cases.yaml (an e2e layer, when it gave cases), then
 * suite.yaml around them and import-report.json. Rows go to disk as they come,
 * so the importer holds at most what it needs to build one record (a
 * conversation, an instance). When nothing was kept, no file is written; the
 * caller says so.
 */
export async function writeImport(options: ImportOptions): Promise<ImportReport> {
  const { spec, source, out, flags } = options;
  const tally = new ImportTally(options.format, options.displaySource, flags);
  const report = tally.report;
  const memories = new RowFile(join(out, IMPORT_FILES.memories));
  const queries = new RowFile(join(out, IMPORT_FILES.queries));
  const cases = new RowFile(join(out, IMPORT_FILES.cases), `${comment([`Cases imported by \`recall-gate import ${options.format}\` from ${options.displaySource}.`, ...(spec.caseNotes ?? [])])}\n`);
  const files = [memories, queries, cases];
  const jsonLine = (row: object) => `${JSON.stringify(row)}\n`;
  try {
    await spec.read(
      source,
      {
        addCase: async (spec) => {
          report.kept.cases += 1;
          await cases.write(`${stringify([spec], { lineWidth: 0 })}\n`);
        },
        addMemory: async (memory) => {
          report.kept.memories += 1;
          await memories.write(jsonLine(memory));
        },
        addQuery: async (query) => {
          report.kept.queries += 1;
          await queries.write(jsonLine(query));
        },
        read: (kind, count) => tally.read(kind, count),
        skip: (record, reason, detail) => tally.skip(record, reason, detail),
        repair: (record, how, detail) => tally.repair(record, how, detail),
      },
      flags,
    );
    const retrieval = report.kept.memories > 0 && report.kept.queries > 0;
    await memories.close(retrieval);
    await queries.close(retrieval);
    await cases.close(report.kept.cases > 0);
    if (!retrieval) report.kept.memories = report.kept.queries = 0;
  } catch (error) {
    for (const file of files) file.abort();
    if (error instanceof RecallGateError) throw error;
    throw fileSystemError(error, `import ${options.displaySource} into ${out}`);
  }
  const { memories: memoryRows, cases: caseRows } = report.kept;
  if (memoryRows === 0 && caseRows === 0) return report;

  report.sha256 = await sha256(source);
  report.files = [IMPORT_FILES.suite, ...(memoryRows > 0 ? [IMPORT_FILES.memories, IMPORT_FILES.queries] : []), ...(caseRows > 0 ? [IMPORT_FILES.cases] : []), IMPORT_FILES.report];
  // Replaced in one step: with --force a link at either name is replaced, never written through to what it names.
  replaceFile(join(out, IMPORT_FILES.suite), suiteText(options, report));
  replaceFile(join(out, IMPORT_FILES.report), `${JSON.stringify(report, null, 2)}\n`);
  return report;
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
function suiteText(options: ImportOptions, report: ImportReport): string {
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
      `  memories: ${IMPORT_FILES.memories}`,
      `  queries: ${IMPORT_FILES.queries}`,
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
      `  cases: ${IMPORT_FILES.cases}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The recall-gate clone this CLI runs from, if it is one with the example adapter. */
function recallGateClone(cliPath: string): string | undefined {
  for (let dir = dirname(resolve(cliPath)); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(join(dir, 'examples', 'adapter', 'agent.mjs')) && existsSync(manifest) && readFileSync(manifest, 'utf8').includes('"name": "recall-gate"')) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}
