/** A memory search under the builtin agent's recall deadline (recall_timeout_ms). */

export const ABANDONED = Symbol('abandoned');

/**
 * `run`, or ABANDONED once `ms` pass first: a real timer race. Either way the
 * deadline's timer is cleared, so no timer outlives the call; unless `run`
 * settled first, its signal aborts, so an abandoned search that listens to it
 * stops. (A settled search has nothing left to stop, and an abort builds a
 * DOMException with its stack: a cost on every call for nothing.) A search
 * that ignores the signal finishes on its own; its outcome is dropped.
 */
export async function withDeadline<T>(run: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T | typeof ABANDONED> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let settled = false;
  const expired = new Promise<typeof ABANDONED>((resolve) => {
    timer = setTimeout(() => resolve(ABANDONED), ms);
  });
  const running = run(controller.signal);
  // The loser of the race must not become an unhandled rejection.
  running.then(
    () => (settled = true),
    () => (settled = true),
  );
  try {
    return await Promise.race([running, expired]);
  } finally {
    clearTimeout(timer);
    if (!settled) controller.abort();
  }
}
