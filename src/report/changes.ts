/**
 * What changed against the baseline (results.changes), in every report: a
 * summary (how many regressions and improvements, what was compared, how
 * many per cut-off, what was left out), then one row per regression, then
 * one per improvement, most important first, "and N more" when cut. The
 * terminal, report.md and the comment differ only in how they escape and how
 * many rows they show. Pure.
 */
import type { CaseChange, Changes, NotPassedTrial, ProviderChanges, QueryChange } from '../model/changes.js';
import { STAGE_LABELS } from '../e2e/stage.js';
import { changeCounts } from '../gate/changes.js';
import { cell, shorten } from './escape.js';
import { oneLine } from './format.js';
import { counted } from '../text/counted.js';

/** How one report shows untrusted text and emphasis. */
interface Style {
  /** A name or id: one line, cut at `max`. */
  text: (value: string, max: number) => string;
  strong: (value: string) => string;
  arrow: string;
}

const TERMINAL: Style = { text: oneLine, strong: (value) => value, arrow: '->' };
const MARKDOWN: Style = { text: cell, strong: (value) => `**${value}**`, arrow: '→' };

/** At most this many trials named per changed unit, and memories per changed query. */
const NAMED = 5;

/** Rows shown per list in the terminal and in report.md (results.json keeps every one). */
export const TERMINAL_ROWS = 10;
export const MARKDOWN_ROWS = 100;

/** The rows of the two lists, regressions then improvements. */
interface Rows {
  regressions: string[];
  improvements: string[];
}

function rows(changes: Changes, style: Style): Rows {
  const providers = changes.retrieval?.providers ?? [];
  const e2e = changes.e2e;
  return {
    regressions: [...(e2e?.pass_to_fail ?? []).map((change) => caseRow(change, 'regression', style)), ...providers.flatMap((provider) => provider.newly_missed.map((query) => queryRow(provider, query, 'newly missed', style)))],
    improvements: [...(e2e?.fail_to_pass ?? []).map((change) => caseRow(change, 'improvement', style)), ...providers.flatMap((provider) => provider.newly_hit.map((query) => queryRow(provider, query, 'newly hit', style)))],
  };
}

/** "case c1 (recall): pass -> fail; not passing now: c1/recall/1 (not recalled)"; with repeats, the pass counts. */
function caseRow(change: CaseChange, kind: 'regression' | 'improvement', style: Style): string {
  const single = change.baseline.trials === 1 && change.now.trials === 1;
  const moved = single
    ? kind === 'regression'
      ? `pass ${style.arrow} fail`
      : `fail ${style.arrow} pass`
    : `${change.baseline.passed}/${change.baseline.trials} ${style.arrow} ${change.now.passed}/${change.now.trials} passed`;
  const trials = change.not_passed;
  const named = trials.slice(0, NAMED).map((trial) => `${style.text(trial.key, 80)} (${trialOutcome(trial)})`);
  const more = trials.length > named.length ? ` and ${trials.length - named.length} more` : '';
  const failing = named.length === 0 ? '' : `; ${kind === 'regression' ? 'not passing now' : 'still not passing'}: ${named.join(', ')}${more}`;
  return `case ${style.strong(style.text(change.case, 80))} under ${style.text(change.condition, 40)} (${style.text(change.ability, 60)}): ${moved}${failing}`;
}

function trialOutcome(trial: NotPassedTrial): string {
  if (trial.status === 'error') return 'error';
  // A forged trials.jsonl may name any stage: only the known ones have a label.
  return trial.stage && Object.hasOwn(STAGE_LABELS, trial.stage) ? STAGE_LABELS[trial.stage] : 'fail';
}

/** "ngram-vector q7 "text" newly missed at @1, @3: m2 1 -> 7". */
function queryRow(provider: ProviderChanges, query: QueryChange, what: string, style: Style): string {
  const rank = (value: number | null) => (value === null ? 'none' : String(value));
  const named = query.ranks.slice(0, NAMED).map((entry) => `${style.text(entry.memory, 60)} ${rank(entry.baseline)} ${style.arrow} ${rank(entry.now)}`);
  const more = query.ranks.length > named.length ? ` and ${query.ranks.length - named.length} more` : '';
  return `${style.strong(style.text(provider.provider, 60))} query ${style.text(query.id, 80)} "${style.text(query.text, 100)}" ${what} at ${query.at.map((k) => `@${k}`).join(', ')}: rank ${named.join(', ')}${more}`;
}

