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
  const kind = agentKind((values.agent as string | undefined) ?? DEFAULT_AGENT);
  const spec = KIND_SPECS[kind];
  const dir = resolve(io.cwd, positionals[0] ?? DEFAULT_DIR);
  if (statOrUndefined(dir)?.isDirectory() === false) throw new RecallGateError('invalid-input', `${shown(dir, io.cwd)} is a file, not a folder`, { hint: 'give init a folder for the suite' });
  const root = repositoryRoot(dir, io.cwd);
  const fromRoot = toPosix(relative(root, dir));
  const suite = fromRoot === '' ? 'suite.yaml' : `${fromRoot}/suite.yaml`;
  // memory_paths sits in a double-quoted YAML string: written as JSON escapes it (YAML reads them the same).
  const packageRoot = findPackageRoot();
  const dependency = recallGateDependency(packageRoot, dir);
  const placeholders = {
    dir: fromRoot === '' ? '.' : fromRoot,
    suite,
    memory_paths: JSON.stringify(fromRoot === '' ? '**' : `${fromRoot}/**`).slice(1, -1),
    // In a JSON string: written as JSON, as memory_paths is.
    recall_gate: JSON.stringify(dependency).slice(1, -1),
  };

  const folderFiles = plannedFiles(spec, packageRoot, dir, placeholders);
  const workflow = values.workflow ? { path: join(root, WORKFLOW_FILE), text: workflowText(kind, suite, fromRoot === '' ? '.' : fromRoot, defaultBranch(root)) } : undefined;
  // A folder init wrote before (every file of the kind is there, maybe edited since) and no workflow yet: --workflow adds the workflow alone.
  const workflowOnly = workflow !== undefined && values.force !== true && folderFiles.every((file) => lstatOrUndefined(file.path) !== undefined) && lstatOrUndefined(workflow.path) === undefined;
  const files = workflowOnly ? [workflow] : [...folderFiles, ...(workflow ? [workflow] : [])];
  refuseOverwrites(files, io.cwd, values.force === true);

  for (const file of files) writePlanned(file, io.cwd);
  const chosen = { defaultDir: positionals[0] === undefined, defaultKind: values.agent === undefined, workflow: values.workflow === true };
  io.stdout(workflowOnly ? workflowOnlyText(kind, workflow, dir, io.cwd) : summaryText(kind, spec, files, dir, io.cwd, chosen, unignored(root, kind)));
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

/**
 * The repository's default branch, which the workflow's pushes run on: the
 * one origin's HEAD names (set by a clone), else main, the name GitHub gives a
 * new repository.
 */
function defaultBranch(root: string): string {
  const asked = spawnSync('git', ['symbolic-ref', '--quiet', '--short', 'refs/remotes/origin/HEAD'], { cwd: root, encoding: 'utf8', timeout: 5000, env: gitEnv() });
  const named = asked.status === 0 ? asked.stdout.trim().replace(/^origin\//, '') : '';
  return named === '' ? 'main' : named;
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
function workflowOnlyText(kind: AgentKind, workflow: PlannedFile, dir: string, cwd: string): string {
  return [
    `wrote ${shown(workflow.path, cwd)} for --agent ${kind}, for the suite in ${shown(dir, cwd)}/ (its files are there already, left as they are)`,
    '',
    WORKFLOW_NEXT,
    '',
  ].join('\n');
}

/** What to do with a written workflow before it runs. */
const WORKFLOW_NEXT = `${WORKFLOW_FILE}: replace <owner> in its \`uses:\` line with recall-gate's repository, and add the secrets it names in the repository's settings`;

/**
 * What runs will write that the repository's .gitignore does not name yet:
 * the results folder (run's default --out, from the repository root), and
 * for a Python adapter the bytecode Python writes beside it.
 */
function unignored(root: string, kind: AgentKind): string[] {
  let ignored = '';
  try {
    ignored = readFileSync(join(root, '.gitignore'), 'utf8');
  } catch {
    // No .gitignore: nothing is ignored yet.
  }
  const names = ['recall-gate-results/', ...(kind === 'python' ? ['__pycache__/'] : [])];
  return names.filter((name) => !ignored.split(/\r?\n/).some((line) => line.trim().replace(/^\//, '').replace(/\/$/, '') === name.replace(/\/$/, '')));
}

function summaryText(kind: AgentKind, spec: KindSpec, files: readonly PlannedFile[], dir: string, cwd: string, chosen: { defaultDir: boolean; defaultKind: boolean; workflow: boolean }, unignoredNames: readonly string[]): string {
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
    chosen.workflow ? WORKFLOW_NEXT : "--workflow also writes the Action's workflow (now, or in a later init of the same folder)",
    ...(unignoredNames.length > 0 ? [`.gitignore: add ${unignoredNames.join(' and ')}, which runs write (not to commit)`] : []),
    `other kinds: --agent ${others.join('|')} (recall-gate init --help)`,
    '',
  ].join('\n');
}
