// src/adapter/errors.ts
var ErrorCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603
};
var AdapterError = class extends Error {
  constructor(code, message, data) {
    super(message);
    this.code = code;
    this.data = data;
    this.name = "AdapterError";
  }
  code;
  data;
};
function invalidParam(name, problem) {
  return new AdapterError(ErrorCode.invalidParams, `"${name}" ${problem}`);
}
function describeThrown(thrown) {
  try {
    if (thrown instanceof Error) {
      const named = readString(() => thrown.name);
      const name = named === "Error" ? readString(() => thrown.constructor.name) || named : named;
      const text = readString(() => thrown.message);
      const stack = readString(() => thrown.stack);
      const said = (name && text ? `${name}: ${text}` : text || name) || "Internal error";
      const where = agentFrame(stack);
      return { message: where ? `${said} (${where})` : said, log: stack || said };
    }
    if (typeof thrown === "string") return { message: thrown || "Internal error", log: thrown };
    const kind = thrown === null ? "null" : typeof thrown;
    const shown = typeof thrown === "number" || typeof thrown === "boolean" || typeof thrown === "bigint" ? `${kind}: ${String(thrown)}` : kind;
    const message = `handler threw a non-Error value (${shown})`;
    return { message, log: message };
  } catch {
    return { message: "handler threw a value that cannot be read", log: "handler threw a value that cannot be read" };
  }
}
var SDK_FOLDER = new URL(".", import.meta.url).href;
function agentFrame(stack) {
  let fallback;
  for (const line of stack.split("\n")) {
    const frame = /^\s+at (?:(?:async )?(?:new )?(\S+)(?: \[as [^\]]+\])? \()?(.+):(\d+):(\d+)\)?$/.exec(line);
    if (!frame) continue;
    const [, fn, file, row, col] = frame;
    if (file.startsWith("node:") || file.startsWith(SDK_FOLDER) || file.includes("<anonymous>")) continue;
    const name = fn?.replace(/^Object\./, "").replace(/^<anonymous>$/, "");
    const shown = `${file.slice(Math.max(file.lastIndexOf("/"), file.lastIndexOf("\\")) + 1)}:${row}:${col}${name ? `, in ${name}` : ""}`;
    if (!/[/\\]node_modules[/\\]/.test(file)) return shown;
    fallback ??= shown;
  }
  return fallback;
}
function readString(read) {
  try {
    const value = read();
    return typeof value === "string" ? value : "";
  } catch {
    return "";
  }
}

// src/adapter/serve.ts
const { basename } = globalThis.process.getBuiltinModule("node:path");
const { parseArgs } = globalThis.process.getBuiltinModule("node:util");

// src/adapter/params.ts
var MEMORY_MODES = ["recall", "none", "oracle"];
var FAULTS = ["timeout", "empty", "down"];
function given(params, name) {
  return params[name] !== void 0 && params[name] !== null;
}
function string(params, name) {
  const value = params[name];
  if (!given(params, name)) throw invalidParam(name, "is required");
  if (typeof value !== "string") throw invalidParam(name, "must be a string");
  return value;
}
function positiveInteger(params, name) {
  const value = params[name];
  if (!given(params, name)) throw invalidParam(name, "is required");
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1) throw invalidParam(name, "must be a positive integer");
  return value;
}
function oneOf(params, name, allowed) {
  const value = string(params, name);
  if (!allowed.includes(value)) throw invalidParam(name, `must be one of ${allowed.map((item) => `"${item}"`).join(", ")}`);
  return value;
}
function optional(into, params, name, read) {
  if (given(params, name)) into[name] = read(params, name);
}
function strings(params, name) {
  const value = params[name];
  if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) throw invalidParam(name, "must be an array of strings");
  return value;
}
function memories(params, name) {
  const value = params[name];
  if (!given(params, name)) throw invalidParam(name, "is required");
  if (!Array.isArray(value)) throw invalidParam(name, "must be an array");
  return value.map((item, i) => {
    const memory = item;
    const ok = typeof item === "object" && item !== null && !Array.isArray(item) && typeof memory.id === "string" && typeof memory.text === "string";
    if (!ok || given(memory, "date") && typeof memory.date !== "string") throw invalidParam(`${name}[${i}]`, 'must be an object with string "id" and "text" (and "date", when given)');
    const added = { id: memory.id, text: memory.text };
    if (given(memory, "date")) added.date = memory.date;
    return added;
  });
}
function resetParams(params) {
  return { user: string(params, "user") };
}
function chatParams(params) {
  const chat = { user: string(params, "user"), message: string(params, "message"), memory: oneOf(params, "memory", MEMORY_MODES) };
  optional(chat, params, "date", string);
  optional(chat, params, "oracle", strings);
  optional(chat, params, "session", positiveInteger);
  optional(chat, params, "turn", positiveInteger);
  optional(chat, params, "fault", (from, name) => oneOf(from, name, FAULTS));
  return chat;
}
function addParams(params) {
  return { user: string(params, "user"), memories: memories(params, "memories") };
}
function searchParams(params) {
  return { user: string(params, "user"), query: string(params, "query"), limit: positiveInteger(params, "limit") };
}
function listParams(params) {
  return { user: string(params, "user") };
}

