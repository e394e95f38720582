/**
 * The e2e layer's spend: what the plan is expected to cost (said before the
 * first trial), and the cap (e2e.max_cost_usd, run --budget-usd, the Action's
 * budget-usd) that stops new trials once the spend so far would pass it.
 *
 * Spend is what the trials' costs say (e2e/cost.ts): a cost that is unknown
 * (a model with no price, a call that reported no tokens) is not counted as
 * $0 silently; the trial is counted as of unknown cost, and every output says
 * how many there were. A cap no price can enforce (no model of the run has
 * one) is refused before anything runs.
 */
import { RecallGateError } from '../errors.js';
import type { CaseSpec, Condition } from '../model/e2e.js';
import type { BudgetRecord, BudgetSource, SpendEstimate } from '../model/spend.js';
import type { E2eSpec, TargetSpec } from '../model/suite.js';
import type { TrialRecord } from '../model/trial.js';
import { round } from '../stats/summary.js';
import { usesJudge } from './checks/table.js';
import { tokensCost, type CostPlan } from './cost.js';
import { gradingOf } from './faults.js';
import { graderKind } from './graders/table.js';
import { costUsd } from './prices.js';
import { counted } from '../text/counted.js';

/** The rough estimate's assumptions, for a plan with no baseline: characters per token, and the length of what models answer. */
const CHARS_PER_TOKEN = 4;
const REPLY_TOKENS = 100;
const JUDGE_REPLY_TOKENS = 30;
/** The judge's own instructions around the rubric, question and answer. */
const JUDGE_PROMPT_TOKENS = 60;
/** The builtin agent's system prompt when the suite gives none (targets/builtin.ts). */
const DEFAULT_SYSTEM_PROMPT_TOKENS = 15;

/** One trial the run will start: which case, under which condition, and whether it plays sessions. */
export interface EstimatedTrial {
  key: string;
  spec: CaseSpec;
  condition: Condition;
  /** False for a shared history's probes after the first: the playing's sessions are played once, in its first trial. Default true. */
  playsSessions?: boolean;
}

/** The models a run's e2e layer pays for, by role, as the suite names them. */
function pricedModels(spec: Pick<E2eSpec, 'target' | 'judge'>): { role: string; model?: string }[] {
  const target = spec.target;
  const embedding = target.kind === 'builtin' && target.memory.provider.embedding?.kind === 'openai' ? target.memory.provider.embedding.model : undefined;
  return [
    { role: target.kind === 'builtin' ? 'the chat model' : "the adapter's model (e2e.target.model)", model: target.model },
    ...(spec.judge ? [{ role: 'the judge model', model: spec.judge.model }] : []),
    ...(embedding ? [{ role: "the agent memory's embedding model", model: embedding }] : []),
  ];
}

function hasPrice(model: string, prices: CostPlan['prices']): boolean {
  return costUsd(model, 1, 1, prices) !== null;
}

/** What is unpriced among the run's models, one phrase each ("the judge model foo has no price"). */
export function unpricedModels(spec: Pick<E2eSpec, 'target' | 'judge' | 'prices'>): string[] {
  return pricedModels(spec)
    .filter(({ model }) => model === undefined || !hasPrice(model, spec.prices))
    .map(({ role, model }) => (model === undefined ? `${role} is not named` : `${role} ${model} has no price`));
}

/**
 * Why a cap cannot be enforced on this e2e layer, or undefined when it can:
 * it can when some model the run pays for has a price (the spend of the
 * others is unknown, and said to be).
 */
export function unenforceableBudget(spec: Pick<E2eSpec, 'target' | 'judge' | 'prices'>): string | undefined {
  const models = pricedModels(spec);
  if (models.some(({ model }) => model !== undefined && hasPrice(model, spec.prices))) return undefined;
  return `no model this run pays for has a price (${unpricedModels(spec).join('; ')}), so its spend cannot be counted and a budget cannot be enforced`;
}

/** The cap, refused (exit 2) when no price can enforce it. `given` says where it came from, for the message. */
export function checkBudget(spec: Pick<E2eSpec, 'target' | 'judge' | 'prices'>, cap: number, source: BudgetSource): void {
  const problem = unenforceableBudget(spec);
  if (problem) {
    throw new RecallGateError('invalid-input', `${source} ${dollars(cap)}: ${problem}`, {
      hint: 'give the models prices in e2e.prices (USD per million tokens), name an adapter\'s model with e2e.target.model, or drop the budget',
    });
  }
}

