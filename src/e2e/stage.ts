/**
 * Where a failing trial's failure lives, from what the trial already holds
 * (the probe's recalled memories and the memory snapshot taken after the
 * sessions), so a team knows whether to work on what is stored, on ranking,
 * or on the prompt and model. Texts match as evidence coverage and harmful
 * recall match (memoryHolds in harm.ts: one matcher).
 *
 * Under recall, a failed trial is, in this order:
 * - unknown when the case lists no evidence, or the target reports no
 *   recalled memories for the probe;
 * - obsolete_recalled when every evidence text was recalled and so was a
 *   memory holding one of the case's obsolete texts;
 * - misread when every evidence text was recalled, nothing obsolete was, and
 *   the answer still failed;
 * - not_stored when an evidence text the probe did not recall is in no entry
 *   of the snapshot (a recalled text counts as stored);
 * - not_recalled when every evidence text is stored and some was not recalled;
 * - unknown when some evidence was not recalled and there is no snapshot to
 *   tell stored from not recalled (an adapter without list, a list that failed).
 * Under oracle the evidence was handed in, so a failure is misread. Passing
 * and errored trials, and trials under none and the fault conditions, have
 * no stage.
 */
import { memoryHolds } from './harm.js';
import type { FailureStage, TrialRecord } from '../model/trial.js';
import type { CaseSpec, Condition } from '../model/e2e.js';
import type { StageCounts, StageSummary, StagedCondition, TrialStage } from '../model/stage.js';
import { counted } from '../text/counted.js';

export const FAILURE_STAGES: readonly FailureStage[] = ['not_stored', 'not_recalled', 'obsolete_recalled', 'misread', 'unknown'];

/** How reports name a stage. */
export const STAGE_LABELS: Readonly<Record<FailureStage, string>> = {
  not_stored: 'not stored',
  not_recalled: 'not recalled',
  obsolete_recalled: 'obsolete recalled',
  misread: 'misread',
  unknown: 'stage unknown',
};

/** Why a stage is unknown: fixed sentences, so the summary can count them. */
export const UNKNOWN_STAGE = {
  noEvidence: 'the case lists no evidence',
  noRecalled: 'the target reports no recalled memories',
  noSnapshot: 'the target gives no memory snapshot (an adapter without list, or a list that failed), so stored and not recalled cannot be told apart',
  notTaken: 'no memory snapshot was taken after the sessions (the trial was recorded before stages), so stored and not recalled cannot be told apart',
} as const;

/** The conditions failures have a stage under. */
const STAGED: readonly StagedCondition[] = ['recall', 'oracle'];

type StageCase = Pick<CaseSpec, 'evidence' | 'obsolete'>;
type StagedTrial = Pick<TrialRecord, 'condition' | 'status' | 'invocations' | 'snapshot'>;

/** The trial's stage by the rules in the header; undefined when it has none. Pure. */
export function trialStage(spec: StageCase, trial: StagedTrial): TrialStage | undefined {
  if (trial.status !== 'fail') return undefined;
  if (trial.condition === 'oracle') return { stage: 'misread' };
  if (trial.condition !== 'recall') return undefined;
  if (spec.evidence.length === 0) return unknown(UNKNOWN_STAGE.noEvidence);
  const recalled = trial.invocations.find((invocation) => invocation.kind === 'probe')?.recalled;
  if (!recalled) return unknown(UNKNOWN_STAGE.noRecalled);
  const wasRecalled = (text: string) => recalled.some((memory) => memoryHolds(memory.text, text));
  const unrecalled = spec.evidence.filter((text) => !wasRecalled(text));
  if (unrecalled.length === 0) return { stage: spec.obsolete.some(wasRecalled) ? 'obsolete_recalled' : 'misread' };
  const snapshot = trial.snapshot;
  if (!snapshot) return unknown(UNKNOWN_STAGE.notTaken);
  if ('error' in snapshot) return unknown(UNKNOWN_STAGE.noSnapshot);
  const stored = (text: string) => snapshot.entries.some((entry) => memoryHolds(entry.text, text));
  return { stage: unrecalled.every(stored) ? 'not_recalled' : 'not_stored' };
}

function unknown(reason: string): TrialStage {
  return { stage: 'unknown', stage_reason: reason };
}

/** Sets (or clears) the record's stage once its status is final: where a run and a regrade write it. `snapshot`: a shared history's, when the record does not hold it. */
export function settleStage(spec: StageCase, record: TrialRecord, snapshot = record.snapshot): void {
  delete record.stage;
  delete record.stage_reason;
  const stage = trialStage(spec, { ...record, snapshot });
  if (stage) Object.assign(record, stage);
}

/** The stage a record carries, or, for a record written before stages, the one its stored data gives. */
export function stageOfRecord(spec: StageCase | undefined, trial: TrialRecord): TrialStage | undefined {
  if (trial.stage !== undefined) return { stage: trial.stage, ...(trial.stage_reason !== undefined ? { stage_reason: trial.stage_reason } : {}) };
  return spec ? trialStage(spec, trial) : undefined;
}

/**
 * Whether a trial lists the owner's memory after the sessions so its stage can
 * tell not stored from not recalled: under recall, for a case with evidence.
 */
export function stageNeedsSnapshot(spec: Pick<CaseSpec, 'evidence'>, condition: Condition): boolean {
  return condition === 'recall' && spec.evidence.length > 0;
}

/** What the summary needs of each planned trial: its record, when it has one. */
export interface PlannedOutcome {
  case: string;
  ability: string;
  condition: Condition;
  record?: TrialRecord;
}

function emptyCounts(): StageCounts {
  return { trials: 0, not_stored: 0, not_recalled: 0, obsolete_recalled: 0, misread: 0, unknown: 0 };
}

