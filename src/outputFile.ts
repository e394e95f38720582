import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, realpathSync, renameSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { dirname } from 'node:path';
import { RecallGateError, fileSystemError } from './errors.js';
import { scrubSecrets } from './secrets.js';
import { fileKind } from './source/readInput.js';

/**
 * How recall-gate writes a file, by who named it.
 *
 * A file recall-gate names itself (results.json and the rest of a results
 * folder, an import's suite.yaml) is replaced in one step: a temp file beside
 * it, renamed over the path. A link found at the path is replaced, never
 * written through, so a link planted in a folder cannot make recall-gate
 * write outside it; the temp file is created afresh (O_EXCL), so a link
 * planted at its name is not followed either.
 *
 * A file the user names (run --html and --junit, merge and regrade --junit,
 * history --out) is where the user wants the text, whatever it is: a regular
 * file is replaced in one step as above; a named pipe or a character device
 * (/dev/null, /dev/stdout) is opened and written into, never replaced; a
 * symbolic link is followed to the file it names (that file replaced, the link
 * kept). A folder, a block device, a socket or a link to nothing is refused
 * (exit 2) before anything runs.
 */

/** The temp file a replacement writes first, beside the file it replaces (a rename does not cross file systems). */
export function tempPathOf(path: string): string {
  return `${path}.${process.pid}.tmp`;
}

/**
 * Opens `temp` as a new file for writing: whatever is there (a file or a link
 * left behind) is removed first, and O_EXCL makes the open fail rather than
 * follow a link put there in between.
 */
export function openNewFile(temp: string): number {
  rmSync(temp, { force: true });
  return openSync(temp, 'wx');
}

/**
 * Replaces a file in one step, so a reader or a crash never sees half of it,
 * scrubbed of secrets. A link at `path` is replaced, not followed. A write
 * that fails (a full or read-only disk) leaves no temp file and says why.
 */
export function replaceFile(path: string, text: string): void {
  replaceFileWith(path, (fd) => writeFileSync(fd, scrubSecrets(text)));
}

/** replaceFile for a writer that fills the new file itself (lines as they come): the same temp, rename and clean-up. */
export function replaceFileWith(path: string, write: (fd: number) => void): void {
  const temp = tempPathOf(path);
  let fd: number | undefined;
  try {
    fd = openNewFile(temp);
    write(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(temp, path);
  } catch (error) {
    try {
      if (fd !== undefined) closeSync(fd);
      rmSync(temp, { force: true });
    } catch {
      // Nothing more can be done on a disk that refuses even this.
    }
    throw fileSystemError(error, `write ${path}`);
  }
}

/** What a path the user named for an output is: nothing yet, a regular file to replace, or a pipe or device to write into (the link followed). */
export interface OutputTarget {
  kind: 'missing' | 'file' | 'stream';
  /** Where the text goes: the path, or the file a link at it names. */
  path: string;
}

function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Where an output the user named goes, or an error (exit 2) when it cannot
 * go there: called before a run, so a wrong path costs nothing, and again
 * when writing.
 */
export function outputTarget(path: string, option: string): OutputTarget {
  let stats: Stats | undefined;
  let target = path;
  try {
    stats = lstatOrUndefined(path);
    if (stats?.isSymbolicLink()) {
      try {
        target = realpathSync(path);
        stats = statSync(target);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'ENOENT' && code !== 'ELOOP' && code !== 'ENOTDIR') throw error;
        throw new RecallGateError('invalid-input', `${option} ${path} is a symbolic link to nothing (${code})`, { hint: 'point the link at a file, or remove it' });
      }
    }
  } catch (error) {
    throw fileSystemError(error, `write ${option} ${path}`);
  }
  if (!stats) return { kind: 'missing', path };
  if (stats.isFile()) return { kind: 'file', path: target };
  if (stats.isFIFO() || stats.isCharacterDevice()) return { kind: 'stream', path: target };
  if (stats.isDirectory()) throw new RecallGateError('invalid-input', `${option} ${path} is a folder, not a file`, { hint: 'give the path of a file' });
  throw new RecallGateError('invalid-input', `${option} ${path} is ${fileKind(stats)}`, {
    hint: 'recall-gate writes a report to a regular file (replaced), a named pipe or a character device (written into); give one of those',
  });
}

/**
 * Writes an output the user named (see the top of this file): its folder
 * made if missing, a regular file replaced in one step, a named pipe or a
 * character device written into as it is (a pipe waits for its reader, as a
 * shell's redirection does), scrubbed of secrets either way.
 */
export function writeNamedOutput(path: string, text: string, option: string): void {
  const target = outputTarget(path, option);
  if (target.kind === 'stream') {
    writeInto(target.path, text, `${option} ${path}`);
    return;
  }
  if (target.kind === 'missing') {
    try {
      mkdirSync(dirname(path), { recursive: true });
    } catch (error) {
      throw fileSystemError(error, `create the folder of ${option} ${path}`);
    }
  }
  replaceFile(target.path, text);
}

/** Writes into a named pipe or a character device: opened without creating or truncating, checked again once open (the path may have changed since). */
function writeInto(path: string, text: string, shown: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_WRONLY);
    const stats = fstatSync(fd);
    if (!stats.isFIFO() && !stats.isCharacterDevice()) throw new RecallGateError('invalid-input', `${shown} is no longer a named pipe or a character device: it changed while being written`);
    writeFileSync(fd, scrubSecrets(text));
  } catch (error) {
    if (error instanceof RecallGateError) throw error;
    throw fileSystemError(error, `write ${shown}`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
