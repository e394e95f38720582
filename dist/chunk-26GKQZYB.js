import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);

// src/targets/processGroup.ts
var GROUPS = process.platform !== "win32";
var POLL_MS = 25;
var OWN_GROUP = { detached: GROUPS };
function signalGroup(child, signal) {
  if (child.pid === void 0) return;
  try {
    if (GROUPS) process.kill(-child.pid, signal);
    else if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  } catch {
  }
}
function groupAlive(child) {
  if (child.pid === void 0) return false;
  if (!GROUPS) return child.exitCode === null && child.signalCode === null;
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}
async function stopGroup(child, graceMs) {
  if (groupAlive(child)) {
    signalGroup(child, "SIGTERM");
    if (!await until(() => !groupAlive(child), graceMs)) {
      signalGroup(child, "SIGKILL");
      await until(() => !groupAlive(child), 1e3);
    }
  }
  releasePipes(child);
}
function releasePipes(child) {
  for (const stream of [child.stdin, child.stdout, child.stderr]) stream?.destroy();
  child.unref();
}
async function until(done, ms) {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return true;
}

export {
  OWN_GROUP,
  signalGroup,
  stopGroup
};
