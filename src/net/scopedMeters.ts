import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Meters opened around pieces of async work (a provider's seeding, one e2e
 * trial) that whatever the work calls records into, however many pieces run
 * at once: a recording goes to every meter open around the call that made it.
 *
 * An open AsyncLocalStorage turns on Node's async hooks, a cost on every
 * promise of the process (about 3% of an e2e run's CPU): the context is kept
 * only while a meter is open, and `meterIfAny` opens none until something
 * that records exists (`recorderExists`).
 */
export class ScopedMeters<T> {
  private readonly open = new AsyncLocalStorage<T[]>();
  private openCount = 0;
  private recorders = false;

  /** Something that records into these meters has been built in this process. */
  recorderExists(): void {
    this.recorders = true;
  }

  /** Runs `work` with `meter` open; returns what it did. */
  async meter<V>(meter: T, work: () => Promise<V>): Promise<V> {
    this.openCount += 1;
    try {
      return await this.open.run([...(this.open.getStore() ?? []), meter], work);
    } finally {
      // The last meter closed: the hooks go off until the next one opens (a call still on its way is no meter's).
      if (--this.openCount === 0) this.open.disable();
    }
  }

  /** As meter, for work that builds no recorder itself: while none exists, it can record nothing and runs unmetered. */
  async meterIfAny<V>(meter: T, work: () => Promise<V>): Promise<V> {
    return this.recorders ? this.meter(meter, work) : work();
  }

  /** The meters open around the caller. */
  current(): readonly T[] {
    return this.open.getStore() ?? [];
  }
}
