/**
 * What changed against a baseline, unit by unit (model/changes.ts says what
 * each field means): the queries that newly miss or newly hit at each
 * cut-off, with the ranks of their relevant memories in both runs, and the
 * case x condition units whose pass count fell or rose. Paired as every
 * comparison of two runs is (paired.ts); pure.
 */
import type { CaseChange, Changes, E2eChanges, MemoryRanks, NotPassedTrial, ProviderChanges, QueryChange, RetrievalChanges } from '../model/changes.js';
import type { Condition } from '../model/e2e.js';
import type { CaseRates } from '../model/e2eResult.js';
import type { ProviderResult, QueryOutcome, ResultsDocument } from '../model/results.js';
import type { TrialRecord } from '../model/trial.js';
import { pairById, pairQueries } from './paired.js';

/**
 * Changes of `current` against `baseline`. `trials` are the current run's
 * (trials.jsonl), for the keys of the trials that did not pass; without them
 * the units still compare, with no keys.
 */
export function changesAgainst(baseline: ResultsDocument, current: ResultsDocument, trials: readonly TrialRecord[] = []): Changes {
  const retrieval = baseline.retrieval && current.retrieval ? retrievalChanges(baseline, current) : undefined;
  const e2e = baseline.e2e && current.e2e ? e2eChanges(baseline.e2e, current.e2e, trials) : undefined;
  return {
    baseline: {
      suite: baseline.suite.name,
      ...(baseline.run_id ? { run_id: baseline.run_id } : {}),
      started_at: baseline.started_at,
      ...(baseline.commit ? { commit: baseline.commit } : {}),
    },
    ...(retrieval ? { retrieval } : {}),
    ...(e2e ? { e2e } : {}),
  };
}

/** Regressions and improvements a run has against its baseline (a report shows the section when there is something to say). */
export function changeCounts(changes: Changes): { regressions: number; improvements: number } {
  const providers = changes.retrieval?.providers ?? [];
  return {
    regressions: (changes.e2e?.pass_to_fail.length ?? 0) + providers.reduce((sum, provider) => sum + provider.newly_missed.length, 0),
    improvements: (changes.e2e?.fail_to_pass.length ?? 0) + providers.reduce((sum, provider) => sum + provider.newly_hit.length, 0),
  };
}

// ---- retrieval ----

function retrievalChanges(baseline: ResultsDocument, current: ResultsDocument): RetrievalChanges {
  const [was, now] = [baseline.retrieval!, current.retrieval!];
  // A rank the baseline did not return is beyond its depth: a cut-off deeper than that cannot be judged.
  const k = [...now.k].filter((cut) => cut <= was.depth).sort((a, b) => a - b);
  const providers: ProviderChanges[] = [];
  const leftOut: string[] = [];
  for (const [name, provider] of Object.entries(now.providers)) {
    const prior = Object.hasOwn(was.providers, name) ? was.providers[name] : undefined;
    if (provider.status === 'ok' && prior?.status === 'ok') providers.push(providerChanges(prior, provider, k));
    else leftOut.push(name);
  }
  for (const name of Object.keys(was.providers)) if (!Object.hasOwn(now.providers, name)) leftOut.push(name);
  return { k, providers, providers_left_out: leftOut };
}

/**
 * The rank of a query's worst-ranked relevant memory, Infinity when one was
 * not returned: the query hits at k (every relevant memory in the top k,
 * recall@k = 1, as missedQueries counts it) exactly when this is at most k.
 */
function worstRank(query: Pick<QueryOutcome, 'ranks'>): number {
  const ranks = Object.values(query.ranks);
  if (ranks.length === 0) return Infinity;
  return Math.max(...ranks.map((rank) => rank ?? Infinity));
}

const reciprocal = (rank: number) => (rank === Infinity ? 0 : 1 / rank);

interface Flip {
  change: QueryChange;
  /** How far 1 / worst rank moved: positive, the size of the flip. */
  size: number;
}

