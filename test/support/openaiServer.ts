import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NgramEmbedder } from '../../src/embeddings/ngram.js';

/**
 * One scripted misbehaviour, used for the next request that arrives (for the
 * next request to `path`, when a fault names one). A body may be made from the
 * request, as servers that echo the key they rejected do.
 */
export type Fault =
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: string | ((request: IncomingMessage) => string); path?: string }
  /** No answer, ever; `when` limits it to requests whose body it accepts (the probe's query, not the session's memory). */
  | { kind: 'hang'; path?: string; when?: (body: unknown) => boolean }
  | { kind: 'malformed' }
  /** Status 200 and headers at once, then the body one byte every `everyMs` ms, never finishing. */
  | { kind: 'trickle'; everyMs: number }
  /** A chat completion with exactly this content, finish_reason and usage (any JSON, nonsense included). */
  | { kind: 'completion'; content: string | null; finish_reason?: string; usage?: unknown };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
  at: number;
  /** Set when the client closed the connection of a request the server never answered (a hang): it gave up on it. */
  aborted?: true;
  /** What a chat completion request was answered with (the JSON body), so tests can sum the usage it reported. */
  response?: unknown;
}

export interface OpenAIServerOptions {
  /** Faults served in order, one per request, before normal answers resume. */
  faults?: Fault[];
  /** Added to every answer, in milliseconds. */
  latencyMs?: number;
  /** Vectors for the embeddings API; by default the n-gram embedder's (deterministic). */
  embed?: (texts: string[]) => number[][];
  /** The key the server accepts; requests with another key get 401. */
  apiKey?: string;
  /** Answers for the chat API: a reply in words, or tool calls (answered with finish_reason tool_calls); by default `answerFromMemories`. */
  chat?: (request: ChatRequestBody) => string | ScriptedToolCalls;
  /** The `model` a response names, from the one requested (as the API answers "gpt-4o-2024-08-06" for "gpt-4o"); by default the one requested. */
  answeredModel?: (requested: string) => string;
}

/** A scripted assistant turn that calls tools: `arguments` is sent as written (so it may be anything, not JSON included); `content` beside them is null unless given. */
export interface ScriptedToolCalls {
  tool_calls: { name: string; arguments: string }[];
  content?: string;
}

export interface ChatRequestBody {
  model: string;
  /**
   * `content` is null on an assistant turn that only called tools (typed as a
   * string for the callers that never send tools); such a turn carries
   * `tool_calls`, and each answer is a `tool` message naming its `tool_call_id`.
   */
  messages: { role: string; content: string; tool_calls?: { id: string; type: string; function: { name: string; arguments: string } }[]; tool_call_id?: string }[];
  response_format?: { type: string };
  tools?: { type: string; function: { name: string; description?: string; parameters?: unknown } }[];
  tool_choice?: unknown;
}

/** Memory lines the builtin agent puts in its system prompt: "- [2026-09-02] text" or "- text". */
export function memoriesShown(request: ChatRequestBody): { date?: string; text: string }[] {
  const system = request.messages.find((message) => message.role === 'system')?.content ?? '';
  return [...system.matchAll(/^- (?:\[(\d{4}-\d{2}-\d{2})\] )?(.*)$/gm)].map((match) => ({ date: match[1], text: match[2]! }));
}

const STOP = new Set(['the', 'a', 'an', 'is', 'our', 'my', 'what', 'do', 'i', 'me', 'for', 'of', 'to', 'in', 'on', 'and', 'you', 'have', 'any', 'am', 'did']);
// A crude stem, so "eating" meets "eat" and "starting" meets "start".
const stemWord = (word: string) => word.replace(/(ing|ed|s)$/, '') || word;
const contentWords = (text: string) => new Set((text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((word) => !STOP.has(word)).map(stemWord));

/**
 * A scripted model that answers only from the memories it was shown: the
 * newest memory sharing a word with the question, or "I don't know." when none
 * does. So a probe passes only if memory carried the fact into the prompt.
 */
export function answerFromMemories(request: ChatRequestBody): string {
  const question = request.messages.filter((message) => message.role === 'user').at(-1)?.content ?? '';
  const words = contentWords(question);
  const relevant = memoriesShown(request).filter((memory) => [...contentWords(memory.text)].some((word) => words.has(word)));
  if (relevant.length === 0) return "I don't know; you haven't told me that.";
  const newest = [...relevant].sort((a, b) => (a.date ?? '').localeCompare(b.date ?? '')).at(-1)!;
  return `From what you told me${newest.date ? ` on ${newest.date}` : ''}: ${newest.text}`;
}

/**
 * A scripted memory extractor for mem0's OSS `Memory` with `infer: true`:
 * given mem0's extraction request (its system prompt names a "Memory
 * Extractor"; the user prompt lists "## New Messages" as "role: text" lines),
 * it answers mem0's JSON shape `{"memory": [{"id", "text"}]}`, one fact per
 * statement the user made (questions are not facts). Anything else: undefined,
 * so a test can fall back to another answer.
 */
export function mem0Extraction(request: ChatRequestBody): string | undefined {
  const system = request.messages.find((message) => message.role === 'system')?.content ?? '';
  if (!system.includes('Memory Extractor')) return undefined;
  const prompt = request.messages.find((message) => message.role === 'user')?.content ?? '';
  const said = /## New Messages\n([\s\S]*?)\n\n## /.exec(prompt)?.[1] ?? '';
  const statements = [...said.matchAll(/^user: (.*)$/gm)]
    .flatMap((line) => line[1]!.split(/(?<=[.!?])\s+/))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence && !sentence.endsWith('?'));
  return JSON.stringify({ memory: statements.map((text, index) => ({ id: String(index), text })) });
}

