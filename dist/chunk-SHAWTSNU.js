import {
  aggregateE2e
} from "./chunk-S3MMN5FA.js";
import {
  evaluateGate
} from "./chunk-R5GTYCVU.js";
import {
  chooseIntervalUnit,
  fractionLabel,
  hayCount,
  haystackSamples,
  intervalUnitOf,
  perDoubling,
  retrievalIntervals
} from "./chunk-FB442OMY.js";
import {
  GROUP_PREFIX,
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
  stalenessNames
} from "./chunk-6YEWKYUG.js";
import {
  embeddingCost,
  groupBy,
  meterEmbeddings,
  round,
  summarizeLatency
} from "./chunk-IDDU4GRI.js";
import {
  RecallGateError,
  describeError
} from "./chunk-EMJKK5FL.js";

// src/retrieval/isolation.ts
function checkIsolation(memories, queries) {
  const owners = new Map(memories.map((memory) => [memory.id, memory.user]));
  const check = { cross_user_hits: 0, unknown_ids: 0, cross_user: [], unknown: [] };
  for (const query of queries) {
    query.results.forEach(({ id }, index) => {
      const owner = owners.get(id);
      if (owner === void 0) check.unknown.push({ query: query.id, user: query.user, memory: id, rank: index + 1 });
      else if (owner !== query.user) check.cross_user.push({ query: query.id, user: query.user, owner, memory: id, rank: index + 1 });
    });
  }
  check.cross_user_hits = check.cross_user.length;
  check.unknown_ids = check.unknown.length;
  return check;
}

// src/retrieval/staleness.ts
function stalenessSummary(provider, queries, cutoffs, unit) {
  const stale = queries.filter(namesObsolete);
  if (stale.length === 0) return void 0;
  const names = stalenessNames(cutoffs);
  const tagged = groupBy(
    stale.flatMap((query) => query.tags.map((tag) => ({ tag, query }))),
    (entry) => entry.tag
  );
  const byTag = Object.fromEntries(
    [...tagged].sort(([a], [b]) => a.localeCompare(b)).map(([tag, entries]) => [tag, figuresOf(provider, entries.map((entry) => entry.query), names, unit, tag)])
  );
  return { ...figuresOf(provider, stale, names, unit), by_tag: byTag };
}
function figuresOf(provider, queries, names, unit, tag) {
  return {
    queries: queries.length,
    metrics: meanMetrics(queries.map((query) => query.metrics), names),
    intervals: retrievalIntervals(provider, queries, names, unit, tag)
  };
}

// src/retrieval/groupMetrics.ts
function groupKey(memoryId, groupOf) {
  const group = groupOf(memoryId);
  return group === void 0 ? `memory:${memoryId}` : `group:${group}`;
}
function groupRanking(ranked, groupOf) {
  return [...new Set(ranked.map((id) => groupKey(id, groupOf)))];
}
function groupGains(gains, groupOf) {
  const grouped = /* @__PURE__ */ new Map();
  for (const [id, gain] of gains) {
    const key = groupKey(id, groupOf);
    grouped.set(key, Math.max(gain, grouped.get(key) ?? 0));
  }
  return grouped;
}
function groupMetrics(ranked, gains, cutoffs, groupOf) {
  const values = queryMetrics(groupRanking(ranked, groupOf), groupGains(gains, groupOf), cutoffs);
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [`${GROUP_PREFIX}${name}`, value]));
}

// src/retrieval/userSlices.ts
var SLICE_MEMORIES = 4096;
function userSlices(memories, queries, minMemories = SLICE_MEMORIES) {
  const byUser = /* @__PURE__ */ new Map();
  const sliceOf = (user) => {
    let slice = byUser.get(user);
    if (!slice) {
      slice = { memories: [], queries: [] };
      byUser.set(user, slice);
    }
    return slice;
  };
  for (const memory of memories) sliceOf(memory.user).memories.push(memory);
  queries.forEach((query, index) => sliceOf(query.user).queries.push({ query, index }));
  const slices = [];
  let current = { memories: [], queries: [] };
  let users = 0;
  for (const user of byUser.values()) {
    append(current, user);
    users += 1;
    if (current.memories.length >= minMemories && users >= 2) {
      slices.push(current);
      current = { memories: [], queries: [] };
      users = 0;
    }
  }
  if (current.memories.length > 0 || current.queries.length > 0) {
    const last = slices[slices.length - 1];
    if (users === 1 && last) {
      append(last, current);
    } else {
      slices.push(current);
    }
  }
  return slices;
}
function append(into, from) {
  for (const memory of from.memories) into.memories.push(memory);
  for (const query of from.queries) into.queries.push(query);
}

