/**
 * Single-run intervals of the retrieval layer: a 95% percentile bootstrap
 * interval beside each headline mean of a provider (and each staleness
 * share), drawing whole units: queries, or whole users (all of a user's
 * queries together), or whole query groups (retrieval.interval_unit). Each
 * interval draws its own seeded stream (named by its gate key), so it is
 * reproducible and independent of order.
 *
 * Queries of one user are not independent (one user's memories, one way of
 * asking), so when users hold several queries an interval over queries is
 * too narrow: the default then draws users, as e2e draws whole cases.
 */
import type { IntervalUnit } from '../model/figures.js';
import type { QueryOutcome } from '../model/results.js';
import { keyedIntervals, type Intervals, type UnitNames } from '../stats/bootstrap.js';
import { mean } from '../stats/summary.js';

export const INTERVAL_UNITS: readonly IntervalUnit[] = ['query', 'user', 'group'];

/**
 * Users the default needs before it draws users: two users give three
 * distinct draws, too few to call an interval; a suite with fewer stays with
 * queries and says why (the setting can still ask for users).
 */
export const MIN_USERS_TO_RESAMPLE = 3;

/** The unit a run's intervals draw, and why when the default had to choose queries over users. */
export interface UnitChoice {
  unit: IntervalUnit;
  note?: string;
}

/**
 * retrieval.interval_unit when the suite sets it; otherwise users when at
 * least MIN_USERS_TO_RESAMPLE users ask the queries and one of them asks
 * more than one, else queries (one query per user: the two are the same).
 */
export function chooseIntervalUnit(setting: IntervalUnit | undefined, queries: readonly { user: string }[]): UnitChoice {
  if (setting !== undefined) return { unit: setting };
  const perUser = new Map<string, number>();
  for (const query of queries) perUser.set(query.user, (perUser.get(query.user) ?? 0) + 1);
  const shared = [...perUser.values()].some((count) => count > 1);
  if (!shared) return { unit: 'query' };
  if (perUser.size >= MIN_USERS_TO_RESAMPLE) return { unit: 'user' };
  if (perUser.size === 1) return { unit: 'query' };
  return { unit: 'query', note: `only ${perUser.size} users hold the queries, too few to draw whole users; retrieval.interval_unit: user draws them anyway` };
}

/**
 * The resampling unit a query belongs to: itself, its user, or its group (a
 * query without a group is a group of its own). The prefixes keep a user, a
 * group and a query of the same name apart.
 */
export function unitKey(query: Pick<QueryOutcome, 'id' | 'user' | 'group'>, unit: IntervalUnit): string {
  if (unit === 'user') return `user:${query.user}`;
  if (unit === 'group') return query.group === undefined ? `query:${query.id}` : `group:${query.group}`;
  return query.id;
}

/** Names and resampling units of these queries for a bootstrap: queries pair by id, clusters are the unit's. */
export function queryUnitNames(queries: readonly Pick<QueryOutcome, 'id' | 'user' | 'group'>[], unit: IntervalUnit): UnitNames {
  const ids = queries.map((query) => query.id);
  return unit === 'query' ? { ids } : { ids, clusters: queries.map((query) => unitKey(query, unit)) };
}

/** How many units these queries make. */
export function unitCount(queries: readonly Pick<QueryOutcome, 'id' | 'user' | 'group'>[], unit: IntervalUnit): number {
  return new Set(queries.map((query) => unitKey(query, unit))).size;
}

/**
 * Intervals of a provider's means over these queries, for the named metrics
 * (keys as in provider.metrics), drawing whole units; `tag` names the tag they
 * are over, so each stream is named by its gate key (retrieval.<p>.tag.<t>.<m>).
 */
export function retrievalIntervals(provider: string, queries: readonly QueryOutcome[], metrics: readonly string[], unit: IntervalUnit = 'query', tag?: string): Intervals {
  const names = queryUnitNames(queries, unit);
  const prefix = tag === undefined ? `retrieval.${provider}` : `retrieval.${provider}.tag.${tag}`;
  const intervals = keyedIntervals(
    metrics.map((metric) => [
      metric,
      `${prefix}.${metric}`,
      { unit, ...names, units: queries.map((query) => [query.metrics[metric] ?? 0]), statistic: (sample) => mean(sample.map((one) => one[0]!)) },
    ]),
  );
  for (const estimate of Object.values(intervals)) estimate.unit = unit;
  return intervals;
}
