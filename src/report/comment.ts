import type { Condition } from '../e2e/types.js';
import type { Verdict } from '../gate/types.js';
import { cell, escapeMarkdown } from './escape.js';
import { formatMetric, headlineMetrics, markdownTable } from './format.js';
import type { ResultsDocument } from './results.js';
import { missedQueries, missedQueryRows } from './missedTable.js';

/** GitHub refuses comment bodies over 65,536 characters; keep a margin for the marker and notes. */
export const COMMENT_LIMIT_BYTES = 60_000;

export interface CommentInput {
  /** Hidden marker that identifies this suite's comment. */
  marker: string;
  results: ResultsDocument;
  baseline?: ResultsDocument;
  /** Where the baseline came from ("main at 1a2b3c4"), or why there is none. */
  baselineNote: string;
  verdict?: Verdict;
  /** Why the e2e layer ran or not, and the changed files that triggered it. */
  e2eTrigger: { ran: boolean; reason: string; files: string[] };
  /** Link to the run, for the full report and artifacts. */
  runUrl?: string;
}

/** How much detail a rendering keeps; the renderer drops detail step by step to fit. */
interface Detail {
  chart: boolean;
  rows: number;
  failures: boolean;
  misses: boolean;
  files: number;
}

const STEPS: { detail: Detail; dropped: string }[] = [
  { detail: { chart: true, rows: 50, failures: true, misses: true, files: 30 }, dropped: '' },
  { detail: { chart: false, rows: 50, failures: true, misses: true, files: 30 }, dropped: 'the chart' },
  { detail: { chart: false, rows: 15, failures: true, misses: true, files: 10 }, dropped: 'the chart and most detail rows' },
  { detail: { chart: false, rows: 10, failures: true, misses: false, files: 10 }, dropped: 'the chart, most detail rows and the missed queries' },
  { detail: { chart: false, rows: 5, failures: false, misses: false, files: 5 }, dropped: 'the chart, the failing cases and the missed queries' },
];

/** The sticky PR comment (also the job summary): verdict, abilities, retrieval, gate, trigger, failures. */
export function renderComment(input: CommentInput): string {
  for (const step of STEPS) {
    const body = render(input, step.detail, step.dropped);
    if (Buffer.byteLength(body) <= COMMENT_LIMIT_BYTES) return body;
  }
  // Even the leanest rendering is too long (a huge gate or many abilities): cut it, and say so.
  const lean = render(input, STEPS[STEPS.length - 1]!.detail, 'detail');
  const note = '\n\n**Cut to fit GitHub\'s comment limit.** The job summary and results.json have everything.\n';
  return `${truncateBytes(lean, COMMENT_LIMIT_BYTES - Buffer.byteLength(note))}${note}`;
}

function truncateBytes(text: string, limit: number): string {
  const bytes = Buffer.from(text);
  if (bytes.length <= limit) return text;
  return bytes.subarray(0, limit).toString('utf8').replace(/\uFFFD*$/, '');
}

function delta(current: number | undefined, base: number | undefined): string {
  if (current === undefined || base === undefined) return '';
  const change = current - base;
  if (Math.abs(change) < 0.0005) return '±0';
  return `${change > 0 ? '+' : '−'}${Math.abs(change).toFixed(3)}`;
}

function headline(input: CommentInput): string {
  const name = escapeMarkdown(input.results.suite.name);
  const verdict = input.verdict;
  if (input.results.status === 'incomplete') return `## ⚠️ recall-gate: ${name} could not complete`;
  if (!verdict) return `## ✅ recall-gate: ${name} ran (no gate configured)`;
  if (verdict.status === 'pass') return `## ✅ recall-gate: ${name} passed`;
  const failed = verdict.rows.filter((row) => row.status === 'fail').length;
  return `## ❌ recall-gate: ${name} failed (${failed} of ${verdict.rows.length} conditions)`;
}

