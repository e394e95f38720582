import {
  parseQrels,
  parseRun,
  trecEvalOrder
} from "./chunk-EIY3OQNG.js";
import {
  parseCommandArgs,
  parseCutoffs
} from "./chunk-7KN5MXIB.js";
import {
  meanMetrics,
  metricNames,
  queryMetrics
} from "./chunk-6YEWKYUG.js";
import {
  UnreadableInput,
  readInputFile
} from "./chunk-GAJOKOFC.js";
import {
  ExitCode,
  RecallGateError
} from "./chunk-EMJKK5FL.js";
import "./chunk-DMMU4MAP.js";

// src/cli/score.ts
const { resolve } = globalThis.process.getBuiltinModule("node:path");

// src/retrieval/score.ts
function scoreTrec(qrels, run, cutoffs) {
  const perQuery = {};
  const missingFromRun = [];
  const qids = [...qrels.keys()].sort();
  for (const qid of qids) {
    const entries = run.get(qid);
    if (!entries) missingFromRun.push(qid);
    const ranked = trecEvalOrder(entries ?? []).map((entry) => entry.docid);
    perQuery[qid] = queryMetrics(ranked, qrels.get(qid), cutoffs);
  }
  const ignoredRunQueries = [...run.keys()].filter((qid) => !qrels.has(qid)).sort();
  return {
    queryCount: qids.length,
    ignoredRunQueries,
    missingFromRun,
    means: meanMetrics(Object.values(perQuery), metricNames(cutoffs)),
    perQuery
  };
}

// src/cli/score.ts
var SCORE_USAGE = "recall-gate score --qrels FILE --run FILE [--k 1,3,5,10] [--json]";
var TREC_EVAL_FAMILIES = { recall: "recall", precision: "P", success: "success", ndcg: "ndcg_cut" };
function trecEvalName(metric) {
  if (metric === "mrr") return "recip_rank";
  const [family, k] = metric.split("@");
  const name = TREC_EVAL_FAMILIES[family];
  return name && `${name}_${k}`;
}
function readInput(path, io, flag) {
  try {
    return readInputFile(resolve(io.cwd, path));
  } catch (error) {
    if (!(error instanceof UnreadableInput)) throw error;
    throw new RecallGateError("invalid-input", `cannot read ${flag} file ${path}: ${error.message}`, { hint: error.hint });
  }
}
async function scoreCommand(argv, io) {
  const { values, positionals } = parseCommandArgs(
    argv,
    { qrels: { type: "string" }, run: { type: "string" }, k: { type: "string", default: "1,3,5,10" }, json: { type: "boolean", default: false } },
    SCORE_USAGE
  );
  if (!values.qrels || !values.run || positionals.length > 0) throw new RecallGateError("invalid-input", "score needs --qrels and --run", { hint: `usage: ${SCORE_USAGE}` });
  const cutoffs = parseCutoffs(values.k);
  const qrels = parseQrels(readInput(values.qrels, io, "--qrels"), values.qrels);
  const run = parseRun(readInput(values.run, io, "--run"), values.run);
  const score = scoreTrec(qrels, run, cutoffs);
  if (values.json) {
    io.stdout(`${JSON.stringify(score, null, 2)}
`);
    return ExitCode.ok;
  }
  const lines = [`num_q	all	${score.queryCount}`];
  for (const metric of metricNames(cutoffs)) {
    const name = trecEvalName(metric);
    if (name) lines.push(`${name}	all	${score.means[metric].toFixed(4)}`);
  }
  io.stdout(`${lines.join("\n")}
`);
  if (score.missingFromRun.length > 0) io.stderr(`note: ${score.missingFromRun.length} judged queries have no results in the run and score 0 (as trec_eval -c)
`);
  if (score.ignoredRunQueries.length > 0) io.stderr(`note: ${score.ignoredRunQueries.length} run queries have no judgments and are ignored (as trec_eval)
`);
  return ExitCode.ok;
}
export {
  SCORE_USAGE,
  scoreCommand,
  trecEvalName
};
