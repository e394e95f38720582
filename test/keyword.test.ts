import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { NgramEmbedder } from '../src/embeddings/ngram.js';
import { KeywordStore } from '../src/memory/keyword.js';
import { STOPWORDS, stem, tokenize, words } from '../src/text/tokenizer.js';
import { TopK } from '../src/memory/topK.js';
import { compareHits } from '../src/memory/types.js';
import type { MemoryRecord } from '../src/model/memory.js';
import { VectorStore } from '../src/memory/vector.js';
import { seededRandom } from '../src/stats/random.js';

/** A seeded PRNG, so random tests are reproducible. */
const prng = seededRandom;

function close(actual: number | undefined, expected: number, eps: number, message?: string): void {
  assert.ok(actual !== undefined && Math.abs(actual - expected) < eps, `${message ?? 'value'}: expected ${expected}, got ${actual}`);
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

describe('tokenizer', () => {
  test('NFKC: ligatures and full-width letters become plain letters', () => {
    assert.deepEqual(tokenize('\uFB02ights'), ['flight']); // "ﬂights"
    assert.deepEqual(tokenize('\uFF26\uFF2C\uFF29\uFF27\uFF28\uFF34'), ['flight']); // "ＦＬＩＧＨＴ"
    assert.deepEqual(words('caf\u0065\u0301'), ['caf\u00e9']); // combining accent composed to é
  });

  test('lower case', () => {
    assert.deepEqual(tokenize('FLIGHT Flight flight'), ['flight', 'flight', 'flight']);
  });

  test("apostrophes dropped inside words, a trailing possessive 's removed", () => {
    assert.deepEqual(words("user's"), ['user']);
    assert.deepEqual(words('user\u2019s'), ['user']); // curly apostrophe
    assert.deepEqual(words("USER'S"), ['user']);
    assert.deepEqual(words("don't"), ['dont']);
    assert.deepEqual(words('O\u2019Brien'), ['obrien']);
    assert.deepEqual(words("users' bags"), ['users', 'bags']);
    assert.deepEqual(tokenize("Maria's flights"), ['maria', 'flight']);
  });

  test('splits on anything that is not a letter or a digit', () => {
    assert.deepEqual(words('flight-AB123, gate#4...Terminal_2'), ['flight', 'ab123', 'gate', '4', 'terminal', '2']);
    assert.deepEqual(words('  '), []);
  });

  test('words keeps stopwords and does not stem; tokenize removes and stems', () => {
    assert.deepEqual(words('The flights to Berlin'), ['the', 'flights', 'to', 'berlin']);
    assert.deepEqual(tokenize('The flights to Berlin'), ['flight', 'berlin']);
    assert.deepEqual(tokenize('I am with you and them'), []);
    for (const word of ['the', 'a', 'and', 'you', 'with', 'of']) assert.ok(STOPWORDS.has(word), word);
  });

  test('S-stemmer (Harman)', () => {
    assert.equal(stem('flights'), 'flight'); // -s
    assert.equal(stem('allergies'), 'allergy'); // -ies -> -y
    assert.equal(stem('class'), 'class'); // -ss untouched
    assert.equal(stem('bus'), 'bus'); // -us untouched
    assert.equal(stem('boxes'), 'boxe'); // -es -> -e
    assert.equal(stem('shoes'), 'shoe'); // -oes: not the -es rule, then -s
    assert.equal(stem('trees'), 'tree'); // -ees: not the -es rule, then -s
    assert.equal(stem('booking'), 'booking'); // -ing untouched
    assert.equal(stem('booked'), 'booked'); // -ed untouched
    assert.equal(stem('s'), 's');
    assert.deepEqual(tokenize('Allergies, classes and buses'), ['allergy', 'classe', 'buse']);
  });

  test('combining marks stay inside their word (scripts NFKC cannot precompose)', () => {
    // Devanagari vowel signs and viramas are combining marks (\p{M}), not letters:
    // "हिन्दी भाषा" is two words, and must not be shattered into single consonants.
    assert.deepEqual(words('\u0939\u093F\u0928\u094D\u0926\u0940 \u092D\u093E\u0937\u093E'), ['\u0939\u093F\u0928\u094D\u0926\u0940', '\u092D\u093E\u0937\u093E']);
    // "İstanbul" lower-cases to "i" + U+0307 + "stanbul": still one word.
    assert.equal(words('\u0130stanbul').length, 1);
  });
});

describe('KeywordStore (BM25)', () => {
  // User u1's corpus, after tokenising:
  //   m1 "Flight to Berlin"        -> flight berlin          (length 2)
  //   m2 "Flights, flights booked" -> flight flight booked   (length 3)
  //   m3 "Hotel in Berlin"         -> hotel berlin           (length 2)
  // N = 3, average length = 7/3.
  // idf(df=2) = ln(1 + (3 - 2 + 0.5)/(2 + 0.5)) = ln(1.6)  = 0.470004
  // idf(df=1) = ln(1 + (3 - 1 + 0.5)/(1 + 0.5)) = ln(8/3)  = 0.980829
  // norm(len) = k1 * (1 - b + b * len / avg):
  //   len 2: 1.2 * (0.25 + 0.75 * 6/7) = 1.2 * 25/28 = 15/14 = 1.071429
  //   len 3: 1.2 * (0.25 + 0.75 * 9/7) = 1.2 * 34/28 = 51/35 = 1.457143
  // term score = idf * tf * (k1 + 1) / (tf + norm):
  //   tf 1, len 2: idf * 2.2 / (1 + 15/14) = idf * 30.8/29 = idf * 1.062069
  //   tf 2, len 3: idf * 4.4 / (2 + 51/35) = idf * 154/121 = idf * 1.272727
  const IDF2 = Math.log(1.6);
  const IDF1 = Math.log(8 / 3);
  const TF1_LEN2 = 30.8 / 29;
  const TF2_LEN3 = 154 / 121;
  const corpus: MemoryRecord[] = [
    { id: 'm1', user: 'u1', text: 'Flight to Berlin' },
    { id: 'm2', user: 'u1', text: 'Flights, flights booked' },
    { id: 'm3', user: 'u1', text: 'Hotel in Berlin' },
    // Another user's memories: they must neither be returned to u1 nor change u1's statistics.
    { id: 'x1', user: 'u2', text: 'flight flight flight' },
    { id: 'x2', user: 'u2', text: 'flight to Berlin' },
    { id: 'x3', user: 'u2', text: 'banana' },
  ];

  async function store(): Promise<KeywordStore> {
    const keyword = new KeywordStore();
    await keyword.add(corpus);
    return keyword;
  }

  test('"flight": BM25 scores by hand; m3 does not match and is not returned', async () => {
    const hits = await (await store()).search('u1', 'flight', 10);
    // m2: 0.470004 * 1.272727 = 0.598186; m1: 0.470004 * 1.062069 = 0.499176
    assert.deepEqual(hits.map((hit) => hit.id), ['m2', 'm1']);
    close(hits[0]!.score, IDF2 * TF2_LEN3, 1e-12, 'm2');
    close(hits[0]!.score, 0.598186, 1e-6, 'm2');
    close(hits[1]!.score, IDF2 * TF1_LEN2, 1e-12, 'm1');
    close(hits[1]!.score, 0.499176, 1e-6, 'm1');
    assert.equal(hits[0]!.text, 'Flights, flights booked');
  });

  test('"flight berlin": scores add over terms', async () => {
    const hits = await (await store()).search('u1', 'Flights to BERLIN', 10);
    // m1: flight + berlin = 2 * 0.499176 = 0.998353; m2: 0.598186; m3: berlin 0.499176
    assert.deepEqual(hits.map((hit) => hit.id), ['m1', 'm2', 'm3']);
    close(hits[0]!.score, 2 * IDF2 * TF1_LEN2, 1e-12, 'm1');
    close(hits[0]!.score, 0.998353, 1e-6, 'm1');
    close(hits[1]!.score, IDF2 * TF2_LEN3, 1e-12, 'm2');
    close(hits[2]!.score, IDF2 * TF1_LEN2, 1e-12, 'm3');
  });

  test('"hotel": a rarer term has a higher idf', async () => {
    const hits = await (await store()).search('u1', 'hotel', 10);
    // m3: 0.980829 * 1.062069 = 1.041708
    assert.deepEqual(hits.map((hit) => hit.id), ['m3']);
    close(hits[0]!.score, IDF1 * TF1_LEN2, 1e-12, 'm3');
    close(hits[0]!.score, 1.041708, 1e-6, 'm3');
  });

  test('a repeated query term counts once', async () => {
    const keyword = await store();
    assert.deepEqual(await keyword.search('u1', 'flight flights FLIGHT', 10), await keyword.search('u1', 'flight', 10));
  });

  test('k1 and b are options', async () => {
    // b = 0: no length normalisation, norm = k1 = 2; tf 1: idf * 3/3 = idf; tf 2: idf * 6/4 = 1.5 idf
    const keyword = new KeywordStore({ k1: 2, b: 0 });
    await keyword.add(corpus);
    const hits = await keyword.search('u1', 'flight', 10);
    assert.deepEqual(hits.map((hit) => hit.id), ['m2', 'm1']);
    close(hits[0]!.score, 1.5 * IDF2, 1e-12, 'm2');
    close(hits[1]!.score, IDF2, 1e-12, 'm1');
  });

  test('only memories sharing a term are returned; stopword-only queries match nothing', async () => {
    const keyword = await store();
    assert.deepEqual(await keyword.search('u1', 'banana', 10), []); // u2 has a banana, u1 does not
    assert.deepEqual(await keyword.search('u1', 'the of to', 10), []);
    assert.deepEqual(await keyword.search('u1', '', 10), []);
  });

  test('per-user isolation: a search never returns another user\'s memory', async () => {
    const keyword = await store();
    for (const query of ['flight', 'berlin', 'banana', 'flight berlin hotel banana']) {
      for (const hit of await keyword.search('u1', query, 10)) assert.ok(hit.id.startsWith('m'), `${query}: ${hit.id}`);
      for (const hit of await keyword.search('u2', query, 10)) assert.ok(hit.id.startsWith('x'), `${query}: ${hit.id}`);
    }
    assert.deepEqual(await keyword.search('nobody', 'flight', 10), []);
    assert.deepEqual((await keyword.list('u2')).map((record) => record.id), ['x1', 'x2', 'x3']);
    // u2 alone, by hand: N = 3, lengths 3, 2, 1, avg 2; "banana" df 1 -> idf = ln(8/3);
    // norm(len 1) = 1.2 * (0.25 + 0.75 * 1/2) = 0.75; score = 0.980829 * 2.2 / 1.75 = 1.233042
    const [banana] = await keyword.search('u2', 'banana', 10);
    close(banana!.score, (IDF1 * 2.2) / 1.75, 1e-12, 'x3');
    close(banana!.score, 1.233042, 1e-6, 'x3');
  });

  test('ties are broken by id descending (byte-wise), and the limit is respected', async () => {
    const keyword = new KeywordStore();
    const ids = ['a', 'b', 'c', 'm10', 'm9', 'B'];
    await keyword.add(ids.map((id) => ({ id, user: 'u', text: 'same words here' })));
    const all = await keyword.search('u', 'words', 10);
    // all six score the same; byte order descending: m9 > m10 > c > b > a > B
    assert.deepEqual(all.map((hit) => hit.id), ['m9', 'm10', 'c', 'b', 'a', 'B']);
    assert.equal(new Set(all.map((hit) => hit.score)).size, 1);
    assert.deepEqual((await keyword.search('u', 'words', 2)).map((hit) => hit.id), ['m9', 'm10']);
    assert.deepEqual((await keyword.search('u', 'words', 1)).map((hit) => hit.id), ['m9']);
    assert.deepEqual(await keyword.search('u', 'words', 0), []);
  });

  test('the limit keeps the best, not the first', async () => {
    const keyword = await store();
    const hits = await keyword.search('u1', 'flight berlin', 1);
    assert.deepEqual(hits.map((hit) => hit.id), ['m1']);
  });

  test('reset forgets everything', async () => {
    const keyword = await store();
    await keyword.reset();
    assert.deepEqual(await keyword.search('u1', 'flight', 10), []);
    assert.deepEqual(await keyword.list('u1'), []);
  });
});

describe('TopK', () => {
  test('matches a full sort on random data with many ties (seeded)', () => {
    const random = prng(20240601);
    for (let round = 0; round < 50; round++) {
      const n = 1 + Math.floor(random() * 200);
      const items = Array.from({ length: n }, (_, index) => ({
        index,
        // few distinct scores and few distinct ids, so ties on score happen often
        id: `d${Math.floor(random() * 1000)}-${index}`,
        score: Math.floor(random() * 8) / 4 - 0.5,
      }));
      const expected = [...items].sort(compareHits);
      for (const limit of [0, 1, 3, 10, n, n + 5]) {
        const top = new TopK(limit);
        for (const item of items) top.offer(item.index, item.id, item.score);
        assert.deepEqual(top.sorted(), expected.slice(0, Math.max(0, limit)), `round ${round}, n ${n}, limit ${limit}`);
      }
    }
  });

  test('equal scores: the greater id wins a place', () => {
    const top = new TopK(2);
    top.offer(0, 'a', 1);
    top.offer(1, 'c', 1);
    top.offer(2, 'b', 1);
    top.offer(3, 'z', 0.5);
    assert.deepEqual(top.sorted().map((item) => item.id), ['c', 'b']);
  });

  test('admits: true while not full, then only for scores that could enter', () => {
    const top = new TopK(2);
    assert.equal(top.admits(-100), true);
    top.offer(0, 'a', 1);
    top.offer(1, 'b', 2);
    assert.equal(top.admits(0.5), false);
    assert.equal(top.admits(1), true); // a tie may still win on id
    assert.equal(top.admits(3), true);
  });

  test('admits with limit 0 says no instead of throwing', () => {
    assert.equal(new TopK(0).admits(1), false);
  });
});

describe('NgramEmbedder', () => {
  const embedder = new NgramEmbedder();

  test('vectors are unit length, 512 dimensions by default', async () => {
    const vectors = await embedder.embed(['flight', 'my flight to Berlin was delayed', 'banana', 'A']);
    for (const vector of vectors) {
      assert.equal(vector.length, 512);
      close(Math.sqrt(dot(vector, vector)), 1, 1e-6, 'norm');
    }
    assert.equal(new NgramEmbedder({ dimensions: 64 }).embedOne('flight').length, 64);
  });

  test('deterministic: the same text gives the same vector, across instances', async () => {
    const [a] = await embedder.embed(['Allergic to peanuts']);
    const b = new NgramEmbedder().embedOne('Allergic to peanuts');
    assert.deepEqual(a, b);
    assert.equal(embedder.id, 'ngram:v2:d512:n3,4');
  });

  test('"flight" is closer to "flights" than to "banana"', () => {
    const flight = embedder.embedOne('flight');
    const flights = embedder.embedOne('flights');
    const banana = embedder.embedOne('banana');
    const near = dot(flight, flights);
    const far = dot(flight, banana);
    assert.ok(near > far, `cos(flight, flights) = ${near}, cos(flight, banana) = ${far}`);
    assert.ok(near > 0.5, `cos(flight, flights) = ${near}`);
    close(dot(flight, embedder.embedOne('FLIGHT')), 1, 1e-6, 'case-insensitive');
  });
});

describe('VectorStore with NgramEmbedder', () => {
  const embedder = new NgramEmbedder();
  const memories: MemoryRecord[] = [
    { id: 'm01', user: 'u1', text: 'Booked a flight to Berlin for March' },
    { id: 'm02', user: 'u1', text: 'Allergic to peanuts and shellfish' },
    { id: 'm03', user: 'u1', text: 'Prefers aisle seats on flights' },
    { id: 'm04', user: 'u1', text: 'Her sister lives in Lisbon' },
    { id: 'm05', user: 'u1', text: 'Takes the bus to work every day' },
    { id: 'm06', user: 'u1', text: 'Yoga class on Tuesday evenings' },
    { id: 'm07', user: 'u1', text: 'Favourite fruit is banana' },
    { id: 'm08', user: 'u1', text: 'Flight delayed twice last year' },
    { id: 'm09', user: 'u1', text: 'Yoga class on Tuesday evenings' }, // same text as m06: a tie
    { id: 'x01', user: 'u2', text: 'Booked a flight to Berlin for March' },
    { id: 'x02', user: 'u2', text: 'Allergies: peanuts' },
    { id: 'x03', user: 'u2', text: 'flights flights flights' },
  ];
  const queries = ['flight to Berlin', 'peanut allergy', 'yoga classes', 'banana', 'bus', 'sister in Lisbon', 'zzz qqq'];

  /** Every memory of the user scored by cosine (all vectors are unit length), fully sorted. */
  function bruteForce(user: string, query: string, limit: number): { id: string; score: number }[] {
    const q = embedder.embedOne(query);
    return memories
      .filter((memory) => memory.user === user)
      .map((memory) => ({ id: memory.id, score: dot(embedder.embedOne(memory.text), q) }))
      .sort(compareHits)
      .slice(0, limit);
  }

  async function store(): Promise<VectorStore> {
    const vector = new VectorStore(embedder);
    // in two batches, so the matrix grows more than once
    await vector.add(memories.slice(0, 5));
    await vector.add(memories.slice(5));
    return vector;
  }

  test('results equal a brute-force cosine ranking', async () => {
    const vector = await store();
    for (const user of ['u1', 'u2']) {
      for (const query of queries) {
        for (const limit of [1, 3, 100]) {
          const hits = await vector.search(user, query, limit);
          const expected = bruteForce(user, query, limit);
          assert.deepEqual(hits.map((hit) => hit.id), expected.map((hit) => hit.id), `${user} "${query}" limit ${limit}`);
          hits.forEach((hit, i) => close(hit.score, expected[i]!.score, 1e-9, `${user} "${query}" ${hit.id}`));
        }
      }
    }
  });

  test('ties by id descending: m09 before m06 (same text)', async () => {
    const hits = await (await store()).search('u1', 'yoga classes', 2);
    assert.deepEqual(hits.map((hit) => hit.id), ['m09', 'm06']);
    assert.equal(hits[0]!.score, hits[1]!.score);
  });

  test('prepared queries give the same results', async () => {
    const plain = await store();
    const prepared = await store();
    await prepared.prepareQueries(queries);
    for (const query of queries) assert.deepEqual(await prepared.search('u1', query, 5), await plain.search('u1', query, 5), query);
  });

  test('user isolation', async () => {
    const vector = await store();
    for (const query of queries) {
      const u1 = await vector.search('u1', query, 100);
      const u2 = await vector.search('u2', query, 100);
      assert.equal(u1.length, 9);
      assert.equal(u2.length, 3);
      for (const hit of u1) assert.ok(hit.id.startsWith('m'), `${query}: ${hit.id}`);
      for (const hit of u2) assert.ok(hit.id.startsWith('x'), `${query}: ${hit.id}`);
    }
    assert.deepEqual(await vector.search('nobody', 'flight', 10), []);
  });

  test('limit 0 returns nothing', async () => {
    assert.deepEqual(await (await store()).search('u1', 'flight', 0), []);
  });
});
