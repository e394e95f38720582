/**
 * The plain results types: what a run measured, as results.json and the
 * per-query rows (queries/<provider>.jsonl) hold it, the input to reports, the
 * gate and comparisons. Data only; the folder that stores it is results/folder.ts's.
 */
import type { Changes } from './changes.js';
import type { E2eResult } from './e2eResult.js';
import type { IntervalEstimate, IntervalUnit, LatencySummary, MetricValues } from './figures.js';
import type { SampleRecord, SelectionRecord } from './selection.js';
import type { SplitRecord } from './split.js';
import type { Provenance } from './provenance.js';
import type { HaystackRecord, ProviderHaystack } from './haystack.js';

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
  /** A narrowed run's units (run --case, --ability, --query, --repeat, --rerun-failed, --sample): never a baseline. */
  selection?: SelectionRecord;
  /** run --sample: n of the cases, drawn with this seed. */
  sample?: SampleRecord;
  /** The suite variant this run is (run --variant, run --variants). */
  variant?: string;
  /** What the run was made of: versions, the suite's files and commit, models, adapters (model/provenance.ts). */
  provenance?: Provenance;
  retrieval?: RetrievalResult;
  /** What changed against the baseline (run --baseline DIR, the Action's baseline): absent without one. */
  changes?: Changes;
  e2e?: E2eResult & { target: { kind: string; model?: string }; /** The judge's measured agreement on the suite's labels, when it has some. */ judge_calibration?: CalibrationSummary };
}

/** What happened to one query against one provider: one line of queries/<provider>.jsonl. */
export interface QueryOutcome {
  id: string;
  text: string;
  user: string;
  tags: string[];
  /** Relevant memory id -> gain. */
  relevant: Record<string, number>;
  /** 1-based rank of each relevant memory in the returned list, null when missing. */
  ranks: Record<string, number | null>;
  /** The query's obsolete (superseded) memories with their 1-based rank, null when not returned; absent when it names none. */
  obsolete?: Record<string, number | null>;
  /** The query's group (retrieval.interval_unit: group resamples by it); absent when it has none. */
  group?: string;
  /** The ranking metrics (with a relevant memory), and stale@k and stale_above_current (with an obsolete one). */
  metrics: MetricValues;
  /** The returned list, best first, as scored. */
  results: { id: string; score: number }[];
  latency_ms: number;
  /** The query's metrics at each haystack fraction below 1 (retrieval.haystack), by fraction ("0.1"); absent without a haystack or a relevant memory. */
  haystack?: Record<string, MetricValues>;
}

export interface TagMetrics {
  queries: number;
  metrics: MetricValues;
}

/** Staleness figures over a set of queries that name an obsolete memory (retrieval/staleness.ts defines them). */
export interface StalenessFigures {
  /** The queries the shares are over: those naming an obsolete memory. */
  queries: number;
  /** stale@k for each k, stale_above_current: shares of those queries, lower is better. */
  metrics: MetricValues;
  /** 95% bootstrap intervals of the shares, over the run's interval unit. */
  intervals?: Record<string, IntervalEstimate>;
}

export interface StalenessResult extends StalenessFigures {
  /** The same over each tag's queries that name an obsolete memory (tags with none are absent). */
  by_tag: Record<string, StalenessFigures>;
}

export interface ProviderResult {
  name: string;
  kind: string;
  /** The embedding space, for vector providers. */
  embedder?: string;
  status: 'ok' | 'error';
  /** Why the provider could not complete, with what to do. */
  error?: string;
  /** Means over all queries (present when status is ok). */
  metrics?: MetricValues;
  /** 95% bootstrap intervals of the headline means, over whole queries. */
  intervals?: Record<string, IntervalEstimate>;
  by_tag?: Record<string, TagMetrics>;
  /** stale@k and stale_above_current over the queries that name an obsolete memory (present when some do and status is ok). */
  staleness?: StalenessResult;
  latency_ms?: LatencySummary;
  timings_ms: { setup: number; seed: number; prepare: number; search: number };
  /** What the store reported about itself (embedding cache hits and misses, ...). */
  diagnostics?: Record<string, unknown>;
  /** Tokens and USD of the embedding requests seeding and searching made (API embedders only). */
  embedding?: EmbeddingCost;
  /** Every query asked, in order. In memory only: the folder keeps them in queries/<provider>.jsonl, not in results.json. */
  queries: QueryOutcome[];
  /** Results owned by another user than the one searching, and ids the suite never seeded. */
  isolation?: IsolationCheck;
  /** The provider's figures at each haystack fraction (retrieval.haystack; present when status is ok). */
  haystack?: ProviderHaystack;
}

/**
 * The isolation canary, no model needed: the owner of every returned memory
 * is known from the suite's memories, so a memory of another user in a
 * user's results is a leak, not merely a miss.
 */
export interface IsolationCheck {
  cross_user_hits: number;
  unknown_ids: number;
  /** One entry per leaked result: who searched (user), who owns it (owner), which memory, at what rank. */
  cross_user: { query: string; user: string; owner: string; memory: string; rank: number }[];
  /** Returned ids no memory of the suite has (left over from another run, or made up). */
  unknown: { query: string; user: string; memory: string; rank: number }[];
}

export interface RetrievalResult {
  k: number[];
  depth: number;
  /** Which definitions the numbers follow. */
  definitions: string;
  memory_count: number;
  query_count: number;
  /** Queries with `relevant: []`: left out of every mean, interval and paired test. */
  queries_without_relevant: number;
  /** Present (true) when each query was also scored by the memories' groups (group_ metrics). */
  group_metrics?: boolean;
  /** Queries naming an obsolete memory: the staleness figures are over them, the others left out. Absent when none does. */
  queries_with_obsolete?: number;
  /** What the retrieval intervals resampled (and paired changes pair); absent in results written before it was recorded: queries. */
  interval_unit?: IntervalUnit;
  /** Why the unit is what it is, when the default chose (e.g. queries: fewer than 3 users). */
  interval_unit_note?: string;
  /** retrieval.haystack as it ran: the fractions, the seed, the memories they thin. */
  haystack?: HaystackRecord;
  providers: Record<string, ProviderResult>;
}

/** Embedding spend priced: tokens over every model, and USD (null when a count is unreported or a model has no price). */
export interface EmbeddingCost {
  tokens: number;
  requests: number;
  /** Requests whose response reported no token count. */
  unreported: number;
  cost_usd: number | null;
  /** Model names as the requests named them. */
  models: string[];
}

/** How a labels file labels answers: pass/fail, or a whole score 1..5 (e2e/judgeCalibration.ts). */
export type LabelKind = 'pass/fail' | 'score';

/** What results.json keeps of the judge's calibration (e2e/judgeCalibration.ts): the figures, with n, not the rows. */
export interface CalibrationSummary {
  file: string;
  kind: LabelKind;
  n: number;
  /** The share of rows where the judge gave the person's label. */
  agreement: number;
  /** Cohen's kappa (weights none) or weighted kappa (quadratic); null when undefined (one category only). */
  kappa: number | null;
  weights: 'none' | 'quadratic';
  min_agreement?: number;
}
