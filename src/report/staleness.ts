/**
 * The staleness table (stale@k, stale_above_current; retrieval/metrics.ts
 * defines them): a row per provider over every query naming an obsolete
 * memory, then a row per tag, each share with its interval. For the terminal,
 * report.md, the comment and report.html alike; `escape` makes names safe
 * for where they are shown.
 */
import type { ProviderResult, RetrievalResult } from '../model/results.js';
import { counted } from '../text/counted.js';
import { stalenessNames } from '../retrieval/metrics.js';
import { formatEstimate } from './format.js';
import { retrievalUnitText } from './intervalUnit.js';

export interface StalenessTable {
  header: string[];
  rows: string[][];
  /** Which rows are a provider's overall figures (the rest are its tags'). */
  overall: boolean[];
  /** The provider each row belongs to (raw, for filters). */
  providers: string[];
  /** What the figures are over and what they mean, in one sentence. */
  legend: string;
}

/** Undefined when no query names an obsolete memory, or no provider completed. */
export function stalenessTable(retrieval: RetrievalResult, escape: (text: string) => string): StalenessTable | undefined {
  const over = retrieval.queries_with_obsolete ?? 0;
  const providers = Object.values(retrieval.providers).filter((provider): provider is ProviderResult & { staleness: NonNullable<ProviderResult['staleness']> } => provider.status === 'ok' && provider.staleness !== undefined);
  if (over === 0 || providers.length === 0) return undefined;
  const names = stalenessNames(retrieval.k);
  const table: StalenessTable = { header: ['provider', 'tag', 'queries', ...names], rows: [], overall: [], providers: [], legend: stalenessLegend(retrieval) };
  for (const provider of providers) {
    const add = (tag: string, figures: NonNullable<ProviderResult['staleness']>['by_tag'][string], overall: boolean) => {
      table.rows.push([escape(provider.name), tag, String(figures.queries), ...names.map((name) => formatEstimate(figures.metrics[name], figures.intervals?.[name]))]);
      table.overall.push(overall);
      table.providers.push(provider.name);
    };
    add('all', provider.staleness, true);
    for (const [tag, figures] of Object.entries(provider.staleness.by_tag)) add(escape(tag), figures, false);
  }
  return table;
}

/** "Staleness over the 2 queries naming an obsolete memory (1 other left out), lower is better. stale@k: ..." */
export function stalenessLegend(retrieval: RetrievalResult): string {
  const over = retrieval.queries_with_obsolete ?? 0;
  const others = retrieval.query_count - over;
  const note = retrieval.interval_unit_note ? ` Intervals: ${retrievalUnitText(retrieval)}.` : '';
  return (
    `Staleness over the ${counted(over, 'query', 'queries')} naming an obsolete memory (${counted(others, 'other', 'others')} left out), lower is better. ` +
    `stale@k: the share with an obsolete memory in the top k; stale_above_current: the share where one is returned above every relevant memory, or a relevant one is not returned.${note}`
  );
}
