import assert from 'node:assert/strict';
import { test } from 'node:test';
import { progressReporter } from '../src/cli/progress.js';

/** The e2e progress line's time left, on a clock the test moves. */
function reporter() {
  let clock = 0;
  const lines: string[] = [];
  const progress = progressReporter((text) => lines.push(text), false, 0, () => clock);
  return { progress, lines, advance: (seconds: number) => (clock += seconds * 1000) };
}

test("the time left is counted in agent calls when known: a shared history's first trial is most of the work", () => {
  const { progress, lines, advance } = reporter();
  progress.update(0, 197, 0, { done: 0, total: 616 });
  assert.equal(lines.at(-1), 'e2e: 0/197 trials, 0 errors\n', 'no estimate before anything is done');
  // A history of 419 turns and 197 probes: its first trial makes 420 calls, the other 196 one each.
  advance(42);
  progress.update(1, 197, 0, { done: 420, total: 616 });
  assert.equal(lines.at(-1), 'e2e: 1/197 trials, 0 errors, about 20 s left\n');
});

test('without call counts the time left is counted in trials, as before', () => {
  const { progress, lines, advance } = reporter();
  progress.update(0, 10, 0);
  advance(10);
  progress.update(2, 10, 1);
  assert.equal(lines.at(-1), 'e2e: 2/10 trials, 1 error, about 40 s left\n');
});

test('the clock starts when the trials do: what ran before them (start-up, the retrieval layer) is not in the estimate', () => {
  const { progress, lines, advance } = reporter();
  advance(300);
  progress.update(0, 10, 0);
  advance(10);
  progress.update(5, 10, 0);
  assert.equal(lines.at(-1), 'e2e: 5/10 trials, 0 errors, about 10 s left\n');
  // The last line says how long the trials took, not "about 0 s left".
  advance(9.2);
  progress.update(10, 10, 0);
  assert.equal(lines.at(-1), 'e2e: 10/10 trials, 0 errors, in 20 s\n');
});

test('a resumed run says how long only of the trials it played; minutes carry whole seconds over', () => {
  const { progress, lines } = reporter();
  // Every trial kept by --resume: nothing played, no time said.
  progress.update(10, 10, 0);
  assert.equal(lines.at(-1), 'e2e: 10/10 trials, 0 errors\n');
  const resumed = reporter();
  resumed.progress.update(4, 10, 0);
  resumed.advance(119.3);
  resumed.progress.update(10, 10, 0);
  assert.equal(resumed.lines.at(-1), 'e2e: 10/10 trials, 0 errors, in 2 min 0 s\n');
});

test('a run stopped by a signal ends on that, in place of the live line: what is kept and how to go on', () => {
  const written: string[] = [];
  const live = progressReporter((text) => written.push(text), true, 0, () => 0);
  live.update(3, 10, 0);
  live.stopped('interrupted by SIGINT', 'results');
  assert.equal(written.at(-1), '\r\u001b[Krun stopped (interrupted by SIGINT): 3 of 10 e2e trials are recorded in results/trials.jsonl, and the same command with --resume plays the rest\n');
  // Before any trial (a retrieval layer, the start): only that it stopped.
  const { progress, lines } = reporter();
  progress.stopped('interrupted by SIGTERM', 'results');
  assert.deepEqual(lines, ['run stopped (interrupted by SIGTERM)\n']);
});
