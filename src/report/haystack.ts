import type { ProviderResult, RetrievalResult } from '../model/results.js';
import type { HaystackPoint, ProviderHaystack } from '../model/haystack.js';
import { headlineMetrics } from '../retrieval/metrics.js';
import { formatMetric } from './format.js';
import { formatNumber } from './gateFormat.js';
import { counted } from '../text/counted.js';

/** One provider's haystack curve as a table; cells are plain (names escaped by the caller's `escape`). */
export interface HaystackTable {
  provider: string;
  header: string[];
  rows: string[][];
}

type WithHaystack = ProviderResult & { haystack: ProviderHaystack };

function curves(retrieval: RetrievalResult): WithHaystack[] {
  return Object.values(retrieval.providers).filter((provider): provider is WithHaystack => provider.status === 'ok' && provider.haystack !== undefined);
}

/** The sentence before the tables: what was thinned, how, and what "per doubling" is. Undefined when the run has no haystack. */
export function haystackIntro(retrieval: RetrievalResult): string | undefined {
  const record = retrieval.haystack;
  if (!record) return undefined;
  const fractions = record.fractions.join(', ');
  if (record.distractors === 0) return `haystack curve at ${fractions}: every memory is named by a query, so there was nothing to thin and no smaller run was made`;
  const smaller = record.fractions.filter((fraction) => fraction < 1).join(', ');
  return (
    `haystack curve at ${fractions}: each provider also ran at ${smaller} with the ${counted(record.distractors, 'memory', 'memories')} no query names thinned to that fraction (seed ${record.seed}), ` +
    'named memories always kept (1 is the normal run); per doubling is the least-squares slope of each mean against log2 of the memories seeded'
  );
}

/** Seconds one point's run took, setting up to searching; a dash for a fraction not run (its sample was the whole suite). */
function seconds(point: HaystackPoint): string {
  if (point.same_as_whole) return '-';
  const { setup, seed, prepare, search } = point.timings_ms;
  return ((setup + seed + prepare + search) / 1000).toFixed(2);
}

/** The terminal's tables: a row per fraction (memories, headline metrics, seconds), then the change per doubling. */
export function haystackByFraction(retrieval: RetrievalResult, escape: (text: string) => string): HaystackTable[] {
  const columns = headlineMetrics(retrieval.k);
  return curves(retrieval).map(({ name, haystack }) => ({
    provider: escape(name),
    header: ['fraction', 'memories', ...columns, 'seconds'],
    rows: [
      ...haystack.points.map((point) => [String(point.fraction), String(point.memories), ...columns.map((metric) => formatMetric(point.metrics[metric])), seconds(point)]),
      ['per doubling', '', ...columns.map((metric) => formatNumber(haystack.per_doubling?.[metric], true)), ''],
    ],
  }));
}

/** report.md's tables: a row per headline metric, a column per fraction (with its memories), then the change per doubling. */
export function haystackByMetric(retrieval: RetrievalResult, escape: (text: string) => string): HaystackTable[] {
  return curves(retrieval).map(({ name, haystack }) => ({
    provider: escape(name),
    header: ['metric', ...haystack.points.map((point) => `${point.fraction} (${counted(point.memories, 'memory', 'memories')})`), 'per doubling'],
    rows: headlineMetrics(retrieval.k).map((metric) => [metric, ...haystack.points.map((point) => formatMetric(point.metrics[metric])), formatNumber(haystack.per_doubling?.[metric], true)]),
  }));
}

/**
 * The PR comment's one table: a row per provider with the memories seeded and
 * recall at the suite's largest k at each fraction, and that metric's change
 * per doubling (report.md has every headline metric). Undefined without a curve.
 */
export function haystackSummary(retrieval: RetrievalResult, escape: (text: string) => string): { intro: string; header: string[]; rows: string[][] } | undefined {
  const intro = haystackIntro(retrieval);
  const lines = curves(retrieval);
  if (!intro || lines.length === 0) return undefined;
  const metric = `recall@${retrieval.k[retrieval.k.length - 1]}`;
  return {
    intro,
    header: ['provider', 'memories', metric, 'per doubling'],
    rows: lines.map(({ name, haystack }) => [
      escape(name),
      haystack.points.map((point) => String(point.memories)).join(' → '),
      haystack.points.map((point) => formatMetric(point.metrics[metric])).join(' → '),
      formatNumber(haystack.per_doubling?.[metric], true),
    ]),
  };
}
