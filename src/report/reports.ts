import { renderHtmlReport, type HtmlReportInput } from './html/render.js';
import { junitReport } from './junit.js';
import { markdownReport } from './markdown.js';

/** report.md, report.html and junit.xml of a run, once its gate has decided (the first two show the verdict; regrade's have none). Pure. */
export function renderReports(input: HtmlReportInput): { markdown: string; html: string; junit: string } {
  return {
    markdown: markdownReport(input.results, { verdict: input.verdict, trend: input.trend, baseline: input.baseline }),
    html: renderHtmlReport(input),
    junit: junitReport(input.results, input.trials),
  };
}
