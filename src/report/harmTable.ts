/**
 * The harm section of every report: harmful recall and harmful action per
 * ability and condition (each as rate with count of its denominator),
 * empty-recall correctness with its counts, and the harmful memories that
 * reached the context. Pure; the terminal gets plain text, report.md and the
 * comment get markdown, all untrusted text escaped.
 */
import type { E2eResult, HarmHit, HarmRates, HarmShare } from '../model/e2eResult.js';
import type { Condition } from '../model/e2e.js';
import { cell, plainText, shorten } from './escape.js';
import { formatMetric, markdownTable, oneLine, textTable } from './format.js';
import { counted } from '../text/counted.js';

type Figure = 'harmful_recall' | 'harmful_action';
const FIGURES: readonly [Figure, string][] = [
  ['harmful_recall', 'harmful recall'],
  ['harmful_action', 'harmful action'],
];

/** "0.333 (2/6)"; "-" when no trial has the figure. */
export function shareText(share: HarmShare | undefined): string {
  return share === undefined || share.of === 0 ? '-' : `${formatMetric(share.rate)} (${share.count}/${share.of})`;
}

interface Layout {
  columns: { condition: Condition; figure: Figure; title: string }[];
  rows: { name: string; all: boolean; rates: Partial<Record<Condition, HarmRates>> }[];
}

/** Columns for the figures some trial has; rows for the abilities that have one, then all. */
function layout(e2e: E2eResult, harm: NonNullable<E2eResult['harm']>): Layout {
  const columns = e2e.conditions.flatMap((condition) =>
    FIGURES.filter(([figure]) => (harm.by_condition[condition]?.[figure].of ?? 0) > 0).map(([figure, title]) => ({ condition, figure, title: `${condition} ${title}` })),
  );
  const defined = (rates: Partial<Record<Condition, HarmRates>>) => columns.some(({ condition, figure }) => (rates[condition]?.[figure].of ?? 0) > 0);
  const rows = [
    ...Object.entries(harm.abilities)
      .filter(([, rates]) => defined(rates))
      .map(([name, rates]) => ({ name, all: false, rates })),
    { name: 'all', all: true, rates: harm.by_condition },
  ];
  return { columns, rows };
}

/** Empty-recall correctness and the probes given no memory, one sentence per condition that searches and gave some probe none. */
function emptyRecallSentences(e2e: E2eResult, harm: NonNullable<E2eResult['harm']>): string[] {
  return e2e.conditions.flatMap((condition) => {
    const rates = harm.by_condition[condition];
    // Every probe given memory: "undefined for 0 probes" says nothing.
    if (!rates?.probes_without_memory) return [];
    const empty = rates.empty_recall;
    const correctness = empty && empty.of > 0 ? `empty recall ${shareText(empty)}: probes of cases that need no history given no memory; ` : '';
    return [`${condition}: ${correctness}recall precision undefined for ${counted(rates.probes_without_memory, 'probe', 'probes')} given no memory`];
  });
}

function hitText(hit: HarmHit, escape: (text: string, max: number) => string): string {
  return `${escape(hit.key, 80)}: ${hit.id !== undefined ? `${escape(hit.id, 40)} ` : ''}"${escape(hit.text, 160)}" in ${hit.where}${hit.successor !== undefined ? ` (current: "${escape(hit.successor, 120)}")` : ''}`;
}

function shown(e2e: E2eResult): NonNullable<E2eResult['harm']> | undefined {
  const harm = e2e.harm;
  if (!harm) return undefined;
  const any = Object.values(harm.by_condition).some((rates) => rates && (rates.harmful_recall.of > 0 || rates.harmful_action.of > 0 || (rates.empty_recall?.of ?? 0) > 0));
  return any ? harm : undefined;
}

