
// src/e2e/tokenWorker.ts
const { parentPort } = globalThis.process.getBuiltinModule("node:worker_threads");
var loaded = /* @__PURE__ */ new Map();
var AS_TEXT = { disallowedSpecial: /* @__PURE__ */ new Set() };
function load(encoding) {
  let counter = loaded.get(encoding);
  if (!counter) {
    const module = encoding === "o200k_base" ? import("./chunk-VNWAKKZL.js") : import("./chunk-GNT3TIBJ.js");
    counter = module.then(({ encode }) => (text) => encode(text, AS_TEXT).length);
    loaded.set(encoding, counter);
  }
  return counter;
}
var port = parentPort;
port.on("message", ({ id, text, encoding }) => {
  load(encoding).then(
    (count) => port.postMessage({ id, count: text === "" ? 0 : count(text) }),
    (error) => port.postMessage({ id, error: error instanceof Error ? error.message : String(error) })
  );
});
