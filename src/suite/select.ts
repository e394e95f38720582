/**
 * The fast loop's narrowing of a suite (run --case, --ability, --query,
 * --rerun-failed, --sample, --repeat): like selectSplit, a pure function from
 * a suite to the part of it that runs, plus the record results.json keeps of
 * what was left out. Memories are never narrowed: they are the store's content.
 */
import { RecallGateError } from '../errors.js';
import { seededRandom } from '../stats/random.js';
import type { CaseSpec } from '../model/e2e.js';
import { didYouMean } from '../source/didYouMean.js';
import type { QuerySpec, Suite } from '../model/suite.js';
import type { SampleRecord, SelectionRecord } from '../model/selection.js';
import { counted } from '../text/counted.js';
import { picomatchLibrary } from '../libraries.js';

/** What the flags ask for; empty lists narrow nothing. */
export interface SelectionRequest {
  cases: string[];
  abilities: string[];
  queries: string[];
  repeat?: number;
  sample?: { n: number; seed: number };
  /** run --rerun-failed DIR: the cases and queries that failed there. */
  rerunFailed?: { from: string; cases: string[]; queries: string[] };
}

export const DEFAULT_SAMPLE_SEED = 1;

/** Which layers the selection names units of: with no --layer, these are the layers that run. */
export function selectedLayers(request: SelectionRequest): { e2e: boolean; retrieval: boolean } | undefined {
  const e2e = request.cases.length > 0 || request.abilities.length > 0 || request.sample !== undefined || (request.rerunFailed?.cases.length ?? 0) > 0;
  const retrieval = request.queries.length > 0 || (request.rerunFailed?.queries.length ?? 0) > 0;
  return e2e || retrieval ? { e2e, retrieval } : undefined;
}

export function isNarrowing(request: SelectionRequest): boolean {
  return selectedLayers(request) !== undefined || request.repeat !== undefined;
}

/**
 * The part of the suite the request selects. Within one flag the patterns
 * add up (a case matching any --case runs); different flags narrow together
 * (--case 'coffee-*' --ability isolation: the coffee cases of that ability).
 * A pattern or ability that matches nothing is an input error with the
 * closest name. A layer the request names nothing of runs whole.
 */
export function selectUnits(suite: Suite, request: SelectionRequest): { suite: Suite; selection?: SelectionRecord; sample?: SampleRecord } {
  if (!isNarrowing(request)) return { suite };
  const allCases = suite.e2e?.cases ?? [];
  const allQueries = suite.retrieval?.queries ?? [];
  const by: string[] = [];
  let cases: CaseSpec[] | undefined;
  let queries: QuerySpec[] | undefined;

  if (request.cases.length > 0) {
    cases = matching('--case', 'case', request.cases, allCases, (spec) => spec.name);
    by.push('--case');
  }
  if (request.abilities.length > 0) {
    const abilities = new Set(allCases.map((spec) => spec.ability));
    for (const ability of request.abilities) {
      if (!abilities.has(ability)) throw unmatched('--ability', 'ability', ability, abilities);
    }
    cases = (cases ?? allCases).filter((spec) => request.abilities.includes(spec.ability));
    by.push('--ability');
  }
  if (request.queries.length > 0) {
    queries = matching('--query', 'query', request.queries, allQueries, (query) => query.id);
    by.push('--query');
  }
  if (request.rerunFailed) {
    // A unit the suite no longer has cannot run again; one the other flags left out stays out.
    const failedCases = new Set(request.rerunFailed.cases);
    const failedQueries = new Set(request.rerunFailed.queries);
    // A layer with nothing failed runs nothing: the rerun is of the failures alone.
    cases = (cases ?? allCases).filter((spec) => failedCases.has(spec.name));
    queries = (queries ?? allQueries).filter((query) => failedQueries.has(query.id));
    by.push('--rerun-failed');
  }
  if (cases !== undefined && cases.length === 0 && !request.rerunFailed) {
    throw new RecallGateError('invalid-input', `${by.filter((flag) => flag !== '--query').join(' and ')} together select no case of ${suite.displayPath}`, { hint: 'each flag narrows the others: drop one, or give names that go together' });
  }
  let sample: SampleRecord | undefined;
  if (request.sample) {
    const pool = cases ?? allCases;
    if (request.sample.n > pool.length) {
      throw new RecallGateError('invalid-input', `--sample ${request.sample.n} is more than the ${counted(pool.length, 'case', 'cases')} to sample from`, { hint: `give at most ${pool.length}, or drop --sample to run them all` });
    }
    cases = stratifiedSample(pool, request.sample.n, request.sample.seed);
    sample = { n: cases.length, of: pool.length, seed: request.sample.seed };
    by.push('--sample');
  }
  // The suite's own repeat given again changes nothing: the run is the whole suite's, kept as a baseline like any.
  const repeat = request.repeat !== undefined && request.repeat !== suite.e2e?.repeat ? request.repeat : undefined;
  if (repeat !== undefined) by.push('--repeat');

  const narrowed: Suite = {
    ...suite,
    retrieval: suite.retrieval && queries !== undefined ? (queries.length > 0 ? { ...suite.retrieval, queries } : undefined) : suite.retrieval,
    e2e: suite.e2e && (cases === undefined || cases.length > 0) ? { ...suite.e2e, ...(cases ? { cases } : {}), ...(repeat !== undefined ? { repeat } : {}) } : undefined,
  };
  const selection: SelectionRecord | undefined =
    by.length === 0
      ? undefined
      : {
          by,
          ...(cases !== undefined ? { cases: cases.map((spec) => spec.name) } : {}),
          ...(queries !== undefined ? { queries: queries.map((query) => query.id) } : {}),
          of: { cases: allCases.length, queries: allQueries.length },
          ...(repeat !== undefined ? { repeat } : {}),
          ...(request.rerunFailed ? { rerun_failed_from: request.rerunFailed.from } : {}),
        };
  return { suite: narrowed, ...(selection ? { selection } : {}), ...(sample ? { sample } : {}) };
}

