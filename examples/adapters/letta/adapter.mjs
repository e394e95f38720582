#!/usr/bin/env node
// A Letta agent behind recall-gate's adapter protocol, through the official
// client (@letta-ai/letta-client): one agent per trial user, created from an
// agent file (.af) or from settings, each turn one message to it, `list` its
// core memory blocks (label and value), its memory tool calls reported as
// memory_ops.
//
//   node adapter.mjs --stdio | --http [--port N] [--agent-file agent.af | --agent-settings settings.json]
//
// LETTA_BASE_URL (default http://localhost:8283) and LETTA_API_KEY reach the
// server. README.md says what each condition does.

import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import Letta, { toFile } from '@letta-ai/letta-client';
import { AdapterError, ErrorCode, serveAdapter } from 'recall-gate/adapter';

/** Letta's memory tools, and the op each is in the protocol's memory_ops. */
const MEMORY_TOOLS = { memory_insert: 'insert', memory_replace: 'replace', memory_rethink: 'rethink', core_memory_append: 'insert', core_memory_replace: 'replace' };

/** Settings of a new agent when neither a file nor settings are given: Letta's usual human and persona blocks. */
const DEFAULT_SETTINGS = {
  model: process.env.LETTA_MODEL || 'openai/gpt-4o-mini',
  embedding: process.env.LETTA_EMBEDDING || 'openai/text-embedding-3-small',
  memory_blocks: [
    { label: 'human', value: '' },
    { label: 'persona', value: 'I am a helpful personal assistant. I keep what the user tells me in my memory blocks.' },
  ],
};

const { values } = parseArgs({ options: { 'agent-file': { type: 'string' }, 'agent-settings': { type: 'string' } }, strict: false, allowPositionals: true });
const agentFile = values['agent-file'] ?? process.env.LETTA_AGENT_FILE;
const settingsFile = values['agent-settings'] ?? process.env.LETTA_AGENT_SETTINGS;
const settings = settingsFile ? JSON.parse(readFileSync(settingsFile, 'utf8')) : DEFAULT_SETTINGS;
const client = new Letta({ baseURL: process.env.LETTA_BASE_URL || 'http://localhost:8283', apiKey: process.env.LETTA_API_KEY || undefined });

/** A fresh agent, from the agent file or the settings; `blocks` replaces the memory blocks (the oracle's). */
async function createAgent(name, blocks) {
  if (agentFile && !blocks) {
    const { agent_ids: ids } = await client.agents.importFile({ file: await toFile(readFileSync(agentFile), basename(agentFile)), append_copy_suffix: true });
    return ids[0];
  }
  const agent = await client.agents.create({ ...settings, name, ...(blocks ? { memory_blocks: blocks } : {}) });
  return agent.id;
}

/** The agent of each user, made at reset. */
const agents = new Map();

async function agentOf(user) {
  if (!agents.has(user)) agents.set(user, createAgent(`recall-gate-${user}`));
  return agents.get(user);
}

async function blocksOf(agentId) {
  const blocks = [];
  for await (const block of client.agents.blocks.list(agentId)) blocks.push(block);
  return blocks;
}

/** The tool calls of a response, arguments parsed (a call whose arguments are not JSON keeps them as text). */
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

function memoryOpsOf(toolCalls) {
  return toolCalls
    .filter((call) => call.name in MEMORY_TOOLS)
    .map((call) => ({ op: MEMORY_TOOLS[call.name], ...(call.arguments.label ? { label: call.arguments.label } : {}), ...(textOf(call.arguments) ? { text: textOf(call.arguments) } : {}) }));
}

const textOf = (args) => args.new_str ?? args.new_memory ?? args.content ?? args.text;

function replyOf(messages) {
  const content = messages.filter((message) => message.message_type === 'assistant_message').at(-1)?.content ?? '';
  return typeof content === 'string' ? content : content.map((part) => part.text ?? '').join('');
}

/** Sends one message to an agent and returns the protocol's chat result, `recalled` the blocks it had in context. */
async function turn(agentId, date, message, recalled) {
  const response = await client.agents.messages.create(agentId, { messages: [{ role: 'user', content: date ? `[${date}] ${message}` : message }] });
  const toolCalls = toolCallsOf(response.messages);
  return {
    reply: replyOf(response.messages),
    recalled,
    ...(response.usage ? { usage: { input_tokens: response.usage.prompt_tokens ?? 0, output_tokens: response.usage.completion_tokens ?? 0, ...(settings.model ? { model: settings.model.replace(/^[^/]*\//, '') } : {}) } } : {}),
    ...(response.stop_reason?.stop_reason === 'max_tokens_exceeded' ? { truncated: true } : {}),
    memory_ops: memoryOpsOf(toolCalls),
    tool_calls: toolCalls,
  };
}

const shownBlocks = (blocks) => blocks.filter((block) => block.value.trim()).map((block) => ({ id: block.id, text: block.value }));

await serveAdapter(
  {
    /** A new agent for the user: the old one (and all it remembers) is deleted. */
    async reset({ user }) {
      const old = agents.get(user);
      agents.delete(user);
      if (old) await client.agents.delete(await old);
      await agentOf(user);
    },

    async chat({ user, date, message, memory, oracle, session, fault }) {
      // Letta's memory is the agent's own context: there is no search to make fail.
      if (fault) throw new AdapterError(ErrorCode.methodNotFound, `the Letta adapter cannot simulate fault "${fault}"`);
      // Planted turns go to the user's agent under every condition: it keeps what it is told.
      if (memory === 'recall' || session !== undefined) {
        const agentId = await agentOf(user);
        return turn(agentId, date, message, shownBlocks(await blocksOf(agentId)));
      }
      // The probe under none: a fresh agent with empty blocks; under oracle: one whose human block holds the oracle texts. Deleted after.
      const blocks = (settings.memory_blocks ?? DEFAULT_SETTINGS.memory_blocks).map((block) => ({ ...block, value: block.label === 'human' && memory === 'oracle' ? (oracle ?? []).join('\n') : block.label === 'human' ? '' : block.value }));
      const agentId = await createAgent(`recall-gate-${user}-${memory}`, blocks);
      try {
        return await turn(agentId, date, message, memory === 'oracle' ? (oracle ?? []).map((text) => ({ text })) : []);
      } finally {
        await client.agents.delete(agentId);
      }
    },

    async list({ user }) {
      const blocks = await blocksOf(await agentOf(user));
      return { memories: blocks.map((block) => ({ id: block.id, text: block.value, label: block.label })) };
    },
  },
  { name: 'letta adapter' },
);
