import { createHash } from 'node:crypto';
import type { TrialRecord } from '../../model/trial.js';
import type { Verdict } from '../../model/gate.js';
import type { Trend } from '../../model/history.js';
import type { ResultsDocument } from '../../model/results.js';
import { chartJsSource } from './chartSource.js';
import { reportData } from './data.js';
import { reportPage } from './page.js';
import { scriptJson } from './scriptJson.js';
import { REPORT_CSS } from './styles.js';

export interface HtmlReportInput {
  results: ResultsDocument;
  trials: TrialRecord[];
  verdict?: Verdict;
  baseline?: ResultsDocument;
  trend?: Trend;
  /** Bytes cap for embedded data beyond which lists are cut (with "N more" notes). */
  limitBytes?: number;
}

/** The CSP source that allows one inline block: the base64 SHA-256 of its exact text. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** Our own code inlined as a script: a text that could close the element would be a bug here, not data. */
function inlineCode(text: string, what: string): string {
  if (/<\/script|<!--/i.test(text)) throw new Error(`${what} holds </script or <!--, which would end its inline <script> early`);
  return text;
}

/**
 * report.html: one file that opens anywhere with no network. The data is one
 * JSON block, Chart.js and the page script are inlined, and the CSP allows
 * exactly those inline blocks (by hash) and nothing remote. Pure.
 */
export function renderHtmlReport(input: HtmlReportInput): string {
  const data = scriptJson(reportData(input));
  const chart = inlineCode(chartJsSource(), 'chart.js');
  const page = inlineCode(`(${reportPage.toString()})();`, 'the page script');
  const csp = [`default-src 'none'`, `script-src ${cspHash(chart)} ${cspHash(page)}`, `style-src ${cspHash(REPORT_CSS)}`, 'img-src data:'].join('; ');
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    '<title>recall-gate report</title>',
    `<style>${REPORT_CSS}</style>`,
    '</head>',
    '<body>',
    `<script type="application/json" id="report-data">${data}</script>`,
    `<script>${chart}</script>`,
    `<script>${page}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
