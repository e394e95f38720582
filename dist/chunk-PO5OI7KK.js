import {
  replaceFile
} from "./chunk-VNPJWP4Q.js";
import {
  yamlLibrary
} from "./chunk-7J7WLCBV.js";
import {
  RecallGateError,
  counted,
  fileSystemError
} from "./chunk-EMJKK5FL.js";

// src/import/importReport.ts
var ONE = {
  rows: "row",
  sessions: "session",
  turns: "turn",
  "turns with an image": "turn with an image",
  "qa items": "qa item",
  conversations: "conversation",
  instances: "instance",
  memories: "memory",
  queries: "query",
  cases: "case",
  histories: "history"
};
function countOf(kind, count) {
  return counted(count, ONE[kind] ?? kind, kind);
}
var ImportTally = class {
  report;
  constructor(format, source, flags) {
    this.report = {
      format,
      source,
      flags,
      read: {},
      kept: { memories: 0, queries: 0, cases: 0 },
      repaired: { total: 0, by_kind: {}, records: [] },
      skipped: { total: 0, by_kind: {}, records: [] },
      files: []
    };
  }
  read(kind, count = 1) {
    this.report.read[kind] = (this.report.read[kind] ?? 0) + count;
  }
  skip(record, kind, detail) {
    note(this.report.skipped, { record, kind, ...detail === void 0 ? {} : { detail } });
  }
  repair(record, kind, detail) {
    if (this.report.flags.strict) {
      throw new RecallGateError("invalid-input", `${this.report.source}:${record}: ${kind}${detail === void 0 ? "" : ` (${detail})`}`, {
        hint: "refused under --strict, which takes the file only as it is; drop --strict to repair such records and count them in the import report"
      });
    }
    note(this.report.repaired, { record, kind, ...detail === void 0 ? {} : { detail } });
  }
};
function note(list, entry) {
  list.total += 1;
  list.by_kind[entry.kind] = (list.by_kind[entry.kind] ?? 0) + 1;
  list.records.push(entry);
}
var SHOWN_PER_KIND = 20;
function renderImportReport(report) {
  const records = [];
  for (const [verb, list] of [["repaired", report.repaired], ["skipped", report.skipped]]) {
    const shown = /* @__PURE__ */ new Map();
    for (const entry of list.records) {
      const count = (shown.get(entry.kind) ?? 0) + 1;
      shown.set(entry.kind, count);
      if (count <= SHOWN_PER_KIND) records.push(`${report.source}:${entry.record}: ${verb}: ${entry.kind}${entry.detail === void 0 ? "" : ` (${entry.detail})`}`);
    }
    for (const [kind, count] of shown) {
      if (count > SHOWN_PER_KIND) records.push(`${report.source}: ${verb}: ${count - SHOWN_PER_KIND} more "${kind}" (all are in import-report.json)`);
    }
  }
  const read = Object.entries(report.read).map(([kind, count]) => countOf(kind, count));
  const kept = Object.entries(report.kept).filter(([, count]) => count > 0).map(([kind, count]) => countOf(kind, count));
  const byKind = (counts) => Object.entries(counts).map(([kind, count]) => `  ${count} ${kind}`);
  const summary = [
    `read: ${read.join(", ") || "nothing"}`,
    `kept: ${kept.join(", ") || "nothing"}`,
    `repaired: ${report.repaired.total}`,
    ...byKind(report.repaired.by_kind),
    `skipped: ${report.skipped.total}`,
    ...byKind(report.skipped.by_kind)
  ];
  return { records: records.map((line) => `${line}
`).join(""), summary: summary.map((line) => `${line}
`).join("") };
}

