import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..', '..');
export const CLI = join(REPO_ROOT, 'dist', 'cli.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the built CLI (dist/cli.js) as its own process, as users run it.
 * Asynchronous, so servers in the test process keep answering meanwhile.
 */
export function runCli(args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string; killAfterMs?: number } = {}): Promise<CliResult> {
  return new Promise((resolvePromise, reject) => {
    // A fresh embedding cache per run unless the test names one: runs must not warm each other.
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, RECALL_GATE_CACHE_DIR: tempDir('recall-gate-cache-'), ...options.env };
    // killAfterMs bounds a run that might not end by itself: killed, its code is null.
    const child = spawn(process.execPath, [CLI, ...args], { cwd: options.cwd ?? REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], timeout: options.killAfterMs });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
  });
}

export function tempDir(prefix = 'recall-gate-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}
