// run --cache-llm's token counts (e2e/tokenCountCache.ts): a count is made once and read back after; two runs
// writing the same file keep each other's counts; a file past its cap starts again from the counts the run used.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { TokenCountCache } from '../src/e2e/tokenCountCache.js';
import { tempDir } from './support/cli.js';

const keyOf = (text: string) => createHash('sha256').update(text).digest('base64url');

function counter() {
  const asked: string[] = [];
  const count = async (text: string) => {
    asked.push(text);
    return text.length;
  };
  return { asked, count };
}

const onDisk = (root: string) => (JSON.parse(readFileSync(join(root, 'tokens', 'o200k_base.json'), 'utf8')) as { counts: Record<string, number> }).counts;

test('a count is made once, read back by the next run, and two runs writing the file keep both their counts', async () => {
  const root = tempDir('recall-gate-cache-');
  const first = counter();
  const cache = new TokenCountCache(root, (message) => assert.fail(message));
  const count = cache.counting(first.count);
  assert.equal(await count('alpha', 'o200k_base'), 5);
  assert.equal(await count('alpha', 'o200k_base'), 5);
  assert.equal(await count('', 'o200k_base'), 0);
  assert.deepEqual(first.asked, ['alpha'], 'the same text is counted once; an empty one never');
  cache.save();
  assert.deepEqual(onDisk(root), { [keyOf('alpha')]: 5 });

  // Two runs read the file, each makes a count of its own, and both save: neither loses the other's.
  const [a, b] = [counter(), counter()];
  const [cacheA, cacheB] = [new TokenCountCache(root, assert.fail), new TokenCountCache(root, assert.fail)];
  assert.equal(await cacheA.counting(a.count)('alpha', 'o200k_base'), 5);
  assert.equal(await cacheB.counting(b.count)('gamma!', 'o200k_base'), 6);
  assert.equal(await cacheA.counting(a.count)('be', 'o200k_base'), 2);
  cacheB.save();
  cacheA.save();
  assert.deepEqual(a.asked, ['be'], 'alpha was read from the file');
  assert.deepEqual(onDisk(root), { [keyOf('alpha')]: 5, [keyOf('gamma!')]: 6, [keyOf('be')]: 2 });
});

test('a file past 20,000 counts starts again from the counts the run used, read or made', async () => {
  const root = tempDir('recall-gate-cache-');
  mkdirSync(join(root, 'tokens'));
  const counts = Object.fromEntries(Array.from({ length: 20_000 }, (_, index) => [keyOf(`text ${index}`), index]));
  writeFileSync(join(root, 'tokens', 'o200k_base.json'), JSON.stringify({ format: 'recall-gate-token-counts-1', encoding: 'o200k_base', counts }));
  const { asked, count } = counter();
  const cache = new TokenCountCache(root, assert.fail);
  assert.equal(await cache.counting(count)('text 7', 'o200k_base'), 7, 'read from the file');
  assert.equal(await cache.counting(count)('new text', 'o200k_base'), 8);
  cache.save();
  assert.deepEqual(asked, ['new text']);
  assert.deepEqual(onDisk(root), { [keyOf('text 7')]: 7, [keyOf('new text')]: 8 });
});

test('a run that made no count leaves the file as it is; whether the cache holds counts in an encoding says if a run is its first', async () => {
  const root = tempDir('recall-gate-cache-');
  const first = new TokenCountCache(root, assert.fail);
  assert.equal(first.holds('cl100k_base'), false);
  await first.counting(counter().count)('held', 'cl100k_base');
  first.save();
  const path = join(root, 'tokens', 'cl100k_base.json');
  // Another run wrote meanwhile (here: by hand): a run that only read counts must not write its own view over it.
  const kept = JSON.parse(readFileSync(path, 'utf8')) as { counts: Record<string, number> };
  const written = JSON.stringify({ ...kept, counts: { ...kept.counts, [keyOf('other')]: 5 } }, null, 1);
  writeFileSync(path, written);
  const second = new TokenCountCache(root, assert.fail);
  assert.equal(second.holds('cl100k_base'), true);
  const { asked, count } = counter();
  assert.equal(await second.counting(count)('held', 'cl100k_base'), 4);
  second.save();
  assert.deepEqual(asked, []);
  assert.equal(readFileSync(path, 'utf8'), written, 'nothing was made: the file is left as it is');
});
