import type { PairedChanges } from '../gate/paired.js';
import { cell, escapeMarkdown } from './escape.js';
import { FIRST_RANK_NOTE, mcnemarText, wilcoxonText } from './gateFormat.js';
import { counted } from '../text/counted.js';

/** The heading the comment and report.md give the paired tests. */
export const PAIRED_HEADING = '### Changes against the baseline: paired tests';

/** Names in a list, each escaped; past `max`, how many more. */
function names(list: readonly string[], max: number): string {
  return `${list.slice(0, max).map((name) => cell(name, 80)).join(', ')}${list.length > max ? ` and ${list.length - max} more` : ''}`;
}

/**
 * The paired per-unit tests against the baseline as markdown bullets: one per
 * ability and for all cases (flipped cases, exact McNemar), one per provider
 * (queries whose first relevant rank moved, Wilcoxon); every p-value with its
 * counts. `maxNames` bounds each list of names (the comment's size limit);
 * report.md lists them all.
 */
export function pairedMarkdown(changes: PairedChanges, maxNames: number): string[] {
  const lines: string[] = [];
  const cases = changes.cases;
  if (cases) {
    for (const [ability, flips] of [...Object.entries(cases.abilities), ['all', cases.overall] as const]) {
      const moved = [
        ...(flips.pass_to_fail.length ? [`pass→fail: ${names(flips.pass_to_fail, maxNames)}`] : []),
        ...(flips.fail_to_pass.length ? [`fail→pass: ${names(flips.fail_to_pass, maxNames)}`] : []),
      ];
      lines.push(`- **${cell(ability)}** (${cases.condition}, ${counted(flips.shared, 'case', 'cases')}): ${escapeMarkdown(mcnemarText(flips.mcnemar))}${moved.length ? `; ${moved.join('; ')}` : ''}`);
    }
    if (cases.added.length + cases.removed.length > 0) lines.push(`- ${counted(cases.added.length, 'case', 'cases')} added, ${cases.removed.length} removed: not paired`);
  }
  for (const provider of changes.queries) {
    const worse = provider.worse.map((change) => `${change.id} (${change.before ?? 'none'}→${change.after ?? 'none'})`);
    lines.push(
      `- **${cell(provider.provider)}**: ${counted(provider.worse.length, 'query', 'queries')} worse, ${provider.better.length} better, ${provider.same} same (first relevant rank; ${FIRST_RANK_NOTE}); ${escapeMarkdown(wilcoxonText(provider.wilcoxon, provider))}${worse.length ? `; worse: ${names(worse, maxNames)}` : ''}`,
    );
  }
  return lines;
}
