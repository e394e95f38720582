/** Plain data of failure stages (e2e/stage.ts computes them). */
import type { FailureStage } from './trial.js';

/** The conditions failures have a stage under. */
export type StagedCondition = 'recall' | 'oracle';

export interface TrialStage {
  stage: FailureStage;
  /** Set for unknown only. */
  stage_reason?: string;
}

/** Trials of a condition (planned ones with no record included: errors stay in the denominator) and its failed trials by stage. */
export type StageCounts = { trials: number } & Record<FailureStage, number>;

export interface StageSummary {
  by_condition: Partial<Record<StagedCondition, StageCounts>>;
  abilities: Record<string, Partial<Record<StagedCondition, StageCounts>>>;
  /** Under recall, per case: the gate's resampling units. */
  cases: Record<string, StageCounts>;
  /** Under recall: each reason a stage is unknown, with how many trials it holds for. */
  unknown_reasons: Record<string, number>;
  /**
   * Under recall: memory snapshots taken after the sessions, how many were empty, how many the target could not
   * give; and of the snapshots of cases with evidence that hold memories, how many hold one of its evidence texts
   * word for word (absent in results written before it was counted): none at all means the store rewords what it keeps.
   */
  snapshots: { taken: number; empty: number; unavailable: number; evidence?: { with_memories: number; verbatim: number } };
}
