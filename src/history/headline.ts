import type { ResultsDocument } from '../model/results.js';
import type { HistoryLine } from '../model/history.js';

const RETRIEVAL_HEADLINE = /^(recall@|mrr$|ndcg@)/;

/**
 * The few numbers worth following from run to run, and worth an Action
 * output: each provider's recall@k, mrr and ndcg@k; the e2e pass rate,
 * pass^k and errors; each ability's pass rate under the headline condition;
 * the e2e cost when every trial's cost is known (an unknown cost is left
 * out, never a guessed $0).
 */
export function headlineMetrics(results: ResultsDocument): Record<string, number> {
  const metrics: Record<string, number> = {};
  for (const provider of Object.values(results.retrieval?.providers ?? {})) {
    for (const [name, value] of Object.entries(provider.metrics ?? {})) if (RETRIEVAL_HEADLINE.test(name)) metrics[`retrieval.${provider.name}.${name}`] = value;
  }
  const e2e = results.e2e;
  if (e2e) {
    metrics['e2e.pass_rate'] = e2e.metrics.pass_rate;
    metrics['e2e.pass^k'] = e2e.metrics['pass^k'];
    metrics['e2e.errors'] = e2e.metrics.errors;
    for (const [ability, result] of Object.entries(e2e.abilities)) {
      const rates = result.conditions[e2e.headline_condition];
      if (rates) metrics[`e2e.ability.${ability}.pass_rate`] = rates.pass_rate;
    }
    if (typeof e2e.cost_usd === 'number') metrics['e2e.cost_usd'] = e2e.cost_usd;
  }
  return metrics;
}

/** A run as one line of history. A run still marked running was cut short: incomplete. */
export function historyLine(results: ResultsDocument): HistoryLine {
  // Outside CI (no GITHUB_SHA) the commit is the suite repository's HEAD, when no tracked file differs from it.
  const git = results.provenance?.git;
  const commit = results.commit?.sha ?? (git && /^[0-9a-f]{40}$/.test(git.commit) && git.dirty === false ? git.commit : undefined);
  return {
    schema: 1,
    suite: results.suite.name,
    ...(results.variant !== undefined ? { variant: results.variant } : {}),
    ...(commit ? { commit } : {}),
    ...(results.commit?.ref ? { ref: results.commit.ref } : {}),
    date: results.finished_at ?? results.started_at,
    ...(results.run_id ? { run_id: results.run_id } : {}),
    status: results.status === 'complete' ? 'complete' : 'incomplete',
    metrics: headlineMetrics(results),
  };
}
