import type { InputProblem, SourceLocation } from '../../model/source.js';
import { didYouMean } from '../../source/didYouMean.js';
import type { Judge } from '../judge.js';
import type { CheckOn, CheckSpec, CsvSpec, JsonPathSpec, JudgeSpec, ToolCallSpec } from '../../model/checks.js';
import { checkAbstains, checkAsks } from './abstains.js';
import { blankRegexProblem, checkToolCalled, checkToolNotCalled, checkToolOrder, regexValueProblems, showExpected } from './actions.js';
import { checkFirstAmount } from './amount.js';
import { checkCsv } from './csv.js';
import { checkDate } from './date.js';
import { checkExactMatch } from './exactMatch.js';
import { DEFAULT_F1_MIN, blankGoldProblem, checkF1, goldAnswers } from './f1.js';
import { checkJsonPath, parseJsonPath } from './jsonPath.js';
import { artifactMatcher, requireActions, type Actions, type Subject } from './on.js';
import { blankness, normalisesToBlank, normalizeAnswer, showBlank } from './normalize.js';
import { checkContains, checkIContains, checkRegex, compileRegex } from './text.js';
import { withUsage, type Graded } from './usage.js';
import { counted } from '../../text/counted.js';

export { withUsage, type Graded } from './usage.js';

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
  /** The probe's tool calls and artifacts (probeActions); absent when the caller cannot know them: a check that reads them is then an error. */
  actions?: Actions;
}


/** Error message when a judge check runs with no judge configured. */
export const NO_JUDGE = 'the judge check needs e2e.judge configured';

type Spec = Record<string, unknown>;
type Path = (string | number)[];

/** The recursive operations, handed to composite kinds so the table needs no import cycle. */
export interface Recurse {
  /** Grades `check` on `subject` (what its parent reads), or on what its own `on` selects. */
  grade(check: CheckSpec, subject: Subject, context: GradeContext): Promise<Graded>;
  describe(check: CheckSpec): string;
}

/** What validation knows beyond the check: whether a judge is configured, and what the check reads (its own or inherited `on`). */
export interface CheckOptions {
  judgeConfigured: boolean;
  on?: CheckOn;
}

export interface CheckKind {
  /** Text kinds read `subject.text`; json_path and csv read an artifact's `subject.raw`; the tool kinds read `context.actions`. */
  grade(spec: Spec, subject: Subject, context: GradeContext, recurse: Recurse): Graded | Promise<Graded>;
  describe(spec: Spec, recurse: Pick<Recurse, 'describe'>): string;
  /** Problems the schema cannot see, at `at(path)` within this check. */
  validate?(spec: Spec, at: (path: Path) => SourceLocation, options: CheckOptions): InputProblem[];
  /** The check objects inside this one, with their paths (composites). */
  children?(spec: Spec): { path: Path; check: CheckSpec }[];
  /** The kind itself calls the judge (composites call it when a child does). */
  usesJudge?: true;
  /** The kind reads the tool calls whatever `on` says: an `on` of its own other than tool_calls is a problem. */
  readsToolCalls?: true;
}

const RUBRIC_SHOWN = 60;

const listOf = (kind: 'all' | 'any'): CheckKind => ({
  grade: (spec, subject, context, recurse) => combine(kind, spec[kind] as CheckSpec[], subject, context, recurse),
  describe: (spec, recurse) => `${kind}(${(spec[kind] as CheckSpec[]).map(recurse.describe).join(', ')})`,
  children: (spec) => (Array.isArray(spec[kind]) ? (spec[kind] as CheckSpec[]).map((check, i) => ({ path: [kind, i], check })) : []),
});

