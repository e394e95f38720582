import type { E2eResult, GroupRates } from '../model/e2eResult.js';
import type { TrialRecord } from '../model/trial.js';
import type { Condition } from '../model/e2e.js';
import { calibrationLine } from '../e2e/judgeCalibration.js';
import { costLines } from './costLines.js';
import { plainText } from './escape.js';
import { harmNote } from '../e2e/harm.js';
import { harmTerminal } from './harmTable.js';
import { INTERVAL_DEFINITION } from '../stats/bootstrap.js';
import { erroredTrials, formatCost, formatEstimate, formatMs, formatRate, oneLine, RATE_LEGEND, recallQualityText, sentence, textTable, formatTokens } from './format.js';
import { graderTable, graderTableText } from './graderTable.js';
import type { ResultsDocument } from '../model/results.js';
import { faultTableText } from './faultTable.js';
import { actionLinesText } from './actionLines.js';
import { failureActions } from '../e2e/failureActions.js';
import { memoryWarning, STAGE_INTRO, stageLabel, stageLines } from './stageLines.js';
import { counted } from '../text/counted.js';
import { REASON_SHOWN, errorGroups, moreReasonsText } from './errorGroups.js';
import { E2E_INTERVAL_UNITS, e2eTrialCount } from './intros.js';

const MAX_LINES = 10;

function signed(value: number | undefined): string {
  if (value === undefined) return '-';
  return `${value >= 0 ? '+' : ''}${value.toFixed(2)}`;
}


/** The e2e summary `run` prints: pass rates per ability and condition, cost, leaks, failures, errors; untrusted text through plainText. */
export function terminalE2eReport(e2e: NonNullable<ResultsDocument['e2e']>, trials: TrialRecord[]): string {
  const conditions = e2e.conditions;
  const total = e2eTrialCount(e2e);
  const lines: string[] = [
    `e2e: ${counted(Object.keys(e2e.cases).length, 'case', 'cases')} x ${counted(conditions.length, 'condition', 'conditions')} x ${counted(e2e.repeat, 'repeat', 'repeats')} = ${counted(total, 'trial', 'trials')}` +
      ` (target ${plainText(e2e.target.kind)}${e2e.target.model ? ` ${plainText(e2e.target.model)}` : ''})`,
    '',
  ];
  const columns = [...conditions.map((condition) => `${condition}`), `pass^${e2e.repeat} (${e2e.headline_condition})`, ...(conditions.includes('none') ? ['lift'] : []), ...(conditions.includes('oracle') ? ['gap'] : []), 'errors'];
  const rowFor = (name: string, byCondition: Partial<Record<Condition, GroupRates>>, lift?: number, gap?: number) => [
    name,
    ...conditions.map((condition) => formatRate(byCondition[condition], 'pass_rate')),
    formatRate(byCondition[e2e.headline_condition], 'pass^k'),
    ...(conditions.includes('none') ? [signed(lift)] : []),
    ...(conditions.includes('oracle') ? [signed(gap)] : []),
    String(erroredTrials(conditions, byCondition)),
  ];
  const rows = Object.entries(e2e.abilities).map(([ability, result]) => rowFor(plainText(ability), result.conditions, result.lift_over_none, result.gap_oracle_over_recall));
  const overall = e2e.by_condition;
  const lift = overall.recall && overall.none ? overall.recall.pass_rate - overall.none.pass_rate : undefined;
  const gap = overall.recall && overall.oracle ? overall.oracle.pass_rate - overall.recall.pass_rate : undefined;
  rows.push(rowFor('all', overall, lift, gap));
  lines.push(textTable(['ability', ...columns], rows));
  const legend = [RATE_LEGEND, ...(conditions.includes('none') ? ['lift = recall - none'] : []), ...(conditions.includes('oracle') ? ['gap = oracle - recall'] : [])];
  lines.push(sentence(legend.join('; ')), '');
  lines.push(...faultTableText(e2e));
  lines.push(...intervalLines(e2e));
  const graders = graderTable(e2e, plainText);
  if (graders) lines.push(...graderTableText(graders, e2e.headline_condition));

  const tokens = e2e.tokens;
  lines.push(
    `tokens: ${formatTokens(e2e)}${tokens.judge_input + tokens.judge_output ? ` (+ judge ${tokens.judge_input} in, ${tokens.judge_output} out)` : ''}; ` +
      `cost ${formatCost(e2e)}`,
    ...costLines(e2e),
    `latency per call: p50 ${formatMs(e2e.latency_ms.call.median)} ms, p95 ${formatMs(e2e.latency_ms.call.p95)} ms; ` +
      `added by recall: p50 ${formatMs(e2e.latency_ms.recall.median)} ms, p95 ${formatMs(e2e.latency_ms.recall.p95)} ms`,
  );
  if (e2e.judge_calibration) lines.push(plainText(calibrationLine(e2e.judge_calibration)));
  const quality = recallQualityText(e2e);
  if (quality) lines.push(quality);
  lines.push(...harmTerminal(e2e));
  for (const name of e2e.leaks) lines.push(`LEAK: ${plainText(name)} passed with memory off (condition none): the case does not need memory, or the setup leaks`);
  const empty = memoryWarning(e2e);
  if (empty) lines.push(`WARNING: ${empty}`);
  const stages = stageLines(e2e, plainText);
  if (stages.length > 0) lines.push('', `${STAGE_INTRO}:`, ...stages.map((line) => `  ${line}`));

  const failing = trials.filter((trial) => trial.status === 'fail' && trial.condition === e2e.headline_condition);
  if (failing.length > 0) {
    lines.push('', `failing under ${e2e.headline_condition} (${counted(failing.length, 'trial', 'trials')}):`);
    const staged = new Map(e2e.failures.map((failure) => [failure.key, failure]));
    for (const trial of failing.slice(0, MAX_LINES)) {
      // An unknown stage is said once in the stage lines above, with why, not on every failure.
      const known = trial.stage ? trial : staged.get(trial.key);
      const stage = known?.stage === 'unknown' ? undefined : stageLabel(known);
      lines.push(`  ${plainText(trial.case)} #${trial.repeat}: ${oneLine(trial.reason, 160)}${withHarm(harmNote(trial))}${stage ? ` [stage: ${stage}]` : ''}`, ...actionLinesText(failureActions(trial.invocations)));
    }
    if (failing.length > MAX_LINES) lines.push(`  ... and ${failing.length - MAX_LINES} more in trials.jsonl`);
  }
  if (e2e.errors.length > 0) lines.push('', ...errorLines(e2e.errors));
  return `${lines.join('\n')}\n`;
}

