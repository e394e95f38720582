import type { FailureActions } from '../model/e2eResult.js';
import type { Artifact, ToolCall } from '../model/e2e.js';
import { cell, htmlCell, plainBlock, plainText, shorten } from './escape.js';
import { oneLine } from './format.js';
import { counted } from '../text/counted.js';

/**
 * What a failing trial's probe did (its tool calls and artifacts, as the
 * failure entry copies them: failureActions), shown in the terminal, report.md
 * and the PR comment. Pure; every text is untrusted and goes through escape.ts.
 */

/** How many of a trial's calls and artifacts a rendering shows, and how many lines of each artifact (Infinity: all it has). */
export interface ActionBounds {
  calls: number;
  artifacts: number;
  lines: number;
}

/** report.md shows everything the failure entry kept. */
export const FULL_BOUNDS: ActionBounds = { calls: Infinity, artifacts: Infinity, lines: Infinity };
/** The terminal and the comment show less: a failure list must stay readable, a comment must fit. */
export const TERMINAL_BOUNDS: ActionBounds = { calls: 10, artifacts: 5, lines: 3 };
export const COMMENT_BOUNDS: ActionBounds = { calls: 10, artifacts: 3, lines: 10 };

/** The longest a call is shown before its refusal (characters, before escaping). */
const CALL_CHARS = 240;

export function hasActions(actions: FailureActions): boolean {
  return (actions.tool_calls?.length ?? 0) + (actions.artifacts?.length ?? 0) > 0;
}

/** The call as the agent made it: `connect_db {"host":"db-staging-1"}`, or its raw arguments when they were not a JSON object. */
function callText(call: ToolCall): string {
  return `${call.name} ${call.raw ?? JSON.stringify(call.arguments ?? {})}`;
}

/** The size the agent produced: an artifact cut for the report (or at receipt) says its own. */
function artifactBytes(artifact: Artifact): number {
  return artifact.bytes ?? Buffer.byteLength(artifact.content, 'utf8');
}

/** What a rendering shows of one kind of list and how many it leaves out (those the failure entry already left out included). */
function bounded<T>(items: readonly T[] | undefined, leftOutBefore: number | undefined, max: number): { shown: T[]; leftOut: number } {
  const all = items ?? [];
  const shown = all.slice(0, max);
  return { shown, leftOut: all.length - shown.length + (leftOutBefore ?? 0) };
}

/** The content's lines, controls made visible, without the trailing line breaks. */
function contentLines(content: string): string[] {
  const text = plainBlock(content).replace(/\n+$/, '');
  return text === '' ? [] : text.split('\n');
}

/**
 * Terminal lines, indented under a failure line: one per call (a refused call
 * ends with why), one per artifact as `path (N bytes): its first lines`.
 */
export function actionLinesText(actions: FailureActions, indent = '    ', bounds = TERMINAL_BOUNDS): string[] {
  const calls = bounded(actions.tool_calls, actions.tool_calls_left_out, bounds.calls);
  const artifacts = bounded(actions.artifacts, actions.artifacts_left_out, bounds.artifacts);
  const lines = calls.shown.map((call) => `${indent}tool call: ${oneLine(callText(call), CALL_CHARS)}${call.error === undefined ? '' : ` (refused: ${oneLine(call.error, 160)})`}`);
  if (calls.leftOut > 0) lines.push(`${indent}… and ${counted(calls.leftOut, 'more tool call', 'more tool calls')} in trials.jsonl`);
  for (const artifact of artifacts.shown) {
    const all = contentLines(artifact.content);
    const first = all.slice(0, bounds.lines).map(plainText).join(' ⏎ ');
    const preview = shorten(all.length > bounds.lines ? `${first} ⏎ …` : first, 200);
    lines.push(`${indent}artifact: ${oneLine(artifact.path, 120)} (${artifactBytes(artifact)} bytes): ${preview}`);
  }
  if (artifacts.leftOut > 0) lines.push(`${indent}… and ${counted(artifacts.leftOut, 'more artifact', 'more artifacts')} in trials.jsonl`);
  return lines;
}

/** A code fence no line of `text` can close: one backtick longer than its longest run of them, and at least three. */
export function fenceFor(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}

/**
 * Markdown for one failing trial: a collapsed <details> with its calls (a
 * numbered list, escaped) and its artifacts (each in a fence it cannot break
 * out of), or nothing when the probe reported neither.
 */
export function actionDetails(key: string, actions: FailureActions, bounds = FULL_BOUNDS): string[] {
  if (!hasActions(actions)) return [];
  const calls = bounded(actions.tool_calls, actions.tool_calls_left_out, bounds.calls);
  const artifacts = bounded(actions.artifacts, actions.artifacts_left_out, bounds.artifacts);
  const counts = [
    ...(calls.shown.length > 0 ? [counted(calls.shown.length + calls.leftOut, 'tool call', 'tool calls')] : []),
    ...(artifacts.shown.length > 0 ? [counted(artifacts.shown.length + artifacts.leftOut, 'artifact', 'artifacts')] : []),
  ];
  const lines = [`<details><summary>What ${htmlCell(key, 80)} did: ${counts.join(', ')}</summary>`, ''];
  if (calls.shown.length > 0) {
    lines.push('Tool calls of the probe, in order:', '');
    calls.shown.forEach((call, index) => lines.push(`${index + 1}. ${cell(callText(call), CALL_CHARS)}${call.error === undefined ? '' : ` — **refused:** ${cell(call.error, 200)}`}`));
    lines.push('');
  }
  if (calls.leftOut > 0) lines.push(`… and ${counted(calls.leftOut, 'more tool call', 'more tool calls')} in trials.jsonl`, '');
  for (const artifact of artifacts.shown) {
    const all = contentLines(artifact.content);
    const shown = all.slice(0, bounds.lines).join('\n');
    const fence = fenceFor(shown);
    lines.push(`Artifact ${cell(artifact.path, 200)} (${artifactBytes(artifact)} bytes${artifact.truncated ? ', cut' : ''}):`, '', fence, ...(shown === '' ? [] : [shown]), fence, '');
    if (all.length > bounds.lines) lines.push(`… and ${counted(all.length - bounds.lines, 'more line', 'more lines')} in report.md and trials.jsonl`, '');
  }
  if (artifacts.leftOut > 0) lines.push(`… and ${counted(artifacts.leftOut, 'more artifact', 'more artifacts')} in trials.jsonl`, '');
  lines.push('</details>', '');
  return lines;
}
