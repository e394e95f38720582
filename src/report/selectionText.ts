import type { ResultsDocument } from '../model/results.js';

/**
 * What a narrowed run (run --case, --ability, --query, --repeat,
 * --rerun-failed, --sample) says first, in every output: its figures are of
 * the units that ran, and it is not a whole run to compare or keep as the
 * baseline. Undefined for a whole run.
 */
export function selectionText(results: Pick<ResultsDocument, 'selection' | 'sample'>): string | undefined {
  const parts = selectionParts(results);
  return parts.length > 0 ? `narrowed run: ${parts.join('; ')}; every figure below is theirs alone, and the run is not kept as a baseline` : undefined;
}

/** What ran of the suite, one part per way it was narrowed (a sample, cases or queries selected, --repeat, --rerun-failed); none for a whole run. */
export function selectionParts(results: Pick<ResultsDocument, 'selection' | 'sample'>): string[] {
  const { selection, sample } = results;
  const parts: string[] = [];
  if (sample) parts.push(`sample: ${sample.n} of ${sample.of} cases drawn with seed ${sample.seed} (--sample ${sample.n} --seed ${sample.seed}, stratified by ability and split)`);
  if (selection) {
    const flags = (kind: 'cases' | 'queries') => selection.by.filter((flag) => flagLayer(flag) === kind || flag === '--rerun-failed').join(', ');
    if (selection.cases && !(sample && selection.by.every((flag) => flag === '--sample' || flag === '--repeat'))) parts.push(`${selection.cases.length} of ${selection.of.cases} cases selected with ${flags('cases')}`);
    if (selection.queries) parts.push(`${selection.queries.length} of ${selection.of.queries} queries selected with ${flags('queries')}`);
    if (selection.repeat !== undefined) parts.push(`repeat ${selection.repeat} (--repeat)`);
    if (selection.rerun_failed_from !== undefined) parts.push(`the failures of ${selection.rerun_failed_from} (--rerun-failed)`);
  }
  return parts;
}

function flagLayer(flag: string): 'cases' | 'queries' | undefined {
  if (flag === '--case' || flag === '--ability' || flag === '--sample') return 'cases';
  if (flag === '--query') return 'queries';
  return undefined;
}
