import type { RecalledMemory } from '../targets/types.js';
import type { TrialCosts } from './cost.js';
import type { TrialFingerprint } from './fingerprint.js';
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
  /** Tokens of the recalled text placed in the context (encoding: the trial's injected_tokens_encoding); absent when the target did not say what it recalled. */
  injected_tokens?: number;
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
  tokens: {
    input: number;
    output: number;
    judge_input: number;
    judge_output: number;
    /** Sum of the invocations' injected_tokens (part of input, counted apart). */
    injected?: number;
    /** Embedding tokens this trial's memory writes and searches spent (absent when it made no embedding request). */
    embedding?: number;
  };
  /** The tokenizer encoding injected tokens were counted with; "(fallback: ...)" marks an estimate. */
  injected_tokens_encoding?: string;
  /** USD, from the price table; null when any part is unknown (a model with no price, a call with no usable counts, an error before any call). */
  cost_usd: number | null;
  /** cost_usd by source (see e2e/cost.ts). */
  costs?: TrialCosts;
  /** The judge reported nonsense token usage (this says what); its tokens are unknown. */
  judge_usage_warning?: string;
  /** Of the case's evidence, the share found in what the probe recalled (undefined without evidence). */
  evidence_coverage?: number;
  /** Of the recalled memories, the share that hold evidence (undefined when nothing was recalled). */
  recall_precision?: number;
  /** An obsolete text reached the probe's context. */
  harmful_recall?: boolean;
  started_at: string;
  duration_ms: number;
}

export function trialKey(caseName: string, condition: Condition, repeat: number): string {
  return `${caseName}|${condition}|${repeat}`;
}
