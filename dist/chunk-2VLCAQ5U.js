import {
  RESULTS_FILE,
  queryRowsFile
} from "./chunk-5W2B7B4B.js";
import {
  RecallGateError
} from "./chunk-EMJKK5FL.js";

// src/results/baselineChecks.ts
const { join } = globalThis.process.getBuiltinModule("node:path");
var RATE_FIELDS = ["trials", "passed", "failed", "errors", "pass_rate", "cases", "pass^k", "pass@k", "scored", "skipped", "mean_score"];
var MAX_NAMED = 10;
function shown(value) {
  if (typeof value === "number") return String(value);
  if (value === void 0) return "undefined";
  return (JSON.stringify(value) ?? String(value)).slice(0, 40);
}
var isRecord = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
var isFinite = (value) => typeof value === "number" && Number.isFinite(value);
function nonFiniteFigures(results) {
  const places = [];
  const inResults = (where, value) => {
    if (!isFinite(value)) places.push({ file: RESULTS_FILE, where, value });
  };
  const everyValue = (where, figures, file = RESULTS_FILE) => {
    if (figures === void 0) return;
    if (!isRecord(figures)) return places.push({ file, where, value: figures });
    for (const [name, value] of Object.entries(figures)) if (!isFinite(value)) places.push({ file, where: `${where}.${name}`, value });
  };
  const rates = (where, group) => {
    if (group === void 0) return;
    if (!isRecord(group)) return places.push({ file: RESULTS_FILE, where, value: group });
    for (const field of RATE_FIELDS) if (field in group) inResults(`${where}.${field}`, group[field]);
  };
  const byKey = (where, groups, each) => {
    if (groups === void 0) return;
    if (!isRecord(groups)) return places.push({ file: RESULTS_FILE, where, value: groups });
    for (const [name, value] of Object.entries(groups)) each(`${where}.${name}`, value);
  };
  for (const [name, provider] of Object.entries(results.retrieval?.providers ?? {})) {
    if (provider.status !== "ok") continue;
    const where = `retrieval.providers.${name}`;
    everyValue(`${where}.metrics`, provider.metrics);
    byKey(`${where}.by_tag`, provider.by_tag, (tag, value) => everyValue(`${tag}.metrics`, isRecord(value) ? value.metrics : value));
    for (const query of provider.queries ?? []) everyValue(`query ${String(query?.id).slice(0, 80)}: metrics`, query?.metrics, queryRowsFile(name));
  }
  const e2e = results.e2e;
  if (e2e) {
    rates("e2e.metrics", e2e.metrics);
    byKey("e2e.by_condition", e2e.by_condition, rates);
    const graders = (where, value) => byKey(where, value, (grader, summary) => byKey(`${grader}.conditions`, isRecord(summary) ? summary.conditions : summary, rates));
    graders("e2e.graders", e2e.graders);
    byKey("e2e.abilities", e2e.abilities, (ability, result) => {
      if (!isRecord(result)) return places.push({ file: RESULTS_FILE, where: ability, value: result });
      byKey(`${ability}.conditions`, result.conditions, rates);
      for (const field of ["lift_over_none", "gap_oracle_over_recall"]) if (result[field] !== void 0) inResults(`${ability}.${field}`, result[field]);
      graders(`${ability}.graders`, result.graders);
    });
  }
  return places;
}
function checkFiniteFigures(dir, results, role) {
  const places = nonFiniteFigures(results);
  if (places.length === 0) return;
  const named = places.slice(0, MAX_NAMED).map((place) => `${join(dir, place.file)}: ${place.where} is ${shown(place.value)}`);
  const more = places.length > MAX_NAMED ? `; and ${places.length - MAX_NAMED} more` : "";
  throw new RecallGateError("invalid-input", `${role} ${dir} holds figures that are not finite numbers, so nothing was compared with it: ${named.join("; ")}${more}`, {
    hint: "the folder is damaged or was edited: give the results folder of an untouched run"
  });
}
function suiteMismatch(baseline, currentSuite) {
  const name = baseline.suite?.name;
  return name === currentSuite ? void 0 : { baseline: String(name), current: currentSuite };
}
function checkBaselineSuite(dir, baseline, currentSuite, allow) {
  const mismatch = suiteMismatch(baseline, currentSuite);
  if (!mismatch || allow.given) return mismatch;
  throw new RecallGateError("invalid-input", `the baseline ${dir} is a run of suite ${JSON.stringify(mismatch.baseline)}, not of ${JSON.stringify(mismatch.current)}`, {
    hint: `give a results folder of ${JSON.stringify(mismatch.current)}${allow.flag ? `, or add ${allow.flag} to compare the two suites anyway` : ""}`
  });
}

export {
  checkFiniteFigures,
  checkBaselineSuite
};
