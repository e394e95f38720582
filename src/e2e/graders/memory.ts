import { fold, normalizeAnswer, wordSet } from '../checks/normalize.js';
import { escapeRegex } from '../checks/text.js';
import type { MemoryEntry } from '../../model/e2e.js';
import type { GraderOutcome, MemoryFact, MemoryGraderSpec } from '../../model/graders.js';

/*
 * Memory-state graders, on the snapshot taken after the planted sessions.
 *
 * - captures: a fact is found when one entry contains it after the checks'
 *   normalisation (normalizeAnswer on both sides) ignoring case, as icontains
 *   matches. `{any: [...]}` is one fact, found when one alternative is.
 *   not_captures: a fact counts when no entry contains it. Score = the share
 *   of listed facts that hold (captures found plus not_captures absent).
 * - redundancy: each entry's words (runs of letters and digits of its
 *   normalised, lower-cased text) are compared with every earlier entry's; it
 *   is a duplicate when the Jaccard overlap of the two word sets
 *   (shared / all distinct) is at least NEAR_DUPLICATE (0.8), or when both
 *   normalised texts are equal. Score = duplicates / entries (the first of a
 *   pair is the original: two copies of one fact in four entries is 0.25);
 *   no entries is 0.
 * Both may be narrowed to one block with `label`.
 */

export const NEAR_DUPLICATE = 0.8;

function factText(fact: MemoryFact): string {
  return typeof fact === 'string' ? fact : fact.any.join(' | ');
}

function contains(entry: string, fact: MemoryFact): boolean {
  const alternatives = typeof fact === 'string' ? [fact] : fact.any;
  return alternatives.some((alternative) => new RegExp(escapeRegex(normalizeAnswer(alternative)), 'iu').test(entry));
}

function inScope(entries: MemoryEntry[], label: string | undefined): MemoryEntry[] {
  return label === undefined ? entries : entries.filter((entry) => entry.label === label);
}

const where = (label: string | undefined) => (label === undefined ? 'memory' : `block "${label}"`);

/** The captures / not_captures score: the share of listed facts that hold. */
export function gradeCaptures(spec: MemoryGraderSpec, entries: MemoryEntry[], min: number): GraderOutcome {
  const texts = inScope(entries, spec.label).map((entry) => normalizeAnswer(entry.text));
  const found = (fact: MemoryFact) => texts.some((text) => contains(text, fact));
  const captures = spec.captures ?? [];
  const forbidden = spec.not_captures ?? [];
  const missing = captures.filter((fact) => !found(fact)).map(factText);
  const present = forbidden.filter(found).map(factText);
  const total = captures.length + forbidden.length;
  const score = (total - missing.length - present.length) / total;
  const parts = [
    ...(captures.length > 0 ? [`${captures.length - missing.length} of ${captures.length} facts captured${missing.length ? ` (missing ${missing.map((text) => JSON.stringify(text)).join(', ')})` : ''}`] : []),
    ...(forbidden.length > 0 ? [`${forbidden.length - present.length} of ${forbidden.length} absent${present.length ? ` (present ${present.map((text) => JSON.stringify(text)).join(', ')})` : ''}`] : []),
  ];
  return {
    status: score >= min ? 'pass' : 'fail',
    score,
    min,
    reason: `${parts.join('; ')} in ${where(spec.label)} of ${texts.length} entr${texts.length === 1 ? 'y' : 'ies'}`,
    metadata: { entries: texts.length, missing, present },
  };
}

/** Shared words over all distinct words of the two entries. */
export function wordOverlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/** The redundancy score: the share of entries repeating an earlier one; passes at most `max`. */
export function gradeRedundancy(spec: MemoryGraderSpec & { redundancy: { max: number } }, entries: MemoryEntry[]): GraderOutcome {
  const scoped = inScope(entries, spec.label);
  const texts = scoped.map((entry) => fold(entry.text).trim());
  const sets = scoped.map((entry) => wordSet(entry.text));
  const duplicates: { entry: string; repeats: string }[] = [];
  for (let i = 0; i < scoped.length; i++) {
    const earlier = sets.findIndex((set, j) => j < i && (texts[j] === texts[i] || wordOverlap(set, sets[i]!) >= NEAR_DUPLICATE));
    if (earlier >= 0) duplicates.push({ entry: scoped[i]!.text, repeats: scoped[earlier]!.text });
  }
  const score = scoped.length === 0 ? 0 : duplicates.length / scoped.length;
  const { max } = spec.redundancy;
  const shown = duplicates.slice(0, 3).map((pair) => `${JSON.stringify(pair.entry)} repeats ${JSON.stringify(pair.repeats)}`);
  return {
    status: score <= max ? 'pass' : 'fail',
    score,
    reason: `${duplicates.length} of ${scoped.length} entr${scoped.length === 1 ? 'y repeats' : 'ies repeat'} an earlier one in ${where(spec.label)} (at most ${max} allowed)${shown.length ? `: ${shown.join('; ')}` : ''}`,
    metadata: { entries: scoped.length, duplicates: duplicates.length, max },
  };
}
