import {
  renderImportReport,
  writeImport
} from "./chunk-PO5OI7KK.js";
import "./chunk-VNPJWP4Q.js";
import {
  parseCommandArgs
} from "./chunk-7KN5MXIB.js";
import {
  answerTokens,
  normalisesToBlank
} from "./chunk-7J7WLCBV.js";
import "./chunk-GAJOKOFC.js";
import {
  ExitCode,
  RecallGateError,
  counted,
  didYouMean,
  fileSystemError
} from "./chunk-EMJKK5FL.js";
import "./chunk-DMMU4MAP.js";

// src/cli/import.ts
const { mkdirSync, readdirSync, rmdirSync, statSync } = globalThis.process.getBuiltinModule("node:fs");
const { relative, resolve } = globalThis.process.getBuiltinModule("node:path");

// src/import/letta.ts
const { basename, extname } = globalThis.process.getBuiltinModule("node:path");

// src/import/jsonlLines.ts
const { createReadStream } = globalThis.process.getBuiltinModule("node:fs");
const { createInterface } = globalThis.process.getBuiltinModule("node:readline");

// src/import/recordDepth.ts
var MAX_RECORD_DEPTH = 64;
var TOO_DEEP = `nested deeper than ${MAX_RECORD_DEPTH} levels of arrays and objects`;
function nestedTooDeep(text) {
  let depth = 0;
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const char = text.charCodeAt(at);
    if (inString) {
      if (char === 92) at++;
      else if (char === 34) inString = false;
    } else if (char === 34) inString = true;
    else if (char === 91 || char === 123) {
      if (++depth > MAX_RECORD_DEPTH) return true;
    } else if (char === 93 || char === 125) depth--;
  }
  return false;
}

// src/import/jsonlLines.ts
async function* jsonlLines(path) {
  const lines = createInterface({ input: createReadStream(path, { encoding: "utf8" }), crlfDelay: Infinity });
  let line = 0;
  for await (const raw of lines) {
    line += 1;
    const text = line === 1 ? raw.replace(/^\uFEFF/, "") : raw;
    if (text.trim() === "") continue;
    if (nestedTooDeep(text)) {
      yield { line, error: TOO_DEEP, tooDeep: true };
      continue;
    }
    try {
      yield { line, value: JSON.parse(text) };
    } catch (error) {
      const message = error.message;
      const position = / at position (\d+)/.exec(message);
      const col = position ? Number(position[1]) + 1 : void 0;
      yield { line, ...col !== void 0 ? { col } : {}, error: message.replace(/ at position \d+.*$/, "") };
    }
  }
}

// src/import/letta.ts
var LETTA_PROBE = "What do you remember about me so far?";
var LETTA_CAPTURE_MIN = 0.8;
var UNCATEGORISED = "uncategorised";
function flattenGroundTruth(value) {
  const facts = /* @__PURE__ */ new Set();
  const visit = (node) => {
    if (typeof node === "string") {
      if (!normalisesToBlank(node)) facts.add(node.trim());
    } else if (typeof node === "number") {
      if (Number.isFinite(node)) facts.add(String(node));
    } else if (Array.isArray(node)) {
      for (const item of node) visit(item);
    } else if (node !== null && typeof node === "object") {
      for (const item of Object.values(node)) visit(item);
    }
  };
  visit(value);
  return [...facts];
}
function caseName(path, line) {
  const stem = basename(path, extname(path)).replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[^A-Za-z0-9]+/, "");
  return `${stem || "row"}-${line}`;
}
function readRow(value) {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { error: 'a row must be a JSON object with "input" and "ground_truth"' };
  const row = value;
  if (!("input" in row)) return { error: 'no "input" (the list of user turns)' };
  const input = row.input;
  if (!Array.isArray(input) || input.some((turn) => typeof turn !== "string")) return { error: '"input" must be a list of strings (the user turns)' };
  if (input.length === 0) return { error: '"input" has no turns' };
  const empty = input.findIndex((turn) => turn.trim() === "");
  if (empty >= 0) return { error: '"input" has an empty turn', detail: `turn ${empty + 1}` };
  if (!("ground_truth" in row)) return { error: 'no "ground_truth" (what memory must hold)' };
  const facts = flattenGroundTruth(row.ground_truth);
  if (facts.length === 0) return { error: '"ground_truth" holds no string or number value to look for in memory' };
  const category = row.category;
  if (category !== void 0 && (typeof category !== "string" || category.trim() === "")) return { error: '"category" must be a non-empty string when given' };
  return { turns: input, facts, ability: typeof category === "string" ? category.trim() : UNCATEGORISED };
}
async function readLetta(path, sink) {
  for await (const record of jsonlLines(path)) {
    sink.read("rows");
    if ("error" in record) {
      sink.skip(record.col === void 0 ? String(record.line) : `${record.line}:${record.col}`, record.tooDeep ? record.error : "invalid JSON", record.tooDeep ? void 0 : record.error);
      continue;
    }
    const row = readRow(record.value);
    if ("error" in row) {
      sink.skip(String(record.line), row.error, row.detail);
      continue;
    }
    await sink.addCase({
      name: caseName(path, record.line),
      ability: row.ability,
      sessions: [{ turns: row.turns }],
      probe: { text: LETTA_PROBE },
      graders: { capture: { memory: { captures: row.facts }, min: LETTA_CAPTURE_MIN } }
    });
  }
}
var lettaFormat = {
  summary: 'letta-evals JSONL rows {"input": [turns], "ground_truth": {...}, "category": "..."}',
  flags: [],
  read: readLetta,
  caseNotes: [
    "One case per row, named <file>-<line>. The row's input is one multi-turn session;",
    `its category is the ability ("uncategorised" when absent). The ground truth's`,
    "string and number values, from any depth, are the facts the capture grader",
    "looks for in the memory snapshot taken after the session; the grader passes",
    `when a share of at least ${LETTA_CAPTURE_MIN} of them is found.`,
    `The probe ("${LETTA_PROBE}") has no check: these rows grade what memory`,
    "holds, not an answer; add a check to a case to grade its answer too."
  ],
  conditions: ["recall"]
};