// src/retrieval/emptyProvider.ts
var MIN_SEARCHES_FOR_EMPTY_ERROR = 5;
function emptyIsConclusive(searches, listed) {
  return searches > 0 && (listed === 0 || searches >= MIN_SEARCHES_FOR_EMPTY_ERROR);
}
async function listedMemories(store, users) {
  let total = 0;
  try {
    for (const user of users) total += (await store.list(user)).length;
  } catch {
    return void 0;
  }
  return total;
}
function emptyProviderError(provider, given, searches, listed) {
  const list = listed === void 0 ? "it has no list to say what it holds" : `its list holds ${listed} memor${listed === 1 ? "y" : "ies"} for the suite's users`;
  return new RecallGateError("incomplete", `provider ${provider} was given ${given} memor${given === 1 ? "y" : "ies"}, yet every one of its ${searches} searches came back empty (${list})`, {
    hint: listed === 0 ? "it stored nothing it was given: check its add (and that a reset does not follow it)" : "check that its search reads the memories add stored, for the same user ids"
  });
}

// src/retrieval/runHaystack.ts
async function runWithHaystack(spec, provider, runProvider2) {
  const haystack = spec.haystack;
  const names = metricNames(spec.k, { groups: spec.group_metrics });
  const samples = haystackSamples(spec.memories, spec.queries, haystack.fractions.filter((fraction) => fraction < 1), haystack.seed);
  const points = [];
  const perQuery = /* @__PURE__ */ new Map();
  for (const { fraction, memories } of samples) {
    const label = fractionLabel(fraction);
    if (memories.length === spec.memories.length) {
      points.push({ fraction, memories: memories.length, metrics: {}, timings_ms: { setup: 0, seed: 0, prepare: 0, search: 0 }, same_as_whole: true });
      continue;
    }
    const result = await runProvider2({ ...spec, memories }, { label: `${provider.name} at haystack ${label}`, brief: true });
    if (result.status === "error") {
      return { ...result, error: `haystack ${label} (${memories.length} memories): ${result.error ?? "no reason recorded"}`, queries: [] };
    }
    perQuery.set(label, new Map(result.queries.map((query) => [query.id, query.metrics])));
    points.push({ fraction, memories: memories.length, metrics: meanMetrics(scoredQueries(result.queries).map((query) => query.metrics), names), timings_ms: result.timings_ms });
  }
  const decorate = (outcome) => {
    if (!hasRelevant(outcome)) return;
    outcome.haystack = Object.fromEntries(samples.map(({ fraction }) => fractionLabel(fraction)).map((label) => [label, perQuery.get(label)?.get(outcome.id) ?? { ...outcome.metrics }]));
  };
  const normal = await runProvider2(spec, { decorate });
  if (normal.status !== "ok") return normal;
  for (const point of points) if (point.same_as_whole) point.metrics = { ...normal.metrics };
  points.push({ fraction: 1, memories: spec.memories.length, metrics: normal.metrics ?? {}, timings_ms: normal.timings_ms });
  const slopes = perDoubling(points, names);
  return { ...normal, haystack: { points, ...slopes ? { per_doubling: slopes } : {} } };
}

