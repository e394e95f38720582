import { resolve } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { MemoryEntry } from '../model/e2e.js';
import { RecallGateError, invalidInput } from '../errors.js';
import type { InputProblem } from '../model/source.js';
import { redactUrl } from '../redact.js';
import { scrubSecrets } from '../secrets.js';
import type { McpToolRole, McpToolsSpec, ProviderSpec } from '../model/suite.js';
import { DEFAULT_ARGUMENTS, at, fillArguments, toolEntries, type Values } from './mcpTools.js';
import { httpHeaders } from '../protocol/adapterFromSpec.js';
import { childEnv, childEnvironment } from '../process/childEnv.js';
import { DEFAULT_TIMEOUT_MS, type CallOptions } from '../protocol/client.js';
import { describeValue, excerpt, isObject } from '../protocol/protocol.js';
import type { AdapterMemory } from '../protocol/protocol.js';
import type { MemoryClient } from './adapterStore.js';
import { TOOL_NAME, TOOL_VERSION } from '../version.js';
import { McpLimitError, MessageMeter } from './mcpLimits.js';
import type { SearchHit } from '../model/memory.js';
import { StderrTail } from '../process/stderrTail.js';

/**
 * An MCP memory server (a search tool, optionally add, list and reset tools)
 * reached through the official SDK's Client, over stdio (`command`) or
 * streamable HTTP (`url`). The suite names each tool, the arguments it takes
 * (templates filled per call) and where its result holds the items and their
 * fields, so the server's own search is scored with no adapter written.
 *
 * The client has the adapter protocol client's shape (MemoryClient), so it
 * is served as a MemoryStore by AdapterMemoryStore: the same lazy per-user
 * reset, the server's order kept, a repeated id counted once at its best rank.
 */

export interface McpConnection {
  /** stdio: the server's program and arguments. */
  command?: string[];
  cwd?: string;
  env?: Record<string, string>;
  /** Where a stdio server's stderr lines go (a run: adapter.log); recall-gate's stderr when absent. */
  onStderr?: (line: string) => void;
  /** Streamable HTTP: the server's endpoint. */
  url?: string;
  headers?: Record<string, string>;
}

/**
 * The SDK's Client on one server, connected on first use. Every request is
 * bounded by `timeoutMs` (connect and tools/list included), so a server that
 * hangs ends the call with an error naming the timeout.
 */
export class McpClient implements MemoryClient {
  readonly label: string;
  private connection?: Promise<Client>;
  private readonly stderrTail = new StderrTail();
  private closed = false;
  /** The requests waiting for an answer, named as messages name them, so a response over a limit can be tied to its request. */
  private readonly waiting = new Set<{ what: string }>();
  /** Set when a response broke a limit (mcpLimits.ts): the connection is closed, and every call says why. */
  private limitFailure?: { error: McpLimitError; during: { what: string }[] };

  constructor(
    private readonly server: McpConnection,
    private readonly tools: McpToolsSpec,
    readonly timeoutMs: number = DEFAULT_TIMEOUT_MS,
  ) {
    this.label = server.command ? `MCP server \`${server.command.join(' ')}\`` : `MCP server at ${redactUrl(server.url ?? '')}`;
  }

