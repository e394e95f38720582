import * as core from './publish.js';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { TRANSFORMERS_VERSION } from '../embeddings/transformersRuntime.js';
import type { ResultsDocument } from '../model/results.js';
import { suiteHash } from '../runSuite.js';
import type { Suite } from '../model/suite.js';

/** One folder kept between workflow runs with @actions/cache. */
export interface CacheEntry {
  label: string;
  paths: string[];
  key: string;
  restoreKeys: string[];
  /** The key restore matched, if any. */
  matched?: string;
  /** Saved only when this says the folder gained something (default: when the key was not matched exactly). */
  changed?: (results: ResultsDocument) => boolean;
}

function hashOf(parts: readonly (string | Buffer)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/**
 * What to keep for a suite: its embeddings always (keyed by the suite's files,
 * falling back to the newest for the suite), and the transformers.js runtime
 * with the models when the suite uses a local model (keyed by version and models).
 */
export function cacheEntries(suite: Suite, cacheRoot: string): CacheEntry[] {
  const os = process.env.RUNNER_OS ?? process.platform;
  const embeddingsPrefix = `recall-gate-embeddings-v1-${os}-${suite.name}-`;
  const suiteKey = `${embeddingsPrefix}${suiteHash(suite.files).slice(0, 16)}-`;
  // Cache entries are immutable: a run that embedded something new saves under a key of its own.
  const runKey = `${process.env.GITHUB_RUN_ID ?? Date.now()}-${process.env.GITHUB_RUN_ATTEMPT ?? '1'}`;
  const entries: CacheEntry[] = [
    {
      label: 'embeddings',
      paths: [join(cacheRoot, 'embeddings')],
      key: `${suiteKey}${runKey}`,
      restoreKeys: [suiteKey, embeddingsPrefix],
      changed: embeddedSomething,
    },
  ];
  const models = (suite.retrieval?.providers ?? [])
    .map((provider) => provider.embedding)
    .filter((embedding) => embedding?.kind === 'local')
    .map((embedding) => `${embedding!.model ?? 'default'}@${embedding!.revision ?? 'main'}:${embedding!.dtype ?? 'fp32'}`);
  if (models.length > 0) {
    const prefix = `recall-gate-models-v1-${os}-transformers${TRANSFORMERS_VERSION}-`;
    entries.push({
      label: 'transformers.js and models',
      paths: [join(cacheRoot, 'transformers'), join(cacheRoot, 'models')],
      key: `${prefix}${hashOf([...new Set(models)].sort())}`,
      restoreKeys: [prefix],
    });
  }
  return entries;
}

/** Cache trouble is a notice or a warning, never a failed job. */
export async function restoreEntries(entries: CacheEntry[]): Promise<void> {
  const cache = await import('@actions/cache');
  if (!cache.isFeatureAvailable()) {
    core.notice('recall-gate: the Actions cache is not available here; embeddings and models are computed afresh');
    return;
  }
  for (const entry of entries) {
    try {
      entry.matched = await cache.restoreCache(entry.paths, entry.key, entry.restoreKeys);
      core.info(entry.matched ? `restored ${entry.label} from cache ${entry.matched}` : `no cached ${entry.label} yet (${entry.key})`);
    } catch (error) {
      core.warning(`recall-gate: could not restore ${entry.label} from the cache: ${(error as Error).message}`);
    }
  }
}

/** Any provider missed the embedding cache: the folder holds vectors the restored entry did not. */
function embeddedSomething(results: ResultsDocument): boolean {
  return Object.values(results.retrieval?.providers ?? {}).some(
    (provider) => ((provider.diagnostics?.embedding_cache as { misses?: number } | undefined)?.misses ?? 0) > 0,
  );
}

export async function saveEntries(entries: CacheEntry[], results: ResultsDocument): Promise<void> {
  const cache = await import('@actions/cache');
  if (!cache.isFeatureAvailable()) return;
  for (const entry of entries) {
    if (entry.changed ? !entry.changed(results) : entry.matched === entry.key) continue;
    try {
      // -1, not an error, when the key exists (a re-run) or the service failed: the toolkit has said which.
      if ((await cache.saveCache(entry.paths, entry.key)) === -1) core.info(`${entry.label} not saved to cache ${entry.key} (see the cache messages above)`);
      else core.info(`saved ${entry.label} to cache ${entry.key}`);
    } catch (error) {
      // Another job saved the same key first, or the cache service is down: the next run recomputes.
      core.warning(`recall-gate: could not save ${entry.label} to the cache: ${(error as Error).message}`);
    }
  }
}
