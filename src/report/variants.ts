/**
 * Variants side by side (run --variants a,b): every other variant against the
 * first, with exactly the figures `compare first/ other/` gives (compareResults
 * for the paired bootstrap interval of each change, pairedChanges for McNemar
 * on cases and Wilcoxon on queries), laid out as one table per layer. Pure.
 */
import { compareResults, type MetricComparison } from '../gate/compare.js';
import { formatInterval, formatNumber } from '../gate/format.js';
import { INTERVAL_DEFINITION } from '../gate/bootstrap.js';
import { pValue, pairedChanges, wilcoxonText, type McNemarResult, type PairedChanges } from '../gate/paired.js';
import type { ResultsDocument } from './results.js';
import { cell } from './escape.js';
import { headlineMetrics, markdownTable, oneLine, textTable } from './format.js';

export interface VariantResults {
  name: string;
  results: ResultsDocument;
}

export interface VariantsComparison {
  /** The first variant named: every other one is compared with it. */
  reference: string;
  variants: string[];
  /** Each other variant against the reference, as compare computes it. */
  against: { name: string; metrics: MetricComparison[]; paired: PairedChanges }[];
}

export function compareVariants(runs: readonly VariantResults[]): VariantsComparison {
  const [reference, ...others] = runs;
  return {
    reference: reference!.name,
    variants: runs.map((run) => run.name),
    against: others.map((run) => ({ name: run.name, metrics: compareResults(reference!.results, run.results), paired: pairedChanges(reference!.results, run.results) })),
  };
}

interface Table {
  title: string;
  header: string[];
  rows: string[][];
  notes: string[];
}

const significant = (row: MetricComparison) => Boolean(row.change && (row.change.interval[0] > 0 || row.change.interval[1] < 0));

function changeCell(row: MetricComparison | undefined): string {
  if (!row) return '-';
  const interval = row.change ? ` ${formatInterval({ interval: row.change.interval, significant: significant(row) })}` : '';
  return `${formatNumber(row.delta, true)}${interval}`;
}

function mcnemarCell(result: McNemarResult | undefined): string {
  return result ? `b=${result.b} c=${result.c} p=${pValue(result.p)}` : '-';
}

/** Rows keyed by metric: the reference's value, each variant's, then each variant's change and (for cases) McNemar. */
function metricTable(comparison: VariantsComparison, title: string, rows: { label: string; metric: string; mcnemar?: (paired: PairedChanges) => McNemarResult | undefined }[]): Table | undefined {
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
      ...others.flatMap((other, index) => [changeCell(found[index]), ...(rows.some((candidate) => candidate.mcnemar) ? [mcnemarCell(row.mcnemar?.(other.paired))] : [])]),
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
  }
  const retrieval = reference.retrieval;
  if (retrieval) {
    const metrics = headlineMetrics(retrieval.k);
    const rows = Object.keys(retrieval.providers).flatMap((provider) => metrics.map((metric) => ({ label: `${provider} ${metric}`, metric: `retrieval.${provider}.${metric}` })));
    const table = metricTable(comparison, 'retrieval, means per provider', rows);
    if (table) {
      for (const other of comparison.against) {
        for (const provider of other.paired.queries) table.notes.push(`${other.name} - ${comparison.reference}, ${provider.provider}: ${provider.worse.length} worse, ${provider.better.length} better, ${provider.same} same; ${wilcoxonText(provider.wilcoxon)}`);
      }
      out.push(table);
    }
  }
  return out;
}

const INTERVALS = `intervals: ${INTERVAL_DEFINITION}; paired on the cases or queries both variants share; * the interval excludes 0`;

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
  for (const table of tables(comparison, runs)) {
    lines.push(`## ${cell(table.title)}`, '', ...markdownTable(table.header.map((value) => cell(value)), table.rows.map((row) => row.map((value) => cell(value)))), '');
    for (const note of table.notes) lines.push(`- ${cell(note, 400)}`);
    if (table.notes.length > 0) lines.push('');
  }
  lines.push(cell(INTERVALS, 400), '');
  return lines.join('\n');
}
