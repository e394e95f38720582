import type { GateCalibration } from '../model/gateCalibration.js';
import { oneLine, textTable } from './format.js';
import { counted } from '../text/counted.js';

/** The method in words, for the output (the README says the same at length). */
export const CALIBRATION_METHOD =
  'each draw redraws the run twice from its own whole units (queries, users or query groups, as its intervals draw; cases with all their repeats, those planted from one history together), with replacement and seeded, and gates the second against the first as its baseline; the agent is the same in both, so every failure is a false alarm. Two runs are taken to differ as two samples of units do: a re-run of the very same cases usually differs less, so read these as upper bounds for a deterministic agent';

/** "3 of 200 draws (1.5%)". */
export function drawsText(failed: number, of: number): string {
  return `${failed} of ${counted(of, 'draw', 'draws')} (${of === 0 ? '-' : `${((100 * failed) / of).toFixed(1)}%`})`;
}

/** calibrate's terminal output: the gate's false alarm rate, then each condition's and each of its rules'. */
export function calibrationText(calibration: GateCalibration, heading: string): string {
  const { units } = calibration;
  const drawn = [
    ...(units.queries > 0 ? [`${units.queries} queries${units.query_unit === 'query' ? '' : ` in ${units.query_units} ${units.query_unit === 'user' ? 'users' : 'query groups'}`}`] : []),
    ...(units.cases > 0 ? [`${units.cases} cases${units.histories < units.cases ? ` in ${units.histories} histories` : ''}`] : []),
  ];
  const rows: string[][] = [];
  for (const row of calibration.rows) {
    const label = [oneLine(row.path || '(root)', 100), oneLine(row.metric, 200)];
    if (row.waived === calibration.draws) {
      // A layer this run skipped, or a comparison a redraw cannot make: nothing to count.
      rows.push([...label, 'not checked', 'waived in every draw (its layer did not run, or it compares with a variant)']);
      continue;
    }
    const extra = [...(row.missing > 0 ? [`missing in ${row.missing}`] : []), ...(row.waived > 0 ? [`waived in ${row.waived}`] : [])];
    rows.push([...label, 'as the gate decides', `${drawsText(row.failed, calibration.draws)}${extra.length ? ` (${extra.join(', ')})` : ''}`]);
    for (const rule of row.rules) rows.push(['', '', `${oneLine(rule.rule, 120)}${rule.decides ? ' *' : ''}`, rule.evaluated === 0 ? 'not evaluated in any draw' : drawsText(rule.failed, rule.evaluated)]);
  }
  const lines = [
    oneLine(heading, 400),
    `A/A check: ${calibration.draws} draws (seed ${calibration.seed}) of ${drawn.join(' and ') || 'no unit'}${calibration.split ? `, on the ${calibration.split} split the gate decides on` : ''}`,
    '',
    `gate failed a run of the same agent in ${drawsText(calibration.gate_failed, calibration.draws)}`,
    '',
    textTable(['gate', 'metric', 'rule', 'false alarms'], rows, 'llll'),
    '',
    '* the rule the condition decides by (decide: point unless it says interval)',
    ...(calibration.notes.length > 0 ? ['', 'notes:', ...calibration.notes.map((note) => `  ${oneLine(note, 500)}`)] : []),
    '',
    `method: ${CALIBRATION_METHOD}`,
  ];
  return `${lines.join('\n')}\n`;
}
