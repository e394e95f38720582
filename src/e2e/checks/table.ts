import type { InputProblem, SourceLocation } from '../../errors.js';
import type { CheckResult, CheckSpec, Judge, JudgeSpec, ReportedUsage } from '../types.js';
import { checkAbstains, checkAsks } from './abstains.js';
import { checkFirstAmount } from './amount.js';
import { checkDate } from './date.js';
import { checkContains, checkIContains, checkRegex, compileRegex } from './text.js';

/*
 * The one table of check kinds. Each entry says how the kind grades a
 * (normalised) answer, how it reads in a report, what the suite loader
 * checks about it beyond the schema, and whether it calls the judge. The
 * grader (grade.ts), the describer (describe.ts) and the suite loader
 * (loadE2e.ts) all read this table: a new kind is one entry here plus its
 * property in schema/suite.schema.json (a test holds the two equal).
 */

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

type Spec = Record<string, unknown>;
type Path = (string | number)[];

/** The recursive operations, handed to composite kinds so the table needs no import cycle. */
export interface Recurse {
  grade(check: CheckSpec, text: string, context: GradeContext): Promise<Graded>;
  describe(check: CheckSpec): string;
}

export interface CheckKind {
  grade(spec: Spec, text: string, context: GradeContext, recurse: Recurse): Graded | Promise<Graded>;
  describe(spec: Spec, recurse: Pick<Recurse, 'describe'>): string;
  /** Problems the schema cannot see, at `at(path)` within this check. */
  validate?(spec: Spec, at: (path: Path) => SourceLocation, options: { judgeConfigured: boolean }): InputProblem[];
  /** The check objects inside this one, with their paths (composites). */
  children?(spec: Spec): { path: Path; check: CheckSpec }[];
  /** The kind itself calls the judge (composites call it when a child does). */
  usesJudge?: true;
}

const RUBRIC_SHOWN = 60;

const listOf = (kind: 'all' | 'any'): CheckKind => ({
  grade: (spec, text, context, recurse) => combine(kind, spec[kind] as CheckSpec[], text, context, recurse),
  describe: (spec, recurse) => `${kind}(${(spec[kind] as CheckSpec[]).map(recurse.describe).join(', ')})`,
  children: (spec) => (Array.isArray(spec[kind]) ? (spec[kind] as CheckSpec[]).map((check, i) => ({ path: [kind, i], check })) : []),
});

export const CHECK_KINDS: Readonly<Record<string, CheckKind>> = {
  contains: { grade: (spec, text) => checkContains(text, spec.contains as string), describe: (spec) => `contains ${JSON.stringify(spec.contains)}` },
  icontains: { grade: (spec, text) => checkIContains(text, spec.icontains as string), describe: (spec) => `icontains ${JSON.stringify(spec.icontains)}` },
  regex: {
    grade: (spec, text) => checkRegex(text, spec.regex as string, spec.flags as string | undefined),
    describe: (spec) => `regex /${String(spec.regex)}/${typeof spec.flags === 'string' ? spec.flags : ''}`,
    validate: (spec, at) => {
      try {
        compileRegex(String(spec.regex), spec.flags as string | undefined);
        return [];
      } catch (error) {
        return [{ where: at(['regex']), message: `invalid regular expression: ${(error as Error).message}` }];
      }
    },
  },
  first_amount: { grade: (spec, text) => checkFirstAmount(text, spec.first_amount as number), describe: (spec) => `first_amount ${String(spec.first_amount)}` },
  date: { grade: (spec, text) => checkDate(text, spec.date as string), describe: (spec) => `date ${String(spec.date)}` },
  abstains: {
    grade: (spec, text) => checkAbstains(text, spec.abstains as boolean, spec.or_asks === true),
    describe: (spec) => `abstains ${String(spec.abstains)}${spec.or_asks === true ? ' or asks' : ''}`,
  },
  asks: { grade: (spec, text) => checkAsks(text, spec.asks as boolean), describe: (spec) => `asks ${String(spec.asks)}` },
  all: listOf('all'),
  any: listOf('any'),
  not: {
    grade: async (spec, text, context, recurse) => {
      const inner = await recurse.grade(spec.not as CheckSpec, text, context);
      return withUsage({ pass: !inner.pass, reason: `not: ${inner.reason}` }, [inner]);
    },
    describe: (spec, recurse) => `not(${recurse.describe(spec.not as CheckSpec)})`,
    children: (spec) => [{ path: ['not'], check: spec.not as CheckSpec }],
  },
  judge: {
    grade: (spec, text, context) => runJudge(spec.judge as JudgeSpec, text, context),
    describe: (spec) => {
      const { rubric, model } = (spec.judge ?? {}) as { rubric?: unknown; model?: unknown };
      const text = String(rubric ?? '').replace(/\s+/g, ' ').trim();
      const shown = text.length > RUBRIC_SHOWN ? `${text.slice(0, RUBRIC_SHOWN - 3)}...` : text;
      return `judge ${JSON.stringify(shown)}${typeof model === 'string' ? ` (model ${model})` : ''}`;
    },
    validate: (_spec, at, { judgeConfigured }) =>
      judgeConfigured ? [] : [{ where: at(['judge']), message: 'a judge check needs e2e.judge with the judge model', hint: 'add e2e: { judge: { model: ... } }' }],
    usesJudge: true,
  },
};