// src/import/jsonArrayItems.ts
const { createReadStream: createReadStream2 } = globalThis.process.getBuiltinModule("node:fs");
var [OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET, QUOTE, BACKSLASH, COMMA, NEWLINE] = [123, 125, 91, 93, 34, 92, 44, 10];
var isSpace = (byte) => byte === 32 || byte === NEWLINE || byte === 13 || byte === 9;
async function* jsonArrayItems(path, displayPath = path) {
  let line = 1;
  let started = false;
  let ended = false;
  let depth = 0;
  let deepest = 0;
  let inString = false;
  let escaped = false;
  let parts = [];
  let itemLine = 0;
  let itemOpen = false;
  let index = 0;
  const notArray = (what, shape = "") => new RecallGateError("invalid-input", `${displayPath}${what}`, { hint: `${shape}the file must hold one JSON array of records, [{...}, {...}]` });
  const finish = () => {
    if (!itemOpen) return void 0;
    const text = Buffer.concat(parts).toString("utf8");
    parts = [];
    itemOpen = false;
    const item = { index: index++, line: itemLine };
    if (deepest > MAX_RECORD_DEPTH) return { ...item, error: TOO_DEEP, tooDeep: true };
    try {
      return { ...item, value: JSON.parse(text) };
    } catch (error) {
      return { ...item, error: `not valid JSON: ${error.message}` };
    }
  };
  let firstChunk = true;
  for await (const chunk of createReadStream2(path)) {
    const bom = firstChunk && chunk[0] === 239 && chunk[1] === 187 && chunk[2] === 191 ? 3 : 0;
    firstChunk = false;
    let from = -1;
    if (itemOpen) from = 0;
    for (let at = bom; at < chunk.length; at++) {
      const byte = chunk[at];
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) inString = false;
        else if (byte === NEWLINE) line++;
        continue;
      }
      if (byte === NEWLINE) line++;
      if (!started) {
        if (isSpace(byte)) continue;
        if (byte !== OPEN_BRACKET) {
          throw notArray(`:${line}: not a JSON array (it does not begin with "[")`, byte === OPEN_BRACE ? "the file holds one JSON object; " : "");
        }
        started = true;
        continue;
      }
      if (ended) {
        if (!isSpace(byte)) throw notArray(`:${line}: text after the closing "]" of the array`);
        continue;
      }
      if (depth === 0 && (byte === COMMA || byte === CLOSE_BRACKET)) {
        if (from >= 0 && itemOpen) parts.push(chunk.subarray(from, at));
        from = -1;
        const item = finish();
        if (item) yield item;
        else if (byte === COMMA || index > 0) yield { index: index++, line, error: byte === COMMA ? "an empty item (a comma with nothing before it)" : "a comma with no item after it" };
        if (byte === CLOSE_BRACKET) ended = true;
        continue;
      }
      if (!itemOpen) {
        if (isSpace(byte)) continue;
        itemOpen = true;
        itemLine = line;
        deepest = 0;
        from = at;
      }
      if (byte === QUOTE) inString = true;
      else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) deepest = Math.max(deepest, ++depth);
      else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth--;
    }
    if (itemOpen && from >= 0) parts.push(chunk.subarray(from));
  }
  if (!started) throw notArray(": empty file (no JSON array)");
  if (!ended) throw notArray(`:${line}: ends inside the array, after ${counted(index, "complete element", "complete elements")} (a truncated file?)`);
}

// src/import/locomoCases.ts
var LOCOMO_PROBE_SUFFIX = "Answer with a short phrase, in the conversation's own words where you can.";
var LOCOMO_NOT_MENTIONED = ["not mentioned", "no information available"];
function nameFor(wanted, used) {
  const base = wanted.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[^A-Za-z0-9]+/, "") || "conversation";
  let name = base;
  for (let n = 2; used.has(name); n++) name = `${base}-${n}`;
  used.add(name);
  return name;
}
function goldOf(qa) {
  if (qa.answer === void 0) return void 0;
  return qa.category === 3 ? qa.answer.split(";")[0].trim() : qa.answer.trim();
}
async function locomoCases(user, sessions, qas, sink, names) {
  const played = sessions.filter((session) => session.turns.length > 0);
  if (played.length === 0) {
    if (qas.length > 0) sink.skip(user, "conversation with no turn to play: no e2e cases", `${qas.length} QA items`);
    return;
  }
  const history = nameFor(user, names);
  const texts = new Map(played.flatMap((session) => session.turns.map((turn) => [turn.id, turn.text])));
  const lastDate = played.map((session) => session.date).filter((date) => date !== void 0).sort().at(-1);
  const cases = [];
  for (const qa of qas) {
    const adversarial = qa.category === 5;
    const gold = adversarial ? void 0 : goldOf(qa);
    if (!adversarial && (gold === void 0 || gold === "")) {
      sink.skip(qa.record, "QA item with no answer: no e2e case");
      continue;
    }
    if (gold !== void 0 && answerTokens(gold).length === 0) {
      sink.skip(qa.record, "answer with no word once normalised: no e2e case", JSON.stringify(gold));
      continue;
    }
    const evidence = [...new Set(qa.evidence.flatMap((id) => texts.has(id) ? [texts.get(id)] : []))];
    cases.push({
      name: nameFor(`${history}-q${qa.number}`, names),
      ability: qa.tag,
      history,
      probe: { text: `${qa.question} ${LOCOMO_PROBE_SUFFIX}`, ...lastDate ? { date: lastDate } : {} },
      check: adversarial ? { any: [...LOCOMO_NOT_MENTIONED.map((phrase) => ({ icontains: phrase })), { abstains: true }] } : { f1: gold },
      ...!adversarial && evidence.length > 0 ? { evidence } : {},
      ...adversarial ? { needs_memory: false } : {}
    });
  }
  if (cases.length === 0) return;
  await sink.addHistory({ name: history, sessions: played.map((session) => ({ ...session.date ? { date: session.date } : {}, turns: session.turns.map((turn) => turn.text) })) });
  for (const spec of cases) await sink.addCase(spec);
}

