import { statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * Where a command's program (a name without a folder, as `python3`) is found
 * on PATH, as spawn will look for it: the first folder holding a file of that
 * name (on Windows with each PATHEXT extension); undefined when none does.
 */
export function findOnPath(name: string, path = process.env.PATH ?? process.env.Path ?? ''): string | undefined {
  const extensions = process.platform === 'win32' ? ['', ...(process.env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean)] : [''];
  for (const folder of path.split(delimiter).filter(Boolean)) {
    for (const extension of extensions) {
      const candidate = join(folder, `${name}${extension}`);
      if (isFile(candidate)) return candidate;
    }
  }
  return undefined;
}

export function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
