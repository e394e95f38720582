/**
 * The public API of `recall-gate/adapter`: the adapter protocol's params and
 * results as an adapter sees them (examples/adapter/README.md is the
 * protocol), and the declarations of what the module exports.
 *
 * This file is the whole type surface: scripts/bundle.mjs emits it as
 * dist/adapter.d.ts with tsc, so it imports nothing. The implementations
 * (serve.ts, errors.ts) are type-checked against the declarations at the end
 * (see index.ts), so the published types cannot drift from the code.
 */

// ---------------------------------------------------------------------------
// Params recall-gate sends
// ---------------------------------------------------------------------------

/** How memory is used for one chat: the agent's normal policy, nothing, or the given `oracle` texts. */
export type MemoryMode = 'recall' | 'none' | 'oracle';

/** The memory failures recall-gate's fault conditions ask for, on the probe only. */
export type FaultKind = 'timeout' | 'empty' | 'down';

export interface ResetParams {
  /** Whose memory to forget. */
  user: string;
}

export interface ChatParams {
  /** Whose memory this turn reads and writes. */
  user: string;
  /** "Today" for the agent, `YYYY-MM-DD`, when the case gives one: store it with what is remembered. */
  date?: string;
  /** What the user says. */
  message: string;
  memory: MemoryMode;
  /**
   * With `memory: "oracle"`: the case's evidence, to put in the context
   * instead of searching. Each text comes as recall-gate sends it: prefixed
   * `[YYYY-MM-DD] ` with the date of the session it was said in, when that
   * session has a date ("[2024-05-02] I moved to Lisbon.").
   */
  oracle?: string[];
  /** Planted turns only: the 1-based session (one conversation) this turn belongs to. Absent for the probe, a fresh conversation. */
  session?: number;
  /** Planted turns only: the 1-based turn within that session. */
  turn?: number;
  /** Probe of a fault condition only (`memory` is then "recall"): make this turn's memory search fail this way. */
  fault?: FaultKind;
}

/** A memory as `add` carries it. */
export interface AddedMemory {
  id: string;
  text: string;
  date?: string;
}

export interface AddParams {
  user: string;
  /** Store these, keeping the ids: retrieval scores search results by them. */
  memories: AddedMemory[];
}

export interface SearchParams {
  user: string;
  query: string;
  /** At most this many results (a positive integer). */
  limit: number;
}

export interface ListParams {
  user: string;
}

// ---------------------------------------------------------------------------
// Results the handlers return
// ---------------------------------------------------------------------------

/** What memory put into the context for one chat. */
export interface RecalledMemory {
  id?: string;
  text: string;
  score?: number;
}

/** Tokens one chat spent. `model` names the model that spent them: recall-gate prices the tokens by it (else by the suite's e2e.target.model). */
export interface Usage {
  input_tokens: number;
  output_tokens: number;
  model?: string;
}

/** A memory tool call the agent made in one turn. */
export interface MemoryOp {
  op: 'insert' | 'replace' | 'delete' | 'rethink';
  /** The memory block ("human", "project_context", ...). */
  label?: string;
  /** What was written. */
  text?: string;
}

/** A tool call the agent made in one chat, in the order made. */
export interface ToolCall {
  name: string;
  /** The arguments as a JSON object. */
  arguments: Record<string, unknown>;
  /** Why the call was refused, when it was. */
  error?: string;
  /** What the tool answered. */
  result?: unknown;
}

/** A text file the agent produced in one chat. recall-gate keeps up to 1 MiB (UTF-8) of each and marks a longer one cut. */
export interface Artifact {
  path: string;
  content: string;
}

export interface ChatResult {
  /** The agent's answer. An empty reply to the probe makes the trial an error. */
  reply: string;
  /** What memory put into the context: report it on every call, `[]` when nothing was recalled. */
  recalled?: RecalledMemory[];
  /** This chat's tokens; without it the call's cost is unknown. */
  usage?: Usage;
  /** Time spent searching memory, in milliseconds. */
  recall_ms?: number;
  /** Why memory brought nothing back when the search failed (timed out, service down). */
  recall_error?: string;
  /** `true` when the model stopped at its length limit, so `reply` is cut. */
  truncated?: boolean;
  /** The model's finish reason; "length" means the same as `truncated: true`. */
  finish_reason?: string;
  /** The memory tool calls of this turn (`[]`: none); leave it out if the agent cannot tell. */
  memory_ops?: MemoryOp[];
  /** The tool calls of this chat, in order. */
  tool_calls?: ToolCall[];
  /** The files this chat produced. */
  artifacts?: Artifact[];
}