// src/retrieval/runRetrieval.ts
async function runRetrieval(spec, deps) {
  const withObsolete = spec.queries.filter(namesObsolete).length;
  const choice = chooseIntervalUnit(spec.interval_unit, spec.queries.filter((query) => hasRelevant(query) || namesObsolete(query)));
  const result = {
    k: spec.k,
    depth: spec.depth,
    definitions: withObsolete > 0 ? `${METRIC_DEFINITIONS}; ${STALENESS_DEFINITIONS}` : METRIC_DEFINITIONS,
    memory_count: spec.memories.length,
    query_count: spec.queries.length,
    queries_without_relevant: spec.queries.filter((query) => !hasRelevant(query)).length,
    ...spec.group_metrics ? { group_metrics: true } : {},
    ...withObsolete > 0 ? { queries_with_obsolete: withObsolete } : {},
    interval_unit: choice.unit,
    ...choice.note ? { interval_unit_note: choice.note } : {},
    ...spec.haystack ? { haystack: { ...spec.haystack, distractors: hayCount(spec.memories, spec.queries) } } : {},
    providers: {}
  };
  for (const provider of spec.providers) {
    const run = (part, how) => runProvider(part, provider, deps, choice.unit, how);
    const { value: outcome, usage } = await meterEmbeddings(() => spec.haystack ? runWithHaystack(spec, provider, run) : run(spec));
    if (Object.keys(usage).length > 0) outcome.embedding = embeddingCost(usage, deps.prices ?? {});
    result.providers[provider.name] = outcome;
    await deps.onProvider?.(outcome, result);
  }
  return result;
}
async function runProvider(spec, provider, deps, unit, run = {}) {
  const now = deps.now ?? (() => performance.now());
  const label = run.label ?? provider.name;
  const timings = { setup: 0, seed: 0, prepare: 0, search: 0 };
  const scoring = scoringOf(spec);
  const outcomes = new Array(spec.queries.length);
  const finished = () => outcomes.filter((outcome) => outcome !== void 0);
  const base = { name: provider.name, kind: provider.kind, embedder: embedderId(provider) };
  let store;
  let phase = "setting up";
  try {
    let started = now();
    store = deps.createStore(provider);
    await store.reset();
    timings.setup = now() - started;
    const progress = (done, total, shown = phase) => deps.onProgress?.(`${label}: ${shown}`, done, total);
    const seed = async (memories) => {
      started = now();
      await store.add(memories.map(({ id, text, user, date }) => ({ id, text, user, date })));
      timings.seed += now() - started;
    };
    const search = async (query, index) => {
      const searchStarted = now();
      const hits = await store.search(query.user, query.text, spec.depth);
      const latency = now() - searchStarted;
      if (hits.length > 0) found = true;
      timings.search += latency;
      const outcome = outcomeOf(query, hits, latency, scoring);
      run.decorate?.(outcome, index);
      outcomes[index] = outcome;
      if (!run.brief) deps.onQuery?.(provider.name, outcome);
    };
    let found = false;
    let listed = 0;
    const count = async (users) => {
      if (found || listed === void 0) return;
      const more = await listedMemories(store, users);
      listed = more === void 0 ? void 0 : listed + more;
    };
    let prepared = false;
    const prepare = async () => {
      if (prepared) return;
      prepared = true;
      phase = "preparing queries";
      started = now();
      if (store.prepareQueries) {
        progress(0, spec.queries.length);
        await store.prepareQueries(spec.queries.map((query) => query.text));
        progress(spec.queries.length, spec.queries.length);
      }
      timings.prepare = now() - started;
    };
    if (store.releaseUser) {
      let done = 0;
      for (const slice of userSlices(spec.memories, spec.queries)) {
        phase = "seeding memories";
        await seed(slice.memories);
        await prepare();
        phase = "searching";
        for (const { query, index } of slice.queries) await search(query, index);
        await turnOfTheEventLoop();
        const users = new Set(slice.memories.map((memory) => memory.user));
        await count(users);
        for (const user of users) await store.releaseUser(user);
        done += slice.memories.length;
        progress(done, spec.memories.length, "seeding and searching, a few users at a time (memories)");
      }
    } else {
      phase = "seeding memories";
      await seed(spec.memories);
      await prepare();
      phase = "searching";
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
      status: "error",
      error: `${phase}: ${describeError(error)}`,
      timings_ms: roundTimings(timings),
      diagnostics: store?.diagnostics?.(),
      queries: finished(),
      isolation: checkIsolation(spec.memories, finished())
    };
  } finally {
    await store?.close().catch(() => void 0);
  }
  const queries = finished();
  return {
    ...base,
    status: "ok",
    ...run.brief ? {} : querySummaries(provider.name, queries, spec.k, spec.group_metrics, unit),
    timings_ms: roundTimings(timings),
    diagnostics: store?.diagnostics?.(),
    queries,
    isolation: checkIsolation(spec.memories, queries)
  };
}
function querySummaries(provider, queries, cutoffs, groups = false, unit = "query") {
  const names = metricNames(cutoffs, { groups });
  const scored = scoredQueries(queries);
  const headline = headlineMetrics(cutoffs);
  return {
    metrics: meansOf(scored, names),
    intervals: retrievalIntervals(provider, scored, groups ? [...headline, ...groupColumns(headline)] : headline, unit),
    by_tag: metricsByTag(queries, names),
    ...stalenessOf(stalenessSummary(provider, queries, cutoffs, unit)),
    latency_ms: summarizeLatency(queries.map((q) => q.latency_ms))
  };
}
function stalenessOf(staleness) {
  return staleness ? { staleness } : {};
}
function meansOf(scored, names) {
  return scored.length === 0 ? {} : meanMetrics(scored.map((q) => q.metrics), names);
}
function scoringOf(spec) {
  if (!spec.group_metrics) return { cutoffs: spec.k };
  const groups = new Map(spec.memories.map((memory) => [memory.id, memory.group]));
  return { cutoffs: spec.k, groupOf: (id) => groups.get(id) };
}
function outcomeOf(query, hits, latency, { cutoffs, groupOf }) {
  const gains = new Map(Object.entries(query.relevant));
  const ranked = hits.map((hit) => hit.id);
  const obsolete = namesObsolete(query) ? new Set(query.obsolete) : void 0;
  const metrics = {
    ...hasRelevant(query) ? { ...queryMetrics(ranked, gains, cutoffs), ...groupOf ? groupMetrics(ranked, gains, cutoffs, groupOf) : {} } : {},
    ...obsolete ? stalenessMetrics(ranked, gains, obsolete, cutoffs) : {}
  };
  return {
    id: query.id,
    text: query.text,
    user: query.user,
    ...query.group !== void 0 ? { group: query.group } : {},
    tags: query.tags,
    relevant: query.relevant,
    ranks: ranksOfRelevant(ranked, gains),
    ...obsolete ? { obsolete: ranksOf(ranked, obsolete) } : {},
    metrics,
    results: hits.map(({ id, score }) => ({ id, score })),
    latency_ms: round(latency, 3)
  };
}
function ranksOf(ranked, ids) {
  const position = /* @__PURE__ */ new Map();
  ranked.forEach((id, index) => {
    if (!position.has(id)) position.set(id, index + 1);
  });
  return Object.fromEntries([...ids].map((id) => [id, position.get(id) ?? null]));
}
function metricsByTag(queries, names) {
  const groups = groupBy(
    queries.flatMap((query) => query.tags.map((tag) => ({ tag, query }))),
    (entry) => entry.tag
  );
  return Object.fromEntries(
    [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([tag, entries]) => {
      const members = scoredQueries(entries.map((entry) => entry.query));
      return [tag, { queries: members.length, metrics: meansOf(members, names) }];
    })
  );
}
function embedderId(provider) {
  const embedding = provider.embedding;
  if (!embedding) return void 0;
  return [embedding.kind, embedding.model, embedding.dimensions && `d${embedding.dimensions}`].filter(Boolean).join(":");
}
function roundTimings(timings) {
  return { setup: round(timings.setup, 3), seed: round(timings.seed, 3), prepare: round(timings.prepare, 3), search: round(timings.search, 3) };
}
function turnOfTheEventLoop() {
  return new Promise((resolve) => setImmediate(resolve));
}

