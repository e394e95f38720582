import { isatty } from 'node:tty';
import { scrubSecrets } from '../secrets.js';

/** What a command may touch of the outside world; tests pass their own. */
export interface CliIO {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** stderr is a terminal: progress can redraw one line. */
  isTerminal?: boolean;
}

export function processIO(): CliIO {
  return {
    cwd: process.cwd(),
    env: process.env,
    stdout: writerTo(() => process.stdout),
    stderr: writerTo(() => process.stderr),
    isTerminal: isatty(2),
  };
}

/**
 * Writes to a stream whose reader may leave early (`recall-gate history ... | head`):
 * once the pipe is closed, what follows is dropped instead of ending the
 * process with a stack trace, and the command still finishes its work (a run
 * still writes its results folder). The stream is opened at the first write:
 * making process.stdout or process.stderr loads Node's stream and socket code,
 * which a command printing nothing there (validate's stderr) need not pay.
 */
function writerTo(open: () => NodeJS.WriteStream): (text: string) => void {
  let stream: NodeJS.WriteStream | undefined;
  let closed = false;
  return (text) => {
    if (closed) return;
    if (!stream) {
      stream = open();
      stream.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
        closed = true;
      });
    }
    stream.write(text);
  };
}

/** The same streams with every known secret scrubbed: all a command prints goes through here. */
export function scrubbedIO(io: CliIO): CliIO {
  return { ...io, stdout: (text) => io.stdout(scrubSecrets(text)), stderr: (text) => io.stderr(scrubSecrets(text)) };
}
