import {
  RecallGateError
} from "./chunk-EMJKK5FL.js";

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
  const units = /* @__PURE__ */ new Map();
  const unitOf = (spec) => {
    const key = spec.history === void 0 ? `case\0${spec.name}` : `history\0${spec.history}`;
    return units.get(key) ?? units.set(key, units.size).get(key);
  };
  return {
    ...suite,
    retrieval: shard.index === 1 ? suite.retrieval : void 0,
    e2e: suite.e2e ? { ...suite.e2e, cases: suite.e2e.cases.filter((spec) => unitOf(spec) % shard.count === shard.index - 1) } : void 0
  };
}

export {
  parseShard,
  shardSuite
};
