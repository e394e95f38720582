/** One run of one suite in a history file (history.jsonl, one JSON object a line). */
export interface HistoryLine {
  schema: 1;
  suite: string;
  variant?: string;
  /** results.commit.sha */
  commit?: string;
  ref?: string;
  /** results.finished_at ?? started_at (ISO) */
  date: string;
  run_id?: string;
  status: 'complete' | 'incomplete';
  /** Headline metrics (see headlineMetrics): retrieval.<provider>.<recall@k|mrr|ndcg@k>, e2e.pass_rate, e2e.pass^k, e2e.errors, e2e.ability.<ability>.pass_rate, e2e.cost_usd. */
  metrics: Record<string, number>;
}

/** What a report shows as trends: the stored history and this run, which is marked. */
export interface Trend {
  past: HistoryLine[];
  current: HistoryLine;
}
