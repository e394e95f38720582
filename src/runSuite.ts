import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { prepareResultsDir, writeAllResults, writeResultsJson } from './report/writeResultsDir.js';
import { createStore } from './memory/createStore.js';
import type { MemoryStore } from './memory/types.js';
import { runErrors, type ResultsDocument } from './report/results.js';
import { runRetrieval } from './retrieval/runRetrieval.js';
import type { ProviderSpec, Suite } from './suite/types.js';
import { TOOL_NAME, TOOL_VERSION } from './version.js';

export type Layer = 'retrieval' | 'e2e' | 'all' | 'auto';

export interface RunOptions {
  outDir: string;
  layer: Layer;
  env: NodeJS.ProcessEnv;
  /** Root of recall-gate's cache (embeddings, the transformers.js runtime, models). */
  cacheRoot: string;
  /** False bypasses the embedding cache (--no-cache). */
  cacheEmbeddings: boolean;
  /** Progress and notices for people (stderr in the CLI, the log in the Action). */
  log: (message: string) => void;
  /** Replaces the real stores, for tests that need a failing or instrumented provider. */
  createStore?: (provider: ProviderSpec) => MemoryStore;
}

function suiteHash(files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

/**
 * Runs the layers asked for on a loaded suite and writes the results
 * directory as it goes. Returns the final results document.
 */
export async function runSuite(suite: Suite, options: RunOptions): Promise<ResultsDocument> {
  const results: ResultsDocument = {
    schema_version: 1,
    tool: { name: TOOL_NAME, version: TOOL_VERSION },
    versions: { node: process.versions.node },
    suite: {
      name: suite.name,
      file: suite.displayPath,
      files: suite.files.map((file) => relative(process.cwd(), file) || file),
      sha256: suiteHash(suite.files),
    },
    started_at: new Date().toISOString(),
    status: 'running',
    layers: { retrieval: suite.retrieval ? 'ran' : 'absent' },
    errors: [],
  };
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  prepareResultsDir(options.outDir);
  writeResultsJson(options.outDir, results);

  if (suite.retrieval) {
    const build = options.createStore ?? ((provider: ProviderSpec) => createStore(provider, {
        env: options.env,
        cacheRoot: options.cacheRoot,
        cacheEmbeddings: options.cacheEmbeddings,
        baseDir: dirname(suite.file),
        log: options.log,
        suiteName: suite.name,
        runId,
      }));
    results.retrieval = await runRetrieval(suite.retrieval, {
      createStore: build,
      onProvider: (_provider, partial) => {
        results.retrieval = partial;
        writeResultsJson(options.outDir, results);
      },
    });
  }

  results.errors = runErrors(results.retrieval);
  results.status = results.errors.length > 0 ? 'incomplete' : 'complete';
  results.finished_at = new Date().toISOString();
  writeAllResults(options.outDir, results, suite.retrieval?.queries ?? []);
  return results;
}
