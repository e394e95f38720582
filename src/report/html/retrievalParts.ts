/**
 * The retrieval figures report.md shows beside the headline table, for
 * report.html: what ran and how the means are taken, the by-group table, the
 * isolation canary and every metric by tag. Worded by the helpers report.md
 * uses. Pure.
 */
import { groupColumns, headlineMetrics } from '../../retrieval/metrics.js';
import type { ResultsDocument } from '../../model/results.js';
import { formatEstimate, sentence } from '../format.js';
import { GROUP_METRICS_NOTE } from '../intros.js';
import { crossUserText } from '../isolation.js';
import { tagTables } from '../tagTables.js';
import { list, note, table, type Part } from './blocks.js';
import { counted } from '../../text/counted.js';

type Retrieval = NonNullable<ResultsDocument['retrieval']>;

/** Pairs of an isolation leak named per provider, as report.md names them. */
const PAIRS_SHOWN = 5;


function groupPart(retrieval: Retrieval): Part | undefined {
  if (!retrieval.group_metrics) return undefined;
  const grouped = groupColumns(headlineMetrics(retrieval.k));
  const rows = Object.values(retrieval.providers).map((provider) => ({
    provider: provider.name,
    cells: [provider.name, ...grouped.map((name) => (provider.status === 'ok' ? formatEstimate(provider.metrics?.[name], provider.intervals?.[name]) : '-'))],
  }));
  return { id: 'by-group', title: 'By group', blocks: [note(sentence(GROUP_METRICS_NOTE)), table(['provider', ...grouped], rows)] };
}

function isolationPart(retrieval: Retrieval): Part | undefined {
  const items = Object.values(retrieval.providers).flatMap(({ name, isolation }) => {
    if (!isolation || isolation.cross_user_hits + isolation.unknown_ids === 0) return [];
    const pairs = isolation.cross_user.slice(0, PAIRS_SHOWN).map((hit) => crossUserText(hit, (text) => text));
    const more = isolation.cross_user_hits > pairs.length ? `, … ${isolation.cross_user_hits - pairs.length} more` : '';
    const unknown = isolation.unknown_ids > 0 ? ` ${counted(isolation.unknown_ids, 'result', 'results')} with an id the suite never seeded.` : '';
    return [{ provider: name, text: `${name}: ${counted(isolation.cross_user_hits, 'cross-user hit', 'cross-user hits')}${pairs.length ? ` (${pairs.join('; ')}${more})` : ''}.${unknown}` }];
  });
  if (items.length === 0) return undefined;
  return { id: 'isolation', title: 'Isolation', blocks: [note('Results owned by another user than the one searching:', 'fail'), list(items)] };
}

export function retrievalParts(retrieval: Retrieval): Part[] {
  return [groupPart(retrieval), isolationPart(retrieval)].filter((part): part is Part => part !== undefined);
}

/** One table per provider that completed: every metric, for all queries and per tag (query counts in the header). */
export function tagParts(retrieval: Retrieval | undefined): Part[] {
  if (!retrieval) return [];
  return tagTables(retrieval, (text) => text).map((tags, index) => ({
    id: `tags-${index}`,
    title: tags.provider,
    provider: tags.provider,
    blocks: [table(tags.header, tags.rows.map((cells) => ({ cells })))],
  }));
}
