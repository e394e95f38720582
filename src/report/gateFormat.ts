import { oneLine, textTable } from './format.js';
import { BEYOND_NOISE_LEGEND, INTERVAL_DEFINITION, beyondNoise, excludesZero, sharedAloneText, unitNoun, unitWords, type ChangeInterval } from '../stats/bootstrap.js';
import type { MetricComparison } from '../gate/compare.js';
import type { CaseFlips, PairedChanges, RankChange } from '../gate/paired.js';
import type { CountedUnit, GateRow, Verdict } from '../model/gate.js';
import type { McNemarResult, WilcoxonResult } from '../stats/paired.js';
import { MDE_DEFINITION } from '../stats/power.js';
import { counted } from '../text/counted.js';

/** Three decimals, or fewer for large numbers (latencies, costs); a dash when absent. */
export function formatNumber(value: number | undefined, signed = false): string {
  if (value === undefined || Number.isNaN(value)) return '-';
  const digits = Math.abs(value) >= 100 ? 1 : 3;
  const text = value.toFixed(digits);
  return signed && value >= 0 && !/^-/.test(text) ? `+${text}` : text;
}

export function formatInterval(row: Pick<GateRow, 'interval' | 'significant' | 'pairing'>): string {
  if (!row.interval) return '-';
  const [low, high] = row.interval;
  return `[${formatNumber(low, true)}, ${formatNumber(high, true)}]${row.pairing ? ` (${pairingText(row.pairing)})` : ''}${row.significant ? ' *' : ''}`;
}

/** A row's mde, "!" after it when the row's bound is below it (underpowered); a dash for a row without one. */
export function formatMde(row: Pick<GateRow, 'mde' | 'power'>): string {
  if (row.mde === undefined) return '-';
  return `${formatNumber(row.mde)}${row.power?.underpowered ? ' !' : ''}`;
}

const STATUS_TEXT: Record<GateRow['status'], string> = { pass: 'pass', fail: 'FAIL', skipped: 'skipped', 'not-evaluated': 'not evaluated' };

/** Every gate row as a text table, then the verdict and the notes. */
export function verdictText(verdict: Verdict): string {
  // Plain text: a metric key names providers, abilities and tags, which a forged results folder or suite can fill with escapes.
  // The mde column only when a row has one (max_drop/max_rise rows).
  const withMde = verdict.rows.some((row) => row.mde !== undefined);
  const rows = verdict.rows.map((row) => [
    oneLine(row.path, 200),
    oneLine(row.aggregation && row.aggregation !== 'mean' ? `${row.metric} (${row.aggregation})` : row.metric, 200),
    oneLine(row.threshold, 100),
    ...(withMde ? [formatMde(row)] : []),
    formatNumber(row.actual),
    formatNumber(row.baseline),
    formatNumber(row.delta, true),
    formatInterval(row),
    `${STATUS_TEXT[row.status]}${row.blocking ? ' (blocking)' : ''}`,
  ]);
  const header = ['gate', 'metric', 'threshold', ...(withMde ? ['mde'] : []), 'actual', 'baseline', 'delta', '95% CI of delta', 'status'];
  const lines = [textTable(header, rows, withMde ? 'lllrrrrrl' : 'lllrrrrl')];
  const notes = verdict.rows.filter((row) => row.note).map((row) => `  ${row.path}: ${oneLine(row.note!, 500)}`);
  if (notes.length > 0) lines.push('', 'notes:', ...notes);
  if (verdict.rows.some((row) => row.significant)) lines.push('', BEYOND_NOISE_LEGEND);
  if (withMde) lines.push('', `${MDE_DEFINITION}${verdict.rows.some((row) => row.power?.underpowered) ? '; ! the bound is below it (underpowered)' : ''}`);
  const split = splitLine(verdict);
  lines.push('', ...(split ? [split] : []), verdictLine(verdict));
  return `${lines.join('\n')}\n`;
}

