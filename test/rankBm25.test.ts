import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { RankBm25Store } from '../src/memory/rankBm25.js';
import type { MemoryRecord } from '../src/model/memory.js';
import { seededRandom } from '../src/stats/random.js';

/**
 * BM25Okapi as LongMemEval runs it, written out the plain way: every score of
 * every document for one query, with loops, from the definition (tokens are
 * text.split(" "); idf = ln(N - df + 0.5) - ln(df + 0.5); a negative idf
 * becomes epsilon x the mean of all the corpus's idfs; every query term
 * counts, repeats too; an unknown term adds 0), summed term by term in query
 * order as rank_bm25's get_scores adds them.
 */
function referenceScores(docs: string[], query: string, k1 = 1.5, b = 0.75, epsilon = 0.25): number[] {
  const tokenized = docs.map((doc) => doc.split(' '));
  const n = docs.length;
  let total = 0;
  for (const tokens of tokenized) total += tokens.length;
  const averageLength = total / n;
  const vocabulary: string[] = [];
  for (const tokens of tokenized) for (const token of tokens) if (!vocabulary.includes(token)) vocabulary.push(token);
  const raw = new Map<string, number>();
  for (const term of vocabulary) {
    let df = 0;
    for (const tokens of tokenized) if (tokens.includes(term)) df++;
    raw.set(term, Math.log(n - df + 0.5) - Math.log(df + 0.5));
  }
  let sum = 0;
  for (const value of raw.values()) sum += value;
  const mean = sum / raw.size;
  const idf = (term: string): number => {
    const value = raw.get(term);
    if (value === undefined) return 0;
    return value < 0 ? epsilon * mean : value;
  };
  const scores: number[] = [];
  for (let d = 0; d < n; d++) {
    let score = 0;
    for (const term of query.split(' ')) {
      let tf = 0;
      for (const token of tokenized[d]!) if (token === term) tf++;
      // In BM25Okapi's order of operations, idf * (tf * (k1 + 1) / (tf + k1 * (1 - b + b * len / avgdl))):
      // scores that are equal on paper (two documents each sharing two rare terms) must come out as the same double
      // for ties to be ties, as they are in numpy (written idf * tf * (k1 + 1) / (...), they differ in the last bit).
      score += idf(term) * ((tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * tokenized[d]!.length) / averageLength)));
    }
    scores.push(score);
  }
  return scores;
}

/** Best first; equal scores by id, the greater id first (ids here are ASCII). */
function referenceOrder(ids: string[], scores: number[]): string[] {
  const order = ids.map((id, index) => ({ id, score: scores[index]! }));
  order.sort((x, y) => (x.score !== y.score ? y.score - x.score : x.id < y.id ? 1 : x.id > y.id ? -1 : 0));
  return order.map((entry) => entry.id);
}

/** Words that repeat, differ only in case, and one ("is") put in most documents so its idf is negative. */
const WORDS = ['cat', 'Cat', 'dog', 'the', 'The', 'red', 'blue', 'windy', 'London', 'a', 'b', 'c'];

function generatedText(random: () => number, common: boolean): string {
  const length = 1 + Math.floor(random() * 8);
  const parts: string[] = [];
  for (let i = 0; i < length; i++) parts.push(WORDS[Math.floor(random() * WORDS.length)]!);
  if (common) parts.splice(Math.floor(random() * parts.length), 0, 'is');
  // Double, leading and trailing spaces: the empty strings split(" ") gives are terms too.
  let text = parts.join(random() < 0.3 ? '  ' : ' ');
  if (random() < 0.15) text = ` ${text}`;
  if (random() < 0.15) text = `${text} `;
  return text;
}

interface GeneratedUser {
  user: string;
  records: MemoryRecord[];
}

function generatedUsers(seed: number): GeneratedUser[] {
  const random = seededRandom(seed);
  return ['u1', 'u2', 'u3', 'u4'].map((user, userIndex) => {
    const count = 3 + Math.floor(random() * 25) + userIndex;
    const texts: string[] = [];
    for (let i = 0; i < count; i++) {
      // Some documents repeat an earlier one word for word: equal scores, ordered by id.
      texts.push(i > 0 && random() < 0.2 ? texts[Math.floor(random() * i)]! : generatedText(random, random() < 0.7));
    }
    // Ids in an order unrelated to corpus order, so the tie order is the ids', not the insertion's.
    const records = texts.map((text, index) => ({ id: `${user}-m${String((index * 7919) % 1000).padStart(3, '0')}`, text, user }));
    return { user, records };
  });
}

function generatedQueries(seed: number): string[] {
  const random = seededRandom(seed);
  const queries = ['is', 'is is the', 'windy London', '', 'nothing here', ' cat', 'cat  cat', 'The the THE'];
  for (let i = 0; i < 20; i++) queries.push(generatedText(random, random() < 0.5));
  return queries;
}

