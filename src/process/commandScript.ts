import { basename } from 'node:path';

/** Programs that run a script named among their arguments: interpreters, and launchers that start one (npx tsx, uv run). */
const RUNNER = /^(?:node|nodejs|bun|bunx|deno|tsx|ts-node|npx|uv|poetry|pipenv|python(?:\d+(?:\.\d+)?)?)(?:\.exe)?$/i;
/** What a script file is called. */
const SCRIPT_FILE = /\.(?:py|mjs|cjs|js|mts|cts|ts|sh)$/;
/** Options whose next argument is their value, not the script (`node --env-file .env adapter.mjs`). */
const TAKES_VALUE = new Set(['-r', '--require', '--import', '--loader', '--experimental-loader', '--env-file', '--tsconfig', '--conditions', '-C', '-W', '-X', '--title', '--with', '--python', '--project']);
/** Options after which the code is given inline or as a module: no script file. */
const INLINE = new Set(['-e', '--eval', '-p', '--print', '-c', '-m']);

/**
 * The script file a command runs, read from the command alone: for an interpreter or a launcher (node, python3,
 * npx tsx, uv run), the first argument after the program that names a script file, skipping the values of
 * options that take one, and none when the code is inline or a module (-e, -c, -m); for any other program, the
 * program itself when it is a relative path (./agent.sh). validate's missing-script warning and provenance's
 * script hash both read it, so they agree on what an adapter's code is.
 */
export function commandScript(command: readonly string[]): { index: number; path: string } | undefined {
  const program = command[0];
  if (program === undefined) return undefined;
  if (!RUNNER.test(basename(program))) {
    return /^\.{1,2}[\\/]/.test(program) ? { index: 0, path: program } : undefined;
  }
  for (let index = 1; index < command.length; index++) {
    const arg = command[index]!;
    if (INLINE.has(arg)) return undefined;
    if (TAKES_VALUE.has(arg)) {
      index += 1;
      continue;
    }
    if (arg.startsWith('-')) continue;
    if (SCRIPT_FILE.test(arg)) return { index, path: arg };
  }
  return undefined;
}