/** The harm section as markdown (report.md, the PR comment); nothing when no case measures harm. `heldout` cases' memories are not quoted. */
export function harmMarkdown(e2e: E2eResult, hitsShown = 10, heldout: ReadonlySet<string> = new Set()): string[] {
  const harm = shown(e2e);
  if (!harm) return [];
  const { columns, rows } = layout(e2e, harm);
  const lines = ['**Harm** (rate (count/trials where defined)): harmful recall, an obsolete or disallowed memory in the context of any invocation; harmful action, the answer passed the case\'s harmful check.', ''];
  if (columns.length > 0) {
    lines.push(...markdownTable(['ability', ...columns.map((column) => column.title)], rows.map((row) => [row.all ? '**all**' : cell(row.name), ...columns.map(({ condition, figure }) => shareText(row.rates[condition]?.[figure]))])), '');
  }
  const sentences = emptyRecallSentences(e2e, harm);
  // Figures and condition names only: nothing untrusted to escape.
  if (sentences.length > 0) lines.push(...sentences.map((sentence) => `- ${sentence}`), '');
  if (harm.hits_total > 0 && hitsShown > 0) {
    const hits = harm.hits.slice(0, hitsShown);
    lines.push(
      `Harmful recalls under ${e2e.headline_condition} (${harm.hits_total}):`,
      '',
      // Held-out memories stay in trials.jsonl, as their answers do.
      ...hits.map((hit) => `- ${heldout.has(hit.case) ? `${cell(hit.key, 80)}: (held out) in ${hit.where}` : hitText(hit, (text, max) => cell(text, max))}`),
      ...(harm.hits_total > hits.length ? [`- … and ${harm.hits_total - hits.length} more in trials.jsonl`] : []),
      '',
    );
  }
  return lines;
}

/** The harm section for the terminal; nothing when no case measures harm. */
export function harmTerminal(e2e: E2eResult, hitsShown = 10): string[] {
  const harm = shown(e2e);
  if (!harm) return [];
  const { columns, rows } = layout(e2e, harm);
  const lines = ['harm, rate (count/trials where defined): harmful recall = an obsolete or disallowed memory reached any invocation; harmful action = the harmful check passed (on the answer, or the tool calls and artifacts it reads)'];
  if (columns.length > 0) lines.push(textTable(['ability', ...columns.map((column) => column.title)], rows.map((row) => [row.all ? 'all' : plainText(row.name), ...columns.map(({ condition, figure }) => shareText(row.rates[condition]?.[figure]))])));
  lines.push(...emptyRecallSentences(e2e, harm).map((sentence) => `  ${sentence}`));
  if (harm.hits_total > 0 && hitsShown > 0) {
    lines.push(`harmful recalls under ${e2e.headline_condition} (${harm.hits_total}):`, ...harm.hits.slice(0, hitsShown).map((hit) => `  ${hitText(hit, oneLine)}`));
    if (harm.hits_total > hitsShown) lines.push(`  ... and ${harm.hits_total - Math.min(hitsShown, harm.hits.length)} more in trials.jsonl`);
  }
  return [...lines, ''];
}

/** A failure row's harm, appended to its 'why' cell. */
export function harmCell(note: string | undefined): string {
  return note === undefined ? '' : `<br>⚠️ ${cell(note, 240)}`;
}

/** The harm section's parts for report.html, texts as they are (the page sets them as text, never as markup); undefined when no case measures harm. */
export function harmParts(e2e: E2eResult, hitsShown = 10): { header: string[]; rows: { ability?: string; cells: string[] }[]; sentences: string[]; hits: string[]; hitsTotal: number } | undefined {
  const harm = shown(e2e);
  if (!harm) return undefined;
  const { columns, rows } = layout(e2e, harm);
  return {
    header: columns.length > 0 ? ['ability', ...columns.map((column) => column.title)] : [],
    rows: columns.length > 0 ? rows.map((row) => ({ ...(row.all ? {} : { ability: row.name }), cells: [row.name, ...columns.map(({ condition, figure }) => shareText(row.rates[condition]?.[figure]))] })) : [],
    sentences: emptyRecallSentences(e2e, harm),
    hits: harm.hits.slice(0, hitsShown).map((hit) => hitText(hit, shorten)),
    hitsTotal: harm.hits_total,
  };
}
