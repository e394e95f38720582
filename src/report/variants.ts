/**
 * Variants side by side (run --variants a,b): every other variant against the
 * first, with exactly the figures `compare first/ other/` gives (compareResults
 * for the paired bootstrap interval of each change, pairedChanges for McNemar
 * on cases and Wilcoxon on queries), laid out as one table per layer. Pure.
 */
import type { E2eResult } from '../model/e2eResult.js';
import type { CheckSpec } from '../model/checks.js';
import { CHECK_KINDS, kindsOf } from '../e2e/checks/table.js';
import { BEYOND_NOISE_LEGEND, DEFAULT_SEED, INTERVAL_DEFINITION, beyondNoise, mixSeed, pairedBootstrapChange } from '../stats/bootstrap.js';
import { compareResults, type MetricComparison } from '../gate/compare.js';
import { caseRateSamples, type NamedCase } from '../e2e/caseSamples.js';
import { formatInterval, formatNumber, pValue, sharedOnlyText, verdictLine, wilcoxonText } from './gateFormat.js';
import type { Verdict } from '../model/gate.js';
import { caseChanges, pairedChanges, type CaseChanges, type PairedChanges } from '../gate/paired.js';
import type { McNemarResult } from '../stats/paired.js';
import { round } from '../stats/summary.js';
import type { ResultsDocument } from '../model/results.js';
import type { TrialRecord } from '../model/trial.js';
import { cell } from './escape.js';
import { markdownTable, oneLine, textTable } from './format.js';
import { headlineMetrics, stalenessNames } from '../retrieval/metrics.js';

export interface VariantResults {
  name: string;
  results: ResultsDocument;
  /** Its trials (trials.jsonl): the per-case units of recall quality. */
  trials?: readonly TrialRecord[];
  /** Its gate's verdict, when the suite has a gate: variants.md says each one's beside the tables. */
  verdict?: Verdict;
}

export interface VariantsComparison {
  /** The first variant named: every other one is compared with it. */
  reference: string;
  variants: string[];
  /** Each other variant against the reference, as compare computes it. */
  against: { name: string; metrics: MetricComparison[]; paired: PairedChanges; /** Case flips per grader (abilities keyed by grader). */ graders?: CaseChanges }[];
}

/** The check kinds that grade a case's answer, composites by their leaves ("icontains", "not+regex", "judge"): what a row groups by. */
export function checkKindOf(check: CheckSpec): string {
  const leaves = new Set<string>();
  const walk = (node: CheckSpec) => {
    for (const kind of kindsOf(node)) {
      const children = CHECK_KINDS[kind]!.children?.(node as Record<string, unknown>);
      if (children) children.forEach((child) => walk(child.check));
      else leaves.add(kind);
    }
  };
  walk(check);
  return [...leaves].sort().join('+');
}

/**
 * Each other variant against the first. `graders` (case name -> checkKindOf its
 * check) adds rows per grader: the cases a grader grades, with the same pooled
 * pass rate, paired interval and McNemar test as an ability's.
 */
export function compareVariants(runs: readonly VariantResults[], graders: Readonly<Record<string, string>> = {}): VariantsComparison {
  const [reference, ...others] = runs;
  return {
    reference: reference!.name,
    variants: runs.map((run) => run.name),
    against: others.map((run) => ({
      name: run.name,
      metrics: [...compareResults(reference!.results, run.results, { baseline: reference!.trials, current: run.trials }), ...graderRows(reference!.results, run.results, graders)],
      paired: pairedChanges(reference!.results, run.results),
      ...graderFlips(reference!.results, run.results, graders),
    })),
  };
}

function graderFlips(baseline: ResultsDocument, current: ResultsDocument, graders: Readonly<Record<string, string>>): { graders?: CaseChanges } {
  const flips = baseline.e2e && current.e2e && Object.keys(graders).length > 0 ? caseChanges(byGrader(baseline.e2e, graders), byGrader(current.e2e, graders)) : undefined;
  return flips ? { graders: flips } : {};
}

