import {
  needsSnapshot,
  takeSnapshot
} from "./chunk-K74Z2SOT.js";
import {
  runRetrieval
} from "./chunk-SHAWTSNU.js";
import {
  aggregateE2e,
  e2eIncompleteReason
} from "./chunk-S3MMN5FA.js";
import {
  OpenAIEndpoint,
  OpenAIJudge,
  judgeInstructionsText
} from "./chunk-NCBIAXOJ.js";
import {
  IMPORT_FILES
} from "./chunk-PO5OI7KK.js";
import {
  gitEnv
} from "./chunk-WLRKQV7K.js";
import {
  RESULTS_FILE,
  adapterLogOf,
  latestByKey,
  openResultsDir,
  prepareResultsDir,
  queryRowWriter,
  readResultsMarker,
  trialLogOf,
  writeResults,
  writeResultsJson,
  writeTrials
} from "./chunk-5W2B7B4B.js";
import {
  compareHits
} from "./chunk-EIY3OQNG.js";
import {
  BudgetGuard,
  DEFAULT_ARGUMENTS,
  DEFAULT_MAX_TOOL_ROUNDS,
  JsonRpcErrorCode,
  LlmCache,
  PROTOCOL_DOC,
  ShapeError,
  ToolBox,
  agentCalls,
  at,
  budgetReachedText,
  checkBudget,
  commandScript,
  converse,
  describeEstimate,
  describeValue,
  dollars,
  estimateSpend,
  excerpt,
  fillArguments,
  findOnPath,
  isFile,
  isObject,
  meterCachedCallsIfAny,
  parseChatResult,
  parseListResult,
  parseSearchResult,
  plannedCallsOf,
  stampedJson,
  startedCommands,
  toolEntries
} from "./chunk-R5GTYCVU.js";
import {
  replaceFileWith
} from "./chunk-VNPJWP4Q.js";
import {
  TOOL_NAME,
  TOOL_VERSION
} from "./chunk-UFOI2WKZ.js";
import {
  GIT_PENDING,
  changesAgainst
} from "./chunk-TPOFKJY2.js";
import {
  StderrTail,
  addEmbeddingUsage,
  addJudgeUsage,
  capArtifact,
  capStoredText,
  childEnv,
  childEnvironment,
  describeGrading,
  faultIgnored,
  faultOf,
  gradeHarmfulAction,
  gradeTrial,
  gradingOf,
  historyOrders,
  historyScope,
  knownCrashFix,
  memoryOf,
  probeActions,
  requireCalibration,
  settleRecallQuality,
  settleStage,
  splitRecord,
  stageNeedsSnapshot,
  trialFingerprints,
  trialKey,
  usesJudge,
  withHistoryOrder,
  workUnits
} from "./chunk-FB442OMY.js";
import {
  fold,
  normalizeAnswer
} from "./chunk-7J7WLCBV.js";
import {
  embedderReportsUsage,
  meterEmbeddingsIfAny,
  priceTrial,
  recordEmbedding,
  round
} from "./chunk-IDDU4GRI.js";
import {
  RecallGateError,
  SECRET_MARKER,
  apiKeyEnv,
  counted,
  describeError,
  invalidInput,
  looksSecret,
  redactUrl,
  registerSecret,
  registerUrlSecrets,
  scrubSecrets
} from "./chunk-EMJKK5FL.js";
import {
  McpLimitError,
  MessageMeter,
  OWN_GROUP,
  signalGroup,
  stopGroup
} from "./chunk-RM5I36S2.js";
import {
  atInterrupt
} from "./chunk-7G673M5I.js";

// src/embeddings/cache.ts
const { createHash } = globalThis.process.getBuiltinModule("node:crypto");
const { mkdirSync, readFileSync, readdirSync, renameSync, statSync, unlinkSync, writeFileSync } = globalThis.process.getBuiltinModule("node:fs");
const { homedir } = globalThis.process.getBuiltinModule("node:os");
const { join } = globalThis.process.getBuiltinModule("node:path");
var MAGIC = Buffer.from("RGEC1\n");
var HEADER = 32 + 4 + 4;
var COMPACT_AFTER = 16;
function defaultCacheDir(env) {
  if (env.RECALL_GATE_CACHE_DIR) return env.RECALL_GATE_CACHE_DIR;
  const base = env.XDG_CACHE_HOME || join(homedir(), ".cache");
  return join(base, "recall-gate");
}
function textKey(text) {
  return createHash("sha256").update(text, "utf8").digest();
}
function checksum(bytes) {
  let hash = 2166136261;
  for (let i = 0; i < bytes.length; i++) {
    hash ^= bytes[i];
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}
var EmbeddingCache = class {
  constructor(root, spaceId, maxBytes = 512 * 1024 * 1024) {
    this.spaceId = spaceId;
    this.maxBytes = maxBytes;
    this.dir = join(root, "embeddings", createHash("sha256").update(spaceId).digest("hex").slice(0, 24));
    mkdirSync(this.dir, { recursive: true });
    writeFileSync(join(this.dir, "space.txt"), `${spaceId}
`);
    for (const segment of this.segments()) this.load(segment.path);
  }
  spaceId;
  maxBytes;
  dir;
  entries = /* @__PURE__ */ new Map();
  pending = /* @__PURE__ */ new Map();
  loaded = /* @__PURE__ */ new Set();
  stats = { hits: 0, misses: 0, corrupt: 0 };
  get(text) {
    const key = textKey(text).toString("hex");
    return this.entries.get(key) ?? this.pending.get(key);
  }
  set(text, vector) {
    this.pending.set(textKey(text).toString("hex"), vector);
  }
  /** Writes what was added since the last flush as one new segment, then keeps the folder bounded. */
  flush() {
    if (this.pending.size === 0) return;
    this.loaded.add(this.writeSegment(encodeSegment(this.pending)));
    for (const [key, vector] of this.pending) this.entries.set(key, vector);
    this.pending.clear();
    this.compactAndBound();
  }
  writeSegment(bytes) {
    const name = `${Date.now().toString(36)}-${process.pid}-${Math.random().toString(36).slice(2, 8)}.seg`;
    const temp = join(this.dir, `.${name}.tmp`);
    writeFileSync(temp, bytes);
    renameSync(temp, join(this.dir, name));
    return join(this.dir, name);
  }
  segments() {
    const found = [];
    for (const name of readdirSync(this.dir)) {
      if (!name.endsWith(".seg")) continue;
      try {
        const stat = statSync(join(this.dir, name));
        found.push({ path: join(this.dir, name), size: stat.size, mtimeMs: stat.mtimeMs });
      } catch {
      }
    }
    return found.sort((a, b) => a.mtimeMs - b.mtimeMs || a.path.localeCompare(b.path));
  }
  load(path) {
    this.loaded.add(path);
    let bytes;
    try {
      bytes = readFileSync(path);
    } catch {
      return;
    }
    if (!bytes.subarray(0, MAGIC.length).equals(MAGIC)) {
      this.stats.corrupt += 1;
      return;
    }
    let offset = MAGIC.length;
    while (offset + HEADER <= bytes.length) {
      const dimensions = bytes.readUInt32LE(offset + 32);
      const end = offset + HEADER + dimensions * 4;
      if (dimensions === 0 || end > bytes.length) {
        this.stats.corrupt += 1;
        return;
      }
      const body = bytes.subarray(offset + HEADER, end);
      if (checksum(body) === bytes.readUInt32LE(offset + 36)) {
        const vector = new Float32Array(dimensions);
        Buffer.from(vector.buffer).set(body);
        this.entries.set(bytes.subarray(offset, offset + 32).toString("hex"), vector);
      } else {
        this.stats.corrupt += 1;
      }
      offset = end;
    }
  }
  compactAndBound() {
    let segments = this.segments();
    if (segments.length > COMPACT_AFTER) {
      for (const segment of segments) if (!this.loaded.has(segment.path)) this.load(segment.path);
      const merged = this.writeSegment(encodeSegment(this.entries));
      this.loaded.add(merged);
      for (const segment of segments) if (segment.path !== merged) removeQuietly(segment.path);
      segments = this.segments();
    }
    let total = segments.reduce((sum, segment) => sum + segment.size, 0);
    for (const segment of segments) {
      if (total <= this.maxBytes || segments.length <= 1) break;
      removeQuietly(segment.path);
      total -= segment.size;
    }
  }
};
function encodeSegment(entries) {
  const parts = [MAGIC];
  for (const [key, vector] of entries) {
    const body = Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
    const header = Buffer.alloc(HEADER);
    Buffer.from(key, "hex").copy(header, 0);
    header.writeUInt32LE(vector.length, 32);
    header.writeUInt32LE(checksum(body), 36);
    parts.push(header, body);
  }
  return Buffer.concat(parts);
}
function removeQuietly(path) {
  try {
    unlinkSync(path);
  } catch {
  }
}
var CachedEmbedder = class {
  constructor(inner, cache) {
    this.inner = inner;
    this.cache = cache;
    this.id = inner.id;
    this.normalized = inner.normalized;
  }
  inner;
  cache;
  id;
  normalized;
  get stats() {
    return this.cache.stats;
  }
  async embed(texts, signal) {
    const result = texts.map((text) => this.cache.get(text));
    const missed = texts.filter((_, i) => result[i] === void 0);
    const missing = [...new Set(missed)];
    this.cache.stats.hits += texts.length - missed.length;
    this.cache.stats.misses += missing.length;
    if (missing.length > 0) {
      const vectors = await this.inner.embed(missing, signal);
      const fresh = new Map(missing.map((text, i) => [text, vectors[i]]));
      for (const [text, vector] of fresh) this.cache.set(text, vector);
      this.cache.flush();
      for (let i = 0; i < texts.length; i++) result[i] ??= fresh.get(texts[i]);
    }
    return result;
  }
};

// src/e2e/tokens.ts
const { Worker } = globalThis.process.getBuiltinModule("node:worker_threads");
var FAMILIES = [
  { prefix: /^(gpt-4o|chatgpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|gpt-oss|o1|o3|o4)(\b|-|$)/, encoding: "o200k_base" },
  { prefix: /^(gpt-4|gpt-3\.5|gpt-35|text-embedding-3|text-embedding-ada-002)(\b|-|$)/, encoding: "cl100k_base" }
];
var FALLBACK = "o200k_base";
function encodingForModel(model) {
  if (!model) return { encoding: FALLBACK, label: `${FALLBACK} (fallback: no model named)` };
  const name = model.toLowerCase().replace(/^.*\//, "");
  const family = FAMILIES.find((candidate) => candidate.prefix.test(name));
  return family ? { encoding: family.encoding, label: family.encoding } : { encoding: FALLBACK, label: `${FALLBACK} (fallback: model unknown)` };
}
var CountingThread = class {
  worker;
  waiting = /* @__PURE__ */ new Map();
  nextId = 0;
  failure;
  constructor() {
    this.worker = new Worker(new URL("./tokenWorker.js", import.meta.url));
    this.worker.unref();
    this.worker.on("message", (answer) => {
      const waiter = this.waiting.get(answer.id);
      if (!waiter) return;
      this.waiting.delete(answer.id);
      if (this.waiting.size === 0) this.worker.unref();
      if ("error" in answer) waiter.reject(new Error(`counting tokens failed: ${answer.error}`));
      else waiter.resolve(answer.count);
    });
    this.worker.on("error", (error) => this.fail(new Error(`the token-counting thread failed: ${error.message}`)));
    this.worker.on("exit", (code) => this.fail(new Error(`the token-counting thread stopped (exit code ${code})`)));
  }
  get failed() {
    return this.failure !== void 0;
  }
  /** Ends the thread; a count still waiting is refused, as when the thread fails. */
  stop() {
    this.fail(new Error("the token-counting thread was stopped"));
    void this.worker.terminate();
  }
  count(text, encoding) {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve7, reject) => {
      this.waiting.set(id, { resolve: resolve7, reject });
      if (this.waiting.size === 1) this.worker.ref();
      this.worker.postMessage({ id, text, encoding });
    });
  }
  fail(error) {
    this.failure ??= error;
    for (const waiter of this.waiting.values()) waiter.reject(this.failure);
    this.waiting.clear();
  }
};
var thread;
function counting() {
  if (!thread || thread.failed) thread = new CountingThread();
  return thread;
}
function loadEncoding(encoding) {
  counting().count("", encoding).catch(() => void 0);
}
function stopCounting() {
  thread?.stop();
  thread = void 0;
}
function countTokens(text, encoding) {
  if (text === "") return Promise.resolve(0);
  return counting().count(text, encoding);
}
async function injectedTokens(reply, encoding, count = countTokens) {
  const text = reply.injected_text ?? reply.recalled?.map((memory) => memory.text).join("\n");
  return text === void 0 ? void 0 : count(text, encoding);
}

// src/results/provenance.ts
const { execFile } = globalThis.process.getBuiltinModule("node:child_process");
const { createHash: createHash2 } = globalThis.process.getBuiltinModule("node:crypto");
const { existsSync, readFileSync: readFileSync2, statSync: statSync2 } = globalThis.process.getBuiltinModule("node:fs");
const { arch, platform, release } = globalThis.process.getBuiltinModule("node:os");
const { dirname, isAbsolute, join: join2, relative, resolve, sep } = globalThis.process.getBuiltinModule("node:path");
const { promisify } = globalThis.process.getBuiltinModule("node:util");

// src/net/modelAnswers.ts
var MAX_ANSWERED_ID = 200;
var ModelAnswers = class {
  constructor(onNew = () => void 0) {
    this.onNew = onNew;
  }
  onNew;
  byModel = /* @__PURE__ */ new Map();
  /** Called after each response: the model asked for and the `model` the response named (ignored when it is not a non-empty string). */
  record(role, requested, answered) {
    if (typeof answered !== "string" || answered.trim() === "") return;
    const key = `${role}
${requested}`;
    let entry = this.byModel.get(key);
    if (!entry) this.byModel.set(key, entry = { role, requested, answered: /* @__PURE__ */ new Set() });
    const id = answered.slice(0, MAX_ANSWERED_ID);
    if (entry.answered.has(id)) return;
    entry.answered.add(id);
    this.onNew();
  }
  values() {
    return this.byModel.values();
  }
};

