import type { Calibration } from '../e2e/judgeCalibration.js';
import { plainText } from './escape.js';

/** The full text judge-check prints: figures, the confusion matrix, the disagreements by line. */
export function formatCalibration(calibration: Calibration): string {
  const kappaName = calibration.weights === 'quadratic' ? 'weighted kappa (quadratic weights)' : "Cohen's kappa";
  const names = calibration.categories.map(String);
  const width = Math.max(6, ...names.map((name) => name.length), ...calibration.matrix.flat().map((count) => String(count).length));
  const pad = (text: string) => text.padStart(width);
  const lines = [
    `${calibration.file}: ${calibration.n} ${calibration.kind} labels`,
    `agreement ${calibration.agreement.toFixed(3)} (${calibration.n - calibration.disagreements.length} of ${calibration.n})`,
    `${kappaName} ${calibration.kappa === null ? 'undefined (one category only)' : calibration.kappa.toFixed(3)}`,
    '',
    'confusion matrix (rows: label, columns: judge)',
    `${pad('')} ${names.map(pad).join(' ')}`,
    ...calibration.matrix.map((row, i) => `${pad(names[i]!)} ${row.map((count) => pad(String(count))).join(' ')}`),
  ];
  if (calibration.disagreements.length > 0) {
    lines.push('', `disagreements (${calibration.disagreements.length}):`);
    for (const d of calibration.disagreements) lines.push(`  ${calibration.file}:${d.line}: label ${d.label}, judge ${d.judge}: ${plainText(d.reason)}`);
  }
  return `${lines.join('\n')}\n`;
}
