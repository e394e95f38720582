import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);
import {
  RecallGateError
} from "./chunk-SIPSLTMD.js";

// src/shard.ts
function parseShard(text) {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) {
    throw new RecallGateError("invalid-input", `--shard must be i/n with 1 <= i <= n, got "${text}"`, { hint: "e.g. --shard 2/4 in a job matrix of 4" });
  }
  return { index, count };
}
function shardSuite(suite, shard) {
  if (shard.count === 1) return suite;
  return {
    ...suite,
    retrieval: shard.index === 1 ? suite.retrieval : void 0,
    e2e: suite.e2e ? { ...suite.e2e, cases: suite.e2e.cases.filter((_, i) => i % shard.count === shard.index - 1) } : void 0
  };
}

export {
  parseShard,
  shardSuite
};
