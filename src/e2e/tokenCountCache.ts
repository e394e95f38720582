import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { replaceFileWith } from '../outputFile.js';
import { stampedJson } from '../cacheFile.js';
import type { countTokens, EncodingName } from './tokens.js';

const FORMAT = 'recall-gate-token-counts-1';

/**
 * A file past this many counts starts again from the run's own. It is read whole as a run's trials begin and
 * again as it is saved: at 20,000 counts (about 1 MB) that is tens of milliseconds, well under the encoding
 * load it saves; at 200,000 it was over a second, more than it saved.
 */
const MOST_COUNTS = 20_000;

interface CountsFile {
  format: typeof FORMAT;
  encoding: EncodingName;
  /** Tokens by the text's SHA-256 (base64url). */
  counts: Record<string, number>;
}

interface Loaded {
  /** The counts on disk when the run first counted in this encoding. */
  counts: Map<string, number>;
  /** The counts this run used, read or made: what a file past MOST_COUNTS starts again from. */
  used: Map<string, number>;
  /** Whether the run made any count the file did not hold: only then is it written. */
  made: boolean;
}

/**
 * Injected-token counts kept by run --cache-llm in <cache root>/tokens/<encoding>.json, by the SHA-256 of
 * the text counted. A rerun answered from the LLM cache recalls the texts it recalled before; counting them
 * again would load the encoding's rank table (over half a second on the counting thread, most of a small
 * rerun's time) to reach the same numbers, as a count depends on the encoding and the text alone.
 *
 * Each file is read once, at its encoding's first count, and written whole at the end of the run
 * (outputFile.ts: a temporary name renamed into place), merged with what another run wrote meanwhile. One
 * that cannot be read as this cache wrote it is a warning; its counts are made again and the file replaced.
 */
export class TokenCountCache {
  private readonly dir: string;
  private readonly files = new Map<EncodingName, Loaded>();

  /** `warn` says what went wrong with a file; the run goes on either way. */
  constructor(
    root: string,
    private readonly warn: (message: string) => void,
  ) {
    this.dir = join(root, 'tokens');
  }

  /** `count` answered from the cache where it holds the text's count; the counts it makes are kept. */
  counting(count: typeof countTokens): typeof countTokens {
    return async (text, encoding) => {
      if (text === '') return 0;
      const file = this.file(encoding);
      const key = keyOf(text);
      const known = file.used.get(key) ?? file.counts.get(key);
      if (known !== undefined) {
        file.used.set(key, known);
        return known;
      }
      const made = await count(text, encoding);
      file.used.set(key, made);
      file.made = true;
      return made;
    };
  }

  /** Whether the cache holds counts in `encoding` (read now): none means a first run, whose every count is to be made. */
  holds(encoding: EncodingName): boolean {
    return this.file(encoding).counts.size > 0;
  }

  /**
   * Writes each file this run made counts for, merged with what is on disk now (another run may have written
   * since); past MOST_COUNTS, with the counts this run used alone. Synchronous, so it can run as the process is
   * stopped; a cache that cannot be written is a warning, never a failed run.
   */
  save(): void {
    for (const [encoding, file] of this.files) {
      if (!file.made) continue;
      file.made = false;
      const path = this.pathOf(encoding);
      let merged = this.read(encoding, false);
      for (const [key, count] of file.used) merged.set(key, count);
      if (merged.size > MOST_COUNTS) merged = new Map([...file.used].slice(0, MOST_COUNTS));
      const written: CountsFile = { format: FORMAT, encoding, counts: Object.fromEntries(merged) };
      try {
        mkdirSync(this.dir, { recursive: true });
        replaceFileWith(path, (fd) => writeFileSync(fd, `${JSON.stringify(written)}\n`));
      } catch (error) {
        this.warn(`warning: token counts could not be kept in ${path} (${(error as Error).message}); the next run counts them again`);
      }
    }
  }

  private file(encoding: EncodingName): Loaded {
    let file = this.files.get(encoding);
    if (!file) {
      file = { counts: this.read(encoding, true), used: new Map(), made: false };
      this.files.set(encoding, file);
    }
    return file;
  }

  /** The counts on disk: none when there is no file yet, or (with a warning when `say`) when it is not one this cache wrote. */
  private read(encoding: EncodingName, say: boolean): Map<string, number> {
    const path = this.pathOf(encoding);
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && say) this.warn(`warning: token counts in ${path} cannot be read (${(error as Error).message}); they are counted again`);
      return new Map();
    }
    const counts = countsIn(text, encoding);
    if (typeof counts === 'string') {
      if (say) this.warn(`warning: token counts in ${path} are unusable (${counts}); they are counted again and the file replaced`);
      return new Map();
    }
    return counts;
  }

  private pathOf(encoding: EncodingName): string {
    return join(this.dir, `${encoding}.json`);
  }
}

function keyOf(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

/** The counts in `text` when it is a file this cache wrote for `encoding`, else why not; checked as they are taken, in one pass. */
function countsIn(text: string, encoding: EncodingName): Map<string, number> | string {
  const stamped = stampedJson(text, FORMAT);
  if (typeof stamped === 'string') return stamped;
  const file = stamped as Partial<CountsFile>;
  if (file.encoding !== encoding) return `counts of ${JSON.stringify(file.encoding ?? null)}, not ${encoding}`;
  const counts = file.counts;
  if (counts === null || typeof counts !== 'object' || Array.isArray(counts)) return 'no counts in it';
  const taken = new Map<string, number>();
  for (const [key, count] of Object.entries(counts)) {
    if (!Number.isSafeInteger(count) || count < 0) return `the count of ${key} is ${JSON.stringify(count)}, not a whole number of tokens`;
    taken.set(key, count);
  }
  return taken;
}
