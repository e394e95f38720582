import { AsyncLocalStorage } from 'node:async_hooks';

/** Tokens an embedding model billed, as its responses reported them. */
export interface EmbeddingSpend {
  tokens: number;
  requests: number;
  /** Requests whose response carried no usable token count: their tokens (and so the cost) are unknown. */
  unreported: number;
}

/** Spend by embedding model name. */
export type EmbeddingUsage = Record<string, EmbeddingSpend>;

/**
 * Who pays for an embedding request is whoever's work caused it: a retrieval
 * provider's seeding and searches, or one e2e trial's memory writes and
 * searches. Trials run concurrently through one shared store, so a counter on
 * the embedder could not tell them apart; the async context can: the request
 * is recorded into every meter open around the call that made it.
 */
const open = new AsyncLocalStorage<EmbeddingUsage[]>();

/** Runs `work` with a fresh meter; returns what it did and what its embedding requests spent. */
export async function meterEmbeddings<T>(work: () => Promise<T>): Promise<{ value: T; usage: EmbeddingUsage }> {
  const usage: EmbeddingUsage = {};
  const value = await open.run([...(open.getStore() ?? []), usage], work);
  return { value, usage };
}

/** Called by embedders after each request: `tokens` undefined when the response reported none. */
export function recordEmbedding(model: string, tokens: number | undefined): void {
  for (const usage of open.getStore() ?? []) {
    const spend = (usage[model] ??= { tokens: 0, requests: 0, unreported: 0 });
    spend.requests += 1;
    if (tokens === undefined) spend.unreported += 1;
    else spend.tokens += tokens;
  }
}

/** Total tokens over every model, and whether any request left its count unknown. */
export function embeddingTokens(usage: EmbeddingUsage): { tokens: number; unknown: boolean } {
  const spends = Object.values(usage);
  return { tokens: spends.reduce((sum, spend) => sum + spend.tokens, 0), unknown: spends.some((spend) => spend.unreported > 0) };
}
