/**
 * The gate's split (gate.split): the verdict is decided on one split's cases
 * and queries. Every figure the gate reads is recomputed over that split, the
 * current run and the baseline alike, so a condition compares like with like.
 *
 * A unit's split is the suite's (the current definition decides, for both
 * runs); a case or query the suite no longer has belongs to no split, so the
 * narrowed runs leave it out. A layer with no unit of the split left is
 * recorded as skipped, and the gate's skipped_layers decides what it counts as.
 */
import { aggregateE2e } from '../e2e/aggregate.js';
import type { TrialRecord } from '../model/trial.js';
import type { ResultsDocument } from '../model/results.js';
import { querySummaries } from '../retrieval/runRetrieval.js';
import type { IsolationCheck, ProviderResult } from '../model/results.js';
import { hasRelevant, namesObsolete } from '../retrieval/metrics.js';
import type { SplitChoice } from '../model/split.js';
import type { CaseSpec } from '../model/e2e.js';
import type { SelectionRecord } from '../model/selection.js';
import type { QuerySpec, Suite } from '../model/suite.js';
import { evaluateGate, type EvaluateOptions } from './evaluate.js';
import { intervalUnitOf } from './metrics.js';
import type { GateSpec, Verdict } from '../model/gate.js';

export interface SplitResults {
  results: ResultsDocument;
  trials?: readonly TrialRecord[];
  /** What the narrowed run holds: e2e cases and retrieval queries of the split. */
  cases: number;
  queries: number;
}

/** A run as if only `split`'s cases and queries had run; `all` is the run itself. */
export function resultsForSplit(results: ResultsDocument, trials: readonly TrialRecord[] | undefined, suite: Suite, split: SplitChoice): SplitResults {
  const counted = { cases: Object.keys(results.e2e?.cases ?? {}).length, queries: Object.values(results.retrieval?.providers ?? {})[0]?.queries.length ?? 0 };
  if (split === 'all') return { results, trials, ...counted };
  return resultsForUnits(results, trials, suite, { query: (query) => (query.split ?? 'dev') === split, case: (spec) => (spec.split ?? 'dev') === split });
}

/**
 * A baseline as if only the units a narrowed run ran (run --case, --query,
 * --sample, ...: results.selection) had run, so its regression conditions
 * compare like with like; a layer the selection did not narrow stays whole.
 */
function baselineForSelection(baseline: SplitResults, suite: Suite, selection: SelectionRecord | undefined): SplitResults {
  if (!selection || (!selection.cases && !selection.queries)) return baseline;
  const cases = selection.cases && new Set(selection.cases);
  const queries = selection.queries && new Set(selection.queries);
  return resultsForUnits(baseline.results, baseline.trials, suite, { query: (query) => !queries || queries.has(query.id), case: (spec) => !cases || cases.has(spec.name) });
}

/** A run as if only the suite's units `keep` accepts had ran. */
function resultsForUnits(
  results: ResultsDocument,
  trials: readonly TrialRecord[] | undefined,
  suite: Suite,
  keep: { query: (query: QuerySpec) => boolean; case: (spec: CaseSpec) => boolean },
): SplitResults {
  const narrowed: ResultsDocument = { ...results, layers: { ...results.layers } };
  let cases = 0;
  let queries = 0;

  if (results.retrieval && suite.retrieval) {
    const ids = new Set(suite.retrieval.queries.filter(keep.query).map((query) => query.id));
    const cutoffs = results.retrieval.k;
    const providers = Object.fromEntries(
      Object.entries(results.retrieval.providers).map(([name, provider]): [string, ProviderResult] => {
        const kept = provider.queries.filter((query) => ids.has(query.id));
        queries = Math.max(queries, kept.length);
        // A failed provider stays failed; its leaks found before it failed still count.
        const summaries = provider.status === 'ok' ? querySummaries(name, kept, cutoffs, results.retrieval!.group_metrics, intervalUnitOf(results)) : {};
        // staleness: undefined first, so a split whose queries name no obsolete memory keeps none of the whole run's.
        return [name, { ...provider, staleness: undefined, ...summaries, queries: kept, ...(provider.isolation ? { isolation: isolationOf(provider.isolation, ids) } : {}) }];
      }),
    );
    const withoutRelevant = suite.retrieval.queries.filter((query) => ids.has(query.id) && !hasRelevant(query)).length;
    const withObsolete = suite.retrieval.queries.filter((query) => ids.has(query.id) && namesObsolete(query)).length;
    narrowed.retrieval = { ...results.retrieval, query_count: queries, queries_without_relevant: withoutRelevant, queries_with_obsolete: withObsolete, providers };
    if (queries === 0) narrowNothing(narrowed, 'retrieval');
  }

  if (results.e2e && suite.e2e) {
    const ran = results.e2e.cases;
    const specs = suite.e2e.cases.filter((spec) => keep.case(spec) && Object.hasOwn(ran, spec.name));
    cases = specs.length;
    if (cases > 0 && trials?.length) {
      const { target, judge_calibration: calibration } = results.e2e;
      narrowed.e2e = { target, ...(calibration ? { judge_calibration: calibration } : {}), ...aggregateE2e([...trials], specs, results.e2e.conditions, results.e2e.repeat) };
    } else {
      // Without the trials the rates cannot be recomputed over the split: no e2e figure, rather than the whole run's.
      narrowNothing(narrowed, 'e2e');
    }
  }
  const names = new Set(Object.keys(narrowed.e2e?.cases ?? {}));
  return { results: narrowed, trials: trials?.filter((trial) => names.has(trial.case)), cases, queries };
}

/** The run's own isolation record, kept to the split's queries. */
function isolationOf(check: IsolationCheck, ids: ReadonlySet<string>): IsolationCheck {
  const crossUser = check.cross_user.filter((hit) => ids.has(hit.query));
  const unknown = check.unknown.filter((hit) => ids.has(hit.query));
  return { cross_user_hits: crossUser.length, unknown_ids: unknown.length, cross_user: crossUser, unknown };
}

function narrowNothing(results: ResultsDocument, layer: 'retrieval' | 'e2e'): void {
  delete results[layer];
  results.layers[layer] = 'skipped';
}

/** The gate, on the split it names (gate.split, default all): both runs narrowed by resultsForSplit, the verdict saying which split decided. */
export function evaluateGateOnSplit(
  spec: GateSpec,
  suite: Suite,
  current: { results: ResultsDocument; trials?: readonly TrialRecord[] },
  baseline?: { results: ResultsDocument; trials?: readonly TrialRecord[] },
  options: Omit<EvaluateOptions, 'trials' | 'baselineTrials'> = {},
): Verdict {
  const split = spec.split ?? 'all';
  const now = resultsForSplit(current.results, current.trials, suite, split);
  const before = baseline ? baselineForSelection(resultsForSplit(baseline.results, baseline.trials, suite, split), suite, current.results.selection) : undefined;
  const verdict = evaluateGate(spec, now.results, before?.results, {
    ...options,
    // No trials is not an empty log: a run without trials.jsonl has no per-call figures to give.
    ...(now.trials?.length ? { trials: now.trials } : {}),
    ...(before?.trials?.length ? { baselineTrials: before.trials } : {}),
  });
  return split === 'all' ? verdict : { ...verdict, split: { name: split, cases: now.cases, queries: now.queries } };
}
