import type { SourceLocation } from './source.js';
import type { GraderSpec } from './graders.js';
import type { CheckResult, CheckSpec } from './checks.js';

/** A tool call the agent made in one invocation, in the order made. */
export interface ToolCall {
  name: string;
  /** The arguments as a JSON object. Arguments that were not a JSON object are kept as `raw` (the text) with `arguments: {}`. */
  arguments: Record<string, unknown>;
  raw?: string;
  /** Why the call was refused (builtin target: an unknown tool, arguments that fail its parameters schema, arguments that are not JSON); absent for a valid call or when the adapter does not say. */
  error?: string;
  /** What the tool answered (builtin target: the suite's `returns`, rendered); an adapter may report it. */
  result?: unknown;
}

/** A file the agent produced in one invocation (text). */
export interface Artifact {
  path: string;
  content: string;
  /** Set when content was cut at ARTIFACT_LIMIT (the content ends with capText's marker); `bytes` is the size before. */
  truncated?: true;
  bytes?: number;
}

export interface JudgeInput {
  rubric: string;
  question: string;
  answer: string;
  model?: string;
  /** Ask for a score from 1 to 5 as well as the verdict (judge-check on scored labels); pass is then a score of 4 or 5. */
  scale?: 5;
  /** What is graded: the answer to the question (default), or what memory kept of a conversation (`question` is then the conversation, `answer` the memory entries). */
  on?: 'answer' | 'memory';
}

export type JudgeVerdict = CheckResult & ReportedUsage & { /** 1..5, when the input asked for a scale. */ score?: number };

export interface TokenUsage {
  input_tokens: number;
  output_tokens: number;
  /** The model that spent them, when the reporter names it (an adapter's usage.model): it prices them over the target's model. */
  model?: string;
}

/** Token usage as a model or adapter reported it (see readUsage): known, or unknown with why. */
export interface ReportedUsage {
  usage?: TokenUsage;
  /** Set when something was reported but made no sense, so the tokens are unknown. */
  usage_warning?: string;
}

/** How the memory search fails at the probe under a fault condition (e2e/faults.ts). */
export type FaultKind = 'timeout' | 'empty' | 'down';
export type Condition = 'recall' | 'none' | 'oracle' | 'fault:timeout' | 'fault:empty' | 'fault:down';

/** One planted session: one conversation of one or more user turns. `user: "..."` in a suite loads as turns: ["..."]. */
export interface SessionSpec {
  /** ISO date the session happened ("today" for the agent). */
  date?: string;
  /** What the user says in that session, turn by turn (at least one). */
  turns: string[];
}

/** A memory entry as a target lists it after the planted sessions. label names a memory block (human, project_context). */
export interface MemoryEntry {
  id?: string;
  text: string;
  date?: string;
  label?: string;
}

/** A memory tool call the agent made (memory_insert, memory_replace, ...), as the target reports it. */
export interface MemoryOp {
  op: 'insert' | 'replace' | 'delete' | 'rethink';
  label?: string;
  text?: string;
}

/** A named history (e2e.histories): sessions several cases are asked after, played once for all of them. */
export interface HistorySpec {
  name: string;
  sessions: SessionSpec[];
  where: SourceLocation;
}

export interface CaseSpec {
  name: string;
  ability: string;
  sessions: SessionSpec[];
  probe: { text: string; date?: string; /** Ask as another user (isolation). */ as?: string };
  /** Graded on the answer; a case has a check, graders, or both. */
  check?: CheckSpec;
  /** Named graders, each with its own score and threshold (src/e2e/graders). */
  graders?: Record<string, GraderSpec>;
  /** What is graded under a fault condition; absent: the default of e2e/faults.ts (abstains or asks back). */
  fault_check?: CheckSpec;
  /** Texts recall must surface; injected directly under the oracle condition. */
  evidence: string[];
  /** Texts that are harmful if they reach the context (an old value, another user's data). */
  obsolete: string[];
  /** The case needs memory to pass: passing under `none` flags a leak. Default true, false for abstention and expect_recall: none. */
  needs_memory: boolean;
  /** Graded on the answer: passing means the agent acted on a harmful memory (harmful_action, beside pass/fail). */
  harmful?: CheckSpec;
  /** Memory texts that must never reach the context, e.g. another user's (see harmfulRecalls in e2e/harm.ts for which invocations). */
  disallowed?: string[];
  /** The probe needs no history: the right recall injects nothing (empty-recall correctness). */
  expect_recall?: 'none';
  /** dev or heldout (see Split in model/suite.ts). */
  split?: 'dev' | 'heldout';
  /** Set by plant_from: the case at the start of the chain, whose sessions this case plays. */
  planted_from?: string;
  /** The named history (e2e.histories) this case is asked after: its sessions are the history's, played once per user, condition and repetition for every case that names it. */
  history?: string;
  where: SourceLocation;
}