function providerChanges(baseline: ProviderResult, current: ProviderResult, k: readonly number[]): ProviderChanges {
  const { pairs, added, removed } = pairQueries(baseline, current);
  const missed: Flip[] = [];
  const hit: Flip[] = [];
  for (const [prior, query] of pairs) {
    const [before, now] = [worstRank(prior), worstRank(query)];
    if (before === now) continue;
    // A hit at k is a hit at every larger k, so a query flips one way only: down when its worst rank grew.
    const at = k.filter((cut) => (before <= cut) !== (now <= cut));
    if (at.length === 0) continue;
    const change: QueryChange = { id: query.id, text: query.text, at, ranks: memoryRanks(prior, query) };
    (now > before ? missed : hit).push({ change, size: Math.abs(reciprocal(before) - reciprocal(now)) });
  }
  const ordered = (flips: Flip[]) => flips.sort((a, b) => b.size - a.size || b.change.at.length - a.change.at.length || byName(a.change.id, b.change.id)).map((flip) => flip.change);
  const [newlyMissed, newlyHit] = [ordered(missed), ordered(hit)];
  return {
    provider: current.name,
    compared: pairs.length,
    left_out: { now_only: added.length, baseline_only: removed.length },
    by_k: k.map((cut) => ({ k: cut, newly_missed: newlyMissed.filter((q) => q.at.includes(cut)).length, newly_hit: newlyHit.filter((q) => q.at.includes(cut)).length })),
    newly_missed: newlyMissed,
    newly_hit: newlyHit,
  };
}

/** Each relevant memory of the current query with its rank in both runs; a memory the baseline did not count relevant is looked up in its returned list. */
function memoryRanks(prior: QueryOutcome, query: QueryOutcome): MemoryRanks[] {
  return Object.entries(query.ranks).map(([memory, now]) => {
    const listed = prior.results.findIndex((result) => result.id === memory);
    const baseline = Object.hasOwn(prior.ranks, memory) ? prior.ranks[memory]! : listed < 0 ? null : listed + 1;
    return { memory, baseline, now };
  });
}

// ---- end to end ----

interface Unit {
  case: string;
  ability: string;
  condition: Condition;
  rates: CaseRates;
}

function units(e2e: NonNullable<ResultsDocument['e2e']>): Unit[] {
  return Object.entries(e2e.cases).flatMap(([name, result]) =>
    e2e.conditions.flatMap((condition) => {
      const rates = result.conditions[condition];
      return rates ? [{ case: name, ability: result.ability, condition, rates }] : [];
    }),
  );
}

const unitId = (unit: Unit) => `${unit.case}\u0000${unit.condition}`;
const rateOf = (rates: Pick<CaseRates, 'passed' | 'trials'>) => (rates.trials === 0 ? 0 : rates.passed / rates.trials);

function e2eChanges(baseline: NonNullable<ResultsDocument['e2e']>, current: NonNullable<ResultsDocument['e2e']>, trials: readonly TrialRecord[]): E2eChanges {
  const { pairs, added, removed } = pairById(units(baseline), units(current), unitId);
  // The headline condition first among equal changes, then the run's order of conditions.
  const order = [current.headline_condition, ...current.conditions.filter((condition) => condition !== current.headline_condition)];
  const notPassed = notPassedByUnit(trials);
  const fell: { change: CaseChange; delta: number }[] = [];
  const rose: { change: CaseChange; delta: number }[] = [];
  for (const [prior, unit] of pairs) {
    const delta = rateOf(unit.rates) - rateOf(prior.rates);
    if (delta === 0) continue;
    const change: CaseChange = {
      case: unit.case,
      ability: unit.ability,
      condition: unit.condition,
      baseline: { passed: prior.rates.passed, trials: prior.rates.trials },
      now: { passed: unit.rates.passed, trials: unit.rates.trials },
      not_passed: notPassed.get(unitId(unit)) ?? [],
    };
    (delta < 0 ? fell : rose).push({ change, delta: Math.abs(delta) });
  }
  const ordered = (changes: { change: CaseChange; delta: number }[]) =>
    changes.sort((a, b) => b.delta - a.delta || order.indexOf(a.change.condition) - order.indexOf(b.change.condition) || byName(a.change.case, b.change.case)).map((entry) => entry.change);
  return { compared: pairs.length, left_out: { now_only: added.length, baseline_only: removed.length }, pass_to_fail: ordered(fell), fail_to_pass: ordered(rose) };
}

/** The trials that did not pass, per unit, by repeat. */
function notPassedByUnit(trials: readonly TrialRecord[]): Map<string, NotPassedTrial[]> {
  const byUnit = new Map<string, NotPassedTrial[]>();
  for (const trial of [...trials].sort((a, b) => a.repeat - b.repeat)) {
    if (trial.status === 'pass') continue;
    const id = `${trial.case}\u0000${trial.condition}`;
    const list = byUnit.get(id) ?? [];
    list.push({ key: trial.key, repeat: trial.repeat, status: trial.status, ...(trial.stage ? { stage: trial.stage } : {}) });
    byUnit.set(id, list);
  }
  return byUnit;
}

/** Code-point order: the same in every locale. */
function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
