import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type { InputProblem, SourceLocation } from '../../model/source.js';
import { FileProblems, readReferencedText } from '../../source/sourceFile.js';
import { gradeAnswer } from '../checks/grade.js';
import { type GradeContext } from '../checks/table.js';
import { probeActions } from '../actions.js';
import { describeCheck } from '../checks/describe.js';
import { normalisesToBlank } from '../checks/normalize.js';
import { checkProblems, usesJudge } from '../checks/table.js';
import type { TrialRecord } from '../../model/trial.js';
import type { CaseSpec, ReportedUsage } from '../../model/e2e.js';
import type { CheckSpec } from '../../model/checks.js';
import { NO_SNAPSHOT, gradeWithJudge } from './judge.js';
import { gradeCaptures, gradeRedundancy } from './memory.js';
import { gradeMemoryOps } from './ops.js';
import { gradeWithScript, loadEnvironment, moduleExports } from './script.js';
import type { GraderOutcome, GraderSpec, JudgeGraderSpec, MemoryGraderSpec, MemoryOpsGraderSpec, ScriptGraderSpec } from '../../model/graders.js';
import type { GraderInput } from './input.js';

type Path = (string | number)[];

/** What a check reads of a trial: the question for the judge, and the probe's tool calls and artifacts (an old trial that recorded none has none). */
export function checkContext(input: Omit<GraderInput, 'spec' | 'snapshot'>): GradeContext {
  return { question: input.question, judge: input.judge, judgeModel: input.judgeModel, actions: probeActions(input.invocations) };
}

/** What loading a grader needs: where its parts were written, and the suite's folder and settings. */
export interface GraderLoad {
  at: (path: Path) => SourceLocation;
  suiteDir: string;
  judgeConfigured: boolean;
  /** Files the suite depends on (a rubric file): appended to. */
  files: string[];
  problems: InputProblem[];
  /** Script exports already read in this load, by absolute path; `env`: the environment the module is imported with. */
  exportsOf: (path: string, env: Record<string, string>) => Record<string, string>;
  /** The grader's `env:` (script graders only). */
  env?: Record<string, string>;
}

export interface GraderKind {
  /** The grader's outcome on one trial; throws only for a user's script that fails (a trial error naming it). */
  grade(value: never, min: number | undefined, input: GraderInput): Promise<GraderOutcome & ReportedUsage> | GraderOutcome;
  describe(value: never): string;
  /** The value as graded (files read, paths resolved), reporting problems at file:line:col; `raw` passed the schema. */
  load(raw: never, min: number | undefined, context: GraderLoad): unknown;
  /** Calls the judge: regrade keeps its stored outcome, as it makes no model calls. */
  usesJudge(value: never): boolean;
}

/** A memory grader's snapshot, or the outcome that says why there is none to grade. */
function entriesOf(input: GraderInput): { entries: NonNullable<Extract<TrialRecord['snapshot'], { entries: unknown }>>['entries'] } | GraderOutcome {
  const { snapshot } = input;
  if (!snapshot) return { status: 'error', reason: NO_SNAPSHOT };
  if ('error' in snapshot) return { status: 'error', reason: `the memory snapshot failed: ${snapshot.error}` };
  return snapshot;
}

function minProblem(min: number | undefined, low: number, high: number, context: GraderLoad): void {
  if (min !== undefined && (min < low || min > high)) context.problems.push({ where: context.at(['min']), message: `min must be from ${low} to ${high} for this grader; got ${min}` });
}

const check: GraderKind = {
  grade: async (value: CheckSpec, _min, input) => {
    const graded = await gradeAnswer(value, input.answer, checkContext(input));
    return { status: graded.pass ? 'pass' : 'fail', score: graded.pass ? 1 : 0, reason: graded.reason, ...(graded.usage ? { usage: graded.usage } : {}), ...(graded.usage_warning ? { usage_warning: graded.usage_warning } : {}) };
  },
  describe: (value: CheckSpec) => describeCheck(value),
  load: (raw: CheckSpec, min, context) => {
    if (min !== undefined) context.problems.push({ where: context.at(['min']), message: 'a check grader passes or fails (score 1 or 0): it takes no min' });
    for (const problem of checkProblems(raw, (path) => context.at(['check', ...path]), { judgeConfigured: context.judgeConfigured })) context.problems.push(problem);
    return raw;
  },
  usesJudge: (value: CheckSpec) => usesJudge(value),
};

