import type { RecalledMemory } from '../targets/types.js';
import type { TrialFingerprint } from './fingerprint.js';
import type { GraderOutcome } from './graders/types.js';
import type { Condition, TokenUsage } from './types.js';

/** One call to the agent within a trial. */
export interface Invocation {
  kind: 'session' | 'probe';
  user: string;
  date?: string;
  message: string;
  reply: string;
  recalled?: RecalledMemory[];
  latency_ms: number;
  recall_ms?: number;
  usage?: TokenUsage;
  /** The agent reported nonsense token usage (this says what), so `usage` is absent: unknown. */
  usage_warning?: string;
  /** The reply was cut by the length limit. */
  truncated?: boolean;
}

/**
 * One trial: a case's sessions and probe under one condition, one repetition.
 * Written as one JSONL line when it ends; `status` error means it could not run
 * (the reason says why): it is neither a pass nor dropped. Every text in it
 * is capped as stored (capStoredText); grading saw the whole answer.
 */
export interface TrialRecord {
  key: string;
  /** What determined this trial (see trialFingerprint): --resume keeps it only while the suite still matches. */
  fingerprint?: TrialFingerprint;
  case: string;
  ability: string;
  condition: Condition;
  repeat: number;
  user: string;
  status: 'pass' | 'fail' | 'error';
  reason: string;
  question: string;
  answer?: string;
  check: string;
  invocations: Invocation[];
  tokens: { input: number; output: number; judge_input: number; judge_output: number };
  /** USD, from the price table; null when a model has no price. */
  cost_usd: number | null;
  /** The judge reported nonsense token usage (this says what); its tokens are unknown. */
  judge_usage_warning?: string;
  /** Of the case's evidence, the share found in what the probe recalled (undefined without evidence). */
  evidence_coverage?: number;
  /** Of the recalled memories, the share that hold evidence (undefined when nothing was recalled). */
  recall_precision?: number;
  /** An obsolete text reached the probe's context. */
  harmful_recall?: boolean;
  /** Every grader's outcome, by grader name (part GRADERS). */
  graders?: Record<string, GraderOutcome>;
  started_at: string;
  duration_ms: number;
}

export function trialKey(caseName: string, condition: Condition, repeat: number): string {
  return `${caseName}|${condition}|${repeat}`;
}
