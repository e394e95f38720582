import { cell, escapeMarkdown } from './escape.js';
import { formatMetric, formatMs, headlineMetrics } from './format.js';
import type { ResultsDocument } from './results.js';
import { missedQueries } from './terminal.js';

function table(header: string[], rows: string[][]): string[] {
  return [`| ${header.join(' | ')} |`, `| ${header.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`)];
}

/** report.md: the retrieval results for people, every untrusted string escaped. */
export function markdownReport(results: ResultsDocument): string {
  const lines: string[] = [`## recall-gate: ${escapeMarkdown(results.suite.name)}`, ''];
  if (results.status === 'incomplete') {
    lines.push(`**Incomplete run.** ${results.errors.length} problem(s):`, '', ...results.errors.map((error) => `- ${cell(error, 400)}`), '');
  }
  const retrieval = results.retrieval;
  if (!retrieval) return `${[...lines, 'This suite has no retrieval section.'].join('\n')}\n`;

  const columns = headlineMetrics(retrieval.k);
  lines.push(
    `### Retrieval`,
    '',
    `${retrieval.memory_count} memories, ${retrieval.query_count} queries, top ${retrieval.depth} per search. ` +
      `Metrics follow trec_eval's definitions; every query counts in each mean.`,
    '',
  );
  const providers = Object.values(retrieval.providers);
  lines.push(
    ...table(
      ['provider', ...columns, 'p50 ms', 'p95 ms'],
      providers.map((provider) =>
        provider.status === 'ok'
          ? [cell(provider.name), ...columns.map((name) => formatMetric(provider.metrics?.[name])), formatMs(provider.latency_ms?.median), formatMs(provider.latency_ms?.p95)]
          : [cell(provider.name), ...columns.map(() => '-'), '-', '-'],
      ),
    ),
    '',
  );

  const tags = [...new Set(providers.flatMap((provider) => Object.keys(provider.by_tag ?? {})))].sort();
  const largest = retrieval.k[retrieval.k.length - 1]!;
  if (tags.length > 0) {
    lines.push(`#### recall@${largest} by tag`, '');
    const okProviders = providers.filter((provider) => provider.status === 'ok');
    lines.push(
      ...table(
        ['tag', 'queries', ...okProviders.map((provider) => cell(provider.name))],
        tags.map((tag) => {
          const count = okProviders.map((provider) => provider.by_tag?.[tag]?.queries).find((n) => n !== undefined) ?? 0;
          return [cell(tag), String(count), ...okProviders.map((provider) => formatMetric(provider.by_tag?.[tag]?.metrics[`recall@${largest}`]))];
        }),
      ),
      '',
    );
  }

  for (const provider of providers) {
    if (provider.status === 'error') {
      lines.push(`**${cell(provider.name)}** could not complete: ${cell(provider.error ?? '', 500)}`, '');
      continue;
    }
    const missed = missedQueries(provider, largest);
    if (missed.length === 0) continue;
    lines.push(`<details><summary>${cell(provider.name)}: ${missed.length} queries miss a relevant memory in the top ${largest}</summary>`, '');
    lines.push(
      ...table(
        ['query', 'text', 'wanted (rank)', `top ${largest}`],
        missed.map((query) => [
          cell(query.id),
          cell(query.text),
          Object.entries(query.ranks)
            .map(([id, rank]) => `${cell(id)} (${rank ?? '-'})`)
            .join(', '),
          query.results
            .slice(0, largest)
            .map((hit) => cell(hit.id))
            .join(', '),
        ]),
      ),
      '',
      '</details>',
      '',
    );
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
