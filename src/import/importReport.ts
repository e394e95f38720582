import { counted } from '../text/counted.js';
import { RecallGateError } from '../errors.js';
import type { ImportFlags } from './types.js';

/** One repaired or skipped record: the dataset's ids, the kind (counted), and the particulars. */
export interface ImportNote {
  record: string;
  kind: string;
  detail?: string;
}

/** The kinds an import counts, by their singular: "1 conversation", not "1 conversations". */
const ONE: Record<string, string> = {
  rows: 'row',
  sessions: 'session',
  turns: 'turn',
  'turns with an image': 'turn with an image',
  'qa items': 'qa item',
  conversations: 'conversation',
  instances: 'instance',
  memories: 'memory',
  queries: 'query',
  cases: 'case',
  histories: 'history',
};

function countOf(kind: string, count: number): string {
  return counted(count, ONE[kind] ?? kind, kind);
}

/** What an import read, kept, repaired and skipped: printed, and written as DIR/import-report.json. */
export interface ImportReport {
  format: string;
  source: string;
  sha256?: string;
  flags: ImportFlags;
  /** Records read from the source, by kind (conversation, turn, qa, line...). */
  read: Record<string, number>;
  /** Rows written. */
  kept: { memories: number; queries: number; cases: number; /** Named histories the cases are asked after (only when some were written). */ histories?: number };
  repaired: { total: number; by_kind: Record<string, number>; records: ImportNote[] };
  skipped: { total: number; by_kind: Record<string, number>; records: ImportNote[] };
  /** Files written into the folder. */
  files: string[];
  /** Why the retrieval rows were not written although memories and queries were kept (no query has a relevant memory). */
  retrieval_left_out?: string;
}

/** The figures of an import as it goes; the sink's skip/repair/read land here. */
export class ImportTally {
  readonly report: ImportReport;

  constructor(format: string, source: string, flags: ImportFlags) {
    this.report = {
      format,
      source,
      flags,
      read: {},
      kept: { memories: 0, queries: 0, cases: 0 },
      repaired: { total: 0, by_kind: {}, records: [] },
      skipped: { total: 0, by_kind: {}, records: [] },
      files: [],
    };
  }

  read(kind: string, count = 1): void {
    this.report.read[kind] = (this.report.read[kind] ?? 0) + count;
  }

  skip(record: string, kind: string, detail?: string): void {
    note(this.report.skipped, { record, kind, ...(detail === undefined ? {} : { detail }) });
  }

  repair(record: string, kind: string, detail?: string): void {
    if (this.report.flags.strict) {
      throw new RecallGateError('invalid-input', `${this.report.source}:${record}: ${kind}${detail === undefined ? '' : ` (${detail})`}`, {
        hint: 'refused under --strict, which takes the file only as it is; drop --strict to repair such records and count them in the import report',
      });
    }
    note(this.report.repaired, { record, kind, ...(detail === undefined ? {} : { detail }) });
  }
}

function note(list: ImportReport['repaired'], entry: ImportNote): void {
  list.total += 1;
  list.by_kind[entry.kind] = (list.by_kind[entry.kind] ?? 0) + 1;
  list.records.push(entry);
}

/** Records listed per kind in the terminal; import-report.json has them all. */
export const SHOWN_PER_KIND = 20;

/**
 * The report for the terminal: each repaired and skipped record as
 * `FILE:RECORD: repaired|skipped: kind (detail)` (up to SHOWN_PER_KIND of a
 * kind), for stderr, and the summary of counts, for stdout.
 */
export function renderImportReport(report: ImportReport): { records: string; summary: string } {
  const records: string[] = [];
  for (const [verb, list] of [['repaired', report.repaired], ['skipped', report.skipped]] as const) {
    const shown = new Map<string, number>();
    for (const entry of list.records) {
      const count = (shown.get(entry.kind) ?? 0) + 1;
      shown.set(entry.kind, count);
      if (count <= SHOWN_PER_KIND) records.push(`${report.source}:${entry.record}: ${verb}: ${entry.kind}${entry.detail === undefined ? '' : ` (${entry.detail})`}`);
    }
    for (const [kind, count] of shown) {
      if (count > SHOWN_PER_KIND) records.push(`${report.source}: ${verb}: ${count - SHOWN_PER_KIND} more "${kind}" (all are in import-report.json)`);
    }
  }
  const read = Object.entries(report.read).map(([kind, count]) => countOf(kind, count));
  const kept = Object.entries(report.kept).filter(([, count]) => count > 0).map(([kind, count]) => countOf(kind, count));
  const byKind = (counts: Record<string, number>) => Object.entries(counts).map(([kind, count]) => `  ${count} ${kind}`);
  const summary = [
    `read: ${read.join(', ') || 'nothing'}`,
    `kept: ${kept.join(', ') || 'nothing'}`,
    `repaired: ${report.repaired.total}`,
    ...byKind(report.repaired.by_kind),
    `skipped: ${report.skipped.total}`,
    ...byKind(report.skipped.by_kind),
  ];
  return { records: records.map((line) => `${line}\n`).join(''), summary: summary.map((line) => `${line}\n`).join('') };
}
