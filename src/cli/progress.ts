import { plainText } from '../report/escape.js';
import { counted } from '../text/counted.js';

/**
 * Progress of a long e2e run: a live line on a terminal, a plain line every
 * few seconds in CI logs (where carriage returns make a mess). Log messages go
 * through it too, so they neither glue onto the live line nor carry escape
 * sequences or carriage returns from untrusted text (a provider's error) to the terminal.
 */
export function progressReporter(write: (text: string) => void, isTerminal: boolean, intervalMs = 5000, now: () => number = Date.now) {
  // The clock starts at the first update, which the e2e layer sends as its trials begin: start-up, a retrieval
  // layer and the providers' set-up before it are not trials, and counting them made the first estimates long.
  let started: number | undefined;
  let firstDone = 0;
  let lastPrinted = 0;
  let lastLine = '';
  let trials: { done: number; total: number } | undefined;
  const line = (done: number, total: number, errors: number, calls?: { done: number; total: number }) => {
    if (started === undefined) {
      started = now();
      // What --resume kept is done before the clock starts: "in N s" is said only of trials this run played.
      firstDone = done;
    }
    const elapsed = (now() - started) / 1000;
    // By agent calls when known: a shared history's first trial plays every session, and trials alone would read it as a 1/N of the work.
    const [did, of] = calls && calls.done > 0 ? [calls.done, calls.total] : [done, total];
    const left = did > 0 && elapsed > 0 ? (elapsed / did) * Math.max(0, of - did) : undefined;
    // Once every trial is in, the time it took says more than "about 0 s left".
    const eta = done === total && done > firstDone ? `, in ${formatSeconds(elapsed)}` : left === undefined ? '' : `, about ${formatSeconds(left)} left`;
    return `e2e: ${done}/${total} trials, ${counted(errors, 'error', 'errors')}${eta}`;
  };
  return {
    update(done: number, total: number, errors: number, calls?: { done: number; total: number }): void {
      trials = { done, total };
      lastLine = line(done, total, errors, calls);
      if (isTerminal) {
        write(`\r${lastLine}\u001b[K`);
      } else if (now() - lastPrinted >= intervalMs || done === total) {
        lastPrinted = now();
        write(`${lastLine}\n`);
      }
    },
    log(message: string): void {
      const text = message.split('\n').map((line) => `${/^ */.exec(line)![0]}${plainText(line)}`).join('\n');
      if (isTerminal && lastLine) write(`\r\u001b[K${text}\n${lastLine}`);
      else write(`${text}\n`);
    },
    finish(): void {
      if (isTerminal && lastLine) write('\n');
      lastLine = '';
    },
    /**
     * The last line of a run stopped by a signal, in place of the live line: left as it was, "about 17 s left"
     * would be the last word of a run that is over. It says what was kept and how to go on.
     */
    stopped(why: string, outDir: string): void {
      const kept = trials && trials.done < trials.total ? `: ${trials.done} of ${trials.total} e2e trials are recorded in ${plainText(outDir)}/trials.jsonl, and the same command with --resume plays the rest` : '';
      const text = `run stopped (${plainText(why)})${kept}`;
      write(isTerminal && lastLine ? `\r\u001b[K${text}\n` : `${text}\n`);
      lastLine = '';
    },
  };
}

/** Whole seconds, rounded up ("1 min 60 s" never: 119.3 s is "2 min 0 s"). */
function formatSeconds(seconds: number): string {
  const whole = Math.ceil(seconds);
  if (whole < 60) return `${whole} s`;
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

/** A phase shows progress only once it has run this long: most phases end sooner and print nothing. */
export const PROGRESS_DELAY_MS = 3000;
const BAR_WIDTH = 24;

/**
 * Progress of long phases that are not e2e trials (validating rows, seeding,
 * embedding, searching), as a PhaseProgress callback: nothing for a phase
 * that ends within PROGRESS_DELAY_MS; past it, a bar redrawn in place on a
 * terminal, a plain line every `intervalMs` otherwise, and the phase's last
 * line when it ends. `now` is injectable so tests need no real waiting.
 */
export function phaseProgress(write: (text: string) => void, isTerminal: boolean, options: { intervalMs?: number; delayMs?: number; now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  const intervalMs = options.intervalMs ?? 5000;
  const delayMs = options.delayMs ?? PROGRESS_DELAY_MS;
  let current: { phase: string; started: number; lastPrinted?: number; drawn: boolean; line: string } | undefined;

  const end = () => {
    if (current?.drawn && isTerminal) write('\n');
    current = undefined;
  };
  const lineOf = (phase: string, done: number, total: number, elapsedMs: number) => {
    const fraction = total > 0 ? Math.min(1, done / total) : 1;
    const left = done > 0 && done < total ? `, about ${formatSeconds(((elapsedMs / 1000) * (total - done)) / done)} left` : '';
    const bar = isTerminal ? `[${'#'.repeat(Math.round(fraction * BAR_WIDTH)).padEnd(BAR_WIDTH, '-')}] ` : '';
    return `${plainText(phase)}: ${bar}${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} (${Math.floor(fraction * 100)}%)${left}`;
  };

  const update = (phase: string, done: number, total: number): void => {
    if (current?.phase !== phase) {
      end();
      current = { phase, started: now(), drawn: false, line: '' };
    }
    const at = now();
    const finished = done >= total;
    if (at - current.started >= delayMs) {
      current.line = lineOf(phase, done, total, at - current.started);
      if (isTerminal) {
        write(`\r${current.line}\u001b[K`);
        current.drawn = true;
      } else if (current.lastPrinted === undefined || at - current.lastPrinted >= intervalMs || (finished && current.drawn)) {
        write(`${current.line}\n`);
        current.lastPrinted = at;
        current.drawn = true;
      }
    }
    if (finished) end();
  };
  return { update, finish: end };
}
