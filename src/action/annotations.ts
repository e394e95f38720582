import * as core from './publish.js';
import { relative, resolve } from 'node:path';
import type { SourceLocation } from '../model/source.js';
import type { Verdict } from '../model/gate.js';
import type { CaseResult } from '../model/e2eResult.js';
import { oneLine } from '../report/format.js';
import { REASON_SHOWN } from '../report/errorGroups.js';
import type { ResultsDocument } from '../model/results.js';
import { missedQueries } from '../retrieval/metrics.js';
import type { Suite } from '../model/suite.js';
import { formatProblem } from '../errors.js';
import { counted } from '../text/counted.js';
import { groupBy } from '../stats/summary.js';

/** GitHub shows at most 10 annotations of each kind per step: the most important go first. */
const PER_KIND = 10;

/** Annotations name files from the repository root; suite paths are relative to working-directory. */
export function annotationProperties(where: SourceLocation | undefined): core.AnnotationProperties {
  if (!where) return {};
  const root = process.env.GITHUB_WORKSPACE ?? process.cwd();
  return { file: relative(root, resolve(where.file)), startLine: where.line, startColumn: where.col };
}

export interface Annotation {
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
 * The e2e layer's annotations. Errored trials once per reason, at the first
 * case it ended: an adapter that cannot start errs every trial alike, and one
 * annotation per case would spend every slot on that one reason. The reason
 * is cut where the terminal's is, so the fix said after a crash's stderr
 * reaches it under a long path too. Then each
 * failing case once per condition, not per repetition: how many of its k
 * trials failed, and the first reason.
 */
function e2eAnnotations(suite: Suite, results: ResultsDocument): Annotation[] {
  const e2e = results.e2e;
  if (!e2e) return [];
  const specs = new Map((suite.e2e?.cases ?? []).map((spec) => [spec.name, spec]));
  const named = (name: string) => {
    const ability = specs.get(name)?.ability;
    return `${oneLine(name, 120)}${ability ? ` (${oneLine(ability, 60)})` : ''}`;
  };
  const ofTrials = (name: string, condition: string, fallback: number) => counted(e2e.cases[name]?.conditions[condition as keyof CaseResult['conditions']]?.trials ?? fallback, 'trial', 'trials');
  const errors = [...groupBy(e2e.errors, (error) => error.reason)].map(([reason, ended]): Annotation => {
    const places = [...new Set(ended.map((error) => JSON.stringify(caseAndCondition(error.key))))].map((place) => JSON.parse(place) as ReturnType<typeof caseAndCondition>);
    const first = places[0]!;
    const where = specs.get(first.name)?.where;
    if (places.length === 1) return { message: `${named(first.name)} could not run in ${ended.length} of ${ofTrials(first.name, first.condition, ended.length)} under ${first.condition}: ${oneLine(reason, REASON_SHOWN)}`, where };
    const cases = [...new Set(places.map((place) => place.name))];
    const listed = `${cases.slice(0, 3).map((name) => oneLine(name, 60)).join(', ')}${cases.length > 3 ? ', ...' : ''}`;
    return { message: `${counted(ended.length, 'trial', 'trials')} of ${counted(cases.length, 'case', 'cases')} could not run (${listed}): ${oneLine(reason, REASON_SHOWN)}`, where };
  });
  const failures = [...groupBy(e2e.failures, (failure) => JSON.stringify(caseAndCondition(failure.key)))].map(([place, failed]): Annotation => {
    const { name, condition } = JSON.parse(place) as ReturnType<typeof caseAndCondition>;
    return { message: `${named(name)} failed in ${failed.length} of ${ofTrials(name, condition, failed.length)} under ${condition}: ${oneLine(failed[0]!.reason, 300)}`, where: specs.get(name)?.where };
  });
  return [...errors, ...failures];
}

/**
 * What a run annotates, most important first: failed gate conditions and
 * e2e errors and failures as errors at their line in the suite; missed
 * queries as warnings. GitHub shows the first PER_KIND of each kind.
 */
export function annotationsOf(suite: Suite, results: ResultsDocument, verdict: Verdict | undefined): { errors: Annotation[]; warnings: Annotation[] } {
  const failedRows = (verdict?.rows ?? []).filter((row) => row.status === 'fail').sort((a, b) => Number(b.blocking) - Number(a.blocking));
  const errors: Annotation[] = failedRows.map((row) => ({ message: `gate ${row.blocking ? '(blocking) ' : ''}failed: ${row.metric} ${row.threshold}, actual ${row.actual ?? '-'}`, where: suite.gateLocations?.[row.path] }));
  errors.push(...e2eAnnotations(suite, results));
  const queries = new Map((suite.retrieval?.queries ?? []).map((query) => [query.id, query]));
  const largest = results.retrieval?.k.at(-1);
  const warnings = Object.values(results.retrieval?.providers ?? {}).flatMap((provider) =>
    (largest === undefined ? [] : missedQueries(provider, largest))
      .map((query) => ({ message: `${oneLine(provider.name, 80)}: "${oneLine(query.text, 200)}" misses a relevant memory in the top ${largest}`, where: queries.get(query.id)?.where })),
  );
  return { errors: errors.slice(0, PER_KIND), warnings: warnings.slice(0, PER_KIND) };
}

/** The run's annotations (annotationsOf), written. */
export function annotate(suite: Suite, results: ResultsDocument, verdict: Verdict | undefined): void {
  const { errors, warnings } = annotationsOf(suite, results, verdict);
  for (const item of errors) core.error(item.message, annotationProperties(item.where));
  for (const item of warnings) core.warning(item.message, annotationProperties(item.where));
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
