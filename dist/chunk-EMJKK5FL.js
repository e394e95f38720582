
// src/apiKey.ts
function apiKeyEnv(spec) {
  return spec?.api_key_env ?? "OPENAI_API_KEY";
}

// src/text/counted.ts
function counted(count, one, many) {
  return `${count} ${count === 1 ? one : many}`;
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
    return redactInvalidUrl(url);
  }
}
function redactInvalidUrl(text) {
  const invalid = `an invalid URL of ${counted(text.length, "character", "characters")}`;
  const start = /^\s*([a-z][a-z0-9+.-]*:)\/\/([^/?#\s]*)(?=[/?#]|$)/i.exec(text);
  const host = start && /^(\[[^\]]*\]|[^:[\]]+)(:|$)/.exec(start[2].slice(start[2].lastIndexOf("@") + 1))?.[1];
  if (host) {
    try {
      const origin = new URL(`${start[1]}//${host}`);
      if (origin.host) return `${origin.protocol}//${origin.host}/... (${invalid})`;
    } catch {
    }
  }
  return `(${invalid})`;
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

// src/secretForms.ts
var NAMED_ENTITIES = {
  "&": ["amp"],
  "<": ["lt"],
  ">": ["gt"],
  '"': ["quot"],
  "'": ["apos"],
  "/": ["sol"],
  "+": ["plus"],
  "=": ["equals"],
  "`": ["grave"],
  "!": ["excl"],
  "#": ["num"],
  $: ["dollar"],
  "%": ["percnt"],
  "(": ["lpar"],
  ")": ["rpar"],
  "*": ["ast", "midast"],
  ",": ["comma"],
  ".": ["period"],
  ":": ["colon"],
  ";": ["semi"],
  "?": ["quest"],
  "@": ["commat"],
  "[": ["lsqb", "lbrack"],
  "\\": ["bsol"],
  "]": ["rsqb", "rbrack"],
  "^": ["Hat"],
  _: ["lowbar", "UnderBar"],
  "{": ["lcub", "lbrace"],
  "|": ["vert", "verbar", "VerticalLine"],
  "}": ["rcub", "rbrace"],
  "~": ["tilde"]
};
var MIN_ANCHOR = 4;
var REFERENCE_DIGITS = 7;
var STEP_BUDGET = 1e5;
var BASE64_CHARACTER = /[A-Za-z0-9+/_-]/;
var SecretFinder = class {
  /** Per anchor text: its search, and the forms it anchors. */
  scans = /* @__PURE__ */ new Map();
  padding = spellings("=", false);
  constructor(secrets) {
    for (const secret of secrets) {
      this.add(textForm(secret), secret);
      for (const core of base64Cores(Buffer.from(secret, "utf8"))) this.add({ units: [...core].map((char) => spellings(char, true)), core: true }, core);
    }
  }
  /** `text` with every secret found in it replaced by `marker`. */
  replace(text, marker) {
    const ranges = this.find(text);
    if (ranges.length === 0) return text;
    let replaced = "";
    let from = 0;
    for (const [start, end] of ranges) {
      replaced += text.slice(from, start) + marker;
      from = end;
    }
    return replaced + text.slice(from);
  }
  /** Where secrets are in `text`: [start, end) ranges, in order, overlapping ones joined (a secret inside another goes with it). */
  find(text) {
    const found = [];
    for (const { search, anchors } of this.scans.values()) {
      search.lastIndex = 0;
      for (let hit = search.exec(text); hit; hit = search.exec(text)) {
        for (const anchor of anchors) {
          const range = this.match(text, hit.index, anchor);
          if (range) found.push(range);
        }
        search.lastIndex = hit.index + 1;
      }
    }
    return joined(found);
  }
  add(form, whole) {
    const run = longestRun(form);
    if (run.text.length >= MIN_ANCHOR) {
      this.anchorAt(run.text, { text: run.text, before: form.units.slice(0, run.start).reverse(), after: form.units.slice(run.start + run.text.length), core: form.core });
      return;
    }
    const once = JSON.stringify(whole).slice(1, -1);
    const literals = form.core ? [whole, whole.replace(/\+/g, "-").replace(/\//g, "_")] : [whole, once, JSON.stringify(once).slice(1, -1), encodeURIComponent(whole)];
    for (const literal of literals) this.anchorAt(literal.toLowerCase(), { text: literal.toLowerCase(), before: [], after: [], core: form.core });
  }
  anchorAt(text, anchor) {
    const scan = this.scans.get(text);
    if (scan) scan.anchors.push(anchor);
    else this.scans.set(text, { search: new RegExp(escapeRegExp(text), "gi"), anchors: [anchor] });
  }
  /** The whole form around an anchor found at `at`, or undefined. */
  match(text, at, anchor) {
    let start = matchUnits(text, at, anchor.before, false);
    if (start < 0) return void 0;
    let end = matchUnits(text, at + anchor.text.length, anchor.after, true);
    if (end < 0) return void 0;
    if (anchor.core) {
      if (start > 0 && BASE64_CHARACTER.test(text[start - 1])) start -= 1;
      if (end < text.length && BASE64_CHARACTER.test(text[end])) end += 1;
      for (let pad = 0; pad < 2; pad++) {
        const spelled = this.padding.find((spelling) => matchesAt(text, end, spelling));
        if (!spelled) break;
        end += spelled.length;
      }
    }
    return [start, end];
  }
};
function base64Cores(bytes) {
  const cores = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString("base64");
    const startBit = offset * 8;
    const endBit = startBit + bytes.length * 8;
    cores.push(encoded.slice(Math.ceil(startBit / 6), Math.floor(endBit / 6)));
  }
  return cores;
}
function textForm(secret) {
  return { units: [...secret].map((char) => spellings(char, false)), core: false };
}
function spellings(char, base64) {
  const key = `${base64 ? "b" : "t"}${char}`;
  let known2 = SPELLINGS.get(key);
  if (!known2) SPELLINGS.set(key, known2 = spell(char, base64));
  return known2;
}
var SPELLINGS = /* @__PURE__ */ new Map();
function spell(char, base64) {
  if (/^[A-Za-z0-9]$/.test(char)) return [char.toLowerCase()];
  const spelled = /* @__PURE__ */ new Set();
  for (const written of [char, ...base64 ? URL_SAFE[char] ?? [] : []]) {
    const point = written.codePointAt(0);
    spelled.add(written);
    const json = [JSON.stringify(written).slice(1, -1), unicodeEscape(written), ...point < 127 ? [`\\${written}`] : []];
    for (const once of json) spelled.add(once).add(JSON.stringify(once).slice(1, -1));
    spelled.add(percentEncoded(written));
    if (written === " ") spelled.add("+");
    for (const name of NAMED_ENTITIES[written] ?? []) spelled.add(`&${name};`);
    for (let digits = String(point).length; digits <= REFERENCE_DIGITS; digits++) spelled.add(`&#${String(point).padStart(digits, "0")};`);
    for (let digits = point.toString(16).length; digits <= REFERENCE_DIGITS; digits++) spelled.add(`&#x${point.toString(16).padStart(digits, "0")};`);
  }
  return [...spelled].map(asciiLower).sort((a, b) => b.length - a.length);
}
function longestRun(form) {
  let best = { text: "", start: 0 };
  let run = "";
  form.units.forEach((unit, i) => {
    const plain = unit.length === 1 && /^[a-z0-9]$/.test(unit[0]);
    run = plain ? run + unit[0] : "";
    if (run.length > best.text.length) best = { text: run, start: i + 1 - run.length };
  });
  return best;
}
function matchUnits(text, at, units, forward) {
  const count = units.length;
  if (count === 0) return at;
  const next = new Int32Array(count);
  const position = new Int32Array(count + 1);
  position[0] = at;
  let depth = 0;
  let steps = 0;
  while (depth >= 0) {
    if (depth === count) return position[count];
    if (++steps > STEP_BUDGET) return at;
    const unit = units[depth];
    const here = position[depth];
    let advanced = false;
    while (next[depth] < unit.length) {
      const spelling = unit[next[depth]++];
      if (matchesAt(text, forward ? here : here - spelling.length, spelling)) {
        position[depth + 1] = forward ? here + spelling.length : here - spelling.length;
        depth += 1;
        if (depth < count) next[depth] = 0;
        advanced = true;
        break;
      }
    }
    if (!advanced) depth -= 1;
  }
  return -1;
}
function matchesAt(text, at, lower) {
  if (at < 0 || at + lower.length > text.length) return false;
  for (let i = 0; i < lower.length; i++) {
    let code = text.charCodeAt(at + i);
    if (code >= 65 && code <= 90) code += 32;
    if (code !== lower.charCodeAt(i)) return false;
  }
  return true;
}
function asciiLower(text) {
  return text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}
function joined(ranges) {
  ranges.sort((a, b) => a[0] - b[0]);
  const result = [];
  for (const range of ranges) {
    const last = result[result.length - 1];
    if (last && range[0] < last[1]) last[1] = Math.max(last[1], range[1]);
    else result.push([...range]);
  }
  return result;
}
var URL_SAFE = { "+": ["-"], "/": ["_"] };
function unicodeEscape(char) {
  return [...Array(char.length).keys()].map((i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, "0")}`).join("");
}
function percentEncoded(char) {
  return [...Buffer.from(char, "utf8")].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`).join("");
}
function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
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
var finder;
function registerSecret(value) {
  const secret = value?.trim();
  if (!secret || secret.length < MIN_SECRET_LENGTH || NOT_SECRETS.has(secret.toLowerCase()) || known.has(secret)) return;
  known.add(secret);
  finder = void 0;
  for (const listener of listeners) listener(secret);
}
function onSecretRegistered(listener) {
  listeners.push(listener);
  for (const secret of known) listener(secret);
}
function registerUrlSecrets(url) {
  if (url) for (const secret of urlCredentials(url)) registerSecret(secret);
}
function registerPassedValue(value) {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) && URL.canParse(value)) registerUrlSecrets(value);
  else if (!isPath(value)) registerSecret(value);
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
  finder ??= new SecretFinder(known);
  return finder.replace(text, SECRET_MARKER);
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
  const message = summary ?? `${counted(count, "problem", "problems")} in the suite`;
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

// src/source/didYouMean.ts
function editDistance(a, b) {
  const cols = b.length + 1;
  let twoBack = new Uint32Array(cols);
  let previous = new Uint32Array(cols);
  let current = new Uint32Array(cols);
  for (let j = 0; j < cols; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, twoBack[j - 2] + 1);
      current[j] = best;
    }
    [twoBack, previous, current] = [previous, current, twoBack];
  }
  return previous[b.length];
}
function allowedDistance(word) {
  return Math.max(1, Math.floor(word.length / 3));
}
function closest(word, candidates) {
  return typoMatcher([...candidates]).closest(word);
}
function didYouMean(word, candidates) {
  return hintOf(closest(word, candidates));
}
function hintOf(match) {
  return match === void 0 ? void 0 : `did you mean "${match}"?`;
}
var EXHAUSTIVE_CANDIDATES = 2e3;
var MAX_INDEXED_COMPARISONS = 256;
function typoMatcher(candidates) {
  let comparisons = 0;
  const lowered = candidates.map((candidate) => candidate.toLowerCase());
  let index;
  const best = (word, order) => {
    const lower = word.toLowerCase();
    const allowed = allowedDistance(word);
    let found = -1;
    let bestDistance = Infinity;
    for (const i of order) {
      if (Math.abs(lowered[i].length - lower.length) > allowed) continue;
      comparisons += 1;
      const distance = editDistance(lower, lowered[i]);
      if (distance < bestDistance || distance === bestDistance && i < found) {
        found = i;
        bestDistance = distance;
      }
    }
    return found >= 0 && bestDistance <= allowed ? candidates[found] : void 0;
  };
  const indexed = (word) => {
    index ??= new DeletionIndex(lowered);
    const owners = /* @__PURE__ */ new Set();
    const lower = word.toLowerCase();
    forEachDeletion(lower, lower.length <= MAX_INDEXED_LENGTH ? 2 : 0, (hash) => index.collect(hash, owners));
    return best(word, owners);
  };
  const closestOf = (word) => candidates.length <= EXHAUSTIVE_CANDIDATES ? best(word, lowered.keys()) : indexed(word);
  return {
    closest: closestOf,
    didYouMean: (word) => hintOf(closestOf(word)),
    get comparisons() {
      return comparisons;
    }
  };
}
var MAX_INDEXED_LENGTH = 128;
var DeletionIndex = class {
  offsets;
  hashes;
  owners;
  mask;
  constructor(lowered) {
    const depthOf = (text) => text.length <= MAX_INDEXED_LENGTH ? 1 : 0;
    let size = 0;
    for (const text of lowered) size += depthOf(text) * text.length + 1;
    const keys = new Uint32Array(size);
    const keyOwners = new Uint32Array(size);
    let at = 0;
    lowered.forEach(
      (text, owner) => forEachDeletion(text, depthOf(text), (hash) => {
        keys[at] = hash;
        keyOwners[at++] = owner;
      })
    );
    let buckets = 1;
    while (buckets < size) buckets *= 2;
    this.mask = buckets - 1;
    this.offsets = new Uint32Array(buckets + 1);
    for (const hash of keys) this.offsets[(hash & this.mask) + 1] += 1;
    for (let b = 0; b < buckets; b++) this.offsets[b + 1] += this.offsets[b];
    const next = this.offsets.slice(0, buckets);
    this.hashes = new Uint32Array(size);
    this.owners = new Uint32Array(size);
    for (let i = 0; i < size; i++) {
      const slot = next[keys[i] & this.mask]++;
      this.hashes[slot] = keys[i];
      this.owners[slot] = keyOwners[i];
    }
  }
  /** Adds the candidates indexed under `hash` to `into`, up to MAX_INDEXED_COMPARISONS in all. */
  collect(hash, into) {
    const bucket = hash & this.mask;
    for (let i = this.offsets[bucket]; i < this.offsets[bucket + 1] && into.size < MAX_INDEXED_COMPARISONS; i++) {
      if (this.hashes[i] === hash) into.add(this.owners[i]);
    }
  }
};
function forEachDeletion(text, depth, visit) {
  const walk = (from, prefixHash, left) => {
    let hash = prefixHash;
    for (let i = from; i < text.length; i++) {
      if (left > 0) walk(i + 1, hash, left - 1);
      hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
    }
    visit(hash >>> 0);
  };
  walk(0, 2166136261, depth);
}

export {
  apiKeyEnv,
  counted,
  redactUrl,
  urlCredentials,
  SECRET_MARKER,
  looksSecret,
  registerSecret,
  onSecretRegistered,
  registerUrlSecrets,
  registerPassedValue,
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
  fileSystemError,
  closest,
  didYouMean,
  typoMatcher
};
