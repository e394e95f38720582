import { scrubSecrets } from './secrets.js';
import { counted } from './text/counted.js';
import type { SourceLocation, InputProblem } from './model/source.js';

/** Exit statuses shared by the CLI and the Action. */
export const ExitCode = {
  ok: 0,
  gateFailed: 1,
  invalidInput: 2,
  incomplete: 3,
} as const;

export function formatLocation(where: SourceLocation): string {
  return `${where.file}:${where.line}:${where.col}`;
}

/**
 * Appends problems one at a time. A data file can have one per row, and
 * push(...more) throws a RangeError (the call stack) past some 100,000.
 */
export function addProblems(problems: InputProblem[], more: readonly InputProblem[]): void {
  for (const problem of more) problems.push(problem);
}

export function formatProblem(problem: InputProblem): string {
  const hint = problem.hint ? ` (${problem.hint})` : '';
  return `${formatLocation(problem.where)}: ${problem.message}${hint}`;
}

/**
 * The one error type the CLI and the Action know how to report.
 * `code` says which exit status it maps to; `hint` says what to do about it.
 */
export class RecallGateError extends Error {
  readonly code: 'invalid-input' | 'incomplete' | 'internal';
  readonly hint?: string;
  readonly problems: InputProblem[];

  constructor(
    code: RecallGateError['code'],
    message: string,
    options: { hint?: string; problems?: InputProblem[]; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'RecallGateError';
    this.code = code;
    this.hint = options.hint;
    this.problems = options.problems ?? [];
  }

  get exitCode(): number {
    if (this.code === 'invalid-input') return ExitCode.invalidInput;
    return ExitCode.incomplete;
  }
}

export function invalidInput(problems: InputProblem[], summary?: string): RecallGateError {
  const count = problems.length;
  const message = summary ?? `${counted(count, 'problem', 'problems')} in the suite`;
  return new RecallGateError('invalid-input', message, { problems });
}

/** The message of anything thrown, for reports; scrubbed of secrets here, before any report escapes or shortens it. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const hint = error instanceof RecallGateError && error.hint ? ` (${error.hint})` : '';
    return scrubSecrets(`${error.message}${hint}`);
  }
  return scrubSecrets(String(error));
}

/** What an errno from writing a file means, in words; the environment, not the input. */
const FILE_SYSTEM_TROUBLE: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'the operation is not permitted (an immutable file or folder?)',
  EIO: 'an input/output error of the device',
  EMFILE: 'too many open files',
};

/**
 * A failed file operation as a clear error: a path that is a file where a
 * folder must be is the user's input (exit 2); a full, read-only or forbidden
 * disk, or any other refusal of the system, is the environment (exit 3).
 * Errors that are not the system's are returned as they are.
 */
export function fileSystemError(error: unknown, doing: string): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  // EISDIR is the other way round: a folder where a file was wanted (a history, a report copy).
  if (code === 'EISDIR') return new RecallGateError('invalid-input', `cannot ${doing}: it is a folder, not a file (EISDIR)`, { hint: 'give the path of a file', cause: error });
  if (code === 'ENOTDIR' || code === 'EEXIST') {
    return new RecallGateError('invalid-input', `cannot ${doing}: a part of the path is a file, not a folder (${code})`, { hint: 'give a folder path', cause: error });
  }
  if (typeof code !== 'string' || typeof (error as NodeJS.ErrnoException).syscall !== 'string') return error;
  const trouble = FILE_SYSTEM_TROUBLE[code] ?? (error as Error).message.replace(/^[A-Z]+: /, '').replace(/, \w+ '.*'$/, '');
  const hint = code === 'ENOSPC' || code === 'EDQUOT' ? 'free space on that device, or write elsewhere' : 'choose a place recall-gate may write to';
  return new RecallGateError('incomplete', `cannot ${doing}: ${trouble} (${code})`, { hint, cause: error });
}
