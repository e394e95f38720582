import type { ProvenanceChanges } from '../gate/provenanceChanges.js';
import { cell } from './escape.js';
import { oneLine } from './format.js';

const HEADING = 'What differs from the baseline';
const NOTHING = 'nothing recorded differs (recall-gate, Node and OS, commit, the suite\'s files, models, judge instructions, adapters with their scripts and lockfiles)';

/** The terminal's lines (compare, run --baseline): each difference, or that none is recorded, or why it is not known. Names come from results folders: plain text. */
export function provenanceText(origin: ProvenanceChanges): string {
  if (origin.unknown) return `${HEADING.toLowerCase()}: ${oneLine(origin.unknown, 300)}\n`;
  if (origin.changes.length === 0) return `${HEADING.toLowerCase()}: ${NOTHING}\n`;
  return `${HEADING.toLowerCase()}:\n${origin.changes.map((change) => `  - ${oneLine(change, 300)}`).join('\n')}\n`;
}

/** report.md's and the comment's section, its first `shown` differences and a line for the rest. */
export function provenanceMarkdown(origin: ProvenanceChanges, shown = origin.changes.length): string[] {
  if (origin.unknown) return [`### ${HEADING}`, '', cell(origin.unknown, 300), ''];
  if (origin.changes.length === 0) return [`### ${HEADING}`, '', cell(NOTHING, 300), ''];
  const listed = origin.changes.slice(0, shown).map((change) => `- ${cell(change, 300)}`);
  const more = origin.changes.length > shown ? [`- … and ${origin.changes.length - shown} more`] : [];
  return [`### ${HEADING}`, '', ...listed, ...more, ''];
}