const memory: GraderKind = {
  grade: (value: MemoryGraderSpec, min, input) => {
    const found = entriesOf(input);
    if ('status' in found) return found;
    return value.redundancy ? gradeRedundancy({ ...value, redundancy: value.redundancy }, found.entries) : gradeCaptures(value, found.entries, min ?? 1);
  },
  describe: (value: MemoryGraderSpec) => {
    const scope = value.label === undefined ? '' : ` in ${value.label}`;
    if (value.redundancy) return `memory redundancy at most ${value.redundancy.max}${scope}`;
    const parts = [...(value.captures ? [`captures ${value.captures.length}`] : []), ...(value.not_captures ? [`not_captures ${value.not_captures.length}`] : [])];
    return `memory ${parts.join(', ')}${scope}`;
  },
  load: (raw: MemoryGraderSpec, min, context) => {
    const facts = (raw.captures?.length ?? 0) + (raw.not_captures?.length ?? 0);
    if (raw.redundancy && facts > 0) {
      context.problems.push({ where: context.at(['memory', 'redundancy']), message: 'redundancy is graded alone: a memory grader has either captures/not_captures or redundancy', hint: 'make two graders' });
    } else if (!raw.redundancy && facts === 0) {
      context.problems.push({ where: context.at(['memory']), message: 'a memory grader needs captures, not_captures or redundancy' });
    }
    // A fact that normalises to nothing (spaces, a zero-width character) would be found in every memory.
    for (const list of ['captures', 'not_captures'] as const) {
      (raw[list] ?? []).forEach((fact, i) => {
        const texts = typeof fact === 'string' ? [[fact, [list, i]] as const] : fact.any.map((text, j) => [text, [list, i, 'any', j]] as const);
        for (const [text, path] of texts) {
          if (normalisesToBlank(text)) context.problems.push({ where: context.at(['memory', ...path]), message: `an empty fact: ${JSON.stringify(text)} is nothing once normalised, and would be found in every memory`, hint: 'write the fact memory must hold' });
        }
      });
    }
    if (raw.redundancy && min !== undefined) context.problems.push({ where: context.at(['min']), message: 'redundancy passes when its share is at most redundancy.max: it takes no min', hint: 'set redundancy: { max: ... }' });
    else minProblem(min, 0, 1, context);
    return raw;
  },
  usesJudge: () => false,
};

const memoryOps: GraderKind = {
  grade: (value: MemoryOpsGraderSpec, min, input) => gradeMemoryOps(value, input.invocations, min ?? 1),
  describe: (value: MemoryOpsGraderSpec) => `memory_ops ${value.expect !== undefined ? `expect ${value.expect}` : 'per turn'}${value.tools ? ` (${value.tools.join(', ')})` : ''}`,
  load: (raw: MemoryOpsGraderSpec, min, context) => {
    if ((raw.per_turn === true) === (raw.expect !== undefined)) {
      context.problems.push({ where: context.at(['memory_ops']), message: 'memory_ops needs one of per_turn: true or expect: <count>', hint: 'per_turn scores turns with an update / turns; expect: n scores min(calls, n) / n' });
    }
    minProblem(min, 0, 1, context);
    return raw;
  },
  usesJudge: () => false,
};

