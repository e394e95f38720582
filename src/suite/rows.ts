import type { DataPath } from '../source/sourceFile.js';
import type { SourceLocation } from '../model/source.js';
import type { Split } from '../model/split.js';

/** A list of rows and where each row was written. */
export interface Rows {
  rows: Record<string, unknown>[];
  locate: (index: number, subpath?: DataPath, keyOf?: string) => SourceLocation;
  /** The split the row's file sets for all its rows ({file, split}), and where it says so. */
  fileSplit: (index: number) => { split: Split; where: SourceLocation } | undefined;
  /** The row parsed again from its file, when its file can give it back (JSONL); else undefined. */
  reread: (index: number) => unknown;
}
