import type { TrialRecord } from '../model/trial.js';
import { ExitCode } from '../errors.js';
import { verdictText } from '../report/gateFormat.js';
import type { Verdict } from '../model/gate.js';
import { plainText } from '../report/escape.js';
import { provenanceChanges } from '../gate/provenanceChanges.js';
import { provenanceText } from '../report/provenanceLines.js';
import { splitRunText } from '../report/format.js';
import { selectionText } from '../report/selectionText.js';
import type { ResultsDocument } from '../model/results.js';
import { terminalReport } from '../report/terminal.js';
import { terminalE2eReport } from '../report/terminalE2e.js';
import type { Trend } from '../model/history.js';
import { trendLinesText } from '../report/trendLines.js';
import { changesText } from '../report/changes.js';

/** What `run` and `merge` print after the numbers: retrieval (every metric by tag with run --by-tag), e2e, what differs from and what changed against the baseline (run --baseline), the verdict and the trend (run --history), whichever there are. */
export function runReportText(results: ResultsDocument, trials: readonly TrialRecord[], verdict: Verdict | undefined, trend?: Trend, options: { byTag?: boolean; baseline?: ResultsDocument } = {}): string[] {
  const parts: string[] = [];
  const split = splitRunText(results.split);
  if (split) parts.push(`${split}\n`);
  const narrowed = selectionText(results);
  if (narrowed) parts.push(`${plainText(narrowed)}\n`);
  if (results.retrieval) parts.push(terminalReport(results, options));
  if (results.e2e) parts.push(terminalE2eReport(results.e2e, [...trials]));
  // Beside the gate's changes, what else changed between the runs (run --baseline).
  if (options.baseline) parts.push(provenanceText(provenanceChanges(options.baseline, results)));
  if (results.changes) parts.push(changesText(results.changes));
  if (verdict) parts.push(verdictText(verdict));
  if (trend) parts.push(`${trendLinesText(trend).join('\n')}\n`);
  return parts;
}

/** 3 when something could not run (said on stderr), else 1 for a failed gate, else 0. */
export function runExitCode(results: ResultsDocument, verdict: Verdict | undefined, stderr: (text: string) => void, label: string): number {
  if (results.status === 'incomplete') {
    stderr(`${label} incomplete: ${results.errors.map(plainText).join('; ')}\n`);
    return ExitCode.incomplete;
  }
  return verdict?.status === 'fail' ? ExitCode.gateFailed : ExitCode.ok;
}
