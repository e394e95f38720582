import { test } from 'node:test';
import assert from 'node:assert/strict';
import { REGEX_TIME_LIMIT_MS, execRegex, regexMatchesEach } from '../src/e2e/checks/regexRunner.js';
import { checkCsv } from '../src/e2e/checks/csv.js';

/** Blocks this thread, as a large synchronous parse elsewhere in the run would. */
function busy(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // spin
  }
}

test('a reply that came in time is not a timeout because the main thread was busy when the limit passed', async () => {
  await execRegex(/warm/, 'warm up the worker');
  // From the check phase: the loop's next turn runs its expired timers before it reads the worker's reply (poll phase).
  const pending = await new Promise<ReturnType<typeof execRegex>>((resolve) =>
    setImmediate(() => {
      const running = execRegex(/b+/, 'abbbc');
      // The worker answers at once, while this thread is busy past the limit.
      busy(REGEX_TIME_LIMIT_MS + 500);
      resolve(running);
    }),
  );
  assert.deepEqual(await pending, { index: 1, end: 4 });
});

test('a column is checked in one round trip, cell by cell', async () => {
  assert.deepEqual(await regexMatchesEach(/^\d+\.\d{2}$/, ['4.50', '€4.50', '12.90', '']), [true, false, true, false]);
  assert.deepEqual(await regexMatchesEach(/x/, []), []);
});

test('a csv check on a 150,000-row artifact grades every row and names the one that does not match', async () => {
  const rows = Array.from({ length: 150_000 }, (_, i) => `r${i},${i === 99_999 ? '€7.00' : `${i % 100}.25`}`);
  const result = await checkCsv({ column: 'amount', all_match: '^\\d+\\.\\d{2}$' }, `name,amount\n${rows.join('\n')}\n`, 'big.csv');
  assert.equal(result.pass, false);
  assert.match(result.reason, /1 of 150000 rows of big\.csv do not match \(row 100000: "€7\.00"\)/);
});