/**
 * Stage counts per condition (recall and oracle), ability and case over the
 * planned trials; undefined when neither condition ran. Pure.
 */
export function stageSummary(planned: readonly PlannedOutcome[], cases: readonly CaseSpec[], conditions: readonly Condition[]): StageSummary | undefined {
  const staged = STAGED.filter((condition) => conditions.includes(condition));
  if (staged.length === 0) return undefined;
  const specs = new Map(cases.map((spec) => [spec.name, spec]));
  const summary: StageSummary = {
    by_condition: Object.fromEntries(staged.map((condition) => [condition, emptyCounts()])),
    abilities: Object.fromEntries([...new Set(cases.map((spec) => spec.ability))].sort().map((ability) => [ability, Object.fromEntries(staged.map((condition) => [condition, emptyCounts()]))])),
    cases: conditions.includes('recall') ? Object.fromEntries(cases.map((spec) => [spec.name, emptyCounts()])) : {},
    unknown_reasons: {},
    snapshots: { taken: 0, empty: 0, unavailable: 0, evidence: { with_memories: 0, verbatim: 0 } },
  };
  for (const outcome of planned) {
    const condition = outcome.condition as StagedCondition;
    if (!staged.includes(condition)) continue;
    const groups = [summary.by_condition[condition]!, summary.abilities[outcome.ability]?.[condition], condition === 'recall' ? summary.cases[outcome.case] : undefined].filter((group): group is StageCounts => group !== undefined);
    for (const group of groups) group.trials += 1;
    const record = outcome.record;
    if (!record) continue;
    const stage = stageOfRecord(specs.get(outcome.case), record);
    if (stage) for (const group of groups) group[stage.stage] += 1;
    if (condition !== 'recall') continue;
    if (stage?.stage_reason !== undefined) summary.unknown_reasons[stage.stage_reason] = (summary.unknown_reasons[stage.stage_reason] ?? 0) + 1;
    const snapshot = record.snapshot;
    if (snapshot && 'entries' in snapshot) {
      summary.snapshots.taken += 1;
      if (snapshot.entries.length === 0) summary.snapshots.empty += 1;
      const evidence = specs.get(outcome.case)?.evidence ?? [];
      if (evidence.length > 0 && snapshot.entries.length > 0) {
        summary.snapshots.evidence!.with_memories += 1;
        if (evidence.some((text) => snapshot.entries.some((entry) => memoryHolds(entry.text, text)))) summary.snapshots.evidence!.verbatim += 1;
      }
    } else if (snapshot) {
      summary.snapshots.unavailable += 1;
    }
  }
  return summary;
}

/** Failed trials of a group, by stage: the stages sum to them. */
export function failingCount(counts: StageCounts): number {
  return FAILURE_STAGES.reduce((sum, stage) => sum + counts[stage], 0);
}

/** "2 not stored, 2 not recalled, 1 misread": the stages some failed trial has, in FAILURE_STAGES order. */
export function stageCountsText(counts: StageCounts): string {
  return FAILURE_STAGES.filter((stage) => counts[stage] > 0)
    .map((stage) => `${counts[stage]} ${STAGE_LABELS[stage]}`)
    .join(', ');
}

/**
 * The loud warning of a target whose memory was empty after the sessions of
 * every recall trial that listed it; undefined otherwise.
 */
export function emptyMemoryWarning(summary: StageSummary | undefined): string | undefined {
  const snapshots = summary?.snapshots;
  if (!snapshots || snapshots.taken === 0 || snapshots.empty < snapshots.taken) return undefined;
  return `under recall the target's memory was empty after the sessions of every trial (${snapshots.empty} of ${snapshots.taken} snapshots): it stored nothing, or its list does not show what it stores`;
}

/**
 * The warning of a target that keeps memories but never an evidence text word for word (mem0 writes "Pet dog
 * (called Pepper)" for "My dog is called Pepper"): stages match texts, so its failures read as not stored or not
 * recalled whatever happened. Undefined when some memory holds evidence verbatim, or no failure has those stages.
 */
export function rewordedMemoryWarning(summary: StageSummary | undefined): string | undefined {
  const evidence = summary?.snapshots.evidence;
  const recall = summary?.by_condition.recall;
  if (!evidence || !recall) return undefined;
  const withMemories = evidence.with_memories;
  if (withMemories === 0 || evidence.verbatim > 0 || recall.not_stored + recall.not_recalled === 0) return undefined;
  return (
    `no memory the target listed after the sessions holds a case's evidence word for word (${counted(withMemories, 'snapshot', 'snapshots')} of cases with evidence, passing trials included): ` +
    'it rewords what it stores, so stages, which match texts, may call a reworded memory not stored or not recalled; write evidence as the fact itself (a name, a number) for them to tell'
  );
}

/** Why a suite can give no figure for a stage (so a gate key on it is refused), or undefined when it can. */
export function stageRateUnmeasured(stage: FailureStage, cases: readonly Pick<CaseSpec, 'evidence' | 'obsolete'>[]): { message: string; hint: string } | undefined {
  if (stage === 'unknown') return undefined;
  if (!cases.some((spec) => spec.evidence.length > 0)) {
    return { message: `no e2e case lists evidence, so no failure can be placed as ${stage} (every stage is unknown)`, hint: 'add evidence: to the cases' };
  }
  if (stage === 'obsolete_recalled' && !cases.some((spec) => spec.evidence.length > 0 && spec.obsolete.length > 0)) {
    return { message: 'no e2e case lists both evidence and obsolete texts, so no failure can be obsolete_recalled', hint: 'add obsolete: to the cases with an old value' };
  }
  return undefined;
}