  /** The names of the tools the server offers. */
  async toolNames(): Promise<string[]> {
    const client = await this.client();
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.request('tools/list', () => client.listTools(cursor ? { cursor } : undefined, { timeout: this.timeoutMs }));
      names.push(...page.tools.map((tool) => tool.name));
      cursor = page.nextCursor;
    } while (cursor);
    return names;
  }

  async reset(user: string): Promise<void> {
    if (this.tools.reset) await this.callTool('reset', { user });
  }

  /** One call per memory: memory servers' add tools take one. Without an add tool the server is taken to hold the suite's memories already. */
  async add(user: string, memories: readonly AdapterMemory[]): Promise<void> {
    if (!this.tools.add) return;
    for (const memory of memories) await this.callTool('add', { user, id: memory.id, text: memory.text, date: memory.date });
  }

  async search(user: string, query: string, limit: number, options: CallOptions = {}): Promise<SearchHit[]> {
    const items = await this.items('search', { user, query, limit }, options.signal);
    const tool = this.tools.search;
    return items.map((item, index) => {
      const hit: SearchHit = { id: this.field(item, 'search', 'id', index, true)!, text: this.field(item, 'search', 'text', index, true)!, score: items.length - index };
      // The server's order is what is scored; a score it sends is kept as information, and stands in for the rank where it is a number.
      const score = at(item, tool.score ?? 'score');
      if (typeof score === 'number' && Number.isFinite(score)) hit.score = score;
      else if (tool.score !== undefined) throw this.unusable('search', `item ${index}'s "${tool.score}" is ${describeValue(score)}, not a number`);
      return hit;
    });
  }

  async list(user: string): Promise<MemoryEntry[]> {
    if (!this.tools.list) {
      throw new RecallGateError('incomplete', `${this.label}: the suite names no list tool, so what memory holds cannot be read`, {
        hint: 'name the server\'s list or read tool under the provider\'s tools.list (docs/providers.md, "MCP memory servers")',
      });
    }
    const items = await this.items('list', { user });
    return items.map((item, index) => {
      const entry: MemoryEntry = { text: this.field(item, 'list', 'text', index, true)! };
      const id = this.field(item, 'list', 'id', index, false);
      const date = this.field(item, 'list', 'date', index, false);
      if (id !== undefined) entry.id = id;
      if (date !== undefined) entry.date = date;
      return entry;
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const connection = this.connection;
    if (!connection) return;
    // Closing ends a stdio server's stdin, then stops its process group (SIGTERM, then SIGKILL): nothing is left running.
    await connection.then((client) => client.close()).catch(() => undefined);
  }

  private client(): Promise<Client> {
    if (this.closed) return Promise.reject(new RecallGateError('internal', `${this.label} was used after it was closed`));
    this.connection ??= this.connect();
    return this.connection;
  }

  private async connect(): Promise<Client> {
    // Loaded on first use: a run with no MCP provider never pays for the SDK.
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const client = new Client({ name: TOOL_NAME, version: TOOL_VERSION });
    await this.request('initialize', async () => client.connect(await this.transport(), { timeout: this.timeoutMs }));
    return client;
  }

  private async transport(): Promise<Transport> {
    const { command, cwd, env, url, headers } = this.server;
    if (command) {
      const { McpStdioTransport } = await import('./mcpStdio.js');
      const transport = new McpStdioTransport({ command: command[0]!, args: command.slice(1), cwd, env: childEnvironment(process.env, env) }, (line) => this.keepStderr(line));
      transport.onLimit = (error) => this.overLimit(error);
      return transport;
    }
    const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
    let transport: Transport | undefined = undefined;
    const fetch = meteredFetch((error) => {
      this.overLimit(error);
      // The SDK reads a streamed response on its own and would only time out: closing fails the waiting calls now.
      void transport?.close();
    });
    transport = new StreamableHTTPClientTransport(new URL(url!), { requestInit: { headers }, fetch });
    return transport;
  }

  /** A response broke a limit: remembered with the requests it may have answered, which fail saying so. */
  private overLimit(error: McpLimitError): void {
    this.limitFailure ??= { error, during: [...this.waiting] };
  }

  /** A stdio server's log goes where an adapter's does (adapter.log in a run); its last lines go into error messages. */
  private keepStderr(raw: string): void {
    const line = scrubSecrets(raw);
    this.stderrTail.add(line);
    if (this.server.onStderr) this.server.onStderr(line);
    else process.stderr.write(`${line}\n`);
  }

  /** The tool's result, as the items its `results` path points at. */
  private async items(role: McpToolRole, values: Values, signal?: AbortSignal): Promise<unknown[]> {
    const value = await this.callTool(role, values, signal);
    const path = this.tools[role]!.results;
    const items = at(value, path);
    if (Array.isArray(items)) return items;
    const arrays = isObject(value) ? Object.keys(value).filter((key) => Array.isArray(value[key])) : [];
    throw this.unusable(role, `${path ? `"${path}" in it` : 'it'} is ${describeValue(items)}, not a list of items`, arrays.length ? `set tools.${role}.results to where the items are: ${arrays.map((key) => JSON.stringify(key)).join(', ')}` : undefined);
  }

  /** A string field of one item: the id, text or date the suite's mapping names (default: the field of that name). */
  private field(item: unknown, role: McpToolRole, field: 'id' | 'text' | 'date', index: number, required: boolean): string | undefined {
    const path = this.tools[role]![field] ?? field;
    const value = at(item, path);
    // Servers number their ids; recall-gate's are strings.
    if (typeof value === 'string' || (field === 'id' && typeof value === 'number')) return String(value);
    if (!required && (value === undefined || value === null)) return undefined;
    throw this.unusable(role, `item ${index}'s "${path}" is ${describeValue(value)}, not a string`, `set tools.${role}.${field} to the path of the item's ${field}${isObject(item) ? ` (the item has ${Object.keys(item).join(', ')})` : ''}`);
  }

  /** Calls the role's tool with its arguments filled; returns structuredContent, else the JSON of its text content. */
  private async callTool(role: McpToolRole, values: Values, signal?: AbortSignal): Promise<unknown> {
    const tool = this.tools[role]!;
    const client = await this.client();
    const args = fillArguments(tool.arguments ?? DEFAULT_ARGUMENTS[role], values) as Record<string, unknown>;
    const result = await this.request(`tool "${tool.name}"`, () => client.callTool({ name: tool.name, arguments: args }, undefined, { timeout: this.timeoutMs, signal }));
    const content = Array.isArray(result.content) ? (result.content as { type: string; text?: string }[]) : [];
    const texts = content.filter((part) => part.type === 'text' && typeof part.text === 'string').map((part) => part.text!);
    if (result.isError) throw new RecallGateError('incomplete', `${this.label}: tool "${tool.name}" answered with an error: ${excerpt(texts.join(' ') || '(no text)')}`);
    if (result.structuredContent !== undefined) return result.structuredContent;
    if (role === 'add' || role === 'reset') return undefined;
    const parsed = texts.map((text) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw this.unusable(role, `its text content is not JSON: ${excerpt(text)}`);
      }
    });
    // One text part is the whole result; several are one item each (servers that answer a part per hit).
    return parsed.length === 1 ? parsed[0] : parsed;
  }

  /** Runs one request of the SDK's, its errors said as recall-gate says them. */
  private async request<T>(what: string, run: () => Promise<T>): Promise<T> {
    const call = { what };
    this.waiting.add(call);
    try {
      return await run();
    } catch (error) {
      if (error instanceof RecallGateError) throw error;
      if (this.limitFailure) throw this.limitError(call, error);
      const message = error instanceof Error ? error.message : String(error);
      // The SDK's McpError for an expired timeout (ErrorCode.RequestTimeout).
      if (isObject(error) && error.code === -32001) {
        throw new RecallGateError('incomplete', `${this.label}: ${what} got no response within ${this.timeoutMs} ms${this.stderrText()}`, { hint: 'the server may be stuck, or slower than the timeout allows: raise the provider\'s timeout_ms if it is just slow', cause: error });
      }
      throw new RecallGateError('incomplete', `${this.label}: ${what} failed: ${excerpt(message)}${this.stderrText()}`, { cause: error });
    } finally {
      this.waiting.delete(call);
    }
  }

  /** The call failed because a response broke a limit: this one's, or an earlier one's that closed the connection. */
  private limitError(call: { what: string }, cause: unknown): RecallGateError {
    const { error, during } = this.limitFailure!;
    const whose = during.length === 0 ? 'a message from the server' : `the server's response to ${[...new Set(during.map((waiting) => waiting.what))].join(' or ')}`;
    const earlier = during.includes(call) ? '' : `${call.what} failed: the connection was closed earlier because `;
    return new RecallGateError('incomplete', `${this.label}: ${earlier}${whose} was ${error.message}`, {
      hint: 'have the tool return fewer, smaller, flatter results (recall-gate reads only the items\' ids, texts and scores)',
      cause,
    });
  }

  private stderrText(): string {
    return this.stderrTail.said('block');
  }

  private unusable(role: McpToolRole, problem: string, hint?: string): RecallGateError {
    return new RecallGateError('incomplete', `${this.label}: tool "${this.tools[role]!.name}" (tools.${role}) returned an unusable result: ${problem}`, {
      hint: hint ?? `see docs/providers.md, "MCP memory servers", for how results map onto memories`,
    });
  }
}

