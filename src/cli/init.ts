import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ExitCode, RecallGateError, fileSystemError } from '../errors.js';
import { replaceFile } from '../outputFile.js';
import { gitEnv } from '../process/gitEnv.js';
import { closest } from '../source/didYouMean.js';
import { TOOL_NAME } from '../version.js';
import { parseCommandArgs } from './args.js';
import { AGENT_KINDS, DEFAULT_AGENT, KIND_SPECS, type AgentKind, type KindSpec } from './initKinds.js';
import { WORKFLOW_FILE, workflowText } from './initWorkflow.js';
import type { CliIO } from './io.js';

export const INIT_USAGE = `recall-gate init [DIR] [--agent ${AGENT_KINDS.join('|')}] [--workflow] [--force]`;

/** Where the suite goes without DIR: the path the README's and the Action's examples use. */
export const DEFAULT_DIR = 'evals/memory';

/** The templates' folder in the package. */
const TEMPLATES = join('templates', 'init');

/** One file init writes: where (absolute), and its text. */
interface PlannedFile {
  path: string;
  text: string;
}

/**
 * Writes a starting suite folder for one kind of agent: suite.yaml, the
 * memories, queries and cases, and what the kind needs (an adapter, a
 * prompt, a package.json); with --workflow also the Action's workflow at the
 * repository root. Nothing is written when any file it would write exists,
 * unless --force; but --workflow beside a folder init wrote before (all its
 * files there) writes the workflow alone. Prints what it wrote and what next.
 */
export async function initCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { agent: { type: 'string' }, workflow: { type: 'boolean', default: false }, force: { type: 'boolean', default: false } }, INIT_USAGE);
  if (positionals.length > 1) throw new RecallGateError('invalid-input', 'init takes at most one folder', { hint: `usage: ${INIT_USAGE}` });
  const given = values.agent === undefined ? undefined : agentKind(values.agent as string);
  const dir = resolve(io.cwd, positionals[0] ?? DEFAULT_DIR);
  if (statOrUndefined(dir)?.isDirectory() === false) throw new RecallGateError('invalid-input', `${shown(dir, io.cwd)} is a file, not a folder`, { hint: 'give init a folder for the suite' });
  const root = repositoryRoot(dir, io.cwd);
  const fromRoot = toPosix(relative(root, dir));
  const suite = fromRoot === '' ? 'suite.yaml' : `${fromRoot}/suite.yaml`;
  const packageRoot = findPackageRoot();
  // A folder init wrote before (every file of a kind there, maybe edited since) and no workflow yet: --workflow adds the workflow alone, for that kind.
  const workflowPath = join(root, WORKFLOW_FILE);
  const earlier = values.workflow === true && values.force !== true && lstatOrUndefined(workflowPath) === undefined ? earlierKind(dir, packageRoot, given, io.cwd) : undefined;
  const kind = earlier ?? given ?? DEFAULT_AGENT;
  const spec = KIND_SPECS[kind];
  // memory_paths sits in a double-quoted YAML string: written as JSON escapes it (YAML reads them the same).
  const dependency = recallGateDependency(packageRoot, dir);
  const placeholders = {
    dir: fromRoot === '' ? '.' : fromRoot,
    suite,
    memory_paths: JSON.stringify(fromRoot === '' ? '**' : `${fromRoot}/**`).slice(1, -1),
    // In a JSON string: written as JSON, as memory_paths is.
    recall_gate: JSON.stringify(dependency).slice(1, -1),
  };

  const branch = values.workflow ? defaultBranch(root) : '';
  const workflow = values.workflow ? { path: workflowPath, text: workflowText(kind, suite, fromRoot === '' ? '.' : fromRoot, branch) } : undefined;
  const workflowOnly = earlier !== undefined && workflow !== undefined;
  const files = workflowOnly ? [workflow] : [...plannedFiles(spec, packageRoot, dir, placeholders), ...(workflow ? [workflow] : [])];
  refuseOverwrites(files, io.cwd, values.force === true);

  for (const file of files) writePlanned(file, io.cwd);
  const ignoreNow = unignored(root, dir, kind);
  const chosen = { defaultDir: positionals[0] === undefined, defaultKind: given === undefined, workflow: values.workflow === true, branch };
  io.stdout(workflowOnly ? workflowOnlyText(kind, workflow, dir, io.cwd, branch, ignoreNow) : summaryText(kind, spec, files, dir, io.cwd, chosen, ignoreNow));
  // CI installs from the repository: a path outside it works here and fails there (npm ci: ENOENT). Said where
  // something installs recall-gate with npm: a package.json init wrote, or the node workflow's npm ci.
  const installed = dependency.startsWith('file:') ? resolve(dir, dependency.slice('file:'.length)) : undefined;
  const npmInstalls = files.some((file) => basename(file.path) === 'package.json') || (values.workflow === true && kind === 'node');
  if (installed && npmInstalls && !isInside(installed, root)) {
    const clone = statOrUndefined(installed)?.isDirectory() === true;
    const vendor = `${shown(join(root, 'vendor'), io.cwd)}/`;
    io.stderr(
      `note: recall-gate ${clone ? 'runs from' : 'is installed from'} ${installed}, outside ${shown(root, io.cwd)}, so CI's npm install will not find it: ` +
        `${clone ? 'npm pack it into' : 'copy the tarball into'} ${vendor}, commit it, and install it from there (the README's Install)\n`,
    );
  }
  return ExitCode.ok;
}

