/**
 * The kinds of agent `recall-gate init --agent KIND` writes a suite for: one
 * row each, naming the template folders it copies (templates/init/ in the
 * package), what else it copies from the package, and the three commands
 * printed after it. The workflow's part of each kind is in initWorkflow.ts.
 */

export const AGENT_KINDS = ['node', 'python', 'builtin', 'mem0', 'langgraph', 'letta', 'mcp'] as const;
export type AgentKind = (typeof AGENT_KINDS)[number];

/** Without --agent: Node runs wherever recall-gate does, and the node template is green offline with no key. */
export const DEFAULT_AGENT: AgentKind = 'node';

/** Paths the printed commands use, relative to the current directory. */
export interface WrittenPlace {
  /** The suite folder ("evals/memory"). */
  dir: string;
  /** Its suite.yaml. */
  suite: string;
}

export interface KindSpec {
  /** One line: what the suite tests and what it needs. */
  summary: string;
  /** Folders of templates/init/ copied into DIR, in order (file names never repeat across them). */
  folders: readonly string[];
  /** Files of the package copied as they are: [path in the package, name in DIR]. */
  copies?: readonly (readonly [string, string])[];
  /** The next three commands, each with what it does. */
  next(place: WrittenPlace): [string, string][];
}

/** The retrieval layer's memories and queries, and the end-to-end cases, shared by every kind that has the layer. */
const RETRIEVAL = 'retrieval';
const CASES = 'cases';

const run = (place: WrittenPlace, layer = 'all'): string => `npx recall-gate run ${place.suite} --layer ${layer}`;

export const KIND_SPECS: Readonly<Record<AgentKind, KindSpec>> = {
  node: {
    summary: 'your agent in JavaScript or TypeScript: adapter.mjs on the adapter SDK, around a deterministic stand-in agent (green offline, no key)',
    folders: [RETRIEVAL, CASES, 'node'],
    next: (place) => [
      [`npx recall-gate validate ${place.suite}`, 'checks the suite and every file it reads; adapter.mjs imports recall-gate/adapter, so keep recall-gate in devDependencies'],
      [run(place), 'both layers against the stand-in agent: green, offline, no key'],
      [`$EDITOR ${place.dir}/adapter.mjs`, 'call your agent where it says YOUR AGENT, then run again'],
    ],
  },
  python: {
    summary: 'your agent in Python: adapter.py on the Python adapter SDK (recall_gate_adapter.py, copied beside it), around a deterministic stand-in agent (green offline, no key)',
    folders: [RETRIEVAL, CASES, 'python'],
    copies: [['python/recall_gate_adapter.py', 'recall_gate_adapter.py']],
    next: (place) => [
      [`npx recall-gate validate ${place.suite}`, 'checks the suite and every file it reads'],
      [run(place), 'both layers against the stand-in agent: green, offline, no key (python3 3.9+)'],
      [`$EDITOR ${place.dir}/adapter.py`, 'call your agent where it says YOUR AGENT, then run again'],
    ],
  },
  builtin: {
    summary: "recall-gate's reference agent (a chat model given your prompt and an in-process memory): needs only an OpenAI-compatible key",
    folders: [RETRIEVAL, CASES, 'builtin'],
    next: (place) => [
      [run(place, 'retrieval'), 'the retrieval layer: no model calls, no key'],
      ['export OPENAI_API_KEY=...', 'the chat model\'s key (and OPENAI_BASE_URL for an endpoint other than OpenAI\'s)'],
      [run(place), 'both layers: the cases played to the reference agent'],
    ],
  },
  mem0: {
    summary: 'your mem0 memory (your config in mem0.config.json) and your agent\'s reply (agent.mjs), through adapter.mjs; its own package.json',
    folders: [RETRIEVAL, CASES, 'chat-agent', 'mem0'],
    next: (place) => [
      [`(cd ${place.dir} && npm install)`, 'mem0ai and recall-gate for the adapter; then put your mem0 config in mem0.config.json and your agent in agent.mjs'],
      ['export OPENAI_API_KEY=...', 'what mem0.config.json and agent.mjs call their models with (and OPENAI_BASE_URL)'],
      [run(place), 'both layers through mem0'],
    ],
  },
  langgraph: {
    summary: 'your LangGraph store (store.mjs) and your agent\'s reply (agent.mjs), through adapter.mjs; its own package.json',
    folders: [RETRIEVAL, CASES, 'chat-agent', 'langgraph'],
    next: (place) => [
      [`(cd ${place.dir} && npm install)`, '@langchain/langgraph and recall-gate for the adapter; then put your store in store.mjs and your agent in agent.mjs'],
      ['export OPENAI_API_KEY=...', 'what store.mjs embeds with and agent.mjs calls its model with (and OPENAI_BASE_URL)'],
      [run(place), 'both layers through your store'],
    ],
  },
  letta: {
    summary: 'your Letta agent (agent-settings.json, or your agent file) on your Letta server, end-to-end only; its own package.json',
    folders: [CASES, 'letta'],
    next: (place) => [
      [`(cd ${place.dir} && npm install)`, "Letta's client and recall-gate for the adapter; then describe your agent in agent-settings.json"],
      ['export LETTA_BASE_URL=http://localhost:8283', 'your Letta server (and LETTA_API_KEY for Letta Cloud)'],
      [run(place, 'e2e'), 'the cases played to a fresh agent per user'],
    ],
  },
  mcp: {
    summary: "your MCP memory server as an mcp provider (its command and tools in suite.yaml), also the reference agent's memory for the end-to-end layer (an OpenAI-compatible key)",
    folders: [RETRIEVAL, CASES, 'mcp'],
    next: (place) => [
      [`$EDITOR ${place.suite}`, "your server's command (or url) and tools, where it says YOUR SERVER and YOUR TOOLS"],
      [run(place, 'retrieval'), 'the retrieval layer against your server: no model calls'],
      ['export OPENAI_API_KEY=... && ' + run(place), 'both layers: the reference agent with your server as its memory'],
    ],
  },
};
