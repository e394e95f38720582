import { commentCostLine } from './costLines.js';
import type { GroupRates } from '../model/e2eResult.js';
import type { Condition } from '../model/e2e.js';
import type { GateRow, Verdict } from '../model/gate.js';
import { cell, escapeMarkdown, plainText, shorten } from './escape.js';
import { INTERVAL_DEFINITION, RETRIEVAL_INTERVAL_DEFINITION } from '../stats/bootstrap.js';
import { pairingText, splitLine } from './gateFormat.js';
import { PAIRED_HEADING, pairedMarkdown } from './pairedLines.js';
import { pairedChanges } from '../gate/paired.js';
import { erroredTrials, formatEstimate, formatMetric, formatRate, liftAndGapCells, markdownTable, RATE_LEGEND, sentence } from './format.js';
import { headlineMetrics } from '../retrieval/metrics.js';
import type { ResultsDocument } from '../model/results.js';
import { withoutRelevantText } from './tagTables.js';
import { retrievalUnitText } from './intervalUnit.js';
import { stalenessTable, type StalenessTable } from './staleness.js';
import { haystackSummary } from './haystack.js';
import { selectionText } from './selectionText.js';
import { changedHeldoutCases, changedHeldoutQueries } from '../suite/splits.js';
import { missedQueries } from '../retrieval/metrics.js';
import { missedQueryRows } from './missedTable.js';
import { faultTableMarkdown } from './faultTable.js';
import { isolationLines } from './isolation.js';
import { calibrationLine } from '../e2e/judgeCalibration.js';
import { graderTable, graderTableMarkdown } from './graderTable.js';
import { harmCell, harmMarkdown } from './harmTable.js';
import { actionDetails, COMMENT_BOUNDS, hasActions } from './actionLines.js';
import type { Trend } from '../model/history.js';
import { trendLinesMarkdown, trendRows } from './trendLines.js';
import { memoryWarning, stageLines, stageName, stagesAllUnknown } from './stageLines.js';
import { provenanceChanges } from '../gate/provenanceChanges.js';
import { provenanceMarkdown } from './provenanceLines.js';
import { changeCountsText, changeRowCount, changesMarkdown } from './changes.js';
import { changeCounts } from '../gate/changes.js';
import { counted } from '../text/counted.js';
import { E2E_INTERVAL_UNITS } from './intros.js';
import { REASON_SHOWN, errorGroups, moreReasonsText } from './errorGroups.js';

/**
 * GitHub refuses comment bodies over 65,536 characters. Counted in bytes
 * (never fewer than characters), with a margin for what changes the body
 * after rendering (secrets replaced by a mask).
 */
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
  /** The suite's results folder as the workflow names it, e.g. recall-gate-results/assistant-memory. */
  resultsDir?: string;
  /** The artifact the workflow uploads the results folder as (the Action's artifact-name input). */
  artifactName?: string;
  /** The suite's history and this run: one trend line per headline metric. */
  trend?: Trend;
}

/** A section that can shrink to fit: it shows its most important `shown` rows and says how many it left out. */
interface Part {
  /** Rows it has. */
  rows: number;
  /** Rows it shows when there is room. */
  cap: number;
  render(shown: number): string[];
  /** What leaving out `count` of its rows to fit is called in the closing note. */
  leftOut(count: number): string;
}

type PartName = 'errors' | 'reasons' | 'abilities' | 'graders' | 'chart' | 'retrieval' | 'changes' | 'flips' | 'provenance' | 'trend' | 'gate' | 'files' | 'failures' | 'actions' | 'misses';

/**
 * How a body too long for its limit degrades, least important detail first:
 * each step shrinks one part to at most its floor, keeping as many rows as
 * still fit. The verdict, the problems, the gate table and the failing trials
 * go last; the headline and the closing note never go.
 */
