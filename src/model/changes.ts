/**
 * What changed against a baseline run, unit by unit: the queries that newly
 * miss or newly hit at each cut-off, and the case x condition units whose
 * trials went from pass to fail or back. results.json keeps it as `changes`
 * when the run had a baseline (run --baseline DIR, the Action's baseline);
 * `compare A B` prints it. Data only: gate/changes.ts computes it, report/
 * renders it. Every list is complete and ordered most important first
 * (reports cut it, saying "and N more").
 *
 * Only units present in both runs are compared: a narrowed run (--case,
 * --query, --sample, ...) or a baseline of another suite leaves the others
 * out and counts them (`left_out`).
 */
import type { Condition } from './e2e.js';
import type { FailureStage } from './trial.js';

export interface Changes {
  /** The run compared against. */
  baseline: BaselineRun;
  /** Present when both runs have retrieval results. */
  retrieval?: RetrievalChanges;
  /** Present when both runs have end-to-end results. */
  e2e?: E2eChanges;
}

/** Which run the baseline was, as its results.json says. */
export interface BaselineRun {
  /** The baseline's suite name (another suite's only with --allow-other-suite). */
  suite: string;
  /** Absent in results written before runs had ids. */
  run_id?: string;
  started_at: string;
  /** The commit the baseline tested, when its environment said. */
  commit?: { sha: string; ref?: string };
}

// ---- retrieval ----

export interface RetrievalChanges {
  /** The cut-offs compared: this run's k that the baseline searched deep enough to judge (k <= its depth), ascending. */
  k: number[];
  /** One entry per provider that completed (status ok) in both runs, in this run's order. */
  providers: ProviderChanges[];
  /** Providers not compared: in one run only, or not complete in either. */
  providers_left_out: string[];
}

/**
 * One provider's queries, paired by query id. A query hits at k when every
 * relevant memory is in the top k (recall@k = 1) and misses otherwise, as the
 * reports' missed-query lists and run --rerun-failed count it; a query with no
 * relevant memory can do neither and is not compared.
 */
export interface ProviderChanges {
  provider: string;
  /** Queries with a relevant memory in both runs: the pairs compared. */
  compared: number;
  /** Queries with a relevant memory in this run only, and in the baseline only: not compared. */
  left_out: { now_only: number; baseline_only: number };
  /** Per cut-off of RetrievalChanges.k, ascending: how many queries newly miss and newly hit there. */
  by_k: { k: number; newly_missed: number; newly_hit: number }[];
  /**
   * Hit in the baseline and missed now at one cut-off or more: the regressions,
   * biggest first (the largest fall in 1 / rank of the worst-ranked relevant
   * memory, a memory no longer returned counting as 0; then more cut-offs; then id).
   */
  newly_missed: QueryChange[];
  /** Missed in the baseline and hit now at one cut-off or more: the improvements, biggest rise first (as newly_missed). */
  newly_hit: QueryChange[];
}

/**
 * One query that flipped. It cannot newly miss at one cut-off and newly hit at
 * another: a hit at k is a hit at every larger k.
 */
export interface QueryChange {
  /** The query's id (the pairing key). */
  id: string;
  /** Its text as this run asked it. */
  text: string;
  /** The cut-offs at which it flipped, ascending. */
  at: number[];
  /** Each relevant memory of this run's query, in its order, with its rank in both runs. */
  ranks: MemoryRanks[];
}

export interface MemoryRanks {
  /** The memory's id. */
  memory: string;
  /** 1-based rank in the baseline's returned list; null when it was not returned (the list holds the top `depth`). */
  baseline: number | null;
  /** 1-based rank in this run's returned list; null when not returned. */
  now: number | null;
}

// ---- end to end ----

/**
 * Case x condition units, paired by case name and condition, compared by
 * their pass counts. Repeats of a unit are not paired with the baseline's:
 * repeat 2 of this run is no more the counterpart of the baseline's repeat 2
 * than of its repeat 1 (repeats are independent draws), so a unit changed
 * when its pass rate did (baseline 3/3 -> now 1/3), and with repeat 1 that is
 * the one trial that flipped pass -> fail or fail -> pass. Errored and
 * missing trials count as not passed, as the pass rates count them.
 */
export interface E2eChanges {
  /** Units run in both: the pairs compared. */
  compared: number;
  /** Units (case x condition) run in this run only, and in the baseline only: not compared. */
  left_out: { now_only: number; baseline_only: number };
  /** Units whose pass rate fell: the regressions, the biggest fall first (then the headline condition first, then case name). */
  pass_to_fail: CaseChange[];
  /** Units whose pass rate rose: the improvements, the biggest rise first (ordered as pass_to_fail). */
  fail_to_pass: CaseChange[];
}

export interface CaseChange {
  case: string;
  /** The case's ability in this run. */
  ability: string;
  condition: Condition;
  /** Passing trials of the unit's trials in the baseline (errors and missing trials count as not passed). */
  baseline: PassCount;
  /** Passing trials of the unit's trials now. */
  now: PassCount;
  /**
   * This run's recorded trials of the unit that did not pass, by repeat: for a
   * regression, the transcripts that show it (with repeat 1, the trial that
   * flipped); for an improvement, those still failing. Empty when this run's
   * trials.jsonl was not at hand.
   */
  not_passed: NotPassedTrial[];
}

export interface PassCount {
  passed: number;
  trials: number;
}

export interface NotPassedTrial {
  /** The trial's key in trials.jsonl. */
  key: string;
  /** 1-based repetition. */
  repeat: number;
  status: 'fail' | 'error';
  /** Where the failure lives (failed trials under recall and oracle; see FailureStage). */
  stage?: FailureStage;
}
