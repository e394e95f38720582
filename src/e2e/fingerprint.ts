import { gradingOf } from './faults.js';
import { caseUsesJudge } from './graders/grade.js';
import type { CaseSpec, Condition } from '../model/e2e.js';
import type { TrialFingerprint } from '../model/trial.js';
import type { CaseContentHashes, QueryContentHashes } from '../model/split.js';

/** Fields that say where and how patiently to reach things, not what runs. */
const OPERATIONAL = new Set(['where', 'timeout_ms', 'max_retries', 'batch_size', 'base_url', 'api_key_env', 'headers_env', 'auth_header', 'systemPromptFile', 'cwd']);
/** Case fields aggregation reads from the current suite: a change relabels, it does not invalidate. */
const CASE_LABELS = new Set(['where', 'ability', 'needs_memory', 'expect_recall', 'check', 'fault_check', 'graders', 'split']);

/** JSON with sorted keys and without the keys `skip` names, at every depth: equal content, equal text. */
function canonical(value: unknown, skip: ReadonlySet<string>): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonical(item, skip)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([key, item]) => !skip.has(key) && item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item, skip)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function sha(text: string): string {
  // node:crypto fetched at the first hash, not imported: validate loads this module and hashes nothing.
  return process.getBuiltinModule('node:crypto').createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/**
 * Sessions as they were hashed before multi-turn sessions: a one-turn session
 * as `{date, user}`, so the fingerprints and held-out hashes of suites written
 * with `user:` stay what earlier runs stored (--resume, baseline freezes).
 */
function hashedSessions(sessions: CaseSpec['sessions']): unknown[] {
  return sessions.map(({ turns, ...rest }) => (turns.length === 1 ? { ...rest, user: turns[0] } : { ...rest, turns }));
}

export function caseContentHashes(spec: CaseSpec): CaseContentHashes {
  const none = new Set<string>();
  return { sessions: sha(canonical(hashedSessions(spec.sessions), none)), probe: sha(canonical(spec.probe, none)), check: checkFingerprint(spec) };
}

export function queryContentHashes(query: { text: string; relevant: Record<string, number> }): QueryContentHashes {
  const none = new Set<string>();
  return { text: sha(canonical(query.text, none)), relevant: sha(canonical(query.relevant, none)) };
}

/** The check part alone (check and graders): regrade re-applies them and records that it did. */
export function checkFingerprint(spec: Pick<CaseSpec, 'check' | 'graders'>): string {
  return sha(canonical(spec.graders ? { check: spec.check, graders: spec.graders } : (spec.check ?? null), new Set()));
}

export function trialFingerprint(spec: CaseSpec, condition: Condition, context: { target?: unknown; judgeModel?: string }): TrialFingerprint {
  return trialFingerprints(context)(spec, condition);
}

/**
 * trialFingerprint for every case of one target: the target's part is the
 * same for all but whether a judge grades, so it is hashed twice, not once
 * per trial (a plan of 200 cases spent most of its time there).
 */
export function trialFingerprints(context: { target?: unknown; judgeModel?: string }): (spec: CaseSpec, condition: Condition) => TrialFingerprint {
  const target = canonical(context.target ?? null, OPERATIONAL);
  const judged = sha(`${target}\0${context.judgeModel ?? ''}`);
  const unjudged = sha(`${target}\0`);
  return (spec, condition) => ({
    check: checkFingerprint(gradingOf(spec, condition)),
    case: sha(`${condition}\0${canonical({ ...spec, sessions: hashedSessions(spec.sessions) }, CASE_LABELS)}`),
    target: caseUsesJudge(gradingOf(spec, condition)) ? judged : unjudged,
  });
}

/** A shared history's trial fingerprint, with the cases asked in its playing (in order) folded into the case part: adding, removing or reordering one changes every trial of the playing. */
export function withHistoryOrder(fingerprint: TrialFingerprint, cases: readonly string[]): TrialFingerprint {
  return { ...fingerprint, case: sha(`${fingerprint.case}\0${cases.join('\0')}`) };
}