describe('rank_bm25 preset (BM25Okapi as LongMemEval runs it)', () => {
  test("rank_bm25's own README example: 'windy London' scores 0, 0.93729472, 0", async () => {
    const store = new RankBm25Store();
    const texts = ['Hello there good man!', 'It is quite windy in London', 'How is the weather today?'];
    await store.add(texts.map((text, index) => ({ id: `d${index}`, text, user: 'u' })));
    const scores = [...store.scores('u', 'windy London')];
    assert.deepEqual(scores.map((score) => Number(score.toFixed(8))), [0, 0.93729472, 0]);
  });

  test('scores equal a plain-loop BM25Okapi within 1e-9 and rank in the same order, every memory of each user', async () => {
    let compared = 0;
    let negativeIdfUsers = 0;
    let tiedPairs = 0;
    let emptyTokenDocs = 0;
    for (const seed of [1, 2, 3, 4, 5]) {
      const users = generatedUsers(seed);
      const store = new RankBm25Store();
      // Users interleaved on the way in (each user's memories in their order): statistics must still be each user's own.
      const longest = Math.max(...users.map((entry) => entry.records.length));
      for (let i = 0; i < longest; i++) await store.add(users.flatMap((entry) => entry.records.slice(i, i + 1)));
      for (const { user, records } of users) {
        const docs = records.map((record) => record.text);
        const ids = records.map((record) => record.id);
        const isDf = docs.filter((doc) => doc.split(' ').includes('is')).length;
        if (isDf * 2 > docs.length) negativeIdfUsers++;
        emptyTokenDocs += docs.filter((doc) => doc.split(' ').includes('')).length;
        for (const query of generatedQueries(seed * 31)) {
          const expected = referenceScores(docs, query);
          const actual = store.scores(user, query);
          assert.equal(actual.length, expected.length);
          expected.forEach((score, index) => {
            assert.ok(Math.abs(actual[index]! - score) <= 1e-9, `${user} "${query}" doc ${index}: expected ${score}, got ${actual[index]}`);
          });
          const hits = await store.search(user, query, docs.length + 5);
          const expectedOrder = referenceOrder(ids, expected);
          assert.deepEqual(
            hits.map((hit) => hit.id),
            expectedOrder,
            `${user} "${query}"`,
          );
          // A cut list is the head of the full one.
          const cut = await store.search(user, query, 3);
          assert.deepEqual(
            cut.map((hit) => hit.id),
            expectedOrder.slice(0, 3),
          );
          const sorted = [...expected].sort((x, y) => y - x);
          for (let i = 1; i < sorted.length; i++) if (sorted[i] === sorted[i - 1]) tiedPairs++;
          compared += expected.length;
        }
      }
    }
    // The generated data covers what it is meant to cover.
    assert.ok(negativeIdfUsers >= 10, `users with a negative idf: ${negativeIdfUsers}`);
    assert.ok(tiedPairs > 100, `tied pairs: ${tiedPairs}`);
    assert.ok(emptyTokenDocs > 20, `documents with an empty token: ${emptyTokenDocs}`);
    assert.ok(compared > 5000, `scores compared: ${compared}`);
  });

  test('a repeated query term counts each time; an unknown term adds nothing; case and punctuation are kept', async () => {
    const store = new RankBm25Store();
    const texts = ['cat sat', 'dog ran far', 'Cat, sat', 'bird', 'fish swam'];
    await store.add(texts.map((text, index) => ({ id: `d${index}`, text, user: 'u' })));
    const once = store.scores('u', 'cat')[0]!;
    assert.ok(once > 0);
    assert.equal(store.scores('u', 'cat cat')[0], once + once);
    assert.equal(store.scores('u', 'cat zebra')[0], once);
    assert.equal(store.scores('u', 'Cat')[0], 0);
    assert.equal(store.scores('u', 'Cat,')[2]! > 0, true);
  });

  test('the negative-idf floor is epsilon x the mean idf taken before flooring, and k1, b, epsilon are honoured', async () => {
    const texts = ['is a', 'is b', 'is c', 'd'];
    for (const options of [{}, { k1: 1.2, b: 0.5, epsilon: 0.5 }, { k1: 2, b: 0, epsilon: 0 }]) {
      const store = new RankBm25Store(options);
      await store.add(texts.map((text, index) => ({ id: `d${index}`, text, user: 'u' })));
      const expected = referenceScores(texts, 'is d a', options.k1, options.b, options.epsilon);
      [...store.scores('u', 'is d a')].forEach((score, index) => assert.ok(Math.abs(score - expected[index]!) <= 1e-12));
    }
    // "is": df 3 of 4, idf ln(1.5) - ln(3.5) < 0; a, b, c, d: ln(3.5) - ln(1.5). Mean over the five terms.
    const high = Math.log(3.5) - Math.log(1.5);
    const floor = 0.25 * ((Math.log(1.5) - Math.log(3.5) + 4 * high) / 5);
    const store = new RankBm25Store();
    await store.add(texts.map((text, index) => ({ id: `d${index}`, text, user: 'u' })));
    // Lengths 2, 2, 2 and 1: avgdl 1.75.
    const part = (tf: number, length: number) => (tf * 2.5) / (tf + 1.5 * (0.25 + (0.75 * length) / 1.75));
    assert.ok(Math.abs(store.scores('u', 'is')[0]! - floor * part(1, 2)) <= 1e-12);
  });

  test('every memory is ranked, zero scores too, and a user sees only their own', async () => {
    const store = new RankBm25Store();
    await store.add([
      { id: 'a1', text: 'alpha beta', user: 'a' },
      { id: 'a2', text: 'gamma', user: 'a' },
      { id: 'a3', text: 'delta', user: 'a' },
      { id: 'b1', text: 'alpha', user: 'b' },
    ]);
    const hits = await store.search('a', 'alpha', 10);
    assert.deepEqual(
      hits.map((hit) => [hit.id, hit.score > 0]),
      [
        ['a1', true],
        ['a3', false],
        ['a2', false],
      ],
    );
    assert.deepEqual(await store.search('nobody', 'alpha', 10), []);
    await store.releaseUser('a');
    assert.deepEqual(await store.search('a', 'alpha', 10), []);
    assert.equal((await store.search('b', 'alpha', 10)).length, 1);
  });
});
