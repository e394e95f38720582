import * as core from './publish.js';
import { relative, resolve } from 'node:path';
import type { SourceLocation } from '../model/source.js';
import type { Verdict } from '../model/gate.js';
import type { CaseResult } from '../model/e2eResult.js';
import { oneLine } from '../report/format.js';
import type { ResultsDocument } from '../model/results.js';
import { missedQueries } from '../retrieval/metrics.js';
import type { Suite } from '../model/suite.js';
import { formatProblem } from '../errors.js';
import { counted } from '../text/counted.js';

/** GitHub shows at most 10 annotations of each kind per step: the most important go first. */
const PER_KIND = 10;

/** Annotations name files from the repository root; suite paths are relative to working-directory. */
export function annotationProperties(where: SourceLocation | undefined): core.AnnotationProperties {
  if (!where) return {};
  const root = process.env.GITHUB_WORKSPACE ?? process.cwd();
  return { file: relative(root, resolve(where.file)), startLine: where.line, startColumn: where.col };
}

interface Annotation {
  message: string;
  where?: SourceLocation;
}

/** A trial key's case and condition (`case|condition|repeat`; a case name may hold a pipe). */
function caseAndCondition(key: string): { name: string; condition: string } {
  const parts = key.split('|');
  parts.pop();
  const condition = parts.pop() ?? '';
  return { name: parts.join('|'), condition };
}

/**
 * One annotation per case and condition, not one per repetition: how many of
 * its k trials failed or could not run, and the first reason.
 */
function caseAnnotations(suite: Suite, results: ResultsDocument): Annotation[] {
  const e2e = results.e2e;
  if (!e2e) return [];
  const specs = new Map((suite.e2e?.cases ?? []).map((spec) => [spec.name, spec]));
  const groups = new Map<string, { name: string; condition: string; outcome: 'failed' | 'could not run'; reasons: string[] }>();
  const add = (key: string, outcome: 'failed' | 'could not run', reason: string) => {
    const { name, condition } = caseAndCondition(key);
    const id = JSON.stringify([name, condition, outcome]);
    const group = groups.get(id) ?? { name, condition, outcome, reasons: [] };
    group.reasons.push(reason);
    groups.set(id, group);
  };
  for (const failure of e2e.failures) add(failure.key, 'failed', failure.reason);
  for (const error of e2e.errors) add(error.key, 'could not run', error.reason);
  return [...groups.values()].map(({ name, condition, outcome, reasons }) => {
    const trials = e2e.cases[name]?.conditions[condition as keyof CaseResult['conditions']]?.trials ?? reasons.length;
    const ability = specs.get(name)?.ability;
    return {
      message: `${oneLine(name, 120)}${ability ? ` (${oneLine(ability, 60)})` : ''} ${outcome} in ${reasons.length} of ${counted(trials, 'trial', 'trials')} under ${condition}: ${oneLine(reasons[0]!, 300)}`,
      where: specs.get(name)?.where,
    };
  });
}

/** Failed gate conditions and failing cases as errors at their line in the suite; missed queries as warnings. */
export function annotate(suite: Suite, results: ResultsDocument, verdict: Verdict | undefined): void {
  const errors: Annotation[] = [];
  const failedRows = (verdict?.rows ?? []).filter((row) => row.status === 'fail').sort((a, b) => Number(b.blocking) - Number(a.blocking));
  for (const row of failedRows) {
    errors.push({ message: `gate ${row.blocking ? '(blocking) ' : ''}failed: ${row.metric} ${row.threshold}, actual ${row.actual ?? '-'}`, where: suite.gateLocations?.[row.path] });
  }
  errors.push(...caseAnnotations(suite, results));
  for (const item of errors.slice(0, PER_KIND)) {
    core.error(item.message, annotationProperties(item.where));
  }

  const queries = new Map((suite.retrieval?.queries ?? []).map((query) => [query.id, query]));
  const largest = results.retrieval?.k.at(-1);
  const warnings = Object.values(results.retrieval?.providers ?? {}).flatMap((provider) =>
    (largest === undefined ? [] : missedQueries(provider, largest))
      .map((query) => ({ message: `${oneLine(provider.name, 80)}: "${oneLine(query.text, 200)}" misses a relevant memory in the top ${largest}`, where: queries.get(query.id)?.where })),
  );
  for (const item of warnings.slice(0, PER_KIND)) {
    core.warning(item.message, annotationProperties(item.where));
  }
}

/**
 * A suite's warnings (what looks wrong but may be meant): the first as
 * warning annotations at their line, every one in the log as `run` prints it.
 */
export function annotateSuiteWarnings(suite: Suite): void {
  const warnings = suite.warnings ?? [];
  for (const warning of warnings.slice(0, PER_KIND)) {
    core.warning(`${warning.message}${warning.hint ? ` (${warning.hint})` : ''}`, annotationProperties(warning.where));
  }
  for (const warning of warnings) core.info(formatProblem({ ...warning, message: `warning: ${warning.message}` }));
}
