import {
  compareResults,
  withSignificance
} from "./chunk-F3MQ72N3.js";
import {
  unfinishedRunNote
} from "./chunk-KVIOKXHW.js";
import {
  parseShard,
  shardSuite
} from "./chunk-65SWZLGK.js";
import {
  runExitCode,
  runReportText
} from "./chunk-KFO4DDIN.js";
import {
  exportRun,
  pgTimeout,
  postgresUrl
} from "./chunk-DLC6I56I.js";
import {
  RUN_WARNINGS_SHOWN,
  printSuiteWarnings
} from "./chunk-XGD6GPOJ.js";
import {
  trendFromReading
} from "./chunk-63GVPWIY.js";
import {
  SELECTION_OPTIONS,
  SELECTION_USAGE,
  nothingFailed,
  parseSelectionFlags,
  readFailures,
  selectUnits,
  selectedLayers,
  selectionRequest
} from "./chunk-7BS2GBRO.js";
import {
  checkBaselineSuite,
  checkFiniteFigures
} from "./chunk-2VLCAQ5U.js";
import {
  LAYERS,
  defaultCacheDir,
  layersToRun,
  runSuite,
  stopCounting
} from "./chunk-BSPJRT4T.js";
import "./chunk-K74Z2SOT.js";
import {
  evaluateGateOnSplit
} from "./chunk-SHAWTSNU.js";
import "./chunk-S3MMN5FA.js";
import "./chunk-NCBIAXOJ.js";
import "./chunk-PO5OI7KK.js";
import {
  readHistoryFile
} from "./chunk-AP4OGXTQ.js";
import "./chunk-WLRKQV7K.js";
import {
  HTML_REPORT_FILE,
  JUNIT_FILE,
  readRun,
  withoutQueryRows,
  writeAtomic,
  writeReportCopy,
  writeReports,
  writtenFiles
} from "./chunk-5W2B7B4B.js";
import "./chunk-EIY3OQNG.js";
import {
  phaseProgress,
  progressReporter
} from "./chunk-K7V3WPXV.js";
import {
  SIDE_BY_SIDE_FILE,
  SPLIT_CHOICES,
  applyVariant,
  loadSuite,
  parseBudgetUsd,
  parseVariantList
} from "./chunk-R5GTYCVU.js";
import {
  outputTarget
} from "./chunk-VNPJWP4Q.js";
import "./chunk-UFOI2WKZ.js";
import {
  parseCommandArgs
} from "./chunk-7KN5MXIB.js";
import "./chunk-PUL2VOMR.js";
import {
  baselineMismatchText,
  caseChanges,
  formatInterval,
  formatNumber,
  pValue,
  pairedChanges,
  sharedOnlyText,
  verdictLine,
  wilcoxonText
} from "./chunk-TPOFKJY2.js";
import "./chunk-V53RKN5T.js";
import {
  markdownTable,
  oneLine,
  textTable
} from "./chunk-NAOT7ORW.js";
import {
  CHECK_KINDS,
  caseRateSamples,
  kindsOf,
  selectSplit
} from "./chunk-FB442OMY.js";
import {
  headlineMetrics,
  stalenessNames
} from "./chunk-6YEWKYUG.js";
import {
  onFirstUse
} from "./chunk-7J7WLCBV.js";
import {
  BEYOND_NOISE_LEGEND,
  DEFAULT_SEED,
  INTERVAL_DEFINITION,
  beyondNoise,
  mixSeed,
  pairedBootstrapChange,
  round
} from "./chunk-IDDU4GRI.js";
import "./chunk-GAJOKOFC.js";
import {
  cell
} from "./chunk-VVMQOGTA.js";
import {
  RecallGateError,
  registerSuiteSecrets,
  scrubSecretsIn
} from "./chunk-EMJKK5FL.js";
import "./chunk-RM5I36S2.js";
import {
  atInterrupt
} from "./chunk-7G673M5I.js";
import "./chunk-DMMU4MAP.js";

