import type { Invocation } from '../../model/trial.js';
import type { ReportedUsage } from '../../model/e2e.js';
import type { GraderInput } from './input.js';

/**
 * Why a grader that reads memory has no snapshot: a trial takes one only when a
 * grader of its case reads memory (needsSnapshot), so this trial ran before such
 * a grader was added (regrade cannot list memory after the fact).
 */
export const NO_SNAPSHOT = 'no snapshot of memory was taken when this trial ran (no grader of the case read memory then): run the trial again';
import type { GraderOutcome, JudgeGraderSpec } from '../../model/graders.js';

/** What a judge grader sees of a trial (the case itself it does not need). */
export type JudgeGraderInput = Omit<GraderInput, 'spec'>;

/** The planted conversation as the judge reads it: each turn and the agent's reply, session by session. */
export function plantedConversation(invocations: readonly Invocation[]): string {
  return invocations
    .filter((invocation) => invocation.kind === 'session')
    .map((invocation) => `${invocation.date ? `[${invocation.date}] ` : ''}User: ${invocation.message}\nAssistant: ${invocation.reply}`)
    .join('\n\n');
}

/**
 * A judge grader: the judge's score on 1-5 against `min` (default 4, as a
 * scored judge passes). `on: memory` shows the judge the snapshot's entries
 * and the planted conversation instead of the question and answer. With no
 * judge configured it is skipped; a verdict that is not a whole score from 1
 * to 5 is the judge's error (OpenAIJudge throws), never a pass.
 */
export async function gradeWithJudge(spec: JudgeGraderSpec, min: number, input: JudgeGraderInput): Promise<GraderOutcome & ReportedUsage> {
  // A skipped outcome still says its scale and threshold, so the results show the grader as the suite set it.
  if (!input.judge) return { status: 'skipped', scale: [1, 5], min, reason: input.judgeMissing ?? 'no judge configured (e2e.judge)' };
  let graded: { question: string; answer: string };
  if (spec.on === 'memory') {
    const snapshot = input.snapshot;
    if (!snapshot) return { status: 'error', reason: NO_SNAPSHOT };
    if ('error' in snapshot) return { status: 'error', reason: `the memory snapshot failed: ${snapshot.error}` };
    const entries = snapshot.entries.map((entry) => `- ${entry.label ? `[${entry.label}] ` : ''}${entry.text}`).join('\n') || '(memory is empty)';
    graded = { question: plantedConversation(input.invocations), answer: entries };
  } else {
    graded = { question: input.question, answer: input.answer };
  }
  const model = spec.model ?? input.judgeModel;
  const verdict = await input.judge.grade({ rubric: spec.rubric, ...graded, scale: 5, ...(spec.on === 'memory' ? { on: 'memory' as const } : {}), ...(model !== undefined ? { model } : {}) });
  const score = verdict.score!;
  return {
    status: score >= min ? 'pass' : 'fail',
    score,
    scale: [1, 5],
    min,
    reason: `judge: ${verdict.reason}`,
    ...(verdict.usage ? { usage: verdict.usage } : {}),
    ...(verdict.usage_warning ? { usage_warning: verdict.usage_warning } : {}),
  };
}
