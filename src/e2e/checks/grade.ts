import type { CheckSpec } from '../../model/checks.js';
import { gradeOn, textSubject, type Subject } from './on.js';
import { CHECK_KINDS, CHECK_KIND_NAMES, kindsOf, type GradeContext, type Recurse } from './table.js';
import { type Graded } from './usage.js';
import { describeCheck } from './describe.js';

export { describeCheck } from './describe.js';
export { NO_JUDGE, usesJudge, type GradeContext, type Graded } from './table.js';

/**
 * Grades an answer. The answer is normalised once (normalizeAnswer) and every
 * check, the judge's included, sees the normalised text. Each kind grades as
 * its entry in CHECK_KINDS (table.ts) says. A check's `on` makes it read the
 * probe's tool calls or artifacts instead (on.ts), from `context.actions`.
 *
 * Composition: `all` passes when every check passes, `any` when one does,
 * `not` when its check fails. Reasons nest in brackets:
 *   all: 1 of 2 failed [does not contain "peanut-free"]
 *   any: none of 2 passed [does not contain "vegan"; does not match /veg/i]
 *   not: contains "shellfish" at '...'
 * Judge calls cost money, so they are made last and only when they can change
 * the outcome: checks without a judge run first, and a judge inside `all` is
 * skipped once something failed, inside `any` once something passed. Judge
 * token usage is summed over every judge call made; `usage` is absent when no
 * judge ran or none reported usage, and `usage_warning` says when a judge
 * reported usage that made no sense (see readUsage).
 *
 * Errors, not failures (the promise rejects, so the trial is recorded as an
 * error instead of blaming the agent): a judge check with no judge
 * configured (NO_JUDGE), a judge that throws, and a malformed check (no kind
 * or two kinds, empty all/any, a regex that does not compile or runs past its
 * time limit, an expected date that is not YYYY-MM-DD, an empty contains string),
 * and a check on actions when the context has none (NO_ACTIONS).
 */
export async function gradeAnswer(check: CheckSpec, answer: string, context: GradeContext): Promise<Graded> {
  const subject = textSubject(answer);
  return recurseFrom(subject).grade(check, subject, context);
}

/** The recursion for one grading: `answer` is what a check with `on: answer` reads, at any depth. */
function recurseFrom(answer: Subject): Recurse {
  const recurse: Recurse = {
    describe: describeCheck,
    grade: async (check, subject, context) => {
      const kinds = kindsOf(check);
      if (kinds.length !== 1) throw new Error(`a check needs exactly one of ${CHECK_KIND_NAMES.join(', ')}; got ${JSON.stringify(check)}`);
      const spec = check as Record<string, unknown>;
      const grade = async (selected: Subject) => CHECK_KINDS[kinds[0]!]!.grade(spec, selected, context, recurse);
      return check.on === undefined ? grade(subject) : gradeOn(check.on, answer, context, grade);
    },
  };
  return recurse;
}
