/**
 * A real MCP memory server, written with the official SDK, for the mcp
 * provider's tests: memory_search, memory_add and memory_list over an
 * in-process BM25 index (recall-gate's own KeywordStore, so its ranking is
 * the keyword provider's). It keeps its own ids ("mem-1", ...) and the
 * caller's id in metadata, as hosted memory services do.
 *
 *   node build/test/support/mcpServer.js --stdio [--hang | --huge | --deep] [--helper]
 *   node build/test/support/mcpServer.js --http [--hang | --huge | --deep]   (prints its URL first)
 *
 * --hang: memory_search never answers (a stuck server).
 * --huge: memory_search answers with a memory text of HUGE_TEXT_BYTES.
 * --deep: memory_search answers with metadata nested DEEP_LEVELS deep.
 * --helper: the server first starts a helper process that inherits its
 *   stdout and stderr and never exits, and writes {shell: its parent, server,
 *   helper} pids to $PID_FILE (the process-group tests).
 * Search answers in structuredContent; list answers as JSON text content:
 * the two ways servers send results.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { KeywordStore } from '../../src/memory/keyword.js';

/** Over the 10 MiB recall-gate reads of one MCP message. */
export const HUGE_TEXT_BYTES = 11 * 1024 * 1024;
/** Deeper than recall-gate reads, and shallow enough for the SDK's server to serialize. */
export const DEEP_LEVELS = 1000;

export interface MemoryServiceOptions {
  /** memory_search never answers. */
  hang?: boolean;
  /** memory_search answers over a limit: one memory's text too long, or its metadata too deep. */
  oversize?: 'huge' | 'deep';
}

function nested(levels: number): unknown {
  let value: unknown = {};
  for (let level = 1; level < levels; level++) value = { inner: value };
  return value;
}

interface Stored {
  id: string;
  user: string;
  content: string;
  metadata: Record<string, unknown>;
}

/** The memory service the server's tools call: one index for every session of the server. */
export class MemoryService {
  private readonly index = new KeywordStore();
  private readonly byId = new Map<string, Stored>();
  private next = 1;
  /** Tool calls received, by tool name. */
  readonly calls: Record<string, number> = {};

  constructor(readonly options: MemoryServiceOptions = {}) {}

  async call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    this.calls[name] = (this.calls[name] ?? 0) + 1;
    const user = String(args.user ?? 'default');
    switch (name) {
      case 'memory_add': {
        const memory: Stored = { id: `mem-${this.next++}`, user, content: String(args.content), metadata: (args.metadata as Record<string, unknown>) ?? {} };
        this.byId.set(memory.id, memory);
        await this.index.add([{ id: memory.id, text: memory.content, user }]);
        return { content: [{ type: 'text', text: JSON.stringify({ id: memory.id }) }] };
      }
      case 'memory_search': {
        if (this.options.hang) return new Promise<never>(() => undefined);
        if (this.options.oversize) {
          const result = this.options.oversize === 'huge' ? { memory_id: 'mem-huge', content: 'x'.repeat(HUGE_TEXT_BYTES), metadata: {} } : { memory_id: 'mem-deep', content: 'deep', metadata: nested(DEEP_LEVELS) };
          return { content: [{ type: 'text', text: '1 memory' }], structuredContent: { data: { results: [result] } } };
        }
        if (typeof args.limit !== 'number') return { isError: true, content: [{ type: 'text', text: `limit must be a number, got ${JSON.stringify(args.limit)}` }] };
        const hits = await this.index.search(user, String(args.query), args.limit);
        const results = hits.map((hit) => {
          const memory = this.byId.get(hit.id)!;
          return { memory_id: memory.id, content: memory.content, relevance: hit.score, metadata: memory.metadata };
        });
        return { content: [{ type: 'text', text: `${results.length} memories` }], structuredContent: { data: { results } } };
      }
      case 'memory_list': {
        const memories = [...this.byId.values()].filter((memory) => memory.user === user).map((memory) => ({ memory_id: memory.id, content: memory.content, metadata: memory.metadata }));
        return { content: [{ type: 'text', text: JSON.stringify({ memories }) }] };
      }
      default:
        return { isError: true, content: [{ type: 'text', text: `unknown tool ${name}` }] };
    }
  }
}

const TOOLS = [
  {
    name: 'memory_search',
    description: "Searches the user's memories.",
    inputSchema: { type: 'object' as const, properties: { query: { type: 'string' }, limit: { type: 'integer' }, user: { type: 'string' } }, required: ['query', 'limit', 'user'] },
  },
  {
    name: 'memory_add',
    description: 'Stores one memory for the user.',
    inputSchema: { type: 'object' as const, properties: { content: { type: 'string' }, user: { type: 'string' }, metadata: { type: 'object' } }, required: ['content', 'user'] },
  },
  { name: 'memory_list', description: "Lists the user's memories.", inputSchema: { type: 'object' as const, properties: { user: { type: 'string' } }, required: ['user'] } },
];

/** One MCP server session on the service. */
export function mcpServer(service: MemoryService): Server {
  const server = new Server({ name: 'test-memory', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, (request) => service.call(request.params.name, request.params.arguments ?? {}));
  return server;
}

export interface RunningMcpHttpServer {
  url: string;
  service: MemoryService;
  close(): Promise<void>;
}

/** The server over streamable HTTP on a free local port (stateful: one session per client, as the SDK's client expects). */
export async function startMcpHttpServer(service = new MemoryService()): Promise<RunningMcpHttpServer> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const http: HttpServer = createServer((request, response) => {
    void (async () => {
      const sessionId = request.headers['mcp-session-id'];
      let transport = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
      if (!transport) {
        transport = new StreamableHTTPServerTransport({ sessionIdGenerator: randomUUID, onsessioninitialized: (id) => void sessions.set(id, transport!) });
        await mcpServer(service).connect(transport);
      }
      await transport.handleRequest(request, response);
    })().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}/mcp`,
    service,
    close: async () => {
      for (const transport of sessions.values()) await transport.close().catch(() => undefined);
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

async function main(argv: string[]): Promise<void> {
  const oversize = argv.includes('--huge') ? 'huge' : argv.includes('--deep') ? 'deep' : undefined;
  const service = new MemoryService({ hang: argv.includes('--hang'), ...(oversize ? { oversize } : {}) });
  if (argv.includes('--helper')) {
    const helper = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: ['ignore', 'inherit', 'inherit'] });
    writeFileSync(process.env.PID_FILE!, JSON.stringify({ shell: process.ppid, server: process.pid, helper: helper.pid }));
    helper.unref();
  }
  if (argv.includes('--http')) {
    const running = await startMcpHttpServer(service);
    process.stdout.write(`${running.url}\n`);
    return;
  }
  await mcpServer(service).connect(new StdioServerTransport());
  process.stderr.write('test-memory MCP server ready on stdio\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main(process.argv.slice(2));
