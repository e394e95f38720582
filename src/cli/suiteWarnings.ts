import { formatProblem } from '../errors.js';
import type { Suite } from '../model/suite.js';
import type { CliIO } from './io.js';
import { counted } from '../text/counted.js';

/** How many warnings run prints before it counts the rest (validate prints them all). */
export const RUN_WARNINGS_SHOWN = 20;

/**
 * A suite's warnings (suite.warnings: what looks wrong but may be meant) on
 * stderr, one a line as file:line:col: warning: ..., the first `limit` of them.
 */
export function printSuiteWarnings(suite: Suite, io: Pick<CliIO, 'stderr'>, limit = Number.POSITIVE_INFINITY): void {
  const warnings = suite.warnings ?? [];
  const shown = warnings.slice(0, limit).map((warning) => formatProblem({ ...warning, message: `warning: ${warning.message}` }));
  if (warnings.length > shown.length) shown.push(`... and ${counted(warnings.length - shown.length, 'more warning', 'more warnings')} (recall-gate validate ${suite.displayPath} lists them all)`);
  if (shown.length > 0) io.stderr(`${shown.join('\n')}\n`);
}