/** Statuses whose response carries no body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * fetch for the SDK's HTTP transport that measures each successful response
 * as it is read (a JSON body as one message, an event stream line by line)
 * and fails the read at the first limit it breaks, calling `onLimit` first.
 */
function meteredFetch(onLimit: (error: McpLimitError) => void): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!response.ok || !response.body || NULL_BODY.has(response.status)) return response;
    const meter = new MessageMeter(/^text\/event-stream\b/i.test(response.headers.get('content-type') ?? ''));
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          try {
            meter.feed(chunk);
          } catch (error) {
            if (error instanceof McpLimitError) onLimit(error);
            throw error;
          }
          controller.enqueue(chunk);
        },
      }),
    );
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** The client a provider entry of kind mcp describes, with env, headers and secrets resolved. */
export function mcpClient(provider: ProviderSpec, baseDir: string, env: NodeJS.ProcessEnv, onStderr?: (line: string) => void): McpClient {
  const connection: McpConnection = provider.command
    ? { command: provider.command, cwd: resolve(baseDir, provider.cwd ?? '.'), env: childEnv(provider.env, env), ...(onStderr ? { onStderr } : {}) }
    : { url: provider.url!, headers: httpHeaders({ url: provider.url!, headers_env: provider.headers_env }, env) };
  return new McpClient(connection, provider.tools!, provider.timeout_ms);
}

/**
 * Before anything runs: every tool the suite names must be one the server
 * has. A missing one is an input problem at its line in the suite, listing
 * the tools the server offers. A server that cannot be reached is left to
 * the run, which reports it as that provider's error.
 */
export async function checkMcpTools(providers: readonly ProviderSpec[], baseDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  const problems: InputProblem[] = [];
  for (const provider of providers.filter((p) => p.kind === 'mcp')) {
    const client = mcpClient(provider, baseDir, env);
    try {
      const offered = await client.toolNames().catch(() => undefined);
      if (!offered) continue;
      for (const [role, tool] of toolEntries(provider.tools)) {
        if (offered.includes(tool.name)) continue;
        problems.push({
          where: provider.tools_where?.[role] ?? provider.where,
          message: `provider "${provider.name}": the ${client.label} has no tool "${tool.name}" (tools.${role})`,
          hint: offered.length ? `it has: ${offered.join(', ')}` : 'it offers no tools at all',
        });
      }
    } finally {
      await client.close();
    }
  }
  if (problems.length) throw invalidInput(problems);
}