/** The lines above the lists: counts, what was compared, per cut-off, left out. */
function summary(changes: Changes, style: Style): string[] {
  const { regressions, improvements } = changeCounts(changes);
  const baseline = changes.baseline;
  const of = [baseline.run_id ? `run ${style.text(baseline.run_id, 40)}` : undefined, baseline.commit ? `commit ${style.text(baseline.commit.sha.slice(0, 7), 7)}` : undefined, `started ${style.text(baseline.started_at, 40)}`].filter(Boolean).join(', ');
  const lines = [`${changeCountsText({ regressions, improvements })} (${of}).`];
  const compared: string[] = [];
  const e2e = changes.e2e;
  if (e2e) compared.push(counted(e2e.compared, 'case x condition unit', 'case x condition units'));
  const retrieval = changes.retrieval;
  if (retrieval && retrieval.providers.length > 0) {
    compared.push(`${retrieval.providers.map((provider) => `${counted(provider.compared, 'query', 'queries')} of ${style.text(provider.provider, 60)}`).join(', ')} at ${retrieval.k.map((k) => `@${k}`).join(', ')}`);
  }
  if (compared.length > 0) lines.push(`Compared: ${compared.join('; ')}.`);
  // The paired section of compare ranks queries by their first relevant memory; these go by every relevant one.
  const definitions = [e2e ? 'a case x condition whose pass rate fell' : '', retrieval?.providers.length ? 'a query whose relevant memories are no longer all in the top k at some k' : ''].filter(Boolean);
  if (definitions.length > 0) lines.push(`A regression is ${definitions.join(', or ')}; an improvement, the reverse.`);
  for (const provider of retrieval?.providers ?? []) {
    const moved = (count: (entry: ProviderChanges['by_k'][number]) => number) =>
      provider.by_k
        .filter((entry) => count(entry) > 0)
        .map((entry) => `@${entry.k} ${count(entry)}`)
        .join(', ');
    const [missed, hit] = [moved((entry) => entry.newly_missed), moved((entry) => entry.newly_hit)];
    if (missed || hit) lines.push(`${style.text(provider.provider, 60)}: ${[missed ? `newly missed ${missed}` : '', hit ? `newly hit ${hit}` : ''].filter(Boolean).join('; ')}.`);
  }
  const left = leftOut(changes, style);
  if (left.length > 0) lines.push(`Left out, not in both runs: ${left.join('; ')}.`);
  return lines;
}

function leftOut(changes: Changes, style: Style): string[] {
  const parts: string[] = [];
  const e2e = changes.e2e;
  if (e2e && e2e.left_out.baseline_only + e2e.left_out.now_only > 0) parts.push(`${counted(e2e.left_out.baseline_only, 'case x condition unit', 'case x condition units')} of the baseline only, ${e2e.left_out.now_only} of this run only`);
  for (const provider of changes.retrieval?.providers ?? []) {
    const { baseline_only: before, now_only: now } = provider.left_out;
    if (before + now > 0) parts.push(`${counted(before, 'query', 'queries')} of ${style.text(provider.provider, 60)} in the baseline only, ${now} in this run only`);
  }
  const providers = changes.retrieval?.providers_left_out ?? [];
  if (providers.length > 0) parts.push(`provider${providers.length === 1 ? '' : 's'} ${providers.slice(0, NAMED).map((name) => style.text(name, 60)).join(', ')}${providers.length > NAMED ? ` and ${providers.length - NAMED} more` : ''} (in one run only, or not complete)`);
  return parts;
}

/** The first `shown` rows, regressions first; each list says how many of its rows it left out. */
function cut(all: Rows, shown: number): { regressions: string[]; improvements: string[]; more: { regressions: number; improvements: number } } {
  const regressions = all.regressions.slice(0, shown);
  const improvements = all.improvements.slice(0, Math.max(0, shown - regressions.length));
  return { regressions, improvements, more: { regressions: all.regressions.length - regressions.length, improvements: all.improvements.length - improvements.length } };
}

