/**
 * The grader table of the reports: per named grader and ability, under the
 * headline condition, the trials, the mean score on the grader's scale, the
 * pass rate against its threshold, pass^k, errors and skipped. Every interval
 * comes with the counts it stands on. Pure; the caller's `text` makes names
 * safe for where they go (cell for markdown, plainText for a terminal).
 */
import type { E2eResult, GraderGroup, GraderSummary } from '../model/e2eResult.js';
import { INTERVAL_DEFINITION } from '../stats/bootstrap.js';
import { cell, plainText } from './escape.js';
import { formatEstimate, markdownTable, textTable } from './format.js';
import { counted } from '../text/counted.js';

type Interval = { ci: [number, number]; n: number };

export interface GraderTable {
  header: string[];
  rows: string[][];
  /** Each row's headline pass rate, so a trimmed table can keep the lowest. */
  passRates: number[];
  /** Unescaped: graders whose scores were put on one scale first (mixed scales), and why trials were skipped. */
  notes: string[];
}

function scaleText(scale: readonly [number, number]): string {
  return `${scale[0]}-${scale[1]}`;
}

function row(grader: string, ability: string, summary: GraderSummary, group: GraderGroup, intervals: Record<string, Interval> | undefined, condition: string): string[] {
  const graded = group.trials - group.skipped;
  const casesPassed = Math.round((group['pass^k'] ?? 0) * group.cases);
  return [
    grader,
    ability,
    summary.min === undefined ? '-' : String(summary.min),
    String(group.trials),
    group.mean_score === undefined ? `- (0 of ${group.trials} scored)` : `${formatEstimate(group.mean_score, intervals?.[`${condition}.score`])} on ${scaleText(summary.scale)} (${group.scored} of ${group.trials} scored)`,
    `${formatEstimate(graded > 0 ? group.pass_rate : undefined, intervals?.[`${condition}.pass_rate`])} (${group.passed}/${graded})`,
    `${formatEstimate(group.cases > 0 ? group['pass^k'] : undefined, intervals?.[`${condition}.pass^k`])} (${casesPassed}/${group.cases} cases)`,
    String(group.errors),
    String(group.skipped),
  ];
}

/** The table's header and rows: each grader per ability that has it, then over all cases. Undefined when the run has no graders. */
export function graderTable(e2e: Pick<E2eResult, 'graders' | 'abilities' | 'headline_condition' | 'repeat'>, text: (name: string) => string): GraderTable | undefined {
  const graders = e2e.graders;
  if (!graders || Object.keys(graders).length === 0) return undefined;
  const condition = e2e.headline_condition;
  const table: GraderTable = {
    header: ['grader', 'ability', 'min', 'trials', 'mean score', 'pass rate (passed/graded)', `pass^${e2e.repeat}`, 'errors', 'skipped'],
    rows: [],
    passRates: [],
    notes: [],
  };
  const add = (name: string, ability: string, summary: GraderSummary) => {
    const group = summary.conditions[condition];
    if (!group) return;
    table.rows.push(row(text(name), ability, summary, group, summary.intervals, condition));
    // Nothing graded ranks last when the comment is trimmed: there is no rate to show low.
    table.passRates.push(group.pass_rate ?? Number.POSITIVE_INFINITY);
  };
  for (const [name, summary] of Object.entries(graders).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    for (const [ability, result] of Object.entries(e2e.abilities)) {
      const mine = result.graders && Object.hasOwn(result.graders, name) ? result.graders[name] : undefined;
      if (mine) add(name, text(ability), mine);
    }
    add(name, 'all', summary);
    if (summary.note) table.notes.push(`${name}: ${summary.note}`);
    const skipped = summary.conditions[condition]?.reasons?.skipped;
    if (skipped) table.notes.push(`${name} skipped: ${skipped}`);
  }
  return table;
}

/** What the table's figures mean, in one sentence. */
export function legend(condition: string): string {
  return `Under ${condition}. Mean score over the trials with a score, on each grader's scale; pass rate against the grader's min, errors counted as not passed, skipped trials left out; pass^k: cases whose every graded repeat passed. [low, high] n: ${INTERVAL_DEFINITION}; n cases.`;
}

/** The grader table for report.md and the PR comment, showing the first `shown` rows of `rows` (all by default). */
export function graderTableMarkdown(table: GraderTable, condition: string, rows: string[][] = table.rows): string[] {
  return [
    `### Graders (${condition})`,
    '',
    ...markdownTable(table.header, rows),
    ...(rows.length < table.rows.length ? ['', `… and ${counted(table.rows.length - rows.length, 'more grader row', 'more grader rows')}, none with a lower pass rate`] : []),
    '',
    `<sub>${legend(condition)}</sub>`,
    '',
    ...table.notes.slice(0, 10).map((note) => `- ${cell(note, 300)}`),
    ...(table.notes.length ? [''] : []),
  ];
}

/** The grader table for the terminal. */
export function graderTableText(table: GraderTable, condition: string): string[] {
  return [`graders under ${condition}:`, textTable(table.header, table.rows, 'llrrrrrrr'), legend(condition), ...table.notes.map((note) => `  ${plainText(note)}`), ''];
}
