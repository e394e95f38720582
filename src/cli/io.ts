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
    stdout: writerTo(process.stdout),
    stderr: writerTo(process.stderr),
    isTerminal: Boolean(process.stderr.isTTY),
  };
}

/**
 * Writes to a stream whose reader may leave early (`recall-gate history ... | head`):
 * once the pipe is closed, what follows is dropped instead of ending the
 * process with a stack trace, and the command still finishes its work (a run
 * still writes its results folder).
 */
function writerTo(stream: NodeJS.WriteStream): (text: string) => void {
  let closed = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
    closed = true;
  });
  return (text) => {
    if (!closed) stream.write(text);
  };
}

/** The same streams with every known secret scrubbed: all a command prints goes through here. */
export function scrubbedIO(io: CliIO): CliIO {
  return { ...io, stdout: (text) => io.stdout(scrubSecrets(text)), stderr: (text) => io.stderr(scrubSecrets(text)) };
}
