import type { QueryOutcome } from '../model/results.js';
import { cell } from './escape.js';

/** Rows for a table of queries that missed: the query, each wanted memory with its rank, what came back. */
export function missedQueryRows(missed: readonly QueryOutcome[], k: number, options: { withId: boolean; textLimit?: number }): string[][] {
  return missed.map((query) => [
    ...(options.withId ? [cell(query.id)] : []),
    cell(query.text, options.textLimit),
    Object.entries(query.ranks)
      .map(([id, rank]) => `${cell(id)} (${rank ?? '-'})`)
      .join(', '),
    query.results
      .slice(0, k)
      .map((hit) => cell(hit.id))
      .join(', '),
  ]);
}
