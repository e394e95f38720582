import { metricNames } from '../retrieval/metrics.js';
import type { ProviderResult, RetrievalResult } from '../model/results.js';
import { formatMetric } from './format.js';

/** What the per-tag tables are, above them in report.md and report.html. */
export const TAG_TABLES_NOTE = 'Every metric over the queries of each tag (queries in brackets).';

/** One provider's every metric by tag: a row per metric, a column for all queries and one per tag, each headed with its query count. */
export interface TagTable {
  provider: string;
  header: string[];
  rows: string[][];
}

/**
 * Per-tag tables for the terminal (run --by-tag) and report.md, one per
 * provider that completed. Counts are of the queries each mean is over (those
 * with a relevant memory). `escape` makes names safe for where they are shown.
 */
export function tagTables(retrieval: RetrievalResult, escape: (text: string) => string): TagTable[] {
  const providers = Object.values(retrieval.providers).filter((provider): provider is ProviderResult & { by_tag: NonNullable<ProviderResult['by_tag']> } => provider.status === 'ok' && Object.keys(provider.by_tag ?? {}).length > 0);
  const names = metricNames(retrieval.k, { groups: retrieval.group_metrics });
  const scored = retrieval.query_count - (retrieval.queries_without_relevant ?? 0);
  return providers.map((provider) => {
    const tags = Object.entries(provider.by_tag);
    return {
      provider: provider.name,
      header: ['metric', `all (${scored})`, ...tags.map(([tag, figures]) => `${escape(tag)} (${figures.queries})`)],
      rows: names.map((name) => [name, formatMetric(provider.metrics?.[name]), ...tags.map(([, figures]) => formatMetric(figures.metrics[name]))]),
    };
  });
}

/** What a report says when some queries have no relevant memory; undefined when every query has one. */
export function withoutRelevantText(retrieval: Pick<RetrievalResult, 'queries_without_relevant'>): string | undefined {
  const count = retrieval.queries_without_relevant ?? 0;
  if (count === 0) return undefined;
  return `${count} ${count === 1 ? 'query has' : 'queries have'} no relevant memory and ${count === 1 ? 'is' : 'are'} left out of the means`;
}