// src/cli/run.ts
const { join, resolve } = globalThis.process.getBuiltinModule("node:path");

// src/report/variants.ts
function checkKindOf(check) {
  const leaves = /* @__PURE__ */ new Set();
  const walk = (node) => {
    for (const kind of kindsOf(node)) {
      const children = CHECK_KINDS[kind].children?.(node);
      if (children) children.forEach((child) => walk(child.check));
      else leaves.add(kind);
    }
  };
  walk(check);
  return [...leaves].sort().join("+");
}
function compareVariants(runs, graders = {}) {
  const [reference, ...others] = runs;
  return {
    reference: reference.name,
    variants: runs.map((run) => run.name),
    against: others.map((run) => ({
      name: run.name,
      metrics: [...compareResults(reference.results, run.results, { baseline: reference.trials, current: run.trials }), ...graderRows(reference.results, run.results, graders)],
      paired: pairedChanges(reference.results, run.results),
      ...graderFlips(reference.results, run.results, graders)
    }))
  };
}
function graderFlips(baseline, current, graders) {
  const flips = baseline.e2e && current.e2e && Object.keys(graders).length > 0 ? caseChanges(byGrader(baseline.e2e, graders), byGrader(current.e2e, graders)) : void 0;
  return flips ? { graders: flips } : {};
}
function graderRows(baseline, current, graders) {
  const condition = current.e2e?.headline_condition;
  if (!current.e2e || !baseline.e2e || condition === void 0 || baseline.e2e.headline_condition !== condition) return [];
  const rows = [];
  for (const grader of [...new Set(Object.values(graders))].sort()) {
    const samplesOf = (results) => {
      const cases = Object.entries(results.e2e.cases).filter(([name, result]) => graders[name] === grader && result.conditions[condition]);
      return cases.length > 0 ? caseRateSamples(cases, condition, "pass_rate") : void 0;
    };
    const [before, after] = [samplesOf(baseline), samplesOf(current)];
    if (!before || !after) continue;
    const metric = `e2e.check.${grader}.pass_rate`;
    const [prior, now] = [before.statistic(before.units), after.statistic(after.units)];
    const change = pairedBootstrapChange(after, before, { seed: mixSeed(DEFAULT_SEED, metric) });
    rows.push({ metric, baseline: prior, current: now, delta: round(now - prior, 12), ...change ? { change } : {} });
  }
  return rows;
}
function byGrader(e2e, graders) {
  return { ...e2e, cases: Object.fromEntries(Object.entries(e2e.cases).flatMap(([name, result]) => graders[name] ? [[name, { ...result, ability: graders[name] }]] : [])) };
}
var significant = (row) => Boolean(row.change && beyondNoise(row.change));
function changeCell(row) {
  if (!row) return "-";
  const interval = row.change ? ` ${formatInterval({ interval: row.change.interval, significant: significant(row), pairing: { ...row.change, ...row.unit ? { unit: row.unit } : {} } })}` : "";
  return `${formatNumber(row.delta, true)}${interval}${sharedOnlyText(row.change, row.unit)}`;
}
function mcnemarCell(result) {
  return result ? `b=${result.b} c=${result.c}${result.groups ? ` of ${result.groups.units} case groups` : ""} p=${pValue(result.p)}` : "-";
}
function metricTable(comparison, title, rows) {
  const others = comparison.against;
  const header = [
    title.startsWith("e2e") ? "ability / rate" : "provider / metric",
    ...comparison.variants,
    ...others.flatMap((other) => [`${other.name} - ${comparison.reference} [95% CI]`, ...rows.some((row) => row.mcnemar) ? [`McNemar ${other.name}`] : []])
  ];
  const body = [];
  for (const row of rows) {
    const found = others.map((other) => other.metrics.find((metric) => metric.metric === row.metric));
    const first = found.find((metric) => metric !== void 0);
    if (!first) continue;
    body.push([
      row.label,
      formatNumber(first.baseline),
      ...found.map((metric) => formatNumber(metric?.current)),
      ...others.flatMap((other, index) => [changeCell(found[index]), ...rows.some((candidate) => candidate.mcnemar) ? [mcnemarCell(row.mcnemar?.(other.paired, other))] : []])
    ]);
  }
  return body.length > 0 ? { title, header, rows: body, notes: [] } : void 0;
}
function tables(comparison, runs) {
  const out = [];
  const reference = runs[0].results;
  const e2e = reference.e2e;
  const condition = comparison.against[0]?.paired.cases?.condition;
  if (e2e && condition) {
    const rows = [
      ...Object.keys(e2e.abilities).sort().map((ability) => ({ label: `${ability} pass_rate`, metric: `e2e.ability.${ability}.pass_rate`, mcnemar: (paired) => paired.cases?.abilities[ability]?.mcnemar })),
      { label: "all pass_rate", metric: "e2e.pass_rate", mcnemar: (paired) => paired.cases?.overall.mcnemar },
      { label: "all pass^k", metric: "e2e.pass^k" }
    ];
    const table = metricTable(comparison, `e2e, condition ${condition}, per ability`, rows);
    if (table) {
      table.notes.push("McNemar: exact test on cases (a case passes when more than half of its repeats passed); b pass->fail, c fail->pass against the reference");
      out.push(table);
    }
    const graders = [...new Set(comparison.against.flatMap((other) => other.metrics.map((row) => /^e2e\.check\.(.+)\.pass_rate$/.exec(row.metric)?.[1]).filter((name) => name !== void 0)))];
    const byCheck = metricTable(
      comparison,
      `e2e, condition ${condition}, per check kind (what grades a case's answer)`,
      graders.map((grader) => ({ label: `${grader} pass_rate`, metric: `e2e.check.${grader}.pass_rate`, mcnemar: (_paired, other) => other?.graders?.abilities[grader]?.mcnemar }))
    );
    if (byCheck) out.push(byCheck);
  }
  const retrieval = reference.retrieval;
  if (retrieval) {
    const metrics = [...headlineMetrics(retrieval.k), ...retrieval.queries_with_obsolete ? stalenessNames(retrieval.k) : []];
    const rows = Object.keys(retrieval.providers).flatMap((provider) => metrics.map((metric) => ({ label: `${provider} ${metric}`, metric: `retrieval.${provider}.${metric}` })));
    const table = metricTable(comparison, "retrieval, means per provider", rows);
    if (table) {
      for (const other of comparison.against) {
        for (const provider of other.paired.queries) table.notes.push(`${other.name} - ${comparison.reference}, ${provider.provider}: ${provider.worse.length} worse, ${provider.better.length} better, ${provider.same} same; ${wilcoxonText(provider.wilcoxon, provider)}`);
      }
      out.push(table);
    }
  }
  return out;
}
var INTERVALS = `intervals: ${INTERVAL_DEFINITION}; paired on the cases or queries both variants share; ${BEYOND_NOISE_LEGEND}`;
function variantsText(comparison, runs) {
  const lines = [`variants side by side, each against ${oneLine(comparison.reference, 80)}:`, ""];
  for (const table of tables(comparison, runs)) {
    const clean = (row) => row.map((value) => oneLine(value, 120));
    lines.push(`${table.title}:`, textTable(clean(table.header), table.rows.map(clean)), ...table.notes.map((note) => `  ${oneLine(note, 400)}`), "");
  }
  lines.push(INTERVALS, "");
  return lines.join("\n");
}
function variantsMarkdown(comparison, runs) {
  const lines = [`# Variants side by side: ${cell(runs[0].results.suite.name)}`, "", `Each variant against **${cell(comparison.reference)}**; every variant's complete results are in its own folder (${comparison.variants.map((name) => `\`${cell(name)}/\``).join(", ")}).`, ""];
  const outcomes = runs.flatMap((run) => {
    const said = [...run.verdict ? [cell(verdictLine(run.verdict), 400)] : [], ...run.results.status === "complete" ? [] : [`run ${run.results.status}`]];
    return said.length > 0 ? [`- **${cell(run.name)}**: ${said.join("; ")}`] : [];
  });
  if (outcomes.length > 0) lines.push(...outcomes, "");
  for (const table of tables(comparison, runs)) {
    lines.push(`## ${cell(table.title)}`, "", ...markdownTable(table.header.map((value) => cell(value)), table.rows.map((row) => row.map((value) => cell(value)))), "");
    for (const note of table.notes) lines.push(`- ${cell(note, 400)}`);
    if (table.notes.length > 0) lines.push("");
  }
  lines.push(cell(INTERVALS, 400), "");
  return lines.join("\n");
}

