import { l2Normalize, type Embedder } from '../src/embeddings/types.js';
import type { BenchData } from './generate.js';
import { gaussian, hashText, mulberry32 } from './prng.js';

export interface FixedEmbedderOptions {
  dimensions: number;
  seed: number;
  /** Norm of the Gaussian noise added to a query's target vector before normalising. */
  queryNoise: number;
}

function randomUnit(dimensions: number, normal: () => number): Float32Array {
  const vector = new Float32Array(dimensions);
  for (let i = 0; i < dimensions; i++) vector[i] = normal();
  return l2Normalize(vector);
}

/**
 * A fixed generator standing in for a model: every memory text gets a
 * pseudo-random unit vector, every query text its target's vector plus
 * Gaussian noise, normalised (cosine to target about 1 / sqrt(1 + noise^2)).
 * Vectors are computed once up front, so embed() is a table look-up and the
 * timings measure the store, not an embedder. An unknown text gets a unit
 * vector seeded by its hash.
 */
export class FixedEmbedder implements Embedder {
  readonly id: string;
  readonly normalized = true;
  private readonly table = new Map<string, Float32Array>();

  constructor(
    data: BenchData,
    private readonly options: FixedEmbedderOptions,
  ) {
    this.id = `fixed:v1:d${options.dimensions}:seed${options.seed}:noise${options.queryNoise}`;
    const normal = gaussian(mulberry32(options.seed));
    const memoryVectors = data.memories.map((memory) => {
      const vector = this.table.get(memory.text) ?? randomUnit(options.dimensions, normal);
      this.table.set(memory.text, vector);
      return vector;
    });
    const scale = options.queryNoise / Math.sqrt(options.dimensions);
    for (const query of data.queries) {
      const target = memoryVectors[query.targetIndex]!;
      const vector = new Float32Array(options.dimensions);
      for (let i = 0; i < options.dimensions; i++) vector[i] = target[i]! + scale * normal();
      this.table.set(query.text, l2Normalize(vector));
    }
  }

  /** The vector embed() returns for a text. */
  vectorOf(text: string): Float32Array {
    let vector = this.table.get(text);
    if (!vector) {
      vector = randomUnit(this.options.dimensions, gaussian(mulberry32(hashText(text))));
      this.table.set(text, vector);
    }
    return vector;
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    return texts.map((text) => this.vectorOf(text));
  }
}
