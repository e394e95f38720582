import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Embedder } from './types.js';

/**
 * On-disk embedding cache, one folder per embedding space (the embedder's id:
 * kind, model, revision, settings), keyed by the SHA-256 of each text.
 *
 * Layout: immutable segment files, each written whole to a temporary name and
 * renamed into place, so two processes can fill the same cache at once and a
 * reader never sees half a segment. Each entry carries a checksum; an entry that
 * does not check out is ignored and its text embedded again. When a space's
 * segments exceed the size bound, the oldest segments are deleted.
 *
 * Entry: 32-byte text hash | u32 dimensions | u32 checksum of the vector bytes | f32 x dimensions.
 */
const MAGIC = Buffer.from('RGEC1\n');
const HEADER = 32 + 4 + 4;
/** Merge segments into one when a space has more than this many. */
const COMPACT_AFTER = 16;

export interface EmbeddingCacheStats {
  hits: number;
  misses: number;
  /** Entries skipped because their bytes did not check out. */
  corrupt: number;
}

export function defaultCacheDir(env: NodeJS.ProcessEnv): string {
  if (env.RECALL_GATE_CACHE_DIR) return env.RECALL_GATE_CACHE_DIR;
  const base = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'recall-gate');
}

function textKey(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** FNV-1a over bytes: cheap, and enough to tell a torn or flipped entry. */
function checksum(bytes: Uint8Array): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) {
    hash ^= bytes[i]!;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export class EmbeddingCache {
  private readonly dir: string;
  private readonly entries = new Map<string, Float32Array>();
  private readonly pending = new Map<string, Float32Array>();
  private readonly loaded = new Set<string>();
  readonly stats: EmbeddingCacheStats = { hits: 0, misses: 0, corrupt: 0 };

  constructor(
    root: string,
    readonly spaceId: string,
    private readonly maxBytes = 512 * 1024 * 1024,
  ) {
    this.dir = join(root, 'embeddings', createHash('sha256').update(spaceId).digest('hex').slice(0, 24));
    mkdirSync(this.dir, { recursive: true });
    writeFileSync(join(this.dir, 'space.txt'), `${spaceId}\n`);
    for (const segment of this.segments()) this.load(segment.path);
  }

  get(text: string): Float32Array | undefined {
    const key = textKey(text).toString('hex');
    return this.entries.get(key) ?? this.pending.get(key);
  }

  set(text: string, vector: Float32Array): void {
    this.pending.set(textKey(text).toString('hex'), vector);
  }

  /** Writes what was added since the last flush as one new segment, then keeps the folder bounded. */
  flush(): void {
    if (this.pending.size === 0) return;
    this.loaded.add(this.writeSegment(encodeSegment(this.pending)));
    for (const [key, vector] of this.pending) this.entries.set(key, vector);
    this.pending.clear();
    this.compactAndBound();
  }

  private writeSegment(bytes: Buffer): string {
    const name = `${Date.now().toString(36)}-${process.pid}-${Math.random().toString(36).slice(2, 8)}.seg`;
    const temp = join(this.dir, `.${name}.tmp`);
    writeFileSync(temp, bytes);
    renameSync(temp, join(this.dir, name));
    return join(this.dir, name);
  }

  private segments(): { path: string; size: number; mtimeMs: number }[] {
    const found = [];
    for (const name of readdirSync(this.dir)) {
      if (!name.endsWith('.seg')) continue;
      try {
        const stat = statSync(join(this.dir, name));
        found.push({ path: join(this.dir, name), size: stat.size, mtimeMs: stat.mtimeMs });
      } catch {
        // Deleted by another process since readdir: nothing to load.
      }
    }
    return found.sort((a, b) => a.mtimeMs - b.mtimeMs || a.path.localeCompare(b.path));
  }

  private load(path: string): void {
    this.loaded.add(path);
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch {
      return;
    }
    if (!bytes.subarray(0, MAGIC.length).equals(MAGIC)) {
      this.stats.corrupt += 1;
      return;
    }
    let offset = MAGIC.length;
    while (offset + HEADER <= bytes.length) {
      const dimensions = bytes.readUInt32LE(offset + 32);
      const end = offset + HEADER + dimensions * 4;
      if (dimensions === 0 || end > bytes.length) {
        this.stats.corrupt += 1;
        return;
      }
      const body = bytes.subarray(offset + HEADER, end);
      if (checksum(body) === bytes.readUInt32LE(offset + 36)) {
        // Copy out: the vector must not pin the whole segment buffer, and needs 4-byte alignment.
        const vector = new Float32Array(dimensions);
        Buffer.from(vector.buffer).set(body);
        this.entries.set(bytes.subarray(offset, offset + 32).toString('hex'), vector);
      } else {
        this.stats.corrupt += 1;
      }
      offset = end;
    }
  }

  private compactAndBound(): void {
    let segments = this.segments();
    if (segments.length > COMPACT_AFTER) {
      // Segments another process wrote since we opened must survive the merge.
      for (const segment of segments) if (!this.loaded.has(segment.path)) this.load(segment.path);
      // Everything loaded is already in memory: write it as one segment, then drop the old ones.
      const merged = this.writeSegment(encodeSegment(this.entries));
      this.loaded.add(merged);
      for (const segment of segments) if (segment.path !== merged) removeQuietly(segment.path);
      segments = this.segments();
    }
    let total = segments.reduce((sum, segment) => sum + segment.size, 0);
    for (const segment of segments) {
      if (total <= this.maxBytes || segments.length <= 1) break;
      removeQuietly(segment.path);
      total -= segment.size;
    }
  }
}

function encodeSegment(entries: ReadonlyMap<string, Float32Array>): Buffer {
  const parts: Buffer[] = [MAGIC];
  for (const [key, vector] of entries) {
    const body = Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
    const header = Buffer.alloc(HEADER);
    Buffer.from(key, 'hex').copy(header, 0);
    header.writeUInt32LE(vector.length, 32);
    header.writeUInt32LE(checksum(body), 36);
    parts.push(header, body);
  }
  return Buffer.concat(parts);
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Another process removed it first.
  }
}

/** An embedder that asks the wrapped one only for texts the cache does not hold. */
export class CachedEmbedder implements Embedder {
  readonly id: string;
  readonly normalized: boolean;

  constructor(
    private readonly inner: Embedder,
    private readonly cache: EmbeddingCache,
  ) {
    this.id = inner.id;
    this.normalized = inner.normalized;
  }

  get stats(): EmbeddingCacheStats {
    return this.cache.stats;
  }

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const result: (Float32Array | undefined)[] = texts.map((text) => this.cache.get(text));
    const missed = texts.filter((_, i) => result[i] === undefined);
    const missing = [...new Set(missed)];
    this.cache.stats.hits += texts.length - missed.length;
    this.cache.stats.misses += missing.length;
    if (missing.length > 0) {
      const vectors = await this.inner.embed(missing, signal);
      const fresh = new Map(missing.map((text, i) => [text, vectors[i]!] as const));
      for (const [text, vector] of fresh) this.cache.set(text, vector);
      this.cache.flush();
      for (let i = 0; i < texts.length; i++) result[i] ??= fresh.get(texts[i]!);
    }
    return result as Float32Array[];
  }
}