/** "gate decided on the heldout split: 2 cases, 1 query", when the gate names a split (gate.split). */
export function splitLine(verdict: Pick<Verdict, 'split'>): string | undefined {
  if (!verdict.split) return undefined;
  const { name, cases, queries } = verdict.split;
  return `gate decided on the ${name} split: ${counted(cases, 'case', 'cases')}, ${counted(queries, 'query', 'queries')}`;
}

export function verdictLine(verdict: Verdict): string {
  const count = (status: GateRow['status']) => verdict.rows.filter((row) => row.status === status).length;
  const tally = [`${count('pass')} passed`, `${count('fail')} failed`, `${count('skipped')} skipped`, `${count('not-evaluated')} not evaluated`].join(', ');
  const blocking = verdict.blockingFailures.length > 0 ? `; blocking: ${verdict.blockingFailures.map((failure) => oneLine(failure, 200)).join('; ')}` : '';
  const mismatch = verdict.baselineSuiteMismatch ? `; ${baselineMismatchText(verdict.baselineSuiteMismatch)}` : '';
  return `gate ${verdict.status === 'pass' ? 'PASSED' : 'FAILED'} (${tally})${verdict.hasBaseline ? '' : ', no baseline'}${blocking}${mismatch}`;
}

/** A baseline of another suite, said loudly (the names as plain text): its regression rows compare different suites. */
export function baselineMismatchText(mismatch: NonNullable<Verdict['baselineSuiteMismatch']>): string {
  return `WARNING: the baseline is a run of another suite ("${oneLine(mismatch.baseline, 100)}", this run is "${oneLine(mismatch.current, 100)}"), so its changes compare different suites`;
}

/** "paired, 18 shared", "paired, 3 shared users" (whole users drawn; histories likewise) or "unpaired, 2 shared, 3 added, 1 removed". */
export function pairingText(change: (Pick<ChangeInterval, 'paired' | 'shared' | 'added' | 'removed'> & { unit?: CountedUnit }) | undefined): string {
  if (!change) return '-';
  const oneSide = change.added + change.removed > 0 ? `, ${change.added} added, ${change.removed} removed` : '';
  return `${change.paired ? 'paired' : 'unpaired'}, ${change.shared} shared${change.unit ? ` ${unitNoun(change.unit, change.shared)}` : ''}${oneSide}`;
}

/** The shared units' own interval where only units added or removed put the change's past 0: why no * is beside it. */
export function sharedOnlyText(change: ChangeInterval | undefined, unit?: CountedUnit): string {
  const text = change && sharedAloneText(change, unit);
  return text ? `; ${text}` : '';
}

export function comparisonText(rows: MetricComparison[]): string {
  if (rows.length === 0) return 'no metric in common between the two runs\n';
  return `${textTable(
    ['metric', 'baseline', 'current', 'delta', '95% CI of delta', 'units'],
    rows.map((row) => [
      // The key holds provider, ability, condition and grader names read from the results folders: plain text.
      oneLine(row.metric, 200),
      formatNumber(row.baseline),
      formatNumber(row.current),
      formatNumber(row.delta, true),
      row.change ? formatInterval({ interval: row.change.interval, significant: beyondNoise(row.change) }) : '-',
      pairingText(row.change && { ...row.change, ...(row.unit ? { unit: row.unit } : {}) }) + sharedOnlyText(row.change, row.unit),
    ]),
    'lrrrrl',
  )}\n\nintervals: ${INTERVAL_DEFINITION}; paired on the units both runs share where enough are shared (the units column says which)${rows.some((row) => row.change && excludesZero(row.change.interval)) ? `; ${BEYOND_NOISE_LEGEND}` : ''}\n`;
}

const MAX_LISTED = 20;

function listed(names: readonly string[]): string {
  const shown = names.slice(0, MAX_LISTED).map((name) => oneLine(name, 80));
  return `${shown.join(', ')}${names.length > MAX_LISTED ? `, ... and ${names.length - MAX_LISTED} more` : ''}`;
}