// src/results/provenance.ts
var GIT_TIMEOUT_MS = 5e3;
var LOCKFILES = ["package-lock.json", "poetry.lock", "uv.lock", "requirements.txt"];
var DEFAULT_OPENAI_URL = "https://api.openai.com/v1";
function sha256(bytes) {
  return createHash2("sha256").update(bytes).digest("hex");
}
function suitePath(suiteDir, file) {
  const path = relative(suiteDir, file) || file;
  return sep === "/" ? path : path.split(sep).join("/");
}
function collectProvenance(suite, env) {
  const suiteDir = dirname(suite.file);
  const files = {};
  for (const file of suite.files) {
    try {
      files[suitePath(suiteDir, file)] = sha256(readFileSync2(file));
    } catch {
    }
  }
  const judge = suite.e2e?.judge !== void 0 || (suite.e2e?.cases ?? []).some((spec) => Object.values(spec.graders ?? {}).some((grader) => "judge" in grader));
  const dataset = datasetOf(suiteDir);
  const provenance = {
    recall_gate: TOOL_VERSION,
    node: process.versions.node,
    os: { platform: platform(), release: release(), arch: arch() },
    git: { commit: "unknown", note: GIT_PENDING },
    files,
    models: modelsOf(suite, env),
    ...judge ? { judge_prompt_sha256: sha256(judgeInstructionsText()) } : {},
    adapters: adaptersOf(suite, suiteDir, repositoryTop(suiteDir)),
    ...dataset ? { dataset } : {}
  };
  const gitAnswered = gitState(suiteDir).then((git2) => {
    provenance.git = { commit: git2.commit, ...git2.dirty !== void 0 ? { dirty: git2.dirty } : {}, ...git2.note ? { note: git2.note } : {} };
  });
  return { provenance, gitAnswered };
}
function repositoryTop(dir) {
  for (let folder = resolve(dir); ; folder = dirname(folder)) {
    if (existsSync(join2(folder, ".git"))) return folder;
    if (dirname(folder) === folder) return void 0;
  }
}
function addModelAnswers(provenance, answers) {
  for (const { role, requested, answered } of answers.values()) {
    const ids = [...answered].sort();
    const named = provenance.models.filter((model) => model.role === role && model.requested === requested);
    if (named.length === 0) provenance.models.push({ role, where: "(asked during the run)", requested, answered: ids });
    for (const model of named) addAnswered(model, ids);
  }
}
function addAnswered(model, ids) {
  model.answered = [.../* @__PURE__ */ new Set([...model.answered ?? [], ...ids])].sort();
}
function sameModel(a, b) {
  return a.role === b.role && a.where === b.where && a.requested === b.requested;
}
function carryAnswers(provenance, earlier) {
  for (const model of provenance.models) {
    const before = earlier.models.find((one) => one !== null && typeof one === "object" && sameModel(one, model));
    const ids = Array.isArray(before?.answered) ? before.answered.filter((id) => typeof id === "string" && id.trim() !== "").map((id) => id.slice(0, MAX_ANSWERED_ID)) : [];
    if (ids.length > 0) addAnswered(model, ids);
  }
}
function mergedProvenance(shards) {
  const [first, ...rest] = shards.filter((one) => one !== void 0);
  if (!first) return void 0;
  const merged = { ...first, models: first.models.map((model) => ({ ...model })) };
  for (const other of rest) {
    for (const model of other.models) {
      const same = merged.models.find((one) => sameModel(one, model));
      if (!same) merged.models.push({ ...model });
      else if (model.answered?.length) addAnswered(same, model.answered);
    }
  }
  return merged;
}
var execFileAsync = promisify(execFile);
async function git(args, cwd) {
  const { stdout } = await execFileAsync("git", args, { cwd, timeout: GIT_TIMEOUT_MS, encoding: "utf8", env: gitEnv(), maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}
async function gitState(dir) {
  let commit;
  try {
    commit = (await git(["rev-parse", "HEAD"], dir)).trim();
  } catch (error) {
    return { commit: "unknown", note: gitFailure(error) };
  }
  if (!/^[0-9a-f]{7,64}$/.test(commit)) return { commit: "unknown", note: "git rev-parse HEAD gave no commit" };
  try {
    return { commit, dirty: (await git(["status", "--porcelain", "--untracked-files=no"], dir)).trim() !== "" };
  } catch (error) {
    return { commit, note: `whether the working tree is dirty is unknown: ${gitFailure(error)}` };
  }
}
function gitFailure(error) {
  if (error.code === "ENOENT") return "git is not installed (not on PATH)";
  if (error.code === "ETIMEDOUT" || error.signal === "SIGTERM") return `git did not answer within ${GIT_TIMEOUT_MS / 1e3} s`;
  const said = String(error.stderr ?? "").trim().split("\n")[0] ?? "";
  if (/not a git repository/i.test(said)) return "the suite is not in a git repository";
  if (/unknown revision|ambiguous argument 'HEAD'/i.test(said)) return "the repository has no commit yet";
  return `git failed: ${scrubSecrets(said).slice(0, 200) || String(error.message).slice(0, 200)}`;
}
function endpointOf(baseUrl, env) {
  return redactUrl(baseUrl ?? (env.OPENAI_BASE_URL?.trim() || DEFAULT_OPENAI_URL));
}
function embeddingModel(embedding, where, env) {
  if (embedding.kind === "openai" && embedding.model) return { role: "embeddings", where, requested: embedding.model, endpoint: endpointOf(embedding.base_url, env) };
  if (embedding.kind === "local" && embedding.model) return { role: "embeddings", where, requested: `${embedding.model}${embedding.revision ? `@${embedding.revision}` : ""}${embedding.dtype ? ` (${embedding.dtype})` : ""}` };
  return void 0;
}
function modelsOf(suite, env) {
  const models = [];
  const add = (model) => {
    if (model && !models.some((one) => one.role === model.role && one.requested === model.requested && one.endpoint === model.endpoint)) models.push(model);
  };
  const target = suite.e2e?.target;
  if (target?.kind === "builtin") add({ role: "chat", where: "e2e.target", requested: target.model, endpoint: endpointOf(target.base_url, env) });
  else if (target?.model) add({ role: "chat", where: `e2e.target (the ${target.kind} adapter's model)`, requested: target.model });
  const judge = suite.e2e?.judge;
  if (judge) add({ role: "judge", where: "e2e.judge", requested: judge.model, endpoint: endpointOf(judge.base_url, env) });
  for (const spec of suite.e2e?.cases ?? []) {
    for (const [name, grader] of Object.entries(spec.graders ?? {})) {
      if ("judge" in grader && grader.judge.model) add({ role: "judge", where: `grader ${name}`, requested: grader.judge.model, endpoint: endpointOf(judge?.base_url, env) });
    }
  }
  for (const provider of suite.retrieval?.providers ?? []) if (provider.embedding) add(embeddingModel(provider.embedding, `provider ${provider.name}`, env));
  return models;
}
function scrubCommand(command) {
  let hideNext = false;
  const scrubWord = (word) => {
    if (hideNext) {
      hideNext = false;
      return SECRET_MARKER;
    }
    const option = /^(--?[A-Za-z][\w.-]*)(?:=(.*))?$/s.exec(word);
    if (option && looksSecret(option[1])) {
      if (option[2] !== void 0) return `${option[1]}=${SECRET_MARKER}`;
      hideNext = true;
      return word;
    }
    const variable = /^([A-Za-z_][\w]*)=(.*)$/s.exec(word);
    if (variable && looksSecret(variable[1])) return `${variable[1]}=${SECRET_MARKER}`;
    return word.replace(/[a-z][a-z0-9+.-]*:\/\/\S*/gi, (url) => redactUrl(url));
  };
  return command.map((arg) => {
    const header = arg.replace(/\b(authorization|proxy-authorization)(\s*:\s*)(?:(bearer|basic|token)\s+)?\S+/gi, (_all, name, colon, scheme) => `${name}${colon}${scheme ? `${scheme} ` : ""}${SECRET_MARKER}`);
    return scrubSecrets(header.split(/(\s+)/).map((part) => /^\s*$/.test(part) ? part : scrubWord(part)).join(""));
  });
}
var SCRIPT_HASH_BYTES = 4 * 1024 * 1024;
function scriptOf(command, cwd) {
  const found = commandScript(command);
  if (!found) return void 0;
  const path = isAbsolute(found.path) ? found.path : resolve(cwd, found.path);
  try {
    return statSync2(path).isFile() ? path : void 0;
  } catch {
    return void 0;
  }
}
function lockfilesBeside(folders, top, suiteDir) {
  const found = {};
  const names = /* @__PURE__ */ new Set();
  for (const start of folders) {
    const inside = top !== void 0 && !relative(top, start).startsWith("..") && !isAbsolute(relative(top, start));
    for (let folder = start; ; folder = dirname(folder)) {
      for (const name of LOCKFILES) {
        const path = join2(folder, name);
        if (names.has(name) || !existsSync(path)) continue;
        try {
          found[suitePath(suiteDir, path)] = sha256(readFileSync2(path));
          names.add(name);
        } catch {
        }
      }
      if (!inside || folder === top || dirname(folder) === folder) break;
    }
  }
  return found;
}
function adaptersOf(suite, suiteDir, top) {
  return startedCommands(suite, suiteDir).map(({ label: where, command, cwd }) => {
    const script = scriptOf(command, cwd);
    const folder = script === void 0 ? void 0 : dirname(script);
    const hashed = script === void 0 ? void 0 : scriptHash(script, suiteDir);
    return { where, command: scrubCommand(command), ...hashed ? { script: hashed } : {}, lockfiles: lockfilesBeside(folder && folder !== cwd ? [folder, cwd] : [cwd], top, suiteDir) };
  });
}
function scriptHash(path, suiteDir) {
  try {
    if (statSync2(path).size > SCRIPT_HASH_BYTES) return void 0;
    return { path: suitePath(suiteDir, path), sha256: sha256(readFileSync2(path)) };
  } catch {
    return void 0;
  }
}
function datasetOf(suiteDir) {
  const path = join2(suiteDir, IMPORT_FILES.report);
  if (!existsSync(path)) return void 0;
  try {
    const report = JSON.parse(readFileSync2(path, "utf8"));
    if (typeof report.format !== "string" || typeof report.source !== "string") return void 0;
    return { format: report.format, source: scrubSecrets(report.source), ...typeof report.sha256 === "string" ? { sha256: report.sha256 } : {} };
  } catch {
    return void 0;
  }
}

// src/runSuite.ts
const { createHash: createHash6, randomBytes } = globalThis.process.getBuiltinModule("node:crypto");
const { readFileSync: readFileSync5 } = globalThis.process.getBuiltinModule("node:fs");
const { dirname: dirname3, join: join6, relative: relative2 } = globalThis.process.getBuiltinModule("node:path");

// src/e2e/tokenCountCache.ts
const { createHash: createHash3 } = globalThis.process.getBuiltinModule("node:crypto");
const { mkdirSync: mkdirSync2, readFileSync: readFileSync3, writeFileSync: writeFileSync2 } = globalThis.process.getBuiltinModule("node:fs");
const { join: join3 } = globalThis.process.getBuiltinModule("node:path");
var FORMAT = "recall-gate-token-counts-1";
var MOST_COUNTS = 2e4;
var TokenCountCache = class {
  /** `warn` says what went wrong with a file; the run goes on either way. */
  constructor(root, warn) {
    this.warn = warn;
    this.dir = join3(root, "tokens");
  }
  warn;
  dir;
  files = /* @__PURE__ */ new Map();
  /** `count` answered from the cache where it holds the text's count; the counts it makes are kept. */
  counting(count) {
    return async (text, encoding) => {
      if (text === "") return 0;
      const file = this.file(encoding);
      const key = keyOf(text);
      const known = file.used.get(key) ?? file.counts.get(key);
      if (known !== void 0) {
        file.used.set(key, known);
        return known;
      }
      const made = await count(text, encoding);
      file.used.set(key, made);
      file.made = true;
      return made;
    };
  }
  /** Whether the cache holds counts in `encoding` (read now): none means a first run, whose every count is to be made. */
  holds(encoding) {
    return this.file(encoding).counts.size > 0;
  }
  /**
   * Writes each file this run made counts for, merged with what is on disk now (another run may have written
   * since); past MOST_COUNTS, with the counts this run used alone. Synchronous, so it can run as the process is
   * stopped; a cache that cannot be written is a warning, never a failed run.
   */
  save() {
    for (const [encoding, file] of this.files) {
      if (!file.made) continue;
      file.made = false;
      const path = this.pathOf(encoding);
      let merged = this.read(encoding, false);
      for (const [key, count] of file.used) merged.set(key, count);
      if (merged.size > MOST_COUNTS) merged = new Map([...file.used].slice(0, MOST_COUNTS));
      const written = { format: FORMAT, encoding, counts: Object.fromEntries(merged) };
      try {
        mkdirSync2(this.dir, { recursive: true });
        replaceFileWith(path, (fd) => writeFileSync2(fd, `${JSON.stringify(written)}
`));
      } catch (error) {
        this.warn(`warning: token counts could not be kept in ${path} (${error.message}); the next run counts them again`);
      }
    }
  }
  file(encoding) {
    let file = this.files.get(encoding);
    if (!file) {
      file = { counts: this.read(encoding, true), used: /* @__PURE__ */ new Map(), made: false };
      this.files.set(encoding, file);
    }
    return file;
  }
  /** The counts on disk: none when there is no file yet, or (with a warning when `say`) when it is not one this cache wrote. */
  read(encoding, say) {
    const path = this.pathOf(encoding);
    let text;
    try {
      text = readFileSync3(path, "utf8");
    } catch (error) {
      if (error.code !== "ENOENT" && say) this.warn(`warning: token counts in ${path} cannot be read (${error.message}); they are counted again`);
      return /* @__PURE__ */ new Map();
    }
    const counts = countsIn(text, encoding);
    if (typeof counts === "string") {
      if (say) this.warn(`warning: token counts in ${path} are unusable (${counts}); they are counted again and the file replaced`);
      return /* @__PURE__ */ new Map();
    }
    return counts;
  }
  pathOf(encoding) {
    return join3(this.dir, `${encoding}.json`);
  }
};
function keyOf(text) {
  return createHash3("sha256").update(text).digest("base64url");
}
function countsIn(text, encoding) {
  const stamped = stampedJson(text, FORMAT);
  if (typeof stamped === "string") return stamped;
  const file = stamped;
  if (file.encoding !== encoding) return `counts of ${JSON.stringify(file.encoding ?? null)}, not ${encoding}`;
  const counts = file.counts;
  if (counts === null || typeof counts !== "object" || Array.isArray(counts)) return "no counts in it";
  const taken = /* @__PURE__ */ new Map();
  for (const [key, count] of Object.entries(counts)) {
    if (!Number.isSafeInteger(count) || count < 0) return `the count of ${key} is ${JSON.stringify(count)}, not a whole number of tokens`;
    taken.set(key, count);
  }
  return taken;
}

// src/e2e/resume.ts
var DISCARD_REASONS = {
  check: "for a changed check",
  case: "for changed sessions, probe or evidence",
  target: "for a changed target or judge",
  gone: "for cases no longer in the suite",
  unplanned: "for conditions or repetitions no longer planned",
  unhashed: "written without a trial hash (an older recall-gate)",
  mixed: "of shared histories' playings cut short and partly replaced (each is played again whole)"
};
function selectForResume(records, planned) {
  const plannedCases = new Set([...planned.values()].map((trial) => trial.case));
  const kept = [];
  const discarded = {};
  for (const record of records) {
    const reason = discardReason(record, planned.get(record.key)?.fingerprint, plannedCases);
    if (reason) discarded[reason] = (discarded[reason] ?? 0) + 1;
    else kept.push(record);
  }
  const mixed = mixedPlayings(kept);
  if (mixed.size === 0) return { kept, discarded };
  discarded.mixed = kept.filter((record) => mixed.has(record)).length;
  return { kept: kept.filter((record) => !mixed.has(record)), discarded };
}
function mixedPlayings(records) {
  const playings = /* @__PURE__ */ new Map();
  for (const record of records) {
    if (!record.history) continue;
    const id = JSON.stringify([record.history.name, record.condition, record.repeat]);
    const members = playings.get(id);
    if (members) members.push(record);
    else playings.set(id, [record]);
  }
  const mixed = /* @__PURE__ */ new Set();
  for (const members of playings.values()) {
    if (new Set(members.map((record) => record.history.played_at)).size > 1) for (const record of members) mixed.add(record);
  }
  return mixed;
}
function discardReason(record, current, plannedCases) {
  if (!current) return plannedCases.has(record.case) ? "unplanned" : "gone";
  const stored = record.fingerprint;
  if (!stored) return "unhashed";
  return ["check", "case", "target"].find((part) => stored[part] !== current[part]);
}
function describeResume(selection, unreadable) {
  const finished = selection.kept.filter((trial) => trial.status !== "error").length;
  const retried = selection.kept.length - finished;
  const parts = Object.keys(DISCARD_REASONS).filter((reason) => selection.discarded[reason]).map((reason) => `${selection.discarded[reason]} ${DISCARD_REASONS[reason]}`);
  if (unreadable > 0) parts.push(counted(unreadable, "unreadable line", "unreadable lines"));
  const total = Object.values(selection.discarded).reduce((sum, count) => sum + (count ?? 0), 0) + unreadable;
  const kept = `resuming: ${counted(finished, "trial", "trials")} kept${retried ? ` (${retried} errored, run again)` : ""}`;
  return total > 0 ? `${kept}; ${total} discarded: ${parts.join(", ")}` : kept;
}

// src/e2e/runE2e.ts
const { createHash: createHash4 } = globalThis.process.getBuiltinModule("node:crypto");

// src/e2e/probeReply.ts
function ungradableReply(reply, gradeTruncated) {
  const acted = (reply.tool_calls?.length ?? 0) + (reply.artifacts?.length ?? 0) > 0;
  if (normalizeAnswer(reply.reply).trim() === "" && (reply.truncated || !acted)) {
    return reply.truncated ? "the agent's reply is empty: it was cut at the length limit (finish_reason length); raise max_tokens" : "the agent's reply is empty";
  }
  if (reply.truncated && !gradeTruncated) {
    return "the agent's reply was cut at the length limit (finish_reason length); raise max_tokens, or set e2e.grade_truncated: true to grade such replies";
  }
  return void 0;
}

// src/e2e/sessions.ts
async function playSessions(sessions, say) {
  for (const [sessionIndex, session] of sessions.entries()) {
    const history = [];
    for (const [turnIndex, message] of session.turns.entries()) {
      const { reply } = await say({
        session: sessionIndex + 1,
        turn: turnIndex + 1,
        ...session.date ? { date: session.date } : {},
        message,
        history: [...history]
      });
      history.push({ role: "user", content: message }, { role: "assistant", content: reply });
    }
  }
}

// src/e2e/runE2e.ts
function trialUser(suite, caseName, as, condition, repeat, runId = "") {
  const scope = createHash4("sha256").update(`${suite}\0${caseName}\0${as ?? ""}\0${runId}`).digest("hex").slice(0, 12);
  return `rg-${scope}-${condition}-${repeat}`;
}
function planTrials(plan) {
  const trials = [];
  const orders = historyOrders(plan.cases);
  const fingerprintOf = trialFingerprints(plan);
  for (const spec of plan.cases) {
    for (const condition of plan.conditions) {
      const own = fingerprintOf(spec, condition);
      const fingerprint = spec.history === void 0 ? own : withHistoryOrder(own, orders.get(spec.history));
      for (let repeat = 1; repeat <= plan.repeat; repeat++) trials.push({ spec, case: spec.name, condition, repeat, key: trialKey(spec.name, condition, repeat), fingerprint });
    }
  }
  return trials;
}
function pendingTrials(planned, done = /* @__PURE__ */ new Set()) {
  return workUnits(planned, done).flatMap((unit) => unit.trials.map((trial, index) => ({ ...trial, playsSessions: unit.history === void 0 || index === 0 })));
}
async function meterTrial(work) {
  const {
    value: { value, cached },
    usage
  } = await meterEmbeddingsIfAny(() => meterCachedCallsIfAny(work));
  return { value, usage, cached };
}
function addMeters(a, b) {
  const calls = (x, y) => ({ calls: x.calls + y.calls, input_tokens: x.input_tokens + y.input_tokens, output_tokens: x.output_tokens + y.output_tokens });
  return { usage: addEmbeddingUsage(a.usage, b.usage), cached: { chat: calls(a.cached.chat, b.cached.chat), judge: calls(a.cached.judge, b.cached.judge) } };
}
async function runE2e(plan, deps) {
  const pending = workUnits(deps.planned ?? planTrials(plan), deps.done);
  const { encoding } = encodingForModel(plan.model);
  if (pending.length > 0 && (!deps.countTokens || deps.countsHeld?.(encoding) === false)) loadEncoding(encoding);
  const finished = [];
  let next = 0;
  let warned = false;
  let unknownSaid = false;
  let stopped = false;
  const budget = deps.budget;
  const specs = new Map(plan.cases.map((spec) => [spec.name, spec]));
  const finishing = /* @__PURE__ */ new Set();
  const failures = [];
  const admit = async (calls) => {
    if (budget) await Promise.all(finishing);
    if (stopped) return false;
    if (!budget || budget.tryStart(calls)) return true;
    stopped = true;
    deps.log?.(`e2e: the budget of ${dollars(budget.cap)} (${budget.source}) would be passed by another trial (spent ${dollars(budget.spentUsd)} so far): no new trial starts; those running finish`);
    return false;
  };
  const settle = async (record, { usage: embedding, cached }) => {
    if (cached.chat.calls + cached.judge.calls > 0) record.cached = cached;
    priceTrial(plan, record, embedding);
    if (budget?.finish(record, plannedCallsOf(specs.get(record.case), record)) && !unknownSaid) {
      unknownSaid = true;
      deps.log?.(`warning: the cost of trial ${record.key} is unknown (a model with no price, or a call that reported no tokens): the budget counts only what is known, and results.json counts such trials in e2e.budget.unknown_trials`);
    }
    const warning = record.invocations.find((invocation) => invocation.usage_warning)?.usage_warning ?? record.judge_usage_warning;
    if (warning && !warned) {
      warned = true;
      deps.log?.(`warning: ${warning} (${record.key}; every such call is marked usage_warning in trials.jsonl, and its trial's cost is unknown)`);
    }
    finished.push(record);
    try {
      await deps.onTrial(record);
    } catch (error) {
      stopped = true;
      throw error;
    }
  };
  const finisher = () => {
    let last = Promise.resolve();
    return (done, meters) => {
      done.catch(() => void 0);
      const before = last;
      const settled = before.then(() => done).then((record) => settle(record, meters)).catch((error) => void failures.push(error)).finally(() => finishing.delete(settled));
      finishing.add(settled);
      last = settled;
      return before;
    };
  };
  const worker = async (limit = pending.length) => {
    const finishApart = finisher();
    for (let taken = 0; !stopped && next < pending.length && taken < limit; taken += 1) {
      const unit = pending[next++];
      if (unit.history !== void 0) {
        await runPlaying(plan, unit, deps, finishApart, admit);
        continue;
      }
      if (!await admit(agentCalls(unit.trials[0].spec))) break;
      const {
        value: { done },
        ...meters
      } = await meterTrial(() => runTrial(plan, unit.trials[0], deps));
      await finishApart(done, meters);
    }
  };
  const settleAll = async (workers, limit) => {
    const outcomes = await Promise.allSettled(Array.from({ length: workers }, () => worker(limit)));
    await Promise.all(finishing);
    for (const outcome of outcomes) if (outcome.status === "rejected") failures.push(outcome.reason);
  };
  if (budget?.measuresFirst) await settleAll(1, 1);
  if (failures.length === 0) await settleAll(Math.max(1, Math.min(plan.concurrency, pending.length)));
  if (failures.length > 0) throw failures[0];
  return finished;
}
function newRecord(trial, condition, user) {
  const { spec } = trial;
  return {
    key: trial.key,
    fingerprint: trial.fingerprint,
    case: spec.name,
    ability: spec.ability,
    condition,
    repeat: trial.repeat,
    user,
    status: "error",
    reason: "",
    question: spec.probe.text,
    check: describeGrading(gradingOf(spec, condition)),
    invocations: [],
    tokens: { input: 0, output: 0, judge_input: 0, judge_output: 0 },
    cost_usd: null,
    started_at: (/* @__PURE__ */ new Date()).toISOString(),
    duration_ms: 0
  };
}
function invoker(plan, deps, condition, record, oracle) {
  const now = deps.now ?? (() => performance.now());
  const fault = faultOf(condition);
  const encoding = encodingForModel(plan.model);
  const invocations = record.invocations;
  const counts = [];
  const counted2 = async () => {
    const taken = counts.splice(0);
    const outcomes = await Promise.allSettled(taken.map((count) => count.injected));
    let failed;
    for (const [index, outcome] of outcomes.entries()) {
      if (outcome.status === "rejected") {
        failed ??= describeError(outcome.reason);
      } else if (outcome.value !== void 0) {
        taken[index].invocation.injected_tokens = outcome.value;
        record.tokens.injected = (record.tokens.injected ?? 0) + outcome.value;
      }
    }
    return failed;
  };
  const call = async (kind, user, message, date, place) => {
    const callStarted = now();
    const reply = await deps.target.chat({
      user,
      date,
      message,
      memory: memoryOf(condition),
      ...condition === "oracle" ? { oracle } : {},
      ...place,
      ...kind === "probe" && fault ? { fault } : {}
    });
    const invocation = {
      kind,
      ...place ? { session: place.session, turn: place.turn } : {},
      user,
      ...date ? { date } : {},
      message,
      reply: reply.reply,
      ...reply.recalled ? { recalled: reply.recalled } : {},
      latency_ms: round(now() - callStarted, 3),
      ...reply.recall_ms !== void 0 ? { recall_ms: round(reply.recall_ms, 3) } : {},
      ...reply.recall_error ? { recall_error: reply.recall_error } : {},
      ...kind === "probe" && fault ? { fault } : {},
      ...reply.usage ? { usage: reply.usage } : {},
      ...reply.usage_warning ? { usage_warning: reply.usage_warning } : {},
      ...reply.truncated ? { truncated: true } : {},
      ...reply.memory_ops ? { memory_ops: reply.memory_ops } : {},
      ...reply.tool_calls ? { tool_calls: reply.tool_calls } : {},
      ...reply.artifacts ? { artifacts: reply.artifacts.map(capArtifact) } : {},
      ...reply.tool_rounds_exhausted ? { tool_rounds_exhausted: true } : {},
      ...reply.cached ? { cached: true } : {}
    };
    invocations.push(invocation);
    if (reply.usage) {
      record.tokens.input += reply.usage.input_tokens;
      record.tokens.output += reply.usage.output_tokens;
    }
    const injected = injectedTokens(reply, encoding.encoding, deps.countTokens);
    injected.catch(() => void 0);
    counts.push({ invocation, injected });
    if (reply.injected_text !== void 0 || reply.recalled !== void 0) record.injected_tokens_encoding = encoding.label;
    return reply;
  };
  return { call, counted: counted2 };
}
function failWith(record, reason) {
  if (reason === void 0) return;
  if (record.status !== "error" || record.reason === "") record.reason = reason;
  record.status = "error";
}
function wantsSnapshot(spec, condition) {
  return needsSnapshot(gradingOf(spec, condition)) || stageNeedsSnapshot(spec, condition);
}
async function askProbe(plan, deps, spec, condition, record, call, asker, seen) {
  const fault = faultOf(condition);
  const probe = await call("probe", asker, spec.probe.text, spec.probe.date);
  record.answer = probe.reply;
  const ungradable = ungradableReply(probe, plan.gradeTruncated ?? false) ?? (fault && faultIgnored(fault, probe));
  if (ungradable) throw new Error(ungradable);
  const { invocations, snapshot } = seen();
  const grading = { question: spec.probe.text, judge: deps.judge, judgeModel: plan.judgeModel, judgeMissing: deps.judgeMissing, actions: probeActions(invocations) };
  const graded = await gradeTrial({ ...spec, ...gradingOf(spec, condition) }, { ...grading, answer: probe.reply, snapshot, invocations, env: deps.env });
  addJudgeUsage(record, graded);
  await gradeHarmfulAction(spec, probe.reply, grading, record);
  if (graded.graders) record.graders = graded.graders;
  record.status = graded.status;
  record.reason = graded.reason;
}
async function finishTrial(spec, record, counted2, snapshot = record.snapshot) {
  failWith(record, await counted2());
  settleRecallQuality(spec, record);
  settleStage(spec, record, snapshot);
  return capStoredText(record);
}
async function runTrial(plan, trial, deps) {
  const now = deps.now ?? (() => performance.now());
  const started = now();
  const { spec, condition, repeat } = trial;
  const owner = trialUser(plan.suiteName, spec.name, void 0, condition, repeat, plan.runId);
  const asker = spec.probe.as ? trialUser(plan.suiteName, spec.name, spec.probe.as, condition, repeat, plan.runId) : owner;
  const record = newRecord(trial, condition, owner);
  const { call, counted: counted2 } = invoker(plan, deps, condition, record, condition === "oracle" ? oracleMemories(spec) : []);
  try {
    await deps.target.reset(owner);
    if (asker !== owner) await deps.target.reset(asker);
    await playSessions(spec.sessions, ({ message, date, ...place }) => call("session", owner, message, date, place));
    if (wantsSnapshot(spec, condition)) record.snapshot = await takeSnapshot(deps.target, owner);
    await askProbe(plan, deps, spec, condition, record, call, asker, () => ({ invocations: record.invocations, snapshot: record.snapshot }));
  } catch (error) {
    record.status = "error";
    record.reason = describeError(error);
  }
  record.duration_ms = round(now() - started, 3);
  return { done: finishTrial(spec, record, counted2) };
}
async function runPlaying(plan, unit, deps, finishApart, admit) {
  if (!await admit(agentCalls(unit.trials[0].spec))) return;
  const now = deps.now ?? (() => performance.now());
  const started = now();
  const first = unit.trials[0];
  const { condition, repeat } = first;
  const scope = historyScope(unit.history);
  const owner = trialUser(plan.suiteName, scope, void 0, condition, repeat, plan.runId);
  const carrier = newRecord(first, condition, owner);
  const snapshotWanted = unit.trials.some((trial) => wantsSnapshot(trial.spec, condition));
  const planting = await meterTrial(async () => {
    const { call, counted: counted2 } = invoker(plan, deps, condition, carrier, []);
    let played;
    try {
      await deps.target.reset(owner);
      await playSessions(first.spec.sessions, ({ message, date, ...place }) => call("session", owner, message, date, place));
      played = { snapshot: snapshotWanted ? await takeSnapshot(deps.target, owner) : void 0 };
    } catch (error) {
      played = { error: describeError(error) };
    }
    const failed = await counted2();
    return failed !== void 0 && !("error" in played) ? { error: failed } : played;
  });
  const plantedMs = now() - started;
  const sessions = [...carrier.invocations];
  const askers = /* @__PURE__ */ new Set([owner]);
  for (const [index, trial] of unit.trials.entries()) {
    if (index > 0 && !await admit(agentCalls(trial.spec, false))) return;
    const probeStarted = now();
    const record = index === 0 ? carrier : newRecord(trial, condition, owner);
    record.history = { name: unit.history, position: index + 1, planted_in: first.key, played_at: carrier.started_at };
    const { spec } = trial;
    const snapshot = "snapshot" in planting.value ? planting.value.snapshot : void 0;
    const { value: counted2, ...probed } = await meterTrial(async () => {
      if ("error" in planting.value) {
        record.reason = `history "${unit.history}" could not be played: ${planting.value.error}${index === 0 ? "" : ` (see ${first.key})`}`;
        return async () => void 0;
      }
      const { call, counted: counted3 } = invoker(plan, deps, condition, record, condition === "oracle" ? oracleMemories(spec) : []);
      try {
        const asker = spec.probe.as ? trialUser(plan.suiteName, scope, spec.probe.as, condition, repeat, plan.runId) : owner;
        if (!askers.has(asker)) {
          await deps.target.reset(asker);
          askers.add(asker);
        }
        const own = index === 0 ? [] : sessions;
        await askProbe(plan, deps, spec, condition, record, call, asker, () => ({ invocations: [...own, ...record.invocations], snapshot }));
      } catch (error) {
        record.status = "error";
        record.reason = describeError(error);
      }
      return counted3;
    });
    if (index === 0 && snapshot) record.snapshot = snapshot;
    record.duration_ms = round(now() - probeStarted + (index === 0 ? plantedMs : 0), 3);
    await finishApart(finishTrial(spec, record, counted2, snapshot), index === 0 ? addMeters(planting, probed) : probed);
  }
}
function oracleMemories(spec) {
  const sessions = spec.sessions.map((session) => ({ date: session.date, text: fold(session.turns.join("\n")) }));
  return spec.evidence.map((text) => {
    const needle = fold(text);
    const session = sessions.find((candidate) => candidate.text.includes(needle));
    return session?.date ? `[${session.date}] ${text}` : text;
  });
}

// src/memory/createStore.ts
const { resolve: resolve6 } = globalThis.process.getBuiltinModule("node:path");

// src/embeddings/createEmbedder.ts
const { isAbsolute: isAbsolute2, resolve: resolve3 } = globalThis.process.getBuiltinModule("node:path");

// src/embeddings/local.ts
const { createHash: createHash5 } = globalThis.process.getBuiltinModule("node:crypto");
const { existsSync: existsSync3, readFileSync: readFileSync4 } = globalThis.process.getBuiltinModule("node:fs");
const { join: join5 } = globalThis.process.getBuiltinModule("node:path");

// src/embeddings/transformersRuntime.ts
const { spawn } = globalThis.process.getBuiltinModule("node:child_process");
const { existsSync: existsSync2, mkdirSync: mkdirSync3, mkdtempSync, renameSync: renameSync2, rmSync } = globalThis.process.getBuiltinModule("node:fs");
const { dirname: dirname2, join: join4, resolve: resolve2 } = globalThis.process.getBuiltinModule("node:path");
const { pathToFileURL } = globalThis.process.getBuiltinModule("node:url");
var TRANSFORMERS_VERSION = "4.3.2";
var PACKAGE = "@huggingface/transformers";
var loaded;
function runtimeDir(cacheRoot) {
  return join4(cacheRoot, "transformers", TRANSFORMERS_VERSION);
}
function entryIn(dir) {
  return join4(dir, "node_modules", "@huggingface", "transformers", "dist", "transformers.node.mjs");
}
function loadTransformers(options) {
  loaded ??= load(options).catch((error) => {
    loaded = void 0;
    throw error;
  });
  return loaded;
}
function projectInstall(start) {
  for (let dir = resolve2(start); ; dir = dirname2(dir)) {
    const entry = entryIn(dir);
    if (existsSync2(entry)) return entry;
    if (dirname2(dir) === dir) return void 0;
  }
}
async function load(options) {
  const project = projectInstall(process.cwd());
  if (project) return { module: await import(pathToFileURL(project).href), source: `${PACKAGE} from ${project}` };
  try {
    const specifier = PACKAGE;
    const module2 = await import(specifier);
    return { module: module2, source: `${PACKAGE} from node_modules` };
  } catch (error) {
    if (error.code !== "ERR_MODULE_NOT_FOUND") throw error;
  }
  const dir = runtimeDir(options.cacheRoot);
  if (!existsSync2(entryIn(dir))) await install(dir, options);
  const module = await import(pathToFileURL(entryIn(dir)).href);
  return { module, source: `${PACKAGE}@${TRANSFORMERS_VERSION} from ${dir}` };
}
async function install(dir, options) {
  const parent = join4(dir, "..");
  mkdirSync3(parent, { recursive: true });
  const staging = mkdtempSync(join4(parent, `.installing-${TRANSFORMERS_VERSION}-`));
  options.log(
    `installing ${PACKAGE}@${TRANSFORMERS_VERSION} into ${dir} for the local embedding model (about 475 MB and 20 s to a few minutes, once; later runs reuse it)`
  );
  const started = Date.now();
  const ticker = setInterval(() => options.log(`  still installing ${PACKAGE} (${Math.round((Date.now() - started) / 1e3)} s)`), 1e4);
  try {
    const output = await runNpm(
      options.npmCommand ?? "npm",
      ["install", "--prefix", staging, "--no-save", "--no-package-lock", "--no-audit", "--no-fund", "--loglevel=error", `${PACKAGE}@${TRANSFORMERS_VERSION}`],
      // onnxruntime-node would otherwise try to download CUDA libraries; the CPU build ships in the package.
      { ...process.env, ONNXRUNTIME_NODE_INSTALL_CUDA: "skip" }
    );
    if (!existsSync2(entryIn(staging))) {
      throw new Error(`npm finished but ${PACKAGE} is not there:
${output.slice(-2e3)}`);
    }
    if (existsSync2(dir) && !existsSync2(entryIn(dir))) rmSync(dir, { recursive: true, force: true });
    try {
      renameSync2(staging, dir);
    } catch (error) {
      if (!existsSync2(entryIn(dir))) throw error;
    }
    options.log(`installed ${PACKAGE}@${TRANSFORMERS_VERSION} in ${Math.round((Date.now() - started) / 1e3)} s`);
  } catch (error) {
    throw new RecallGateError("incomplete", `could not install ${PACKAGE}@${TRANSFORMERS_VERSION} into ${dir}: ${error.message}`, {
      hint: `install it in your project (npm install ${PACKAGE}@${TRANSFORMERS_VERSION}), or use embedding kind ngram (offline) or openai`,
      cause: error
    });
  } finally {
    clearInterval(ticker);
    rmSync(staging, { recursive: true, force: true });
  }
}
function runNpm(command, args, env) {
  return new Promise((resolve7, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => output += chunk.toString("utf8"));
    child.stderr.on("data", (chunk) => output += chunk.toString("utf8"));
    child.on("error", (error) => reject(new Error(`cannot run ${command}: ${error.message}`)));
    child.on("close", (code) => code === 0 ? resolve7(output) : reject(new Error(`npm exited with ${code}: ${output.trim().split("\n").slice(-6).join(" | ")}`)));
  });
}

// src/embeddings/local.ts
var DEFAULT_LOCAL_MODEL = "Xenova/all-MiniLM-L6-v2";
var LocalEmbedder = class {
  constructor(options) {
    this.options = options;
    this.isFolder = options.model.startsWith("/");
    const dtype = options.dtype ?? "fp32";
    const version = this.isFolder ? folderFingerprint(options.model, dtype) : options.revision ?? "main";
    this.id = `local:${options.model}@${version}:${dtype}:mean-normalized`;
  }
  options;
  id;
  normalized = true;
  extractor;
  isFolder;
  /** In process and CPU-bound: a batch cannot be stopped part-way, so it takes no signal. */
  async embed(texts) {
    if (texts.length === 0) return [];
    const extract = await this.load();
    const batchSize = this.options.batchSize ?? 32;
    const vectors = [];
    for (let start = 0; start < texts.length; start += batchSize) {
      const batch = texts.slice(start, start + batchSize);
      const output = await extract(batch, { pooling: "mean", normalize: true });
      const dimensions = output.dims[output.dims.length - 1];
      for (let i = 0; i < batch.length; i++) vectors.push(output.data.slice(i * dimensions, (i + 1) * dimensions));
    }
    return vectors;
  }
  load() {
    this.extractor ??= this.open().catch((error) => {
      this.extractor = void 0;
      throw error;
    });
    return this.extractor;
  }
  async open() {
    const { module } = await loadTransformers(this.options);
    const modelsDir = join5(this.options.cacheRoot, "models");
    module.env.cacheDir = modelsDir;
    module.env.useFSCache = true;
    module.env.allowLocalModels = true;
    module.env.allowRemoteModels = !this.isFolder && !this.options.offline;
    if (this.isFolder && !existsSync3(join5(this.options.model, "config.json"))) {
      throw new RecallGateError("incomplete", `local model folder ${this.options.model} has no config.json`, {
        hint: "point model at a folder holding config.json, tokenizer.json, tokenizer_config.json and onnx/model.onnx"
      });
    }
    const started = Date.now();
    try {
      const extractor = await module.pipeline("feature-extraction", this.options.model, {
        revision: this.options.revision,
        dtype: this.options.dtype ?? "fp32",
        device: "cpu"
      });
      if (Date.now() - started > 2e3) this.options.log(`loaded ${this.options.model} in ${((Date.now() - started) / 1e3).toFixed(1)} s`);
      return extractor;
    } catch (error) {
      throw this.explain(error, modelsDir);
    }
  }
  explain(error, modelsDir) {
    const reason = describe(error);
    if (this.isFolder) {
      return new RecallGateError("incomplete", `cannot load the local model in ${this.options.model}: ${reason}`, {
        hint: "the folder needs config.json, tokenizer.json, tokenizer_config.json and onnx/model.onnx (onnx/model_quantized.onnx for dtype q8)",
        cause: error
      });
    }
    const notCached = `model ${this.options.model} is not in the cache (${modelsDir})`;
    const why = this.options.offline ? `${notCached} and downloads are off (RECALL_GATE_OFFLINE)` : `${notCached} and could not be downloaded: ${reason}`;
    return new RecallGateError("incomplete", `cannot load the local embedding model: ${why}`, {
      hint: "run once with network access so the model is cached, point model at a local model folder, or use embedding kind ngram (offline) or openai",
      cause: error
    });
  }
};
function describe(error) {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.code ?? error.cause.message})` : "";
  return `${error.message}${cause}`;
}
var fingerprints = /* @__PURE__ */ new Map();
function folderFingerprint(folder, dtype) {
  const key = `${folder}\0${dtype}`;
  const known = fingerprints.get(key);
  if (known) return known;
  const fingerprint = hashFolder(folder, dtype);
  fingerprints.set(key, fingerprint);
  return fingerprint;
}
function hashFolder(folder, dtype) {
  const weights = join5(folder, "onnx", dtype === "q8" ? "model_quantized.onnx" : dtype === "fp16" ? "model_fp16.onnx" : "model.onnx");
  const hash = createHash5("sha256");
  for (const file of ["config.json", "tokenizer.json"]) {
    if (existsSync3(join5(folder, file))) hash.update(readFileSync4(join5(folder, file)));
  }
  if (existsSync3(weights)) hash.update(readFileSync4(weights));
  return hash.digest("hex").slice(0, 16);
}

// src/text/tokenizer.ts
var STOPWORDS = new Set(
  "a about above after again against all am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not of off on once only or other our ours ourselves out over own same she should so some such than that the their theirs them themselves then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours yourself yourselves".split(" ")
);
var APOSTROPHES = /['\u2018\u2019\u02bc]/g;
var WORD = /[\p{L}\p{M}\p{N}]+/gu;
function words(text) {
  const normalised = text.normalize("NFKC").toLowerCase().replace(new RegExp("(\\p{L})['\\u2019]s\\b", "gu"), "$1").replace(APOSTROPHES, "");
  return normalised.match(WORD) ?? [];
}
function stem(word) {
  if (word.length > 3 && word.endsWith("ies") && !word.endsWith("eies") && !word.endsWith("aies")) return `${word.slice(0, -3)}y`;
  if (word.length > 2 && word.endsWith("es") && !word.endsWith("aes") && !word.endsWith("ees") && !word.endsWith("oes")) return word.slice(0, -1);
  if (word.length > 1 && word.endsWith("s") && !word.endsWith("us") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}
function tokenize(text) {
  const terms = [];
  for (const word of words(text)) {
    if (STOPWORDS.has(word)) continue;
    terms.push(stem(word));
  }
  return terms;
}

// src/embeddings/types.ts
function l2Normalize(vector) {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i] * vector[i];
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i] /= norm;
  return vector;
}

// src/embeddings/ngram.ts
var NgramEmbedder = class {
  id;
  normalized = true;
  dimensions;
  sizes;
  /** Scratch for embedOne, reused: embedding is synchronous, one text at a time. */
  features = new FeatureCounts();
  constructor(options = {}) {
    this.dimensions = options.dimensions ?? 512;
    this.sizes = options.sizes ?? [3, 4];
    this.id = `ngram:v2:d${this.dimensions}:n${this.sizes.join(",")}`;
  }
  async embed(texts) {
    return texts.map((text) => this.embedOne(text));
  }
  embedOne(text) {
    const features = this.features;
    features.clear();
    for (const word of words(text)) {
      const whole = `w:${word}`;
      features.add(whole, 0, whole.length);
      const wrapped = `<${word}>`;
      for (const n of this.sizes) {
        if (wrapped.length < n) continue;
        for (let i = 0; i + n <= wrapped.length; i++) features.add(wrapped, i, n);
      }
    }
    const vector = new Float32Array(this.dimensions);
    for (let entry = 0; entry < features.size; entry++) {
      const hash = features.hashes[entry];
      const sign = hash & 2147483648 ? -1 : 1;
      vector[hash % this.dimensions] += sign * (1 + Math.log(features.counts[entry]));
    }
    return l2Normalize(vector);
  }
};
var FeatureCounts = class {
  hashes = new Uint32Array(256);
  counts = new Float64Array(256);
  size = 0;
  sources = [];
  starts = new Int32Array(256);
  lengths = new Int32Array(256);
  /** Slot -> entry + 1 (0: empty); slots = a power of two, at least twice the entries. */
  slots = new Int32Array(1024);
  /** Starts the next text. */
  clear() {
    this.slots.fill(0);
    this.size = 0;
  }
  /** Counts the feature written at source[start, start + length). */
  add(source, start, length) {
    let hash = 2166136261;
    for (let i = start; i < start + length; i++) {
      hash ^= source.charCodeAt(i);
      hash = Math.imul(hash, 16777619);
    }
    hash >>>= 0;
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = slot + 1 & mask) {
      const entry = this.slots[slot] - 1;
      if (entry === -1) {
        this.slots[slot] = this.push(hash, source, start, length) + 1;
        if (this.size * 2 > this.slots.length) this.grow();
        return;
      }
      if (this.hashes[entry] === hash && this.holds(entry, source, start, length)) {
        this.counts[entry] += 1;
        return;
      }
    }
  }
  push(hash, source, start, length) {
    if (this.size === this.hashes.length) {
      const capacity = this.size * 2;
      this.hashes = grown(this.hashes, new Uint32Array(capacity));
      this.counts = grown(this.counts, new Float64Array(capacity));
      this.starts = grown(this.starts, new Int32Array(capacity));
      this.lengths = grown(this.lengths, new Int32Array(capacity));
    }
    const entry = this.size++;
    this.hashes[entry] = hash;
    this.counts[entry] = 1;
    this.sources[entry] = source;
    this.starts[entry] = start;
    this.lengths[entry] = length;
    return entry;
  }
  grow() {
    this.slots = new Int32Array(this.slots.length * 2);
    const mask = this.slots.length - 1;
    for (let entry = 0; entry < this.size; entry++) {
      let slot = this.hashes[entry] & mask;
      while (this.slots[slot] !== 0) slot = slot + 1 & mask;
      this.slots[slot] = entry + 1;
    }
  }
  holds(entry, source, start, length) {
    if (this.lengths[entry] !== length) return false;
    const other = this.sources[entry];
    const otherStart = this.starts[entry];
    for (let i = 0; i < length; i++) if (other.charCodeAt(otherStart + i) !== source.charCodeAt(start + i)) return false;
    return true;
  }
};
function grown(from, to) {
  to.set(from);
  return to;
}

// src/embeddings/openai.ts
var DEFAULT_BATCH = 256;
var OpenAIEmbedder = class {
  constructor(options) {
    this.options = options;
    if (!options.apiKey) {
      throw new RecallGateError("incomplete", "no API key for the openai embedder", {
        hint: "set OPENAI_API_KEY (or the variable named by api_key_env), or use embedding kind ngram to run offline"
      });
    }
    this.batchSize = options.batchSize ?? DEFAULT_BATCH;
    this.endpoint = new OpenAIEndpoint({
      apiKey: options.apiKey,
      baseURL: options.baseURL,
      maxRetries: options.maxRetries ?? 4,
      timeoutMs: options.timeoutMs ?? 6e4,
      answers: options.modelAnswers && { into: options.modelAnswers, role: "embeddings" }
    });
    this.id = `openai:${options.model}:d${options.dimensions ?? "default"}@${this.endpoint.url}`;
    embedderReportsUsage();
  }
  options;
  id;
  normalized = false;
  endpoint;
  batchSize;
  async embed(texts, signal) {
    const vectors = [];
    for (let start = 0; start < texts.length; start += this.batchSize) {
      const batch = texts.slice(start, start + this.batchSize);
      vectors.push(...await this.embedBatch(batch, signal));
    }
    return vectors;
  }
  async embedBatch(batch, signal) {
    const response = await this.endpoint.request(
      "embeddings request",
      (client) => client.embeddings.create(
        {
          model: this.options.model,
          input: batch,
          encoding_format: "float",
          ...this.options.dimensions ? { dimensions: this.options.dimensions } : {}
        },
        { signal }
      ),
      signal
    );
    this.endpoint.answered(this.options.model, response.model);
    const tokens = response.usage?.prompt_tokens;
    recordEmbedding(this.options.model, typeof tokens === "number" && Number.isSafeInteger(tokens) && tokens >= 0 ? tokens : void 0);
    const vectors = new Array(batch.length);
    for (const item of response.data ?? []) vectors[item.index] = Float32Array.from(item.embedding);
    for (let i = 0; i < batch.length; i++) {
      if (!vectors[i]) throw new RecallGateError("incomplete", `the embeddings endpoint returned no vector for input ${i} of a batch of ${batch.length}`);
      if (vectors[i].length !== vectors[0].length) throw new RecallGateError("incomplete", "the embeddings endpoint returned vectors of different lengths");
    }
    return vectors;
  }
};

// src/embeddings/createEmbedder.ts
function createEmbedder(spec, context) {
  const embedder = createUncached(spec, context);
  if (!context.cacheEmbeddings) return embedder;
  return new CachedEmbedder(embedder, new EmbeddingCache(context.cacheRoot, embedder.id));
}
function localModel(model, baseDir) {
  if (!model) return DEFAULT_LOCAL_MODEL;
  if (isAbsolute2(model)) return model;
  return model.startsWith("./") || model.startsWith("../") ? resolve3(baseDir, model) : model;
}
function createUncached(spec, context) {
  const env = context.env;
  switch (spec.kind) {
    case "ngram":
      return new NgramEmbedder({ dimensions: spec.dimensions, sizes: spec.ngram_sizes });
    case "openai":
      return new OpenAIEmbedder({
        model: spec.model,
        dimensions: spec.dimensions,
        batchSize: spec.batch_size,
        baseURL: spec.base_url ?? (env.OPENAI_BASE_URL || void 0),
        apiKey: env[apiKeyEnv(spec)],
        maxRetries: spec.max_retries,
        timeoutMs: spec.timeout_ms,
        modelAnswers: context.modelAnswers
      });
    case "local":
      return new LocalEmbedder({
        model: localModel(spec.model, context.baseDir),
        revision: spec.revision,
        dtype: spec.dtype,
        batchSize: spec.batch_size,
        offline: env.RECALL_GATE_OFFLINE === "1" || env.RECALL_GATE_OFFLINE === "true",
        cacheRoot: context.cacheRoot,
        log: context.log
      });
  }
}

// src/protocol/client.ts
var DEFAULT_TIMEOUT_MS = 6e4;
var JsonRpcError = class extends RecallGateError {
  constructor(label, method, rpcCode, rpcMessage, data, more) {
    const detail = data === void 0 || data === null ? "" : ` (data: ${excerpt(typeof data === "string" ? data : JSON.stringify(data))})`;
    const message = `${label}: "${method}" failed with JSON-RPC error ${rpcCode}: ${rpcMessage}${detail}`;
    super("incomplete", message, {
      hint: rpcCode === JsonRpcErrorCode.methodNotFound ? methodNotFoundHint(method) : more?.(message)
    });
    this.method = method;
    this.rpcCode = rpcCode;
    this.rpcMessage = rpcMessage;
    this.data = data;
    this.name = "JsonRpcError";
  }
  method;
  rpcCode;
  rpcMessage;
  data;
};
function methodNotFoundHint(method) {
  if (method === "reset" || method === "chat") return `every adapter must implement "reset" and "chat": see ${PROTOCOL_DOC}`;
  if (method === "list") return `"list" is optional, but grading what memory holds (memory graders) and retrieval against the adapter need it: see ${PROTOCOL_DOC}`;
  return `"${method}" is optional, but retrieval against the adapter needs add, search and list: see ${PROTOCOL_DOC}`;
}
var JsonRpcClient = class {
  constructor(transport, options = {}) {
    this.transport = transport;
    this.timeoutMs = checkTimeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  }
  transport;
  timeoutMs;
  nextId = 1;
  closed = false;
  /** Calls waiting for an answer, so close() can end them. */
  inFlight = /* @__PURE__ */ new Set();
  get label() {
    return this.transport.label;
  }
  /** Sends `method` and resolves with its `result`, unchecked. */
  async call(method, params, options = {}) {
    if (this.closed) {
      throw new RecallGateError("internal", `${this.label}: "${method}" was called after the target was closed`);
    }
    const timeoutMs = checkTimeout(options.timeoutMs ?? this.timeoutMs);
    const id = this.nextId++;
    const controller = new AbortController();
    let interrupt;
    const interrupted = new Promise((_, reject) => interrupt = reject);
    const timer = setTimeout(() => {
      interrupt(
        new RecallGateError("incomplete", `${this.label}: "${method}" got no response within ${timeoutMs} ms`, {
          hint: this.transport.timeoutHint?.() ?? "the adapter may be stuck, or slower than the timeout allows: raise the target timeout if it is just slow"
        })
      );
    }, timeoutMs);
    this.inFlight.add(interrupt);
    const giveUp = () => interrupt(new RecallGateError("incomplete", `${this.label}: "${method}" was abandoned by its caller`, { cause: options.signal?.reason }));
    if (options.signal?.aborted) giveUp();
    options.signal?.addEventListener("abort", giveUp, { once: true });
    const sent = this.transport.send({ jsonrpc: "2.0", id, method, params }, controller.signal);
    sent.catch(() => void 0);
    try {
      const response = await Promise.race([sent, interrupted]);
      return this.unwrap(method, id, response);
    } catch (error) {
      if (error instanceof RecallGateError) throw error;
      throw new RecallGateError("incomplete", `${this.label}: "${method}" failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    } finally {
      clearTimeout(timer);
      this.inFlight.delete(interrupt);
      options.signal?.removeEventListener("abort", giveUp);
      controller.abort();
    }
  }
  /** Ends calls still waiting, then the transport. Idempotent. */
  async close() {
    if (this.closed) return;
    this.closed = true;
    for (const interrupt of this.inFlight) interrupt(new RecallGateError("incomplete", `${this.label}: the target was closed before the call was answered`));
    this.inFlight.clear();
    await this.transport.close();
  }
  /** Checks the envelope: an object answering our id with a result or an error object. */
  unwrap(method, id, response) {
    const invalid = (what) => new RecallGateError("incomplete", `${this.label}: "${method}" got an invalid JSON-RPC response: ${what}`, {
      hint: `a response is {"jsonrpc": "2.0", "id": <the request's id>, "result": ...} or {..., "error": {"code", "message"}}: see ${PROTOCOL_DOC}`
    });
    if (!isObject(response)) throw invalid(`expected an object, got ${describeValue(response)}`);
    const hasError = response.error !== void 0;
    const idMatches = response.id !== void 0 && response.id !== null ? String(response.id) === String(id) : hasError;
    if (!idMatches) throw invalid(`"id" is ${JSON.stringify(response.id) ?? "missing"}, expected ${id}`);
    if (hasError) {
      const error = response.error;
      if (!isObject(error) || typeof error.code !== "number" || typeof error.message !== "string") {
        throw invalid(`"error" must be an object with a numeric "code" and a string "message", got ${excerpt(JSON.stringify(error))}`);
      }
      throw new JsonRpcError(this.label, method, error.code, error.message, error.data, this.transport.errorHint?.bind(this.transport));
    }
    if (!("result" in response)) throw invalid('it has neither "result" nor "error"');
    return response.result;
  }
};
function checkTimeout(ms) {
  if (!Number.isFinite(ms) || ms <= 0 || ms > 2 ** 31 - 1) throw new RecallGateError("invalid-input", `the adapter timeout must be a positive number of milliseconds, got ${ms}`);
  return ms;
}