// src/import/locomo.ts
var LOCOMO_CATEGORIES = { 1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial" };
var UNCATEGORISED2 = "uncategorised";
var LOCOMO_ADVERSARIAL_ANSWER = "Not mentioned in the conversation";
var MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
function locomoDate(text) {
  const match = /^\s*\d{1,2}:\d{2}\s*[ap]\.?m\.?\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})\s*$/i.exec(text);
  if (!match) return void 0;
  const [day, month, year] = [Number(match[1]), MONTHS.indexOf(match[2].toLowerCase()) + 1, Number(match[3])];
  if (month === 0) return void 0;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return void 0;
  return date.toISOString().slice(0, 10);
}
function readEvidence(written) {
  return written.split(/[\s;,]+/).filter((token) => token !== "").map((token) => {
    const match = /^D(:?)(\d+):(\d+)$/.exec(token);
    if (!match) return { written: token, repair: "unreadable" };
    const id = `D${Number(match[2])}:${Number(match[3])}`;
    if (match[1]) return { id, written: token, repair: "stray colon" };
    if (id !== token) return { id, written: token, repair: "zero-padded" };
    return { id, written: token };
  });
}
var isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
function readSessions(user, conversation, sink) {
  const sessions = /* @__PURE__ */ new Map();
  const dates = /* @__PURE__ */ new Map();
  for (const [key, value] of Object.entries(conversation)) {
    const dateKey = /^session_(\d+)_date_time$/.exec(key);
    if (dateKey) {
      dates.set(Number(dateKey[1]), typeof value === "string" ? value : JSON.stringify(value));
      continue;
    }
    const sessionKey = /^session_(\d+)$/.exec(key);
    if (!sessionKey) continue;
    const number = Number(sessionKey[1]);
    sink.read("sessions");
    if (!Array.isArray(value)) {
      sink.skip(`${user}:${key}`, "session that is not a list of turns");
      continue;
    }
    sessions.set(number, { number, turns: readTurns(user, key, number, value, sink) });
  }
  for (const [number, text] of dates) {
    const session = sessions.get(number);
    if (!session) {
      sink.skip(`${user}:session_${number}_date_time`, "date with no session", text);
      continue;
    }
    session.dateText = text;
    session.date = locomoDate(text);
    if (!session.date) sink.repair(`${user}:session_${number}`, "session date not readable: its memories are undated", text);
  }
  for (const session of sessions.values()) {
    if (session.dateText === void 0) sink.repair(`${user}:session_${session.number}`, "session with no session_N_date_time: its memories are undated");
  }
  return [...sessions.values()].sort((a, b) => a.number - b.number);
}
function readTurns(user, key, number, rows, sink) {
  const turns = [];
  const seen = /* @__PURE__ */ new Set();
  rows.forEach((row, index) => {
    sink.read("turns");
    const place = `${user}:${key}[${index}]`;
    if (!isObject(row)) return sink.skip(place, "turn that is not an object");
    const id = typeof row.dia_id === "string" ? row.dia_id : void 0;
    const read = id === void 0 ? void 0 : readEvidence(id);
    if (!read || read.length !== 1 || !read[0].id) return sink.skip(place, "turn with no readable dia_id", JSON.stringify(row.dia_id));
    const canonical = read[0].id;
    if (canonical !== id) sink.repair(`${user}:${id}`, 'dia_id written unlike "D<session>:<turn>"', `${id} -> ${canonical}`);
    if (Number(/^D(\d+)/.exec(canonical)[1]) !== number) return sink.skip(`${user}:${canonical}`, "turn whose dia_id names another session", key);
    if (seen.has(canonical)) return sink.skip(`${user}:${canonical}`, "duplicate dia_id in its session");
    seen.add(canonical);
    const text = typeof row.text === "string" ? row.text.trim() : "";
    const caption = typeof row.blip_caption === "string" && row.blip_caption.trim() !== "" ? row.blip_caption.trim() : void 0;
    if (text === "" && caption === void 0) return sink.skip(`${user}:${canonical}`, "turn with no text");
    const speaker = typeof row.speaker === "string" ? row.speaker : "";
    if (caption !== void 0) sink.read("turns with an image");
    const meta = { dia_id: canonical, speaker };
    for (const field of ["blip_caption", "img_url", "query"]) if (row[field] !== void 0) meta[field] = row[field];
    turns.push({ id: canonical, session: number, speaker, text, caption, meta });
  });
  return turns;
}
function turnText(turn, captions) {
  const said = turn.text === "" ? "" : `${turn.speaker ? `${turn.speaker}: ` : ""}${turn.text}`;
  if (!captions || turn.caption === void 0) return said;
  const shared = `[shares a photo: ${turn.caption}]`;
  return said === "" ? `${turn.speaker ? `${turn.speaker}: ` : ""}${shared}` : `${said} ${shared}`;
}
function playedSessions(sessions, captions) {
  return sessions.map((session) => ({
    ...session.date ? { date: session.date } : {},
    turns: session.turns.map((turn) => ({ id: turn.id, text: turnText(turn, captions) })).filter((turn) => turn.text !== "")
  }));
}
var sessionId = (user, number) => `${user}:S${number}`;
function memoriesOf(user, sessions, flags) {
  const dated = (session) => session.date ? { date: session.date } : {};
  if (flags.unit === "turn") {
    return sessions.flatMap(
      (session) => session.turns.map((turn) => ({ turn, text: turnText(turn, flags.captions) })).filter(({ text }) => text !== "").map(({ turn, text }) => ({ id: `${user}:${turn.id}`, text, user, ...dated(session), group: sessionId(user, session.number), meta: turn.meta }))
    );
  }
  return sessions.flatMap((session) => {
    const lines = session.turns.map((turn) => turnText(turn, flags.captions)).filter((text) => text !== "");
    if (lines.length === 0) return [];
    const captions = session.turns.filter((turn) => turn.caption !== void 0).map((turn) => ({ dia_id: turn.id, blip_caption: turn.caption }));
    const meta = { session: `session_${session.number}`, turns: session.turns.length, ...session.dateText === void 0 ? {} : { date_time: session.dateText }, ...captions.length > 0 ? { captions } : {} };
    return [{ id: sessionId(user, session.number), text: lines.join("\n"), user, ...dated(session), group: sessionId(user, session.number), meta }];
  });
}
function relevantOf(record, user, evidence, known, flags, sink) {
  const relevant = /* @__PURE__ */ new Set();
  for (const written of evidence) {
    const ids = readEvidence(written);
    if (ids.length > 1) sink.repair(record, "several evidence ids in one string: split", `"${written}" -> ${ids.map((read) => read.id ?? `"${read.written}"`).join(", ")}`);
    for (const read of ids) {
      if (read.repair === "unreadable") {
        sink.repair(record, "unreadable evidence id: dropped", `"${read.written}"`);
        continue;
      }
      if (read.repair === "stray colon") sink.repair(record, "stray colon in evidence id", `${read.written} -> ${read.id}`);
      if (read.repair === "zero-padded") sink.repair(record, "zero-padded turn number in evidence id", `${read.written} -> ${read.id}`);
      const session = known.turns.get(read.id);
      if (session === void 0) {
        sink.repair(record, "evidence id that names no turn: dropped", read.id);
        continue;
      }
      const id = flags.unit === "turn" ? `${user}:${read.id}` : sessionId(user, session);
      if (!known.memories.has(id)) {
        sink.repair(record, "evidence turn with no text (an image without --captions): dropped", read.id);
        continue;
      }
      relevant.add(id);
    }
  }
  return [...relevant];
}
async function readQa(user, items, known, sink, flags, kept) {
  if (!Array.isArray(items)) {
    if (items !== void 0) sink.skip(`${user}:qa`, '"qa" that is not a list');
    return;
  }
  let number = 0;
  for (const item of items) {
    number += 1;
    sink.read("qa items");
    const record = `${user}:q${number}`;
    if (!isObject(item)) {
      sink.skip(record, "QA item that is not an object");
      continue;
    }
    const question = typeof item.question === "string" ? item.question.trim() : "";
    if (question === "") {
      sink.skip(record, "QA item with no question");
      continue;
    }
    if (typeof item.evidence === "string") sink.repair(record, "evidence written as a string, not a list: read as a list of one", `"${item.evidence}"`);
    const given = typeof item.evidence === "string" ? [item.evidence] : item.evidence;
    const evidence = Array.isArray(given) ? given.filter((entry) => typeof entry === "string") : [];
    if (evidence.length === 0) {
      sink.skip(record, "QA item with no evidence (no relevant memory to score)");
      continue;
    }
    const relevant = relevantOf(record, user, evidence, known, flags, sink);
    if (relevant.length === 0) {
      sink.skip(record, "QA item whose evidence names no turn", evidence.join(" | "));
      continue;
    }
    const category = typeof item.category === "number" ? item.category : void 0;
    const tag = category === void 0 ? void 0 : LOCOMO_CATEGORIES[category];
    if (tag === void 0) sink.repair(record, `category not in 1-5: tagged "${UNCATEGORISED2}"`, JSON.stringify(item.category));
    const meta = { category: item.category, evidence: item.evidence };
    let answer = item.answer === void 0 || item.answer === null ? void 0 : String(item.answer);
    if (category === 5) {
      if (item.adversarial_answer !== void 0) meta.adversarial_answer = item.adversarial_answer;
      if (answer !== void 0) meta.answer_in_file = answer;
      answer = LOCOMO_ADVERSARIAL_ANSWER;
    }
    await sink.addQuery({ id: record, text: question, user, relevant, tags: [tag ?? UNCATEGORISED2], ...answer === void 0 ? {} : { answer }, meta });
    const evidenceTurns = evidence.flatMap(readEvidence).flatMap((read) => read.id !== void 0 && known.turns.has(read.id) ? [read.id] : []);
    kept?.({ record, number, question, category, tag: tag ?? UNCATEGORISED2, answer: item.answer === void 0 || item.answer === null ? void 0 : String(item.answer), evidence: evidenceTurns });
  }
}
async function readLocomo(path, sink, flags) {
  const users = /* @__PURE__ */ new Set();
  const names = /* @__PURE__ */ new Set();
  for await (const item of jsonArrayItems(path)) {
    sink.read("conversations");
    const place = `[${item.index}]`;
    if ("error" in item) {
      sink.skip(place, item.tooDeep ? `conversation ${item.error}` : "conversation that is not JSON", item.tooDeep ? `line ${item.line}` : item.error);
      continue;
    }
    if (!isObject(item.value) || !isObject(item.value.conversation)) {
      sink.skip(place, 'not a LoCoMo conversation (no "conversation" object)');
      continue;
    }
    let user = typeof item.value.sample_id === "string" && /^\S+$/.test(item.value.sample_id) ? item.value.sample_id : void 0;
    if (user === void 0) {
      user = `conversation-${item.index + 1}`;
      sink.repair(place, "no usable sample_id: named by its place in the file, counted from 1 ([0] is conversation-1)", user);
    }
    if (users.has(user)) {
      const renamed = `${user}-${item.index + 1}`;
      sink.repair(place, "sample_id used before: suffixed with its place in the file, counted from 1 ([0] is -1)", `${user} -> ${renamed}`);
      user = renamed;
    }
    users.add(user);
    const sessions = readSessions(user, item.value.conversation, sink);
    const memories2 = memoriesOf(user, sessions, flags);
    for (const memory of memories2) await sink.addMemory(memory);
    const turns = new Map(sessions.flatMap((session) => session.turns.map((turn) => [turn.id, session.number])));
    const qas = [];
    await readQa(user, item.value.qa, { turns, memories: new Set(memories2.map((memory) => memory.id)) }, sink, flags, flags.e2e ? (qa) => qas.push(qa) : void 0);
    if (flags.e2e) await locomoCases(user, playedSessions(sessions, flags.captions), qas, sink, names);
  }
}
var locomoFormat = {
  summary: "LoCoMo JSON: an array of {sample_id, conversation: {session_N: [{speaker, dia_id, text}], session_N_date_time}, qa: [{question, answer, evidence, category}]}",
  flags: ["unit", "captions", "strict", "e2e"],
  read: readLocomo,
  retrievalNotes: (flags) => [
    "Each conversation is a user (its sample_id); " + (flags.unit === "turn" ? "each turn a memory <sample_id>:<dia_id>, grouped by session <sample_id>:S<N>;" : "each session a memory <sample_id>:S<N> (its turns, one per line);"),
    "dates from session_N_date_time. Each QA item with evidence is a query <sample_id>:q<n>, its evidence the relevant memories,",
    `tagged by category as LoCoMo's evaluation code treats them: ${Object.entries(LOCOMO_CATEGORIES).map(([n, name]) => `${n} ${name}`).join(", ")}.`
  ],
  caseNotes: [
    "Each conversation is a history (histories.yaml): its sessions on their dates, both speakers' turns said by the user",
    '("Speaker: text"), played once per condition and repetition; each kept QA item is a case asked after it, in a',
    `fresh session of that user, in this order, the question followed by "${LOCOMO_PROBE_SUFFIX}".`,
    "The cases of a conversation share its memory and are resampled as one unit. Abilities are the categories.",
    "Graded in code as LoCoMo's task_eval/evaluation.py does: token F1 >= 0.5 against the gold answer (category 3: its part",
    'before ";"); no Porter stemming, unlike LoCoMo, and category 1 is scored whole, not split on commas. Adversarial',
    'items (5) pass when the answer says "not mentioned" or "no information available", or abstains. The evidence is',
    "the evidence turns' text. To add an LLM judge, add e2e.judge and a judge grader to the cases you want judged."
  ]
};

