import type { CheckSpec } from './checks.js';

/** A fact a memory grader looks for: a text, or alternatives of which one is enough (they count as one fact). */
export type MemoryFact = string | { any: string[] };

/** What the memory held after the planted sessions (the snapshot) must say, or must not, or how repetitive it may be. */
export interface MemoryGraderSpec {
  /** Facts that must be in memory: the score is the share found. */
  captures?: MemoryFact[];
  /** Facts that must not be (an obsolete value, another user's fact): with captures, each absent one counts as found. */
  not_captures?: MemoryFact[];
  /** Only entries of this memory block count. */
  label?: string;
  /** The share of entries that repeat another: the score, passing when at most `max`. Graded alone (not with captures). */
  redundancy?: { max: number };
}

/** Memory tool calls made during the planted sessions. */
export interface MemoryOpsGraderSpec {
  /** Score = turns with at least one listed op / turns. */
  per_turn?: true;
  /** Score = min(ops, expect) / expect: at least `expect` listed ops in all. */
  expect?: number;
  /** The tools that count (memory_insert, memory_replace, memory_delete, memory_rethink); all of them when absent. */
  tools?: string[];
}

export interface JudgeGraderSpec {
  /** The rubric's text (a file the suite named is read at load time). */
  rubric: string;
  /** The file the rubric was read from, as written in the suite. */
  rubric_file?: string;
  scale: [1, 5];
  /** answer (default): grade the probe's answer; memory: grade the snapshot entries with the planted conversation. */
  on: 'answer' | 'memory';
  model?: string;
}

/** A user's own grader: `export` of the ES module at `path`. */
export interface ScriptGraderSpec {
  path: string;
  /** As written in the suite (file#export), for messages. */
  shown: string;
  export: string;
  /** The grader's own environment variables, as written (`${VAR}` read when it runs); its process gets a command adapter's few inherited ones besides. */
  env?: Record<string, string>;
}

/** One named grader of a case, as loaded: exactly one kind, and the threshold its score is held to. */
export type GraderSpec = { min?: number } & (
  | { check: CheckSpec }
  | { memory: MemoryGraderSpec }
  | { memory_ops: MemoryOpsGraderSpec }
  | { judge: JudgeGraderSpec }
  | { script: ScriptGraderSpec }
);

export interface GraderOutcome {
  status: 'pass' | 'fail' | 'error' | 'skipped';
  /** In [0, 1], or on the judge's scale (then `scale` is set). Absent for error/skipped. */
  score?: number;
  scale?: [number, number];
  /** The threshold the score was held to (the grader's `min`), if any. */
  min?: number;
  reason: string;
  metadata?: Record<string, unknown>;
}