// src/cli/run.ts
var RUN_USAGE = "recall-gate run <suite.yaml> [--out DIR] [--layer retrieval|e2e|all|auto] [--json] [--no-cache] [--cache-dir DIR] [--concurrency N] [--resume] [--shard i/n] [--split dev|heldout|all] [--variant NAME | --variants a,b] [--html FILE] [--junit FILE] [--history FILE] [--baseline DIR [--allow-other-suite]] [--postgres URL [--pg-timeout-ms N]] [--by-tag] [--cache-llm] [--budget-usd X] " + SELECTION_USAGE;
async function runCommand(argv, io) {
  const { values, positionals } = parseCommandArgs(
    argv,
    {
      out: { type: "string", default: "recall-gate-results" },
      layer: { type: "string" },
      json: { type: "boolean", default: false },
      "no-cache": { type: "boolean", default: false },
      "cache-dir": { type: "string" },
      concurrency: { type: "string" },
      resume: { type: "boolean", default: false },
      shard: { type: "string" },
      split: { type: "string", default: "all" },
      variant: { type: "string" },
      variants: { type: "string" },
      postgres: { type: "string" },
      "pg-timeout-ms": { type: "string" },
      html: { type: "string" },
      junit: { type: "string" },
      history: { type: "string" },
      baseline: { type: "string" },
      "allow-other-suite": { type: "boolean", default: false },
      "by-tag": { type: "boolean", default: false },
      "cache-llm": { type: "boolean", default: false },
      "budget-usd": { type: "string" },
      ...SELECTION_OPTIONS
    },
    RUN_USAGE
  );
  if (positionals.length !== 1) throw new RecallGateError("invalid-input", "run takes one suite file", { hint: `usage: ${RUN_USAGE}` });
  const asked = values.layer;
  if (asked !== void 0 && !LAYERS.includes(asked)) throw new RecallGateError("invalid-input", `unknown layer "${asked}"`, { hint: `use one of ${LAYERS.join(", ")}` });
  const concurrency = values.concurrency === void 0 ? void 0 : Number(values.concurrency);
  if (concurrency !== void 0 && (!Number.isInteger(concurrency) || concurrency < 1)) {
    throw new RecallGateError("invalid-input", `--concurrency must be a whole number of at least 1, got "${String(values.concurrency)}"`);
  }
  const budgetUsd = values["budget-usd"] === void 0 ? void 0 : parseBudgetUsd(values["budget-usd"], "--budget-usd");
  const split = values.split;
  if (!SPLIT_CHOICES.includes(split)) throw new RecallGateError("invalid-input", `unknown split "${split}"`, { hint: `use one of ${SPLIT_CHOICES.join(", ")}` });
  const shard = values.shard === void 0 ? void 0 : parseShard(values.shard);
  if (values.variant !== void 0 && values.variants !== void 0) {
    throw new RecallGateError("invalid-input", "--variant and --variants cannot be used together", { hint: "use --variants a,b to run several, --variant a to run one" });
  }
  if (values.html !== void 0 && values.variants !== void 0) {
    throw new RecallGateError("invalid-input", "--html and --variants cannot be used together: each variant has its own report", { hint: `drop --html; each variant's report is <out>/<name>/${HTML_REPORT_FILE}` });
  }
  if (values.junit !== void 0 && values.variants !== void 0) {
    throw new RecallGateError("invalid-input", "--junit and --variants cannot be used together: each variant has its own results", { hint: `drop --junit; each variant's JUnit file is <out>/<name>/${JUNIT_FILE}` });
  }
  if (values["allow-other-suite"] && values.baseline === void 0) throw new RecallGateError("invalid-input", "--allow-other-suite goes with --baseline DIR", { hint: `usage: ${RUN_USAGE}` });
  const htmlCopy = values.html === void 0 ? void 0 : resolve(io.cwd, values.html);
  const junitCopy = values.junit === void 0 ? void 0 : resolve(io.cwd, values.junit);
  if (htmlCopy) outputTarget(htmlCopy, "--html");
  if (junitCopy) outputTarget(junitCopy, "--junit");
  const postgresAt = postgresUrl(values.postgres, io.env);
  const timeoutMs = pgTimeout(values["pg-timeout-ms"], RUN_USAGE);
  const postgres = postgresAt === void 0 ? void 0 : { url: postgresAt, options: { timeoutMs } };
  const historyFile = values.history;
  const history = historyFile === void 0 ? void 0 : { file: historyFile, reading: readHistoryFile(resolve(io.cwd, historyFile), historyFile) };
  const baseline = values.baseline === void 0 ? void 0 : readRun(values.baseline, io.cwd);
  if (baseline) checkFiniteFigures(values.baseline, baseline.results, "the baseline");
  const unfinished = baseline && unfinishedRunNote(values.baseline, baseline.results);
  if (unfinished) io.stderr(`${unfinished}
`);
  const flags = parseSelectionFlags(values);
  const failures = flags.rerunFailed === void 0 ? void 0 : readFailures(flags.rerunFailed, io.cwd);
  if (failures && nothingFailed(failures)) {
    io.stdout(`nothing failed in ${flags.rerunFailed}: no case failed or errored and no query missed a relevant memory, so nothing ran
`);
    return 0;
  }
  const failedVariant = failures?.variant;
  if (failedVariant !== void 0 && (values.variants !== void 0 || values.variant !== void 0 && values.variant !== failedVariant)) {
    throw new RecallGateError("invalid-input", `--rerun-failed ${flags.rerunFailed} holds failures of variant "${failedVariant}": they are rerun as that variant`, {
      hint: `drop --variant/--variants (the rerun takes variant ${failedVariant}), or rerun the folder of the variant you name`
    });
  }
  const variantName = values.variant ?? failedVariant;
  const validating = phaseProgress(io.stderr, io.isTerminal ?? false);
  const loaded = loadSuite(positionals[0], io.cwd, validating.update);
  validating.finish();
  printSuiteWarnings(loaded, io, RUN_WARNINGS_SHOWN);
  const request = selectionRequest(flags, loaded, failures);
  const picked = selectedLayers(request);
  const layer = asked ?? (picked ? picked.e2e && picked.retrieval ? "all" : picked.e2e ? "e2e" : "retrieval" : !loaded.retrieval && loaded.e2e ? "e2e" : "retrieval");
  registerSuiteSecrets(loaded, io.env);
  const narrow = (whole) => {
    const chosen = selectSplit(selectUnits(whole, request).suite, split);
    return shard ? shardSuite(chosen, shard) : chosen;
  };
  const variants = values.variants === void 0 ? void 0 : parseVariantList(values.variants).map((name) => narrow(applyVariant(loaded, name)));
  const suite = narrow(variantName === void 0 ? loaded : applyVariant(loaded, variantName));
  for (const varied of [suite, ...variants ?? []]) registerSuiteSecrets(varied, io.env);
  const layers = layersToRun(suite, layer);
  if (layers.retrieval !== "ran" && layers.e2e !== "ran" && shard && shard.index > 1 && loaded.retrieval && layer === "retrieval") {
    throw new RecallGateError("invalid-input", `shard ${shard.index}/${shard.count} of ${suite.displayPath} has nothing to run under --layer retrieval: the retrieval layer runs in shard 1 only, and shards split the e2e cases`, {
      hint: loaded.e2e ? "run every shard with --layer all (or e2e)" : "a suite without e2e cases needs no shards: run it whole"
    });
  }
  if (layers.retrieval !== "ran" && layers.e2e !== "ran") {
    const missing = layer === "e2e" ? "e2e section" : layer === "retrieval" ? "retrieval section" : "retrieval or e2e section";
    const inSplit = split === "all" ? "" : ` with split ${split}`;
    throw new RecallGateError("invalid-input", `${suite.displayPath} has no ${missing}${inSplit}, so --layer ${layer} has nothing to run`, {
      hint: suite.e2e ? "use --layer e2e or all" : suite.retrieval ? "use --layer retrieval" : "add retrieval: or e2e: to the suite"
    });
  }
  const out = values.out;
  const { selection, sample } = selectUnits(loaded, request);
  const selectionRecords = { ...selection ? { selection } : {}, ...sample ? { sample } : {} };
  const runOptions = (outDir) => ({
    outDir,
    layer,
    env: io.env,
    cacheRoot: values["cache-dir"] ?? defaultCacheDir(io.env),
    cacheEmbeddings: !values["no-cache"],
    concurrency,
    resume: Boolean(values.resume),
    shard,
    split,
    ...selectionRecords,
    cacheLlm: Boolean(values["cache-llm"]),
    ...budgetUsd !== void 0 ? { budget: { usd: budgetUsd, source: "--budget-usd" } } : {},
    ...baseline ? { baseline: baseline.results, baselineTrials: baseline.trials } : {}
  });
  const mismatch = baseline && checkBaselineSuite(values.baseline, baseline.results, suite.name, { flag: "--allow-other-suite", given: values["allow-other-suite"] === true });
  if (mismatch) io.stderr(`${baselineMismatchText(mismatch)}
`);
  const gate = (verdict2) => {
    if (verdict2 && mismatch) verdict2.baselineSuiteMismatch = mismatch;
    return verdict2;
  };
  const report = { byTag: Boolean(values["by-tag"]) };
  if (variants) return runVariants(suite, variants, out, runOptions, Boolean(values.json), io, { postgres, history, baseline, report, gate });
  const { results, trials } = await runOnce(suite, runOptions(out), io);
  stopCounting();
  const verdict = gate(suite.gate && !results.shard ? evaluateGateOnSplit(suite.gate, suite, { results, trials }, baseline) : void 0);
  const trend = history && trendFor(history, results, io);
  const reports = await writeRunReport(out, { results, trials, verdict, trend, baseline: baseline?.results });
  if (htmlCopy) writeReportCopy(htmlCopy, reports.html, "--html");
  if (junitCopy) writeReportCopy(junitCopy, reports.junit, "--junit");
  if (values.json) {
    io.stdout(`${JSON.stringify(withoutQueryRows(verdict ? { ...results, gate: verdict } : results), null, 2)}
`);
  } else {
    io.stdout(`${runReportText(results, trials, verdict, trend, { ...report, baseline: baseline?.results }).join("\n")}
results written to ${out}/ (${writtenFiles(results)})${htmlCopy ? `
report copied to ${htmlCopy}` : ""}${junitCopy ? `
JUnit XML copied to ${junitCopy}` : ""}
`);
  }
  if (postgres !== void 0) await exportRun(results, trials, postgres.url, exportIO(io, Boolean(values.json)), postgres.options);
  return runExitCode(results, verdict, io.stderr, "run");
}
function trendFor(history, results, io) {
  return trendFromReading(history.file, history.reading, results, (note) => io.stderr(`note: ${note}
`));
}
function exportIO(io, json) {
  return json ? { ...io, stdout: io.stderr } : io;
}
var loadRenderers = onFirstUse(() => import("./chunk-OY5GZW2H.js"));
async function writeRunReport(dir, report) {
  const reports = (await loadRenderers()).renderReports(report);
  writeReports(dir, reports);
  return reports;
}
async function runOnce(suite, options, io) {
  const progress = progressReporter(io.stderr, io.isTerminal ?? false);
  const phases = phaseProgress(io.stderr, io.isTerminal ?? false);
  const forget = atInterrupt((why) => {
    phases.finish();
    progress.stopped(why, options.outDir);
  });
  let run;
  try {
    run = await runSuite(suite, {
      ...options,
      log: (message) => progress.log(message),
      onTrial: (done, total, errors, calls) => {
        loadRenderers().catch(() => void 0);
        progress.update(done, total, errors, calls);
      },
      onProgress: phases.update
    });
  } finally {
    forget();
  }
  const { results, trials } = run;
  phases.finish();
  progress.finish();
  return { results: scrubSecretsIn(results), trials };
}
async function runVariants(suite, names, out, runOptions, json, io, {
  postgres,
  history,
  baseline,
  report,
  gate
}) {
  const runs = [];
  for (const variant of names) {
    const dir = join(out, variant.variant);
    io.stderr(`variant ${variant.variant}: running into ${dir}/
`);
    runs.push({ name: variant.variant, dir, ...await runOnce(variant, runOptions(dir), io) });
  }
  stopCounting();
  const byName = Object.fromEntries(runs.map((run) => [run.name, { results: run.results, trials: run.trials }]));
  const verdicts = runs.map((run) => gate(suite.gate && !run.results.shard ? evaluateGateOnSplit(suite.gate, suite, { results: run.results, trials: run.trials }, baseline, { variants: byName }) : void 0));
  const graders = Object.fromEntries((suite.e2e?.cases ?? []).flatMap((spec) => spec.check ? [[spec.name, checkKindOf(spec.check)]] : []));
  const comparison = compareVariants(runs, graders);
  const trends = runs.map((run) => history && trendFor(history, run.results, io));
  for (const [index, run] of runs.entries()) await writeRunReport(run.dir, { results: run.results, trials: run.trials, verdict: verdicts[index], trend: trends[index], baseline: baseline?.results });
  writeAtomic(join(out, SIDE_BY_SIDE_FILE), variantsMarkdown(comparison, runs.map((run, index) => ({ ...run, verdict: verdicts[index] }))));
  if (json) {
    const variants = Object.fromEntries(runs.map((run, index) => [run.name, withoutQueryRows(verdicts[index] ? { ...run.results, gate: verdicts[index] } : run.results)]));
    const sideBySide = { ...comparison, against: comparison.against.map((one) => ({ ...one, metrics: withSignificance(one.metrics) })) };
    io.stdout(`${JSON.stringify({ variants, side_by_side: sideBySide }, null, 2)}
`);
  } else {
    const parts = runs.map((run, index) => `== variant ${run.name} ==
${runReportText(run.results, run.trials, verdicts[index], trends[index], { ...report, baseline: baseline?.results }).join("\n")}
results written to ${run.dir}/ (${writtenFiles(run.results)})
`);
    io.stdout(`${parts.join("\n")}
${variantsText(comparison, runs)}side by side written to ${join(out, SIDE_BY_SIDE_FILE)}
`);
  }
  if (postgres !== void 0) for (const run of runs) await exportRun(run.results, run.trials, postgres.url, exportIO(io, json), postgres.options);
  return Math.max(...runs.map((run, index) => runExitCode(run.results, verdicts[index], (text) => io.stderr(`variant ${run.name}: ${text}`), "run")));
}
export {
  RUN_USAGE,
  runCommand
};
