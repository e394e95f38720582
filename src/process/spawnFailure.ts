import { existsSync, openSync, readSync, closeSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { findOnPath, isFile } from './findProgram.js';

/**
 * Why a program could not be started, said in the user's terms rather than
 * spawn's ("spawn python3 ENOENT"): the program not found (on PATH, or at the
 * path given), the interpreter its #! line names not found, its working
 * folder missing or a file, a file that cannot be run; with what to do.
 * Nothing ran, so nothing it wrote is there to show.
 */
export function spawnFailure(command: string, cwd: string | undefined, error: unknown): { reason: string; hint: string } {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const shown = `\`${command}\``;
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    if (cwd !== undefined && !existsSync(cwd)) return { reason: `its working folder ${cwd} does not exist`, hint: 'give cwd: a folder that exists; a relative one is read from the suite\'s folder' };
    if (cwd !== undefined && !statSync(cwd).isDirectory()) return { reason: `its working folder ${cwd} is a file`, hint: 'give cwd: a folder' };
  }
  if (code === 'ENOENT') {
    const found = programFile(command, cwd);
    const interpreter = found && shebangOf(found);
    if (interpreter && !existsSync(interpreter)) {
      const crlf = interpreter.endsWith('\r');
      return {
        reason: `${shown} was found, but the interpreter its #! line names, ${JSON.stringify(interpreter)}, was not${crlf ? ' (the line ends in \\r: the file has Windows line endings)' : ''}`,
        hint: crlf ? 'save the file with Unix line endings (LF)' : 'install that interpreter, fix the #! line, or start the file through an interpreter you have (command: [python3, file])',
      };
    }
    return /[\\/]/.test(command)
      ? { reason: `${shown} was not found (looked for ${resolve(cwd ?? '.', command)})`, hint: "check the path: a relative one is read from the adapter's cwd, the suite's folder unless cwd: is set" }
      : { reason: `${shown} was not found on PATH`, hint: "install it, or give the program's full path as the command's first word" };
  }
  if (code === 'EACCES') {
    return { reason: `${shown} cannot be run (EACCES: not executable, or a folder)`, hint: 'make it executable (chmod +x), or name its interpreter first in the command' };
  }
  return { reason: error instanceof Error ? error.message : String(error), hint: "run the command by hand from the suite's folder to see what goes wrong" };
}

/** The file `command` starts: its path when it names one, else the first on PATH. */
function programFile(command: string, cwd: string | undefined): string | undefined {
  if (!/[\\/]/.test(command)) return findOnPath(command);
  const path = isAbsolute(command) ? command : resolve(cwd ?? '.', command);
  return isFile(path) ? path : undefined;
}

/** The interpreter a script's #! line names (its first word), when it has one. */
function shebangOf(file: string): string | undefined {
  const head = Buffer.alloc(256);
  let read = 0;
  try {
    const fd = openSync(file, 'r');
    try {
      read = readSync(fd, head, 0, head.length, 0);
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
  const line = head.subarray(0, read).toString('latin1').split('\n')[0]!;
  // A \r the line ends in stays: it is part of the name the kernel looks for.
  return line.startsWith('#!') ? line.slice(2).replace(/^[ \t]+/, '').split(/[ \t]+/)[0] || undefined : undefined;
}
