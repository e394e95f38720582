import type { MemorySpec } from '../model/suite.js';
import type { IsolationCheck, QueryOutcome } from '../model/results.js';

/**
 * Checks the owner of every result of every query against the suite's
 * memories. Pure: the owners come from what the run seeded, so a provider
 * cannot vouch for itself.
 */
export function checkIsolation(memories: readonly MemorySpec[], queries: readonly QueryOutcome[]): IsolationCheck {
  const owners = new Map(memories.map((memory) => [memory.id, memory.user]));
  const check: IsolationCheck = { cross_user_hits: 0, unknown_ids: 0, cross_user: [], unknown: [] };
  for (const query of queries) {
    query.results.forEach(({ id }, index) => {
      const owner = owners.get(id);
      if (owner === undefined) check.unknown.push({ query: query.id, user: query.user, memory: id, rank: index + 1 });
      else if (owner !== query.user) check.cross_user.push({ query: query.id, user: query.user, owner, memory: id, rank: index + 1 });
    });
  }
  check.cross_user_hits = check.cross_user.length;
  check.unknown_ids = check.unknown.length;
  return check;
}
