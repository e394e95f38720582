/**
 * Group-level scoring of a memory-level ranking (retrieval.group_metrics):
 * a memory counts as its group (`group:`, e.g. the session a turn came from),
 * so a turn-level run is also scored at session level, as LongMemEval's
 * evaluate_retrieval_turn2session does.
 *
 * LongMemEval widens the cut-off k' from k until the top k' turns cover k
 * distinct sessions (or the list ends), and a session is relevant when one of
 * its turns is. The sessions in the top k' are then exactly the first k
 * distinct sessions of the list, so scoring the list with repeats removed (each
 * group at the rank it first appears) at k gives the same recall_any@k
 * (our group_success@k) and recall_all@k (group_recall_all@k). On that list the
 * other metrics keep their trec_eval definitions: group_recall@k is the share
 * of relevant groups among the first k groups, group_mrr is 1 / rank of the
 * first relevant group. LongMemEval's session nDCG differs (README, metric table).
 */
import { GROUP_PREFIX, queryMetrics, type Gains } from './metrics.js';
import type { MetricValues } from '../model/figures.js';

/** The group of a memory id, undefined when the memory has none (or the id is not the suite's). */
export type GroupOf = (memoryId: string) => string | undefined;

/**
 * A memory without a group is a group of its own. The two kinds of key cannot
 * collide, so an ungrouped memory "s1" is never merged with group "s1".
 */
function groupKey(memoryId: string, groupOf: GroupOf): string {
  const group = groupOf(memoryId);
  return group === undefined ? `memory:${memoryId}` : `group:${group}`;
}

/** Each group once, at the rank its first memory has in `ranked`. */
export function groupRanking(ranked: readonly string[], groupOf: GroupOf): string[] {
  return [...new Set(ranked.map((id) => groupKey(id, groupOf)))];
}

/** A group's gain is the largest gain of its memories: relevant when any of them is. */
export function groupGains(gains: Gains, groupOf: GroupOf): Map<string, number> {
  const grouped = new Map<string, number>();
  for (const [id, gain] of gains) {
    const key = groupKey(id, groupOf);
    grouped.set(key, Math.max(gain, grouped.get(key) ?? 0));
  }
  return grouped;
}

/** Every metric of queryMetrics at group level, named with the group_ prefix. */
export function groupMetrics(ranked: readonly string[], gains: Gains, cutoffs: readonly number[], groupOf: GroupOf): MetricValues {
  const values = queryMetrics(groupRanking(ranked, groupOf), groupGains(gains, groupOf), cutoffs);
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [`${GROUP_PREFIX}${name}`, value]));
}
