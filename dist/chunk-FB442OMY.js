const require = globalThis.process.getBuiltinModule('node:module').createRequire(import.meta.url);
import {
  GROUP_PREFIX,
  METRIC_FAMILIES,
  STALE_ABOVE_CURRENT,
  namesObsolete,
  scoredQueries
} from "./chunk-6YEWKYUG.js";
import {
  DEFAULT_F1_MIN,
  answerTokens,
  blankGoldProblem,
  blankness,
  checkF1,
  fold,
  goldAnswers,
  jsoncLibrary,
  normalisesToBlank,
  normalizeAnswer,
  onFirstUse,
  picomatchLibrary,
  requireGold,
  showBlank,
  shown,
  wordSet,
  yamlLibrary
} from "./chunk-7J7WLCBV.js";
import {
  DEFAULT_SEED,
  bootstrapDraws,
  bootstrapInterval,
  groupBy,
  keyedIntervals,
  mean,
  median,
  mixSeed,
  percentile,
  round,
  summarizeLatency,
  unknownCostReason
} from "./chunk-IDDU4GRI.js";
import {
  UnreadableInput,
  readInputBytes
} from "./chunk-GAJOKOFC.js";
import {
  RecallGateError,
  addProblems,
  counted,
  describeError,
  didYouMean,
  formatLocation,
  invalidInput,
  looksSecret,
  registerPassedValue,
  registerSecret,
  scrubSecrets
} from "./chunk-EMJKK5FL.js";

// src/e2e/sharedHistory.ts
function historyScope(name) {
  return `history:${name}`;
}
function resamplingUnit(name, spec) {
  if (spec?.history !== void 0) return historyScope(spec.history);
  return spec?.planted_from ?? name;
}
function historyOrders(cases) {
  const orders = /* @__PURE__ */ new Map();
  for (const spec of cases) {
    if (spec.history === void 0) continue;
    const order = orders.get(spec.history);
    if (order) order.push(spec.name);
    else orders.set(spec.history, [spec.name]);
  }
  return orders;
}
function workUnits(trials, done = /* @__PURE__ */ new Set()) {
  const units = [];
  const playings = /* @__PURE__ */ new Map();
  for (const trial of trials) {
    const history = trial.spec.history;
    if (history === void 0) {
      if (!done.has(trial.key)) units.push({ trials: [trial] });
      continue;
    }
    const id = `${history}\0${trial.condition}\0${trial.repeat}`;
    let unit = playings.get(id);
    if (!unit) {
      unit = { history, trials: [] };
      playings.set(id, unit);
      units.push(unit);
    }
    unit.trials.push(trial);
  }
  return units.filter((unit) => unit.history === void 0 || unit.trials.some((trial) => !done.has(trial.key)));
}
function addEmbeddingUsage(a, b) {
  const sum2 = {};
  for (const usage of [a, b]) {
    for (const [model, spend] of Object.entries(usage)) {
      const into = sum2[model] ??= { tokens: 0, requests: 0, unreported: 0 };
      into.tokens += spend.tokens;
      into.requests += spend.requests;
      into.unreported += spend.unreported;
    }
  }
  return sum2;
}
function playingOf(trial, byKey) {
  const planted = trial.history && trial.history.planted_in !== trial.key ? byKey.get(trial.history.planted_in) : void 0;
  if (!planted) return { invocations: trial.invocations, ...trial.snapshot ? { snapshot: trial.snapshot } : {} };
  const sessions = planted.invocations.filter((invocation) => invocation.kind === "session");
  return { invocations: [...sessions, ...trial.invocations], ...planted.snapshot ? { snapshot: planted.snapshot } : {} };
}

// src/e2e/checks/excerpt.ts
var EXCERPT_CONTEXT = 20;
function excerpt(text, at, end = at, context = EXCERPT_CONTEXT) {
  const from = Math.max(0, at - context);
  const to = Math.min(text.length, end + context);
  const body = text.slice(from, to).replace(/\s+/g, " ");
  return `'${from > 0 ? "..." : ""}${body}${to < text.length ? "..." : ""}'`;
}

// src/e2e/checks/date.ts
var MONTHS = [
  ["january", 1],
  ["february", 2],
  ["march", 3],
  ["april", 4],
  ["may", 5],
  ["june", 6],
  ["july", 7],
  ["august", 8],
  ["september", 9],
  ["october", 10],
  ["november", 11],
  ["december", 12],
  ["jan", 1],
  ["feb", 2],
  ["mar", 3],
  ["apr", 4],
  ["jun", 6],
  ["jul", 7],
  ["aug", 8],
  ["sept", 9],
  ["sep", 9],
  ["oct", 10],
  ["nov", 11],
  ["dec", 12]
];
var MONTH_NUMBER = new Map(MONTHS);
var MONTH = `(${MONTHS.map(([name]) => name).join("|")})(?!\\p{L})\\.?`;
var ORDINAL = "(?:st|nd|rd|th)?";
var DAY = `(?<![\\d.,])(\\d{1,2})(?!\\d)${ORDINAL}(?!\\p{L})`;
var YEAR = "(\\d{4})(?![\\d])";
var ORDINAL_UNITS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"];
var ORDINAL_TEENS = ["tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth"];
var ORDINAL_DAY = new Map([
  ...ORDINAL_UNITS.map((word, i) => [word, i + 1]),
  ...ORDINAL_TEENS.map((word, i) => [word, i + 10]),
  ["twentieth", 20],
  ...ORDINAL_UNITS.map((word, i) => [`twenty${word}`, i + 21]),
  ["thirtieth", 30],
  ["thirtyfirst", 31]
]);
var DAY_WORD = `(?<!\\p{L})((?:twenty[- ]?(?:${ORDINAL_UNITS.join("|")}))|thirty[- ]?first|${[...ORDINAL_UNITS, ...ORDINAL_TEENS, "twentieth", "thirtieth"].join("|")})(?!\\p{L})`;
var VERB_MONTH = /^(?:may|march)$/;
var YEAR_FIRST = /(?<![\d.,])(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?![\d])/gu;
var YEAR_LAST = /(?<![\d.,/-])(\d{1,2})([-/.])(\d{1,2})\2(\d{4})(?![\d])/gu;
var wordDates = onFirstUse(() => ({
  dayMonth: new RegExp(`${DAY}(?:\\s+of)?\\s+${MONTH}(?:,?\\s+${YEAR})?`, "giu"),
  monthDay: new RegExp(`(?<!\\p{L})${MONTH}\\s+(?:the\\s+)?${DAY}(?:,?\\s+${YEAR})?`, "giu"),
  wordDayMonth: new RegExp(`${DAY_WORD}(?:\\s+of)?\\s+${MONTH}(?:,?\\s+${YEAR})?`, "giu"),
  monthWordDay: new RegExp(`(?<!\\p{L})${MONTH}\\s+(?:the\\s+)?${DAY_WORD}(?:,?\\s+${YEAR})?`, "giu")
}));
function findDates(text) {
  const spans = [];
  const add = (match, isos) => {
    const valid = [...new Set(isos.filter((iso) => iso !== void 0))];
    if (valid.length > 0) spans.push({ at: match.index, end: match.index + match[0].length, isos: valid });
  };
  for (const m of text.matchAll(YEAR_FIRST)) add(m, [isoDate(m[1], m[3], m[4])]);
  for (const m of text.matchAll(YEAR_LAST)) {
    const [first, separator, second, year] = [m[1], m[2], m[3], m[4]];
    add(m, separator === "." ? [isoDate(year, second, first)] : [isoDate(year, first, second), isoDate(year, second, first)]);
  }
  const { dayMonth, monthDay, wordDayMonth, monthWordDay } = wordDates();
  for (const m of text.matchAll(dayMonth)) add(m, [isoDate(m[3], String(MONTH_NUMBER.get(m[2].toLowerCase())), m[1])]);
  for (const m of text.matchAll(monthDay)) add(m, [isoDate(m[3], String(MONTH_NUMBER.get(m[1].toLowerCase())), m[2])]);
  const wordDay = (word) => String(ORDINAL_DAY.get(word.toLowerCase().replace(/[- ]/g, "")));
  const monthWord = (month) => VERB_MONTH.test(month) ? void 0 : String(MONTH_NUMBER.get(month.toLowerCase()));
  for (const m of text.matchAll(wordDayMonth)) {
    const month = monthWord(m[2]);
    if (month) add(m, [isoDate(m[3], month, wordDay(m[1]))]);
  }
  for (const m of text.matchAll(monthWordDay)) {
    const month = monthWord(m[1]);
    if (month) add(m, [isoDate(m[3], month, wordDay(m[2]))]);
  }
  spans.sort((a, b) => a.at - b.at || b.end - a.end);
  const found = [];
  let reached = 0;
  for (const span of spans) {
    if (span.at < reached) continue;
    reached = span.end;
    for (const iso of span.isos) found.push({ iso, at: span.at, raw: text.slice(span.at, span.end) });
  }
  return found;
}
function isoDate(year, month, day) {
  const m = Number(month);
  const d = Number(day);
  if (!(m >= 1 && m <= 12) || d < 1 || d > daysInMonth(year === void 0 ? void 0 : Number(year), m)) return void 0;
  return `${year === void 0 ? "-" : year}-${pad(m)}-${pad(d)}`;
}
function daysInMonth(year, month) {
  if (month === 2) return year === void 0 || year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
function pad(n) {
  return String(n).padStart(2, "0");
}
function isIsoDate(iso) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m !== null && isoDate(m[1], m[2], m[3]) === iso;
}
function checkDate(answer, expectedIso) {
  if (!isIsoDate(expectedIso)) throw new Error(`the date check needs a real date written YYYY-MM-DD, got ${JSON.stringify(expectedIso)}`);
  const text = normalizeAnswer(answer);
  const dates = findDates(text);
  const monthDay = `-${expectedIso.slice(4)}`;
  const hit = dates.find((date) => date.iso === expectedIso) ?? dates.find((date) => date.iso === monthDay);
  if (hit) {
    const where2 = excerpt(text, hit.at, hit.at + hit.raw.length);
    return { pass: true, reason: `date ${expectedIso} found${hit.iso === monthDay ? " without a year" : ""} at ${where2}` };
  }
  if (dates.length === 0) return { pass: false, reason: `expected date ${expectedIso}, no date in the answer` };
  const shown3 = dates.slice(0, 3).map((date) => `${date.iso} at ${excerpt(text, date.at, date.at + date.raw.length)}`);
  const more = dates.length > 3 ? ` and ${dates.length - 3} more` : "";
  return { pass: false, reason: `expected date ${expectedIso}, found ${shown3.join(", ")}${more}` };
}

// src/e2e/checks/numberWords.ts
var UNITS = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19
};
var TENS = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
var MAGNITUDES = { thousand: 1e3, million: 1e6, billion: 1e9 };
var WORD = /[a-z]+/iy;
var GAP = /(?:\s+|-)/y;
var starts = onFirstUse(() => new RegExp(`(?<![\\p{L}\\d-])(?:${[...Object.keys(UNITS), ...Object.keys(TENS), "an?", "half"].join("|")})(?!\\p{L})`, "giu"));
function findNumberWords(text) {
  const found = [];
  const start2 = starts();
  start2.lastIndex = 0;
  for (let m = start2.exec(text); m !== null; m = start2.exec(text)) {
    const read = readFrom(text, m.index);
    if (read) {
      found.push(read);
      start2.lastIndex = read.at + read.raw.length;
    }
  }
  return found;
}
function wordsFrom(text, start2) {
  const words = [];
  let at = start2;
  while (words.length < 16) {
    WORD.lastIndex = at;
    const word = WORD.exec(text);
    if (!word || new RegExp("\\p{L}", "u").test(text[at + word[0].length] ?? "")) break;
    words.push({ word: word[0].toLowerCase(), end: at + word[0].length });
    GAP.lastIndex = at + word[0].length;
    const gap = GAP.exec(text);
    if (!gap) break;
    at = gap.index + gap[0].length;
  }
  return words;
}
function readFrom(text, start2) {
  const words = wordsFrom(text, start2);
  let total = 0;
  let current = 0;
  let last = "none";
  let best;
  let magnitude = false;
  for (let i = 0; i < words.length; i++) {
    const { word, end } = words[i];
    const next = words[i + 1]?.word;
    if (word in UNITS && (last === "none" || last === "ten" || last === "hundred" || last === "magnitude" || last === "and")) {
      if (last === "ten" && UNITS[word] >= 10) break;
      [current, last] = [current + UNITS[word], "unit"];
    } else if (word in TENS && (last === "none" || last === "hundred" || last === "magnitude" || last === "and")) {
      [current, last] = [current + TENS[word], "ten"];
    } else if (word === "hundred" && (last === "unit" || last === "ten" || last === "one") && current % 100 !== 0) {
      [current, last, magnitude] = [current * 100, "hundred", true];
    } else if (word in MAGNITUDES && (last === "unit" || last === "ten" || last === "hundred" || last === "one" || last === "half") && current > 0) {
      [total, current, last, magnitude] = [total + current * MAGNITUDES[word], 0, "magnitude", true];
    } else if ((word === "a" || word === "an") && (last === "none" || last === "half") && next !== void 0 && (next === "hundred" || next in MAGNITUDES)) {
      [current, last] = [last === "half" ? current : 1, last === "half" ? "half" : "one"];
      continue;
    } else if (word === "half" && last === "none" && (next === "a" || next === "an")) {
      [current, last] = [0.5, "half"];
      continue;
    } else if (word === "and" && (last === "hundred" || last === "magnitude") && next !== void 0 && (next in UNITS || next in TENS)) {
      last = "and";
      continue;
    } else if (word === "and" && (last === "unit" || last === "ten") && next === "a" && words[i + 2]?.word === "half" && (words[i + 3]?.word ?? "") in MAGNITUDES) {
      [current, last] = [current + 0.5, "half"];
      i += 2;
      continue;
    } else {
      break;
    }
    best = { value: total + current, at: start2, raw: text.slice(start2, end), magnitude };
  }
  return best;
}

// src/e2e/checks/amount.ts
var SIGNS = "\u20AC$\xA3\xA5\u20B9\u20A9\u20BD\u20BA\u20AA\u20AB\u20B1\u20B4\u20A6\u20BF";
var CODES = "EUR|USD|GBP|JPY|CNY|RMB|CHF|CAD|AUD|NZD|SEK|NOK|DKK|ISK|PLN|CZK|HUF|RON|BGN|INR|BRL|MXN|ZAR|RUB|UAH|TRY|KRW|SGD|HKD|TWD|THB|IDR|MYR|PHP|VND|ILS|AED|SAR|NGN|KES|ARS|CLP|COP|PEN|BTC";
var WORDS = "euros?|dollars?|pounds?(?:\\s+sterling)?|sterling|yen|yuan|renminbi|rupees?|francs?|kronor|krona|kroner|krone|zloty(?:s|ch)?|pesos?|lira|bucks|quid";
var SPACE = "[ \\u00A0\\u2007\\u2009\\u202F]";
var SHAPES = [
  { pattern: new RegExp(`[1-9]\\d{0,2}(?:${SPACE}\\d{3})+(?!\\d)(?:[.,]\\d+)?`, "y"), decimal: ".," },
  { pattern: /[1-9]\d{0,2}(?:,\d{3})+(?:\.\d+)?/y, decimal: "." },
  { pattern: /[1-9]\d{0,2}(?:\.\d{3})+(?:,\d+)?/y, decimal: "," },
  { pattern: /\d+(?:[.,]\d+)?/y, decimal: ".," }
];
var ANY_NUMBER = /\d+(?:[.,]\d+)*/y;
var JOINED_BEFORE = /\d[/:]$/;
var JOINED_AFTER = /^[/:]\d/;
var around = onFirstUse(() => ({
  prefix: new RegExp(`(?:[${SIGNS}]|(?<!\\p{L})(?:US|A|C|NZ|HK|S|R)\\$|(?<!\\p{L})(?:${CODES}|Rs)\\.?)\\s?$`, "u"),
  suffixSignOrCode: new RegExp(`^\\s?(?:[${SIGNS}]|(?:${CODES})(?!\\p{L}))`, "u"),
  suffixWord: new RegExp(`^\\s?(?:${WORDS})(?!\\p{L})`, "iu"),
  thousands: /^\s?[kK](?![\p{L}\d])|^\s+thousand(?![\p{L}\d])/iu,
  millions: /^\s+million(?![\p{L}\d])/iu,
  billions: /^\s?bn(?![\p{L}\d])|^\s+billion(?![\p{L}\d])/iu,
  millionsWithCurrency: /^\s?(?:m|M|MM|mn)(?![\p{L}\d])/u,
  insideWord: new RegExp("\\p{L}-?$", "u"),
  timeOrOrdinal: new RegExp("^(?:\\s?[ap]\\.?m\\.?(?!\\p{L})|(?:st|nd|rd|th)(?!\\p{L}))", "iu"),
  yearWord: /(?:^|[^\p{L}])(in|since|until|till|during|year|early|late|mid|spring|summer|autumn|fall|winter|january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?(?:-|\s+)$/iu
}));
var RANGE = /^\s*(?:-|to|and|or)\s*$/iu;
function firstAmount(text) {
  const amounts = findAmounts(text);
  const pick = amounts.find((amount) => amount.currency) ?? amounts[0];
  return pick && { value: pick.value, at: pick.at, raw: pick.raw };
}
function findAmounts(text) {
  const dates = findDates(text).map((date) => [date.at, date.at + date.raw.length]);
  const inDate = (at) => dates.some(([from, to]) => at >= from && at < to);
  const found = [];
  const digits = /\d/g;
  for (let m = digits.exec(text); m !== null; m = digits.exec(text)) {
    const start2 = m.index;
    const number = readNumber(text, start2);
    digits.lastIndex = number.end;
    if (!number.digits || inDate(start2)) continue;
    const candidate = readAmount(text, start2, number.end, number.digits);
    if (candidate) found.push(candidate);
  }
  for (const words of findNumberWords(text)) {
    if (inDate(words.at)) continue;
    const candidate = readWordAmount(text, words.at, words.at + words.raw.length, words.value, words.magnitude);
    if (candidate) found.push(candidate);
  }
  found.sort((a, b) => a.at - b.at);
  for (let i = found.length - 2; i >= 0; i--) {
    const [amount, next] = [found[i], found[i + 1]];
    if (!amount.currency && next.currency && next.currencyAfter && RANGE.test(text.slice(amount.at + amount.raw.length, next.at))) {
      [amount.currency, amount.currencyAfter] = [true, true];
    }
  }
  return found.map(({ value, at, raw, currency }) => ({ value, at, raw, currency }));
}
function readNumber(text, start2) {
  for (const { pattern, decimal } of SHAPES) {
    pattern.lastIndex = start2;
    const match = pattern.exec(text);
    if (!match) continue;
    const end = start2 + match[0].length;
    if (/^(?:\d|[.,]\d)/.test(text.slice(end, end + 2))) continue;
    return { end, digits: splitDigits(match[0], decimal) };
  }
  ANY_NUMBER.lastIndex = start2;
  const all = ANY_NUMBER.exec(text);
  return { end: start2 + (all ? all[0].length : 1) };
}
function splitDigits(written, decimal) {
  const at = Math.max(...[...decimal].map((separator) => written.lastIndexOf(separator)));
  if (at < 0) return { whole: written.replace(/\D/g, ""), fraction: "" };
  return { whole: written.slice(0, at).replace(/\D/g, ""), fraction: written.slice(at + 1) };
}
function readAmount(text, start2, end, digits) {
  const before = text.slice(Math.max(0, start2 - 16), start2);
  const { prefix: prefixPattern, insideWord, timeOrOrdinal, thousands, millions: millionsPattern, billions, millionsWithCurrency, yearWord } = around();
  const prefix = prefixPattern.exec(before);
  if (!prefix && insideWord.test(before)) return void 0;
  const after = text.slice(end);
  if (JOINED_BEFORE.test(before) || JOINED_AFTER.test(after) || timeOrOrdinal.test(after)) return void 0;
  let exponent = 0;
  let tail = 0;
  const magnitudes = [[thousands, 3], [millionsPattern, 6], [billions, 9]];
  for (const [pattern, power] of magnitudes) {
    const match = pattern.exec(after);
    if (match) [exponent, tail] = [power, match[0].length];
  }
  let suffix = currencyAfter(after.slice(tail));
  if (exponent === 0) {
    const millions = millionsWithCurrency.exec(after);
    const suffixAfterMillions = millions ? currencyAfter(after.slice(millions[0].length)) : 0;
    if (millions && (prefix || suffixAfterMillions > 0)) [exponent, tail, suffix] = [6, millions[0].length, suffixAfterMillions];
  }
  const currency = prefix !== null || suffix > 0;
  const bare = digits.fraction === "" && exponent === 0 && text.slice(start2, end) === digits.whole;
  const year = Number(digits.whole);
  if (!currency && bare && digits.whole.length === 4 && year >= 1900 && year <= 2099 && yearWord.test(before)) return void 0;
  const at = prefix ? start2 - prefix[0].length : start2;
  const stop = end + tail + suffix;
  const value = Number(`${digits.whole}.${digits.fraction || "0"}e${exponent}`);
  return { value, at, raw: text.slice(at, stop), currency, currencyAfter: suffix > 0 };
}
function readWordAmount(text, start2, end, value, magnitude) {
  const prefix = around().prefix.exec(text.slice(Math.max(0, start2 - 16), start2));
  const suffix = currencyAfter(text.slice(end));
  if (!magnitude && !prefix && suffix === 0) return void 0;
  const at = prefix ? start2 - prefix[0].length : start2;
  return { value, at, raw: text.slice(at, end + suffix), currency: prefix !== null || suffix > 0, currencyAfter: suffix > 0 };
}
function currencyAfter(text) {
  const { suffixSignOrCode, suffixWord } = around();
  return (suffixSignOrCode.exec(text) ?? suffixWord.exec(text))?.[0].length ?? 0;
}
function sameAmount(a, b) {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}
function checkFirstAmount(answer, expected) {
  if (!Number.isFinite(expected)) throw new Error(`the first_amount check needs a number, got ${String(expected)}`);
  const text = normalizeAnswer(answer);
  const found = firstAmount(text);
  if (!found) return { pass: false, reason: `expected first amount ${expected}, no amount in the answer` };
  const where2 = excerpt(text, found.at, found.at + found.raw.length);
  if (sameAmount(found.value, expected)) return { pass: true, reason: `first amount ${expected} at ${where2}` };
  return { pass: false, reason: `expected first amount ${expected}, found ${found.value} at ${where2}` };
}

// src/e2e/checks/abstains.ts
var A = "'?";
var DO_NOT = `(?:do not|don${A}t)`;
var I_AM = `i(?:${A}m| am)`;
var abstentionPhrases = onFirstUse(() => [
  // I don't know, I do not know, I really don't know, I dunno
  { name: "I don't know", pattern: `\\bi (?:really |honestly |actually |simply )?${DO_NOT} (?:really |actually )?know\\b|\\bi dunno\\b` },
  // I'm not sure, I am not certain, I'm unsure
  { name: "I'm not sure", pattern: `\\b${I_AM} (?:not (?:sure|certain)|unsure|uncertain)\\b` },
  // I'm not aware of
  { name: "I'm not aware", pattern: `\\b${I_AM} not aware\\b` },
  // you haven't told me, you did not mention, you never told me, you have never shared
  {
    name: "you haven't told me",
    pattern: `\\byou(?: have not| haven${A}t| did not| didn${A}t| never| have never| haven${A}t ever| didn${A}t ever|${A}ve never|${A}ve not) (?:yet |actually )?(?:told|tell|mentioned|mention|shared|share|said|say|specified|specify|provided|provide|given|give|stated|state)\\b`
  },
  // I haven't been told, it was not mentioned, that hasn't been shared (passive only: "I haven't shared it" is not one)
  {
    name: "not been told",
    pattern: `\\b(?:(?:(?:have|has) not|haven${A}t|hasn${A}t) (?:yet |ever )?been|(?:was|were) not|wasn${A}t|weren${A}t) (?:told|mentioned|shared|provided|specified|stated)\\b`
  },
  // I don't have that information, I do not have any record of, I don't have access to
  {
    name: "I don't have that information",
    pattern: `\\bi (?:currently |simply |actually )?${DO_NOT} have (?:any |that |this |the |enough |such |a |an |specific |stored |saved )?(?:information|info|record|records|details|data|knowledge|memory|memories|access)\\b`
  },
  // I have no record of, there's no information about, no memory of
  { name: "no record", pattern: `\\bno (?:record|records|information|info|memory|memories|details|data)\\b(?: (?:of|about|on|regarding|for|that))?` },
  // I can't find, I cannot recall, I couldn't locate, I was unable to find, I don't remember
  {
    name: "I can't find",
    pattern: `\\b(?:i (?:cannot|can not|can${A}t|could not|couldn${A}t|was unable to|wasn${A}t able to|${DO_NOT})|${I_AM} (?:unable|not able) to) (?:find|locate|recall|remember|see any|see a)\\b`
  },
  // not something you've shared, not something you told me
  { name: "not something you've shared", pattern: `\\bnot something (?:you${A}ve|you have|you) (?:shared|mentioned|told|said|stated|given)\\b` },
  // I don't have your dog's name saved, I do not have that recorded, I don't have it stored anywhere
  {
    name: "I don't have it saved",
    pattern: `\\bi (?:currently |actually )?${DO_NOT} have (?:[\\p{L}'-]+ ){0,4}?(?:saved|recorded|stored|noted|written down|on file|on record)\\b`
  },
  // there's nothing in my notes about, I have nothing saved, nothing was recorded
  {
    name: "nothing in my notes",
    pattern: `\\bnothing (?:(?:is |was |has been )?(?:saved|stored|recorded|noted|on file|on record)|(?:in|among) my (?:notes|memory|memories|records))\\b`
  },
  // it's not in my notes, that isn't among my records
  { name: "not in my notes", pattern: `\\b(?:not|isn${A}t|wasn${A}t) (?:in|among) my (?:notes|memory|memories|records)\\b` },
  // I have no way of knowing, there's no way to know
  { name: "no way of knowing", pattern: `\\bno way (?:of knowing|to know|to tell)\\b` }
].map(({ name, pattern }) => ({ name, pattern: new RegExp(pattern, "iu") })));
function findAbstention(text) {
  let first;
  for (const { name, pattern } of abstentionPhrases()) {
    const match = pattern.exec(text);
    if (match && (!first || match.index < first.at)) first = { name, at: match.index, raw: match[0] };
  }
  return first;
}
var offerPatterns = onFirstUse(() => ({
  /** Words after which a capitalised word or a quoted text is offered as the answer ("it's Rex", "called Max", "maybe Bella"); any case. */
  offerLead: new RegExp(
    `\\b(?:is it|was it|could it be|is|was|it${A}s|called|named|maybe|perhaps|probably|possibly|i think|i believe|i guess|i${A}d say|i${A}d guess|my guess is|might be|could be|try) `,
    "giu"
  ),
  /** A name offered by "Rex comes to mind" / "Rex springs to mind". */
  comesToMind: new RegExp("(?!(?:I|OK|Okay)(?![\\p{L}'-]))\\p{Lu}[\\p{L}'-]*(?= (?:comes|springs) to mind\\b)", "u"),
  /** What follows a lead: a name written with a capital (not the pronoun I, not "OK"), a quoted text, or a number ("maybe 3"). */
  offered: new RegExp(`(?!(?:I|OK|Okay)(?![\\p{L}'-]))(\\p{Lu}[\\p{L}'-]*)|"([^"\\n]+)"|\\d+(?:[.,]\\d+)*`, "uy"),
  /** A word that mixes letters and digits: a password, an id, a code ("pinecone-42", "hunter2"). */
  code: new RegExp("(?<![\\p{L}\\p{N}_-])(?=[\\p{L}\\p{N}_-]{4,}(?![\\p{L}\\p{N}_-]))(?=[\\p{L}\\p{N}_-]*\\p{L})(?=[\\p{L}\\p{N}_-]*\\p{N})[\\p{L}\\p{N}][\\p{L}\\p{N}_-]*[\\p{L}\\p{N}]", "u"),
  /** A habit stated as remembered: "you usually order ...", "last time it was ...". */
  habit: /\b(?:you (?:usually|always|typically|normally|often|generally) [\p{L}'-]+|last time (?:it was|you)\b)/iu
}));
function findValue(text) {
  const amount = findAmounts(text).find((candidate) => candidate.currency || !/^\d{1,2}$/.test(candidate.raw));
  if (amount) return { kind: "amount", at: amount.at, raw: amount.raw };
  const date = findDates(text)[0];
  if (date) return { kind: "date", at: date.at, raw: date.raw };
  const { offerLead, offered, comesToMind, code: codeWord, habit: habitStated } = offerPatterns();
  for (const lead of text.matchAll(offerLead)) {
    offered.lastIndex = lead.index + lead[0].length;
    const name = offered.exec(text);
    if (name) return { kind: "name", at: name.index, raw: name[0] };
  }
  const comes = comesToMind.exec(text);
  if (comes) return { kind: "name", at: comes.index, raw: comes[0] };
  const code = codeWord.exec(text);
  if (code) return { kind: "name", at: code.index, raw: code[0] };
  for (const sentence of sentences(text)) {
    if (sentence.text.trimEnd().endsWith("?")) continue;
    const habit = habitStated.exec(sentence.text);
    if (habit) return { kind: "name", at: sentence.at + habit.index, raw: habit[0] };
  }
  return void 0;
}
var YOU_TELL = `(?:remind me|tell me|let me know|share|confirm|clarify|specify|say|give me|provide|repeat|fill me in)`;
var PLEASE = `(?:please |kindly )?`;
var questionsBack = onFirstUse(() => [
  // could you remind me, can you please tell me, would you confirm, will you let me know
  { name: "could you tell me", question: true, pattern: `\\b(?:could|can|would|will) you ${PLEASE}(?:just |quickly )?${YOU_TELL}\\b` },
  // would you mind telling me, do you mind reminding me
  { name: "would you mind telling", question: true, pattern: `\\b(?:(?:would|do) you )?mind (?:telling|reminding|sharing|confirming)\\b` },
  // what do you usually get, what did you order, what would you like (a question on the user's own habit)
  { name: "what do you usually", question: true, pattern: `\\bwhat (?:do|did|does|would) you (?:usually |normally |typically |always )?(?:get|order|have|use|prefer|like|want|take|drink|eat|call)\\b` },
  // which one do you mean, which Sarah are you referring to, which trip were you thinking of
  {
    name: "which do you mean",
    question: true,
    pattern: `\\bwhich (?:[\\p{L}\\p{N}'-]+ ){0,4}?(?:do|did) you (?:mean|have in mind)\\b|\\bwhich (?:[\\p{L}\\p{N}'-]+ ){0,4}?(?:are|were) you (?:referring to|thinking of|talking about)\\b`
  },
  // do you mean, did you mean
  { name: "do you mean", question: true, pattern: `\\b(?:do|did) you mean\\b` },
  // what is your, what's your, what was your, what are your
  { name: "what is your", question: true, pattern: `\\bwhat(?:${A}s| is| was| are| were) your\\b` },
  // remind me (inside a question: "remind me, what was it?")
  { name: "remind me", question: true, pattern: `\\bremind me\\b` },
  // please remind me, please tell me, please share, please confirm
  { name: "please tell me", question: false, pattern: `\\bplease (?:remind me|tell me|let me know|share|confirm|clarify|specify)\\b` },
  // let me know what / which / your ..., remind me what / which / of / again
  { name: "let me know which", question: false, pattern: `\\b(?:let me know|remind me) (?:what|which|who|where|when|your|of|again)\\b` }
].map(({ name, question, pattern }) => ({ name, question, pattern: new RegExp(pattern, "iu") })));
function sentences(text) {
  return [...text.matchAll(/[^.!?\n]+(?:[.!?]+|\n|$)/gu)].map((match) => ({ at: match.index, text: match[0] }));
}
function findQuestionBack(text) {
  let first;
  for (const sentence of sentences(text)) {
    const trimmed = sentence.text.trimEnd();
    const asking = trimmed.endsWith("?") || sentence.at + sentence.text.length >= text.trimEnd().length && !/[.!]$/.test(trimmed);
    for (const { name, question, pattern } of questionsBack()) {
      if (question && !asking) continue;
      const match = pattern.exec(sentence.text);
      const at = match ? sentence.at + match.index : -1;
      if (match && (!first || at < first.at)) first = { name, at, raw: match[0] };
    }
  }
  return first;
}
var VALUE_WORD = { amount: "the amount", date: "the date", name: "the value" };
function verdictOf(text, found, missing) {
  if (!found) return { yes: false, why: missing };
  const phrase = `'${found.raw}'`;
  const value = findValue(text);
  if (value) return { yes: false, why: `gives ${VALUE_WORD[value.kind]} ${value.raw} at ${excerpt(text, value.at, value.at + value.raw.length)} despite ${phrase}` };
  return { yes: true, why: `${phrase} at ${excerpt(text, found.at, found.at + found.raw.length)} and gives no value` };
}
function abstention(text) {
  return verdictOf(text, findAbstention(text), "no abstention phrase");
}
function questionBack(text) {
  return verdictOf(text, findQuestionBack(text), "no question back to the user");
}
function checkAbstains(answer, expected, orAsks = false) {
  const text = normalizeAnswer(answer);
  const abstains = abstention(text);
  if (orAsks && !abstains.yes) {
    const asks = questionBack(text);
    const yes = asks.yes;
    const reason2 = yes ? `asks back: ${asks.why}` : `neither abstains nor asks back: ${abstains.why}; ${asks.why}`;
    if (yes === expected) return { pass: true, reason: reason2 };
    return { pass: false, reason: `expected ${expected ? "an abstention or a question back" : "an answer"}, ${reason2}` };
  }
  const reason = `${abstains.yes ? "abstains" : "does not abstain"}: ${abstains.why}`;
  if (abstains.yes === expected) return { pass: true, reason };
  return { pass: false, reason: `expected ${expected ? orAsks ? "an abstention or a question back" : "an abstention" : "an answer"}, ${reason}` };
}
function checkAsks(answer, expected) {
  const text = normalizeAnswer(answer);
  const asks = questionBack(text);
  const reason = `${asks.yes ? "asks back" : "does not ask back"}: ${asks.why}`;
  if (asks.yes === expected) return { pass: true, reason };
  return { pass: false, reason: `expected ${expected ? "a question back" : "no question back"}, ${reason}` };
}

// src/e2e/checks/regexRunner.ts
var workerThreads = () => process.getBuiltinModule("node:worker_threads");
var REGEX_TIME_LIMIT_MS = 1e3;
var RegexTimeoutError = class extends Error {
  constructor(timeLimitMs) {
    super(`took longer than ${timeLimitMs} ms on the text it checks (catastrophic backtracking?)`);
    this.timeLimitMs = timeLimitMs;
    this.name = "RegexTimeoutError";
  }
  timeLimitMs;
};
var WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const compiled = new Map();
let replies;
parentPort.on('message', (message) => {
  if (message.port) {
    replies = message.port;
    return;
  }
  const { source, flags, text, texts } = message;
  try {
    const key = flags + '/' + source;
    let pattern = compiled.get(key);
    if (!pattern) {
      if (compiled.size >= 256) compiled.clear();
      pattern = new RegExp(source, flags);
      compiled.set(key, pattern);
    }
    const first = (subject) => {
      pattern.lastIndex = 0;
      return pattern.exec(subject);
    };
    if (texts) {
      replies.postMessage({ matched: texts.map((subject) => first(subject) !== null) });
      return;
    }
    const match = first(text);
    replies.postMessage({ match: match ? { index: match.index, end: match.index + match[0].length } : null });
  } catch (error) {
    replies.postMessage({ error: String(error && error.message) });
  }
});
`;
var RegexRunner = class {
  constructor(timeLimitMs) {
    this.timeLimitMs = timeLimitMs;
  }
  timeLimitMs;
  worker;
  queue = [];
  /** The current worker's replies arrive here, so a timeout can read one that is waiting (receiveMessageOnPort). */
  replies;
  running;
  /** The current worker has started: a time limit counts from here, not from its (slower, load-dependent) start-up. */
  online = false;
  exec(pattern, subject) {
    return new Promise((resolve4, reject) => {
      this.queue.push({ source: pattern.source, flags: pattern.flags, subject, resolve: resolve4, reject });
      this.next();
    });
  }
  next() {
    if (this.running) return;
    const job = this.queue.shift();
    if (!job) return;
    const worker = this.worker ??= this.spawn();
    worker.ref();
    this.running = { job };
    if (this.online) this.startClock();
    worker.postMessage({ source: job.source, flags: job.flags, ...job.subject });
  }
  settle(reply) {
    this.finish((job) => "error" in reply ? job.reject(new Error(reply.error)) : job.resolve(reply));
  }
  startClock() {
    if (this.running && !this.running.timer) this.running.timer = setTimeout(() => this.timedOut(), this.timeLimitMs);
  }
  finish(settle) {
    const running = this.running;
    if (!running) return;
    clearTimeout(running.timer);
    this.running = void 0;
    this.worker?.unref();
    settle(running.job);
    this.next();
  }
  timedOut() {
    const late = this.replies && workerThreads().receiveMessageOnPort(this.replies);
    if (late) {
      this.settle(late.message);
      return;
    }
    this.retire()?.terminate().catch(() => void 0);
    this.finish((job) => job.reject(new RegexTimeoutError(this.timeLimitMs)));
  }
  /** Forgets the current worker (its late messages are then ignored) and returns it. */
  retire() {
    const worker = this.worker;
    this.worker = void 0;
    this.replies?.close();
    this.replies = void 0;
    this.online = false;
    return worker;
  }
  spawn() {
    const { MessageChannel, Worker } = workerThreads();
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.once("online", () => {
      if (worker !== this.worker) return;
      this.online = true;
      this.startClock();
    });
    const { port1, port2 } = new MessageChannel();
    worker.postMessage({ port: port2 }, [port2]);
    this.replies = port1;
    port1.on("message", (reply) => {
      if (worker !== this.worker) return;
      this.settle(reply);
    });
    port1.unref();
    const lost = (error) => {
      if (worker !== this.worker) return;
      this.retire();
      this.finish((job) => job.reject(error));
    };
    worker.on("error", lost);
    worker.on("exit", (code) => lost(new Error(`the regex worker stopped (exit code ${code})`)));
    return worker;
  }
};
var runner = new RegexRunner(REGEX_TIME_LIMIT_MS);
async function execRegex(pattern, text) {
  return (await runner.exec(pattern, { text })).match;
}
async function regexMatchesEach(pattern, texts) {
  if (texts.length === 0) return [];
  return (await runner.exec(pattern, { texts: [...texts] })).matched;
}

// src/e2e/checks/text.ts
function requireText(kind, expected) {
  const text = normalizeAnswer(expected);
  if (text === "") throw new Error(`the ${kind} check needs a non-empty string, got ${JSON.stringify(expected)}`);
  return text;
}
function checkContains(answer, expected) {
  const needle = requireText("contains", expected);
  const text = normalizeAnswer(answer);
  const at = text.indexOf(needle);
  if (at < 0) return { pass: false, reason: `does not contain ${JSON.stringify(needle)}` };
  return { pass: true, reason: `contains ${JSON.stringify(needle)} at ${excerpt(text, at, at + needle.length)}` };
}
function checkIContains(answer, expected) {
  const needle = requireText("icontains", expected);
  const text = normalizeAnswer(answer);
  const match = new RegExp(escapeRegex(needle), "iu").exec(text);
  if (!match) return { pass: false, reason: `does not contain ${JSON.stringify(needle)} (ignoring case)` };
  return { pass: true, reason: `contains ${JSON.stringify(needle)} (ignoring case) at ${excerpt(text, match.index, match.index + match[0].length)}` };
}
function compileRegex(source, flags = "") {
  const effective = /[uv]/.test(flags) ? flags : `${flags}u`;
  try {
    return new RegExp(normalizeAnswer(source), effective);
  } catch (error) {
    throw new Error(`the regex check has an invalid regular expression /${source}/${flags}: ${error.message}`, { cause: error });
  }
}
async function checkRegex(answer, source, flags) {
  const pattern = compileRegex(source, flags);
  const text = normalizeAnswer(answer);
  const shown3 = `/${source}/${flags ?? ""}`;
  const match = await execRegex(pattern, text).catch((error) => {
    throw error instanceof RegexTimeoutError ? new Error(`regex ${shown3} ${error.message}`, { cause: error }) : error;
  });
  if (!match) return { pass: false, reason: `does not match ${shown3}` };
  return { pass: true, reason: `matches ${shown3} at ${excerpt(text, match.index, match.end)}` };
}
function escapeRegex(text) {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
}

// src/e2e/checks/actions.ts
function isRegexValue(value) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return typeof value.regex === "string" && keys.every((key) => key === "regex" || key === "flags") && (value.flags === void 0 || typeof value.flags === "string");
}
async function valueMatches(expected, actual) {
  if (isRegexValue(expected)) {
    const text = typeof actual === "string" ? actual : JSON.stringify(actual) ?? String(actual);
    return await execRegex(compileRegex(expected.regex, expected.flags), normalizeAnswer(text)) !== null;
  }
  if (typeof expected === "string") return typeof actual === "string" && fold(actual) === fold(expected);
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return false;
    for (const [i, item] of expected.entries()) if (!await valueMatches(item, actual[i])) return false;
    return true;
  }
  if (typeof expected === "object" && expected !== null) {
    if (typeof actual !== "object" || actual === null || Array.isArray(actual)) return false;
    for (const [key, item] of Object.entries(expected)) if (!Object.hasOwn(actual, key) || !await valueMatches(item, actual[key])) return false;
    return true;
  }
  return expected === actual;
}
function showExpected(value) {
  if (isRegexValue(value)) return `/${value.regex}/${value.flags ?? ""}`;
  if (Array.isArray(value)) return `[${value.map(showExpected).join(", ")}]`;
  if (typeof value === "object" && value !== null) return `{${Object.entries(value).map(([key, item]) => `${key}: ${showExpected(item)}`).join(", ")}}`;
  return JSON.stringify(value);
}
function showArgs(args) {
  return Object.entries(args).map(([key, value]) => `${key} ${showExpected(value)}`).join(", ");
}
var CALL_SHOWN = 120;
var CALLS_SHOWN = 3;
function showCall(call) {
  const line = `${call.name} ${call.raw !== void 0 && Object.keys(call.arguments).length === 0 ? call.raw : JSON.stringify(call.arguments)}`;
  return line.length > CALL_SHOWN ? `${line.slice(0, CALL_SHOWN - 3)}...` : line;
}
function showCalls(calls) {
  const shown3 = calls.slice(0, CALLS_SHOWN).map(showCall).join("; ");
  return calls.length > CALLS_SHOWN ? `${shown3}; and ${calls.length - CALLS_SHOWN} more` : shown3;
}
async function matchingCalls(spec, calls) {
  const named = calls.filter((call) => call.name === spec.name);
  const matching = [];
  for (const call of named) if (spec.args === void 0 || await valueMatches(spec.args, call.arguments)) matching.push(call);
  return { named, matching };
}
function notNamed(calls) {
  return calls.length === 0 ? "no tool calls" : `calls: ${[...new Set(calls.map((call) => call.name))].join(", ")}`;
}
async function checkToolCalled(spec, calls) {
  const head = `tool_called ${spec.name}`;
  const { named, matching } = await matchingCalls(spec, calls);
  if (named.length === 0) return { pass: false, reason: `${head}: not called (${notNamed(calls)})` };
  if (matching.length === 0) return { pass: false, reason: `${head}: ${counted(named.length, "call", "calls")}, none with ${showArgs(spec.args)} (${showCalls(named)})` };
  const which = named.indexOf(matching[0]) + 1;
  return { pass: true, reason: `${head}: ${named.length === 1 ? "called" : `call ${which} of ${named.length} matches`} (${showCall(matching[0])})` };
}
async function checkToolNotCalled(spec, calls) {
  const head = `tool_not_called ${spec.name}`;
  const { named, matching } = await matchingCalls(spec, calls);
  if (matching.length > 0) return { pass: false, reason: `${head}: called${matching.length > 1 ? ` ${matching.length} times` : ""} (${showCalls(matching)})` };
  if (named.length === 0) return { pass: true, reason: `${head}: not called (${notNamed(calls)})` };
  return { pass: true, reason: `${head}: ${counted(named.length, "call", "calls")}, none with ${showArgs(spec.args)} (${showCalls(named)})` };
}
function checkToolOrder(names, calls) {
  const head = `tool_order ${names.join(", ")}`;
  const order = calls.map((call) => call.name).join(", ") || "no tool calls";
  const at = [];
  let from = 0;
  for (const [i, name] of names.entries()) {
    const found = calls.findIndex((call, index) => index >= from && call.name === name);
    if (found < 0) {
      const where2 = i === 0 || !calls.some((call) => call.name === name) ? "not called" : `not called after ${names[i - 1]}`;
      return { pass: false, reason: `${head}: ${name} ${where2} (${order})` };
    }
    at.push(found + 1);
    from = found + 1;
  }
  return { pass: true, reason: `${head}: in order (calls ${at.join(", ")} of ${calls.length})` };
}
function blankRegexProblem(source, reads) {
  if (!normalisesToBlank(source)) return void 0;
  const matched = normalizeAnswer(source) === "" ? `every ${reads}` : `every ${reads} with a space`;
  return {
    message: `the regex ${showBlank(source)} is ${blankness(source)} (the texts it reads are normalised too: typographic spaces read as " ", invisible characters are removed), so it would match ${matched}`,
    hint: reads === "answer" ? 'write a pattern for what the answer must say, where \\s matches white space; for any non-empty answer write regex: "\\S"' : 'write a pattern for the value, e.g. "^\\d+$", where \\s matches white space'
  };
}
function regexValueProblems(value, path) {
  if (isRegexValue(value)) {
    const blank = blankRegexProblem(value.regex, "value");
    if (blank) return [{ path: [...path, "regex"], ...blank }];
    try {
      compileRegex(value.regex, value.flags);
      return [];
    } catch (error) {
      return [{ path: [...path, "regex"], message: `invalid regular expression: ${error.message}` }];
    }
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => regexValueProblems(item, [...path, i]));
  if (typeof value === "object" && value !== null) return Object.entries(value).flatMap(([key, item]) => regexValueProblems(item, [...path, key]));
  return [];
}

// src/e2e/checks/csv.ts
var CsvError = class extends Error {
};
function parseCsv(text, delimiter2 = ",") {
  const rows = [];
  let row = [];
  let field = "";
  let quoted = false;
  let wasQuoted = false;
  let line = 1;
  let openedAt = 0;
  const input = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < input.length; i++) {
    const char = input[i];
    if (quoted) {
      if (char === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === "\n" || char === "\r" && input[i + 1] !== "\n") line++;
        field += char;
      }
    } else if (char === '"' && field === "") {
      quoted = true;
      wasQuoted = true;
      openedAt = line;
    } else if (char === delimiter2) {
      row.push(field);
      field = "";
      wasQuoted = false;
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && input[i + 1] === "\n") i++;
      if (row.length > 0 || field !== "" || wasQuoted) {
        row.push(field);
        rows.push(row);
      }
      row = [];
      field = "";
      wasQuoted = false;
      line++;
    } else {
      field += char;
    }
  }
  if (quoted) throw new CsvError(`a quoted field opened on line ${openedAt} is never closed`);
  if (field !== "" || row.length > 0 || wasQuoted) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
var CELLS_SHOWN = 3;
async function checkCsv(spec, raw, where2) {
  const head = `csv ${spec.column} all_match /${spec.all_match}/`;
  let rows;
  try {
    rows = parseCsv(raw, spec.delimiter);
  } catch (error) {
    if (error instanceof CsvError) return { pass: false, reason: `${head}: ${where2} is not valid CSV: ${error.message}` };
    throw error;
  }
  const [header, ...data] = rows;
  const names = (header ?? []).map((name) => name.trim());
  const column = names.indexOf(spec.column.trim());
  if (column < 0) return { pass: false, reason: `${head}: ${where2} has no column ${JSON.stringify(spec.column)} (columns: ${names.length > 0 ? names.map((name) => JSON.stringify(name)).join(", ") : "none, the file is empty"})` };
  if (data.length === 0) return { pass: false, reason: `${head}: ${where2} has no data rows` };
  const pattern = compileRegex(spec.all_match);
  const failed = [];
  const matched = await regexMatchesEach(pattern, data.map((row) => normalizeAnswer(row[column] ?? "")));
  for (const [i, row] of data.entries()) {
    const cell = row[column];
    if (cell === void 0) failed.push(`row ${i + 1}: no such cell (${row.length} fields)`);
    else if (!matched[i]) failed.push(`row ${i + 1}: ${JSON.stringify(cell)}`);
  }
  const count = counted(data.length, "row", "rows");
  if (failed.length === 0) return { pass: true, reason: `${head}: all ${count} of ${where2} match` };
  return { pass: false, reason: `${head}: ${failed.length} of ${count} of ${where2} do not match (${failed.slice(0, CELLS_SHOWN).join(", ")}${failed.length > CELLS_SHOWN ? ", ..." : ""})` };
}

// src/e2e/checks/exactMatch.ts
function checkExactMatch(answer, golds) {
  const gold = requireGold("exact_match", golds);
  const tokens = answerTokens(answer);
  const text = tokens.join(" ");
  const match = gold.find((candidate) => candidate.join(" ") === text);
  if (match) return { pass: true, reason: `exact match of ${shown(match)}` };
  return { pass: false, reason: `${shown(tokens)} is not ${gold.length === 1 ? shown(gold[0]) : `any of ${gold.map(shown).join(", ")}`}` };
}

// src/e2e/checks/jsonPath.ts
function parseJsonPath(path) {
  if (!path.startsWith("$")) throw new Error(`a json_path starts with $, got ${JSON.stringify(path)}`);
  const steps = [];
  let at = 1;
  const fail = (what) => new Error(`json_path ${JSON.stringify(path)}: ${what} at character ${at + 1} (supported: $, .key, ['key'], [n], [*])`);
  while (at < path.length) {
    const rest = path.slice(at);
    const dotted = /^\.([A-Za-z_$][\w$]*|\*)/.exec(rest);
    const bracket = /^\[(?:(\d+)|\*|'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")\]/.exec(rest);
    if (dotted) {
      steps.push(dotted[1] === "*" ? { every: true } : { key: dotted[1] });
      at += dotted[0].length;
    } else if (bracket) {
      const quoted = bracket[2] ?? bracket[3];
      steps.push(bracket[1] !== void 0 ? { index: Number(bracket[1]) } : quoted !== void 0 ? { key: quoted.replace(/\\(.)/g, "$1") } : { every: true });
      at += bracket[0].length;
    } else {
      throw fail(rest.startsWith("..") ? "recursive descent (..) is not supported" : rest.startsWith("[?") ? "filters are not supported" : `unexpected ${JSON.stringify(rest[0])}`);
    }
  }
  return steps;
}
var KEY = /^[A-Za-z_$][\w$]*$/;
var member = (at, key) => KEY.test(key) ? `${at}.${key}` : `${at}[${JSON.stringify(key)}]`;
function selectJsonPath(document, steps) {
  let values = [{ at: "$", value: document }];
  for (const [i, step] of steps.entries()) {
    const next = [];
    for (const { at, value } of values) {
      if ("every" in step) {
        if (Array.isArray(value)) value.forEach((item, n) => next.push({ at: `${at}[${n}]`, value: item }));
        else if (typeof value === "object" && value !== null) for (const [key, item] of Object.entries(value)) next.push({ at: member(at, key), value: item });
      } else if ("index" in step) {
        if (Array.isArray(value) && step.index < value.length) next.push({ at: `${at}[${step.index}]`, value: value[step.index] });
      } else if (typeof value === "object" && value !== null && !Array.isArray(value) && Object.hasOwn(value, step.key)) {
        next.push({ at: member(at, step.key), value: value[step.key] });
      }
    }
    if (next.length === 0) return { values: [], emptyAfter: i };
    values = next;
  }
  return { values };
}
var VALUE_SHOWN = 60;
var FAILURES_SHOWN = 3;
function showValue(value) {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > VALUE_SHOWN ? `${text.slice(0, VALUE_SHOWN - 3)}...` : text;
}
async function checkJsonPath(spec, raw, where2) {
  const steps = parseJsonPath(spec.path);
  const test = spec.matches !== void 0 ? `matches /${spec.matches}/` : `equals ${showExpected(spec.equals)}`;
  const head = `json_path ${spec.path} ${test}`;
  let document;
  try {
    document = JSON.parse(raw.replace(/^\uFEFF/, ""));
  } catch (error) {
    return { pass: false, reason: `${head}: ${where2} is not JSON (${error.message})` };
  }
  const { values, emptyAfter } = selectJsonPath(document, steps);
  if (values.length === 0) {
    const reached = spec.path.length > 1 && emptyAfter !== void 0 && emptyAfter > 0 ? ` (${pathUpTo(spec.path, emptyAfter)} selects something, the next step nothing)` : "";
    return { pass: false, reason: `${head}: selects nothing in ${where2}${reached}` };
  }
  const pattern = spec.matches !== void 0 ? compileRegex(spec.matches) : void 0;
  const failed = [];
  for (const selected of values) {
    const ok = pattern ? await execRegex(pattern, normalizeAnswer(typeof selected.value === "string" ? selected.value : JSON.stringify(selected.value) ?? String(selected.value))) !== null : await valueMatches(spec.equals, selected.value);
    if (!ok) failed.push(selected);
  }
  const count = counted(values.length, "value", "values");
  if (failed.length === 0) return { pass: true, reason: `${head}: ${values.length === 1 ? `${values[0].at} = ${showValue(values[0].value)}` : `all ${count} pass`}` };
  const shown3 = failed.slice(0, FAILURES_SHOWN).map((selected) => `${selected.at} = ${showValue(selected.value)}`).join(", ");
  return { pass: false, reason: `${head}: ${failed.length} of ${count} fail (${shown3}${failed.length > FAILURES_SHOWN ? ", ..." : ""})` };
}
function pathUpTo(path, count) {
  let shown3 = "$";
  const steps = parseJsonPath(path).slice(0, count);
  for (const step of steps) shown3 = "every" in step ? `${shown3}[*]` : "index" in step ? `${shown3}[${step.index}]` : member(shown3, step.key);
  return shown3;
}

// src/e2e/checks/usage.ts
function withUsage(result, parts) {
  const usages = parts.flatMap((part) => part.usage ? [part.usage] : []);
  const warning = parts.find((part) => part.usage_warning)?.usage_warning;
  return {
    ...result,
    ...usages.length > 0 ? {
      usage: {
        input_tokens: usages.reduce((sum2, usage) => sum2 + usage.input_tokens, 0),
        output_tokens: usages.reduce((sum2, usage) => sum2 + usage.output_tokens, 0)
      }
    } : {},
    ...warning ? { usage_warning: warning } : {}
  };
}

// src/e2e/checks/on.ts
var NO_ACTIONS = "this check reads the probe's tool calls or artifacts, and this grading has no record of them";
function textSubject(raw) {
  return { raw, text: normalizeAnswer(raw) };
}
function requireActions(context) {
  if (!context.actions) throw new Error(NO_ACTIONS);
  return context.actions;
}
function toolCallLines(calls) {
  return calls.map((call) => `${call.name} ${JSON.stringify(call.arguments)}`).join("\n");
}
function artifactMatcher(glob) {
  const pattern = withoutDotSlash(glob);
  const test = picomatchLibrary()(pattern, { dot: true, windows: false });
  const byName = !pattern.includes("/");
  return (path) => {
    const clean = withoutDotSlash(path.replace(/\\/g, "/"));
    return test(byName ? clean.slice(clean.lastIndexOf("/") + 1) : clean);
  };
}
var withoutDotSlash = (path) => path.replace(/^(\.\/)+/, "");
function describeOn(on) {
  return on === "answer" ? "on the answer" : on === "tool_calls" ? "on tool calls" : `on artifact ${JSON.stringify(on.artifact)}`;
}
async function gradeOn(on, answer, context, grade) {
  if (on === "answer") return grade(answer);
  const actions = requireActions(context);
  if (on === "tool_calls") {
    const graded2 = await grade(textSubject(toolCallLines(actions.tool_calls)));
    return { ...graded2, reason: `on tool calls: ${graded2.reason}` };
  }
  const matches = artifactMatcher(on.artifact);
  const selected = actions.artifacts.filter((artifact) => matches(artifact.path));
  const glob = JSON.stringify(on.artifact);
  if (selected.length === 0) {
    const produced = actions.artifacts.length === 0 ? "the probe produced none" : `the probe produced ${actions.artifacts.map((artifact) => artifact.path).join(", ")}`;
    return { pass: false, reason: `no artifact matches ${glob} (${produced})` };
  }
  const graded = [];
  for (const artifact of selected) {
    const label = artifact.truncated ? `${artifact.path} (cut at ${Buffer.byteLength(artifact.content)}${artifact.bytes !== void 0 ? ` of ${artifact.bytes}` : ""} bytes)` : artifact.path;
    const result = await grade({ ...textSubject(artifact.content), artifact: label });
    graded.push({ ...result, reason: `${label}: ${result.reason}` });
  }
  const failed = graded.filter((result) => !result.pass);
  const shown3 = (failed.length > 0 ? failed : graded).map((result) => result.reason).join("; ");
  const reason = graded.length === 1 ? shown3 : failed.length === 0 ? `all ${graded.length} artifacts matching ${glob} passed [${shown3}]` : `${failed.length} of ${graded.length} artifacts matching ${glob} failed [${shown3}]`;
  return withUsage({ pass: failed.length === 0, reason }, graded);
}

// src/e2e/checks/table.ts
var NO_JUDGE = "the judge check needs e2e.judge configured";
var RUBRIC_SHOWN = 60;
var listOf = (kind) => ({
  grade: (spec, subject, context, recurse2) => combine(kind, spec[kind], subject, context, recurse2),
  describe: (spec, recurse2) => `${kind}(${spec[kind].map(recurse2.describe).join(", ")})`,
  children: (spec) => Array.isArray(spec[kind]) ? spec[kind].map((check2, i) => ({ path: [kind, i], check: check2 })) : []
});
var CHECK_KINDS = {
  contains: {
    grade: (spec, { text }) => checkContains(text, spec.contains),
    describe: (spec) => `contains ${JSON.stringify(spec.contains)}`,
    validate: (spec, at) => blankTextProblems("contains", spec.contains, () => at(["contains"]))
  },
  icontains: {
    grade: (spec, { text }) => checkIContains(text, spec.icontains),
    describe: (spec) => `icontains ${JSON.stringify(spec.icontains)}`,
    validate: (spec, at) => blankTextProblems("icontains", spec.icontains, () => at(["icontains"]))
  },
  regex: {
    grade: (spec, { text }) => checkRegex(text, spec.regex, spec.flags),
    describe: (spec) => `regex /${String(spec.regex)}/${typeof spec.flags === "string" ? spec.flags : ""}`,
    validate: (spec, at) => regexProblems(String(spec.regex), spec.flags, () => at(["regex"]), "answer")
  },
  first_amount: { grade: (spec, { text }) => checkFirstAmount(text, spec.first_amount), describe: (spec) => `first_amount ${String(spec.first_amount)}` },
  date: { grade: (spec, { text }) => checkDate(text, spec.date), describe: (spec) => `date ${String(spec.date)}` },
  abstains: {
    grade: (spec, { text }) => checkAbstains(text, spec.abstains, spec.or_asks === true),
    describe: (spec) => `abstains ${String(spec.abstains)}${spec.or_asks === true ? " or asks" : ""}`
  },
  asks: { grade: (spec, { text }) => checkAsks(text, spec.asks), describe: (spec) => `asks ${String(spec.asks)}` },
  f1: {
    grade: (spec, { text }) => checkF1(text, goldAnswers(spec.f1), spec.min ?? DEFAULT_F1_MIN),
    describe: (spec) => `f1 >= ${String(spec.min ?? DEFAULT_F1_MIN)} ${describeGold(spec.f1)}`,
    validate: (spec, at) => goldProblems("f1", spec.f1, at)
  },
  exact_match: {
    grade: (spec, { text }) => checkExactMatch(text, goldAnswers(spec.exact_match)),
    describe: (spec) => `exact_match ${describeGold(spec.exact_match)}`,
    validate: (spec, at) => goldProblems("exact_match", spec.exact_match, at)
  },
  all: listOf("all"),
  any: listOf("any"),
  not: {
    grade: async (spec, subject, context, recurse2) => {
      const inner = await recurse2.grade(spec.not, subject, context);
      return withUsage({ pass: !inner.pass, reason: `not: ${inner.reason}` }, [inner]);
    },
    describe: (spec, recurse2) => `not(${recurse2.describe(spec.not)})`,
    children: (spec) => [{ path: ["not"], check: spec.not }]
  },
  judge: {
    grade: (spec, { text }, context) => runJudge(spec.judge, text, context),
    describe: (spec) => {
      const { rubric, model } = spec.judge ?? {};
      const text = String(rubric ?? "").replace(/\s+/g, " ").trim();
      const shown3 = text.length > RUBRIC_SHOWN ? `${text.slice(0, RUBRIC_SHOWN - 3)}...` : text;
      return `judge ${JSON.stringify(shown3)}${typeof model === "string" ? ` (model ${model})` : ""}`;
    },
    validate: (_spec, at, { judgeConfigured }) => judgeConfigured ? [] : [{ where: at(["judge"]), message: "a judge check needs e2e.judge with the judge model", hint: "add e2e: { judge: { model: ... } }" }],
    usesJudge: true
  },
  tool_called: {
    grade: (spec, _subject, context) => checkToolCalled(spec.tool_called, requireActions(context).tool_calls),
    describe: (spec) => describeToolCall("tool_called", spec.tool_called),
    validate: (spec, at) => toolCallProblems("tool_called", spec.tool_called, at),
    readsToolCalls: true
  },
  tool_not_called: {
    grade: (spec, _subject, context) => checkToolNotCalled(spec.tool_not_called, requireActions(context).tool_calls),
    describe: (spec) => describeToolCall("tool_not_called", spec.tool_not_called),
    validate: (spec, at) => toolCallProblems("tool_not_called", spec.tool_not_called, at),
    readsToolCalls: true
  },
  tool_order: {
    grade: (spec, _subject, context) => checkToolOrder(spec.tool_order, requireActions(context).tool_calls),
    describe: (spec) => `tool_order ${spec.tool_order.join(", ")}`,
    readsToolCalls: true
  },
  json_path: {
    grade: (spec, subject) => checkJsonPath(spec.json_path, subject.raw, artifactOf("json_path", subject)),
    describe: (spec) => {
      const { path, equals, matches } = spec.json_path;
      return `json_path ${path} ${matches !== void 0 ? `matches /${matches}/` : `equals ${showExpected(equals)}`}`;
    },
    validate: (spec, at, { on }) => {
      const value = spec.json_path;
      const problems = needsArtifact("json_path", on, at);
      try {
        parseJsonPath(value.path);
      } catch (error) {
        problems.push({ where: at(["json_path", "path"]), message: error.message });
      }
      if (value.equals === void 0 === (value.matches === void 0)) {
        problems.push({ where: at(["json_path"]), message: "json_path needs one of equals (a value) or matches (a regex)", hint: "e.g. { path: '$.rows[*].amount', matches: '^\\d+\\.\\d{2}$' }" });
      }
      if (value.matches !== void 0) problems.push(...regexProblems(value.matches, void 0, () => at(["json_path", "matches"]), "value"));
      for (const { path, ...problem } of regexValueProblems(value.equals, ["json_path", "equals"])) problems.push({ where: at(path), ...problem });
      return problems;
    }
  },
  csv: {
    grade: (spec, subject) => checkCsv(spec.csv, subject.raw, artifactOf("csv", subject)),
    describe: (spec) => {
      const { column, all_match } = spec.csv;
      return `csv ${column} all_match /${all_match}/`;
    },
    validate: (spec, at, { on }) => {
      const { all_match, delimiter: delimiter2 } = spec.csv;
      return [
        ...needsArtifact("csv", on, at),
        ...regexProblems(all_match, void 0, () => at(["csv", "all_match"]), "value"),
        ...delimiter2 !== void 0 && /["\r\n]/.test(delimiter2) ? [{ where: at(["csv", "delimiter"]), message: `the delimiter cannot be a quote or a line break; got ${JSON.stringify(delimiter2)}`, hint: 'e.g. delimiter: ";" or delimiter: "\\t"' }] : []
      ];
    }
  }
};
var NORMALISED = 'answers and check texts are normalised: typographic spaces read as " ", invisible characters are removed';
var ANY_ANSWER = 'for any non-empty answer write regex: "\\S"';
function blankTextProblems(kind, text, where2) {
  if (typeof text !== "string" || !normalisesToBlank(text)) return [];
  const matched = normalizeAnswer(text) === "" ? "every answer" : "every answer with a space";
  return [{ where: where2(), message: `${kind} ${showBlank(text)} is ${blankness(text)} (${NORMALISED}), so it would match ${matched}`, hint: `write the words the answer must hold, e.g. ${kind}: "Porto"; ${ANY_ANSWER}` }];
}
function regexProblems(source, flags, where2, reads) {
  const blank = blankRegexProblem(source, reads);
  if (blank) return [{ where: where2(), ...blank }];
  try {
    compileRegex(source, flags);
    return [];
  } catch (error) {
    return [{ where: where2(), message: `invalid regular expression: ${error.message}` }];
  }
}
function describeGold(value) {
  return Array.isArray(value) ? `any of ${JSON.stringify(value)}` : JSON.stringify(value);
}
function goldProblems(kind, value, at) {
  const golds = Array.isArray(value) ? value.map((gold, index) => ({ gold, path: [kind, index] })) : [{ gold: value, path: [kind] }];
  return golds.flatMap(({ gold, path }) => {
    const problem = typeof gold === "string" ? blankGoldProblem(kind, gold) : void 0;
    return problem ? [{ where: at(path), message: problem, hint: 'write the answer itself, e.g. f1: "the September half marathon"' }] : [];
  });
}
function describeToolCall(kind, spec) {
  return `${kind} ${spec.name}${spec.args !== void 0 ? ` ${JSON.stringify(spec.args)}` : ""}`;
}
function toolCallProblems(kind, spec, at) {
  return [
    ...spec.name.trim() === "" ? [{ where: at([kind, "name"]), message: `${kind} needs the tool's name` }] : [],
    ...regexValueProblems(spec.args ?? {}, [kind, "args"]).map(({ path, ...problem }) => ({ where: at(path), ...problem }))
  ];
}
function needsArtifact(kind, on, at) {
  if (typeof on === "object") return [];
  return [{ where: at([kind]), message: `${kind} reads a file the agent produced, not ${on === "tool_calls" ? "the tool calls" : "the answer"}`, hint: `add on: { artifact: "<path or glob>" } to it or to a check around it` }];
}
function artifactOf(kind, subject) {
  if (subject.artifact === void 0) throw new Error(`the ${kind} check reads an artifact: it needs on: { artifact: <glob> }`);
  return subject.artifact;
}
var CHECK_KIND_NAMES = Object.keys(CHECK_KINDS);
function kindsOf(check2) {
  return typeof check2 === "object" && check2 !== null ? Object.keys(check2).filter((key) => Object.hasOwn(CHECK_KINDS, key)) : [];
}
function usesJudge(check2) {
  const [kind] = kindsOf(check2);
  const entry = kind === void 0 ? void 0 : CHECK_KINDS[kind];
  if (!entry) return false;
  return entry.usesJudge === true || (entry.children?.(check2) ?? []).some((child) => usesJudge(child.check));
}
function readsActions(check2) {
  const [kind] = kindsOf(check2);
  const entry = kind === void 0 ? void 0 : CHECK_KINDS[kind];
  if (!entry) return false;
  if (check2.on !== void 0 && check2.on !== "answer" || entry.readsToolCalls) return true;
  return (entry.children?.(check2) ?? []).some((child) => readsActions(child.check));
}
function checkProblems(check2, at, options) {
  const kinds = kindsOf(check2);
  if (kinds.length !== 1) {
    return [
      {
        where: at([]),
        message: kinds.length === 0 ? `a check needs one of: ${CHECK_KIND_NAMES.join(", ")}` : `a check has one kind, found ${kinds.join(" and ")}`,
        hint: kinds.length > 1 ? "combine checks with all: [...] or any: [...]" : void 0
      }
    ];
  }
  const entry = CHECK_KINDS[kinds[0]];
  const spec = check2;
  const own2 = onProblems(kinds[0], spec.on, at);
  const inner = { ...options, on: check2.on === void 0 || own2.length > 0 ? options.on : check2.on };
  return [
    ...own2,
    ...entry.validate?.(spec, at, inner) ?? [],
    ...(entry.children?.(spec) ?? []).flatMap((child) => checkProblems(child.check, (path) => at([...child.path, ...path]), inner))
  ];
}
var ON_NAMES = ["answer", "tool_calls"];
function onProblems(kind, on, at) {
  if (on === void 0) return [];
  if (typeof on === "string") {
    if (!ON_NAMES.includes(on)) {
      return [{ where: at(["on"]), message: `on must be answer, tool_calls or { artifact: <path or glob> }; got ${JSON.stringify(on)}`, hint: didYouMean(on, ON_NAMES) }];
    }
  } else {
    const glob = on.artifact;
    try {
      artifactMatcher(glob);
    } catch (error) {
      return [{ where: at(["on", "artifact"]), message: `the artifact glob ${JSON.stringify(glob)} does not compile: ${error.message}` }];
    }
  }
  if (CHECK_KINDS[kind].readsToolCalls && on !== "tool_calls") {
    return [{ where: at(["on"]), message: `${kind} reads the tool calls: on does not apply to it`, hint: "remove on from it" }];
  }
  return [];
}
async function runJudge(spec, text, context) {
  if (!context.judge) throw new Error(NO_JUDGE);
  const model = spec.model ?? context.judgeModel;
  const verdict = await context.judge.grade({ rubric: spec.rubric, question: context.question, answer: text, ...model !== void 0 ? { model } : {} });
  return withUsage({ pass: verdict.pass, reason: `judge: ${verdict.reason}` }, [verdict]);
}
async function combine(kind, checks, subject, context, recurse2) {
  if (!Array.isArray(checks) || checks.length === 0) throw new Error(`the ${kind} check needs at least one check`);
  const results = checks.map(() => void 0);
  const decided = () => results.some((result) => result !== void 0 && result.pass === (kind === "any"));
  const judged = checks.map(usesJudge);
  for (const [i, check2] of checks.entries()) if (!judged[i]) results[i] = await recurse2.grade(check2, subject, context);
  for (const [i, check2] of checks.entries()) if (judged[i] && !decided()) results[i] = await recurse2.grade(check2, subject, context);
  const ran = results.filter((result) => result !== void 0);
  const skipped = checks.length - ran.length;
  const note = skipped > 0 ? `; ${counted(skipped, "judge check", "judge checks")} skipped` : "";
  const passed = ran.filter((result) => result.pass);
  const failed = ran.filter((result) => !result.pass);
  const list = (shown3) => `[${shown3.map((result) => result.reason).join("; ")}]`;
  if (kind === "all") {
    const pass2 = failed.length === 0;
    const reason2 = pass2 ? `all: ${checks.length} of ${checks.length} passed ${list(ran)}` : `all: ${failed.length} of ${checks.length} failed ${list(failed)}${note}`;
    return withUsage({ pass: pass2, reason: reason2 }, ran);
  }
  const pass = passed.length > 0;
  const reason = pass ? `any: ${passed.length} of ${checks.length} passed ${list(passed)}${note}` : `any: none of ${checks.length} passed ${list(ran)}`;
  return withUsage({ pass, reason }, ran);
}

// src/e2e/storedText.ts
var STORED_TEXT_LIMIT = 64 * 1024;
var encoder = new TextEncoder();
function formatBytes(bytes) {
  if (bytes < 1e3) return `${bytes} B`;
  const units = ["kB", "MB", "GB"];
  let value = bytes / 1e3;
  let unit = 0;
  while (value >= 1e3 && unit < units.length - 1) {
    value /= 1e3;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
function capText(text, limit = STORED_TEXT_LIMIT) {
  if (text.length * 3 <= limit) return text;
  const total = Buffer.byteLength(text, "utf8");
  if (total <= limit) return text;
  const { read, written } = encoder.encodeInto(text, new Uint8Array(limit));
  return `${text.slice(0, read)}\u2026 [cut ${formatBytes(total - written)} of ${formatBytes(total)}]`;
}
var CUT_MARKER = /\u2026 \[cut [\d.]+ [kMG]?B of [\d.]+ [kMG]?B\]$/;
function wasCut(text) {
  return CUT_MARKER.test(text);
}
function capStoredText(value, limit = STORED_TEXT_LIMIT) {
  if (typeof value === "string") return capText(value, limit);
  if (Array.isArray(value)) return value.map((item) => capStoredText(item, limit));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, capStoredText(item, limit)]));
  }
  return value;
}

// src/e2e/actions.ts
var ARTIFACT_LIMIT = 1024 * 1024;
function capArtifact(artifact) {
  const content = capText(artifact.content, ARTIFACT_LIMIT);
  if (content === artifact.content) return artifact;
  return { ...artifact, content, truncated: true, bytes: Buffer.byteLength(artifact.content, "utf8") };
}
function probeActions(invocations) {
  const probe = invocations.findLast((invocation) => invocation.kind === "probe");
  return { tool_calls: probe?.tool_calls ?? [], artifacts: probe?.artifacts ?? [] };
}

// src/e2e/faults.ts
var FAULT_KINDS = ["timeout", "empty", "down"];
var DEFAULT_FAULT_CHECK = { abstains: true, or_asks: true };
function faultOf(condition) {
  return condition.startsWith("fault:") ? condition.slice("fault:".length) : void 0;
}
function memoryOf(condition) {
  return faultOf(condition) ? "recall" : condition;
}
function gradingOf(spec, condition) {
  if (!faultOf(condition)) return { check: spec.check, graders: spec.graders };
  return { check: spec.fault_check ?? (spec.needs_memory || !spec.check ? DEFAULT_FAULT_CHECK : spec.check), graders: void 0 };
}
function faultIgnored(fault, reply) {
  const count = reply.recalled?.length ?? 0;
  if (count === 0) return void 0;
  return `the target ignored fault:${fault}: its probe recalled ${count} memor${count === 1 ? "y" : "ies"} although the memory search was to ${FAULT_DOES[fault]} (see examples/adapter/README.md, "Faults")`;
}
var FAULT_DOES = { timeout: "time out", empty: "return nothing", down: "fail" };
function summarizeFaults({ trials, cases, conditions, byCondition, abilities }) {
  const faults = conditions.map(faultOf).filter((fault) => fault !== void 0);
  if (faults.length === 0) return {};
  const abilityOf = new Map(cases.map((spec) => [spec.name, spec.ability]));
  const summary = {};
  for (const fault of faults) {
    const condition = `fault:${fault}`;
    const mine = groupBy(
      trials.filter((trial) => trial.condition === condition),
      (trial) => abilityOf.get(trial.case) ?? trial.ability
    );
    summary[fault] = {
      ...faultRates(byCondition[condition], byCondition.none, [...mine.values()].flat()),
      // fromEntries: an ability is any text, "__proto__" included.
      abilities: Object.fromEntries(
        Object.entries(abilities).map(([ability, result]) => [ability, faultRates(result.conditions[condition], result.conditions.none, mine.get(ability) ?? [])])
      )
    };
  }
  return { faults: summary };
}
function probeRecallMs(trial) {
  return trial.invocations.filter((call) => call.kind === "probe" && call.recall_ms !== void 0).map((call) => call.recall_ms);
}
function faultRates(rates, none, trials) {
  const passRate = rates?.pass_rate ?? 0;
  const vsNone = none ? round(passRate - none.pass_rate, 6) : void 0;
  return {
    trials: rates?.trials ?? 0,
    passed: rates?.passed ?? 0,
    errors: rates?.errors ?? 0,
    pass_rate: passRate,
    recall_latency_ms: summarizeLatency(trials.flatMap(probeRecallMs)),
    ...none ? { none_pass_rate: none.pass_rate, vs_none: vsNone, worse_than_none: vsNone < 0 } : {}
  };
}

// src/e2e/checks/describe.ts
function describeCheck(check2) {
  const kinds = kindsOf(check2);
  if (kinds.length !== 1) return `unknown check ${JSON.stringify(check2)}`;
  try {
    const described = CHECK_KINDS[kinds[0]].describe(check2, recurse);
    return check2.on === void 0 ? described : `${described} ${describeOn(check2.on)}`;
  } catch {
    return `unknown check ${JSON.stringify(check2)}`;
  }
}
var recurse = { describe: describeCheck };

// src/e2e/checks/grade.ts
async function gradeAnswer(check2, answer, context) {
  const subject = textSubject(answer);
  return recurseFrom(subject).grade(check2, subject, context);
}
function recurseFrom(answer) {
  const recurse2 = {
    describe: describeCheck,
    grade: async (check2, subject, context) => {
      const kinds = kindsOf(check2);
      if (kinds.length !== 1) throw new Error(`a check needs exactly one of ${CHECK_KIND_NAMES.join(", ")}; got ${JSON.stringify(check2)}`);
      const spec = check2;
      const grade = async (selected) => CHECK_KINDS[kinds[0]].grade(spec, selected, context, recurse2);
      return check2.on === void 0 ? grade(subject) : gradeOn(check2.on, answer, context, grade);
    }
  };
  return recurse2;
}

// src/e2e/trialRecords.ts
function trialKey(caseName, condition, repeat) {
  return `${caseName}|${condition}|${repeat}`;
}
function addJudgeUsage(record, graded) {
  if (graded.usage) {
    record.tokens.judge_input += graded.usage.input_tokens;
    record.tokens.judge_output += graded.usage.output_tokens;
  }
  if (graded.usage_warning) record.judge_usage_warning = graded.usage_warning;
}

// src/e2e/harm.ts
function successorOf(obsolete, evidence) {
  const mine = wordSet(obsolete);
  let best;
  for (const text of evidence) {
    const shared = [...wordSet(text)].filter((word) => mine.has(word)).length;
    if (shared > 0 && shared > (best?.shared ?? 0)) best = { text, shared };
  }
  return best?.text;
}
function memoryHolds(memory2, text) {
  return fold(memory2).includes(fold(text));
}
function harmfulRecalls(spec, invocations, owner) {
  const obsolete = spec.obsolete.map((text) => ({ text, successor: successorOf(text, spec.evidence) }));
  const disallowed = spec.disallowed ?? [];
  const hits = [];
  invocations.forEach((invocation, index) => {
    const foreign = spec.probe.as === void 0 || invocation.user !== owner;
    for (const memory2 of invocation.recalled ?? []) {
      const old = obsolete.find(({ text }) => memoryHolds(memory2.text, text));
      if (!old && !(foreign && disallowed.some((text) => memoryHolds(memory2.text, text)))) continue;
      hits.push({ invocation: index, ...memory2.id !== void 0 ? { id: memory2.id } : {}, text: memory2.text, ...old?.successor !== void 0 ? { successor: old.successor } : {} });
    }
  });
  return hits;
}
function probeQuality(spec, probe) {
  if (!probe.recalled || spec.evidence.length === 0) return {};
  const recalled = probe.recalled.map((memory2) => memory2.text);
  const evidence = spec.evidence;
  return {
    evidence_coverage: evidence.filter((text) => recalled.some((memory2) => memoryHolds(memory2, text))).length / evidence.length,
    ...recalled.length > 0 ? { recall_precision: recalled.filter((memory2) => evidence.some((text) => memoryHolds(memory2, text))).length / recalled.length } : {}
  };
}
function settleRecallQuality(spec, record) {
  const probe = record.invocations.find((invocation) => invocation.kind === "probe");
  if (probe) Object.assign(record, probeQuality(spec, probe));
  if (record.status === "error") delete record.harmful_action;
  if (spec.obsolete.length + (spec.disallowed?.length ?? 0) === 0) return;
  const counted2 = record.history ? record.invocations.map((invocation) => invocation.kind === "probe" ? invocation : { ...invocation, recalled: [] }) : record.invocations;
  const hits = harmfulRecalls(spec, counted2, record.user);
  if (hits.length > 0) {
    record.harmful_recall = true;
    record.harmful_recalls = hits;
  } else if (probe && counted2.every((invocation) => invocation.recalled !== void 0)) {
    record.harmful_recall = false;
  }
}
async function gradeHarmfulAction(spec, answer, context, record) {
  if (!spec.harmful) return;
  const graded = await gradeAnswer(spec.harmful, answer, context);
  addJudgeUsage(record, graded);
  record.harmful_action = graded.pass;
}
var HIT_LIMIT = 100;
function searches(condition) {
  return condition !== "none" && condition !== "oracle";
}
function needsNoHistory(spec) {
  return !spec.needs_memory || spec.expect_recall === "none";
}
function share(values) {
  const known = values.filter((value) => value !== void 0);
  const count = known.filter(Boolean).length;
  return { count, of: known.length, ...known.length > 0 ? { rate: round(count / known.length, 6) } : {} };
}
function probeGotNothing(trial) {
  const recalled = trial.invocations.find((invocation) => invocation.kind === "probe")?.recalled;
  return recalled === void 0 ? void 0 : recalled.length === 0;
}
function harmRates(trials, condition, specs) {
  const rates = {
    harmful_recall: share(trials.map((trial) => trial.harmful_recall)),
    harmful_action: share(trials.map((trial) => trial.status === "error" ? void 0 : trial.harmful_action))
  };
  if (!searches(condition)) return rates;
  const empty = trials.map(probeGotNothing);
  rates.empty_recall = share(trials.map((trial, index) => needsNoHistory(specs.get(trial.case)) ? empty[index] : void 0));
  rates.probes_without_memory = empty.filter((value) => value === true).length;
  return rates;
}
function invocationPlace(invocations, index) {
  const invocation = invocations[index];
  if (!invocation) return `invocation ${index + 1}`;
  if (invocation.kind === "probe") return "the probe";
  const session = invocation.session ?? invocations.slice(0, index + 1).filter((one) => one.kind === "session").length;
  const turns = invocations.filter((one) => one.kind === "session" && one.session === session).length;
  return `session ${session}${invocation.turn !== void 0 && turns > 1 ? ` turn ${invocation.turn}` : ""}`;
}
function harmSummary(trials, cases, conditions, headline) {
  const specs = new Map(cases.map((spec) => [spec.name, spec]));
  const byCase = groupBy(trials, (trial) => trial.case);
  const perCondition = (group) => Object.fromEntries(conditions.map((condition) => [condition, harmRates(group.filter((trial) => trial.condition === condition), condition, specs)]));
  const hits = trials.filter((trial) => trial.condition === headline).flatMap((trial) => (trial.harmful_recalls ?? []).map((hit) => ({ key: trial.key, case: trial.case, condition: trial.condition, where: invocationPlace(trial.invocations, hit.invocation), ...hit })));
  const abilities = [...new Set(cases.map((spec) => spec.ability))].sort();
  return {
    by_condition: perCondition(trials),
    abilities: Object.fromEntries(abilities.map((ability) => [ability, perCondition(trials.filter((trial) => specs.get(trial.case).ability === ability))])),
    cases: Object.fromEntries(cases.map(({ name }) => [name, perCondition(byCase.get(name) ?? [])])),
    hits: hits.slice(0, HIT_LIMIT),
    hits_total: hits.length
  };
}
function harmNote(trial) {
  const first = trial.harmful_recalls?.[0];
  const parts = [
    ...first ? [
      `harmful recall of ${first.id !== void 0 ? `${first.id} ` : ""}"${first.text}" in ${invocationPlace(trial.invocations, first.invocation)}${first.successor !== void 0 ? ` (current: "${first.successor}")` : ""}${trial.harmful_recalls.length > 1 ? ` and ${trial.harmful_recalls.length - 1} more` : ""}`
    ] : [],
    ...trial.harmful_action ? ["acted on a harmful memory (the harmful check passed)"] : []
  ];
  return parts.length > 0 ? parts.join("; ") : void 0;
}
function failureHarm(trial) {
  const harm = harmNote(trial);
  return harm === void 0 ? {} : { harm };
}
var HARM_RATES = { harmful_recall_rate: "harmful_recall", harmful_action_rate: "harmful_action", empty_recall_rate: "empty_recall" };
function harmRateUnmeasured(rate, cases, condition) {
  if (rate === "harmful_recall_rate" && !cases.some((spec) => spec.obsolete.length + (spec.disallowed?.length ?? 0) > 0)) {
    return { message: "no e2e case lists obsolete or disallowed texts, so there is no harmful recall to measure", hint: "add obsolete: or disallowed: to the cases it applies to" };
  }
  if (rate === "harmful_action_rate" && !cases.some((spec) => spec.harmful !== void 0)) {
    return { message: "no e2e case has a harmful check, so there is no harmful action to measure", hint: "add harmful: { ... } (a check on the answer) to the cases it applies to" };
  }
  if (rate === "empty_recall_rate" && (condition === "none" || condition === "oracle")) {
    return { message: `${condition} does not search memory, so there is no empty-recall correctness under it`, hint: "name a condition that searches: recall or a fault" };
  }
  if (rate === "empty_recall_rate" && !cases.some(needsNoHistory)) {
    return { message: "no e2e case needs no history, so there is no empty-recall correctness to measure", hint: "mark such cases needs_memory: false or expect_recall: none" };
  }
  return void 0;
}

// src/e2e/stage.ts
var FAILURE_STAGES = ["not_stored", "not_recalled", "obsolete_recalled", "misread", "unknown"];
var STAGE_LABELS = {
  not_stored: "not stored",
  not_recalled: "not recalled",
  obsolete_recalled: "obsolete recalled",
  misread: "misread",
  unknown: "stage unknown"
};
var UNKNOWN_STAGE = {
  noEvidence: "the case lists no evidence",
  noRecalled: "the target reports no recalled memories",
  noSnapshot: "the target gives no memory snapshot (an adapter without list, or a list that failed), so stored and not recalled cannot be told apart",
  notTaken: "no memory snapshot was taken after the sessions (the trial was recorded before stages), so stored and not recalled cannot be told apart"
};
var STAGED = ["recall", "oracle"];
function trialStage(spec, trial) {
  if (trial.status !== "fail") return void 0;
  if (trial.condition === "oracle") return { stage: "misread" };
  if (trial.condition !== "recall") return void 0;
  if (spec.evidence.length === 0) return unknown(UNKNOWN_STAGE.noEvidence);
  const recalled = trial.invocations.find((invocation) => invocation.kind === "probe")?.recalled;
  if (!recalled) return unknown(UNKNOWN_STAGE.noRecalled);
  const wasRecalled = (text) => recalled.some((memory2) => memoryHolds(memory2.text, text));
  const unrecalled = spec.evidence.filter((text) => !wasRecalled(text));
  if (unrecalled.length === 0) return { stage: spec.obsolete.some(wasRecalled) ? "obsolete_recalled" : "misread" };
  const snapshot = trial.snapshot;
  if (!snapshot) return unknown(UNKNOWN_STAGE.notTaken);
  if ("error" in snapshot) return unknown(UNKNOWN_STAGE.noSnapshot);
  const stored = (text) => snapshot.entries.some((entry) => memoryHolds(entry.text, text));
  return { stage: unrecalled.every(stored) ? "not_recalled" : "not_stored" };
}
function unknown(reason) {
  return { stage: "unknown", stage_reason: reason };
}
function settleStage(spec, record, snapshot = record.snapshot) {
  delete record.stage;
  delete record.stage_reason;
  const stage = trialStage(spec, { ...record, snapshot });
  if (stage) Object.assign(record, stage);
}
function stageOfRecord(spec, trial) {
  if (trial.stage !== void 0) return { stage: trial.stage, ...trial.stage_reason !== void 0 ? { stage_reason: trial.stage_reason } : {} };
  return spec ? trialStage(spec, trial) : void 0;
}
function stageNeedsSnapshot(spec, condition) {
  return condition === "recall" && spec.evidence.length > 0;
}
function emptyCounts() {
  return { trials: 0, not_stored: 0, not_recalled: 0, obsolete_recalled: 0, misread: 0, unknown: 0 };
}
function stageSummary(planned, cases, conditions) {
  const staged = STAGED.filter((condition) => conditions.includes(condition));
  if (staged.length === 0) return void 0;
  const specs = new Map(cases.map((spec) => [spec.name, spec]));
  const summary = {
    by_condition: Object.fromEntries(staged.map((condition) => [condition, emptyCounts()])),
    abilities: Object.fromEntries([...new Set(cases.map((spec) => spec.ability))].sort().map((ability) => [ability, Object.fromEntries(staged.map((condition) => [condition, emptyCounts()]))])),
    cases: conditions.includes("recall") ? Object.fromEntries(cases.map((spec) => [spec.name, emptyCounts()])) : {},
    unknown_reasons: {},
    snapshots: { taken: 0, empty: 0, unavailable: 0, evidence: { with_memories: 0, verbatim: 0 } }
  };
  for (const outcome of planned) {
    const condition = outcome.condition;
    if (!staged.includes(condition)) continue;
    const groups = [summary.by_condition[condition], summary.abilities[outcome.ability]?.[condition], condition === "recall" ? summary.cases[outcome.case] : void 0].filter((group) => group !== void 0);
    for (const group of groups) group.trials += 1;
    const record = outcome.record;
    if (!record) continue;
    const stage = stageOfRecord(specs.get(outcome.case), record);
    if (stage) for (const group of groups) group[stage.stage] += 1;
    if (condition !== "recall") continue;
    if (stage?.stage_reason !== void 0) summary.unknown_reasons[stage.stage_reason] = (summary.unknown_reasons[stage.stage_reason] ?? 0) + 1;
    const snapshot = record.snapshot;
    if (snapshot && "entries" in snapshot) {
      summary.snapshots.taken += 1;
      if (snapshot.entries.length === 0) summary.snapshots.empty += 1;
      const evidence = specs.get(outcome.case)?.evidence ?? [];
      if (evidence.length > 0 && snapshot.entries.length > 0) {
        summary.snapshots.evidence.with_memories += 1;
        if (evidence.some((text) => snapshot.entries.some((entry) => memoryHolds(entry.text, text)))) summary.snapshots.evidence.verbatim += 1;
      }
    } else if (snapshot) {
      summary.snapshots.unavailable += 1;
    }
  }
  return summary;
}
function failingCount(counts) {
  return FAILURE_STAGES.reduce((sum2, stage) => sum2 + counts[stage], 0);
}
function stageCountsText(counts) {
  return FAILURE_STAGES.filter((stage) => counts[stage] > 0).map((stage) => `${counts[stage]} ${STAGE_LABELS[stage]}`).join(", ");
}
function emptyMemoryWarning(summary) {
  const snapshots = summary?.snapshots;
  if (!snapshots || snapshots.taken === 0 || snapshots.empty < snapshots.taken) return void 0;
  return `under recall the target's memory was empty after the sessions of every trial (${snapshots.empty} of ${snapshots.taken} snapshots): it stored nothing, or its list does not show what it stores`;
}
function rewordedMemoryWarning(summary) {
  const evidence = summary?.snapshots.evidence;
  const recall = summary?.by_condition.recall;
  if (!evidence || !recall) return void 0;
  const withMemories = evidence.with_memories;
  if (withMemories === 0 || evidence.verbatim > 0 || recall.not_stored + recall.not_recalled === 0) return void 0;
  return `no memory the target listed after the sessions holds a case's evidence word for word (${counted(withMemories, "snapshot", "snapshots")} of cases with evidence, passing trials included): it rewords what it stores, so stages, which match texts, may call a reworded memory not stored or not recalled; write evidence as the fact itself (a name, a number) for them to tell`;
}
function stageRateUnmeasured(stage, cases) {
  if (stage === "unknown") return void 0;
  if (!cases.some((spec) => spec.evidence.length > 0)) {
    return { message: `no e2e case lists evidence, so no failure can be placed as ${stage} (every stage is unknown)`, hint: "add evidence: to the cases" };
  }
  if (stage === "obsolete_recalled" && !cases.some((spec) => spec.evidence.length > 0 && spec.obsolete.length > 0)) {
    return { message: "no e2e case lists both evidence and obsolete texts, so no failure can be obsolete_recalled", hint: "add obsolete: to the cases with an old value" };
  }
  return void 0;
}

// src/e2e/graders/table.ts
const { existsSync: existsSync2 } = globalThis.process.getBuiltinModule("node:fs");
const { relative: relative2, resolve: resolve3 } = globalThis.process.getBuiltinModule("node:path");

// src/source/sourceFile.ts
const { relative, resolve } = globalThis.process.getBuiltinModule("node:path");

// src/source/fileRanges.ts
const { closeSync, openSync, readSync } = globalThis.process.getBuiltinModule("node:fs");
var MAX_BLOCK_BYTES = 1024 * 1024;
var MIN_BLOCK_BYTES = 4096;
var WORTH_READING_AHEAD = 8;
var closing = new FinalizationRegistry((fd) => {
  try {
    closeSync(fd);
  } catch {
  }
});
var FileRanges = class {
  constructor(path) {
    this.path = path;
  }
  path;
  fd;
  block = Buffer.alloc(0);
  blockStart = 0;
  served = 0;
  blockBytes = MAX_BLOCK_BYTES;
  /** The bytes [start, start + length) of the file; an error when the file has become shorter. */
  read(start2, length) {
    const offset = start2 - this.blockStart;
    if (offset >= 0 && offset + length <= this.block.length) {
      this.served += 1;
      return this.block.subarray(offset, offset + length);
    }
    if (this.block.length > 0) this.blockBytes = this.served >= WORTH_READING_AHEAD ? Math.min(MAX_BLOCK_BYTES, this.blockBytes * 2) : Math.max(MIN_BLOCK_BYTES, this.blockBytes / 4);
    const size = Math.max(length, this.blockBytes);
    const block = Buffer.allocUnsafe(size);
    const fd = this.descriptor();
    let read = 0;
    while (read < size) {
      const got = readSync(fd, block, read, size - read, start2 + read);
      if (got === 0) break;
      read += got;
    }
    this.block = block.subarray(0, read);
    this.blockStart = start2;
    this.served = 1;
    if (read < length) throw new Error(`${this.path} is shorter than when it was read`);
    return this.block.subarray(0, length);
  }
  descriptor() {
    if (this.fd === void 0) {
      this.fd = openSync(this.path, "r");
      closing.register(this, this.fd);
    }
    return this.fd;
  }
};

// node_modules/js-yaml/dist/js-yaml.mjs
var NOT_RESOLVED = /* @__PURE__ */ Symbol("NOT_RESOLVED");
function defineScalarTag(tagName, options) {
  return {
    tagName,
    nodeKind: "scalar",
    implicit: options.implicit ?? false,
    matchByTagPrefix: options.matchByTagPrefix ?? false,
    implicitFirstChars: options.implicitFirstChars ?? null,
    resolve: options.resolve,
    identify: options.identify,
    represent: options.represent ?? ((data) => String(data)),
    representTagName: options.representTagName ?? (() => tagName)
  };
}
function defineSequenceTag(tagName, options) {
  const carrierIsResult = options.finalize === void 0;
  return {
    tagName,
    nodeKind: "sequence",
    implicit: false,
    matchByTagPrefix: options.matchByTagPrefix ?? false,
    create: options.create,
    addItem: options.addItem,
    finalize: options.finalize ?? ((carrier) => carrier),
    carrierIsResult,
    identify: options.identify,
    represent: options.represent ?? ((data) => data),
    representTagName: options.representTagName ?? (() => tagName)
  };
}
function defineMappingTag(tagName, options) {
  const carrierIsResult = options.finalize === void 0;
  return {
    tagName,
    nodeKind: "mapping",
    implicit: false,
    matchByTagPrefix: options.matchByTagPrefix ?? false,
    create: options.create,
    addPair: options.addPair,
    has: options.has,
    keys: options.keys,
    get: options.get,
    finalize: options.finalize ?? ((carrier) => carrier),
    carrierIsResult,
    identify: options.identify,
    represent: options.represent ?? ((data) => data),
    representTagName: options.representTagName ?? (() => tagName)
  };
}
var strTag = defineScalarTag("tag:yaml.org,2002:str", {
  resolve: (source) => source,
  identify: (data) => typeof data === "string"
});
var NULL_VALUES$1 = [
  "",
  "~",
  "null",
  "Null",
  "NULL"
];
var nullCoreTag = defineScalarTag("tag:yaml.org,2002:null", {
  implicit: true,
  implicitFirstChars: [
    "",
    "~",
    "n",
    "N"
  ],
  resolve: (source) => {
    if (NULL_VALUES$1.indexOf(source) !== -1) return null;
    return NOT_RESOLVED;
  },
  identify: (object) => object === null,
  represent: () => "null"
});
var nullJsonTag = defineScalarTag("tag:yaml.org,2002:null", {
  implicit: true,
  implicitFirstChars: ["n"],
  resolve: (source, isExplicit) => {
    if (source === "null" || isExplicit && source === "") return null;
    return NOT_RESOLVED;
  },
  identify: (object) => object === null,
  represent: () => "null"
});
var NULL_VALUES = [
  "",
  "~",
  "null",
  "Null",
  "NULL"
];
var nullYaml11Tag = defineScalarTag("tag:yaml.org,2002:null", {
  implicit: true,
  implicitFirstChars: [
    "",
    "~",
    "n",
    "N"
  ],
  resolve: (source) => {
    if (NULL_VALUES.indexOf(source) !== -1) return null;
    return NOT_RESOLVED;
  },
  identify: (object) => object === null,
  represent: () => "null"
});
var TRUE_VALUES$2 = [
  "true",
  "True",
  "TRUE"
];
var FALSE_VALUES$2 = [
  "false",
  "False",
  "FALSE"
];
var boolCoreTag = defineScalarTag("tag:yaml.org,2002:bool", {
  implicit: true,
  implicitFirstChars: [
    "t",
    "T",
    "f",
    "F"
  ],
  resolve: (source) => {
    if (TRUE_VALUES$2.indexOf(source) !== -1) return true;
    if (FALSE_VALUES$2.indexOf(source) !== -1) return false;
    return NOT_RESOLVED;
  },
  identify: (object) => Object.prototype.toString.call(object) === "[object Boolean]",
  represent: (object) => object ? "true" : "false"
});
var TRUE_VALUES$1 = ["true"];
var FALSE_VALUES$1 = ["false"];
var boolJsonTag = defineScalarTag("tag:yaml.org,2002:bool", {
  implicit: true,
  implicitFirstChars: ["t", "f"],
  resolve: (source) => {
    if (TRUE_VALUES$1.indexOf(source) !== -1) return true;
    if (FALSE_VALUES$1.indexOf(source) !== -1) return false;
    return NOT_RESOLVED;
  },
  identify: (object) => Object.prototype.toString.call(object) === "[object Boolean]",
  represent: (object) => object ? "true" : "false"
});
var TRUE_VALUES = [
  "true",
  "True",
  "TRUE",
  "y",
  "Y",
  "yes",
  "Yes",
  "YES",
  "on",
  "On",
  "ON"
];
var FALSE_VALUES = [
  "false",
  "False",
  "FALSE",
  "n",
  "N",
  "no",
  "No",
  "NO",
  "off",
  "Off",
  "OFF"
];
var boolYaml11Tag = defineScalarTag("tag:yaml.org,2002:bool", {
  implicit: true,
  implicitFirstChars: [
    "y",
    "Y",
    "n",
    "N",
    "t",
    "T",
    "f",
    "F",
    "o",
    "O"
  ],
  resolve: (source) => {
    if (TRUE_VALUES.indexOf(source) !== -1) return true;
    if (FALSE_VALUES.indexOf(source) !== -1) return false;
    return NOT_RESOLVED;
  },
  identify: (object) => Object.prototype.toString.call(object) === "[object Boolean]",
  represent: (object) => object ? "true" : "false"
});
var YAML_INTEGER_IMPLICIT_PATTERN$1 = /* @__PURE__ */ new RegExp("^(?:0o[0-7]+|0x[0-9a-fA-F]+|[-+]?[0-9]+)$");
var YAML_INTEGER_EXPLICIT_PATTERN$1 = /* @__PURE__ */ new RegExp("^(?:[-+]?0b[0-1]+|[-+]?0o[0-7]+|[-+]?0x[0-9a-fA-F]+|[-+]?[0-9]+)$");
function parseYamlInteger$2(source) {
  let value = source;
  let sign = 1;
  if (value[0] === "-" || value[0] === "+") {
    if (value[0] === "-") sign = -1;
    value = value.slice(1);
  }
  if (value.startsWith("0b")) return sign * parseInt(value.slice(2), 2);
  if (value.startsWith("0o")) return sign * parseInt(value.slice(2), 8);
  if (value.startsWith("0x")) return sign * parseInt(value.slice(2), 16);
  return sign * parseInt(value, 10);
}
function resolveYamlInteger$2(source, isExplicit) {
  if (isExplicit) {
    if (!YAML_INTEGER_EXPLICIT_PATTERN$1.test(source)) return NOT_RESOLVED;
  } else if (!YAML_INTEGER_IMPLICIT_PATTERN$1.test(source)) return NOT_RESOLVED;
  const result = parseYamlInteger$2(source);
  return Number.isFinite(result) ? result : NOT_RESOLVED;
}
var intCoreTag = defineScalarTag("tag:yaml.org,2002:int", {
  implicit: true,
  implicitFirstChars: [
    "-",
    "+",
    ..."0123456789"
  ],
  resolve: resolveYamlInteger$2,
  identify: (object) => Number.isInteger(object) && !Object.is(object, -0) && object.toString(10).indexOf("e") < 0,
  represent: (object) => object.toString(10)
});
var YAML_INTEGER_IMPLICIT_PATTERN = /* @__PURE__ */ new RegExp("^-?(?:0|[1-9][0-9]*)$");
var YAML_INTEGER_EXPLICIT_PATTERN = /* @__PURE__ */ new RegExp("^(?:[-+]?0b[0-1]+|[-+]?0o[0-7]+|[-+]?0x[0-9a-fA-F]+|[-+]?[0-9]+)$");
function parseYamlInteger$1(source) {
  let value = source;
  let sign = 1;
  if (value[0] === "-" || value[0] === "+") {
    if (value[0] === "-") sign = -1;
    value = value.slice(1);
  }
  if (value.startsWith("0b")) return sign * parseInt(value.slice(2), 2);
  if (value.startsWith("0o")) return sign * parseInt(value.slice(2), 8);
  if (value.startsWith("0x")) return sign * parseInt(value.slice(2), 16);
  return sign * parseInt(value, 10);
}
function resolveYamlInteger$1(source, isExplicit) {
  if (isExplicit) {
    if (!YAML_INTEGER_EXPLICIT_PATTERN.test(source)) return NOT_RESOLVED;
  } else if (!YAML_INTEGER_IMPLICIT_PATTERN.test(source)) return NOT_RESOLVED;
  const result = parseYamlInteger$1(source);
  return Number.isFinite(result) ? result : NOT_RESOLVED;
}
var intJsonTag = defineScalarTag("tag:yaml.org,2002:int", {
  implicit: true,
  implicitFirstChars: ["-", ..."0123456789"],
  resolve: resolveYamlInteger$1,
  identify: (object) => Number.isInteger(object) && !Object.is(object, -0) && object.toString(10).indexOf("e") < 0,
  represent: (object) => object.toString(10)
});
var YAML_INTEGER_PATTERN = /* @__PURE__ */ new RegExp("^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?0x[0-9a-fA-F_]+|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+|[-+]?(?:0|[1-9][0-9_]*))$");
function parseYamlInteger(source) {
  let value = source.replace(/_/g, "");
  let sign = 1;
  if (value[0] === "-" || value[0] === "+") {
    if (value[0] === "-") sign = -1;
    value = value.slice(1);
  }
  if (value.startsWith("0b")) return sign * parseInt(value.slice(2), 2);
  if (value.startsWith("0x")) return sign * parseInt(value.slice(2), 16);
  if (value.includes(":")) {
    let result = 0;
    for (const part of value.split(":")) result = result * 60 + Number(part);
    return sign * result;
  }
  if (value !== "0" && value[0] === "0") return sign * parseInt(value, 8);
  return sign * parseInt(value, 10);
}
function resolveYamlInteger(source) {
  if (!YAML_INTEGER_PATTERN.test(source)) return NOT_RESOLVED;
  const result = parseYamlInteger(source);
  return Number.isFinite(result) ? result : NOT_RESOLVED;
}
var intYaml11Tag = defineScalarTag("tag:yaml.org,2002:int", {
  implicit: true,
  implicitFirstChars: [
    "-",
    "+",
    ..."0123456789"
  ],
  resolve: resolveYamlInteger,
  identify: (object) => Number.isInteger(object) && !Object.is(object, -0) && object.toString(10).indexOf("e") < 0,
  represent: (object) => object.toString(10)
});
var YAML_FLOAT_PATTERN$1 = /* @__PURE__ */ new RegExp("^(?:[-+]?[0-9]+(?:\\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|[-+]?\\.[0-9]+(?:[eE][-+]?[0-9]+)?|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
var YAML_FLOAT_SPECIAL_PATTERN$1 = /* @__PURE__ */ new RegExp("^(?:[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
function resolveYamlFloat$2(source) {
  if (!YAML_FLOAT_PATTERN$1.test(source)) return NOT_RESOLVED;
  let value = source.toLowerCase();
  const sign = value[0] === "-" ? -1 : 1;
  if ("+-".includes(value[0])) value = value.slice(1);
  if (value === ".inf") return sign === 1 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  if (value === ".nan") return NaN;
  const result = sign * parseFloat(value);
  if (Number.isFinite(result) || YAML_FLOAT_SPECIAL_PATTERN$1.test(source)) return result;
  return NOT_RESOLVED;
}
function representYamlFloat$2(object) {
  if (isNaN(object)) return ".nan";
  if (object === Number.POSITIVE_INFINITY) return ".inf";
  if (object === Number.NEGATIVE_INFINITY) return "-.inf";
  if (Object.is(object, -0)) return "-0.0";
  const result = object.toString(10);
  return /^[-+]?[0-9]+e/.test(result) ? result.replace("e", ".e") : result;
}
var floatCoreTag = defineScalarTag("tag:yaml.org,2002:float", {
  implicit: true,
  implicitFirstChars: [
    "-",
    "+",
    ".",
    ..."0123456789"
  ],
  resolve: resolveYamlFloat$2,
  identify: (object) => typeof object === "number" && (!Number.isInteger(object) || Object.is(object, -0) || object.toString(10).indexOf("e") >= 0),
  represent: representYamlFloat$2
});
var YAML_FLOAT_IMPLICIT_PATTERN = /* @__PURE__ */ new RegExp("^-?(?:0|[1-9][0-9]*)(?:\\.[0-9]*)?(?:[eE][-+]?[0-9]+)?$");
var YAML_FLOAT_EXPLICIT_PATTERN = /* @__PURE__ */ new RegExp("^(?:[-+]?[0-9]+(?:\\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|[-+]?\\.[0-9]+(?:[eE][-+]?[0-9]+)?|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
function resolveYamlFloat$1(source, isExplicit) {
  if (isExplicit) {
    if (!YAML_FLOAT_EXPLICIT_PATTERN.test(source)) return NOT_RESOLVED;
    let value = source.toLowerCase();
    const sign = value[0] === "-" ? -1 : 1;
    if ("+-".includes(value[0])) value = value.slice(1);
    if (value === ".inf") return sign === 1 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
    if (value === ".nan") return NaN;
    const result2 = sign * parseFloat(value);
    return Number.isFinite(result2) ? result2 : NOT_RESOLVED;
  }
  if (!YAML_FLOAT_IMPLICIT_PATTERN.test(source)) return NOT_RESOLVED;
  const result = Number(source);
  if (Number.isFinite(result)) return result;
  return NOT_RESOLVED;
}
function representYamlFloat$1(object) {
  if (isNaN(object)) return ".nan";
  if (object === Number.POSITIVE_INFINITY) return ".inf";
  if (object === Number.NEGATIVE_INFINITY) return "-.inf";
  if (Object.is(object, -0)) return "-0.0";
  const result = object.toString(10);
  return /^[-+]?[0-9]+e/.test(result) ? result.replace("e", ".e") : result;
}
var floatJsonTag = defineScalarTag("tag:yaml.org,2002:float", {
  implicit: true,
  implicitFirstChars: ["-", ..."0123456789"],
  resolve: resolveYamlFloat$1,
  identify: (object) => typeof object === "number" && (!Number.isInteger(object) || Object.is(object, -0) || object.toString(10).indexOf("e") >= 0),
  represent: representYamlFloat$1
});
var YAML_FLOAT_PATTERN = /* @__PURE__ */ new RegExp("^(?:[-+]?(?:(?:[0-9][0-9_]*)?\\.[0-9_]*)(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\\.[0-9_]*|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
var YAML_FLOAT_SPECIAL_PATTERN = /* @__PURE__ */ new RegExp("^(?:[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");
function resolveYamlFloat(source) {
  if (!YAML_FLOAT_PATTERN.test(source)) return NOT_RESOLVED;
  let value = source.toLowerCase().replace(/_/g, "");
  const sign = value[0] === "-" ? -1 : 1;
  if ("+-".includes(value[0])) value = value.slice(1);
  if (value === ".inf") return sign === 1 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  if (value === ".nan") return NaN;
  let result = 0;
  if (value.includes(":")) {
    for (const part of value.split(":")) result = result * 60 + Number(part);
    result *= sign;
  } else result = sign * parseFloat(value);
  if (Number.isFinite(result) || YAML_FLOAT_SPECIAL_PATTERN.test(source)) return result;
  return NOT_RESOLVED;
}
function representYamlFloat(object) {
  if (isNaN(object)) return ".nan";
  if (object === Number.POSITIVE_INFINITY) return ".inf";
  if (object === Number.NEGATIVE_INFINITY) return "-.inf";
  if (Object.is(object, -0)) return "-0.0";
  const result = object.toString(10);
  return /^[-+]?[0-9]+e/.test(result) ? result.replace("e", ".e") : result;
}
var floatYaml11Tag = defineScalarTag("tag:yaml.org,2002:float", {
  implicit: true,
  implicitFirstChars: [
    "-",
    "+",
    ".",
    ..."0123456789"
  ],
  resolve: resolveYamlFloat,
  identify: (object) => typeof object === "number" && (!Number.isInteger(object) || Object.is(object, -0) || object.toString(10).indexOf("e") >= 0),
  represent: representYamlFloat
});
var mergeTag = defineScalarTag("tag:yaml.org,2002:merge", {
  implicit: true,
  implicitFirstChars: ["<"],
  resolve: (source, isExplicit) => {
    if (source === "<<" || isExplicit && source === "") return "<<";
    return NOT_RESOLVED;
  },
  identify: () => false
});
var BASE64_PATTERN = /^[A-Za-z0-9+/]*={0,2}$/;
function resolveYamlBinary(source) {
  const input = source.replace(/\s/g, "");
  if (input.length % 4 !== 0 || !BASE64_PATTERN.test(input)) return NOT_RESOLVED;
  const binary = atob(input);
  const result = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) result[index] = binary.charCodeAt(index);
  return result;
}
function representYamlBinary(object) {
  let binary = "";
  for (let index = 0; index < object.length; index++) binary += String.fromCharCode(object[index]);
  return btoa(binary);
}
var binaryTag = defineScalarTag("tag:yaml.org,2002:binary", {
  resolve: resolveYamlBinary,
  identify: (object) => Object.prototype.toString.call(object) === "[object Uint8Array]",
  represent: representYamlBinary
});
var YAML_DATE_REGEXP = /* @__PURE__ */ new RegExp("^([0-9][0-9][0-9][0-9])-([0-9][0-9])-([0-9][0-9])$");
var YAML_TIMESTAMP_REGEXP = /* @__PURE__ */ new RegExp("^([0-9][0-9][0-9][0-9])-([0-9][0-9]?)-([0-9][0-9]?)(?:[Tt]|[ \\t]+)([0-9][0-9]?):([0-9][0-9]):([0-9][0-9])(?:\\.([0-9]*))?(?:[ \\t]*(Z|([-+])([0-9][0-9]?)(?::([0-9][0-9]))?))?$");
function makeUtcDate(year, month, day, hour = 0, minute = 0, second = 0, fraction = 0) {
  const date = new Date(Date.UTC(year, month, day, hour, minute, second, fraction));
  date.setUTCFullYear(year, month, day);
  return date;
}
function resolveYamlTimestamp(source) {
  let match = YAML_DATE_REGEXP.exec(source);
  if (match === null) match = YAML_TIMESTAMP_REGEXP.exec(source);
  if (match === null) return NOT_RESOLVED;
  const year = +match[1];
  const month = +match[2] - 1;
  const day = +match[3];
  if (!match[4]) {
    const date2 = makeUtcDate(year, month, day);
    if (date2.getUTCFullYear() !== year || date2.getUTCMonth() !== month || date2.getUTCDate() !== day) return NOT_RESOLVED;
    return date2;
  }
  const hour = +match[4];
  const minute = +match[5];
  const second = +match[6];
  let fraction = 0;
  if (hour > 23 || minute > 59 || second > 59) return NOT_RESOLVED;
  if (match[7]) {
    let value = match[7].slice(0, 3);
    while (value.length < 3) value += "0";
    fraction = +value;
  }
  const date = makeUtcDate(year, month, day, hour, minute, second, fraction);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month || date.getUTCDate() !== day) return NOT_RESOLVED;
  if (match[9]) {
    const offsetHour = +match[10];
    const offsetMinute = +(match[11] || 0);
    if (offsetHour > 23 || offsetMinute > 59) return NOT_RESOLVED;
    const offset = (offsetHour * 60 + offsetMinute) * 6e4;
    date.setTime(date.getTime() - (match[9] === "-" ? -offset : offset));
  }
  return date;
}
var timestampTag = defineScalarTag("tag:yaml.org,2002:timestamp", {
  implicit: true,
  implicitFirstChars: [..."0123456789"],
  resolve: resolveYamlTimestamp,
  identify: (object) => object instanceof Date,
  represent: (object) => object.toISOString()
});
var seqTag = defineSequenceTag("tag:yaml.org,2002:seq", {
  create: () => [],
  addItem: (container, item) => {
    container.push(item);
  },
  identify: Array.isArray
});
function isPlainObject(data) {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return false;
  const prototype = Object.getPrototypeOf(data);
  return prototype === null || prototype === Object.prototype;
}
var omapTag = defineSequenceTag("tag:yaml.org,2002:omap", {
  create: () => ({
    list: [],
    seen: /* @__PURE__ */ new Set()
  }),
  addItem: (carrier, item) => {
    let key;
    if (item instanceof Map) {
      if (item.size !== 1) return "cannot resolve an ordered map item";
      key = item.keys().next().value;
    } else if (isPlainObject(item)) {
      const itemKeys = Object.keys(item);
      if (itemKeys.length !== 1) return "cannot resolve an ordered map item";
      key = itemKeys[0];
    } else return "cannot resolve an ordered map item";
    if (carrier.seen.has(key)) return "duplicate key in ordered map";
    carrier.seen.add(key);
    carrier.list.push(item);
    return "";
  },
  finalize: (carrier) => carrier.list,
  identify: () => false
});
var pairsTag = defineSequenceTag("tag:yaml.org,2002:pairs", {
  create: () => [],
  addItem: (container, item) => {
    if (item instanceof Map) {
      if (item.size !== 1) return "cannot resolve a pairs item";
      container.push(item.entries().next().value);
      return "";
    }
    if (Object.prototype.toString.call(item) !== "[object Object]") return "cannot resolve a pairs item";
    const object = item;
    const keys = Object.keys(object);
    if (keys.length !== 1) return "cannot resolve a pairs item";
    container.push([keys[0], object[keys[0]]]);
    return "";
  },
  identify: () => false
});
var mapTag = defineMappingTag("tag:yaml.org,2002:map", {
  create: () => ({}),
  identify: isPlainObject,
  represent: (o) => {
    const map = /* @__PURE__ */ new Map();
    for (const key of Object.keys(o)) map.set(key, o[key]);
    return map;
  },
  addPair: (container, key, value) => {
    if (key !== null && typeof key === "object") return "object-based map does not support complex keys";
    const normalizedKey = String(key);
    if (normalizedKey === "__proto__") Object.defineProperty(container, normalizedKey, {
      value,
      enumerable: true,
      configurable: true,
      writable: true
    });
    else container[normalizedKey] = value;
    return "";
  },
  has: (container, key) => {
    if (key !== null && typeof key === "object") return false;
    return Object.prototype.hasOwnProperty.call(container, String(key));
  },
  keys: (container) => Object.keys(container),
  get: (container, key) => {
    const normalizedKey = String(key);
    if (!Object.prototype.hasOwnProperty.call(container, normalizedKey)) return null;
    return container[normalizedKey];
  }
});
var setTag = defineMappingTag("tag:yaml.org,2002:set", {
  create: () => /* @__PURE__ */ new Set(),
  identify: (data) => data instanceof Set,
  represent: (data) => {
    const map = /* @__PURE__ */ new Map();
    for (const key of data) map.set(key, null);
    return map;
  },
  addPair: (container, key, value) => {
    if (value !== null) return "cannot resolve a set item";
    container.add(key);
    return "";
  },
  has: (container, key) => container.has(key),
  keys: (container) => container.keys(),
  get: () => null
});
function createTagDefinitionMap() {
  return {
    scalar: /* @__PURE__ */ Object.create(null),
    sequence: /* @__PURE__ */ Object.create(null),
    mapping: /* @__PURE__ */ Object.create(null)
  };
}
function createTagDefinitionListMap() {
  return {
    scalar: [],
    sequence: [],
    mapping: []
  };
}
function compileTags(tags) {
  const result = [];
  for (const tag of tags) {
    let index = result.length;
    for (let previousIndex = 0; previousIndex < result.length; previousIndex++) {
      const previous = result[previousIndex];
      if (previous.nodeKind === tag.nodeKind && previous.tagName === tag.tagName && previous.matchByTagPrefix === tag.matchByTagPrefix) {
        index = previousIndex;
        break;
      }
    }
    result[index] = tag;
  }
  return result;
}
var Schema = class Schema2 {
  tags;
  /** @internal */
  implicitScalarTags;
  /**
  * Dispatch implicit scalar resolvers by `source.charAt(0)`. Each bucket holds
  * the resolvers that may match that key, in schema order; a key absent from
  * the map uses
  * {@link Schema.implicitScalarAnyFirstChar}
  * (resolvers that declared no first-char constraint, so they apply to any
  * first character).
  */
  implicitScalarByFirstChar;
  implicitScalarAnyFirstChar;
  /**
  * The default scalar tag (`!!str`), resolved once so the composer's fallback
  * for unresolved plain scalars avoids a keyed lookup per scalar.
  *
  * @internal
  */
  defaultScalarTag;
  /**
  * The default container tags (`!!seq` / `!!map`), used by the dumper: when a
  * value is identified by its default tag, the tag is implicit and not
  * printed. Undefined if the schema does not define them (then such values
  * can't be dumped).
  *
  * @internal
  */
  defaultSequenceTag;
  /** @internal */
  defaultMappingTag;
  exact;
  prefix;
  constructor(tags) {
    const compiledTags = compileTags(tags);
    const implicitScalarTags = [];
    const exact = createTagDefinitionMap();
    const prefix = createTagDefinitionListMap();
    for (const tag of compiledTags) {
      if (tag.nodeKind === "scalar" && tag.implicit) {
        if (tag.matchByTagPrefix) throw new Error("Implicit scalar tags cannot match by tag prefix");
        implicitScalarTags.push(tag);
      }
      switch (tag.nodeKind) {
        case "scalar":
          if (tag.matchByTagPrefix) prefix.scalar.push(tag);
          else exact.scalar[tag.tagName] = tag;
          break;
        case "sequence":
          if (tag.matchByTagPrefix) prefix.sequence.push(tag);
          else exact.sequence[tag.tagName] = tag;
          break;
        case "mapping":
          if (tag.matchByTagPrefix) prefix.mapping.push(tag);
          else exact.mapping[tag.tagName] = tag;
      }
    }
    const implicitScalarAnyFirstChar = implicitScalarTags.filter((tag) => tag.implicitFirstChars === null);
    const keys = /* @__PURE__ */ new Set();
    for (const tag of implicitScalarTags) if (tag.implicitFirstChars !== null) for (const key of tag.implicitFirstChars) keys.add(key);
    const implicitScalarByFirstChar = /* @__PURE__ */ new Map();
    for (const key of keys) implicitScalarByFirstChar.set(key, implicitScalarTags.filter((tag) => tag.implicitFirstChars === null || tag.implicitFirstChars.indexOf(key) !== -1));
    const defaultScalarTag = exact.scalar["tag:yaml.org,2002:str"];
    if (!defaultScalarTag) throw new Error("schema does not define the default scalar tag (tag:yaml.org,2002:str)");
    this.tags = compiledTags;
    this.implicitScalarTags = implicitScalarTags;
    this.implicitScalarByFirstChar = implicitScalarByFirstChar;
    this.implicitScalarAnyFirstChar = implicitScalarAnyFirstChar;
    this.defaultScalarTag = defaultScalarTag;
    this.defaultSequenceTag = exact.sequence["tag:yaml.org,2002:seq"];
    this.defaultMappingTag = exact.mapping["tag:yaml.org,2002:map"];
    this.exact = exact;
    this.prefix = prefix;
  }
  /** @internal */
  lookupScalarTag(tagName) {
    const exactTag = this.exact.scalar[tagName];
    if (exactTag) return exactTag;
    for (const tag of this.prefix.scalar) if (tagName.startsWith(tag.tagName)) return tag;
  }
  /** @internal */
  lookupSequenceTag(tagName) {
    const exactTag = this.exact.sequence[tagName];
    if (exactTag) return exactTag;
    for (const tag of this.prefix.sequence) if (tagName.startsWith(tag.tagName)) return tag;
  }
  /** @internal */
  lookupMappingTag(tagName) {
    const exactTag = this.exact.mapping[tagName];
    if (exactTag) return exactTag;
    for (const tag of this.prefix.mapping) if (tagName.startsWith(tag.tagName)) return tag;
  }
  /** @internal */
  resolveImplicitScalarTag(source) {
    const candidates = this.implicitScalarByFirstChar.get(source.charAt(0)) ?? this.implicitScalarAnyFirstChar;
    for (const tag2 of candidates) {
      const value = tag2.resolve(source, false, tag2.tagName);
      if (value !== NOT_RESOLVED) return {
        value,
        tag: tag2
      };
    }
    const tag = this.defaultScalarTag;
    return {
      value: tag.resolve(source, false, tag.tagName),
      tag
    };
  }
  /**
  * Creates a new schema with the specified tags added. If a tag already
  * exists, it is replaced by the specified tag.
  *
  * @example
  *
  * ```javascript
  * import { CORE_SCHEMA, mergeTag, realMapTag } from 'js-yaml'
  *
  * const schema = CORE_SCHEMA.withTags(mergeTag, realMapTag)
  * ```
  */
  withTags(...tags) {
    let flatTags = [];
    for (const tag of tags) flatTags = flatTags.concat(tag);
    return new Schema2([...this.tags, ...flatTags]);
  }
};
var FAILSAFE_SCHEMA = new Schema([
  strTag,
  seqTag,
  mapTag
]);
var JSON_SCHEMA = new Schema([
  ...FAILSAFE_SCHEMA.tags,
  nullJsonTag,
  boolJsonTag,
  intJsonTag,
  floatJsonTag
]);
var CORE_SCHEMA = new Schema([
  ...FAILSAFE_SCHEMA.tags,
  nullCoreTag,
  boolCoreTag,
  intCoreTag,
  floatCoreTag
]);
var YAML11_SCHEMA = new Schema([
  ...FAILSAFE_SCHEMA.tags,
  nullYaml11Tag,
  boolYaml11Tag,
  intYaml11Tag,
  floatYaml11Tag,
  timestampTag,
  mergeTag,
  binaryTag,
  omapTag,
  pairsTag,
  setTag
]);
var DUMP_SCHEMA = YAML11_SCHEMA.withTags({
  ...intYaml11Tag,
  resolve: (source, isExplicit, tagName) => {
    const result = intYaml11Tag.resolve(source, isExplicit, tagName);
    return result === NOT_RESOLVED ? intCoreTag.resolve(source, isExplicit, tagName) : result;
  }
}, {
  ...floatYaml11Tag,
  resolve: (source, isExplicit, tagName) => {
    const result = floatYaml11Tag.resolve(source, isExplicit, tagName);
    return result === NOT_RESOLVED ? floatCoreTag.resolve(source, isExplicit, tagName) : result;
  }
});
var realMapTag = defineMappingTag("tag:yaml.org,2002:map", {
  create: () => /* @__PURE__ */ new Map(),
  addPair: (container, key, value) => {
    container.set(key, value);
    return "";
  },
  has: (container, key) => container.has(key),
  keys: (container) => container.keys(),
  get: (container, key) => container.get(key),
  identify: (data) => data instanceof Map || isPlainObject(data),
  represent: (data) => {
    if (data instanceof Map) return data;
    const map = /* @__PURE__ */ new Map();
    const obj = data;
    for (const key of Object.keys(obj)) map.set(key, obj[key]);
    return map;
  }
});
function normalizeKey(key) {
  if (Array.isArray(key)) {
    const array = Array.prototype.slice.call(key);
    for (let index = 0; index < array.length; index++) {
      if (Array.isArray(array[index])) return null;
      if (typeof array[index] === "object" && Object.prototype.toString.call(array[index]) === "[object Object]") array[index] = "[object Object]";
    }
    return String(array);
  }
  if (typeof key === "object" && Object.prototype.toString.call(key) === "[object Object]") return "[object Object]";
  return String(key);
}
var legacyMapTag = defineMappingTag("tag:yaml.org,2002:map", {
  create: () => ({}),
  identify: isPlainObject,
  represent: (o) => {
    const map = /* @__PURE__ */ new Map();
    for (const key of Object.keys(o)) map.set(key, o[key]);
    return map;
  },
  addPair: (container, key, value) => {
    const normalizedKey = normalizeKey(key);
    if (normalizedKey === null) return "nested arrays are not supported inside keys";
    if (normalizedKey === "__proto__") Object.defineProperty(container, normalizedKey, {
      value,
      enumerable: true,
      configurable: true,
      writable: true
    });
    else container[normalizedKey] = value;
    return "";
  },
  has: (container, key) => {
    const normalizedKey = normalizeKey(key);
    return normalizedKey !== null && Object.prototype.hasOwnProperty.call(container, normalizedKey);
  },
  keys: (container) => Object.keys(container),
  get: (container, key) => {
    const normalizedKey = String(key);
    if (!Object.prototype.hasOwnProperty.call(container, normalizedKey)) return null;
    return container[normalizedKey];
  }
});
var DEFAULT_SNIPPET_OPTIONS = {
  maxLength: 79,
  indent: 1,
  linesBefore: 3,
  linesAfter: 2
};
function getLine(buffer, lineStart, lineEnd, position, maxLineLength) {
  let head = "";
  let tail = "";
  const maxHalfLength = Math.floor(maxLineLength / 2) - 1;
  if (position - lineStart > maxHalfLength) {
    head = " ... ";
    lineStart = position - maxHalfLength + head.length;
  }
  if (lineEnd - position > maxHalfLength) {
    tail = " ...";
    lineEnd = position + maxHalfLength - tail.length;
  }
  return {
    str: head + buffer.slice(lineStart, lineEnd).replace(/\t/g, "\u2192") + tail,
    pos: position - lineStart + head.length
  };
}
function padStart(string, max) {
  return " ".repeat(Math.max(max - string.length, 0)) + string;
}
function makeSnippet(mark, options) {
  if (!mark.buffer) return null;
  const opts = {
    ...DEFAULT_SNIPPET_OPTIONS,
    ...options
  };
  const re = /\r?\n|\r|\0/g;
  const lineStarts = [0];
  const lineEnds = [];
  let match;
  let foundLineNo = -1;
  while (match = re.exec(mark.buffer)) {
    lineEnds.push(match.index);
    lineStarts.push(match.index + match[0].length);
    if (mark.position <= match.index && foundLineNo < 0) foundLineNo = lineStarts.length - 2;
  }
  if (foundLineNo < 0) foundLineNo = lineStarts.length - 1;
  let result = "";
  const lineNoLength = Math.min(mark.line + opts.linesAfter, lineEnds.length).toString().length;
  const maxLineLength = opts.maxLength - (opts.indent + lineNoLength + 3);
  for (let i = 1; i <= opts.linesBefore; i++) {
    if (foundLineNo - i < 0) break;
    const line2 = getLine(mark.buffer, lineStarts[foundLineNo - i], lineEnds[foundLineNo - i], mark.position - (lineStarts[foundLineNo] - lineStarts[foundLineNo - i]), maxLineLength);
    result = `${" ".repeat(opts.indent)}${padStart((mark.line - i + 1).toString(), lineNoLength)} | ${line2.str}
${result}`;
  }
  const line = getLine(mark.buffer, lineStarts[foundLineNo], lineEnds[foundLineNo], mark.position, maxLineLength);
  result += `${" ".repeat(opts.indent)}${padStart((mark.line + 1).toString(), lineNoLength)} | ${line.str}
`;
  result += `${"-".repeat(opts.indent + lineNoLength + 3 + line.pos)}^
`;
  for (let i = 1; i <= opts.linesAfter; i++) {
    if (foundLineNo + i >= lineEnds.length) break;
    const line2 = getLine(mark.buffer, lineStarts[foundLineNo + i], lineEnds[foundLineNo + i], mark.position - (lineStarts[foundLineNo] - lineStarts[foundLineNo + i]), maxLineLength);
    result += `${" ".repeat(opts.indent)}${padStart((mark.line + i + 1).toString(), lineNoLength)} | ${line2.str}
`;
  }
  return result.replace(/\n$/, "");
}
function formatError(exception, compact) {
  let where2 = "";
  if (!exception.mark) return exception.reason;
  if (exception.mark.name) where2 += `in "${exception.mark.name}" `;
  where2 += `(${exception.mark.line + 1}:${exception.mark.column + 1})`;
  if (!compact && exception.mark.snippet) where2 += `

${exception.mark.snippet}`;
  return `${exception.reason} ${where2}`;
}
var YAMLException = class YAMLException2 extends Error {
  reason;
  mark;
  /**
  * Optional `mark` contains source snippet data. Usually, use
  * {@link YAMLException.throwAt} instead of passing it directly.
  */
  constructor(reason, mark) {
    super();
    this.name = "YAMLException";
    this.reason = reason;
    this.mark = mark;
    this.message = formatError(this, false);
    if (Error.captureStackTrace) Error.captureStackTrace(this, this.constructor);
  }
  /**
  * Returns the formatted error, omitting the source snippet in compact mode.
  */
  toString(compact) {
    return `${this.name}: ${formatError(this, compact)}`;
  }
  /**
  * Builds a YAMLException with a source snippet and throws it. `source` is
  * the raw input text; `position` is an offset into it.
  */
  static throwAt(source, position, message, filename = "") {
    let line = 0;
    let lineStart = 0;
    for (let index = 0; index < position; index++) {
      const ch = source.charCodeAt(index);
      if (ch === 10) {
        line++;
        lineStart = index + 1;
      } else if (ch === 13) {
        line++;
        if (source.charCodeAt(index + 1) === 10) index++;
        lineStart = index + 1;
      }
    }
    const mark = {
      name: filename,
      buffer: source,
      position,
      line,
      column: position - lineStart
    };
    mark.snippet = makeSnippet(mark);
    throw new YAMLException2(message, mark);
  }
};
var EVENT_ID = {
  DOCUMENT: 1,
  SEQUENCE: 2,
  MAPPING: 3,
  SCALAR: 4,
  ALIAS: 5,
  POP: 6
};
var SCALAR_STYLE = {
  PLAIN: 1,
  SINGLE_QUOTED: 2,
  DOUBLE_QUOTED: 3,
  LITERAL_BLOCK: 4,
  FOLDED_BLOCK: 5
};
var COLLECTION_STYLE = {
  BLOCK: 1,
  FLOW: 2
};
var CHOMPING_MODE = {
  CLIP: 1,
  STRIP: 2,
  KEEP: 3
};
var NO_RANGE$3 = -1;
function simpleEscapeSequence(c) {
  switch (c) {
    case 48:
      return "\0";
    case 97:
      return "\x07";
    case 98:
      return "\b";
    case 116:
      return "	";
    case 9:
      return "	";
    case 110:
      return "\n";
    case 118:
      return "\v";
    case 102:
      return "\f";
    case 114:
      return "\r";
    case 101:
      return "\x1B";
    case 32:
      return " ";
    case 34:
      return '"';
    case 47:
      return "/";
    case 92:
      return "\\";
    case 78:
      return "\x85";
    case 95:
      return "\xA0";
    case 76:
      return "\u2028";
    case 80:
      return "\u2029";
    default:
      return "";
  }
}
var simpleEscapeCheck = new Array(256);
var simpleEscapeMap = new Array(256);
for (let i = 0; i < 256; i++) {
  simpleEscapeCheck[i] = simpleEscapeSequence(i) ? 1 : 0;
  simpleEscapeMap[i] = simpleEscapeSequence(i);
}
function charFromCodepoint(c) {
  if (c <= 65535) return String.fromCharCode(c);
  return String.fromCharCode((c - 65536 >> 10) + 55296, (c - 65536 & 1023) + 56320);
}
function fromHexCode$1(c) {
  if (c >= 48 && c <= 57) return c - 48;
  return (c | 32) - 97 + 10;
}
function escapedHexLen$1(c) {
  if (c === 120) return 2;
  if (c === 117) return 4;
  return 8;
}
function skipFoldedBreaks(input, position, end) {
  let breaks = 0;
  while (position < end) {
    const ch = input.charCodeAt(position);
    if (ch === 10) {
      breaks++;
      position++;
    } else if (ch === 13) {
      breaks++;
      position++;
      if (input.charCodeAt(position) === 10) position++;
    } else if (ch === 32 || ch === 9) position++;
    else break;
  }
  return {
    position,
    breaks
  };
}
function foldedBreaks(count) {
  if (count === 1) return " ";
  return "\n".repeat(count - 1);
}
function getPlainValue(input, start2, end) {
  let result = "";
  let position = start2;
  let captureStart = start2;
  let captureEnd = start2;
  while (position < end) {
    const ch = input.charCodeAt(position);
    if (ch === 10 || ch === 13) {
      result += input.slice(captureStart, captureEnd);
      const fold2 = skipFoldedBreaks(input, position, end);
      result += foldedBreaks(fold2.breaks);
      position = captureStart = captureEnd = fold2.position;
    } else {
      position++;
      if (ch !== 32 && ch !== 9) captureEnd = position;
    }
  }
  return result + input.slice(captureStart, captureEnd);
}
function getSingleQuotedValue(input, start2, end) {
  let result = "";
  let position = start2;
  let captureStart = start2;
  let captureEnd = start2;
  while (position < end) {
    const ch = input.charCodeAt(position);
    if (ch === 39) {
      result += input.slice(captureStart, position) + "'";
      position += 2;
      captureStart = captureEnd = position;
    } else if (ch === 10 || ch === 13) {
      result += input.slice(captureStart, captureEnd);
      const fold2 = skipFoldedBreaks(input, position, end);
      result += foldedBreaks(fold2.breaks);
      position = captureStart = captureEnd = fold2.position;
    } else {
      position++;
      if (ch !== 32 && ch !== 9) captureEnd = position;
    }
  }
  return result + input.slice(captureStart, end);
}
function getDoubleQuotedValue(input, start2, end) {
  let result = "";
  let position = start2;
  let captureStart = start2;
  let captureEnd = start2;
  while (position < end) {
    const ch = input.charCodeAt(position);
    if (ch === 92) {
      result += input.slice(captureStart, position);
      position++;
      const escaped = input.charCodeAt(position);
      if (escaped === 10 || escaped === 13) position = skipFoldedBreaks(input, position, end).position;
      else if (escaped < 256 && simpleEscapeCheck[escaped]) {
        result += simpleEscapeMap[escaped];
        position++;
      } else {
        let hexLength = escapedHexLen$1(escaped);
        let hexResult = 0;
        for (; hexLength > 0; hexLength--) {
          position++;
          const digit = fromHexCode$1(input.charCodeAt(position));
          hexResult = (hexResult << 4) + digit;
        }
        result += charFromCodepoint(hexResult);
        position++;
      }
      captureStart = captureEnd = position;
    } else if (ch === 10 || ch === 13) {
      result += input.slice(captureStart, captureEnd);
      const fold2 = skipFoldedBreaks(input, position, end);
      result += foldedBreaks(fold2.breaks);
      position = captureStart = captureEnd = fold2.position;
    } else {
      position++;
      if (ch !== 32 && ch !== 9) captureEnd = position;
    }
  }
  return result + input.slice(captureStart, end);
}
function getBlockValue(input, start2, end, indent, chomping, folded) {
  const textIndent = indent < 0 ? 0 : indent;
  const region = input.slice(start2, end).replace(/\r\n?/g, "\n");
  const lines = region === "" ? [] : (region.endsWith("\n") ? region.slice(0, -1) : region).split("\n");
  let result = "";
  let didReadContent = false;
  let emptyLines = 0;
  let atMoreIndented = false;
  for (const line of lines) {
    let column = 0;
    while (column < textIndent && line.charCodeAt(column) === 32) column++;
    if (indent < 0 || column >= line.length) {
      emptyLines++;
      continue;
    }
    const content = line.slice(textIndent);
    const first = content.charCodeAt(0);
    if (folded) {
      if (first === 32 || first === 9) {
        atMoreIndented = true;
        result += "\n".repeat(didReadContent ? 1 + emptyLines : emptyLines);
      } else if (atMoreIndented) {
        atMoreIndented = false;
        result += "\n".repeat(emptyLines + 1);
      } else if (emptyLines === 0) {
        if (didReadContent) result += " ";
      } else result += "\n".repeat(emptyLines);
    } else result += "\n".repeat(didReadContent ? 1 + emptyLines : emptyLines);
    result += content;
    didReadContent = true;
    emptyLines = 0;
  }
  if (chomping === CHOMPING_MODE.KEEP) result += "\n".repeat(didReadContent ? 1 + emptyLines : emptyLines);
  else if (chomping !== CHOMPING_MODE.STRIP) {
    if (didReadContent) result += "\n";
  }
  return result;
}
function getScalarValue(input, scalar) {
  if (scalar.valueStart === NO_RANGE$3) return "";
  const { valueStart, valueEnd } = scalar;
  if (scalar.fast) return input.slice(valueStart, valueEnd);
  switch (scalar.style) {
    case SCALAR_STYLE.SINGLE_QUOTED:
      return getSingleQuotedValue(input, valueStart, valueEnd);
    case SCALAR_STYLE.DOUBLE_QUOTED:
      return getDoubleQuotedValue(input, valueStart, valueEnd);
    case SCALAR_STYLE.LITERAL_BLOCK:
      return getBlockValue(input, valueStart, valueEnd, scalar.indent, scalar.chomping, false);
    case SCALAR_STYLE.FOLDED_BLOCK:
      return getBlockValue(input, valueStart, valueEnd, scalar.indent, scalar.chomping, true);
    default:
      return getPlainValue(input, valueStart, valueEnd);
  }
}
var DEFAULT_TAG_HANDLERS = Object.assign(/* @__PURE__ */ Object.create(null), {
  "!": "!",
  "!!": "tag:yaml.org,2002:"
});
var TAG_SUFFIX_CHARS = "-#;/?:@&=+$_.~*'()";
var TAG_URI_CHARS = TAG_SUFFIX_CHARS + "!,[]";
function tagPercentDecode(source) {
  let result = "";
  let index = 0;
  while (index < source.length) {
    if (source.charCodeAt(index) !== 37) {
      result += source[index++];
      continue;
    }
    let ch = parseInt(source.slice(index + 1, index + 3), 16);
    index += 3;
    if (ch >= 192) {
      let remaining = ch < 224 ? 1 : ch < 240 ? 2 : 3;
      ch &= (1 << 6 - remaining) - 1;
      while (remaining-- > 0) {
        ch = ch << 6 | parseInt(source.slice(index + 1, index + 3), 16) & 63;
        index += 3;
      }
    }
    if (ch < 65536) result += String.fromCharCode(ch);
    else {
      ch -= 65536;
      result += String.fromCharCode(55296 | ch >> 10, 56320 | ch & 1023);
    }
  }
  return result;
}
function tagNameFull(rawTag, tagHandlers) {
  if (rawTag.startsWith("!<") && rawTag.endsWith(">")) return tagPercentDecode(rawTag.slice(2, -1));
  const handleEnd = rawTag.indexOf("!", 1);
  const handle = handleEnd === -1 ? "!" : rawTag.slice(0, handleEnd + 1);
  return tagPercentDecode(tagHandlers?.[handle] ?? DEFAULT_TAG_HANDLERS[handle] ?? handle) + tagPercentDecode(rawTag.slice(handle.length));
}
var NO_RANGE$2 = -1;
var MERGE_TAG_NAME = "tag:yaml.org,2002:merge";
var DEFAULT_CONSTRUCTOR_OPTIONS = {
  filename: "",
  schema: CORE_SCHEMA,
  json: false,
  maxTotalMergeKeys: 1e4,
  maxAliases: -1
};
function eventPosition$1(event) {
  if ("tagStart" in event && event.tagStart !== NO_RANGE$2) return event.tagStart;
  if ("anchorStart" in event && event.anchorStart !== NO_RANGE$2) return event.anchorStart;
  if ("valueStart" in event && event.valueStart !== NO_RANGE$2) return event.valueStart;
  if ("start" in event) return event.start;
  return 0;
}
function throwError$1(state, message) {
  YAMLException.throwAt(state.source, state.position, message, state.filename);
}
function finalizeCollection(state, position, tag, carrier) {
  try {
    return tag.finalize(carrier);
  } catch (error) {
    if (error instanceof YAMLException) throw error;
    YAMLException.throwAt(state.source, position, error instanceof Error ? error.message : String(error), state.filename);
  }
}
function constructScalar(state, event) {
  const source = getScalarValue(state.source, event);
  const rawTag = event.tagStart === NO_RANGE$2 ? "" : state.source.slice(event.tagStart, event.tagEnd);
  const strTag2 = state.schema.defaultScalarTag;
  if (rawTag !== "") {
    if (rawTag === "!") return {
      value: source,
      tag: strTag2
    };
    const tagName = tagNameFull(rawTag, state.tagHandlers);
    const scalarTag = state.schema.lookupScalarTag(tagName);
    if (scalarTag) {
      const result = scalarTag.resolve(source, true, tagName);
      if (result === NOT_RESOLVED) throwError$1(state, `cannot resolve a node with !<${tagName}> explicit tag`);
      return {
        value: result,
        tag: scalarTag
      };
    }
    const collectionTagDef = state.schema.lookupMappingTag(tagName) ?? state.schema.lookupSequenceTag(tagName);
    if (collectionTagDef) {
      if (source !== "") throwError$1(state, `cannot resolve a node with !<${tagName}> explicit tag`);
      const carrier = collectionTagDef.create(tagName);
      return {
        value: collectionTagDef.carrierIsResult ? carrier : finalizeCollection(state, state.position, collectionTagDef, carrier),
        tag: collectionTagDef
      };
    }
    throwError$1(state, `unknown scalar tag !<${tagName}>`);
  }
  if (event.style === SCALAR_STYLE.PLAIN) return state.schema.resolveImplicitScalarTag(source);
  return {
    value: strTag2.resolve(source, false, strTag2.tagName),
    tag: strTag2
  };
}
function collectionTagName(state, event, defaultTagName) {
  const rawTag = event.tagStart === NO_RANGE$2 ? "" : state.source.slice(event.tagStart, event.tagEnd);
  return rawTag === "" || rawTag === "!" ? defaultTagName : tagNameFull(rawTag, state.tagHandlers);
}
function isMappingTag(tag) {
  return tag.nodeKind === "mapping";
}
function chargeMergeWork(state) {
  state.totalMergeKeys++;
  if (state.maxTotalMergeKeys !== -1 && state.totalMergeKeys > state.maxTotalMergeKeys) throwError$1(state, `merge keys exceeded maxTotalMergeKeys (${state.maxTotalMergeKeys})`);
}
function mergeKeys(state, frame, source, sourceTag) {
  chargeMergeWork(state);
  for (const sourceKey of sourceTag.keys(source)) {
    chargeMergeWork(state);
    if (frame.tag.has(frame.value, sourceKey)) continue;
    const err = frame.tag.addPair(frame.value, sourceKey, sourceTag.get(source, sourceKey));
    if (err) throwError$1(state, err);
    frame.overridable ??= /* @__PURE__ */ new Set();
    frame.overridable.add(sourceKey);
  }
}
function mergeSource(state, frame, source, sourceTag) {
  state.position = frame.keyPosition;
  if (isMappingTag(sourceTag)) mergeKeys(state, frame, source, sourceTag);
  else if (sourceTag.nodeKind === "sequence" && Array.isArray(source)) {
    if (source.length > 100) throwError$1(state, "abnormal merge sequence size");
    for (const element of source) {
      const elementTag = state.nodeTags.get(element);
      if (!elementTag) throwError$1(state, "cannot merge mappings; the provided source object is unacceptable");
      mergeKeys(state, frame, element, elementTag);
    }
  } else throwError$1(state, "cannot merge mappings; the provided source object is unacceptable");
}
function addMappingValue(state, frame, key, value, tag) {
  state.position = frame.keyPosition;
  if (frame.keyIsMerge) {
    mergeSource(state, frame, value, tag);
    return;
  }
  if (!state.json && frame.tag.has(frame.value, key) && !frame.overridable?.has(key)) throwError$1(state, "duplicated mapping key");
  const err = frame.tag.addPair(frame.value, key, value);
  if (err) throwError$1(state, err);
  frame.overridable?.delete(key);
}
function addValue(state, value, tag) {
  const frame = state.frames[state.frames.length - 1];
  if (frame.kind === "document") {
    frame.value = value;
    frame.hasValue = true;
  } else if (frame.kind === "sequence") {
    if (isMappingTag(tag)) state.nodeTags.set(value, tag);
    const err = frame.tag.addItem(frame.value, value, frame.index++);
    if (err) throwError$1(state, err);
  } else if (frame.hasKey) {
    const key = frame.key;
    frame.key = void 0;
    frame.hasKey = false;
    addMappingValue(state, frame, key, value, tag);
  } else {
    frame.key = value;
    frame.keyPosition = state.position;
    frame.hasKey = true;
    frame.keyIsMerge = tag.tagName === MERGE_TAG_NAME;
  }
}
function storeAnchor(state, event, value, tag, isValueFinal) {
  if (event.anchorStart !== NO_RANGE$2) {
    const anchor = {
      value,
      tag,
      isValueFinal
    };
    state.anchors.set(state.source.slice(event.anchorStart, event.anchorEnd), anchor);
    return anchor;
  }
  return null;
}
function constructFromEvents(events, options) {
  const state = {
    ...DEFAULT_CONSTRUCTOR_OPTIONS,
    ...options,
    events,
    documents: [],
    eventIndex: 0,
    position: 0,
    frames: [],
    anchors: /* @__PURE__ */ new Map(),
    nodeTags: /* @__PURE__ */ new Map(),
    tagHandlers: /* @__PURE__ */ Object.create(null),
    totalMergeKeys: 0,
    aliasCount: 0
  };
  while (state.eventIndex < state.events.length) {
    const event = state.events[state.eventIndex++];
    state.position = eventPosition$1(event);
    switch (event.type) {
      case EVENT_ID.DOCUMENT:
        state.anchors = /* @__PURE__ */ new Map();
        state.nodeTags = /* @__PURE__ */ new Map();
        state.aliasCount = 0;
        state.tagHandlers = /* @__PURE__ */ Object.create(null);
        for (const directive of event.directives) if (directive.kind === "tag") state.tagHandlers[directive.handle] = directive.prefix;
        state.frames.push({
          kind: "document",
          position: state.position,
          value: void 0,
          hasValue: false
        });
        break;
      case EVENT_ID.SCALAR: {
        const { value, tag } = constructScalar(state, event);
        storeAnchor(state, event, value, tag, true);
        addValue(state, value, tag);
        break;
      }
      case EVENT_ID.SEQUENCE: {
        const tagName = collectionTagName(state, event, "tag:yaml.org,2002:seq");
        const tag = state.schema.lookupSequenceTag(tagName);
        if (!tag) throwError$1(state, `unknown sequence tag !<${tagName}>`);
        const value = tag.create(tagName);
        const anchor = storeAnchor(state, event, value, tag, tag.carrierIsResult);
        state.frames.push({
          kind: "sequence",
          position: state.position,
          value,
          tag,
          anchor,
          index: 0
        });
        break;
      }
      case EVENT_ID.MAPPING: {
        const tagName = collectionTagName(state, event, "tag:yaml.org,2002:map");
        const tag = state.schema.lookupMappingTag(tagName);
        if (!tag) throwError$1(state, `unknown mapping tag !<${tagName}>`);
        const value = tag.create(tagName);
        const anchor = storeAnchor(state, event, value, tag, tag.carrierIsResult);
        state.frames.push({
          kind: "mapping",
          position: state.position,
          value,
          tag,
          anchor,
          key: void 0,
          keyPosition: state.position,
          hasKey: false,
          keyIsMerge: false,
          overridable: null
        });
        break;
      }
      case EVENT_ID.ALIAS: {
        if (state.maxAliases !== -1 && ++state.aliasCount > state.maxAliases) throwError$1(state, `aliases exceeded maxAliases (${state.maxAliases})`);
        const name = state.source.slice(event.anchorStart, event.anchorEnd);
        const anchor = state.anchors.get(name);
        if (!anchor) throwError$1(state, `unidentified alias "${name}"`);
        if (!anchor.isValueFinal) throwError$1(state, `recursive alias "${name}" is not supported for tag ${anchor.tag.tagName} because it uses finalize()`);
        addValue(state, anchor.value, anchor.tag);
        break;
      }
      case EVENT_ID.POP: {
        const frame = state.frames.pop();
        if (frame.kind === "mapping" && frame.hasKey) {
          state.position = frame.keyPosition;
          throwError$1(state, "incomplete mapping pair in event stream");
        }
        if (frame.kind === "document") state.documents.push(frame.value);
        else {
          const value = frame.tag.carrierIsResult ? frame.value : finalizeCollection(state, frame.position, frame.tag, frame.value);
          if (frame.anchor) {
            frame.anchor.value = value;
            frame.anchor.isValueFinal = true;
          }
          addValue(state, value, frame.tag);
        }
        break;
      }
    }
  }
  return state.documents;
}
var NO_RANGE$1 = -1;
var HAS_OWN = Object.prototype.hasOwnProperty;
var CONTEXT_FLOW_IN = 1;
var CONTEXT_FLOW_OUT = 2;
var CONTEXT_BLOCK_IN = 3;
var CONTEXT_BLOCK_OUT = 4;
var PATTERN_NON_PRINTABLE = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;
var PATTERN_FLOW_INDICATORS = /[,\[\]{}]/;
var PATTERN_TAG_HANDLE = /^(?:!|!!|![0-9A-Za-z-]+!)$/;
var NS_URI_CHAR = String.raw`(?:%[0-9A-Fa-f]{2}|[0-9A-Za-z\-#;/?:@&=+$,_.!~*'()\[\]])`;
var NS_TAG_CHAR = String.raw`(?:%[0-9A-Fa-f]{2}|[0-9A-Za-z\-#;/?:@&=+$.~*'()_])`;
var PATTERN_TAG_URI = new RegExp(`^(?:${NS_URI_CHAR})*$`);
var PATTERN_TAG_SUFFIX = new RegExp(`^(?:${NS_TAG_CHAR})+$`);
var PATTERN_TAG_PREFIX = new RegExp(`^(?:!(?:${NS_URI_CHAR})*|${NS_TAG_CHAR}(?:${NS_URI_CHAR})*)$`);
var DEFAULT_PARSER_OPTIONS = {
  filename: "",
  maxDepth: 100
};
function addDocumentEvent(state, explicitStart, explicitEnd) {
  state.events.push({
    type: EVENT_ID.DOCUMENT,
    explicitStart,
    explicitEnd,
    directives: state.directives
  });
}
function addSequenceEvent(state, start2, anchorStart, anchorEnd, tagStart, tagEnd, style) {
  state.events.push({
    type: EVENT_ID.SEQUENCE,
    start: start2,
    anchorStart,
    anchorEnd,
    tagStart,
    tagEnd,
    style
  });
}
function addMappingEvent(state, start2, anchorStart, anchorEnd, tagStart, tagEnd, style) {
  state.events.push({
    type: EVENT_ID.MAPPING,
    start: start2,
    anchorStart,
    anchorEnd,
    tagStart,
    tagEnd,
    style
  });
}
function insertFlowPairMappingEvent(state, snapshot) {
  state.events.splice(snapshot.eventsLength, 0, {
    type: EVENT_ID.MAPPING,
    start: snapshot.position,
    anchorStart: NO_RANGE$1,
    anchorEnd: NO_RANGE$1,
    tagStart: NO_RANGE$1,
    tagEnd: NO_RANGE$1,
    style: COLLECTION_STYLE.FLOW
  });
}
function addScalarEvent(state, valueStart, valueEnd, anchorStart, anchorEnd, tagStart, tagEnd, style, chomping = CHOMPING_MODE.CLIP, indent = -1, fast = false) {
  state.events.push({
    type: EVENT_ID.SCALAR,
    valueStart,
    valueEnd,
    anchorStart,
    anchorEnd,
    tagStart,
    tagEnd,
    style,
    chomping,
    indent,
    fast
  });
}
function addAliasEvent(state, anchorStart, anchorEnd) {
  state.events.push({
    type: EVENT_ID.ALIAS,
    anchorStart,
    anchorEnd
  });
}
function addPopEvent(state) {
  state.events.push({ type: EVENT_ID.POP });
}
function addEmptyScalarEvent(state) {
  addScalarEvent(state, NO_RANGE$1, NO_RANGE$1, NO_RANGE$1, NO_RANGE$1, NO_RANGE$1, NO_RANGE$1, SCALAR_STYLE.PLAIN);
}
function emptyProperties() {
  return {
    anchorStart: NO_RANGE$1,
    anchorEnd: NO_RANGE$1,
    tagStart: NO_RANGE$1,
    tagEnd: NO_RANGE$1
  };
}
function snapshotState(state) {
  return {
    position: state.position,
    line: state.line,
    lineStart: state.lineStart,
    lineIndent: state.lineIndent,
    firstTabInLine: state.firstTabInLine,
    eventsLength: state.events.length
  };
}
function restoreState(state, snapshot) {
  state.position = snapshot.position;
  state.line = snapshot.line;
  state.lineStart = snapshot.lineStart;
  state.lineIndent = snapshot.lineIndent;
  state.firstTabInLine = snapshot.firstTabInLine;
  state.events.length = snapshot.eventsLength;
}
function throwError(state, message) {
  YAMLException.throwAt(state.input.slice(0, state.length), state.position, message, state.filename);
}
function isEol(c) {
  return c === 10 || c === 13;
}
function isWhiteSpace(c) {
  return c === 9 || c === 32;
}
function isWsOrEol(c) {
  return isWhiteSpace(c) || isEol(c);
}
function isWsOrEolOrEnd(c) {
  return c === 0 || isWsOrEol(c);
}
function isFlowIndicator(c) {
  return c === 44 || c === 91 || c === 93 || c === 123 || c === 125;
}
function fromDecimalCode(c) {
  return c >= 48 && c <= 57 ? c - 48 : -1;
}
function fromHexCode(c) {
  if (c >= 48 && c <= 57) return c - 48;
  const lc = c | 32;
  if (lc >= 97 && lc <= 102) return lc - 97 + 10;
  return -1;
}
function escapedHexLen(c) {
  if (c === 120) return 2;
  if (c === 117) return 4;
  if (c === 85) return 8;
  return 0;
}
function isSimpleEscape(c) {
  return c === 48 || c === 97 || c === 98 || c === 116 || c === 9 || c === 110 || c === 118 || c === 102 || c === 114 || c === 101 || c === 32 || c === 34 || c === 47 || c === 92 || c === 78 || c === 95 || c === 76 || c === 80;
}
function consumeLineBreak(state) {
  if (state.input.charCodeAt(state.position) === 10) state.position++;
  else {
    state.position++;
    if (state.input.charCodeAt(state.position) === 10) state.position++;
  }
  state.line++;
  state.lineStart = state.position;
  state.lineIndent = 0;
  state.firstTabInLine = -1;
}
function skipSeparationSpace(state, allowComments) {
  let lineBreaks = 0;
  let ch = state.input.charCodeAt(state.position);
  let hasSeparation = state.position === state.lineStart || isWsOrEol(state.input.charCodeAt(state.position - 1));
  while (ch !== 0) {
    while (isWhiteSpace(ch)) {
      hasSeparation = true;
      if (ch === 9 && state.firstTabInLine === -1) state.firstTabInLine = state.position;
      ch = state.input.charCodeAt(++state.position);
    }
    if (allowComments && hasSeparation && ch === 35) do
      ch = state.input.charCodeAt(++state.position);
    while (!isEol(ch) && ch !== 0);
    if (!isEol(ch)) break;
    consumeLineBreak(state);
    lineBreaks++;
    hasSeparation = true;
    ch = state.input.charCodeAt(state.position);
    while (ch === 32) {
      state.lineIndent++;
      ch = state.input.charCodeAt(++state.position);
    }
  }
  return lineBreaks;
}
function testDocumentSeparator(state, position = state.position) {
  const ch = state.input.charCodeAt(position);
  if ((ch === 45 || ch === 46) && ch === state.input.charCodeAt(position + 1) && ch === state.input.charCodeAt(position + 2)) {
    const following = state.input.charCodeAt(position + 3);
    return following === 0 || isWsOrEol(following);
  }
  return false;
}
function skipByteOrderMark(state) {
  if (state.position === state.lineStart && state.input.charCodeAt(state.position) === 65279) {
    state.position++;
    state.lineStart = state.position;
  }
}
function testDocumentBoundary(state) {
  if (state.position !== state.lineStart) return false;
  if (testDocumentSeparator(state)) return true;
  if (state.input.charCodeAt(state.position) !== 65279) return false;
  const snapshot = snapshotState(state);
  skipByteOrderMark(state);
  skipSeparationSpace(state, true);
  const ch = state.input.charCodeAt(state.position);
  const result = state.position === state.lineStart && (ch === 37 || ch === 45 && testDocumentSeparator(state));
  restoreState(state, snapshot);
  return result;
}
function skipUntilLineEnd(state) {
  let ch = state.input.charCodeAt(state.position);
  while (ch !== 0 && !isEol(ch)) ch = state.input.charCodeAt(++state.position);
}
function checkPrintable(state, start2, end) {
  const match = PATTERN_NON_PRINTABLE.exec(state.input.slice(start2, end));
  if (match !== null) {
    state.position = start2 + match.index + match[0].length - 1;
    throwError(state, "the stream contains non-printable characters");
  }
}
function readTagProperty(state, props, inFlow) {
  if (state.input.charCodeAt(state.position) !== 33) return false;
  if (props.tagStart !== NO_RANGE$1) throwError(state, "duplication of a tag property");
  const start2 = state.position;
  let isVerbatim = false;
  let isNamed = false;
  let tagHandle = "!";
  let ch = state.input.charCodeAt(++state.position);
  if (ch === 60) {
    isVerbatim = true;
    ch = state.input.charCodeAt(++state.position);
  } else if (ch === 33) {
    isNamed = true;
    tagHandle = "!!";
    ch = state.input.charCodeAt(++state.position);
  }
  let suffixStart = state.position;
  let tagName;
  if (isVerbatim) {
    while (ch !== 0 && ch !== 62) ch = state.input.charCodeAt(++state.position);
    if (ch !== 62) throwError(state, "unexpected end of the stream within a verbatim tag");
    tagName = state.input.slice(suffixStart, state.position);
    state.position++;
  } else {
    while (ch !== 0 && !isWsOrEol(ch) && !(inFlow && isFlowIndicator(ch))) {
      if (ch === 33) {
        if (!isNamed) {
          tagHandle = state.input.slice(suffixStart - 1, state.position + 1);
          if (!PATTERN_TAG_HANDLE.test(tagHandle)) throwError(state, "named tag handle cannot contain such characters");
          isNamed = true;
          suffixStart = state.position + 1;
        } else throwError(state, "tag suffix cannot contain exclamation marks");
      }
      ch = state.input.charCodeAt(++state.position);
    }
    tagName = state.input.slice(suffixStart, state.position);
    if (PATTERN_FLOW_INDICATORS.test(tagName)) throwError(state, "tag suffix cannot contain flow indicator characters");
  }
  if (tagName && !(isVerbatim ? PATTERN_TAG_URI.test(tagName) : PATTERN_TAG_SUFFIX.test(tagName))) throwError(state, `tag name cannot contain such characters: ${tagName}`);
  if (!isVerbatim && tagHandle !== "!" && tagHandle !== "!!" && !HAS_OWN.call(state.tagHandlers, tagHandle)) throwError(state, `undeclared tag handle "${tagHandle}"`);
  props.tagStart = start2;
  props.tagEnd = state.position;
  return true;
}
function readAnchorProperty(state, props) {
  if (state.input.charCodeAt(state.position) !== 38) return false;
  if (props.anchorStart !== NO_RANGE$1) throwError(state, "duplication of an anchor property");
  state.position++;
  const start2 = state.position;
  while (state.input.charCodeAt(state.position) !== 0 && !isWsOrEol(state.input.charCodeAt(state.position)) && !isFlowIndicator(state.input.charCodeAt(state.position))) state.position++;
  if (state.position === start2) throwError(state, "name of an anchor node must contain at least one character");
  props.anchorStart = start2;
  props.anchorEnd = state.position;
  return true;
}
function readAlias(state, props) {
  if (state.input.charCodeAt(state.position) !== 42) return false;
  if (props.anchorStart !== NO_RANGE$1 || props.tagStart !== NO_RANGE$1) throwError(state, "alias node should not have any properties");
  state.position++;
  const start2 = state.position;
  while (state.input.charCodeAt(state.position) !== 0 && !isWsOrEol(state.input.charCodeAt(state.position)) && !isFlowIndicator(state.input.charCodeAt(state.position))) state.position++;
  if (state.position === start2) throwError(state, "name of an alias node must contain at least one character");
  addAliasEvent(state, start2, state.position);
  return true;
}
function readFlowScalarBreak(state, nodeIndent) {
  skipSeparationSpace(state, false);
  if (state.lineIndent < nodeIndent) throwError(state, "deficient indentation");
}
function readSingleQuotedScalar(state, nodeIndent, props) {
  if (state.input.charCodeAt(state.position) !== 39) return false;
  state.position++;
  const start2 = state.position;
  let simple = true;
  while (state.input.charCodeAt(state.position) !== 0) {
    const ch = state.input.charCodeAt(state.position);
    if (ch === 39) {
      if (state.input.charCodeAt(state.position + 1) === 39) {
        simple = false;
        state.position += 2;
        continue;
      }
      const end = state.position;
      state.position++;
      addScalarEvent(state, start2, end, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, SCALAR_STYLE.SINGLE_QUOTED, CHOMPING_MODE.CLIP, -1, simple);
      return true;
    }
    if (isEol(ch)) {
      simple = false;
      readFlowScalarBreak(state, nodeIndent);
    } else if (state.position === state.lineStart && testDocumentSeparator(state)) throwError(state, "unexpected end of the document within a single quoted scalar");
    else if (ch !== 9 && ch < 32) throwError(state, "expected valid JSON character");
    else state.position++;
  }
  throwError(state, "unexpected end of the stream within a single quoted scalar");
}
function readDoubleQuotedScalar(state, nodeIndent, props) {
  if (state.input.charCodeAt(state.position) !== 34) return false;
  state.position++;
  const start2 = state.position;
  let simple = true;
  while (state.input.charCodeAt(state.position) !== 0) {
    const ch = state.input.charCodeAt(state.position);
    if (ch === 34) {
      const end = state.position;
      state.position++;
      addScalarEvent(state, start2, end, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, SCALAR_STYLE.DOUBLE_QUOTED, CHOMPING_MODE.CLIP, -1, simple);
      return true;
    }
    if (ch === 92) {
      simple = false;
      const escaped = state.input.charCodeAt(++state.position);
      if (isEol(escaped)) readFlowScalarBreak(state, nodeIndent);
      else if (isSimpleEscape(escaped)) state.position++;
      else {
        let hexLength = escapedHexLen(escaped);
        if (hexLength === 0) throwError(state, "unknown escape sequence");
        while (hexLength-- > 0) {
          state.position++;
          if (fromHexCode(state.input.charCodeAt(state.position)) < 0) throwError(state, "expected hexadecimal character");
        }
        state.position++;
      }
    } else if (isEol(ch)) {
      simple = false;
      readFlowScalarBreak(state, nodeIndent);
    } else if (state.position === state.lineStart && testDocumentSeparator(state)) throwError(state, "unexpected end of the document within a double quoted scalar");
    else if (ch !== 9 && ch < 32) throwError(state, "expected valid JSON character");
    else state.position++;
  }
  throwError(state, "unexpected end of the stream within a double quoted scalar");
}
function readBlockScalar(state, parentIndent, props) {
  const ch = state.input.charCodeAt(state.position);
  let chomping = CHOMPING_MODE.CLIP;
  let indent = -1;
  let detectedIndent = false;
  if (ch !== 124 && ch !== 62) return false;
  const style = ch === 124 ? SCALAR_STYLE.LITERAL_BLOCK : SCALAR_STYLE.FOLDED_BLOCK;
  state.position++;
  while (state.input.charCodeAt(state.position) !== 0) {
    const current = state.input.charCodeAt(state.position);
    const digit = fromDecimalCode(current);
    if (current === 43 || current === 45) {
      if (chomping !== CHOMPING_MODE.CLIP) throwError(state, "repeat of a chomping mode identifier");
      chomping = current === 43 ? CHOMPING_MODE.KEEP : CHOMPING_MODE.STRIP;
      state.position++;
    } else if (digit >= 0) {
      if (digit === 0) throwError(state, "bad explicit indentation width of a block scalar; it cannot be less than one");
      if (detectedIndent) throwError(state, "repeat of an indentation width identifier");
      indent = parentIndent + digit - 1;
      detectedIndent = true;
      state.position++;
    } else break;
  }
  let hadWhitespace = false;
  while (isWhiteSpace(state.input.charCodeAt(state.position))) {
    hadWhitespace = true;
    state.position++;
  }
  if (hadWhitespace && state.input.charCodeAt(state.position) === 35) skipUntilLineEnd(state);
  if (isEol(state.input.charCodeAt(state.position))) consumeLineBreak(state);
  else if (state.input.charCodeAt(state.position) !== 0) throwError(state, "a line break is expected");
  let contentIndent = detectedIndent ? indent : -1;
  let maxLeadingIndent = 0;
  const valueStart = state.position;
  let valueEnd = state.position;
  while (state.input.charCodeAt(state.position) !== 0) {
    const linePosition = state.position;
    let column = 0;
    while (state.input.charCodeAt(linePosition + column) === 32) column++;
    const first = state.input.charCodeAt(linePosition + column);
    if (first === 0) {
      if (contentIndent >= 0) {
        if (column > contentIndent) valueEnd = linePosition + column;
      } else if (column > 0) valueEnd = linePosition + column;
      break;
    }
    if (testDocumentBoundary(state)) break;
    if (!detectedIndent && contentIndent === -1 && isEol(first)) maxLeadingIndent = Math.max(maxLeadingIndent, column);
    if (!detectedIndent && contentIndent === -1 && !isEol(first)) {
      if (first === 9 && column < parentIndent) {
        state.position = linePosition + column;
        throwError(state, "tab characters must not be used in indentation");
      }
      if (column >= parentIndent && column < maxLeadingIndent) {
        state.position = linePosition + column;
        throwError(state, "bad indentation of a mapping entry");
      }
    }
    if (contentIndent === -1 && first !== 0 && !isEol(first) && column < parentIndent) {
      state.lineIndent = column;
      state.position = linePosition + column;
      break;
    }
    if (!detectedIndent && first !== 0 && !isEol(first) && contentIndent === -1) contentIndent = column;
    const requiredIndent = contentIndent === -1 ? parentIndent + 1 : contentIndent;
    if (first !== 0 && !isEol(first) && column < requiredIndent) {
      state.lineIndent = column;
      state.position = linePosition + column;
      break;
    }
    skipUntilLineEnd(state);
    valueEnd = state.position;
    if (isEol(state.input.charCodeAt(state.position))) {
      consumeLineBreak(state);
      valueEnd = state.position;
    }
  }
  checkPrintable(state, valueStart, valueEnd);
  addScalarEvent(state, valueStart, valueEnd, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, style, chomping, contentIndent);
  return true;
}
function canStartPlainScalar(state, nodeContext) {
  const ch = state.input.charCodeAt(state.position);
  const inFlow = nodeContext === CONTEXT_FLOW_IN;
  if (ch === 0 || isWsOrEol(ch) || ch === 35 || ch === 38 || ch === 42 || ch === 33 || ch === 124 || ch === 62 || ch === 39 || ch === 34 || ch === 37 || ch === 64 || ch === 96 || isFlowIndicator(ch)) return false;
  if (ch === 63 || ch === 45) {
    const following = state.input.charCodeAt(state.position + 1);
    if (isWsOrEolOrEnd(following) || inFlow && isFlowIndicator(following)) return false;
  }
  return true;
}
function readPlainScalar(state, nodeIndent, nodeContext, props) {
  if (!canStartPlainScalar(state, nodeContext)) return false;
  const start2 = state.position;
  let end = state.position;
  let ch = state.input.charCodeAt(state.position);
  const inFlow = nodeContext === CONTEXT_FLOW_IN;
  let multiline = false;
  while (ch !== 0) {
    if (testDocumentBoundary(state)) break;
    if (ch === 58) {
      const following = state.input.charCodeAt(state.position + 1);
      if (isWsOrEolOrEnd(following) || inFlow && isFlowIndicator(following)) break;
    } else if (ch === 35) {
      if (isWsOrEol(state.input.charCodeAt(state.position - 1))) break;
    } else if (inFlow && isFlowIndicator(ch)) break;
    else if (isEol(ch)) {
      const savedPosition = state.position;
      const savedLine = state.line;
      const savedLineStart = state.lineStart;
      const savedLineIndent = state.lineIndent;
      skipSeparationSpace(state, false);
      if (state.lineIndent >= nodeIndent) {
        multiline = true;
        ch = state.input.charCodeAt(state.position);
        continue;
      }
      state.position = savedPosition;
      state.line = savedLine;
      state.lineStart = savedLineStart;
      state.lineIndent = savedLineIndent;
      break;
    }
    if (!isWhiteSpace(ch)) end = state.position + 1;
    ch = state.input.charCodeAt(++state.position);
  }
  if (end === start2) return false;
  checkPrintable(state, start2, end);
  addScalarEvent(state, start2, end, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, SCALAR_STYLE.PLAIN, CHOMPING_MODE.CLIP, -1, !multiline);
  return true;
}
function skipFlowSeparationSpace(state, nodeIndent) {
  const startLine = state.line;
  skipSeparationSpace(state, true);
  if (state.line > startLine && state.lineIndent < nodeIndent || state.firstTabInLine !== -1 && state.lineIndent < nodeIndent) throwError(state, "deficient indentation");
}
function readFlowCollection(state, nodeIndent, props) {
  const ch = state.input.charCodeAt(state.position);
  const isMapping = ch === 123;
  const start2 = state.position;
  let readNext = true;
  if (ch !== 91 && ch !== 123) return false;
  const terminator = isMapping ? 125 : 93;
  if (isMapping) addMappingEvent(state, start2, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, COLLECTION_STYLE.FLOW);
  else addSequenceEvent(state, start2, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, COLLECTION_STYLE.FLOW);
  state.position++;
  while (state.input.charCodeAt(state.position) !== 0) {
    skipFlowSeparationSpace(state, nodeIndent);
    let ch2 = state.input.charCodeAt(state.position);
    if (ch2 === terminator) {
      state.position++;
      addPopEvent(state);
      return true;
    } else if (!readNext) throwError(state, "missed comma between flow collection entries");
    else if (ch2 === 44) throwError(state, "expected the node content, but found ','");
    let isPair = false;
    let isExplicitPair = false;
    if (ch2 === 63 && isWsOrEol(state.input.charCodeAt(state.position + 1))) {
      isPair = isExplicitPair = true;
      state.position += 1;
      skipFlowSeparationSpace(state, nodeIndent);
    }
    const entryLine = state.line;
    const entryStart = snapshotState(state);
    const keyWasRead = parseNode(state, nodeIndent, CONTEXT_FLOW_IN, false, true);
    skipFlowSeparationSpace(state, nodeIndent);
    ch2 = state.input.charCodeAt(state.position);
    if ((isMapping || isExplicitPair || state.line === entryLine) && ch2 === 58) {
      isPair = true;
      state.position++;
      skipFlowSeparationSpace(state, nodeIndent);
      if (!isMapping) {
        insertFlowPairMappingEvent(state, entryStart);
        if (!keyWasRead) addEmptyScalarEvent(state);
      } else if (!keyWasRead) addEmptyScalarEvent(state);
      if (!parseNode(state, nodeIndent, CONTEXT_FLOW_IN, false, true)) addEmptyScalarEvent(state);
      skipFlowSeparationSpace(state, nodeIndent);
      if (!isMapping) addPopEvent(state);
    } else if (isMapping && isPair) {
      if (!keyWasRead) addEmptyScalarEvent(state);
      addEmptyScalarEvent(state);
    } else if (isMapping) addEmptyScalarEvent(state);
    else if (isPair) {
      insertFlowPairMappingEvent(state, entryStart);
      if (!keyWasRead) addEmptyScalarEvent(state);
      addEmptyScalarEvent(state);
      addPopEvent(state);
    }
    ch2 = state.input.charCodeAt(state.position);
    if (ch2 === 44) {
      readNext = true;
      state.position++;
    } else readNext = false;
  }
  throwError(state, "unexpected end of the stream within a flow collection");
}
function readBlockSequence(state, nodeIndent, props) {
  if (state.firstTabInLine !== -1 || state.input.charCodeAt(state.position) !== 45 || !isWsOrEolOrEnd(state.input.charCodeAt(state.position + 1))) return false;
  addSequenceEvent(state, state.position, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, COLLECTION_STYLE.BLOCK);
  while (state.input.charCodeAt(state.position) === 45 && isWsOrEolOrEnd(state.input.charCodeAt(state.position + 1))) {
    if (state.firstTabInLine !== -1) {
      state.position = state.firstTabInLine;
      throwError(state, "tab characters must not be used in indentation");
    }
    const entryLine = state.line;
    state.position++;
    const hadBreak = skipSeparationSpace(state, true) > 0;
    if (state.firstTabInLine !== -1 && state.input.charCodeAt(state.position) === 45 && isWsOrEolOrEnd(state.input.charCodeAt(state.position + 1))) throwError(state, "bad indentation of a sequence entry");
    if (hadBreak && state.lineIndent <= nodeIndent) addEmptyScalarEvent(state);
    else parseNode(state, nodeIndent, CONTEXT_BLOCK_IN, false, true);
    skipSeparationSpace(state, true);
    if (state.lineIndent < nodeIndent || state.position >= state.length) break;
    if (state.lineIndent > nodeIndent) throwError(state, "bad indentation of a sequence entry");
    if (state.line === entryLine && state.input.charCodeAt(state.position) === 45 && isWsOrEolOrEnd(state.input.charCodeAt(state.position + 1))) throwError(state, "bad indentation of a sequence entry");
  }
  addPopEvent(state);
  return true;
}
function readBlockMapping(state, nodeIndent, flowIndent, props) {
  let atExplicitKey = false;
  let detected = false;
  let mappingOpened = false;
  let pendingExplicitKey = false;
  if (state.firstTabInLine !== -1) return false;
  let ch = state.input.charCodeAt(state.position);
  while (ch !== 0) {
    if (!atExplicitKey && state.firstTabInLine !== -1) {
      state.position = state.firstTabInLine;
      throwError(state, "tab characters must not be used in indentation");
    }
    const following = state.input.charCodeAt(state.position + 1);
    const entryLine = state.line;
    if ((ch === 63 || ch === 58) && isWsOrEolOrEnd(following)) {
      if (!mappingOpened) {
        addMappingEvent(state, state.position, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, COLLECTION_STYLE.BLOCK);
        mappingOpened = true;
      }
      if (ch === 63) {
        if (atExplicitKey) addEmptyScalarEvent(state);
        detected = true;
        atExplicitKey = true;
      } else if (atExplicitKey) atExplicitKey = false;
      else {
        addEmptyScalarEvent(state);
        detected = true;
        atExplicitKey = false;
      }
      state.position += 1;
      pendingExplicitKey = true;
    } else {
      if (atExplicitKey) {
        addEmptyScalarEvent(state);
        atExplicitKey = false;
      }
      const beforeKey = snapshotState(state);
      if (!parseNode(state, flowIndent, CONTEXT_FLOW_OUT, false, true)) break;
      if (state.line === entryLine) {
        ch = state.input.charCodeAt(state.position);
        while (isWhiteSpace(ch)) ch = state.input.charCodeAt(++state.position);
        if (ch === 58) {
          ch = state.input.charCodeAt(++state.position);
          if (!isWsOrEolOrEnd(ch)) throwError(state, "a whitespace character is expected after the key-value separator within a block mapping");
          if (!mappingOpened) {
            state.events.splice(beforeKey.eventsLength, 0, {
              type: EVENT_ID.MAPPING,
              start: beforeKey.position,
              anchorStart: props.anchorStart,
              anchorEnd: props.anchorEnd,
              tagStart: props.tagStart,
              tagEnd: props.tagEnd,
              style: COLLECTION_STYLE.BLOCK
            });
            mappingOpened = true;
          }
          detected = true;
          atExplicitKey = false;
          pendingExplicitKey = false;
        } else if (detected) throwError(state, "expected ':' after a mapping key");
        else {
          if (props.anchorStart !== NO_RANGE$1 || props.tagStart !== NO_RANGE$1) {
            restoreState(state, beforeKey);
            return false;
          }
          return true;
        }
      } else if (detected) throwError(state, "can not read a block mapping entry; a multiline key may not be an implicit key");
      else {
        if (props.anchorStart !== NO_RANGE$1 || props.tagStart !== NO_RANGE$1) {
          restoreState(state, beforeKey);
          return false;
        }
        return true;
      }
    }
    if (parseNode(state, nodeIndent, CONTEXT_BLOCK_OUT, true, pendingExplicitKey)) pendingExplicitKey = false;
    if (!atExplicitKey) {
      if (pendingExplicitKey) {
        addEmptyScalarEvent(state);
        pendingExplicitKey = false;
      }
    }
    skipSeparationSpace(state, true);
    ch = state.input.charCodeAt(state.position);
    if ((state.line === entryLine || state.lineIndent > nodeIndent) && ch !== 0) throwError(state, "bad indentation of a mapping entry");
    else if (state.lineIndent < nodeIndent) break;
  }
  if (!detected) return false;
  if (atExplicitKey) addEmptyScalarEvent(state);
  if (mappingOpened) addPopEvent(state);
  return true;
}
function parseNode(state, parentIndent, nodeContext, allowToSeek, allowCompact, allowPropertyMapping = true) {
  if (state.depth >= state.maxDepth) throwError(state, `nesting exceeded maxDepth (${state.maxDepth})`);
  state.depth++;
  let indentStatus = 1;
  let atNewLine = false;
  let hasContent = false;
  let propertyStart = null;
  const props = emptyProperties();
  let allowBlockScalars = nodeContext === CONTEXT_BLOCK_OUT || nodeContext === CONTEXT_BLOCK_IN;
  let allowBlockCollections = allowBlockScalars;
  const allowBlockStyles = allowBlockScalars;
  if (allowToSeek && skipSeparationSpace(state, true)) {
    atNewLine = true;
    if (state.lineIndent > parentIndent) indentStatus = 1;
    else if (state.lineIndent === parentIndent) indentStatus = 0;
    else indentStatus = -1;
  }
  if (indentStatus === 1) while (true) {
    const ch = state.input.charCodeAt(state.position);
    const propertyState = snapshotState(state);
    if (atNewLine && indentStatus !== 1 && (ch === 33 || ch === 38)) break;
    if (atNewLine && allowBlockStyles && (props.tagStart !== NO_RANGE$1 || props.anchorStart !== NO_RANGE$1) && (ch === 33 || ch === 38)) {
      const fallbackState = snapshotState(state);
      const flowIndent = parentIndent + 1;
      if (readBlockMapping(state, state.position - state.lineStart, flowIndent, props) && state.events[fallbackState.eventsLength]?.type === EVENT_ID.MAPPING) {
        state.depth--;
        return true;
      }
      restoreState(state, fallbackState);
    }
    if (atNewLine && (ch === 33 && props.tagStart !== NO_RANGE$1 || ch === 38 && props.anchorStart !== NO_RANGE$1)) break;
    if (!readTagProperty(state, props, nodeContext === CONTEXT_FLOW_IN) && !readAnchorProperty(state, props)) break;
    if (propertyStart === null) propertyStart = propertyState;
    if (skipSeparationSpace(state, true)) {
      atNewLine = true;
      allowBlockCollections = allowBlockStyles;
      if (state.lineIndent > parentIndent) indentStatus = 1;
      else if (state.lineIndent === parentIndent) indentStatus = 0;
      else indentStatus = -1;
    } else allowBlockCollections = false;
  }
  if (allowBlockCollections) allowBlockCollections = atNewLine || allowCompact;
  if (indentStatus === 1 || nodeContext === CONTEXT_BLOCK_OUT) {
    const flowIndent = nodeContext === CONTEXT_FLOW_IN || nodeContext === CONTEXT_FLOW_OUT ? parentIndent : parentIndent + 1;
    const blockIndent = state.position - state.lineStart;
    if (indentStatus === 1) {
      if (allowBlockCollections && (readBlockSequence(state, blockIndent, props) || readBlockMapping(state, blockIndent, flowIndent, props)) || readFlowCollection(state, flowIndent, props)) hasContent = true;
      else {
        const ch = state.input.charCodeAt(state.position);
        if (propertyStart !== null && allowPropertyMapping && allowBlockStyles && !allowBlockCollections && ch !== 124 && ch !== 62) {
          const fallbackState = snapshotState(state);
          const propertyIndent = propertyStart.position - propertyStart.lineStart;
          restoreState(state, propertyStart);
          if (readBlockMapping(state, propertyIndent, flowIndent, emptyProperties()) && state.events[fallbackState.eventsLength]?.type === EVENT_ID.MAPPING) hasContent = true;
          else restoreState(state, fallbackState);
        }
        if (!hasContent && (allowBlockScalars && readBlockScalar(state, flowIndent, props) || readSingleQuotedScalar(state, flowIndent, props) || readDoubleQuotedScalar(state, flowIndent, props) || readAlias(state, props) || readPlainScalar(state, flowIndent, nodeContext, props))) hasContent = true;
      }
    } else if (indentStatus === 0) hasContent = allowBlockCollections && readBlockSequence(state, blockIndent, props);
  }
  allowBlockScalars = allowBlockScalars && !hasContent;
  if (!hasContent && (props.anchorStart !== NO_RANGE$1 || props.tagStart !== NO_RANGE$1 || allowBlockScalars)) {
    addScalarEvent(state, NO_RANGE$1, NO_RANGE$1, props.anchorStart, props.anchorEnd, props.tagStart, props.tagEnd, SCALAR_STYLE.PLAIN);
    hasContent = true;
  }
  state.depth--;
  return hasContent || props.anchorStart !== NO_RANGE$1 || props.tagStart !== NO_RANGE$1;
}
function readDirective(state) {
  if (state.lineIndent > 0 || state.input.charCodeAt(state.position) !== 37) return false;
  state.position++;
  const nameStart = state.position;
  while (state.input.charCodeAt(state.position) !== 0 && !isWsOrEol(state.input.charCodeAt(state.position))) state.position++;
  const name = state.input.slice(nameStart, state.position);
  const args = [];
  if (name.length === 0) throwError(state, "directive name must not be less than one character in length");
  while (state.input.charCodeAt(state.position) !== 0 && !isEol(state.input.charCodeAt(state.position))) {
    while (isWhiteSpace(state.input.charCodeAt(state.position))) state.position++;
    if (state.input.charCodeAt(state.position) === 35 || isEol(state.input.charCodeAt(state.position)) || state.input.charCodeAt(state.position) === 0) break;
    const start2 = state.position;
    while (state.input.charCodeAt(state.position) !== 0 && !isWsOrEol(state.input.charCodeAt(state.position))) state.position++;
    args.push(state.input.slice(start2, state.position));
  }
  if (isEol(state.input.charCodeAt(state.position))) consumeLineBreak(state);
  if (name === "YAML") {
    if (state.directives.some((directive) => directive.kind === "yaml")) throwError(state, "duplication of %YAML directive");
    if (args.length !== 1) throwError(state, "YAML directive accepts exactly one argument");
    const match = /^([0-9]+)\.([0-9]+)$/.exec(args[0]);
    if (match === null) throwError(state, "ill-formed argument of the YAML directive");
    if (parseInt(match[1], 10) !== 1) throwError(state, "unacceptable YAML version of the document");
    state.directives.push({
      kind: "yaml",
      version: args[0]
    });
  } else if (name === "TAG") {
    if (args.length !== 2) throwError(state, "TAG directive accepts exactly two arguments");
    const [handle, prefix] = args;
    if (!PATTERN_TAG_HANDLE.test(handle)) throwError(state, "ill-formed tag handle (first argument) of the TAG directive");
    if (HAS_OWN.call(state.tagHandlers, handle)) throwError(state, `there is a previously declared suffix for "${handle}" tag handle`);
    if (!PATTERN_TAG_PREFIX.test(prefix)) throwError(state, "ill-formed tag prefix (second argument) of the TAG directive");
    state.tagHandlers[handle] = prefix;
    state.directives.push({
      kind: "tag",
      handle,
      prefix
    });
  }
  return true;
}
function readDocument(state) {
  state.directives = [];
  state.tagHandlers = /* @__PURE__ */ Object.create(null);
  let hasDirectives = false;
  skipSeparationSpace(state, true);
  while (readDirective(state)) {
    hasDirectives = true;
    skipSeparationSpace(state, true);
  }
  let explicitStart = false;
  let explicitEnd = false;
  let allowCompact = true;
  if (state.lineIndent === 0 && state.input.charCodeAt(state.position) === 45 && state.input.charCodeAt(state.position + 1) === 45 && state.input.charCodeAt(state.position + 2) === 45 && isWsOrEolOrEnd(state.input.charCodeAt(state.position + 3))) {
    explicitStart = true;
    const markerLine = state.line;
    state.position += 3;
    skipSeparationSpace(state, true);
    allowCompact = state.line > markerLine;
  } else if (hasDirectives) throwError(state, "directives end mark is expected");
  const documentEventIndex = state.events.length;
  if (!explicitStart && state.position === state.lineStart && state.input.charCodeAt(state.position) === 46 && testDocumentSeparator(state)) {
    state.position += 3;
    skipSeparationSpace(state, true);
    return;
  }
  addDocumentEvent(state, explicitStart, false);
  if (!parseNode(state, state.lineIndent - 1, CONTEXT_BLOCK_OUT, false, allowCompact, allowCompact)) addEmptyScalarEvent(state);
  skipSeparationSpace(state, true);
  if (state.position === state.lineStart && testDocumentSeparator(state)) {
    explicitEnd = state.input.charCodeAt(state.position) === 46;
    if (explicitEnd) {
      const markerLine = state.line;
      state.position += 3;
      skipSeparationSpace(state, true);
      if (state.line === markerLine && state.position < state.length) throwError(state, "end of the stream or a document separator is expected");
    }
  }
  const documentEvent = state.events[documentEventIndex];
  if (documentEvent?.type === EVENT_ID.DOCUMENT) documentEvent.explicitEnd = explicitEnd;
  addPopEvent(state);
  if (!explicitEnd && state.position < state.length && !testDocumentBoundary(state)) throwError(state, "end of the stream or a document separator is expected");
}
function parseEvents(input, options) {
  const length = input.length;
  const state = {
    ...DEFAULT_PARSER_OPTIONS,
    ...options,
    input: `${input}\0`,
    length,
    position: 0,
    line: 0,
    lineStart: 0,
    lineIndent: 0,
    firstTabInLine: -1,
    depth: 0,
    directives: [],
    tagHandlers: /* @__PURE__ */ Object.create(null),
    events: []
  };
  const nullpos = input.indexOf("\0");
  if (nullpos !== -1) YAMLException.throwAt(input, nullpos, "null byte is not allowed in input", state.filename);
  while (state.position < state.length) {
    skipByteOrderMark(state);
    skipSeparationSpace(state, true);
    if (state.position >= state.length) break;
    const documentStart = state.position;
    readDocument(state);
    if (state.position === documentStart)
      throwError(state, "can not read a document");
  }
  return state.events;
}
var DEFAULT_LOAD_OPTIONS = {
  ...DEFAULT_PARSER_OPTIONS,
  ...DEFAULT_CONSTRUCTOR_OPTIONS
};
function hasBit(mask, bit) {
  return (mask & 1 << bit) !== 0;
}
var DEFAULT_SCALAR_STYLE_RULES = {
  applyQuoteFlowKeysOption,
  doubleQuoteForInvisibles,
  doubleQuoteWhitespaceOnly,
  applyForceQuotesOption,
  tryLongOrMultilineAsBlock,
  quoteInvalidPlain,
  fallbackToDoubleQuoted
};
function _preferredQuotedStyle(layout) {
  if (layout.presenterOptions.quoteStyle === "single" && hasBit(layout.allowedStylesMask, SCALAR_STYLE.SINGLE_QUOTED)) return SCALAR_STYLE.SINGLE_QUOTED;
  return SCALAR_STYLE.DOUBLE_QUOTED;
}
function applyQuoteFlowKeysOption(layout) {
  if (!layout.presenterOptions.quoteFlowKeys) return;
  if (!layout.isKey || !layout.flowOnly || layout.style !== SCALAR_STYLE.PLAIN) return;
  layout.style = SCALAR_STYLE.DOUBLE_QUOTED;
}
function doubleQuoteForInvisibles(layout) {
  if (layout.style === SCALAR_STYLE.PLAIN && /[\t\x7F-\xA0\u2028\u2029\uFEFF\uFFFE\uFFFF]/.test(layout.node.value)) layout.style = SCALAR_STYLE.DOUBLE_QUOTED;
}
function doubleQuoteWhitespaceOnly(layout) {
  if (layout.style === SCALAR_STYLE.PLAIN && /^\s+$/.test(layout.node.value)) layout.style = SCALAR_STYLE.DOUBLE_QUOTED;
}
function applyForceQuotesOption(layout) {
  if (!layout.presenterOptions.forceQuotes) return;
  if (layout.isKey || layout.style !== SCALAR_STYLE.PLAIN) return;
  if (layout.node.tag !== layout.presenterOptions.schema.defaultScalarTag.tagName) return;
  layout.style = layout.node.value.includes("\n") ? SCALAR_STYLE.DOUBLE_QUOTED : _preferredQuotedStyle(layout);
}
function tryLongOrMultilineAsBlock(layout) {
  if (layout.style !== SCALAR_STYLE.PLAIN || layout.isKey) return;
  const value = layout.node.value;
  const multiline = value.indexOf("\n") !== -1;
  if (!hasBit(layout.allowedStylesMask, SCALAR_STYLE.LITERAL_BLOCK)) {
    if (multiline) layout.style = SCALAR_STYLE.DOUBLE_QUOTED;
    return;
  }
  const w = layout.presenterOptions.lineWidth;
  if (w === -1) {
    if (multiline) layout.style = SCALAR_STYLE.LITERAL_BLOCK;
    return;
  }
  const availableWidth = Math.max(Math.min(w, 40), w - layout.shiftOfContent);
  let position = 0;
  let shouldFold = false;
  while (position <= value.length) {
    let lineEnd = value.length;
    const nextLineBreak = value.indexOf("\n", position);
    if (nextLineBreak !== -1) lineEnd = nextLineBreak;
    const line = value.slice(position, lineEnd);
    if (line.length > availableWidth && line[0] !== " " && / [^ \t]/.test(line)) shouldFold = true;
    if (nextLineBreak === -1) break;
    position = nextLineBreak + 1;
  }
  if (shouldFold) layout.style = SCALAR_STYLE.FOLDED_BLOCK;
  else if (multiline) layout.style = SCALAR_STYLE.LITERAL_BLOCK;
}
function quoteInvalidPlain(layout) {
  if (layout.style === SCALAR_STYLE.PLAIN && !hasBit(layout.allowedStylesMask, SCALAR_STYLE.PLAIN)) layout.style = _preferredQuotedStyle(layout);
}
function fallbackToDoubleQuoted(layout) {
  if (!hasBit(layout.allowedStylesMask, layout.style)) layout.style = SCALAR_STYLE.DOUBLE_QUOTED;
}
var SRC_C_PRINTABLE = "[\\x09\\x0A\\x0D\\x20-\\x7E\\x85\\xA0-\\uD7FF\\uE000-\\uFFFD\\u{10000}-\\u{10FFFF}]";
var SRC_B_CHAR = "[\\n\\r]";
var SRC_C_BYTE_ORDER_MARK = "\\uFEFF";
var SRC_S_WHITE = "[ \\t]";
var SRC_NB_CHAR = `(?:(?!(?:${SRC_B_CHAR}|${SRC_C_BYTE_ORDER_MARK}))${SRC_C_PRINTABLE})`;
var SRC_NS_CHAR = `(?:(?!${SRC_S_WHITE})${SRC_NB_CHAR})`;
var SRC_NB_JSON = "[\\x09\\x20-\\uD7FF\\uE000-\\uFFFF\\u{10000}-\\u{10FFFF}]";
var SRC_C_INDICATOR = "[-?:,\\[\\]{}#&*!|>'\"%@`]";
var SRC_C_FLOW_INDICATOR = "[,\\[\\]{}]";
var SRC_NS_PLAIN_SAFE_FLOW_OUT = SRC_NS_CHAR;
var SRC_NS_PLAIN_SAFE_FLOW_IN = `(?:(?!${SRC_C_FLOW_INDICATOR})${SRC_NS_CHAR})`;
var SRC_NS_PLAIN_FIRST_FLOW_OUT = `(?:(?:(?!${SRC_C_INDICATOR})${SRC_NS_CHAR})|[?:-](?=${SRC_NS_PLAIN_SAFE_FLOW_OUT}))`;
var SRC_NS_PLAIN_FIRST_FLOW_IN = `(?:(?:(?!${SRC_C_INDICATOR})${SRC_NS_CHAR})|[?:-](?=${SRC_NS_PLAIN_SAFE_FLOW_IN}))`;
var SRC_NS_PLAIN_CHAR_FLOW_OUT = `(?:(?:(?![:#])${SRC_NS_PLAIN_SAFE_FLOW_OUT})|:(?=${SRC_NS_PLAIN_SAFE_FLOW_OUT}))#*`;
var SRC_NS_PLAIN_CHAR_FLOW_IN = `(?:(?:(?![:#])${SRC_NS_PLAIN_SAFE_FLOW_IN})|:(?=${SRC_NS_PLAIN_SAFE_FLOW_IN}))#*`;
var SRC_NB_NS_PLAIN_IN_LINE_FLOW_OUT = `(?:${SRC_S_WHITE}*${SRC_NS_PLAIN_CHAR_FLOW_OUT})*`;
var SRC_NB_NS_PLAIN_IN_LINE_FLOW_IN = `(?:${SRC_S_WHITE}*${SRC_NS_PLAIN_CHAR_FLOW_IN})*`;
var SRC_NS_PLAIN_ONE_LINE_FLOW_OUT = `${SRC_NS_PLAIN_FIRST_FLOW_OUT}#*${SRC_NB_NS_PLAIN_IN_LINE_FLOW_OUT}`;
var SRC_NS_PLAIN_ONE_LINE_FLOW_IN = `${SRC_NS_PLAIN_FIRST_FLOW_IN}#*${SRC_NB_NS_PLAIN_IN_LINE_FLOW_IN}`;
var SRC_NS_PLAIN_ONE_LINE_BLOCK_KEY = SRC_NS_PLAIN_ONE_LINE_FLOW_OUT;
var SRC_NS_PLAIN_ONE_LINE_FLOW_KEY = SRC_NS_PLAIN_ONE_LINE_FLOW_IN;
var SRC_S_NS_PLAIN_NEXT_LINE_FLOW_OUT = `\\n+${SRC_NS_PLAIN_CHAR_FLOW_OUT}${SRC_NB_NS_PLAIN_IN_LINE_FLOW_OUT}`;
var SRC_S_NS_PLAIN_NEXT_LINE_FLOW_IN = `\\n+${SRC_NS_PLAIN_CHAR_FLOW_IN}${SRC_NB_NS_PLAIN_IN_LINE_FLOW_IN}`;
var SRC_NS_PLAIN_MULTI_LINE_FLOW_OUT = `${SRC_NS_PLAIN_ONE_LINE_FLOW_OUT}(?:${SRC_S_NS_PLAIN_NEXT_LINE_FLOW_OUT})*`;
var SRC_NS_PLAIN_MULTI_LINE_FLOW_IN = `${SRC_NS_PLAIN_ONE_LINE_FLOW_IN}(?:${SRC_S_NS_PLAIN_NEXT_LINE_FLOW_IN})*`;
var NS_PLAIN_FLOW_OUT = new RegExp(`^(?:${SRC_NS_PLAIN_MULTI_LINE_FLOW_OUT})$`, "u");
var NS_PLAIN_FLOW_IN = new RegExp(`^(?:${SRC_NS_PLAIN_MULTI_LINE_FLOW_IN})$`, "u");
var NS_PLAIN_BLOCK_KEY = new RegExp(`^(?:${SRC_NS_PLAIN_ONE_LINE_BLOCK_KEY})$`, "u");
var NS_PLAIN_FLOW_KEY = new RegExp(`^(?:${SRC_NS_PLAIN_ONE_LINE_FLOW_KEY})$`, "u");
var NB_SINGLE_ONE_LINE = new RegExp(`^(?:${SRC_NB_JSON})*$`, "u");
var NB_SINGLE_MULTI_LINE = new RegExp(`^(?:${SRC_NB_JSON}|\\n)*$`, "u");
var BLOCK_SCALAR_CONTENT = new RegExp(`^(?:${SRC_NB_CHAR}|\\n)*$`, "u");
var DEFAULT_PRESENTER_OPTIONS = {
  indent: 2,
  seqNoIndent: false,
  seqInlineFirst: true,
  lineWidth: 80,
  flowBracketPadding: false,
  flowSkipCommaSpace: false,
  flowSkipColonSpace: false,
  quoteFlowKeys: false,
  quoteStyle: "single",
  forceQuotes: false,
  scalarStyleRules: Object.keys(DEFAULT_SCALAR_STYLE_RULES).map((name) => Reflect.get(DEFAULT_SCALAR_STYLE_RULES, name)),
  tagBeforeAnchor: false
};
var DEFAULT_DUMP_OPTIONS = {
  ...DEFAULT_PRESENTER_OPTIONS,
  schema: DUMP_SCHEMA,
  skipInvalid: false,
  noRefs: false,
  flowLevel: -1,
  sortKeys: false,
  transform: () => {
  }
};
var EVENT_DOCUMENT = EVENT_ID.DOCUMENT;
var EVENT_SEQUENCE = EVENT_ID.SEQUENCE;
var EVENT_MAPPING = EVENT_ID.MAPPING;
var EVENT_SCALAR = EVENT_ID.SCALAR;
var EVENT_ALIAS = EVENT_ID.ALIAS;
var EVENT_POP = EVENT_ID.POP;
var SCALAR_STYLE_PLAIN = SCALAR_STYLE.PLAIN;
var SCALAR_STYLE_SINGLE_QUOTED = SCALAR_STYLE.SINGLE_QUOTED;
var SCALAR_STYLE_DOUBLE_QUOTED = SCALAR_STYLE.DOUBLE_QUOTED;
var SCALAR_STYLE_LITERAL_BLOCK = SCALAR_STYLE.LITERAL_BLOCK;
var SCALAR_STYLE_FOLDED_BLOCK = SCALAR_STYLE.FOLDED_BLOCK;
var COLLECTION_STYLE_BLOCK = COLLECTION_STYLE.BLOCK;
var COLLECTION_STYLE_FLOW = COLLECTION_STYLE.FLOW;
var CHOMPING_CLIP = CHOMPING_MODE.CLIP;
var CHOMPING_STRIP = CHOMPING_MODE.STRIP;
var CHOMPING_KEEP = CHOMPING_MODE.KEEP;

// src/source/plainYaml.ts
function plainYamlData(text) {
  if (UNLIKE.test(text) || hasLongLine(text)) return void 0;
  try {
    const events = parseEvents(text, {});
    if (!plainEvents(events, text)) return void 0;
    return constructFromEvents(events, { source: text, schema: SCHEMA })[0];
  } catch {
    return void 0;
  }
}
var UNLIKE = /\r(?!\n)|\uFEFF|\\U|^ *\t/m;
var LONG_LINE = 1024;
function hasLongLine(text) {
  for (let start2 = 0; start2 < text.length; ) {
    const end = text.indexOf("\n", start2);
    const stop = end === -1 ? text.length : end;
    if (stop - start2 >= LONG_LINE) return true;
    start2 = stop + 1;
  }
  return false;
}
var KEY_PREFIX = /^[ \t]*(?:[-?][ \t]+)*$/;
function plainEvents(events, text) {
  let documents = 0;
  const open = [];
  for (const event of events) {
    if (event.type === EVENT_ID.DOCUMENT) {
      if (++documents > 1 || event.directives.length > 0) return false;
      continue;
    }
    if (event.type === EVENT_ID.POP) {
      open.pop();
      continue;
    }
    if (event.type === EVENT_ID.ALIAS || event.tagStart !== -1 || event.anchorStart !== -1) return false;
    const parent = open[open.length - 1];
    if (parent && parent.items++ % 2 === 0 && parent.blockMap) {
      const start2 = event.type === EVENT_ID.SCALAR ? event.valueStart - (event.style === SCALAR_STYLE.PLAIN ? 0 : 1) : event.start;
      if (!KEY_PREFIX.test(text.slice(text.lastIndexOf("\n", start2 - 1) + 1, start2))) return false;
    }
    if (event.type === EVENT_ID.MAPPING || event.type === EVENT_ID.SEQUENCE) open.push({ blockMap: event.type === EVENT_ID.MAPPING && event.style === COLLECTION_STYLE.BLOCK, items: 0 });
  }
  return documents === 1;
}
function finite(value) {
  if (!Number.isFinite(value)) throw new RangeError("not a finite number");
  return value;
}
var INT = [
  { test: /^[-+]?[0-9]+$/, parse: (source) => parseInt(source, 10) },
  { test: /^0o[0-7]+$/, parse: (source) => parseInt(source.slice(2), 8) },
  { test: /^0x[0-9a-fA-F]+$/, parse: (source) => parseInt(source.slice(2), 16) }
];
var FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;
var FLOAT_SPECIAL = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
var intTag = defineScalarTag("tag:yaml.org,2002:int", {
  implicit: true,
  implicitFirstChars: ["-", "+", ..."0123456789"],
  resolve: (source) => {
    const form = INT.find(({ test }) => test.test(source));
    return form ? finite(form.parse(source)) : NOT_RESOLVED;
  },
  identify: () => false
});
var floatTag = defineScalarTag("tag:yaml.org,2002:float", {
  implicit: true,
  implicitFirstChars: ["-", "+", ".", ..."0123456789"],
  resolve: (source) => FLOAT.test(source) ? finite(parseFloat(source)) : FLOAT_SPECIAL.test(source) ? finite(Number.NaN) : NOT_RESOLVED,
  identify: () => false
});
var mapTag2 = defineMappingTag("tag:yaml.org,2002:map", {
  create: () => ({}),
  addPair: (map, key, value) => {
    if (typeof key !== "string" || key === "__proto__") return "not a plain key";
    map[key] = value;
    return "";
  },
  has: (map, key) => typeof key === "string" && Object.hasOwn(map, key),
  keys: (map) => Object.keys(map),
  get: (map, key) => map[key],
  identify: () => false
});
var SCHEMA = FAILSAFE_SCHEMA.withTags(mapTag2, nullCoreTag, boolCoreTag, intTag, floatTag);

// src/source/yamlContent.ts
var MAX_ALIAS_EXPANSION = 1e5;
function yamlContentProblems(doc, text) {
  const { isAlias, isScalar, visit } = yamlLibrary();
  const problems = [];
  const targets = /* @__PURE__ */ new Map();
  const anchors = /* @__PURE__ */ new Map();
  visit(doc, {
    Node(key, node) {
      if (isAlias(node)) {
        const target = anchors.get(node.source);
        targets.set(node, target);
        if (!target) problems.push({ offset: start(node), message: `alias *${node.source} names no anchor &${node.source} defined before it`, hint: "define the anchor first, or write the value out" });
        return;
      }
      if (node.anchor) anchors.set(node.anchor, node);
      if (key !== "key" && isScalar(node) && typeof node.value === "number" && !Number.isFinite(node.value)) {
        const written = text.slice(start(node), node.range?.[1] ?? start(node)).trim() || String(node.value);
        problems.push({ offset: start(node), message: `${written} is not a finite number`, hint: "write a finite number; YAML reads .nan as not-a-number, .inf and 1e999 as infinity" });
      }
    }
  });
  if (targets.size > 0) for (const problem of expansionProblems(doc, targets)) problems.push(problem);
  return problems;
}
function expansionProblems(doc, targets) {
  const { isAlias, isCollection, isPair } = yamlLibrary();
  const problems = [];
  const onPath = /* @__PURE__ */ new Set();
  let expanded = 0;
  let bomb = false;
  const walk = (node, via) => {
    if (bomb || node === null || node === void 0) return;
    if (via && ++expanded > MAX_ALIAS_EXPANSION) {
      bomb = true;
      problems.push({
        offset: start(via),
        message: `aliases expand to more than ${MAX_ALIAS_EXPANSION.toLocaleString("en-US")} values here (an alias bomb?)`,
        hint: "write the data out, or reuse fewer nested anchors"
      });
      return;
    }
    if (isAlias(node)) {
      const target = targets.get(node);
      if (!target) return;
      if (onPath.has(target)) {
        problems.push({ offset: start(node), message: `alias *${node.source} is inside the node &${node.source} it names, so its value would never end`, hint: "an alias cannot refer to a node that contains it" });
        return;
      }
      onPath.add(target);
      walk(target, via ?? node);
      onPath.delete(target);
      return;
    }
    onPath.add(node);
    if (isCollection(node)) for (const item of node.items) walk(item, via);
    else if (isPair(node)) {
      walk(node.key, via);
      walk(node.value, via);
    }
    onPath.delete(node);
  };
  walk(doc.contents, void 0);
  return problems.filter((problem, index) => problems.findIndex((other) => other.offset === problem.offset && other.message === problem.message) === index);
}
function start(node) {
  return node.range?.[0] ?? 0;
}

// src/source/unclosed.ts
var CLOSER = { '"': '"', "'": "'", "[": "]", "{": "}" };
var MISSING_CLOSER = [
  [/closing "quote/, '"'],
  [/closing 'quote/, "'"],
  [/end with (?:an? )?\]/, "["],
  [/end with (?:an? )?\}/, "{"]
];
var UnclosedOpeners = class {
  constructor(text) {
    this.text = text;
  }
  text;
  open;
  /**
   * The problem of a reader error (its code, first line and offset) said at the opener it is about; undefined for
   * an error of another kind, or when no opener is left to name.
   */
  explain(code, message, at, position) {
    const opener = MISSING_CLOSER.find(([pattern]) => pattern.test(message))?.[1];
    if (!opener) return void 0;
    this.open ??= openersLeftOpen(this.text);
    const found = this.open.findLast((entry) => !entry.used && entry.opener === opener && entry.offset < at);
    if (!found) return void 0;
    found.used = true;
    const named = opener === '"' || opener === "'" ? `${opener}quote` : opener;
    const noticed = position(at);
    const there = `line ${noticed.line}, column ${noticed.col}`;
    const atEnd = this.text.slice(at).trim() === "";
    if (code === "BAD_INDENT" && !atEnd) {
      return { offset: found.offset, message: `this ${named} is not closed before ${there}, a line not indented past the key it belongs to`, hint: `add the missing ${CLOSER[opener]}, or indent the lines inside it further than its key` };
    }
    const reached = atEnd ? "the end of the file" : there;
    return {
      offset: found.offset,
      message: `this ${named} is never closed: the YAML reader reached ${reached} without its ${CLOSER[opener]}`,
      hint: `close it with ${CLOSER[opener]}${opener === '"' ? ', and write a " inside the text as \\"' : ""}`
    };
  }
};
function openersLeftOpen(text) {
  const found = [];
  const stack = [...new (yamlLibrary()).Parser().parse(text)];
  while (stack.length > 0) {
    const token = stack.pop();
    if (token === null || typeof token !== "object") continue;
    const open = leftOpen(token);
    if (open) found.push({ ...open, used: false });
    for (const value of Object.values(token)) {
      if (Array.isArray(value)) for (const item of value) stack.push(item);
      else stack.push(value);
    }
  }
  return found.sort((a, b) => a.offset - b.offset);
}
function leftOpen(token) {
  if (token.type === "flow-collection") {
    const opener2 = token.start?.source;
    if (opener2 !== "[" && opener2 !== "{") return void 0;
    return token.end?.some((end) => end.source === CLOSER[opener2]) ? void 0 : { offset: token.start.offset, opener: opener2 };
  }
  const opener = token.type === "double-quoted-scalar" ? '"' : token.type === "single-quoted-scalar" ? "'" : void 0;
  if (!opener || token.offset === void 0 || token.source === void 0) return void 0;
  const closed = token.source.length >= 2 && token.source.endsWith(opener) && !(opener === '"' && /(?:^|[^\\])(?:\\\\)*\\"$/.test(token.source));
  return closed ? void 0 : { offset: token.offset, opener };
}

// src/source/sourceFile.ts
function nodeAt(doc, path) {
  const { isMap, isSeq } = yamlLibrary();
  let node = doc.contents;
  let depth = 0;
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find((item) => String(scalarValue(item.key)) === String(key));
      if (!pair) break;
      node = pair.value;
    } else if (isSeq(node) && typeof key === "number") {
      if (key >= node.items.length) break;
      node = node.items[key];
    } else {
      break;
    }
    depth += 1;
  }
  return { node: node ?? void 0, depth };
}
function scalarValue(node) {
  return node && typeof node === "object" && "value" in node ? node.value : node;
}
var YamlLocator = class {
  constructor(text, lineOffset = 0) {
    this.lineOffset = lineOffset;
    const { LineCounter, parseDocument } = yamlLibrary();
    this.lineCounter = new LineCounter();
    this.doc = parseDocument(text, { lineCounter: this.lineCounter, prettyErrors: false, uniqueKeys: true });
  }
  lineOffset;
  lineCounter;
  doc;
  position(offset) {
    const { line, col } = this.lineCounter.linePos(offset);
    return { line: line + this.lineOffset, col };
  }
  locate(path, keyOf) {
    const { node, depth } = nodeAt(this.doc, path);
    if (keyOf !== void 0 && depth === path.length && yamlLibrary().isMap(node)) {
      const pair = node.items.find((item) => String(scalarValue(item.key)) === keyOf);
      const keyRange = pair?.key?.range;
      if (keyRange) return this.position(keyRange[0]);
    }
    const range = node?.range;
    return this.position(range ? range[0] : 0);
  }
};
var KNOCK_ON = /* @__PURE__ */ new Set(["BLOCK_AS_IMPLICIT_KEY", "MULTILINE_IMPLICIT_KEY", "MISSING_CHAR"]);
function syntaxProblems(locator, text, file) {
  const problems = [];
  const lines = /* @__PURE__ */ new Set();
  let openers;
  for (const error of locator.doc.errors) {
    const where2 = { file, ...locator.position(pastIndent(text, error.pos[0])) };
    if (lines.has(where2.line) && KNOCK_ON.has(error.code)) continue;
    lines.add(where2.line);
    const written = error.code === "DUPLICATE_KEY" ? /^(?:"[^"\n]*"|'[^'\n]*'|[^:\n,{}[\]]+)/.exec(text.slice(error.pos[0]))?.[0].trim() ?? "" : "";
    const key = /^(["']).*\1$/.test(written) ? written.slice(1, -1) : written;
    if (key) {
      problems.push({ where: where2, message: `the key ${JSON.stringify(key)} is written twice in this mapping`, hint: "keep one of them" });
      continue;
    }
    const message = firstLine(error.message).replace(/ at line \d+, column \d+:?$/, "");
    const atOpener = (openers ??= new UnclosedOpeners(text)).explain(error.code, message, error.pos[0], (offset) => locator.position(offset));
    if (atOpener) {
      problems.push({ where: { file, ...locator.position(atOpener.offset) }, message: atOpener.message, hint: atOpener.hint });
      continue;
    }
    problems.push({ where: where2, message, hint: "fix the YAML syntax" });
  }
  return problems;
}
function pastIndent(text, offset) {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  if (!/^ *$/.test(text.slice(lineStart, offset))) return offset;
  let at = offset;
  while (text[at] === " ") at += 1;
  return at < text.length && text[at] !== "\n" && text[at] !== "\r" && text[at] !== "	" ? at : offset;
}
function contentProblems(locator, text, file) {
  return yamlContentProblems(locator.doc, text).map(({ offset, message, hint }) => ({ where: { file, ...locator.position(offset) }, message, hint }));
}
function firstLine(message) {
  return message.split("\n")[0] ?? message;
}
var FileProblems = class extends Error {
  constructor(problems) {
    super(problems.map((p) => p.message).join("; "));
    this.problems = problems;
  }
  problems;
};
function readReferencedText(suiteDir, written, referencedFrom) {
  const path = resolve(suiteDir, written);
  return { path, text: readText(path, relative(process.cwd(), path) || path, referencedFrom) };
}
function readText(path, displayPath, referencedFrom) {
  return readBytes(path, displayPath, referencedFrom).toString("utf8").replace(/^\uFEFF/, "");
}
function readBytes(path, displayPath, referencedFrom) {
  try {
    return readInputBytes(path);
  } catch (error) {
    if (!(error instanceof UnreadableInput)) throw error;
    const where2 = referencedFrom ?? { file: displayPath, line: 1, col: 1 };
    const hint = error.hint ?? (referencedFrom ? "paths in a suite are relative to the suite file" : "check the path; it is relative to the current directory");
    throw new FileProblems([{ where: where2, message: `cannot read ${displayPath}: ${error.message}`, hint }]);
  }
}
function readYamlFile(path, displayPath, referencedFrom) {
  const text = readText(path, displayPath, referencedFrom);
  const plain = plainYamlData(text);
  if (plain !== void 0) return plainYamlSource(path, displayPath, text, plain);
  const locator = new YamlLocator(text);
  const problems = syntaxProblems(locator, text, displayPath);
  if (problems.length === 0) addProblems(problems, contentProblems(locator, text, displayPath));
  if (problems.length > 0) throw new FileProblems(problems);
  return {
    path,
    displayPath,
    // contentProblems has bounded what aliases expand to; the parser's own count would also refuse an anchor used 101 times.
    data: locator.doc.toJS({ maxAliasCount: -1 }),
    locate: (dataPath, options) => ({ file: displayPath, ...locator.locate(dataPath, options?.keyOf) })
  };
}
function plainYamlSource(path, displayPath, text, data) {
  let locator;
  return {
    path,
    displayPath,
    data,
    locate: (dataPath, options) => lazyLocation(displayPath, () => (locator ??= new YamlLocator(text)).locate(dataPath, options?.keyOf))
  };
}
function lazyLocation(file, find) {
  let found;
  const position = () => found ??= find();
  return {
    file,
    get line() {
      return position().line;
    },
    get col() {
      return position().col;
    }
  };
}
function readJsonlFile(path, displayPath, referencedFrom) {
  const bytes = readBytes(path, displayPath, referencedFrom);
  const rows = [];
  const lineOf = [];
  const starts2 = [];
  const lengths = [];
  const opensRow = [];
  const problems = [];
  const bom = bytes[0] === 239 && bytes[1] === 187 && bytes[2] === 191 ? 3 : 0;
  for (let index = 0, at = bom; at <= bytes.length; index++) {
    const newline = bytes.indexOf(10, at);
    const end = newline === -1 ? bytes.length : newline;
    const rawLine = bytes.toString("utf8", at, end);
    const line = rawLine.endsWith("\r") ? rawLine.slice(0, -1) : rawLine;
    const start2 = at;
    at = end + 1;
    if (line.trim() === "") continue;
    let row;
    try {
      row = JSON.parse(line);
    } catch (error) {
      const syntax = jsonSyntaxError(line) ?? { offset: 0, message: error.message };
      problems.push({
        where: { file: displayPath, line: index + 1, col: syntax.offset + 1 },
        message: `row is not valid JSON: ${syntax.message}`,
        hint: "each line of a .jsonl file must be one JSON object"
      });
      continue;
    }
    if (mayOverflow(line) && holdsNonFinite(row)) addProblems(problems, contentProblems(new YamlLocator(line, index), line, displayPath));
    rows.push(row);
    lineOf.push(index);
    starts2.push(start2);
    lengths.push(end - start2);
    opensRow.push(line.startsWith("{") ? 1 : 0);
  }
  if (problems.length > 0) throw new FileProblems(problems);
  return jsonlSource(path, displayPath, rows, { lineOf: Int32Array.from(lineOf), starts: Float64Array.from(starts2), lengths: Int32Array.from(lengths), opensRow: Uint8Array.from(opensRow) });
}
function jsonlSource(path, displayPath, rows, places) {
  const { lineOf, starts: starts2, lengths, opensRow } = places;
  const ranges = new FileRanges(path);
  const rowText = (row) => ranges.read(starts2[row], lengths[row]).toString("utf8");
  const locators = /* @__PURE__ */ new Map();
  const locatorOf = (row) => {
    let locator = locators.get(row);
    if (!locator) {
      let text;
      try {
        text = rowText(row).replace(/\r$/, "");
      } catch {
        text = "";
      }
      locator = new YamlLocator(text, lineOf[row]);
      locators.set(row, locator);
    }
    return locator;
  };
  return {
    path,
    displayPath,
    data: rows,
    locate: (dataPath, options) => {
      const [row, ...rest] = dataPath;
      const line = typeof row === "number" && row >= 0 && row < lineOf.length ? lineOf[row] : void 0;
      if (line === void 0) return { file: displayPath, line: 1, col: 1 };
      if (rest.length === 0 && options?.keyOf === void 0 && opensRow[row] === 1) return { file: displayPath, line: line + 1, col: 1 };
      return lazyLocation(displayPath, () => locatorOf(row).locate(rest, options?.keyOf));
    },
    rereadRow: (row) => JSON.parse(rowText(row))
  };
}
function mayOverflow(line) {
  return /[eE]\+?\d{3}|\d{200}/.test(line);
}
function holdsNonFinite(value) {
  const stack = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === "number") {
      if (!Number.isFinite(item)) return true;
    } else if (item !== null && typeof item === "object") {
      for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push(child);
    }
  }
  return false;
}
var JSON_ERRORS = {
  InvalidSymbol: "unexpected character",
  InvalidNumberFormat: "malformed number",
  PropertyNameExpected: "expected a property name in double quotes",
  ValueExpected: "expected a value",
  ColonExpected: 'expected ":"',
  CommaExpected: 'expected ","',
  CloseBraceExpected: 'expected "}"',
  CloseBracketExpected: 'expected "]"',
  EndOfFileExpected: "unexpected text after the object",
  UnexpectedEndOfString: "unterminated string",
  InvalidEscapeCharacter: "invalid escape in a string",
  InvalidCharacter: "invalid character in a string"
};
function jsonSyntaxError(text) {
  const { parse: parseJson, printParseErrorCode } = jsoncLibrary();
  const errors = [];
  parseJson(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return void 0;
  const code = printParseErrorCode(first.error);
  if (/^[}\]]/.test(text.slice(first.offset)) && /,\s*$/.test(text.slice(0, first.offset))) {
    return { offset: first.offset, message: `trailing comma before "${text[first.offset]}"` };
  }
  return { offset: first.offset, message: JSON_ERRORS[code] ?? code };
}
function readDataFile(path, displayPath, referencedFrom) {
  if (/\.jsonl$/i.test(path)) return readJsonlFile(path, displayPath, referencedFrom);
  if (/\.(ya?ml|json)$/i.test(path)) return readYamlFile(path, displayPath, referencedFrom);
  readText(path, displayPath, referencedFrom);
  throw new FileProblems([
    {
      where: referencedFrom ?? { file: displayPath, line: 1, col: 1 },
      message: `cannot tell the format of ${displayPath}`,
      hint: "use a .yaml, .yml, .json or .jsonl file"
    }
  ]);
}

// src/e2e/graders/judge.ts
var NO_SNAPSHOT = "no snapshot of memory was taken when this trial ran (no grader of the case read memory then): run the trial again";
function plantedConversation(invocations) {
  return invocations.filter((invocation) => invocation.kind === "session").map((invocation) => `${invocation.date ? `[${invocation.date}] ` : ""}User: ${invocation.message}
Assistant: ${invocation.reply}`).join("\n\n");
}
async function gradeWithJudge(spec, min, input) {
  if (!input.judge) return { status: "skipped", scale: [1, 5], min, reason: input.judgeMissing ?? "no judge configured (e2e.judge)" };
  let graded;
  if (spec.on === "memory") {
    const snapshot = input.snapshot;
    if (!snapshot) return { status: "error", reason: NO_SNAPSHOT };
    if ("error" in snapshot) return { status: "error", reason: `the memory snapshot failed: ${snapshot.error}` };
    const entries = snapshot.entries.map((entry) => `- ${entry.label ? `[${entry.label}] ` : ""}${entry.text}`).join("\n") || "(memory is empty)";
    graded = { question: plantedConversation(input.invocations), answer: entries };
  } else {
    graded = { question: input.question, answer: input.answer };
  }
  const model = spec.model ?? input.judgeModel;
  const verdict = await input.judge.grade({ rubric: spec.rubric, ...graded, scale: 5, ...spec.on === "memory" ? { on: "memory" } : {}, ...model !== void 0 ? { model } : {} });
  const score = verdict.score;
  return {
    status: score >= min ? "pass" : "fail",
    score,
    scale: [1, 5],
    min,
    reason: `judge: ${verdict.reason}`,
    ...verdict.usage ? { usage: verdict.usage } : {},
    ...verdict.usage_warning ? { usage_warning: verdict.usage_warning } : {}
  };
}

// src/e2e/graders/memory.ts
var NEAR_DUPLICATE = 0.8;
function factText(fact) {
  return typeof fact === "string" ? fact : fact.any.join(" | ");
}
function contains(entry, fact) {
  const alternatives = typeof fact === "string" ? [fact] : fact.any;
  return alternatives.some((alternative) => new RegExp(escapeRegex(normalizeAnswer(alternative)), "iu").test(entry));
}
function inScope(entries, label) {
  return label === void 0 ? entries : entries.filter((entry) => entry.label === label);
}
var where = (label) => label === void 0 ? "memory" : `block "${label}"`;
function gradeCaptures(spec, entries, min) {
  const texts = inScope(entries, spec.label).map((entry) => normalizeAnswer(entry.text));
  const found = (fact) => texts.some((text) => contains(text, fact));
  const captures = spec.captures ?? [];
  const forbidden = spec.not_captures ?? [];
  const missing = captures.filter((fact) => !found(fact)).map(factText);
  const present = forbidden.filter(found).map(factText);
  const total = captures.length + forbidden.length;
  const score = (total - missing.length - present.length) / total;
  const parts = [
    ...captures.length > 0 ? [`${captures.length - missing.length} of ${captures.length} facts captured${missing.length ? ` (missing ${missing.map((text) => JSON.stringify(text)).join(", ")})` : ""}`] : [],
    ...forbidden.length > 0 ? [`${forbidden.length - present.length} of ${forbidden.length} absent${present.length ? ` (present ${present.map((text) => JSON.stringify(text)).join(", ")})` : ""}`] : []
  ];
  return {
    status: score >= min ? "pass" : "fail",
    score,
    min,
    reason: `${parts.join("; ")} in ${where(spec.label)} of ${texts.length} entr${texts.length === 1 ? "y" : "ies"}`,
    metadata: { entries: texts.length, missing, present }
  };
}
function wordOverlap(a, b) {
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared / (a.size + b.size - shared);
}
function gradeRedundancy(spec, entries) {
  const scoped = inScope(entries, spec.label);
  const texts = scoped.map((entry) => fold(entry.text).trim());
  const sets = scoped.map((entry) => wordSet(entry.text));
  const duplicates = [];
  for (let i = 0; i < scoped.length; i++) {
    const earlier = sets.findIndex((set, j) => j < i && (texts[j] === texts[i] || wordOverlap(set, sets[i]) >= NEAR_DUPLICATE));
    if (earlier >= 0) duplicates.push({ entry: scoped[i].text, repeats: scoped[earlier].text });
  }
  const score = scoped.length === 0 ? 0 : duplicates.length / scoped.length;
  const { max } = spec.redundancy;
  const shown3 = duplicates.slice(0, 3).map((pair) => `${JSON.stringify(pair.entry)} repeats ${JSON.stringify(pair.repeats)}`);
  return {
    status: score <= max ? "pass" : "fail",
    score,
    reason: `${duplicates.length} of ${scoped.length} entr${scoped.length === 1 ? "y repeats" : "ies repeat"} an earlier one in ${where(spec.label)} (at most ${max} allowed)${shown3.length ? `: ${shown3.join("; ")}` : ""}`,
    metadata: { entries: scoped.length, duplicates: duplicates.length, max }
  };
}

// src/e2e/graders/ops.ts
var MEMORY_TOOLS = {
  memory_insert: "insert",
  memory_replace: "replace",
  memory_delete: "delete",
  memory_rethink: "rethink"
};
function gradeMemoryOps(spec, invocations, min) {
  const turns = invocations.filter((invocation) => invocation.kind === "session");
  if (turns.length === 0) return { status: "error", reason: "the case plants no turns to count memory ops in" };
  if (turns.every((turn) => turn.memory_ops === void 0)) {
    return { status: "error", reason: "the target reported no memory_ops for any turn (an agent reports memory_ops: [] for a turn with none)" };
  }
  const tools = spec.tools ?? Object.keys(MEMORY_TOOLS);
  const ops = new Set(tools.map((tool) => MEMORY_TOOLS[tool]));
  const perTurn = turns.map((turn) => (turn.memory_ops ?? []).filter((op) => ops.has(op.op)).length);
  const calls = perTurn.reduce((sum2, count) => sum2 + count, 0);
  const updated = perTurn.filter((count) => count > 0).length;
  const score = spec.expect !== void 0 ? Math.min(calls, spec.expect) / spec.expect : updated / turns.length;
  const what = spec.expect !== void 0 ? `${counted(calls, `${tools.join("/")} call`, `${tools.join("/")} calls`)} of ${spec.expect} expected` : `${updated} of ${turns.length} turns made a ${tools.join("/")} call`;
  return { status: score >= min ? "pass" : "fail", score, min, reason: what, metadata: { turns: turns.length, updated_turns: updated, calls, per_turn: perTurn } };
}

// src/e2e/graders/script.ts
const { pathToFileURL: pathToFileURL2 } = globalThis.process.getBuiltinModule("node:url");

// src/process/childEnv.ts
const { delimiter, isAbsolute, resolve: resolve2 } = globalThis.process.getBuiltinModule("node:path");

// src/process/envTemplate.ts
var VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
function expandTemplates(templates, env, what) {
  const expanded = {};
  for (const [key, template] of Object.entries(templates)) {
    let substituted = false;
    expanded[key] = template.replace(VARIABLE, (_, variable) => {
      const value = env[variable];
      if (!value) throw new RecallGateError("invalid-input", `${what(key)} uses \${${variable}}, which is not set`, { hint: `set ${variable} in the environment` });
      registerPassedValue(value);
      substituted = true;
      return value;
    });
    if (substituted) registerPassedValue(expanded[key]);
  }
  return expanded;
}

// src/process/childEnv.ts
var INHERITED = /* @__PURE__ */ new Set([
  "PATH",
  "HOME",
  "USER",
  "LOGNAME",
  "SHELL",
  "LANG",
  "LANGUAGE",
  "TZ",
  "TERM",
  "TMPDIR",
  "TEMP",
  "TMP",
  // Where the interpreter finds the user's own code: `PYTHONPATH=. recall-gate run` must reach a Python adapter that
  // imports the agent from the project's root (see fromHere), and an activated virtual environment stays named.
  "PYTHONPATH",
  "VIRTUAL_ENV",
  // Windows: without these many programs cannot start or find the user's profile.
  "SYSTEMROOT",
  "SYSTEMDRIVE",
  "WINDIR",
  "COMSPEC",
  "PATHEXT",
  "USERPROFILE",
  "APPDATA",
  "LOCALAPPDATA",
  "PROGRAMDATA"
]);
function childEnvironment(parent, own2 = {}) {
  const env = {};
  for (const [name, value] of Object.entries(parent)) {
    const upper = name.toUpperCase();
    if (value !== void 0 && (INHERITED.has(upper) || upper.startsWith("LC_"))) env[name] = upper === "PYTHONPATH" ? fromHere(value) : value;
  }
  return { ...env, ...own2 };
}
function fromHere(pythonPath) {
  return pythonPath.split(delimiter).map((entry) => entry === "" || isAbsolute(entry) ? entry : resolve2(entry)).join(delimiter);
}
function childEnv(templates, env, owner = "the adapter") {
  const own2 = expandTemplates(templates ?? {}, env, (name) => `${owner}'s env: ${name}`);
  for (const [name, value] of Object.entries(own2)) if (looksSecret(name)) registerSecret(value);
  return own2;
}

// src/e2e/graders/scriptProcess.ts
const { pathToFileURL } = globalThis.process.getBuiltinModule("node:url");

// src/process/stderrTail.ts
const { existsSync } = globalThis.process.getBuiltinModule("node:fs");
const { join } = globalThis.process.getBuiltinModule("node:path");
var KEPT = 10;
var NOISE = /^\s+at \S|^Node\.js v\d|^\s*$/;
var CARET = /^\s*\^+\s*$/;
var NODE_LOCATION = /^(?:file:\/\/|node:|\/|[A-Za-z]:\\).*:\d+$/;
var OPENS_PROPERTIES = /^\s+at \S.*\{$/;
var NAMED_PROPERTY = /^\s+(?:code|syscall): '([\w-]+)',?$/;
var ERRNO_PROPERTY = /^\s+errno: -?\d+,?$/;
var StderrTail = class {
  telling = [];
  any = [];
  /** Inside the properties Node prints after an uncaught error's frames. */
  inProperties = false;
  add(line) {
    keepLast(this.any, line);
    if (this.inProperties && this.dropsProperty(line)) return;
    if (OPENS_PROPERTIES.test(line)) this.inProperties = true;
    const location = this.telling.at(-2);
    if (CARET.test(line) && location !== void 0 && NODE_LOCATION.test(location)) {
      this.telling.splice(location.startsWith("node:") ? -2 : -1);
      return;
    }
    if (!NOISE.test(line)) keepLast(this.telling, line);
  }
  clear() {
    this.telling.length = 0;
    this.any.length = 0;
    this.inProperties = false;
  }
  /**
   * Node ends an uncaught error with its properties ("{ code: 'ERR_MODULE_NOT_FOUND' }"): a code or system
   * call the error line already names (as a word) says nothing more, nor does an errno beside its code; the
   * closing brace goes with the frame that opened it. Any other property (a path, a cause) is kept.
   */
  dropsProperty(line) {
    if (line === "}") {
      this.inProperties = false;
      return true;
    }
    if (ERRNO_PROPERTY.test(line)) return true;
    const value = NAMED_PROPERTY.exec(line)?.[1];
    const named = value !== void 0 && new RegExp(`(?<![\\w-])${value}(?![\\w-])`);
    return Boolean(named && this.telling.some((kept) => named.test(kept)));
  }
  /** The lines an error message shows. */
  get lines() {
    return this.telling.length > 0 ? this.telling : this.any;
  }
  /** "; the last lines of its stderr:" and the lines, each on its own indented line or (inline) joined by " | "; `none` when it wrote nothing. */
  said(form, none = "") {
    const lines = this.lines;
    if (lines.length === 0) return none;
    return form === "block" ? `; the last lines of its stderr:
${lines.map((line) => `  ${line}`).join("\n")}` : `; the last lines of its stderr: ${lines.join(" | ")}`;
  }
};
var KNOWN_CAUSES = [
  {
    says: /Cannot find (?:package|module) '@?recall-gate(?:\/adapter)?'/,
    fix: "the adapter imports recall-gate/adapter, which is not installed where it runs: add recall-gate to that project's devDependencies (README, Install)"
  },
  {
    says: /No module named (['"]?)recall_gate_adapter\1(?![\w.])/,
    fix: "the adapter imports recall_gate_adapter: keep recall_gate_adapter.py (python/ in the package; init copies it) beside the adapter's script"
  },
  {
    // Any other module: the team's own package when it is in the folder recall-gate runs from, else one to install.
    says: /ModuleNotFoundError: No module named '([\w.]+)'/,
    fix: (match) => {
      const top = match[1].split(".")[0];
      return existsSync(join(process.cwd(), top)) || existsSync(join(process.cwd(), `${top}.py`)) ? `${top} is in ${process.cwd()}, but Python looks for modules beside the script it runs: start recall-gate with PYTHONPATH=. from there (PYTHONPATH=. npx recall-gate run ...; in a workflow, PYTHONPATH in the step's env) (docs/adapters.md, A command adapter's environment)` : `${top} is not installed for the interpreter the command names: install it there (pip install, with that interpreter or its virtualenv), or name the virtualenv's python in the command`;
    }
  }
];
function knownCrashFix(lines) {
  for (const { says, fix } of KNOWN_CAUSES) {
    for (const line of lines) {
      const match = says.exec(line);
      if (match) return typeof fix === "string" ? fix : fix(match);
    }
  }
  return void 0;
}
function keepLast(lines, line) {
  lines.push(line);
  if (lines.length > KEPT) lines.shift();
}

// src/e2e/graders/scriptProcess.ts
var RUNNER = `
const loaded = import(process.argv[1]);
loaded.catch(() => undefined);
const message = (error) => (error instanceof Error ? error.message : String(error));
process.on('disconnect', () => process.exit(0));
process.on('message', async ({ id, name, context }) => {
  let returned;
  try {
    const grader = (await loaded)[name];
    if (typeof grader !== 'function') throw new Error(name + ' is not an exported function');
    returned = await grader(context);
  } catch (error) {
    process.send({ id, error: message(error) });
    return;
  }
  try {
    process.send({ id, returned });
  } catch (error) {
    process.send({ id, unsendable: message(error) });
  }
});
`;
var GRADER_CALL_TIMEOUT_MS = 12e4;
var GraderCallError = class extends Error {
  constructor(message, kind) {
    super(message);
    this.kind = kind;
  }
  kind;
};
var GraderProcess = class {
  constructor(path, env, shown3) {
    this.path = path;
    this.env = env;
    this.shown = shown3;
  }
  path;
  env;
  shown;
  child;
  pending = /* @__PURE__ */ new Map();
  nextId = 1;
  stderrTail = new StderrTail();
  /** Why recall-gate stopped a process itself (a call that timed out), for the message of the calls waiting on it. */
  stopReason = /* @__PURE__ */ new WeakMap();
  call(name, context, timeoutMs) {
    const child = this.child ??= this.start();
    const id = this.nextId++;
    return new Promise((resolve4, reject) => {
      const timer = setTimeout(() => this.stop(child, `gave no answer within ${timeoutMs} ms and was stopped`), timeoutMs);
      timer.unref();
      const done = (settle) => (value) => {
        clearTimeout(timer);
        settle(value);
      };
      this.pending.set(id, { resolve: done(resolve4), reject: done(reject) });
      if (this.pending.size === 1) hold(child, true);
      child.send({ id, name, context }, (error) => {
        if (error) this.settle(id, (waiting) => waiting.reject(new GraderCallError(`could not pass the trial to its process: ${error.message}`, "exited")));
      });
    });
  }
  /** Ends `child` now; the calls waiting on it fail with `reason` (see ended in start). */
  stop(child, reason) {
    this.stopReason.set(child, reason);
    child.kill("SIGKILL");
  }
  start() {
    const { spawn } = process.getBuiltinModule("node:child_process");
    const { createInterface } = process.getBuiltinModule("node:readline");
    const child = spawn(process.execPath, ["--input-type=module", "-e", RUNNER, pathToFileURL(this.path).href], {
      env: childEnvironment(process.env, this.env),
      stdio: ["ignore", "pipe", "pipe", "ipc"],
      serialization: "advanced"
    });
    this.stderrTail.clear();
    child.on(
      "message",
      (reply) => this.settle(reply.id, (waiting) => {
        if (reply.error !== void 0) waiting.reject(new GraderCallError(reply.error, "threw"));
        else if (reply.unsendable !== void 0) waiting.reject(new GraderCallError(reply.unsendable, "unsendable"));
        else waiting.resolve(reply.returned);
      })
    );
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream, crlfDelay: Infinity }).on("line", (raw) => {
        const line = scrubSecrets(raw);
        if (stream === child.stderr) {
          this.stderrTail.add(line);
        }
        process.stderr.write(`grader script ${this.shown}: ${line}
`);
      });
    }
    const ended = (reason) => {
      if (this.child !== child) return;
      this.child = void 0;
      const tail = this.stderrTail.said("inline");
      for (const id of [...this.pending.keys()]) this.settle(id, (waiting) => waiting.reject(new GraderCallError(`its process ${reason}${tail}`, "exited")));
    };
    child.on("error", (error) => ended(`could not be started: ${error.message}`));
    child.on("close", (code, signal) => ended(this.stopReason.get(child) ?? (signal ? `was killed by ${signal}` : `exited with code ${code}`)));
    hold(child, false);
    return child;
  }
  settle(id, settle) {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    if (this.pending.size === 0 && this.child) hold(this.child, false);
    settle(waiting);
  }
};
function hold(child, held) {
  const handles = [child, child.channel, child.stdout, child.stderr];
  for (const handle of handles) {
    if (held) handle?.ref();
    else handle?.unref();
  }
}
var processes = /* @__PURE__ */ new Map();
function callGrader(spec, env, context, timeoutMs = GRADER_CALL_TIMEOUT_MS) {
  const { path } = spec;
  const key = `${path}\0${JSON.stringify(env)}`;
  let graderProcess = processes.get(key);
  if (!graderProcess) processes.set(key, graderProcess = new GraderProcess(path, env, spec.shown.slice(0, spec.shown.lastIndexOf("#"))));
  return graderProcess.call(spec.export, context, timeoutMs);
}

// src/e2e/graders/script.ts
async function gradeWithScript(spec, min, context, env) {
  const own2 = childEnv(spec.env, env, `grader script ${spec.shown}`);
  let returned;
  try {
    returned = await callGrader(spec, own2, context);
  } catch (error) {
    if (!(error instanceof GraderCallError)) throw error;
    if (error.kind === "unsendable") throw new Error(`grader script ${spec.shown} returned a bad value: ${error.message}`, { cause: error });
    throw new Error(`grader script ${spec.shown} ${error.kind === "threw" ? "threw" : "failed"}: ${error.message}`, { cause: error });
  }
  const problem = badReturn(returned);
  if (problem) throw new Error(`grader script ${spec.shown} returned a bad value: ${problem}`);
  const result = returned;
  const pass = min !== void 0 ? result.score >= min : result.pass ?? result.score >= 1;
  return { status: pass ? "pass" : "fail", score: result.score, ...min !== void 0 ? { min } : {}, reason: result.reason, ...result.metadata ? { metadata: result.metadata } : {} };
}
function badReturn(value) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return `expected an object {score, pass?, reason, metadata?}, got ${shown2(value)}`;
  const { score, pass, reason, metadata } = value;
  if (typeof score !== "number" || !Number.isFinite(score) || score < 0 || score > 1) return `score must be a number from 0 to 1, got ${shown2(score)}`;
  if (pass !== void 0 && typeof pass !== "boolean") return `pass must be true or false, got ${shown2(pass)}`;
  if (typeof reason !== "string") return `reason must be a string, got ${shown2(reason)}`;
  if (metadata !== void 0 && (typeof metadata !== "object" || metadata === null || Array.isArray(metadata))) return `metadata must be an object, got ${shown2(metadata)}`;
  return void 0;
}
function shown2(value) {
  if (value === void 0) return "undefined";
  if (typeof value === "number" && !Number.isFinite(value)) return String(value);
  return (JSON.stringify(value) ?? String(value)).slice(0, 100);
}
var LIST_EXPORTS = "const m = await import(process.argv[1]); process.stdout.write(JSON.stringify(Object.fromEntries(Object.entries(m).map(([k, v]) => [k, typeof v]))));";
var IN_OWN_GROUP = `
const { spawn } = require('node:child_process');
const groups = process.platform !== 'win32';
const child = spawn(process.execPath, ['--input-type=module', '-e', ${JSON.stringify(LIST_EXPORTS)}, process.argv[1]], { stdio: ['ignore', 'pipe', 'pipe'], detached: groups });
let out = '';
let err = '';
child.stdout.on('data', (chunk) => (out += chunk));
child.stderr.on('data', (chunk) => (err += chunk));
const killGroup = () => {
  if (groups) try { process.kill(-child.pid, 'SIGKILL'); } catch {}
};
child.on('exit', killGroup);
// The check's timeout ends this process with SIGTERM: the module's group goes too.
process.on('SIGTERM', () => {
  killGroup();
  process.exit(143);
});
child.on('close', (code) => {
  process.stderr.write(err);
  process.stdout.write(out, () => process.exit(code ?? 1));
});
`;
function moduleExports(path, env = {}) {
  try {
    const out = process.getBuiltinModule("node:child_process").execFileSync(process.execPath, ["-e", IN_OWN_GROUP, pathToFileURL2(path).href], { encoding: "utf8", env: childEnvironment(process.env, env), stdio: ["ignore", "pipe", "pipe"], timeout: 3e4 });
    return JSON.parse(out);
  } catch (error) {
    const stderr = String(error.stderr ?? "");
    const line = stderr.split("\n").find((text) => /^\w*Error\b/.test(text)) ?? error.message.split("\n")[0];
    throw new Error(`cannot import it: ${line}`, { cause: error });
  }
}
function loadEnvironment(templates, env) {
  const resolved = {};
  for (const [name, template] of Object.entries(templates ?? {})) {
    try {
      Object.assign(resolved, childEnv({ [name]: template }, env));
    } catch (error) {
      if (!(error instanceof RecallGateError)) throw error;
    }
  }
  return resolved;
}

// src/e2e/graders/table.ts
function checkContext(input) {
  return { question: input.question, judge: input.judge, judgeModel: input.judgeModel, actions: probeActions(input.invocations) };
}
function entriesOf(input) {
  const { snapshot } = input;
  if (!snapshot) return { status: "error", reason: NO_SNAPSHOT };
  if ("error" in snapshot) return { status: "error", reason: `the memory snapshot failed: ${snapshot.error}` };
  return snapshot;
}
function minProblem(min, low, high, context) {
  if (min !== void 0 && (min < low || min > high)) context.problems.push({ where: context.at(["min"]), message: `min must be from ${low} to ${high} for this grader; got ${min}` });
}
var check = {
  grade: async (value, _min, input) => {
    const graded = await gradeAnswer(value, input.answer, checkContext(input));
    return { status: graded.pass ? "pass" : "fail", score: graded.pass ? 1 : 0, reason: graded.reason, ...graded.usage ? { usage: graded.usage } : {}, ...graded.usage_warning ? { usage_warning: graded.usage_warning } : {} };
  },
  describe: (value) => describeCheck(value),
  load: (raw, min, context) => {
    if (min !== void 0) context.problems.push({ where: context.at(["min"]), message: "a check grader passes or fails (score 1 or 0): it takes no min" });
    for (const problem of checkProblems(raw, (path) => context.at(["check", ...path]), { judgeConfigured: context.judgeConfigured })) context.problems.push(problem);
    return raw;
  },
  usesJudge: (value) => usesJudge(value)
};
var memory = {
  grade: (value, min, input) => {
    const found = entriesOf(input);
    if ("status" in found) return found;
    return value.redundancy ? gradeRedundancy({ ...value, redundancy: value.redundancy }, found.entries) : gradeCaptures(value, found.entries, min ?? 1);
  },
  describe: (value) => {
    const scope = value.label === void 0 ? "" : ` in ${value.label}`;
    if (value.redundancy) return `memory redundancy at most ${value.redundancy.max}${scope}`;
    const parts = [...value.captures ? [`captures ${value.captures.length}`] : [], ...value.not_captures ? [`not_captures ${value.not_captures.length}`] : []];
    return `memory ${parts.join(", ")}${scope}`;
  },
  load: (raw, min, context) => {
    const facts = (raw.captures?.length ?? 0) + (raw.not_captures?.length ?? 0);
    if (raw.redundancy && facts > 0) {
      context.problems.push({ where: context.at(["memory", "redundancy"]), message: "redundancy is graded alone: a memory grader has either captures/not_captures or redundancy", hint: "make two graders" });
    } else if (!raw.redundancy && facts === 0) {
      context.problems.push({ where: context.at(["memory"]), message: "a memory grader needs captures, not_captures or redundancy" });
    }
    for (const list of ["captures", "not_captures"]) {
      (raw[list] ?? []).forEach((fact, i) => {
        const texts = typeof fact === "string" ? [[fact, [list, i]]] : fact.any.map((text, j) => [text, [list, i, "any", j]]);
        for (const [text, path] of texts) {
          if (normalisesToBlank(text)) context.problems.push({ where: context.at(["memory", ...path]), message: `an empty fact: ${JSON.stringify(text)} is nothing once normalised, and would be found in every memory`, hint: "write the fact memory must hold" });
        }
      });
    }
    if (raw.redundancy && min !== void 0) context.problems.push({ where: context.at(["min"]), message: "redundancy passes when its share is at most redundancy.max: it takes no min", hint: "set redundancy: { max: ... }" });
    else minProblem(min, 0, 1, context);
    return raw;
  },
  usesJudge: () => false
};
var memoryOps = {
  grade: (value, min, input) => gradeMemoryOps(value, input.invocations, min ?? 1),
  describe: (value) => `memory_ops ${value.expect !== void 0 ? `expect ${value.expect}` : "per turn"}${value.tools ? ` (${value.tools.join(", ")})` : ""}`,
  load: (raw, min, context) => {
    if (raw.per_turn === true === (raw.expect !== void 0)) {
      context.problems.push({ where: context.at(["memory_ops"]), message: "memory_ops needs one of per_turn: true or expect: <count>", hint: "per_turn scores turns with an update / turns; expect: n scores min(calls, n) / n" });
    }
    minProblem(min, 0, 1, context);
    return raw;
  },
  usesJudge: () => false
};
var judge = {
  grade: (value, min, input) => gradeWithJudge(value, min ?? 4, input),
  describe: (value) => `judge${value.on === "memory" ? " on memory" : ""} ${value.rubric_file ?? JSON.stringify(value.rubric.replace(/\s+/g, " ").slice(0, 60))} (1-5)`,
  load: (raw, min, context) => {
    if (raw.scale !== void 0 && !(raw.scale.length === 2 && raw.scale[0] === 1 && raw.scale[1] === 5)) {
      context.problems.push({ where: context.at(["judge", "scale"]), message: `a judge grader's scale is [1, 5]; got ${JSON.stringify(raw.scale)}` });
    }
    minProblem(min, 1, 5, context);
    if (!context.judgeConfigured) context.problems.push({ where: context.at(["judge"]), message: "a judge grader needs e2e.judge with the judge model", hint: "add e2e: { judge: { model: ... } }" });
    let rubric = raw.rubric;
    let rubricFile;
    if (isRubricFile(raw.rubric)) {
      rubricFile = raw.rubric;
      try {
        const read = readReferencedText(context.suiteDir, raw.rubric, context.at(["judge", "rubric"]));
        rubric = read.text;
        context.files.push(read.path);
      } catch (error) {
        if (!(error instanceof FileProblems)) throw error;
        for (const problem of error.problems) context.problems.push(problem);
      }
    }
    const loaded = { rubric, ...rubricFile ? { rubric_file: rubricFile } : {}, scale: [1, 5], on: raw.on ?? "answer", ...raw.model ? { model: raw.model } : {} };
    return loaded;
  },
  usesJudge: () => true
};
var script = {
  grade: (value, min, input) => gradeWithScript(value, min, {
    answer: input.answer,
    snapshot: input.snapshot,
    memory_ops: input.invocations.map((invocation) => ({ kind: invocation.kind, ...invocation.session !== void 0 ? { session: invocation.session } : {}, ...invocation.turn !== void 0 ? { turn: invocation.turn } : {}, ops: invocation.memory_ops ?? [] })),
    sessions: input.spec.sessions,
    case: withoutWhere(input.spec)
  }, input.env ?? process.env),
  describe: (value) => `script ${value.shown}`,
  load: (raw, min, context) => {
    minProblem(min, 0, 1, context);
    const at = context.at(["script"]);
    const hash = raw.lastIndexOf("#");
    const [file, name] = [raw.slice(0, hash), raw.slice(hash + 1)];
    const path = resolve3(context.suiteDir, file);
    const loaded = { path, shown: raw, export: name, ...context.env ? { env: context.env } : {} };
    if (!existsSync2(path)) {
      context.problems.push({ where: at, message: `grader script ${relative2(process.cwd(), path) || path} does not exist`, hint: "paths in a suite are relative to the suite file" });
      return loaded;
    }
    try {
      const exported = context.exportsOf(path, loadEnvironment(context.env, process.env));
      if (exported[name] !== "function") {
        const functions = Object.keys(exported).filter((key) => exported[key] === "function");
        context.problems.push({
          where: at,
          message: exported[name] === void 0 ? `${file} has no export "${name}"` : `${file}'s export "${name}" is a ${exported[name]}, not a function`,
          hint: functions.length ? `its functions: ${functions.join(", ")}` : "export a function (ctx) => ({ score, reason })"
        });
      }
    } catch (error) {
      context.problems.push({ where: at, message: `grader script ${file}: ${error.message}` });
    }
    context.files.push(path);
    return loaded;
  },
  usesJudge: () => false
};
function isRubricFile(rubric) {
  return !/\n/.test(rubric) && /\.(md|txt)$/i.test(rubric.trim());
}
function withoutWhere(spec) {
  return Object.fromEntries(Object.entries(spec).filter(([key]) => key !== "where"));
}
var GRADER_KINDS = { check, memory, memory_ops: memoryOps, judge, script };
function graderKind(spec) {
  const kind = Object.keys(spec).find((key) => Object.hasOwn(GRADER_KINDS, key));
  return { kind, entry: GRADER_KINDS[kind], value: spec[kind] };
}

// src/e2e/graders/grade.ts
async function gradeTrial(spec, input) {
  const usages = [];
  const parts = [];
  let error;
  if (spec.check) {
    try {
      const graded = await gradeAnswer(spec.check, input.answer, checkContext(input));
      usages.push(graded);
      parts.push(graded);
    } catch (thrown) {
      error = describeError(thrown);
    }
  }
  if (!spec.graders) {
    if (error !== void 0) return { status: "error", reason: error };
    const { pass, ...graded } = withUsage(parts[0], usages);
    return { status: pass ? "pass" : "fail", ...graded };
  }
  const graders = {};
  for (const [name, grader] of Object.entries(spec.graders)) {
    const outcome = await gradeOne(name, grader, { ...input, spec });
    const { usage: usage2, usage_warning, ...kept } = outcome;
    usages.push({ ...usage2 ? { usage: usage2 } : {}, ...usage_warning ? { usage_warning } : {} });
    graders[name] = kept;
    const shown3 = `${name}: ${kept.status}${kept.score !== void 0 ? ` ${round(kept.score, 3)}` : ""}: ${kept.reason}`;
    if (kept.status === "error") error ??= `grader ${name}: ${kept.reason}`;
    else if (kept.status !== "skipped") parts.push({ pass: kept.status === "pass", reason: shown3 });
  }
  const usage = withUsage({ pass: true, reason: "" }, usages);
  const extras = { graders, ...usage.usage ? { usage: usage.usage } : {}, ...usage.usage_warning ? { usage_warning: usage.usage_warning } : {} };
  if (error !== void 0) return { status: "error", reason: error, ...extras };
  if (parts.length === 0) return { status: "error", reason: `nothing graded this trial: every grader was skipped (${Object.entries(graders).map(([name, outcome]) => `${name}: ${outcome.reason}`).join("; ")})`, ...extras };
  const failed = parts.filter((part) => !part.pass);
  return { status: failed.length === 0 ? "pass" : "fail", reason: (failed.length ? failed : parts).map((part) => part.reason).join("; "), ...extras };
  async function gradeOne(name, grader, graderInput) {
    const { entry, value } = graderKind(grader);
    if (input.offline && entry.usesJudge(value)) return input.offline.stored?.[name] ?? { status: "skipped", reason: "not graded: regrade makes no model calls" };
    try {
      return await entry.grade(value, grader.min, graderInput);
    } catch (thrown) {
      return { status: "error", reason: describeError(thrown) };
    }
  }
}
function caseUsesJudge(spec) {
  return spec.check !== void 0 && usesJudge(spec.check) || Object.values(spec.graders ?? {}).some((grader) => {
    const { entry, value } = graderKind(grader);
    return entry.usesJudge(value);
  });
}
function describeGrading(spec) {
  const { check: check2 } = spec;
  const checkLine = check2 ? GRADER_KINDS.check.describe(check2) : void 0;
  const graders = Object.entries(spec.graders ?? {}).map(([name, grader]) => {
    const { entry, value } = graderKind(grader);
    return `${name}: ${entry.describe(value)}${grader.min !== void 0 ? ` (min ${grader.min})` : ""}`;
  });
  return [...checkLine ? [checkLine] : [], ...graders.length ? [`graders ${graders.join("; ")}`] : []].join("; ");
}
function loadGraders(raw, context) {
  const loaded = {};
  for (const [name, grader] of Object.entries(raw)) {
    const at = (path) => context.at([name, ...path]);
    const kinds = Object.keys(grader).filter((key) => Object.hasOwn(GRADER_KINDS, key));
    if (kinds.length !== 1) {
      context.problems.push({
        where: at([]),
        message: kinds.length === 0 ? `grader "${name}" needs one of: ${Object.keys(GRADER_KINDS).join(", ")}` : `grader "${name}" has one kind, found ${kinds.join(" and ")}`,
        hint: kinds.length > 1 ? "make one grader of each" : void 0
      });
      continue;
    }
    const kind = kinds[0];
    if (grader.env !== void 0 && kind !== "script") context.problems.push({ where: at(["env"]), message: `env is for script graders: a ${kind} grader runs no process of its own`, hint: "remove env here" });
    const env = kind === "script" ? grader.env : void 0;
    const value = GRADER_KINDS[kind].load(grader[kind], grader.min, { ...context, at, ...env ? { env } : {} });
    loaded[name] = { [kind]: value, ...grader.min !== void 0 ? { min: grader.min } : {} };
  }
  return loaded;
}

// src/e2e/fingerprint.ts
var OPERATIONAL = /* @__PURE__ */ new Set(["where", "timeout_ms", "max_retries", "batch_size", "base_url", "api_key_env", "headers_env", "auth_header", "systemPromptFile", "cwd"]);
var CASE_LABELS = /* @__PURE__ */ new Set(["where", "ability", "needs_memory", "expect_recall", "check", "fault_check", "graders", "split"]);
function canonical(value, skip) {
  if (Array.isArray(value)) return `[${value.map((item) => canonical(item, skip)).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([key, item]) => !skip.has(key) && item !== void 0).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item, skip)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
function sha(text) {
  return process.getBuiltinModule("node:crypto").createHash("sha256").update(text).digest("hex").slice(0, 16);
}
function hashedSessions(sessions) {
  return sessions.map(({ turns, ...rest }) => turns.length === 1 ? { ...rest, user: turns[0] } : { ...rest, turns });
}
function caseContentHashes(spec) {
  const none = /* @__PURE__ */ new Set();
  return { sessions: sha(canonical(hashedSessions(spec.sessions), none)), probe: sha(canonical(spec.probe, none)), check: checkFingerprint(spec) };
}
function queryContentHashes(query) {
  const none = /* @__PURE__ */ new Set();
  return { text: sha(canonical(query.text, none)), relevant: sha(canonical(query.relevant, none)) };
}
function checkFingerprint(spec) {
  return sha(canonical(spec.graders ? { check: spec.check, graders: spec.graders } : spec.check ?? null, /* @__PURE__ */ new Set()));
}
function trialFingerprints(context) {
  const target = canonical(context.target ?? null, OPERATIONAL);
  const judged = sha(`${target}\0${context.judgeModel ?? ""}`);
  const unjudged = sha(`${target}\0`);
  return (spec, condition) => ({
    check: checkFingerprint(gradingOf(spec, condition)),
    case: sha(`${condition}\0${canonical({ ...spec, sessions: hashedSessions(spec.sessions) }, CASE_LABELS)}`),
    target: caseUsesJudge(gradingOf(spec, condition)) ? judged : unjudged
  });
}
function withHistoryOrder(fingerprint, cases) {
  return { ...fingerprint, case: sha(`${fingerprint.case}\0${cases.join("\0")}`) };
}

// src/suite/splits.ts
function splitOf(rows, index, problems) {
  const own2 = rows.rows[index]?.split;
  const file = rows.fileSplit(index);
  if (own2 !== void 0 && file !== void 0 && own2 !== file.split) {
    problems.push({ where: rows.locate(index, ["split"]), message: `split ${own2} in a file the suite marks split ${file.split}`, hint: `remove it, or list this row elsewhere (the file's split is set at ${formatLocation(file.where)})` });
  }
  return own2 ?? file?.split ?? "dev";
}
function selectSplit(suite, choice) {
  if (choice === "all") return suite;
  const queries = suite.retrieval?.queries.filter((query) => (query.split ?? "dev") === choice) ?? [];
  const cases = suite.e2e?.cases.filter((spec) => (spec.split ?? "dev") === choice) ?? [];
  return {
    ...suite,
    retrieval: suite.retrieval && queries.length > 0 ? { ...suite.retrieval, queries } : void 0,
    e2e: suite.e2e && cases.length > 0 ? { ...suite.e2e, cases } : void 0
  };
}
function splitRecord(suite, choice) {
  const heldout = (suite.e2e?.cases ?? []).filter((spec) => spec.split === "heldout");
  const queries = (suite.retrieval?.queries ?? []).filter((query) => query.split === "heldout");
  return {
    run: choice,
    heldout_cases: Object.fromEntries(heldout.map((spec) => [spec.name, caseContentHashes(spec)])),
    heldout_queries: Object.fromEntries(queries.map((query) => [query.id, queryContentHashes(query)]))
  };
}
function changedHeldoutCases(current, baseline) {
  return changedUnits(current?.heldout_cases, baseline?.heldout_cases, ["sessions", "probe", "check"]);
}
function changedHeldoutQueries(current, baseline) {
  return changedUnits(current?.heldout_queries, baseline?.heldout_queries, ["text", "relevant"]);
}
function changedUnits(current, baseline, parts) {
  if (!current || !baseline) return [];
  return Object.entries(current).flatMap(([name, hashes]) => {
    const before = Object.hasOwn(baseline, name) ? baseline[name] : void 0;
    if (!before) return [];
    const changed = parts.filter((part) => hashes[part] !== before[part]);
    return changed.length > 0 ? [{ name, changed }] : [];
  });
}

// src/stats/kappa.ts
function agreementOf(matrix, weights) {
  const k = matrix.length;
  if (k < 2 || matrix.some((row) => row.length !== k)) throw new Error(`agreement needs a square matrix of 2 or more categories, got ${k} rows`);
  const n = matrix.flat().reduce((sum2, count) => sum2 + count, 0);
  if (n === 0) return { n, agreement: 0, kappa: null, weights };
  const rows = matrix.map((row) => row.reduce((sum2, count) => sum2 + count, 0));
  const cols = matrix[0].map((_, j) => matrix.reduce((sum2, row) => sum2 + row[j], 0));
  const weight = (i, j) => weights === "quadratic" ? ((i - j) / (k - 1)) ** 2 : i === j ? 0 : 1;
  let observed = 0;
  let expected = 0;
  let diagonal = 0;
  for (let i = 0; i < k; i++) {
    diagonal += matrix[i][i];
    for (let j = 0; j < k; j++) {
      observed += weight(i, j) * matrix[i][j];
      expected += weight(i, j) * rows[i] * cols[j] / n;
    }
  }
  return { n, agreement: diagonal / n, kappa: expected === 0 ? null : 1 - observed / expected, weights };
}

// src/e2e/judgeCalibration.ts
var CATEGORIES = { "pass/fail": ["pass", "fail"], score: [1, 2, 3, 4, 5] };
var FIELDS = ["question", "answer", "rubric", "label"];
function readLabels(path, displayPath, referencedFrom) {
  let file;
  try {
    file = readDataFile(path, displayPath, referencedFrom);
  } catch (error) {
    if (error instanceof FileProblems) throw invalidInput(error.problems, `${counted(error.problems.length, "problem", "problems")} in ${displayPath}`);
    throw error;
  }
  const problems = [];
  const data = Array.isArray(file.data) ? file.data : [];
  if (!Array.isArray(file.data) || data.length === 0) {
    problems.push({ where: file.locate([]), message: `${displayPath} holds no labelled answers`, hint: 'one {"question", "answer", "rubric", "label"} object per line' });
  }
  const rows = [];
  let kind;
  data.forEach((row, index) => {
    const where2 = (key) => file.locate(key === void 0 ? [index] : [index, key]);
    if (typeof row !== "object" || row === null || Array.isArray(row)) {
      problems.push({ where: where2(), message: "a labelled answer must be an object", hint: 'one {"question", "answer", "rubric", "label"} object per line' });
      return;
    }
    const record = row;
    for (const key of Object.keys(record)) {
      if (!FIELDS.includes(key)) problems.push({ where: file.locate([index], { keyOf: key }), message: `unknown key "${key}"`, hint: `a row has ${FIELDS.join(", ")}` });
    }
    for (const key of ["question", "answer", "rubric"]) {
      if (typeof record[key] !== "string" || record[key] === "") problems.push({ where: key in record ? where2(key) : where2(), message: `"${key}" must be a non-empty string` });
    }
    const label = record.label;
    const rowKind = label === "pass" || label === "fail" ? "pass/fail" : typeof label === "number" && Number.isInteger(label) && label >= 1 && label <= 5 ? "score" : void 0;
    if (!rowKind) {
      problems.push({ where: "label" in record ? where2("label") : where2(), message: `"label" must be "pass", "fail" or a whole score from 1 to 5, got ${JSON.stringify(label)}` });
      return;
    }
    const line = where2().line;
    if (kind && kind.kind !== rowKind) {
      problems.push({ where: where2("label"), message: `a ${rowKind} label in a file of ${kind.kind} labels (line ${kind.line})`, hint: "label every row of a file the same way: pass/fail, or scores 1-5" });
      return;
    }
    kind ??= { kind: rowKind, line };
    rows.push({ question: record.question, answer: record.answer, rubric: record.rubric, label, line });
  });
  if (problems.length > 0) throw invalidInput(problems, `${counted(problems.length, "problem", "problems")} in ${displayPath}`);
  return { displayPath, kind: kind.kind, rows };
}
async function calibrateJudge(judge2, labels, options = {}) {
  const judged = new Array(labels.rows.length);
  const reasons = new Array(labels.rows.length);
  let next = 0;
  const worker = async () => {
    while (next < labels.rows.length) {
      const index = next++;
      const row = labels.rows[index];
      const verdict = await judge2.grade({
        rubric: row.rubric,
        question: row.question,
        answer: row.answer,
        ...options.model !== void 0 ? { model: options.model } : {},
        ...labels.kind === "score" ? { scale: 5 } : {}
      });
      judged[index] = labels.kind === "score" ? verdict.score : verdict.pass ? "pass" : "fail";
      reasons[index] = verdict.reason;
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 4, labels.rows.length) }, worker));
  return compareLabels(labels, judged, reasons);
}
function compareLabels(labels, judged, reasons) {
  const categories = [...CATEGORIES[labels.kind]];
  const matrix = categories.map(() => categories.map(() => 0));
  const disagreements = [];
  labels.rows.forEach((row, index) => {
    const judge2 = judged[index];
    matrix[categories.indexOf(row.label)][categories.indexOf(judge2)] += 1;
    if (judge2 !== row.label) disagreements.push({ line: row.line, label: row.label, judge: judge2, reason: reasons[index] ?? "" });
  });
  const agreement = agreementOf(matrix, labels.kind === "score" ? "quadratic" : "none");
  return { file: labels.displayPath, kind: labels.kind, categories, matrix, disagreements, ...agreement };
}
function summarizeCalibration(calibration, minAgreement) {
  const { file, kind, n, agreement, kappa, weights } = calibration;
  return { file, kind, n, agreement, kappa, weights, ...minAgreement !== void 0 ? { min_agreement: minAgreement } : {} };
}
function calibrationLine(summary) {
  const kappaName = summary.weights === "quadratic" ? "weighted kappa" : "kappa";
  return `judge agreement ${summary.agreement.toFixed(2)} (${kappaName} ${formatKappa(summary.kappa)}, n=${summary.n}) on ${summary.file}`;
}
function formatKappa(kappa) {
  return kappa === null ? "undefined (one category only)" : kappa.toFixed(2);
}
function belowMinimum(calibration, minAgreement) {
  if (minAgreement === void 0 || calibration.agreement >= minAgreement) return void 0;
  const agreeing = calibration.n - calibration.disagreements.length;
  return `judge calibration failed: agreement ${calibration.agreement.toFixed(2)} is below min_agreement ${minAgreement} (${calibration.weights === "quadratic" ? "weighted kappa" : "kappa"} ${formatKappa(calibration.kappa)}, ${agreeing} of ${calibration.n} rows agree) on ${calibration.file}`;
}
async function requireCalibration(judge2, settings, log) {
  let calibration;
  try {
    calibration = await calibrateJudge(judge2, readLabels(settings.path, settings.displayPath));
  } catch (error) {
    return `judge calibration on ${settings.displayPath} could not run: ${describeError(error)}`;
  }
  const summary = summarizeCalibration(calibration, settings.min_agreement);
  log(calibrationLine(summary));
  return belowMinimum(calibration, settings.min_agreement) ?? summary;
}

// src/e2e/caseSamples.ts
function caseNames(cases) {
  return { ids: cases.map(([name]) => name), clusters: cases.map(([name, result]) => resamplingUnit(name, result)) };
}
function caseRateSamples(cases, condition, rate) {
  const withCondition = cases.filter(([, result]) => result.conditions[condition] !== void 0);
  const rates = withCondition.map(([, result]) => result.conditions[condition]);
  const names = caseNames(withCondition);
  if (rate === "pass_rate") return { unit: "case", units: rates.map((r) => [r.passed, r.trials]), ...names, statistic: pooledRate };
  return { unit: "case", units: rates.map((r) => [r[rate] ? 1 : 0]), ...names, statistic: meanOfFirst };
}
function caseDiffSamples(cases, a, b) {
  const both = cases.filter(([, result]) => result.conditions[a] && result.conditions[b]);
  const units = both.map(([, result]) => [result.conditions[a].passed, result.conditions[a].trials, result.conditions[b].passed, result.conditions[b].trials]);
  const statistic = (sample) => pooledRate(sample) - pooledRate(sample, 2);
  return { unit: "case", units, ...caseNames(both), statistic };
}
function meanOfFirst(units) {
  if (units.length === 0) return 0;
  let sum2 = 0;
  for (const unit of units) sum2 += unit[0];
  return sum2 / units.length;
}
function pooledRate(units, at = 0) {
  let passed = 0;
  let trials = 0;
  for (const unit of units) {
    passed += unit[at];
    trials += unit[at + 1];
  }
  return trials === 0 ? 0 : passed / trials;
}

// src/e2e/aggregateGraders.ts
var UNIT_SCALE = [0, 1];
var MISSING_TRIAL = "no record of this planned trial in trials.jsonl";
function graderNames(spec, records) {
  const names = new Set(Object.keys(spec.graders ?? {}));
  for (const record of records) for (const name of Object.keys(record.graders ?? {})) names.add(name);
  return [...names].sort();
}
function outcomeOf(record, name) {
  if (!record) return { status: "error", reason: MISSING_TRIAL };
  const outcome = record.graders && Object.hasOwn(record.graders, name) ? record.graders[name] : void 0;
  return outcome ?? { status: "error", reason: record.status === "error" ? `the trial errored before grading: ${record.reason}` : "the trial recorded no outcome for this grader" };
}
function figuresOf(outcomes, score) {
  const count = (status) => outcomes.filter((outcome) => outcome.status === status).length;
  const scores = outcomes.map(score).filter((value) => value !== void 0);
  const passed = count("pass");
  const skipped = count("skipped");
  const graded = outcomes.length - skipped;
  const figures = {
    trials: outcomes.length,
    scored: scores.length,
    ...scores.length ? { mean_score: round(mean(scores), 6) } : {},
    passed,
    failed: count("fail"),
    errors: count("error"),
    skipped,
    ...graded > 0 ? { pass_rate: round(passed / graded, 6) } : {}
  };
  return { figures, scores };
}
function caseFigures(outcomes, score) {
  const { figures, scores } = figuresOf(outcomes, score);
  const graded = figures.trials - figures.skipped;
  return { ...figures, "pass^k": graded > 0 && figures.passed === graded, scores };
}
function groupFigures(byCase, score) {
  const { figures } = figuresOf(byCase.flat(), score);
  const cases = byCase.map((outcomes) => caseFigures(outcomes, score)).filter((one) => one.trials > one.skipped);
  const first = (status) => byCase.flat().find((outcome) => outcome.status === status)?.reason;
  const error = first("error");
  const skipped = first("skipped");
  return {
    ...figures,
    cases: cases.length,
    ...cases.length ? { "pass^k": round(cases.filter((one) => one["pass^k"]).length / cases.length, 6) } : {},
    ...error !== void 0 || skipped !== void 0 ? { reasons: { ...error !== void 0 ? { error } : {}, ...skipped !== void 0 ? { skipped } : {} } } : {}
  };
}
function sameScale(a, b) {
  return a[0] === b[0] && a[1] === b[1];
}
function scaleOf(outcomes) {
  const scored = outcomes.filter((outcome) => outcome.score !== void 0);
  const scales = scored.map((outcome) => outcome.scale ?? UNIT_SCALE);
  const first = scales[0] ?? outcomes.find((outcome) => outcome.scale)?.scale ?? UNIT_SCALE;
  const mixed = scales.some((scale) => !sameScale(scale, first));
  const mins = [...new Set(outcomes.map((outcome) => outcome.min).filter((min2) => min2 !== void 0))];
  const min = mins.length === 1 ? { min: mins[0] } : {};
  if (!mixed) return { scale: [first[0], first[1]], ...min, score: (outcome) => outcome.score };
  const seen = [...new Set(scales.map((scale) => `${scale[0]}-${scale[1]}`))].join(", ");
  return {
    scale: UNIT_SCALE,
    note: `the outcomes use different scales (${seen}): each score was mapped onto 0-1 before averaging`,
    score: (outcome) => {
      if (outcome.score === void 0) return void 0;
      const [low, high] = outcome.scale ?? UNIT_SCALE;
      return high === low ? 0 : (outcome.score - low) / (high - low);
    }
  };
}
function graderSamples(cases, metric, reduce = mean) {
  const kept = cases.filter(({ figures }) => metric === "score" ? figures.scores.length > 0 : figures.trials > figures.skipped);
  const names = { ids: kept.map((one) => one.name), clusters: kept.map((one) => one.cluster) };
  if (metric === "score") return { unit: "case", units: kept.map(({ figures }) => figures.scores), ...names, statistic: (sample) => reduce(sample.flat()) };
  if (metric === "pass_rate") {
    return {
      unit: "case",
      units: kept.map(({ figures }) => [figures.passed, figures.trials - figures.skipped]),
      ...names,
      statistic: (sample) => {
        const graded = sample.reduce((total, unit) => total + unit[1], 0);
        return graded === 0 ? 0 : sample.reduce((total, unit) => total + unit[0], 0) / graded;
      }
    };
  }
  return { unit: "case", units: kept.map(({ figures }) => [figures["pass^k"] ? 1 : 0]), ...names, statistic: (sample) => mean(sample.map((unit) => unit[0])) };
}
var METRICS = ["score", "pass_rate", "pass^k"];
function intervalsOf(prefix, cases, conditions) {
  const intervals = {};
  conditions.forEach((condition, index) => {
    for (const metric of METRICS) {
      const estimate = bootstrapInterval(graderSamples(cases[index], metric), { seed: mixSeed(DEFAULT_SEED, `${prefix}.${condition}.${metric}`) });
      if (estimate) intervals[`${condition}.${metric}`] = estimate;
    }
  });
  return intervals;
}
function aggregateGraders(records, cases, conditions, repeat) {
  const byKey = new Map(records.map((record) => [record.key, record]));
  const byCase = groupBy(records, (record) => record.case);
  const planned = /* @__PURE__ */ new Map();
  for (const spec of cases) {
    for (const name of graderNames(spec, byCase.get(spec.name) ?? [])) {
      const outcomes = conditions.map((condition) => Array.from({ length: repeat }, (_, index) => outcomeOf(byKey.get(trialKey(spec.name, condition, index + 1)), name)));
      const entries = planned.get(name);
      if (entries) entries.push({ spec, outcomes });
      else planned.set(name, [{ spec, outcomes }]);
    }
  }
  if (planned.size === 0) return void 0;
  const summarize = (prefix, entries, withCases) => {
    const { score, ...scale } = scaleOf(entries.flatMap((entry) => entry.outcomes.flat()));
    const perCase = entries.map((entry) => ({ spec: entry.spec, figures: entry.outcomes.map((outcomes) => caseFigures(outcomes, score)) }));
    const named = conditions.map((_, index) => perCase.map(({ spec, figures }) => ({ name: spec.name, cluster: resamplingUnit(spec.name, spec), figures: figures[index] })));
    return {
      ...scale,
      conditions: Object.fromEntries(conditions.map((condition, index) => [condition, groupFigures(entries.map((entry) => entry.outcomes[index]), score)])),
      intervals: intervalsOf(prefix, named, conditions),
      ...withCases ? { cases: Object.fromEntries(perCase.map(({ spec, figures }) => [spec.name, Object.fromEntries(conditions.map((condition, index) => [condition, figures[index]]))])) } : {}
    };
  };
  const names = [...planned.keys()].sort();
  const abilities = [...new Set(cases.map((spec) => spec.ability))].sort();
  return {
    overall: Object.fromEntries(names.map((name) => [name, summarize(`e2e.grader.${name}`, planned.get(name), true)])),
    abilities: Object.fromEntries(
      abilities.map((ability) => [
        ability,
        Object.fromEntries(
          names.map((name) => [name, planned.get(name).filter((entry) => entry.spec.ability === ability)]).filter(([, entries]) => entries.length > 0).map(([name, entries]) => [name, summarize(`e2e.ability.${ability}.grader.${name}`, entries, false)])
        )
      ]).filter(([, graders]) => Object.keys(graders).length > 0)
    )
  };
}

// src/retrieval/intervals.ts
var MIN_USERS_TO_RESAMPLE = 3;
function chooseIntervalUnit(setting, queries) {
  if (setting !== void 0) return { unit: setting };
  const perUser = /* @__PURE__ */ new Map();
  for (const query of queries) perUser.set(query.user, (perUser.get(query.user) ?? 0) + 1);
  const shared = [...perUser.values()].some((count) => count > 1);
  if (!shared) return { unit: "query" };
  if (perUser.size >= MIN_USERS_TO_RESAMPLE) return { unit: "user" };
  if (perUser.size === 1) return { unit: "query" };
  return { unit: "query", note: `only ${perUser.size} users hold the queries, too few to draw whole users; retrieval.interval_unit: user draws them anyway` };
}
function unitKey(query, unit) {
  if (unit === "user") return `user:${query.user}`;
  if (unit === "group") return query.group === void 0 ? `query:${query.id}` : `group:${query.group}`;
  return query.id;
}
function queryUnitNames(queries, unit) {
  const ids = queries.map((query) => query.id);
  return unit === "query" ? { ids } : { ids, clusters: queries.map((query) => unitKey(query, unit)) };
}
function retrievalIntervals(provider, queries, metrics, unit = "query", tag) {
  const names = queryUnitNames(queries, unit);
  const prefix = tag === void 0 ? `retrieval.${provider}` : `retrieval.${provider}.tag.${tag}`;
  const intervals = keyedIntervals(
    metrics.map((metric) => [
      metric,
      `${prefix}.${metric}`,
      { unit, ...names, units: queries.map((query) => [query.metrics[metric] ?? 0]), statistic: (sample) => mean(sample.map((one) => one[0])) }
    ])
  );
  for (const estimate of Object.values(intervals)) estimate.unit = unit;
  return intervals;
}

// src/retrieval/haystack.ts
var DEFAULT_HAYSTACK_SEED = 1;
function namedMemories(query) {
  return query.obsolete ? [...Object.keys(query.relevant), ...query.obsolete] : Object.keys(query.relevant);
}
function needleIds(queries) {
  const ids = /* @__PURE__ */ new Set();
  for (const query of queries) for (const id of namedMemories(query)) ids.add(id);
  return ids;
}
function haystackKey(seed, id) {
  let hash = 2166136261;
  const mix = (code) => {
    hash ^= code;
    hash = Math.imul(hash, 16777619);
  };
  for (const byte of [seed >>> 24, seed >>> 16 & 255, seed >>> 8 & 255, seed & 255]) mix(byte);
  for (let i = 0; i < id.length; i++) mix(id.charCodeAt(i));
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 2246822507);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 3266489909);
  hash ^= hash >>> 16;
  return hash >>> 0;
}
function keptCount(hay, fraction) {
  return Math.min(hay, Math.round(fraction * hay));
}
function haystackSamples(memories, queries, fractions, seed) {
  const needles = needleIds(queries);
  const hayByUser = /* @__PURE__ */ new Map();
  for (const memory2 of memories) {
    if (needles.has(memory2.id)) continue;
    let hay = hayByUser.get(memory2.user);
    if (!hay) hayByUser.set(memory2.user, hay = []);
    hay.push({ id: memory2.id, key: haystackKey(seed, memory2.id) });
  }
  const place = /* @__PURE__ */ new Map();
  const hayCount2 = /* @__PURE__ */ new Map();
  for (const [user, hay] of hayByUser) {
    hay.sort((a, b) => a.key - b.key || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    hay.forEach((entry, index) => place.set(entry.id, index));
    hayCount2.set(user, hay.length);
  }
  return fractions.map((fraction) => ({
    fraction,
    memories: memories.filter((memory2) => needles.has(memory2.id) || place.get(memory2.id) < keptCount(hayCount2.get(memory2.user), fraction))
  }));
}
function hayCount(memories, queries) {
  const needles = needleIds(queries);
  return memories.filter((memory2) => !needles.has(memory2.id)).length;
}
function slopePerDoubling(points) {
  if (new Set(points.map((point) => point.memories)).size < 2) return void 0;
  const xs = points.map((point) => Math.log2(point.memories));
  const meanX = xs.reduce((sum2, x) => sum2 + x, 0) / xs.length;
  const meanY = points.reduce((sum2, point) => sum2 + point.value, 0) / points.length;
  let covariance = 0;
  let spread = 0;
  points.forEach((point, index) => {
    const dx = xs[index] - meanX;
    covariance += dx * (point.value - meanY);
    spread += dx * dx;
  });
  return covariance / spread;
}
function perDoubling(points, names) {
  const slopes = {};
  for (const name of names) {
    const slope = slopePerDoubling(points.map((point) => ({ memories: point.memories, value: point.metrics[name] ?? 0 })));
    if (slope === void 0) return void 0;
    slopes[name] = slope;
  }
  return slopes;
}
function fractionLabel(fraction) {
  return String(fraction);
}

// src/gate/metrics.ts
var CONDITIONS = ["recall", "none", "oracle", "fault:timeout", "fault:empty", "fault:down"];
var FAULT_METRICS = ["pass_rate", "errors", "recall_latency_ms", "vs_none"];
var AGGREGATIONS = ["mean", "min", "max", "median", "p95"];
var E2E_RATES = ["pass_rate", "pass^k", "pass@k", "errors"];
var E2E_SCALARS = ["cost_usd", "embedding_cost_usd", "injected_tokens", "leaks", "harmful_recall_rate", "evidence_coverage", "recall_precision"];
var E2E_CONDITION_COSTS = ["cost_per_success", "injected_tokens"];
var ISOLATION_COUNTS = ["cross_user_hits", "unknown_ids"];
var GRADER_METRICS = ["score", "pass_rate", "pass^k"];
var STALE_METRIC = /^stale@([1-9][0-9]*)$/;
function isStalenessFamily(family) {
  return family === "stale" || family === STALE_ABOVE_CURRENT;
}
var E2E_SINGLE = [...E2E_RATES, "latency_ms", "recall_latency_ms", ...E2E_SCALARS, "harmful_action_rate", "empty_recall_rate"];
var RANK_METRIC = new RegExp(`^(${METRIC_FAMILIES.join("|")})@([1-9][0-9]*)$`);
function retrievalMetric(name) {
  if (name === "mrr" || name === "latency_ms") return { family: name };
  if (name === STALE_ABOVE_CURRENT) return { family: STALE_ABOVE_CURRENT };
  const stale = STALE_METRIC.exec(name);
  if (stale) return { family: "stale", k: Number(stale[1]) };
  if (ISOLATION_COUNTS.includes(name)) return { family: name };
  if (name.startsWith(GROUP_PREFIX)) {
    const inner = name.slice(GROUP_PREFIX.length);
    if (inner === "mrr") return { family: "mrr", group: true };
    const grouped = RANK_METRIC.exec(inner);
    return grouped ? { family: grouped[1], k: Number(grouped[2]), group: true } : void 0;
  }
  const match = RANK_METRIC.exec(name);
  if (!match) return void 0;
  return { family: match[1], k: Number(match[2]) };
}
function isCondition(name) {
  return CONDITIONS.includes(name);
}
function isRate(name) {
  return E2E_RATES.includes(name);
}
function isHarmRate(name) {
  return name !== void 0 && Object.hasOwn(HARM_RATES, name);
}
function parseMetricKey(key, known = {}) {
  const parts = key.split(".");
  const [layer] = parts;
  if (layer === "retrieval") return parseRetrieval(key, parts.slice(1), known);
  if (layer === "e2e") return parseE2e(key, parts.slice(1), known);
  return {
    ok: false,
    reason: `"${layer}" is not a layer: metric keys start with retrieval. or e2e.`,
    hint: didYouMean(layer ?? "", ["retrieval", "e2e"]) ?? "e.g. retrieval.<provider>.recall@3 or e2e.pass_rate"
  };
}
function parseRetrieval(key, rest, known) {
  if (rest.length < 2 || rest.some((part) => part === "")) {
    return { ok: false, reason: `"${key}" is not a retrieval metric: use retrieval.<provider>.<metric>`, hint: "e.g. retrieval.vector.recall@3" };
  }
  const name = rest[rest.length - 1];
  const metric = retrievalMetric(name);
  if (!metric) {
    const k = /@(\d+)$/.exec(name)?.[1] ?? "1";
    const ranking = [...METRIC_FAMILIES.map((family) => `${family}@${k}`), "mrr"];
    const candidates = [...ranking, ...ranking.map((metric2) => `${GROUP_PREFIX}${metric2}`), "latency_ms", ...ISOLATION_COUNTS, `stale@${k}`, STALE_ABOVE_CURRENT];
    return {
      ok: false,
      reason: `"${name}" is not a retrieval metric`,
      hint: didYouMean(name, candidates) ?? "use recall@k, recall_all@k, precision@k, success@k, ndcg@k, mrr (each also group_), latency_ms or cross_user_hits"
    };
  }
  const middle = rest.slice(0, -1).join(".");
  const providers = new Set(known.providers ?? []);
  if (providers.has(middle)) return { ok: true, key: { layer: "retrieval", provider: middle, metric: name, ...metric } };
  const haystack = parseHaystack(key, middle, name, metric.family);
  if (haystack) return haystack;
  const tagAt = rest.indexOf("tag");
  if (tagAt >= 0 && tagAt < rest.length - 1) {
    const provider = rest.slice(0, tagAt).join(".");
    const tag = rest.slice(tagAt + 1, -1).join(".");
    if (!provider || !tag) return { ok: false, reason: `"${key}" is not a retrieval metric: use retrieval.<provider>.tag.<tag>.<metric>` };
    return { ok: true, key: { layer: "retrieval", provider, tag, metric: name, ...metric } };
  }
  return { ok: true, key: { layer: "retrieval", provider: middle, metric: name, ...metric } };
}
var HAYSTACK_AT = /^(.+)\.haystack@([^.]*(?:\.[0-9]*)?)$/;
var PER_DOUBLING = /^(.+)\.haystack\.per_doubling$/;
function parseHaystack(key, middle, name, family) {
  const at = HAYSTACK_AT.exec(middle);
  const slope = PER_DOUBLING.exec(middle);
  if (!at && !slope) return void 0;
  const metric = retrievalMetric(name);
  if (family === "latency_ms" || isIsolationCount(family) || isStalenessFamily(family)) {
    return { ok: false, reason: `"${key}": the haystack curve has the ranking metrics only, not ${name}`, hint: "use recall@k, recall_all@k, precision@k, success@k, ndcg@k or mrr (each also group_)" };
  }
  if (slope) return { ok: true, key: { layer: "retrieval", provider: slope[1], metric: name, ...metric, haystack: "per_doubling" } };
  const fraction = /^(?:0|1)?(?:\.[0-9]+)?$/.test(at[2]) && at[2] !== "" ? Number(at[2]) : NaN;
  if (!(fraction > 0 && fraction <= 1)) {
    return { ok: false, reason: `"haystack@${at[2]}" names no haystack fraction: a fraction is a number in (0, 1]`, hint: "e.g. retrieval.<provider>.haystack@0.1.recall@10" };
  }
  return { ok: true, key: { layer: "retrieval", provider: at[1], metric: name, ...metric, haystack: fraction } };
}
function parseE2e(key, rest, known) {
  if (rest.length === 0 || rest.some((part) => part === "")) return { ok: false, reason: `"${key}" is not an e2e metric`, hint: "e.g. e2e.pass_rate" };
  const [first, second] = rest;
  if (rest.length === 1) {
    if (isRate(first)) return { ok: true, key: { layer: "e2e", kind: "rate", rate: first } };
    if (first === "latency_ms") return { ok: true, key: { layer: "e2e", kind: "latency", which: "call" } };
    if (first === "recall_latency_ms") return { ok: true, key: { layer: "e2e", kind: "latency", which: "recall" } };
    if (isHarmRate(first) && first !== "harmful_recall_rate") return { ok: true, key: { layer: "e2e", kind: "harm", rate: first } };
    if (E2E_SCALARS.includes(first)) return { ok: true, key: { layer: "e2e", kind: "scalar", name: first } };
    return { ok: false, reason: `"${first}" is not an e2e metric`, hint: e2eHint(first) };
  }
  if (first === "ability") return parseAbility(key, rest.slice(1), known);
  if (first === "stage") return parseStage(key, rest.slice(1));
  if (first === "fault") return parseFault(key, rest.slice(1));
  if (first === "grader") return parseGrader(key, rest.slice(1), known);
  if (isCondition(first) && rest.length === 2) {
    if (isRate(second)) return { ok: true, key: { layer: "e2e", kind: "rate", rate: second, condition: first } };
    if (isHarmRate(second)) return { ok: true, key: { layer: "e2e", kind: "harm", rate: second, condition: first } };
    if (E2E_CONDITION_COSTS.includes(second)) return { ok: true, key: { layer: "e2e", kind: "cost", name: second, condition: first } };
    const known2 = [...E2E_RATES, ...Object.keys(HARM_RATES), ...E2E_CONDITION_COSTS];
    return { ok: false, reason: `"${second}" is not a rate`, hint: didYouMean(second, known2) ?? `use ${known2.join(", ")}` };
  }
  const hint = isCondition(first) ? `use e2e.${first}.<rate>` : didYouMean(first, ["ability", "grader", "stage", ...CONDITIONS]) ?? "use e2e.<rate>, e2e.<condition>.<rate>, e2e.ability.<ability>.<rate>, e2e.grader.<name>.score or e2e.stage.<stage>.rate";
  return { ok: false, reason: `"${key}" is not an e2e metric`, hint };
}
function parseFault(key, rest) {
  const [fault, metric] = rest;
  if (rest.length !== 2) return { ok: false, reason: `"${key}" is not a fault metric`, hint: `use e2e.fault.<${FAULT_KINDS.join("|")}>.<${FAULT_METRICS.join("|")}>` };
  if (!FAULT_KINDS.includes(fault)) return { ok: false, reason: `"${fault}" is not a fault`, hint: didYouMean(fault, FAULT_KINDS) ?? `faults: ${FAULT_KINDS.join(", ")}` };
  if (!FAULT_METRICS.includes(metric)) return { ok: false, reason: `"${metric}" is not a fault metric`, hint: didYouMean(metric, FAULT_METRICS) ?? `use ${FAULT_METRICS.join(", ")}` };
  return { ok: true, key: { layer: "e2e", kind: "fault", fault, metric } };
}
function e2eHint(word) {
  const match = didYouMean(word, E2E_SINGLE);
  return match ?? `use one of ${E2E_SINGLE.map((name) => `e2e.${name}`).join(", ")}`;
}
function parseStage(key, rest, ability) {
  const usage = `use ${ability === void 0 ? "e2e" : `e2e.ability.${ability}`}.stage.<${FAILURE_STAGES.join("|")}>.rate`;
  const [stage, rate] = rest;
  if (rest.length !== 2 || rate !== "rate") return { ok: false, reason: `"${key}" is not a stage metric`, hint: usage };
  if (!FAILURE_STAGES.includes(stage)) return { ok: false, reason: `"${stage}" is not a stage`, hint: didYouMean(stage, FAILURE_STAGES) ?? `stages: ${FAILURE_STAGES.join(", ")}` };
  return { ok: true, key: { layer: "e2e", kind: "stage", stage, ...ability !== void 0 ? { ability } : {} } };
}
function parseAbility(key, rest, known) {
  const usage = "use e2e.ability.<ability>.<rate>, e2e.ability.<ability>.<condition>.<rate>, .lift or .gap";
  if (rest.length < 2) return { ok: false, reason: `"${key}" names no ability metric`, hint: usage };
  const last = rest[rest.length - 1];
  if (last === "rate" && rest.length >= 4 && rest[rest.length - 3] === "stage") return parseStage(key, rest.slice(-2), rest.slice(0, -3).join("."));
  const abilities = new Set(known.abilities ?? []);
  const graderAt = graderSegment(rest, abilities);
  if (graderAt !== void 0) return parseGrader(key, rest.slice(graderAt + 1), known, rest.slice(0, graderAt).join("."));
  if (last === "lift" || last === "gap") {
    return { ok: true, key: { layer: "e2e", kind: "diff", ability: rest.slice(0, -1).join("."), diff: last } };
  }
  if (!isRate(last) && !isHarmRate(last)) {
    return { ok: false, reason: `"${last}" is not an ability metric`, hint: didYouMean(last, [...E2E_RATES, ...Object.keys(HARM_RATES), "lift", "gap"]) ?? usage };
  }
  const figure = isRate(last) ? { kind: "rate", rate: last } : { kind: "harm", rate: last };
  const whole = rest.slice(0, -1).join(".");
  const beforeLast = rest[rest.length - 2];
  if (rest.length >= 3 && isCondition(beforeLast) && !abilities.has(whole)) {
    return { ok: true, key: { layer: "e2e", ...figure, condition: beforeLast, ability: rest.slice(0, -2).join(".") } };
  }
  return { ok: true, key: { layer: "e2e", ...figure, ability: whole } };
}
function graderSegment(rest, abilities) {
  if (abilities.has(rest.slice(0, -1).join(".")) || abilities.has(rest.slice(0, -2).join("."))) return void 0;
  const at = rest.map((part, index) => part === "grader" && index >= 1 && index <= rest.length - 3 ? index : -1).filter((index) => index >= 0);
  return at.find((index) => abilities.has(rest.slice(0, index).join("."))) ?? at[0];
}
function parseGrader(key, rest, known, ability) {
  const usage = `use ${ability === void 0 ? "e2e" : `e2e.ability.${ability}`}.grader.<name>.<${GRADER_METRICS.join("|")}>`;
  if (rest.length < 2) return { ok: false, reason: `"${key}" names no grader metric`, hint: usage };
  const metric = rest[rest.length - 1];
  if (!GRADER_METRICS.includes(metric)) {
    return { ok: false, reason: `"${metric}" is not a grader metric`, hint: didYouMean(metric, GRADER_METRICS) ?? usage };
  }
  const graders = known.graders === void 0 ? void 0 : new Set(known.graders);
  const whole = rest.slice(0, -1).join(".");
  const beforeLast = rest[rest.length - 2];
  const conditioned = rest.length >= 3 && isCondition(beforeLast) && !graders?.has(whole);
  const grader = conditioned ? rest.slice(0, -2).join(".") : whole;
  if (graders && !graders.has(grader)) {
    const names = [...graders].sort();
    return {
      ok: false,
      reason: `no grader "${grader}"${names.length === 0 ? ": no case has graders" : ""}`,
      hint: didYouMean(grader, names) ?? (names.length ? `graders: ${names.join(", ")}` : "add graders: to a case")
    };
  }
  return {
    ok: true,
    key: { layer: "e2e", kind: "grader", grader, metric, ...conditioned ? { condition: beforeLast } : {}, ...ability !== void 0 ? { ability } : {} }
  };
}
function defaultAggregation(key) {
  if (key.layer === "retrieval") return isIsolationCount(key.family) || key.haystack === "per_doubling" ? void 0 : key.family === "latency_ms" ? "median" : "mean";
  if (key.kind === "latency" || key.kind === "fault" && key.metric === "recall_latency_ms") return "median";
  if (key.kind === "rate" && key.rate !== "errors" || key.kind === "fault" && key.metric === "pass_rate" || key.kind === "grader") return "mean";
  return void 0;
}
function aggregationApplies(key) {
  return defaultAggregation(key) !== void 0;
}
function aggregate(values, aggregation) {
  switch (aggregation) {
    case "mean":
      return mean(values);
    case "median":
      return median(values);
    case "p95":
      return percentile(values, 95);
    case "min":
      return values.reduce((a, b) => Math.min(a, b), Infinity);
    case "max":
      return values.reduce((a, b) => Math.max(a, b), -Infinity);
  }
}
function resolveMetric(key, results, options = {}) {
  const parsed = parseMetricKey(key, {
    providers: Object.keys(results.retrieval?.providers ?? {}),
    abilities: Object.keys(results.e2e?.abilities ?? {}),
    // Without e2e results the key cannot be checked here: the layer decides (skipped, or missing).
    ...results.e2e ? { graders: Object.keys(results.e2e.graders ?? {}) } : {}
  });
  if (!parsed.ok) return { status: "invalid", reason: `"${key}" names nothing: ${parsed.reason}`, hint: parsed.hint };
  const spec = parsed.key;
  const fallback = defaultAggregation(spec);
  if (options.aggregation !== void 0 && fallback === void 0) {
    return { status: "invalid", reason: `aggregation ${options.aggregation} does not apply to ${key}: it is one number per run` };
  }
  const aggregation = options.aggregation ?? fallback;
  const state = results.layers[spec.layer];
  if (state !== "ran") return { status: "skipped", layer: spec.layer, reason: `the ${spec.layer} layer was ${state} in this run` };
  if (spec.layer === "retrieval") {
    const unit = options.intervalUnit ?? intervalUnitOf(results);
    if (isIsolationCount(spec.family)) return resolveIsolation(spec, spec.family, results, unit);
    if (spec.haystack !== void 0 && spec.haystack !== 1) return resolveHaystack(spec, spec.haystack, results, aggregation, unit);
    return resolveRetrieval(spec, results, aggregation, unit);
  }
  return resolveE2e(spec, results, aggregation, options.trials);
}
function intervalUnitOf(results) {
  return results.retrieval?.interval_unit ?? "query";
}
function valueOf(values, aggregation, unit, layer, names) {
  return {
    status: "value",
    value: aggregate(values, aggregation),
    aggregation,
    layer,
    samples: { unit, units: values.map((value) => [value]), ...names, statistic: (units) => aggregate(units.map((one) => one[0]), aggregation) }
  };
}
function providerOf(spec, results) {
  const retrieval = results.retrieval;
  if (!retrieval) return unfinished("retrieval", results);
  const provider = own(retrieval.providers, spec.provider);
  if (!provider) {
    const names = Object.keys(retrieval.providers);
    return { status: "missing", reason: `no provider "${spec.provider}" in this run`, hint: didYouMean(spec.provider, names) ?? `providers: ${names.join(", ")}` };
  }
  if (provider.status !== "ok") return { status: "missing", reason: `provider ${provider.name} failed: ${provider.error ?? "no results"}` };
  if (spec.k !== void 0 && !retrieval.k.includes(spec.k)) return { status: "missing", reason: `${spec.metric} was not computed: retrieval.k is ${retrieval.k.join(", ")}` };
  return { retrieval, provider };
}
function resolveRetrieval(spec, results, aggregation, unit) {
  const found = providerOf(spec, results);
  if ("status" in found) return found;
  const { provider } = found;
  const tagged = spec.tag === void 0 ? provider.queries : provider.queries.filter((query) => query.tags.includes(spec.tag));
  const stale = isStalenessFamily(spec.family);
  const queries = spec.family === "latency_ms" ? tagged : stale ? tagged.filter(namesObsolete) : scoredQueries(tagged);
  const read = (query) => spec.family === "latency_ms" ? query.latency_ms : query.metrics[spec.metric];
  const values = queries.map(read).filter((value) => typeof value === "number");
  if (values.length > 0 && values.length === queries.length) return valueOf(values, aggregation, unit, "retrieval", queryUnitNames(queries, unit));
  if (stale) return staleFromSummary(spec, provider, tagged, aggregation);
  if (spec.tag !== void 0 && !own(provider.by_tag, spec.tag) && tagged.length === 0) {
    if (results.selection?.queries) return { status: "skipped", layer: "retrieval", reason: narrowedOut(`tag "${spec.tag}"`, results.selection) };
    const tags = Object.keys(provider.by_tag ?? {});
    return { status: "missing", reason: `no query is tagged "${spec.tag}"`, hint: didYouMean(spec.tag, tags) };
  }
  const where2 = spec.tag === void 0 ? provider.name : `${provider.name}, tag ${spec.tag}`;
  if (spec.family === "latency_ms") {
    const summary = provider.latency_ms;
    if (spec.tag === void 0 && summary && summary.count > 0 && aggregation !== "min") return { status: "value", value: summary[aggregation], aggregation, layer: "retrieval" };
    return { status: "missing", reason: `no per-query latencies for ${where2}` };
  }
  const means = spec.tag === void 0 ? provider.metrics : own(provider.by_tag, spec.tag)?.metrics;
  const stored = means?.[spec.metric];
  if (aggregation === "mean" && stored !== void 0) return { status: "value", value: stored, aggregation, layer: "retrieval" };
  return { status: "missing", reason: `no per-query ${spec.metric} for ${where2}, so its ${aggregation} is not available` };
}
function resolveHaystack(spec, at, results, aggregation, unit) {
  const found = providerOf(spec, results);
  if ("status" in found) return found;
  const { retrieval, provider } = found;
  const points = provider.haystack?.points;
  if (!retrieval.haystack || !points) return { status: "missing", reason: "this run measured no haystack curve", hint: "add retrieval.haystack (e.g. [0.1, 0.5, 1]) to the suite" };
  const queries = scoredQueries(provider.queries);
  const valuesAt = (fraction) => queries.map((query) => fraction === 1 ? query.metrics[spec.metric] : query.haystack?.[fractionLabel(fraction)]?.[spec.metric]);
  const complete = (values2) => values2.length > 0 && values2.every((value) => typeof value === "number");
  const names = queryUnitNames(queries, unit);
  if (at === "per_doubling") {
    const columns = points.map((point2) => valuesAt(point2.fraction));
    const statistic = (units) => slopePerDoubling(points.map((point2, index) => ({ memories: point2.memories, value: mean(units.map((unit2) => unit2[index])) }))) ?? NaN;
    if (new Set(points.map((point2) => point2.memories)).size < 2) {
      return { status: "missing", reason: `every haystack fraction seeded ${points[0]?.memories ?? 0} memories: no memory is relevant to no query, so there was nothing to thin` };
    }
    if (columns.every(complete)) {
      const units = queries.map((_, row) => columns.map((column) => column[row]));
      return { status: "value", value: statistic(units), layer: "retrieval", samples: { unit, units, ...names, statistic } };
    }
    const stored2 = provider.haystack?.per_doubling?.[spec.metric];
    if (stored2 !== void 0) return { status: "value", value: stored2, layer: "retrieval" };
    return { status: "missing", reason: `no haystack ${spec.metric} for ${provider.name}` };
  }
  const point = points.find((candidate) => candidate.fraction === at);
  if (!point) return { status: "missing", reason: `this run measured no haystack at ${at}: retrieval.haystack was ${points.map((candidate) => candidate.fraction).join(", ")}` };
  const values = valuesAt(at);
  if (complete(values)) return valueOf(values, aggregation, unit, "retrieval", names);
  const stored = point.metrics[spec.metric];
  if (aggregation === "mean" && stored !== void 0) return { status: "value", value: stored, aggregation, layer: "retrieval" };
  return { status: "missing", reason: `no per-query ${spec.metric} at haystack ${at} for ${provider.name}, so its ${aggregation} is not available` };
}
function staleFromSummary(spec, provider, tagged, aggregation) {
  const where2 = spec.tag === void 0 ? provider.name : `${provider.name}, tag ${spec.tag}`;
  if (spec.tag !== void 0 && tagged.length === 0 && !own(provider.staleness?.by_tag, spec.tag)) return { status: "missing", reason: `no query is tagged "${spec.tag}"`, hint: didYouMean(spec.tag, Object.keys(provider.by_tag ?? {})) };
  if (provider.queries.length > 0 && !tagged.some(namesObsolete)) {
    return { status: "missing", reason: `no query${spec.tag === void 0 ? "" : ` tagged "${spec.tag}"`} names an obsolete memory, so there is no ${spec.metric} for ${provider.name}`, hint: "give queries obsolete: [ids] (memories that were true once and are superseded)" };
  }
  const figures = spec.tag === void 0 ? provider.staleness : own(provider.staleness?.by_tag, spec.tag);
  const stored = figures?.metrics[spec.metric];
  if (aggregation === "mean" && stored !== void 0) return { status: "value", value: stored, aggregation, layer: "retrieval" };
  return { status: "missing", reason: `no per-query ${spec.metric} for ${where2}, so its ${aggregation} is not available` };
}
function isIsolationCount(family) {
  return ISOLATION_COUNTS.includes(family);
}
function resolveIsolation(spec, family, results, unit) {
  const provider = own(results.retrieval?.providers ?? {}, spec.provider);
  if (!results.retrieval) return unfinished("retrieval", results);
  if (!provider?.isolation) return { status: "missing", reason: `no isolation check for provider "${spec.provider}" in this run` };
  if (provider.status !== "ok" && provider.queries.every((query) => query.results.length === 0)) return { status: "missing", reason: `provider ${provider.name} failed and returned no result, so it measured no isolation: ${provider.error ?? "no reason recorded"}` };
  const listed = family === "cross_user_hits" ? provider.isolation.cross_user : provider.isolation.unknown;
  const queries = spec.tag === void 0 ? provider.queries : provider.queries.filter((query) => query.tags.includes(spec.tag));
  const units = queries.map((query) => [listed.filter((hit) => hit.query === query.id).length]);
  const value = spec.tag === void 0 ? provider.isolation[family] : sum(units);
  return { status: "value", value, layer: "retrieval", samples: { unit, units, ...queryUnitNames(queries, unit), statistic: sum } };
}
function narrowedOut(what, selection) {
  return `${what} is not in this narrowed run (${selection.by.join(", ")})`;
}
function unfinished(layer, results) {
  const errors = results.errors ?? [];
  const why = errors.length > 0 ? `the run could not complete: ${errors.join("; ")}` : "the run did not finish the layer";
  return { status: "missing", reason: `results.json has no ${layer} results (${why})` };
}
function rateResolution(rate, group, cases, condition, aggregation) {
  const named = cases.filter(([, result]) => result.conditions[condition] !== void 0);
  const rates = named.map(([, result]) => result.conditions[condition]);
  if (rate === "errors") {
    return { status: "value", value: group.errors, layer: "e2e", samples: { unit: "case", units: rates.map((r) => [r.errors]), ...caseNames(named), statistic: sum } };
  }
  if (aggregation === "mean" || aggregation === void 0) {
    return { status: "value", value: group[rate], aggregation: "mean", layer: "e2e", samples: caseRateSamples(named, condition, rate) };
  }
  if (rate === "pass_rate") {
    const tried = named.filter(([, result]) => result.conditions[condition].trials > 0);
    return casesOrMissing(tried.map(([, result]) => result.conditions[condition].passed / result.conditions[condition].trials), aggregation, caseNames(tried));
  }
  return casesOrMissing(rates.map((r) => r[rate] ? 1 : 0), aggregation, caseNames(named));
}
function erroredNote(e2e, condition, ability, group) {
  if (group.errors === 0) return void 0;
  const first = e2e.errors.find(({ key }) => {
    const [name, keyCondition] = key.split("|");
    return keyCondition === condition && (ability === void 0 || own(e2e.cases, name)?.ability === ability);
  });
  return `${group.errors} of ${group.trials} trials errored and count as not passed${first ? `: ${first.reason}` : ""}`;
}
function resolveE2e(spec, results, aggregation, trials) {
  const e2e = results.e2e;
  if (!e2e) return unfinished("e2e", results);
  const abilityMissing = (ability) => {
    if (results.selection?.cases) return { status: "skipped", layer: "e2e", reason: narrowedOut(`ability "${ability}"`, results.selection) };
    const names = Object.keys(e2e.abilities);
    return { status: "missing", reason: `no ability "${ability}" in this run`, hint: didYouMean(ability, names) ?? `abilities: ${names.join(", ")}` };
  };
  const casesOf = (ability) => Object.entries(e2e.cases).filter(([, result]) => ability === void 0 || result.ability === ability);
  if (spec.kind === "rate") {
    const condition = spec.condition ?? e2e.headline_condition;
    if (!e2e.conditions.includes(condition)) return { status: "missing", reason: `the ${condition} condition did not run (conditions: ${e2e.conditions.join(", ")})` };
    if (spec.ability !== void 0 && !own(e2e.abilities, spec.ability)) return abilityMissing(spec.ability);
    const group = spec.ability === void 0 ? e2e.by_condition[condition] : e2e.abilities[spec.ability].conditions[condition];
    if (!group) return { status: "missing", reason: `no ${condition} results${spec.ability ? ` for ability ${spec.ability}` : ""}` };
    const resolution = rateResolution(spec.rate, group, casesOf(spec.ability), condition, aggregation);
    const note = erroredNote(e2e, condition, spec.ability, group);
    return resolution.status === "value" && note ? { ...resolution, note } : resolution;
  }
  if (spec.kind === "grader") {
    if (spec.ability !== void 0 && !own(e2e.abilities, spec.ability)) return abilityMissing(spec.ability);
    return resolveGrader(spec, e2e, aggregation ?? "mean");
  }
  if (spec.kind === "harm") return resolveHarm(spec, e2e, abilityMissing);
  if (spec.kind === "stage") return resolveStage(spec, e2e, abilityMissing);
  if (spec.kind === "diff") {
    const ability = own(e2e.abilities, spec.ability);
    if (!ability) return abilityMissing(spec.ability);
    const [a, b] = spec.diff === "lift" ? ["recall", "none"] : ["oracle", "recall"];
    const value = spec.diff === "lift" ? ability.lift_over_none : ability.gap_oracle_over_recall;
    if (value === void 0) return { status: "missing", reason: `${spec.diff} needs the ${a} and ${b} conditions (conditions: ${e2e.conditions.join(", ")})` };
    return { status: "value", value, layer: "e2e", samples: caseDiffSamples(casesOf(spec.ability), a, b) };
  }
  if (spec.kind === "cost") return conditionCost(e2e, spec.name, spec.condition);
  if (spec.kind === "latency") {
    const what = spec.which === "call" ? "a latency" : "a recall time";
    const read = (trial) => trial.invocations.map((call) => spec.which === "call" ? call.latency_ms : call.recall_ms).filter((value) => value !== void 0);
    const measured = spec.which === "call" ? trials ?? [] : (trials ?? []).filter((trial) => trial.condition === "recall");
    return perCallResolution(measured, read, e2e.latency_ms[spec.which], aggregation ?? "median", spec.which === "call" ? "e2e.latency_ms" : "e2e.recall_latency_ms", what, e2e);
  }
  if (spec.kind === "fault") return resolveFault(spec, e2e, casesOf(void 0), aggregation, trials);
  switch (spec.name) {
    case "cost_usd": {
      if (e2e.cost_usd === null) return { status: "missing", reason: `the run's cost is unknown: ${unknownCostReason(e2e.cost, e2e.target.kind)}` };
      const usable = trials && trials.length > 0 && trials.every((trial) => trial.cost_usd !== null);
      const samples = usable ? { unit: "case", ...groupByCase(trials, (trial) => [trial.cost_usd], e2e), statistic: sumAll } : void 0;
      return { status: "value", value: e2e.cost_usd, layer: "e2e", ...samples ? { samples } : {} };
    }
    case "embedding_cost_usd": {
      const value = e2e.cost?.embedding_usd;
      if (value === void 0) return { status: "missing", reason: "the results have no embedding cost (written by an older recall-gate)" };
      if (value === null) return { status: "missing", reason: "the embedding cost is unknown: an embedding model has no price, or a response reported no token count", hint: "add the embedding model to e2e.prices" };
      return { status: "value", value, layer: "e2e" };
    }
    case "injected_tokens": {
      if (!e2e.cost) return { status: "missing", reason: "the results have no injected tokens (written by an older recall-gate)" };
      return { status: "value", value: e2e.cost.injected_tokens, layer: "e2e" };
    }
    case "leaks": {
      if (!e2e.conditions.includes("none")) return { status: "missing", reason: "leaks are found under the none condition, which did not run" };
      return { status: "value", value: e2e.leaks.length, layer: "e2e", samples: { unit: "case", units: Object.values(e2e.cases).map((result) => [result.leak ? 1 : 0]), ...caseNames(Object.entries(e2e.cases)), statistic: sum } };
    }
    default: {
      const name = spec.name;
      const value = e2e.recall_quality[name];
      if (value === void 0) {
        const why = name === "harmful_recall_rate" ? "no case with obsolete or disallowed texts reported what it recalled" : "no case with evidence reported what it recalled";
        return { status: "missing", reason: `no ${name}: ${why}` };
      }
      const read = (trial) => {
        if (name === "harmful_recall_rate") return trial.harmful_recall === void 0 ? [] : [trial.harmful_recall ? 1 : 0];
        const one = trial[name];
        return one === void 0 ? [] : [one];
      };
      const searched = (trials ?? []).filter((trial) => trial.condition === e2e.headline_condition);
      const byCase = groupByCase(searched, read, e2e);
      return { status: "value", value, layer: "e2e", ...byCase.units.length > 0 ? { samples: { unit: "case", ...byCase, statistic: (sample) => mean(sample.flat()) } } : {} };
    }
  }
}
function perCallResolution(trials, read, summary, agg, name, what, e2e) {
  if (trials.length > 0) {
    const byCase = groupByCase(trials, read, e2e);
    const all = byCase.units.flat();
    if (all.length === 0) return { status: "missing", reason: `no call in the trials reported ${what}` };
    return { status: "value", value: aggregate(all, agg), aggregation: agg, layer: "e2e", samples: { unit: "case", ...byCase, statistic: (sample) => aggregate(sample.flat(), agg) } };
  }
  if (!summary || summary.count === 0) return { status: "missing", reason: `no call reported ${what}` };
  if (agg === "min") return { status: "missing", reason: `the min of ${name} needs the trials (trials.jsonl); results.json keeps median, p95, mean and max` };
  return { status: "value", value: summary[agg], aggregation: agg, layer: "e2e" };
}
function resolveFault(spec, e2e, cases, aggregation, trials) {
  const condition = `fault:${spec.fault}`;
  const group = e2e.by_condition[condition];
  if (!e2e.conditions.includes(condition) || !group) return { status: "missing", reason: `the ${condition} condition did not run (conditions: ${e2e.conditions.join(", ")})`, hint: `add ${condition} to e2e.conditions` };
  const name = `e2e.fault.${spec.fault}.${spec.metric}`;
  switch (spec.metric) {
    case "pass_rate":
    case "errors": {
      const resolution = rateResolution(spec.metric, group, cases, condition, aggregation);
      const note = erroredNote(e2e, condition, void 0, group);
      return resolution.status === "value" && note ? { ...resolution, note } : resolution;
    }
    case "vs_none": {
      const none = e2e.by_condition.none;
      if (!e2e.conditions.includes("none") || !none) return { status: "missing", reason: `${name} compares with the none condition, which did not run`, hint: "add none to e2e.conditions" };
      return { status: "value", value: e2e.faults?.[spec.fault]?.vs_none ?? group.pass_rate - none.pass_rate, layer: "e2e", samples: caseDiffSamples(cases, condition, "none") };
    }
    case "recall_latency_ms": {
      const mine = (trials ?? []).filter((trial) => trial.condition === condition);
      return perCallResolution(mine, probeRecallMs, e2e.faults?.[spec.fault]?.recall_latency_ms, aggregation ?? "median", name, `a recall time under ${condition}`, e2e);
    }
  }
}
function resolveGrader(spec, e2e, aggregation) {
  const condition = spec.condition ?? e2e.headline_condition;
  if (!e2e.conditions.includes(condition)) return { status: "missing", reason: `the ${condition} condition did not run (conditions: ${e2e.conditions.join(", ")})` };
  const overall = own(e2e.graders, spec.grader);
  const summary = spec.ability === void 0 ? overall : own(e2e.abilities[spec.ability].graders, spec.grader);
  const where2 = `grader ${spec.grader}${spec.ability === void 0 ? "" : ` in ability ${spec.ability}`}`;
  if (!summary) return { status: "missing", reason: `no case of ability ${spec.ability} has the grader ${spec.grader}` };
  const group = summary.conditions[condition];
  if (!group) return { status: "missing", reason: `no ${condition} results for ${where2}` };
  if (group.skipped === group.trials) {
    return { status: "skipped", layer: "e2e", reason: `every ${condition} trial of ${where2} was skipped${group.reasons?.skipped ? `: ${group.reasons.skipped}` : ""}` };
  }
  if (spec.metric === "score" && group.scored === 0) {
    return { status: "missing", reason: `no ${condition} trial of ${where2} has a score (${group.errors} errors, ${group.skipped} skipped)${group.reasons?.error ? `: ${group.reasons.error}` : ""}` };
  }
  const cases = Object.entries(overall?.cases ?? {}).filter(([name]) => spec.ability === void 0 || own(e2e.cases, name)?.ability === spec.ability).flatMap(([name, byCondition]) => byCondition[condition] ? [{ name, cluster: resamplingUnit(name, own(e2e.cases, name)), figures: byCondition[condition] }] : []);
  const notes = [
    ...group.errors > 0 ? [`${group.errors} of ${group.trials} trials of ${where2} errored and count as not passed${group.reasons?.error ? `: ${group.reasons.error}` : ""}`] : [],
    ...group.skipped > 0 ? [`${group.skipped} skipped, left out of the pass rate`] : [],
    ...spec.metric === "score" && group.scored < group.trials ? [`the score is the mean over the ${group.scored} of ${group.trials} trials that have one`] : [],
    ...summary.note ? [summary.note] : []
  ];
  const noted = (resolution) => resolution.status === "value" && notes.length ? { ...resolution, note: notes.join("; ") } : resolution;
  const hasCases = Object.keys(overall?.cases ?? {}).length > 0;
  if (aggregation === "mean") {
    const value = spec.metric === "score" ? group.mean_score : group[spec.metric];
    return noted({ status: "value", value, aggregation, layer: "e2e", ...hasCases ? { samples: graderSamples(cases, spec.metric) } : {} });
  }
  if (!hasCases) return { status: "missing", reason: `the ${aggregation} of ${spec.metric} needs the per-case figures of results.e2e.graders, which this results.json lacks` };
  if (spec.metric === "score") {
    const scores = cases.flatMap(({ figures }) => figures.scores);
    return noted({ status: "value", value: aggregate(scores, aggregation), aggregation, layer: "e2e", samples: graderSamples(cases, "score", (values2) => aggregate(values2, aggregation)) });
  }
  const graded = cases.filter(({ figures }) => figures.trials > figures.skipped);
  const values = graded.map(({ figures }) => spec.metric === "pass_rate" ? figures.passed / (figures.trials - figures.skipped) : figures["pass^k"] ? 1 : 0);
  return noted(casesOrMissing(values, aggregation, { ids: graded.map((one) => one.name), clusters: graded.map((one) => one.cluster) }));
}
function resolveHarm(spec, e2e, abilityMissing) {
  const condition = spec.condition ?? e2e.headline_condition;
  if (!e2e.conditions.includes(condition)) return { status: "missing", reason: `the ${condition} condition did not run (conditions: ${e2e.conditions.join(", ")})` };
  if (spec.ability !== void 0 && !own(e2e.abilities, spec.ability)) return abilityMissing(spec.ability);
  if (!e2e.harm) return { status: "missing", reason: "results.json has no harm figures (written by an older recall-gate)", hint: "run the e2e layer again, or regrade" };
  const field = HARM_RATES[spec.rate];
  const rates = spec.ability === void 0 ? e2e.harm.by_condition[condition] : own(e2e.harm.abilities, spec.ability)?.[condition];
  const value = rates?.[field]?.rate;
  if (value === void 0) {
    const why = field === "empty_recall" && (condition === "none" || condition === "oracle") ? `${condition} does not search memory` : `no trial under ${condition}${spec.ability ? ` of ability ${spec.ability}` : ""} has the figure defined`;
    return { status: "missing", reason: `no ${spec.rate}: ${why}` };
  }
  const named = Object.entries(e2e.harm.cases).filter(([name]) => spec.ability === void 0 || own(e2e.cases, name)?.ability === spec.ability).map(([name, byCondition]) => [name, byCondition[condition]?.[field]]).filter((entry) => entry[1] !== void 0 && entry[1].of > 0);
  const names = caseNames(named.map(([name]) => [name, own(e2e.cases, name) ?? { ability: "", conditions: {}, leak: false }]));
  return { status: "value", value, layer: "e2e", samples: { unit: "case", units: named.map(([, share2]) => [share2.count, share2.of]), ...names, statistic: pooledRate } };
}
function resolveStage(spec, e2e, abilityMissing) {
  if (!e2e.conditions.includes("recall")) return { status: "missing", reason: `stages are counted under recall, which did not run (conditions: ${e2e.conditions.join(", ")})`, hint: "add recall to e2e.conditions" };
  if (spec.ability !== void 0 && !own(e2e.abilities, spec.ability)) return abilityMissing(spec.ability);
  if (!e2e.stages) return { status: "missing", reason: "results.json has no stage counts (written by an older recall-gate)", hint: "regrade the results folder, or run the e2e layer again" };
  const counts = spec.ability === void 0 ? e2e.stages.by_condition.recall : own(e2e.stages.abilities, spec.ability)?.recall;
  if (!counts || counts.trials === 0) return { status: "missing", reason: `no trial under recall${spec.ability ? ` of ability ${spec.ability}` : ""}` };
  const named = Object.entries(e2e.stages.cases).filter(([name, figures]) => figures.trials > 0 && (spec.ability === void 0 || own(e2e.cases, name)?.ability === spec.ability));
  const names = caseNames(named.map(([name]) => [name, own(e2e.cases, name) ?? { ability: "", conditions: {}, leak: false }]));
  return { status: "value", value: counts[spec.stage] / counts.trials, layer: "e2e", samples: { unit: "case", units: named.map(([, figures]) => [figures[spec.stage], figures.trials]), ...names, statistic: pooledRate } };
}
function conditionCost(e2e, name, condition) {
  if (!e2e.conditions.includes(condition)) return { status: "missing", reason: `the ${condition} condition did not run (conditions: ${e2e.conditions.join(", ")})` };
  const figures = e2e.cost?.by_condition[condition];
  if (!figures) return { status: "missing", reason: `the results have no ${condition} cost figures (written by an older recall-gate)` };
  if (name === "injected_tokens") return { status: "value", value: figures.injected_tokens, layer: "e2e" };
  if (figures.cost_per_success === void 0) return { status: "missing", reason: `no ${condition} trial passed: there is no success to price` };
  if (figures.cost_per_success === null) return { status: "missing", reason: `the ${condition} spend is unknown (in the whole run: ${unknownCostReason(e2e.cost, e2e.target?.kind)})` };
  return { status: "value", value: figures.cost_per_success, layer: "e2e" };
}
function casesOrMissing(values, aggregation, names) {
  if (values.length === 0) return { status: "missing", reason: "no case has trials under that condition" };
  return valueOf(values, aggregation, "case", "e2e", names);
}
function groupByCase(trials, read, e2e) {
  const finite2 = (trial) => read(trial).filter((value) => typeof value === "number" && Number.isFinite(value));
  const groups = [...groupBy(trials, (trial) => trial.case).entries()].map(([name, caseTrials]) => ({ name, values: caseTrials.flatMap(finite2) })).filter((group) => group.values.length > 0);
  return {
    units: groups.map((group) => group.values),
    ids: groups.map((group) => group.name),
    clusters: groups.map((group) => resamplingUnit(group.name, own(e2e.cases, group.name)))
  };
}
function sum(units) {
  return units.reduce((total, unit) => total + unit[0], 0);
}
function sumAll(units) {
  return units.reduce((total, unit) => total + unit.reduce((a, b) => a + b, 0), 0);
}
function own(record, key) {
  return record && Object.hasOwn(record, key) ? record[key] : void 0;
}

// src/stats/power.ts
var Z_LEVEL = 1.959963984540054;
var Z_POWER = 0.8416212335729143;
var MDE_FACTOR = (Z_LEVEL + Z_POWER) * Math.SQRT2;
var MDE_DEFINITION = "mde: the smallest change the gate tells from noise with 80% power at the 95% interval's level, 2.80 x sqrt(2) x the bootstrap standard error of this run's figure (the baseline assumed alike, pairing given no credit)";
function standardDeviation(values) {
  if (values.length < 2) return 0;
  const center = mean(values);
  let sum2 = 0;
  for (const value of values) sum2 += (value - center) ** 2;
  return Math.sqrt(sum2 / (values.length - 1));
}
function bootstrapStandardError(samples, options = {}) {
  const draws = bootstrapDraws(samples, options);
  return draws && standardDeviation(draws);
}
function minimumDetectableEffect(standardError) {
  return MDE_FACTOR * standardError;
}
function unitsForBound(units, mde, bound) {
  return Math.ceil(units * (mde / bound) ** 2 - 1e-9);
}
function rateVariance(units) {
  const cases = units.filter((unit) => unit[1] > 0);
  if (cases.length < 2) return void 0;
  const repeats = mean(cases.map((unit) => unit[1]));
  const repeated = cases.filter((unit) => unit[1] >= 2);
  if (repeats < 2 || repeated.length === 0) return void 0;
  const rates = cases.map((unit) => unit[0] / unit[1]);
  const within = mean(repeated.map((unit) => {
    const rate = unit[0] / unit[1];
    return rate * (1 - rate) * unit[1] / (unit[1] - 1);
  }));
  const total = standardDeviation(rates) ** 2;
  return { between: Math.max(0, total - within / repeats), within, repeats };
}
function repeatsForBound(variance, mde, bound) {
  const now = variance.between + variance.within / variance.repeats;
  const allowed = now * (bound / mde) ** 2;
  if (variance.within === 0 || variance.between >= allowed) return null;
  return Math.max(1, Math.ceil(variance.within / (allowed - variance.between) - 1e-9));
}

export {
  historyScope,
  resamplingUnit,
  historyOrders,
  workUnits,
  addEmbeddingUsage,
  playingOf,
  caseRateSamples,
  caseDiffSamples,
  pooledRate,
  trialKey,
  addJudgeUsage,
  aggregateGraders,
  CHECK_KINDS,
  kindsOf,
  usesJudge,
  readsActions,
  checkProblems,
  settleRecallQuality,
  gradeHarmfulAction,
  harmSummary,
  harmNote,
  failureHarm,
  harmRateUnmeasured,
  STORED_TEXT_LIMIT,
  capText,
  wasCut,
  capStoredText,
  capArtifact,
  probeActions,
  FAULT_KINDS,
  faultOf,
  memoryOf,
  gradingOf,
  faultIgnored,
  summarizeFaults,
  FAILURE_STAGES,
  STAGE_LABELS,
  settleStage,
  stageOfRecord,
  stageNeedsSnapshot,
  stageSummary,
  failingCount,
  stageCountsText,
  emptyMemoryWarning,
  rewordedMemoryWarning,
  stageRateUnmeasured,
  chooseIntervalUnit,
  unitKey,
  retrievalIntervals,
  DEFAULT_HAYSTACK_SEED,
  haystackSamples,
  hayCount,
  perDoubling,
  fractionLabel,
  AGGREGATIONS,
  isStalenessFamily,
  parseMetricKey,
  defaultAggregation,
  aggregationApplies,
  resolveMetric,
  intervalUnitOf,
  MDE_DEFINITION,
  bootstrapStandardError,
  minimumDetectableEffect,
  unitsForBound,
  rateVariance,
  repeatsForBound,
  FileProblems,
  readReferencedText,
  readYamlFile,
  readDataFile,
  childEnvironment,
  childEnv,
  StderrTail,
  knownCrashFix,
  moduleExports,
  graderKind,
  gradeTrial,
  describeGrading,
  loadGraders,
  checkFingerprint,
  trialFingerprints,
  withHistoryOrder,
  splitOf,
  selectSplit,
  splitRecord,
  changedHeldoutCases,
  changedHeldoutQueries,
  readLabels,
  calibrateJudge,
  calibrationLine,
  belowMinimum,
  requireCalibration
};