/** git in the repository init writes into, never in a folder above it (a temp folder inside someone's clone); status null when git cannot run. */
function gitIn(root: string, args: string[]): { status: number | null; stdout: string } {
  return spawnSync('git', args, { cwd: root, encoding: 'utf8', timeout: 5000, env: { ...gitEnv(), GIT_CEILING_DIRECTORIES: dirname(root) } });
}

/**
 * The repository's default branch, which the workflow's pushes run on: the
 * one origin's HEAD names (a clone sets it), else origin's main or master,
 * else the branch checked out when it is main or master, else main (GitHub's
 * name for a new repository's). The summary says which, to check.
 */
function defaultBranch(root: string): string {
  const originHead = gitIn(root, ['symbolic-ref', '--quiet', 'refs/remotes/origin/HEAD']);
  if (originHead.status === 0 && originHead.stdout.trim().startsWith('refs/remotes/origin/')) return originHead.stdout.trim().slice('refs/remotes/origin/'.length);
  for (const name of ['main', 'master']) if (gitIn(root, ['show-ref', '--verify', '--quiet', `refs/remotes/origin/${name}`]).status === 0) return name;
  const current = gitIn(root, ['symbolic-ref', '--quiet', '--short', 'HEAD']).stdout.trim();
  return current === 'master' ? 'master' : 'main';
}

/**
 * The kind a folder init wrote before was written for, when every file of a
 * kind is there: its suite.yaml's first lines name it ("written by
 * `recall-gate init --agent mem0`"), else the kind whose files are there and
 * hold every other such kind's (mem0's hold node's). Undefined when no kind's
 * files are all there. Refused when it is not the kind --agent names, or when
 * the files fit two kinds alike (builtin and mcp write the same names).
 */
