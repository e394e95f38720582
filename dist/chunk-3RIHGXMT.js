import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);

// src/apiKey.ts
function apiKeyEnv(spec) {
  return spec?.api_key_env ?? "OPENAI_API_KEY";
}

// src/redact.ts
function redactUrl(url) {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password && !parsed.search) return url;
    const auth = parsed.username || parsed.password ? "***@" : "";
    const query = parsed.search ? "?***" : "";
    return `${parsed.protocol}//${auth}${parsed.host}${parsed.pathname}${query}`;
  } catch {
    return url.replace(/\/\/[^@/]*@/, "//***@").replace(/\?.*$/, "?***");
  }
}
var SECRET_PARAMETER = /key|token|secret|passw|auth|credential|sig|code/i;
function urlCredentials(url) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  const user = decoded(parsed.username);
  const password = decoded(parsed.password);
  const found = [user, password];
  if (user || password) found.push(Buffer.from(`${user}:${password}`, "utf8").toString("base64"));
  for (const [name, value] of parsed.searchParams) if (SECRET_PARAMETER.test(name)) found.push(value);
  return found.filter(Boolean);
}
function decoded(part) {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

// src/secrets.ts
var SECRET_MARKER = "***";
var MIN_SECRET_LENGTH = 8;
var NOT_SECRETS = /* @__PURE__ */ new Set(["undefined", "disabled", "enabled", "required", "optional", "localhost", "password", "changeme", "anonymous", "postgres"]);
var SECRET_NAME = /KEY|TOKEN|SECRET|PASSW|PWD|AUTH(?!OR)|CREDENTIAL|PRIVATE|COOKIE|SESSION|SIGNATURE|(^|[^A-Z])SIG([^A-Z]|$)|(^|[^A-Z])PAT([^A-Z]|$)/i;
var SECRET_VARIABLES = ["OPENAI_API_KEY", "GITHUB_TOKEN", "INPUT_OPENAI-API-KEY", "INPUT_GITHUB-TOKEN"];
function looksSecret(name) {
  return SECRET_NAME.test(name);
}
var known = /* @__PURE__ */ new Set();
var listeners = [];
var pattern;
function registerSecret(value) {
  const secret = value?.trim();
  if (!secret || secret.length < MIN_SECRET_LENGTH || NOT_SECRETS.has(secret.toLowerCase()) || known.has(secret)) return;
  known.add(secret);
  pattern = void 0;
  for (const listener of listeners) listener(secret);
}
function onSecretRegistered(listener) {
  listeners.push(listener);
  for (const secret of known) listener(secret);
}
function registerUrlSecrets(url) {
  if (url) for (const secret of urlCredentials(url)) registerSecret(secret);
}
function registerEnvironmentSecrets(env) {
  for (const name of SECRET_VARIABLES) registerSecret(env[name]);
  for (const [name, value] of Object.entries(env)) {
    if (!value) continue;
    if (looksSecret(name) && !isPath(value)) registerSecret(value);
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) registerUrlSecrets(value);
  }
}
function registerSuiteSecrets(suite, env) {
  const variables = /* @__PURE__ */ new Set();
  const urls = [];
  const target = suite.e2e?.target;
  for (const provider of suite.retrieval?.providers ?? []) {
    if (provider.kind === "chroma") variables.add(provider.api_key_env ?? "CHROMA_API_KEY");
    for (const variable of Object.values(provider.headers_env ?? {})) variables.add(variable);
    urls.push(provider.url);
    if (provider.embedding?.kind === "openai") {
      variables.add(apiKeyEnv(provider.embedding));
      urls.push(provider.embedding.base_url);
    }
  }
  if (target?.kind === "builtin") {
    variables.add(apiKeyEnv(target));
    urls.push(target.base_url);
  }
  if (target?.kind === "http") {
    for (const variable of Object.values(target.headers_env)) variables.add(variable);
    urls.push(target.url);
  }
  if (suite.e2e?.judge) {
    variables.add(apiKeyEnv(suite.e2e.judge));
    urls.push(suite.e2e.judge.base_url);
  }
  for (const variable of variables) registerSecret(env[variable]);
  for (const url of urls) registerUrlSecrets(url);
}
function scrubSecrets(text) {
  if (known.size === 0) return text;
  pattern ??= buildPattern();
  return text.replace(pattern, SECRET_MARKER);
}
function scrubSecretsIn(value) {
  if (known.size === 0) return value;
  return scrubValue(value);
}
function scrubValue(value) {
  if (typeof value === "string") return scrubSecrets(value);
  if (Array.isArray(value)) return value.map(scrubValue);
  const prototype = value && typeof value === "object" ? Object.getPrototypeOf(value) : void 0;
  if (prototype === Object.prototype || prototype === null) {
    const copy = Object.create(prototype);
    for (const [key, item] of Object.entries(value)) Object.defineProperty(copy, key, { value: scrubValue(item), enumerable: true, writable: true, configurable: true });
    return copy;
  }
  return value;
}
function buildPattern() {
  const forms = /* @__PURE__ */ new Set();
  for (const secret of known) {
    const once = JSON.stringify(secret).slice(1, -1);
    const encoded = encodeURIComponent(secret);
    for (const form of [secret, once, JSON.stringify(once).slice(1, -1), encoded, encoded.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()), encoded.replace(/%20/g, "+")]) {
      forms.add(form);
    }
  }
  const sorted = [...forms].sort((a, b) => b.length - a.length);
  return new RegExp(sorted.map((form) => form.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "g");
}
function isPath(value) {
  return /^(\/|~\/|\.\.?\/|[A-Za-z]:[\\/])\S*$/.test(value);
}