// src/protocol/adapterClient.ts
var AdapterClient = class extends JsonRpcClient {
  /** Forgets everything about `user`. The result is ignored. */
  async reset(user, options) {
    await this.call("reset", { user }, options);
  }
  /** One fresh invocation of the agent. */
  async chat(request, options) {
    const params = { user: request.user, message: request.message, memory: request.memory };
    if (request.date !== void 0) params.date = request.date;
    if (request.oracle !== void 0) params.oracle = request.oracle;
    if (request.session !== void 0) params.session = request.session;
    if (request.turn !== void 0) params.turn = request.turn;
    if (request.fault !== void 0) params.fault = request.fault;
    let result;
    try {
      result = await this.call("chat", params, options);
    } catch (error) {
      throw this.faultRefused(request, error);
    }
    return this.parsed("chat", result, parseChatResult);
  }
  /** An error answer to a chat carrying a fault says the adapter cannot simulate it: the trial's error says so. */
  faultRefused(request, error) {
    if (request.fault === void 0 || !(error instanceof JsonRpcError)) return error;
    return new RecallGateError("incomplete", `${this.label} does not simulate fault:${request.fault}: "chat" with "fault": "${request.fault}" failed with JSON-RPC error ${error.rpcCode}: ${error.rpcMessage}`, {
      hint: `under a fault condition the probe's chat carries "fault" and the adapter makes its memory search fail that way: see ${PROTOCOL_DOC} ("Faults"), or leave fault:${request.fault} out of e2e.conditions`,
      cause: error
    });
  }
  /** Optional method: stores memories for `user` directly, bypassing chat. The result is ignored. */
  async add(user, memories, options) {
    await this.call("add", { user, memories: memories.map(({ id, text, date }) => date === void 0 ? { id, text } : { id, text, date }) }, options);
  }
  /** Optional method: the adapter's memory search for `user`, as the adapter ranks it. */
  async search(user, query, limit, options) {
    return this.parsed("search", await this.call("search", { user, query, limit }, options), parseSearchResult);
  }
  /** Optional method: everything the adapter remembers about `user`. */
  async list(user, options) {
    return this.parsed("list", await this.call("list", { user }, options), parseListResult);
  }
  parsed(method, result, parse) {
    try {
      return parse(result);
    } catch (error) {
      if (!(error instanceof ShapeError)) throw error;
      throw new RecallGateError("incomplete", `${this.label}: "${method}" returned an unusable result: ${error.message}`, {
        hint: `see ${PROTOCOL_DOC} for what "${method}" returns`
      });
    }
  }
};

