import {
  McpLimitError,
  MessageMeter,
  OWN_GROUP,
  signalGroup,
  stopGroup
} from "./chunk-RM5I36S2.js";
import {
  atInterrupt
} from "./chunk-7G673M5I.js";
import {
  JSONRPCMessageSchema
} from "./chunk-FXYRVV4K.js";
import "./chunk-DMMU4MAP.js";

// src/memory/mcpStdio.ts
const { spawn } = globalThis.process.getBuiltinModule("node:child_process");
const { createInterface } = globalThis.process.getBuiltinModule("node:readline");
var CLOSE_GRACE_MS = 2e3;
var DRAIN_MS = 250;
var McpStdioTransport = class {
  constructor(server, onStderrLine) {
    this.server = server;
    this.onStderrLine = onStderrLine;
  }
  server;
  onStderrLine;
  onclose;
  onerror;
  onmessage;
  /** Told the limit a message broke, just before the connection closes. */
  onLimit;
  child;
  meter = new MessageMeter(true);
  partial = [];
  exited;
  closing;
  closedOnce = false;
  /** Unregisters the server's stop on a signal (in its own process group, it no longer gets the terminal's Ctrl-C). */
  forgetInterrupt = () => void 0;
  start() {
    if (this.child) throw new Error("McpStdioTransport already started");
    const { command, args, cwd, env } = this.server;
    return new Promise((resolve, reject) => {
      const child = spawn(command, args, { cwd, env, stdio: ["pipe", "pipe", "pipe"], ...OWN_GROUP });
      this.child = child;
      this.forgetInterrupt = atInterrupt(() => signalGroup(child, "SIGTERM"));
      let spawned = false;
      child.once("spawn", () => {
        spawned = true;
        resolve();
      });
      child.on("error", (error) => spawned ? this.onerror?.(error) : reject(error));
      this.exited = new Promise((done) => child.once("exit", () => done()));
      void this.exited.then(() => {
        const drained = new Promise((done) => child.stdout.once("end", () => done()));
        let timer;
        void Promise.race([drained, new Promise((done) => timer = setTimeout(done, DRAIN_MS))]).then(() => {
          clearTimeout(timer);
          void this.close();
        });
      });
      child.stdin.on("error", (error) => this.onerror?.(error));
      child.stdout.on("data", (chunk) => this.read(chunk));
      createInterface({ input: child.stderr, crlfDelay: Infinity }).on("line", this.onStderrLine);
    });
  }
  async send(message) {
    const child = this.child;
    if (!child || this.closing) throw new Error("Not connected");
    const line = `${JSON.stringify(message)}
`;
    if (!child.stdin.write(line)) await new Promise((resolve) => child.stdin.once("drain", () => resolve()));
  }
  /** Ends the server's stdin, gives it CLOSE_GRACE_MS to exit, then stops its process group. */
  close() {
    this.closing ??= this.stop();
    return this.closing;
  }
  async stop() {
    const child = this.child;
    if (child && this.exited) {
      child.stdin.end();
      let timer;
      await Promise.race([this.exited, new Promise((resolve) => timer = setTimeout(resolve, CLOSE_GRACE_MS))]);
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
  read(chunk) {
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
    for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
      this.partial.push(chunk.subarray(start, end));
      const line = Buffer.concat(this.partial).toString("utf8").replace(/\r$/, "");
      this.partial = [];
      start = end + 1;
      this.deliver(line);
    }
    if (start < chunk.length) this.partial.push(chunk.subarray(start));
  }
  deliver(line) {
    if (!line.trim()) return;
    let message;
    try {
      message = JSONRPCMessageSchema.parse(JSON.parse(line));
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    this.onmessage?.(message);
  }
};
export {
  McpStdioTransport
};
