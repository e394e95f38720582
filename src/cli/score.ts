import { resolve } from 'node:path';
import { ExitCode, RecallGateError } from '../errors.js';
import { UnreadableInput, readInputFile } from '../source/readInput.js';
import { metricNames } from '../retrieval/metrics.js';
import { scoreTrec } from '../retrieval/score.js';
import { parseQrels, parseRun } from '../retrieval/trec.js';
import { parseCommandArgs, parseCutoffs } from './args.js';
import type { CliIO } from './io.js';

export const SCORE_USAGE = 'recall-gate score --qrels FILE --run FILE [--k 1,3,5,10] [--json]';

const TREC_EVAL_FAMILIES: Partial<Record<string, string>> = { recall: 'recall', precision: 'P', success: 'success', ndcg: 'ndcg_cut' };

/** trec_eval's output names for our metric keys; undefined for a metric trec_eval has not (recall_all@k: LongMemEval's). */
export function trecEvalName(metric: string): string | undefined {
  if (metric === 'mrr') return 'recip_rank';
  const [family, k] = metric.split('@');
  const name = TREC_EVAL_FAMILIES[family!];
  return name && `${name}_${k}`;
}

function readInput(path: string, io: CliIO, flag: string): string {
  try {
    return readInputFile(resolve(io.cwd, path));
  } catch (error) {
    if (!(error instanceof UnreadableInput)) throw error;
    throw new RecallGateError('invalid-input', `cannot read ${flag} file ${path}: ${error.message}`, { hint: error.hint });
  }
}

/** Scores TREC files with the same code as `run`; prints trec_eval-style lines or JSON. */
export async function scoreCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    argv,
    { qrels: { type: 'string' }, run: { type: 'string' }, k: { type: 'string', default: '1,3,5,10' }, json: { type: 'boolean', default: false } },
    SCORE_USAGE,
  );
  if (!values.qrels || !values.run || positionals.length > 0) throw new RecallGateError('invalid-input', 'score needs --qrels and --run', { hint: `usage: ${SCORE_USAGE}` });
  const cutoffs = parseCutoffs(values.k as string);
  const qrels = parseQrels(readInput(values.qrels as string, io, '--qrels'), values.qrels as string);
  const run = parseRun(readInput(values.run as string, io, '--run'), values.run as string);
  const score = scoreTrec(qrels, run, cutoffs);

  if (values.json) {
    io.stdout(`${JSON.stringify(score, null, 2)}\n`);
    return ExitCode.ok;
  }
  const lines = [`num_q\tall\t${score.queryCount}`];
  // Only trec_eval's own measures, so the lines diff against trec_eval's; --json has recall_all@k too.
  for (const metric of metricNames(cutoffs)) {
    const name = trecEvalName(metric);
    if (name) lines.push(`${name}\tall\t${score.means[metric]!.toFixed(4)}`);
  }
  io.stdout(`${lines.join('\n')}\n`);
  if (score.missingFromRun.length > 0) io.stderr(`note: ${score.missingFromRun.length} judged queries have no results in the run and score 0 (as trec_eval -c)\n`);
  if (score.ignoredRunQueries.length > 0) io.stderr(`note: ${score.ignoredRunQueries.length} run queries have no judgments and are ignored (as trec_eval)\n`);
  return ExitCode.ok;
}
