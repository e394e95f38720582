import { pathToFileURL } from 'node:url';
import { RecallGateError } from '../../errors.js';
import { childEnv, childEnvironment } from '../../process/childEnv.js';
import type { CaseSpec, MemoryOp } from '../../model/e2e.js';
import type { Invocation, TrialRecord } from '../../model/trial.js';
import { callGrader, GraderCallError } from './scriptProcess.js';
import type { GraderOutcome, ScriptGraderSpec } from '../../model/graders.js';

/*
 * A user's own grader: an exported function of an ES module the suite names
 * (`graders/redundancy.mjs#check`), run in a node process of its own with a
 * command adapter's environment and the grader's `env:` (see
 * scriptProcess.ts). It gets ScriptGraderContext and returns
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

/** `env`: recall-gate's environment, which the grader's `env:` reads `${VAR}` from. */
export async function gradeWithScript(spec: ScriptGraderSpec, min: number | undefined, context: ScriptGraderContext, env: NodeJS.ProcessEnv): Promise<GraderOutcome> {
  const own = childEnv(spec.env, env, `grader script ${spec.shown}`);
  let returned: unknown;
  try {
    returned = await callGrader(spec, own, context);
  } catch (error) {
    if (!(error instanceof GraderCallError)) throw error;
    if (error.kind === 'unsendable') throw new Error(`grader script ${spec.shown} returned a bad value: ${error.message}`, { cause: error });
    throw new Error(`grader script ${spec.shown} ${error.kind === 'threw' ? 'threw' : 'failed'}: ${error.message}`, { cause: error });
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

/** In the checking process: the module's exports, by name and typeof, as JSON on stdout. */
const LIST_EXPORTS = 'const m = await import(process.argv[1]); process.stdout.write(JSON.stringify(Object.fromEntries(Object.entries(m).map(([k, v]) => [k, typeof v]))));';

/**
 * Runs LIST_EXPORTS in a process group of its own (where there are groups)
 * and relays its output and exit code; once it exits, the rest of its group
 * is killed. A module that starts a process at import (a helper server)
 * would otherwise leave it running, holding the pipes the check is read
 * through, so the check waited for it until its timeout.
 */
const IN_OWN_GROUP = `
const { spawn } = require('node:child_process');
const groups = process.platform !== 'win32';
const child = spawn(process.execPath, ['--input-type=module', '-e', ${JSON.stringify(LIST_EXPORTS)}, process.argv[1]], { stdio: ['ignore', 'pipe', 'pipe'], detached: groups });
let out = '';
let err = '';
child.stdout.on('data', (chunk) => (out += chunk));
child.stderr.on('data', (chunk) => (err += chunk));
const killGroup = () => {
  if (groups) try { process.kill(-child.pid, 'SIGKILL'); } catch {}
};
child.on('exit', killGroup);
// The check's timeout ends this process with SIGTERM: the module's group goes too.
process.on('SIGTERM', () => {
  killGroup();
  process.exit(143);
});
child.on('close', (code) => {
  process.stderr.write(err);
  process.stdout.write(out, () => process.exit(code ?? 1));
});
`;

/**
 * The exports of a module, by name and typeof, read when the suite loads so
 * a missing export is a problem at file:line:col. The module is imported in a
 * separate node process (and its own process group), with the environment
 * its grader will run with (see loadEnvironment): loading a suite stays
 * synchronous and the check leaves nothing of the module in this one, nor
 * anything it started running.
 */
export function moduleExports(path: string, env: Record<string, string> = {}): Record<string, string> {
  try {
    // node:child_process fetched here, not imported: validate of a suite without script graders never needs it (see scriptProcess.ts).
    const out = process.getBuiltinModule('node:child_process').execFileSync(process.execPath, ['-e', IN_OWN_GROUP, pathToFileURL(path).href], { encoding: 'utf8', env: childEnvironment(process.env, env), stdio: ['ignore', 'pipe', 'pipe'], timeout: 30_000 });
    return JSON.parse(out) as Record<string, string>;
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '');
    const line = stderr.split('\n').find((text) => /^\w*Error\b/.test(text)) ?? (error as Error).message.split('\n')[0];
    throw new Error(`cannot import it: ${line}`, { cause: error });
  }
}

/**
 * A grader's `env:` as far as `env` sets it, for importing the module when the
 * suite loads: `validate` runs without the run's secrets, so an entry naming
 * an unset variable is left out here (the run reports it), not a load problem.
 */
export function loadEnvironment(templates: Record<string, string> | undefined, env: NodeJS.ProcessEnv): Record<string, string> {
  const resolved: Record<string, string> = {};
  for (const [name, template] of Object.entries(templates ?? {})) {
    try {
      Object.assign(resolved, childEnv({ [name]: template }, env));
    } catch (error) {
      if (!(error instanceof RecallGateError)) throw error;
    }
  }
  return resolved;
}
