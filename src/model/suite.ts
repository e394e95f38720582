import type { CaseSpec, Condition } from './e2e.js';
import type { InputProblem, SourceLocation } from './source.js';
import type { GateSpec } from './gate.js';
import type { Split } from './split.js';
import type { IntervalUnit } from './figures.js';
import type { HaystackSpec } from './haystack.js';

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
  kind: 'keyword' | 'vector' | 'chroma' | 'adapter' | 'mcp';
  /** BM25 term-frequency saturation (keyword). */
  k1?: number;
  /** BM25 length normalisation (keyword). */
  b?: number;
  /** A fixed BM25 variant (keyword): rank_bm25 is LongMemEval's flat-bm25 (src/memory/rankBm25.ts). */
  preset?: 'rank_bm25';
  /** rank_bm25's floor for negative idf, as a share of the mean idf (keyword with preset rank_bm25). */
  epsilon?: number;
  embedding?: EmbeddingSpec;
  /** Chroma server (chroma). */
  url?: string;
  tenant?: string;
  database?: string;
  api_key_env?: string;
  auth_header?: string;
  keep_collection?: boolean;
  /** HNSW index settings of the collection (chroma). */
  hnsw?: { ef_search?: number; ef_construction?: number; max_neighbors?: number };
  /** Your agent's memory over the JSON-RPC adapter protocol (adapter). */
  command?: string[];
  cwd?: string;
  /** The adapter process's own variables (command); `${NAME}` in a value reads recall-gate's environment. */
  env?: Record<string, string>;
  headers_env?: Record<string, string>;
  /** Per call (adapter, mcp), per operation (chroma). */
  timeout_ms?: number;
  /** The MCP server's tools and how arguments and results map onto them (mcp). */
  tools?: McpToolsSpec;
  /** Where each of `tools` is written, for errors about the server's tools (mcp). */
  tools_where?: Partial<Record<McpToolRole, SourceLocation>>;
  where: SourceLocation;
}

export type McpToolRole = 'search' | 'add' | 'list' | 'reset';

/** One tool of an MCP memory server as a suite maps it (src/memory/mcp.ts says what each field means). */
export interface McpToolSpec {
  name: string;
  /** The tool's arguments: JSON whose strings may hold {placeholders}; a string that is one placeholder alone keeps the value's type. */
  arguments?: Record<string, unknown>;
  /** Dotted path to the list of items in the result (structuredContent, else the JSON text content); the value itself when absent. */
  results?: string;
  /** Dotted paths inside one item. */
  id?: string;
  text?: string;
  score?: string;
  date?: string;
}

export type McpToolsSpec = { search: McpToolSpec } & Partial<Record<Exclude<McpToolRole, 'search'>, McpToolSpec>>;

export interface MemorySpec {
  id: string;
  text: string;
  user: string;
  /** ISO date (YYYY-MM-DD) the memory was told, if known. */
  date?: string;
  /** The group it belongs to (e.g. the session a turn came from), for group-level metrics. */
  group?: string;
  /** Free data kept with the row (an import's caption, speaker...); never searched. */
  meta?: Record<string, unknown>;
  where: SourceLocation;
}

export interface QuerySpec {
  id: string;
  text: string;
  user: string;
  /** Relevant memory id -> gain (1 unless the suite grades it); empty when no memory answers the query. */
  relevant: Record<string, number>;
  /** Memories of the same user that were true once and have been superseded (stale@k, stale_above_current); absent when none. */
  obsolete?: string[];
  /** The cluster this query is resampled with when retrieval.interval_unit is group (the conversation or document it came from). */
  group?: string;
  tags: string[];
  split?: Split;
  /** The dataset's reference answer, kept for reading. */
  answer?: string;
  /** Free data kept with the row. */
  meta?: Record<string, unknown>;
  where: SourceLocation;
}

export interface RetrievalSpec {
  /** Cut-offs for the @k metrics, ascending. */
  k: number[];
  /** How many results each search returns; MRR is computed over this list. */
  depth: number;
  /** Also score each query by the memories' groups (group_recall@k, ...). */
  group_metrics?: boolean;
  /** What retrieval intervals and paired changes resample; absent: users when several users hold several queries, else queries (retrieval/intervals.ts). */
  interval_unit?: IntervalUnit;
  /** Also run each provider with the memories no query names thinned to these fractions (retrieval/haystack.ts). */
  haystack?: HaystackSpec;
  providers: ProviderSpec[];
  memories: MemorySpec[];
  queries: QuerySpec[];
}