export interface OpenAIServer {
  url: string;
  requests: RecordedRequest[];
  faults: Fault[];
  close(): Promise<void>;
}

/**
 * A local HTTP server that speaks the parts of the OpenAI API recall-gate uses
 * (POST /v1/embeddings, POST /v1/chat/completions), with scripted answers,
 * faults and latency, recording every request.
 */
export async function startOpenAIServer(options: OpenAIServerOptions = {}): Promise<OpenAIServer> {
  const requests: RecordedRequest[] = [];
  const faults = [...(options.faults ?? [])];
  const ngram = new NgramEmbedder({ dimensions: 64 });
  const embed = options.embed ?? ((texts: string[]) => texts.map((text) => Array.from(ngram.embedOne(text))));
  const hanging: ServerResponse[] = [];
  const trickles: NodeJS.Timeout[] = [];
  /** Set by close(): connections it destroys were not closed by the client. */
  let closing = false;

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        // keep the raw text
      }
      const record: RecordedRequest = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, body, at: Date.now() };
      requests.push(record);
      const answer = () => respond(request, response, record);
      if (options.latencyMs) setTimeout(answer, options.latencyMs);
      else answer();
    });
  });

  function respond(request: IncomingMessage, response: ServerResponse, record: RecordedRequest): void {
    const body = record.body;
    const at = faults.findIndex(
      (candidate) => (!('path' in candidate) || candidate.path === undefined || candidate.path === request.url) && (!('when' in candidate) || candidate.when === undefined || candidate.when(body)),
    );
    const fault = at < 0 ? undefined : faults.splice(at, 1)[0];
    if (fault?.kind === 'hang') {
      response.on('close', () => {
        if (!closing) record.aborted = true;
      });
      hanging.push(response);
      return;
    }
    if (fault?.kind === 'trickle') {
      response.writeHead(200, { 'content-type': 'application/json' });
      // JSON may start with any amount of whitespace: the body is never wrong, only never done.
      const timer = setInterval(() => response.write(' '), fault.everyMs);
      trickles.push(timer);
      response.on('close', () => clearInterval(timer));
      hanging.push(response);
      return;
    }
    if (fault?.kind === 'completion') {
      json(response, 200, {
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: (body as ChatRequestBody).model,
        choices: [{ index: 0, message: { role: 'assistant', content: fault.content }, finish_reason: fault.finish_reason ?? 'stop' }],
        ...(fault.usage !== undefined ? { usage: fault.usage } : {}),
      });
      return;
    }
    if (fault?.kind === 'malformed') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"data": [');
      return;
    }
    if (fault?.kind === 'status') {
      response
        .writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers })
        .end((typeof fault.body === 'function' ? fault.body(request) : fault.body) ?? JSON.stringify({ error: { message: `scripted ${fault.status}`, type: 'server_error' } }));
      return;
    }
    if (options.apiKey && request.headers.authorization !== `Bearer ${options.apiKey}`) {
      json(response, 401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } });
      return;
    }
    if (request.method === 'POST' && request.url === '/v1/embeddings') {
      const { input, model } = body as { input: string | string[]; model: string };
      const texts = Array.isArray(input) ? input : [input];
      const vectors = embed(texts);
      json(response, 200, {
        object: 'list',
        model: options.answeredModel?.(model) ?? model,
        data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })),
        usage: { prompt_tokens: texts.join(' ').split(/\s+/).length, total_tokens: texts.join(' ').split(/\s+/).length },
      });
      return;
    }
    if (request.method === 'POST' && request.url === '/v1/chat/completions') {
      const chatRequest = body as ChatRequestBody;
      const answer = (options.chat ?? answerFromMemories)(chatRequest);
      const count = (text: string | null) => (text ?? '').split(/\s+/).filter(Boolean).length;
      const message =
        typeof answer === 'string'
          ? { role: 'assistant', content: answer }
          : {
              role: 'assistant',
              content: answer.content ?? null,
              tool_calls: answer.tool_calls.map((call, index) => ({ id: `call_${requests.length}_${index + 1}`, type: 'function', function: call })),
            };
      const spoken = typeof answer === 'string' ? answer : answer.tool_calls.map((call) => `${call.name} ${call.arguments}`).join(' ');
      json(response, 200, (record.response = {
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: options.answeredModel?.(chatRequest.model) ?? chatRequest.model,
        choices: [{ index: 0, message, finish_reason: typeof answer === 'string' ? 'stop' : 'tool_calls' }],
        usage: {
          prompt_tokens: chatRequest.messages.reduce((sum, message) => sum + count(message.content), 0),
          completion_tokens: count(spoken),
          total_tokens: 0,
        },
      }));
      return;
    }
    json(response, 404, { error: { message: `no route ${request.method} ${request.url}`, type: 'invalid_request_error' } });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    faults,
    close: async () => {
      closing = true;
      for (const timer of trickles) clearInterval(timer);
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function json(response: ServerResponse, status: number, payload: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
}