// src/import/writeImport.ts
const { createHash } = globalThis.process.getBuiltinModule("node:crypto");
const { createReadStream, createWriteStream, existsSync, readFileSync, readdirSync, renameSync, rmSync } = globalThis.process.getBuiltinModule("node:fs");
const { basename, dirname, join, relative, resolve, sep } = globalThis.process.getBuiltinModule("node:path");
const { once } = globalThis.process.getBuiltinModule("node:events");
var IMPORT_FILES = {
  suite: "suite.yaml",
  memories: "memories.jsonl",
  queries: "queries.jsonl",
  cases: "cases.yaml",
  histories: "histories.yaml",
  report: "import-report.json"
};
var IMPORT_PART_BYTES = 128 * 1024 * 1024;
function rowFileName(name, part) {
  if (part === void 0) return name;
  const dot = name.lastIndexOf(".");
  return `${name.slice(0, dot)}-${part}${name.slice(dot)}`;
}
function isRowFileName(name, file) {
  const dot = name.lastIndexOf(".");
  const [stem, ext] = [`${name.slice(0, dot)}-`, name.slice(dot)];
  return file === name || file.startsWith(stem) && file.endsWith(ext) && /^\d+$/.test(file.slice(stem.length, file.length - ext.length));
}
var RowFile = class {
  constructor(dir, name, partBytes, head = "") {
    this.dir = dir;
    this.name = name;
    this.partBytes = partBytes;
    this.head = head;
  }
  dir;
  name;
  partBytes;
  head;
  parts = [];
  async write(text) {
    const size = Buffer.byteLength(text);
    let part = this.parts.at(-1);
    const headBytes = Buffer.byteLength(this.head);
    if (!part || part.bytes > headBytes && part.bytes + size > this.partBytes) part = await this.open();
    part.bytes += size;
    if (!part.stream.write(text)) await once(part.stream, "drain");
  }
  async open() {
    const path = join(this.dir, `${rowFileName(this.name, this.parts.length + 1)}.tmp`);
    rmSync(path, { force: true });
    const stream = createWriteStream(path, { encoding: "utf8", flags: "wx" });
    const part = { path, stream, bytes: 0 };
    this.parts.push(part);
    await once(stream, "open");
    if (this.head) {
      part.bytes += Buffer.byteLength(this.head);
      if (!stream.write(this.head)) await once(stream, "drain");
    }
    return part;
  }
  /** Ends every part; they stay temporary until place() or abort(). */
  async finish() {
    for (const { stream } of this.parts) {
      stream.end();
      await once(stream, "finish");
    }
  }
  /** The names the parts take in the folder: NAME alone, or NAME-1, NAME-2, ...; none when no row came. */
  get names() {
    return this.parts.length === 1 ? [this.name] : this.parts.map((_, index) => rowFileName(this.name, index + 1));
  }
  /** Renames the finished parts into place. */
  place() {
    const names = this.names;
    this.parts.forEach((part, index) => renameSync(part.path, join(this.dir, names[index])));
  }
  abort() {
    for (const { stream, path } of this.parts) {
      stream.on("error", () => {
      });
      stream.destroy();
      rmSync(path, { force: true });
    }
    this.parts.length = 0;
  }
};
async function writeImport(options) {
  const { spec, source, out, flags } = options;
  const partBytes = options.partBytes ?? IMPORT_PART_BYTES;
  const tally = new ImportTally(options.format, options.displaySource, flags);
  const report = tally.report;
  const memories = new RowFile(out, IMPORT_FILES.memories, partBytes);
  const queries = new RowFile(out, IMPORT_FILES.queries, partBytes);
  const cases = new RowFile(out, IMPORT_FILES.cases, partBytes, `${comment([`Cases imported by \`recall-gate import ${options.format}\` from ${options.displaySource}.`, ...spec.caseNotes ?? []])}
`);
  const histories = new RowFile(out, IMPORT_FILES.histories, partBytes, `${comment([`Histories imported by \`recall-gate import ${options.format}\` from ${options.displaySource}: each is played once, then the cases that name it are asked.`])}
`);
  const files = [memories, queries, cases, histories];
  const jsonLine = (row) => `${JSON.stringify(row)}
`;
  const { stringify } = yamlLibrary();
  let scored = 0;
  let written;
  try {
    await spec.read(
      source,
      {
        addCase: async (spec2) => {
          report.kept.cases += 1;
          await cases.write(`${stringify([spec2], { lineWidth: 0 })}
`);
        },
        addHistory: async (history) => {
          report.kept.histories = (report.kept.histories ?? 0) + 1;
          await histories.write(`${stringify([history], { lineWidth: 0 })}
`);
        },
        addMemory: async (memory) => {
          report.kept.memories += 1;
          await memories.write(jsonLine(memory));
        },
        addQuery: async (query) => {
          report.kept.queries += 1;
          if (query.relevant.length > 0) scored += 1;
          await queries.write(jsonLine(query));
        },
        read: (kind, count) => tally.read(kind, count),
        skip: (record, reason, detail) => tally.skip(record, reason, detail),
        repair: (record, how, detail) => tally.repair(record, how, detail)
      },
      flags
    );
    for (const file of files) await file.finish();
    if (report.kept.queries > 0 && scored === 0) report.retrieval_left_out = `none of the ${report.kept.queries} queries kept has a relevant memory (each has relevant: []), so there is nothing to score`;
    const retrieval = report.kept.memories > 0 && report.kept.queries > 0 && scored > 0;
    if (!retrieval) {
      memories.abort();
      queries.abort();
      report.kept.memories = report.kept.queries = 0;
    }
    if (report.kept.cases === 0) {
      histories.abort();
      delete report.kept.histories;
    }
    if (report.kept.memories === 0 && report.kept.cases === 0) {
      cases.abort();
      return report;
    }
    written = { memories: retrieval ? memories.names : [], queries: retrieval ? queries.names : [], cases: cases.names, histories: histories.names };
    rmSync(join(out, IMPORT_FILES.suite), { force: true });
    for (const file of files) file.place();
  } catch (error) {
    for (const file of files) file.abort();
    if (error instanceof RecallGateError) throw error;
    throw fileSystemError(error, `import ${options.displaySource} into ${out}`);
  }
  removeLeftovers(out, [...written.memories, ...written.queries, ...written.cases, ...written.histories]);
  report.sha256 = await sha256(source);
  report.files = [IMPORT_FILES.suite, ...written.memories, ...written.queries, ...written.histories, ...written.cases, IMPORT_FILES.report];
  replaceFile(join(out, IMPORT_FILES.report), `${JSON.stringify(report, null, 2)}
