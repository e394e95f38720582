import type { MemorySpec } from '../model/suite.js';

/**
 * What an importer produces, handed over one record at a time so a large
 * dataset never has to sit in memory: e2e cases in the suite's own YAML shape
 * (what a person would write in cases.yaml), retrieval memories and queries
 * (rows of memories.jsonl / queries.jsonl), and every record it repaired or
 * could not use, named by the dataset's own ids.
 */
export interface ImportedCase {
  name: string;
  ability: string;
  sessions: ImportedSession[];
  probe: { text: string; date?: string };
  check?: unknown;
  graders?: Record<string, unknown>;
  evidence?: string[];
  needs_memory?: boolean;
}

/** A case asked after a named history instead of sessions of its own. */
export interface ImportedHistoryCase extends Omit<ImportedCase, 'sessions'> {
  /** A history handed over before it (addHistory): played once for every case that names it. */
  history: string;
}

export interface ImportedSession {
  date?: string;
  turns: string[];
}

/** A row of histories.yaml: sessions several cases are asked after (e2e.histories). */
export interface ImportedHistory {
  name: string;
  sessions: ImportedSession[];
}

/** A row of memories.jsonl: a suite memory as the loader reads it. Ids are unique across the whole suite (prefix them with the user when the dataset's are not). */
export type ImportedMemory = Omit<MemorySpec, 'where'>;

/** A row of queries.jsonl. */
export interface ImportedQuery {
  id: string;
  text: string;
  user: string;
  /** Memory ids (non-empty: a record with none is skipped, not written). */
  relevant: string[];
  tags: string[];
  /** The dataset's reference answer, kept for reading and for e2e grading. */
  answer?: string;
  meta?: Record<string, unknown>;
}

/** How a dataset is cut into memories: one per turn of dialogue, or one per session. */
export type ImportUnit = 'turn' | 'session';

/** The options of `recall-gate import` a format reads; a format lists the ones it accepts in ImportFormat.flags. */
export interface ImportFlags {
  unit: ImportUnit;
  /** Image captions appended to the memory text (they are always kept in meta). */
  captions: boolean;
  /** Refuse (exit 2, naming the record) where the format would repair. The sink enforces it: formats just call repair(). */
  strict: boolean;
  /** Also write e2e cases (cases.yaml). */
  e2e: boolean;
}

export type ImportFlagName = keyof ImportFlags;

export const DEFAULT_IMPORT_FLAGS: ImportFlags = { unit: 'turn', captions: false, strict: false, e2e: false };

/** Where an importer hands its output; the command owns the files behind it. */
export interface ImportSink {
  addCase(spec: ImportedCase | ImportedHistoryCase): Promise<void>;
  /** A named history, handed over before the cases that name it. */
  addHistory(history: ImportedHistory): Promise<void>;
  addMemory(memory: ImportedMemory): Promise<void>;
  addQuery(query: ImportedQuery): Promise<void>;
  /** Counts one record read from the source, by kind ("conversation", "turn", "qa", "line"...): the report's "read" figures. */
  read(kind: string, count?: number): void;
  /**
   * A record left out, and why. `record` names it by the dataset's own ids
   * (or its line: letta passes the line number); it is printed after
   * "FILE:". `reason` is the kind the report counts by, so keep it the same
   * sentence for every record of that kind; `detail` holds the particulars.
   */
  skip(record: string, reason: string, detail?: string): void;
  /**
   * A record kept after repair, and how (`how` counted by kind like skip's
   * reason). Under --strict this throws an invalid-input error naming the
   * record instead, which ends the import with nothing written.
   */
  repair(record: string, how: string, detail?: string): void;
}

/** One dataset format `recall-gate import <format>` knows (see IMPORT_FORMATS). */
export interface ImportFormat {
  /** What the format's files are, for the usage text and the error when nothing could be imported. */
  summary: string;
  /** The options it accepts besides --out and --force; any other is an error naming the format. */
  flags: readonly ImportFlagName[];
  /** Reads the file as a stream, record by record. */
  read(path: string, sink: ImportSink, flags: ImportFlags): Promise<void>;
  /** Lines for the head of the generated cases.yaml: what a case of this format is and how it is graded (formats that write cases). */
  caseNotes?: string[];
  /** The conditions the generated e2e suite runs (a memory-state format needs only recall). */
  conditions?: string[];
  /** The e2e.judge model suite.yaml names, for a format whose cases are graded by a judge check. */
  judgeModel?: string;
  /** Lines for the head of suite.yaml about the retrieval rows: ids, users, tags (formats that write memories and queries). */
  retrievalNotes?: (flags: ImportFlags) => string[];
  /** Providers suite.yaml lists after the usual keyword and ngram-vector ones, as YAML flow maps (the benchmark's own retriever). */
  retrievalProviders?: string[];
}
