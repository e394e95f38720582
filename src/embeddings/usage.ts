import { ScopedMeters } from '../net/scopedMeters.js';

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
 * the embedder could not tell them apart; the async context can (ScopedMeters).
 */
const meters = new ScopedMeters<EmbeddingUsage>();

/** Called by each embedder that records its requests, as it is built. */
export function embedderReportsUsage(): void {
  meters.recorderExists();
}

/** Runs `work` with a fresh meter; returns what it did and what its embedding requests spent. */
export async function meterEmbeddings<T>(work: () => Promise<T>): Promise<{ value: T; usage: EmbeddingUsage }> {
  const usage: EmbeddingUsage = {};
  return { value: await meters.meter(usage, work), usage };
}

/**
 * meterEmbeddings for work that builds no embedder (an e2e trial: the target and its stores are built
 * before): while no embedder that reports usage exists, the work can spend nothing and runs unmetered.
 */
export async function meterEmbeddingsIfAny<T>(work: () => Promise<T>): Promise<{ value: T; usage: EmbeddingUsage }> {
  const usage: EmbeddingUsage = {};
  return { value: await meters.meterIfAny(usage, work), usage };
}

/** Called by embedders after each request: `tokens` undefined when the response reported none. */
export function recordEmbedding(model: string, tokens: number | undefined): void {
  for (const usage of meters.current()) {
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
