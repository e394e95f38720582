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
