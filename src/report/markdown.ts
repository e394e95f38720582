import { costLines } from './costLines.js';
import { calibrationLine } from '../e2e/judgeCalibration.js';
import { cell, escapeMarkdown } from './escape.js';
import { selectionText } from './selectionText.js';
import { erroredTrials, formatCost, formatEstimate, formatMs, formatRate, liftAndGapCells, markdownTable, recallQualityText, sentence, splitRunText, formatTokens } from './format.js';
import { groupColumns, headlineMetrics } from '../retrieval/metrics.js';
import { TAG_TABLES_NOTE, tagTables } from './tagTables.js';
import { e2eIntro, GROUP_METRICS_NOTE, retrievalIntro } from './intros.js';
import { stalenessTable } from './staleness.js';
import type { ResultsDocument } from '../model/results.js';
import { missedQueries } from '../retrieval/metrics.js';
import { missedQueryRows } from './missedTable.js';
import { faultTableMarkdown } from './faultTable.js';
import { graderTable, graderTableMarkdown } from './graderTable.js';
import { harmCell, harmMarkdown } from './harmTable.js';
import { actionDetails } from './actionLines.js';
import { gateMarkdown, verdictHeadline } from './comment.js';
import type { Verdict } from '../model/gate.js';
import type { Trend } from '../model/history.js';
import { trendLinesMarkdown } from './trendLines.js';
import { memoryWarning, STAGE_INTRO, stageLines, stageName, stagesAllUnknown } from './stageLines.js';
import { isolationLines } from './isolation.js';
import { provenanceChanges } from '../gate/provenanceChanges.js';
import { provenanceMarkdown } from './provenanceLines.js';
import { haystackByMetric, haystackIntro } from './haystack.js';
import { changesMarkdown } from './changes.js';
import { PAIRED_HEADING, pairedMarkdown } from './pairedLines.js';
import { pairedChanges } from '../gate/paired.js';
import { counted } from '../text/counted.js';
import { REASON_SHOWN, errorGroups, moreReasonsText } from './errorGroups.js';

/** What report.md adds to the results once the run is gated (run, merge, the Action); regrade has no verdict. */
export interface MarkdownReportContext {
  verdict?: Verdict;
  trend?: Trend;
  /** The baseline the gate compared with: report.md says what differs between the runs besides the figures, and the paired tests against it. */
  baseline?: ResultsDocument;
}

/**
 * report.md: the results for people, every untrusted string escaped. Headed by
 * the verdict as the comment is; the whole gate table and the trend follow
 * the figures, and no list is cut to fit (the comment's size limit is not this file's).
 */
export function markdownReport(results: ResultsDocument, context: MarkdownReportContext = {}): string {
  const body = resultSections(results);
  const gate = [...(context.baseline ? provenanceMarkdown(provenanceChanges(context.baseline, results)) : []), ...(context.verdict ? gateMarkdown(context.verdict) : [])];
  const trend = context.trend ? trendLinesMarkdown(context.trend, Infinity) : [];
  // Without a verdict (no gate, or regrade, which does not gate) the headline claims none.
  const headline = context.verdict || results.status === 'incomplete' ? verdictHeadline(results, context.verdict) : `## recall-gate: ${escapeMarkdown(results.suite.name)}`;
  const changes = results.changes ? changesMarkdown(results.changes) : [];
  const paired = context.baseline ? pairedMarkdown(pairedChanges(context.baseline, results), Infinity) : [];
  const pairedSection = paired.length > 0 ? [PAIRED_HEADING, '', ...paired, ''] : [];
  return `${[headline, '', ...body, ...changes, ...pairedSection, ...gate, ...trend].join('\n').trimEnd()}\n`;
}

function resultSections(results: ResultsDocument): string[] {
  const lines: string[] = [];
  const split = splitRunText(results.split);
  if (split) lines.push(`${escapeMarkdown(split.charAt(0).toUpperCase() + split.slice(1))}.`, '');
  const narrowed = selectionText(results);
  if (narrowed) lines.push(`${escapeMarkdown(narrowed.charAt(0).toUpperCase() + narrowed.slice(1))}.`, '');
  if (results.status === 'incomplete') {
    lines.push(`**Incomplete run.** ${counted(results.errors.length, 'problem', 'problems')}:`, '', ...results.errors.map((error) => `- ${cell(error, 400)}`), '');
  }
  if (results.e2e) lines.push(...e2eSection(results.e2e));
  const retrieval = results.retrieval;
  if (!retrieval) return lines;

  const columns = headlineMetrics(retrieval.k);
  lines.push(`### Retrieval`, '', retrievalIntro(retrieval), '');
  const providers = Object.values(retrieval.providers);
  lines.push(
    ...markdownTable(
      ['provider', ...columns, 'p50 ms', 'p95 ms'],
      providers.map((provider) =>
        provider.status === 'ok'
          ? [cell(provider.name), ...columns.map((name) => formatEstimate(provider.metrics?.[name], provider.intervals?.[name])), formatMs(provider.latency_ms?.median), formatMs(provider.latency_ms?.p95)]
          : [cell(provider.name), ...columns.map(() => '-'), '-', '-'],
      ),
    ),
    '',
  );

  if (retrieval.group_metrics) {
    const grouped = groupColumns(columns);
    lines.push(
      `By group (${GROUP_METRICS_NOTE}):`,
      '',
      ...markdownTable(
        ['provider', ...grouped],
        providers.map((provider) => [cell(provider.name), ...grouped.map((name) => (provider.status === 'ok' ? formatEstimate(provider.metrics?.[name], provider.intervals?.[name]) : '-'))]),
      ),
      '',
    );
  }

  const staleness = stalenessTable(retrieval, (text) => cell(text));
  if (staleness) lines.push('#### Staleness', '', staleness.legend, '', ...markdownTable(staleness.header, staleness.rows), '');
  const haystack = haystackIntro(retrieval);
  if (haystack) {
    // Our words and figures only: nothing untrusted to escape.
    lines.push('#### Haystack curve', '', sentence(haystack), '');
    for (const table of haystackByMetric(retrieval, (text) => cell(text))) lines.push(`**${table.provider}**`, '', ...markdownTable(table.header, table.rows), '');
  }

  lines.push(...isolationLines(providers));

  const largest = retrieval.k[retrieval.k.length - 1]!;
  const byTag = tagTables(retrieval, (text) => cell(text));
  if (byTag.length > 0) lines.push('#### By tag', '', TAG_TABLES_NOTE, '');
  for (const table of byTag) lines.push(`**${cell(table.provider)}**`, '', ...markdownTable(table.header, table.rows), '');

  for (const provider of providers) {
    if (provider.status === 'error') {
      lines.push(`**${cell(provider.name)}** could not complete: ${cell(provider.error ?? '', 500)}`, '');
      continue;
    }
    const missed = missedQueries(provider, largest);
    if (missed.length === 0) continue;
    lines.push(`<details><summary>${cell(provider.name)}: ${missed.length === 1 ? '1 query misses' : `${missed.length} queries miss`} a relevant memory in the top ${largest}</summary>`, '');
    lines.push(
      ...markdownTable(
        ['query', 'text', 'wanted (rank)', `top ${largest}`],
        missedQueryRows(missed, largest, { withId: true }),
      ),
      '',
      '</details>',
      '',
    );
  }
  return lines;
}

