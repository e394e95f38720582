import {
  gitEnv
} from "./chunk-WLRKQV7K.js";
import {
  replaceFile
} from "./chunk-VNPJWP4Q.js";
import {
  TOOL_NAME
} from "./chunk-UFOI2WKZ.js";
import {
  parseCommandArgs
} from "./chunk-7KN5MXIB.js";
import "./chunk-GAJOKOFC.js";
import {
  ExitCode,
  RecallGateError,
  closest,
  fileSystemError
} from "./chunk-EMJKK5FL.js";
import "./chunk-DMMU4MAP.js";

// src/cli/init.ts
const { spawnSync } = globalThis.process.getBuiltinModule("node:child_process");
const { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, statSync } = globalThis.process.getBuiltinModule("node:fs");
const { basename, dirname, isAbsolute, join, relative, resolve, sep } = globalThis.process.getBuiltinModule("node:path");
const { fileURLToPath } = globalThis.process.getBuiltinModule("node:url");

// src/cli/initKinds.ts
var AGENT_KINDS = ["node", "python", "builtin", "mem0", "langgraph", "letta", "mcp"];
var DEFAULT_AGENT = "node";
var RETRIEVAL = "retrieval";
var CASES = "cases";
var run = (place, layer = "all") => `npx recall-gate run ${place.suite} --layer ${layer}`;
var KIND_SPECS = {
  node: {
    summary: "your agent in JavaScript or TypeScript: adapter.mjs on the adapter SDK, around a deterministic stand-in agent (green offline, no key)",
    folders: [RETRIEVAL, CASES, "node"],
    next: (place) => [
      [`npx recall-gate validate ${place.suite}`, "checks the suite and every file it reads; adapter.mjs imports recall-gate/adapter, so keep recall-gate in devDependencies"],
      [run(place), "both layers against the stand-in agent: green, offline, no key"],
      [`$EDITOR ${place.dir}/adapter.mjs`, "call your agent where it says YOUR AGENT, then run again"]
    ]
  },
  python: {
    summary: "your agent in Python: adapter.py on the Python adapter SDK (recall_gate_adapter.py, copied beside it), around a deterministic stand-in agent (green offline, no key)",
    folders: [RETRIEVAL, CASES, "python"],
    copies: [["python/recall_gate_adapter.py", "recall_gate_adapter.py"]],
    next: (place) => [
      [`npx recall-gate validate ${place.suite}`, "checks the suite and every file it reads"],
      [run(place), "both layers against the stand-in agent: green, offline, no key (python3 3.9+)"],
      [`$EDITOR ${place.dir}/adapter.py`, "call your agent where it says YOUR AGENT, then run again"]
    ]
  },
  builtin: {
    summary: "recall-gate's reference agent (a chat model given your prompt and an in-process memory): needs only an OpenAI-compatible key",
    folders: [RETRIEVAL, CASES, "builtin"],
    next: (place) => [
      [run(place, "retrieval"), "the retrieval layer: no model calls, no key"],
      ["export OPENAI_API_KEY=...", "the chat model's key (and OPENAI_BASE_URL for an endpoint other than OpenAI's)"],
      [run(place), "both layers: the cases played to the reference agent"]
    ]
  },
  mem0: {
    summary: "your mem0 memory (your config in mem0.config.json) and your agent's reply (agent.mjs), through adapter.mjs; its own package.json",
    folders: [RETRIEVAL, CASES, "chat-agent", "mem0"],
    next: (place) => [
      [`(cd ${place.dir} && npm install)`, "mem0ai and recall-gate for the adapter; then put your mem0 config in mem0.config.json and your agent in agent.mjs"],
      ["export OPENAI_API_KEY=...", "what mem0.config.json and agent.mjs call their models with (and OPENAI_BASE_URL)"],
      [run(place), "both layers through mem0"]
    ]
  },
  langgraph: {
    summary: "your LangGraph store (store.mjs) and your agent's reply (agent.mjs), through adapter.mjs; its own package.json",
    folders: [RETRIEVAL, CASES, "chat-agent", "langgraph"],
    next: (place) => [
      [`(cd ${place.dir} && npm install)`, "@langchain/langgraph and recall-gate for the adapter; then put your store in store.mjs and your agent in agent.mjs"],
      ["export OPENAI_API_KEY=...", "what store.mjs embeds with and agent.mjs calls its model with (and OPENAI_BASE_URL)"],
      [run(place), "both layers through your store"]
    ]
  },
  letta: {
    summary: "your Letta agent (agent-settings.json, or your agent file) on your Letta server, end-to-end only; its own package.json",
    folders: [CASES, "letta"],
    next: (place) => [
      [`(cd ${place.dir} && npm install)`, "Letta's client and recall-gate for the adapter; then describe your agent in agent-settings.json"],
      ["export LETTA_BASE_URL=http://localhost:8283", "your Letta server (and LETTA_API_KEY for Letta Cloud)"],
      [run(place, "e2e"), "the cases played to a fresh agent per user"]
    ]
  },
  mcp: {
    summary: "your MCP memory server as an mcp provider (its command and tools in suite.yaml), also the reference agent's memory for the end-to-end layer (an OpenAI-compatible key)",
    folders: [RETRIEVAL, CASES, "mcp"],
    next: (place) => [
      [`$EDITOR ${place.suite}`, "your server's command (or url) and tools, where it says YOUR SERVER and YOUR TOOLS"],
      [run(place, "retrieval"), "the retrieval layer against your server: no model calls"],
      ["export OPENAI_API_KEY=... && " + run(place), "both layers: the reference agent with your server as its memory"]
    ]
  }
};