// src/import/longmemevalRubrics.ts
var FACTUAL = "Pass if the answer gives the reference answer below, says something equivalent, or works through every step that leads to it. Fail if it gives only part of what the reference needs, something else, or no answer.";
var factual = (reference) => `${FACTUAL}

Reference answer: ${reference}`;
var RUBRICS = {
  "single-session-user": factual,
  "single-session-assistant": factual,
  "multi-session": factual,
  "temporal-reasoning": (reference) => `${FACTUAL} A count of days, weeks or months that is off by one from the reference (19 days where it says 18) still passes.

Reference answer: ${reference}`,
  "knowledge-update": (reference) => `Pass if the answer gives the reference answer below as the current one. It may also mention what was true before, as long as the up-to-date value it gives is the reference. Fail otherwise.

Reference answer: ${reference}`,
  "single-session-preference": (reference) => `The description below says what a reply personalised to this user looks like. Pass if the answer draws on what the user told earlier about themselves and uses it correctly, in the spirit of the description; it need not cover every point. Fail if it ignores those details or gets them wrong.

Description: ${reference}`
};
function longMemEvalRubric(questionType, abstention, reference) {
  if (abstention) {
    return `This question cannot be answered from the earlier conversations: what it asks about was never said (the explanation below says what is missing). Pass if the answer says it does not know or that the information is missing or incomplete, for instance that something related was mentioned but not this. Fail if it answers as if it knew.

Explanation: ${reference}`;
  }
  return ((Object.hasOwn(RUBRICS, questionType) ? RUBRICS[questionType] : void 0) ?? factual)(reference);
}

