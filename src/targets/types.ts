import type { Condition, ReportedUsage } from '../e2e/types.js';

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
  memory: Condition;
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
  /** The exact recalled text placed in the context, when the target knows it (the builtin's memory lines): injected tokens count it over `recalled`. */
  injected_text?: string;
  /** The reply was cut by the model's length limit (finish_reason "length"). */
  truncated?: boolean;
  /** Time spent searching memory, when the agent measures it. */
  recall_ms?: number;
}

/** The agent under test. */
export interface Target {
  /** Forgets everything about this user (called before each trial). */
  reset(user: string): Promise<void>;
  chat(request: ChatRequest): Promise<ChatReply>;
  /** Ends connections or child processes. */
  close(): Promise<void>;
}
