import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';

/**
 * The most recall-gate reads from one input file (a suite, a data file, a
 * system prompt). Real suites are far smaller; a larger file is almost surely
 * a wrong path, and reading it whole would exhaust memory.
 */
export const MAX_INPUT_BYTES = 256 * 1024 * 1024;
export const MAX_INPUT_TEXT = '256 MiB';

const CHUNK_BYTES = 1024 * 1024;

/** Why a path cannot be read as an input file, in words for "cannot read X: <reason>". */
export class UnreadableInput extends Error {
  constructor(
    message: string,
    /** What to do, when it does not depend on where the path was written. */
    readonly hint?: string,
  ) {
    super(message);
  }
}

/**
 * The UTF-8 text of a regular file of at most MAX_INPUT_BYTES. A FIFO, a
 * device, a socket or a directory is refused before anything is read (a FIFO
 * would block forever, /dev/zero would never end), and the read itself stops
 * past the limit, since a file can grow or (like /proc files) report size 0.
 */
export function readInputFile(path: string): string {
  const bytes = readInputBytes(path);
  return bytes.toString('utf8');
}

/** The bytes of a regular file of at most MAX_INPUT_BYTES, refused as readInputFile refuses a file. */
export function readInputBytes(path: string): Buffer {
  let fd: number;
  try {
    // Non-blocking so that opening a FIFO with no writer returns at once; fstat then refuses it.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw new UnreadableInput(openFailure(error as NodeJS.ErrnoException));
  }
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) throw new UnreadableInput('is a directory, not a file');
    if (!stats.isFile()) throw new UnreadableInput(`is ${fileKind(stats)}, not a regular file`, 'recall-gate reads its input from regular files only');
    if (stats.size > MAX_INPUT_BYTES) throw tooLarge();
    // Read into one buffer of the size the file reports (a byte more, to see it end), grown only if it grows:
    // chunks joined at the end would hold a large file twice, then its text a third time.
    let bytes = Buffer.allocUnsafe(Math.min(stats.size, MAX_INPUT_BYTES) + 1);
    let total = 0;
    for (;;) {
      if (total === bytes.length) {
        const grown = Buffer.allocUnsafe(Math.min(bytes.length + CHUNK_BYTES, MAX_INPUT_BYTES + 1));
        bytes.copy(grown, 0, 0, total);
        bytes = grown;
      }
      const read = readSync(fd, bytes, total, Math.min(CHUNK_BYTES, bytes.length - total), null);
      if (read === 0) break;
      total += read;
      if (total > MAX_INPUT_BYTES) throw tooLarge();
    }
    return bytes.subarray(0, total);
  } catch (error) {
    if (error instanceof UnreadableInput) throw error;
    throw new UnreadableInput(openFailure(error as NodeJS.ErrnoException));
  } finally {
    closeSync(fd);
  }
}

function tooLarge(): UnreadableInput {
  return new UnreadableInput(`is larger than ${MAX_INPUT_TEXT}, the most recall-gate reads from one file`, 'check the path, or split the data into smaller files');
}

function openFailure(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ENOENT':
      return 'file not found';
    case 'EISDIR':
      return 'is a directory, not a file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    default:
      return error.code ? `${error.code}: ${error.message}` : String(error);
  }
}

/** A file that is not regular or a folder, in words: "a named pipe (FIFO)", "a character device", ... */
export function fileKind(stats: Stats): string {
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'a special file';
}
