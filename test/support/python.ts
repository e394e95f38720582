import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './cli.js';

/** The Python SDK, one file. */
export const PYTHON_SDK = join(REPO_ROOT, 'python', 'recall_gate_adapter.py');

let resolved: string | undefined;

/**
 * The machine's python3 (or RECALL_GATE_PYTHON, e.g. python3.9 to try the oldest supported version),
 * as the path of the interpreter itself: a version manager's shim (pyenv) can take seconds per start.
 */
export function python(): string {
  resolved ??= execFileSync(process.env.RECALL_GATE_PYTHON || 'python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();
  return resolved;
}
