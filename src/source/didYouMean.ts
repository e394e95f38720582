/**
 * Edit distance (insertions, deletions, substitutions, adjacent swaps: the
 * optimal string alignment distance). Three rolling rows, since a swap looks
 * two rows back.
 */
export function editDistance(a: string, b: string): number {
  const cols = b.length + 1;
  let twoBack = new Uint32Array(cols);
  let previous = new Uint32Array(cols);
  let current = new Uint32Array(cols);
  for (let j = 0; j < cols; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, twoBack[j - 2]! + 1);
      current[j] = best;
    }
    [twoBack, previous, current] = [previous, current, twoBack];
  }
  return previous[b.length]!;
}

/** How far a word may be from a candidate to count as a likely typo of it. */
function allowedDistance(word: string): number {
  return Math.max(1, Math.floor(word.length / 3));
}

/** The closest candidate, if it is close enough to be a likely typo. */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  return typoMatcher([...candidates]).closest(word);
}

export function didYouMean(word: string, candidates: Iterable<string>): string | undefined {
  return hintOf(closest(word, candidates));
}

function hintOf(match: string | undefined): string | undefined {
  return match === undefined ? undefined : `did you mean "${match}"?`;
}

/**
 * Up to this many candidates, every one is compared with the word (the
 * closest typo at any allowed distance is found). Past it, comparing every
 * unknown id with every memory id grows with the product of the two (minutes
 * for a large suite), so candidates come from an index instead.
 */
export const EXHAUSTIVE_CANDIDATES = 2000;
/** Most candidates one index lookup compares, so a lookup is bounded whatever the ids look like. */
export const MAX_INDEXED_COMPARISONS = 256;

/**
 * Finds likely typos among many candidates. Small lists are searched whole,
 * as `closest` always did; large ones through a deletion neighbourhood
 * (SymSpell's idea): every candidate is indexed under itself and each string
 * one deletion away, the word is looked up under itself and everything up to
 * two deletions away, so a candidate one substitution, swap or insertion away
 * (and most two away) shares a key with it. Keys are stored as 32-bit hashes
 * in one sorted array, so the index costs a few numbers per character, not a
 * string each; a hash collision only adds a comparison. `comparisons` counts
 * the edit distances computed, to show the search is bounded.
 */
export interface TypoMatcher {
  closest(word: string): string | undefined;
  didYouMean(word: string): string | undefined;
  readonly comparisons: number;
}

export function typoMatcher(candidates: readonly string[]): TypoMatcher {
  let comparisons = 0;
  const lowered = candidates.map((candidate) => candidate.toLowerCase());
  let index: DeletionIndex | undefined;

  // The first candidate at the smallest distance, as a search of the whole list in order finds it.
  const best = (word: string, order: Iterable<number>): string | undefined => {
    const lower = word.toLowerCase();
    const allowed = allowedDistance(word);
    let found = -1;
    let bestDistance = Infinity;
    for (const i of order) {
      // Lengths further apart than allowed cannot be close enough: no need to compare.
      if (Math.abs(lowered[i]!.length - lower.length) > allowed) continue;
      comparisons += 1;
      const distance = editDistance(lower, lowered[i]!);
      if (distance < bestDistance || (distance === bestDistance && i < found)) {
        found = i;
        bestDistance = distance;
      }
    }
    return found >= 0 && bestDistance <= allowed ? candidates[found] : undefined;
  };

  const indexed = (word: string): string | undefined => {
    index ??= new DeletionIndex(lowered);
    const owners = new Set<number>();
    const lower = word.toLowerCase();
    forEachDeletion(lower, lower.length <= MAX_INDEXED_LENGTH ? 2 : 0, (hash) => index!.collect(hash, owners));
    return best(word, owners);
  };

  const closestOf = (word: string) => (candidates.length <= EXHAUSTIVE_CANDIDATES ? best(word, lowered.keys()) : indexed(word));
  return {
    closest: closestOf,
    didYouMean: (word) => hintOf(closestOf(word)),
    get comparisons() {
      return comparisons;
    },
  };
}

/** Longer ids are indexed and looked up under themselves only: their deletions would cost the square of their length. */
const MAX_INDEXED_LENGTH = 128;

/**
 * Candidate numbers by the hashes of their keys, as a hash table in flat
 * arrays (bucket offsets, then each entry's full hash and candidate): a few
 * bytes per key, and a lookup touches one bucket.
 */
class DeletionIndex {
  private readonly offsets: Uint32Array;
  private readonly hashes: Uint32Array;
  private readonly owners: Uint32Array;
  private readonly mask: number;

  constructor(lowered: readonly string[]) {
    const depthOf = (text: string) => (text.length <= MAX_INDEXED_LENGTH ? 1 : 0);
    let size = 0;
    for (const text of lowered) size += depthOf(text) * text.length + 1;
    const keys = new Uint32Array(size);
    const keyOwners = new Uint32Array(size);
    let at = 0;
    lowered.forEach((text, owner) =>
      forEachDeletion(text, depthOf(text), (hash) => {
        keys[at] = hash;
        keyOwners[at++] = owner;
      }),
    );
    let buckets = 1;
    while (buckets < size) buckets *= 2;
    this.mask = buckets - 1;
    // A counting sort into buckets keeps each bucket's candidates in list order.
    this.offsets = new Uint32Array(buckets + 1);
    for (const hash of keys) this.offsets[(hash & this.mask) + 1]! += 1;
    for (let b = 0; b < buckets; b++) this.offsets[b + 1]! += this.offsets[b]!;
    const next = this.offsets.slice(0, buckets);
    this.hashes = new Uint32Array(size);
    this.owners = new Uint32Array(size);
    for (let i = 0; i < size; i++) {
      const slot = next[keys[i]! & this.mask]!++;
      this.hashes[slot] = keys[i]!;
      this.owners[slot] = keyOwners[i]!;
    }
  }

  /** Adds the candidates indexed under `hash` to `into`, up to MAX_INDEXED_COMPARISONS in all. */
  collect(hash: number, into: Set<number>): void {
    const bucket = hash & this.mask;
    for (let i = this.offsets[bucket]!; i < this.offsets[bucket + 1]! && into.size < MAX_INDEXED_COMPARISONS; i++) {
      if (this.hashes[i] === hash) into.add(this.owners[i]!);
    }
  }
}

/**
 * The 32-bit FNV-1a hash of the text and of every string up to `depth`
 * deletions from it, computed from shared prefixes instead of building each
 * string. A string reached by two sets of deletions ("aab" less either "a")
 * is visited twice: a lookup only finds the same candidates again.
 */
function forEachDeletion(text: string, depth: number, visit: (hash: number) => void): void {
  const walk = (from: number, prefixHash: number, left: number): void => {
    let hash = prefixHash;
    for (let i = from; i < text.length; i++) {
      if (left > 0) walk(i + 1, hash, left - 1);
      hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    }
    visit(hash >>> 0);
  };
  walk(0, 0x811c9dc5, depth);
}
