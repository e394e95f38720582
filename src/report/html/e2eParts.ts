/**
 * The end-to-end figures report.md shows beside the pass rates, for
 * report.html: where the failures live, leaks, tokens, latency and cost,
 * recall quality, the judge's calibration, harm, the fault conditions and the
 * graders. Worded by the helpers report.md uses. Pure.
 */
import { calibrationLine } from '../../e2e/judgeCalibration.js';
import type { ResultsDocument } from '../../model/results.js';
import { costLines } from '../costLines.js';
import { shorten } from '../escape.js';
import { faultTableParts } from '../faultTable.js';
import { formatCost, formatMs, recallQualityText, sentence, formatTokens } from '../format.js';
import { graderTable, legend as graderLegend } from '../graderTable.js';
import { harmParts } from '../harmTable.js';
import { STAGE_INTRO, stageLines, stagesAllUnknown } from '../stageLines.js';
import { list, note, table, type Block, type Part } from './blocks.js';

type E2e = NonNullable<ResultsDocument['e2e']>;

/** Characters of a case name in a list of names (a name of thousands would push the figures out of sight; trials.jsonl has it whole). */
const NAME_LIMIT = 200;
/** Leaks named; results.json lists them all. */
const LEAKS_SHOWN = 100;

function stagesPart(e2e: E2e): Part | undefined {
  const lines = stageLines(e2e, (name) => name);
  if (lines.length === 0) return undefined;
  const blocks: Block[] = stagesAllUnknown(e2e) ? [note(sentence(lines.join('; ')))] : [note(sentence(STAGE_INTRO)), list(lines.map((text) => ({ text })))];
  return { id: 'stages', title: 'Failing trials by stage', blocks };
}

function leaksPart(e2e: E2e): Part | undefined {
  if (e2e.leaks.length === 0) return undefined;
  const ability = (name: string) => (Object.hasOwn(e2e.cases, name) ? e2e.cases[name]!.ability : undefined);
  return {
    id: 'leaks',
    title: `Leaks (${e2e.leaks.length})`,
    blocks: [
      note('Cases that need memory and passed with memory off (none): the setup leaks the answer.'),
      list(e2e.leaks.slice(0, LEAKS_SHOWN).map((name) => ({ text: `${shorten(name, NAME_LIMIT)} passed with memory off`, ...(ability(name) !== undefined ? { ability: ability(name) } : {}) }))),
      ...(e2e.leaks.length > LEAKS_SHOWN ? [note(`… and ${e2e.leaks.length - LEAKS_SHOWN} more in results.json (e2e.leaks)`)] : []),
    ],
  };
}

function costPart(e2e: E2e): Part {
  const quality = recallQualityText(e2e);
  const blocks: Block[] = [
    note(`Tokens ${formatTokens(e2e)}; cost ${formatCost(e2e)}. Latency per call p50 ${formatMs(e2e.latency_ms.call.median)} ms, p95 ${formatMs(e2e.latency_ms.call.p95)} ms.`),
  ];
  const costs = costLines(e2e);
  if (costs.length > 0) blocks.push(list(costs.map((text) => ({ text }))));
  if (quality) blocks.push(note(sentence(quality)));
  if (e2e.judge_calibration) blocks.push(note(`Judged figures: ${calibrationLine(e2e.judge_calibration)}.`));
  return { id: 'cost', title: 'Tokens, latency and cost', blocks };
}

function harmPart(e2e: E2e): Part | undefined {
  const harm = harmParts(e2e);
  if (!harm) return undefined;
  const blocks: Block[] = [note('Rate (count/trials where defined). Harmful recall: an obsolete or disallowed memory in the context of any invocation; harmful action: the answer passed the case\'s harmful check.')];
  if (harm.rows.length > 0) blocks.push(table(harm.header, harm.rows));
  if (harm.sentences.length > 0) blocks.push(list(harm.sentences.map((text) => ({ text }))));
  if (harm.hitsTotal > 0) {
    blocks.push(note(`Harmful recalls under ${e2e.headline_condition} (${harm.hitsTotal}):`), list(harm.hits.map((text) => ({ text }))));
    if (harm.hitsTotal > harm.hits.length) blocks.push(note(`… and ${harm.hitsTotal - harm.hits.length} more in trials.jsonl`));
  }
  return { id: 'harm', title: 'Harm', blocks };
}

function faultsPart(e2e: E2e): Part | undefined {
  const faults = faultTableParts(e2e);
  if (!faults) return undefined;
  // Column 1 is the ability, "all" for the fault's own row.
  const rows = faults.rows.map((cells) => ({ cells, ...(cells[1] !== 'all' ? { ability: cells[1]! } : {}) }));
  return { id: 'faults', title: 'When memory fails', blocks: [note(faults.intro), table(faults.header, rows)] };
}

function gradersPart(e2e: E2e): Part | undefined {
  const graders = graderTable(e2e, (name) => name);
  if (!graders) return undefined;
  const rows = graders.rows.map((cells) => ({ cells, ...(cells[1] !== 'all' ? { ability: cells[1]! } : {}) }));
  const blocks: Block[] = [table(graders.header, rows), note(graderLegend(e2e.headline_condition))];
  if (graders.notes.length > 0) blocks.push(list(graders.notes.slice(0, 10).map((text) => ({ text }))));
  return { id: 'graders', title: `Graders (${e2e.headline_condition})`, blocks };
}

/** The subsections that have something to say, in report.md's order. */
export function e2eParts(e2e: E2e): Part[] {
  return [stagesPart(e2e), leaksPart(e2e), costPart(e2e), harmPart(e2e), faultsPart(e2e), gradersPart(e2e)].filter((part): part is Part => part !== undefined);
}
