import { probeActions } from './actions.js';
import { capStoredText, capText } from './storedText.js';
import type { Invocation } from '../model/trial.js';
import type { Artifact, ToolCall } from '../model/e2e.js';
import type { FailureActions } from '../model/e2eResult.js';

/**
 * What a failing trial's probe did, as results.json copies it for reports:
 * bounded, so a trial with a thousand calls or a 1 MB export cannot swell
 * the results. The whole record stays in trials.jsonl.
 */
export const REPORT_TOOL_CALLS = 20;
export const REPORT_ARTIFACTS = 5;
/** UTF-8 bytes of an artifact's content a report keeps (so at most as many characters); capText's marker says what was cut. */
export const REPORT_ARTIFACT_BYTES = 2000;
/** UTF-8 bytes of each text in a reported tool call (an argument value, raw arguments, the refusal) and of an artifact's path. */
const REPORT_TEXT_BYTES = 500;

export function failureActions(invocations: readonly Invocation[]): FailureActions {
  const { tool_calls: calls, artifacts } = probeActions(invocations);
  return {
    ...(calls.length > 0 ? { tool_calls: calls.slice(0, REPORT_TOOL_CALLS).map(reportedCall) } : {}),
    ...(calls.length > REPORT_TOOL_CALLS ? { tool_calls_left_out: calls.length - REPORT_TOOL_CALLS } : {}),
    ...(artifacts.length > 0 ? { artifacts: artifacts.slice(0, REPORT_ARTIFACTS).map(reportedArtifact) } : {}),
    ...(artifacts.length > REPORT_ARTIFACTS ? { artifacts_left_out: artifacts.length - REPORT_ARTIFACTS } : {}),
  };
}

/** UTF-8 bytes of a reported call's arguments as JSON once each text is cut: capping each string does not bound an object of twenty thousand keys. */
const REPORT_ARGUMENTS_BYTES = 4000;

/**
 * The call without what the tool answered (reports show what the agent did;
 * trials.jsonl keeps the answer), each text cut to REPORT_TEXT_BYTES.
 * Arguments still longer than REPORT_ARGUMENTS_BYTES as JSON are reported as
 * that JSON, cut, in `raw` (what the renderers show), with no arguments.
 */
function reportedCall(call: ToolCall): ToolCall {
  const reported = capStoredText(
    { name: call.name, arguments: call.arguments, ...(call.raw !== undefined ? { raw: call.raw } : {}), ...(call.error !== undefined ? { error: call.error } : {}) },
    REPORT_TEXT_BYTES,
  );
  const json = JSON.stringify(reported.arguments ?? {});
  if (Buffer.byteLength(json, 'utf8') <= REPORT_ARGUMENTS_BYTES) return reported;
  return { ...reported, arguments: {}, raw: capText(json, REPORT_ARGUMENTS_BYTES) };
}

/** `bytes` stays the size the agent produced: an artifact already cut at receipt keeps its own. */
function reportedArtifact(artifact: Artifact): Artifact {
  const path = capText(artifact.path, REPORT_TEXT_BYTES);
  const content = capText(artifact.content, REPORT_ARTIFACT_BYTES);
  if (content === artifact.content) return { ...artifact, path };
  return { path, content, truncated: true, bytes: artifact.bytes ?? Buffer.byteLength(artifact.content, 'utf8') };
}