export interface BuiltinTargetSpec {
  kind: 'builtin';
  model: string;
  /** Contents of the system prompt file, and its path for messages. */
  systemPrompt: string;
  systemPromptFile?: string;
  memory: {
    provider: ProviderSpec;
    max_results: number;
    min_score?: number;
    dated: boolean;
    auto_store: boolean;
  };
  base_url?: string;
  api_key_env?: string;
  temperature?: number;
  max_tokens?: number;
  timeout_ms: number;
  /** A memory search slower than this is abandoned: the agent answers without memory (fault:timeout outlasts it on purpose). Default 2000 (targets/builtin.ts). */
  recall_timeout_ms?: number;
  max_retries: number;
  /** Tools offered to the chat model (targets/tools.ts): calls are recorded and answered, never executed. */
  tools?: ToolSpec[];
  /** Replies with tool calls answered per invocation before a last request with tool_choice "none". Default 5 (DEFAULT_MAX_TOOL_ROUNDS). */
  max_tool_rounds?: number;
}

/** A tool the builtin target offers its chat model, as the suite declares it. */
export interface ToolSpec {
  name: string;
  description?: string;
  /** JSON Schema of the arguments (an object); every call is validated against it. */
  parameters: Record<string, unknown>;
  /** What a valid call is answered with: fixed JSON whose strings may hold {arg} templates. */
  returns?: unknown;
  /** A valid call records this file (ChatReply.artifacts): path and content are {arg} templates, e.g. "{path}". */
  artifact?: { path: string; content: string };
  where: SourceLocation;
}

export interface HttpTargetSpec {
  kind: 'http';
  /** Where requests go; with `start`, what the started server prints first (filled in when it has started). */
  url?: string;
  /** A server recall-gate starts (program and arguments); its first stdout line is the URL. Stopped at the end of the run. */
  start?: string[];
  /** Absolute working directory of `start`. */
  cwd?: string;
  /** The started server's own variables; `${NAME}` in a value reads recall-gate's environment. */
  env?: Record<string, string>;
  /** Header name -> environment variable holding its value. */
  headers_env: Record<string, string>;
  timeout_ms: number;
  /** The adapter's model: prices the tokens it reports without a usage.model, and picks the tokenizer encoding. */
  model?: string;
}

export interface CommandTargetSpec {
  kind: 'command';
  command: string[];
  /** Absolute working directory. */
  cwd: string;
  /** The process's own variables; `${NAME}` in a value reads recall-gate's environment. It inherits only PATH and the like besides. */
  env?: Record<string, string>;
  timeout_ms: number;
  /** The adapter's model: prices the tokens it reports without a usage.model, and picks the tokenizer encoding. */
  model?: string;
}

export type TargetSpec = BuiltinTargetSpec | HttpTargetSpec | CommandTargetSpec;

export interface JudgeSettings {
  model: string;
  base_url?: string;
  api_key_env?: string;
  /** Per judge request, and attempts after the first (OpenAIJudge's defaults: 60000 ms, 4). */
  timeout_ms?: number;
  max_retries?: number;
  /** Hand-labelled answers the judge must agree with before an e2e run (see e2e/judgeCalibration.ts). */
  calibration?: { path: string; displayPath: string; min_agreement?: number };
}

export interface E2eSpec {
  target: TargetSpec;
  repeat: number;
  conditions: Condition[];
  concurrency: number;
  /** Grade probe replies cut by the length limit instead of counting them errors. */
  grade_truncated?: boolean;
  judge?: JudgeSettings;
  /** USD per million tokens, by model; the suite's entries over the built-in table. */
  prices: Record<string, { input: number; output: number }>;
  /** The spend cap of the e2e layer in USD: no trial starts once the spend so far would pass it (run --budget-usd overrides). */
  max_cost_usd?: number;
  cases: CaseSpec[];
}

/** One of the suite's `variants:`, as written; suite/variants.ts applies it. */
export interface VariantSpec {
  name: string;
  /** Keys of e2e.target it replaces (memory and env merged key by key), as written. */
  target?: Record<string, unknown>;
  /** Provider name -> the embedding that replaces the provider's own. */
  providers?: Record<string, { embedding: EmbeddingSpec }>;
  where: SourceLocation;
  /** Where its target.system_prompt is written, for a file that cannot be read. */
  systemPromptWhere?: SourceLocation;
}

export interface Suite {
  name: string;
  /** Where the `name:` key is written: the name keys the results folder and the PR comment, so a clash is reported there. */
  nameWhere?: SourceLocation;
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
  e2e?: E2eSpec;
  gate?: GateSpec;
  variants?: VariantSpec[];
  /** The variant this suite is, once suite/variants.ts has applied it. */
  variant?: string;
  /** Where each gate condition was written, by its path (e.g. "all[2]"), for annotations. */
  gateLocations?: Record<string, SourceLocation>;
  /** What looks wrong but may be meant (a probe dated before its sessions): validate and run print these, and the run goes on. */
  warnings?: InputProblem[];
}
