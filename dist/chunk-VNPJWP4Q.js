import {
  fileKind
} from "./chunk-GAJOKOFC.js";
import {
  RecallGateError,
  fileSystemError,
  scrubSecrets
} from "./chunk-EMJKK5FL.js";

// src/outputFile.ts
const { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } = globalThis.process.getBuiltinModule("node:fs");
const { dirname } = globalThis.process.getBuiltinModule("node:path");
function tempPathOf(path) {
  return `${path}.${process.pid}.tmp`;
}
function openNewFile(temp) {
  rmSync(temp, { force: true });
  return openSync(temp, "wx");
}
function replaceFile(path, text) {
  replaceFileWith(path, (fd) => writeFileSync(fd, scrubSecrets(text)));
}
function replaceFileWith(path, write) {
  const temp = tempPathOf(path);
  let fd;
  try {
    fd = openNewFile(temp);
    write(fd);
    closeSync(fd);
    fd = void 0;
    renameSync(temp, path);
  } catch (error) {
    try {
      if (fd !== void 0) closeSync(fd);
      rmSync(temp, { force: true });
    } catch {
    }
    throw fileSystemError(error, `write ${path}`);
  }
}
function lstatOrUndefined(path) {
  try {
    return lstatSync(path);
  } catch (error) {
    if (error.code === "ENOENT") return void 0;
    throw error;
  }
}
function outputTarget(path, option) {
  let stats;
  let target = path;
  try {
    stats = lstatOrUndefined(path);
    if (stats?.isSymbolicLink()) {
      try {
        target = realpathSync(path);
        stats = statSync(target);
      } catch (error) {
        const code = error.code;
        if (code !== "ENOENT" && code !== "ELOOP" && code !== "ENOTDIR") throw error;
        throw new RecallGateError("invalid-input", `${option} ${path} is a symbolic link to nothing (${code})`, { hint: "point the link at a file, or remove it" });
      }
    }
  } catch (error) {
    throw fileSystemError(error, `write ${option} ${path}`);
  }
  if (!stats) return { kind: "missing", path };
  if (stats.isFile()) return { kind: "file", path: target };
  if (stats.isFIFO() || stats.isCharacterDevice()) return { kind: "stream", path: target };
  if (stats.isDirectory()) throw new RecallGateError("invalid-input", `${option} ${path} is a folder, not a file`, { hint: "give the path of a file" });
  throw new RecallGateError("invalid-input", `${option} ${path} is ${fileKind(stats)}`, {
    hint: "recall-gate writes a report to a regular file (replaced), a named pipe or a character device (written into); give one of those"
  });
}
function writeNamedOutput(path, text, option) {
  const target = outputTarget(path, option);
  if (target.kind === "stream") {
    writeInto(target.path, text, `${option} ${path}`);
    return;
  }
  if (target.kind === "missing") {
    try {
      mkdirSync(dirname(path), { recursive: true });
    } catch (error) {
      throw fileSystemError(error, `create the folder of ${option} ${path}`);
    }
  }
  replaceFile(target.path, text);
}
function writeInto(path, text, shown) {
  let fd;
  try {
    fd = openSync(path, constants.O_WRONLY);
    const stats = fstatSync(fd);
    if (!stats.isFIFO() && !stats.isCharacterDevice()) throw new RecallGateError("invalid-input", `${shown} is no longer a named pipe or a character device: it changed while being written`);
    writeFileSync(fd, scrubSecrets(text));
  } catch (error) {
    if (error instanceof RecallGateError) throw error;
    throw fileSystemError(error, `write ${shown}`);
  } finally {
    if (fd !== void 0) closeSync(fd);
  }
}

export {
  replaceFile,
  replaceFileWith,
  outputTarget,
  writeNamedOutput
};
