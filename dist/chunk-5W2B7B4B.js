import {
  formatQrelsLines,
  formatRunLines
} from "./chunk-EIY3OQNG.js";
import {
  replaceFile,
  replaceFileWith,
  writeNamedOutput
} from "./chunk-VNPJWP4Q.js";
import {
  UnreadableInput,
  readInputFile
} from "./chunk-GAJOKOFC.js";
import {
  RecallGateError,
  fileSystemError,
  scrubSecrets
} from "./chunk-EMJKK5FL.js";
import {
  atInterrupt
} from "./chunk-7G673M5I.js";

// src/results/folder.ts
const { closeSync: closeSync4, copyFileSync, cpSync, existsSync: existsSync3, mkdirSync, openSync: openSync4, readFileSync: readFileSync2, readdirSync, rmSync: rmSync2, rmdirSync, statSync, writeSync: writeSync3 } = globalThis.process.getBuiltinModule("node:fs");
const { dirname, join, resolve } = globalThis.process.getBuiltinModule("node:path");

// src/results/trialLog.ts
const { appendFileSync, closeSync: closeSync2, existsSync: existsSync2, fstatSync, openSync: openSync2, readSync: readSync2, truncateSync, writeFileSync } = globalThis.process.getBuiltinModule("node:fs");

// src/results/lines.ts
const { closeSync, existsSync, openSync, readSync, writeSync } = globalThis.process.getBuiltinModule("node:fs");
var CHUNK_BYTES = 1024 * 1024;
var LineBuffer = class {
  constructor(fd) {
    this.fd = fd;
  }
  fd;
  parts = [];
  size = 0;
  push(line) {
    const text = `${scrubSecrets(line)}
`;
    this.parts.push(text);
    this.size += text.length;
    if (this.size >= CHUNK_BYTES) this.flush();
  }
  flush() {
    if (this.parts.length === 0) return;
    writeSync(this.fd, this.parts.join(""));
    this.parts = [];
    this.size = 0;
  }
};
function writeLinesAtomic(path, lines) {
  replaceFileWith(path, (fd) => {
    const buffer = new LineBuffer(fd);
    for (const line of lines) buffer.push(line);
    buffer.flush();
  });
}
var LineFile = class {
  constructor(path) {
    this.path = path;
    try {
      this.fd = openSync(path, "w");
    } catch (error) {
      throw fileSystemError(error, `write ${path}`);
    }
  }
  path;
  fd;
  append(line) {
    if (this.fd === void 0) throw new Error(`${this.path} is closed`);
    try {
      writeSync(this.fd, `${scrubSecrets(line)}
`);
    } catch (error) {
      throw fileSystemError(error, `append to ${this.path}`);
    }
  }
  close() {
    if (this.fd === void 0) return;
    const fd = this.fd;
    this.fd = void 0;
    try {
      closeSync(fd);
    } catch (error) {
      throw fileSystemError(error, `close ${this.path}`);
    }
  }
};
function* readLines(path) {
  if (!existsSync(path)) return;
  let fd;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    throw fileSystemError(error, `read ${path}`);
  }
  try {
    const chunk = Buffer.alloc(CHUNK_BYTES);
    let rest = Buffer.alloc(0);
    for (; ; ) {
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      let data = Buffer.concat([rest, chunk.subarray(0, read)]);
      let newline = data.indexOf(10);
      while (newline >= 0) {
        const line = data.subarray(0, newline).toString("utf8");
        if (line.trim()) yield line;
        data = data.subarray(newline + 1);
        newline = data.indexOf(10);
      }
      rest = Buffer.from(data);
    }
    const last = rest.toString("utf8");
    if (last.trim()) yield last;
  } finally {
    closeSync(fd);
  }
}

