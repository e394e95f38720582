import { RecallGateError } from '../errors.js';
import type { MemoryStore } from '../memory/types.js';

/**
 * A provider seeded with memories whose every search came back empty did not
 * measure retrieval: it failed to store, or searches other users or another
 * index. Scored, it would read as recall 0 and the run as complete; it is the
 * provider's error instead, so the run is incomplete and the gate's conditions
 * on it cannot pass.
 */

/** How many memories the store's list holds for these users; undefined when it cannot list, or a list fails. */
export async function listedMemories(store: MemoryStore, users: Iterable<string>): Promise<number | undefined> {
  let total = 0;
  try {
    for (const user of users) total += (await store.list(user)).length;
  } catch {
    return undefined;
  }
  return total;
}

/** The error of a provider every search of which came back empty: what it was given, and what its list holds when it has one. */
export function emptyProviderError(provider: string, given: number, searches: number, listed: number | undefined): RecallGateError {
  const list = listed === undefined ? 'it has no list to say what it holds' : `its list holds ${listed} memor${listed === 1 ? 'y' : 'ies'} for the suite's users`;
  return new RecallGateError('incomplete', `provider ${provider} was given ${given} memor${given === 1 ? 'y' : 'ies'}, yet every one of its ${searches} searches came back empty (${list})`, {
    hint: listed === 0 ? 'it stored nothing it was given: check its add (and that a reset does not follow it)' : 'check that its search reads the memories add stored, for the same user ids',
  });
}
