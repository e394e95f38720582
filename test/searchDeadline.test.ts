import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { ABANDONED, withDeadline } from '../src/targets/deadline.js';

/**
 * The builtin agent's memory search runs under recall_timeout_ms. A search
 * past the deadline is abandoned and its signal aborts (so a store that
 * listens stops its request); a search that settled in time is left alone:
 * an abort then stops nothing and costs a DOMException with its stack on
 * every call of an e2e run.
 */

test('a search that finishes in time gives its hits, and its signal never aborts', async () => {
  let seen: AbortSignal | undefined;
  const hits = await withDeadline(async (signal) => {
    seen = signal;
    await sleep(5);
    return ['m1'];
  }, 10_000);
  assert.deepEqual(hits, ['m1']);
  await sleep(5);
  assert.equal(seen!.aborted, false);
});

test('a search that fails in time rejects as it failed, and its signal never aborts', async () => {
  let seen: AbortSignal | undefined;
  await assert.rejects(
    withDeadline(async (signal) => {
      seen = signal;
      throw new Error('store down');
    }, 10_000),
    /store down/,
  );
  assert.equal(seen!.aborted, false);
});

test('a search past the deadline is abandoned and its signal aborts', async () => {
  let seen: AbortSignal | undefined;
  const started = Date.now();
  const outcome = await withDeadline(async (signal) => {
    seen = signal;
    await sleep(10_000, undefined, { signal });
    return ['late'];
  }, 20);
  assert.equal(outcome, ABANDONED);
  assert.equal(seen!.aborted, true);
  assert.ok(Date.now() - started < 5_000, 'the abandoned search stopped with the abort rather than running out its sleep');
});