export interface SearchHit {
  id: string;
  text: string;
  /** Informative: recall-gate ranks results in the order returned, not by score. */
  score: number;
}

export interface SearchResult {
  /** Best first: recall-gate scores this order (a repeated id counts once, at its first place). */
  results: SearchHit[];
}

export interface ListedMemory {
  /** Needed by the retrieval layer; a memory snapshot for graders does without. */
  id?: string;
  text: string;
  date?: string;
  /** The memory block the entry is in. */
  label?: string;
}

export interface ListResult {
  memories: ListedMemory[];
}

// ---------------------------------------------------------------------------
// Handlers and serving
// ---------------------------------------------------------------------------

/** A handler may answer now or later. */
export type Awaitable<T> = T | Promise<T>;

/**
 * The adapter: one function per protocol method. `reset` and `chat` are
 * required; a missing optional one answers -32601 "Method not found", which
 * recall-gate reads as "this adapter cannot add/search/list". A handler that
 * throws answers -32603 with its message; throw an AdapterError for another
 * code (-32601 for a fault the adapter cannot simulate, say).
 */
export interface AdapterHandlers {
  reset(params: ResetParams): Awaitable<void | Record<string, never>>;
  chat(params: ChatParams): Awaitable<ChatResult>;
  add?(params: AddParams): Awaitable<void | Record<string, never>>;
  search?(params: SearchParams): Awaitable<SearchResult>;
  list?(params: ListParams): Awaitable<ListResult>;
}

export type TransportKind = 'stdio' | 'http';

export interface ServeOptions {
  /**
   * The command line to read `--stdio`, `--http`, `--host H` and `--port N`
   * from (default `process.argv.slice(2)`); other flags are left to the
   * adapter. Without `transport`, one of `--stdio` / `--http` is required: a
   * command line with neither (or both) prints the usage and exits with 2.
   */
  argv?: readonly string[];
  /** The transport, instead of reading it from `argv`. */
  transport?: TransportKind;
  /** HTTP: the interface to listen on (default `--host`, else 127.0.0.1). */
  host?: string;
  /** HTTP: the port (default `--port`, else 0: any free port). */
  port?: number;
  /** HTTP: when set, every request must carry `Authorization: Bearer <token>` (default: $ADAPTER_TOKEN). */
  token?: string;
  /** How the adapter names itself in its stderr lines (default "adapter"). */
  name?: string;
  /** stdio: called once recall-gate has closed stdin and every request has been answered; the process then exits. */
  onClose?: () => Awaitable<void>;
}

/** A running adapter. */
export interface ServedAdapter {
  transport: TransportKind;
  /** HTTP: the URL it listens on (also the first line of stdout). */
  url?: string;
  /** Stops serving: HTTP closes the server; stdio stops reading stdin. */
  close(): Promise<void>;
}

/** The standard JSON-RPC 2.0 error codes. */
export interface ErrorCodeTable {
  readonly parseError: -32700;
  readonly invalidRequest: -32600;
  readonly methodNotFound: -32601;
  readonly invalidParams: -32602;
  readonly internalError: -32603;
}

// ---------------------------------------------------------------------------
// What the module exports (implemented in serve.ts and errors.ts)
// ---------------------------------------------------------------------------

/**
 * Serves `handlers` over the transport the command line names: `--stdio`
 * (newline-delimited JSON-RPC on stdin/stdout; console.log and other stray
 * stdout writes go to stderr, so stdout carries only responses) or
 * `--http [--host H] [--port N]` (the URL is the first stdout line).
 * Requests are handled concurrently and answered by id.
 */
export declare function serveAdapter(handlers: AdapterHandlers, options?: ServeOptions): Promise<ServedAdapter>;

/** Thrown by a handler, answers the request with this JSON-RPC error. */
export declare class AdapterError extends Error {
  readonly code: number;
  readonly data?: unknown;
  constructor(code: number, message: string, data?: unknown);
}

export declare const ErrorCode: ErrorCodeTable;