/** Judge calls one trial makes: its check or fault check, each grader that asks the judge, and its harmful check (a composite check counts once). */
function judgeCalls(spec: CaseSpec, condition: Condition): number {
  const grading = gradingOf(spec, condition);
  const graders = Object.values(grading.graders ?? {}).filter((grader) => {
    const { entry, value } = graderKind(grader);
    return entry.usesJudge(value);
  }).length;
  return (grading.check && usesJudge(grading.check) ? 1 : 0) + graders + (spec.harmful && usesJudge(spec.harmful) ? 1 : 0);
}

/** The agent calls a trial makes as planned: its session turns when it plays them, and the probe (a builtin agent's tool rounds add more). */
export function agentCalls(spec: CaseSpec, playsSessions = true): number {
  return (playsSessions ? spec.sessions.reduce((sum, session) => sum + session.turns.length, 0) : 0) + 1;
}

/** The agent calls a finished trial was planned to make: a shared history's later probes played none of its sessions. */
export function plannedCallsOf(spec: CaseSpec | undefined, record: Pick<TrialRecord, 'history'>): number {
  return spec ? agentCalls(spec, !record.history || record.history.position === 1) : 1;
}

const tokensOf = (text: string) => Math.ceil(text.length / CHARS_PER_TOKEN);

/**
 * A rough cost of one trial of the builtin agent from the plan's own text:
 * each turn sends the system prompt (with the case's session texts as the
 * memory it may recall, under conditions that give memory), the session so
 * far and the message; every reply is taken as REPLY_TOKENS. Each judge call
 * sends its instructions, the check as written and the answer.
 */
function promptCost(target: Extract<TargetSpec, { kind: 'builtin' }>, plan: CostPlan, trial: EstimatedTrial): number | null {
  const { spec, condition } = trial;
  const system = target.systemPrompt.trim() ? tokensOf(target.systemPrompt) : DEFAULT_SYSTEM_PROMPT_TOKENS;
  const turns = spec.sessions.flatMap((session) => session.turns);
  const memory = condition === 'none' ? 0 : turns.slice(0, target.memory.max_results).reduce((sum, turn) => sum + tokensOf(turn), 0);
  let input = 0;
  let output = 0;
  for (const session of trial.playsSessions === false ? [] : spec.sessions) {
    let history = 0;
    for (const turn of session.turns) {
      input += system + memory + history + tokensOf(turn);
      output += REPLY_TOKENS;
      history += tokensOf(turn) + REPLY_TOKENS;
    }
  }
  input += system + memory + tokensOf(spec.probe.text);
  output += REPLY_TOKENS;
  const chat = costUsd(target.model, input, output, plan.prices);
  const calls = judgeCalls(spec, condition);
  if (calls === 0) return chat;
  const checks = JSON.stringify([spec.check, spec.graders, spec.harmful]);
  const judgeInput = calls * (JUDGE_PROMPT_TOKENS + tokensOf(spec.probe.text) + REPLY_TOKENS) + tokensOf(checks);
  const judge = plan.judgeModel ? costUsd(plan.judgeModel, judgeInput, calls * JUDGE_REPLY_TOKENS, plan.prices) : null;
  return chat === null || judge === null ? null : chat + judge;
}

