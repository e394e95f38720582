#!/usr/bin/env node
// An example recall-gate adapter: the toy agent in toyAgent.mjs behind the
// adapter SDK (`recall-gate/adapter`), which speaks the JSON-RPC protocol over
// both transports, checks the params and answers the errors. Copy this folder
// (with `npm i -D recall-gate` in your project) and replace ToyAgent with calls
// into your own agent: the handlers below are the whole adapter.
//
//   node agent.mjs --stdio                  newline-delimited JSON-RPC on stdin/stdout
//   node agent.mjs --http [--port 8787]     JSON-RPC over HTTP POST; prints its URL first
//
// Options:
//   --host H        HTTP: the interface to listen on (default 127.0.0.1)
//   --port N        HTTP: the port (default 0: any free port); the URL is printed on stdout's first line
//   --delay-ms N    wait N ms before answering each request (to try recall-gate's timeout)
//   --memory-policy careful|careless
//                   how the toy agent stores what it is told (default: $TOY_MEMORY_POLICY, else careful):
//                   careful stores each fact once and replaces a corrected value;
//                   careless appends every turn verbatim
//
// HTTP: when ADAPTER_TOKEN is set, requests must carry "Authorization: Bearer <ADAPTER_TOKEN>".
//
// See README.md in this folder for the protocol, with example messages.

import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { serveAdapter } from 'recall-gate/adapter';
import { MEMORY_POLICIES, ToyAgent } from './toyAgent.mjs';

const USAGE = 'usage: node agent.mjs --stdio | --http [--host 127.0.0.1] [--port 0] [--delay-ms N] [--memory-policy careful|careless]';

/** How long the toy agent waits for its memory search before it gives up (fault "timeout" outlasts it). */
const RECALL_TIMEOUT_MS = 100;

/** Waits `ms` and says how long it waited, in milliseconds. */
async function waitOut(ms) {
  const started = performance.now();
  await sleep(ms);
  return Math.round((performance.now() - started) * 1000) / 1000;
}

/**
 * The adapter: one handler per protocol method, each given checked params
 * (README.md says which). reset and chat are required; without add, search
 * or list the SDK answers "method not found" for them.
 */
function handlersFor(agent) {
  return {
    /** Forget everything about this user (before each trial). */
    reset({ user }) {
      agent.reset(user);
    },

    /**
     * One turn. Turns with the same `session` are one conversation (recall-gate
     * sends no history: the agent keeps it); without `session` (the probe) it
     * is a fresh conversation, with only what memory brings back. `fault` (probe
     * only) makes the memory search fail as recall-gate's fault conditions ask.
     */
    async chat(params) {
      // fault "timeout": the memory search outlasts the agent's deadline; the agent waits the deadline out, then answers without memory.
      const waited = params.fault === 'timeout' ? await waitOut(RECALL_TIMEOUT_MS) : 0;
      const result = agent.chat(params);
      return waited > 0 ? { ...result, recall_ms: result.recall_ms + waited } : result;
    },

    /** Store memories directly, keeping their ids (the retrieval layer). */
    add({ user, memories }) {
      agent.add(user, memories);
    },

    /** The memory search, best first: recall-gate scores this order. */
    search({ user, query, limit }) {
      return { results: agent.search(user, query, limit).map(({ id, text, score }) => ({ id, text, score })) };
    },

    /** Everything remembered about this user, label naming its block. */
    list({ user }) {
      return { memories: agent.list(user) };
    },
  };
}

/** Every handler waits `ms` first (--delay-ms), to see recall-gate's timeout at work. */
function delayed(handlers, ms) {
  if (ms === 0) return handlers;
  return Object.fromEntries(Object.entries(handlers).map(([name, handler]) => [name, async (params) => (await sleep(ms), handler(params))]));
}

// ---------------------------------------------------------------------------
// Command line: the toy agent's own flags; the SDK reads --stdio/--http/--host/--port.
// ---------------------------------------------------------------------------

let options;
try {
  options = parseArgs({
    options: {
      stdio: { type: 'boolean', default: false },
      http: { type: 'boolean', default: false },
      host: { type: 'string' },
      port: { type: 'string' },
      'delay-ms': { type: 'string', default: '0' },
      'memory-policy': { type: 'string', default: process.env.TOY_MEMORY_POLICY || 'careful' },
      help: { type: 'boolean', default: false },
    },
  }).values;
} catch (error) {
  console.error(`${error.message}\n${USAGE}`);
  process.exit(2);
}
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}
const delayMs = Number(options['delay-ms']);
if (options.stdio === options.http || !Number.isInteger(delayMs) || delayMs < 0) {
  console.error(USAGE);
  process.exit(2);
}
if (!MEMORY_POLICIES.includes(options['memory-policy'])) {
  console.error(`--memory-policy must be one of ${MEMORY_POLICIES.join(', ')}, got "${options['memory-policy']}"\n${USAGE}`);
  process.exit(2);
}

await serveAdapter(delayed(handlersFor(new ToyAgent({ policy: options['memory-policy'] })), delayMs), { name: 'toy agent' });
