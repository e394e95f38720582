import { caseContentHashes, queryContentHashes } from '../e2e/fingerprint.js';
import { formatLocation } from '../errors.js';
import type { InputProblem } from '../model/source.js';
import type { Rows } from './rows.js';
import type { Suite } from '../model/suite.js';
import type { Split, SplitChoice, CaseContentHashes, QueryContentHashes, SplitRecord } from '../model/split.js';

/**
 * A row's split: its own, else its file's, else dev. A row that says another
 * split than its file is a problem: "every row of this file" must mean every row.
 */
export function splitOf(rows: Rows, index: number, problems: InputProblem[]): Split {
  const own = rows.rows[index]?.split as Split | undefined;
  const file = rows.fileSplit(index);
  if (own !== undefined && file !== undefined && own !== file.split) {
    problems.push({ where: rows.locate(index, ['split']), message: `split ${own} in a file the suite marks split ${file.split}`, hint: `remove it, or list this row elsewhere (the file's split is set at ${formatLocation(file.where)})` });
  }
  return own ?? file?.split ?? 'dev';
}

/** The part of a suite one split runs: its cases and queries (memories all stay: they are the store's content). */
export function selectSplit(suite: Suite, choice: SplitChoice): Suite {
  if (choice === 'all') return suite;
  const queries = suite.retrieval?.queries.filter((query) => (query.split ?? 'dev') === choice) ?? [];
  const cases = suite.e2e?.cases.filter((spec) => (spec.split ?? 'dev') === choice) ?? [];
  return {
    ...suite,
    retrieval: suite.retrieval && queries.length > 0 ? { ...suite.retrieval, queries } : undefined,
    e2e: suite.e2e && cases.length > 0 ? { ...suite.e2e, cases } : undefined,
  };
}

export function splitRecord(suite: Suite, choice: SplitChoice): SplitRecord {
  const heldout = (suite.e2e?.cases ?? []).filter((spec) => spec.split === 'heldout');
  const queries = (suite.retrieval?.queries ?? []).filter((query) => query.split === 'heldout');
  return {
    run: choice,
    heldout_cases: Object.fromEntries(heldout.map((spec) => [spec.name, caseContentHashes(spec)])),
    heldout_queries: Object.fromEntries(queries.map((query) => [query.id, queryContentHashes(query)])),
  };
}

/** Held-out cases present in both runs whose sessions, probe or check differ, with what changed. */
export function changedHeldoutCases(current: SplitRecord | undefined, baseline: SplitRecord | undefined): { name: string; changed: (keyof CaseContentHashes)[] }[] {
  return changedUnits(current?.heldout_cases, baseline?.heldout_cases, ['sessions', 'probe', 'check']);
}

/** Held-out queries present in both runs whose text or relevant ids differ (none when the baseline predates query hashes). */
export function changedHeldoutQueries(current: SplitRecord | undefined, baseline: SplitRecord | undefined): { name: string; changed: (keyof QueryContentHashes)[] }[] {
  return changedUnits(current?.heldout_queries, baseline?.heldout_queries, ['text', 'relevant']);
}

function changedUnits<Hashes extends object>(current: Record<string, Hashes> | undefined, baseline: Record<string, Hashes> | undefined, parts: readonly (keyof Hashes)[]): { name: string; changed: (keyof Hashes)[] }[] {
  if (!current || !baseline) return [];
  return Object.entries(current).flatMap(([name, hashes]) => {
    const before = Object.hasOwn(baseline, name) ? baseline[name] : undefined;
    if (!before) return [];
    const changed = parts.filter((part) => hashes[part] !== before[part]);
    return changed.length > 0 ? [{ name, changed }] : [];
  });
}
