import { resolve, relative } from 'node:path';
import { apiKeyEnv } from '../apiKey.js';
import { belowMinimum, calibrateJudge, readLabels } from '../e2e/judgeCalibration.js';
import { formatCalibration } from '../report/calibration.js';
import { OpenAIJudge } from '../e2e/openaiJudge.js';
import { ExitCode, RecallGateError } from '../errors.js';
import { loadSuite } from '../suite/load.js';
import type { JudgeSettings } from '../model/suite.js';
import { parseCommandArgs } from './args.js';
import type { CliIO } from './io.js';

export const JUDGE_CHECK_USAGE = 'recall-gate judge-check <labels.jsonl> [--suite suite.yaml] [--model M] [--base-url URL] [--json]';

/**
 * Measures the judge against hand-labelled answers: agreement, kappa, the
 * confusion matrix and the rows it disagrees on. The judge is the suite's
 * e2e.judge, with --model and --base-url over it (or alone, without a suite).
 * Exit 1 when the suite sets min_agreement and the judge falls below it.
 */
export async function judgeCheckCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    argv,
    { suite: { type: 'string' }, model: { type: 'string' }, 'base-url': { type: 'string' }, json: { type: 'boolean', default: false } },
    JUDGE_CHECK_USAGE,
  );
  if (positionals.length !== 1) throw new RecallGateError('invalid-input', 'judge-check takes one labels file', { hint: `usage: ${JUDGE_CHECK_USAGE}` });
  const suiteJudge: JudgeSettings | undefined = typeof values.suite === 'string' ? loadSuite(values.suite, io.cwd).e2e?.judge : undefined;
  if (typeof values.suite === 'string' && !suiteJudge && typeof values.model !== 'string') {
    throw new RecallGateError('invalid-input', `${values.suite} has no e2e.judge`, { hint: 'add e2e: { judge: { model: ... } } or pass --model' });
  }
  const model = typeof values.model === 'string' ? values.model : suiteJudge?.model;
  if (!model) throw new RecallGateError('invalid-input', 'judge-check needs a judge model', { hint: 'pass --suite with an e2e.judge, or --model' });

  const path = resolve(io.cwd, positionals[0]!);
  const labels = readLabels(path, relative(io.cwd, path) || path);
  const judge = new OpenAIJudge(model, {
    apiKey: io.env[apiKeyEnv(suiteJudge)],
    baseURL: (typeof values['base-url'] === 'string' ? values['base-url'] : suiteJudge?.base_url) ?? (io.env.OPENAI_BASE_URL || undefined),
    timeoutMs: suiteJudge?.timeout_ms,
    maxRetries: suiteJudge?.max_retries,
  });
  const calibration = await calibrateJudge(judge, labels);
  const minAgreement = suiteJudge?.calibration?.min_agreement;
  const below = belowMinimum(calibration, minAgreement);
  if (values.json) io.stdout(`${JSON.stringify({ model, ...calibration, ...(minAgreement !== undefined ? { min_agreement: minAgreement } : {}) }, null, 2)}\n`);
  else io.stdout(formatCalibration(calibration));
  if (below) {
    io.stderr(`${below}\n`);
    return ExitCode.gateFailed;
  }
  return ExitCode.ok;
}
