import { metricNames } from '../retrieval/metrics.js';
import type { ProviderResult, RetrievalResult } from '../model/results.js';
import { counted, formatMetric } from './format.js';
import { retrievalUnitText } from './intervalUnit.js';
import { RETRIEVAL_INTERVAL_DEFINITION } from '../stats/bootstrap.js';

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

/** The line above the retrieval tables of report.md and report.html: the corpus, the definitions, what n counts. */
export function retrievalIntro(retrieval: RetrievalResult): string {
  const without = withoutRelevantText(retrieval);
  return (
    `${counted(retrieval.memory_count, 'memory', 'memories')}, ${counted(retrieval.query_count, 'query', 'queries')}, top ${retrieval.depth} per search. ` +
    `Metrics follow trec_eval's definitions (recall_all@k: LongMemEval's); ${without ? `every query with a relevant memory counts in each mean; ${without}` : 'every query counts in each mean'}. ` +
    `[low, high] n: ${RETRIEVAL_INTERVAL_DEFINITION}; ${retrievalUnitText(retrieval)}.`
  );
}

/** What a report says when some queries have no relevant memory; undefined when every query has one. */
export function withoutRelevantText(retrieval: Pick<RetrievalResult, 'queries_without_relevant'>): string | undefined {
  const count = retrieval.queries_without_relevant ?? 0;
  if (count === 0) return undefined;
  return `${count} ${count === 1 ? 'query has' : 'queries have'} no relevant memory and ${count === 1 ? 'is' : 'are'} left out of the means`;
}
