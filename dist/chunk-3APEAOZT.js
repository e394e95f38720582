import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);

// src/results/narrowed.ts
function isNarrowedRun(results) {
  return results.selection !== void 0 || results.sample !== void 0 || results.shard !== void 0;
}

export {
  isNarrowedRun
};
