
// src/source/readInput.ts
const { closeSync, constants, fstatSync, openSync, readSync } = globalThis.process.getBuiltinModule("node:fs");
var MAX_INPUT_BYTES = 256 * 1024 * 1024;
var MAX_INPUT_TEXT = "256 MiB";
var CHUNK_BYTES = 1024 * 1024;
var UnreadableInput = class extends Error {
  constructor(message, hint) {
    super(message);
    this.hint = hint;
  }
  hint;
};
function readInputFile(path) {
  const bytes = readInputBytes(path);
  return bytes.toString("utf8");
}
function readInputBytes(path) {
  let fd;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw new UnreadableInput(openFailure(error));
  }
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) throw new UnreadableInput("is a directory, not a file");
    if (!stats.isFile()) throw new UnreadableInput(`is ${fileKind(stats)}, not a regular file`, "recall-gate reads its input from regular files only");
    if (stats.size > MAX_INPUT_BYTES) throw tooLarge();
    let bytes = Buffer.allocUnsafe(Math.min(stats.size, MAX_INPUT_BYTES) + 1);
    let total = 0;
    for (; ; ) {
      if (total === bytes.length) {
        const grown = Buffer.allocUnsafe(Math.min(bytes.length + CHUNK_BYTES, MAX_INPUT_BYTES + 1));
        bytes.copy(grown, 0, 0, total);
        bytes = grown;
      }
      const read = readSync(fd, bytes, total, Math.min(CHUNK_BYTES, bytes.length - total), null);
      if (read === 0) break;
      total += read;
      if (total > MAX_INPUT_BYTES) throw tooLarge();
    }
    return bytes.subarray(0, total);
  } catch (error) {
    if (error instanceof UnreadableInput) throw error;
    throw new UnreadableInput(openFailure(error));
  } finally {
    closeSync(fd);
  }
}
function tooLarge() {
  return new UnreadableInput(`is larger than ${MAX_INPUT_TEXT}, the most recall-gate reads from one file`, "check the path, or split the data into smaller files");
}
function openFailure(error) {
  switch (error.code) {
    case "ENOENT":
      return "file not found";
    case "EISDIR":
      return "is a directory, not a file";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    default:
      return error.code ? `${error.code}: ${error.message}` : String(error);
  }
}
function fileKind(stats) {
  if (stats.isFIFO()) return "a named pipe (FIFO)";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  if (stats.isSocket()) return "a socket";
  return "a special file";
}

export {
  UnreadableInput,
  readInputFile,
  readInputBytes,
  fileKind
};
