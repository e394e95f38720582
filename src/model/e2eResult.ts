/** The e2e layer's figures as results.json holds them: rates per case, ability and condition, faults, harm, cost, graders. Data only; e2e/aggregate.ts computes them. */
import type { Artifact, Condition, FaultKind, ToolCall } from './e2e.js';
import type { IntervalEstimate, LatencySummary } from './figures.js';
import type { HarmfulRecall } from './trial.js';
import type { StageSummary, TrialStage } from './stage.js';
import type { BudgetRecord } from './spend.js';

/** Pass figures over a set of trials; errors stay in the denominator. */
export interface Rates {
  trials: number;
  passed: number;
  failed: number;
  errors: number;
  /** passed / trials. */
  pass_rate: number;
}

export interface CaseRates extends Rates {
  /** Every repetition passed. */
  'pass^k': boolean;
  /** At least one repetition passed. */
  'pass@k': boolean;
}

export interface GroupRates extends Rates {
  cases: number;
  /** Share of cases whose every repetition passed. */
  'pass^k': number;
  /** Share of cases with at least one passing repetition. */
  'pass@k': number;
}

export interface AbilityResult {
  conditions: Partial<Record<Condition, GroupRates>>;
  /** Pass rate under recall minus under none: what memory earns. */
  lift_over_none?: number;
  /** Pass rate under oracle minus under recall: what capture and ranking lose. */
  gap_oracle_over_recall?: number;
  /** 95% bootstrap intervals over the ability's cases: "recall.pass_rate", "recall.pass^k", ..., "lift", "gap". */
  intervals?: Record<string, IntervalEstimate>;
  /** Each grader over the ability's cases (e2e/aggregateGraders.ts); absent when none of them has graders. */
  graders?: Record<string, GraderSummary>;
}

export interface CaseResult {
  ability: string;
  conditions: Partial<Record<Condition, CaseRates>>;
  /** Passed with memory off although it needs memory: the setup leaks. */
  leak: boolean;
  /** The suite's needs_memory: a case that needs memory is expected to fail under none. Absent in results written before it was kept. */
  needs_memory?: boolean;
  /** The case whose sessions it was planted with (the start of its plant_from chain): one history, resampled as one unit. */
  planted_from?: string;
  /** The named history it is asked after with other cases (one playing, one memory): they are resampled as one unit. */
  history?: string;
}

export interface E2eResult {
  repeat: number;
  conditions: Condition[];
  /** The headline: the recall condition (or the first one run). */
  headline_condition: Condition;
  metrics: GroupRates;
  by_condition: Partial<Record<Condition, GroupRates>>;
  /** Per fault condition that ran: pass rate, errors, recall latency, the comparison with none (e2e/faults.ts). */
  faults?: Partial<Record<FaultKind, FaultSummary>>;
  /** 95% bootstrap intervals over all cases, keyed like the abilities' (INTERVAL_DEFINITION says how). */
  intervals?: Record<string, IntervalEstimate>;
  abilities: Record<string, AbilityResult>;
  cases: Record<string, CaseResult>;
  leaks: string[];
  /** call: every call; recall: the recall time reported by calls of recall-condition trials (what memory adds). */
  latency_ms: { call: LatencySummary; recall: LatencySummary };
  tokens: { input: number; output: number; judge_input: number; judge_output: number };
  /** Every trial's cost, failed and errored ones included; null when any is unknown. */
  cost_usd: number | null;
  /** Harmful recall, harmful action and empty-recall correctness per condition and ability (src/e2e/harm.ts). */
  harm?: HarmSummary;
  /** Spend by source (chat, judge, embedding), injected tokens, and cost per success per condition (e2e/cost.ts). */
  cost?: CostSummary;
  /** Over the headline condition's trials only: none and oracle do not search. */
  recall_quality: {
    evidence_coverage?: number;
    recall_precision?: number;
    harmful_recall_rate?: number;
    /** The headline trials each mean is over (those where it is defined); absent in results written before it was kept. Harmful recall's are in `harm`. */
    trials?: { evidence_coverage: number; recall_precision: number };
  };
  /** Errored trials, and planned trials with no record (missing: the run was cut short, or a record was lost). */
  errors: { key: string; reason: string }[];
  /** Planned trials with no record in trials.jsonl; each is an error in the rates and in `errors`. */
  missing: number;
  /** Failed trials under the headline condition, for reports: question, answer and why, and what the probe did (failureActions: its tool calls and artifacts, bounded). */
  failures: ({ key: string; case: string; ability: string; question: string; answer: string; reason: string; /** What harmful memory reached the context and where (harmNote). */ harm?: string } & Partial<TrialStage> & FailureActions)[];
  /** Failed trials by stage (e2e/stage.ts) under recall and oracle, per ability and (recall) per case, with the memory snapshots recall trials took; absent when neither condition ran. */
  stages?: StageSummary;
  /** Each named grader's score, pass rate and pass^k per condition (e2e/aggregateGraders.ts); absent when no case has graders. */
  graders?: Record<string, GraderSummary>;
  /** The spend cap and what became of it (e2e/budget.ts); absent when the run had none. */
  budget?: BudgetRecord;
}

