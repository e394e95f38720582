import {
  describeError
} from "./chunk-EMJKK5FL.js";

// src/e2e/snapshot.ts
function needsSnapshot(spec) {
  return Object.values(spec.graders ?? {}).some((grader) => "memory" in grader || "script" in grader || "judge" in grader && grader.judge.on === "memory");
}
async function takeSnapshot(target, user) {
  if (!target.list) return { error: "the target cannot list its memory, so what it stored cannot be graded" };
  try {
    return { entries: await target.list(user) };
  } catch (error) {
    return { error: describeError(error) };
  }
}

export {
  needsSnapshot,
  takeSnapshot
};
