import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { atInterrupt } from '../interrupt.js';
import { OWN_GROUP, signalGroup, stopGroup } from '../process/processGroup.js';
import { McpLimitError, MessageMeter } from './mcpLimits.js';

export interface McpStdioServer {
  command: string;
  args: string[];
  cwd?: string;
  env: Record<string, string>;
}

/** How long close() waits for the server to exit after its stdin ends, and then after SIGTERM. */
const CLOSE_GRACE_MS = 2000;
/** After the server exits, how long its stdout may take to drain before the connection counts as closed. */
const DRAIN_MS = 250;

/**
 * MCP over a server's stdin and stdout, one JSON-RPC message per line, in
 * place of the SDK's StdioClientTransport for two reasons: the server runs
 * in its own process group, stopped as a group, so a server behind `sh -c`
 * or `npx`, or with a worker of its own, neither outlives the run nor keeps
 * it waiting on pipes a grandchild holds; and a message over a limit
 * (mcpLimits.ts) ends the connection after telling `onLimit` which, where
 * the SDK's says only "Connection closed".
 */
export class McpStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Told the limit a message broke, just before the connection closes. */
  onLimit?: (error: McpLimitError) => void;
  private child?: ChildProcessWithoutNullStreams;
  private readonly meter = new MessageMeter(true);
  private partial: Buffer[] = [];
  private exited?: Promise<void>;
  private closing?: Promise<void>;
  private closedOnce = false;
  /** Unregisters the server's stop on a signal (in its own process group, it no longer gets the terminal's Ctrl-C). */
  private forgetInterrupt: () => void = () => undefined;

  constructor(
    private readonly server: McpStdioServer,
    private readonly onStderrLine: (line: string) => void,
  ) {}

  start(): Promise<void> {
    if (this.child) throw new Error('McpStdioTransport already started');
    const { command, args, cwd, env } = this.server;
    return new Promise((resolve, reject) => {
      const child = spawn(command, args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'], ...OWN_GROUP });
      this.child = child;
      this.forgetInterrupt = atInterrupt(() => signalGroup(child, 'SIGTERM'));
      let spawned = false;
      child.once('spawn', () => {
        spawned = true;
        resolve();
      });
      child.on('error', (error) => (spawned ? this.onerror?.(error) : reject(error)));
      this.exited = new Promise((done) => child.once('exit', () => done()));
      // 'exit', not 'close': a grandchild holding stdout would keep 'close' from ever coming.
      void this.exited.then(() => {
        const drained = new Promise<void>((done) => child.stdout.once('end', () => done()));
        let timer: NodeJS.Timeout | undefined;
        void Promise.race([drained, new Promise<void>((done) => (timer = setTimeout(done, DRAIN_MS)))]).then(() => {
          clearTimeout(timer);
          void this.close();
        });
      });
      child.stdin.on('error', (error) => this.onerror?.(error));
      child.stdout.on('data', (chunk: Buffer) => this.read(chunk));
      createInterface({ input: child.stderr, crlfDelay: Infinity }).on('line', this.onStderrLine);
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const child = this.child;
    if (!child || this.closing) throw new Error('Not connected');
    const line = `${JSON.stringify(message)}\n`;
    if (!child.stdin.write(line)) await new Promise<void>((resolve) => child.stdin.once('drain', () => resolve()));
  }

  /** Ends the server's stdin, gives it CLOSE_GRACE_MS to exit, then stops its process group. */
  close(): Promise<void> {
    this.closing ??= this.stop();
    return this.closing;
  }

  private async stop(): Promise<void> {
    const child = this.child;
    if (child && this.exited) {
      child.stdin.end();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.exited, new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_GRACE_MS)))]);
      clearTimeout(timer);
      await stopGroup(child, CLOSE_GRACE_MS);
    }
    this.forgetInterrupt();
    this.partial = [];
    if (!this.closedOnce) {
      this.closedOnce = true;
      this.onclose?.();
    }
  }

  private read(chunk: Buffer): void {
    if (this.closing) return;
    try {
      this.meter.feed(chunk);
    } catch (error) {
      if (!(error instanceof McpLimitError)) throw error;
      this.onLimit?.(error);
      void this.close();
      return;
    }
    let start = 0;
    for (let end = chunk.indexOf(0x0a); end !== -1; end = chunk.indexOf(0x0a, start)) {
      this.partial.push(chunk.subarray(start, end));
      const line = Buffer.concat(this.partial).toString('utf8').replace(/\r$/, '');
      this.partial = [];
      start = end + 1;
      this.deliver(line);
    }
    if (start < chunk.length) this.partial.push(chunk.subarray(start));
  }

  private deliver(line: string): void {
    if (!line.trim()) return;
    let message: JSONRPCMessage;
    try {
      message = JSONRPCMessageSchema.parse(JSON.parse(line));
    } catch (error) {
      // A line that is not a JSON-RPC message (a server logging to stdout) belongs to no request.
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    this.onmessage?.(message);
  }
}
