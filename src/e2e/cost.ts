/**
 * What trials cost, and what that buys: the owner of every USD figure of the
 * e2e layer (and of the embedding cost the retrieval layer reports). A cost
 * is a number only when every token behind it is counted and priced; anything
 * unknown (a call with no usage, a model with no price, a trial that errored
 * before any call) makes it null, never a guessed $0. A call the LLM cache
 * answered (run --cache-llm) cost nothing: its tokens stay in the counts,
 * their price is taken off the trial's.
 */
import { embeddingTokens, type EmbeddingUsage } from '../embeddings/usage.js';
import { round } from '../stats/summary.js';
import { costUsd } from './prices.js';
import type { TrialRecord, TrialCosts } from '../model/trial.js';
import type { Condition } from '../model/e2e.js';
import type { CostSummary, UnknownCostCauses } from '../model/e2eResult.js';
import type { EmbeddingCost } from '../model/results.js';
import type { CachedCalls } from '../model/spend.js';
import { counted } from '../text/counted.js';

type Prices = Record<string, { input: number; output: number }>;

/** What pricing a trial needs of the plan. */
export interface CostPlan {
  /** The target's model (builtin model, or an adapter's `model:`): prices agent tokens that name no model of their own. */
  model?: string;
  judgeModel?: string;
  prices: Prices;
}

export function embeddingCost(usage: EmbeddingUsage, prices: Prices): EmbeddingCost {
  const { tokens, unknown } = embeddingTokens(usage);
  const spends = Object.entries(usage);
  const priced = spends.map(([model, spend]) => (spend.tokens === 0 ? 0 : costUsd(model, spend.tokens, 0, prices)));
  return {
    tokens,
    requests: spends.reduce((sum, [, spend]) => sum + spend.requests, 0),
    unreported: spends.reduce((sum, [, spend]) => sum + spend.unreported, 0),
    cost_usd: unknown ? null : sumKnown(priced),
    models: spends.map(([model]) => model),
  };
}

/** Sets the trial's cost by source and in total, and its embedding tokens; `embedding` is what its memory writes and searches spent. */
export function priceTrial(plan: CostPlan, record: TrialRecord, embedding: EmbeddingUsage): void {
  const spent = embeddingCost(embedding, plan.prices);
  const costs: TrialCosts = { chat_usd: chatCost(plan, record), judge_usd: judgeCost(plan, record), embedding_usd: spent.cost_usd };
  record.costs = costs;
  record.cost_usd = sumKnown([costs.chat_usd, costs.judge_usd, costs.embedding_usd]);
  if (spent.requests > 0) record.tokens.embedding = spent.tokens;
}

function chatCost(plan: CostPlan, record: TrialRecord): number | null {
  // Errored before any call finished: whether the failed call was billed is unknown, so is the cost.
  if (record.invocations.length === 0) return null;
  // Every call answered from the cache: nothing was sent, whatever the tokens (and a sum less its parts could leave a rounding crumb).
  if (record.invocations.every((invocation) => invocation.cached)) return 0;
  const all = invocationsCost(plan, record);
  // Only the builtin agent's calls are cached, and they are priced by the target's model.
  return withoutCached(all, record.cached?.chat, plan.model, plan.prices);
}

/** What the agent's tokens of a trial cost at the plan's prices, as if no call had been cached. */
function invocationsCost(plan: CostPlan, record: Pick<TrialRecord, 'invocations'>): number | null {
  return sumKnown(
    record.invocations.map(({ usage }) => {
      // No usable counts (none reported, or nonsense: usage_warning): tokens were spent, how many is unknown.
      if (!usage) return null;
      if (usage.input_tokens + usage.output_tokens === 0) return 0;
      const model = usage.model ?? plan.model;
      return model ? costUsd(model, usage.input_tokens, usage.output_tokens, plan.prices) : null;
    }),
  );
}

