import { renderHtmlReport, type HtmlReportInput } from './html/render.js';
import { markdownReport } from './markdown.js';

/** report.md and report.html of a run, once its gate has decided (both show the verdict; regrade's have none). Pure. */
export function renderReports(input: HtmlReportInput): { markdown: string; html: string } {
  return { markdown: markdownReport(input.results, { verdict: input.verdict, trend: input.trend }), html: renderHtmlReport(input) };
}
