/**
 * USD per million tokens (input, output) for chat and embedding models, as
 * the providers list them (an embedding model bills input only); a suite's e2e.prices replaces or adds entries. A model that is in
 * neither gets no cost (null), never a guessed one.
 */
export const DEFAULT_PRICES: Record<string, { input: number; output: number }> = {
  'gpt-5': { input: 1.25, output: 10 },
  'gpt-5-mini': { input: 0.25, output: 2 },
  'gpt-5-nano': { input: 0.05, output: 0.4 },
  'gpt-4.1': { input: 2, output: 8 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6 },
  'gpt-4.1-nano': { input: 0.1, output: 0.4 },
  'gpt-4o': { input: 2.5, output: 10 },
  'gpt-4o-mini': { input: 0.15, output: 0.6 },
  'text-embedding-3-small': { input: 0.02, output: 0 },
  'text-embedding-3-large': { input: 0.13, output: 0 },
  'text-embedding-ada-002': { input: 0.1, output: 0 },
};

export function costUsd(model: string, input: number, output: number, prices: Record<string, { input: number; output: number }>): number | null {
  const price = prices[model] ?? DEFAULT_PRICES[model];
  if (!price) return null;
  return (input * price.input + output * price.output) / 1_000_000;
}
