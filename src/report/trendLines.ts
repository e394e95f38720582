import { sparkline } from './sparkline.js';
import type { HistoryLine, Trend } from '../model/history.js';
import { cell } from './escape.js';
import { formatMetric, oneLine, usd } from './format.js';
import { counted } from '../text/counted.js';

/** Points a trend line shows: the newest runs, this one last (a line must stay one line in a PR comment). */
export const TREND_POINTS = 30;

/** One headline metric over the runs shown. */
export interface TrendRow {
  metric: string;
  spark: string;
  /** The oldest value shown, and this run's. */
  first: number;
  current: number;
  /** Runs shown that measured it, this one included. */
  runs: number;
}

const E2E_LABELS: Record<string, string> = { 'e2e.pass_rate': 'pass rate (all)', 'e2e.pass^k': 'pass^k (all)', 'e2e.errors': 'errors (e2e)', 'e2e.cost_usd': 'cost (e2e)' };

/**
 * "retrieval.keyword.recall@5" as "recall@5 (keyword)"; an ability's pass
 * rate as "pass rate (ability)". Provider and ability names are untrusted:
 * `show` makes them safe where the label goes.
 */
export function labelOf(metric: string, show: (name: string) => string): string {
  if (E2E_LABELS[metric]) return E2E_LABELS[metric];
  const ability = /^e2e\.ability\.(.*)\.pass_rate$/.exec(metric);
  if (ability) return `pass rate (${show(ability[1]!)})`;
  // Provider names may hold dots; metric names never do.
  const retrieval = /^retrieval\.(.*)\.([^.]+)$/.exec(metric);
  return retrieval ? `${retrieval[2]} (${show(retrieval[1]!)})` : show(metric);
}

export function figure(metric: string, value: number): string {
  if (metric === 'e2e.errors') return String(value);
  return metric === 'e2e.cost_usd' ? usd(value) : formatMetric(value);
}

/**
 * The metrics a trend line is drawn for: every e2e one first (what a reviewer
 * reads first), then per provider recall and ndcg at the largest k and mrr;
 * the history keeps the other cut-offs (and the Action's `metrics` output has them).
 */
function trendMetrics(current: HistoryLine): string[] {
  const names = Object.keys(current.metrics);
  const largest = new Map<string, number>();
  for (const name of names) {
    const cut = /^retrieval\.(.*)\.(?:recall|ndcg)@(\d+)$/.exec(name);
    if (cut) largest.set(cut[1]!, Math.max(largest.get(cut[1]!) ?? 0, Number(cut[2])));
  }
  const headline = (name: string) => {
    const metric = /^retrieval\.(.*)\.(recall@\d+|ndcg@\d+|mrr)$/.exec(name);
    return metric !== null && (metric[2] === 'mrr' || metric[2]!.endsWith(`@${largest.get(metric[1]!)}`));
  };
  return [...names.filter((name) => name.startsWith('e2e.')), ...names.filter((name) => name.startsWith('retrieval.') && headline(name))];
}

/** One row per metric this run measured, over the last `points` runs (this one last). Pure. */
export function trendRows(trend: Trend, points = TREND_POINTS): TrendRow[] {
  const shown = [...(points > 1 ? trend.past.slice(-(points - 1)) : []), trend.current];
  return trendMetrics(trend.current).map((metric) => {
    const values = shown.map((line) => line.metrics[metric]);
    const present = values.filter((value): value is number => value !== undefined);
    return { metric, spark: sparkline(values), first: present[0]!, current: trend.current.metrics[metric]!, runs: present.length };
  });
}

function change(row: TrendRow): string {
  const now = figure(row.metric, row.current);
  return row.runs === 1 ? `${now} (first run)` : `${figure(row.metric, row.first)} → ${now} over ${row.runs} runs`;
}

/** The terminal's trend lines, aligned: label, sparkline, the first figure → this run's. */
export function trendLinesText(trend: Trend, points = TREND_POINTS): string[] {
  if (trend.past.length === 0) return ['trend: no earlier runs of this suite in the history yet'];
  const rows = trendRows(trend, points);
  if (rows.length === 0) return [];
  const labels = rows.map((row) => labelOf(row.metric, (name) => oneLine(name, 40)));
  const width = Math.max(...labels.map((label) => label.length));
  const sparkWidth = Math.max(...rows.map((row) => row.spark.length));
  return [
    `trend over the last ${counted(Math.min(trend.past.length + 1, points), 'run', 'runs')}, this one last:`,
    ...rows.map((row, index) => `  ${labels[index]!.padEnd(width)}  ${row.spark.padEnd(sparkWidth)}  ${change(row)}`),
  ];
}

/** The comment's trend section: one bullet per metric, the first `shown` of them. */
export function trendLinesMarkdown(trend: Trend, shown: number, points = TREND_POINTS): string[] {
  if (shown === 0) return [];
  const rows = trendRows(trend, points);
  if (trend.past.length === 0) return ['### Trend', '', 'No earlier runs in the history yet: the trends start with the next one.', ''];
  return [
    `### Trend over the last ${Math.min(trend.past.length + 1, points)} runs (this one last)`,
    '',
    ...rows.slice(0, shown).map((row) => `- ${labelOf(row.metric, (name) => cell(name, 80))} \`${row.spark}\` ${change(row)}`),
    ...(rows.length > shown ? [`- … and ${counted(rows.length - shown, 'more metric', 'more metrics')}`] : []),
    '',
  ];
}
