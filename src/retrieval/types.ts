import type { EmbeddingCost } from '../e2e/cost.js';
import type { IntervalEstimate } from '../gate/bootstrap.js';
import type { LatencySummary } from '../stats.js';
import type { MetricValues } from './metrics.js';

/** What happened to one query against one provider. */
export interface QueryOutcome {
  id: string;
  text: string;
  user: string;
  tags: string[];
  /** Relevant memory id -> gain. */
  relevant: Record<string, number>;
  /** 1-based rank of each relevant memory in the returned list, null when missing. */
  ranks: Record<string, number | null>;
  metrics: MetricValues;
  /** The returned list, best first, as scored. */
  results: { id: string; score: number }[];
  latency_ms: number;
}

export interface TagMetrics {
  queries: number;
  metrics: MetricValues;
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
  latency_ms?: LatencySummary;
  timings_ms: { setup: number; seed: number; prepare: number; search: number };
  /** What the store reported about itself (embedding cache hits and misses, ...). */
  diagnostics?: Record<string, unknown>;
  /** Tokens and USD of the embedding requests seeding and searching made (API embedders only). */
  embedding?: EmbeddingCost;
  queries: QueryOutcome[];
  /** Results owned by another user than the one searching, and ids the suite never seeded. */
  isolation?: IsolationCheck;
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
  providers: Record<string, ProviderResult>;
}

export const METRIC_DEFINITIONS =
  'trec_eval (recall.k, P.k, success.k, ndcg_cut.k, recip_rank over the returned list) and LongMemEval (recall_all@k); every query with a relevant memory counts in each mean, as trec_eval -c';