// src/cli/initWorkflow.ts
var WORKFLOW_FILE = ".github/workflows/memory.yml";
var ACTION_REF = "<owner>/recall-gate@main";
var SETUP_NODE = ["- uses: actions/setup-node@v4", "  with:", "    node-version: 20"];
var OPENAI_KEY_INPUT = ["openai-api-key: ${{ secrets.OPENAI_API_KEY }}   # the repository secret holding the key"];
var OPENAI_ENV = ["OPENAI_API_KEY: ${{ secrets.OPENAI_API_KEY }}", "# OPENAI_BASE_URL: https://api.openai.com/v1"];
var AGENT_ENV_HINTS = ["OPENAI_API_KEY: ${{ secrets.OPENAI_API_KEY }}   # what your agent needs, passed on by the suite's env: map"];
function ownPackage(dir) {
  return [...SETUP_NODE, "- run: npm install --no-audit --no-fund   # commit the package-lock.json it writes, then use npm ci", `  working-directory: ${yamlValue(dir)}`];
}
function jobPart(kind, dir) {
  switch (kind) {
    case "node":
      return { steps: [...SETUP_NODE, "    cache: npm", "- run: npm ci          # your agent and recall-gate (adapter.mjs imports recall-gate/adapter)"], env: [], envHints: AGENT_ENV_HINTS, with: [] };
    case "python":
      return {
        steps: ["- uses: actions/setup-python@v5", "  with:", "    python-version: '3.12'", "# - run: pip install -r requirements.txt   # your agent's packages"],
        env: [],
        envHints: AGENT_ENV_HINTS,
        with: []
      };
    case "builtin":
      return { steps: [], env: [], with: OPENAI_KEY_INPUT };
    case "mcp":
      return { steps: ["# install or start your MCP memory server here, if its command needs it"], env: [], with: OPENAI_KEY_INPUT };
    case "mem0":
    case "langgraph":
      return { steps: ownPackage(dir), env: OPENAI_ENV, with: [] };
    case "letta":
      return { steps: ownPackage(dir), env: ["LETTA_BASE_URL: ${{ vars.LETTA_BASE_URL }}   # your Letta server, a repository variable", "# LETTA_API_KEY: ${{ secrets.LETTA_API_KEY }}"], with: [] };
  }
}
function envLines(part) {
  const hints = (part.envHints ?? []).map((line) => `# ${line}`);
  if (part.env.length > 0) return ["        env:", ...indent([...part.env, ...hints], 10)];
  if (hints.length === 0) return [];
  return ["        # env:", ...(part.envHints ?? []).map((line) => `        #   ${line}`)];
}
var yamlValue = (text) => /^[\w./-]+$/.test(text) ? text : JSON.stringify(text);
var branchFilter = (branch) => branch.replace(/[*?+[\]]|^!/g, (char) => `\\${char}`);
var indent = (lines, by) => lines.map((line) => `${" ".repeat(by)}${line}`);
function workflowText(kind, suite, dir, branch) {
  const part = jobPart(kind, dir);
  const lines = [
    `# The memory gate, written by \`recall-gate init --agent ${kind} --workflow\`.`,
    "# Every pull request, and every push to the default branch, runs the retrieval",
    "# layer; the end-to-end layer runs when a changed file matches the suite's",
    "# memory_paths (or is the suite). The job fails when the suite's gate fails:",
    "# make it a required status check (branch protection) to block merges on it.",
    "name: memory",
    "on:",
    // Pushes to other branches too would run a pull request's commits twice (and its end-to-end cases, at the API's price).
    "  push:",
    `    branches: [${JSON.stringify(branchFilter(branch))}]   # the default branch: a push there saves the baseline pull requests compare against`,
    "  pull_request:",
    "permissions:",
    "  contents: read",
    "  pull-requests: write        # the sticky comment on pull requests",
    "jobs:",
    "  memory:",
    "    runs-on: ubuntu-latest",
    "    steps:",
    "      - uses: actions/checkout@v4",
    ...indent(part.steps, 6),
    `      # The Action: replace <owner> with the owner of recall-gate's repository; pin a commit sha for runs that never move.`,
    `      - uses: ${ACTION_REF}`,
    "        id: memory",
    ...envLines(part),
    "        with:",
    `          suite: ${yamlValue(suite)}`,
    ...indent(part.with, 10),
    "      # The results folder (report.html, results.json, trials.jsonl, report.md), kept even when the gate fails.",
    "      - uses: actions/upload-artifact@v4",
    "        if: always()",
    "        with:",
    "          name: recall-gate-results   # the Action's artifact-name input, which its comment names",
    "          path: ${{ steps.memory.outputs.results-path }}"
  ];
  return `${lines.join("\n")}
`;
}