// src/results/trialLog.ts
function trialLine(trial) {
  return `${scrubSecrets(JSON.stringify(trial))}
`;
}
var TrialLog = class {
  constructor(path) {
    this.path = path;
  }
  path;
  /** Starts empty, or (resume) keeps what is there. */
  open(resume) {
    if (resume && existsSync2(this.path)) return;
    try {
      writeFileSync(this.path, "");
    } catch (error) {
      throw fileSystemError(error, `write ${this.path}`);
    }
  }
  append(trial) {
    try {
      appendFileSync(this.path, trialLine(trial));
    } catch (error) {
      try {
        this.repairTornLine();
      } catch {
      }
      throw fileSystemError(error, `append a trial to ${this.path}`);
    }
  }
  /**
   * A last line without its newline (a crash or a full disk mid-write) would
   * swallow the next appended trial. A whole record gets its newline; a torn
   * one is cut off (its trial runs again).
   */
  repairTornLine() {
    if (!existsSync2(this.path)) return void 0;
    try {
      const tail = lastLine(this.path);
      if (tail.text.length === 0) return void 0;
      if (parseTrial(tail.text.toString("utf8"))) {
        appendFileSync(this.path, "\n");
        return { action: "terminated", bytes: tail.text.length };
      }
      truncateSync(this.path, tail.start);
      return { action: "cut", bytes: tail.text.length };
    } catch (error) {
      throw fileSystemError(error, `repair the last line of ${this.path}`);
    }
  }
  /** Every whole record, and how many lines could not be read as one. */
  read() {
    const trials = [];
    let unreadable = 0;
    for (const line of readLines(this.path)) {
      const trial = parseTrial(line);
      if (trial) trials.push(trial);
      else unreadable += 1;
    }
    return { trials, unreadable };
  }
};
function parseTrial(line) {
  try {
    const value = JSON.parse(line);
    return value !== null && typeof value === "object" && typeof value.key === "string" ? value : void 0;
  } catch {
    return void 0;
  }
}
function lastLine(path) {
  const fd = openSync2(path, "r");
  try {
    const size = fstatSync(fd).size;
    const chunk = Buffer.alloc(64 * 1024);
    let start = 0;
    for (let end = size; end > 0; end -= chunk.length) {
      const from = Math.max(0, end - chunk.length);
      const read = readSync2(fd, chunk, 0, end - from, from);
      const newline = chunk.subarray(0, read).lastIndexOf(10);
      if (newline >= 0) {
        start = from + newline + 1;
        break;
      }
    }
    const text = Buffer.alloc(size - start);
    readSync2(fd, text, 0, text.length, start);
    return { start, text };
  } finally {
    closeSync2(fd);
  }
}
function latestByKey(trials) {
  const byKey = /* @__PURE__ */ new Map();
  for (const trial of trials) byKey.set(trial.key, trial);
  return [...byKey.values()];
}

// src/results/lock.ts
const { closeSync: closeSync3, openSync: openSync3, readFileSync, rmSync, writeSync: writeSync2 } = globalThis.process.getBuiltinModule("node:fs");
const { hostname } = globalThis.process.getBuiltinModule("node:os");
function lockResultsDir(dir, path, command) {
  const holder = { pid: process.pid, host: hostname(), started_at: (/* @__PURE__ */ new Date()).toISOString(), command };
  if (!tryCreate(path, holder)) {
    const current = readHolder(path);
    if (!current || !isStale(current)) throw busy(dir, path, current);
    rmSync(path, { force: true });
    if (!tryCreate(path, holder)) throw busy(dir, path, readHolder(path));
  }
  const release = () => {
    forget();
    if (readHolder(path)?.pid === holder.pid) rmSync(path, { force: true });
  };
  const forget = atInterrupt(release);
  return { release };
}
function readHolder(path) {
  try {
    const parsed = JSON.parse(readFileSync(path, "utf8"));
    return typeof parsed?.pid === "number" ? parsed : void 0;
  } catch {
    return void 0;
  }
}
function isStale(holder) {
  if (holder.host !== hostname()) return false;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    return error.code === "ESRCH";
  }
}
function tryCreate(path, holder) {
  let fd;
  try {
    fd = openSync3(path, "wx");
  } catch (error) {
    if (error.code === "EEXIST") return false;
    throw fileSystemError(error, `lock the results folder (create ${path})`);
  }
  try {
    writeSync2(fd, `${JSON.stringify(holder)}
`);
  } catch (error) {
    rmSync(path, { force: true });
    throw fileSystemError(error, `lock the results folder (write ${path})`);
  } finally {
    closeSync3(fd);
  }
  return true;
}
function busy(dir, path, holder) {
  const who = holder ? `pid ${holder.pid} on ${holder.host}, "${holder.command}", since ${holder.started_at}` : "a process that left no readable details";
  return new RecallGateError("incomplete", `the results folder ${dir} is in use by another recall-gate run (${who})`, {
    hint: `wait for it to finish or use another --out; if that run is gone, delete ${path}`
  });
}

