/**
 * A run redrawn from its own units, for calibrate's A/A check: whole units
 * drawn with replacement (retrieval queries, users or query groups, as the
 * run's intervals draw them, the same ones for every provider; e2e cases,
 * those planted from one history together, with every trial they have), each
 * put in a numbered slot. Two draws name their slots
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
import { unitKey } from '../retrieval/intervals.js';
import type { IntervalUnit } from '../model/figures.js';
import { intervalUnitOf } from './metrics.js';
import { groupBy, summarizeLatency } from '../stats/summary.js';

/** What a run is redrawn from: its retrieval units and its case histories, with what each slot needs. */
export interface UnitPool {
  /** What retrieval draws (the run's retrieval.interval_unit: queries, whole users or query groups), as the gate's intervals do. */
  queryUnit: IntervalUnit;
  /** The query ids of each retrieval unit, in the order of the first provider that completed. */
  queryUnits: string[][];
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
  const queryUnit = intervalUnitOf(results);
  const queryUnits = [...groupBy(first?.queries ?? [], (query) => unitKey(query, queryUnit)).values()].map((queries) => queries.map((query) => query.id));
  const specs = new Map((suite.e2e?.cases ?? []).map((spec) => [spec.name, spec]));
  const ran = Object.keys(results.e2e?.cases ?? {});
  const known = ran.filter((name) => specs.has(name)).map((name) => specs.get(name)!);
  const histories = [...groupBy(known, (spec) => spec.planted_from ?? spec.name).values()];
  return { queryUnit, queryUnits, histories, trials: groupBy(trials, (trial) => trial.case), unknownCases: ran.filter((name) => !specs.has(name)) };
}

/** Which units a draw took: an index into the pool's retrieval units and histories per slot. */
export interface UnitDraw {
  queries: number[];
  histories: number[];
}

/** As many units as the pool has, drawn with replacement. */
export function drawUnits(pool: UnitPool, random: () => number): UnitDraw {
  const pick = (count: number) => Array.from({ length: count }, () => Math.floor(random() * count));
  return { queries: pick(pool.queryUnits.length), histories: pick(pool.histories.length) };
}

const slot = (index: number) => `s${index + 1}`;

/** The run as if it had run the drawn units: query and case names are their slots' (s1, s1/case), trials renamed to match. */
export function resampledRun(results: ResultsDocument, pool: UnitPool, draw: UnitDraw): { results: ResultsDocument; trials: TrialRecord[] } {
  const redrawn: ResultsDocument = { ...results, layers: { ...results.layers } };
  if (results.retrieval) {
    const slots = draw.queries.map((index) => pool.queryUnits[index]!);
    const providers = Object.fromEntries(Object.entries(results.retrieval.providers).map(([name, provider]) => [name, resampledProvider(provider, slots, pool.queryUnit, results.retrieval!.k, results.retrieval!.group_metrics === true)]));
    redrawn.retrieval = { ...results.retrieval, query_count: slots.reduce((sum, ids) => sum + ids.length, 0), providers };
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
    redrawn.e2e = { target, ...(calibration ? { judge_calibration: calibration } : {}), ...aggregateE2e(trials, specs, results.e2e.conditions, results.e2e.repeat, undefined, { intervals: false }) };
  }
  return { results: redrawn, trials };
}

/**
 * A provider over the drawn units' queries, renamed by slot so two draws pair
 * slot by slot: a drawn query is its slot (s1); a drawn user's or group's
 * queries are s1/<id>, their user or group the slot. Its means and latency
 * summary are counted again (no intervals: the gate reads per-query values)
 * and its isolation hits kept to the drawn queries.
 */
function resampledProvider(provider: ProviderResult, drawn: readonly (readonly string[])[], unit: IntervalUnit, cutoffs: readonly number[], groups: boolean): ProviderResult {
  const byId = new Map(provider.queries.map((query) => [query.id, query]));
  const queries: QueryOutcome[] = [];
  const slots = new Map<string, string[]>();
  drawn.forEach((ids, index) => {
    for (const id of ids) {
      const query = byId.get(id);
      if (!query) continue;
      const name = unit === 'query' ? slot(index) : `${slot(index)}/${id}`;
      queries.push({ ...query, id: name, ...(unit === 'user' ? { user: slot(index) } : {}), ...(unit === 'group' ? { group: slot(index) } : {}) });
      slots.set(id, [...(slots.get(id) ?? []), name]);
    }
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
