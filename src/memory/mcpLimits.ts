/*
 * What recall-gate reads of one message from an MCP server. Past these the
 * connection is closed and the call that was waiting fails saying which
 * limit its response broke, rather than "Connection closed" (what the SDK's
 * own stdio limit ends in) or a read that grows without end (HTTP has none).
 */

/** The largest message: the SDK's stdio limit, applied to HTTP responses too. */
export const MAX_MCP_MESSAGE_BYTES = 10 * 1024 * 1024;

/**
 * The deepest nesting of arrays and objects in a message. Memory results are
 * a handful of levels deep; thousands of levels overflow the call stack of
 * code that walks or serializes them (the SDK's own server cannot send one).
 */
export const MAX_MCP_MESSAGE_DEPTH = 100;

/** A message over one of the limits; the message completes "the server's response to X was ...". */
export class McpLimitError extends Error {
  constructor(problem: string) {
    super(problem);
    this.name = 'McpLimitError';
  }
}

const NEWLINE = 0x0a;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Measures a stream of JSON text as it arrives, without parsing it: the
 * bytes of the current message and how deep in arrays and objects it is.
 * `perLine`: each line is a message (stdio, server-sent events); otherwise
 * the whole stream is one (an application/json body).
 */
export class MessageMeter {
  private bytes = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(
    private readonly perLine: boolean,
    private readonly maxBytes = MAX_MCP_MESSAGE_BYTES,
    private readonly maxDepth = MAX_MCP_MESSAGE_DEPTH,
  ) {}

  /** Takes the next bytes; throws McpLimitError once the message breaks a limit. */
  feed(chunk: Uint8Array): void {
    for (let index = 0; index < chunk.length; index++) {
      const byte = chunk[index]!;
      if (byte === NEWLINE && this.perLine) {
        // JSON text holds no raw line break, in strings or out: the line is a whole message.
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
}