const TRIM_STEPS: readonly [PartName, number][] = [
  ['files', 0],
  ['misses', 0],
  ['chart', 0],
  ['actions', 3],
  ['trend', 3],
  ['provenance', 5],
  ['changes', 5],
  ['flips', 11],
  ['retrieval', 5],
  ['abilities', 10],
  ['graders', 10],
  ['failures', 10],
  ['actions', 1],
  ['trend', 0],
  ['retrieval', 0],
  ['graders', 0],
  ['abilities', 0],
  ['changes', 0],
  ['flips', 4],
  ['provenance', 0],
  ['reasons', 3],
  ['gate', 20],
  ['actions', 0],
  ['failures', 3],
  ['flips', 1],
  ['reasons', 1],
  ['errors', 5],
  ['failures', 0],
  ['reasons', 0],
  ['errors', 0],
  ['flips', 0],
  ['gate', 0],
];

/** Lines as a block of text, each ending in a newline. */
function block(lines: readonly string[]): string {
  return lines.map((line) => `${line}\n`).join('');
}

/**
 * The sticky PR comment, and each suite's part of the job summary with its
 * own `limitBytes`: verdict, problems, abilities, retrieval, gate, trigger,
 * failures. Too long, it shrinks part by part (TRIM_STEPS), never cutting a
 * row, and says what it left out and where the full results are.
 */
export function renderComment(input: CommentInput, limitBytes = COMMENT_LIMIT_BYTES): string {
  const parts = commentParts(input);
  const names = Object.keys(parts) as PartName[];
  /** Rows a part shows when there is room. */
  const roomy = (name: PartName) => Math.min(parts[name]!.rows, parts[name]!.cap);
  const shown: Partial<Record<PartName, number>> = Object.fromEntries(names.map((name) => [name, roomy(name)]));
  const bytesOf = (name: PartName, count: number) => Buffer.byteLength(block(parts[name]!.render(count)));
  const leftOut = () => names.filter((name) => shown[name]! < roomy(name)).map((name) => parts[name]!.leftOut(roomy(name) - shown[name]!));
  // Room for the longest closing note there could be: every part cut to nothing.
  const longestNote = closing(input, names.map((name) => parts[name]!.leftOut(roomy(name))));
  const fixed = Buffer.byteLength(block(opening(input)) + block(trigger(input)) + block(heldoutFlag(input)) + block(memoryFlag(input)) + block(longestNote));

  let total = fixed + names.reduce((sum, name) => sum + bytesOf(name, shown[name]!), 0);
  for (const [name, floor] of TRIM_STEPS) {
    if (total <= limitBytes) break;
    const current = shown[name];
    if (current === undefined || current <= floor) continue;
    const others = total - bytesOf(name, current);
    // The most rows between the floor and now that still fit (a part grows with its rows).
    let low = floor;
    let high = current;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (others + bytesOf(name, mid) <= limitBytes) low = mid;
      else high = mid - 1;
    }
    shown[name] = low;
    total = others + bytesOf(name, low);
  }

  const section = (name: PartName) => (parts[name] ? parts[name].render(shown[name]!) : []);
  const body = block([
    ...opening(input),
    ...section('errors'),
    ...section('reasons'),
    ...trigger(input),
    ...heldoutFlag(input),
    ...memoryFlag(input),
    ...section('abilities'),
    ...section('graders'),
    ...section('chart'),
    ...section('retrieval'),
    ...section('provenance'),
    ...section('flips'),
    ...section('changes'),
    ...section('trend'),
    ...section('gate'),
    ...section('files'),
    ...section('failures'),
    ...section('actions'),
    ...section('misses'),
    ...closing(input, leftOut()),
  ]);
  // Only a limit smaller than the headline and the note can leave it too long: cut whole lines, keeping the marker.
  return Buffer.byteLength(body) <= limitBytes ? body : cutAtLine(body, limitBytes);
}

/** A suite's part of the job summary when it could not run at all. */
export function renderNotRun(suitePath: string, reason: string, limitBytes: number): string {
  return cutAtLine(block([`## ⚠️ recall-gate: ${cell(suitePath, 200)} could not complete`, '', cell(reason, 1000), '', '']), limitBytes);
}

/** The longest start of `text` that ends with a whole line and fits `limit` bytes. */
function cutAtLine(text: string, limit: number): string {
  const bytes = Buffer.from(text);
  const end = bytes.lastIndexOf(0x0a, limit - 1);
  return end < 0 ? '' : bytes.subarray(0, end + 1).toString('utf8');
}