// src/protocol/commandTransport.ts
const { spawn: spawn2 } = globalThis.process.getBuiltinModule("node:child_process");
const { createInterface } = globalThis.process.getBuiltinModule("node:readline");

// src/process/spawnFailure.ts
const { existsSync: existsSync4, openSync, readSync, closeSync, statSync: statSync3 } = globalThis.process.getBuiltinModule("node:fs");
const { isAbsolute: isAbsolute3, resolve: resolve4 } = globalThis.process.getBuiltinModule("node:path");
function spawnFailure(command, cwd, error) {
  const code = error?.code;
  const shown = `\`${command}\``;
  if (code === "ENOENT" || code === "ENOTDIR") {
    if (cwd !== void 0 && !existsSync4(cwd)) return { reason: `its working folder ${cwd} does not exist`, hint: "give cwd: a folder that exists; a relative one is read from the suite's folder" };
    if (cwd !== void 0 && !statSync3(cwd).isDirectory()) return { reason: `its working folder ${cwd} is a file`, hint: "give cwd: a folder" };
  }
  if (code === "ENOENT") {
    const found = programFile(command, cwd);
    const interpreter = found && shebangOf(found);
    if (interpreter && !existsSync4(interpreter)) {
      const crlf = interpreter.endsWith("\r");
      return {
        reason: `${shown} was found, but the interpreter its #! line names, ${JSON.stringify(interpreter)}, was not${crlf ? " (the line ends in \\r: the file has Windows line endings)" : ""}`,
        hint: crlf ? "save the file with Unix line endings (LF)" : "install that interpreter, fix the #! line, or start the file through an interpreter you have (command: [python3, file])"
      };
    }
    return /[\\/]/.test(command) ? { reason: `${shown} was not found (looked for ${resolve4(cwd ?? ".", command)})`, hint: "check the path: a relative one is read from the adapter's cwd, the suite's folder unless cwd: is set" } : { reason: `${shown} was not found on PATH`, hint: "install it, or give the program's full path as the command's first word" };
  }
  if (code === "EACCES") {
    return { reason: `${shown} cannot be run (EACCES: not executable, or a folder)`, hint: "make it executable (chmod +x), or name its interpreter first in the command" };
  }
  return { reason: error instanceof Error ? error.message : String(error), hint: "run the command by hand from the suite's folder to see what goes wrong" };
}
function programFile(command, cwd) {
  if (!/[\\/]/.test(command)) return findOnPath(command);
  const path = isAbsolute3(command) ? command : resolve4(cwd ?? ".", command);
  return isFile(path) ? path : void 0;
}
function shebangOf(file) {
  const head = Buffer.alloc(256);
  let read = 0;
  try {
    const fd = openSync(file, "r");
    try {
      read = readSync(fd, head, 0, head.length, 0);
    } finally {
      closeSync(fd);
    }
  } catch {
    return void 0;
  }
  const line = head.subarray(0, read).toString("latin1").split("\n")[0];
  return line.startsWith("#!") ? line.slice(2).replace(/^[ \t]+/, "").split(/[ \t]+/)[0] || void 0 : void 0;
}

