import { createEmbedder, type EmbedderContext } from '../embeddings/createEmbedder.js';
import type { ProviderSpec } from '../suite/types.js';
import { KeywordStore } from './keyword.js';
import type { MemoryStore } from './types.js';
import { VectorStore } from './vector.js';

/** Builds the store a provider entry describes. Throws when it cannot be built (no key, ...). */
export function createStore(provider: ProviderSpec, context: EmbedderContext): MemoryStore {
  switch (provider.kind) {
    case 'keyword':
      return new KeywordStore({ k1: provider.k1, b: provider.b });
    case 'vector':
      return new VectorStore(createEmbedder(provider.embedding!, context));
  }
}
