import * as core from './publish.js';
import { relative, resolve } from 'node:path';
import type { Verdict } from '../gate/types.js';
import type { ResultsDocument } from '../report/results.js';
import type { Suite } from '../suite/types.js';

/** GitHub shows at most 10 annotations of each kind per step: the most important go first. */
const PER_KIND = 10;

/** Annotations name files from the repository root; suite paths are relative to working-directory. */
export function annotationProperties(where: { file: string; line: number; col: number } | undefined): core.AnnotationProperties {
  if (!where) return {};
  const root = process.env.GITHUB_WORKSPACE ?? process.cwd();
  return { file: relative(root, resolve(where.file)), startLine: where.line, startColumn: where.col };
}

/** Failed gate conditions and failing cases as errors at their line in the suite; missed queries as warnings. */
export function annotate(suite: Suite, results: ResultsDocument, verdict: Verdict | undefined): void {
  const errors: { message: string; where?: { file: string; line: number; col: number } }[] = [];
  const failedRows = (verdict?.rows ?? []).filter((row) => row.status === 'fail').sort((a, b) => Number(b.blocking) - Number(a.blocking));
  for (const row of failedRows) {
    errors.push({ message: `gate ${row.blocking ? '(blocking) ' : ''}failed: ${row.metric} ${row.threshold}, actual ${row.actual ?? '-'}`, where: suite.gateLocations?.[row.path] });
  }
  const cases = new Map((suite.e2e?.cases ?? []).map((spec) => [spec.name, spec]));
  for (const failure of results.e2e?.failures ?? []) {
    errors.push({ message: `${failure.case} (${failure.ability}) failed: ${failure.reason}`, where: cases.get(failure.case)?.where });
  }
  for (const error of results.e2e?.errors ?? []) {
    errors.push({ message: `${error.key} could not run: ${error.reason}`, where: cases.get(error.key.split('|')[0]!)?.where });
  }
  for (const item of errors.slice(0, PER_KIND)) {
    core.error(item.message, annotationProperties(item.where));
  }

  const queries = new Map((suite.retrieval?.queries ?? []).map((query) => [query.id, query]));
  const largest = results.retrieval?.k.at(-1);
  const warnings = Object.values(results.retrieval?.providers ?? {}).flatMap((provider) =>
    provider.queries
      .filter((query) => largest !== undefined && (query.metrics[`recall@${largest}`] ?? 0) < 1)
      .map((query) => ({ message: `${provider.name}: "${query.text}" misses a relevant memory in the top ${largest}`, where: queries.get(query.id)?.where })),
  );
  for (const item of warnings.slice(0, PER_KIND)) {
    core.warning(item.message, annotationProperties(item.where));
  }
}
