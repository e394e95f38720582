import { describeError } from '../errors.js';
import { embeddingCost } from '../e2e/cost.js';
import { meterEmbeddings } from '../embeddings/usage.js';
import type { MemoryStore } from '../memory/types.js';
import { groupBy, round, summarizeLatency } from '../stats/summary.js';
import type { MemorySpec, ProviderSpec, QuerySpec, RetrievalSpec } from '../model/suite.js';
import { checkIsolation } from './isolation.js';
import {
  METRIC_DEFINITIONS,
  STALENESS_DEFINITIONS,
  groupColumns,
  hasRelevant,
  headlineMetrics,
  meanMetrics,
  metricNames,
  namesObsolete,
  queryMetrics,
  ranksOfRelevant,
  scoredQueries,
  stalenessMetrics,
} from './metrics.js';
import { stalenessSummary } from './staleness.js';
import type { IntervalUnit } from '../model/figures.js';
import { groupMetrics, type GroupOf } from './groupMetrics.js';
import { userSlices } from './userSlices.js';
import { emptyIsConclusive, emptyProviderError, listedMemories } from './emptyProvider.js';
import type { PhaseProgress } from '../phaseProgress.js';
import { chooseIntervalUnit, retrievalIntervals } from './intervals.js';
import type { ProviderResult, QueryOutcome, RetrievalResult, TagMetrics } from '../model/results.js';
import { hayCount } from './haystack.js';
import { runWithHaystack, type ProviderRun } from './runHaystack.js';

export interface RetrievalDeps {
  createStore: (provider: ProviderSpec) => MemoryStore;
  /** Called as each query finishes, so its row can be written as it comes (queries/<provider>.jsonl). */
  onQuery?: (provider: string, outcome: QueryOutcome) => void;
  /** Called when each provider finishes, so results can be written as they come. */
  onProvider?: (result: ProviderResult, partial: RetrievalResult) => void | Promise<void>;
  now?: () => number;
  /** USD per million tokens by model (the suite's e2e.prices; the built-in table under it): prices embedding requests. */
  prices?: Record<string, { input: number; output: number }>;
  /** How far seeding, embedding the queries and searching have come (the CLI's progress line). */
  onProgress?: PhaseProgress;
}

/**
 * Seeds each provider with the suite's memories and asks every query, one
 * provider after another so latencies are not skewed by each other. A provider
 * that fails is recorded with its reason; the others still run.
 */
export async function runRetrieval(spec: RetrievalSpec, deps: RetrievalDeps): Promise<RetrievalResult> {
  const withObsolete = spec.queries.filter(namesObsolete).length;
  // Decided once for the run, over the queries that count in some figure, so every provider and tag draws the same units.
  const choice = chooseIntervalUnit(spec.interval_unit, spec.queries.filter((query) => hasRelevant(query) || namesObsolete(query)));
  const result: RetrievalResult = {
    k: spec.k,
    depth: spec.depth,
    definitions: withObsolete > 0 ? `${METRIC_DEFINITIONS}; ${STALENESS_DEFINITIONS}` : METRIC_DEFINITIONS,
    memory_count: spec.memories.length,
    query_count: spec.queries.length,
    queries_without_relevant: spec.queries.filter((query) => !hasRelevant(query)).length,
    ...(spec.group_metrics ? { group_metrics: true } : {}),
    ...(withObsolete > 0 ? { queries_with_obsolete: withObsolete } : {}),
    interval_unit: choice.unit,
    ...(choice.note ? { interval_unit_note: choice.note } : {}),
    ...(spec.haystack ? { haystack: { ...spec.haystack, distractors: hayCount(spec.memories, spec.queries) } } : {}),
    providers: {},
  };
  for (const provider of spec.providers) {
    // The haystack's smaller runs spend embeddings too: they count in the provider's spend.
    const run = (part: RetrievalSpec, how?: ProviderRun) => runProvider(part, provider, deps, choice.unit, how);
    const { value: outcome, usage } = await meterEmbeddings(() => (spec.haystack ? runWithHaystack(spec, provider, run) : run(spec)));
    // What this provider's embedding requests spent (cache hits spend nothing); absent for providers that made none.
    if (Object.keys(usage).length > 0) outcome.embedding = embeddingCost(usage, deps.prices ?? {});
    result.providers[provider.name] = outcome;
    await deps.onProvider?.(outcome, result);
  }
  return result;
}

