import type { CostSummary, E2eResult } from '../model/e2eResult.js';
import { unknownCostReason } from '../e2e/cost.js';
import { usd } from './format.js';
import { counted } from '../text/counted.js';

/** A USD figure in a breakdown: "unknown" when a part of it is, "-" when there is nothing to show (no success bought). */
function dollars(value: number | null | undefined): string {
  if (value === undefined) return '-';
  return value === null ? 'unknown' : usd(value);
}

/** Every trial's cost is unknown and no part of the spend is known: each breakdown would say "unknown" throughout. */
function nothingKnown(cost: CostSummary): boolean {
  const trials = Object.values(cost.by_condition).reduce((sum, figures) => sum + (figures?.trials ?? 0), 0);
  return trials > 0 && cost.unknown_trials === trials && [cost.chat_usd, cost.judge_usd, cost.embedding_usd].every((part) => part === null || part === 0);
}

function perSuccessLine(e2e: Pick<E2eResult, 'conditions'>, cost: CostSummary): string {
  const perCondition = e2e.conditions.map((condition) => {
    const figures = cost.by_condition[condition];
    return `${condition} ${figures && figures.successes > 0 ? dollars(figures.cost_per_success) : '- (no success)'}`;
  });
  return `cost per successful trial: ${perCondition.join(', ')}`;
}

/**
 * The cost figures beside the total, as plain text (no untrusted text in
 * them: condition names are the suite's fixed set): cost per successful task
 * per condition, spend by source, and injected tokens; the calls the LLM
 * cache answered and the spend cap, when the run had them. With no cost known
 * at all, the first two are left out (the total's line says why, once).
 * Empty for a results document written before costs were split.
 */
export function costLines(e2e: Pick<E2eResult, 'cost' | 'conditions'> & Partial<Pick<E2eResult, 'budget'>>): string[] {
  const cost = e2e.cost;
  if (!cost) return [];
  // A source that spent nothing (no judge, no API embedder) is left out: "$0.0000" beside it would read as a measured cost.
  const sources = [
    `chat ${dollars(cost.chat_usd)}`,
    ...(cost.judge_usd !== 0 ? [`judge ${dollars(cost.judge_usd)}`] : []),
    ...(cost.embedding_usd !== 0 || cost.embedding_tokens > 0 ? [`embeddings ${dollars(cost.embedding_usd)} (${cost.embedding_tokens} tokens)`] : []),
  ];
  const injected = e2e.conditions.map((condition) => `${condition} ${cost.by_condition[condition]?.injected_tokens ?? 0}`);
  return [
    ...(nothingKnown(cost) ? [] : [perSuccessLine(e2e, cost), `spend: ${sources.join(', ')}${cost.unknown_trials > 0 ? `; ${counted(cost.unknown_trials, 'trial', 'trials')} of unknown cost` : ''}`]),
    `injected tokens, summed over each condition's trials${cost.injected_tokens_encoding ? ` (${cost.injected_tokens_encoding})` : ''}: ${injected.join(', ')}`,
    ...(cost.cached_calls ? [`${counted(cost.cached_calls, 'model call', 'model calls')} answered from the LLM cache (--cache-llm): nothing sent, not counted as spend`] : []),
    ...budgetLines(e2e.budget),
  ];
}

/**
 * The one cost line the PR comment keeps: cost per successful trial per condition, and why what is unknown is
 * (the reason the terminal and report.md give beside the total); with no cost known at all, the reason alone.
 */
export function commentCostLine(e2e: Pick<E2eResult, 'cost' | 'conditions' | 'cost_usd'> & { target?: { kind: string } }): string | undefined {
  const cost = e2e.cost;
  if (!cost) return undefined;
  const unknown = `cost unknown: ${unknownCostReason(cost, e2e.target?.kind)}`;
  if (nothingKnown(cost)) return unknown;
  return e2e.cost_usd === null ? `${perSuccessLine(e2e, cost)}; ${unknown}` : perSuccessLine(e2e, cost);
}

/** The cap, what was spent against it (what is unknown said, not counted as $0), and whether it stopped the run. */
function budgetLines(budget: E2eResult['budget']): string[] {
  if (!budget) return [];
  const unknown = budget.unknown_trials > 0 ? `, and ${counted(budget.unknown_trials, 'trial', 'trials')} of unknown cost (not counted)` : '';
  const outcome = budget.reached ? `${budget.message ?? 'reached'}: the other trials did not start` : `not reached (${budget.trials_run} of ${counted(budget.trials_planned, 'trial', 'trials')} ran)`;
  const each = budget.shards ? `, each of ${counted(budget.shards, 'shard', 'shards')}` : '';
  return [`budget ${usd(budget.cap_usd)} (${budget.source}${each}): spent ${usd(budget.spent_usd)}${unknown}; ${outcome}`];
}