const judge: GraderKind = {
  grade: (value: JudgeGraderSpec, min, input) => gradeWithJudge(value, min ?? 4, input),
  describe: (value: JudgeGraderSpec) => `judge${value.on === 'memory' ? ' on memory' : ''} ${value.rubric_file ?? JSON.stringify(value.rubric.replace(/\s+/g, ' ').slice(0, 60))} (1-5)`,
  load: (raw: { rubric: string; scale?: number[]; on?: 'answer' | 'memory'; model?: string }, min, context) => {
    if (raw.scale !== undefined && !(raw.scale.length === 2 && raw.scale[0] === 1 && raw.scale[1] === 5)) {
      context.problems.push({ where: context.at(['judge', 'scale']), message: `a judge grader's scale is [1, 5]; got ${JSON.stringify(raw.scale)}` });
    }
    minProblem(min, 1, 5, context);
    // As for a judge check: without e2e.judge no run could ever grade it (with a judge but no key it is skipped, saying so).
    if (!context.judgeConfigured) context.problems.push({ where: context.at(['judge']), message: 'a judge grader needs e2e.judge with the judge model', hint: 'add e2e: { judge: { model: ... } }' });
    let rubric = raw.rubric;
    let rubricFile: string | undefined;
    if (isRubricFile(raw.rubric)) {
      rubricFile = raw.rubric;
      try {
        const read = readReferencedText(context.suiteDir, raw.rubric, context.at(['judge', 'rubric']));
        rubric = read.text;
        context.files.push(read.path);
      } catch (error) {
        if (!(error instanceof FileProblems)) throw error;
        for (const problem of error.problems) context.problems.push(problem);
      }
    }
    const loaded: JudgeGraderSpec = { rubric, ...(rubricFile ? { rubric_file: rubricFile } : {}), scale: [1, 5], on: raw.on ?? 'answer', ...(raw.model ? { model: raw.model } : {}) };
    return loaded;
  },
  usesJudge: () => true,
};

const script: GraderKind = {
  grade: (value: ScriptGraderSpec, min, input) =>
    gradeWithScript(value, min, {
      answer: input.answer,
      snapshot: input.snapshot,
      memory_ops: input.invocations.map((invocation) => ({ kind: invocation.kind, ...(invocation.session !== undefined ? { session: invocation.session } : {}), ...(invocation.turn !== undefined ? { turn: invocation.turn } : {}), ops: invocation.memory_ops ?? [] })),
      sessions: input.spec.sessions,
      case: withoutWhere(input.spec),
    }, input.env ?? process.env),
  describe: (value: ScriptGraderSpec) => `script ${value.shown}`,
  load: (raw: string, min, context) => {
    minProblem(min, 0, 1, context);
    const at = context.at(['script']);
    const hash = raw.lastIndexOf('#');
    const [file, name] = [raw.slice(0, hash), raw.slice(hash + 1)];
    const path = resolve(context.suiteDir, file);
    const loaded: ScriptGraderSpec = { path, shown: raw, export: name, ...(context.env ? { env: context.env } : {}) };
    if (!existsSync(path)) {
      context.problems.push({ where: at, message: `grader script ${relative(process.cwd(), path) || path} does not exist`, hint: 'paths in a suite are relative to the suite file' });
      return loaded;
    }
    try {
      const exported = context.exportsOf(path, loadEnvironment(context.env, process.env));
      if (exported[name] !== 'function') {
        const functions = Object.keys(exported).filter((key) => exported[key] === 'function');
        context.problems.push({
          where: at,
          message: exported[name] === undefined ? `${file} has no export "${name}"` : `${file}'s export "${name}" is a ${exported[name]}, not a function`,
          hint: functions.length ? `its functions: ${functions.join(', ')}` : 'export a function (ctx) => ({ score, reason })',
        });
      }
    } catch (error) {
      context.problems.push({ where: at, message: `grader script ${file}: ${(error as Error).message}` });
    }
    context.files.push(path);
    return loaded;
  },
  usesJudge: () => false,
};

/** A rubric written as a path (one line, ending .md or .txt) is read from that file; anything else is the rubric's text. */
function isRubricFile(rubric: string): boolean {
  return !/\n/.test(rubric) && /\.(md|txt)$/i.test(rubric.trim());
}

/** The case as the suite wrote it, without its source position. */
function withoutWhere(spec: CaseSpec): Omit<CaseSpec, 'where'> {
  return Object.fromEntries(Object.entries(spec).filter(([key]) => key !== 'where')) as Omit<CaseSpec, 'where'>;
}

/** The one table of grader kinds; a grader object has exactly one of these keys (and an optional min). */
export const GRADER_KINDS: Readonly<Record<string, GraderKind>> = { check, memory, memory_ops: memoryOps, judge, script };

/** A loaded grader's kind and value. */
export function graderKind(spec: GraderSpec): { kind: string; entry: GraderKind; value: never } {
  const kind = Object.keys(spec).find((key) => Object.hasOwn(GRADER_KINDS, key))!;
  return { kind, entry: GRADER_KINDS[kind]!, value: (spec as Record<string, unknown>)[kind] as never };
}

export { moduleExports };