export const CHECK_KIND_NAMES = Object.keys(CHECK_KINDS);

/** The kinds a check object names (exactly one in a well-formed check). */
export function kindsOf(check: unknown): string[] {
  return typeof check === 'object' && check !== null ? Object.keys(check).filter((key) => Object.hasOwn(CHECK_KINDS, key)) : [];
}

/** Whether a check calls the judge anywhere inside it. */
export function usesJudge(check: CheckSpec): boolean {
  const [kind] = kindsOf(check);
  const entry = kind === undefined ? undefined : CHECK_KINDS[kind]!;
  if (!entry) return false;
  return entry.usesJudge === true || (entry.children?.(check as Spec) ?? []).some((child) => usesJudge(child.check));
}

/** What the loader reports about a check the schema accepted: one kind per object, and each kind's own rules, at every depth. */
export function checkProblems(check: CheckSpec, at: (path: Path) => SourceLocation, options: { judgeConfigured: boolean }): InputProblem[] {
  const kinds = kindsOf(check);
  if (kinds.length !== 1) {
    return [
      {
        where: at([]),
        message: kinds.length === 0 ? `a check needs one of: ${CHECK_KIND_NAMES.join(', ')}` : `a check has one kind, found ${kinds.join(' and ')}`,
        hint: kinds.length > 1 ? 'combine checks with all: [...] or any: [...]' : undefined,
      },
    ];
  }
  const entry = CHECK_KINDS[kinds[0]!]!;
  const spec = check as Spec;
  return [
    ...(entry.validate?.(spec, at, options) ?? []),
    ...(entry.children?.(spec) ?? []).flatMap((child) => checkProblems(child.check, (path) => at([...child.path, ...path]), options)),
  ];
}

async function runJudge(spec: JudgeSpec, text: string, context: GradeContext): Promise<Graded> {
  if (!context.judge) throw new Error(NO_JUDGE);
  const model = spec.model ?? context.judgeModel;
  const verdict = await context.judge.grade({ rubric: spec.rubric, question: context.question, answer: text, ...(model !== undefined ? { model } : {}) });
  return withUsage({ pass: verdict.pass, reason: `judge: ${verdict.reason}` }, [verdict]);
}

/**
 * `all` passes when every check passes, `any` when one does. Judge calls
 * cost money, so checks without a judge run first, and a judge is skipped
 * once the outcome is decided (inside `all` once something failed, inside
 * `any` once something passed).
 */
async function combine(kind: 'all' | 'any', checks: CheckSpec[], text: string, context: GradeContext, recurse: Recurse): Promise<Graded> {
  if (!Array.isArray(checks) || checks.length === 0) throw new Error(`the ${kind} check needs at least one check`);
  const results: (Graded | undefined)[] = checks.map(() => undefined);
  const decided = () => results.some((result) => result !== undefined && result.pass === (kind === 'any'));
  const judged = checks.map(usesJudge);
  for (const [i, check] of checks.entries()) if (!judged[i]) results[i] = await recurse.grade(check, text, context);
  for (const [i, check] of checks.entries()) if (judged[i] && !decided()) results[i] = await recurse.grade(check, text, context);

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

/** `result` with the judge usage of `parts` summed (absent when none has any) and the first usage warning. */
export function withUsage(result: CheckResult, parts: ReportedUsage[]): Graded {
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