// src/cli/init.ts
var INIT_USAGE = `recall-gate init [DIR] [--agent ${AGENT_KINDS.join("|")}] [--workflow] [--force]`;
var DEFAULT_DIR = "evals/memory";
var TEMPLATES = join("templates", "init");
async function initCommand(argv, io) {
  const { values, positionals } = parseCommandArgs(argv, { agent: { type: "string" }, workflow: { type: "boolean", default: false }, force: { type: "boolean", default: false } }, INIT_USAGE);
  if (positionals.length > 1) throw new RecallGateError("invalid-input", "init takes at most one folder", { hint: `usage: ${INIT_USAGE}` });
  const given = values.agent === void 0 ? void 0 : agentKind(values.agent);
  const dir = resolve(io.cwd, positionals[0] ?? DEFAULT_DIR);
  if (statOrUndefined(dir)?.isDirectory() === false) throw new RecallGateError("invalid-input", `${shown(dir, io.cwd)} is a file, not a folder`, { hint: "give init a folder for the suite" });
  const root = repositoryRoot(dir, io.cwd);
  const fromRoot = toPosix(relative(root, dir));
  const suite = fromRoot === "" ? "suite.yaml" : `${fromRoot}/suite.yaml`;
  const packageRoot = findPackageRoot();
  const workflowPath = join(root, WORKFLOW_FILE);
  const earlier = values.workflow === true && values.force !== true && lstatOrUndefined(workflowPath) === void 0 ? earlierKind(dir, packageRoot, given, io.cwd) : void 0;
  const kind = earlier ?? given ?? DEFAULT_AGENT;
  const spec = KIND_SPECS[kind];
  const dependency = recallGateDependency(packageRoot, dir);
  const placeholders = {
    dir: fromRoot === "" ? "." : fromRoot,
    suite,
    memory_paths: JSON.stringify(fromRoot === "" ? "**" : `${fromRoot}/**`).slice(1, -1),
    // In a JSON string: written as JSON, as memory_paths is.
    recall_gate: JSON.stringify(dependency).slice(1, -1)
  };
  const branch = values.workflow ? defaultBranch(root) : "";
  const workflow = values.workflow ? { path: workflowPath, text: workflowText(kind, suite, fromRoot === "" ? "." : fromRoot, branch) } : void 0;
  const workflowOnly = earlier !== void 0 && workflow !== void 0;
  const files = workflowOnly ? [workflow] : [...plannedFiles(spec, packageRoot, dir, placeholders), ...workflow ? [workflow] : []];
  refuseOverwrites(files, io.cwd, values.force === true);
  for (const file of files) writePlanned(file, io.cwd);
  const ignoreNow = unignored(root, dir, kind);
  const chosen = { defaultDir: positionals[0] === void 0, defaultKind: given === void 0, workflow: values.workflow === true, branch };
  io.stdout(workflowOnly ? workflowOnlyText(kind, workflow, dir, io.cwd, branch, ignoreNow) : summaryText(kind, spec, files, dir, io.cwd, chosen, ignoreNow));
  const installed = dependency.startsWith("file:") ? resolve(dir, dependency.slice("file:".length)) : void 0;
  const npmInstalls = files.some((file) => basename(file.path) === "package.json") || values.workflow === true && kind === "node";
  if (installed && npmInstalls && !isInside(installed, root)) {
    const clone = statOrUndefined(installed)?.isDirectory() === true;
    const vendor = `${shown(join(root, "vendor"), io.cwd)}/`;
    io.stderr(
      `note: recall-gate ${clone ? "runs from" : "is installed from"} ${installed}, outside ${shown(root, io.cwd)}, so CI's npm install will not find it: ${clone ? "npm pack it into" : "copy the tarball into"} ${vendor}, commit it, and install it from there (the README's Install)
`
    );
  }
  return ExitCode.ok;
}
function gitIn(root, args) {
  return spawnSync("git", args, { cwd: root, encoding: "utf8", timeout: 5e3, env: { ...gitEnv(), GIT_CEILING_DIRECTORIES: dirname(root) } });
}
function defaultBranch(root) {
  const originHead = gitIn(root, ["symbolic-ref", "--quiet", "refs/remotes/origin/HEAD"]);
  if (originHead.status === 0 && originHead.stdout.trim().startsWith("refs/remotes/origin/")) return originHead.stdout.trim().slice("refs/remotes/origin/".length);
  for (const name of ["main", "master"]) if (gitIn(root, ["show-ref", "--verify", "--quiet", `refs/remotes/origin/${name}`]).status === 0) return name;
  const current = gitIn(root, ["symbolic-ref", "--quiet", "--short", "HEAD"]).stdout.trim();
  return current === "master" ? "master" : "main";
}
function earlierKind(dir, packageRoot, given, cwd) {
  const present = (name) => lstatOrUndefined(join(dir, name)) !== void 0;
  const complete = AGENT_KINDS.map((kind) => ({ kind, names: kindFileNames(KIND_SPECS[kind], packageRoot) })).filter(({ names }) => names.every(present));
  if (complete.length === 0) return void 0;
  const header = /recall-gate init --agent (\w+)/.exec(readTextOrEmpty(join(dir, "suite.yaml")).slice(0, 400))?.[1];
  const named = complete.find((one) => one.kind === header);
  const widest = complete.filter((one) => !complete.some((other) => other !== one && other.names.length > one.names.length && one.names.every((name) => other.names.includes(name))));
  const candidates = named ? [named.kind] : widest.map((one) => one.kind);
  const folder = `${shown(dir, cwd)}/`;
  if (given !== void 0 && !candidates.includes(given)) {
    throw new RecallGateError("invalid-input", `${folder} holds a suite written for --agent ${candidates.join(" or ")}, not ${given}: its workflow would not install what it runs`, {
      hint: `give --agent ${candidates[0]} for its workflow, or --force to write the ${given} folder over it`
    });
  }
  if (given === void 0 && candidates.length > 1) {
    throw new RecallGateError("invalid-input", `${folder} holds the files of --agent ${candidates.join(" and of --agent ")} alike: say which it is for its workflow`, { hint: `add --agent ${candidates.join(" or --agent ")}` });
  }
  return given ?? candidates[0];
}
function kindFileNames(spec, packageRoot) {
  return [...spec.folders.flatMap((folder) => filesUnder(join(packageRoot, TEMPLATES, folder))), ...(spec.copies ?? []).map(([, to]) => to)];
}
function readTextOrEmpty(path) {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}
function agentKind(given) {
  if (AGENT_KINDS.includes(given)) return given;
  const near = closest(given, AGENT_KINDS);
  const kinds = AGENT_KINDS.map((kind) => `${kind}: ${KIND_SPECS[kind].summary}`).join("\n  ");
  throw new RecallGateError("invalid-input", `unknown agent kind "${given}"${near === void 0 ? "" : `: did you mean "${near}"?`}
  ${kinds}`, { hint: `usage: ${INIT_USAGE}` });
}
function repositoryRoot(dir, cwd) {
  for (let folder = dir; ; folder = dirname(folder)) {
    if (existsSync(join(folder, ".git"))) return folder;
    if (dirname(folder) === folder) break;
  }
  return isInside(dir, cwd) ? cwd : dir;
}
function isInside(path, folder) {
  const rel = relative(folder, path);
  return rel === "" || !rel.startsWith("..") && !isAbsolute(rel);
}
var toPosix = (path) => path.split(sep).join("/");
function findPackageRoot() {
  const start = dirname(fileURLToPath(import.meta.url));
  for (let folder = start; ; folder = dirname(folder)) {
    if (existsSync(join(folder, TEMPLATES)) && packageName(join(folder, "package.json")) === TOOL_NAME) return folder;
    if (dirname(folder) === folder) throw new RecallGateError("internal", `the init templates (${TEMPLATES}) are not in the package above ${start}`, { hint: "reinstall recall-gate" });
  }
}
function packageName(file) {
  return readPackageJson(file)?.name;
}
function readPackageJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return void 0;
  }
}
function recallGateDependency(packageRoot, dir) {
  const asFile = (path) => `file:${toPosix(relative(dir, path)) || "."}`;
  if (basename(dirname(packageRoot)) === "node_modules") {
    for (let folder = dirname(dirname(packageRoot)); ; folder = dirname(folder)) {
      const given = dependencySpec(readPackageJson(join(folder, "package.json")));
      if (given !== void 0) return given.startsWith("file:") ? asFile(resolve(folder, given.slice("file:".length))) : given;
      if (dirname(folder) === folder) break;
    }
  }
  return asFile(packageRoot);
}
function dependencySpec(manifest) {
  for (const deps of [manifest?.dependencies, manifest?.devDependencies, manifest?.optionalDependencies]) {
    const given = deps !== null && typeof deps === "object" && Object.hasOwn(deps, TOOL_NAME) ? deps[TOOL_NAME] : void 0;
    if (typeof given === "string" && given.trim() !== "") return given;
  }
  return void 0;
}
function filesUnder(folder, prefix = "") {
  return readdirSync(join(folder, prefix), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name)).flatMap((entry) => entry.isDirectory() ? filesUnder(folder, join(prefix, entry.name)) : [join(prefix, entry.name)]);
}
function fill(template, values, file) {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name) => {
    if (!Object.hasOwn(values, name)) throw new RecallGateError("internal", `${file}: unknown template value {{${name}}}`);
    return values[name];
  });
}
function plannedFiles(spec, packageRoot, dir, values) {
  const files = [];
  for (const folder of spec.folders) {
    const source = join(packageRoot, TEMPLATES, folder);
    for (const name of filesUnder(source)) files.push({ path: join(dir, name), text: fill(readFileSync(join(source, name), "utf8"), values, join(TEMPLATES, folder, name)) });
  }
  for (const [from, to] of spec.copies ?? []) files.push({ path: join(dir, to), text: readFileSync(join(packageRoot, from), "utf8") });
  return files;
}
function refuseOverwrites(files, cwd, force) {
  for (const file of files) {
    const found = statOrUndefined(file.path);
    if (found?.isDirectory()) throw new RecallGateError("invalid-input", `${shown(file.path, cwd)} is a folder, where init writes a file`, { hint: "choose another folder for the suite" });
  }
  if (force) return;
  const existing = files.filter((file) => lstatOrUndefined(file.path) !== void 0).map((file) => shown(file.path, cwd));
  if (existing.length > 0) {
    throw new RecallGateError("invalid-input", `${existing.join(", ")} already exist${existing.length === 1 ? "s" : ""}: nothing was written`, { hint: "add --force to overwrite, or give init another folder" });
  }
}
function statOrUndefined(path) {
  try {
    return statSync(path);
  } catch {
    return void 0;
  }
}
function lstatOrUndefined(path) {
  try {
    return lstatSync(path);
  } catch {
    return void 0;
  }
}
function writePlanned(file, cwd) {
  try {
    mkdirSync(dirname(file.path), { recursive: true });
    replaceFile(file.path, file.text);
    if (file.text.startsWith("#!")) chmodSync(file.path, 493);
  } catch (error) {
    throw fileSystemError(error, `write ${shown(file.path, cwd)}`);
  }
}
function shown(path, cwd) {
  const rel = relative(cwd, path);
  return rel === "" ? "." : isInside(path, cwd) ? toPosix(rel) : path;
}
function workflowOnlyText(kind, workflow, dir, cwd, branch, unignoredNames) {
  return [
    `wrote ${shown(workflow.path, cwd)} for --agent ${kind}, for the suite in ${shown(dir, cwd)}/ (its files are there already, left as they are)`,
    "",
    workflowNext(branch),
    ...gitignoreHint(unignoredNames),
    ""
  ].join("\n");
}
function gitignoreHint(unignoredNames) {
  return unignoredNames.length > 0 ? [`.gitignore: add ${unignoredNames.join(" and ")}, which runs write (not to commit)`] : [];
}
function workflowNext(branch) {
  return `${WORKFLOW_FILE}: replace <owner> in its \`uses:\` line with recall-gate's repository, and add the secrets it names in the repository's settings; it runs on pull requests and on pushes to ${branch} (change that if your default branch is another)`;
}
function unignored(root, dir, kind) {
  const written = [{ name: "recall-gate-results/", probe: join(root, "recall-gate-results", "results.json") }, ...kind === "python" ? [{ name: "__pycache__/", probe: join(dir, "__pycache__", "adapter.cpython-312.pyc") }] : []];
  const rules = readTextOrEmpty(join(root, ".gitignore")).split(/\r?\n/).map((line) => line.trim().replace(/^\//, "").replace(/\/$/, ""));
  return written.filter(({ name, probe }) => {
    const asked = gitIn(root, ["check-ignore", "--quiet", "--no-index", toPosix(relative(root, probe))]);
    return asked.status === 0 ? false : asked.status === 1 ? true : !rules.includes(name.replace(/\/$/, ""));
  }).map(({ name }) => name);
}
function summaryText(kind, spec, files, dir, cwd, chosen, unignoredNames) {
  const place = { dir: shown(dir, cwd), suite: shown(join(dir, "suite.yaml"), cwd) };
  const next = spec.next(place);
  const width = Math.max(...next.map(([command]) => command.length));
  const others = AGENT_KINDS.filter((other) => other !== kind);
  return [
    `wrote ${place.dir}/${chosen.defaultDir ? " (the default folder)" : ""} for --agent ${kind}${chosen.defaultKind ? " (the default)" : ""}: ${spec.summary}`,
    ...files.map((file) => `  ${shown(file.path, cwd)}`),
    "",
    "next:",
    ...next.map(([command, what], index) => `  ${index + 1}. ${command.padEnd(width)}   # ${what}`),
    "",
    chosen.workflow ? workflowNext(chosen.branch) : "--workflow also writes the Action's workflow (now, or in a later init of the same folder)",
    ...gitignoreHint(unignoredNames),
    `other kinds: --agent ${others.join("|")} (recall-gate init --help)`,
    ""
  ].join("\n");
}
export {
  DEFAULT_DIR,
  INIT_USAGE,
  initCommand,
  recallGateDependency,
  repositoryRoot
};
