import type { RetrievalResult } from '../model/results.js';

/**
 * What n counts in a run's retrieval intervals (retrieval.interval_unit), for
 * the line that explains the intervals: "n queries", "n users, each drawn
 * with all its queries", and why the default chose queries when it did.
 */
export function retrievalUnitText(retrieval: Pick<RetrievalResult, 'interval_unit' | 'interval_unit_note'>): string {
  const unit = retrieval.interval_unit ?? 'query';
  const text = unit === 'user' ? 'n users, each drawn with all its queries' : unit === 'group' ? 'n query groups (group:), each drawn with all its queries' : 'n queries';
  return retrieval.interval_unit_note ? `${text} (${retrieval.interval_unit_note})` : text;
}