// src/protocol/envHint.ts
var NOT_SUGGESTED = /^(GITHUB_|RUNNER_|ACTIONS_|INPUT_|STATE_|NPM_|RECALL_GATE_|NODE_|JAVA_|DOTNET_|ANDROID_|CONDA_|PIPX_|XDG_|SSH_|GPG_|DBUS_|SYSTEMD_|WAYLAND_|INVOCATION_ID$|JOURNAL_STREAM$|PWD$|OLDPWD$|SHLVL$|_$|CI$|HOSTNAME$|DISPLAY$|COLUMNS$|LINES$|MAIL$|LS_COLORS$|EDITOR$|VISUAL$|PAGER$|LESS|IMAGEOS$|IMAGEVERSION$|AGENT_TOOLSDIRECTORY$)/i;
var CONFIGURES = /(API_?KEY|_KEY$|TOKEN|SECRET|PASSWORD|_URL$|_URI$|_HOST$|_PORT$|_ENDPOINT$|_BASE$|_MODEL$|_ORG$|_ORGANIZATION$|_PROJECT$|_REGION$|_DSN$)/i;
var NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
function unpassedVariables(parent, child, text, max = 5) {
  const candidates = Object.keys(parent).filter((name) => parent[name] && NAME.test(name) && !Object.hasOwn(child, name) && !NOT_SUGGESTED.test(name)).sort();
  const named = candidates.filter((name) => new RegExp(`\\b${name}\\b`).test(text));
  const configuring = candidates.filter((name) => !named.includes(name) && CONFIGURES.test(name));
  return [...named, ...configuring].slice(0, max);
}
function envHint(names) {
  if (names.length === 0) return void 0;
  const listed = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  const them = names.length === 1 ? "it" : "them";
  return `recall-gate's environment has ${listed}, which the adapter does not get (an adapter gets only PATH, HOME, PYTHONPATH, the locale and its env: map); if it needs ${them}, add to its target or provider: env: { ${names.map((name) => `${name}: "\${${name}}"`).join(", ")} }`;
}

