import type { TrialRecord, TrialFingerprint } from '../model/trial.js';
import { counted } from '../text/counted.js';

/** Why a trial of an earlier run is not kept, in the order the message lists them. */
const DISCARD_REASONS = {
  check: 'for a changed check',
  case: 'for changed sessions, probe or evidence',
  target: 'for a changed target or judge',
  gone: 'for cases no longer in the suite',
  unplanned: 'for conditions or repetitions no longer planned',
  unhashed: 'written without a trial hash (an older recall-gate)',
  mixed: "of shared histories' playings cut short and partly replaced (each is played again whole)",
} as const;

export type DiscardReason = keyof typeof DISCARD_REASONS;

export interface ResumeSelection {
  /** Trials that match the current suite, errored ones included (they run again, their record is replaced). */
  kept: TrialRecord[];
  discarded: Partial<Record<DiscardReason, number>>;
}

/**
 * Which trials of an earlier run still stand: only those whose fingerprint
 * matches the trial the current suite plans under the same key. Pure.
 * `records` holds the last record per key.
 */
export function selectForResume(records: readonly TrialRecord[], planned: ReadonlyMap<string, { case: string; fingerprint: TrialFingerprint }>): ResumeSelection {
  const plannedCases = new Set([...planned.values()].map((trial) => trial.case));
  const kept: TrialRecord[] = [];
  const discarded: ResumeSelection['discarded'] = {};
  for (const record of records) {
    const reason = discardReason(record, planned.get(record.key)?.fingerprint, plannedCases);
    if (reason) discarded[reason] = (discarded[reason] ?? 0) + 1;
    else kept.push(record);
  }
  const mixed = mixedPlayings(kept);
  if (mixed.size === 0) return { kept, discarded };
  discarded.mixed = kept.filter((record) => mixed.has(record)).length;
  return { kept: kept.filter((record) => !mixed.has(record)), discarded };
}

/**
 * The records of shared-history playings whose probes were not all asked in
 * one playing: a replay stopped early (a spend cap, an interrupt) leaves the
 * probes it did not reach from the playing before, graded against other
 * memory. None of them stands: the playing runs again whole.
 */
function mixedPlayings(records: readonly TrialRecord[]): Set<TrialRecord> {
  const playings = new Map<string, TrialRecord[]>();
  for (const record of records) {
    if (!record.history) continue;
    const id = JSON.stringify([record.history.name, record.condition, record.repeat]);
    const members = playings.get(id);
    if (members) members.push(record);
    else playings.set(id, [record]);
  }
  const mixed = new Set<TrialRecord>();
  for (const members of playings.values()) {
    if (new Set(members.map((record) => record.history!.played_at)).size > 1) for (const record of members) mixed.add(record);
  }
  return mixed;
}

function discardReason(record: TrialRecord, current: TrialFingerprint | undefined, plannedCases: ReadonlySet<string>): DiscardReason | undefined {
  if (!current) return plannedCases.has(record.case) ? 'unplanned' : 'gone';
  const stored = record.fingerprint;
  if (!stored) return 'unhashed';
  return (['check', 'case', 'target'] as const).find((part) => stored[part] !== current[part]);
}

/** "resuming: 40 trials kept; 6 discarded: 4 for a changed check, 2 for cases no longer in the suite". */
export function describeResume(selection: ResumeSelection, unreadable: number): string {
  const finished = selection.kept.filter((trial) => trial.status !== 'error').length;
  const retried = selection.kept.length - finished;
  const parts = (Object.keys(DISCARD_REASONS) as DiscardReason[])
    .filter((reason) => selection.discarded[reason])
    .map((reason) => `${selection.discarded[reason]} ${DISCARD_REASONS[reason]}`);
  if (unreadable > 0) parts.push(counted(unreadable, 'unreadable line', 'unreadable lines'));
  const total = Object.values(selection.discarded).reduce((sum, count) => sum + (count ?? 0), 0) + unreadable;
  const kept = `resuming: ${counted(finished, 'trial', 'trials')} kept${retried ? ` (${retried} errored, run again)` : ''}`;
  return total > 0 ? `${kept}; ${total} discarded: ${parts.join(', ')}` : kept;
}