// src/adapter/dispatch.ts
var METHODS = {
  reset: resetParams,
  chat: chatParams,
  add: addParams,
  search: searchParams,
  list: listParams
};
function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function errorResponse(id, code, message, data) {
  return { jsonrpc: "2.0", id, error: data === void 0 ? { code, message } : { code, message, data } };
}
function serialize(response) {
  try {
    return JSON.stringify(response);
  } catch (error) {
    return JSON.stringify(errorResponse(response.id, ErrorCode.internalError, `the result could not be written as JSON: ${describeThrown(error).message}`));
  }
}
function parseErrorResponse(what) {
  return errorResponse(null, ErrorCode.parseError, `Parse error: ${what} is not JSON`);
}
var Dispatcher = class {
  constructor(handlers, log) {
    this.handlers = handlers;
    this.log = log;
  }
  handlers;
  log;
  async handle(request) {
    const readableId = isObject(request) && (typeof request.id === "string" || typeof request.id === "number") ? request.id : null;
    if (!isObject(request) || request.jsonrpc !== "2.0" || typeof request.method !== "string" || !validId(request)) {
      return errorResponse(readableId, ErrorCode.invalidRequest, 'Invalid Request: expected {"jsonrpc": "2.0", "id", "method", "params"}');
    }
    const notification = !("id" in request);
    const response = await this.answer(readableId, request.method, request.params);
    return notification ? void 0 : response;
  }
  async answer(id, method, params) {
    try {
      const handler = Object.hasOwn(METHODS, method) ? this.handlers[method] : void 0;
      if (typeof handler !== "function") throw new AdapterError(ErrorCode.methodNotFound, `Method not found: ${method}`);
      const given2 = params ?? {};
      if (!isObject(given2)) throw new AdapterError(ErrorCode.invalidParams, "params must be an object");
      const checked = METHODS[method](given2);
      const result = await handler.call(this.handlers, checked);
      return { jsonrpc: "2.0", id, result: result ?? {} };
    } catch (error) {
      if (error instanceof AdapterError) return errorResponse(id, error.code, error.message, error.data);
      const { message, log } = describeThrown(error);
      this.log(log);
      return errorResponse(id, ErrorCode.internalError, message);
    }
  }
};
function validId(request) {
  return !("id" in request) || request.id === null || typeof request.id === "string" || typeof request.id === "number";
}

