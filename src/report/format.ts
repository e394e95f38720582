import { plainText, shorten } from './escape.js';
import { unitNoun, type SampleUnit } from '../stats/bootstrap.js';
import type { E2eResult, GroupRates } from '../model/e2eResult.js';
import type { Condition } from '../model/e2e.js';
import { counted } from '../text/counted.js';
import { unknownCostReason } from '../e2e/cost.js';

/** Markdown table: the first column left, figures right, text left. Cells must be escaped already. */
export function markdownTable(header: string[], rows: string[][]): string[] {
  // Figures align right, text (a probe, an answer, a status) left: a column is figures when it holds some and
  // each of its cells that holds something (not blank, "-", "±0", "unknown" or "n/a") starts with a number, a sign or a dollar, bold or not.
  const figures = (column: number) => {
    const held = rows.map((row) => (row[column] ?? '').trim()).filter((text) => !/^(?:-|—|±0|unknown|n\/a)?$/.test(text));
    return column > 0 && (rows.length === 0 || (held.length > 0 && held.every((text) => /^(?:\*\*)?[-−+]?\$?\d/.test(text))));
  };
  return [`| ${header.join(' | ')} |`, `| ${header.map((_, i) => (figures(i) ? '---:' : '---')).join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`)];
}

/** Untrusted text for a terminal: one line without escape sequences or controls, cut to `max` characters with an ellipsis. */
export function oneLine(text: string, max: number): string {
  return shorten(plainText(text), max);
}

/**
 * The agent's token counts as reports say them: "1200 in, 300 out"; a sum over
 * calls some of which reported no usage is said to leave them out, and none
 * at all is unknown, not 0.
 */
export function formatTokens(e2e: Pick<E2eResult, 'tokens'> & Partial<Pick<E2eResult, 'cost'>>): string {
  const causes = e2e.cost?.unknown_causes;
  const missing = (causes?.calls_without_usage ?? 0) + (causes?.usage_warnings ?? 0);
  const { input, output } = e2e.tokens;
  if (missing === 0) return `${input} in, ${output} out`;
  if (input === 0 && output === 0) return 'unknown (no call reported usable token counts)';
  return `${input} in, ${output} out over the calls that reported them (${counted(missing, 'call', 'calls')} did not)`;
}

/** The trials that ended in an error over the conditions an e2e table row shows: its errors column. */
export function erroredTrials(conditions: readonly Condition[], byCondition: Partial<Record<Condition, Pick<GroupRates, 'errors'>>>): number {
  return conditions.reduce((sum, condition) => sum + (byCondition[condition]?.errors ?? 0), 0);
}

/** What a run cost in USD, or why it is unknown (unknownCostReason). */
export function formatCost(e2e: Pick<E2eResult, 'cost_usd'> & Partial<Pick<E2eResult, 'cost'>> & { target?: { kind: string } }): string {
  return e2e.cost_usd === null ? `unknown: ${unknownCostReason(e2e.cost, e2e.target?.kind)}` : usd(e2e.cost_usd);
}

/** Metric values as reports print them: three decimals, a dash for a missing value. */
export function formatMetric(value: number | undefined): string {
  return value === undefined || Number.isNaN(value) ? '-' : value.toFixed(3);
}

/**
 * A figure with its interval: "0.833 [0.667, 1.000] n=6", and what n counts
 * when the interval says ("n=3 users", retrieval's unit); the figure alone
 * when there is no interval.
 */
export function formatEstimate(value: number | undefined, estimate: { ci: [number, number]; n: number; unit?: SampleUnit } | undefined): string {
  if (!estimate || value === undefined) return formatMetric(value);
  return `${formatMetric(value)} ${intervalText(estimate)}`;
}

function intervalText(estimate: { ci: [number, number]; n: number; unit?: SampleUnit }): string {
  return `[${formatMetric(estimate.ci[0])}, ${formatMetric(estimate.ci[1])}] n=${estimate.n}${estimate.unit ? ` ${unitNoun(estimate.unit, estimate.n)}` : ''}`;
}

/** What the two rates are and what formatRate's counts in parentheses are, wherever a table of them is shown. */
export const RATE_LEGEND = 'pass rate counts errors as not passed; pass^k is the share of cases that passed every repeat; the counts in parentheses are trials passed/trials, and for pass^k cases/cases';

