/**
 * What the agent did, beside what it said: the tool calls and files (artifacts)
 * a target reports per invocation. Checks on actions read the probe's only:
 * the probe is where the task is asked, and a planted session's actions
 * (an export made while being told the format) would let an agent pass on
 * what it did before it had to remember anything.
 */
import { capText } from './storedText.js';
import type { Invocation } from '../model/trial.js';
import type { Artifact, ToolCall } from '../model/e2e.js';

/**
 * The most UTF-8 bytes of one artifact's content kept at receipt: 1 MiB.
 * Checks see the content up to this cap; trials.jsonl then caps every string
 * at STORED_TEXT_LIMIT, so a stored artifact may be cut further.
 */
export const ARTIFACT_LIMIT = 1024 * 1024;

/** The artifact as received when its content fits ARTIFACT_LIMIT, else cut with capText's marker, `truncated` and the size before in `bytes`. */
export function capArtifact(artifact: Artifact): Artifact {
  const content = capText(artifact.content, ARTIFACT_LIMIT);
  if (content === artifact.content) return artifact;
  return { ...artifact, content, truncated: true, bytes: Buffer.byteLength(artifact.content, 'utf8') };
}

/** The probe's tool calls and artifacts (empty lists when it reported none, or when no probe ran). */
export function probeActions(invocations: readonly Invocation[]): { tool_calls: ToolCall[]; artifacts: Artifact[] } {
  const probe = invocations.findLast((invocation) => invocation.kind === 'probe');
  return { tool_calls: probe?.tool_calls ?? [], artifacts: probe?.artifacts ?? [] };
}
