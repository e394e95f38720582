/**
 * The fast loop's flags (--case, --ability, --query, --repeat, --sample,
 * --seed, --rerun-failed): their one parser, shared by run and the Action's
 * args input, and the request they make of selectUnits.
 */
import { RecallGateError } from '../errors.js';
import { failedUnits, type FailedUnits } from '../results/failed.js';
import { readRun } from '../results/folder.js';
import { DEFAULT_SAMPLE_SEED, type SelectionRequest } from '../suite/select.js';
import type { Suite } from '../model/suite.js';
import { listValue, type OptionSpec } from './args.js';

export const SELECTION_OPTIONS: Record<string, OptionSpec> = {
  case: { type: 'string', multiple: true },
  ability: { type: 'string', multiple: true },
  query: { type: 'string', multiple: true },
  repeat: { type: 'string' },
  sample: { type: 'string' },
  seed: { type: 'string' },
  'rerun-failed': { type: 'string' },
};

export const SELECTION_USAGE = '[--case NAME|GLOB]... [--ability A]... [--query ID|GLOB]... [--repeat N] [--sample N [--seed S]] [--rerun-failed DIR]';

/** The flags' values, checked; the folder of --rerun-failed is read later (readFailures). */
export interface SelectionFlags {
  cases: string[];
  abilities: string[];
  queries: string[];
  repeat?: number;
  sample?: { n: number; seed: number };
  rerunFailed?: string;
}

export function parseSelectionFlags(values: Record<string, unknown>): SelectionFlags {
  const repeat = wholeNumber(values, 'repeat', 1);
  const n = wholeNumber(values, 'sample', 1);
  const seed = wholeNumber(values, 'seed', 0);
  if (seed !== undefined && n === undefined) throw new RecallGateError('invalid-input', '--seed goes with --sample N', { hint: 'it chooses which cases the sample draws' });
  const rerunFailed = values['rerun-failed'];
  return {
    cases: listValue(values, 'case'),
    abilities: listValue(values, 'ability'),
    queries: listValue(values, 'query'),
    ...(repeat !== undefined ? { repeat } : {}),
    ...(n !== undefined ? { sample: { n, seed: seed ?? DEFAULT_SAMPLE_SEED } } : {}),
    ...(typeof rerunFailed === 'string' ? { rerunFailed } : {}),
  };
}

export function wholeNumber(values: Record<string, unknown>, name: string, least: number): number | undefined {
  const text = values[name];
  if (text === undefined) return undefined;
  const value = Number(text);
  if (typeof text !== 'string' || !/^\s*\d+\s*$/.test(text) || !Number.isSafeInteger(value) || value < least) {
    throw new RecallGateError('invalid-input', `--${name} must be a whole number of at least ${least}, got "${String(text)}"`);
  }
  return value;
}

/** --rerun-failed DIR: what failed there, read through the results folder's reader (a folder that is no run is exit 2). */
export function readFailures(dir: string, cwd: string): FailedUnits {
  const { results, trials } = readRun(dir, cwd);
  return failedUnits(results, trials);
}

export function nothingFailed(failures: FailedUnits): boolean {
  return failures.cases.length === 0 && failures.queries.length === 0 && !failures.all.cases && !failures.all.queries;
}

/** The request for selectUnits; a layer that failed whole reruns every unit of the suite's. */
export function selectionRequest(flags: SelectionFlags, suite: Suite, failures?: FailedUnits): SelectionRequest {
  return {
    cases: flags.cases,
    abilities: flags.abilities,
    queries: flags.queries,
    ...(flags.repeat !== undefined ? { repeat: flags.repeat } : {}),
    ...(flags.sample ? { sample: flags.sample } : {}),
    ...(failures && flags.rerunFailed !== undefined
      ? {
          rerunFailed: {
            from: flags.rerunFailed,
            cases: failures.all.cases ? (suite.e2e?.cases ?? []).map((spec) => spec.name) : failures.cases,
            queries: failures.all.queries ? (suite.retrieval?.queries ?? []).map((query) => query.id) : failures.queries,
          },
        }
      : {}),
  };
}
