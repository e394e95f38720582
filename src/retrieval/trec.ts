import { RecallGateError } from '../errors.js';
import type { InputProblem } from '../model/source.js';
import { compareHits } from '../memory/types.js';
import { counted } from '../text/counted.js';

/** qid -> docid -> relevance, as read from a qrels file (`qid 0 docid rel`). */
export type Qrels = Map<string, Map<string, number>>;

export interface RunEntry {
  docid: string;
  score: number;
  line: number;
}

/** qid -> entries in file order, as read from a run file (`qid Q0 docid rank score tag`). */
export type Run = Map<string, RunEntry[]>;

function fields(line: string): string[] {
  return line.trim().split(/\s+/);
}

function columnOf(line: string, fieldIndex: number): number {
  const re = /\S+/g;
  let match: RegExpExecArray | null;
  let index = 0;
  while ((match = re.exec(line))) {
    if (index === fieldIndex) return match.index + 1;
    index++;
  }
  return line.length + 1;
}

export function parseQrels(text: string, file: string): Qrels {
  const qrels: Qrels = new Map();
  const problems: InputProblem[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    const parts = fields(line);
    const where = (field: number) => ({ file, line: index + 1, col: columnOf(line, field) });
    if (parts.length !== 4) {
      problems.push({ where: where(0), message: `a qrels line has 4 fields (qid 0 docid rel), found ${parts.length}` });
      return;
    }
    const [qid, , docid, relText] = parts as [string, string, string, string];
    const rel = Number(relText);
    if (!Number.isInteger(rel)) {
      problems.push({ where: where(3), message: `relevance must be an integer, got "${relText}"` });
      return;
    }
    const judged = qrels.get(qid) ?? new Map<string, number>();
    if (judged.has(docid)) {
      problems.push({ where: where(2), message: `document "${docid}" is judged twice for query "${qid}"`, hint: 'trec_eval rejects duplicate judgments too' });
      return;
    }
    judged.set(docid, rel);
    qrels.set(qid, judged);
  });
  if (problems.length > 0) throw new RecallGateError('invalid-input', `${counted(problems.length, 'problem', 'problems')} in ${file}`, { problems });
  return qrels;
}

export function parseRun(text: string, file: string): Run {
  const run: Run = new Map();
  const problems: InputProblem[] = [];
  const seen = new Map<string, Set<string>>();
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    const parts = fields(line);
    const where = (field: number) => ({ file, line: index + 1, col: columnOf(line, field) });
    if (parts.length !== 6) {
      problems.push({ where: where(0), message: `a run line has 6 fields (qid Q0 docid rank score tag), found ${parts.length}` });
      return;
    }
    const [qid, , docid, , scoreText] = parts as [string, string, string, string, string, string];
    const score = Number(scoreText);
    if (!Number.isFinite(score)) {
      problems.push({ where: where(4), message: `score must be a number, got "${scoreText}"` });
      return;
    }
    const docs = seen.get(qid) ?? new Set<string>();
    if (docs.has(docid)) {
      problems.push({ where: where(2), message: `document "${docid}" appears twice for query "${qid}"`, hint: 'trec_eval rejects duplicate documents in a run too' });
      return;
    }
    docs.add(docid);
    seen.set(qid, docs);
    const entries = run.get(qid) ?? [];
    entries.push({ docid, score, line: index + 1 });
    run.set(qid, entries);
  });
  if (problems.length > 0) throw new RecallGateError('invalid-input', `${counted(problems.length, 'problem', 'problems')} in ${file}`, { problems });
  return run;
}

/** Byte-wise comparison, as C's strcmp does it. */
function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/**
 * trec_eval's order: the rank column is ignored; score descending, ties
 * broken by docid descending (strcmp). Returns a new array.
 */
export function trecEvalOrder<T extends { docid: string; score: number }>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => b.score - a.score || compareBytes(b.docid, a.docid));
}

/**
 * One line per retrieved document; ranks are 1-based, scores written exactly.
 * trec_eval ranks by score, not by the rank column: hits whose order their
 * scores contradict (an adapter ranks by its reranker and sends the older
 * score) are written with scores n, n-1, ..., 1 instead, so trec_eval reads
 * back the order we scored.
 */
export function formatRunLines(qid: string, hits: readonly { id: string; score: number }[], tag: string): string {
  const inScoreOrder = hits.every((hit, index) => index === 0 || compareHits(hits[index - 1]!, hit) < 0);
  return hits.map((hit, index) => `${qid} Q0 ${hit.id} ${index + 1} ${exactNumber(inScoreOrder ? hit.score : hits.length - index)} ${tag}\n`).join('');
}

export function formatQrelsLines(qid: string, gains: Record<string, number>): string {
  return Object.entries(gains)
    .map(([docid, gain]) => `${qid} 0 ${docid} ${gain}\n`)
    .join('');
}

/** Shortest text that reads back as the same double, so trec_eval sorts exactly as we did. */
function exactNumber(value: number): string {
  return Number.isFinite(value) ? String(value) : '0';
}
