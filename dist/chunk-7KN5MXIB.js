import {
  RecallGateError,
  closest
} from "./chunk-EMJKK5FL.js";

// src/cli/args.ts
const { parseArgs } = globalThis.process.getBuiltinModule("node:util");

// src/cli/help.ts
var COMMAND_HELP = {
  init: {
    summary: "write a starting suite folder (suite.yaml, memories, queries, cases, an adapter for your kind of agent), green on its first run",
    arguments: [["[DIR]", "the folder to write (default: evals/memory); it may exist, but no file in it is overwritten without --force"]],
    options: {
      agent: {
        argument: "KIND",
        default: "node",
        description: "what the suite tests: node or python (your agent, through an adapter written around a stand-in agent), builtin (recall-gate's reference agent: an OpenAI-compatible key), mem0 or langgraph (your memory and your agent), letta (your Letta agent), mcp (your MCP memory server)"
      },
      workflow: { description: "also write .github/workflows/memory.yml (the Action, its permissions, the artifact upload) at the repository root: the nearest folder at or above DIR holding .git (else the current directory); beside a folder init wrote before, the workflow alone" },
      force: { description: "overwrite files that already exist" }
    }
  },
  run: {
    summary: "retrieval: seed each provider, ask every query, print metrics; e2e: play each case's sessions to the agent, grade the probe, k times per condition",
    arguments: [["<suite.yaml>", "the suite to run"]],
    options: {
      out: { argument: "DIR", description: "the results folder (results.json, trials.jsonl, report.md, report.html, junit.xml)" },
      layer: { argument: "retrieval|e2e|all|auto", default: "retrieval, or e2e for a suite with only end-to-end cases", description: "which layers run (auto is all here; the Action decides from the changed files)" },
      json: { description: "print results.json (with the verdict as gate) to stdout instead of the tables" },
      "no-cache": { description: "neither read nor write the embedding cache" },
      "cache-dir": { argument: "DIR", default: "$RECALL_GATE_CACHE_DIR, else $XDG_CACHE_HOME/recall-gate, else ~/.cache/recall-gate", description: "where embeddings, local models, the transformers.js runtime and --cache-llm's model answers and token counts are cached" },
      concurrency: { argument: "N", default: "the suite's e2e.concurrency (4)", description: "end-to-end trials at once" },
      resume: { description: "continue a run that was stopped, in the same --out folder" },
      shard: { argument: "i/n", description: "run shard i of n (every n-th case; retrieval in shard 1); recall-gate merge combines the shards" },
      split: { argument: "dev|heldout|all", description: "run one split's cases and queries (memories are always all seeded)" },
      variant: { argument: "NAME", description: "run the suite's variant NAME instead of the suite as written" },
      variants: { argument: "a,b", description: "run several variants, each into <out>/<name>/, then compare them side by side" },
      html: { argument: "FILE", description: "also copy report.html to FILE (not with --variants)" },
      junit: { argument: "FILE", description: "also copy junit.xml to FILE (not with --variants)" },
      history: { argument: "FILE", description: "show each headline metric's trend against the runs in this history file (read, never written)" },
      baseline: { argument: "DIR", description: "apply the gate's regression conditions against an earlier run's results folder" },
      "allow-other-suite": { description: "with --baseline: accept a baseline run of another suite, with a warning (refused otherwise)" },
      postgres: { argument: "URL", default: "$RECALL_GATE_POSTGRES_URL; unset: no export", description: "also add the run's trials to PostgreSQL, as recall-gate export does" },
      "pg-timeout-ms": { argument: "N", default: "30000", description: "with --postgres: the longest wait for a lock, in milliseconds (a statement may take twice that)" },
      "by-tag": { description: "add a table per provider with every metric by query tag" },
      "cache-llm": {
        description: "answer the builtin agent's and the judge's chat calls from <cache-dir>/llm when the same request was answered before, keeping new answers there; cached calls are marked in trials.jsonl and not counted as spend (the Action never does this)"
      },
      "budget-usd": { argument: "X", default: "the suite's e2e.max_cost_usd; unset: no cap", description: "stop starting e2e trials once the spend so far would pass $X (running ones finish; the run is incomplete, exit 3)" },
      case: { argument: "NAME|GLOB", description: "run only the e2e cases this names (repeatable; a glob matches several); without --layer, e2e alone" },
      ability: { argument: "A", description: "run only the e2e cases of this ability (repeatable; with --case, cases both select)" },
      query: { argument: "ID|GLOB", description: "run only these retrieval queries (repeatable; every memory is still seeded); without --layer, retrieval alone" },
      repeat: { argument: "N", default: "the suite's e2e.repeat", description: "repetitions of every case under every condition" },
      sample: { argument: "N", description: "a seeded sample of N cases, stratified by ability and split; every output says it is a sample, and it is never kept as a baseline" },
      seed: { argument: "S", default: "1", description: "with --sample: which cases the sample draws" },
      "rerun-failed": { argument: "DIR", description: "run only the cases and queries that failed or errored in that results folder, under the same conditions" }
    }
  },
  validate: {
    summary: "check suites and every file they read; problems as file:line:col",
    arguments: [["<suite.yaml>...", "one or more suites to check"]],
    options: {}
  },
  score: {
    summary: "score TREC qrels and run files with trec_eval's definitions",
    arguments: [],
    options: {
      qrels: { argument: "FILE", default: "(required)", description: 'the judgments: lines "qid 0 docid rel"' },
      run: { argument: "FILE", default: "(required)", description: 'the ranking: lines "qid Q0 docid rank score tag"' },
      k: { argument: "LIST", description: "the cut-offs of the @k metrics, comma-separated" },
      json: { description: "print every metric, per query too, as JSON" }
    }
  },
  compare: {
    summary: "per-metric deltas between two runs; applies the suite's gate with the first as baseline",
    arguments: [
      ["<baseline-dir>", "the earlier results folder"],
      ["<dir>", "the results folder to compare with it"]
    ],
    options: {
      suite: { argument: "FILE", default: "the suite file <dir> was run from", description: "the suite whose gate is applied; one of another name is refused" },
      json: { description: "print the comparison as JSON" },
      "allow-other-suite": { description: "compare runs of two different suites, or apply a suite of another name, with a warning (refused otherwise)" }
    }
  },
  calibrate: {
    summary: "an A/A check of the suite's gate: the run redrawn against itself, and how often the gate fails a run of the very same agent, per condition and rule",
    arguments: [["<results-dir>", "the results folder of a run"]],
    options: {
      suite: { argument: "FILE", default: "the suite file <results-dir> was run from", description: "the suite whose gate is checked; one of another name is refused" },
      draws: { argument: "N", description: "redraw pairs, each gated once" },
      seed: { argument: "S", description: "which units the redraws take" },
      json: { description: "print the counts as JSON" }
    }
  },
  merge: {
    summary: "combine the results of run --shard i/n jobs, then apply the gate",
    arguments: [["<shard-dir>...", "the shards' results folders"]],
    options: {
      out: { argument: "DIR", default: "(required)", description: "the merged results folder" },
      suite: { argument: "FILE", default: "the suite file the shards were run from", description: "the suite whose gate is applied" },
      junit: { argument: "FILE", description: "also copy junit.xml to FILE" }
    }
  },
  regrade: {
    summary: "re-apply the suite's current checks to a run's stored answers (no model calls)",
    arguments: [["<results-dir>", "the results folder of a run with the e2e layer"]],
    options: {
      suite: { argument: "FILE", default: "the suite file the run was run from", description: "the suite whose checks and graders are applied; one of another name is refused" },
      junit: { argument: "FILE", description: "also copy junit.xml to FILE" }
    }
  },
  "judge-check": {
    summary: "run the judge on hand-labelled answers: agreement, kappa, confusion matrix, disagreements",
    arguments: [["<labels.jsonl>", "the hand-labelled answers"]],
    options: {
      suite: { argument: "FILE", description: "take the judge (and its min_agreement) from this suite's e2e.judge" },
      model: { argument: "M", default: "the suite's judge model", description: "the judge model" },
      "base-url": { argument: "URL", default: "the suite's judge base_url, else $OPENAI_BASE_URL", description: "the judge's OpenAI-compatible endpoint" },
      json: { description: "print the figures as JSON" }
    }
  },
  export: {
    summary: "add a run's trials to the memory_eval_trials table in PostgreSQL, one row each (again: nothing twice)",
    arguments: [["<results-dir>", "the results folder of a run"]],
    options: {
      postgres: { argument: "URL", default: "$RECALL_GATE_POSTGRES_URL", description: "the database (postgres://user:password@host/db)" },
      "pg-timeout-ms": { argument: "N", default: "30000", description: "the longest wait for a lock, in milliseconds (a statement may take twice that)" }
    }
  },
  import: {
    summary: "turn a dataset file into a suite folder (cases.yaml, suite.yaml); skipped rows listed as file:line",
    arguments: [
      ["<format>", "letta, locomo or longmemeval"],
      ["<file>", "the dataset file"]
    ],
    options: {
      out: { argument: "DIR", default: "(required)", description: "the suite folder to write (refused when it holds anything, unless --force)" },
      unit: { argument: "turn|session", default: "turn", description: "locomo, longmemeval: one memory per turn or per session" },
      captions: { description: "locomo: add an image turn's caption to its text" },
      strict: { description: "locomo, longmemeval: stop at the first record that needs a repair, writing nothing" },
      e2e: { description: "locomo, longmemeval: also write end-to-end cases (locomo: one shared history per conversation)" },
      force: { description: "write into a folder that holds files, replacing those an import writes" }
    }
  },
  history: {
    summary: "each headline metric's trend over results folders, oldest first; --out adds them to a history file",
    arguments: [["DIR...", "results folders, or folders holding them"]],
    options: {
      out: { argument: "FILE", description: "add the runs to this history file (made if missing)" }
    }
  }
};
var UNDESCRIBED = "(no description yet)";
var LABEL_WIDTH = 26;
function commandHelpText(command, usage, parsed) {
  const help = COMMAND_HELP[command];
  const options = Object.entries(parsed).map(([name, spec]) => {
    const described = help?.options[name];
    const argument = spec.type === "string" ? ` ${described?.argument ?? "VALUE"}` : "";
    const fallback = typeof spec.default === "string" ? spec.default : void 0;
    const given = described?.default ?? fallback;
    return row(`--${name}${argument}`, `${described?.description ?? UNDESCRIBED}${given === void 0 ? "" : ` (default: ${given})`}`);
  });
  options.push(row("-h, --help", "print this help"));
  const sections = [`recall-gate ${command}: ${help?.summary ?? ""}`, `usage: ${usage}`];
  if (help && help.arguments.length > 0) sections.push(`arguments:
${help.arguments.map(([name, what]) => row(name, what)).join("\n")}`);
  sections.push(`options:
${options.join("\n")}`);
  return `${sections.join("\n\n")}
`;
}
function row(label, text) {
  const indented = `  ${label}`;
  return indented.length < LABEL_WIDTH ? `${indented.padEnd(LABEL_WIDTH)}${text}` : `${indented}
${" ".repeat(LABEL_WIDTH)}${text}`;
}