/** One fault's figures over a set of cases. */
export interface FaultRates {
  trials: number;
  passed: number;
  errors: number;
  pass_rate: number;
  /** recall_ms of the fault's probes, as the target reported it (ms). */
  recall_latency_ms: LatencySummary;
  /** Pass rate under none, when none ran. */
  none_pass_rate?: number;
  /** pass_rate - none_pass_rate: a fault should do no worse than no memory. */
  vs_none?: number;
  /** vs_none < 0: the agent does worse when memory fails than with no memory at all. */
  worse_than_none?: boolean;
}

export interface FaultSummary extends FaultRates {
  abilities: Record<string, FaultRates>;
}

/** How many of `of` trials (or probes) it happened in; rate undefined when `of` is 0. */
export interface HarmShare {
  count: number;
  of: number;
  rate?: number;
}

export interface HarmRates {
  /** Over trials whose harmful recall is known. */
  harmful_recall: HarmShare;
  /** Over trials with a `harmful` check that did not error. */
  harmful_action: HarmShare;
  /** Cases that need no history: probes given no memory, of probes that reported recall. Only under conditions that search. */
  empty_recall?: HarmShare;
  /** Probes (every case) given no memory: recall precision is undefined for each. Only under conditions that search. */
  probes_without_memory?: number;
}

/** One harmful recall, for reports: the trial, where in it, and the memory. */
export interface HarmHit extends HarmfulRecall {
  key: string;
  case: string;
  condition: Condition;
  /** "session 2", "session 1 turn 2", "the probe". */
  where: string;
}

export interface HarmSummary {
  by_condition: Partial<Record<Condition, HarmRates>>;
  abilities: Record<string, Partial<Record<Condition, HarmRates>>>;
  /** Per case: the gate's resampling units (count and of, pooled like pass rates). */
  cases: Record<string, Partial<Record<Condition, HarmRates>>>;
  /** Every harmful recall under the headline condition, up to HIT_LIMIT; hits_total counts them all. */
  hits: HarmHit[];
  hits_total: number;
}

/** One condition's spend and what it bought. */
export interface ConditionCost {
  trials: number;
  successes: number;
  /** Every recorded trial's cost, failed and errored ones included; null when any is unknown. */
  spend_usd: number | null;
  /** spend_usd / successes; absent when the condition has no success (nothing was bought), null when the spend is unknown. */
  cost_per_success?: number | null;
  /** Tokens of recalled text placed in the context, over the trials that said what they recalled. */
  injected_tokens: number;
}

