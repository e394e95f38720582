export interface HistoryLine {
  schema: 1;
  suite: string;
  variant?: string;
  commit?: string;      // results.commit.sha
  ref?: string;
  date: string;         // results.finished_at ?? started_at (ISO)
  run_id?: string;
  status: 'complete' | 'incomplete';
  /** Headline metrics (see headlineMetrics): retrieval.<provider>.<recall@k|mrr|ndcg@k>, e2e.pass_rate, e2e.pass^k, e2e.errors, e2e.ability.<ability>.pass_rate, e2e.cost_usd. */
  metrics: Record<string, number>;
}
/** What a report shows as trends: the stored history and this run, which is marked. */
export interface Trend { past: HistoryLine[]; current: HistoryLine }
export const HISTORY_FILE = 'history.jsonl';
export const HISTORY_LIMIT = 200;