/** What the judge's tokens of a trial cost at the plan's prices, as if no call had been cached. */
function judgeTokensCost(plan: CostPlan, record: Pick<TrialRecord, 'tokens' | 'judge_usage_warning'>): number | null {
  if (record.judge_usage_warning) return null;
  if (record.tokens.judge_input + record.tokens.judge_output === 0) return 0;
  return plan.judgeModel ? costUsd(plan.judgeModel, record.tokens.judge_input, record.tokens.judge_output, plan.prices) : null;
}

/**
 * What a recorded trial's tokens would cost at this plan's prices, every call
 * sent (none from the cache): a baseline's trial, for the estimate before a
 * run. Null when a part is unknown.
 */
export function tokensCost(plan: CostPlan, record: TrialRecord): number | null {
  if (record.invocations.length === 0) return null;
  const embedding = record.costs ? record.costs.embedding_usd : record.tokens.embedding ? null : 0;
  return sumKnown([invocationsCost(plan, record), judgeTokensCost(plan, record), embedding]);
}

function judgeCost(plan: CostPlan, record: TrialRecord): number | null {
  const all = judgeTokensCost(plan, record);
  if (all === null || all === 0) return all;
  const cached = record.cached?.judge;
  if (cached && cached.input_tokens === record.tokens.judge_input && cached.output_tokens === record.tokens.judge_output) return 0;
  return withoutCached(all, cached, plan.judgeModel, plan.prices);
}

/** `cost` less what the calls the LLM cache answered would have cost (they sent nothing); unknown stays unknown. */
function withoutCached(cost: number | null, cached: CachedCalls | undefined, model: string | undefined, prices: Prices): number | null {
  if (cost === null || !cached || cached.calls === 0) return cost;
  if (cached.input_tokens + cached.output_tokens === 0) return cost;
  const saved = model ? costUsd(model, cached.input_tokens, cached.output_tokens, prices) : null;
  return saved === null ? null : Math.max(0, cost - saved);
}

/**
 * The run's cost figures from its trials. Records written before costs were
 * split by source carry only cost_usd: their parts are unknown.
 */
export function costSummary(trials: readonly TrialRecord[], conditions: readonly Condition[]): CostSummary {
  const part = (pick: (costs: TrialCosts) => number | null) => usd(sumKnown(trials.map((trial) => (trial.costs ? pick(trial.costs) : null))));
  const cachedCalls = trials.reduce((sum, trial) => sum + (trial.cached ? trial.cached.chat.calls + trial.cached.judge.calls : 0), 0);
  const encodings = [...new Set(trials.map((trial) => trial.injected_tokens_encoding).filter((label): label is string => label !== undefined))];
  const byCondition: CostSummary['by_condition'] = {};
  for (const condition of conditions) {
    const mine = trials.filter((trial) => trial.condition === condition);
    const successes = mine.filter((trial) => trial.status === 'pass').length;
    const spend = usd(sumKnown(mine.map((trial) => trial.cost_usd)));
    byCondition[condition] = {
      trials: mine.length,
      successes,
      spend_usd: spend,
      ...(successes > 0 ? { cost_per_success: spend === null ? null : round(spend / successes, 6) } : {}),
      injected_tokens: sumTokens(mine, 'injected'),
    };
  }
  return {
    chat_usd: part((costs) => costs.chat_usd),
    judge_usd: part((costs) => costs.judge_usd),
    embedding_usd: part((costs) => costs.embedding_usd),
    embedding_tokens: sumTokens(trials, 'embedding'),
    unknown_trials: trials.filter((trial) => trial.cost_usd === null).length,
    ...(trials.some((trial) => trial.cost_usd === null) ? { unknown_causes: unknownCauses(trials) } : {}),
    injected_tokens: sumTokens(trials, 'injected'),
    ...(encodings.length > 0 ? { injected_tokens_encoding: encodings.join(', ') } : {}),
    by_condition: byCondition,
    ...(cachedCalls > 0 ? { cached_calls: cachedCalls } : {}),
  };
}

