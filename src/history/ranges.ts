/**
 * The values a headline metric can take, by the last part of its key
 * (retrieval.<provider>.mrr, e2e.ability.<ability>.pass_rate): a value outside
 * is no measurement (a hand-edited or forged history line, a damaged
 * results.json) and must not enter a trend. Keys no rule names are not checked.
 */
interface MetricRange {
  /** The last part of the key (after the last dot). */
  name: RegExp;
  min: number;
  max?: number;
  /** What the metric is, for the message. */
  kind: string;
}

const RANGES: readonly MetricRange[] = [
  { name: /^(group_)?((recall|recall_all|precision|success|ndcg)@\d+|mrr)$/, min: 0, max: 1, kind: 'a retrieval metric' },
  { name: /^(pass_rate|pass\^k|pass@k|[a-z_]+_rate|evidence_coverage|recall_precision)$/, min: 0, max: 1, kind: 'a rate' },
  { name: /^(errors|leaks|cross_user_hits|unknown_ids|injected_tokens)$/, min: 0, kind: 'a count' },
  { name: /^([a-z_]+_)?(latency_ms|cost_usd)$|^cost_per_success$/, min: 0, kind: 'a latency or cost' },
];

/** Why a metric's value is outside its range ("-5 is outside [0, 1], the range of a rate"), or undefined when it is inside or unchecked. */
export function outOfRange(metric: string, value: number): string | undefined {
  const name = metric.slice(metric.lastIndexOf('.') + 1);
  const range = RANGES.find((candidate) => candidate.name.test(name));
  if (!range) return undefined;
  if (value >= range.min && (range.max === undefined || value <= range.max)) return undefined;
  const bounds = range.max === undefined ? `at least ${range.min}` : `[${range.min}, ${range.max}]`;
  return `${metric} is ${value}, outside ${bounds}, the range of ${range.kind}`;
}

/** Every metric of a history line (or a run's headline metrics) outside its range, in words. */
export function metricsOutOfRange(metrics: Readonly<Record<string, number>>): string[] {
  return Object.entries(metrics).flatMap(([metric, value]) => outOfRange(metric, value) ?? []);
}
