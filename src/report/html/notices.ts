/**
 * What report.html says before any figure, as report.md does: a run that did
 * not complete, a run of one split, a narrowed run, and a memory that was
 * empty after every trial's sessions. Pure.
 */
import type { ResultsDocument } from '../../model/results.js';
import { splitRunText } from '../format.js';
import { selectionText } from '../selectionText.js';
import { memoryWarning } from '../stageLines.js';
import { note, type Block } from './blocks.js';
import { sentence } from '../format.js';
import { counted } from '../../text/counted.js';

export function notices(results: ResultsDocument): Block[] {
  const blocks: Block[] = [];
  if (results.status === 'incomplete') blocks.push(note(`Incomplete run: ${counted(results.errors.length, 'problem', 'problems')}, listed under Errors. The figures are of what ran.`, 'fail'));
  const split = splitRunText(results.split);
  if (split) blocks.push(note(sentence(split), 'warning'));
  const narrowed = selectionText(results);
  if (narrowed) blocks.push(note(sentence(narrowed), 'warning'));
  const empty = memoryWarning(results.e2e);
  if (empty) blocks.push(note(`Warning: ${empty}.`, 'warning'));
  return blocks;
}
