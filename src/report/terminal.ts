import type { ProviderResult } from '../model/results.js';
import { plainText } from './escape.js';
import { RETRIEVAL_INTERVAL_DEFINITION } from '../stats/bootstrap.js';
import { formatEstimate, formatMetric, formatMs, oneLine, textTable, usd } from './format.js';
import { groupColumns, headlineMetrics } from '../retrieval/metrics.js';
import { crossUserText } from './isolation.js';
import { missedQueries } from '../retrieval/metrics.js';
import { queryRowsFile } from '../results/folder.js';
import type { ResultsDocument } from '../model/results.js';
import { TAG_TABLES_NOTE, tagTables, withoutRelevantText } from './tagTables.js';
import { GROUP_METRICS_NOTE } from './intros.js';
import { retrievalUnitText } from './intervalUnit.js';
import { stalenessTable } from './staleness.js';
import { haystackByFraction, haystackIntro } from './haystack.js';
import { counted } from '../text/counted.js';

const MAX_MISSES_SHOWN = 10;

/**
 * The human summary `recall-gate run` prints; untrusted text (names, ids, errors) through plainText, so it cannot drive the terminal.
 * `byTag` (run --by-tag) adds each provider's every metric by tag.
 */
export function terminalReport(results: ResultsDocument, options: { byTag?: boolean } = {}): string {
  const retrieval = results.retrieval;
  if (!retrieval) return `${plainText(results.suite.name)}: the suite has no retrieval section\n`;
  const columns = headlineMetrics(retrieval.k);
  const lines: string[] = [];
  const without = withoutRelevantText(retrieval);
  lines.push(
    `${plainText(results.suite.name)}: retrieval, ${counted(retrieval.memory_count, 'memory', 'memories')}, ${counted(retrieval.query_count, 'query', 'queries')}, top ${retrieval.depth} per search`,
    `metrics: trec_eval definitions, mean over ${without ? `the queries with a relevant memory; ${without}` : 'all queries'}`,
    '',
  );
  const providers = Object.values(retrieval.providers);
  const rows = providers.map((provider) =>
    provider.status === 'ok'
      ? [plainText(provider.name), ...columns.map((name) => formatMetric(provider.metrics?.[name])), formatMs(provider.latency_ms?.median), formatMs(provider.latency_ms?.p95)]
      : [plainText(provider.name), ...columns.map(() => '-'), '-', '-'],
  );
  lines.push(textTable(['provider', ...columns, 'p50 ms', 'p95 ms'], rows), '');
  if (retrieval.group_metrics) {
    const grouped = groupColumns(columns);
    lines.push(
      `by group (${GROUP_METRICS_NOTE}):`,
      textTable(['provider', ...grouped], providers.map((provider) => [plainText(provider.name), ...grouped.map((name) => (provider.status === 'ok' ? formatMetric(provider.metrics?.[name]) : '-'))])),
      '',
    );
  }
  const withIntervals = providers.filter((provider) => provider.status === 'ok' && provider.intervals && Object.keys(provider.intervals).length > 0);
  if (withIntervals.length > 0) {
    lines.push(`intervals (${RETRIEVAL_INTERVAL_DEFINITION}; ${retrievalUnitText(retrieval)}):`);
    for (const provider of withIntervals) {
      const shown = [...columns, ...(retrieval.group_metrics ? groupColumns(columns) : [])].filter((name) => provider.intervals![name]).map((name) => `${name} ${formatEstimate(provider.metrics?.[name], provider.intervals![name])}`);
      lines.push(`  ${plainText(provider.name)}: ${shown.join('; ')}`);
    }
    lines.push('');
  }

  const staleness = stalenessTable(retrieval, plainText);
  if (staleness) lines.push(`${staleness.legend}`, textTable(staleness.header, staleness.rows, `lll${'r'.repeat(staleness.header.length - 3)}`), '');
  const haystack = haystackIntro(retrieval);
  if (haystack) {
    lines.push(`${haystack}:`);
    for (const table of haystackByFraction(retrieval, plainText)) lines.push(`${table.provider}:`, textTable(table.header, table.rows), '');
    if (!providers.some((provider) => provider.haystack)) lines.push('');
  }

  const embedded = providers.filter((provider) => provider.embedding);
  if (embedded.length > 0) {
    lines.push(`embedding requests: ${embedded.map(({ name, embedding }) => `${plainText(name)} ${embedding!.tokens} tokens, ${embedding!.cost_usd === null ? 'cost unknown' : usd(embedding!.cost_usd)}`).join('; ')}`, '');
  }

  // After the intervals, which belong to the table above.
  if (options.byTag) {
    for (const table of tagTables(retrieval, plainText)) lines.push(`${plainText(table.provider)} by tag: ${TAG_TABLES_NOTE}`, textTable(table.header, table.rows), '');
  }

  for (const provider of providers) {
    if (provider.status === 'error') {
      lines.push(`${plainText(provider.name)}: ERROR ${plainText(provider.error ?? '')}`);
      continue;
    }
    lines.push(...missLines(provider, retrieval.k[retrieval.k.length - 1]!, retrieval.depth));
  }
  // Leaks found before a provider failed still count, so every provider is checked.
  for (const { name, isolation } of providers) {
    if (!isolation || isolation.cross_user_hits + isolation.unknown_ids === 0) continue;
    const first = isolation.cross_user[0];
    const hits = first ? `${counted(isolation.cross_user_hits, 'cross-user hit', 'cross-user hits')}, first: ${crossUserText(first, (text) => oneLine(text, 80))}` : '0 cross-user hits';
    const unknown = isolation.unknown_ids > 0 ? `; ${counted(isolation.unknown_ids, 'result', 'results')} with an id the suite never seeded` : '';
    lines.push(`${plainText(name)}: ISOLATION ${hits}${unknown}`);
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

function missLines(provider: ProviderResult, k: number, depth: number): string[] {
  const name = plainText(provider.name);
  const missed = missedQueries(provider, k);
  if (missed.length === 0) return [`${name}: every relevant memory in the top ${k}`];
  const lines = [`${name}: ${missed.length} of ${provider.queries.length} queries miss a relevant memory in the top ${k}`];
  for (const query of missed.slice(0, MAX_MISSES_SHOWN)) {
    const wanted = Object.entries(query.ranks)
      .map(([id, rank]) => (rank === null ? `${plainText(id)} (not in top ${depth})` : `${plainText(id)} (rank ${rank})`))
      .join(', ');
    const got = query.results.slice(0, k).map((hit) => plainText(hit.id));
    lines.push(`  ${plainText(query.id)} "${oneLine(query.text, 80)}": wanted ${wanted}; got [${got.join(', ')}]`);
  }
  if (missed.length > MAX_MISSES_SHOWN) lines.push(`  ... and ${missed.length - MAX_MISSES_SHOWN} more in ${queryRowsFile(provider.name)}`);
  return lines;
}

