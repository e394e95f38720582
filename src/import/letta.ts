import { basename, extname } from 'node:path';
import { normalisesToBlank } from '../e2e/checks/normalize.js';
import { jsonlLines } from './jsonlLines.js';
import type { ImportFormat, ImportSink } from './types.js';

/**
 * letta-evals style JSONL: one row per line,
 * `{"input": ["turn", ...], "ground_truth": {...}, "category": "..."}`.
 * Such a row grades what the agent's memory holds after the conversation,
 * not an answer, so each case is: the input as one multi-turn session, a
 * probe that only lets the agent speak (no check), and a `memory` grader
 * whose `captures` are the ground truth's values.
 */

/** The probe of every imported case: it has no check; the capture grader grades the memory snapshot taken before it. */
export const LETTA_PROBE = 'What do you remember about me so far?';
/** Share of the facts the snapshot must hold for the capture grader to pass (the example threshold). */
export const LETTA_CAPTURE_MIN = 0.8;
const UNCATEGORISED = 'uncategorised';

/**
 * The leaves of a ground truth, as the strings memory must hold: strings
 * (trimmed) and numbers (as JavaScript writes them: 3, 2.5) from any depth of
 * objects and arrays, in document order, each once. true, false and null
 * name nothing one could find in memory and are left out; keys are structure,
 * not facts.
 */
export function flattenGroundTruth(value: unknown): string[] {
  const facts = new Set<string>();
  const visit = (node: unknown): void => {
    if (typeof node === 'string') {
      // Blank as the capture grader sees it (normalised): such a fact would be found in every memory.
      if (!normalisesToBlank(node)) facts.add(node.trim());
    } else if (typeof node === 'number') {
      if (Number.isFinite(node)) facts.add(String(node));
    } else if (Array.isArray(node)) {
      for (const item of node) visit(item);
    } else if (node !== null && typeof node === 'object') {
      for (const item of Object.values(node)) visit(item);
    }
  };
  visit(value);
  return [...facts];
}

/** A case name from the file and line: `<file stem>-<line>`, in the characters case names allow. */
function caseName(path: string, line: number): string {
  const stem = basename(path, extname(path)).replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '');
  return `${stem || 'row'}-${line}`;
}

/** Why a row cannot be a case, or its parts. */
function readRow(value: unknown): { error: string; detail?: string } | { turns: string[]; facts: string[]; ability: string } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { error: 'a row must be a JSON object with "input" and "ground_truth"' };
  const row = value as Record<string, unknown>;
  if (!('input' in row)) return { error: 'no "input" (the list of user turns)' };
  const input = row.input;
  if (!Array.isArray(input) || input.some((turn) => typeof turn !== 'string')) return { error: '"input" must be a list of strings (the user turns)' };
  if (input.length === 0) return { error: '"input" has no turns' };
  const empty = input.findIndex((turn) => (turn as string).trim() === '');
  if (empty >= 0) return { error: '"input" has an empty turn', detail: `turn ${empty + 1}` };
  if (!('ground_truth' in row)) return { error: 'no "ground_truth" (what memory must hold)' };
  const facts = flattenGroundTruth(row.ground_truth);
  if (facts.length === 0) return { error: '"ground_truth" holds no string or number value to look for in memory' };
  const category = row.category;
  if (category !== undefined && (typeof category !== 'string' || category.trim() === '')) return { error: '"category" must be a non-empty string when given' };
  return { turns: input as string[], facts, ability: typeof category === 'string' ? category.trim() : UNCATEGORISED };
}

async function readLetta(path: string, sink: ImportSink): Promise<void> {
  for await (const record of jsonlLines(path)) {
    sink.read('rows');
    if ('error' in record) {
      sink.skip(record.col === undefined ? String(record.line) : `${record.line}:${record.col}`, record.tooDeep ? record.error : 'invalid JSON', record.tooDeep ? undefined : record.error);
      continue;
    }
    const row = readRow(record.value);
    if ('error' in row) {
      sink.skip(String(record.line), row.error, row.detail);
      continue;
    }
    await sink.addCase({
      name: caseName(path, record.line),
      ability: row.ability,
      sessions: [{ turns: row.turns }],
      probe: { text: LETTA_PROBE },
      graders: { capture: { memory: { captures: row.facts }, min: LETTA_CAPTURE_MIN } },
    });
  }
}

export const lettaFormat: ImportFormat = {
  summary: 'letta-evals JSONL rows {"input": [turns], "ground_truth": {...}, "category": "..."}',
  flags: [],
  read: readLetta,
  caseNotes: [
    'One case per row, named <file>-<line>. The row\'s input is one multi-turn session;',
    'its category is the ability ("uncategorised" when absent). The ground truth\'s',
    'string and number values, from any depth, are the facts the capture grader',
    'looks for in the memory snapshot taken after the session; the grader passes',
    `when a share of at least ${LETTA_CAPTURE_MIN} of them is found.`,
    `The probe ("${LETTA_PROBE}") has no check: these rows grade what memory`,
    'holds, not an answer; add a check to a case to grade its answer too.',
  ],
  conditions: ['recall'],
};
