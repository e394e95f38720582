/**
 * Turns texts into vectors. Implementations return one vector per text, in
 * order, all of `dimensions` length, L2-normalised when `normalized` is true.
 */
export interface Embedder {
  /** Identifies the embedding space: kind, model, revision and settings. Cache keys use it. */
  readonly id: string;
  readonly normalized: boolean;
  /** `signal` aborts when the caller gives up (an abandoned search): the embedder stops any request in flight. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

export function l2Normalize(vector: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i]! * vector[i]!;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i]! /= norm;
  return vector;
}
