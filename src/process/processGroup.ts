import type { ChildProcess, SpawnOptions } from 'node:child_process';

/*
 * A child recall-gate starts (an adapter, a started server, an MCP server)
 * may start children of its own: `sh -c "node server.js"`, `npm run`, a
 * server with a worker. Those grandchildren inherit the child's stdout and
 * stderr, so after the child exits its pipes stay open: waiting for 'close'
 * waits forever, the open pipes keep recall-gate's event loop alive, and a
 * stop aimed at the child's pid leaves the grandchildren running. So each
 * child starts in its own process group (POSIX), is stopped as a group, and
 * its pipes are let go after the stop instead of being waited on.
 */

/** Whether process groups exist here (Windows has none; there the child alone is signalled). */
const GROUPS = process.platform !== 'win32';

/** How often a stop looks whether the group is gone. */
const POLL_MS = 25;

/** Spawn options that make the child the leader of a new process group. */
export const OWN_GROUP: Pick<SpawnOptions, 'detached'> = { detached: GROUPS };

/** Sends `signal` to the child's whole process group; a group already gone is no error. */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    if (GROUPS) process.kill(-child.pid, signal);
    else if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  } catch {
    // ESRCH: nothing of the group is left.
  }
}

/** Whether any process of the child's group is still there (the child itself where there are no groups). */
export function groupAlive(child: ChildProcess): boolean {
  if (child.pid === undefined) return false;
  if (!GROUPS) return child.exitCode === null && child.signalCode === null;
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch (error) {
    // EPERM: a member we may not signal (it changed its user) is still a member.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Stops the child and everything it started: SIGTERM to the group, SIGKILL
 * to what is left after `graceMs`, then its pipes are destroyed so nothing a
 * stray grandchild holds keeps recall-gate waiting. Resolves once the group
 * is gone (or after a last second for the SIGKILL to land).
 */
export async function stopGroup(child: ChildProcess, graceMs: number): Promise<void> {
  if (groupAlive(child)) {
    signalGroup(child, 'SIGTERM');
    if (!(await until(() => !groupAlive(child), graceMs))) {
      signalGroup(child, 'SIGKILL');
      await until(() => !groupAlive(child), 1000);
    }
  }
  releasePipes(child);
}

/** Drops the child's pipes: no 'close' to wait for, nothing holding the event loop open. */
export function releasePipes(child: ChildProcess): void {
  for (const stream of [child.stdin, child.stdout, child.stderr]) stream?.destroy();
  child.unref();
}

/** Resolves true as soon as `done()` holds, false when `ms` pass first. */
async function until(done: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return true;
}
