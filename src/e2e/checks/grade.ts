import type { CheckResult, CheckSpec, Judge, JudgeSpec, ReportedUsage } from '../types.js';
import { checkAbstains, checkAsks } from './abstains.js';
import { checkFirstAmount } from './amount.js';
import { checkDate } from './date.js';
import { normalizeAnswer } from './normalize.js';
import { checkContains, checkIContains, checkRegex } from './text.js';

export { describeCheck } from './describe.js';

export interface GradeContext {
  /** The probe question, for the judge. */
  question: string;
  /** The configured judge; a judge check without one is an error. */
  judge?: Judge;
  /** The suite's judge model, for judge checks that name none. */
  judgeModel?: string;
}

export type Graded = CheckResult & ReportedUsage;

/** Error message when a judge check runs with no judge configured. */
export const NO_JUDGE = 'the judge check needs e2e.judge configured';

const KINDS = ['contains', 'icontains', 'regex', 'first_amount', 'date', 'abstains', 'asks', 'all', 'any', 'not', 'judge'] as const;
type Kind = (typeof KINDS)[number];

/**
 * Grades an answer. The answer is normalised once (normalizeAnswer) and every
 * check, the judge's included, sees the normalised text.
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
 * time limit, an expected date that is not YYYY-MM-DD, an empty contains string).
 */
export async function gradeAnswer(check: CheckSpec, answer: string, context: GradeContext): Promise<Graded> {
  return evaluate(check, normalizeAnswer(answer), context);
}

function kindOf(check: CheckSpec): Kind {
  const keys = typeof check === 'object' && check !== null ? Object.keys(check).filter((key) => (KINDS as readonly string[]).includes(key)) : [];
  if (keys.length !== 1) {
    throw new Error(`a check needs exactly one of ${KINDS.join(', ')}; got ${JSON.stringify(check)}`);
  }
  return keys[0] as Kind;
}

async function evaluate(check: CheckSpec, text: string, context: GradeContext): Promise<Graded> {
  const spec = check as Record<Kind, unknown> & { flags?: string; or_asks?: boolean };
  const kind = kindOf(check);
  switch (kind) {
    case 'contains':
      return checkContains(text, spec.contains as string);
    case 'icontains':
      return checkIContains(text, spec.icontains as string);
    case 'regex':
      return checkRegex(text, spec.regex as string, spec.flags);
    case 'first_amount':
      return checkFirstAmount(text, spec.first_amount as number);
    case 'date':
      return checkDate(text, spec.date as string);
    case 'abstains':
      return checkAbstains(text, spec.abstains as boolean, spec.or_asks === true);
    case 'asks':
      return checkAsks(text, spec.asks as boolean);
    case 'judge':
      return runJudge(spec.judge as JudgeSpec, text, context);
    case 'not': {
      const inner = await evaluate(spec.not as CheckSpec, text, context);
      return withUsage({ pass: !inner.pass, reason: `not: ${inner.reason}` }, [inner]);
    }
    case 'all':
    case 'any':
      return combine(kind, spec[kind] as CheckSpec[], text, context);
  }
}

async function runJudge(spec: JudgeSpec, text: string, context: GradeContext): Promise<Graded> {
  if (!context.judge) throw new Error(NO_JUDGE);
  const model = spec.model ?? context.judgeModel;
  const verdict = await context.judge.grade({ rubric: spec.rubric, question: context.question, answer: text, ...(model !== undefined ? { model } : {}) });
  return withUsage({ pass: verdict.pass, reason: `judge: ${verdict.reason}` }, [verdict]);
}

async function combine(kind: 'all' | 'any', checks: CheckSpec[], text: string, context: GradeContext): Promise<Graded> {
  if (!Array.isArray(checks) || checks.length === 0) throw new Error(`the ${kind} check needs at least one check`);
  const results: (Graded | undefined)[] = checks.map(() => undefined);
  const decided = () => results.some((result) => result !== undefined && result.pass === (kind === 'any'));
  const judged = checks.map(usesJudge);
  for (const [i, check] of checks.entries()) if (!judged[i]) results[i] = await evaluate(check, text, context);
  for (const [i, check] of checks.entries()) if (judged[i] && !decided()) results[i] = await evaluate(check, text, context);

  const ran = results.filter((result): result is Graded => result !== undefined);
  const skipped = checks.length - ran.length;
  const note = skipped > 0 ? `; ${skipped} judge check${skipped === 1 ? '' : 's'} skipped` : '';
  const passed = ran.filter((result) => result.pass);
  const failed = ran.filter((result) => !result.pass);
  const list = (shown: Graded[]) => `[${shown.map((result) => result.reason).join('; ')}]`;
  if (kind === 'all') {
    const pass = failed.length === 0;
    const reason = pass ? `all: ${checks.length} of ${checks.length} passed ${list(ran)}` : `all: ${failed.length} of ${checks.length} failed ${list(failed)}${note}`;
    return withUsage({ pass, reason }, ran);
  }
  const pass = passed.length > 0;
  const reason = pass ? `any: ${passed.length} of ${checks.length} passed ${list(passed)}${note}` : `any: none of ${checks.length} passed ${list(ran)}`;
  return withUsage({ pass, reason }, ran);
}

/** Whether a check calls the judge anywhere inside it. */
export function usesJudge(check: CheckSpec): boolean {
  if (typeof check !== 'object' || check === null) return false;
  if ('judge' in check) return true;
  if ('not' in check) return usesJudge(check.not);
  if ('all' in check && Array.isArray(check.all)) return check.all.some(usesJudge);
  if ('any' in check && Array.isArray(check.any)) return check.any.some(usesJudge);
  return false;
}

/** `result` with the judge usage of `parts` summed (absent when none has any) and the first usage warning. */
function withUsage(result: CheckResult, parts: Graded[]): Graded {
  const usages = parts.flatMap((part) => (part.usage ? [part.usage] : []));
  const warning = parts.find((part) => part.usage_warning)?.usage_warning;
  return {
    ...result,
    ...(usages.length > 0
      ? {
          usage: {
            input_tokens: usages.reduce((sum, usage) => sum + usage.input_tokens, 0),
            output_tokens: usages.reduce((sum, usage) => sum + usage.output_tokens, 0),
          },
        }
      : {}),
    ...(warning ? { usage_warning: warning } : {}),
  };
}