async function runProvider(spec: RetrievalSpec, provider: ProviderSpec, deps: RetrievalDeps, unit: IntervalUnit, run: ProviderRun = {}): Promise<ProviderResult> {
  const now = deps.now ?? (() => performance.now());
  const label = run.label ?? provider.name;
  const timings = { setup: 0, seed: 0, prepare: 0, search: 0 };
  const scoring = scoringOf(spec);
  // By the query's place in the suite: a run by slices finishes them in another order.
  const outcomes: QueryOutcome[] = new Array(spec.queries.length);
  const finished = () => outcomes.filter((outcome) => outcome !== undefined);
  const base = { name: provider.name, kind: provider.kind, embedder: embedderId(provider) };
  let store: MemoryStore | undefined;
  let phase = 'setting up';
  try {
    let started = now();
    store = deps.createStore(provider);
    await store.reset();
    timings.setup = now() - started;

    const progress = (done: number, total: number, shown = phase) => deps.onProgress?.(`${label}: ${shown}`, done, total);
    const seed = async (memories: readonly MemorySpec[]) => {
      started = now();
      await store!.add(memories.map(({ id, text, user, date }) => ({ id, text, user, date })));
      timings.seed += now() - started;
    };
    const search = async (query: QuerySpec, index: number) => {
      const searchStarted = now();
      const hits = await store!.search(query.user, query.text, spec.depth);
      const latency = now() - searchStarted;
      if (hits.length > 0) found = true;
      timings.search += latency;
      const outcome = outcomeOf(query, hits, latency, scoring);
      run.decorate?.(outcome, index);
      outcomes[index] = outcome;
      if (!run.brief) deps.onQuery?.(provider.name, outcome);
    };

    /** Some search returned something; until one does, what the store lists is counted (listed), so an all-empty provider can say what it holds. */
    let found = false;
    let listed: number | undefined = 0;
    const count = async (users: Iterable<string>) => {
      if (found || listed === undefined) return;
      const more = await listedMemories(store!, users);
      listed = more === undefined ? undefined : listed + more;
    };

    // Queries are embedded once, all together, after the first seeding as before: their vectors are few beside the memories'.
    let prepared = false;
    const prepare = async () => {
      if (prepared) return;
      prepared = true;
      phase = 'preparing queries';
      started = now();
      if (store!.prepareQueries) {
        progress(0, spec.queries.length);
        await store!.prepareQueries(spec.queries.map((query) => query.text));
        progress(spec.queries.length, spec.queries.length);
      }
      timings.prepare = now() - started;
    };

    if (store.releaseUser) {
      // A few users at a time, released once searched: memory bounded by the largest users, rankings as with the whole suite.
      // Progress counts the memories of finished slices: the phases alternate too fast to show apart.
      let done = 0;
      for (const slice of userSlices(spec.memories, spec.queries)) {
        phase = 'seeding memories';
        await seed(slice.memories);
        await prepare();
        phase = 'searching';
        for (const { query, index } of slice.queries) await search(query, index);
        await turnOfTheEventLoop();
        const users = new Set(slice.memories.map((memory) => memory.user));
        // Listed before they are released: afterwards the store holds none of them.
        await count(users);
        for (const user of users) await store.releaseUser(user);
        done += slice.memories.length;
        progress(done, spec.memories.length, 'seeding and searching, a few users at a time (memories)');
      }
    } else {
      phase = 'seeding memories';
      await seed(spec.memories);
      await prepare();
      phase = 'searching';
      for (const [index, query] of spec.queries.entries()) {
        await search(query, index);
        progress(index + 1, spec.queries.length);
        if (index % 64 === 63) await turnOfTheEventLoop();
      }
      await count(new Set(spec.memories.map((memory) => memory.user)));
    }
    if (!found && spec.memories.length > 0 && emptyIsConclusive(spec.queries.length, listed)) throw emptyProviderError(provider.name, spec.memories.length, spec.queries.length, listed);
  } catch (error) {
    return {
      ...base,
      status: 'error',
      error: `${phase}: ${describeError(error)}`,
      timings_ms: roundTimings(timings),
      diagnostics: store?.diagnostics?.(),
      queries: finished(),
      isolation: checkIsolation(spec.memories, finished()),
    };
  } finally {
    await store?.close().catch(() => undefined);
  }
  const queries = finished();
  return {
    ...base,
    status: 'ok',
    ...(run.brief ? {} : querySummaries(provider.name, queries, spec.k, spec.group_metrics, unit)),
    timings_ms: roundTimings(timings),
    diagnostics: store?.diagnostics?.(),
    queries,
    isolation: checkIsolation(spec.memories, queries),
  };
}

/**
 * A provider's means, intervals, per-tag means, staleness and latency over these queries: what a run computes, and what a gate on one split recomputes.
 * Queries with no relevant memory are left out of every mean (their latency still counts); with none left, there are no means.
 * Staleness is over the queries that name an obsolete memory (absent when none does). Intervals draw `unit`s.
 */
