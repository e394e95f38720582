
// src/results/narrowed.ts
function isNarrowedRun(results) {
  return results.selection !== void 0 || results.sample !== void 0 || results.shard !== void 0;
}

export {
  isNarrowedRun
};
