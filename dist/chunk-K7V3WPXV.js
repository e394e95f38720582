import {
  plainText
} from "./chunk-VVMQOGTA.js";
import {
  counted
} from "./chunk-EMJKK5FL.js";

// src/cli/progress.ts
function progressReporter(write, isTerminal, intervalMs = 5e3, now = Date.now) {
  let started;
  let firstDone = 0;
  let lastPrinted = 0;
  let lastLine = "";
  let trials;
  const line = (done, total, errors, calls) => {
    if (started === void 0) {
      started = now();
      firstDone = done;
    }
    const elapsed = (now() - started) / 1e3;
    const [did, of] = calls && calls.done > 0 ? [calls.done, calls.total] : [done, total];
    const left = did > 0 && elapsed > 0 ? elapsed / did * Math.max(0, of - did) : void 0;
    const eta = done === total && done > firstDone ? `, in ${formatSeconds(elapsed)}` : left === void 0 ? "" : `, about ${formatSeconds(left)} left`;
    return `e2e: ${done}/${total} trials, ${counted(errors, "error", "errors")}${eta}`;
  };
  return {
    update(done, total, errors, calls) {
      trials = { done, total };
      lastLine = line(done, total, errors, calls);
      if (isTerminal) {
        write(`\r${lastLine}\x1B[K`);
      } else if (now() - lastPrinted >= intervalMs || done === total) {
        lastPrinted = now();
        write(`${lastLine}
`);
      }
    },
    log(message) {
      const text = message.split("\n").map((line2) => `${/^ */.exec(line2)[0]}${plainText(line2)}`).join("\n");
      if (isTerminal && lastLine) write(`\r\x1B[K${text}
${lastLine}`);
      else write(`${text}
`);
    },
    finish() {
      if (isTerminal && lastLine) write("\n");
      lastLine = "";
    },
    /**
     * The last line of a run stopped by a signal, in place of the live line: left as it was, "about 17 s left"
     * would be the last word of a run that is over. It says what was kept and how to go on.
     */
    stopped(why, outDir) {
      const kept = trials && trials.done < trials.total ? `: ${trials.done} of ${trials.total} e2e trials are recorded in ${plainText(outDir)}/trials.jsonl, and the same command with --resume plays the rest` : "";
      const text = `run stopped (${plainText(why)})${kept}`;
      write(isTerminal && lastLine ? `\r\x1B[K${text}
` : `${text}
`);
      lastLine = "";
    }
  };
}
function formatSeconds(seconds) {
  const whole = Math.ceil(seconds);
  if (whole < 60) return `${whole} s`;
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}
var PROGRESS_DELAY_MS = 3e3;
var BAR_WIDTH = 24;
function phaseProgress(write, isTerminal, options = {}) {
  const now = options.now ?? Date.now;
  const intervalMs = options.intervalMs ?? 5e3;
  const delayMs = options.delayMs ?? PROGRESS_DELAY_MS;
  let current;
  const end = () => {
    if (current?.drawn && isTerminal) write("\n");
    current = void 0;
  };
  const lineOf = (phase, done, total, elapsedMs) => {
    const fraction = total > 0 ? Math.min(1, done / total) : 1;
    const left = done > 0 && done < total ? `, about ${formatSeconds(elapsedMs / 1e3 * (total - done) / done)} left` : "";
    const bar = isTerminal ? `[${"#".repeat(Math.round(fraction * BAR_WIDTH)).padEnd(BAR_WIDTH, "-")}] ` : "";
    return `${plainText(phase)}: ${bar}${done.toLocaleString("en-US")}/${total.toLocaleString("en-US")} (${Math.floor(fraction * 100)}%)${left}`;
  };
  const update = (phase, done, total) => {
    if (current?.phase !== phase) {
      end();
      current = { phase, started: now(), drawn: false, line: "" };
    }
    const at = now();
    const finished = done >= total;
    if (at - current.started >= delayMs) {
      current.line = lineOf(phase, done, total, at - current.started);
      if (isTerminal) {
        write(`\r${current.line}\x1B[K`);
        current.drawn = true;
      } else if (current.lastPrinted === void 0 || at - current.lastPrinted >= intervalMs || finished && current.drawn) {
        write(`${current.line}
`);
        current.lastPrinted = at;
        current.drawn = true;
      }
    }
    if (finished) end();
  };
  return { update, finish: end };
}

export {
  progressReporter,
  phaseProgress
};
