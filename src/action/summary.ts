import * as core from './publish.js';
import { statSync } from 'node:fs';

/** GitHub refuses a step's job summary over 1 MiB. */
export const SUMMARY_LIMIT_BYTES = 1024 * 1024;

/** Kept free below the limit, for what the runner or an earlier write may add. */
const MARGIN_BYTES = 4 * 1024;

/**
 * The job summary's room, shared by every suite of the run. Each suite may
 * use an even share of what is left, so a large early suite cannot crowd out
 * the last one's verdict and gate, and room a small suite leaves goes on to
 * the next.
 */
export class SummaryBudget {
  private used: number;
  private suitesLeft: number;

  constructor(suites: number, private readonly path = process.env.GITHUB_STEP_SUMMARY) {
    this.suitesLeft = Math.max(1, suites);
    this.used = path ? sizeOf(path) : 0;
  }

  /** Bytes the next suite may write. */
  share(): number {
    return Math.max(0, Math.floor((SUMMARY_LIMIT_BYTES - MARGIN_BYTES - this.used) / this.suitesLeft));
  }

  /** Appends one suite's part (rendered within share()) and counts it; without a summary file, only counts. */
  async write(text: string): Promise<void> {
    this.used += Buffer.byteLength(text);
    this.suitesLeft = Math.max(1, this.suitesLeft - 1);
    if (this.path) await core.summary.addRaw(text).write();
  }
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
