import type { MemorySpec, QuerySpec } from '../model/suite.js';

/**
 * A slice of a suite that can be seeded and searched apart from the rest:
 * whole users, their memories and the queries asked as them (with each
 * query's place in the suite, so outcomes keep the suite's order).
 */
export interface UserSlice {
  memories: MemorySpec[];
  queries: { query: QuerySpec; index: number }[];
}

/**
 * Enough memories per slice that embedding requests stay well filled (an
 * embedder batches within one add), few enough that a slice is a small part
 * of a large suite.
 */
export const SLICE_MEMORIES = 4096;

/**
 * The suite cut into slices of whole users, in the order users first appear.
 * Searches only ever see their own user's memories, so seeding and searching
 * one slice at a time gives the same rankings as the whole suite at once,
 * with memory bounded by the largest slice. A slice holds at least two users
 * (when there are two) so every search still runs beside another user's
 * memories and the isolation canary can see a store that leaks across them.
 */
export function userSlices(memories: readonly MemorySpec[], queries: readonly QuerySpec[], minMemories = SLICE_MEMORIES): UserSlice[] {
  const byUser = new Map<string, UserSlice>();
  const sliceOf = (user: string) => {
    let slice = byUser.get(user);
    if (!slice) {
      slice = { memories: [], queries: [] };
      byUser.set(user, slice);
    }
    return slice;
  };
  for (const memory of memories) sliceOf(memory.user).memories.push(memory);
  queries.forEach((query, index) => sliceOf(query.user).queries.push({ query, index }));

  const slices: UserSlice[] = [];
  let current: UserSlice = { memories: [], queries: [] };
  let users = 0;
  for (const user of byUser.values()) {
    append(current, user);
    users += 1;
    if (current.memories.length >= minMemories && users >= 2) {
      slices.push(current);
      current = { memories: [], queries: [] };
      users = 0;
    }
  }
  if (current.memories.length > 0 || current.queries.length > 0) {
    // A last lone user joins the slice before it, so it too is searched beside another user.
    const last = slices[slices.length - 1];
    if (users === 1 && last) {
      append(last, current);
    } else {
      slices.push(current);
    }
  }
  return slices;
}

/** Element by element: a spread of a very large user's rows would pass the call-stack limit. */
function append(into: UserSlice, from: UserSlice): void {
  for (const memory of from.memories) into.memories.push(memory);
  for (const query of from.queries) into.queries.push(query);
}
