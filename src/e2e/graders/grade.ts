import { describeError } from '../../errors.js';
import { round } from '../../stats/summary.js';
import { gradeAnswer } from '../checks/grade.js';
import { usesJudge } from '../checks/table.js';
import { withUsage } from '../checks/usage.js';
import type { CaseSpec, ReportedUsage } from '../../model/e2e.js';
import { GRADER_KINDS, checkContext, graderKind, type GraderLoad } from './table.js';
import type { GraderInput } from './input.js';
import type { GraderOutcome, GraderSpec } from '../../model/graders.js';

export interface TrialGrade extends ReportedUsage {
  status: 'pass' | 'fail' | 'error';
  reason: string;
  /** Every grader's outcome by name (absent when the case has no graders). */
  graders?: Record<string, GraderOutcome>;
}

export interface TrialGradeInput extends Omit<GraderInput, 'spec'> {
  /** Regrade: no model calls. Graders that call the judge keep these stored outcomes (or are skipped when none is stored). */
  offline?: { stored?: Record<string, GraderOutcome> };
}

/**
 * Grades one trial: the case's check on the answer, then each grader in
 * order. The trial passes when the check (if any) passes and every grader
 * that ran passed; a grader error (a script that throws, a memory grader with
 * no snapshot) or a check that could not be graded makes it an error;
 * skipped graders (a judge grader with no judge) do not count, and a trial
 * that nothing graded is an error saying so, never a silent pass.
 */
export async function gradeTrial(spec: CaseSpec, input: TrialGradeInput): Promise<TrialGrade> {
  const usages: ReportedUsage[] = [];
  const parts: { pass: boolean; reason: string }[] = [];
  let error: string | undefined;
  if (spec.check) {
    try {
      const graded = await gradeAnswer(spec.check, input.answer, checkContext(input));
      usages.push(graded);
      parts.push(graded);
    } catch (thrown) {
      error = describeError(thrown);
    }
  }
  if (!spec.graders) {
    if (error !== undefined) return { status: 'error', reason: error };
    const { pass, ...graded } = withUsage(parts[0]!, usages);
    return { status: pass ? 'pass' : 'fail', ...graded };
  }

  const graders: Record<string, GraderOutcome> = {};
  for (const [name, grader] of Object.entries(spec.graders)) {
    const outcome = await gradeOne(name, grader, { ...input, spec });
    const { usage, usage_warning, ...kept } = outcome as GraderOutcome & ReportedUsage;
    usages.push({ ...(usage ? { usage } : {}), ...(usage_warning ? { usage_warning } : {}) });
    graders[name] = kept;
    const shown = `${name}: ${kept.status}${kept.score !== undefined ? ` ${round(kept.score, 3)}` : ''}: ${kept.reason}`;
    if (kept.status === 'error') error ??= `grader ${name}: ${kept.reason}`;
    else if (kept.status !== 'skipped') parts.push({ pass: kept.status === 'pass', reason: shown });
  }
  const usage = withUsage({ pass: true, reason: '' }, usages);
  const extras = { graders, ...(usage.usage ? { usage: usage.usage } : {}), ...(usage.usage_warning ? { usage_warning: usage.usage_warning } : {}) };
  if (error !== undefined) return { status: 'error', reason: error, ...extras };
  if (parts.length === 0) return { status: 'error', reason: `nothing graded this trial: every grader was skipped (${Object.entries(graders).map(([name, outcome]) => `${name}: ${outcome.reason}`).join('; ')})`, ...extras };
  const failed = parts.filter((part) => !part.pass);
  return { status: failed.length === 0 ? 'pass' : 'fail', reason: (failed.length ? failed : parts).map((part) => part.reason).join('; '), ...extras };

  async function gradeOne(name: string, grader: GraderSpec, graderInput: GraderInput): Promise<GraderOutcome & ReportedUsage> {
    const { entry, value } = graderKind(grader);
    if (input.offline && entry.usesJudge(value)) return input.offline.stored?.[name] ?? { status: 'skipped', reason: 'not graded: regrade makes no model calls' };
    try {
      return await entry.grade(value, grader.min, graderInput);
    } catch (thrown) {
      return { status: 'error', reason: describeError(thrown) };
    }
  }
}


/** Whether grading a case calls the judge anywhere: its check or a grader. */
export function caseUsesJudge(spec: Pick<CaseSpec, 'check' | 'graders'>): boolean {
  return (spec.check !== undefined && usesJudge(spec.check)) || Object.values(spec.graders ?? {}).some((grader) => {
    const { entry, value } = graderKind(grader);
    return entry.usesJudge(value);
  });
}

/** The line a trial record shows for what grades it: the check, then each grader by name. */
export function describeGrading(spec: Pick<CaseSpec, 'check' | 'graders'>): string {
  const { check } = spec;
  const checkLine = check ? GRADER_KINDS.check!.describe(check as never) : undefined;
  const graders = Object.entries(spec.graders ?? {}).map(([name, grader]) => {
    const { entry, value } = graderKind(grader);
    return `${name}: ${entry.describe(value)}${grader.min !== undefined ? ` (min ${grader.min})` : ''}`;
  });
  return [...(checkLine ? [checkLine] : []), ...(graders.length ? [`graders ${graders.join('; ')}`] : [])].join('; ');
}

type RawGrader = Record<string, unknown> & { min?: number; env?: Record<string, string> };

/**
 * A case's `graders:` as graded, from what passed the schema: each grader has
 * exactly one kind, and each kind's own rules (GRADER_KINDS[kind].load) hold.
 */
export function loadGraders(raw: Record<string, RawGrader>, context: GraderLoad): Record<string, GraderSpec> {
  const loaded: Record<string, GraderSpec> = {};
  for (const [name, grader] of Object.entries(raw)) {
    const at = (path: (string | number)[]) => context.at([name, ...path]);
    const kinds = Object.keys(grader).filter((key) => Object.hasOwn(GRADER_KINDS, key));
    if (kinds.length !== 1) {
      context.problems.push({
        where: at([]),
        message: kinds.length === 0 ? `grader "${name}" needs one of: ${Object.keys(GRADER_KINDS).join(', ')}` : `grader "${name}" has one kind, found ${kinds.join(' and ')}`,
        hint: kinds.length > 1 ? 'make one grader of each' : undefined,
      });
      continue;
    }
    const kind = kinds[0]!;
    // Only a script runs as a process of its own, with an environment.
    if (grader.env !== undefined && kind !== 'script') context.problems.push({ where: at(['env']), message: `env is for script graders: a ${kind} grader runs no process of its own`, hint: 'remove env here' });
    const env = kind === 'script' ? grader.env : undefined;
    const value = GRADER_KINDS[kind]!.load(grader[kind] as never, grader.min, { ...context, at, ...(env ? { env } : {}) });
    loaded[name] = { [kind]: value, ...(grader.min !== undefined ? { min: grader.min } : {}) } as GraderSpec;
  }
  return loaded;
}
