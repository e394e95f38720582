/** Splits: dev and held-out rows, which split a run or a gate takes, and what results.json records of them. */

/** dev: what you tune on; heldout: frozen, to see the tuning generalise. A row's split, dev unless it or its file says otherwise. */
export type Split = 'dev' | 'heldout';

/** What `run --split` and `gate.split` choose. */
export type SplitChoice = Split | 'all';

/**
 * What freezes a held-out case: its sessions, probe and check hashed apart,
 * so a flag can say which one changed.
 */
export interface CaseContentHashes {
  sessions: string;
  probe: string;
  check: string;
}

/** What freezes a held-out query: its text and what counts as relevant (ids and gains), hashed as a case's parts are. */
export interface QueryContentHashes {
  text: string;
  relevant: string;
}

/** results.json's record of the splits: which one ran, and what froze each held-out case. */
export interface SplitRecord {
  run: SplitChoice;
  /** Held-out case name -> content hashes; the comment flags a case whose hashes differ from the baseline's. */
  heldout_cases: Record<string, CaseContentHashes>;
  /** Held-out query id -> hashes of its text and relevant ids; absent in results written before queries were frozen. */
  heldout_queries?: Record<string, QueryContentHashes>;
}