// src/adapter/http.ts
const { createServer } = globalThis.process.getBuiltinModule("node:http");
async function serveHttp(dispatcher, options) {
  const server = createServer((req, res) => {
    void answer(dispatcher, options.token, req, res).catch((error) => {
      if (!res.headersSent) reply(res, 500, `could not answer: ${describeThrown(error).message}
`, "text/plain");
    });
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const host = address.address.includes(":") ? `[${address.address}]` : address.address;
  return {
    transport: "http",
    url: `http://${host}:${address.port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve()))
  };
}
async function answer(dispatcher, token, req, res) {
  if (req.method !== "POST") return reply(res, 405, "POST JSON-RPC requests to this URL\n", "text/plain");
  if (token && req.headers.authorization !== `Bearer ${token}`) return reply(res, 401, "missing or wrong bearer token\n", "text/plain");
  let body = "";
  req.setEncoding("utf8");
  for await (const chunk of req) body += chunk;
  let request;
  try {
    request = JSON.parse(body);
  } catch {
    return reply(res, 200, serialize(parseErrorResponse("the body")));
  }
  const response = await dispatcher.handle(request);
  if (!response) {
    res.writeHead(204);
    res.end();
    return;
  }
  reply(res, 200, serialize(response));
}
function reply(res, status, body, type = "application/json") {
  res.writeHead(status, { "content-type": type });
  res.end(body);
}

// src/adapter/stdio.ts
const { createInterface } = globalThis.process.getBuiltinModule("node:readline");
function serveStdio(dispatcher, write, options) {
  const send = (line) => write(`${line}
`);
  const running = /* @__PURE__ */ new Set();
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  let stoppedByCaller = false;
  lines.on("line", (line) => {
    if (!line.trim()) return;
    let request;
    try {
      request = JSON.parse(line);
    } catch {
      return send(serialize(parseErrorResponse("the line")));
    }
    const done = dispatcher.handle(request).then((response) => {
      if (response) send(serialize(response));
    });
    running.add(done);
    void done.finally(() => running.delete(done));
  });
  lines.once("close", async () => {
    if (stoppedByCaller) return;
    await Promise.allSettled([...running]);
    await options.onClose?.();
    write("", () => process.exit());
  });
  return {
    transport: "stdio",
    close: async () => {
      stoppedByCaller = true;
      lines.close();
    }
  };
}

// src/adapter/stdout.ts
var protocolWrite;
function claimStdout() {
  if (protocolWrite) return protocolWrite;
  const original = process.stdout.write.bind(process.stdout);
  protocolWrite = (text, done) => void original(text, done);
  process.stdout.write = ((...args) => process.stderr.write(...args));
  return protocolWrite;
}

// src/adapter/serve.ts
async function serveAdapter(handlers, options = {}) {
  for (const required of ["reset", "chat"]) {
    if (typeof handlers?.[required] !== "function") throw new TypeError(`serveAdapter: the "${required}" handler is required (a function)`);
  }
  const { transport, host, port } = transportOf(options);
  const name = options.name ?? "adapter";
  const log = (line) => process.stderr.write(`${line}
`);
  const write = claimStdout();
  const dispatcher = new Dispatcher(handlers, log);
  if (transport === "stdio") {
    const served2 = serveStdio(dispatcher, write, options);
    log(`${name}: serving JSON-RPC on stdio`);
    return served2;
  }
  const served = await serveHttp(dispatcher, { host, port, token: options.token ?? (process.env.ADAPTER_TOKEN || void 0) });
  write(`${served.url}
`);
  log(`${name}: serving JSON-RPC over HTTP on port ${new URL(served.url).port}`);
  return served;
}
function transportOf(options) {
  const { values } = parseArgs({
    args: [...options.argv ?? process.argv.slice(2)],
    // The adapter's own flags share the command line: they are its business.
    strict: false,
    allowPositionals: true,
    options: { stdio: { type: "boolean" }, http: { type: "boolean" }, host: { type: "string" }, port: { type: "string" } }
  });
  const transport = options.transport ?? (values.stdio === true && values.http !== true ? "stdio" : values.http === true && values.stdio !== true ? "http" : void 0);
  if (!transport) usageExit("give exactly one of --stdio and --http");
  const host = options.host ?? (typeof values.host === "string" ? values.host : "127.0.0.1");
  const port = options.port ?? (typeof values.port === "string" ? Number(values.port) : values.port === void 0 ? 0 : NaN);
  if (!Number.isInteger(port) || port < 0 || port > 65535) usageExit(`--port must be a port number from 0 to 65535, got ${JSON.stringify(values.port ?? options.port)}`);
  return { transport, host, port };
}
function usageExit(problem) {
  const script = process.argv[1] ? basename(process.argv[1]) : "adapter";
  process.stderr.write(`${problem}
usage: node ${script} --stdio | --http [--host 127.0.0.1] [--port 0]
`);
  process.exit(2);
}
export {
  AdapterError,
  ErrorCode,
  serveAdapter
};