// src/protocol/commandTransport.ts
var DRAIN_MS = 250;
var CommandTransport = class {
  constructor(options) {
    this.options = options;
    if (!options.command) throw new RecallGateError("invalid-input", "the adapter command is empty");
    this.label = `agent adapter \`${[options.command, ...options.args ?? []].map(quote).join(" ")}\``;
  }
  options;
  label;
  child;
  pending = /* @__PURE__ */ new Map();
  /** Calls given up on (timed out) that the child has not answered yet: one that answers in turn is still busy with them. */
  late = /* @__PURE__ */ new Set();
  stderrTail = new StderrTail();
  /** Why the child is gone for good ("exited with code 3"), once it is. */
  failure;
  /** Why the child could not be started at all, when it could not. */
  notStarted;
  /** Deaths so far: the first is answered with a restart, the second is final. */
  deaths = 0;
  closing = false;
  exited;
  /** close()'s work, so a second close() waits for the same stop. */
  closed;
  /** Unregisters the current child's stop on a signal (its own process group no longer gets the terminal's Ctrl-C). */
  forgetInterrupt = () => void 0;
  /** Lines read from the child's stdout so far: none at a timeout suggests its stdout is buffered. */
  stdoutLines = 0;
  /** The child's process id once started, for diagnostics. */
  get pid() {
    return this.child?.pid;
  }
  send(request, signal) {
    if (this.closing) return Promise.reject(new RecallGateError("internal", `${this.label}: "${request.method}" was sent after the target was closed`));
    const child = this.start();
    if (!child || this.failure !== void 0) return Promise.reject(this.failedError(request.method, false));
    return new Promise((resolve7, reject) => {
      const key = String(request.id);
      this.pending.set(key, { method: request.method, resolve: resolve7, reject });
      signal.addEventListener(
        "abort",
        () => {
          if (this.pending.delete(key) && this.child === child) this.late.add(key);
        },
        { once: true }
      );
      child.stdin.write(`${JSON.stringify(request)}
`);
    });
  }
  /**
   * Ends stdin and waits for the child to exit; then stops its process group
   * (SIGTERM, SIGKILL after a second), which kills the child if it did not
   * exit and whatever it started that is still running (`sh -c`, `npm run`,
   * a worker holding its stdout), and lets go of its pipes.
   */
  async close() {
    if (this.closing) return this.closed;
    this.closing = true;
    this.rejectAll(() => new RecallGateError("incomplete", `${this.label}: the target was closed before the call was answered`));
    const child = this.child;
    if (!child || !this.exited) return;
    child.stdin.end();
    this.closed = within(this.exited, this.options.closeTimeoutMs ?? 2e3).then(() => stopGroup(child, 1e3)).finally(() => this.forgetInterrupt());
    return this.closed;
  }
  /** The child, started on first use; undefined when it could not even be spawned. */
  start() {
    if (this.child || this.failure !== void 0) return this.child;
    const { command, args = [], cwd, env } = this.options;
    let child;
    try {
      child = spawn2(command, args, { cwd, env: childEnvironment(process.env, env), stdio: ["pipe", "pipe", "pipe"], ...OWN_GROUP });
    } catch (error) {
      this.notStarted = spawnFailure(command, cwd, error);
      this.failure = `could not be started: ${this.notStarted.reason}`;
      return void 0;
    }
    this.child = child;
    this.forgetInterrupt();
    this.forgetInterrupt = atInterrupt(() => signalGroup(child, "SIGTERM"));
    let spawned = false;
    let exitTimer;
    this.exited = new Promise((resolve7) => {
      child.once("spawn", () => spawned = true);
      child.on("error", (error) => {
        if (!spawned) {
          this.notStarted = spawnFailure(command, cwd, error);
          this.fail(`could not be started: ${this.notStarted.reason}`);
          resolve7();
        }
      });
      child.once("exit", (code, signal) => {
        resolve7();
        const reason = signal ? `was killed by ${signal}` : `exited with code ${code}`;
        exitTimer = setTimeout(() => this.died(child, reason), DRAIN_MS);
        child.once("close", () => {
          clearTimeout(exitTimer);
          this.died(child, reason);
        });
      });
    });
    child.stdin.on("error", () => void 0);
    this.readStdout(child);
    const onStderr = this.options.onStderr ?? ((line) => process.stderr.write(`${line}
`));
    createInterface({ input: child.stderr, crlfDelay: Infinity }).on("line", (raw) => {
      const line = scrubSecrets(raw);
      this.stderrTail.add(line);
      onStderr(line);
    });
    return child;
  }
  /**
   * Stdout split into lines, write boundaries kept: text a write left without its newline (an import-time
   * "Loading my agent... ") followed by a write that starts a JSON object would otherwise make one line of
   * text and the response, and the call would wait for its timeout. That text is said and the response read.
   * Only a write boundary splits, and within a line only the child's first (onLine): a log line that quotes a
   * response later stays one stray line.
   */
  readStdout(child) {
    const pending = [];
    let first = true;
    const line = (text) => {
      this.onLine(text.replace(/\r$/, ""), first);
      first = false;
    };
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      if (pending.length > 0 && chunk.startsWith("{") && !pending[0].trimStart().startsWith("{")) {
        this.unterminated(pending.join(""));
        pending.length = 0;
      }
      let start = 0;
      for (let end = chunk.indexOf("\n"); end !== -1; end = chunk.indexOf("\n", start)) {
        pending.push(chunk.slice(start, end));
        line(pending.join(""));
        pending.length = 0;
        start = end + 1;
      }
      if (start < chunk.length) pending.push(chunk.slice(start));
    });
    child.stdout.on("end", () => {
      if (pending.length > 0) line(pending.join(""));
      pending.length = 0;
    });
  }
  unterminated(text) {
    if (text.trim() === "") return;
    this.warn(
      `${this.label} wrote text to stdout without ending its line, and a response followed: ${excerpt(text.trim())} (the response was read; stdout carries only JSON-RPC responses, one per line: write logs to stderr)`
    );
  }
  /** One line of the child's stdout; `first`: its first since it started, the only one import-time text can run into within one write. */
  onLine(line, first = false) {
    this.stdoutLines += 1;
    const text = line.trim();
    if (!text) return;
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      const glued = first ? gluedResponse(text) : void 0;
      if (!glued) return this.stray(text, "is not JSON");
      this.unterminated(glued.before);
      message = glued.message;
    }
    if (!isObject(message)) return this.stray(text, "is not a JSON-RPC response object");
    if (!("result" in message) && !("error" in message)) {
      if (typeof message.method === "string") return;
      return this.stray(text, 'has neither "result" nor "error"');
    }
    if (message.id === null || message.id === void 0) {
      if ("error" in message) for (const pending2 of this.takeAll()) pending2.resolve(message);
      else this.stray(text, 'has no "id"');
      return;
    }
    const key = String(message.id);
    const pending = this.pending.get(key);
    if (!pending) {
      this.late.delete(key);
      return;
    }
    this.pending.delete(key);
    pending.resolve(message);
  }
  /** A line that is not a response belongs to no call (a library's log): said, and ignored, so the call it came during still gets its answer. */
  stray(line, what) {
    this.warn(`${this.label} wrote a line to stdout that ${what}, ignored: ${excerpt(line)} (stdout carries only JSON-RPC responses, one per line: write logs to stderr)`);
  }
  warn(message) {
    (this.options.onWarning ?? ((text) => process.stderr.write(`warning: ${text}
`)))(message);
  }
  /** The child exited by itself: the first time it is started again on the next call; the second time is final. */
  died(child, reason) {
    if (this.child !== child || this.closing) return;
    this.deaths += 1;
    if (this.deaths > 1) return this.fail(`${reason} again after being restarted once`);
    const tail = this.stderrText();
    this.rejectAll((method) => this.failedError(method, true, reason));
    this.warn(`${this.label} ${reason}; starting it again (once)${tail}`);
    void stopGroup(child, 1e3);
    this.child = void 0;
    this.exited = void 0;
    this.stderrTail.clear();
    this.late.clear();
  }
  /** Gone for good: every waiting call and every later one fails at once with `reason`. */
  fail(reason) {
    if (this.failure !== void 0) return;
    this.failure = reason;
    this.rejectAll((method) => this.failedError(method, true));
  }
  stderrText() {
    return this.stderrTail.said("block", " (it wrote nothing to stderr)");
  }
  /**
   * Why a call failed. Once the adapter is gone for good every call, the
   * ones waiting then and every later one, gets one and the same sentence:
   * a run lists errored trials once per reason, and the method each was on
   * split one cause into as many reasons.
   */
  failedError(method, waiting, reason = this.failure) {
    if (this.notStarted) return new RecallGateError("incomplete", `${this.label} could not be started: ${this.notStarted.reason}`, { hint: this.notStarted.hint });
    const when = this.failure !== void 0 ? "; it is not started a third time" : waiting ? ` while "${method}" was waiting for its response` : ` earlier, so "${method}" cannot be sent`;
    const message = `${this.label} ${reason}${when}${this.stderrText()}`;
    return new RecallGateError("incomplete", message, {
      hint: [knownCrashFix(this.stderrTail.lines) ?? "run the command by hand and type a request line to see what goes wrong", this.errorHint(message)].filter(Boolean).join("; ")
    });
  }
  /**
   * A call got no response line in time. An adapter that has answered before, with other calls waiting beside
   * this one (or given up on and not yet answered), may be answering one at a time (a Python SDK's plain def
   * handlers): each call waits for the ones before it. Otherwise a child writing to a pipe may be holding its
   * output in a buffer.
   */
  timeoutHint() {
    const waiting = this.pending.size + this.late.size;
    if (this.stdoutLines > 0 && waiting > 1) {
      return `${waiting} calls were waiting on it at once (the trials running together, e2e.concurrency): if it answers one call at a time (plain def handlers in the Python SDK), each waits for those before it; make the slow handlers async def awaiting what they wait on (or asyncio.to_thread), lower e2e.concurrency, or raise the target's timeout_ms`;
    }
    const nothing = this.stdoutLines === 0 ? "it has written no line on stdout at all, so " : "";
    const slow = this.stdoutLines === 0 ? "if it is only slow, its start included, raise the target's timeout_ms" : "if it is only slow, raise the target's timeout_ms";
    return `${nothing}its stdout may be buffered: each response line must be flushed as it is written (Python: print(..., flush=True), or run it with python -u); ${slow}`;
  }
  /** The variables recall-gate has that this child was not given, when the adapter failed or answered an error (names only). */
  errorHint(message) {
    const child = childEnvironment(process.env, this.options.env);
    return envHint(unpassedVariables(process.env, child, `${message}
${this.stderrTail.lines.join("\n")}`));
  }
  takeAll() {
    const all = [...this.pending.values()];
    this.pending.clear();
    return all;
  }
  rejectAll(error) {
    for (const pending of this.takeAll()) pending.reject(error(pending.method));
  }
};
async function within(promise, ms) {
  let timer;
  const timeout = new Promise((resolve7) => timer = setTimeout(() => resolve7(false), ms));
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
function quote(word) {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
function gluedResponse(text) {
  const at2 = text.search(/\{\s*"jsonrpc"\s*:/);
  if (at2 <= 0) return void 0;
  try {
    return { before: text.slice(0, at2), message: JSON.parse(text.slice(at2)) };
  } catch {
    return void 0;
  }
}

// src/protocol/httpTransport.ts
var HttpTransport = class {
  label;
  url;
  headers;
  fetch;
  constructor(options) {
    let url;
    try {
      url = new URL(options.url);
    } catch {
      throw new RecallGateError("invalid-input", `the adapter URL ${redactUrl(options.url)} is not a URL`);
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new RecallGateError("invalid-input", `the adapter URL must be http:// or https://, got ${redactUrl(options.url)}`);
    }
    const headers = new Headers({ "content-type": "application/json", accept: "application/json" });
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
    if (url.username || url.password) {
      if (!headers.has("authorization")) {
        const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
        headers.set("authorization", `Basic ${Buffer.from(credentials, "utf8").toString("base64")}`);
      }
      url.username = "";
      url.password = "";
    }
    this.url = url;
    this.label = `agent adapter at ${redactUrl(url.href)}`;
    this.headers = headers;
    this.fetch = options.fetch ?? globalThis.fetch;
  }
  async send(request, signal) {
    const { method } = request;
    let response;
    let text;
    try {
      response = await this.fetch(this.url, { method: "POST", headers: this.headers, body: JSON.stringify(request), signal });
      text = await response.text();
    } catch (error) {
      throw new RecallGateError("incomplete", `${this.label}: "${method}" could not reach the adapter: ${networkReason(error)}`, {
        hint: "is the adapter running, and is the URL right?",
        cause: error
      });
    }
    let body;
    let parsed = true;
    try {
      body = JSON.parse(text);
    } catch {
      parsed = false;
    }
    if (!response.ok) {
      if (parsed && isObject(body) && isObject(body.error)) return body;
      throw new RecallGateError("incomplete", `${this.label}: "${method}" got HTTP ${response.status} ${response.statusText}${text ? `: ${excerpt(text)}` : ""}`, {
        hint: response.status === 401 || response.status === 403 ? "check the headers (Authorization) the target sends" : void 0
      });
    }
    if (!parsed) {
      throw new RecallGateError("incomplete", `${this.label}: "${method}" got a response body that is not JSON: ${text ? excerpt(text) : "(empty)"}`, {
        hint: "the response body must be exactly one JSON-RPC response"
      });
    }
    return body;
  }
  async close() {
  }
};
function networkReason(error) {
  const cause = error instanceof Error ? error.cause : void 0;
  if (cause instanceof Error && cause.message) return cause.message;
  if (isObject(cause) && typeof cause.code === "string") return cause.code;
  return error instanceof Error ? error.message : String(error);
}
function headersFromEnv(headersEnv, env = process.env) {
  const headers = {};
  for (const [name, variable] of Object.entries(headersEnv)) {
    const value = env[variable];
    if (!value) {
      throw new RecallGateError("invalid-input", `the adapter header "${name}" comes from ${variable}, which is not set`, { hint: `set ${variable} in the environment` });
    }
    headers[name] = value;
  }
  return headers;
}

// src/protocol/adapterFromSpec.ts
function commandAdapter(spec, env, onStderr) {
  const options = { command: spec.command[0], args: spec.command.slice(1), cwd: spec.cwd, env: childEnv(spec.env, env), timeoutMs: spec.timeout_ms, ...onStderr ? { onStderr } : {} };
  return new AdapterClient(new CommandTransport(options), options);
}
function httpAdapter(spec, env) {
  const options = { url: spec.url, headers: httpHeaders(spec, env), timeoutMs: spec.timeout_ms };
  return new AdapterClient(new HttpTransport(options), options);
}
function httpHeaders(spec, env) {
  const headers = headersFromEnv(spec.headers_env ?? {}, env);
  for (const value of Object.values(headers)) registerSecret(value);
  registerUrlSecrets(spec.url);
  return headers;
}

// src/memory/adapterStore.ts
var ADD_BATCH = 500;
var AdapterMemoryStore = class {
  constructor(client, options = {}) {
    this.client = client;
    this.options = options;
  }
  client;
  options;
  /** Users reset since the last reset(), with that reset's promise (shared by concurrent callers). */
  fresh = /* @__PURE__ */ new Map();
  async reset() {
    this.fresh = /* @__PURE__ */ new Map();
  }
  async add(records) {
    const byUser = /* @__PURE__ */ new Map();
    for (const record of records) {
      const list = byUser.get(record.user);
      if (list) list.push(record);
      else byUser.set(record.user, [record]);
    }
    for (const [user, list] of byUser) {
      await this.resetOnce(user);
      for (let start = 0; start < list.length; start += ADD_BATCH) {
        await this.client.add(user, list.slice(start, start + ADD_BATCH));
      }
    }
  }
  /** An aborted search stops waiting for the adapter's answer (an HTTP adapter's request is cancelled). */
  async search(user, query, limit, signal) {
    await this.resetOnce(user);
    const hits = await this.client.search(user, query, limit, { signal });
    const seen = /* @__PURE__ */ new Set();
    return hits.filter((hit) => !seen.has(hit.id) && Boolean(seen.add(hit.id))).slice(0, limit);
  }
  async list(user) {
    await this.resetOnce(user);
    return (await this.client.list(user)).map(({ id, text, date }, i) => {
      if (id === void 0) throw new RecallGateError("incomplete", `${this.client.label}: "list" returned result.memories[${i}] without an id`, { hint: `retrieval needs each memory's id: see ${PROTOCOL_DOC}` });
      return { id, text, user, ...date !== void 0 ? { date } : {} };
    });
  }
  async close() {
    if (this.options.closeClient) await this.client.close();
  }
  resetOnce(user) {
    let done = this.fresh.get(user);
    if (!done) {
      const map = this.fresh;
      done = this.client.reset(user);
      map.set(user, done);
      done.catch(() => {
        if (map.get(user) === done) map.delete(user);
      });
    }
    return done;
  }
};

// src/memory/chroma.ts
const { AsyncLocalStorage } = globalThis.process.getBuiltinModule("node:async_hooks");
var DEFAULT_CHROMA_URL = "http://localhost:8000";
var DEFAULT_CHROMA_TIMEOUT_MS = 3e4;
var ADD_BATCH2 = 1e3;
var operationDeadline = new AsyncLocalStorage();
var ChromaStore = class {
  constructor(embedder, options) {
    this.embedder = embedder;
    this.options = options;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_CHROMA_TIMEOUT_MS;
  }
  embedder;
  options;
  /** Made on the first reset: chromadb is loaded only by runs that use a chroma provider. */
  client;
  collection;
  prepared = /* @__PURE__ */ new Map();
  timeoutMs;
  async connect() {
    const { ChromaClient } = await import("./chunk-6TFFQ54K.js");
    const url = new URL(this.options.url);
    const ssl = url.protocol === "https:";
    const client = new ChromaClient({
      host: url.hostname,
      port: url.port ? Number(url.port) : ssl ? 443 : 80,
      ssl,
      tenant: this.options.tenant,
      database: this.options.database,
      headers: this.options.headers
    });
    client.apiClient?.interceptors?.request?.use((request) => {
      const signal = operationDeadline.getStore();
      return signal ? new Request(request, { signal }) : request;
    });
    return client;
  }
  async reset() {
    const client = this.client ??= await this.connect();
    await this.call("creating the collection", async () => {
      await client.deleteCollection({ name: this.options.collection }).catch((error) => {
        if (error.name !== "ChromaNotFoundError") throw error;
      });
      this.collection = await client.createCollection({
        name: this.options.collection,
        configuration: { hnsw: { space: "cosine", ...this.options.hnsw } },
        embeddingFunction: null,
        metadata: { created_by: "recall-gate" }
      });
    });
  }
  async add(records) {
    if (records.length === 0) return;
    const vectors = await this.embedder.embed(records.map((record) => record.text));
    const collection = this.open();
    for (let start = 0; start < records.length; start += ADD_BATCH2) {
      const batch = records.slice(start, start + ADD_BATCH2);
      await this.call(
        "adding memories",
        () => collection.add({
          ids: batch.map((record) => record.id),
          embeddings: batch.map((_, i) => Array.from(this.unit(vectors[start + i]))),
          documents: batch.map((record) => record.text),
          metadatas: batch.map((record) => record.date ? { user: record.user, date: record.date } : { user: record.user })
        })
      );
    }
  }
  async prepareQueries(queries) {
    const missing = [...new Set(queries)].filter((text) => !this.prepared.has(text));
    if (missing.length === 0) return;
    const vectors = await this.embedder.embed(missing);
    missing.forEach((text, i) => this.prepared.set(text, Array.from(this.unit(vectors[i]))));
  }
  /** The signal reaches the query's embedding; Chroma's client takes none, so its query runs to its own end. */
  async search(user, query, limit, signal) {
    const vector = this.prepared.get(query) ?? Array.from(this.unit((await this.embedder.embed([query], signal))[0]));
    const collection = this.open();
    const result = await this.call(
      "searching",
      () => collection.query({ queryEmbeddings: [vector], nResults: limit, where: { user }, include: ["distances", "documents"] })
    );
    const ids = result.ids[0] ?? [];
    const distances = result.distances?.[0] ?? [];
    const documents = result.documents?.[0] ?? [];
    const hits = ids.map((id, i) => ({ id, text: documents[i] ?? "", score: 1 - (distances[i] ?? 1) }));
    return hits.sort(compareHits);
  }
  async list(user) {
    const collection = this.open();
    const result = await this.call("listing memories", () => collection.get({ where: { user }, include: ["documents", "metadatas"] }));
    return result.ids.map((id, i) => {
      const metadata = result.metadatas[i] ?? {};
      return { id, text: result.documents[i] ?? "", user: metadata.user ?? user, ...metadata.date ? { date: metadata.date } : {} };
    });
  }
  diagnostics() {
    const stats = this.embedder.stats;
    return {
      embedder: this.embedder.id,
      chroma: {
        url: redactUrl(this.options.url),
        collection: this.options.collection,
        kept: Boolean(this.options.keepCollection),
        hnsw: { space: "cosine", ...this.options.hnsw },
        timeout_ms: this.timeoutMs
      },
      ...stats ? { embedding_cache: { ...stats } } : {}
    };
  }
  async close() {
    const client = this.client;
    if (!client || !this.collection || this.options.keepCollection) return;
    this.collection = void 0;
    await this.call("deleting the collection", () => client.deleteCollection({ name: this.options.collection })).catch(() => void 0);
  }
  open() {
    if (!this.collection) throw new Error("the Chroma collection was not created (reset() first)");
    return this.collection;
  }
  unit(vector) {
    return this.embedder.normalized ? vector : l2Normalize(Float32Array.from(vector));
  }
  /**
   * Runs a Chroma operation within timeoutMs; a server that is not there, or
   * stops answering, becomes an error that says where, what and what to do.
   */
  async call(what, action) {
    const deadline = new AbortController();
    const expired = new Promise((_, reject) => deadline.signal.addEventListener("abort", () => reject(deadline.signal.reason), { once: true }));
    const timer = setTimeout(() => deadline.abort(new Error("timed out")), this.timeoutMs);
    try {
      return await operationDeadline.run(deadline.signal, () => Promise.race([action(), expired]));
    } catch (error) {
      if (deadline.signal.aborted) {
        throw new RecallGateError("incomplete", `Chroma at ${redactUrl(this.options.url)} did not answer within ${this.timeoutMs} ms while ${what} (timeout_ms)`, {
          hint: "check that the server is running and not overloaded, or raise the provider's timeout_ms",
          cause: error
        });
      }
      const name = error.name;
      const unreachable = name === "ChromaConnectionError" || /fetch failed|ECONNREFUSED|ECONNRESET|socket/i.test(String(error.message));
      throw new RecallGateError("incomplete", `Chroma at ${redactUrl(this.options.url)} failed while ${what}: ${error.message}`, {
        hint: unreachable ? "start a server (npx chroma run --path ./chroma-data) or set url / CHROMA_URL to a running one" : "check the tenant, database and API key",
        cause: error
      });
    } finally {
      clearTimeout(timer);
    }
  }
};
function collectionName(suite, provider, runId) {
  const raw = `rg-${suite}-${provider}-${runId}`.replace(/[^A-Za-z0-9._-]/g, "-").slice(0, 500);
  return raw.replace(/[^A-Za-z0-9]+$/, "") || "rg-collection";
}

// src/memory/topK.ts
var TopK = class {
  constructor(limit) {
    this.limit = limit;
  }
  limit;
  heap = [];
  /** True when an item with this score could still enter; lets callers skip work. */
  admits(score) {
    if (this.limit <= 0) return false;
    return this.heap.length < this.limit || score >= this.heap[0].score;
  }
  offer(index, id, score) {
    if (this.limit <= 0) return;
    const candidate = { index, id, score };
    if (this.heap.length < this.limit) {
      this.heap.push(candidate);
      this.siftUp(this.heap.length - 1);
    } else if (worse(this.heap[0], candidate)) {
      this.heap[0] = candidate;
      this.siftDown(0);
    }
  }
  /** Best first, ties by id descending. */
  sorted() {
    return [...this.heap].sort(compareHits);
  }
  siftUp(position) {
    const heap = this.heap;
    while (position > 0) {
      const parent = position - 1 >> 1;
      if (!worse(heap[position], heap[parent])) break;
      [heap[position], heap[parent]] = [heap[parent], heap[position]];
      position = parent;
    }
  }
  siftDown(position) {
    const heap = this.heap;
    for (; ; ) {
      const left = 2 * position + 1;
      const right = left + 1;
      let worst = position;
      if (left < heap.length && worse(heap[left], heap[worst])) worst = left;
      if (right < heap.length && worse(heap[right], heap[worst])) worst = right;
      if (worst === position) return;
      [heap[position], heap[worst]] = [heap[worst], heap[position]];
      position = worst;
    }
  }
};
function worse(a, b) {
  return compareHits(a, b) > 0;
}

// src/memory/perUserStore.ts
var PerUserStore = class {
  users = /* @__PURE__ */ new Map();
  async reset() {
    this.users = /* @__PURE__ */ new Map();
  }
  async releaseUser(user) {
    this.users.delete(user);
  }
  async list(user) {
    return [...this.users.get(user)?.records ?? []];
  }
  async close() {
    this.users = /* @__PURE__ */ new Map();
  }
};

// src/memory/keyword.ts
var UserIndex = class {
  records = [];
  lengths = [];
  postings = /* @__PURE__ */ new Map();
  totalLength = 0;
  add(record) {
    const doc = this.records.length;
    const terms = tokenize(record.text);
    this.records.push(record);
    this.lengths.push(terms.length);
    this.totalLength += terms.length;
    const counts = /* @__PURE__ */ new Map();
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const [term, tf] of counts) {
      const list = this.postings.get(term);
      if (list) list.push({ doc, tf });
      else this.postings.set(term, [{ doc, tf }]);
    }
  }
};
var KeywordStore = class extends PerUserStore {
  k1;
  b;
  constructor(options = {}) {
    super();
    this.k1 = options.k1 ?? 1.2;
    this.b = options.b ?? 0.75;
  }
  async add(records) {
    for (const record of records) {
      let index = this.users.get(record.user);
      if (!index) {
        index = new UserIndex();
        this.users.set(record.user, index);
      }
      index.add(record);
    }
  }
  /** In memory and synchronous: nothing to abort, so it takes no signal. */
  async search(user, query, limit) {
    const index = this.users.get(user);
    if (!index || index.records.length === 0) return [];
    const count = index.records.length;
    const averageLength = index.totalLength / count || 1;
    const scores = new Float64Array(count);
    const touched = [];
    for (const term of new Set(tokenize(query))) {
      const postings = index.postings.get(term);
      if (!postings) continue;
      const idf = Math.log(1 + (count - postings.length + 0.5) / (postings.length + 0.5));
      for (const { doc, tf } of postings) {
        const norm = this.k1 * (1 - this.b + this.b * index.lengths[doc] / averageLength);
        if (scores[doc] === 0) touched.push(doc);
        scores[doc] += idf * tf * (this.k1 + 1) / (tf + norm);
      }
    }
    const top = new TopK(limit);
    for (const doc of touched) if (top.admits(scores[doc])) top.offer(doc, index.records[doc].id, scores[doc]);
    return top.sorted().map(({ index: doc, score }) => ({ id: index.records[doc].id, text: index.records[doc].text, score }));
  }
};

// src/memory/mcp.ts
const { resolve: resolve5 } = globalThis.process.getBuiltinModule("node:path");
var McpClient = class {
  constructor(server, tools, timeoutMs = DEFAULT_TIMEOUT_MS) {
    this.server = server;
    this.tools = tools;
    this.timeoutMs = timeoutMs;
    this.label = server.command ? `MCP server \`${server.command.join(" ")}\`` : `MCP server at ${redactUrl(server.url ?? "")}`;
  }
  server;
  tools;
  timeoutMs;
  label;
  connection;
  stderrTail = new StderrTail();
  closed = false;
  /** The requests waiting for an answer, named as messages name them, so a response over a limit can be tied to its request. */
  waiting = /* @__PURE__ */ new Set();
  /** Set when a response broke a limit (mcpLimits.ts): the connection is closed, and every call says why. */
  limitFailure;
  /** The names of the tools the server offers. */
  async toolNames() {
    const client = await this.client();
    const names = [];
    let cursor;
    do {
      const page = await this.request("tools/list", () => client.listTools(cursor ? { cursor } : void 0, { timeout: this.timeoutMs }));
      names.push(...page.tools.map((tool) => tool.name));
      cursor = page.nextCursor;
    } while (cursor);
    return names;
  }
  async reset(user) {
    if (this.tools.reset) await this.callTool("reset", { user });
  }
  /** One call per memory: memory servers' add tools take one. Without an add tool the server is taken to hold the suite's memories already. */
  async add(user, memories) {
    if (!this.tools.add) return;
    for (const memory of memories) await this.callTool("add", { user, id: memory.id, text: memory.text, date: memory.date });
  }
  async search(user, query, limit, options = {}) {
    const items = await this.items("search", { user, query, limit }, options.signal);
    const tool = this.tools.search;
    return items.map((item, index) => {
      const hit = { id: this.field(item, "search", "id", index, true), text: this.field(item, "search", "text", index, true), score: items.length - index };
      const score = at(item, tool.score ?? "score");
      if (typeof score === "number" && Number.isFinite(score)) hit.score = score;
      else if (tool.score !== void 0) throw this.unusable("search", `item ${index}'s "${tool.score}" is ${describeValue(score)}, not a number`);
      return hit;
    });
  }
  async list(user) {
    if (!this.tools.list) {
      throw new RecallGateError("incomplete", `${this.label}: the suite names no list tool, so what memory holds cannot be read`, {
        hint: `name the server's list or read tool under the provider's tools.list (docs/providers.md, "MCP memory servers")`
      });
    }
    const items = await this.items("list", { user });
    return items.map((item, index) => {
      const entry = { text: this.field(item, "list", "text", index, true) };
      const id = this.field(item, "list", "id", index, false);
      const date = this.field(item, "list", "date", index, false);
      if (id !== void 0) entry.id = id;
      if (date !== void 0) entry.date = date;
      return entry;
    });
  }
  async close() {
    if (this.closed) return;
    this.closed = true;
    const connection = this.connection;
    if (!connection) return;
    await connection.then((client) => client.close()).catch(() => void 0);
  }
  client() {
    if (this.closed) return Promise.reject(new RecallGateError("internal", `${this.label} was used after it was closed`));
    this.connection ??= this.connect();
    return this.connection;
  }
  async connect() {
    const { Client } = await import("./chunk-YRLM2X2N.js");
    const client = new Client({ name: TOOL_NAME, version: TOOL_VERSION });
    await this.request("initialize", async () => client.connect(await this.transport(), { timeout: this.timeoutMs }));
    return client;
  }
  async transport() {
    const { command, cwd, env, url, headers } = this.server;
    if (command) {
      const { McpStdioTransport } = await import("./chunk-CGJ2PHVI.js");
      const transport2 = new McpStdioTransport({ command: command[0], args: command.slice(1), cwd, env: childEnvironment(process.env, env) }, (line) => this.keepStderr(line));
      transport2.onLimit = (error) => this.overLimit(error);
      return transport2;
    }
    const { StreamableHTTPClientTransport } = await import("./chunk-GEDOGBBZ.js");
    let transport = void 0;
    const fetch2 = meteredFetch((error) => {
      this.overLimit(error);
      void transport?.close();
    });
    transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers }, fetch: fetch2 });
    return transport;
  }
  /** A response broke a limit: remembered with the requests it may have answered, which fail saying so. */
  overLimit(error) {
    this.limitFailure ??= { error, during: [...this.waiting] };
  }
  /** A stdio server's log goes where an adapter's does (adapter.log in a run); its last lines go into error messages. */
  keepStderr(raw) {
    const line = scrubSecrets(raw);
    this.stderrTail.add(line);
    if (this.server.onStderr) this.server.onStderr(line);
    else process.stderr.write(`${line}
`);
  }
  /** The tool's result, as the items its `results` path points at. */
  async items(role, values, signal) {
    const value = await this.callTool(role, values, signal);
    const path = this.tools[role].results;
    const items = at(value, path);
    if (Array.isArray(items)) return items;
    const arrays = isObject(value) ? Object.keys(value).filter((key) => Array.isArray(value[key])) : [];
    throw this.unusable(role, `${path ? `"${path}" in it` : "it"} is ${describeValue(items)}, not a list of items`, arrays.length ? `set tools.${role}.results to where the items are: ${arrays.map((key) => JSON.stringify(key)).join(", ")}` : void 0);
  }
  /** A string field of one item: the id, text or date the suite's mapping names (default: the field of that name). */
  field(item, role, field, index, required) {
    const path = this.tools[role][field] ?? field;
    const value = at(item, path);
    if (typeof value === "string" || field === "id" && typeof value === "number") return String(value);
    if (!required && (value === void 0 || value === null)) return void 0;
    throw this.unusable(role, `item ${index}'s "${path}" is ${describeValue(value)}, not a string`, `set tools.${role}.${field} to the path of the item's ${field}${isObject(item) ? ` (the item has ${Object.keys(item).join(", ")})` : ""}`);
  }
  /** Calls the role's tool with its arguments filled; returns structuredContent, else the JSON of its text content. */
  async callTool(role, values, signal) {
    const tool = this.tools[role];
    const client = await this.client();
    const args = fillArguments(tool.arguments ?? DEFAULT_ARGUMENTS[role], values);
    const result = await this.request(`tool "${tool.name}"`, () => client.callTool({ name: tool.name, arguments: args }, void 0, { timeout: this.timeoutMs, signal }));
    const content = Array.isArray(result.content) ? result.content : [];
    const texts = content.filter((part) => part.type === "text" && typeof part.text === "string").map((part) => part.text);
    if (result.isError) throw new RecallGateError("incomplete", `${this.label}: tool "${tool.name}" answered with an error: ${excerpt(texts.join(" ") || "(no text)")}`);
    if (result.structuredContent !== void 0) return result.structuredContent;
    if (role === "add" || role === "reset") return void 0;
    const parsed = texts.map((text) => {
      try {
        return JSON.parse(text);
      } catch {
        throw this.unusable(role, `its text content is not JSON: ${excerpt(text)}`);
      }
    });
    return parsed.length === 1 ? parsed[0] : parsed;
  }
  /** Runs one request of the SDK's, its errors said as recall-gate says them. */
  async request(what, run) {
    const call = { what };
    this.waiting.add(call);
    try {
      return await run();
    } catch (error) {
      if (error instanceof RecallGateError) throw error;
      if (this.limitFailure) throw this.limitError(call, error);
      const message = error instanceof Error ? error.message : String(error);
      if (isObject(error) && error.code === -32001) {
        throw new RecallGateError("incomplete", `${this.label}: ${what} got no response within ${this.timeoutMs} ms${this.stderrText()}`, { hint: "the server may be stuck, or slower than the timeout allows: raise the provider's timeout_ms if it is just slow", cause: error });
      }
      throw new RecallGateError("incomplete", `${this.label}: ${what} failed: ${excerpt(message)}${this.stderrText()}`, { cause: error });
    } finally {
      this.waiting.delete(call);
    }
  }
  /** The call failed because a response broke a limit: this one's, or an earlier one's that closed the connection. */
  limitError(call, cause) {
    const { error, during } = this.limitFailure;
    const whose = during.length === 0 ? "a message from the server" : `the server's response to ${[...new Set(during.map((waiting) => waiting.what))].join(" or ")}`;
    const earlier = during.includes(call) ? "" : `${call.what} failed: the connection was closed earlier because `;
    return new RecallGateError("incomplete", `${this.label}: ${earlier}${whose} was ${error.message}`, {
      hint: "have the tool return fewer, smaller, flatter results (recall-gate reads only the items' ids, texts and scores)",
      cause
    });
  }
  stderrText() {
    return this.stderrTail.said("block");
  }
  unusable(role, problem, hint) {
    return new RecallGateError("incomplete", `${this.label}: tool "${this.tools[role].name}" (tools.${role}) returned an unusable result: ${problem}`, {
      hint: hint ?? `see docs/providers.md, "MCP memory servers", for how results map onto memories`
    });
  }
};
var NULL_BODY = /* @__PURE__ */ new Set([101, 103, 204, 205, 304]);
function meteredFetch(onLimit) {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!response.ok || !response.body || NULL_BODY.has(response.status)) return response;
    const meter = new MessageMeter(/^text\/event-stream\b/i.test(response.headers.get("content-type") ?? ""));
    const body = response.body.pipeThrough(
      new TransformStream({
        transform(chunk, controller) {
          try {
            meter.feed(chunk);
          } catch (error) {
            if (error instanceof McpLimitError) onLimit(error);
            throw error;
          }
          controller.enqueue(chunk);
        }
      })
    );
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
function mcpClient(provider, baseDir, env, onStderr) {
  const connection = provider.command ? { command: provider.command, cwd: resolve5(baseDir, provider.cwd ?? "."), env: childEnv(provider.env, env), ...onStderr ? { onStderr } : {} } : { url: provider.url, headers: httpHeaders({ url: provider.url, headers_env: provider.headers_env }, env) };
  return new McpClient(connection, provider.tools, provider.timeout_ms);
}
async function checkMcpTools(providers, baseDir, env) {
  const problems = [];
  for (const provider of providers.filter((p) => p.kind === "mcp")) {
    const client = mcpClient(provider, baseDir, env);
    try {
      const offered = await client.toolNames().catch(() => void 0);
      if (!offered) continue;
      for (const [role, tool] of toolEntries(provider.tools)) {
        if (offered.includes(tool.name)) continue;
        problems.push({
          where: provider.tools_where?.[role] ?? provider.where,
          message: `provider "${provider.name}": the ${client.label} has no tool "${tool.name}" (tools.${role})`,
          hint: offered.length ? `it has: ${offered.join(", ")}` : "it offers no tools at all"
        });
      }
    } finally {
      await client.close();
    }
  }
  if (problems.length) throw invalidInput(problems);
}

