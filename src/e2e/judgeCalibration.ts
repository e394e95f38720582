import { describeError, invalidInput } from '../errors.js';
import type { InputProblem } from '../model/source.js';
import type { JudgeSettings } from '../model/suite.js';
import { FileProblems, readDataFile } from '../source/sourceFile.js';
import { agreementOf, type Agreement } from '../stats/kappa.js';
import type { Judge } from './judge.js';
import type { CalibrationSummary, LabelKind } from '../model/results.js';
import { counted } from '../text/counted.js';

/*
 * Judge calibration: the judge grades answers a person has labelled, and the
 * two are compared. A labels file is JSONL (or YAML/JSON, a list), one row
 * per answer: {question, answer, rubric, label}. Every label in a file is of
 * one kind:
 * - "pass" / "fail": the judge is asked for its usual verdict; Cohen's kappa;
 * - a whole score 1..5: the judge is asked for a 1-5 score on the same
 *   rubric (its scale mode); weighted kappa with quadratic weights.
 * Agreement is exact agreement in both kinds (the share of rows where the
 * judge gave the person's label). Judge checks in suites stay pass/fail; a
 * scored file measures how the judge reads the rubric more finely.
 */

export type Label = 'pass' | 'fail' | 1 | 2 | 3 | 4 | 5;

export interface LabelledAnswer {
  question: string;
  answer: string;
  rubric: string;
  label: Label;
  /** Line of the row in the labels file (1-based). */
  line: number;
}

export interface Labels {
  displayPath: string;
  kind: LabelKind;
  rows: LabelledAnswer[];
}

/** The categories of a kind, in matrix order. */
const CATEGORIES: Record<LabelKind, readonly Label[]> = { 'pass/fail': ['pass', 'fail'], score: [1, 2, 3, 4, 5] };

const FIELDS = ['question', 'answer', 'rubric', 'label'] as const;

/** Reads and checks a labels file; every problem is reported at file:line:col (exit 2). */
export function readLabels(path: string, displayPath: string, referencedFrom?: InputProblem['where']): Labels {
  let file;
  try {
    file = readDataFile(path, displayPath, referencedFrom);
  } catch (error) {
    if (error instanceof FileProblems) throw invalidInput(error.problems, `${counted(error.problems.length, 'problem', 'problems')} in ${displayPath}`);
    throw error;
  }
  const problems: InputProblem[] = [];
  const data = Array.isArray(file.data) ? (file.data as unknown[]) : [];
  if (!Array.isArray(file.data) || data.length === 0) {
    problems.push({ where: file.locate([]), message: `${displayPath} holds no labelled answers`, hint: 'one {"question", "answer", "rubric", "label"} object per line' });
  }
  const rows: LabelledAnswer[] = [];
  let kind: { kind: LabelKind; line: number } | undefined;
  data.forEach((row, index) => {
    const where = (key?: string) => file.locate(key === undefined ? [index] : [index, key]);
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      problems.push({ where: where(), message: 'a labelled answer must be an object', hint: 'one {"question", "answer", "rubric", "label"} object per line' });
      return;
    }
    const record = row as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (!(FIELDS as readonly string[]).includes(key)) problems.push({ where: file.locate([index], { keyOf: key }), message: `unknown key "${key}"`, hint: `a row has ${FIELDS.join(', ')}` });
    }
    for (const key of ['question', 'answer', 'rubric'] as const) {
      if (typeof record[key] !== 'string' || record[key] === '') problems.push({ where: key in record ? where(key) : where(), message: `"${key}" must be a non-empty string` });
    }
    const label = record.label;
    const rowKind: LabelKind | undefined = label === 'pass' || label === 'fail' ? 'pass/fail' : typeof label === 'number' && Number.isInteger(label) && label >= 1 && label <= 5 ? 'score' : undefined;
    if (!rowKind) {
      problems.push({ where: 'label' in record ? where('label') : where(), message: `"label" must be "pass", "fail" or a whole score from 1 to 5, got ${JSON.stringify(label)}` });
      return;
    }
    const line = where().line;
    if (kind && kind.kind !== rowKind) {
      problems.push({ where: where('label'), message: `a ${rowKind} label in a file of ${kind.kind} labels (line ${kind.line})`, hint: 'label every row of a file the same way: pass/fail, or scores 1-5' });
      return;
    }
    kind ??= { kind: rowKind, line };
    rows.push({ question: record.question as string, answer: record.answer as string, rubric: record.rubric as string, label: label as Label, line });
  });
  if (problems.length > 0) throw invalidInput(problems, `${counted(problems.length, 'problem', 'problems')} in ${displayPath}`);
  return { displayPath, kind: kind!.kind, rows };
}

