import {
  aggregateGraders,
  capStoredText,
  capText,
  caseDiffSamples,
  caseRateSamples,
  failureHarm,
  harmSummary,
  probeActions,
  stageOfRecord,
  stageSummary,
  summarizeFaults,
  trialKey
} from "./chunk-FB442OMY.js";
import {
  costSummary,
  groupBy,
  keyedIntervals,
  mean,
  round,
  summarizeLatency,
  totalCost
} from "./chunk-IDDU4GRI.js";
import {
  counted
} from "./chunk-EMJKK5FL.js";

// src/e2e/intervals.ts
function e2eGroupIntervals(prefix, cases, conditions) {
  const entries = [];
  for (const condition of conditions) {
    for (const rate of ["pass_rate", "pass^k"]) entries.push([`${condition}.${rate}`, `${prefix}.${condition}.${rate}`, caseRateSamples(cases, condition, rate)]);
  }
  if (conditions.includes("recall") && conditions.includes("none")) entries.push(["lift", `${prefix}.lift`, caseDiffSamples(cases, "recall", "none")]);
  if (conditions.includes("recall") && conditions.includes("oracle")) entries.push(["gap", `${prefix}.gap`, caseDiffSamples(cases, "oracle", "recall")]);
  return keyedIntervals(entries);
}
function e2eIntervals(cases, abilities, conditions) {
  const named = Object.entries(cases);
  for (const [ability, result] of Object.entries(abilities)) {
    result.intervals = e2eGroupIntervals(
      `e2e.ability.${ability}`,
      named.filter(([, one]) => one.ability === ability),
      conditions
    );
  }
  return e2eGroupIntervals("e2e", named, conditions);
}

// src/e2e/failureActions.ts
var REPORT_TOOL_CALLS = 20;
var REPORT_ARTIFACTS = 5;
var REPORT_ARTIFACT_BYTES = 2e3;
var REPORT_TEXT_BYTES = 500;
function failureActions(invocations) {
  const { tool_calls: calls, artifacts } = probeActions(invocations);
  return {
    ...calls.length > 0 ? { tool_calls: calls.slice(0, REPORT_TOOL_CALLS).map(reportedCall) } : {},
    ...calls.length > REPORT_TOOL_CALLS ? { tool_calls_left_out: calls.length - REPORT_TOOL_CALLS } : {},
    ...artifacts.length > 0 ? { artifacts: artifacts.slice(0, REPORT_ARTIFACTS).map(reportedArtifact) } : {},
    ...artifacts.length > REPORT_ARTIFACTS ? { artifacts_left_out: artifacts.length - REPORT_ARTIFACTS } : {}
  };
}
var REPORT_ARGUMENTS_BYTES = 4e3;
function reportedCall(call) {
  const reported = capStoredText(
    { name: call.name, arguments: call.arguments, ...call.raw !== void 0 ? { raw: call.raw } : {}, ...call.error !== void 0 ? { error: call.error } : {} },
    REPORT_TEXT_BYTES
  );
  const json = JSON.stringify(reported.arguments ?? {});
  if (Buffer.byteLength(json, "utf8") <= REPORT_ARGUMENTS_BYTES) return reported;
  return { ...reported, arguments: {}, raw: capText(json, REPORT_ARGUMENTS_BYTES) };
}
function reportedArtifact(artifact) {
  const path = capText(artifact.path, REPORT_TEXT_BYTES);
  const content = capText(artifact.content, REPORT_ARTIFACT_BYTES);
  if (content === artifact.content) return { ...artifact, path };
  return { path, content, truncated: true, bytes: artifact.bytes ?? Buffer.byteLength(artifact.content, "utf8") };
}

