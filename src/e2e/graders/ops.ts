import type { Invocation } from '../../model/trial.js';
import type { MemoryOp } from '../../model/e2e.js';
import type { GraderOutcome, MemoryOpsGraderSpec } from '../../model/graders.js';
import { counted } from '../../text/counted.js';

/*
 * The memory_ops grader, on the memory tool calls the target reported for
 * the planted sessions' turns (the probe's own calls do not count: it asks,
 * it is not told). A tool is named as the agent's tool: memory_insert,
 * memory_replace, memory_delete, memory_rethink; all count when none are listed.
 * - per_turn: score = turns with at least one listed call / turns.
 * - expect: n: score = min(calls, n) / n (at least n listed calls in all).
 * A target that reported memory_ops for no turn cannot be graded on them:
 * that is an error, not a score of 0.
 */

export const MEMORY_TOOLS: Readonly<Record<string, MemoryOp['op']>> = {
  memory_insert: 'insert',
  memory_replace: 'replace',
  memory_delete: 'delete',
  memory_rethink: 'rethink',
};

export function gradeMemoryOps(spec: MemoryOpsGraderSpec, invocations: readonly Invocation[], min: number): GraderOutcome {
  const turns = invocations.filter((invocation) => invocation.kind === 'session');
  if (turns.length === 0) return { status: 'error', reason: 'the case plants no turns to count memory ops in' };
  if (turns.every((turn) => turn.memory_ops === undefined)) {
    return { status: 'error', reason: 'the target reported no memory_ops for any turn (an agent reports memory_ops: [] for a turn with none)' };
  }
  const tools = spec.tools ?? Object.keys(MEMORY_TOOLS);
  const ops = new Set(tools.map((tool) => MEMORY_TOOLS[tool]));
  const perTurn = turns.map((turn) => (turn.memory_ops ?? []).filter((op) => ops.has(op.op)).length);
  const calls = perTurn.reduce((sum, count) => sum + count, 0);
  const updated = perTurn.filter((count) => count > 0).length;
  const score = spec.expect !== undefined ? Math.min(calls, spec.expect) / spec.expect : updated / turns.length;
  const what = spec.expect !== undefined ? `${counted(calls, `${tools.join('/')} call`, `${tools.join('/')} calls`)} of ${spec.expect} expected` : `${updated} of ${turns.length} turns made a ${tools.join('/')} call`;
  return { status: score >= min ? 'pass' : 'fail', score, min, reason: what, metadata: { turns: turns.length, updated_turns: updated, calls, per_turn: perTurn } };
}
