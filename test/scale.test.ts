import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { phaseProgress } from '../src/cli/progress.js';
import { validateCommand } from '../src/cli/validate.js';
import { NgramEmbedder } from '../src/embeddings/ngram.js';
import { KeywordStore } from '../src/memory/keyword.js';
import type { MemoryStore } from '../src/memory/types.js';
import type { MemoryRecord, SearchHit } from '../src/model/memory.js';
import { VectorStore } from '../src/memory/vector.js';
import { seededRandom } from '../src/stats/random.js';
import { runRetrieval } from '../src/retrieval/runRetrieval.js';
import { SLICE_MEMORIES, userSlices } from '../src/retrieval/userSlices.js';
import { EXHAUSTIVE_CANDIDATES, MAX_INDEXED_COMPARISONS, closest, typoMatcher } from '../src/source/didYouMean.js';
import { loadSuite } from '../src/suite/load.js';
import type { MemorySpec, QuerySpec, RetrievalSpec } from '../src/model/suite.js';
import { tempDir } from './support/cli.js';

const WHERE = { file: 'scale.yaml', line: 1, col: 1 };
const WORDS = 'flight hotel dinner sister allergy peanut coffee garden running train museum doctor invoice birthday recipe'.split(' ');

/** Users of very different sizes, with queries whose relevant memories are theirs; large enough for several slices. */
function multiUserSuite(): RetrievalSpec {
  const random = seededRandom(11);
  const pick = () => WORDS[Math.floor(random() * WORDS.length)]!;
  const memories: MemorySpec[] = [];
  const queries: QuerySpec[] = [];
  const sizes = [3000, 40, 2500, 1, 900, 1800, 700, 2600, 5, 1200];
  sizes.forEach((size, u) => {
    for (let t = 0; t < size; t++) memories.push({ id: `u${u}-m${t}`, user: `user${u}`, text: Array.from({ length: 8 }, pick).join(' '), where: WHERE });
    for (let q = 0; q < 4; q++) {
      const relevant = { [`u${u}-m${Math.floor(random() * size)}`]: 1, [`u${u}-m${Math.floor(random() * size)}`]: 1 };
      queries.push({ id: `q${u}-${q}`, user: `user${u}`, text: Array.from({ length: 4 }, pick).join(' '), relevant, tags: [`t${q % 2}`], where: WHERE });
    }
  });
  // Interleaved users, and a query whose user has no memories at all.
  queries.reverse();
  queries.push({ id: 'nobody', user: 'ghost', text: 'flight hotel', relevant: { 'u0-m1': 1 }, tags: [], where: WHERE });
  return {
    k: [1, 5, 10],
    depth: 10,
    providers: [
      { name: 'keyword', kind: 'keyword', where: WHERE },
      { name: 'vector', kind: 'vector', embedding: { kind: 'ngram', dimensions: 256 }, where: WHERE },
    ],
    memories,
    queries,
  };
}

/** A store as given, counting what it holds at once; `sliced: false` hides releaseUser, so the run takes the all-at-once path. */
class Watched implements MemoryStore {
  held = 0;
  peak = 0;
  private readonly perUser = new Map<string, number>();
  releaseUser?: (user: string) => Promise<void>;

  constructor(
    private readonly inner: MemoryStore,
    sliced: boolean,
  ) {
    if (sliced) {
      this.releaseUser = async (user) => {
        this.held -= this.perUser.get(user) ?? 0;
        this.perUser.delete(user);
        await inner.releaseUser!(user);
      };
    }
  }
  reset = () => this.inner.reset();
  async add(records: readonly MemoryRecord[]): Promise<void> {
    for (const record of records) this.perUser.set(record.user, (this.perUser.get(record.user) ?? 0) + 1);
    this.held += records.length;
    this.peak = Math.max(this.peak, this.held);
    await this.inner.add(records);
  }
  search = (user: string, query: string, limit: number): Promise<SearchHit[]> => this.inner.search(user, query, limit);
  list = (user: string) => this.inner.list(user);
  get prepareQueries() {
    return this.inner.prepareQueries?.bind(this.inner);
  }
  close = () => this.inner.close();
}

const storeFor = (kind: string): MemoryStore => (kind === 'keyword' ? new KeywordStore() : new VectorStore(new NgramEmbedder({ dimensions: 256 })));

/** What must not depend on the path: everything but timings. */
function figures(result: Awaited<ReturnType<typeof runRetrieval>>) {
  return Object.fromEntries(
    Object.entries(result.providers).map(([name, provider]) => [
      name,
      {
        status: provider.status,
        metrics: provider.metrics,
        intervals: provider.intervals,
        by_tag: provider.by_tag,
        isolation: provider.isolation,
        queries: provider.queries.map(({ latency_ms: _latency, ...rest }) => rest),
      },
    ]),
  );
}

