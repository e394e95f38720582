import {
  OpenAIJudge
} from "./chunk-NCBIAXOJ.js";
import {
  loadSuite
} from "./chunk-R5GTYCVU.js";
import "./chunk-VNPJWP4Q.js";
import {
  parseCommandArgs
} from "./chunk-7KN5MXIB.js";
import {
  belowMinimum,
  calibrateJudge,
  readLabels
} from "./chunk-FB442OMY.js";
import "./chunk-6YEWKYUG.js";
import "./chunk-7J7WLCBV.js";
import "./chunk-IDDU4GRI.js";
import "./chunk-GAJOKOFC.js";
import {
  plainText
} from "./chunk-VVMQOGTA.js";
import {
  ExitCode,
  RecallGateError,
  apiKeyEnv
} from "./chunk-EMJKK5FL.js";
import "./chunk-DMMU4MAP.js";

// src/cli/judgeCheck.ts
const { resolve, relative } = globalThis.process.getBuiltinModule("node:path");

// src/report/calibration.ts
function formatCalibration(calibration) {
  const kappaName = calibration.weights === "quadratic" ? "weighted kappa (quadratic weights)" : "Cohen's kappa";
  const names = calibration.categories.map(String);
  const width = Math.max(6, ...names.map((name) => name.length), ...calibration.matrix.flat().map((count) => String(count).length));
  const pad = (text) => text.padStart(width);
  const lines = [
    `${calibration.file}: ${calibration.n} ${calibration.kind} labels`,
    `agreement ${calibration.agreement.toFixed(3)} (${calibration.n - calibration.disagreements.length} of ${calibration.n})`,
    `${kappaName} ${calibration.kappa === null ? "undefined (one category only)" : calibration.kappa.toFixed(3)}`,
    "",
    "confusion matrix (rows: label, columns: judge)",
    `${pad("")} ${names.map(pad).join(" ")}`,
    ...calibration.matrix.map((row, i) => `${pad(names[i])} ${row.map((count) => pad(String(count))).join(" ")}`)
  ];
  if (calibration.disagreements.length > 0) {
    lines.push("", `disagreements (${calibration.disagreements.length}):`);
    for (const d of calibration.disagreements) lines.push(`  ${calibration.file}:${d.line}: label ${d.label}, judge ${d.judge}: ${plainText(d.reason)}`);
  }
  return `${lines.join("\n")}
`;
}

// src/cli/judgeCheck.ts
var JUDGE_CHECK_USAGE = "recall-gate judge-check <labels.jsonl> [--suite suite.yaml] [--model M] [--base-url URL] [--json]";
async function judgeCheckCommand(argv, io) {
  const { values, positionals } = parseCommandArgs(
    argv,
    { suite: { type: "string" }, model: { type: "string" }, "base-url": { type: "string" }, json: { type: "boolean", default: false } },
    JUDGE_CHECK_USAGE
  );
  if (positionals.length !== 1) throw new RecallGateError("invalid-input", "judge-check takes one labels file", { hint: `usage: ${JUDGE_CHECK_USAGE}` });
  const suiteJudge = typeof values.suite === "string" ? loadSuite(values.suite, io.cwd).e2e?.judge : void 0;
  if (typeof values.suite === "string" && !suiteJudge && typeof values.model !== "string") {
    throw new RecallGateError("invalid-input", `${values.suite} has no e2e.judge`, { hint: "add e2e: { judge: { model: ... } } or pass --model" });
  }
  const model = typeof values.model === "string" ? values.model : suiteJudge?.model;
  if (!model) throw new RecallGateError("invalid-input", "judge-check needs a judge model", { hint: "pass --suite with an e2e.judge, or --model" });
  const path = resolve(io.cwd, positionals[0]);
  const labels = readLabels(path, relative(io.cwd, path) || path);
  const judge = new OpenAIJudge(model, {
    apiKey: io.env[apiKeyEnv(suiteJudge)],
    baseURL: (typeof values["base-url"] === "string" ? values["base-url"] : suiteJudge?.base_url) ?? (io.env.OPENAI_BASE_URL || void 0),
    timeoutMs: suiteJudge?.timeout_ms,
    maxRetries: suiteJudge?.max_retries
  });
  const calibration = await calibrateJudge(judge, labels);
  const minAgreement = suiteJudge?.calibration?.min_agreement;
  const below = belowMinimum(calibration, minAgreement);
  if (values.json) io.stdout(`${JSON.stringify({ model, ...calibration, ...minAgreement !== void 0 ? { min_agreement: minAgreement } : {} }, null, 2)}
`);
  else io.stdout(formatCalibration(calibration));
  if (below) {
    io.stderr(`${below}
`);
    return ExitCode.gateFailed;
  }
  return ExitCode.ok;
}
export {
  JUDGE_CHECK_USAGE,
  judgeCheckCommand
};
