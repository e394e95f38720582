import type { E2eResult } from '../e2e/aggregate.js';
import type { CalibrationSummary } from '../e2e/judgeCalibration.js';
import type { RetrievalResult } from '../retrieval/types.js';
import type { SplitRecord } from '../suite/splits.js';

export type LayerState = 'ran' | 'skipped' | 'absent';

/** results.json: everything a run measured, the input to reports, the gate and comparisons. */
export interface ResultsDocument {
  schema_version: 1;
  tool: { name: string; version: string };
  versions: Record<string, string>;
  suite: { name: string; file: string; files: string[]; sha256: string };
  /** Identifies this run (it also scopes the run's memory users and collections); exported rows are keyed by it. Absent in results written before it was recorded. */
  run_id?: string;
  /** The commit the run tested, when the environment says (GITHUB_SHA and GITHUB_REF in a GitHub Actions job). */
  commit?: { sha: string; ref?: string };
  started_at: string;
  finished_at?: string;
  /** complete: every layer asked for finished; incomplete: something could not run (see errors). */
  status: 'running' | 'complete' | 'incomplete';
  layers: { retrieval: LayerState; e2e: LayerState };
  /** Set when this run is one shard of a job matrix (run --shard i/n); merge combines them. */
  shard?: { index: number; count: number };
  errors: string[];
  /** Which split ran (run --split) and the content hashes of the held-out cases. */
  split?: SplitRecord;
  /** The suite variant this run is (run --variant, run --variants). */
  variant?: string;
  retrieval?: RetrievalResult;
  e2e?: E2eResult & { target: { kind: string; model?: string }; /** The judge's measured agreement on the suite's labels, when it has some. */ judge_calibration?: CalibrationSummary };
}

/** Problems that make a run incomplete, one line each. */
export function runErrors(retrieval: RetrievalResult | undefined): string[] {
  if (!retrieval) return [];
  return Object.values(retrieval.providers)
    .filter((provider) => provider.status === 'error')
    .map((provider) => `provider ${provider.name}: ${provider.error}`);
}