describe('retrieval user by user', () => {
  test('seeding and searching a slice of users at a time gives the figures of the whole suite at once, holding far less', async () => {
    const spec = multiUserSuite();
    const stores: Record<'sliced' | 'whole', Watched[]> = { sliced: [], whole: [] };
    const progress: Record<'sliced' | 'whole', string[]> = { sliced: [], whole: [] };
    const run = (path: 'sliced' | 'whole') =>
      runRetrieval(spec, {
        onProgress: (phase, done, total) => {
          if (done === total) progress[path].push(phase);
        },
        createStore: (provider) => {
          const store = new Watched(storeFor(provider.kind), path === 'sliced');
          stores[path].push(store);
          return store;
        },
      });
    const sliced = await run('sliced');
    const whole = await run('whole');
    assert.deepEqual(figures(sliced), figures(whole));
    assert.deepEqual(
      sliced.providers.keyword!.queries.map((query) => query.id),
      spec.queries.map((query) => query.id),
      'outcomes keep the suite order',
    );
    assert.ok((sliced.providers.keyword!.metrics?.['recall@10'] ?? 0) > 0, 'the searches find relevant memories');
    for (const store of stores.whole) assert.equal(store.peak, spec.memories.length);
    // Each phase reaches its end: the progress display knows when to close its line.
    assert.deepEqual(progress.sliced, ['keyword: seeding and searching, a few users at a time (memories)', 'vector: preparing queries', 'vector: seeding and searching, a few users at a time (memories)']);
    assert.deepEqual(progress.whole, ['keyword: searching', 'vector: preparing queries', 'vector: searching']);
    const largestSlice = Math.max(...userSlices(spec.memories, spec.queries).map((slice) => slice.memories.length));
    for (const store of stores.sliced) {
      assert.equal(store.peak, largestSlice);
      assert.ok(store.peak < spec.memories.length / 2, `held at most ${store.peak} of ${spec.memories.length}`);
    }
  });

  test('slices are whole users, at least SLICE_MEMORIES memories and two users each, every memory and query once', () => {
    const spec = multiUserSuite();
    const slices = userSlices(spec.memories, spec.queries);
    assert.ok(slices.length >= 2);
    const users = slices.map((slice) => new Set([...slice.memories.map((m) => m.user), ...slice.queries.map((q) => q.query.user)]));
    users.forEach((set, i) => users.slice(i + 1).forEach((other) => assert.ok([...set].every((user) => !other.has(user)), 'a user is in one slice')));
    for (const slice of slices.slice(0, -1)) assert.ok(slice.memories.length >= SLICE_MEMORIES);
    for (const set of users) assert.ok(set.size >= 2, 'every slice has two users or more');
    assert.equal(slices.reduce((sum, slice) => sum + slice.memories.length, 0), spec.memories.length);
    assert.deepEqual(slices.flatMap((slice) => slice.queries.map((q) => q.index)).sort((a, b) => a - b), spec.queries.map((_, i) => i));
  });

  test('the isolation canary still sees a store that leaks across users when it is run by slices', async () => {
    // A real keyword index whose search forgets the user: it looks through every user it holds.
    class Leaky extends KeywordStore {
      private readonly seen = new Set<string>();
      override async add(records: readonly MemoryRecord[]): Promise<void> {
        for (const record of records) this.seen.add(record.user);
        await super.add(records);
      }
      override async releaseUser(user: string): Promise<void> {
        this.seen.delete(user);
        await super.releaseUser(user);
      }
      override async search(_user: string, query: string, limit: number): Promise<SearchHit[]> {
        const all = (await Promise.all([...this.seen].map((user) => super.search(user, query, limit)))).flat();
        return all.sort((a, b) => b.score - a.score).slice(0, limit);
      }
    }
    const spec = { ...multiUserSuite(), providers: [{ name: 'leaky', kind: 'keyword' as const, where: WHERE }] };
    const result = await runRetrieval(spec, { createStore: () => new Leaky() });
    assert.ok((result.providers.leaky!.isolation?.cross_user_hits ?? 0) > 0, 'cross-user hits are found');
  });
});