// src/results/folder.ts
var RESULTS_FILE = "results.json";
var TRIALS_FILE = "trials.jsonl";
var MARKDOWN_REPORT_FILE = "report.md";
var HTML_REPORT_FILE = "report.html";
var JUNIT_FILE = "junit.xml";
var HISTORY_FILE = "history.jsonl";
var ADAPTER_LOG_FILE = "adapter.log";
var QRELS_FILE = "qrels.trec";
var RUNS_DIR = "runs";
var QUERIES_DIR = "queries";
var LOCK_FILE = ".recall-gate.lock";
function queryRowsFile(provider) {
  return join(QUERIES_DIR, `${provider}.jsonl`);
}
function writtenFiles(results) {
  return [
    RESULTS_FILE,
    MARKDOWN_REPORT_FILE,
    HTML_REPORT_FILE,
    JUNIT_FILE,
    ...results.retrieval ? [QRELS_FILE, `${RUNS_DIR}/*.trec`, `${QUERIES_DIR}/*.jsonl`] : [],
    ...results.e2e ? [TRIALS_FILE] : []
  ].join(", ");
}
function writeAtomic(path, text) {
  replaceFile(path, text);
}
function openResultsDir(dir, command) {
  if (dir.trim() === "") throw new RecallGateError("invalid-input", "the results folder is an empty path", { hint: "give --out a folder; it is created if missing" });
  let isFolder;
  try {
    isFolder = statSync(dir).isDirectory();
  } catch {
  }
  if (isFolder === false) throw new RecallGateError("invalid-input", `the results folder ${dir} is a file, not a folder`, { hint: "give --out a folder; it is created if missing" });
  try {
    makeFolder(dir);
  } catch (error) {
    throw fileSystemError(error, `create the results folder ${dir}`);
  }
  return lockResultsDir(dir, join(dir, LOCK_FILE), command);
}
function makeFolder(dir) {
  try {
    mkdirSync(dir);
  } catch (error) {
    const code = error.code;
    if (code === "EEXIST") return;
    if (code !== "ENOENT" || dirname(dir) === dir) throw error;
    makeFolder(dirname(dir));
    mkdirSync(dir);
  }
}
function makeSubfolder(dir, name) {
  const path = join(dir, name);
  try {
    mkdirSync(path, { recursive: true });
  } catch (error) {
    throw fileSystemError(error, `create ${path}`);
  }
  return path;
}
function earlierRunFiles(dir, keepTrials) {
  const named = [...keepTrials ? [] : [TRIALS_FILE, ADAPTER_LOG_FILE], RESULTS_FILE, QRELS_FILE, MARKDOWN_REPORT_FILE, HTML_REPORT_FILE, JUNIT_FILE];
  const written = (folder, extension) => {
    try {
      return readdirSync(join(dir, folder), { withFileTypes: true }).filter((entry) => entry.isFile() && entry.name.endsWith(extension)).map((entry) => join(folder, entry.name));
    } catch {
      return [];
    }
  };
  return [...named, ...written(RUNS_DIR, ".trec"), ...written(QUERIES_DIR, ".jsonl")].map((name) => join(dir, name));
}
function prepareResultsDir(dir, options = {}) {
  const files = earlierRunFiles(dir, Boolean(options.keepTrials));
  const inputs = new Set((options.inputs ?? []).map(fileIdentity).filter((identity) => identity !== void 0));
  const input = files.find((file) => {
    const identity = fileIdentity(file);
    return identity !== void 0 && inputs.has(identity);
  });
  if (input !== void 0) {
    throw new RecallGateError("invalid-input", `the results folder ${dir} holds ${input}, a file the suite reads: starting the folder afresh would delete it`, {
      hint: "give --out a folder of its own (e.g. --out results)"
    });
  }
  try {
    for (const file of files) rmSync2(file, { force: true });
    for (const folder of [RUNS_DIR, QUERIES_DIR]) removeIfEmpty(join(dir, folder));
  } catch (error) {
    throw fileSystemError(error, `clear the results folder ${dir}`);
  }
}
function fileIdentity(path) {
  try {
    const stats = statSync(path);
    return `${stats.dev}:${stats.ino}`;
  } catch {
    return void 0;
  }
}
function removeIfEmpty(folder) {
  try {
    rmdirSync(folder);
  } catch (error) {
    const code = error.code;
    if (code !== "ENOENT" && code !== "ENOTEMPTY" && code !== "EEXIST" && code !== "ENOTDIR") throw error;
  }
}
function trialLogOf(dir) {
  return new TrialLog(join(dir, TRIALS_FILE));
}
function adapterLogOf(dir) {
  const path = join(dir, ADAPTER_LOG_FILE);
  let fd;
  let broken = false;
  return {
    path,
    append: (line) => {
      if (broken) return;
      try {
        fd ??= openSync4(path, "a");
        writeSync3(fd, `${scrubSecrets(line)}
`);
      } catch {
        broken = true;
      }
    },
    close: () => {
      if (fd === void 0) return;
      try {
        closeSync4(fd);
      } catch {
      }
      fd = void 0;
    }
  };
}
function writeTrials(dir, trials) {
  writeLinesAtomic(join(dir, TRIALS_FILE), mapLines(trials, (trial) => JSON.stringify(trial)));
}
function writeReports(dir, reports) {
  writeAtomic(join(dir, MARKDOWN_REPORT_FILE), reports.markdown);
  writeAtomic(join(dir, JUNIT_FILE), reports.junit);
  const path = join(dir, HTML_REPORT_FILE);
  writeAtomic(path, reports.html);
  return path;
}
function writeReportCopy(path, text, option) {
  writeNamedOutput(path, text, option);
}
function writeResultsJson(dir, results) {
  const path = join(dir, RESULTS_FILE);
  writeAtomic(path, `${JSON.stringify(withoutQueryRows(results), null, 2)}
`);
  return path;
}
function withoutQueryRows(results) {
  if (!results.retrieval) return results;
  const providers = Object.fromEntries(
    Object.entries(results.retrieval.providers).map(([name, provider]) => {
      const summary = { ...provider };
      delete summary.queries;
      return [name, summary];
    })
  );
  return { ...results, retrieval: { ...results.retrieval, providers } };
}
function writeResults(dir, results, judgments) {
  writeResultsJson(dir, results);
  const retrieval = results.retrieval;
  if (!retrieval) return;
  writeLinesAtomic(join(dir, QRELS_FILE), flatLines(judgments, (query) => formatQrelsLines(query.id, query.relevant)));
  const runs = makeSubfolder(dir, RUNS_DIR);
  for (const provider of Object.values(retrieval.providers)) {
    if (provider.status !== "ok") continue;
    writeLinesAtomic(join(runs, `${provider.name}.trec`), flatLines(provider.queries, (query) => formatRunLines(query.id, query.results, provider.name)));
  }
}
function queryRowWriter(dir) {
  const files = /* @__PURE__ */ new Map();
  let failure;
  const finish = (provider) => {
    const file = files.get(provider);
    files.delete(provider);
    try {
      file?.close();
    } catch (error) {
      failure ??= error;
    }
    if (failure !== void 0) throw failure;
  };
  return {
    append: (provider, outcome) => {
      if (failure !== void 0) return;
      try {
        let file = files.get(provider);
        if (!file) {
          makeSubfolder(dir, QUERIES_DIR);
          file = new LineFile(join(dir, queryRowsFile(provider)));
          files.set(provider, file);
        }
        file.append(JSON.stringify(outcome));
      } catch (error) {
        failure = error;
        throw error;
      }
    },
    finish,
    close: () => {
      for (const provider of [...files.keys()]) finish(provider);
    }
  };
}
function writeMissingQueryRows(dir, retrieval) {
  for (const provider of Object.values(retrieval?.providers ?? {})) {
    const path = join(dir, queryRowsFile(provider.name));
    if (existsSync3(path)) continue;
    makeSubfolder(dir, QUERIES_DIR);
    writeLinesAtomic(path, mapLines(provider.queries, (query) => JSON.stringify(query)));
  }
}
function copyForBaseline(from, to) {
  for (const name of [RESULTS_FILE, TRIALS_FILE, HISTORY_FILE]) if (existsSync3(join(from, name))) copyFileSync(join(from, name), join(to, name));
  if (existsSync3(join(from, QUERIES_DIR))) cpSync(join(from, QUERIES_DIR), join(to, QUERIES_DIR), { recursive: true });
}
function* mapLines(items, line) {
  for (const item of items) yield line(item);
}
function* flatLines(items, text) {
  for (const item of items) {
    const lines = text(item);
    if (lines) yield lines.endsWith("\n") ? lines.slice(0, -1) : lines;
  }
}
function hasResults(dir) {
  return existsSync3(join(dir, RESULTS_FILE));
}
function hasTrials(dir) {
  return existsSync3(join(dir, TRIALS_FILE));
}
function readRun(dir, cwd) {
  return { results: readResults(dir, cwd), trials: readTrials(resolve(cwd, dir)) };
}
function readResults(dir, cwd) {
  const folder = resolve(cwd, dir);
  const path = join(folder, RESULTS_FILE);
  if (!existsSync3(path)) throw new RecallGateError("invalid-input", `${dir} has no ${RESULTS_FILE}`, { hint: "give the --out folder of a recall-gate run" });
  let text;
  try {
    text = readInputFile(path);
  } catch (error) {
    if (!(error instanceof UnreadableInput)) throw error;
    throw new RecallGateError("invalid-input", `cannot read ${join(dir, RESULTS_FILE)}: ${error.message}`, { hint: error.hint ?? "give the --out folder of a recall-gate run" });
  }
  let results;
  try {
    results = JSON.parse(text);
  } catch (error) {
    throw new RecallGateError("invalid-input", `${join(dir, RESULTS_FILE)} is not valid JSON: ${error.message}`);
  }
  if (results === null || typeof results !== "object" || results.schema_version !== 1 || !results.layers) {
    throw new RecallGateError("invalid-input", `${join(dir, RESULTS_FILE)} is not a recall-gate results file (schema_version 1)`);
  }
  const missing = [typeof results.suite?.name !== "string" && "suite.name", typeof results.started_at !== "string" && "started_at"].filter((field) => field !== false);
  if (missing.length > 0) {
    throw new RecallGateError("invalid-input", `${join(dir, RESULTS_FILE)} has no ${missing.join(" nor ")} as text: the results folder is damaged or was edited`, { hint: "run the suite again" });
  }
  if (results.status === "running") {
    results.status = "incomplete";
    results.errors = [...results.errors ?? [], unfinishedReason(dir, folder)];
  }
  for (const provider of Object.values(results.retrieval?.providers ?? {})) {
    if (!Array.isArray(provider.queries)) provider.queries = readQueryRows(dir, folder, provider);
  }
  return results;
}
function readQueryRows(dir, folder, provider) {
  const name = queryRowsFile(provider.name);
  const path = join(folder, name);
  if (!existsSync3(path)) {
    if (provider.status === "error") return [];
    throw new RecallGateError("invalid-input", `${join(dir, name)} is missing: ${RESULTS_FILE} lists provider ${provider.name}, whose per-query rows it holds`, {
      hint: "copy the whole results folder (queries/ with results.json), or run the suite again"
    });
  }
  const rows = [];
  let line = 0;
  for (const text of readLines(path)) {
    line += 1;
    let row;
    try {
      row = JSON.parse(text);
    } catch (error) {
      throw new RecallGateError("invalid-input", `${join(dir, name)}:${line}: not a JSON line: ${error.message}`, { hint: "the folder is damaged; run the suite again" });
    }
    rows.push(row);
  }
  return rows;
}
function unfinishedReason(dir, folder) {
  const holder = readHolder(join(folder, LOCK_FILE));
  if (holder && holder.pid !== process.pid && !isStale(holder)) return `the run writing ${dir} is still going (pid ${holder.pid} on ${holder.host}, since ${holder.started_at}); these are partial results`;
  return `the run that wrote ${dir} never finished (${RESULTS_FILE} still says "running": it was killed); run it again with --resume`;
}
function readResultsMarker(dir) {
  const path = join(dir, RESULTS_FILE);
  if (!existsSync3(path)) return void 0;
  try {
    const results = JSON.parse(readFileSync2(path, "utf8"));
    if (typeof results?.suite?.name !== "string") return "unreadable";
    return {
      name: results.suite.name,
      ...results.shard ? { shard: results.shard } : {},
      ...typeof results.run_id === "string" ? { run_id: results.run_id } : {},
      ...Array.isArray(results.provenance?.models) ? { provenance: results.provenance } : {}
    };
  } catch {
    return "unreadable";
  }
}
function readTrials(dir) {
  return latestByKey(trialLogOf(dir).read().trials);
}

export {
  latestByKey,
  RESULTS_FILE,
  TRIALS_FILE,
  HTML_REPORT_FILE,
  JUNIT_FILE,
  HISTORY_FILE,
  queryRowsFile,
  writtenFiles,
  writeAtomic,
  openResultsDir,
  prepareResultsDir,
  trialLogOf,
  adapterLogOf,
  writeTrials,
  writeReports,
  writeReportCopy,
  writeResultsJson,
  withoutQueryRows,
  writeResults,
  queryRowWriter,
  writeMissingQueryRows,
  copyForBaseline,
  hasResults,
  hasTrials,
  readRun,
  readResults,
  readResultsMarker
};
