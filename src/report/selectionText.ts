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

/**
 * What ran of the suite, one part per way it was narrowed (a sample, cases or queries selected, --repeat,
 * --rerun-failed); none for a whole run. With `layer`, only the parts that narrowed that layer: --case leaves
 * retrieval whole, --query the e2e cases.
 */
export function selectionParts(results: Pick<ResultsDocument, 'selection' | 'sample'>, layer?: 'retrieval' | 'e2e'): string[] {
  const { selection, sample } = results;
  const e2e = layer !== 'retrieval';
  const retrieval = layer !== 'e2e';
  const parts: string[] = [];
  if (sample && e2e) parts.push(`sample: ${sample.n} of ${sample.of} cases drawn with seed ${sample.seed} (--sample ${sample.n} --seed ${sample.seed}, stratified by ability and split)`);
  if (selection) {
    const flags = (kind: 'cases' | 'queries') => selection.by.filter((flag) => flagLayer(flag) === kind || flag === '--rerun-failed').join(', ');
    if (e2e && selection.cases && !(sample && selection.by.every((flag) => flag === '--sample' || flag === '--repeat'))) parts.push(`${selection.cases.length} of ${selection.of.cases} cases selected with ${flags('cases')}`);
    if (retrieval && selection.queries) parts.push(`${selection.queries.length} of ${selection.of.queries} queries selected with ${flags('queries')}`);
    if (e2e && selection.repeat !== undefined) parts.push(`repeat ${selection.repeat} (--repeat)`);
    const rerunHere = layer === undefined || (layer === 'e2e' ? selection.cases : selection.queries) !== undefined;
    if (selection.rerun_failed_from !== undefined && rerunHere) parts.push(`the failures of ${selection.rerun_failed_from} (--rerun-failed)`);
  }
  return parts;
}

function flagLayer(flag: string): 'cases' | 'queries' | undefined {
  if (flag === '--case' || flag === '--ability' || flag === '--sample') return 'cases';
  if (flag === '--query') return 'queries';
  return undefined;
}
