/**
 * A run redrawn from its own units, for calibrate's A/A check: whole units
 * drawn with replacement (retrieval queries, the same ones for every
 * provider; e2e cases, those planted from one history together, with every
 * trial they have), each put in a numbered slot. Two draws name their slots
 * alike (s1, s2, ...), so the gate pairs them slot by slot: each pair is two
 * independent draws, as two runs whose units are two samples of the same
 * population. Every figure of a draw is computed again from its units, as
 * narrow.ts does for a split.
 */
import { aggregateE2e } from '../e2e/aggregate.js';
import { trialKey } from '../e2e/trialRecords.js';
import type { CaseSpec } from '../model/e2e.js';
import type { IsolationCheck, ProviderResult, QueryOutcome, ResultsDocument } from '../model/results.js';
import type { TrialRecord } from '../model/trial.js';
import type { Suite } from '../model/suite.js';
import { meanMetrics, metricNames, scoredQueries } from '../retrieval/metrics.js';
import { groupBy, summarizeLatency } from '../stats/summary.js';

/** What a run is redrawn from: its query ids and its case histories, with what each slot needs. */
export interface UnitPool {
  /** Query ids, in the order of the first provider that completed. */
  queries: string[];
  /** Histories (a plant_from root, else the case alone), each with its cases' specs. */
  histories: CaseSpec[][];
  /** Trials by case name. */
  trials: Map<string, TrialRecord[]>;
  /** Cases of the run the suite no longer has: left out of every draw. */
  unknownCases: string[];
}

/** The units a run can be redrawn from: its queries, and its cases that the suite still defines (with their trials). */
export function unitPool(results: ResultsDocument, trials: readonly TrialRecord[], suite: Suite): UnitPool {
  const providers = Object.values(results.retrieval?.providers ?? {});
  const first = providers.find((provider) => provider.status === 'ok') ?? providers[0];
  const queries = (first?.queries ?? []).map((query) => query.id);
  const specs = new Map((suite.e2e?.cases ?? []).map((spec) => [spec.name, spec]));
  const ran = Object.keys(results.e2e?.cases ?? {});
  const known = ran.filter((name) => specs.has(name)).map((name) => specs.get(name)!);
  const histories = [...groupBy(known, (spec) => spec.planted_from ?? spec.name).values()];
  return { queries, histories, trials: groupBy(trials, (trial) => trial.case), unknownCases: ran.filter((name) => !specs.has(name)) };
}

/** Which units a draw took: an index into the pool's queries and histories per slot. */
export interface UnitDraw {
  queries: number[];
  histories: number[];
}

/** As many units as the pool has, drawn with replacement. */
export function drawUnits(pool: UnitPool, random: () => number): UnitDraw {
  const pick = (count: number) => Array.from({ length: count }, () => Math.floor(random() * count));
  return { queries: pick(pool.queries.length), histories: pick(pool.histories.length) };
}

const slot = (index: number) => `s${index + 1}`;

/** The run as if it had run the drawn units: query and case names are their slots' (s1, s1/case), trials renamed to match. */
export function resampledRun(results: ResultsDocument, pool: UnitPool, draw: UnitDraw): { results: ResultsDocument; trials: TrialRecord[] } {
  const redrawn: ResultsDocument = { ...results, layers: { ...results.layers } };
  if (results.retrieval) {
    const ids = draw.queries.map((index) => pool.queries[index]!);
    const providers = Object.fromEntries(Object.entries(results.retrieval.providers).map(([name, provider]) => [name, resampledProvider(provider, ids, results.retrieval!.k, results.retrieval!.group_metrics === true)]));
    redrawn.retrieval = { ...results.retrieval, query_count: ids.length, providers };
  }
  const trials: TrialRecord[] = [];
  if (results.e2e) {
    const specs: CaseSpec[] = [];
    draw.histories.forEach((history, index) => {
      for (const spec of pool.histories[history]!) {
        const name = `${slot(index)}/${spec.name}`;
        // The slot is the resampling unit, so two draws pair slot by slot.
        specs.push({ ...spec, name, planted_from: slot(index) });
        for (const trial of pool.trials.get(spec.name) ?? []) trials.push({ ...trial, case: name, key: trialKey(name, trial.condition, trial.repeat) });
      }
    });
    const { target, judge_calibration: calibration } = results.e2e;
    redrawn.e2e = { target, ...(calibration ? { judge_calibration: calibration } : {}), ...aggregateE2e(trials, specs, results.e2e.conditions, results.e2e.repeat, { intervals: false }) };
  }
  return { results: redrawn, trials };
}

/**
 * A provider over the drawn queries, renamed by slot, with its means and
 * latency summary counted again (no intervals: the gate reads per-query
 * values) and its isolation hits kept to the drawn queries.
 */
function resampledProvider(provider: ProviderResult, ids: readonly string[], cutoffs: readonly number[], groups: boolean): ProviderResult {
  const byId = new Map(provider.queries.map((query) => [query.id, query]));
  const queries: QueryOutcome[] = [];
  const slots = new Map<string, string[]>();
  ids.forEach((id, index) => {
    const query = byId.get(id);
    if (!query) return;
    queries.push({ ...query, id: slot(index) });
    slots.set(id, [...(slots.get(id) ?? []), slot(index)]);
  });
  const scored = scoredQueries(queries);
  const metrics = provider.status === 'ok' && scored.length > 0 ? meanMetrics(scored.map((query) => query.metrics), metricNames(cutoffs, { groups })) : {};
  const redrawn: ProviderResult = {
    ...provider,
    ...(provider.status === 'ok' ? { metrics, by_tag: {}, latency_ms: summarizeLatency(queries.map((query) => query.latency_ms)) } : {}),
    queries,
    ...(provider.isolation ? { isolation: isolationOf(provider.isolation, slots) } : {}),
  };
  // The whole run's intervals would describe other queries.
  delete redrawn.intervals;
  return redrawn;
}

/** Each drawn query's hits, once per slot it fills. */
function isolationOf(check: IsolationCheck, slots: ReadonlyMap<string, string[]>): IsolationCheck {
  const crossUser = check.cross_user.flatMap((hit) => (slots.get(hit.query) ?? []).map((query) => ({ ...hit, query })));
  const unknown = check.unknown.flatMap((hit) => (slots.get(hit.query) ?? []).map((query) => ({ ...hit, query })));
  return { cross_user_hits: crossUser.length, unknown_ids: unknown.length, cross_user: crossUser, unknown };
}
