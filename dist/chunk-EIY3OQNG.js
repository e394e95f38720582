import {
  RecallGateError,
  counted
} from "./chunk-EMJKK5FL.js";

// src/memory/types.ts
function compareHits(a, b) {
  if (b.score !== a.score) return b.score - a.score;
  return Buffer.compare(Buffer.from(b.id, "utf8"), Buffer.from(a.id, "utf8"));
}

// src/retrieval/trec.ts
function fields(line) {
  return line.trim().split(/\s+/);
}
function columnOf(line, fieldIndex) {
  const re = /\S+/g;
  let match;
  let index = 0;
  while (match = re.exec(line)) {
    if (index === fieldIndex) return match.index + 1;
    index++;
  }
  return line.length + 1;
}
function parseQrels(text, file) {
  const qrels = /* @__PURE__ */ new Map();
  const problems = [];
  text.split("\n").forEach((line, index) => {
    if (line.trim() === "") return;
    const parts = fields(line);
    const where = (field) => ({ file, line: index + 1, col: columnOf(line, field) });
    if (parts.length !== 4) {
      problems.push({ where: where(0), message: `a qrels line has 4 fields (qid 0 docid rel), found ${parts.length}` });
      return;
    }
    const [qid, , docid, relText] = parts;
    const rel = Number(relText);
    if (!Number.isInteger(rel)) {
      problems.push({ where: where(3), message: `relevance must be an integer, got "${relText}"` });
      return;
    }
    const judged = qrels.get(qid) ?? /* @__PURE__ */ new Map();
    if (judged.has(docid)) {
      problems.push({ where: where(2), message: `document "${docid}" is judged twice for query "${qid}"`, hint: "trec_eval rejects duplicate judgments too" });
      return;
    }
    judged.set(docid, rel);
    qrels.set(qid, judged);
  });
  if (problems.length > 0) throw new RecallGateError("invalid-input", `${counted(problems.length, "problem", "problems")} in ${file}`, { problems });
  return qrels;
}
function parseRun(text, file) {
  const run = /* @__PURE__ */ new Map();
  const problems = [];
  const seen = /* @__PURE__ */ new Map();
  text.split("\n").forEach((line, index) => {
    if (line.trim() === "") return;
    const parts = fields(line);
    const where = (field) => ({ file, line: index + 1, col: columnOf(line, field) });
    if (parts.length !== 6) {
      problems.push({ where: where(0), message: `a run line has 6 fields (qid Q0 docid rank score tag), found ${parts.length}` });
      return;
    }
    const [qid, , docid, , scoreText] = parts;
    const score = Number(scoreText);
    if (!Number.isFinite(score)) {
      problems.push({ where: where(4), message: `score must be a number, got "${scoreText}"` });
      return;
    }
    const docs = seen.get(qid) ?? /* @__PURE__ */ new Set();
    if (docs.has(docid)) {
      problems.push({ where: where(2), message: `document "${docid}" appears twice for query "${qid}"`, hint: "trec_eval rejects duplicate documents in a run too" });
      return;
    }
    docs.add(docid);
    seen.set(qid, docs);
    const entries = run.get(qid) ?? [];
    entries.push({ docid, score, line: index + 1 });
    run.set(qid, entries);
  });
  if (problems.length > 0) throw new RecallGateError("invalid-input", `${counted(problems.length, "problem", "problems")} in ${file}`, { problems });
  return run;
}
function compareBytes(a, b) {
  return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}
function trecEvalOrder(entries) {
  return [...entries].sort((a, b) => b.score - a.score || compareBytes(b.docid, a.docid));
}
function formatRunLines(qid, hits, tag) {
  const inScoreOrder = hits.every((hit, index) => index === 0 || compareHits(hits[index - 1], hit) < 0);
  return hits.map((hit, index) => `${qid} Q0 ${hit.id} ${index + 1} ${exactNumber(inScoreOrder ? hit.score : hits.length - index)} ${tag}
`).join("");
}
function formatQrelsLines(qid, gains) {
  return Object.entries(gains).map(([docid, gain]) => `${qid} 0 ${docid} ${gain}
`).join("");
}
function exactNumber(value) {
  return Number.isFinite(value) ? String(value) : "0";
}

export {
  compareHits,
  parseQrels,
  parseRun,
  trecEvalOrder,
  formatRunLines,
  formatQrelsLines
};