// src/import/longmemeval.ts
var LONGMEMEVAL_QUESTION_TYPES = [
  "single-session-user",
  "single-session-assistant",
  "single-session-preference",
  "multi-session",
  "temporal-reasoning",
  "knowledge-update"
];
var ABSTENTION_TAG = "abstention";
var ASSISTANT_ONLY_TYPE = "single-session-assistant";
var REQUIRED = ["question_id", "question_type", "question", "answer", "haystack_session_ids", "haystack_dates", "haystack_sessions", "answer_session_ids"];
function parseLongMemEvalDate(text) {
  if (typeof text !== "string") return void 0;
  const match = /^\s*(\d{4})[/-](\d{1,2})[/-](\d{1,2})(?:\s*\([A-Za-z]{3}\))?(?:\s+(\d{1,2}):(\d{2}))?\s*$/.exec(text);
  if (!match) return void 0;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return void 0;
  const pad = (value) => String(value).padStart(2, "0");
  const date = `${year}-${pad(month)}-${pad(day)}`;
  if (match[4] === void 0) return { date };
  const [hour, minute] = [Number(match[4]), Number(match[5])];
  if (hour > 23 || minute > 59) return void 0;
  return { date, time: `${pad(hour)}:${pad(minute)}` };
}
var quoted = (names) => names.map((name) => `"${name}"`).join(", ");
function readInstance(value, name, sink) {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { skip: "not a JSON object", detail: `an instance is an object with ${quoted(REQUIRED)}` };
  const row = value;
  const missing = REQUIRED.filter((key) => !Object.hasOwn(row, key));
  if (missing.length > 0) {
    const plural = ["questions", "answers"].filter((key) => Object.hasOwn(row, key));
    return {
      skip: "missing required fields",
      detail: `no ${quoted(missing)}${plural.length > 0 ? `; it has ${quoted(plural)}, which LongMemEval's files do not: each instance holds one "question" and one "answer"` : ""}`
    };
  }
  if (typeof row.question_id !== "string" || row.question_id.trim() === "") return { skip: "question_id is not a non-empty string" };
  if (/\s/.test(row.question_id)) return { skip: "question_id holds white space", detail: JSON.stringify(row.question_id) };
  if (typeof row.question !== "string" || row.question.trim() === "") return { skip: "question is not a non-empty string" };
  if (typeof row.question_type !== "string" || row.question_type.trim() === "") return { skip: "question_type is not a non-empty string" };
  const answer = typeof row.answer === "number" && Number.isFinite(row.answer) ? String(row.answer) : row.answer;
  if (typeof answer !== "string" || answer.trim() === "") return { skip: "answer is not a non-empty string or a number" };
  for (const key of ["haystack_session_ids", "haystack_dates", "haystack_sessions", "answer_session_ids"]) {
    if (!Array.isArray(row[key])) return { skip: `${key} is not a list` };
  }
  const id = row.question_id;
  const type = row.question_type.trim();
  if (!LONGMEMEVAL_QUESTION_TYPES.includes(type)) sink.repair(name, "unknown question_type: kept as its tag, graded by the factual rubric", type);
  const ids = row.haystack_session_ids;
  const dates = row.haystack_dates;
  const lists = row.haystack_sessions;
  const count = Math.min(ids.length, dates.length, lists.length);
  if (ids.length !== dates.length || ids.length !== lists.length) {
    sink.repair(name, "haystack lists of different lengths: sessions past the shortest dropped", `${ids.length} ids, ${dates.length} dates, ${lists.length} sessions`);
  }
  const answerSessionIds = row.answer_session_ids.filter((entry) => typeof entry === "string");
  if (answerSessionIds.length !== row.answer_session_ids.length) sink.repair(name, "answer_session_ids holds a non-string: ignored");
  const evidenceIds = new Set(answerSessionIds);
  const sessions = [];
  const firstSeen = /* @__PURE__ */ new Map();
  for (let index = 0; index < count; index++) {
    const rawId = ids[index];
    const where = `${id} session ${index + 1}`;
    if (typeof rawId !== "string" || rawId.trim() === "" || /\s/.test(rawId)) {
      sink.repair(where, "session id is not a string without spaces: session dropped", JSON.stringify(rawId));
      continue;
    }
    if (!Array.isArray(lists[index])) {
      sink.repair(`${id} ${rawId}`, "session is not a list of turns: dropped");
      continue;
    }
    const turnsText = JSON.stringify(lists[index]);
    const earlier = firstSeen.get(rawId);
    let sessionId2 = rawId;
    if (earlier) {
      if (earlier.turns === turnsText) {
        sink.repair(`${id} ${rawId}`, "session repeated in the haystack (same id, same turns): kept once");
        continue;
      }
      earlier.copies += 1;
      sessionId2 = `${rawId}~${earlier.copies}`;
      sink.repair(`${id} ${rawId}`, "two sessions with one id and different turns: the later renamed <id>~N", sessionId2);
    } else {
      firstSeen.set(rawId, { turns: turnsText, copies: 1 });
    }
    const when = parseLongMemEvalDate(dates[index]);
    if (!when) sink.repair(`${id} ${rawId}`, "session date not understood: the session has no date", JSON.stringify(dates[index]));
    sessions.push({ id: sessionId2, ...when ?? {}, turns: readTurns2(lists[index], `${id} ${sessionId2}`, sink), evidence: evidenceIds.has(rawId) });
  }
  const present = new Set(sessions.map((session) => session.id));
  const absent = answerSessionIds.filter((sessionId2) => !present.has(sessionId2));
  if (absent.length > 0) sink.repair(name, "answer_session_ids names a session not in the haystack: ignored", absent.join(", "));
  const questionDate = parseLongMemEvalDate(row.question_date);
  if (!questionDate) sink.repair(name, "question_date missing or not understood: the question has no date", JSON.stringify(row.question_date ?? null));
  return {
    id,
    type,
    // evaluate_qa.py's test: "_abs" anywhere in the id (the README says at its end; the released ids agree).
    abstention: id.includes("_abs"),
    question: row.question,
    answer,
    ...questionDate ? { questionDate } : {},
    rawQuestionDate: row.question_date,
    sessions,
    answerSessionIds
  };
}
function readTurns2(list, where, sink) {
  const turns = [];
  list.forEach((raw, position) => {
    const at = `${where} turn ${position + 1}`;
    if (raw === null || typeof raw !== "object" || Array.isArray(raw) || typeof raw.role !== "string" || typeof raw.content !== "string") {
      sink.repair(at, "turn is not {role, content} strings: dropped");
      return;
    }
    const turn = raw;
    const labelled = Object.hasOwn(turn, "has_answer");
    if (labelled && typeof turn.has_answer !== "boolean") sink.repair(at, "has_answer is not true or false: taken as false", JSON.stringify(turn.has_answer));
    const content = turn.content;
    if (turn.role === "user" && normalisesToBlank(content)) sink.repair(at, "empty user turn: not a memory");
    turns.push({ position, role: turn.role, content, hasAnswer: turn.has_answer === true, labelled });
  });
  return turns;
}
var userTurns = (session) => session.turns.filter((turn) => turn.role === "user" && !normalisesToBlank(turn.content));
function relevance(instance, unit, sink) {
  const relevant = [];
  const evidenceTexts = [];
  let assistantEvidence = false;
  for (const session of instance.sessions) {
    if (!session.evidence) {
      if (session.turns.some((turn) => turn.hasAnswer)) sink.repair(`${instance.id} ${session.id}`, "has_answer turn outside answer_session_ids: not relevant");
      continue;
    }
    const users = userTurns(session);
    const marked = users.filter((turn) => turn.hasAnswer);
    assistantEvidence ||= session.turns.some((turn) => turn.role !== "user" && turn.hasAnswer);
    const unlabelled = users.length > 0 && !users.some((turn) => turn.labelled);
    if (unlabelled) sink.repair(`${instance.id} ${session.id}`, "answer session without has_answer labels: relevant at session level only");
    evidenceTexts.push(...marked.map((turn) => turn.content));
    if (unit === "session") {
      if (marked.length > 0 || unlabelled) relevant.push(memoryId(instance.id, session.id));
    } else {
      relevant.push(...marked.map((turn) => memoryId(instance.id, session.id, turn.position)));
    }
  }
  if (instance.abstention) return { relevant: [], evidenceTexts: [], none: "abstention question: nothing in the haystack answers it" };
  if (relevant.length > 0) return { relevant, evidenceTexts };
  return {
    relevant,
    evidenceTexts,
    none: assistantEvidence ? "evidence only in assistant turns, which are not indexed (LongMemEval indexes user turns)" : "no user turn of the answer sessions is marked has_answer"
  };
}
function memoryId(user, session, position) {
  return position === void 0 ? `${user}/${session}` : `${user}/${session}_${position + 1}`;
}
function memories(instance, unit) {
  const rows = [];
  for (const session of instance.sessions) {
    const base = { user: instance.id, ...session.date ? { date: session.date } : {}, group: session.id, ...session.time ? { meta: { time: session.time } } : {} };
    const users = userTurns(session);
    if (unit === "session") {
      if (users.length > 0) rows.push({ id: memoryId(instance.id, session.id), text: users.map((turn) => turn.content).join(" "), ...base });
    } else {
      for (const turn of users) rows.push({ id: memoryId(instance.id, session.id, turn.position), text: turn.content, ...base });
    }
  }
  return rows;
}
function playedSessions2(instance) {
  const dated = instance.sessions.every((session) => session.date !== void 0);
  const ordered = dated ? [...instance.sessions].sort((a, b) => `${a.date} ${a.time ?? ""}`.localeCompare(`${b.date} ${b.time ?? ""}`)) : instance.sessions;
  return ordered.map((session) => ({ ...session.date ? { date: session.date } : {}, turns: userTurns(session).map((turn) => turn.content) })).filter((session) => session.turns.length > 0);
}
function caseName2(id, taken) {
  const base = id.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[^A-Za-z0-9]+/, "") || "question";
  let name = base;
  for (let copy = 2; taken.has(name); copy++) name = `${base}-${copy}`;
  taken.add(name);
  return name;
}
async function readLongMemEval(path, sink, flags) {
  const seen = /* @__PURE__ */ new Set();
  const caseNames = /* @__PURE__ */ new Set();
  for await (const item of jsonArrayItems(path)) {
    sink.read("instances");
    if ("error" in item) {
      sink.skip(`line ${item.line}`, item.tooDeep ? `instance ${item.error}` : "not a readable JSON instance", item.tooDeep ? void 0 : item.error);
      continue;
    }
    const row = item.value;
    const name = row && typeof row === "object" && typeof row.question_id === "string" && row.question_id.trim() !== "" ? row.question_id : `line ${item.line}`;
    if (seen.has(name)) {
      sink.skip(name, "duplicate question_id: the later instance left out", `line ${item.line}`);
      continue;
    }
    const instance = readInstance(item.value, name, sink);
    if ("skip" in instance) {
      sink.skip(name, instance.skip, instance.detail);
      continue;
    }
    seen.add(instance.id);
    sink.read("sessions", instance.sessions.length);
    sink.read("turns", instance.sessions.reduce((sum, session) => sum + session.turns.length, 0));
    const rows = memories(instance, flags.unit);
    if (rows.length === 0) {
      sink.skip(name, "no user turn in the haystack: nothing to index");
      continue;
    }
    const { relevant, evidenceTexts, none } = relevance(instance, flags.unit, sink);
    for (const memory of rows) await sink.addMemory(memory);
    await sink.addQuery({
      id: instance.id,
      text: instance.question,
      user: instance.id,
      relevant,
      tags: instance.abstention ? [instance.type, ABSTENTION_TAG] : [instance.type],
      answer: instance.answer,
      meta: {
        ...instance.rawQuestionDate !== void 0 ? { question_date: instance.rawQuestionDate } : {},
        ...none ? { no_relevant: none } : {},
        ...instance.abstention ? { answer_session_ids: instance.answerSessionIds } : {}
      }
    });
    if (!flags.e2e) continue;
    if (instance.type === ASSISTANT_ONLY_TYPE && !instance.abstention) {
      sink.skip(name, "single-session-assistant: no e2e case (its answer is in the dataset's own assistant replies, which the agent under test never says)");
      continue;
    }
    await sink.addCase({
      name: caseName2(instance.id, caseNames),
      ability: instance.abstention ? ABSTENTION_TAG : instance.type,
      sessions: playedSessions2(instance),
      probe: { text: instance.question, ...instance.questionDate ? { date: instance.questionDate.date } : {} },
      check: { judge: { rubric: longMemEvalRubric(instance.type, instance.abstention, instance.answer) } },
      ...evidenceTexts.length > 0 && !instance.abstention ? { evidence: evidenceTexts } : {}
    });
  }
}
var longMemEvalFormat = {
  summary: "a LongMemEval JSON array of question instances {question_id, question_type, question, answer, question_date, haystack_session_ids, haystack_dates, haystack_sessions, answer_session_ids}",
  flags: ["unit", "strict", "e2e"],
  read: readLongMemEval,
  retrievalNotes: (flags) => [
    "Each LongMemEval question instance is its own user (its question_id).",
    flags.unit === "session" ? "One memory per haystack session, <question_id>/<session id>: its user turns joined (LongMemEval indexes user turns only)." : "One memory per user turn, <question_id>/<session id>_<n> (n counts both roles from 1, as LongMemEval's code numbers turns); group: the session id.",
    flags.unit === "session" ? "Relevant: the answer_session_ids sessions holding a user turn marked has_answer." : "Relevant: the user turns marked has_answer in the answer_session_ids sessions.",
    'Tags: question_type, and abstention for "_abs" ids. Abstention questions, and those whose evidence is only',
    "in assistant turns (single-session-assistant), have relevant: [] and are left out of the means, as LongMemEval does.",
    "Provider rank_bm25 is LongMemEval's flat-bm25 retriever (rank_bm25 BM25Okapi over text split on spaces)."
  ],
  // LongMemEval's own BM25 baseline (run_retrieval.py --retriever flat-bm25), beside recall-gate's keyword provider.
  retrievalProviders: ["{ name: rank_bm25, kind: keyword, preset: rank_bm25 }"],
  caseNotes: [
    "One case per LongMemEval question (single-session-assistant ones left out: their answer is in the",
    "dataset's own assistant replies). The haystack sessions are played to the agent as multi-turn sessions",
    "(user turns only, in date order); the question is the probe, on its question_date. A judge grades the",
    `answer by a rubric per question type modelled on LongMemEval's evaluate_qa.py; abstention ("_abs")`,
    "questions pass when the agent says it was never told. The evidence is the turns marked has_answer."
  ],
  conditions: ["recall", "none", "oracle"],
  // The model LongMemEval's evaluate_qa.py grades with; the rubric's wording is ours.
  judgeModel: "gpt-4o-2024-08-06"
};