export const CHECK_KINDS: Readonly<Record<string, CheckKind>> = {
  contains: {
    grade: (spec, { text }) => checkContains(text, spec.contains as string),
    describe: (spec) => `contains ${JSON.stringify(spec.contains)}`,
    validate: (spec, at) => blankTextProblems('contains', spec.contains, () => at(['contains'])),
  },
  icontains: {
    grade: (spec, { text }) => checkIContains(text, spec.icontains as string),
    describe: (spec) => `icontains ${JSON.stringify(spec.icontains)}`,
    validate: (spec, at) => blankTextProblems('icontains', spec.icontains, () => at(['icontains'])),
  },
  regex: {
    grade: (spec, { text }) => checkRegex(text, spec.regex as string, spec.flags as string | undefined),
    describe: (spec) => `regex /${String(spec.regex)}/${typeof spec.flags === 'string' ? spec.flags : ''}`,
    validate: (spec, at) => regexProblems(String(spec.regex), spec.flags as string | undefined, () => at(['regex']), 'answer'),
  },
  first_amount: { grade: (spec, { text }) => checkFirstAmount(text, spec.first_amount as number), describe: (spec) => `first_amount ${String(spec.first_amount)}` },
  date: { grade: (spec, { text }) => checkDate(text, spec.date as string), describe: (spec) => `date ${String(spec.date)}` },
  abstains: {
    grade: (spec, { text }) => checkAbstains(text, spec.abstains as boolean, spec.or_asks === true),
    describe: (spec) => `abstains ${String(spec.abstains)}${spec.or_asks === true ? ' or asks' : ''}`,
  },
  asks: { grade: (spec, { text }) => checkAsks(text, spec.asks as boolean), describe: (spec) => `asks ${String(spec.asks)}` },
  f1: {
    grade: (spec, { text }) => checkF1(text, goldAnswers(spec.f1), (spec.min as number | undefined) ?? DEFAULT_F1_MIN),
    describe: (spec) => `f1 >= ${String(spec.min ?? DEFAULT_F1_MIN)} ${describeGold(spec.f1)}`,
    validate: (spec, at) => goldProblems('f1', spec.f1, at),
  },
  exact_match: {
    grade: (spec, { text }) => checkExactMatch(text, goldAnswers(spec.exact_match)),
    describe: (spec) => `exact_match ${describeGold(spec.exact_match)}`,
    validate: (spec, at) => goldProblems('exact_match', spec.exact_match, at),
  },
  all: listOf('all'),
  any: listOf('any'),
  not: {
    grade: async (spec, subject, context, recurse) => {
      const inner = await recurse.grade(spec.not as CheckSpec, subject, context);
      return withUsage({ pass: !inner.pass, reason: `not: ${inner.reason}` }, [inner]);
    },
    describe: (spec, recurse) => `not(${recurse.describe(spec.not as CheckSpec)})`,
    children: (spec) => [{ path: ['not'], check: spec.not as CheckSpec }],
  },
  judge: {
    grade: (spec, { text }, context) => runJudge(spec.judge as JudgeSpec, text, context),
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
  tool_called: {
    grade: (spec, _subject, context) => checkToolCalled(spec.tool_called as ToolCallSpec, requireActions(context).tool_calls),
    describe: (spec) => describeToolCall('tool_called', spec.tool_called as ToolCallSpec),
    validate: (spec, at) => toolCallProblems('tool_called', spec.tool_called as ToolCallSpec, at),
    readsToolCalls: true,
  },
  tool_not_called: {
    grade: (spec, _subject, context) => checkToolNotCalled(spec.tool_not_called as ToolCallSpec, requireActions(context).tool_calls),
    describe: (spec) => describeToolCall('tool_not_called', spec.tool_not_called as ToolCallSpec),
    validate: (spec, at) => toolCallProblems('tool_not_called', spec.tool_not_called as ToolCallSpec, at),
    readsToolCalls: true,
  },
  tool_order: {
    grade: (spec, _subject, context) => checkToolOrder(spec.tool_order as string[], requireActions(context).tool_calls),
    describe: (spec) => `tool_order ${(spec.tool_order as string[]).join(', ')}`,
    readsToolCalls: true,
  },
  json_path: {
    grade: (spec, subject) => checkJsonPath(spec.json_path as JsonPathSpec, subject.raw, artifactOf('json_path', subject)),
    describe: (spec) => {
      const { path, equals, matches } = spec.json_path as JsonPathSpec;
      return `json_path ${path} ${matches !== undefined ? `matches /${matches}/` : `equals ${showExpected(equals)}`}`;
    },
    validate: (spec, at, { on }) => {
      const value = spec.json_path as JsonPathSpec;
      const problems = needsArtifact('json_path', on, at);
      try {
        parseJsonPath(value.path);
      } catch (error) {
        problems.push({ where: at(['json_path', 'path']), message: (error as Error).message });
      }
      if ((value.equals === undefined) === (value.matches === undefined)) {
        problems.push({ where: at(['json_path']), message: 'json_path needs one of equals (a value) or matches (a regex)', hint: "e.g. { path: '$.rows[*].amount', matches: '^\\d+\\.\\d{2}$' }" });
      }
      if (value.matches !== undefined) problems.push(...regexProblems(value.matches, undefined, () => at(['json_path', 'matches']), 'value'));
      for (const { path, ...problem } of regexValueProblems(value.equals, ['json_path', 'equals'])) problems.push({ where: at(path), ...problem });
      return problems;
    },
  },
  csv: {
    grade: (spec, subject) => checkCsv(spec.csv as CsvSpec, subject.raw, artifactOf('csv', subject)),
    describe: (spec) => {
      const { column, all_match } = spec.csv as CsvSpec;
      return `csv ${column} all_match /${all_match}/`;
    },
    validate: (spec, at, { on }) => {
      const { all_match, delimiter } = spec.csv as CsvSpec;
      return [
        ...needsArtifact('csv', on, at),
        ...regexProblems(all_match, undefined, () => at(['csv', 'all_match']), 'value'),
        ...(delimiter !== undefined && /["\r\n]/.test(delimiter) ? [{ where: at(['csv', 'delimiter']), message: `the delimiter cannot be a quote or a line break; got ${JSON.stringify(delimiter)}`, hint: 'e.g. delimiter: ";" or delimiter: "\\t"' }] : []),
      ];
    },
  },
};

/** Why a blank check text matches every answer: the normalisation both sides go through (normalize.ts). */
const NORMALISED = 'answers and check texts are normalised: typographic spaces read as " ", invisible characters are removed';
const ANY_ANSWER = 'for any non-empty answer write regex: "\\S"';

/** A contains/icontains text that is blank once normalised would be found in every answer (with a space): a problem saying what to write. */
function blankTextProblems(kind: string, text: unknown, where: () => SourceLocation): InputProblem[] {
  if (typeof text !== 'string' || !normalisesToBlank(text)) return [];
  const matched = normalizeAnswer(text) === '' ? 'every answer' : 'every answer with a space';
  return [{ where: where(), message: `${kind} ${showBlank(text)} is ${blankness(text)} (${NORMALISED}), so it would match ${matched}`, hint: `write the words the answer must hold, e.g. ${kind}: "Porto"; ${ANY_ANSWER}` }];
}

/** A regex that does not compile, or whose source is blank once normalised (it matches everything, or every text with a space); `where` is asked only for a problem. */
function regexProblems(source: string, flags: string | undefined, where: () => SourceLocation, reads: 'answer' | 'value'): InputProblem[] {
  const blank = blankRegexProblem(source, reads);
  if (blank) return [{ where: where(), ...blank }];
  try {
    compileRegex(source, flags);
    return [];
  } catch (error) {
    return [{ where: where(), message: `invalid regular expression: ${(error as Error).message}` }];
  }
}

/** One gold answer quoted, or several as a list. */
function describeGold(value: unknown): string {
  return Array.isArray(value) ? `any of ${JSON.stringify(value)}` : JSON.stringify(value);
}

/** A gold answer of f1 or exact_match with no word once normalised would fail every answer: a problem at it. */
function goldProblems(kind: string, value: unknown, at: (path: Path) => SourceLocation): InputProblem[] {
  const golds = Array.isArray(value) ? value.map((gold, index) => ({ gold, path: [kind, index] })) : [{ gold: value, path: [kind] }];
  return golds.flatMap(({ gold, path }) => {
    const problem = typeof gold === 'string' ? blankGoldProblem(kind, gold) : undefined;
    return problem ? [{ where: at(path), message: problem, hint: 'write the answer itself, e.g. f1: "the September half marathon"' }] : [];
  });
}

function describeToolCall(kind: string, spec: ToolCallSpec): string {
  return `${kind} ${spec.name}${spec.args !== undefined ? ` ${JSON.stringify(spec.args)}` : ''}`;
}

function toolCallProblems(kind: string, spec: ToolCallSpec, at: (path: Path) => SourceLocation): InputProblem[] {
  return [
    ...(spec.name.trim() === '' ? [{ where: at([kind, 'name']), message: `${kind} needs the tool's name` }] : []),
    ...regexValueProblems(spec.args ?? {}, [kind, 'args']).map(({ path, ...problem }) => ({ where: at(path), ...problem })),
  ];
}

function needsArtifact(kind: string, on: CheckOn | undefined, at: (path: Path) => SourceLocation): InputProblem[] {
  if (typeof on === 'object') return [];
  return [{ where: at([kind]), message: `${kind} reads a file the agent produced, not ${on === 'tool_calls' ? 'the tool calls' : 'the answer'}`, hint: `add on: { artifact: "<path or glob>" } to it or to a check around it` }];
}

/** The artifact a structured check reads; the loader makes sure there is one (needsArtifact). */
function artifactOf(kind: string, subject: Subject): string {
  if (subject.artifact === undefined) throw new Error(`the ${kind} check reads an artifact: it needs on: { artifact: <glob> }`);
  return subject.artifact;
}

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

/** Whether a check reads the probe's tool calls or artifacts anywhere inside it: an `on` other than answer, or a tool kind. */
export function readsActions(check: CheckSpec): boolean {
  const [kind] = kindsOf(check);
  const entry = kind === undefined ? undefined : CHECK_KINDS[kind]!;
  if (!entry) return false;
  if ((check.on !== undefined && check.on !== 'answer') || entry.readsToolCalls) return true;
  return (entry.children?.(check as Spec) ?? []).some((child) => readsActions(child.check));
}

/** What the loader reports about a check the schema accepted: one kind per object, and each kind's own rules, at every depth. */
export function checkProblems(check: CheckSpec, at: (path: Path) => SourceLocation, options: CheckOptions): InputProblem[] {
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
  const own = onProblems(kinds[0]!, spec.on, at);
  const inner: CheckOptions = { ...options, on: check.on === undefined || own.length > 0 ? options.on : check.on };
  return [
    ...own,
    ...(entry.validate?.(spec, at, inner) ?? []),
    ...(entry.children?.(spec) ?? []).flatMap((child) => checkProblems(child.check, (path) => at([...child.path, ...path]), inner)),
  ];
}

const ON_NAMES = ['answer', 'tool_calls'];

/** A check's own `on` (the schema has let through a string or { artifact: non-empty string }). */
function onProblems(kind: string, on: unknown, at: (path: Path) => SourceLocation): InputProblem[] {
  if (on === undefined) return [];
  if (typeof on === 'string') {
    if (!ON_NAMES.includes(on)) {
      return [{ where: at(['on']), message: `on must be answer, tool_calls or { artifact: <path or glob> }; got ${JSON.stringify(on)}`, hint: didYouMean(on, ON_NAMES) }];
    }
  } else {
    const glob = (on as { artifact: string }).artifact;
    try {
      artifactMatcher(glob);
    } catch (error) {
      return [{ where: at(['on', 'artifact']), message: `the artifact glob ${JSON.stringify(glob)} does not compile: ${(error as Error).message}` }];
    }
  }
  if (CHECK_KINDS[kind]!.readsToolCalls && on !== 'tool_calls') {
    return [{ where: at(['on']), message: `${kind} reads the tool calls: on does not apply to it`, hint: 'remove on from it' }];
  }
  return [];
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
async function combine(kind: 'all' | 'any', checks: CheckSpec[], subject: Subject, context: GradeContext, recurse: Recurse): Promise<Graded> {
  if (!Array.isArray(checks) || checks.length === 0) throw new Error(`the ${kind} check needs at least one check`);
  const results: (Graded | undefined)[] = checks.map(() => undefined);
  const decided = () => results.some((result) => result !== undefined && result.pass === (kind === 'any'));
  const judged = checks.map(usesJudge);
  for (const [i, check] of checks.entries()) if (!judged[i]) results[i] = await recurse.grade(check, subject, context);
  for (const [i, check] of checks.entries()) if (judged[i] && !decided()) results[i] = await recurse.grade(check, subject, context);

  const ran = results.filter((result): result is Graded => result !== undefined);
  const skipped = checks.length - ran.length;
  const note = skipped > 0 ? `; ${counted(skipped, 'judge check', 'judge checks')} skipped` : '';
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
