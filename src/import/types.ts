/**
 * What an importer produces: cases in the suite's own YAML shape (what a
 * person would write in cases.yaml), handed over one at a time so a large
 * dataset never has to sit in memory, and every record it could not use.
 */
export interface ImportedCase {
  name: string;
  ability: string;
  sessions: { date?: string; turns: string[] }[];
  probe: { text: string; date?: string };
  check?: unknown;
  graders?: Record<string, unknown>;
  evidence?: string[];
}

/** Where an importer hands its output; the command owns the files behind it. */
export interface ImportSink {
  addCase(spec: ImportedCase): Promise<void>;
  /** A record left out, at its 1-based line in the source, and why. */
  skip(line: number, reason: string): void;
}

/** One dataset format `recall-gate import <format>` knows (see IMPORT_FORMATS). */
export interface ImportFormat {
  /** What the format's files are, for the usage text. */
  summary: string;
  /** Reads the file as a stream, record by record. */
  read(path: string, sink: ImportSink): Promise<void>;
  /** Lines for the head of the generated cases.yaml: what a case of this format is and how it is graded. */
  caseNotes: string[];
  /** The conditions the generated suite runs (a memory-state format needs only recall). */
  conditions: string[];
}
