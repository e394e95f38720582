import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Why a program could not be started, said in the user's terms rather than
 * spawn's ("spawn python3 ENOENT"): the program not found (on PATH, or at the
 * path given), its working folder missing, a file that cannot be run; with
 * what to do. Nothing ran, so nothing it wrote is there to show.
 */
export function spawnFailure(command: string, cwd: string | undefined, error: unknown): { reason: string; hint: string } {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const shown = `\`${command}\``;
  const pathGiven = /[\\/]/.test(command);
  if (code === 'ENOENT' && cwd !== undefined && !existsSync(cwd)) {
    return { reason: `its working folder ${cwd} does not exist`, hint: 'give cwd a folder that exists (relative to the suite\'s folder)' };
  }
  if (code === 'ENOENT') {
    return pathGiven
      ? { reason: `${shown} was not found (looked for ${resolve(cwd ?? '.', command)})`, hint: "check the path: a relative one is read from the suite's folder" }
      : { reason: `${shown} was not found on PATH`, hint: `install it, or give the program's full path as the command's first word` };
  }
  if (code === 'EACCES') {
    return { reason: `${shown} cannot be run (EACCES: not executable, or a folder)`, hint: `make it executable (chmod +x), or start it through its interpreter (command: [python3, ${command}])` };
  }
  return { reason: error instanceof Error ? error.message : String(error), hint: 'run the command by hand from the suite\'s folder to see what goes wrong' };
}
