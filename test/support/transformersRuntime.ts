import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { runtimeDir } from '../../src/embeddings/transformersRuntime.js';
import { REPO_ROOT, tempDir } from './cli.js';

/**
 * One transformers.js install shared by every test on this machine
 * (.cache/test-runtime), made by our own installer the first time.
 */
export const SHARED_RUNTIME_ROOT = join(REPO_ROOT, '.cache', 'test-runtime');

export function sharedRuntimeInstalled(): boolean {
  return existsSync(join(runtimeDir(SHARED_RUNTIME_ROOT), 'node_modules', '@huggingface', 'transformers'));
}

/** A fresh cache root whose runtime folder is the shared install: models and embeddings start empty. */
export function cacheRootWithSharedRuntime(): string {
  const root = tempDir('recall-gate-cache-');
  mkdirSync(join(SHARED_RUNTIME_ROOT, 'transformers'), { recursive: true });
  symlinkSync(join(SHARED_RUNTIME_ROOT, 'transformers'), join(root, 'transformers'));
  return root;
}
