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
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    isTerminal: Boolean(process.stderr.isTTY),
  };
}

/** The same streams with every known secret scrubbed: all a command prints goes through here. */
export function scrubbedIO(io: CliIO): CliIO {
  return { ...io, stdout: (text) => io.stdout(scrubSecrets(text)), stderr: (text) => io.stderr(scrubSecrets(text)) };
}