// src/memory/rankBm25.ts
var RANK_BM25_DEFAULTS = { k1: 1.5, b: 0.75, epsilon: 0.25 };
function spaceTokens(text) {
  return text.split(" ");
}
var UserCorpus = class {
  records = [];
  lengths = [];
  /** term -> the documents holding it and how often, in corpus order; the Map keeps terms in first-seen order. */
  postings = /* @__PURE__ */ new Map();
  totalLength = 0;
  idfs;
  add(record) {
    const doc = this.records.length;
    const terms = spaceTokens(record.text);
    this.records.push(record);
    this.lengths.push(terms.length);
    this.totalLength += terms.length;
    const counts = /* @__PURE__ */ new Map();
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const [term, tf] of counts) {
      const list = this.postings.get(term);
      if (list) list.push({ doc, tf });
      else this.postings.set(term, [{ doc, tf }]);
    }
    this.idfs = void 0;
  }
  /**
   * BM25Okapi's idf: ln(N - df + 0.5) - ln(df + 0.5), negative for a term in
   * more than half the documents; every negative one is replaced by epsilon
   * times the mean idf of all the corpus's terms, the mean taken before the
   * replacement (and so possibly negative itself). Summed in the order terms
   * first appear, as Python's dict iterates, so the mean is the same double.
   */
  idf(epsilon) {
    if (this.idfs) return this.idfs;
    const count = this.records.length;
    const idfs = /* @__PURE__ */ new Map();
    const negative = [];
    let sum = 0;
    for (const [term, postings] of this.postings) {
      const idf = Math.log(count - postings.length + 0.5) - Math.log(postings.length + 0.5);
      idfs.set(term, idf);
      sum += idf;
      if (idf < 0) negative.push(term);
    }
    const floor = epsilon * (sum / idfs.size);
    for (const term of negative) idfs.set(term, floor);
    this.idfs = idfs;
    return idfs;
  }
};
var RankBm25Store = class extends PerUserStore {
  k1;
  b;
  epsilon;
  constructor(options = {}) {
    super();
    this.k1 = options.k1 ?? RANK_BM25_DEFAULTS.k1;
    this.b = options.b ?? RANK_BM25_DEFAULTS.b;
    this.epsilon = options.epsilon ?? RANK_BM25_DEFAULTS.epsilon;
  }
  async add(records) {
    for (const record of records) {
      let corpus = this.users.get(record.user);
      if (!corpus) {
        corpus = new UserCorpus();
        this.users.set(record.user, corpus);
      }
      corpus.add(record);
    }
  }
  /** Every memory's score, in corpus order (exported through the store for tests). */
  scores(user, query) {
    const corpus = this.users.get(user);
    if (!corpus || corpus.records.length === 0) return new Float64Array(0);
    const { k1, b } = this;
    const averageLength = corpus.totalLength / corpus.records.length;
    const idfs = corpus.idf(this.epsilon);
    const scores = new Float64Array(corpus.records.length);
    for (const term of spaceTokens(query)) {
      const postings = corpus.postings.get(term);
      if (!postings) continue;
      const idf = idfs.get(term);
      for (const { doc, tf } of postings) {
        scores[doc] += idf * (tf * (k1 + 1) / (tf + k1 * (1 - b + b * corpus.lengths[doc] / averageLength)));
      }
    }
    return scores;
  }
  /** In memory and synchronous: nothing to abort, so it takes no signal. */
  async search(user, query, limit) {
    const corpus = this.users.get(user);
    if (!corpus) return [];
    const scores = this.scores(user, query);
    const top = new TopK(limit);
    corpus.records.forEach((record, doc) => {
      if (top.admits(scores[doc])) top.offer(doc, record.id, scores[doc]);
    });
    return top.sorted().map(({ index: doc, score }) => ({ id: corpus.records[doc].id, text: corpus.records[doc].text, score }));
  }
};

// src/memory/vector.ts
var UserMatrix = class {
  constructor(dimensions) {
    this.dimensions = dimensions;
  }
  dimensions;
  records = [];
  rows = new Float32Array(0);
  /** Makes room for `count` more rows in one allocation (a batch knows its size). */
  reserve(count) {
    const needed = (this.records.length + count) * this.dimensions;
    if (needed <= this.rows.length) return;
    const grown2 = new Float32Array(Math.max(needed, Math.floor(this.rows.length * 1.5)));
    grown2.set(this.rows.subarray(0, this.records.length * this.dimensions));
    this.rows = grown2;
  }
  add(record, vector) {
    this.reserve(1);
    this.rows.set(vector, this.records.length * this.dimensions);
    this.records.push(record);
  }
  /** Cosine similarity of every row with a unit query vector, into a bounded top-k. */
  search(query, limit) {
    const top = new TopK(limit);
    const rows = this.rows;
    const dimensions = this.dimensions;
    const unrolled = dimensions - dimensions % 4;
    for (let row = 0, offset = 0; row < this.records.length; row++, offset += dimensions) {
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      let i = 0;
      for (; i < unrolled; i += 4) {
        s0 += rows[offset + i] * query[i];
        s1 += rows[offset + i + 1] * query[i + 1];
        s2 += rows[offset + i + 2] * query[i + 2];
        s3 += rows[offset + i + 3] * query[i + 3];
      }
      for (; i < dimensions; i++) s0 += rows[offset + i] * query[i];
      const dot = s0 + s1 + (s2 + s3);
      if (top.admits(dot)) top.offer(row, this.records[row].id, dot);
    }
    return top.sorted();
  }
};
var VectorStore = class extends PerUserStore {
  constructor(embedder) {
    super();
    this.embedder = embedder;
  }
  embedder;
  /** Query vectors embedded ahead by prepareQueries. */
  prepared = /* @__PURE__ */ new Map();
  async add(records) {
    if (records.length === 0) return;
    const vectors = await this.embedder.embed(records.map((record) => record.text));
    const perUser = /* @__PURE__ */ new Map();
    for (const record of records) perUser.set(record.user, (perUser.get(record.user) ?? 0) + 1);
    records.forEach((record, i) => {
      const vector = this.unit(vectors[i]);
      let matrix = this.users.get(record.user);
      if (!matrix) {
        matrix = new UserMatrix(vector.length);
        this.users.set(record.user, matrix);
      }
      const incoming = perUser.get(record.user);
      if (incoming) {
        matrix.reserve(incoming);
        perUser.delete(record.user);
      }
      if (vector.length !== matrix.dimensions) {
        throw new Error(`embedding of memory "${record.id}" has ${vector.length} dimensions, earlier ones ${matrix.dimensions}`);
      }
      matrix.add(record, vector);
    });
  }
  async prepareQueries(queries) {
    const missing = [...new Set(queries)].filter((text) => !this.prepared.has(text));
    if (missing.length === 0) return;
    const vectors = await this.embedder.embed(missing);
    missing.forEach((text, i) => this.prepared.set(text, this.unit(vectors[i])));
  }
  async search(user, query, limit, signal) {
    const matrix = this.users.get(user);
    if (!matrix) return [];
    const vector = this.prepared.get(query) ?? this.unit((await this.embedder.embed([query], signal))[0]);
    if (vector.length !== matrix.dimensions) {
      throw new Error(`query embedding has ${vector.length} dimensions, memories ${matrix.dimensions}`);
    }
    return matrix.search(vector, limit).map(({ index, score }) => ({ id: matrix.records[index].id, text: matrix.records[index].text, score }));
  }
  diagnostics() {
    const stats = this.embedder.stats;
    return { embedder: this.embedder.id, ...stats ? { embedding_cache: { ...stats } } : {} };
  }
  async close() {
    await super.close();
    this.prepared = /* @__PURE__ */ new Map();
  }
  unit(vector) {
    return this.embedder.normalized ? vector : l2Normalize(Float32Array.from(vector));
  }
};

// src/memory/createStore.ts
function createStore(provider, context) {
  switch (provider.kind) {
    case "keyword":
      if (provider.preset === "rank_bm25") return new RankBm25Store({ k1: provider.k1, b: provider.b, epsilon: provider.epsilon });
      return new KeywordStore({ k1: provider.k1, b: provider.b });
    case "vector":
      return new VectorStore(createEmbedder(provider.embedding, context));
    case "chroma":
      return new ChromaStore(createEmbedder(provider.embedding, context), {
        url: provider.url ?? (context.env.CHROMA_URL || DEFAULT_CHROMA_URL),
        collection: collectionName(context.suiteName, provider.name, context.runId),
        tenant: provider.tenant ?? (context.env.CHROMA_TENANT || void 0),
        database: provider.database ?? (context.env.CHROMA_DATABASE || void 0),
        headers: chromaHeaders(provider, context.env),
        keepCollection: provider.keep_collection,
        hnsw: provider.hnsw,
        timeoutMs: provider.timeout_ms
      });
    case "adapter": {
      const client = provider.command ? commandAdapter({ ...provider, command: provider.command, cwd: resolve6(context.baseDir, provider.cwd ?? ".") }, context.env, context.adapterStderr) : httpAdapter({ ...provider, url: provider.url }, context.env);
      return new AdapterMemoryStore(client, { closeClient: true });
    }
    case "mcp":
      return new AdapterMemoryStore(mcpClient(provider, context.baseDir, context.env, context.adapterStderr), { closeClient: true });
  }
}
function chromaHeaders(provider, env) {
  const key = env[provider.api_key_env ?? "CHROMA_API_KEY"];
  if (!key) return void 0;
  const header = provider.auth_header ?? "x-chroma-token";
  return { [header]: header.toLowerCase() === "authorization" ? `Bearer ${key}` : key };
}

// src/targets/builtin.ts
const { setTimeout: sleep } = globalThis.process.getBuiltinModule("node:timers/promises");

// src/targets/deadline.ts
var ABANDONED = /* @__PURE__ */ Symbol("abandoned");
async function withDeadline(run, ms) {
  const controller = new AbortController();
  let timer;
  let settled = false;
  const expired = new Promise((resolve7) => {
    timer = setTimeout(() => resolve7(ABANDONED), ms);
  });
  const running = run(controller.signal);
  running.then(
    () => settled = true,
    () => settled = true
  );
  try {
    return await Promise.race([running, expired]);
  } finally {
    clearTimeout(timer);
    if (!settled) controller.abort();
  }
}

// src/targets/builtin.ts
var DEFAULT_RECALL_TIMEOUT_MS = 2e3;
var MEMORY_DOWN = "memory service unavailable";
var SLEEP_PAST_DEADLINE_MS = 1e3;
var MemoryUnavailable = class extends Error {
};
var BuiltinTarget = class {
  constructor(options) {
    this.options = options;
    if (!options.apiKey) {
      throw new RecallGateError("incomplete", "no API key for the builtin target's chat model", {
        hint: `set ${apiKeyEnv(options.spec)} (a fork's pull request gets no secrets)`
      });
    }
    if (options.spec.tools?.length) this.tools = new ToolBox(options.spec.tools);
    this.endpoint = new OpenAIEndpoint({
      apiKey: options.apiKey,
      baseURL: options.baseURL,
      maxRetries: options.spec.max_retries,
      timeoutMs: options.spec.timeout_ms,
      cache: options.llmCache,
      answers: options.modelAnswers && { into: options.modelAnswers, role: "chat" }
    });
  }
  options;
  endpoint;
  /** The suite's tools, their parameters compiled once; absent when it declares none (requests carry no `tools`). */
  tools;
  stored = 0;
  /** Session date of each memory this agent stored, shown beside it when dated. */
  dates = /* @__PURE__ */ new Map();
  /** Users are unique per trial, so there is nothing of theirs to forget. */
  async reset() {
  }
  async chat(request) {
    const { spec } = this.options;
    const searchStarted = performance.now();
    const { recalled, error: recallError } = await this.recall(request);
    const recallMs = performance.now() - searchStarted;
    const { reply, finish_reason, ...acted } = await converse(
      this.endpoint,
      {
        model: spec.model,
        messages: [
          { role: "system", content: this.systemPrompt(request, recalled) },
          // The session so far: its turns are one conversation.
          ...request.history ?? [],
          { role: "user", content: request.message }
        ],
        ...spec.temperature !== void 0 ? { temperature: spec.temperature } : {},
        ...spec.max_tokens !== void 0 ? { max_completion_tokens: spec.max_tokens } : {}
      },
      this.tools,
      spec.max_tool_rounds ?? DEFAULT_MAX_TOOL_ROUNDS
    );
    const memoryOps = [];
    if (spec.memory.auto_store) {
      this.stored += 1;
      const id = `${request.user}:${this.stored}`;
      const date = request.date && spec.memory.dated ? request.date : void 0;
      if (date) this.dates.set(id, date);
      await this.options.store.add([{ id, text: request.message, user: request.user, ...date ? { date } : {} }]);
      memoryOps.push({ op: "insert", text: request.message });
    }
    return {
      reply,
      recalled,
      memory_ops: memoryOps,
      injected_text: memoryLines(recalled),
      // Only a real search adds latency; none and oracle do not search.
      ...request.memory === "recall" ? { recall_ms: recallMs } : {},
      ...recallError ? { recall_error: recallError } : {},
      ...finish_reason === "length" ? { truncated: true } : {},
      // Token usage (summed over tool rounds), tool calls, artifacts.
      ...acted
    };
  }
  /** What the store holds for this user: the agent keeps no memory of its own besides it. */
  async list(user) {
    return (await this.options.store.list(user)).map(({ id, text, date }) => ({ id, text, ...date ? { date } : {} }));
  }
  async close() {
    await this.options.store.close();
  }
  async recall(request) {
    const memory = this.options.spec.memory;
    if (request.memory === "none" || memory.max_results === 0) return { recalled: [] };
    if (request.memory === "oracle") return { recalled: (request.oracle ?? []).map((text) => ({ text })) };
    const deadline = this.options.spec.recall_timeout_ms ?? DEFAULT_RECALL_TIMEOUT_MS;
    let hits;
    try {
      hits = await withDeadline((signal) => this.search(request, deadline, signal), deadline);
    } catch (error) {
      if (error instanceof MemoryUnavailable) return { recalled: [], error: MEMORY_DOWN };
      throw error;
    }
    if (hits === ABANDONED) return { recalled: [], error: `the memory search was abandoned after ${deadline} ms (recall_timeout_ms)` };
    return {
      recalled: hits.filter((hit) => memory.min_score === void 0 || hit.score >= memory.min_score).map((hit) => {
        const date = this.dates.get(hit.id);
        return { id: hit.id, text: date ? `[${date}] ${hit.text}` : hit.text, score: hit.score };
      })
    };
  }
  /** The store's search, failing as the request's fault says. */
  async search(request, deadline, signal) {
    if (request.fault === "empty") return [];
    if (request.fault === "down") throw new MemoryUnavailable(MEMORY_DOWN);
    if (request.fault === "timeout") await sleep(deadline + SLEEP_PAST_DEADLINE_MS, void 0, { signal });
    return this.options.store.search(request.user, request.message, this.options.spec.memory.max_results, signal);
  }
  systemPrompt(request, recalled) {
    const parts = [this.options.spec.systemPrompt.trim() || "You are a helpful assistant with long-term memory of this user."];
    if (request.date) parts.push(`Today is ${request.date}.`);
    parts.push(
      recalled.length > 0 ? `What you remember about this user (from earlier conversations):
${memoryLines(recalled)}` : "You remember nothing about this user that is relevant here."
    );
    return parts.join("\n\n");
  }
};
function memoryLines(recalled) {
  return recalled.map((memory) => `- ${memory.text}`).join("\n");
}

// src/targets/adapterTarget.ts
var AdapterTarget = class {
  constructor(client) {
    this.client = client;
  }
  client;
  reset(user) {
    return this.client.reset(user);
  }
  chat(request) {
    return this.client.chat(request);
  }
  /** The adapter's optional `list`: one that does not implement it answers -32601, which the snapshot keeps as its reason. */
  list(user) {
    return this.client.list(user);
  }
  /** The adapter's memory for the retrieval layer (add/search/list); closing the store leaves the target open. */
  memoryStore() {
    return new AdapterMemoryStore(this.client);
  }
  close() {
    return this.client.close();
  }
};