function earlierKind(dir: string, packageRoot: string, given: AgentKind | undefined, cwd: string): AgentKind | undefined {
  const present = (name: string) => lstatOrUndefined(join(dir, name)) !== undefined;
  const complete = AGENT_KINDS.map((kind) => ({ kind, names: kindFileNames(KIND_SPECS[kind], packageRoot) })).filter(({ names }) => names.every(present));
  if (complete.length === 0) return undefined;
  const header = /recall-gate init --agent (\w+)/.exec(readTextOrEmpty(join(dir, 'suite.yaml')).slice(0, 400))?.[1];
  const named = complete.find((one) => one.kind === header);
  const widest = complete.filter((one) => !complete.some((other) => other !== one && other.names.length > one.names.length && one.names.every((name) => other.names.includes(name))));
  const candidates = named ? [named.kind] : widest.map((one) => one.kind);
  const folder = `${shown(dir, cwd)}/`;
  if (given !== undefined && !candidates.includes(given)) {
    throw new RecallGateError('invalid-input', `${folder} holds a suite written for --agent ${candidates.join(' or ')}, not ${given}: its workflow would not install what it runs`, {
      hint: `give --agent ${candidates[0]} for its workflow, or --force to write the ${given} folder over it`,
    });
  }
  if (given === undefined && candidates.length > 1) {
    throw new RecallGateError('invalid-input', `${folder} holds the files of --agent ${candidates.join(' and of --agent ')} alike: say which it is for its workflow`, { hint: `add --agent ${candidates.join(' or --agent ')}` });
  }
  return given ?? candidates[0];
}

/** The names a kind writes into its folder (templates and copies). */
function kindFileNames(spec: KindSpec, packageRoot: string): string[] {
  return [...spec.folders.flatMap((folder) => filesUnder(join(packageRoot, TEMPLATES, folder))), ...(spec.copies ?? []).map(([, to]) => to)];
}

function readTextOrEmpty(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

function agentKind(given: string): AgentKind {
  if ((AGENT_KINDS as readonly string[]).includes(given)) return given as AgentKind;
  const near = closest(given, AGENT_KINDS);
  const kinds = AGENT_KINDS.map((kind) => `${kind}: ${KIND_SPECS[kind].summary}`).join('\n  ');
  throw new RecallGateError('invalid-input', `unknown agent kind "${given}"${near === undefined ? '' : `: did you mean "${near}"?`}\n  ${kinds}`, { hint: `usage: ${INIT_USAGE}` });
}

/**
 * The repository the suite belongs to: the nearest folder at or above DIR
 * holding .git; without one, the current directory when DIR is inside it,
 * else DIR itself. memory_paths and the workflow's suite path are written
 * from there (the Action matches memory_paths against paths from the
 * repository root), and --workflow writes there.
 */
export function repositoryRoot(dir: string, cwd: string): string {
  for (let folder = dir; ; folder = dirname(folder)) {
    if (existsSync(join(folder, '.git'))) return folder;
    if (dirname(folder) === folder) break;
  }
  return isInside(dir, cwd) ? cwd : dir;
}

function isInside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

const toPosix = (path: string): string => path.split(sep).join('/');

/**
 * The package's own folder (where templates/ and python/ are): the nearest
 * folder above this module holding both a package.json named recall-gate and
 * the templates, so it is found from dist/ (the bundle) and build/ (the tests) alike.
 */
function findPackageRoot(): string {
  const start = dirname(fileURLToPath(import.meta.url));
  for (let folder = start; ; folder = dirname(folder)) {
    if (existsSync(join(folder, TEMPLATES)) && packageName(join(folder, 'package.json')) === TOOL_NAME) return folder;
    if (dirname(folder) === folder) throw new RecallGateError('internal', `the init templates (${TEMPLATES}) are not in the package above ${start}`, { hint: 'reinstall recall-gate' });
  }
}

function packageName(file: string): string | undefined {
  return readPackageJson(file)?.name;
}

interface PackageJson {
  name?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

function readPackageJson(file: string): PackageJson | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
  } catch {
    return undefined;
  }
}

/**
 * What a written package.json (the mem0, langgraph and letta adapters') names
 * recall-gate by, so that `npm install` in the suite's folder installs the copy
 * running now: the spec the project that installed it gives it, in the nearest
 * package.json above its node_modules that names it (a tarball's or folder's
 * path rebased to the suite's folder; pnpm's nested store included), else
 * this copy's own folder (a clone, which a linked install resolves to; a
 * global install; a workspace root that does not name it). Never the bare
 * version: the package is not on the registry.
 */