function mean(values: readonly number[]): number | undefined {
  return values.length === 0 ? undefined : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/**
 * What the trials about to start are expected to cost: from the baseline's
 * token counts when there is a baseline (each trial by its own key, else the
 * mean of the baseline's trials under its condition, else of all of them),
 * at this plan's prices; else, for the builtin agent, from the plan's text
 * (rough). Unknown, with why, when a price or the adapter's prompts are.
 */
export function estimateSpend(spec: Pick<E2eSpec, 'target' | 'judge' | 'prices'>, plan: CostPlan, trials: readonly EstimatedTrial[], baseline?: readonly TrialRecord[]): SpendEstimate {
  const counts = {
    trials: trials.length,
    agent_calls: trials.reduce((sum, trial) => sum + agentCalls(trial.spec, trial.playsSessions), 0),
    judge_calls: trials.reduce((sum, trial) => sum + judgeCalls(trial.spec, trial.condition), 0),
  };
  const unpriced = unpricedModels(spec);
  const priced = (baseline ?? []).flatMap((record) => {
    const cost = tokensCost(plan, record);
    return cost === null ? [] : [{ record, cost }];
  });
  if (priced.length > 0) {
    const byKey = new Map(priced.map(({ record, cost }) => [record.key, cost]));
    const overall = mean(priced.map(({ cost }) => cost))!;
    const byCondition = (condition: Condition) => mean(priced.filter(({ record }) => record.condition === condition).map(({ cost }) => cost)) ?? overall;
    const total = trials.reduce((sum, trial) => sum + (byKey.get(trial.key) ?? byCondition(trial.condition)), 0);
    return { ...counts, cost_usd: round(total, 6), basis: 'baseline', ...(unpriced.length > 0 ? { unknown: unpriced } : {}) };
  }
  if (spec.target.kind !== 'builtin') {
    return { ...counts, cost_usd: null, basis: 'prompts', unknown: [...unpriced, "an adapter's prompts are its own: a baseline's token counts (--baseline DIR) give an estimate"] };
  }
  const target = spec.target;
  const costs = trials.map((trial) => promptCost(target, plan, trial));
  const known = costs.every((cost) => cost !== null);
  return { ...counts, cost_usd: known ? round(costs.reduce<number>((sum, cost) => sum + cost!, 0), 6) : null, basis: 'prompts', ...(unpriced.length > 0 ? { unknown: unpriced } : {}) };
}

/** The line said before the e2e layer starts: the plan's calls, the estimate and the cap. */
export function describeEstimate(estimate: SpendEstimate, budget?: { cap: number; source: BudgetSource }): string {
  const calls = `${counted(estimate.trials, 'trial', 'trials')}: ${counted(estimate.agent_calls, 'agent call', 'agent calls')}${estimate.judge_calls > 0 ? `, about ${counted(estimate.judge_calls, 'judge call', 'judge calls')}` : ''}`;
  const basis = estimate.basis === 'baseline' ? "from the baseline's token counts" : `rough, from the plan's text with replies taken as ${REPLY_TOKENS} tokens`;
  const why = estimate.unknown?.length ? estimate.unknown.join('; ') : undefined;
  // Unknown as a whole, the reasons are the estimate's; beside a figure, they are parts it leaves out.
  const cost = estimate.cost_usd === null ? `estimated cost unknown${why ? ` (${why})` : ''}` : `estimated cost ${dollars(estimate.cost_usd)} (${basis})${why ? `; unknown, not counted as $0: ${why}` : ''}`;
  const cap = budget ? `; budget ${dollars(budget.cap)} (${budget.source})` : '';
  return `e2e plan: ${calls}; ${cost}${cap}`;
}

/** "$0.05", "$12", "$0.000123": the figure as given (a sum's float noise aside), never rounded to nothing. */
export function dollars(value: number): string {
  return `$${Number(value.toPrecision(12))}`;
}

/** What every output says of a run the cap stopped. */
export function budgetReachedText(cap: number, run: number, planned: number): string {
  return `budget of ${dollars(cap)} reached after ${run} of ${planned} trials`;
}

/**
 * The cap while trials run. A trial starts only when the spend so far, with
 * what the running trials and this one are expected to add, stays within the
 * cap; once one is refused, none starts again, and the running ones finish.
 * A trial is expected to cost its planned agent calls at the mean cost per
 * agent call of the finished trials of known cost (so the first trial of a
 * shared history, which plays all its sessions, is expected to cost them),
 * or before any finished, the estimate's per call when it comes from measured
 * token counts (a baseline's). With neither, the first trial runs alone:
 * what a call costs is measured before others run beside it.
 */
export class BudgetGuard {
  private spent = 0;
  private unknownTrials = 0;
  /** Planned agent calls of the trials running now. */
  private runningCalls = 0;
  private pricedTotal = 0;
  /** Agent calls the finished trials of known cost made. */
  private pricedCalls = 0;
  private finished = 0;
  private stopped = false;

  constructor(
    readonly cap: number,
    readonly source: BudgetSource,
    private readonly estimatePerCall: number | undefined,
  ) {}

  /** Whether a trial of `calls` planned agent calls may start now (see the class comment); counts it as running when it may. */
  tryStart(calls: number): boolean {
    if (this.stopped) return false;
    const perCall = this.pricedCalls > 0 ? this.pricedTotal / this.pricedCalls : (this.estimatePerCall ?? 0);
    // A hair of tolerance: prices are sums of small fractions, and a cap of exactly N trials' cost must allow N.
    if (this.spent + (this.runningCalls + calls) * perCall > this.cap * (1 + 1e-9)) {
      this.stopped = true;
      return false;
    }
    this.runningCalls += calls;
    return true;
  }

  /**
   * A trial of `calls` planned agent calls ended: its known spend counts; an
   * unknown part is counted as unknown. Returns whether its cost was (partly) unknown.
   */
  finish(record: Pick<TrialRecord, 'cost_usd' | 'costs' | 'invocations'>, calls: number): boolean {
    this.runningCalls -= calls;
    this.finished += 1;
    const parts = record.costs ? [record.costs.chat_usd, record.costs.judge_usd, record.costs.embedding_usd] : [record.cost_usd];
    for (const part of parts) if (part !== null) this.spent += part;
    if (record.cost_usd === null) {
      this.unknownTrials += 1;
      return true;
    }
    this.pricedTotal += record.cost_usd;
    // The calls it made (tool rounds included), at least one: a trial that failed before its first call still cost what it cost.
    this.pricedCalls += Math.max(1, record.invocations.length);
    return false;
  }

  /** Nothing tells yet what a trial costs: the first should run alone (runE2e does), measured before others run beside it. */
  get measuresFirst(): boolean {
    return this.finished === 0 && this.estimatePerCall === undefined;
  }

  get reached(): boolean {
    return this.stopped;
  }

  get spentUsd(): number {
    return this.spent;
  }

  /** What results.e2e.budget keeps; `run` counts the planned trials with a record (kept ones of --resume included). */
  record(run: number, planned: number, estimate?: SpendEstimate): BudgetRecord {
    return {
      cap_usd: this.cap,
      source: this.source,
      spent_usd: round(this.spent, 6),
      unknown_trials: this.unknownTrials,
      reached: this.stopped,
      trials_run: run,
      trials_planned: planned,
      ...(this.stopped ? { message: budgetReachedText(this.cap, run, planned) } : {}),
      ...(estimate ? { estimate } : {}),
    };
  }
}

/**
 * The shards' budget records as one (merge): spend and trials added up, the
 * cap each shard had to itself kept, reached when any shard reached it; one
 * record per shard, undefined for a shard that ran with no cap (counted apart).
 * Undefined when no shard ran under a cap.
 */
export function mergedBudget(records: readonly (BudgetRecord | undefined)[]): BudgetRecord | undefined {
  const capped = records.filter((record): record is BudgetRecord => record !== undefined);
  if (capped.length === 0) return undefined;
  const sum = (field: 'spent_usd' | 'unknown_trials' | 'trials_run' | 'trials_planned') => capped.reduce((total, record) => total + record[field], 0);
  const reachedIn = capped.filter((record) => record.reached).length;
  const uncapped = records.length - capped.length;
  const { cap_usd, source } = capped[0]!;
  const run = sum('trials_run');
  const planned = sum('trials_planned');
  return {
    cap_usd,
    source,
    spent_usd: round(sum('spent_usd'), 6),
    unknown_trials: sum('unknown_trials'),
    reached: reachedIn > 0,
    trials_run: run,
    trials_planned: planned,
    ...(reachedIn > 0 ? { message: `${budgetReachedText(cap_usd, run, planned)} (the cap of each shard, reached in ${reachedIn} of ${capped.length}${uncapped > 0 ? `; ${counted(uncapped, 'shard', 'shards')} ran with no cap and ${uncapped === 1 ? 'is' : 'are'} not counted here` : ''})` } : {}),
    shards: capped.length,
  };
}

/** A cap as typed (--budget-usd, the Action's budget-usd): a positive number of US dollars; `what` names where it was typed. */
export function parseBudgetUsd(text: string, what: string): number {
  const value = Number(text.trim().replace(/^\$/, ''));
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0) {
    throw new RecallGateError('invalid-input', `${what} must be a positive number of US dollars, got "${text}"`, { hint: 'e.g. 2.50 for at most $2.50 of model calls in the e2e layer' });
  }
  return value;
}
