#!/usr/bin/env node
// An example recall-gate adapter: the JSON-RPC 2.0 protocol recall-gate speaks
// to your agent, over both transports, around the toy agent in toyAgent.mjs.
// Plain Node (20+), no dependencies. Copy this folder and replace ToyAgent
// with calls into your own agent; the protocol side below can stay as it is.
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

import { createServer } from 'node:http';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { MEMORY_POLICIES, ToyAgent } from './toyAgent.mjs';

const USAGE = 'usage: node agent.mjs --stdio | --http [--host 127.0.0.1] [--port 0] [--delay-ms N] [--memory-policy careful|careless]';

// ---------------------------------------------------------------------------
// JSON-RPC plumbing
// ---------------------------------------------------------------------------

/** An error to send back as a JSON-RPC error object: {code, message, data?}. */
class RpcError extends Error {
  constructor(code, message, data) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;

function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads params[name], or answers "invalid params" saying what was wrong. */
function param(params, name, type, { optional = false } = {}) {
  const value = params[name];
  if (value === undefined || value === null) {
    if (optional) return undefined;
    throw new RpcError(INVALID_PARAMS, `"${name}" is required`);
  }
  const ok = type === 'array' ? Array.isArray(value) : typeof value === type;
  if (!ok) throw new RpcError(INVALID_PARAMS, `"${name}" must be ${type === 'array' ? 'an array' : `a ${type}`}`);
  return value;
}

/** An optional positive integer param (session, turn). */
function positiveInteger(params, name) {
  const value = param(params, name, 'number', { optional: true });
  if (value !== undefined && (!Number.isInteger(value) || value < 1)) throw new RpcError(INVALID_PARAMS, `"${name}" must be a positive integer`);
  return value;
}

// ---------------------------------------------------------------------------
// The methods: where recall-gate meets your agent
// ---------------------------------------------------------------------------

/** Made once the command line is read (its memory policy is an option). */
let agent;

/** The memory failures recall-gate's fault conditions ask the adapter to simulate at the probe (README.md, "Faults"). */
const FAULTS = ['timeout', 'empty', 'down'];
/** How long the toy agent waits for its memory search before it gives up (fault "timeout" outlasts it). */
const RECALL_TIMEOUT_MS = 100;

/** Waits `ms` and says how long it waited, in milliseconds. */
async function waitOut(ms) {
  const started = performance.now();
  await sleep(ms);
  return Math.round((performance.now() - started) * 1000) / 1000;
}

const methods = {
  /** reset {user} -> {}: forget everything about this user (before each trial). */
  reset(params) {
    agent.reset(param(params, 'user', 'string'));
    return {};
  },

  /**
   * chat {user, date?, message, memory, oracle?, session?, turn?, fault?} -> {reply, recalled?, usage?, recall_ms?, memory_ops?}
   * One turn. Turns with the same `session` are one conversation (recall-gate
   * sends no history: the agent keeps it); without `session` (the probe) it
   * is a fresh conversation, with only what memory brings back. `fault` (probe
   * only) makes the memory search fail as recall-gate's fault conditions ask.
   */
  async chat(params) {
    const memory = param(params, 'memory', 'string');
    if (!['recall', 'none', 'oracle'].includes(memory)) throw new RpcError(INVALID_PARAMS, '"memory" must be "recall", "none" or "oracle"');
    const oracle = param(params, 'oracle', 'array', { optional: true }) ?? [];
    if (!oracle.every((text) => typeof text === 'string')) throw new RpcError(INVALID_PARAMS, '"oracle" must be an array of strings');
    const fault = param(params, 'fault', 'string', { optional: true });
    if (fault !== undefined && !FAULTS.includes(fault)) throw new RpcError(INVALID_PARAMS, `"fault" must be one of ${FAULTS.join(', ')}`);
    // fault "timeout": the memory search outlasts the agent's deadline; the agent waits the deadline out, then answers without memory.
    const waited = fault === 'timeout' ? await waitOut(RECALL_TIMEOUT_MS) : 0;
    const result = agent.chat({
      user: param(params, 'user', 'string'),
      date: param(params, 'date', 'string', { optional: true }),
      message: param(params, 'message', 'string'),
      memory,
      oracle,
      session: positiveInteger(params, 'session'),
      turn: positiveInteger(params, 'turn'),
      fault,
    });
    return waited > 0 ? { ...result, recall_ms: result.recall_ms + waited } : result;
  },

  /** Optional. add {user, memories: [{id, text, date?}]} -> {}: store memories directly. */
  add(params) {
    const user = param(params, 'user', 'string');
    const memories = param(params, 'memories', 'array');
    for (const [i, memory] of memories.entries()) {
      if (!isObject(memory) || typeof memory.id !== 'string' || typeof memory.text !== 'string') {
        throw new RpcError(INVALID_PARAMS, `"memories[${i}]" must be an object with string "id" and "text"`);
      }
    }
    agent.add(user, memories);
    return {};
  },

  /** Optional. search {user, query, limit} -> {results: [{id, text, score}]}: your memory search, best first. */
  search(params) {
    const limit = param(params, 'limit', 'number');
    if (!Number.isInteger(limit) || limit < 1) throw new RpcError(INVALID_PARAMS, '"limit" must be a positive integer');
    const hits = agent.search(param(params, 'user', 'string'), param(params, 'query', 'string'), limit);
    return { results: hits.map(({ id, text, score }) => ({ id, text, score })) };
  },

  /** Optional. list {user} -> {memories: [{id, text, date?, label?}]}: everything remembered about this user, label naming its block. */
  list(params) {
    return { memories: agent.list(param(params, 'user', 'string')) };
  },
};

// ---------------------------------------------------------------------------
// Dispatch: one request object in, one response object out (null for a notification)
// ---------------------------------------------------------------------------

let delayMs = 0;

async function handle(request) {
  if (!isObject(request) || request.jsonrpc !== '2.0' || typeof request.method !== 'string') {
    const id = isObject(request) && (typeof request.id === 'number' || typeof request.id === 'string') ? request.id : null;
    return { jsonrpc: '2.0', id, error: { code: INVALID_REQUEST, message: 'Invalid Request: expected {"jsonrpc": "2.0", "id", "method", "params"}' } };
  }
  const { id, method } = request;
  const notification = !('id' in request);
  try {
    if (!Object.hasOwn(methods, method)) throw new RpcError(METHOD_NOT_FOUND, `Method not found: ${method}`);
    const params = request.params ?? {};
    if (!isObject(params)) throw new RpcError(INVALID_PARAMS, 'params must be an object');
    if (delayMs > 0) await sleep(delayMs);
    const result = await methods[method](params);
    return notification ? null : { jsonrpc: '2.0', id, result };
  } catch (error) {
    if (notification) return null;
    if (error instanceof RpcError) {
      return { jsonrpc: '2.0', id, error: error.data === undefined ? { code: error.code, message: error.message } : { code: error.code, message: error.message, data: error.data } };
    }
    // A bug in the agent: log the stack to stderr, send the message back.
    console.error(error);
    return { jsonrpc: '2.0', id, error: { code: INTERNAL_ERROR, message: 'Internal error', data: String(error?.message ?? error) } };
  }
}

// ---------------------------------------------------------------------------
// Transport 1: stdio. One request per stdin line, one response per stdout line.
// stdout carries responses only: every log line goes to stderr.
// ---------------------------------------------------------------------------

function serveStdio() {
  const send = (response) => process.stdout.write(`${JSON.stringify(response)}\n`);
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (!line.trim()) return;
    let request;
    try {
      request = JSON.parse(line);
    } catch {
      send({ jsonrpc: '2.0', id: null, error: { code: PARSE_ERROR, message: 'Parse error: the line is not JSON' } });
      return;
    }
    // Not awaited: requests are handled concurrently, so a slow one does not
    // hold up the others and responses may go out in any order (recall-gate
    // matches them by id).
    handle(request).then((response) => response && send(response));
  });
  // When recall-gate closes stdin, requests still running finish and the process exits by itself.
  console.error('toy agent: serving JSON-RPC on stdio');
}

