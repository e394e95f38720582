import {
  RecallGateError
} from "./chunk-EMJKK5FL.js";

// src/text/onFirstUse.ts
function onFirstUse(make) {
  let made;
  return () => (made ??= { value: make() }).value;
}

// src/e2e/checks/normalize.ts
function normalizeAnswer(text) {
  if (!BEYOND_ASCII.test(text)) return text;
  return mapTypography(mapTypography(text).normalize("NFKC"));
}
var BEYOND_ASCII = /[\u0080-\uffff]/;
var REPLACEMENTS = {};
function map(chars, to) {
  for (const char of chars) REPLACEMENTS[char] = to;
}
map("\u2010\u2011\u2012\u2013\u2014\u2015\u2212\uFE58\uFE63\uFF0D", "-");
map("\u2018\u2019\u201A\u201B\u2032\u2039\u203A\u02BC", "'");
map("\u201C\u201D\u201E\u201F\u2033\xAB\xBB", '"');
map("\xA0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u202F\u205F\u3000", " ");
map("\u200B\u200C\u200D\u2060\uFEFF\xAD", "");
var TYPOGRAPHY = new RegExp(`[${Object.keys(REPLACEMENTS).join("")}]`, "gu");
function mapTypography(text) {
  return text.replace(TYPOGRAPHY, (char) => REPLACEMENTS[char] ?? char);
}
function fold(text) {
  return normalizeAnswer(text).toLowerCase();
}
function wordSet(text) {
  return new Set(fold(text).match(/[\p{L}\p{N}]+/gu) ?? []);
}
function normalisesToBlank(text) {
  return normalizeAnswer(text).trim() === "";
}
function showBlank(text) {
  return `"${[...text].map((char) => char >= " " && char <= "~" && char !== '"' && char !== "\\" ? char : `\\u${char.codePointAt(0).toString(16).padStart(4, "0")}`).join("")}"`;
}
function blankness(text) {
  return normalizeAnswer(text) === "" ? "empty once normalised" : "only white space once normalised";
}

// src/libraries.ts
const { createRequire } = globalThis.process.getBuiltinModule("node:module");
var LIBRARY_PATHS = { yaml: "./yaml.cjs", ajv: "./ajv.cjs", picomatch: "./picomatch.cjs", jsonc: "./jsonc-parser.cjs" };
var requireFile = createRequire(import.meta.url);
function load(path) {
  try {
    return requireFile(path);
  } catch (error) {
    if (error.code !== "MODULE_NOT_FOUND") throw error;
    throw new RecallGateError("internal", `recall-gate cannot load ${path}, a library it loads when first needed: the installation is incomplete`, { hint: "install recall-gate again (npm ci, or npm install recall-gate)", cause: error });
  }
}
var yamlLibrary = onFirstUse(() => load(LIBRARY_PATHS.yaml));
var ajvLibrary = onFirstUse(() => load(LIBRARY_PATHS.ajv));
var picomatchLibrary = onFirstUse(() => load(LIBRARY_PATHS.picomatch));
var jsoncLibrary = onFirstUse(() => load(LIBRARY_PATHS.jsonc));

// src/e2e/checks/f1.ts
var DEFAULT_F1_MIN = 0.5;
var PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;
var articles = onFirstUse(() => /(?<![\p{L}\p{N}_])(?:a|an|the)(?![\p{L}\p{N}_])/gu);
var WHITE_SPACE = /[\s\x1c-\x1f\x85]+/u;
function answerTokens(text) {
  const normalised = normalizeAnswer(text).toLowerCase().replace(PUNCTUATION, "").replace(articles(), " ");
  return normalised.split(WHITE_SPACE).filter((token) => token !== "");
}
function f1OfTokens(answer, gold) {
  if (answer.length === 0 || gold.length === 0) return 0;
  const counts = /* @__PURE__ */ new Map();
  for (const token of gold) counts.set(token, (counts.get(token) ?? 0) + 1);
  let shared = 0;
  for (const token of answer) {
    const left = counts.get(token) ?? 0;
    if (left > 0) {
      shared += 1;
      counts.set(token, left - 1);
    }
  }
  if (shared === 0) return 0;
  const precision = shared / answer.length;
  const recall = shared / gold.length;
  return 2 * precision * recall / (precision + recall);
}
function goldAnswers(value) {
  return (Array.isArray(value) ? value : [value]).map(String);
}
function requireGold(kind, golds) {
  if (golds.length === 0) throw new Error(`the ${kind} check needs at least one gold answer`);
  return golds.map((gold) => {
    const tokens = answerTokens(gold);
    if (tokens.length === 0) throw new Error(`the ${kind} check's gold answer ${JSON.stringify(gold)} has no word once normalised`);
    return tokens;
  });
}
var rounded = (value) => Math.round(value * 1e3) / 1e3;
var shown = (tokens) => JSON.stringify(tokens.join(" "));
function checkF1(answer, golds, min = DEFAULT_F1_MIN) {
  const gold = requireGold("f1", golds);
  const tokens = answerTokens(answer);
  let best = { score: -1, gold: gold[0] };
  for (const candidate of gold) {
    const score = f1OfTokens(tokens, candidate);
    if (score > best.score) best = { score, gold: candidate };
  }
  const pass = best.score >= min;
  return { pass, reason: `f1 ${rounded(best.score)} ${pass ? ">=" : "<"} ${min} against ${shown(best.gold)} (answer read as ${shown(tokens)})` };
}
function blankGoldProblem(kind, gold) {
  if (answerTokens(gold).length > 0) return void 0;
  return `${kind} gold answer ${JSON.stringify(gold)} has no word once normalised (lower case, punctuation and the articles a, an, the removed), so no answer could match it`;
}

export {
  normalizeAnswer,
  fold,
  wordSet,
  normalisesToBlank,
  showBlank,
  blankness,
  onFirstUse,
  yamlLibrary,
  ajvLibrary,
  picomatchLibrary,
  jsoncLibrary,
  DEFAULT_F1_MIN,
  answerTokens,
  goldAnswers,
  requireGold,
  shown,
  checkF1,
  blankGoldProblem
};
