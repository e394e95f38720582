import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { RecallGateError, fileSystemError } from '../errors.js';
import { atInterrupt } from '../interrupt.js';

/** Who holds a results folder: written into the lock file. */
export interface LockHolder {
  pid: number;
  host: string;
  started_at: string;
  command: string;
}

/**
 * One writer per results folder: two runs on one --out would mix or destroy
 * each other's files. The lock is a file created with O_EXCL; it is released
 * when the work ends, and on signals and unplanned exits. A lock whose process
 * is gone (same host, e.g. after SIGKILL) is stale and taken over. `path`
 * is the lock file of the folder `dir` (folder.ts names it).
 */
export function lockResultsDir(dir: string, path: string, command: string): { release: () => void } {
  const holder: LockHolder = { pid: process.pid, host: hostname(), started_at: new Date().toISOString(), command };
  if (!tryCreate(path, holder)) {
    const current = readHolder(path);
    if (!current || !isStale(current)) throw busy(dir, path, current);
    // Between reading the stale lock and removing it another run may take it
    // over the same way; the window is a few microseconds and both see a fresh lock after.
    rmSync(path, { force: true });
    if (!tryCreate(path, holder)) throw busy(dir, path, readHolder(path));
  }
  const release = () => {
    forget();
    // Only our own lock: never remove one another run took over.
    if (readHolder(path)?.pid === holder.pid) rmSync(path, { force: true });
  };
  const forget = atInterrupt(release);
  return { release };
}

/** The folder's lock holder, if someone holds it; a folder with no lock reads undefined. */
export function readHolder(path: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as LockHolder;
    return typeof parsed?.pid === 'number' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** A lock of a process on this host that is no longer there. */
export function isStale(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return false;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function tryCreate(path: string, holder: LockHolder): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw fileSystemError(error, `lock the results folder (create ${path})`);
  }
  try {
    writeSync(fd, `${JSON.stringify(holder)}\n`);
  } catch (error) {
    rmSync(path, { force: true });
    throw fileSystemError(error, `lock the results folder (write ${path})`);
  } finally {
    closeSync(fd);
  }
  return true;
}

function busy(dir: string, path: string, holder: LockHolder | undefined): RecallGateError {
  const who = holder ? `pid ${holder.pid} on ${holder.host}, "${holder.command}", since ${holder.started_at}` : 'a process that left no readable details';
  return new RecallGateError('incomplete', `the results folder ${dir} is in use by another recall-gate run (${who})`, {
    hint: `wait for it to finish or use another --out; if that run is gone, delete ${path}`,
  });
}
