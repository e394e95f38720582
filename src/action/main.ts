import * as core from '@actions/core';
import { join } from 'node:path';
import { defaultCacheDir } from '../embeddings/cache.js';
import { cacheEntries, restoreEntries, saveEntries } from './cache.js';
import { ExitCode, RecallGateError, describeError, formatProblem } from '../errors.js';
import { markdownReport } from '../report/markdown.js';
import { runSuite, type Layer } from '../runSuite.js';
import { loadSuite } from '../suite/load.js';

/**
 * The Action: runs one suite's retrieval layer and reports it in the job
 * summary and outputs. Inputs are read here, never at import time.
 */
export async function run(): Promise<void> {
  try {
    const suitePath = core.getInput('suite', { required: true });
    const resultsDir = core.getInput('results-dir') || 'recall-gate-results';
    const layer = (core.getInput('layer') || 'retrieval') as Layer;
    const apiKey = core.getInput('openai-api-key');
    if (apiKey) core.setSecret(apiKey);
    const env: NodeJS.ProcessEnv = { ...process.env, ...(apiKey ? { OPENAI_API_KEY: apiKey } : {}) };
    const baseUrl = core.getInput('openai-base-url');
    if (baseUrl) env.OPENAI_BASE_URL = baseUrl;

    const suite = loadSuite(suitePath);
    const cacheRoot = defaultCacheDir(env);
    const kept = cacheEntries(suite, cacheRoot);
    await restoreEntries(kept);
    const results = await runSuite(suite, { outDir: resultsDir, layer, env, cacheRoot, cacheEmbeddings: true, log: core.info });
    await saveEntries(kept);
    core.setOutput('results-path', join(resultsDir, 'results.json'));
    if (process.env.GITHUB_STEP_SUMMARY) await core.summary.addRaw(markdownReport(results)).write();
    for (const error of results.errors) core.error(error);
    if (results.status === 'incomplete') {
      core.setFailed(`recall-gate: the run is incomplete (${results.errors.length} error(s))`);
      process.exitCode = ExitCode.incomplete;
    }
  } catch (error) {
    if (error instanceof RecallGateError) {
      for (const problem of error.problems) {
        const hint = problem.hint ? ` (${problem.hint})` : '';
        core.error(`${problem.message}${hint}`, { file: problem.where.file, startLine: problem.where.line, startColumn: problem.where.col });
        core.info(formatProblem(problem));
      }
    }
    core.setFailed(`recall-gate: ${describeError(error)}`);
  }
}
