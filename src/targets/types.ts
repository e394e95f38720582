import type { FaultKind, ReportedUsage } from '../e2e/types.js';

/** One invocation of the agent: a fresh conversation with no chat history. */
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
  /** The reply was cut by the model's length limit (finish_reason "length"). */
  truncated?: boolean;
  /** Time spent searching memory, when the agent measures it (a search abandoned at its deadline: the wait). */
  recall_ms?: number;
  /** Why memory brought nothing back when the search failed (timed out, service down): the agent answered without memory. */
  recall_error?: string;
}

/** The agent under test. */
export interface Target {
  /** Forgets everything about this user (called before each trial). */
  reset(user: string): Promise<void>;
  chat(request: ChatRequest): Promise<ChatReply>;
  /** Ends connections or child processes. */
  close(): Promise<void>;
}
