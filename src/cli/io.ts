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
    // stdout opens at the first write: making process.stdout loads Node's stream code, which a command that prints
    // nothing there need not pay. stderr opens now, so its EPIPE guard also covers the code that writes to
    // process.stderr itself (a grader's or an MCP server's stderr passed through).
    stdout: writerTo(() => process.stdout),
    stderr: writerTo(() => process.stderr, { now: true }),
    isTerminal: Boolean(process.stderr.isTTY),
  };
}

/**
 * Writes to a stream whose reader may leave early (`recall-gate history ... | head`):
 * once the pipe is closed, what follows is dropped instead of ending the
 * process with a stack trace, and the command still finishes its work (a run
 * still writes its results folder). The stream is opened at the first write,
 * or at once with `now`.
 */
function writerTo(open: () => NodeJS.WriteStream, { now = false } = {}): (text: string) => void {
  let stream: NodeJS.WriteStream | undefined;
  let closed = false;
  const opened = (): NodeJS.WriteStream => {
    if (stream) return stream;
    stream = open();
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
      closed = true;
    });
    return stream;
  };
  if (now) opened();
  return (text) => {
    if (!closed) opened().write(text);
  };
}

/** The same streams with every known secret scrubbed: all a command prints goes through here. */
export function scrubbedIO(io: CliIO): CliIO {
  return { ...io, stdout: (text) => io.stdout(scrubSecrets(text)), stderr: (text) => io.stderr(scrubSecrets(text)) };
}