// src/errors.ts
var ExitCode = {
  ok: 0,
  gateFailed: 1,
  invalidInput: 2,
  incomplete: 3
};
function formatLocation(where) {
  return `${where.file}:${where.line}:${where.col}`;
}
function addProblems(problems, more) {
  for (const problem of more) problems.push(problem);
}
function formatProblem(problem) {
  const hint = problem.hint ? ` (${problem.hint})` : "";
  return `${formatLocation(problem.where)}: ${problem.message}${hint}`;
}
var RecallGateError = class extends Error {
  code;
  hint;
  problems;
  constructor(code, message, options = {}) {
    super(message, { cause: options.cause });
    this.name = "RecallGateError";
    this.code = code;
    this.hint = options.hint;
    this.problems = options.problems ?? [];
  }
  get exitCode() {
    if (this.code === "invalid-input") return ExitCode.invalidInput;
    return ExitCode.incomplete;
  }
};
function invalidInput(problems, summary) {
  const count = problems.length;
  const message = summary ?? `${count} problem${count === 1 ? "" : "s"} in the suite`;
  return new RecallGateError("invalid-input", message, { problems });
}
function describeError(error) {
  if (error instanceof Error) {
    const hint = error instanceof RecallGateError && error.hint ? ` (${error.hint})` : "";
    return scrubSecrets(`${error.message}${hint}`);
  }
  return scrubSecrets(String(error));
}
var FILE_SYSTEM_TROUBLE = {
  ENOSPC: "no space left on the device",
  EDQUOT: "the disk quota is used up",
  EROFS: "the file system is read-only",
  EACCES: "permission denied",
  EPERM: "the operation is not permitted (an immutable file or folder?)",
  EIO: "an input/output error of the device",
  EMFILE: "too many open files"
};
function fileSystemError(error, doing) {
  const code = error?.code;
  if (code === "EISDIR") return new RecallGateError("invalid-input", `cannot ${doing}: it is a folder, not a file (EISDIR)`, { hint: "give the path of a file", cause: error });
  if (code === "ENOTDIR" || code === "EEXIST") {
    return new RecallGateError("invalid-input", `cannot ${doing}: a part of the path is a file, not a folder (${code})`, { hint: "give a folder path", cause: error });
  }
  if (typeof code !== "string" || typeof error.syscall !== "string") return error;
  const trouble = FILE_SYSTEM_TROUBLE[code] ?? error.message.replace(/^[A-Z]+: /, "").replace(/, \w+ '.*'$/, "");
  const hint = code === "ENOSPC" || code === "EDQUOT" ? "free space on that device, or write elsewhere" : "choose a place recall-gate may write to";
  return new RecallGateError("incomplete", `cannot ${doing}: ${trouble} (${code})`, { hint, cause: error });
}

export {
  apiKeyEnv,
  redactUrl,
  urlCredentials,
  looksSecret,
  registerSecret,
  onSecretRegistered,
  registerUrlSecrets,
  registerEnvironmentSecrets,
  registerSuiteSecrets,
  scrubSecrets,
  scrubSecretsIn,
  ExitCode,
  formatLocation,
  addProblems,
  formatProblem,
  RecallGateError,
  invalidInput,
  describeError,
  fileSystemError
};
