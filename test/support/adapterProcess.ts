import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from './cli.js';

/** The example adapter users copy (examples/adapter/agent.mjs). */
export const EXAMPLE_ADAPTER = join(REPO_ROOT, 'examples', 'adapter', 'agent.mjs');

export interface RunningHttpAdapter {
  url: string;
  child: ChildProcess;
  /** Everything the adapter wrote to stderr so far. */
  stderr(): string;
  stop(): Promise<void>;
}

/** Starts the example adapter with --http --port 0 and reads its URL from the first stdout line. */
export function startHttpAdapter(args: string[] = [], env: Record<string, string> = {}): Promise<RunningHttpAdapter> {
  const child = spawn(process.execPath, [EXAMPLE_ADAPTER, '--http', '--port', '0', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    child.once('exit', (code) => reject(new Error(`the example adapter exited with code ${code} before printing its URL: ${stderr}`)));
    lines.once('line', (url) => {
      resolve({
        url,
        child,
        stderr: () => stderr,
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}

/**
 * A command target's options for a small adapter written inline (CommonJS,
 * run with node -e), for misbehaviour the example adapter does not have.
 */
export function inlineAdapter(script: string): { command: string; args: string[] } {
  return { command: process.execPath, args: ['-e', script] };
}

export interface ScriptedServer {
  url: string;
  /** Request bodies received, parsed. */
  received: unknown[];
  close(): Promise<void>;
}

/** An HTTP server in this process answering each POST as `answer` says (status, body). */
export async function scriptedHttpServer(answer: (request: { id?: unknown; method?: string }) => { status?: number; body: string; type?: string }): Promise<ScriptedServer> {
  const received: unknown[] = [];
  const server: Server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    const request = JSON.parse(body) as { id?: unknown; method?: string };
    received.push(request);
    const { status = 200, body: out, type = 'application/json' } = answer(request);
    res.writeHead(status, { 'content-type': type });
    res.end(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/rpc`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (just released by a server bound to it). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
