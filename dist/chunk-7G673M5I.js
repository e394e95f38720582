
// src/interrupt.ts
var SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"];
var cleanups = [];
function runCleanups(why) {
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      cleanup(why);
    } catch {
    }
  }
}
function onSignal(signal) {
  runCleanups(`interrupted by ${signal}`);
  detach();
  process.kill(process.pid, signal);
}
function onExit(code) {
  runCleanups(`the process exited (code ${code}) before the run finished`);
}
function attach() {
  for (const signal of SIGNALS) process.on(signal, onSignal);
  process.on("exit", onExit);
}
function detach() {
  for (const signal of SIGNALS) process.off(signal, onSignal);
  process.off("exit", onExit);
}
function atInterrupt(cleanup) {
  if (cleanups.length === 0) attach();
  cleanups.push(cleanup);
  return () => {
    const index = cleanups.indexOf(cleanup);
    if (index >= 0) cleanups.splice(index, 1);
    if (cleanups.length === 0) detach();
  };
}

export {
  atInterrupt
};
