import { ScopedMeters } from './scopedMeters.js';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TokenUsage } from '../model/e2e.js';
import type { CachedCalls, TrialCacheHits } from '../model/spend.js';
import { replaceFileWith } from '../outputFile.js';
import { stampedJson } from '../cacheFile.js';

/** node:crypto fetched at the first key, not imported: `validate` loads this module (through the tools and judge code) and keys nothing. */
const sha256 = () => process.getBuiltinModule('node:crypto').createHash('sha256');

/**
 * The LLM cache of run --cache-llm: chat completions of the builtin agent and
 * the judge, kept in <cache root>/llm/ so a second run of an unchanged suite
 * asks no model. Opt-in and never in the Action: a gate must not decide on
 * answers a model gave some other day.
 *
 * Key: the SHA-256 of the endpoint's base URL (credentials taken out; the API
 * key is never part of it) and the whole request as sent (model, messages,
 * tools, tool_choice, response_format, temperature, every parameter), in
 * canonical JSON, and the request's occurrence in this run: the n-th identical
 * request of a run gets the n-th answer stored for it, so the repeats of a
 * case stay distinct samples instead of one answer k times.
 *
 * Entry: one JSON file per key, written whole to a temporary name and renamed
 * into place (outputFile.ts), so concurrent runs and a crash never leave half
 * an entry. An entry that cannot be read back as what was written is a miss,
 * with a warning: the model is asked again and the entry replaced.
 */
const FORMAT = 'recall-gate-llm-cache-1';

interface Entry {
  format: typeof FORMAT;
  key: string;
  completion: unknown;
}

export interface LlmCacheStats {
  hits: number;
  misses: number;
  /** Entries that were there but could not be used (torn, edited, another format): each a miss. */
  corrupt: number;
}

export class LlmCache {
  private readonly dir: string;
  private readonly seen = new Map<string, number>();
  private writeWarned = false;
  readonly stats: LlmCacheStats = { hits: 0, misses: 0, corrupt: 0 };

  /** `warn` says what went wrong with an entry or a write; the run goes on either way. */
  constructor(
    root: string,
    private readonly warn: (message: string) => void,
  ) {
    this.dir = join(root, 'llm');
    // Only once a cache exists can a call be answered from one.
    meters.recorderExists();
  }

  /** The key of this request's next occurrence in the run (see the top of this file). */
  keyOf(baseUrl: string, request: unknown): string {
    const identity = sha256().update(canonicalJson([FORMAT, baseUrl, request])).digest('hex');
    const occurrence = this.seen.get(identity) ?? 0;
    this.seen.set(identity, occurrence + 1);
    return sha256().update(`${identity}\0${occurrence}`).digest('hex');
  }

  /** The stored completion, or undefined: none stored, or one that does not check out (a warning says which). */
  read(key: string): unknown {
    const path = this.pathOf(key);
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.unusable(path, (error as Error).message);
      else this.stats.misses += 1;
      return undefined;
    }
    const problem = entryProblem(text, key);
    if (typeof problem === 'string') {
      this.unusable(path, problem);
      return undefined;
    }
    this.stats.hits += 1;
    return problem.completion;
  }

  /** Keeps a completion the model gave; a cache that cannot be written is a warning (once), never a failed call. */
  write(key: string, completion: unknown): void {
    const path = this.pathOf(key);
    const entry: Entry = { format: FORMAT, key, completion };
    try {
      mkdirSync(join(this.dir, key.slice(0, 2)), { recursive: true });
      // Written as given, not scrubbed: the entry must give back exactly what the model said.
      replaceFileWith(path, (fd) => writeFileSync(fd, `${JSON.stringify(entry)}\n`));
    } catch (error) {
      if (this.writeWarned) return;
      this.writeWarned = true;
      this.warn(`warning: the LLM cache could not keep a reply in ${this.dir} (${(error as Error).message}); the run goes on without keeping replies there`);
    }
  }

  private pathOf(key: string): string {
    return join(this.dir, key.slice(0, 2), `${key}.json`);
  }

  private unusable(path: string, why: string): void {
    this.stats.misses += 1;
    this.stats.corrupt += 1;
    this.warn(`warning: LLM cache entry ${path} is unusable (${why}); the model is asked again and the entry replaced`);
  }
}

/** The entry in `text` when it is one this cache wrote for `key`, else why not. */
function entryProblem(text: string, key: string): Entry | string {
  const stamped = stampedJson(text, FORMAT);
  if (typeof stamped === 'string') return stamped;
  const entry = stamped as Partial<Entry>;
  if (entry.key !== key) return 'it holds another request\'s reply';
  const completion = entry.completion as { choices?: unknown } | null | undefined;
  if (completion === null || typeof completion !== 'object' || !Array.isArray(completion.choices)) return 'no chat completion in it';
  return entry as Entry;
}

/** JSON with every object's keys sorted, so the same request always hashes the same. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.keys(inner).sort().map((name) => [name, (inner as Record<string, unknown>)[name]]))
      : inner,
  );
}

/**
 * Which trial a cached call saved: trials run concurrently through one agent
 * and one judge, so the call is recorded into the meter open around the
 * trial that made it (ScopedMeters; no meter opens while no cache exists).
 */
const meters = new ScopedMeters<TrialCacheHits>();

function none(): CachedCalls {
  return { calls: 0, input_tokens: 0, output_tokens: 0 };
}

/** Runs `work` with a fresh meter; returns what it did and the calls the cache answered meanwhile. */
export async function meterCachedCalls<T>(work: () => Promise<T>): Promise<{ value: T; cached: TrialCacheHits }> {
  const cached: TrialCacheHits = { chat: none(), judge: none() };
  return { value: await meters.meter(cached, work), cached };
}

/** meterCachedCalls for work that makes no cache (an e2e trial: the agent and judge are built before): unmetered while none exists. */
export async function meterCachedCallsIfAny<T>(work: () => Promise<T>): Promise<{ value: T; cached: TrialCacheHits }> {
  const cached: TrialCacheHits = { chat: none(), judge: none() };
  return { value: await meters.meterIfAny(cached, work), cached };
}

/** Called by the agent and the judge for each call the cache answered, with the usage that reply reported. */
export function recordCachedCall(source: keyof TrialCacheHits, usage: TokenUsage | undefined): void {
  for (const cached of meters.current()) {
    const calls = cached[source];
    calls.calls += 1;
    calls.input_tokens += usage?.input_tokens ?? 0;
    calls.output_tokens += usage?.output_tokens ?? 0;
  }
}
