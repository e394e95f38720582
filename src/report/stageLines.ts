/**
 * Where the failures live, in every report: one line per ability with failed
 * trials under recall ("extraction: 5 failing: 2 not stored, 2 not recalled,
 * 1 misread"), then all, oracle's failures (misread by definition), why
 * stages are unknown, and the warning of a memory that was empty after every
 * trial's sessions. Pure; ability names go through the caller's `escape`.
 */
import type { E2eResult } from '../model/e2eResult.js';
import { emptyMemoryWarning, failingCount, rewordedMemoryWarning, STAGE_LABELS, stageCountsText } from '../e2e/stage.js';
import type { StageCounts, TrialStage } from '../model/stage.js';

/** "5 failing: 2 not stored, 2 not recalled, 1 misread". */
export function failingText(counts: StageCounts): string {
  return `${failingCount(counts)} failing: ${stageCountsText(counts)}`;
}

/**
 * The stage section as lines: one per ability with failed trials under
 * recall (only `abilities` when given, in their order), then all, oracle's
 * failures and the reasons stages are unknown. When no failure under recall
 * has a known stage, one sentence says why instead (no per-ability lines that
 * would all read "stage unknown"). Nothing when no trial under recall or
 * oracle failed.
 */
export function stageLines(e2e: E2eResult, escape: (name: string) => string, abilities?: readonly string[]): string[] {
  const stages = e2e.stages;
  if (!stages) return [];
  const recall = stages.by_condition.recall;
  const oracle = stages.by_condition.oracle;
  const failing = recall ? failingCount(recall) : 0;
  const reasons = Object.entries(stages.unknown_reasons).map(([reason, count]) => `${reason} (${count})`);
  const lines: string[] = [];
  if (failing > 0 && recall!.unknown === failing) {
    lines.push(`${failing === 1 ? 'the 1 failing trial under recall has' : `all ${failing} failing trials under recall have`} no known stage: ${reasons.join('; ')}`);
  } else if (failing > 0) {
    for (const ability of abilities ?? Object.keys(stages.abilities)) {
      const counts = Object.hasOwn(stages.abilities, ability) ? stages.abilities[ability]!.recall : undefined;
      if (counts && failingCount(counts) > 0) lines.push(`${escape(ability)}: ${failingText(counts)}`);
    }
    lines.push(`all: ${failingText(recall!)}`);
    if (reasons.length > 0) lines.push(`stage unknown: ${reasons.join('; ')}`);
  }
  if (oracle && failingCount(oracle) > 0) lines.push(`oracle: ${failingCount(oracle)} failing, all misread (the evidence was handed in)`);
  return lines;
}

/** Whether the stage section is the one sentence of a run whose failures under recall all have no known stage. */
export function stagesAllUnknown(e2e: E2eResult): boolean {
  const recall = e2e.stages?.by_condition.recall;
  return recall !== undefined && failingCount(recall) > 0 && recall.unknown === failingCount(recall);
}

/** What a stage is called in a failure line: "not stored"; "stage unknown (the case lists no evidence)". */
export function stageLabel(stage: Partial<TrialStage> | undefined): string | undefined {
  if (!stage?.stage) return undefined;
  return stage.stage_reason ? `${STAGE_LABELS[stage.stage]} (${stage.stage_reason})` : STAGE_LABELS[stage.stage];
}

/** A stage's short name for table cells and badges ("not stored"; "stage unknown", its reason said once in the stage lines). */
export function stageName(stage: Partial<TrialStage> | undefined): string {
  return stage?.stage ? STAGE_LABELS[stage.stage] : '';
}

/** The memory warning: every recall trial's memory empty after its sessions, or none holding evidence word for word. */
export function memoryWarning(e2e: E2eResult | undefined): string | undefined {
  return e2e ? (emptyMemoryWarning(e2e.stages) ?? rewordedMemoryWarning(e2e.stages)) : undefined;
}

/** The sentence that heads the stage lines. */
export const STAGE_INTRO = 'where the failures under recall live: not stored (the evidence is in no memory after the sessions), not recalled (stored, not in what the probe recalled), obsolete recalled (recalled beside an obsolete memory), misread (everything needed recalled, the answer still wrong)';
