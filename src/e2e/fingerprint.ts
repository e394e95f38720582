import { createHash } from 'node:crypto';
import { gradingOf } from './faults.js';
import { caseUsesJudge } from './graders/grade.js';
import type { CaseSpec, Condition } from '../model/e2e.js';

/**
 * What determines a trial's outcome, hashed in three parts so a resume can
 * say which one changed. A finished trial is kept on --resume only when all
 * three match the current suite.
 *
 * - check: what the trial is graded by, as written (every field, judge rubrics
 *   included): the case's check and graders (a case without graders hashes its
 *   check alone, as before graders), or under a fault its fault check alone.
 * - case: the case name, the condition, and every other field of the case
 *   that reaches the agent or the stored figures: sessions, probe (text, date,
 *   `as`), evidence and obsolete texts (the oracle's memories, recall quality).
 *   Left out: `ability`, `needs_memory` and `expect_recall` (labels aggregation takes from the
 *   current suite) and source positions.
 * - target: the target spec (model, system prompt text, memory provider and
 *   its embedding, retrieval settings, temperature, max_tokens, the agent's
 *   url or command), and the judge model when the check has a judge. Left
 *   out: how to reach or wait for things (timeouts, retries, batch sizes,
 *   API key and header variable names, base URLs, working folder, the prompt's
 *   file path: its text counts). A change to the agent's own code or to
 *   OPENAI_BASE_URL is not seen: run without --resume after one.
 */
export interface TrialFingerprint {
  check: string;
  case: string;
  target: string;
}

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
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/**
 * What freezes a held-out case: its sessions, probe and check hashed apart,
 * so a flag can say which one changed.
 */
export interface CaseContentHashes {
  sessions: string;
  probe: string;
  check: string;
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

/** What freezes a held-out query: its text and what counts as relevant (ids and gains), hashed as a case's parts are. */
export interface QueryContentHashes {
  text: string;
  relevant: string;
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
  return {
    check: checkFingerprint(gradingOf(spec, condition)),
    case: sha(`${condition}\0${canonical({ ...spec, sessions: hashedSessions(spec.sessions) }, CASE_LABELS)}`),
    target: sha(`${canonical(context.target ?? null, OPERATIONAL)}\0${caseUsesJudge(gradingOf(spec, condition)) ? (context.judgeModel ?? '') : ''}`),
  };
}
