import { describeError } from '../errors.js';
import type { Target } from '../targets/types.js';
import type { TrialRecord } from '../model/trial.js';
import type { CaseSpec } from '../model/e2e.js';

export type MemorySnapshot = NonNullable<TrialRecord['snapshot']>;

/**
 * Whether a trial of this case lists the owner's memory after the planted
 * sessions: when one of its graders reads what memory holds (memory,
 * judge on memory, and script graders, whose ctx carries the snapshot).
 */
export function needsSnapshot(spec: Pick<CaseSpec, 'graders'>): boolean {
  return Object.values(spec.graders ?? {}).some((grader) => 'memory' in grader || 'script' in grader || ('judge' in grader && grader.judge.on === 'memory'));
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
