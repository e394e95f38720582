import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, tempDir } from './cli.js';

export interface ActionRun {
  code: number | null;
  /** stdout and stderr: the workflow commands (::error::, ::add-mask::, ...) the runner would read. */
  log: string;
  summary: string;
  /** The GITHUB_OUTPUT file as written, and parsed into name -> value. */
  outputText: string;
  outputs: Record<string, string>;
}

function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const re = /^(.+?)<<(.+)\n([\s\S]*?)\n\2$/gm;
  let match: RegExpExecArray | null;
  while ((match = re.exec(text))) outputs[match[1]!] = match[3]!;
  return outputs;
}

/**
 * dist/index.js as the runner starts it: inputs as INPUT_* variables (names
 * upper-cased, hyphens kept), files for the outputs and the job summary, and
 * whatever GITHUB_* variables the test adds.
 */
export function runAction(cwd: string, inputs: Record<string, string>, env: NodeJS.ProcessEnv = {}): Promise<ActionRun> {
  const files = tempDir('recall-gate-runner-');
  const summary = join(files, 'summary.md');
  const output = join(files, 'output.txt');
  writeFileSync(summary, '');
  writeFileSync(output, '');
  const childEnv: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    RECALL_GATE_CACHE_DIR: tempDir('recall-gate-cache-'),
    GITHUB_WORKSPACE: cwd,
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_OUTPUT: output,
    ...env,
  };
  for (const [name, value] of Object.entries(inputs)) childEnv[`INPUT_${name.toUpperCase()}`] = value;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(REPO_ROOT, 'dist', 'index.js')], { cwd, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      const outputText = readFileSync(output, 'utf8');
      resolve({ code, log, summary: readFileSync(summary, 'utf8'), outputText, outputs: parseOutputs(outputText) });
    });
  });
}

/** dist/index.js on a GitHub event: the event file, the repository acme/agent and the API pointing at the local server `apiUrl`; `env` adds to or overrides the GITHUB_* variables. */
export function runOnEvent(cwd: string, apiUrl: string, event: { name: string; payload: object }, inputs: Record<string, string>, env: NodeJS.ProcessEnv = {}): Promise<ActionRun> {
  const eventPath = join(tempDir('recall-gate-event-'), 'event.json');
  writeFileSync(eventPath, JSON.stringify(event.payload));
  return runAction(cwd, { 'github-token': 'ghs_test_token', ...inputs }, {
    GITHUB_EVENT_NAME: event.name,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: 'acme/agent',
    GITHUB_SHA: 'f'.repeat(40),
    GITHUB_API_URL: apiUrl,
    GITHUB_SERVER_URL: 'https://github.example',
    GITHUB_RUN_ID: '42',
    ...env,
  });
}