/** Rows per check kind, keyed `e2e.check.<kind>.pass_rate` (not a gate key; named graders have their own rows, e2e.grader.*). */
function graderRows(baseline: ResultsDocument, current: ResultsDocument, graders: Readonly<Record<string, string>>): MetricComparison[] {
  const condition = current.e2e?.headline_condition;
  if (!current.e2e || !baseline.e2e || condition === undefined || baseline.e2e.headline_condition !== condition) return [];
  const rows: MetricComparison[] = [];
  for (const grader of [...new Set(Object.values(graders))].sort()) {
    const samplesOf = (results: ResultsDocument) => {
      const cases: NamedCase[] = Object.entries(results.e2e!.cases).filter(([name, result]) => graders[name] === grader && result.conditions[condition]);
      return cases.length > 0 ? caseRateSamples(cases, condition, 'pass_rate') : undefined;
    };
    const [before, after] = [samplesOf(baseline), samplesOf(current)];
    if (!before || !after) continue;
    const metric = `e2e.check.${grader}.pass_rate`;
    const [prior, now] = [before.statistic(before.units), after.statistic(after.units)];
    const change = pairedBootstrapChange(after, before, { seed: mixSeed(DEFAULT_SEED, metric) });
    rows.push({ metric, baseline: prior, current: now, delta: round(now - prior, 12), ...(change ? { change } : {}) });
  }
  return rows;
}

/** The e2e results with each case's ability replaced by its grader, so caseChanges counts McNemar's flips per grader. */
function byGrader(e2e: E2eResult, graders: Readonly<Record<string, string>>): E2eResult {
  return { ...e2e, cases: Object.fromEntries(Object.entries(e2e.cases).flatMap(([name, result]) => (graders[name] ? [[name, { ...result, ability: graders[name]! }]] : []))) };
}
interface Table {
  title: string;
  header: string[];
  rows: string[][];
  notes: string[];
}

const significant = (row: MetricComparison) => Boolean(row.change && beyondNoise(row.change));

function changeCell(row: MetricComparison | undefined): string {
  if (!row) return '-';
  const interval = row.change ? ` ${formatInterval({ interval: row.change.interval, significant: significant(row), pairing: { ...row.change, ...(row.unit ? { unit: row.unit } : {}) } })}` : '';
  return `${formatNumber(row.delta, true)}${interval}${sharedOnlyText(row.change, row.unit)}`;
}

function mcnemarCell(result: McNemarResult | undefined): string {
  return result ? `b=${result.b} c=${result.c}${result.groups ? ` of ${result.groups.units} case groups` : ''} p=${pValue(result.p)}` : '-';
}

/** Rows keyed by metric: the reference's value, each variant's, then each variant's change and (for cases) McNemar. */
type Against = VariantsComparison['against'][number];

function metricTable(comparison: VariantsComparison, title: string, rows: { label: string; metric: string; mcnemar?: (paired: PairedChanges, other?: Against) => McNemarResult | undefined }[]): Table | undefined {
  const others = comparison.against;
  const header = [
    title.startsWith('e2e') ? 'ability / rate' : 'provider / metric',
    ...comparison.variants,
    ...others.flatMap((other) => [`${other.name} - ${comparison.reference} [95% CI]`, ...(rows.some((row) => row.mcnemar) ? [`McNemar ${other.name}`] : [])]),
  ];
  const body: string[][] = [];
  for (const row of rows) {
    const found = others.map((other) => other.metrics.find((metric) => metric.metric === row.metric));
    const first = found.find((metric) => metric !== undefined);
    if (!first) continue;
    body.push([
      row.label,
      formatNumber(first.baseline),
      ...found.map((metric) => formatNumber(metric?.current)),
      ...others.flatMap((other, index) => [changeCell(found[index]), ...(rows.some((candidate) => candidate.mcnemar) ? [mcnemarCell(row.mcnemar?.(other.paired, other))] : [])]),
    ]);
  }
  return body.length > 0 ? { title, header, rows: body, notes: [] } : undefined;
}