export function recallGateDependency(packageRoot: string, dir: string): string {
  const asFile = (path: string) => `file:${toPosix(relative(dir, path)) || '.'}`;
  if (basename(dirname(packageRoot)) === 'node_modules') {
    for (let folder = dirname(dirname(packageRoot)); ; folder = dirname(folder)) {
      const given = dependencySpec(readPackageJson(join(folder, 'package.json')));
      if (given !== undefined) return given.startsWith('file:') ? asFile(resolve(folder, given.slice('file:'.length))) : given;
      if (dirname(folder) === folder) break;
    }
  }
  return asFile(packageRoot);
}

/** recall-gate's spec in a package.json, when one of its dependency lists names it with a string. */
function dependencySpec(manifest: PackageJson | undefined): string | undefined {
  for (const deps of [manifest?.dependencies, manifest?.devDependencies, manifest?.optionalDependencies]) {
    const given: unknown = deps !== null && typeof deps === 'object' && Object.hasOwn(deps, TOOL_NAME) ? deps[TOOL_NAME] : undefined;
    if (typeof given === 'string' && given.trim() !== '') return given;
  }
  return undefined;
}

/** Every file of a folder, depth first, as paths relative to it. */
function filesUnder(folder: string, prefix = ''): string[] {
  return readdirSync(join(folder, prefix), { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(folder, join(prefix, entry.name)) : [join(prefix, entry.name)]));
}

/** "{{name}}" in a template is the value of name; every name a template uses must be known. */
function fill(template: string, values: Record<string, string>, file: string): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    if (!Object.hasOwn(values, name)) throw new RecallGateError('internal', `${file}: unknown template value {{${name}}}`);
    return values[name]!;
  });
}

function plannedFiles(spec: KindSpec, packageRoot: string, dir: string, values: Record<string, string>): PlannedFile[] {
  const files: PlannedFile[] = [];
  for (const folder of spec.folders) {
    const source = join(packageRoot, TEMPLATES, folder);
    for (const name of filesUnder(source)) files.push({ path: join(dir, name), text: fill(readFileSync(join(source, name), 'utf8'), values, join(TEMPLATES, folder, name)) });
  }
  for (const [from, to] of spec.copies ?? []) files.push({ path: join(dir, to), text: readFileSync(join(packageRoot, from), 'utf8') });
  return files;
}

/**
 * Anything already at a path init would write (a file, a link, even one to
 * nothing) stops it before anything is written (exit 2), unless --force; a
 * folder there stops it even then.
 */
function refuseOverwrites(files: readonly PlannedFile[], cwd: string, force: boolean): void {
  for (const file of files) {
    const found = statOrUndefined(file.path);
    if (found?.isDirectory()) throw new RecallGateError('invalid-input', `${shown(file.path, cwd)} is a folder, where init writes a file`, { hint: 'choose another folder for the suite' });
  }
  if (force) return;
  const existing = files.filter((file) => lstatOrUndefined(file.path) !== undefined).map((file) => shown(file.path, cwd));
  if (existing.length > 0) {
    throw new RecallGateError('invalid-input', `${existing.join(', ')} already exist${existing.length === 1 ? 's' : ''}: nothing was written`, { hint: 'add --force to overwrite, or give init another folder' });
  }
}