/**
 * An e2e pass rate (or pass^k) with the counts behind it, then its interval when it has one:
 * "0.400 (6/15) [0.133, 0.667] n=5": 6 of 15 trials passed; the interval draws the 5 cases.
 * pass^k's count is the cases that passed every repeat (the rate times the cases, as it was computed).
 */
export function formatRate(rates: GroupRates | undefined, key: 'pass_rate' | 'pass^k', estimate?: { ci: [number, number]; n: number; unit?: SampleUnit }): string {
  const value = rates?.[key];
  if (rates === undefined || value === undefined) return formatMetric(value);
  const [count, of] = key === 'pass_rate' ? [rates.passed, rates.trials] : [Math.round(value * rates.cases), rates.cases];
  return `${formatMetric(value)} (${count}/${of})${estimate ? ` ${intervalText(estimate)}` : ''}`;
}

export function formatMs(value: number | undefined): string {
  if (value === undefined) return '-';
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
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

type Interval = { ci: [number, number]; n: number };

/**
 * Lift (recall minus none: what memory adds) and gap (oracle minus recall:
 * what better recall could still add) of one group of trials, each with its
 * interval, as "0.500 [0.167, 0.833] n=5". Present only when both conditions ran.
 */
export function liftAndGapCells(
  conditions: readonly string[],
  rates: Partial<Record<string, { pass_rate: number }>>,
  intervals: Record<string, Interval> | undefined,
): { header: string[]; cells: string[] } {
  const recall = rates.recall?.pass_rate;
  const header: string[] = [];
  const cells: string[] = [];
  if (conditions.includes('recall') && conditions.includes('none')) {
    header.push('lift (recall − none)');
    cells.push(formatEstimate(recall !== undefined && rates.none ? recall - rates.none.pass_rate : undefined, intervals?.lift));
  }
  if (conditions.includes('recall') && conditions.includes('oracle')) {
    header.push('gap (oracle − recall)');
    cells.push(formatEstimate(recall !== undefined && rates.oracle ? rates.oracle.pass_rate - recall : undefined, intervals?.gap));
  }
  return { header, cells };
}

/** What a run of one split says first: its figures are that split's alone. */
export function splitRunText(split: { run: string } | undefined): string | undefined {
  if (!split || split.run === 'all') return undefined;
  return `split: only the ${split.run} cases and queries ran (run --split ${split.run}); every figure below is theirs alone`;
}

/** Dollars to four decimals; a cost below a hundredth of a cent keeps two significant digits ($0.0000070), so a real spend never reads as $0.0000. */
export function usd(value: number): string {
  return value !== 0 && Math.abs(value) < 0.00005 ? `$${value.toPrecision(2)}` : `$${value.toFixed(4)}`;
}

/** Evidence coverage, recall precision and harmful recall of the e2e trials, in words, each with what it is over; undefined when no case measures them. */
export function recallQualityText(e2e: Pick<E2eResult, 'recall_quality' | 'harm' | 'headline_condition'>): string | undefined {
  const quality = e2e.recall_quality;
  if (quality.evidence_coverage === undefined && quality.harmful_recall_rate === undefined) return undefined;
  const n = quality.trials;
  const mean = (value: number | undefined, over: number | undefined) => `${formatMetric(value)}${value === undefined || over === undefined ? '' : ` (mean over ${counted(over, 'trial', 'trials')})`}`;
  // Harmful recall is a share of the trials where it is defined (a case with obsolete or disallowed texts): the harm summary's count.
  const share = e2e.harm?.by_condition[e2e.headline_condition]?.harmful_recall;
  const harmful =
    quality.harmful_recall_rate === undefined
      ? 'harmful recall -'
      : share
        ? `harmful recall in ${share.count} of ${counted(share.of, 'trial', 'trials')} with an obsolete or disallowed memory (${formatMetric(quality.harmful_recall_rate)})`
        : `harmful recall in ${formatMetric(quality.harmful_recall_rate)} of trials`;
  return `recall quality: evidence coverage ${mean(quality.evidence_coverage, n?.evidence_coverage)}, recall precision ${mean(quality.recall_precision, n?.recall_precision)}, ${harmful}`;
}

/** A first letter made capital, and a full stop unless it ends in one, for a sentence the terminal starts lower case. */
export function sentence(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;
}
