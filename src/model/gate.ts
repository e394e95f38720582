import type { Split, SplitChoice } from './split.js';

/**
 * What a change's shared, added and removed count when it is not its units' own (queries, cases): whole users or
 * query groups (retrieval.interval_unit), or histories where cases planted from one history resample together (a
 * lone case counting as one).
 */
export type CountedUnit = 'user' | 'group' | 'history';

/** The suite's composite gate, as written. */
export type GateNode = GateCondition | { all: GateNode[] } | { any: GateNode[] };

export type GateOp = 'gt' | 'gte' | 'lt' | 'lte' | 'eq';
export type Aggregation = 'mean' | 'min' | 'max' | 'median' | 'p95';
export type GateDecide = 'point' | 'interval';

export interface GateCondition {
  /** A key into results.json, e.g. retrieval.vector.recall@3, e2e.pass_rate, e2e.ability.isolation.pass^k. */
  metric: string;
  op?: GateOp;
  value?: number;
  /** Fails when the metric fell by more than this against the baseline (by the rule `decide` names). */
  max_drop?: number;
  /** Fails when the metric rose by more than this against the baseline (latency, cost). */
  max_rise?: number;
  /**
   * What decides max_drop/max_rise: `point` (default) the change of the point
   * estimates; `interval` the 95% interval of the change, which must lie wholly
   * beyond the bound to fail, so a change within resampling noise passes.
   */
  decide?: GateDecide;
  /** What max_drop/max_rise compare against: `variant:NAME`, that variant's run (run --variants); the run's baseline when absent. */
  baseline?: string;
  /** How per-query or per-trial values become one number; default: the metric's own (mean for rates). */
  aggregation?: Aggregation;
  /** Failing this fails the gate whatever any: around it says. */
  blocking?: boolean;
}

export interface GateSpec {
  root: GateNode;
  /** What a condition on a layer that did not run counts as: waived (default) or failed. */
  skipped_layers: 'waive' | 'fail';
  /** Which split's cases and queries decide (gate.split): all (default), dev or heldout. */
  split?: SplitChoice;
}

export type GateStatus = 'pass' | 'fail' | 'skipped' | 'not-evaluated';

/** One condition's outcome, for the verdict table. */
export interface GateRow {
  /** Nesting path, e.g. "all[4].any[0]", so a table can show the structure. */
  path: string;
  metric: string;
  aggregation?: Aggregation;
  /** e.g. ">= 0.9", "drop <= 0.05". */
  threshold: string;
  actual?: number;
  baseline?: number;
  delta?: number;
  /** 95% bootstrap interval of the change, resampling whole cases or queries (paired when the runs share them). */
  interval?: [number, number];
  /** How the two runs' units met in the interval: paired on the shared ones, or each run resampled alone. */
  pairing?: {
    paired: boolean;
    shared: number;
    added: number;
    removed: number;
    /** With units added or removed: the change's interval on the shared units alone (ChangeInterval.shared_interval). */
    shared_interval?: [number, number];
    /** What shared, added and removed count when it is not the metric's own unit (queries, cases). */
    unit?: CountedUnit;
  };
  /** Which rule decided a max_drop/max_rise: the point estimate or the interval. */
  decided_by?: GateDecide;
  /** The change is larger than resampling noise (stats/bootstrap.ts beyondNoise): its interval, drawn from more than one unit a side, excludes 0, and with units added or removed so does the shared units' own. */
  significant?: boolean;
  /**
   * max_drop/max_rise rows: the minimum detectable effect, the smallest change the row tells from noise
   * with 80% power at the 95% interval's level, from this run's units (stats/power.ts says how).
   */
  mde?: number;
  /** What the mde stands on, and what would bring it down to the bound when it is above it. */
  power?: GatePower;
  status: GateStatus;
  blocking: boolean;
  /** Why, when not a plain pass or fail (skipped layer, missing metric, no baseline). */
  note?: string;
}

/** How a max_drop/max_rise row's mde was found (stats/power.ts, gate/power.ts). */
export interface GatePower {
  /** The bootstrap standard error of this run's figure. */
  se: number;
  /** Resampling units the figure stands on: queries, users or query groups (retrieval.interval_unit); cases, or histories (cases planted from one plant_from history). */
  units: number;
  unit: 'queries' | 'users' | 'query groups' | 'cases' | 'histories';
  /** Trials per case, for a pass rate pooled over cases. */
  repeats?: number;
  /** The bound (the smaller of max_drop and max_rise) is below the mde: the row cannot tell a change of that size from noise. */
  underpowered: boolean;
  /** What brings the mde down to the bound: about this many units at the same repeats; or repeats of the same cases (null: more repeats alone cannot; absent: one repeat cannot tell). */
  needs?: { units: number; repeats?: number | null };
}

/** One all/any group's outcome; the root group has path "". */
export interface GateGroupRow {
  path: string;
  kind: 'all' | 'any';
  status: 'pass' | 'fail' | 'skipped';
}

export interface Verdict {
  status: 'pass' | 'fail';
  rows: GateRow[];
  /** Every all/any group, outermost first, so a report can show why an any passed. */
  groups?: GateGroupRow[];
  /** Blocking conditions that failed (they fail the gate on their own). */
  blockingFailures: string[];
  hasBaseline: boolean;
  /** The baseline is a run of another suite (compare or run --baseline with --allow-other-suite): every report says so beside the verdict. */
  baselineSuiteMismatch?: { baseline: string; current: string };
  /** The split that decided, when the gate names one (gate.split), with what it held. */
  split?: { name: Split; cases: number; queries: number };
}