// src/gate/narrow.ts
function resultsForSplit(results, trials, suite, split) {
  const counted = { cases: Object.keys(results.e2e?.cases ?? {}).length, queries: Object.values(results.retrieval?.providers ?? {})[0]?.queries.length ?? 0 };
  if (split === "all") return { results, trials, ...counted };
  return resultsForUnits(results, trials, suite, { query: (query) => (query.split ?? "dev") === split, case: (spec) => (spec.split ?? "dev") === split });
}
function baselineForSelection(baseline, suite, selection) {
  if (!selection || !selection.cases && !selection.queries) return baseline;
  const cases = selection.cases && new Set(selection.cases);
  const queries = selection.queries && new Set(selection.queries);
  return resultsForUnits(baseline.results, baseline.trials, suite, { query: (query) => !queries || queries.has(query.id), case: (spec) => !cases || cases.has(spec.name) });
}
function resultsForUnits(results, trials, suite, keep) {
  const narrowed = { ...results, layers: { ...results.layers } };
  let cases = 0;
  let queries = 0;
  if (results.retrieval && suite.retrieval) {
    const ids = new Set(suite.retrieval.queries.filter(keep.query).map((query) => query.id));
    const cutoffs = results.retrieval.k;
    const providers = Object.fromEntries(
      Object.entries(results.retrieval.providers).map(([name, provider]) => {
        const kept = provider.queries.filter((query) => ids.has(query.id));
        queries = Math.max(queries, kept.length);
        const summaries = provider.status === "ok" ? querySummaries(name, kept, cutoffs, results.retrieval.group_metrics, intervalUnitOf(results)) : {};
        return [name, { ...provider, staleness: void 0, ...summaries, queries: kept, ...provider.isolation ? { isolation: isolationOf(provider.isolation, ids) } : {} }];
      })
    );
    const withoutRelevant = suite.retrieval.queries.filter((query) => ids.has(query.id) && !hasRelevant(query)).length;
    const withObsolete = suite.retrieval.queries.filter((query) => ids.has(query.id) && namesObsolete(query)).length;
    narrowed.retrieval = { ...results.retrieval, query_count: queries, queries_without_relevant: withoutRelevant, queries_with_obsolete: withObsolete, providers };
    if (queries === 0) narrowNothing(narrowed, "retrieval");
  }
  if (results.e2e && suite.e2e) {
    const ran = results.e2e.cases;
    const specs = suite.e2e.cases.filter((spec) => keep.case(spec) && Object.hasOwn(ran, spec.name));
    cases = specs.length;
    if (cases > 0 && trials?.length) {
      const { target, judge_calibration: calibration } = results.e2e;
      narrowed.e2e = { target, ...calibration ? { judge_calibration: calibration } : {}, ...aggregateE2e([...trials], specs, results.e2e.conditions, results.e2e.repeat) };
    } else {
      narrowNothing(narrowed, "e2e");
    }
  }
  const names = new Set(Object.keys(narrowed.e2e?.cases ?? {}));
  return { results: narrowed, trials: trials?.filter((trial) => names.has(trial.case)), cases, queries };
}
function isolationOf(check, ids) {
  const crossUser = check.cross_user.filter((hit) => ids.has(hit.query));
  const unknown = check.unknown.filter((hit) => ids.has(hit.query));
  return { cross_user_hits: crossUser.length, unknown_ids: unknown.length, cross_user: crossUser, unknown };
}
function narrowNothing(results, layer) {
  delete results[layer];
  results.layers[layer] = "skipped";
}
function evaluateGateOnSplit(spec, suite, current, baseline, options = {}) {
  const split = spec.split ?? "all";
  const now = resultsForSplit(current.results, current.trials, suite, split);
  const before = baseline ? baselineForSelection(resultsForSplit(baseline.results, baseline.trials, suite, split), suite, current.results.selection) : void 0;
  const verdict = evaluateGate(spec, now.results, before?.results, {
    ...options,
    // No trials is not an empty log: a run without trials.jsonl has no per-call figures to give.
    ...now.trials?.length ? { trials: now.trials } : {},
    ...before?.trials?.length ? { baselineTrials: before.trials } : {}
  });
  return split === "all" ? verdict : { ...verdict, split: { name: split, cases: now.cases, queries: now.queries } };
}

export {
  runRetrieval,
  resultsForSplit,
  evaluateGateOnSplit
};