function render(input: CommentInput, detail: Detail, dropped: string): string {
  const { results, baseline } = input;
  const lines: string[] = [input.marker, headline(input), ''];
  if (results.errors.length > 0) {
    lines.push(`**${results.errors.length} problem(s) stopped part of the run** (not counted as passes):`, '', ...results.errors.slice(0, detail.rows).map((error) => `- ${cell(error, 300)}`), '');
  }
  lines.push(`e2e: ${input.e2eTrigger.ran ? 'ran' : 'skipped'}: ${escapeMarkdown(input.e2eTrigger.reason)}. Baseline: ${escapeMarkdown(input.baselineNote)}.`, '');

  const e2e = results.e2e;
  if (e2e) {
    const condition: Condition = e2e.headline_condition;
    const others = e2e.conditions.filter((c) => c !== condition);
    lines.push(`### Pass rate per ability (${condition}, ${e2e.repeat} repeats)`, '');
    const rows = Object.entries(e2e.abilities).map(([ability, result]) => {
      const mine = result.conditions[condition];
      const base = baseline?.e2e?.abilities[ability]?.conditions[condition];
      return [cell(ability), formatMetric(mine?.pass_rate), formatMetric(mine?.['pass^k']), ...(baseline?.e2e ? [delta(mine?.pass_rate, base?.pass_rate)] : []), ...others.map((c) => formatMetric(result.conditions[c]?.pass_rate)), String(mine?.errors ?? 0)];
    });
    const all = e2e.by_condition[condition];
    rows.push(['**all**', formatMetric(all?.pass_rate), formatMetric(all?.['pass^k']), ...(baseline?.e2e ? [delta(all?.pass_rate, baseline.e2e.by_condition[condition]?.pass_rate)] : []), ...others.map((c) => formatMetric(e2e.by_condition[c]?.pass_rate)), String(all?.errors ?? 0)]);
    lines.push(...markdownTable(['ability', 'pass rate', `pass^${e2e.repeat}`, ...(baseline?.e2e ? ['Δ vs base'] : []), ...others.map((c) => `${c}`), 'errors'], rows), '');
    if (e2e.leaks.length) lines.push(`Leak: ${e2e.leaks.map((name) => cell(name)).join(', ')} passed with memory off.`, '');
    if (detail.chart && Object.keys(e2e.abilities).length > 1) lines.push(...chart(e2e.abilities, condition), '');
  }

  const retrieval = results.retrieval;
  if (retrieval) {
    const columns = headlineMetrics(retrieval.k).slice(0, 5);
    const mrrBase = (name: string) => baseline?.retrieval?.providers[name]?.metrics?.mrr;
    lines.push('### Retrieval', '', `${retrieval.query_count} queries over ${retrieval.memory_count} memories; trec_eval definitions.`, '');
    lines.push(
      ...markdownTable(
        ['provider', ...columns, ...(baseline?.retrieval ? ['Δ mrr'] : [])],
        Object.values(retrieval.providers).map((provider) =>
          provider.status === 'ok'
            ? [cell(provider.name), ...columns.map((name) => formatMetric(provider.metrics?.[name])), ...(baseline?.retrieval ? [delta(provider.metrics?.mrr, mrrBase(provider.name))] : [])]
            : [`${cell(provider.name)} (error)`, ...columns.map(() => '-'), ...(baseline?.retrieval ? [''] : [])],
        ),
      ),
      '',
    );
  }

  if (input.verdict) {
    lines.push('### Gate', '');
    lines.push(
      ...markdownTable(
        ['', 'metric', 'threshold', 'actual', 'baseline', 'change (95% interval)'],
        input.verdict.rows.map((row) => [
          { pass: '✅', fail: row.blocking ? '⛔' : '❌', skipped: '⏭️', 'not-evaluated': '➖' }[row.status],
          `${cell(row.metric)}${row.aggregation ? ` (${row.aggregation})` : ''}${row.note ? `<br><sub>${cell(row.note, 160)}</sub>` : ''}`,
          escapeMarkdown(row.threshold),
          formatMetric(row.actual),
          formatMetric(row.baseline),
          row.delta === undefined ? '' : `${delta(row.delta, 0)}${row.interval ? ` [${row.interval[0].toFixed(3)}, ${row.interval[1].toFixed(3)}]${row.significant ? ' beyond noise' : ''}` : ''}`,
        ]),
      ),
      '',
    );
  }

  if (input.e2eTrigger.files.length > 0) {
    const files = input.e2eTrigger.files;
    lines.push(`<details><summary>${files.length} changed file(s) on the memory path</summary>`, '', ...files.slice(0, detail.files).map((file) => `- \`${file.replace(/`/g, "'")}\``), ...(files.length > detail.files ? [`- … and ${files.length - detail.files} more`] : []), '', '</details>', '');
  }

  if (detail.failures && e2e && e2e.failures.length > 0) {
    lines.push(`<details><summary>${e2e.failures.length} failing trial(s)</summary>`, '');
    lines.push(...markdownTable(['trial', 'probe', 'answer', 'why'], e2e.failures.slice(0, detail.rows).map((f) => [cell(f.key, 80), cell(f.question, 160), cell(f.answer, 300), cell(f.reason, 200)])));
    lines.push('', '</details>', '');
  }

  if (detail.misses && retrieval) {
    const largest = retrieval.k[retrieval.k.length - 1]!;
    for (const provider of Object.values(retrieval.providers)) {
      if (provider.status !== 'ok') continue;
      const missed = missedQueries(provider, largest);
      if (missed.length === 0) continue;
      lines.push(`<details><summary>${cell(provider.name)}: ${missed.length} queries miss a relevant memory in the top ${largest}</summary>`, '');
      lines.push(
        ...markdownTable(
          ['query', 'wanted (rank)', `top ${largest}`],
          missedQueryRows(missed.slice(0, detail.rows), largest, { withId: false, textLimit: 160 }),
        ),
        '',
        '</details>',
        '',
      );
    }
  }

  if (dropped) lines.push(`_Left out to fit GitHub's comment limit: ${dropped}. The job summary and results.json have everything._`, '');
  lines.push(`<sub>recall-gate ${escapeMarkdown(results.tool.version)}${input.runUrl ? ` · [run and artifacts](${input.runUrl})` : ''}</sub>`);
  return `${lines.join('\n')}\n`;
}

/** A Mermaid bar chart of pass rate per ability; names reduced to characters Mermaid cannot misread. */
function chart(abilities: NonNullable<ResultsDocument['e2e']>['abilities'], condition: Condition): string[] {
  const names = Object.keys(abilities);
  const label = (name: string) => `"${name.replace(/[^A-Za-z0-9 _.-]/g, '').slice(0, 24) || '?'}"`;
  return [
    '```mermaid',
    'xychart-beta',
    `  title "Pass rate per ability (${condition})"`,
    `  x-axis [${names.map(label).join(', ')}]`,
    '  y-axis "pass rate" 0 --> 1',
    `  bar [${names.map((name) => (abilities[name]!.conditions[condition]?.pass_rate ?? 0).toFixed(3)).join(', ')}]`,
    '```',
  ];
}