function delta(current: number | undefined, base: number | undefined): string {
  if (current === undefined || base === undefined) return '';
  const change = current - base;
  if (Math.abs(change) < 0.0005) return '±0';
  return `${change > 0 ? '+' : '−'}${Math.abs(change).toFixed(3)}`;
}

/** The headline of the comment and report.md: the verdict, or why there is none. */
export function verdictHeadline(results: ResultsDocument, verdict: Verdict | undefined): string {
  const mismatch = verdict?.baselineSuiteMismatch;
  const headline = headlineOnly(results, verdict);
  // A baseline of another suite (allowed by a flag) is said under the headline, in the comment and report.md alike.
  return mismatch ? `${headline}\n\n⚠️ **The baseline is a run of another suite** (${cell(mismatch.baseline, 100)}; this run is ${cell(mismatch.current, 100)}): its changes compare different suites.` : headline;
}

function headlineOnly(results: ResultsDocument, verdict: Verdict | undefined): string {
  const name = cell(results.suite.name, 100);
  if (results.status === 'incomplete') return `## ⚠️ recall-gate: ${name} could not complete`;
  if (!verdict) return `## ✅ recall-gate: ${name} ran (no gate configured)`;
  if (verdict.status === 'pass') {
    // A pass beside changes against the baseline says so here: a reader of the headline alone took it as no change.
    const counts = results.changes ? changeCounts(results.changes) : undefined;
    const moved = counts && counts.regressions + counts.improvements > 0 ? `; ${changeCountsText(counts)} (below)` : '';
    return `## ✅ recall-gate: ${name} passed${moved}`;
  }
  const failed = verdict.rows.filter((row) => row.status === 'fail').length;
  return `## ❌ recall-gate: ${name} failed (${failed} of ${counted(verdict.rows.length, 'condition', 'conditions')})`;
}

function opening(input: CommentInput): string[] {
  return [input.marker, verdictHeadline(input.results, input.verdict), ''];
}

function trigger(input: CommentInput): string[] {
  const narrowed = selectionText(input.results);
  return [`e2e: ${input.e2eTrigger.ran ? 'ran' : 'skipped'}: ${cell(input.e2eTrigger.reason, 300)}. Baseline: ${cell(input.baselineNote, 300)}.`, '', ...(narrowed ? [`⚠️ ${cell(narrowed, 400)}.`, ''] : [])];
}

/** Tuning on the held-out set is visible, not silent: held-out cases and queries whose content differs from the baseline's. */
function heldoutFlag(input: CommentInput): string[] {
  const flag = ([one, many]: [string, string], changed: { name: string; changed: string[] }[]) => {
    if (changed.length === 0) return [];
    const named = changed.slice(0, 20).map(({ name, changed: parts }) => `${cell(name, 80)} (${parts.join(', ')})`);
    const more = changed.length > named.length ? ` and ${changed.length - named.length} more` : '';
    return [`⚠️ **${counted(changed.length, `held-out ${one}`, `held-out ${many}`)} changed against the baseline:** ${named.join('; ')}${more}. Held-out ${many} are meant to stay frozen.`, ''];
  };
  return [...flag(['case', 'cases'], changedHeldoutCases(input.results.split, input.baseline?.split)), ...flag(['query', 'queries'], changedHeldoutQueries(input.results.split, input.baseline?.split))];
}

/** A memory that was empty after every recall trial's sessions is loud, never trimmed: every figure of the run stands on it. */
function memoryFlag(input: CommentInput): string[] {
  const warning = memoryWarning(input.results.e2e);
  return warning ? [`⚠️ **Warning:** ${warning}.`, ''] : [];
}

/** The stage lines of the abilities the table shows (one line each), then all. */
function stageMarkdown(e2e: NonNullable<ResultsDocument['e2e']>, abilities: readonly string[]): string[] {
  const lines = stageLines(e2e, (name) => cell(name, 80), abilities);
  if (lines.length === 0) return [];
  if (stagesAllUnknown(e2e)) return [`Failing trials by stage: ${lines.join('; ')}.`, ''];
  return ['Failing trials under recall by stage (not stored, not recalled, obsolete recalled, misread):', '', ...lines.map((line) => `- ${line}`), ''];
}

