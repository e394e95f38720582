import { percentile } from '../src/stats/summary.js';

const MB = 1024 * 1024;

/**
 * Runs the garbage collector when node runs with --expose-gc, twice with a
 * short pause, so typed-array memory freed by a background sweeper shows up.
 */
export async function collect(): Promise<void> {
  if (!globalThis.gc) return;
  globalThis.gc();
  await new Promise((resolve) => setTimeout(resolve, 20));
  globalThis.gc();
}

/** Wall seconds of one call, by performance.now(). */
export async function timed<T>(run: () => T | Promise<T>): Promise<{ value: T; seconds: number }> {
  const started = performance.now();
  const value = await run();
  return { value, seconds: (performance.now() - started) / 1000 };
}

export interface MemorySnapshot {
  /** Peak resident set of the process so far (resourceUsage().maxRSS is in KiB). */
  peakRssMb: number;
  rssMb: number;
  heapUsedMb: number;
  /** Typed-array and Buffer memory outside the JS heap. */
  arrayBuffersMb: number;
}

export function memory(): MemorySnapshot {
  const usage = process.memoryUsage();
  return {
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    rssMb: usage.rss / MB,
    heapUsedMb: usage.heapUsed / MB,
    arrayBuffersMb: usage.arrayBuffers / MB,
  };
}

export function describeMemory(label: string, snapshot: MemorySnapshot): string {
  return (
    `${label}: peak RSS ${snapshot.peakRssMb.toFixed(1)} MB, RSS ${snapshot.rssMb.toFixed(1)} MB, ` +
    `heap used ${snapshot.heapUsedMb.toFixed(1)} MB, array buffers ${snapshot.arrayBuffersMb.toFixed(1)} MB`
  );
}

export function describeLatencies(latenciesMs: readonly number[]): string {
  const sum = latenciesMs.reduce((a, b) => a + b, 0);
  return (
    `per query: mean ${(sum / Math.max(1, latenciesMs.length)).toFixed(3)} ms, ` +
    `p50 ${percentile(latenciesMs, 50).toFixed(3)} ms, p95 ${percentile(latenciesMs, 95).toFixed(3)} ms, ` +
    `max ${Math.max(0, ...latenciesMs).toFixed(3)} ms`
  );
}

/** User + system CPU seconds the process has used. */
export function cpuSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}
