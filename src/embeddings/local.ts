import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RecallGateError } from '../errors.js';
import { loadTransformers, type RuntimeOptions, type TransformersModule } from './transformersRuntime.js';
import type { Embedder } from './types.js';

/** Chroma's default embedding model, in the ONNX form transformers.js loads. */
export const DEFAULT_LOCAL_MODEL = 'Xenova/all-MiniLM-L6-v2';

export interface LocalEmbedderOptions extends RuntimeOptions {
  /** A model name on the Hugging Face hub, or an absolute path to a model folder. */
  model: string;
  revision?: string;
  /** Weights to load: fp32 reads onnx/model.onnx, q8 onnx/model_quantized.onnx. */
  dtype?: string;
  batchSize?: number;
  /** Never download: only models already in the cache or in a local folder. */
  offline?: boolean;
}

type Extractor = Awaited<ReturnType<TransformersModule['pipeline']>>;

/**
 * A sentence-embedding model run in process with transformers.js (ONNX
 * Runtime on the CPU): mean pooling over the tokens, then L2 normalisation, as
 * the sentence-transformers model cards specify. Downloaded models are kept in
 * <cache>/models; a local folder is read in place and never downloaded.
 */
export class LocalEmbedder implements Embedder {
  readonly id: string;
  readonly normalized = true;
  private extractor?: Promise<Extractor>;
  private readonly isFolder: boolean;

  constructor(private readonly options: LocalEmbedderOptions) {
    this.isFolder = options.model.startsWith('/');
    const dtype = options.dtype ?? 'fp32';
    // A folder's contents can change under the same path, so its id carries a fingerprint of the weights.
    const version = this.isFolder ? folderFingerprint(options.model, dtype) : (options.revision ?? 'main');
    this.id = `local:${options.model}@${version}:${dtype}:mean-normalized`;
  }

  /** In process and CPU-bound: a batch cannot be stopped part-way, so it takes no signal. */
  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const extract = await this.load();
    const batchSize = this.options.batchSize ?? 32;
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += batchSize) {
      const batch = texts.slice(start, start + batchSize);
      const output = await extract(batch, { pooling: 'mean', normalize: true });
      const dimensions = output.dims[output.dims.length - 1]!;
      for (let i = 0; i < batch.length; i++) vectors.push(output.data.slice(i * dimensions, (i + 1) * dimensions));
    }
    return vectors;
  }

  private load(): Promise<Extractor> {
    this.extractor ??= this.open().catch((error: unknown) => {
      this.extractor = undefined;
      throw error;
    });
    return this.extractor;
  }

  private async open(): Promise<Extractor> {
    const { module } = await loadTransformers(this.options);
    const modelsDir = join(this.options.cacheRoot, 'models');
    module.env.cacheDir = modelsDir;
    module.env.useFSCache = true;
    module.env.allowLocalModels = true;
    module.env.allowRemoteModels = !this.isFolder && !this.options.offline;
    if (this.isFolder && !existsSync(join(this.options.model, 'config.json'))) {
      throw new RecallGateError('incomplete', `local model folder ${this.options.model} has no config.json`, {
        hint: 'point model at a folder holding config.json, tokenizer.json, tokenizer_config.json and onnx/model.onnx',
      });
    }
    const started = Date.now();
    try {
      const extractor = await module.pipeline('feature-extraction', this.options.model, {
        revision: this.options.revision,
        dtype: this.options.dtype ?? 'fp32',
        device: 'cpu',
      });
      if (Date.now() - started > 2000) this.options.log(`loaded ${this.options.model} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return extractor;
    } catch (error) {
      throw this.explain(error, modelsDir);
    }
  }

  private explain(error: unknown, modelsDir: string): RecallGateError {
    const reason = describe(error);
    if (this.isFolder) {
      return new RecallGateError('incomplete', `cannot load the local model in ${this.options.model}: ${reason}`, {
        hint: 'the folder needs config.json, tokenizer.json, tokenizer_config.json and onnx/model.onnx (onnx/model_quantized.onnx for dtype q8)',
        cause: error,
      });
    }
    const notCached = `model ${this.options.model} is not in the cache (${modelsDir})`;
    const why = this.options.offline ? `${notCached} and downloads are off (RECALL_GATE_OFFLINE)` : `${notCached} and could not be downloaded: ${reason}`;
    return new RecallGateError('incomplete', `cannot load the local embedding model: ${why}`, {
      hint: 'run once with network access so the model is cached, point model at a local model folder, or use embedding kind ngram (offline) or openai',
      cause: error,
    });
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${(error.cause as NodeJS.ErrnoException).code ?? error.cause.message})` : '';
  return `${error.message}${cause}`;
}

/** Fingerprints by folder and weights: hashing hundreds of MB once per process is enough. */
const fingerprints = new Map<string, string>();

function folderFingerprint(folder: string, dtype: string): string {
  const key = `${folder}\0${dtype}`;
  const known = fingerprints.get(key);
  if (known) return known;
  const fingerprint = hashFolder(folder, dtype);
  fingerprints.set(key, fingerprint);
  return fingerprint;
}

function hashFolder(folder: string, dtype: string): string {
  const weights = join(folder, 'onnx', dtype === 'q8' ? 'model_quantized.onnx' : dtype === 'fp16' ? 'model_fp16.onnx' : 'model.onnx');
  const hash = createHash('sha256');
  for (const file of ['config.json', 'tokenizer.json']) {
    if (existsSync(join(folder, file))) hash.update(readFileSync(join(folder, file)));
  }
  // The weights' content, not their mtime: a fresh checkout must still hit the embedding cache.
  if (existsSync(weights)) hash.update(readFileSync(weights));
  return hash.digest('hex').slice(0, 16);
}