/** What made the unknown costs of `trials` unknown (UnknownCostCauses); records from before costs were split say nothing. */
function unknownCauses(trials: readonly TrialRecord[]): UnknownCostCauses {
  const causes: UnknownCostCauses = { calls_without_usage: 0, usage_warnings: 0, trials_without_calls: 0, embeddings: 0, unpriced: 0 };
  for (const trial of trials) {
    if (trial.cost_usd !== null || !trial.costs) continue;
    const withoutUsage = trial.costs.chat_usd === null ? trial.invocations.filter((call) => !call.usage && !call.usage_warning).length : 0;
    const warnings = trial.invocations.filter((call) => call.usage_warning).length + (trial.judge_usage_warning ? 1 : 0);
    const noCalls = trial.invocations.length === 0;
    const embeddings = trial.costs.embedding_usd === null;
    causes.calls_without_usage += withoutUsage;
    causes.usage_warnings += warnings;
    if (noCalls) causes.trials_without_calls += 1;
    if (embeddings) causes.embeddings += 1;
    if (withoutUsage === 0 && warnings === 0 && !noCalls && !embeddings) causes.unpriced += 1;
  }
  return causes;
}

/**
 * Why a run's cost is unknown, in words, from its summary's causes: what to
 * fix names the target's side (an adapter's reply, or the model endpoint for
 * the builtin agent). For a summary written before the causes were kept, the
 * causes in general.
 */
export function unknownCostReason(cost: Pick<CostSummary, 'unknown_causes'> | undefined, targetKind?: string): string {
  const causes = cost?.unknown_causes;
  const why = causes
    ? [
        ...(causes.calls_without_usage > 0
          ? [`${counted(causes.calls_without_usage, 'agent call', 'agent calls')} ${targetKind === 'builtin' ? 'got no token usage from the model endpoint' : 'reported no token usage (an adapter returns it as usage from chat: examples/adapter/README.md)'}`]
          : []),
        ...(causes.usage_warnings > 0 ? [`${counted(causes.usage_warnings, 'call', 'calls')} reported unusable token counts (marked usage_warning in trials.jsonl)`] : []),
        ...(causes.trials_without_calls > 0 ? [`${counted(causes.trials_without_calls, 'trial', 'trials')} ended before a call returned (whether it was billed is unknown)`] : []),
        ...(causes.embeddings > 0 ? [`${counted(causes.embeddings, 'trial', 'trials')} made embedding requests of unknown cost (no token counts, or an embedding model with no price)`] : []),
        ...(causes.unpriced > 0 ? [`${counted(causes.unpriced, 'trial', 'trials')} spent tokens of a model with no price, or none is named (e2e.prices; the agent's e2e.target.model, the judge's e2e.judge.model)`] : []),
      ]
    : [];
  return why.length > 0 ? why.join('; ') : 'a model has no price, or a call reported no usable token counts (see usage_warning in trials.jsonl)';
}

/** The run's total: every trial's cost, null when any is unknown. */
export function totalCost(trials: readonly TrialRecord[]): number | null {
  return usd(sumKnown(trials.map((trial) => trial.cost_usd)));
}

function sumTokens(trials: readonly TrialRecord[], which: 'injected' | 'embedding'): number {
  return trials.reduce((sum, trial) => sum + (trial.tokens[which] ?? 0), 0);
}

/** The sum; null when any part is unknown. */
function sumKnown(values: readonly (number | null)[]): number | null {
  if (values.some((value) => value === null)) return null;
  return values.reduce<number>((sum, value) => sum + value!, 0);
}

/** A run's figure, to a millionth of a dollar (a trial's own stays unrounded: many small ones add up). */
function usd(value: number | null): number | null {
  return value === null ? null : round(value, 6);
}
