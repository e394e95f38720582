import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import type { CaseSpec, MemoryOp } from '../../model/e2e.js';
import type { Invocation, TrialRecord } from '../../model/trial.js';
import type { GraderOutcome, ScriptGraderSpec } from '../../model/graders.js';

/*
 * A user's own grader: an exported function of an ES module the suite names
 * (`graders/redundancy.mjs#check`), run in this process as a command
 * target's code is the user's own. It gets ScriptGraderContext and returns
 * {score in [0, 1], pass?, reason, metadata?}, or a promise of one. Without
 * `pass` the score is held to the grader's `min` (default 1); with a `min`
 * in the suite, the suite's threshold decides. A throw or a return value of
 * another shape is the trial's error, naming file#export.
 */

export interface ScriptGraderContext {
  answer: string;
  snapshot: TrialRecord['snapshot'];
  /** Every invocation's memory tool calls, in order (sessions' turns, then the probe). */
  memory_ops: { kind: Invocation['kind']; session?: number; turn?: number; ops: MemoryOp[] }[];
  sessions: CaseSpec['sessions'];
  case: Omit<CaseSpec, 'where'>;
}

const modules = new Map<string, Promise<Record<string, unknown>>>();

export async function gradeWithScript(spec: ScriptGraderSpec, min: number | undefined, context: ScriptGraderContext): Promise<GraderOutcome> {
  const url = pathToFileURL(spec.path).href;
  if (!modules.has(url)) modules.set(url, import(url) as Promise<Record<string, unknown>>);
  let returned: unknown;
  try {
    const grader = (await modules.get(url)!)[spec.export];
    if (typeof grader !== 'function') throw new Error(`${spec.export} is not an exported function`);
    returned = await (grader as (ctx: ScriptGraderContext) => unknown)(structuredClone(context));
  } catch (error) {
    throw new Error(`grader script ${spec.shown} threw: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const problem = badReturn(returned);
  if (problem) throw new Error(`grader script ${spec.shown} returned a bad value: ${problem}`);
  const result = returned as { score: number; pass?: boolean; reason: string; metadata?: Record<string, unknown> };
  const pass = min !== undefined ? result.score >= min : (result.pass ?? result.score >= 1);
  return { status: pass ? 'pass' : 'fail', score: result.score, ...(min !== undefined ? { min } : {}), reason: result.reason, ...(result.metadata ? { metadata: result.metadata } : {}) };
}

function badReturn(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `expected an object {score, pass?, reason, metadata?}, got ${shown(value)}`;
  const { score, pass, reason, metadata } = value as Record<string, unknown>;
  if (typeof score !== 'number' || !Number.isFinite(score) || score < 0 || score > 1) return `score must be a number from 0 to 1, got ${shown(score)}`;
  if (pass !== undefined && typeof pass !== 'boolean') return `pass must be true or false, got ${shown(pass)}`;
  if (typeof reason !== 'string') return `reason must be a string, got ${shown(reason)}`;
  if (metadata !== undefined && (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))) return `metadata must be an object, got ${shown(metadata)}`;
  return undefined;
}

function shown(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return (JSON.stringify(value) ?? String(value)).slice(0, 100);
}

/**
 * The exports of a module, by name and typeof, read when the suite loads so
 * a missing export is a problem at file:line:col. The module is imported in a
 * separate node process: loading a suite stays synchronous and the check
 * leaves nothing of the module in this one.
 */
export function moduleExports(path: string): Record<string, string> {
  const code = 'const m = await import(process.argv[1]); process.stdout.write(JSON.stringify(Object.fromEntries(Object.entries(m).map(([k, v]) => [k, typeof v]))));';
  try {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', code, pathToFileURL(path).href], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 30_000 });
    return JSON.parse(out) as Record<string, string>;
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '');
    const line = stderr.split('\n').find((text) => /^\w*Error\b/.test(text)) ?? (error as Error).message.split('\n')[0];
    throw new Error(`cannot import it: ${line}`, { cause: error });
  }
}
