import type { CaseSpec, HistorySpec } from '../model/e2e.js';
import type { InputProblem } from '../model/source.js';
import { formatLocation } from '../errors.js';
import { didYouMean } from '../source/didYouMean.js';
import type { Rows } from './rows.js';

/*
 * Named histories (e2e.histories): sessions several cases are asked after.
 * A case that names one gets its sessions (as plant_from gives a case
 * another case's), and `history`, which makes the run play the sessions
 * once per user, condition and repetition for all of its cases
 * (e2e/sharedHistory.ts).
 */

/** Gives each case that names a history that history's sessions; every name that does not resolve, and every clash, is a problem where it is written. */
export function attachHistories(histories: readonly HistorySpec[], rows: Rows | undefined, cases: Rows, specs: CaseSpec[], problems: InputProblem[]): void {
  const byName = new Map<string, HistorySpec>();
  histories.forEach((history, index) => {
    const earlier = byName.get(history.name);
    if (earlier) problems.push({ where: rows!.locate(index, ['name']), message: `duplicate history name "${history.name}"`, hint: `first defined at ${formatLocation(earlier.where)}` });
    else byName.set(history.name, history);
    if (rows!.fileSplit(index)) problems.push({ where: rows!.fileSplit(index)!.where, message: 'histories have no split: the split is set on the cases that name them', hint: 'remove split here, and set it on the cases (or their file)' });
  });
  cases.rows.forEach((row, index) => {
    if (row.history === undefined) return;
    const name = String(row.history);
    const at = cases.locate(index, ['history']);
    const other = row.sessions !== undefined ? 'sessions' : row.plant_from !== undefined ? 'plant_from' : undefined;
    if (other) {
      problems.push({ where: at, message: `a case has one of sessions, plant_from and history; this one has history and ${other}`, hint: `remove ${other}: the history's sessions are played before the probe` });
      return;
    }
    const history = byName.get(name);
    if (!history) {
      problems.push({
        where: at,
        message: `history names no history "${name}" in e2e.histories`,
        hint: didYouMean(name, byName.keys()) ?? (byName.size > 0 ? `one of: ${[...byName.keys()].slice(0, 10).join(', ')}` : 'define it under e2e.histories: [{ name, sessions }]'),
      });
      return;
    }
    specs[index]!.sessions = history.sessions;
    specs[index]!.history = history.name;
  });
}