// src/e2e/aggregate.ts
var MISSING_TRIAL = "no record of this planned trial in trials.jsonl (the run was cut short or the record was lost; run again with --resume)";
function rates(trials) {
  const passed = trials.filter((trial) => trial.status === "pass").length;
  const errors = trials.filter((trial) => trial.status === "error").length;
  return { trials: trials.length, passed, failed: trials.length - passed - errors, errors, pass_rate: trials.length ? round(passed / trials.length, 6) : 0 };
}
function groupRates(byCase) {
  const all = [...byCase.values()].flat();
  const groups = [...byCase.values()];
  const every = groups.filter((trials) => trials.length > 0 && trials.every((trial) => trial.status === "pass")).length;
  const some = groups.filter((trials) => trials.some((trial) => trial.status === "pass")).length;
  return {
    ...rates(all),
    cases: groups.length,
    "pass^k": groups.length ? round(every / groups.length, 6) : 0,
    "pass@k": groups.length ? round(some / groups.length, 6) : 0
  };
}
function aggregateE2e(records, cases, conditions, repeat, missingReason = MISSING_TRIAL, options = {}) {
  const headline = conditions.includes("recall") ? "recall" : conditions[0];
  const byKey = new Map(records.map((trial) => [trial.key, trial]));
  const specs = new Map(cases.map((spec) => [spec.name, spec]));
  const trials = [];
  const outcomes = [];
  const planned = [];
  for (const spec of cases) {
    for (const condition of conditions) {
      for (let index = 1; index <= repeat; index++) {
        const key = trialKey(spec.name, condition, index);
        const trial = byKey.get(key);
        if (trial) trials.push(trial);
        planned.push({ case: spec.name, ability: spec.ability, condition, ...trial ? { record: trial } : {} });
        outcomes.push(trial ? { ...trial, ability: spec.ability } : { key, case: spec.name, ability: spec.ability, condition, status: "error", reason: missingReason });
      }
    }
  }
  const graders = aggregateGraders(records, cases, conditions, repeat);
  const byCondition = {};
  for (const condition of conditions) {
    byCondition[condition] = groupRates(groupBy(outcomes.filter((trial) => trial.condition === condition), (trial) => trial.case));
  }
  const caseResults = {};
  const outcomesByCase = groupBy(outcomes, (trial) => trial.case);
  for (const spec of cases) {
    const mine = outcomesByCase.get(spec.name) ?? [];
    const result = { ability: spec.ability, conditions: {}, leak: false, needs_memory: spec.needs_memory, ...spec.planted_from ? { planted_from: spec.planted_from } : {}, ...spec.history !== void 0 ? { history: spec.history } : {} };
    for (const condition of conditions) {
      const these = mine.filter((trial) => trial.condition === condition);
      const base = rates(these);
      result.conditions[condition] = {
        ...base,
        "pass^k": these.length > 0 && base.passed === these.length,
        "pass@k": base.passed > 0
      };
    }
    result.leak = spec.needs_memory && (result.conditions.none?.passed ?? 0) > 0;
    caseResults[spec.name] = result;
  }
  const abilities = Object.fromEntries(
    [...new Set(cases.map((spec) => spec.ability))].sort().map((ability) => {
      const mine = outcomes.filter((trial) => trial.ability === ability);
      const result = { conditions: {} };
      for (const condition of conditions) {
        result.conditions[condition] = groupRates(groupBy(mine.filter((trial) => trial.condition === condition), (trial) => trial.case));
      }
      const recall = result.conditions.recall?.pass_rate;
      if (recall !== void 0 && result.conditions.none) result.lift_over_none = round(recall - result.conditions.none.pass_rate, 6);
      if (recall !== void 0 && result.conditions.oracle) result.gap_oracle_over_recall = round(result.conditions.oracle.pass_rate - recall, 6);
      if (graders && Object.hasOwn(graders.abilities, ability)) result.graders = graders.abilities[ability];
      return [ability, result];
    })
  );
  const invocations = trials.flatMap((trial) => trial.invocations);
  const tokens = { input: 0, output: 0, judge_input: 0, judge_output: 0 };
  for (const trial of trials) {
    tokens.input += trial.tokens.input;
    tokens.output += trial.tokens.output;
    tokens.judge_input += trial.tokens.judge_input;
    tokens.judge_output += trial.tokens.judge_output;
  }
  const defined = (values) => values.filter((value) => value !== void 0);
  const searched = trials.filter((trial) => trial.condition === headline);
  const coverage = defined(searched.map((trial) => trial.evidence_coverage));
  const precision = defined(searched.map((trial) => trial.recall_precision));
  const harmful = searched.filter((trial) => trial.harmful_recall !== void 0);
  const stages = stageSummary(planned, cases, conditions);
  return {
    repeat,
    conditions,
    headline_condition: headline,
    metrics: byCondition[headline],
    by_condition: byCondition,
    ...summarizeFaults({ trials, cases, conditions, byCondition, abilities }),
    // intervals: false (calibrate's thousands of redraws, which the gate reads per case) leaves the bootstrap out.
    intervals: options.intervals === false ? {} : e2eIntervals(caseResults, abilities, conditions),
    abilities,
    cases: caseResults,
    leaks: Object.entries(caseResults).filter(([, result]) => result.leak).map(([name]) => name),
    latency_ms: {
      call: summarizeLatency(invocations.map((invocation) => invocation.latency_ms)),
      // Only the recall condition's searches are what recall adds (none and oracle do not search; faults are reported apart).
      recall: summarizeLatency(defined(trials.filter((trial) => trial.condition === "recall").flatMap((trial) => trial.invocations.map((invocation) => invocation.recall_ms))))
    },
    tokens,
    cost_usd: totalCost(trials),
    cost: costSummary(trials, conditions),
    harm: harmSummary(trials, cases, conditions, headline),
    recall_quality: {
      ...coverage.length ? { evidence_coverage: round(mean(coverage), 6) } : {},
      ...precision.length ? { recall_precision: round(mean(precision), 6) } : {},
      ...harmful.length ? { harmful_recall_rate: round(harmful.filter((trial) => trial.harmful_recall).length / harmful.length, 6) } : {},
      // The trials each figure is over (those where it is defined), so the report can say so beside it.
      // (harmful recall's count and trials are the harm summary's, under the headline condition.)
      ...coverage.length + precision.length > 0 ? { trials: { evidence_coverage: coverage.length, recall_precision: precision.length } } : {}
    },
    errors: outcomes.filter((trial) => trial.status === "error").map((trial) => ({ key: trial.key, reason: trial.reason })),
    missing: outcomes.length - trials.length,
    failures: trials.filter((trial) => trial.status === "fail" && trial.condition === headline).map((trial) => ({ key: trial.key, case: trial.case, ability: trial.ability, question: trial.question, answer: trial.answer ?? "", reason: trial.reason, ...failureHarm(trial), ...stageOfRecord(specs.get(trial.case), trial), ...failureActions(trial.invocations) })),
    ...graders ? { graders: graders.overall } : {},
    ...stages ? { stages } : {}
  };
}
function e2eIncompleteReason(e2e) {
  const errored = e2e.errors.length - e2e.missing;
  const parts = [
    ...errored > 0 ? [`${counted(errored, "trial", "trials")} ended in an error (each in trials.jsonl, and listed in results.json under e2e.errors)`] : [],
    ...e2e.missing > 0 ? [`${counted(e2e.missing, "planned trial has", "planned trials have")} no record in trials.jsonl (listed in results.json under e2e.errors)`] : []
  ];
  return parts.length > 0 ? `e2e: ${parts.join(" and ")}` : void 0;
}

export {
  failureActions,
  aggregateE2e,
  e2eIncompleteReason
};
