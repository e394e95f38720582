import { plainText, shorten } from './escape.js';

/** Markdown table: first column left, the rest right-aligned. Cells must be escaped already. */
export function markdownTable(header: string[], rows: string[][]): string[] {
  return [`| ${header.join(' | ')} |`, `| ${header.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`)];
}

/** Untrusted text for a terminal: one line without escape sequences or controls, cut to `max` characters with an ellipsis. */
export function oneLine(text: string, max: number): string {
  return shorten(plainText(text), max);
}

/** Metric values as reports print them: three decimals, a dash for a missing value. */
/**
 * What a run cost in USD. Unknown has two causes: a model with no price, and a
 * call whose token counts were missing or nonsense (see readUsage).
 */
export function formatCost(value: number | null): string {
  return value === null ? 'unknown (a model has no price, or a call reported no usable token counts: see usage_warning in trials.jsonl)' : `$${value.toFixed(4)}`;
}

export function formatMetric(value: number | undefined): string {
  return value === undefined || Number.isNaN(value) ? '-' : value.toFixed(3);
}

/** A figure with its interval: "0.833 [0.667, 1.000] n=6"; the figure alone when there is no interval. */
export function formatEstimate(value: number | undefined, estimate: { ci: [number, number]; n: number } | undefined): string {
  if (!estimate || value === undefined) return formatMetric(value);
  return `${formatMetric(value)} [${formatMetric(estimate.ci[0])}, ${formatMetric(estimate.ci[1])}] n=${estimate.n}`;
}

export function formatMs(value: number | undefined): string {
  if (value === undefined) return '-';
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

/** Columns shown in the short tables; results.json has every metric. */
export function headlineMetrics(k: readonly number[]): string[] {
  const largest = k[k.length - 1]!;
  return [...k.map((cut) => `recall@${cut}`), 'mrr', `ndcg@${largest}`, `precision@${largest}`];
}

/**
 * Plain text table; `align` has a letter per column, l (left) or r (right):
 * by default the first column left and the numbers right.
 */
export function textTable(header: string[], rows: string[][], align = `l${'r'.repeat(Math.max(0, header.length - 1))}`): string {
  const widths = header.map((title, col) => Math.max(title.length, ...rows.map((row) => (row[col] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((value, col) => (align[col] === 'r' ? value.padStart(widths[col]!) : value.padEnd(widths[col]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}
