/** What results.json keeps of a narrowed run (suite/select.ts narrows). */

/** results.json's record of a narrowed run: which units ran, of how many, chosen by which flags. */
export interface SelectionRecord {
  /** The flags that narrowed the run, e.g. ["--case", "--repeat"]. */
  by: string[];
  /** The e2e cases that ran, when the e2e layer was narrowed. */
  cases?: string[];
  /** The retrieval queries that ran, when the retrieval layer was narrowed. */
  queries?: string[];
  /** How many the suite has. */
  of: { cases: number; queries: number };
  /** run --repeat: the repeat that replaced e2e.repeat. */
  repeat?: number;
  /** run --rerun-failed: the results folder whose failures ran again. */
  rerun_failed_from?: string;
}

/** results.json's record of run --sample: n of the cases, drawn with this seed. */
export interface SampleRecord {
  n: number;
  of: number;
  seed: number;
}
