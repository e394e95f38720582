/**
 * Named histories shared by several cases (e2e.histories; the inject-once,
 * query-many protocol of MemoryAgentBench). For each condition and
 * repetition a history is played once, to one user, then each case that
 * names it has its probe asked in a fresh session of that user, in the order
 * the cases are listed: one playing, many trials.
 *
 * What that trades away, against cases with their own sessions: the probes
 * share one memory (whatever the agent stores while answering one probe is
 * there for the next), they are asked in one fixed order, and their trials
 * are not independent. So:
 * - a playing is run whole: on --resume, a playing with any trial not done
 *   runs again from the start, every trial of it replaced;
 * - a shard holds every case of a history;
 * - the cases of a history are one resampling unit in every bootstrap
 *   (resamplingUnit), as the cases of a plant_from chain are;
 * - the trial at position 1 holds the sessions' invocations (so their tokens
 *   and cost are counted once) and the memory snapshot; the others hold their
 *   probe, and read the sessions and snapshot from it (playingOf);
 * - harmful recall counts the probe's context only: the sessions are no
 *   single case's.
 */
import type { CaseSpec, Condition } from '../model/e2e.js';
import type { EmbeddingUsage } from '../embeddings/usage.js';
import type { Invocation, TrialRecord } from '../model/trial.js';

/** What stands for a history where a case name would (user ids, resampling units): ":" is in no case name, so the two never meet. */
export function historyScope(name: string): string {
  return `history:${name}`;
}

/** The bootstrap's resampling unit of a case: its shared history, else the start of its plant_from chain, else itself. */
export function resamplingUnit(name: string, spec: { planted_from?: string; history?: string } | undefined): string {
  if (spec?.history !== undefined) return historyScope(spec.history);
  return spec?.planted_from ?? name;
}

/** Each history's cases, in the order they are listed: the order their probes are asked in. */
export function historyOrders(cases: readonly Pick<CaseSpec, 'name' | 'history'>[]): Map<string, string[]> {
  const orders = new Map<string, string[]>();
  for (const spec of cases) {
    if (spec.history === undefined) continue;
    const order = orders.get(spec.history);
    if (order) order.push(spec.name);
    else orders.set(spec.history, [spec.name]);
  }
  return orders;
}

/** What a run does at once: one trial, or one playing of a history (its trials in the order they are asked). */
export interface WorkUnit<T> {
  history?: string;
  trials: T[];
}

/**
 * The planned trials grouped into work: a trial of a case with its own
 * sessions alone, the trials of one history under one condition and
 * repetition together. A playing with any trial not in `done` runs whole;
 * one with every trial done does not run.
 */
export function workUnits<T extends { spec: Pick<CaseSpec, 'history'>; key: string; condition: Condition; repeat: number }>(trials: readonly T[], done: ReadonlySet<string> = new Set()): WorkUnit<T>[] {
  const units: WorkUnit<T>[] = [];
  const playings = new Map<string, WorkUnit<T>>();
  for (const trial of trials) {
    const history = trial.spec.history;
    if (history === undefined) {
      if (!done.has(trial.key)) units.push({ trials: [trial] });
      continue;
    }
    const id = `${history}\0${trial.condition}\0${trial.repeat}`;
    let unit = playings.get(id);
    if (!unit) {
      unit = { history, trials: [] };
      playings.set(id, unit);
      units.push(unit);
    }
    unit.trials.push(trial);
  }
  return units.filter((unit) => unit.history === undefined || unit.trials.some((trial) => !done.has(trial.key)));
}

/** Embedding spend of two parts of one trial, added. */
export function addEmbeddingUsage(a: EmbeddingUsage, b: EmbeddingUsage): EmbeddingUsage {
  const sum: EmbeddingUsage = {};
  for (const usage of [a, b]) {
    for (const [model, spend] of Object.entries(usage)) {
      const into = (sum[model] ??= { tokens: 0, requests: 0, unreported: 0 });
      into.tokens += spend.tokens;
      into.requests += spend.requests;
      into.unreported += spend.unreported;
    }
  }
  return sum;
}

/**
 * What a trial's grading saw: its own invocations and snapshot, or, for a
 * trial of a shared history, the playing's sessions and snapshot (held by the
 * trial at position 1, found by key in `byKey`) with its own probe.
 */
export function playingOf(trial: TrialRecord, byKey: ReadonlyMap<string, TrialRecord>): { invocations: Invocation[]; snapshot?: TrialRecord['snapshot'] } {
  const planted = trial.history && trial.history.planted_in !== trial.key ? byKey.get(trial.history.planted_in) : undefined;
  if (!planted) return { invocations: trial.invocations, ...(trial.snapshot ? { snapshot: trial.snapshot } : {}) };
  const sessions = planted.invocations.filter((invocation) => invocation.kind === 'session');
  return { invocations: [...sessions, ...trial.invocations], ...(planted.snapshot ? { snapshot: planted.snapshot } : {}) };
}
