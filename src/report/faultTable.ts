import type { E2eResult, FaultRates } from '../model/e2eResult.js';
import { FAULT_KINDS } from '../e2e/faults.js';
import { cell, plainText } from './escape.js';
import { formatMetric, formatMs, markdownTable, sentence, textTable } from './format.js';

/*
 * The fault conditions' table, for the terminal, report.md and the PR comment:
 * per fault, the run's figures then each ability's. Nothing when no fault ran.
 */

const HEADER = ['fault', 'ability', 'pass rate', 'errors', 'none', 'vs none', 'recall p50 ms', 'recall p95 ms'];

/** What the flag says: a fault should do no worse than no memory at all. */
const WORSE = 'worse than none';

function signed(value: number): string {
  return `${value >= 0 ? '+' : ''}${value.toFixed(3)}`;
}

/** One row per fault and per ability of it; `name` shows an untrusted ability name, `flag` marks a fault doing worse than none. */
function rows(e2e: Pick<E2eResult, 'faults'>, name: (ability: string) => string, flag: (text: string) => string): string[][] {
  const row = (fault: string, ability: string, rates: FaultRates) => [
    fault,
    ability,
    formatMetric(rates.pass_rate),
    String(rates.errors),
    formatMetric(rates.none_pass_rate),
    rates.vs_none === undefined ? '-' : rates.worse_than_none ? flag(`${signed(rates.vs_none)} ${WORSE}`) : signed(rates.vs_none),
    rates.recall_latency_ms.count > 0 ? formatMs(rates.recall_latency_ms.median) : '-',
    rates.recall_latency_ms.count > 0 ? formatMs(rates.recall_latency_ms.p95) : '-',
  ];
  return FAULT_KINDS.flatMap((fault) => {
    const summary = e2e.faults?.[fault];
    if (!summary) return [];
    return [row(fault, 'all', summary), ...Object.entries(summary.abilities).map(([ability, rates]) => row(fault, name(ability), rates))];
  });
}

const INTRO =
  'the probe\'s memory search timed out, came back empty or failed (sessions planted as under recall); graded by each case\'s fault_check ' +
  '(default: abstains or asks back); vs none = pass rate minus under none; recall ms over the probes, the timeout\'s wait included';

/** Lines for the terminal report, ending in a blank line; none when no fault ran. */
export function faultTableText(e2e: Pick<E2eResult, 'faults'>): string[] {
  const body = rows(e2e, plainText, (text) => text.toUpperCase());
  return body.length === 0 ? [] : [`faults (${INTRO}):`, textTable(HEADER, body, 'llrrrrrr'), ''];
}

/** Markdown lines for report.md and the PR comment, every untrusted name escaped, ending in a blank line; none when no fault ran. */
export function faultTableMarkdown(e2e: Pick<E2eResult, 'faults'>): string[] {
  const body = rows(e2e, (ability) => cell(ability), (text) => `**${text}**`);
  return body.length === 0 ? [] : ['#### When memory fails', '', `<sub>${sentence(INTRO)}</sub>`, '', ...markdownTable(HEADER, body), ''];
}

/** The table's parts for report.html, names as they are (the page sets them as text, never as markup); undefined when no fault ran. */
export function faultTableParts(e2e: Pick<E2eResult, 'faults'>): { intro: string; header: string[]; rows: string[][] } | undefined {
  const body = rows(e2e, (ability) => ability, (text) => text.toUpperCase());
  return body.length === 0 ? undefined : { intro: sentence(INTRO), header: HEADER, rows: body };
}