/** What was left out to fit (if anything), where everything is, the version and the run. */
function closing(input: CommentInput, leftOut: string[]): string[] {
  const files = `report.html, results.json, report.md${input.results.e2e ? ', trials.jsonl' : ''}${input.trend ? ', history.jsonl' : ''}`;
  const folder = input.resultsDir ? `the results folder ${cell(input.resultsDir, 200)}` : 'the results folder';
  const where = `${files} in ${folder}${input.runUrl ? `, kept as an artifact of [this run](${input.runUrl}) when the workflow uploads it` : ''}`;
  return [
    ...(leftOut.length > 0 ? [`_Shortened to fit GitHub's size limit, leaving out ${leftOut.join(', ')}. Everything is in ${where}._`, ''] : []),
    // A code span shows its text as is (no markdown, no HTML): only a backtick could end it early.
    ...(input.artifactName ? [`full report: report.html in the \`${shorten(plainText(input.artifactName), 100).replaceAll('`', "'")}\` artifact`, ''] : []),
    `<sub>recall-gate ${escapeMarkdown(input.results.tool.version)} · full results: ${where}</sub>`,
  ];
}

/** The `count` most important items (lowest rank first), in their own order. */
function mostImportant<T>(items: readonly T[], count: number, rank: (item: T) => number): T[] {
  if (count >= items.length) return [...items];
  const keep = new Set(
    items
      .map((item, index) => ({ index, rank: rank(item) }))
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .slice(0, count)
      .map((entry) => entry.index),
  );
  return items.filter((_, index) => keep.has(index));
}

/** A table of the rows shown, then a line saying how many were left out: never half a row. */
function tableWithMore(header: string[], rows: string[][], total: number, more: (left: number) => string): string[] {
  const lines = rows.length > 0 ? markdownTable(header, rows) : [];
  if (total > rows.length) lines.push(...(lines.length > 0 ? [''] : []), `… and ${more(total - rows.length)}`);
  return lines;
}

const GATE_RANK: Record<GateRow['status'], number> = { fail: 1, 'not-evaluated': 2, skipped: 3, pass: 4 };

function commentParts(input: CommentInput): Partial<Record<PartName, Part>> {
  const { results, baseline } = input;
  const parts: Partial<Record<PartName, Part>> = {};

  if (results.errors.length > 0) {
    const errors = results.errors;
    parts.errors = {
      rows: errors.length,
      cap: 50,
      render: (shown) => [
        `**${counted(errors.length, 'problem', 'problems')} stopped part of the run** (not counted as passes):`,
        '',
        ...errors.slice(0, shown).map((error) => `- ${cell(error, 300)}`),
        ...(errors.length > shown ? [`- … and ${errors.length - shown} more`] : []),
        '',
      ],
      leftOut: (count) => counted(count, 'problem', 'problems'),
    };
  }

  // Why trials have no result (errored, or planned and never recorded), once per reason: "15 trials ended in an
  // error" alone says nothing of why, and an adapter that cannot start errs every trial alike.
  const unfinished = results.e2e?.errors ?? [];
  if (unfinished.length > 0) {
    const { groups } = errorGroups(unfinished, Infinity, (key) => cell(key, 80));
    parts.reasons = {
      rows: groups.length,
      cap: 10,
      render: (shown) => [
        `**Why ${counted(unfinished.length, 'trial has', 'trials have')} no result**, once per reason:`,
        '',
        ...groups.slice(0, shown).map((group) => `- ${group.trials}: ${cell(group.reason, REASON_SHOWN)}`),
        ...(groups.length > shown ? [`- ${moreReasonsText(groups.length - shown)!}`] : []),
        '',
      ],
      leftOut: (count) => counted(count, 'error reason', 'error reasons'),
    };
  }

  const e2e = results.e2e;
  if (e2e) {
    const condition: Condition = e2e.headline_condition;
    const others = e2e.conditions.filter((c) => c !== condition);
    const abilities = Object.entries(e2e.abilities);
    const row = (name: string, mine: GroupRates | undefined, base: GroupRates | undefined, byCondition: Partial<Record<Condition, GroupRates>>, intervals: Record<string, { ci: [number, number]; n: number }> | undefined) => [
      name,
      formatRate(mine, 'pass_rate', intervals?.[`${condition}.pass_rate`]),
      formatRate(mine, 'pass^k', intervals?.[`${condition}.pass^k`]),
      ...(baseline?.e2e ? [delta(mine?.pass_rate, base?.pass_rate)] : []),
      ...others.map((c) => formatRate(byCondition[c], 'pass_rate')),
      ...liftAndGapCells(e2e.conditions, byCondition, intervals).cells,
      // Over every condition the row shows, as the terminal's and report.md's tables count them.
      String(erroredTrials(e2e.conditions, byCondition)),
    ];
    const header = ['ability', 'pass rate', `pass^${e2e.repeat}`, ...(baseline?.e2e ? ['Δ vs base'] : []), ...others.map((c) => `${c}`), ...liftAndGapCells(e2e.conditions, {}, undefined).header, 'errors'];
    const leaks = e2e.leaks;
    parts.abilities = {
      rows: abilities.length,
      cap: Infinity,
      render: (shown) => {
        // Cut, the table keeps the lowest pass rates: they are what a reviewer must see.
        const kept = mostImportant(abilities, shown, ([, result]) => result.conditions[condition]?.pass_rate ?? 0);
        const rows = kept.map(([ability, result]) => row(cell(ability), result.conditions[condition], baseline?.e2e?.abilities[ability]?.conditions[condition], result.conditions, result.intervals));
        rows.push(row('**all**', e2e.by_condition[condition], baseline?.e2e?.by_condition[condition], e2e.by_condition, e2e.intervals));
        return [
          `### Pass rate per ability (${condition}, ${counted(e2e.repeat, 'repeat', 'repeats')})`,
          '',
          ...markdownTable(header, rows),
          ...(abilities.length > shown ? ['', `… and ${counted(abilities.length - shown, 'more ability', 'more abilities')}, none with a lower pass rate`] : []),
          '',
          ...faultTableMarkdown(e2e),
          `<sub>${sentence(`${RATE_LEGEND}${e2e.intervals ? `. [low, high] n: ${INTERVAL_DEFINITION}; ${E2E_INTERVAL_UNITS}` : ''}`)}</sub>`,
          '',
          ...(e2e.judge_calibration ? [`Judged figures: ${cell(calibrationLine(e2e.judge_calibration), 300)}.`, ''] : []),
          ...stageMarkdown(e2e, kept.map(([ability]) => ability)),
          ...harmMarkdown(e2e, 3, new Set(Object.keys(results.split?.heldout_cases ?? {}))),
          ...[commentCostLine(e2e)].flatMap((line) => (line ? [`<sub>${sentence(line)}</sub>`, ''] : [])),
          ...(leaks.length > 0 ? [`Leak: ${leaks.slice(0, 20).map((name) => cell(name)).join(', ')}${leaks.length > 20 ? ` and ${leaks.length - 20} more` : ''} passed with memory off.`, ''] : []),
        ];
      },
      leftOut: (count) => counted(count, 'ability row', 'ability rows'),
    };
    const graders = graderTable(e2e, (name) => cell(name, 80));
    if (graders) {
      parts.graders = {
        rows: graders.rows.length,
        cap: Infinity,
        // Cut, the table keeps the lowest pass rates, as the ability table does.
        render: (shown) => (shown === 0 ? [] : graderTableMarkdown(graders, condition, mostImportant(graders.rows, shown, (one) => graders.passRates[graders.rows.indexOf(one)]!))),
        leftOut: (count) => (count >= graders.rows.length ? 'the grader table' : counted(count, 'grader row', 'grader rows')),
      };
    }
    if (abilities.length > 1) parts.chart = { rows: 1, cap: 1, render: (shown) => (shown > 0 ? [...chart(e2e.abilities, condition), ''] : []), leftOut: () => 'the chart' };

    if (e2e.failures.length > 0) {
      const failures = e2e.failures;
      // Held-out answers stay in trials.jsonl; the reason may quote the answer, so it stays there too.
      const heldout = new Set(Object.keys(results.split?.heldout_cases ?? {}));
      const shownText = (failure: (typeof failures)[number], text: string, limit: number) => (heldout.has(failure.case) ? '(held out)' : cell(text, limit));
      parts.failures = {
        rows: failures.length,
        cap: 50,
        render: (shown) => [
          `<details><summary>${counted(failures.length, 'failing trial', 'failing trials')}</summary>`,
          '',
          ...tableWithMore(['trial', 'probe', 'answer', 'why', 'stage'], failures.slice(0, shown).map((f) => [cell(f.key, 80), cell(f.question, 160), shownText(f, f.answer, 300), shownText(f, f.reason, 200) + (heldout.has(f.case) ? '' : harmCell(f.harm)), stageName(f)]), failures.length, (left) => counted(left, 'more failing trial', 'more failing trials')),
          '',
          '</details>',
          '',
        ],
        leftOut: (count) => counted(count, 'failing trial', 'failing trials'),
      };
      // What the agent did, one collapsed block per failing trial; held-out trials keep theirs in trials.jsonl, as their answers.
      const acting = failures.filter((failure) => !heldout.has(failure.case) && hasActions(failure));
      if (acting.length > 0) {
        parts.actions = {
          rows: acting.length,
          cap: 10,
          render: (shown) =>
            shown === 0
              ? []
              : [
                  `Tool calls and artifacts of the probe in ${counted(acting.length, 'failing trial', 'failing trials')}:`,
                  '',
                  ...acting.slice(0, shown).flatMap((failure) => actionDetails(failure.key, failure, COMMENT_BOUNDS)),
                  ...(acting.length > shown ? [`… and ${counted(acting.length - shown, 'more failing trial', 'more failing trials')} with tool calls or artifacts`, ''] : []),
                ],
          leftOut: (count) => `the tool calls and artifacts of ${counted(count, 'failing trial', 'failing trials')}`,
        };
      }
    }
  }

  const retrieval = results.retrieval;
  if (retrieval) {
    const columns = headlineMetrics(retrieval.k).slice(0, 5);
    const mrrBase = (name: string) => baseline?.retrieval?.providers[name]?.metrics?.mrr;
    const providers = Object.values(retrieval.providers);
    const withoutRelevant = withoutRelevantText(retrieval);
    parts.retrieval = {
      rows: providers.length,
      cap: Infinity,
      render: (shown) => [
        '### Retrieval',
        '',
        `${counted(retrieval.query_count, 'query', 'queries')} over ${counted(retrieval.memory_count, 'memory', 'memories')}; trec_eval definitions.${withoutRelevant ? ` ${withoutRelevant}.` : ''}${providers.some((provider) => provider.intervals) ? ` [low, high] n: ${RETRIEVAL_INTERVAL_DEFINITION}; ${retrievalUnitText(retrieval)}.` : ''}`,
        '',
        ...tableWithMore(
          ['provider', ...columns, ...(baseline?.retrieval ? ['Δ mrr'] : [])],
          mostImportant(providers, shown, (provider) => (provider.status === 'ok' ? 1 : 0)).map((provider) =>
            provider.status === 'ok'
              ? [cell(provider.name), ...columns.map((name) => formatEstimate(provider.metrics?.[name], provider.intervals?.[name])), ...(baseline?.retrieval ? [delta(provider.metrics?.mrr, mrrBase(provider.name))] : [])]
              : [`${cell(provider.name)} (error)`, ...columns.map(() => '-'), ...(baseline?.retrieval ? [''] : [])],
          ),
          providers.length,
          (left) => counted(left, 'more provider', 'more providers'),
        ),
        '',
        ...haystackLines(retrieval, shown),
        ...stalenessLines(stalenessTable(retrieval, (text) => cell(text)), shown),
        // A leak across users is never trimmed with the table: it is what a reviewer must see.
        ...isolationLines(providers, 1),
      ],
      leftOut: (count) => counted(count, 'retrieval row', 'retrieval rows'),
    };

    const largest = retrieval.k[retrieval.k.length - 1]!;
    const missed = providers.filter((provider) => provider.status === 'ok').map((provider) => ({ provider, queries: missedQueries(provider, largest) })).filter((entry) => entry.queries.length > 0);
    if (missed.length > 0) {
      parts.misses = {
        rows: Math.max(...missed.map((entry) => entry.queries.length)),
        cap: 50,
        render: (shown) =>
          shown === 0
            ? []
            : missed.flatMap(({ provider, queries }) => [
                `<details><summary>${cell(provider.name)}: ${queries.length === 1 ? '1 query misses' : `${queries.length} queries miss`} a relevant memory in the top ${largest}</summary>`,
                '',
                ...tableWithMore(['query', 'wanted (rank)', `top ${largest}`], missedQueryRows(queries.slice(0, shown), largest, { withId: false, textLimit: 160 }), queries.length, (left) => counted(left, 'more query', 'more queries')),
                '',
                '</details>',
                '',
              ]),
        leftOut: (count) => (count >= Math.min(parts.misses!.rows, 50) ? 'the missed queries' : `${counted(count, 'missed-query row', 'missed-query rows')} per provider`),
      };
    }
  }

  if (baseline) {
    const lines = pairedMarkdown(pairedChanges(baseline, results), MAX_NAMES);
    if (lines.length > 0) {
      parts.changes = {
        rows: lines.length,
        cap: 40,
        render: (shown) =>
          shown === 0 ? [] : [PAIRED_HEADING, '', ...lines.slice(0, shown), ...(lines.length > shown ? [`- … and ${lines.length - shown} more`] : []), ''],
        leftOut: (count) => counted(count, 'change line', 'change lines'),
      };
    }
  }

  if (baseline) {
    // What else differs between the runs (files, models, adapters, versions): a delta read with its cause.
    const origin = provenanceChanges(baseline, results);
    const rows = Math.max(1, origin.changes.length);
    parts.provenance = { rows, cap: 20, render: (shown) => (shown === 0 ? [] : provenanceMarkdown(origin, shown)), leftOut: (count) => (count >= rows ? 'what differs from the baseline' : counted(count, 'provenance line', 'provenance lines')) };
  }

  // What changed, unit by unit (results.changes): its summary is the first row, then the regressions and the improvements.
  const flips = results.changes;
  if (flips) {
    const rows = 1 + changeRowCount(flips);
    parts.flips = {
      rows,
      cap: 31,
      render: (shown) => (shown === 0 ? [] : changesMarkdown(flips, shown - 1, Infinity)),
      leftOut: (count) => (count >= Math.min(rows, 31) ? 'the changes against the baseline' : counted(count, 'changed unit', 'changed units')),
    };
  }

  const trend = input.trend;
  if (trend) parts.trend = { rows: trend.past.length === 0 ? 1 : trendRows(trend).length, cap: 40, render: (shown) => trendLinesMarkdown(trend, shown), leftOut: (count) => counted(count, 'trend line', 'trend lines') };

  const verdict = input.verdict;
  if (verdict) parts.gate = { rows: verdict.rows.length, cap: Infinity, render: (shown) => gateMarkdown(verdict, shown), leftOut: (count) => counted(count, 'gate row', 'gate rows') };

  const files = input.e2eTrigger.files;
  if (files.length > 0) {
    parts.files = {
      rows: files.length,
      cap: 30,
      render: (shown) =>
        shown === 0
          ? []
          : [
              `<details><summary>${counted(files.length, 'changed file', 'changed files')} on the memory path</summary>`,
              '',
              // File names are untrusted like any other text: a name may hold newlines, mentions or markup.
              ...files.slice(0, shown).map((file) => `- ${cell(file, 200)}`),
              ...(files.length > shown ? [`- … and ${files.length - shown} more`] : []),
              '',
              '</details>',
              '',
            ],
      leftOut: () => 'the changed files',
    };
  }
  return parts;
}

/** The haystack curve of the retrieval part, one row per provider: gone when the part is cut to nothing. */
function haystackLines(retrieval: NonNullable<ResultsDocument['retrieval']>, shown: number): string[] {
  const summary = shown === 0 ? undefined : haystackSummary(retrieval, (text) => cell(text));
  if (!summary) return [];
  return [`Haystack curve: ${escapeMarkdown(summary.intro.replace(/^haystack curve /, ''))}; report.md has every metric.`, '', ...markdownTable(summary.header, summary.rows), ''];
}

/** The staleness table of the retrieval part: gone when the part is cut to nothing, each provider's tag rows capped. */
function stalenessLines(table: StalenessTable | undefined, shown: number): string[] {
  if (!table || shown === 0) return [];
  const kept: string[][] = [];
  let tags = 0;
  table.rows.forEach((row, index) => {
    if (table.overall[index] || tags++ < MAX_STALE_TAG_ROWS) kept.push(row);
  });
  const more = table.rows.length - kept.length;
  return [table.legend, '', ...markdownTable(table.header, kept), ...(more > 0 ? ['', `… and ${counted(more, 'more tag row', 'more tag rows')} in report.md`] : []), ''];
}

const MAX_STALE_TAG_ROWS = 20;

/** The gate table, its `shown` most important rows (failed, blocking first, then not evaluated or skipped) and a line for the rest. */
export function gateMarkdown(verdict: Verdict, shown = verdict.rows.length): string[] {
  const rank = (row: GateRow) => GATE_RANK[row.status] - (row.status === 'fail' && row.blocking ? 1 : 0);
  const kept = mostImportant(verdict.rows, shown, rank);
  const failedLeft = verdict.rows.filter((row) => row.status === 'fail').length - kept.filter((row) => row.status === 'fail').length;
  const split = splitLine(verdict);
  // The mde column only when a row has one (max_drop/max_rise rows).
  const withMde = verdict.rows.some((row) => row.mde !== undefined);
  return [
    '### Gate',
    '',
    ...(split ? [split, ''] : []),
    ...tableWithMore(
      ['', 'metric', 'threshold', ...(withMde ? ['mde'] : []), 'actual', 'baseline', 'change (95% interval)'],
      kept.map((row) => [
        { pass: '✅', fail: row.blocking ? '⛔' : '❌', skipped: '⏭️', 'not-evaluated': '➖' }[row.status],
        `${cell(row.metric)}${row.aggregation ? ` (${row.aggregation})` : ''}${row.note ? `<br><sub>${cell(row.note, 160)}</sub>` : ''}`,
        escapeMarkdown(row.threshold),
        ...(withMde ? [row.mde === undefined ? '' : `${formatMetric(row.mde)}${row.power?.underpowered ? ' ⚠️ underpowered' : ''}`] : []),
        formatMetric(row.actual),
        formatMetric(row.baseline),
        row.delta === undefined ? '' : `${delta(row.delta, 0)}${row.interval ? ` [${row.interval[0].toFixed(3)}, ${row.interval[1].toFixed(3)}]${row.pairing ? ` (${pairingText(row.pairing)})` : ''}${row.significant ? ' beyond noise' : ''}` : ''}`,
      ]),
      verdict.rows.length,
      (left) => `${counted(left, 'more condition', 'more conditions')}, ${left === 1 ? (failedLeft > 0 ? 'failed' : 'did not fail') : failedLeft > 0 ? `${failedLeft} of them failed` : 'none of them failed'}`,
    ),
    '',
  ];
}

/** Names listed per flipped-case or moved-query list: the comment has a size limit. */
const MAX_NAMES = 10;

/** A Mermaid bar chart of pass rate per ability; names reduced to characters Mermaid cannot misread. */
function chart(abilities: NonNullable<ResultsDocument['e2e']>['abilities'], condition: Condition): string[] {
  const names = Object.keys(abilities);
  const label = (name: string) => `"${plainText(name).replace(/[^A-Za-z0-9 _.-]/g, '').slice(0, 24) || '?'}"`;
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
