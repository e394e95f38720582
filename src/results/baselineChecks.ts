import { join } from 'node:path';
import { RecallGateError } from '../errors.js';
import { RESULTS_FILE, queryRowsFile } from './folder.js';
import type { ResultsDocument } from '../model/results.js';

/**
 * What a baseline (compare's first folder, run --baseline DIR, the Action's
 * baseline: folder) must be before anything is compared with it: a run of
 * the same suite, whose figures are numbers. A results folder is an artifact
 * anyone can edit or forge; without these checks a string or null dropped
 * rows from the comparison silently, and 1e999 (read as Infinity) showed a
 * change of -Infinity beside an interval of [0, 0].
 */

/** The counts and rates of a group of trials (GroupRates, grader figures): each, when present, must be a finite number. */
const RATE_FIELDS = ['trials', 'passed', 'failed', 'errors', 'pass_rate', 'cases', 'pass^k', 'pass@k', 'scored', 'skipped', 'mean_score'] as const;

const MAX_NAMED = 10;

interface Place {
  file: string;
  where: string;
  value: unknown;
}

function shown(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (value === undefined) return 'undefined';
  return (JSON.stringify(value) ?? String(value)).slice(0, 40);
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const isFinite = (value: unknown) => typeof value === 'number' && Number.isFinite(value);

/**
 * Every figure of a results document (and its per-query rows) that is not a
 * finite number where reports, comparisons and the gate read one: the
 * retrieval means (overall, by tag, per query), the e2e rates overall, per
 * condition, per ability and per grader, lift and gap. Absent optional
 * figures are fine; null, a string, NaN or Infinity are not.
 */
export function nonFiniteFigures(results: ResultsDocument): Place[] {
  const places: Place[] = [];
  const inResults = (where: string, value: unknown) => {
    if (!isFinite(value)) places.push({ file: RESULTS_FILE, where, value });
  };
  const everyValue = (where: string, figures: unknown, file = RESULTS_FILE) => {
    if (figures === undefined) return;
    if (!isRecord(figures)) return places.push({ file, where, value: figures });
    for (const [name, value] of Object.entries(figures)) if (!isFinite(value)) places.push({ file, where: `${where}.${name}`, value });
  };
  const rates = (where: string, group: unknown) => {
    if (group === undefined) return;
    if (!isRecord(group)) return places.push({ file: RESULTS_FILE, where, value: group });
    for (const field of RATE_FIELDS) if (field in group) inResults(`${where}.${field}`, group[field]);
  };
  const byKey = (where: string, groups: unknown, each: (where: string, value: unknown) => void) => {
    if (groups === undefined) return;
    if (!isRecord(groups)) return places.push({ file: RESULTS_FILE, where, value: groups });
    for (const [name, value] of Object.entries(groups)) each(`${where}.${name}`, value);
  };

  for (const [name, provider] of Object.entries(results.retrieval?.providers ?? {})) {
    if (provider.status !== 'ok') continue;
    const where = `retrieval.providers.${name}`;
    everyValue(`${where}.metrics`, provider.metrics);
    byKey(`${where}.by_tag`, provider.by_tag, (tag, value) => everyValue(`${tag}.metrics`, isRecord(value) ? value.metrics : value));
    for (const query of provider.queries ?? []) everyValue(`query ${String(query?.id).slice(0, 80)}: metrics`, query?.metrics, queryRowsFile(name));
  }
  const e2e = results.e2e;
  if (e2e) {
    rates('e2e.metrics', e2e.metrics);
    byKey('e2e.by_condition', e2e.by_condition, rates);
    const graders = (where: string, value: unknown) => byKey(where, value, (grader, summary) => byKey(`${grader}.conditions`, isRecord(summary) ? summary.conditions : summary, rates));
    graders('e2e.graders', e2e.graders);
    byKey('e2e.abilities', e2e.abilities, (ability, result) => {
      if (!isRecord(result)) return places.push({ file: RESULTS_FILE, where: ability, value: result });
      byKey(`${ability}.conditions`, result.conditions, rates);
      for (const field of ['lift_over_none', 'gap_oracle_over_recall']) if (result[field] !== undefined) inResults(`${ability}.${field}`, result[field]);
      graders(`${ability}.graders`, result.graders);
    });
  }
  return places;
}

/**
 * Refuses (exit 2) a results folder with figures that are not finite numbers,
 * naming the files and the figures. `role` is how the folder is meant ("the
 * baseline").
 */
export function checkFiniteFigures(dir: string, results: ResultsDocument, role: string): void {
  const places = nonFiniteFigures(results);
  if (places.length === 0) return;
  const named = places.slice(0, MAX_NAMED).map((place) => `${join(dir, place.file)}: ${place.where} is ${shown(place.value)}`);
  const more = places.length > MAX_NAMED ? `; and ${places.length - MAX_NAMED} more` : '';
  throw new RecallGateError('invalid-input', `${role} ${dir} holds figures that are not finite numbers, so nothing was compared with it: ${named.join('; ')}${more}`, {
    hint: 'the folder is damaged or was edited: give the results folder of an untouched run',
  });
}

/** The suites of a baseline and the run compared with it, when they differ. */
export interface SuiteMismatch {
  baseline: string;
  current: string;
}

/** The mismatch when the baseline is a run of another suite (by name, as results.json records it). */
export function suiteMismatch(baseline: ResultsDocument, currentSuite: string): SuiteMismatch | undefined {
  const name = baseline.suite?.name;
  return name === currentSuite ? undefined : { baseline: String(name), current: currentSuite };
}

/**
 * Refuses (exit 2) a baseline of another suite, naming both; with the flag
 * that allows it, returns the mismatch for every output to show.
 */
export function checkBaselineSuite(dir: string, baseline: ResultsDocument, currentSuite: string, allow: { flag: string; given: boolean }): SuiteMismatch | undefined {
  const mismatch = suiteMismatch(baseline, currentSuite);
  if (!mismatch || allow.given) return mismatch;
  throw new RecallGateError('invalid-input', `the baseline ${dir} is a run of suite ${JSON.stringify(mismatch.baseline)}, not of ${JSON.stringify(mismatch.current)}`, {
    hint: `give a results folder of ${JSON.stringify(mismatch.current)}${allow.flag ? `, or add ${allow.flag} to compare the two suites anyway` : ''}`,
  });
}
