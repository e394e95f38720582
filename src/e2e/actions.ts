import type { Invocation } from './trial.js';
import type { Artifact, ToolCall } from './types.js';

/** What checks on actions read: the probe's tool calls and artifacts (the probe is where the task is asked); empty when it reported none. */
export function probeActions(invocations: readonly Invocation[]): { tool_calls: ToolCall[]; artifacts: Artifact[] } {
  const probe = invocations.find((invocation) => invocation.kind === 'probe');
  return { tool_calls: probe?.tool_calls ?? [], artifacts: probe?.artifacts ?? [] };
}
