import type { RecalledMemory } from './chat.js';
import type { GraderOutcome } from './graders.js';
import type { Artifact, Condition, FaultKind, MemoryEntry, MemoryOp, TokenUsage, ToolCall } from './e2e.js';
import type { TrialCacheHits } from './spend.js';

/** One harmful memory that reached the context: `invocation` indexes the trial's invocations (0 is the first). */
export interface HarmfulRecall {
  invocation: number;
  id?: string;
  /** The memory as recalled. */
  text: string;
  /** The evidence text that replaced it (an obsolete text's successor, see successorOf in e2e/harm.ts). */
  successor?: string;
}

/**
 * Where a failing trial's failure lives (e2e/stage.ts says how each is told):
 * the evidence was never stored, stored but not recalled, recalled beside an
 * obsolete memory, or recalled and still misread; unknown says why not.
 */
export type FailureStage = 'not_stored' | 'not_recalled' | 'obsolete_recalled' | 'misread' | 'unknown';

/** One call to the agent within a trial. */
export interface Invocation {
  kind: 'session' | 'probe';
  /** 1-based planted session and turn within it (session invocations only). */
  session?: number;
  turn?: number;
  user: string;
  date?: string;
  message: string;
  reply: string;
  recalled?: RecalledMemory[];
  latency_ms: number;
  recall_ms?: number;
  /** The memory search failed (abandoned at its deadline, service down) and the agent answered without memory. */
  recall_error?: string;
  /** The fault simulated at this invocation (the probe of a fault condition). */
  fault?: FaultKind;
  usage?: TokenUsage;
  /** Tokens of the recalled text placed in the context (encoding: the trial's injected_tokens_encoding); absent when the target did not say what it recalled. */
  injected_tokens?: number;
  /** The agent reported nonsense token usage (this says what), so `usage` is absent: unknown. */
  usage_warning?: string;
  /** The reply was cut by the length limit. */
  truncated?: boolean;
  /** The memory tool calls the agent reported for this invocation. */
  memory_ops?: MemoryOp[];
  /** The tool calls the agent reported for this invocation, in order (checks read the probe's: see probeActions). */
  tool_calls?: ToolCall[];
  /** The files the agent produced in this invocation, each cut at ARTIFACT_LIMIT (capArtifact). */
  artifacts?: Artifact[];
  /** The builtin target's model used up max_tool_rounds: the reply was forced with tool_choice "none". */
  tool_rounds_exhausted?: true;
  /** Every model request of this invocation was answered from the LLM cache (run --cache-llm): nothing was sent. */
  cached?: true;
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
  /** Model calls of this trial the LLM cache answered (run --cache-llm), agent's and judge's: in `tokens`, not in the cost. */
  cached?: TrialCacheHits;
  /** Of the case's evidence, the share found in what the probe recalled (undefined without evidence). */
  evidence_coverage?: number;
  /** Of the recalled memories, the share that hold evidence (undefined when nothing was recalled). */
  recall_precision?: number;
  /** An obsolete or disallowed text reached the context in some invocation (see e2e/harm.ts); undefined when unknown. */
  harmful_recall?: boolean;
  /** What memory held after the planted sessions, before the probe (taken when a grader reads memory, see needsSnapshot, and under recall for a case with evidence, see stageNeedsSnapshot). */
  snapshot?: { entries: MemoryEntry[] } | { error: string };
  /** Every grader's outcome, by grader name (see e2e/graders). */
  graders?: Record<string, GraderOutcome>;
  /** Every harmful memory that reached the context, in any invocation (part HARM). harmful_recall stays the boolean "any". */
  harmful_recalls?: HarmfulRecall[];
  /** The case's `harmful` check passed on the answer: the agent acted on a harmful memory. Undefined without the check, or when the trial errored. */
  harmful_action?: boolean;
  /** Where the failure lives: failed trials under recall and oracle only (see e2e/stage.ts); absent in trials recorded before stages. */
  stage?: FailureStage;
  /** Why the stage is unknown (stage unknown only). */
  stage_reason?: string;
  /**
   * Set when the case is asked after a named history it shares with other
   * cases: the history was played once for this user, condition and
   * repetition, then each case's probe asked in turn. The trial at position 1
   * (planted_in is its own key) holds the sessions' invocations and the
   * memory snapshot; the others hold their probe only.
   */
  history?: HistoryPlaying;
  started_at: string;
  /**
   * From the trial's start until its probe was graded. The wait for its injected-token counts is not in it,
   * except, for a shared history's first trial, the sessions' counts (a playing waits for them before its probes).
   */
  duration_ms: number;
}

/** Where a trial of a shared history stands in its playing. */
export interface HistoryPlaying {
  name: string;
  /** 1-based: the order its probe was asked in, after the sessions and the probes before it. */
  position: number;
  /** The key of the trial that holds the playing's session invocations and snapshot. */
  planted_in: string;
  /**
   * When the playing began (its first trial's started_at): the probes of one
   * playing share it, so --resume can tell a playing cut short and partly
   * replaced from a whole one.
   */
  played_at?: string;
}

/** A trial's cost by source; each null when unknown. */
export interface TrialCosts {
  chat_usd: number | null;
  judge_usd: number | null;
  embedding_usd: number | null;
}

/**
 * What determines a trial's outcome, hashed in three parts so a resume can
 * say which one changed. A finished trial is kept on --resume only when all
 * three match the current suite.
 *
 * - check: what the trial is graded by, as written (every field, judge rubrics
 *   included): the case's check and graders (a case without graders hashes its
 *   check alone, as before graders), or under a fault its fault check alone.
 * - case: the case name, the condition, and every other field of the case
 *   that reaches the agent or the stored figures: sessions, probe (text, date,
 *   `as`), evidence and obsolete texts (the oracle's memories, recall quality).
 *   Left out: `ability`, `needs_memory` and `expect_recall` (labels aggregation takes from the
 *   current suite) and source positions.
 * - target: the target spec (model, system prompt text, memory provider and
 *   its embedding, retrieval settings, temperature, max_tokens, the agent's
 *   url or command), and the judge model when the check has a judge. Left
 *   out: how to reach or wait for things (timeouts, retries, batch sizes,
 *   API key and header variable names, base URLs, working folder, the prompt's
 *   file path: its text counts). A change to the agent's own code or to
 *   OPENAI_BASE_URL is not seen: run without --resume after one.
 */
export interface TrialFingerprint {
  check: string;
  case: string;
  target: string;
}
