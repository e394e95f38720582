
// src/process/processGroup.ts
var GROUPS = process.platform !== "win32";
var POLL_MS = 25;
var OWN_GROUP = { detached: GROUPS };
function signalGroup(child, signal) {
  if (child.pid === void 0) return;
  try {
    if (GROUPS) process.kill(-child.pid, signal);
    else if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  } catch {
  }
}
function groupAlive(child) {
  if (child.pid === void 0) return false;
  if (!GROUPS) return child.exitCode === null && child.signalCode === null;
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}
async function stopGroup(child, graceMs) {
  if (groupAlive(child)) {
    signalGroup(child, "SIGTERM");
    if (!await until(() => !groupAlive(child), graceMs)) {
      signalGroup(child, "SIGKILL");
      await until(() => !groupAlive(child), 1e3);
    }
  }
  releasePipes(child);
}
function releasePipes(child) {
  for (const stream of [child.stdin, child.stdout, child.stderr]) stream?.destroy();
  child.unref();
}
async function until(done, ms) {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return true;
}

// src/memory/mcpLimits.ts
var MAX_MCP_MESSAGE_BYTES = 10 * 1024 * 1024;
var MAX_MCP_MESSAGE_DEPTH = 100;
var McpLimitError = class extends Error {
  constructor(problem) {
    super(problem);
    this.name = "McpLimitError";
  }
};
var NEWLINE = 10;
var QUOTE = 34;
var BACKSLASH = 92;
var OPEN_ARRAY = 91;
var OPEN_OBJECT = 123;
var CLOSE_ARRAY = 93;
var CLOSE_OBJECT = 125;
var MessageMeter = class {
  constructor(perLine, maxBytes = MAX_MCP_MESSAGE_BYTES, maxDepth = MAX_MCP_MESSAGE_DEPTH) {
    this.perLine = perLine;
    this.maxBytes = maxBytes;
    this.maxDepth = maxDepth;
  }
  perLine;
  maxBytes;
  maxDepth;
  bytes = 0;
  depth = 0;
  inString = false;
  escaped = false;
  /** Takes the next bytes; throws McpLimitError once the message breaks a limit. */
  feed(chunk) {
    for (let index = 0; index < chunk.length; index++) {
      const byte = chunk[index];
      if (byte === NEWLINE && this.perLine) {
        this.bytes = this.depth = 0;
        this.inString = this.escaped = false;
        continue;
      }
      if (++this.bytes > this.maxBytes) throw new McpLimitError(`over ${this.maxBytes} bytes, the most recall-gate reads of one message`);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) this.inString = false;
      } else if (byte === QUOTE) this.inString = true;
      else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
        if (++this.depth > this.maxDepth) throw new McpLimitError(`nested deeper than ${this.maxDepth} levels of arrays and objects, the most recall-gate reads`);
      } else if ((byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) && this.depth > 0) this.depth -= 1;
    }
  }
};

export {
  OWN_GROUP,
  signalGroup,
  stopGroup,
  McpLimitError,
  MessageMeter
};