// ---------------------------------------------------------------------------
// Transport 2: HTTP. Each POST body is one request; the response body is its response.
// ---------------------------------------------------------------------------

function serveHttp(host, port) {
  const token = process.env.ADAPTER_TOKEN;
  const server = createServer(async (req, res) => {
    const reply = (status, body, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(type === 'application/json' ? JSON.stringify(body) : body);
    };
    if (req.method !== 'POST') return reply(405, 'POST JSON-RPC requests to this URL\n', 'text/plain');
    if (token && req.headers.authorization !== `Bearer ${token}`) return reply(401, 'missing or wrong bearer token\n', 'text/plain');
    let body = '';
    req.setEncoding('utf8');
    for await (const chunk of req) body += chunk;
    let request;
    try {
      request = JSON.parse(body);
    } catch {
      return reply(200, { jsonrpc: '2.0', id: null, error: { code: PARSE_ERROR, message: 'Parse error: the body is not JSON' } });
    }
    const response = await handle(request);
    if (!response) {
      res.writeHead(204);
      return res.end();
    }
    reply(200, response);
  });
  server.listen(port, host, () => {
    const address = server.address();
    const shownHost = address.address.includes(':') ? `[${address.address}]` : address.address;
    // The first stdout line is the URL, so whoever started us can connect.
    console.log(`http://${shownHost}:${address.port}/`);
    console.error(`toy agent: serving JSON-RPC over HTTP on port ${address.port}`);
  });
}

// ---------------------------------------------------------------------------
// Command line
// ---------------------------------------------------------------------------

let options;
try {
  options = parseArgs({
    options: {
      stdio: { type: 'boolean', default: false },
      http: { type: 'boolean', default: false },
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '0' },
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
delayMs = Number(options['delay-ms']);
const port = Number(options.port);
if (options.stdio === options.http || !Number.isInteger(delayMs) || delayMs < 0 || !Number.isInteger(port) || port < 0) {
  console.error(USAGE);
  process.exit(2);
}
if (!MEMORY_POLICIES.includes(options['memory-policy'])) {
  console.error(`--memory-policy must be one of ${MEMORY_POLICIES.join(', ')}, got "${options['memory-policy']}"\n${USAGE}`);
  process.exit(2);
}
agent = new ToyAgent({ policy: options['memory-policy'] });
if (options.stdio) serveStdio();
else serveHttp(options.host, port);
