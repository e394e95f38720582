import { ExitCode, RecallGateError } from '../errors.js';
import { terminalReport } from '../report/terminal.js';
import { runSuite, type Layer } from '../runSuite.js';
import { loadSuite } from '../suite/load.js';
import { defaultCacheDir } from '../embeddings/cache.js';
import { parseCommandArgs } from './args.js';
import type { CliIO } from './io.js';

export const RUN_USAGE = 'recall-gate run <suite.yaml> [--out DIR] [--layer retrieval|e2e|all|auto] [--json] [--no-cache] [--cache-dir DIR]';
const LAYERS: Layer[] = ['retrieval', 'e2e', 'all', 'auto'];

export async function runCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    argv,
    {
      out: { type: 'string', default: 'recall-gate-results' },
      layer: { type: 'string', default: 'retrieval' },
      json: { type: 'boolean', default: false },
      'no-cache': { type: 'boolean', default: false },
      'cache-dir': { type: 'string' },
    },
    RUN_USAGE,
  );
  if (positionals.length !== 1) throw new RecallGateError('invalid-input', 'run takes one suite file', { hint: `usage: ${RUN_USAGE}` });
  const layer = values.layer as Layer;
  if (!LAYERS.includes(layer)) throw new RecallGateError('invalid-input', `unknown layer "${layer}"`, { hint: `use one of ${LAYERS.join(', ')}` });

  const suite = loadSuite(positionals[0]!, io.cwd);
  if (layer === 'e2e') {
    throw new RecallGateError('invalid-input', `${suite.displayPath} has no e2e section, so --layer e2e has nothing to run`, {
      hint: 'use --layer retrieval',
    });
  }
  if (!suite.retrieval) {
    throw new RecallGateError('invalid-input', `${suite.displayPath} has no retrieval section: nothing to run`, { hint: 'add retrieval: with providers, memories and queries' });
  }
  const results = await runSuite(suite, {
    outDir: values.out as string,
    layer,
    env: io.env,
    cacheRoot: (values['cache-dir'] as string | undefined) ?? defaultCacheDir(io.env),
    cacheEmbeddings: !values['no-cache'],
    log: (message) => io.stderr(`${message}\n`),
  });
  if (values.json) io.stdout(`${JSON.stringify(results, null, 2)}\n`);
  else io.stdout(`${terminalReport(results)}\nresults written to ${values.out}/ (results.json, report.md, qrels.trec, runs/*.trec)\n`);
  if (results.status === 'incomplete') {
    io.stderr(`run incomplete: ${results.errors.join('; ')}\n`);
    return ExitCode.incomplete;
  }
  return ExitCode.ok;
}
