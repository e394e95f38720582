/** Metric values as reports print them: three decimals, a dash for a missing value. */
export function formatMetric(value: number | undefined): string {
  return value === undefined || Number.isNaN(value) ? '-' : value.toFixed(3);
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

/** Plain text table with left-aligned first column and right-aligned numbers. */
export function textTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, col) => Math.max(title.length, ...rows.map((row) => (row[col] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((value, col) => (col === 0 ? value.padEnd(widths[col]!) : value.padStart(widths[col]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}
