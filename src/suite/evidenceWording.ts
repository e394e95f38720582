import type { CaseSpec } from '../model/e2e.js';
import type { InputProblem } from '../model/source.js';
import { fold } from '../e2e/checks/normalize.js';
import type { Rows } from './rows.js';

/**
 * Evidence the case's own sessions never say. Evidence coverage, failure
 * stages and harmful recall find a text in a memory as written (memoryHolds),
 * so evidence reworded from the session ("Pet dog (called Pepper)" for "My
 * dog is called Pepper") is found in no memory of an agent that stores what
 * it is told: every failure of the case reads as not stored. A warning at the
 * evidence, not a problem: an agent that rewords may store it just so.
 * Cases planted from another case or asked after a shared history are left
 * to where their sessions are written.
 */
export function evidenceWordingWarnings(specs: readonly CaseSpec[], cases: Rows): InputProblem[] {
  const warnings: InputProblem[] = [];
  specs.forEach((spec, index) => {
    if (spec.planted_from !== undefined || spec.history !== undefined || spec.evidence.length === 0) return;
    const said = spec.sessions.flatMap((session) => session.turns.map(fold));
    if (said.length === 0) return;
    spec.evidence.forEach((text, position) => {
      const folded = fold(text);
      if (said.some((turn) => turn.includes(folded))) return;
      warnings.push({
        where: cases.locate(index, ['evidence', position]),
        message: `the evidence ${JSON.stringify(text)} of case "${spec.name}" is in none of its session turns as written: coverage and failure stages look for it word for word, so an agent that stores what it is told would read as not storing it`,
        hint: 'write the fact as a session says it (a name, a number: "Pepper"), or put it in a session',
      });
    });
  });
  return warnings;
}