/** The errored trials, one line per distinct reason (errorGroups), the reason whole up to REASON_SHOWN characters. */
function errorLines(errors: E2eResult['errors']): string[] {
  const { groups, more } = errorGroups(errors, MAX_LINES, plainText);
  const rest = moreReasonsText(more);
  return [`${counted(errors.length, 'trial', 'trials')} ended in an error (not passes):`, ...groups.map((group) => `  ${group.trials}: ${oneLine(group.reason, REASON_SHOWN)}`), ...(rest ? [`  ${rest}`] : [])];
}

/** A failure line's harm, untrusted text made plain. */
function withHarm(note: string | undefined): string {
  return note === undefined ? '' : `; ${oneLine(note, 240)}`;
}

/** Each ability's headline figures with their intervals, one line per ability, then the whole run. */
function intervalLines(e2e: E2eResult): string[] {
  const headline = e2e.headline_condition;
  const line = (name: string, intervals: E2eResult['intervals'], figures: { rates?: { pass_rate: number; 'pass^k': number }; lift?: number; gap?: number }) => {
    if (!intervals || Object.keys(intervals).length === 0) return [];
    const parts = [
      `pass rate ${formatEstimate(figures.rates?.pass_rate, intervals[`${headline}.pass_rate`])}`,
      `pass^${e2e.repeat} ${formatEstimate(figures.rates?.['pass^k'], intervals[`${headline}.pass^k`])}`,
      ...(intervals.lift ? [`lift ${formatEstimate(figures.lift, intervals.lift)}`] : []),
      ...(intervals.gap ? [`gap ${formatEstimate(figures.gap, intervals.gap)}`] : []),
    ];
    return [`  ${name}: ${parts.join('; ')}`];
  };
  const overall = e2e.by_condition;
  const rows = [
    ...Object.entries(e2e.abilities).flatMap(([ability, result]) =>
      line(plainText(ability), result.intervals, { rates: result.conditions[headline], lift: result.lift_over_none, gap: result.gap_oracle_over_recall }),
    ),
    ...line('all', e2e.intervals, {
      rates: overall[headline],
      lift: overall.recall && overall.none ? overall.recall.pass_rate - overall.none.pass_rate : undefined,
      gap: overall.recall && overall.oracle ? overall.oracle.pass_rate - overall.recall.pass_rate : undefined,
    }),
  ];
  return rows.length === 0 ? [] : [`intervals under ${headline} (${INTERVAL_DEFINITION}; ${E2E_INTERVAL_UNITS}):`, ...rows, ''];
}
