/** Check specs as a suite writes them, and a check's outcome; one table of check kinds runs them (e2e/checks/table.ts). */

/**
 * A check on an answer, as the suite writes it. Exactly one key per object;
 * `all`, `any` and `not` compose. Every answer is normalised before it is checked.
 */
export type CheckSpec = CheckKindSpec & {
  /** What the check reads (default answer); children of all/any/not read what their parent reads unless they set their own. See e2e/checks/on.ts. */
  on?: CheckOn;
};

/** What a check reads: the answer, the probe's tool calls as text lines, or each of the probe's artifacts whose path matches a glob. */
export type CheckOn = 'answer' | 'tool_calls' | { artifact: string };

export type CheckKindSpec =
  | { contains: string }
  | { icontains: string }
  | { regex: string; flags?: string }
  | { first_amount: number }
  | { date: string }
  | { abstains: boolean; /** Accept a clarifying question instead of an abstention (e2e/checks/abstains.ts). */ or_asks?: boolean }
  | { asks: boolean }
  | { /** Gold answer(s): passes when the best token F1 (e2e/checks/f1.ts) reaches min, default 0.5. */ f1: string | string[]; min?: number }
  | { /** Gold answer(s): passes when the normalised answer equals one (e2e/checks/exactMatch.ts). */ exact_match: string | string[] }
  | { all: CheckSpec[] }
  | { any: CheckSpec[] }
  | { not: CheckSpec }
  | { judge: JudgeSpec }
  | { tool_called: ToolCallSpec }
  | { tool_not_called: ToolCallSpec }
  | { tool_order: string[] }
  | { json_path: JsonPathSpec }
  | { csv: CsvSpec };

/** Values in a JSON artifact (e2e/checks/jsonPath.ts): one of equals or matches. */
export interface JsonPathSpec {
  path: string;
  /** Matched as tool arguments are (e2e/checks/actions.ts). */
  equals?: unknown;
  matches?: string;
}

/** One column of a CSV artifact (e2e/checks/csv.ts). */
export interface CsvSpec {
  column: string;
  all_match: string;
  /** One character; default ",". */
  delimiter?: string;
}

/** A tool call a check looks for: its name, and arguments it must carry (extra arguments allowed). */
export interface ToolCallSpec {
  name: string;
  /** Matched as e2e/checks/actions.ts says: strings folded, { regex, flags? } objects, others strictly, objects key by key. */
  args?: Record<string, unknown>;
}

export interface JudgeSpec {
  /** What a passing answer does, in words the judge model reads. */
  rubric: string;
  /** Chat model for the judge; the suite's e2e.judge.model when absent. */
  model?: string;
}

/** The outcome of one check: pass or fail, and a reason a person can read. */
export interface CheckResult {
  pass: boolean;
  reason: string;
}
