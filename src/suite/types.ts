import type { SourceLocation } from '../errors.js';

/** The user memories belong to when a suite names none. */
export const DEFAULT_USER = 'default';

export interface EmbeddingSpec {
  kind: 'ngram' | 'openai' | 'local';
  /** Model name sent to the API (openai); hub name or model folder (local, resolved against the suite). */
  model?: string;
  /** Model revision to download (local). */
  revision?: string;
  /** Weights to load (local). */
  dtype?: 'fp32' | 'fp16' | 'q8';
  /** Vector length: the hashing space for ngram, the `dimensions` request field for openai. */
  dimensions?: number;
  /** Character n-gram sizes for ngram. */
  ngram_sizes?: number[];
  /** Texts per embeddings request (openai). */
  batch_size?: number;
  /** OpenAI-compatible endpoint; OPENAI_BASE_URL when absent. */
  base_url?: string;
  /** Environment variable holding the key; OPENAI_API_KEY when absent. */
  api_key_env?: string;
  /** Attempts after the first on 429, 5xx, timeouts and connection errors. */
  max_retries?: number;
  /** Per-request timeout in milliseconds. */
  timeout_ms?: number;
}

export interface ProviderSpec {
  name: string;
  kind: 'keyword' | 'vector' | 'chroma';
  /** BM25 term-frequency saturation (keyword). */
  k1?: number;
  /** BM25 length normalisation (keyword). */
  b?: number;
  embedding?: EmbeddingSpec;
  /** Chroma server (chroma). */
  url?: string;
  tenant?: string;
  database?: string;
  api_key_env?: string;
  auth_header?: string;
  keep_collection?: boolean;
  where: SourceLocation;
}

export interface MemorySpec {
  id: string;
  text: string;
  user: string;
  /** ISO date (YYYY-MM-DD) the memory was told, if known. */
  date?: string;
  where: SourceLocation;
}

export interface QuerySpec {
  id: string;
  text: string;
  user: string;
  /** Relevant memory id -> gain (1 unless the suite grades it). */
  relevant: Record<string, number>;
  tags: string[];
  where: SourceLocation;
}

export interface RetrievalSpec {
  /** Cut-offs for the @k metrics, ascending. */
  k: number[];
  /** How many results each search returns; MRR is computed over this list. */
  depth: number;
  providers: ProviderSpec[];
  memories: MemorySpec[];
  queries: QuerySpec[];
}

export interface Suite {
  name: string;
  description?: string;
  /** Absolute path of the suite file. */
  file: string;
  /** The path as the user gave it, for messages. */
  displayPath: string;
  /** Globs (relative to the repository) whose change triggers the end-to-end layer. */
  memoryPaths: string[];
  /** Every file the suite read, the suite file first. */
  files: string[];
  retrieval?: RetrievalSpec;
}