function tables(comparison: VariantsComparison, runs: readonly VariantResults[]): Table[] {
  const out: Table[] = [];
  const reference = runs[0]!.results;
  const e2e = reference.e2e;
  const condition = comparison.against[0]?.paired.cases?.condition;
  if (e2e && condition) {
    const rows = [
      ...Object.keys(e2e.abilities)
        .sort()
        .map((ability) => ({ label: `${ability} pass_rate`, metric: `e2e.ability.${ability}.pass_rate`, mcnemar: (paired: PairedChanges) => paired.cases?.abilities[ability]?.mcnemar })),
      { label: 'all pass_rate', metric: 'e2e.pass_rate', mcnemar: (paired: PairedChanges) => paired.cases?.overall.mcnemar },
      { label: 'all pass^k', metric: 'e2e.pass^k' },
    ];
    const table = metricTable(comparison, `e2e, condition ${condition}, per ability`, rows);
    if (table) {
      table.notes.push('McNemar: exact test on cases (a case passes when more than half of its repeats passed); b pass->fail, c fail->pass against the reference');
      out.push(table);
    }
    const graders = [...new Set(comparison.against.flatMap((other) => other.metrics.map((row) => /^e2e\.check\.(.+)\.pass_rate$/.exec(row.metric)?.[1]).filter((name) => name !== undefined)))];
    const byCheck = metricTable(
      comparison,
      `e2e, condition ${condition}, per check kind (what grades a case's answer)`,
      graders.map((grader) => ({ label: `${grader} pass_rate`, metric: `e2e.check.${grader}.pass_rate`, mcnemar: (_paired: PairedChanges, other?: Against) => other?.graders?.abilities[grader]?.mcnemar })),
    );
    if (byCheck) out.push(byCheck);
  }
  const retrieval = reference.retrieval;
  if (retrieval) {
    // Staleness shares (lower is better) when the suite's queries name obsolete memories.
    const metrics = [...headlineMetrics(retrieval.k), ...(retrieval.queries_with_obsolete ? stalenessNames(retrieval.k) : [])];
    const rows = Object.keys(retrieval.providers).flatMap((provider) => metrics.map((metric) => ({ label: `${provider} ${metric}`, metric: `retrieval.${provider}.${metric}` })));
    const table = metricTable(comparison, 'retrieval, means per provider', rows);
    if (table) {
      for (const other of comparison.against) {
        for (const provider of other.paired.queries) table.notes.push(`${other.name} - ${comparison.reference}, ${provider.provider}: ${provider.worse.length} worse, ${provider.better.length} better, ${provider.same} same; ${wilcoxonText(provider.wilcoxon, provider)}`);
      }
      out.push(table);
    }
  }
  return out;
}

const INTERVALS = `intervals: ${INTERVAL_DEFINITION}; paired on the cases or queries both variants share; ${BEYOND_NOISE_LEGEND}`;

/** For the terminal. */
export function variantsText(comparison: VariantsComparison, runs: readonly VariantResults[]): string {
  const lines = [`variants side by side, each against ${oneLine(comparison.reference, 80)}:`, ''];
  for (const table of tables(comparison, runs)) {
    const clean = (row: string[]) => row.map((value) => oneLine(value, 120));
    lines.push(`${table.title}:`, textTable(clean(table.header), table.rows.map(clean)), ...table.notes.map((note) => `  ${oneLine(note, 400)}`), '');
  }
  lines.push(INTERVALS, '');
  return lines.join('\n');
}

/** variants.md: the same tables in GitHub markdown, each variant's folder named. */
export function variantsMarkdown(comparison: VariantsComparison, runs: readonly VariantResults[]): string {
  const lines = [`# Variants side by side: ${cell(runs[0]!.results.suite.name)}`, '', `Each variant against **${cell(comparison.reference)}**; every variant's complete results are in its own folder (${comparison.variants.map((name) => `\`${cell(name)}/\``).join(', ')}).`, ''];
  // Which variant the gate passes comes first (and one that did not complete): the tables say by how much they differ.
  const outcomes = runs.flatMap((run) => {
    const said = [...(run.verdict ? [cell(verdictLine(run.verdict), 400)] : []), ...(run.results.status === 'complete' ? [] : [`run ${run.results.status}`])];
    return said.length > 0 ? [`- **${cell(run.name)}**: ${said.join('; ')}`] : [];
  });
  if (outcomes.length > 0) lines.push(...outcomes, '');
  for (const table of tables(comparison, runs)) {
    lines.push(`## ${cell(table.title)}`, '', ...markdownTable(table.header.map((value) => cell(value)), table.rows.map((row) => row.map((value) => cell(value)))), '');
    for (const note of table.notes) lines.push(`- ${cell(note, 400)}`);
    if (table.notes.length > 0) lines.push('');
  }
  lines.push(cell(INTERVALS, 400), '');
  return lines.join('\n');
}
