import { sparkline } from '../history/sparkline.js';
import type { HistoryLine, Trend } from '../history/types.js';
import { cell } from './escape.js';
import { formatMetric, oneLine, usd } from './format.js';

/** Points a trend line shows: the newest runs, this one last (a line must stay one line in a PR comment). */
export const TREND_POINTS = 30;

/** One headline metric over the runs shown. */
export interface TrendRow {
  metric: string;
  /** Untrusted (a provider or ability name): escape for where it is shown. */
  label: string;
  spark: string;
  /** The oldest value shown, and this run's. */
  first: number;
  current: number;
  /** Runs shown that measured it, this one included. */
  runs: number;
}

const E2E_LABELS: Record<string, string> = { 'e2e.pass_rate': 'pass rate (all)', 'e2e.pass^k': 'pass^k (all)', 'e2e.errors': 'errors (e2e)', 'e2e.cost_usd': 'cost (e2e)' };

/** "retrieval.keyword.recall@5" as "recall@5 (keyword)"; an ability's pass rate as "pass rate (ability)". */
function labelOf(metric: string): string {
  if (E2E_LABELS[metric]) return E2E_LABELS[metric];
  const ability = /^e2e\.ability\.(.*)\.pass_rate$/.exec(metric);
  if (ability) return `pass rate (${ability[1]})`;
  // Provider names may hold dots; metric names never do.
  const retrieval = /^retrieval\.(.*)\.([^.]+)$/.exec(metric);
  return retrieval ? `${retrieval[2]} (${retrieval[1]})` : metric;
}

function figure(metric: string, value: number): string {
  if (metric === 'e2e.errors') return String(value);
  return metric === 'e2e.cost_usd' ? usd(value) : formatMetric(value);
}

/** e2e first (what a reviewer reads first), then retrieval, each in the run's own order. */
function metricOrder(current: HistoryLine): string[] {
  const names = Object.keys(current.metrics);
  return [...names.filter((name) => name.startsWith('e2e.')), ...names.filter((name) => !name.startsWith('e2e.'))];
}

/** One row per metric this run measured, over the last `points` runs (this one last). Pure. */
export function trendRows(trend: Trend, points = TREND_POINTS): TrendRow[] {
  const shown = [...trend.past.slice(-(points - 1)), trend.current];
  return metricOrder(trend.current).map((metric) => {
    const values = shown.map((line) => line.metrics[metric]);
    const present = values.filter((value): value is number => value !== undefined);
    return { metric, label: labelOf(metric), spark: sparkline(values), first: present[0]!, current: trend.current.metrics[metric]!, runs: present.length };
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
  const labels = rows.map((row) => oneLine(row.label, 60));
  const width = Math.max(...labels.map((label) => label.length));
  const sparkWidth = Math.max(...rows.map((row) => row.spark.length));
  return [
    `trend over the last ${Math.min(trend.past.length + 1, points)} run(s), this one last:`,
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
    ...rows.slice(0, shown).map((row) => `- ${cell(row.label, 100)} \`${row.spark}\` ${change(row)}`),
    ...(rows.length > shown ? [`- … and ${rows.length - shown} more metric(s)`] : []),
    '',
  ];
}
