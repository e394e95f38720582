import {
  readRun
} from "./chunk-5W2B7B4B.js";
import {
  listValue
} from "./chunk-7KN5MXIB.js";
import {
  missedQueries
} from "./chunk-6YEWKYUG.js";
import {
  picomatchLibrary
} from "./chunk-7J7WLCBV.js";
import {
  seededRandom
} from "./chunk-IDDU4GRI.js";
import {
  RecallGateError,
  counted,
  didYouMean
} from "./chunk-EMJKK5FL.js";

// src/suite/select.ts
var DEFAULT_SAMPLE_SEED = 1;
function selectedLayers(request) {
  const e2e = request.cases.length > 0 || request.abilities.length > 0 || request.sample !== void 0 || (request.rerunFailed?.cases.length ?? 0) > 0;
  const retrieval = request.queries.length > 0 || (request.rerunFailed?.queries.length ?? 0) > 0;
  return e2e || retrieval ? { e2e, retrieval } : void 0;
}
function isNarrowing(request) {
  return selectedLayers(request) !== void 0 || request.repeat !== void 0;
}
function selectUnits(suite, request) {
  if (!isNarrowing(request)) return { suite };
  const allCases = suite.e2e?.cases ?? [];
  const allQueries = suite.retrieval?.queries ?? [];
  const by = [];
  let cases;
  let queries;
  if (request.cases.length > 0) {
    cases = matching("--case", "case", request.cases, allCases, (spec) => spec.name);
    by.push("--case");
  }
  if (request.abilities.length > 0) {
    const abilities = new Set(allCases.map((spec) => spec.ability));
    for (const ability of request.abilities) {
      if (!abilities.has(ability)) throw unmatched("--ability", "ability", ability, abilities);
    }
    cases = (cases ?? allCases).filter((spec) => request.abilities.includes(spec.ability));
    by.push("--ability");
  }
  if (request.queries.length > 0) {
    queries = matching("--query", "query", request.queries, allQueries, (query) => query.id);
    by.push("--query");
  }
  if (request.rerunFailed) {
    const failedCases = new Set(request.rerunFailed.cases);
    const failedQueries = new Set(request.rerunFailed.queries);
    cases = (cases ?? allCases).filter((spec) => failedCases.has(spec.name));
    queries = (queries ?? allQueries).filter((query) => failedQueries.has(query.id));
    by.push("--rerun-failed");
  }
  if (cases !== void 0 && cases.length === 0 && !request.rerunFailed) {
    throw new RecallGateError("invalid-input", `${by.filter((flag) => flag !== "--query").join(" and ")} together select no case of ${suite.displayPath}`, { hint: "each flag narrows the others: drop one, or give names that go together" });
  }
  let sample;
  if (request.sample) {
    const pool = cases ?? allCases;
    if (request.sample.n > pool.length) {
      throw new RecallGateError("invalid-input", `--sample ${request.sample.n} is more than the ${counted(pool.length, "case", "cases")} to sample from`, { hint: `give at most ${pool.length}, or drop --sample to run them all` });
    }
    cases = stratifiedSample(pool, request.sample.n, request.sample.seed);
    sample = { n: cases.length, of: pool.length, seed: request.sample.seed };
    by.push("--sample");
  }
  const repeat = request.repeat !== void 0 && request.repeat !== suite.e2e?.repeat ? request.repeat : void 0;
  if (repeat !== void 0) by.push("--repeat");
  const narrowed = {
    ...suite,
    retrieval: suite.retrieval && queries !== void 0 ? queries.length > 0 ? { ...suite.retrieval, queries } : void 0 : suite.retrieval,
    e2e: suite.e2e && (cases === void 0 || cases.length > 0) ? { ...suite.e2e, ...cases ? { cases } : {}, ...repeat !== void 0 ? { repeat } : {} } : void 0
  };
  const selection = by.length === 0 ? void 0 : {
    by,
    ...cases !== void 0 ? { cases: cases.map((spec) => spec.name) } : {},
    ...queries !== void 0 ? { queries: queries.map((query) => query.id) } : {},
    of: { cases: allCases.length, queries: allQueries.length },
    ...repeat !== void 0 ? { repeat } : {},
    ...request.rerunFailed ? { rerun_failed_from: request.rerunFailed.from } : {}
  };
  return { suite: narrowed, ...selection ? { selection } : {}, ...sample ? { sample } : {} };
}
function matching(flag, noun, patterns, units, nameOf) {
  const names = units.map(nameOf);
  const kept = /* @__PURE__ */ new Set();
  for (const pattern of patterns) {
    const picomatch = picomatchLibrary();
    const isMatch = picomatch.scan(pattern).isGlob ? picomatch(pattern, { dot: true }) : (name) => name === pattern;
    const hits = names.flatMap((name, index) => isMatch(name) ? [index] : []);
    if (hits.length === 0) throw unmatched(flag, noun, pattern, names);
    for (const index of hits) kept.add(index);
  }
  return units.filter((_, index) => kept.has(index));
}
function unmatched(flag, noun, given, names) {
  const list = [...names];
  const hint = didYouMean(given, list) ?? (list.length === 0 ? `the suite has no ${noun}` : `the suite's ${noun === "query" ? "query ids" : `${noun} names`} are listed by recall-gate validate; a glob such as "${list[0].slice(0, 3)}*" matches several`);
  return new RecallGateError("invalid-input", `${flag} "${given}" matches no ${noun} of the suite`, { hint });
}
function stratifiedSample(cases, n, seed) {
  const random = seededRandom(seed);
  const strata = /* @__PURE__ */ new Map();
  cases.forEach((spec, index) => {
    const key = `${spec.ability}\0${spec.split ?? "dev"}`;
    strata.set(key, [...strata.get(key) ?? [], index]);
  });
  const groups = [...strata.values()].map((members) => shuffle(members, random));
  const shares = groups.map((members) => n * members.length / cases.length);
  const counts = shares.map(Math.floor);
  let left = n - counts.reduce((sum, count) => sum + count, 0);
  const byRemainder = shares.map((share, index) => ({ index, remainder: share - Math.floor(share), tie: random() })).sort((a, b) => b.remainder - a.remainder || a.tie - b.tie);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    if (counts[index] < groups[index].length) {
      counts[index] += 1;
      left -= 1;
    }
  }
  const chosen = new Set(groups.flatMap((members, index) => members.slice(0, counts[index])));
  return cases.filter((_, index) => chosen.has(index));
}
function shuffle(items, random) {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

// src/results/failed.ts
function failedUnits(results, trials) {
  const headline = results.e2e?.headline_condition;
  const cases = new Set(trials.filter((trial) => trial.status === "error" || trial.status === "fail" && trial.condition === headline).map((trial) => trial.case));
  const queries = /* @__PURE__ */ new Set();
  const retrieval = results.retrieval;
  let allQueries = results.layers.retrieval === "ran" && !retrieval;
  if (retrieval) {
    const k = Math.max(...retrieval.k);
    for (const provider of Object.values(retrieval.providers)) {
      if (provider.status === "error") allQueries = true;
      else for (const query of missedQueries(provider, k)) queries.add(query.id);
    }
  }
  const allCases = results.layers.e2e === "ran" && !results.e2e;
  return { cases: [...cases], queries: [...queries], all: { cases: allCases, queries: allQueries }, ...results.variant !== void 0 ? { variant: results.variant } : {} };
}

// src/cli/selection.ts
var SELECTION_OPTIONS = {
  case: { type: "string", multiple: true },
  ability: { type: "string", multiple: true },
  query: { type: "string", multiple: true },
  repeat: { type: "string" },
  sample: { type: "string" },
  seed: { type: "string" },
  "rerun-failed": { type: "string" }
};
var SELECTION_USAGE = "[--case NAME|GLOB]... [--ability A]... [--query ID|GLOB]... [--repeat N] [--sample N [--seed S]] [--rerun-failed DIR]";
function parseSelectionFlags(values) {
  const repeat = wholeNumber(values, "repeat", 1);
  const n = wholeNumber(values, "sample", 1);
  const seed = wholeNumber(values, "seed", 0);
  if (seed !== void 0 && n === void 0) throw new RecallGateError("invalid-input", "--seed goes with --sample N", { hint: "it chooses which cases the sample draws" });
  const rerunFailed = values["rerun-failed"];
  return {
    cases: listValue(values, "case"),
    abilities: listValue(values, "ability"),
    queries: listValue(values, "query"),
    ...repeat !== void 0 ? { repeat } : {},
    ...n !== void 0 ? { sample: { n, seed: seed ?? DEFAULT_SAMPLE_SEED } } : {},
    ...typeof rerunFailed === "string" ? { rerunFailed } : {}
  };
}
function wholeNumber(values, name, least) {
  const text = values[name];
  if (text === void 0) return void 0;
  const value = Number(text);
  if (typeof text !== "string" || !/^\s*\d+\s*$/.test(text) || !Number.isSafeInteger(value) || value < least) {
    throw new RecallGateError("invalid-input", `--${name} must be a whole number of at least ${least}, got "${String(text)}"`);
  }
  return value;
}
function readFailures(dir, cwd) {
  const { results, trials } = readRun(dir, cwd);
  return failedUnits(results, trials);
}
function nothingFailed(failures) {
  return failures.cases.length === 0 && failures.queries.length === 0 && !failures.all.cases && !failures.all.queries;
}
function selectionRequest(flags, suite, failures) {
  return {
    cases: flags.cases,
    abilities: flags.abilities,
    queries: flags.queries,
    ...flags.repeat !== void 0 ? { repeat: flags.repeat } : {},
    ...flags.sample ? { sample: flags.sample } : {},
    ...failures && flags.rerunFailed !== void 0 ? {
      rerunFailed: {
        from: flags.rerunFailed,
        cases: failures.all.cases ? (suite.e2e?.cases ?? []).map((spec) => spec.name) : failures.cases,
        queries: failures.all.queries ? (suite.retrieval?.queries ?? []).map((query) => query.id) : failures.queries
      }
    } : {}
  };
}

export {
  selectedLayers,
  selectUnits,
  SELECTION_OPTIONS,
  SELECTION_USAGE,
  parseSelectionFlags,
  wholeNumber,
  readFailures,
  nothingFailed,
  selectionRequest
};
