/** What `recall-gate calibrate` found: how often the suite's gate fails a run against a redraw of itself (gate/calibrate.ts). */

/** One rule of a gate condition: its op/value, or one bound decided by the point estimate or by the interval. */
export interface CalibrationRule {
  /** ">= 0.7", "drop <= 0.05 (point)", "drop <= 0.05 (interval)". */
  rule: string;
  /** This is the rule the condition decides by (an op/value always is; a bound by its decide, point by default). */
  decides: boolean;
  /** Draws where the rule failed, of the draws where it could be evaluated. */
  failed: number;
  evaluated: number;
}

export interface CalibrationRow {
  path: string;
  metric: string;
  threshold: string;
  /** Draws where the condition, as the gate decides it, failed (missing draws included: the gate fails those too). */
  failed: number;
  /** Draws where the metric was not there to evaluate (a tag no drawn query has), or the condition was waived. */
  missing: number;
  waived: number;
  rules: CalibrationRule[];
}

export interface GateCalibration {
  draws: number;
  seed: number;
  /**
   * What each draw redraws, whole: the run's queries and the units they are drawn in (queries, users or query groups:
   * retrieval.interval_unit), its cases and the histories they are drawn in (cases planted from one history together).
   */
  units: { queries: number; query_unit: 'query' | 'user' | 'group'; query_units: number; cases: number; histories: number };
  /** Draws where the whole gate failed. */
  gate_failed: number;
  rows: CalibrationRow[];
  /** The split the gate decides on (gate.split), when it names one. */
  split?: string;
  /** What the check left out or could not do (cases the suite no longer has, conditions compared with a variant). */
  notes: string[];
}