// src/cli/args.ts
var HelpRequested = class extends Error {
  constructor(text) {
    super("help requested");
    this.text = text;
    this.name = "HelpRequested";
  }
  text;
};
function commandOf(usage) {
  return /^recall-gate (\S+)/.exec(usage)?.[1] ?? usage;
}
function asksForHelp(argv) {
  const end = argv.indexOf("--");
  return (end === -1 ? argv : argv.slice(0, end)).some((arg) => arg === "--help" || arg === "-h");
}
function parseCommandArgs(argv, options, usage) {
  const command = commandOf(usage);
  if (asksForHelp(argv)) throw new HelpRequested(commandHelpText(command, usage, options));
  try {
    const parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    return { values: parsed.values, positionals: parsed.positionals };
  } catch (error) {
    const more = `usage: ${usage}; recall-gate ${command} --help lists its options`;
    const unknown = error.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" ? /'(-[^']*)'/.exec(error.message)?.[1] : void 0;
    if (unknown !== void 0) {
      const near = unknown.startsWith("--") ? closest(unknown.slice(2), Object.keys(options)) : void 0;
      throw new RecallGateError("invalid-input", `unknown option ${unknown}`, { hint: `${near === void 0 ? "" : `did you mean --${near}? `}${more}` });
    }
    throw new RecallGateError("invalid-input", error.message, { hint: more });
  }
}
function parseCutoffs(text) {
  const values = text.split(",").map((part) => Number(part.trim()));
  if (values.length === 0 || values.some((value) => !Number.isInteger(value) || value < 1)) {
    throw new RecallGateError("invalid-input", `--k must be positive whole numbers separated by commas, got "${text}"`);
  }
  return [...new Set(values)].sort((a, b) => a - b);
}
function listValue(values, name) {
  const value = values[name];
  return Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : [];
}

export {
  COMMAND_HELP,
  HelpRequested,
  parseCommandArgs,
  parseCutoffs,
  listValue
};