function flipLines(label: string, flips: CaseFlips): string[] {
  return [
    `  ${oneLine(label, 80)}: ${counted(flips.shared, 'shared case', 'shared cases')}; ${mcnemarText(flips.mcnemar)}`,
    ...(flips.pass_to_fail.length > 0 ? [`    pass -> fail: ${listed(flips.pass_to_fail)}`] : []),
    ...(flips.fail_to_pass.length > 0 ? [`    fail -> pass: ${listed(flips.fail_to_pass)}`] : []),
  ];
}

const rankText = (rank: number | null) => (rank === null ? 'none' : String(rank));

function rankLines(label: string, changes: readonly RankChange[]): string[] {
  if (changes.length === 0) return [];
  const shown = changes.slice(0, MAX_LISTED).map((change) => `${oneLine(change.id, 60)} (${rankText(change.before)} -> ${rankText(change.after)})`);
  return [`    ${label}: ${shown.join(', ')}${changes.length > MAX_LISTED ? `, ... and ${changes.length - MAX_LISTED} more` : ''}`];
}

/** Why the paired queries' worse and better differ from the changes summary's regressions and improvements. */
export const FIRST_RANK_NOTE = 'regressions in the changes summary count a query by every relevant memory in the top k instead';

/** The paired per-unit comparison, as compare prints it: flipped cases per ability, queries whose first relevant rank moved. */
export function pairedText(changes: PairedChanges): string {
  const lines: string[] = [];
  const cases = changes.cases;
  if (cases) {
    lines.push(`cases under ${cases.condition} (a case passes when more than half of its repeats passed):`);
    for (const [ability, flips] of Object.entries(cases.abilities)) lines.push(...flipLines(ability, flips));
    lines.push(...flipLines('all', cases.overall));
    if (cases.added.length + cases.removed.length > 0) lines.push(`  ${counted(cases.added.length, 'case', 'cases')} added, ${cases.removed.length} removed (not paired)${cases.added.length ? `; added: ${listed(cases.added)}` : ''}${cases.removed.length ? `; removed: ${listed(cases.removed)}` : ''}`);
    lines.push('');
  }
  if (changes.queries.length > 0) {
    lines.push(`queries, first relevant rank (baseline -> current; ${FIRST_RANK_NOTE}):`);
    for (const provider of changes.queries) {
      lines.push(`  ${oneLine(provider.provider, 80)}: ${provider.worse.length} worse, ${provider.better.length} better, ${provider.same} same of ${provider.shared} shared; ${wilcoxonText(provider.wilcoxon, provider)}`);
      lines.push(...rankLines('worse', provider.worse), ...rankLines('better', provider.better));
      if (provider.added.length + provider.removed.length > 0) lines.push(`    ${counted(provider.added.length, 'query', 'queries')} added, ${provider.removed.length} removed (not paired)`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** "exact McNemar b=1 c=9 (n=10) p=0.021": the test, its counts (of cases, or of case groups when cases share a history) and its p-value, never the p-value alone. */
export function mcnemarText(result: McNemarResult): string {
  const over = result.groups ? ` over ${result.groups.units} case groups (of ${result.groups.cases} cases: those sharing a history or a plant_from chain are one, passing when most of its cases pass)` : '';
  const count = (value: number) => (result.groups ? counted(value, 'group', 'groups') : String(value));
  return `${result.test}${over}: b=${count(result.b)} pass->fail, c=${count(result.c)} fail->pass (n=${result.n}), p=${pValue(result.p)}`;
}

/** The test with what it ranked: reciprocal-rank changes per query, or each user's (group's) mean change over its shared queries. */
export function wilcoxonText(result: WilcoxonResult, over?: { unit?: 'user' | 'group'; units?: number }): string {
  const on = over?.unit ? `on each ${unitNoun(over.unit, 1)}'s mean reciprocal-rank change over its shared queries (${unitWords(over.unit, over.units ?? 0)})` : 'on reciprocal rank';
  return `${result.test} (${result.exact ? 'exact' : 'normal approximation'}) ${on}: n=${result.n} non-zero (${result.zeros} unchanged), W+=${result.w_plus}, W-=${result.w_minus}, p=${pValue(result.p)}`;
}

export function pValue(p: number): string {
  return p < 0.001 ? p.toExponential(1) : p.toFixed(3);
}