function e2eSection(e2e: NonNullable<ResultsDocument['e2e']>): string[] {
  const lines = ['### End-to-end', ''];
  lines.push(e2eIntro(e2e, escapeMarkdown), '');
  const header = ['ability', ...e2e.conditions.map((condition) => `${condition} pass rate`), `pass^${e2e.repeat} (${e2e.headline_condition})`, ...liftAndGapCells(e2e.conditions, {}, undefined).header, 'errors'];
  const row = (name: string, byCondition: typeof e2e.by_condition, intervals: typeof e2e.intervals) => [
    name,
    ...e2e.conditions.map((condition) => formatRate(byCondition[condition], 'pass_rate', intervals?.[`${condition}.pass_rate`])),
    formatRate(byCondition[e2e.headline_condition], 'pass^k', intervals?.[`${e2e.headline_condition}.pass^k`]),
    ...liftAndGapCells(e2e.conditions, byCondition, intervals).cells,
    String(erroredTrials(e2e.conditions, byCondition)),
  ];
  lines.push(...markdownTable(header, [...Object.entries(e2e.abilities).map(([ability, result]) => row(cell(ability), result.conditions, result.intervals)), row('**all**', e2e.by_condition, e2e.intervals)]), '');
  lines.push(...faultTableMarkdown(e2e));
  const graders = graderTable(e2e, (name) => cell(name, 80));
  if (graders) lines.push(...graderTableMarkdown(graders, e2e.headline_condition));
  lines.push(`Tokens ${formatTokens(e2e)}; cost ${formatCost(e2e)}. Latency per call p50 ${formatMs(e2e.latency_ms.call.median)} ms, p95 ${formatMs(e2e.latency_ms.call.p95)} ms.`, '');
  const costs = costLines(e2e);
  if (costs.length > 0) lines.push(...costs.map((line) => `- ${line}`), '');
  if (e2e.judge_calibration) lines.push(`Judged figures: ${escapeMarkdown(calibrationLine(e2e.judge_calibration))}.`, '');
  const quality = recallQualityText(e2e);
  if (quality) lines.push(sentence(quality), '');
  lines.push(...harmMarkdown(e2e));
  for (const name of e2e.leaks) lines.push(`- **Leak:** ${cell(name)} passed with memory off.`);
  if (e2e.leaks.length) lines.push('');
  const empty = memoryWarning(e2e);
  // Figures and our own words only: nothing untrusted to escape.
  if (empty) lines.push(`⚠️ **Warning:** ${empty}.`, '');
  const stages = stageLines(e2e, (name) => cell(name));
  if (stages.length > 0 && stagesAllUnknown(e2e)) lines.push(`**Failing trials by stage:** ${stages.join('; ')}.`, '');
  else if (stages.length > 0) lines.push(`**Failing trials by stage**, ${STAGE_INTRO}:`, '', ...stages.map((line) => `- ${line}`), '');
  if (e2e.errors.length > 0) {
    const { groups, more } = errorGroups(e2e.errors, 20, (key) => cell(key));
    const rest = moreReasonsText(more);
    lines.push(`**${counted(e2e.errors.length, 'trial', 'trials')} ended in an error** (counted as not passed):`, '', ...groups.map((group) => `- ${group.trials}: ${cell(group.reason, REASON_SHOWN)}`), ...(rest ? [`- ${rest}`] : []), '');
  }
  if (e2e.failures.length > 0) {
    lines.push(`<details><summary>${counted(e2e.failures.length, 'failing trial', 'failing trials')} under ${e2e.headline_condition}</summary>`, '');
    lines.push(...markdownTable(['trial', 'probe', 'answer', 'why', 'stage'], e2e.failures.slice(0, 50).map((failure) => [cell(failure.key), cell(failure.question), cell(failure.answer, 200), cell(failure.reason, 200) + harmCell(failure.harm), stageName(failure)])));
    if (e2e.failures.length > 50) lines.push('', `The first 50; ${e2e.failures.length - 50} more are in trials.jsonl.`);
    lines.push('', ...e2e.failures.slice(0, 50).flatMap((failure) => actionDetails(failure.key, failure)), '</details>', '');
  }
  return lines;
}
