/**
 * The sentence above each layer's table in report.md and report.html: what
 * was measured, which definitions the figures follow, and what an interval's
 * n counts. One text for both, so the two reports never explain a figure
 * differently; `escape` makes the suite's names safe where they are shown.
 */
import type { ResultsDocument, RetrievalResult } from '../model/results.js';
import { INTERVAL_DEFINITION, RETRIEVAL_INTERVAL_DEFINITION } from '../stats/bootstrap.js';
import { RATE_LEGEND, sentence } from './format.js';
import { retrievalUnitText } from './intervalUnit.js';
import { withoutRelevantText } from './tagTables.js';
import { counted } from '../text/counted.js';

/** Above the retrieval tables: the corpus, the definitions, what n counts. */
export function retrievalIntro(retrieval: RetrievalResult): string {
  const without = withoutRelevantText(retrieval);
  return (
    `${counted(retrieval.memory_count, 'memory', 'memories')}, ${counted(retrieval.query_count, 'query', 'queries')}, top ${retrieval.depth} per search. ` +
    `Metrics follow trec_eval's definitions (recall_all@k: LongMemEval's); ${without ? `every query with a relevant memory counts in each mean; ${without}` : 'every query counts in each mean'}. ` +
    `[low, high] n: ${RETRIEVAL_INTERVAL_DEFINITION}; ${retrievalUnitText(retrieval)}.`
  );
}

/** What the group metrics (retrieval.group_metrics) count, beside their table in every report. */
export const GROUP_METRICS_NOTE = 'each memory counts as its group; the first k distinct groups are the top k';

/** What an e2e interval's n counts, wherever one is shown. */
export const E2E_INTERVAL_UNITS = 'n cases, a plant_from history counting once';

/** The trials the e2e layer counts, over every condition. */
export function e2eTrialCount(e2e: Pick<NonNullable<ResultsDocument['e2e']>, 'by_condition'>): number {
  return Object.values(e2e.by_condition).reduce((sum, rates) => sum + (rates?.trials ?? 0), 0);
}

/** Above the end-to-end table: the trials and the agent, the condition pass^k is of, the definitions, what n counts. */
export function e2eIntro(e2e: NonNullable<ResultsDocument['e2e']>, escape: (text: string) => string): string {
  const trials = e2eTrialCount(e2e);
  return (
    `${counted(Object.keys(e2e.cases).length, 'case', 'cases')}, ${counted(e2e.repeat, 'repeat', 'repeats')}, ${e2e.conditions.length === 1 ? 'condition' : 'conditions'} ${e2e.conditions.join(', ')}: ${counted(trials, 'trial', 'trials')} against ` +
    `${escape(e2e.target.kind)}${e2e.target.model ? ` (${escape(e2e.target.model)})` : ''}; the headline condition is ${e2e.headline_condition}. ` +
    `${sentence(RATE_LEGEND)} ` +
    `[low, high] n: ${INTERVAL_DEFINITION}; ${E2E_INTERVAL_UNITS}.`
  );
}
