import { oneLine, textTable } from '../report/format.js';
import type { MetricComparison } from './compare.js';
import type { GateRow, Verdict } from './types.js';

/** Three decimals, or fewer for large numbers (latencies, costs); a dash when absent. */
export function formatNumber(value: number | undefined, signed = false): string {
  if (value === undefined || Number.isNaN(value)) return '-';
  const digits = Math.abs(value) >= 100 ? 1 : 3;
  const text = value.toFixed(digits);
  return signed && value >= 0 && !/^-/.test(text) ? `+${text}` : text;
}

export function formatInterval(row: Pick<GateRow, 'interval' | 'significant'>): string {
  if (!row.interval) return '-';
  const [low, high] = row.interval;
  return `[${formatNumber(low, true)}, ${formatNumber(high, true)}]${row.significant ? ' *' : ''}`;
}

const STATUS_TEXT: Record<GateRow['status'], string> = { pass: 'pass', fail: 'FAIL', skipped: 'skipped', 'not-evaluated': 'not evaluated' };

/** Every gate row as a text table, then the verdict and the notes. */
export function verdictText(verdict: Verdict): string {
  const rows = verdict.rows.map((row) => [
    row.path,
    row.aggregation && row.aggregation !== 'mean' ? `${row.metric} (${row.aggregation})` : row.metric,
    row.threshold,
    formatNumber(row.actual),
    formatNumber(row.baseline),
    formatNumber(row.delta, true),
    formatInterval(row),
    `${STATUS_TEXT[row.status]}${row.blocking ? ' (blocking)' : ''}`,
  ]);
  const header = ['gate', 'metric', 'threshold', 'actual', 'baseline', 'delta', '95% CI of delta', 'status'];
  const lines = [textTable(header, rows, 'lllrrrrl')];
  const notes = verdict.rows.filter((row) => row.note).map((row) => `  ${row.path}: ${oneLine(row.note!, 500)}`);
  if (notes.length > 0) lines.push('', 'notes:', ...notes);
  if (verdict.rows.some((row) => row.significant)) lines.push('', '* the interval excludes 0: the change is larger than resampling noise');
  lines.push('', verdictLine(verdict));
  return `${lines.join('\n')}\n`;
}

export function verdictLine(verdict: Verdict): string {
  const count = (status: GateRow['status']) => verdict.rows.filter((row) => row.status === status).length;
  const tally = [`${count('pass')} passed`, `${count('fail')} failed`, `${count('skipped')} skipped`, `${count('not-evaluated')} not evaluated`].join(', ');
  const blocking = verdict.blockingFailures.length > 0 ? `; blocking: ${verdict.blockingFailures.join('; ')}` : '';
  return `gate ${verdict.status === 'pass' ? 'PASSED' : 'FAILED'} (${tally})${verdict.hasBaseline ? '' : ', no baseline'}${blocking}`;
}

export function comparisonText(rows: MetricComparison[]): string {
  if (rows.length === 0) return 'no metric in common between the two runs\n';
  return `${textTable(
    ['metric', 'baseline', 'current', 'delta'],
    rows.map((row) => [row.metric, formatNumber(row.baseline), formatNumber(row.current), formatNumber(row.delta, true)]),
  )}\n`;
}
