import type { CaseSpec } from '../model/e2e.js';
import type { InputProblem } from '../model/source.js';
import type { Rows } from './rows.js';

/*
 * Dates that run backwards. Sessions are played in the order listed, each on
 * its date ("today" for the agent), and the probe is asked on its own date:
 * a probe dated before a session asks about something the agent is told
 * later, and a session dated before an earlier one makes the agent live time
 * backwards (which fact is the latest is then ambiguous). Both may be
 * deliberate in a test of dates, so they are warnings: printed at the date,
 * the run goes on. Dates are YYYY-MM-DD (the schema checks), so they compare as text.
 */

/** The latest dated session among `sessions`, as its 0-based index and date. */
function latest(sessions: CaseSpec['sessions']): { index: number; date: string } | undefined {
  let found: { index: number; date: string } | undefined;
  sessions.forEach((session, index) => {
    if (session.date !== undefined && (found === undefined || session.date >= found.date)) found = { index, date: session.date };
  });
  return found;
}

/** A warning per case whose probe is dated before one of its sessions, and per session dated before an earlier one of its case. */
export function dateOrderWarnings(specs: readonly CaseSpec[], cases: Rows): InputProblem[] {
  const warnings: InputProblem[] = [];
  specs.forEach((spec, index) => {
    // A planted case's sessions are written (and warned about) at the case they come from, a history case's at the history.
    if (spec.planted_from === undefined && spec.history === undefined) {
      warnings.push(...sessionOrderWarnings(spec.sessions, `case "${spec.name}"`, (position) => cases.locate(index, ['sessions', position, 'date'])));
    }
    const last = latest(spec.sessions);
    const probeDate = spec.probe.date;
    if (probeDate === undefined || last === undefined || probeDate >= last.date) return;
    const source = spec.history !== undefined ? `, of history "${spec.history}"` : spec.planted_from === undefined ? '' : `, planted from case "${spec.planted_from}"`;
    warnings.push({
      where: cases.locate(index, ['probe', 'date']),
      message: `the probe of case "${spec.name}" is dated ${probeDate}, before its session ${last.index + 1} (${last.date}${source}): the agent would be asked before it was told`,
      hint: 'date the probe on or after the last session, or correct the dates',
    });
  });
  return warnings;
}

/** A warning per session dated before an earlier one of the same case or history (`owner` names it). */
function sessionOrderWarnings(sessions: CaseSpec['sessions'], owner: string, locate: (position: number) => InputProblem['where']): InputProblem[] {
  return sessions.flatMap((session, position) => {
    const before = latest(sessions.slice(0, position));
    if (session.date === undefined || before === undefined || session.date >= before.date) return [];
    return [
      {
        where: locate(position),
        message: `session ${position + 1} of ${owner} is dated ${session.date}, before session ${before.index + 1} (${before.date}): sessions are played in the order listed, so the agent would live them backwards in time`,
        hint: 'list the sessions in date order, or correct the date',
      },
    ];
  });
}

/** The session-order warnings of each named history, at the history. */
export function historyDateWarnings(histories: Rows): InputProblem[] {
  return histories.rows.flatMap((row, index) => {
    const sessions = Array.isArray(row.sessions) ? (row.sessions as { date?: string }[]).map((session) => ({ ...(typeof session?.date === 'string' ? { date: session.date } : {}), turns: [] })) : [];
    return sessionOrderWarnings(sessions, `history "${String(row.name)}"`, (position) => histories.locate(index, ['sessions', position, 'date']));
  });
}