// src/protocol/startedServer.ts
const { spawn: spawn3 } = globalThis.process.getBuiltinModule("node:child_process");
const { createInterface: createInterface2 } = globalThis.process.getBuiltinModule("node:readline");
var STOP_GRACE_MS = 2e3;
async function startServer(spec, env, onStderr = (line) => process.stderr.write(`${line}
`)) {
  const label = `the adapter server \`${spec.start.join(" ")}\``;
  let child;
  try {
    child = spawn3(spec.start[0], spec.start.slice(1), { cwd: spec.cwd, env: childEnvironment(process.env, childEnv(spec.env, env)), stdio: ["ignore", "pipe", "pipe"], ...OWN_GROUP });
  } catch (error) {
    const { reason, hint } = spawnFailure(spec.start[0], spec.cwd, error);
    throw new RecallGateError("incomplete", `${label} could not be started: ${reason}`, { hint });
  }
  const tail = new StderrTail();
  createInterface2({ input: child.stderr, crlfDelay: Infinity }).on("line", (raw) => {
    const line = scrubSecrets(raw);
    tail.add(line);
    onStderr(line);
  });
  const forget = atInterrupt(() => signalGroup(child, "SIGTERM"));
  let stopped;
  const stop = () => {
    forget();
    return stopped ??= stopGroup(child, STOP_GRACE_MS);
  };
  try {
    const url = await firstLine(child, spec.timeout_ms ?? 6e4, onStderr, tail, label, (error) => spawnFailure(spec.start[0], spec.cwd, error));
    if (!/^https?:\/\/\S+$/.test(url)) throw new RecallGateError("invalid-input", `${label} printed ${JSON.stringify(url.slice(0, 200))} as its first stdout line, not a URL`, { hint: "the first line on stdout must be the URL to POST JSON-RPC requests to (serveAdapter --http prints it)" });
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
function firstLine(child, timeoutMs, onLog, tail, label, notStarted) {
  const stderr = () => tail.said("block", " (it wrote nothing to stderr)");
  return new Promise((resolve7, reject) => {
    const lines = createInterface2({ input: child.stdout, crlfDelay: Infinity });
    let first = true;
    const timer = setTimeout(() => reject(new RecallGateError("incomplete", `${label} printed no URL within ${timeoutMs} ms${stderr()}`, { hint: "it must print its URL as the first line on stdout; raise timeout_ms if it is only slow to start" })), timeoutMs);
    lines.on("line", (line) => {
      if (!first) return void onLog(scrubSecrets(line));
      first = false;
      clearTimeout(timer);
      resolve7(line.trim());
    });
    child.once("error", (error) => {
      clearTimeout(timer);
      const { reason, hint } = notStarted(error);
      reject(new RecallGateError("incomplete", `${label} could not be started: ${reason}`, { hint }));
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      setTimeout(() => {
        const fix = knownCrashFix(tail.lines);
        reject(new RecallGateError("incomplete", `${label} ${signal ? `was killed by ${signal}` : `exited with code ${code}`} before printing its URL${stderr()}`, fix ? { hint: fix } : {}));
      }, 50);
    });
  });
}

// src/targets/startedTarget.ts
async function startedHttpTarget(spec, env, onStderr) {
  const server = await startServer(spec, env, onStderr);
  try {
    return new StartedHttpTarget(new AdapterTarget(httpAdapter({ ...spec, url: server.url }, env)), () => server.stop());
  } catch (error) {
    await server.stop();
    throw error;
  }
}
var StartedHttpTarget = class {
  constructor(target, stop) {
    this.target = target;
    this.stop = stop;
  }
  target;
  stop;
  /** The started server's adapter client (the optional methods too). */
  get client() {
    return this.target.client;
  }
  reset(user) {
    return this.target.reset(user);
  }
  chat(request) {
    return this.target.chat(request);
  }
  list(user) {
    return this.target.list(user);
  }
  async close() {
    try {
      await this.target.close();
    } finally {
      await this.stop();
    }
  }
};

// src/targets/createTarget.ts
async function createTarget(spec, context) {
  switch (spec.kind) {
    case "builtin": {
      const apiKey = context.env[apiKeyEnv(spec)];
      const storeContext = { ...context.storeContext, runId: `${context.storeContext.runId}-e2e` };
      const store = (context.createStore ?? ((provider) => createStore(provider, storeContext)))(spec.memory.provider);
      try {
        const target = new BuiltinTarget({ spec, store, apiKey, baseURL: spec.base_url ?? (context.env.OPENAI_BASE_URL || void 0), llmCache: context.llmCache, modelAnswers: storeContext.modelAnswers });
        await store.reset();
        return target;
      } catch (error) {
        await store.close().catch(() => void 0);
        throw error;
      }
    }
    case "http":
      return spec.start ? startedHttpTarget({ ...spec, start: spec.start, cwd: spec.cwd }, context.env, context.storeContext.adapterStderr) : new AdapterTarget(httpAdapter({ ...spec, url: spec.url }, context.env));
    case "command":
      return new AdapterTarget(commandAdapter(spec, context.env, context.storeContext.adapterStderr));
  }
}

// src/runSuite.ts
var LAYERS = ["auto", "all", "retrieval", "e2e"];
function budgetOf(suite, options) {
  if (options.budget) return { cap: options.budget.usd, source: options.budget.source };
  const cap = suite.e2e?.max_cost_usd;
  return cap === void 0 ? void 0 : { cap, source: "e2e.max_cost_usd" };
}
function suiteHash(files) {
  const hash = createHash6("sha256");
  for (const file of files) hash.update(readFileSync5(file)).update("\0");
  return hash.digest("hex");
}
function layersToRun(suite, layer) {
  const wants = (name) => layer === name || layer === "all" || layer === "auto";
  return {
    retrieval: !suite.retrieval ? "absent" : wants("retrieval") ? "ran" : "skipped",
    e2e: !suite.e2e ? "absent" : wants("e2e") ? "ran" : "skipped"
  };
}
async function runSuite(suite, options) {
  const layers = layersToRun(suite, options.layer);
  const budget = budgetOf(suite, options);
  if (budget && layers.e2e === "ran") checkBudget(suite.e2e, budget.cap, budget.source);
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
  const commit = options.env.GITHUB_SHA ? { sha: options.env.GITHUB_SHA, ...options.env.GITHUB_REF ? { ref: options.env.GITHUB_REF } : {} } : void 0;
  const { provenance, gitAnswered } = collectProvenance(suite, options.env);
  const results = {
    schema_version: 1,
    tool: { name: TOOL_NAME, version: TOOL_VERSION },
    versions: { node: process.versions.node },
    suite: {
      name: suite.name,
      file: suite.displayPath,
      files: suite.files.map((file) => relative2(process.cwd(), file) || file),
      sha256: suiteHash(suite.files)
    },
    run_id: runId,
    ...commit ? { commit } : {},
    started_at: (/* @__PURE__ */ new Date()).toISOString(),
    status: "running",
    layers,
    ...options.shard && options.shard.count > 1 ? { shard: options.shard } : {},
    errors: [],
    split: splitRecord(suite, options.split ?? "all"),
    ...options.selection ? { selection: options.selection } : {},
    ...options.sample ? { sample: options.sample } : {},
    ...suite.variant ? { variant: suite.variant } : {},
    provenance
  };
  const folder = openResultsDir(options.outDir, `run ${suite.displayPath}`);
  try {
    if (options.resume) {
      const earlier = refuseForeignFolder(options.outDir, results);
      if (earlier?.run_id) results.run_id = earlier.run_id;
      if (earlier?.provenance) carryAnswers(provenance, earlier.provenance);
    }
    prepareResultsDir(options.outDir, { keepTrials: Boolean(options.resume), inputs: suite.files });
    writeResultsJson(options.outDir, results);
    const answers = new ModelAnswers(() => {
      addModelAnswers(provenance, answers);
      try {
        writeResultsJson(options.outDir, results);
      } catch {
      }
    });
    const stopped = (why) => {
      results.status = "incomplete";
      results.errors.push(why);
      results.finished_at = (/* @__PURE__ */ new Date()).toISOString();
      writeResultsJson(options.outDir, results);
    };
    const forget = atInterrupt(stopped);
    let trials;
    try {
      trials = await runLayers(suite, options, results, gitAnswered, answers);
    } catch (error) {
      forget();
      try {
        stopped(`stopped by an error: ${describeError(error)}`);
      } catch {
      }
      throw error;
    }
    forget();
    return { results, trials };
  } finally {
    folder.release();
  }
}
async function runLayers(suite, options, results, gitAnswered, answers) {
  const adapterLog = adapterLogOf(options.outDir);
  try {
    return await runLayersLogged(suite, options, results, adapterLog, answers, gitAnswered);
  } finally {
    adapterLog.close();
  }
}
async function runLayersLogged(suite, options, results, adapterLog, answers, gitAnswered) {
  const { layers } = results;
  const runId = results.run_id;
  let told = false;
  const storeContext = {
    env: options.env,
    cacheRoot: options.cacheRoot,
    cacheEmbeddings: options.cacheEmbeddings,
    baseDir: dirname3(suite.file),
    log: options.log,
    modelAnswers: answers,
    suiteName: suite.name,
    runId,
    // A library's stack traces must not flood the terminal: said once where they go; an adapter's error still shows its last lines.
    adapterStderr: (line) => {
      if (!told) options.log(`the adapter writes to stderr: its lines go to ${adapterLog.path}`);
      told = true;
      adapterLog.append(line);
    }
  };
  await checkMcpTools(mcpProvidersUsed(suite, layers), storeContext.baseDir, options.env);
  if (suite.retrieval && layers.retrieval === "ran") {
    const build = options.createStore ?? ((provider) => createStore(provider, storeContext));
    const rows = queryRowWriter(options.outDir);
    try {
      results.retrieval = await runRetrieval(suite.retrieval, {
        createStore: build,
        prices: suite.e2e?.prices,
        onProgress: options.onProgress,
        onQuery: rows.append,
        onProvider: (provider, partial) => {
          rows.finish(provider.name);
          results.retrieval = partial;
          writeResultsJson(options.outDir, results);
        }
      });
    } finally {
      rows.close();
    }
  }
  results.errors = runErrors(results.retrieval);
  let trials = [];
  if (suite.e2e && layers.e2e === "ran") {
    const e2e = await runEndToEnd(suite, options, storeContext, results);
    trials = e2e.trials;
    if (e2e.error) results.errors.push(e2e.error);
  }
  await gitAnswered;
  results.status = results.errors.length > 0 ? "incomplete" : "complete";
  results.finished_at = (/* @__PURE__ */ new Date()).toISOString();
  if (options.baseline) results.changes = changesAgainst(options.baseline, results, trials);
  writeResults(options.outDir, results, suite.retrieval?.queries ?? []);
  return trials;
}
function runErrors(retrieval) {
  if (!retrieval) return [];
  return Object.values(retrieval.providers).filter((provider) => provider.status === "error").map((provider) => `provider ${provider.name}: ${provider.error}`);
}
function mcpProvidersUsed(suite, layers) {
  const used = /* @__PURE__ */ new Map();
  if (layers.retrieval === "ran") for (const provider of suite.retrieval?.providers ?? []) used.set(provider.name, provider);
  const target = suite.e2e?.target;
  if (layers.e2e === "ran" && target?.kind === "builtin") used.set(target.memory.provider.name, target.memory.provider);
  return [...used.values()].filter((provider) => provider.kind === "mcp");
}
function refuseForeignFolder(dir, results) {
  const marker = readResultsMarker(dir);
  if (marker === void 0) return void 0;
  const fix = "use another --out for this suite, or drop --resume to start this folder afresh";
  if (marker === "unreadable") throw new RecallGateError("invalid-input", `--resume: ${join6(dir, RESULTS_FILE)} cannot be read, so it is not known which suite the folder holds`, { hint: fix });
  if (marker.name !== results.suite.name) throw new RecallGateError("invalid-input", `--resume: ${dir} holds results of suite "${marker.name}", not "${results.suite.name}"`, { hint: fix });
  const shard = (value) => value ? `shard ${value.index}/${value.count}` : "no shard";
  if (shard(marker.shard) !== shard(results.shard)) throw new RecallGateError("invalid-input", `--resume: ${dir} holds ${shard(marker.shard)} of "${marker.name}", this run is ${shard(results.shard)}`, { hint: fix });
  return marker;
}
function resumeTrials(log, dir, planned, say) {
  const repair = log.repairTornLine();
  if (repair?.action === "cut") say(`resuming: cut a torn last line from ${log.path} (${repair.bytes} bytes, a write cut short by a crash or a full disk); its trial runs again`);
  if (repair?.action === "terminated") say(`resuming: the last record of ${log.path} lacked its newline; added it`);
  const { trials, unreadable } = log.read();
  const latest = latestByKey(trials);
  const selection = selectForResume(latest, new Map(planned.map((trial) => [trial.key, trial])));
  if (unreadable > 0 || selection.kept.length !== trials.length) writeTrials(dir, selection.kept);
  say(describeResume(selection, unreadable));
  return new Set(selection.kept.filter((trial) => trial.status !== "error").map((trial) => trial.key));
}
async function runEndToEnd(suite, options, storeContext, results) {
  const spec = suite.e2e;
  const log = trialLogOf(options.outDir);
  log.open(Boolean(options.resume));
  const model = spec.target.model;
  const plan = {
    suiteName: suite.name,
    runId: storeContext.runId,
    cases: spec.cases,
    conditions: spec.conditions,
    repeat: spec.repeat,
    concurrency: options.concurrency ?? spec.concurrency,
    model,
    judgeModel: spec.judge?.model,
    prices: spec.prices,
    gradeTruncated: spec.grade_truncated,
    target: spec.target
  };
  const planned = planTrials(plan);
  const done = options.resume ? resumeTrials(log, options.outDir, planned, options.log) : /* @__PURE__ */ new Set();
  const budget = budgetOf(suite, options);
  const starting = pendingTrials(planned, done);
  const estimate = starting.length > 0 ? estimateSpend(spec, plan, starting, options.baselineTrials) : void 0;
  if (estimate) options.log(describeEstimate(estimate, budget));
  const measured = estimate?.basis === "baseline" && estimate.cost_usd !== null && estimate.agent_calls > 0 ? estimate.cost_usd / estimate.agent_calls : void 0;
  const guard = budget && new BudgetGuard(budget.cap, budget.source, measured);
  const llmCache = options.cacheLlm ? new LlmCache(options.cacheRoot, options.log) : void 0;
  const tokenCounts = options.cacheLlm ? new TokenCountCache(options.cacheRoot, options.log) : void 0;
  let target;
  let judge;
  let judgeMissing;
  try {
    target = await createTarget(spec.target, { env: options.env, storeContext, createStore: options.createStore, llmCache });
    if (spec.judge && !options.env[apiKeyEnv(spec.judge)] && !spec.cases.some(checksUseJudge)) {
      judgeMissing = `no API key for the judge model (set ${apiKeyEnv(spec.judge)})`;
      options.log(`e2e: ${judgeMissing}: the judge graders are skipped`);
    } else if (spec.judge) {
      judge = new OpenAIJudge(spec.judge.model, {
        apiKey: options.env[apiKeyEnv(spec.judge)],
        baseURL: spec.judge.base_url ?? (options.env.OPENAI_BASE_URL || void 0),
        timeoutMs: spec.judge.timeout_ms,
        maxRetries: spec.judge.max_retries,
        llmCache,
        modelAnswers: storeContext.modelAnswers
      });
    }
  } catch (error) {
    return { trials: [], error: `e2e: ${describeError(error)}` };
  }
  const calibration = judge && spec.judge?.calibration ? await requireCalibration(judge, spec.judge.calibration, options.log) : void 0;
  if (typeof calibration === "string") {
    await target.close().catch(() => void 0);
    return { trials: [], error: `e2e: ${calibration}` };
  }
  const total = spec.cases.length * spec.conditions.length * spec.repeat;
  let finished = total - starting.length;
  let errors = 0;
  const specs = new Map(spec.cases.map((one) => [one.name, one]));
  const calls = { done: 0, total: estimate?.agent_calls ?? 0 };
  options.onTrial?.(finished, total, errors, calls);
  const forgetCounts = tokenCounts && atInterrupt(() => tokenCounts.save());
  try {
    await runE2e(plan, {
      target,
      judge,
      judgeMissing,
      done,
      planned,
      log: options.log,
      env: options.env,
      budget: guard,
      ...tokenCounts ? { countTokens: tokenCounts.counting(countTokens), countsHeld: (encoding) => tokenCounts.holds(encoding) } : {},
      onTrial: (trial) => {
        log.append(trial);
        finished += 1;
        if (trial.status === "error") errors += 1;
        calls.done += plannedCallsOf(specs.get(trial.case), trial);
        options.onTrial?.(finished, total, errors, calls);
      }
    });
  } finally {
    forgetCounts?.();
    tokenCounts?.save();
    await target.close().catch(() => void 0);
  }
  if (llmCache) options.log(`LLM cache (--cache-llm): ${counted(llmCache.stats.hits, "call", "calls")} answered from ${join6(options.cacheRoot, "llm")}, ${llmCache.stats.misses} sent${llmCache.stats.corrupt > 0 ? ` (${counted(llmCache.stats.corrupt, "unusable entry", "unusable entries")} replaced)` : ""}`);
  const trials = latestByKey(log.read().trials);
  const plannedKeys = new Set(planned.map((trial) => trial.key));
  const run = trials.filter((trial) => plannedKeys.has(trial.key)).length;
  const capped = guard?.reached ? budgetReachedText(guard.cap, run, planned.length) : void 0;
  const budgetRecord = guard?.record(run, planned.length, estimate);
  results.e2e = {
    target: { kind: spec.target.kind, ...model ? { model } : {} },
    ...aggregateE2e(trials, spec.cases, spec.conditions, spec.repeat, capped ? `not started: the ${capped}` : void 0),
    ...calibration ? { judge_calibration: calibration } : {},
    ...budgetRecord ? { budget: budgetRecord } : {}
  };
  if (!capped || !budgetRecord) return { trials, error: e2eIncompleteReason(results.e2e) };
  const errored = results.e2e.errors.length - results.e2e.missing;
  const unknown = budgetRecord.unknown_trials;
  return {
    trials,
    error: `e2e: ${capped} (spent ${dollars(budgetRecord.spent_usd)}${unknown > 0 ? ` and ${counted(unknown, "trial", "trials")} of unknown cost` : ""}${errored > 0 ? `; ${counted(errored, "trial", "trials")} ended in an error` : ""}); raise the budget and ${options.finishStopped ?? "run again with --resume to finish"}`
  };
}
function checksUseJudge(spec) {
  return [spec.check, spec.fault_check, spec.harmful].some((check) => check !== void 0 && usesJudge(check));
}

export {
  defaultCacheDir,
  stopCounting,
  TRANSFORMERS_VERSION,
  mergedProvenance,
  LAYERS,
  suiteHash,
  layersToRun,
  runSuite
};
