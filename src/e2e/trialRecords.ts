/** What every trial record is keyed and counted by: its key, and the judge's tokens added in. */
import type { Condition, ReportedUsage } from '../model/e2e.js';
import type { TrialRecord } from '../model/trial.js';

/** A trial's key in trials.jsonl: case, condition and repeat. */
export function trialKey(caseName: string, condition: Condition, repeat: number): string {
  return `${caseName}|${condition}|${repeat}`;
}

/** Counts a judge call's tokens in the trial, or notes that they are unknown. */
export function addJudgeUsage(record: Pick<TrialRecord, 'tokens' | 'judge_usage_warning'>, graded: ReportedUsage): void {
  if (graded.usage) {
    record.tokens.judge_input += graded.usage.input_tokens;
    record.tokens.judge_output += graded.usage.output_tokens;
  }
  if (graded.usage_warning) record.judge_usage_warning = graded.usage_warning;
}