export function querySummaries(
  provider: string,
  queries: readonly QueryOutcome[],
  cutoffs: readonly number[],
  groups = false,
  unit: IntervalUnit = 'query',
): Pick<ProviderResult, 'metrics' | 'intervals' | 'by_tag' | 'staleness' | 'latency_ms'> {
  const names = metricNames(cutoffs, { groups });
  const scored = scoredQueries(queries);
  const headline = headlineMetrics(cutoffs);
  return {
    metrics: meansOf(scored, names),
    intervals: retrievalIntervals(provider, scored, groups ? [...headline, ...groupColumns(headline)] : headline, unit),
    by_tag: metricsByTag(queries, names),
    ...stalenessOf(stalenessSummary(provider, queries, cutoffs, unit)),
    latency_ms: summarizeLatency(queries.map((q) => q.latency_ms)),
  };
}

function stalenessOf(staleness: ProviderResult['staleness']): Pick<ProviderResult, 'staleness'> {
  return staleness ? { staleness } : {};
}

function meansOf(scored: readonly QueryOutcome[], names: readonly string[]) {
  return scored.length === 0 ? {} : meanMetrics(scored.map((q) => q.metrics), names);
}

/** What scoring a query needs besides its ranking: the cut-offs, and each memory's group when group metrics are on. */
interface Scoring {
  cutoffs: readonly number[];
  groupOf?: GroupOf;
}

function scoringOf(spec: RetrievalSpec): Scoring {
  if (!spec.group_metrics) return { cutoffs: spec.k };
  const groups = new Map(spec.memories.map((memory) => [memory.id, memory.group]));
  return { cutoffs: spec.k, groupOf: (id) => groups.get(id) };
}

function outcomeOf(
  query: RetrievalSpec['queries'][number],
  hits: { id: string; score: number }[],
  latency: number,
  { cutoffs, groupOf }: Scoring,
): QueryOutcome {
  const gains = new Map(Object.entries(query.relevant));
  const ranked = hits.map((hit) => hit.id);
  const obsolete = namesObsolete(query) ? new Set(query.obsolete) : undefined;
  // A query with nothing relevant has no ranking metric, one naming no obsolete memory no staleness: none is written, so nothing can average it in by mistake.
  const metrics = {
    ...(hasRelevant(query) ? { ...queryMetrics(ranked, gains, cutoffs), ...(groupOf ? groupMetrics(ranked, gains, cutoffs, groupOf) : {}) } : {}),
    ...(obsolete ? stalenessMetrics(ranked, gains, obsolete, cutoffs) : {}),
  };
  return {
    id: query.id,
    text: query.text,
    user: query.user,
    ...(query.group !== undefined ? { group: query.group } : {}),
    tags: query.tags,
    relevant: query.relevant,
    ranks: ranksOfRelevant(ranked, gains),
    ...(obsolete ? { obsolete: ranksOf(ranked, obsolete) } : {}),
    metrics,
    results: hits.map(({ id, score }) => ({ id, score })),
    latency_ms: round(latency, 3),
  };
}

/** 1-based rank of each of these memories in the returned list, null when it was not returned. */
function ranksOf(ranked: readonly string[], ids: ReadonlySet<string>): Record<string, number | null> {
  const position = new Map<string, number>();
  ranked.forEach((id, index) => {
    if (!position.has(id)) position.set(id, index + 1);
  });
  // fromEntries defines own keys: an id "__proto__" stays an id.
  return Object.fromEntries([...ids].map((id) => [id, position.get(id) ?? null]));
}

/** Means per tag over the tag's scored queries; `queries` counts those (a tag whose queries all lack a relevant memory has 0 and no means). */
function metricsByTag(queries: readonly QueryOutcome[], names: readonly string[]): Record<string, TagMetrics> {
  const groups = groupBy(
    queries.flatMap((query) => query.tags.map((tag) => ({ tag, query }))),
    (entry) => entry.tag,
  );
  // fromEntries, not assignment, so a tag named "__proto__" stays a tag.
  return Object.fromEntries(
    [...groups]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([tag, entries]) => {
        const members = scoredQueries(entries.map((entry) => entry.query));
        return [tag, { queries: members.length, metrics: meansOf(members, names) }];
      }),
  );
}

function embedderId(provider: ProviderSpec): string | undefined {
  const embedding = provider.embedding;
  if (!embedding) return undefined;
  return [embedding.kind, embedding.model, embedding.dimensions && `d${embedding.dimensions}`].filter(Boolean).join(':');
}

function roundTimings(timings: ProviderResult['timings_ms']): ProviderResult['timings_ms'] {
  return { setup: round(timings.setup, 3), seed: round(timings.seed, 3), prepare: round(timings.prepare, 3), search: round(timings.search, 3) };
}

/**
 * In-process stores answer with promises already settled, so a run of them
 * never leaves the microtask queue and a signal's handler (which rewrites
 * results.json as incomplete) would wait for the whole layer: let the event
 * loop turn between slices and every 64 searches.
 */
function turnOfTheEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