/** The units any pattern matches (an exact name, or a picomatch glob), in the suite's order. */
function matching<Unit>(flag: string, noun: string, patterns: readonly string[], units: readonly Unit[], nameOf: (unit: Unit) => string): Unit[] {
  const names = units.map(nameOf);
  const kept = new Set<number>();
  for (const pattern of patterns) {
    const picomatch = picomatchLibrary();
    const isMatch = picomatch.scan(pattern).isGlob ? picomatch(pattern, { dot: true }) : (name: string) => name === pattern;
    const hits = names.flatMap((name, index) => (isMatch(name) ? [index] : []));
    if (hits.length === 0) throw unmatched(flag, noun, pattern, names);
    for (const index of hits) kept.add(index);
  }
  return units.filter((_, index) => kept.has(index));
}

function unmatched(flag: string, noun: string, given: string, names: Iterable<string>): RecallGateError {
  const list = [...names];
  const hint = didYouMean(given, list) ?? (list.length === 0 ? `the suite has no ${noun}` : `the suite's ${noun === 'query' ? 'query ids' : `${noun} names`} are listed by recall-gate validate; a glob such as "${list[0]!.slice(0, 3)}*" matches several`);
  return new RecallGateError('invalid-input', `${flag} "${given}" matches no ${noun} of the suite`, { hint });
}

/**
 * n cases drawn with a seeded shuffle, stratified by ability and split: each
 * stratum gets its share of n (largest remainders round), so a sample keeps
 * the suite's mix. The same seed and suite draw the same cases; they run in
 * the suite's order.
 */
export function stratifiedSample(cases: readonly CaseSpec[], n: number, seed: number): CaseSpec[] {
  const random = seededRandom(seed);
  const strata = new Map<string, number[]>();
  cases.forEach((spec, index) => {
    const key = `${spec.ability}\0${spec.split ?? 'dev'}`;
    strata.set(key, [...(strata.get(key) ?? []), index]);
  });
  const groups = [...strata.values()].map((members) => shuffle(members, random));
  const shares = groups.map((members) => (n * members.length) / cases.length);
  const counts = shares.map(Math.floor);
  let left = n - counts.reduce((sum, count) => sum + count, 0);
  const byRemainder = shares.map((share, index) => ({ index, remainder: share - Math.floor(share), tie: random() })).sort((a, b) => b.remainder - a.remainder || a.tie - b.tie);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    if (counts[index]! < groups[index]!.length) {
      counts[index]! += 1;
      left -= 1;
    }
  }
  const chosen = new Set(groups.flatMap((members, index) => members.slice(0, counts[index])));
  return cases.filter((_, index) => chosen.has(index));
}

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
