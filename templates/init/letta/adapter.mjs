#!/usr/bin/env node
// The adapter between recall-gate and your Letta agent: recall-gate calls it
// over JSON-RPC (suite.yaml starts `node adapter.mjs --stdio`), and it talks
// to your Letta server through Letta's client (@letta-ai/letta-client). Each
// trial's user gets a fresh agent made as YOUR AGENT is made, each turn is one
// message to it, and its core memory blocks are what it recalls (Letta keeps
// them in the agent's context) and what `list` shows.
//
// YOUR AGENT: agent-settings.json beside this file holds the params of
// `agents.create` (model, embedding, memory_blocks, system, tools, ...): put
// your agent's there. Or export it as an agent file and set LETTA_AGENT_FILE
// (suite.yaml's env:) to import each user's agent from it.
//
// LETTA_BASE_URL (default http://localhost:8283) and LETTA_API_KEY (Letta
// Cloud) reach the server. Letta has no memory search to seed or score, so
// the suite has no retrieval layer, and fault conditions answer an error.

import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import Letta, { toFile } from '@letta-ai/letta-client';
import { AdapterError, ErrorCode, serveAdapter } from 'recall-gate/adapter';

/** Letta's memory tools, and the op each is in the protocol's memory_ops. */
const MEMORY_TOOLS = { memory_insert: 'insert', memory_replace: 'replace', memory_rethink: 'rethink', core_memory_append: 'insert', core_memory_replace: 'replace' };

const settings = JSON.parse(readFileSync(new URL('./agent-settings.json', import.meta.url), 'utf8'));
const agentFile = process.env.LETTA_AGENT_FILE;
const client = new Letta({ baseURL: process.env.LETTA_BASE_URL || 'http://localhost:8283', apiKey: process.env.LETTA_API_KEY || undefined });

/** A fresh agent, from the agent file or the settings; `blocks` replaces the memory blocks (for the none and oracle conditions). */
async function createAgent(name, blocks) {
  if (agentFile && !blocks) {
    const { agent_ids: ids } = await client.agents.importFile({ file: await toFile(readFileSync(agentFile), basename(agentFile)), append_copy_suffix: true });
    return ids[0];
  }
  const agent = await client.agents.create({ ...settings, name, ...(blocks ? { memory_blocks: blocks } : {}) });
  return agent.id;
}

/** Each user's agent (a promise of its id), made at reset. */
const agents = new Map();

function agentOf(user) {
  if (!agents.has(user)) agents.set(user, createAgent(`recall-gate-${user}`));
  return agents.get(user);
}

async function blocksOf(agentId) {
  const blocks = [];
  for await (const block of client.agents.blocks.list(agentId)) blocks.push(block);
  return blocks;
}

/** The tool calls of a response in the protocol's shape, arguments parsed, each with its return or error. */
function toolCallsOf(messages) {
  const returns = new Map(messages.filter((message) => message.message_type === 'tool_return_message').map((message) => [message.tool_call_id, message]));
  return messages
    .filter((message) => message.message_type === 'tool_call_message')
    .map(({ tool_call: call }) => {
      let args;
      try {
        args = JSON.parse(call.arguments || '{}');
      } catch {
        args = { text: call.arguments };
      }
      const answer = returns.get(call.tool_call_id);
      return { name: call.name, arguments: args, ...(answer?.status === 'error' ? { error: String(answer.tool_return) } : answer ? { result: answer.tool_return } : {}) };
    });
}

const writtenText = (args) => args.new_str ?? args.new_memory ?? args.content ?? args.text;

/** One message to an agent, as the protocol's chat result; `recalled` is what the agent had in context. */
async function turn(agentId, date, message, recalled) {
  const response = await client.agents.messages.create(agentId, { messages: [{ role: 'user', content: date ? `[${date}] ${message}` : message }] });
  const toolCalls = toolCallsOf(response.messages);
  const said = response.messages.filter((item) => item.message_type === 'assistant_message').at(-1)?.content ?? '';
  const model = settings.model?.replace(/^[^/]*\//, '');
  return {
    reply: typeof said === 'string' ? said : said.map((part) => part.text ?? '').join(''),
    recalled,
    ...(response.usage ? { usage: { input_tokens: response.usage.prompt_tokens ?? 0, output_tokens: response.usage.completion_tokens ?? 0, ...(model ? { model } : {}) } } : {}),
    memory_ops: toolCalls.filter((call) => call.name in MEMORY_TOOLS).map((call) => ({ op: MEMORY_TOOLS[call.name], ...(call.arguments.label ? { label: call.arguments.label } : {}), ...(writtenText(call.arguments) ? { text: writtenText(call.arguments) } : {}) })),
    tool_calls: toolCalls,
  };
}

const inContext = (blocks) => blocks.filter((block) => block.value.trim()).map((block) => ({ id: block.id, text: block.value }));

await serveAdapter(
  {
    /** Before each trial: a new agent for the user; the old one, and all it remembers, is deleted. */
    async reset({ user }) {
      const old = agents.get(user);
      agents.delete(user);
      if (old) await client.agents.delete(await old);
      await agentOf(user);
    },

    async chat({ user, date, message, memory, oracle, session, fault }) {
      if (fault) throw new AdapterError(ErrorCode.methodNotFound, `Letta's memory is the agent's context: there is no search to make fail (fault "${fault}")`);
      // Planted turns go to the user's agent under every condition: it keeps what it is told.
      if (memory === 'recall' || session !== undefined) {
        const agentId = await agentOf(user);
        return turn(agentId, date, message, inContext(await blocksOf(agentId)));
      }
      // The probe under none: a fresh agent with an empty human block; under oracle, one holding the oracle texts. Deleted after.
      const human = memory === 'oracle' ? (oracle ?? []).join('\n') : '';
      const others = (settings.memory_blocks ?? []).filter((block) => block.label !== 'human');
      const blocks = [...others, { label: 'human', value: human }];
      const agentId = await createAgent(`recall-gate-${user}-${memory}`, blocks);
      try {
        return await turn(agentId, date, message, memory === 'oracle' ? (oracle ?? []).map((text) => ({ text })) : []);
      } finally {
        await client.agents.delete(agentId);
      }
    },

    /** The agent's core memory blocks, for memory graders. */
    async list({ user }) {
      const blocks = await blocksOf(await agentOf(user));
      return { memories: blocks.map((block) => ({ id: block.id, text: block.value, label: block.label })) };
    },
  },
  { name: 'letta adapter' },
);
