/** What one invocation of the agent under test sends and gets back: plain data a trial record keeps. */
import type { Artifact, FaultKind, MemoryOp, ReportedUsage, ToolCall } from './e2e.js';

/** A turn of the conversation so far, as chat history. */
export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/**
 * One invocation of the agent. The turns of one planted session are one
 * conversation; each session, and the probe, starts a new one.
 */
export interface ChatRequest {
  /** Whose memory this invocation reads and writes. */
  user: string;
  /** "Today" for the agent, ISO YYYY-MM-DD, when the case gives one. */
  date?: string;
  message: string;
  /**
   * How memory is used for this invocation: recall (the agent's normal policy),
   * none (search returns nothing), oracle (inject `oracle` instead of searching).
   */
  memory: 'recall' | 'none' | 'oracle';
  /** Set on the probe only, under a fault condition (memory is then 'recall'): the memory search must fail this way. */
  fault?: FaultKind;
  /** The case's evidence, for the oracle condition. */
  oracle?: string[];
  /** 1-based index of the planted session this invocation belongs to (absent for the probe). */
  session?: number;
  /** 1-based turn within that session. */
  turn?: number;
  /**
   * Earlier turns and replies of this session, oldest first. The builtin target
   * sends them as chat history; the JSON-RPC targets do not (adapters keep the
   * conversation themselves, from `session` and `turn`).
   */
  history?: ChatTurn[];
}

export interface RecalledMemory {
  id?: string;
  text: string;
  score?: number;
}

export interface ChatReply extends ReportedUsage {
  reply: string;
  /** What memory put into the context for this invocation, when the agent says. */
  recalled?: RecalledMemory[];
  /** The exact recalled text placed in the context, when the target knows it (the builtin's memory lines): injected tokens count it over `recalled`. */
  injected_text?: string;
  /** The reply was cut by the model's length limit (finish_reason "length"). */
  truncated?: boolean;
  /** Time spent searching memory, when the agent measures it (a search abandoned at its deadline: the wait). */
  recall_ms?: number;
  /** Why memory brought nothing back when the search failed (timed out, service down): the agent answered without memory. */
  recall_error?: string;
  /** The memory tool calls the agent made in this invocation, when it says. */
  memory_ops?: MemoryOp[];
  /** The tool calls the agent made in this invocation, in order, when it says. */
  tool_calls?: ToolCall[];
  /** The files the agent produced in this invocation, when it says. */
  artifacts?: Artifact[];
  /** The builtin target's model still called tools after max_tool_rounds rounds: its reply was asked for with tool_choice "none". */
  tool_rounds_exhausted?: true;
  /** Every model request of this invocation was answered from the LLM cache (run --cache-llm). */
  cached?: true;
}
