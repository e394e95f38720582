import type { Artifact, ToolCall } from '../../model/e2e.js';
import type { CheckOn } from '../../model/checks.js';
import { normalizeAnswer } from './normalize.js';
import { withUsage, type Graded } from './usage.js';
import { picomatchLibrary } from '../../libraries.js';

/*
 * What a check reads (its `on:`). A check object may name it; children of
 * all/any/not read what their parent reads unless they name their own.
 *
 * - answer (default): the probe's answer.
 * - tool_calls: the probe's tool calls as text, one line per call in the
 *   order made: `name {"arg":"value"}` (the arguments as JSON).
 * - { artifact: glob }: each artifact of the probe whose path matches the
 *   glob (picomatch, dot files included; a glob with no slash matches the
 *   file name in any folder, so "*.csv" matches "exports/a.csv"). The check
 *   is graded on every match, whole (a `not` or `all` with this `on` is
 *   graded per artifact), and passes when every one passes; none matching
 *   is a failure that says so.
 *
 * Text is normalised as answers are (normalizeAnswer); json_path and csv
 * parse the artifact as produced (`raw`): normalising could break its quoting.
 */

export interface Subject {
  /** Normalised: what text checks read. */
  text: string;
  /** As produced. */
  raw: string;
  /** The artifact's path (with a note when it was cut), when the subject is an artifact. */
  artifact?: string;
}

export interface Actions {
  tool_calls: ToolCall[];
  artifacts: Artifact[];
}

export const NO_ACTIONS = "this check reads the probe's tool calls or artifacts, and this grading has no record of them";

export function textSubject(raw: string): Subject {
  return { raw, text: normalizeAnswer(raw) };
}

/** The actions a check reads; an error (not a failure) when the caller has none to give. */
export function requireActions(context: { actions?: Actions }): Actions {
  if (!context.actions) throw new Error(NO_ACTIONS);
  return context.actions;
}

/** One line per call, in order: `name {json arguments}`. */
export function toolCallLines(calls: readonly ToolCall[]): string {
  return calls.map((call) => `${call.name} ${JSON.stringify(call.arguments)}`).join('\n');
}

/** Whether an artifact path matches the glob (see the header). Throws when the glob does not compile. */
export function artifactMatcher(glob: string): (path: string) => boolean {
  const pattern = withoutDotSlash(glob);
  const test = picomatchLibrary()(pattern, { dot: true, windows: false });
  const byName = !pattern.includes('/');
  return (path) => {
    const clean = withoutDotSlash(path.replace(/\\/g, '/'));
    return test(byName ? clean.slice(clean.lastIndexOf('/') + 1) : clean);
  };
}

const withoutDotSlash = (path: string) => path.replace(/^(\.\/)+/, '');

export function describeOn(on: CheckOn): string {
  return on === 'answer' ? 'on the answer' : on === 'tool_calls' ? 'on tool calls' : `on artifact ${JSON.stringify(on.artifact)}`;
}

/** Grades `grade` on what `on` selects (`answer` is the probe's answer): one subject, or every matching artifact. */
export async function gradeOn(on: CheckOn, answer: Subject, context: { actions?: Actions }, grade: (subject: Subject) => Promise<Graded>): Promise<Graded> {
  if (on === 'answer') return grade(answer);
  const actions = requireActions(context);
  if (on === 'tool_calls') {
    const graded = await grade(textSubject(toolCallLines(actions.tool_calls)));
    return { ...graded, reason: `on tool calls: ${graded.reason}` };
  }
  const matches = artifactMatcher(on.artifact);
  const selected = actions.artifacts.filter((artifact) => matches(artifact.path));
  const glob = JSON.stringify(on.artifact);
  if (selected.length === 0) {
    const produced = actions.artifacts.length === 0 ? 'the probe produced none' : `the probe produced ${actions.artifacts.map((artifact) => artifact.path).join(', ')}`;
    return { pass: false, reason: `no artifact matches ${glob} (${produced})` };
  }
  const graded: Graded[] = [];
  for (const artifact of selected) {
    // Bytes, not rounded KiB: "cut at 1024 KiB of 1024 KiB" would hide that anything was cut.
    const label = artifact.truncated ? `${artifact.path} (cut at ${Buffer.byteLength(artifact.content)}${artifact.bytes !== undefined ? ` of ${artifact.bytes}` : ''} bytes)` : artifact.path;
    const result = await grade({ ...textSubject(artifact.content), artifact: label });
    graded.push({ ...result, reason: `${label}: ${result.reason}` });
  }
  const failed = graded.filter((result) => !result.pass);
  const shown = (failed.length > 0 ? failed : graded).map((result) => result.reason).join('; ');
  const reason =
    graded.length === 1
      ? shown
      : failed.length === 0
        ? `all ${graded.length} artifacts matching ${glob} passed [${shown}]`
        : `${failed.length} of ${graded.length} artifacts matching ${glob} failed [${shown}]`;
  return withUsage({ pass: failed.length === 0, reason }, graded);
}

