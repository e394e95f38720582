import { describeError } from '../errors.js';
import type { Target } from '../targets/types.js';
import type { TrialRecord } from './trial.js';
import type { CaseSpec } from './types.js';

export type MemorySnapshot = NonNullable<TrialRecord['snapshot']>;

/**
 * Whether a trial of this case lists the owner's memory after the planted
 * sessions. For now: whenever the case has graders (the memory, judge-on-memory
 * and script graders read the snapshot); the grader table may narrow this to
 * the kinds that do.
 */
export function needsSnapshot(spec: CaseSpec & { graders?: object }): boolean {
  return spec.graders !== undefined && Object.keys(spec.graders).length > 0;
}

/**
 * What the target's memory holds for `user` now. A target that cannot list
 * (no list method, or an adapter answering -32601), or whose list fails, gives
 * the reason instead of entries: graders that need the memory are then errors
 * saying why, never a silent pass on an empty memory.
 */
export async function takeSnapshot(target: Target, user: string): Promise<MemorySnapshot> {
  if (!target.list) return { error: 'the target cannot list its memory, so what it stored cannot be graded' };
  try {
    return { entries: await target.list(user) };
  } catch (error) {
    return { error: describeError(error) };
  }
}