// src/import/formats.ts
var IMPORT_FORMATS = {
  letta: lettaFormat,
  locomo: locomoFormat,
  longmemeval: longMemEvalFormat
};

// src/import/types.ts
var DEFAULT_IMPORT_FLAGS = { unit: "turn", captions: false, strict: false, e2e: false };

// src/cli/import.ts
var IMPORT_USAGE = `recall-gate import <${Object.keys(IMPORT_FORMATS).join("|")}> <file> --out DIR [--unit turn|session] [--captions] [--strict] [--e2e] [--force]`;
var UNITS = ["turn", "session"];
async function importCommand(argv, io) {
  const { values, positionals } = parseCommandArgs(
    argv,
    { out: { type: "string" }, force: { type: "boolean" }, unit: { type: "string" }, captions: { type: "boolean" }, strict: { type: "boolean" }, e2e: { type: "boolean" } },
    IMPORT_USAGE
  );
  const [format, file, ...extra] = positionals;
  if (format === void 0 || file === void 0 || extra.length > 0 || !values.out) {
    throw new RecallGateError("invalid-input", "import needs a format, one file and --out", { hint: `usage: ${IMPORT_USAGE}` });
  }
  const spec = Object.hasOwn(IMPORT_FORMATS, format) ? IMPORT_FORMATS[format] : void 0;
  if (!spec) {
    const formats = Object.entries(IMPORT_FORMATS).map(([name, entry]) => `${name}: ${entry.summary}`);
    throw new RecallGateError("invalid-input", `unknown import format "${format}"`, { hint: didYouMean(format, Object.keys(IMPORT_FORMATS)) ?? `formats: ${formats.join("; ")}` });
  }
  const flags = importFlags(format, spec, values);
  const source = resolve(io.cwd, file);
  const stat = statOrUndefined(source);
  if (!stat?.isFile()) throw new RecallGateError("invalid-input", `cannot read ${file}: ${stat ? "not a regular file" : "no such file"}`, { hint: "give the path of the dataset file" });
  const out = resolve(io.cwd, values.out);
  const created = prepareOut(out, values.out, values.force === true);
  let report;
  try {
    report = await writeImport({ format, spec, source, displaySource: file, out, flags, cliPath: process.argv[1] });
  } catch (error) {
    if (created) removeEmptyDir(out);
    throw error;
  }
  const { records, summary } = renderImportReport(report);
  io.stderr(records);
  const { memories: memories2, cases } = report.kept;
  if (memories2 === 0 && cases === 0) {
    if (created) removeEmptyDir(out);
    if (report.retrieval_left_out) {
      throw new RecallGateError("invalid-input", `${file} gives no suite that validates: ${report.retrieval_left_out} (${oneLine(summary)})`, {
        hint: "the repairs and skips listed above say what was dropped (evidence that names no session or turn, ...); check it is the right file, or fix the dataset"
      });
    }
    const nothing = spec.flags.includes("e2e") && !flags.e2e ? "no memories and queries" : "nothing";
    throw new RecallGateError("invalid-input", `${nothing} to import from ${file} (${oneLine(summary)})`, { hint: `the file must be ${spec.summary}` });
  }
  if (report.retrieval_left_out) io.stderr(`note: no retrieval layer written: ${report.retrieval_left_out}; the suite has the e2e cases only
`);
  const shown = relative(io.cwd, out) || ".";
  const layer = memories2 === 0 ? " --layer e2e" : "";
  io.stdout(`imported ${file} (${format}):
${summary}wrote ${report.files.map((name) => `${shown}/${name}`).join(", ")}; run: recall-gate run ${shown}/suite.yaml${layer}
`);
  return ExitCode.ok;
}
function importFlags(format, spec, values) {
  const given = Object.keys(DEFAULT_IMPORT_FLAGS).filter((name) => values[name] !== void 0);
  const refused = given.filter((name) => !spec.flags.includes(name));
  if (refused.length > 0) {
    const takes = spec.flags.length > 0 ? `it takes ${spec.flags.map((name) => `--${name}`).join(", ")}` : "it takes no options besides --out and --force";
    throw new RecallGateError("invalid-input", `import ${format} does not take ${refused.map((name) => `--${name}`).join(", ")}`, { hint: takes });
  }
  const unit = values.unit ?? DEFAULT_IMPORT_FLAGS.unit;
  if (!UNITS.includes(unit)) throw new RecallGateError("invalid-input", `--unit must be ${UNITS.join(" or ")}, got "${unit}"`, { hint: `usage: ${IMPORT_USAGE}` });
  return { unit, captions: values.captions === true, strict: values.strict === true, e2e: values.e2e === true };
}
function oneLine(text) {
  return text.trim().split("\n").map((line) => line.trim()).join("; ");
}
function statOrUndefined(path) {
  try {
    return statSync(path);
  } catch {
    return void 0;
  }
}
function prepareOut(out, shown, force) {
  const stat = statOrUndefined(out);
  if (stat && !stat.isDirectory()) throw new RecallGateError("invalid-input", `--out ${shown} is a file, not a folder`, { hint: "give a folder path" });
  if (stat) {
    if (readdirSync(out).length > 0 && !force) {
      throw new RecallGateError("invalid-input", `--out ${shown} already exists and is not empty`, { hint: "choose a new folder, or add --force to replace the files an import writes" });
    }
    return false;
  }
  try {
    mkdirSync(out, { recursive: true });
  } catch (error) {
    throw fileSystemError(error, `create ${shown}`);
  }
  return true;
}
function removeEmptyDir(path) {
  try {
    if (readdirSync(path).length === 0) rmdirSync(path);
  } catch {
  }
}
export {
  IMPORT_USAGE,
  importCommand
};
