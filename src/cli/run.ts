import { runExitCode, runReportText } from './runReport.js';
import { readTrials } from '../e2e/trialLog.js';
import { defaultCacheDir } from '../embeddings/cache.js';
import { RecallGateError } from '../errors.js';
import { evaluateGateOnSplit } from '../gate/narrow.js';
import { LAYERS, layersToRun, runSuite, type Layer } from '../runSuite.js';
import { registerSuiteSecrets, scrubSecretsIn } from '../secrets.js';
import { loadSuite } from '../suite/load.js';
import { parseShard, shardSuite } from '../shard.js';
import { SPLIT_CHOICES, selectSplit, type SplitChoice } from '../suite/splits.js';
import { parseCommandArgs } from './args.js';
import type { CliIO } from './io.js';
import { progressReporter } from './progress.js';

export const RUN_USAGE =
  'recall-gate run <suite.yaml> [--out DIR] [--layer retrieval|e2e|all|auto] [--json] [--no-cache] [--cache-dir DIR] [--concurrency N] [--resume] [--shard i/n] [--split dev|heldout|all]';

export async function runCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    argv,
    {
      out: { type: 'string', default: 'recall-gate-results' },
      layer: { type: 'string', default: 'retrieval' },
      json: { type: 'boolean', default: false },
      'no-cache': { type: 'boolean', default: false },
      'cache-dir': { type: 'string' },
      concurrency: { type: 'string' },
      resume: { type: 'boolean', default: false },
      shard: { type: 'string' },
      split: { type: 'string', default: 'all' },
    },
    RUN_USAGE,
  );
  if (positionals.length !== 1) throw new RecallGateError('invalid-input', 'run takes one suite file', { hint: `usage: ${RUN_USAGE}` });
  const layer = values.layer as Layer;
  if (!LAYERS.includes(layer)) throw new RecallGateError('invalid-input', `unknown layer "${layer}"`, { hint: `use one of ${LAYERS.join(', ')}` });
  const concurrency = values.concurrency === undefined ? undefined : Number(values.concurrency);
  if (concurrency !== undefined && (!Number.isInteger(concurrency) || concurrency < 1)) {
    throw new RecallGateError('invalid-input', `--concurrency must be a whole number of at least 1, got "${String(values.concurrency)}"`);
  }

  const split = values.split as SplitChoice;
  if (!SPLIT_CHOICES.includes(split)) throw new RecallGateError('invalid-input', `unknown split "${split}"`, { hint: `use one of ${SPLIT_CHOICES.join(', ')}` });
  const shard = values.shard === undefined ? undefined : parseShard(values.shard as string);
  const whole = loadSuite(positionals[0]!, io.cwd);
  registerSuiteSecrets(whole, io.env);
  const chosen = selectSplit(whole, split);
  const suite = shard ? shardSuite(chosen, shard) : chosen;
  const layers = layersToRun(suite, layer);
  if (layers.retrieval !== 'ran' && layers.e2e !== 'ran') {
    const missing = layer === 'e2e' ? 'an e2e section' : layer === 'retrieval' ? 'a retrieval section' : 'a retrieval or e2e section';
    const inSplit = split === 'all' ? '' : ` with split ${split}`;
    throw new RecallGateError('invalid-input', `${suite.displayPath} has no ${missing}${inSplit}, so --layer ${layer} has nothing to run`, {
      hint: suite.e2e ? 'use --layer e2e or all' : suite.retrieval ? 'use --layer retrieval' : 'add retrieval: or e2e: to the suite',
    });
  }

  const out = values.out as string;
  const progress = progressReporter(io.stderr, io.isTerminal ?? false);
  // Scrubbed before rendering: a secret a report escapes or cuts short would no longer be recognised.
  const results = scrubSecretsIn(await runSuite(suite, {
    outDir: out,
    layer,
    env: io.env,
    cacheRoot: (values['cache-dir'] as string | undefined) ?? defaultCacheDir(io.env),
    cacheEmbeddings: !values['no-cache'],
    log: (message) => progress.log(message),
    concurrency,
    resume: Boolean(values.resume),
    onTrial: (done, total, errors) => progress.update(done, total, errors),
    shard,
    split,
  }));
  progress.finish();

  const trials = readTrials(out);
  // A shard is gated after merge, on the whole.
  const verdict = suite.gate && !results.shard ? evaluateGateOnSplit(suite.gate, suite, { results, trials }) : undefined;
  if (values.json) {
    io.stdout(`${JSON.stringify(verdict ? { ...results, gate: verdict } : results, null, 2)}\n`);
  } else {
    const parts = runReportText(results, trials, verdict);
    const files = ['results.json', 'report.md', ...(results.retrieval ? ['qrels.trec', 'runs/*.trec'] : []), ...(results.e2e ? ['trials.jsonl'] : [])];
    io.stdout(`${parts.join('\n')}\nresults written to ${out}/ (${files.join(', ')})\n`);
  }
  return runExitCode(results, verdict, io.stderr, 'run');
}
