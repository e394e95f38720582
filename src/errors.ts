import { scrubSecrets } from './secrets.js';

/** Exit statuses shared by the CLI and the Action. */
export const ExitCode = {
  ok: 0,
  gateFailed: 1,
  invalidInput: 2,
  incomplete: 3,
} as const;

/** A place in a file the user wrote, 1-based like editors show it. */
export interface SourceLocation {
  file: string;
  line: number;
  col: number;
}

export function formatLocation(where: SourceLocation): string {
  return `${where.file}:${where.line}:${where.col}`;
}

/** One problem found in the user's input, with where it is and what to do. */
export interface InputProblem {
  where: SourceLocation;
  message: string;
  hint?: string;
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
  const message = summary ?? `${count} problem${count === 1 ? '' : 's'} in the suite`;
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