`);
  replaceFile(join(out, IMPORT_FILES.suite), suiteText(options, report, written));
  return report;
}
function removeLeftovers(out, written) {
  const names = [IMPORT_FILES.memories, IMPORT_FILES.queries, IMPORT_FILES.cases, IMPORT_FILES.histories];
  try {
    for (const file of readdirSync(out)) {
      const leftover = !written.includes(file) && names.some((name) => isRowFileName(name, file) || isRowFileName(name, file.replace(/\.tmp$/, "")));
      if (leftover) rmSync(join(out, file), { force: true });
    }
  } catch (error) {
    throw fileSystemError(error, `clear the earlier import's files from ${out}`);
  }
}
function comment(lines) {
  return lines.map((line) => `# ${line}`.trimEnd()).join("\n");
}
async function sha256(path) {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path)) hash.update(chunk);
  return hash.digest("hex");
}
function flagText(spec, flags) {
  const parts = spec.flags.map((name) => name === "unit" ? `--unit ${flags.unit}` : flags[name] ? `--${name}` : void 0).filter((part) => part !== void 0);
  return parts.length > 0 ? ` with ${parts.join(" ")}` : "";
}
function suiteText(options, report, written) {
  const { spec } = options;
  const retrieval = report.kept.memories > 0;
  const e2e = report.kept.cases > 0;
  const clone = e2e && options.cliPath ? recallGateClone(options.cliPath) : void 0;
  const adapter = clone && join(clone, "examples", "adapter", "agent.mjs");
  const inside = clone !== void 0 && !relative(clone, options.out).startsWith("..");
  const command = !adapter ? "my-adapter.mjs" : inside ? relative(options.out, adapter).split(sep).join("/") : adapter;
  const name = basename(options.out).replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[^A-Za-z0-9]+/, "") || "imported";
  const kept = Object.entries(report.kept).filter(([, count]) => count > 0).map(([kind, count]) => `${count} ${kind}`);
  const header = [
    `Imported by \`recall-gate import ${options.format}\`${flagText(spec, options.flags)} from ${options.displaySource} (sha256 ${report.sha256}):`,
    `kept ${kept.join(", ")}; ${report.repaired.total} repaired, ${report.skipped.total} skipped (each is listed in ${IMPORT_FILES.report}).`,
    ...retrieval && spec.retrievalNotes ? spec.retrievalNotes(options.flags) : [],
    ...e2e ? [
      adapter ? "The e2e target is recall-gate's example adapter (a toy agent): replace it with your agent's adapter." : "Point the e2e target at your agent's adapter (the protocol: examples/adapter/README.md in recall-gate)."
    ] : [],
    `Run: recall-gate run suite.yaml${e2e && !retrieval ? " --layer e2e" : ""}`
  ];
  const lines = [comment(header), `name: ${name}`, `description: ${JSON.stringify(`Imported from ${basename(options.displaySource)} (${options.format})`)}`];
  if (retrieval) {
    lines.push(
      "retrieval:",
      "  k: [1, 5, 10]",
      ...options.flags.unit === "turn" ? ["  group_metrics: true"] : [],
      "  providers:",
      "    - { name: keyword, kind: keyword }",
      "    - { name: ngram-vector, kind: vector, embedding: { kind: ngram, dimensions: 1024 } }",
      ...(spec.retrievalProviders ?? []).map((provider) => `    - ${provider}`),
      ...fileList("  ", "memories", written.memories),
      ...fileList("  ", "queries", written.queries)
    );
  }
  if (e2e) {
    lines.push(
      "e2e:",
      "  target:",
      "    kind: command",
      `    command: [node, ${JSON.stringify(command)}, --stdio]`,
      "  repeat: 3",
      `  conditions: [${(spec.conditions ?? ["recall"]).join(", ")}]`,
      ...spec.judgeModel ? ["  judge:", `    model: ${spec.judgeModel}`] : [],
      ...written.histories.length > 0 ? fileList("  ", "histories", written.histories) : [],
      ...fileList("  ", "cases", written.cases)
    );
  }
  return `${lines.join("\n")}
`;
}
function fileList(indent, key, files) {
  if (files.length === 1) return [`${indent}${key}: ${files[0]}`];
  return [`${indent}${key}:`, ...files.map((file) => `${indent}  - { file: ${file} }`)];
}
function recallGateClone(cliPath) {
  for (let dir = dirname(resolve(cliPath)); ; dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (existsSync(join(dir, "examples", "adapter", "agent.mjs")) && existsSync(manifest) && readFileSync(manifest, "utf8").includes('"name": "recall-gate"')) return dir;
    if (dirname(dir) === dir) return void 0;
  }
}

export {
  renderImportReport,
  IMPORT_FILES,
  writeImport
};
