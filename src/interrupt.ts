/**
 * Last words of a process that is stopped before its work is done: a signal
 * (Ctrl-C, a cancelled CI job) or an exit nobody planned (an uncaught error,
 * process.exit elsewhere). Cleanups run synchronously, newest first, and then
 * the signal is raised again so the process still dies by it, as the shell
 * and CI expect. Cleanups that finished their job unregister themselves.
 */
type Cleanup = (why: string) => void;

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const cleanups: Cleanup[] = [];

function runCleanups(why: string): void {
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      cleanup(why);
    } catch {
      // A cleanup that cannot finish (a full disk) must not stop the others.
    }
  }
}

function onSignal(signal: NodeJS.Signals): void {
  runCleanups(`interrupted by ${signal}`);
  detach();
  process.kill(process.pid, signal);
}

function onExit(code: number): void {
  runCleanups(`the process exited (code ${code}) before the run finished`);
}

function attach(): void {
  for (const signal of SIGNALS) process.on(signal, onSignal);
  process.on('exit', onExit);
}

function detach(): void {
  for (const signal of SIGNALS) process.off(signal, onSignal);
  process.off('exit', onExit);
}

/** Runs `cleanup` if the process is stopped before the returned function is called. */
export function atInterrupt(cleanup: Cleanup): () => void {
  if (cleanups.length === 0) attach();
  cleanups.push(cleanup);
  return () => {
    const index = cleanups.indexOf(cleanup);
    if (index >= 0) cleanups.splice(index, 1);
    if (cleanups.length === 0) detach();
  };
}
