import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a Letta server, for the Letta adapter's tests: a real
 * Letta server cannot run on these machines (it needs packages this network
 * cannot reach). It answers only the REST endpoints the adapter's client
 * calls, in the shapes of Letta's documented API (the client's own types):
 *
 *   POST   /v1/agents/                          AgentCreateParams → AgentState (id, name, memory.blocks)
 *   DELETE /v1/agents/{id}
 *   GET    /v1/agents/{id}/core-memory/blocks   → BlockResponse[] (paged by `after`)
 *   POST   /v1/agents/{id}/messages             { messages } → LettaResponse (messages, stop_reason, usage)
 *
 * Its agent is scripted, not a model: a statement is written to the `human`
 * block with the memory_insert tool (a tool_call_message and its
 * tool_return_message, as Letta reports them), then acknowledged; a question
 * is answered by quoting the block line sharing the most words with it, or
 * "I don't know." So a probe passes only when the agent's memory blocks hold
 * the fact.
 */

interface Block {
  id: string;
  label: string;
  value: string;
  limit: number;
}

export interface LettaStandIn {
  url: string;
  /** Every request, method and path, in order. */
  requests: { method: string; path: string }[];
  /** The agents alive now, by id. */
  agents: Map<string, { name: string; blocks: Block[] }>;
  close(): Promise<void>;
}

const STOP = new Set(['the', 'a', 'an', 'is', 'my', 'what', 'do', 'i', 'me', 'for', 'of', 'to', 'in', 'on', 'and', 'you', 'any', 'did', 'should', 'can', 'we', 'how', 'much']);
const words = (text: string) => new Set((text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((word) => !STOP.has(word)).map((word) => word.replace(/(ing|ed|s)$/, '') || word));

export async function startLettaStandIn(): Promise<LettaStandIn> {
  const requests: LettaStandIn['requests'] = [];
  const agents: LettaStandIn['agents'] = new Map();

  function answer(agentId: string, content: string) {
    const agent = agents.get(agentId)!;
    const human = agent.blocks.find((block) => block.label === 'human');
    const now = new Date().toISOString();
    const said = content.replace(/^\[\d{4}-\d{2}-\d{2}\] /, '');
    const messages: Record<string, unknown>[] = [];
    let reply: string;
    if (said.trim().endsWith('?')) {
      const asked = words(said);
      const lines = (agent.blocks.map((block) => block.value).join('\n').split('\n') ?? []).filter(Boolean);
      const best = lines.map((line) => ({ line, shared: [...words(line)].filter((word) => asked.has(word)).length })).sort((a, b) => b.shared - a.shared)[0];
      reply = best && best.shared > 0 ? `You told me: ${best.line}` : "I don't know.";
    } else {
      const callId = `call-${randomUUID()}`;
      const args = { label: 'human', new_str: content, insert_line: -1 };
      if (human) human.value = human.value ? `${human.value}\n${content}` : content;
      messages.push({ id: `message-${randomUUID()}`, date: now, message_type: 'tool_call_message', tool_call: { name: 'memory_insert', arguments: JSON.stringify(args), tool_call_id: callId } });
      messages.push({ id: `message-${randomUUID()}`, date: now, message_type: 'tool_return_message', status: human ? 'success' : 'error', tool_call_id: callId, tool_return: human ? 'The core memory block with label `human` has been edited.' : 'No block labelled human.' });
      reply = 'Got it, I will remember that.';
    }
    messages.push({ id: `message-${randomUUID()}`, date: now, message_type: 'assistant_message', content: reply });
    const count = (text: string) => text.split(/\s+/).filter(Boolean).length;
    return {
      messages,
      stop_reason: { message_type: 'stop_reason', stop_reason: 'end_turn' },
      usage: { message_type: 'usage_statistics', prompt_tokens: count(agent.blocks.map((block) => block.value).join(' ')) + count(content), completion_tokens: count(reply), total_tokens: 0, step_count: messages.length },
    };
  }

  function route(request: IncomingMessage, body: unknown): [number, unknown] {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const parts = url.pathname.split('/').filter(Boolean);
    if (request.method === 'POST' && url.pathname === '/v1/agents/') {
      const params = body as { name?: string; memory_blocks?: { label: string; value: string; limit?: number }[] };
      const id = `agent-${randomUUID()}`;
      const blocks = (params.memory_blocks ?? []).map((block) => ({ id: `block-${randomUUID()}`, label: block.label, value: block.value, limit: block.limit ?? 5000 }));
      agents.set(id, { name: params.name ?? id, blocks });
      return [200, { id, name: params.name ?? id, agent_type: 'memgpt_v2_agent', memory: { blocks }, tools: [] }];
    }
    const agentId = parts[2];
    if (parts[0] !== 'v1' || parts[1] !== 'agents' || !agentId || !agents.has(agentId)) return [404, { detail: `Agent ${agentId} not found` }];
    if (request.method === 'DELETE' && parts.length === 3) {
      agents.delete(agentId);
      return [200, {}];
    }
    if (request.method === 'GET' && parts[3] === 'core-memory' && parts[4] === 'blocks' && parts.length === 5) {
      // ArrayPage: the client asks for the page after the last id it got; one page holds them all.
      return [200, url.searchParams.has('after') ? [] : agents.get(agentId)!.blocks];
    }
    if (request.method === 'POST' && parts[3] === 'messages' && parts.length === 4) {
      const sent = (body as { messages?: { role: string; content: string }[] }).messages?.at(-1)?.content;
      if (typeof sent !== 'string') return [422, { detail: 'messages: a user message with string content is required' }];
      return [200, answer(agentId, sent)];
    }
    return [404, { detail: `no route ${request.method} ${url.pathname}` }];
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ method: request.method ?? '', path: request.url ?? '' });
      const raw = Buffer.concat(chunks).toString('utf8');
      const [status, payload] = route(request, raw ? JSON.parse(raw) : {});
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    agents,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
