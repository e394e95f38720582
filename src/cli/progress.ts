import { plainText } from '../report/escape.js';

/**
 * Progress of a long e2e run: a live line on a terminal, a plain line every
 * few seconds in CI logs (where carriage returns make a mess). Log messages go
 * through it too, so they neither glue onto the live line nor carry escape
 * sequences or carriage returns from untrusted text (a provider's error) to the terminal.
 */
export function progressReporter(write: (text: string) => void, isTerminal: boolean, intervalMs = 5000) {
  const started = Date.now();
  let lastPrinted = 0;
  let lastLine = '';
  const line = (done: number, total: number, errors: number) => {
    const elapsed = (Date.now() - started) / 1000;
    const left = done > 0 ? (elapsed / done) * (total - done) : undefined;
    const eta = left === undefined ? '' : `, about ${formatSeconds(left)} left`;
    return `e2e: ${done}/${total} trials, ${errors} error${errors === 1 ? '' : 's'}${eta}`;
  };
  return {
    update(done: number, total: number, errors: number): void {
      lastLine = line(done, total, errors);
      if (isTerminal) {
        write(`\r${lastLine}\u001b[K`);
      } else if (Date.now() - lastPrinted >= intervalMs || done === total) {
        lastPrinted = Date.now();
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
  };
}

function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${Math.ceil(seconds)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.ceil(seconds % 60)} s`;
}