function statOrUndefined(path: string) {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

function lstatOrUndefined(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/** Each file replaced in one step, as recall-gate writes the files it names: a link at the path (--force) is replaced, never written through. */
function writePlanned(file: PlannedFile, cwd: string): void {
  try {
    mkdirSync(dirname(file.path), { recursive: true });
    replaceFile(file.path, file.text);
    // A script with a shebang (the adapters) can be run as it is.
    if (file.text.startsWith('#!')) chmodSync(file.path, 0o755);
  } catch (error) {
    throw fileSystemError(error, `write ${shown(file.path, cwd)}`);
  }
}

/** A path as the user would type it from the current directory. */
function shown(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return rel === '' ? '.' : isInside(path, cwd) ? toPosix(rel) : path;
}

/** What init says when it added only the workflow beside a suite folder it wrote before. */
function workflowOnlyText(kind: AgentKind, workflow: PlannedFile, dir: string, cwd: string, branch: string, unignoredNames: readonly string[]): string {
  return [
    `wrote ${shown(workflow.path, cwd)} for --agent ${kind}, for the suite in ${shown(dir, cwd)}/ (its files are there already, left as they are)`,
    '',
    workflowNext(branch),
    ...gitignoreHint(unignoredNames),
    '',
  ].join('\n');
}

/** The line naming what runs write that git would not ignore yet; none when git ignores it all. */
function gitignoreHint(unignoredNames: readonly string[]): string[] {
  return unignoredNames.length > 0 ? [`.gitignore: add ${unignoredNames.join(' and ')}, which runs write (not to commit)`] : [];
}

/** What to do with a written workflow before it runs, and the branch whose pushes it runs on, to check. */
function workflowNext(branch: string): string {
  return `${WORKFLOW_FILE}: replace <owner> in its \`uses:\` line with recall-gate's repository, and add the secrets it names in the repository's settings; it runs on pull requests and on pushes to ${branch} (change that if your default branch is another)`;
}

/**
 * What runs will write that git would not ignore yet: the results folder
 * (run's default --out, from the repository root), and for a Python adapter
 * the bytecode Python writes beside it. git says, with every rule it reads
 * (nested .gitignore files, negations, info/exclude); where it cannot, the
 * root .gitignore's lines are read as names.
 */
function unignored(root: string, dir: string, kind: AgentKind): string[] {
  const written = [{ name: 'recall-gate-results/', probe: join(root, 'recall-gate-results', 'results.json') }, ...(kind === 'python' ? [{ name: '__pycache__/', probe: join(dir, '__pycache__', 'adapter.cpython-312.pyc') }] : [])];
  const rules = readTextOrEmpty(join(root, '.gitignore')).split(/\r?\n/).map((line) => line.trim().replace(/^\//, '').replace(/\/$/, ''));
  return written
    .filter(({ name, probe }) => {
      const asked = gitIn(root, ['check-ignore', '--quiet', '--no-index', toPosix(relative(root, probe))]);
      return asked.status === 0 ? false : asked.status === 1 ? true : !rules.includes(name.replace(/\/$/, ''));
    })
    .map(({ name }) => name);
}

function summaryText(kind: AgentKind, spec: KindSpec, files: readonly PlannedFile[], dir: string, cwd: string, chosen: { defaultDir: boolean; defaultKind: boolean; workflow: boolean; branch: string }, unignoredNames: readonly string[]): string {
  const place = { dir: shown(dir, cwd), suite: shown(join(dir, 'suite.yaml'), cwd) };
  const next = spec.next(place);
  const width = Math.max(...next.map(([command]) => command.length));
  const others = AGENT_KINDS.filter((other) => other !== kind);
  return [
    `wrote ${place.dir}/${chosen.defaultDir ? ' (the default folder)' : ''} for --agent ${kind}${chosen.defaultKind ? ' (the default)' : ''}: ${spec.summary}`,
    ...files.map((file) => `  ${shown(file.path, cwd)}`),
    '',
    'next:',
    ...next.map(([command, what], index) => `  ${index + 1}. ${command.padEnd(width)}   # ${what}`),
    '',
    chosen.workflow ? workflowNext(chosen.branch) : "--workflow also writes the Action's workflow (now, or in a later init of the same folder)",
    ...gitignoreHint(unignoredNames),
    `other kinds: --agent ${others.join('|')} (recall-gate init --help)`,
    '',
  ].join('\n');
}