describe('did you mean, bounded', () => {
  test('a small list is searched whole, as before: the closest typo at any allowed distance', () => {
    assert.equal(closest('peanut-allergy', ['diet', 'allergy-peanut', 'peanut-alergy']), 'peanut-alergy');
    assert.equal(closest('flght', ['flight', 'fight']), 'flight');
    assert.equal(closest('nothing-like', ['diet', 'coffee']), undefined);
    // Three edits on a 12-character id: found only by comparing with every candidate.
    assert.equal(closest('sister-birthdy-may', ['sister-bday-may', 'brother-birthday', 'sistr-brthday-may']), 'sistr-brthday-may');
    const matcher = typoMatcher(['a', 'b', 'c']);
    matcher.closest('d');
    assert.equal(matcher.comparisons, 3);
  });

  test('a large list goes through the index: typos one or two edits away are found, and each lookup compares a bounded number of candidates', () => {
    const ids: string[] = [];
    for (let u = 0; u < 120; u++) for (let t = 0; t < 500; t++) ids.push(`user${u}-session${Math.floor(t / 10)}-turn${t % 10}`);
    assert.ok(ids.length > EXHAUSTIVE_CANDIDATES);
    const matcher = typoMatcher(ids);
    const typos: [string, string][] = [
      ['user7-sesion3-turn4', 'user7-session3-turn4'], // deletion
      ['user7-session3-trun4', 'user7-session3-turn4'], // swap
      ['user7-sessiom3-turn4', 'user7-session3-turn4'], // substitution
      ['USER7-session3-turn4', 'user7-session3-turn4'], // case
      ['user7-sesssion3-turnn4', 'user7-session3-turn4'], // two insertions
      ['user7-sesion3-turn44', 'user7-session3-turn4'], // a deletion and an insertion
    ];
    for (const [typo, meant] of typos) assert.equal(matcher.closest(typo), meant, typo);
    assert.equal(matcher.closest('completely-different-thing'), undefined);
    const lookups = typos.length + 1;
    assert.ok(matcher.comparisons <= lookups * MAX_INDEXED_COMPARISONS, `${matcher.comparisons} comparisons for ${lookups} lookups`);
    // Against every id, as before, these lookups would have compared ~lookups x ids.length.
    assert.ok(matcher.comparisons < ids.length / 10);
  });
});

describe('progress of long phases', () => {
  const clock = () => {
    let t = 0;
    return { now: () => t, advance: (ms: number) => (t += ms) };
  };

  test('off a terminal: nothing for a short phase; a line every 5 s and the last line for a long one', () => {
    const lines: string[] = [];
    const time = clock();
    const progress = phaseProgress((text) => lines.push(text), false, { now: time.now });
    progress.update('keyword: seeding memories', 0, 100);
    time.advance(1000);
    progress.update('keyword: seeding memories', 100, 100);
    assert.equal(lines.length, 0, 'a phase done within the delay prints nothing');

    progress.update('keyword: searching', 0, 1000);
    for (let done = 1; done <= 1000; done++) {
      time.advance(50);
      progress.update('keyword: searching', done, 1000);
    }
    progress.finish();
    // 50 s in all: silent for the first 3 s, then a line at most every 5 s, and the final one.
    assert.ok(lines.length >= 9 && lines.length <= 11, lines.join(''));
    assert.ok(lines.every((line) => line.endsWith('\n') && !line.includes('\r')));
    assert.match(lines[0]!, /^keyword: searching: \d+\/1,000 \(\d+%\), about \d+ s left\n$/);
    assert.equal(lines[lines.length - 1], 'keyword: searching: 1,000/1,000 (100%)\n');
  });

  test('on a terminal: a bar redrawn in place, ended with a newline when the phase ends', () => {
    const out: string[] = [];
    const time = clock();
    const progress = phaseProgress((text) => out.push(text), true, { now: time.now });
    for (let done = 0; done <= 10; done++) {
      time.advance(1000);
      progress.update('validating memories.jsonl', done, 10);
    }
    assert.ok(out.slice(0, -1).every((text) => text.startsWith('\r') && text.endsWith('\u001b[K')));
    assert.match(out[out.length - 2]!, /\[#{24}\] 10\/10 \(100%\)/);
    assert.equal(out[out.length - 1], '\n');
  });

  test('validate prints progress off a terminal when checking rows takes long (clock injected through a slow-seeming phase)', async () => {
    // A real validation: every progress call advances the injected clock by 2 s.
    const dir = tempDir();
    writeFileSync(join(dir, 'memories.jsonl'), Array.from({ length: 3001 }, (_, i) => JSON.stringify({ id: `m${i}`, text: `memory ${i}` })).join('\n'));
    writeFileSync(join(dir, 'suite.yaml'), 'name: many\nretrieval:\n  providers: [{ name: kw, kind: keyword }]\n  memories: memories.jsonl\n  queries: [{ text: memory, relevant: [m1] }]\n');
    const lines: string[] = [];
    let t = 0;
    const progress = phaseProgress((text) => lines.push(text), false, { now: () => (t += 2000) });
    loadSuite('suite.yaml', dir, progress.update);
    progress.finish();
    assert.ok(lines.some((line) => /^validating memories\.jsonl: 3,001\/3,001 \(100%\)\n$/.test(line)), lines.join(''));
    // And the command itself stays quiet on a quick run.
    const stderr: string[] = [];
    await validateCommand(['suite.yaml'], { cwd: dir, env: {}, stdout: () => undefined, stderr: (text) => stderr.push(text) });
    assert.deepEqual(stderr, []);
  });
});
