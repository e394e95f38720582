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

/**
 * An open AsyncLocalStorage turns on Node's async hooks, a cost on every
 * promise of the process (about 3% of an e2e run's CPU): so the context is
 * kept only while a meter is open, and none is opened for work that cannot
 * make a request (see meterEmbeddingsIfAny).
 */
let openMeters = 0;
/** Whether an embedder that reports usage (recordEmbedding) has been built in this process. */
let reporting = false;

/** Called by each embedder that records its requests, as it is built. */
export function embedderReportsUsage(): void {
  reporting = true;
}

/** Runs `work` with a fresh meter; returns what it did and what its embedding requests spent. */
export async function meterEmbeddings<T>(work: () => Promise<T>): Promise<{ value: T; usage: EmbeddingUsage }> {
  const usage: EmbeddingUsage = {};
  openMeters += 1;
  try {
    const value = await open.run([...(open.getStore() ?? []), usage], work);
    return { value, usage };
  } finally {
    // The last meter closed: the hooks go off until the next one opens (a request still on its way is no meter's).
    if (--openMeters === 0) open.disable();
  }
}

/**
 * meterEmbeddings for work that builds no embedder (an e2e trial: the target and its stores are built
 * before): while no embedder that reports usage exists, the work can spend nothing and runs unmetered.
 */
export async function meterEmbeddingsIfAny<T>(work: () => Promise<T>): Promise<{ value: T; usage: EmbeddingUsage }> {
  if (!reporting) return { value: await work(), usage: {} };
  return meterEmbeddings(work);
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
