/**
 * What the e2e layer's model calls cost a run beyond the trials' own figures:
 * the calls the LLM cache answered (run --cache-llm) and the spend cap
 * (e2e.max_cost_usd, run --budget-usd, the Action's budget-usd). Data only;
 * e2e/budget.ts and net/llmCache.ts compute them.
 */

/** Model calls the LLM cache answered: their tokens stay in the trial's counts, their cost is not counted. */
export interface CachedCalls {
  calls: number;
  /** Tokens those calls reported when they were first made (calls that reported none add nothing). */
  input_tokens: number;
  output_tokens: number;
}

/** A trial's calls answered from the LLM cache, by who made them. */
export interface TrialCacheHits {
  chat: CachedCalls;
  judge: CachedCalls;
}

/** Where the run's spend cap came from. */
export type BudgetSource = 'e2e.max_cost_usd' | '--budget-usd' | 'budget-usd';

/** What the plan is expected to cost, said before the e2e layer starts. */
export interface SpendEstimate {
  /** Trials this run will start (kept trials of --resume left out). */
  trials: number;
  /** Invocations of the agent: every session turn and the probe (a builtin agent's tool rounds add more). */
  agent_calls: number;
  /** Judge calls the checks and graders make (about: a composite check may call it more than once). */
  judge_calls: number;
  /** USD for the trials; null when unknown (see `unknown`). */
  cost_usd: number | null;
  /** What the token counts come from: the baseline's trials, or the plan's own text (rough). */
  basis: 'baseline' | 'prompts';
  /** Why the estimate (or part of it) is unknown: models with no price, an adapter's prompts. */
  unknown?: string[];
}

/** results.e2e.budget: the cap and what became of it. */
export interface BudgetRecord {
  cap_usd: number;
  source: BudgetSource;
  /** Known spend of the trials this run made (kept trials of --resume left out), in USD. */
  spent_usd: number;
  /** Trials of this run whose cost is (partly) unknown: their unknown part is not in spent_usd. */
  unknown_trials: number;
  /** The cap stopped the run: no trial started once the spend so far would pass it. */
  reached: boolean;
  /** Planned trials with a record when the layer ended, of the planned trials. */
  trials_run: number;
  trials_planned: number;
  /** "budget of $X reached after N of M trials", when reached: what every output says. */
  message?: string;
  /** Set by merge: the shards whose records were added up, each of which had the whole cap to itself. */
  shards?: number;
  estimate?: SpendEstimate;
}