export interface Disagreement {
  line: number;
  label: Label;
  judge: Label;
  reason: string;
}

export interface Calibration extends Agreement {
  file: string;
  kind: LabelKind;
  categories: Label[];
  /** matrix[i][j]: rows the person labelled categories[i] and the judge categories[j]. */
  matrix: number[][];
  disagreements: Disagreement[];
}

/** Runs the judge on every labelled answer (a few at once) and compares. A judge error stops the calibration: a verdict missing is no agreement. */
export async function calibrateJudge(judge: Judge, labels: Labels, options: { model?: string; concurrency?: number } = {}): Promise<Calibration> {
  const judged: Label[] = new Array<Label>(labels.rows.length);
  const reasons: string[] = new Array<string>(labels.rows.length);
  let next = 0;
  const worker = async () => {
    while (next < labels.rows.length) {
      const index = next++;
      const row = labels.rows[index]!;
      const verdict = await judge.grade({
        rubric: row.rubric,
        question: row.question,
        answer: row.answer,
        ...(options.model !== undefined ? { model: options.model } : {}),
        ...(labels.kind === 'score' ? { scale: 5 as const } : {}),
      });
      judged[index] = labels.kind === 'score' ? (verdict.score as Label) : verdict.pass ? 'pass' : 'fail';
      reasons[index] = verdict.reason;
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 4, labels.rows.length) }, worker));
  return compareLabels(labels, judged, reasons);
}

/** The agreement of the judge's labels with the person's (pure: the judge has already answered). */
export function compareLabels(labels: Labels, judged: readonly Label[], reasons: readonly string[]): Calibration {
  const categories = [...CATEGORIES[labels.kind]];
  const matrix = categories.map(() => categories.map(() => 0));
  const disagreements: Disagreement[] = [];
  labels.rows.forEach((row, index) => {
    const judge = judged[index]!;
    matrix[categories.indexOf(row.label)]![categories.indexOf(judge)]! += 1;
    if (judge !== row.label) disagreements.push({ line: row.line, label: row.label, judge, reason: reasons[index] ?? '' });
  });
  const agreement = agreementOf(matrix, labels.kind === 'score' ? 'quadratic' : 'none');
  return { file: labels.displayPath, kind: labels.kind, categories, matrix, disagreements, ...agreement };
}

export function summarizeCalibration(calibration: Calibration, minAgreement?: number): CalibrationSummary {
  const { file, kind, n, agreement, kappa, weights } = calibration;
  return { file, kind, n, agreement, kappa, weights, ...(minAgreement !== undefined ? { min_agreement: minAgreement } : {}) };
}

/** "judge agreement 0.92 (kappa 0.84, n=50) on labels.jsonl": the line reports show next to judged figures. */
export function calibrationLine(summary: CalibrationSummary): string {
  const kappaName = summary.weights === 'quadratic' ? 'weighted kappa' : 'kappa';
  return `judge agreement ${summary.agreement.toFixed(2)} (${kappaName} ${formatKappa(summary.kappa)}, n=${summary.n}) on ${summary.file}`;
}

function formatKappa(kappa: number | null): string {
  return kappa === null ? 'undefined (one category only)' : kappa.toFixed(2);
}

/** Why a calibration is below the suite's min_agreement, or undefined when it is not. */
export function belowMinimum(calibration: Calibration, minAgreement: number | undefined): string | undefined {
  if (minAgreement === undefined || calibration.agreement >= minAgreement) return undefined;
  const agreeing = calibration.n - calibration.disagreements.length;
  return (
    `judge calibration failed: agreement ${calibration.agreement.toFixed(2)} is below min_agreement ${minAgreement} ` +
    `(${calibration.weights === 'quadratic' ? 'weighted kappa' : 'kappa'} ${formatKappa(calibration.kappa)}, ${agreeing} of ${calibration.n} rows agree) on ${calibration.file}`
  );
}

/**
 * The suite's calibration check before an e2e run: the summary results.json
 * keeps, or why the run must stop (below min_agreement, or the judge failed).
 */
export async function requireCalibration(judge: Judge, settings: NonNullable<JudgeSettings['calibration']>, log: (message: string) => void): Promise<CalibrationSummary | string> {
  let calibration: Calibration;
  try {
    calibration = await calibrateJudge(judge, readLabels(settings.path, settings.displayPath));
  } catch (error) {
    return `judge calibration on ${settings.displayPath} could not run: ${describeError(error)}`;
  }
  const summary = summarizeCalibration(calibration, settings.min_agreement);
  log(calibrationLine(summary));
  return belowMinimum(calibration, settings.min_agreement) ?? summary;
}