/** The terminal's block (run, compare): at most `perList` rows of each list. */
/** "4 regressions, 2 improvements against the baseline": the changes summary's first words, and the passing headline's. */
export function changeCountsText(counts: { regressions: number; improvements: number }): string {
  return `${counted(counts.regressions, 'regression', 'regressions')}, ${counted(counts.improvements, 'improvement', 'improvements')} against the baseline`;
}

export function changesText(changes: Changes, perList = TERMINAL_ROWS): string {
  const all = rows(changes, TERMINAL);
  const [first, ...rest] = summary(changes, TERMINAL);
  const lines = [first!, ...rest.map((line) => `  ${line}`)];
  for (const [title, list] of [
    ['regressions', all.regressions],
    ['improvements', all.improvements],
  ] as const) {
    if (list.length === 0) continue;
    lines.push(`${title}:`, ...list.slice(0, perList).map((row) => `  ${row}`));
    if (list.length > perList) lines.push(`  ... and ${list.length - perList} more ${title} (results.json: changes)`);
  }
  return `${lines.join('\n')}\n`;
}

/** Rows the markdown section has (the comment's budget counts them). */
export function changeRowCount(changes: Changes): number {
  const { regressions, improvements } = changeCounts(changes);
  return regressions + improvements;
}

/**
 * The markdown section (report.md, the comment): the summary and the first
 * `shown` rows, regressions first, each list ending with "and N more" when
 * cut. `perList` caps each list however much room there is.
 */
export function changesMarkdown(changes: Changes, shown = Infinity, perList = MARKDOWN_ROWS): string[] {
  const all = rows(changes, MARKDOWN);
  const capped = { regressions: all.regressions.slice(0, perList), improvements: all.improvements.slice(0, perList) };
  const kept = cut(capped, shown);
  const lines = ['### What changed against the baseline', '', ...summary(changes, MARKDOWN).flatMap((line) => [line, '']).slice(0, -1), ''];
  for (const [title, list, total] of [
    ['Regressions', kept.regressions, all.regressions.length],
    ['Improvements', kept.improvements, all.improvements.length],
  ] as const) {
    if (total === 0) continue;
    lines.push(`**${title}** (${total}):`, '');
    lines.push(...list.map((row) => `- ${row}`));
    if (total > list.length) lines.push(`- … and ${total - list.length} more ${title.toLowerCase()} (results.json: changes)`);
    lines.push('');
  }
  return lines;
}

/** report.html's style: names as they are but cut (the page sets them as text, never as markup). */
const PLAIN: Style = { text: shorten, strong: (value) => value, arrow: '→' };

/** One row as report.html shows it, with what its filters read: a case's ability and condition, a query's provider. */
export interface ChangeRowParts {
  text: string;
  ability?: string;
  condition?: string;
  provider?: string;
}

/** report.html's parts: the summary lines, then every row of each list in the order the other reports show them (the page bounds them). */
export function changesParts(changes: Changes): { summary: string[]; regressions: ChangeRowParts[]; improvements: ChangeRowParts[] } {
  const providers = changes.retrieval?.providers ?? [];
  const caseParts = (change: CaseChange, kind: 'regression' | 'improvement'): ChangeRowParts => ({ text: caseRow(change, kind, PLAIN), ability: change.ability, condition: change.condition });
  const queryParts = (provider: ProviderChanges, query: QueryChange, what: string): ChangeRowParts => ({ text: queryRow(provider, query, what, PLAIN), provider: provider.provider });
  return {
    summary: summary(changes, PLAIN),
    regressions: [...(changes.e2e?.pass_to_fail ?? []).map((change) => caseParts(change, 'regression')), ...providers.flatMap((provider) => provider.newly_missed.map((query) => queryParts(provider, query, 'newly missed')))],
    improvements: [...(changes.e2e?.fail_to_pass ?? []).map((change) => caseParts(change, 'improvement')), ...providers.flatMap((provider) => provider.newly_hit.map((query) => queryParts(provider, query, 'newly hit')))],
  };
}