/** results.e2e.cost: the run's spend by source and by condition. The total is results.e2e.cost_usd. */
export interface CostSummary {
  chat_usd: number | null;
  judge_usd: number | null;
  embedding_usd: number | null;
  embedding_tokens: number;
  /** Trials whose cost is unknown (each makes the totals it is in null). */
  unknown_trials: number;
  /** Why those trials' costs are unknown; present when some are (absent in results written before it was kept). */
  unknown_causes?: UnknownCostCauses;
  injected_tokens: number;
  /** The encoding injected tokens were counted with; "(fallback: ...)" marks an estimate. */
  injected_tokens_encoding?: string;
  /** Not pooled: a condition's successes pay for that condition's trials only. */
  by_condition: Partial<Record<Condition, ConditionCost>>;
  /** Model calls the LLM cache answered (run --cache-llm), not counted as spend; absent when none. */
  cached_calls?: number;
}

/**
 * What made trials' costs unknown, counted over those trials. A trial can have
 * more than one cause; `unpriced` counts only the trials none of the others explain.
 */
export interface UnknownCostCauses {
  /** Agent calls whose reply carried no token usage at all. */
  calls_without_usage: number;
  /** Calls and judge verdicts whose token counts were unusable (marked usage_warning in trials.jsonl). */
  usage_warnings: number;
  /** Trials that ended before any call returned: whether the call that failed was billed is unknown. */
  trials_without_calls: number;
  /** Trials whose embedding requests have no known cost (a response without token counts, or an embedding model with no price). */
  embeddings: number;
  /** Trials whose counts are all known but some model that spent them has no price, or none is named. */
  unpriced: number;
}

/** Counts and figures of one grader over a set of trials. */
export interface GraderFigures {
  /** Planned trials of cases with this grader; missing and errored ones included. */
  trials: number;
  /** Trials whose outcome has a score: the mean is over these. */
  scored: number;
  /** Mean score over the scored trials, on `scale`; absent when none had a score. */
  mean_score?: number;
  passed: number;
  failed: number;
  errors: number;
  /** Outcomes the grader could not give (no judge configured): out of pass_rate's denominator. */
  skipped: number;
  /** passed / (trials - skipped): errors stay in the denominator. Absent when every trial was skipped (0 of 0 is no rate). */
  pass_rate?: number;
}

export interface GraderGroup extends GraderFigures {
  /** Cases with at least one trial that was not skipped: pass^k's denominator. */
  cases: number;
  /** Share of those cases whose every graded repetition passed the grader; absent when no case was graded. */
  'pass^k'?: number;
  /** The first error's and the first skip's reason, so a report or a gate row can say why. */
  reasons?: { error?: string; skipped?: string };
}

export interface GraderCase extends GraderFigures {
  /** Every graded repetition passed (false when all were skipped). */
  'pass^k': boolean;
  /** Each scored trial's score, in repeat order: what min, median and p95 are taken over, and what a bootstrap resamples. */
  scores: number[];
}

export interface GraderSummary {
  /** The scale scores are on: [0, 1], or a judge's (e.g. [1, 5]). */
  scale: [number, number];
  /** The threshold every outcome was held to, when they share one. */
  min?: number;
  /** Said when the outcomes used different scales: their scores were mapped onto [0, 1] first. */
  note?: string;
  conditions: Partial<Record<Condition, GraderGroup>>;
  /** 95% bootstrap intervals over cases: "recall.score", "recall.pass_rate", "recall.pass^k", ... */
  intervals?: Record<string, IntervalEstimate>;
  /** Per case and condition (the run's summary only): what the gate's per-trial aggregations and paired comparisons read. */
  cases?: Record<string, Partial<Record<Condition, GraderCase>>>;
}

/** The probe's tool calls and artifacts for a failure entry; each field absent when the probe reported none, the counts when some were left out. */
export interface FailureActions {
  tool_calls?: ToolCall[];
  /** Calls after the first REPORT_TOOL_CALLS, left out. */
  tool_calls_left_out?: number;
  artifacts?: Artifact[];
  /** Artifacts after the first REPORT_ARTIFACTS, left out. */
  artifacts_left_out?: number;
}
