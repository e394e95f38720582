/**
 * results.json `provenance` (model/provenance.ts): collected when a run
 * starts, from the suite and what is around it; the model ids the APIs
 * answered with are added as each is first seen (net/modelAnswers.ts). Nothing
 * here may fail a run: a git that is absent, slow or refuses says "unknown",
 * a file that cannot be read is left out.
 *
 * Never a secret: adapter commands are scrubbed (a value after or in a
 * secret-looking option or variable, every registered secret, URL
 * credentials), endpoints are shown without credentials, and no environment
 * value is recorded.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { arch, platform, release } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { judgeInstructionsText } from '../e2e/openaiJudge.js';
import { IMPORT_FILES } from '../import/writeImport.js';
import { commandScript } from '../process/commandScript.js';
import type { AdapterProvenance, ModelProvenance, Provenance } from '../model/provenance.js';
import { GIT_PENDING } from '../gate/provenanceChanges.js';
import type { EmbeddingSpec, Suite } from '../model/suite.js';
import { startedCommands } from '../suite/startedCommands.js';
import { MAX_ANSWERED_ID, type ModelAnswers } from '../net/modelAnswers.js';
import { redactUrl } from '../redact.js';
import { SECRET_MARKER, looksSecret, scrubSecrets } from '../secrets.js';
import { TOOL_VERSION } from '../version.js';
import { gitEnv } from '../process/gitEnv.js';

/** The longest git may take to answer one question; a slow or hung git leaves the commit unknown. */
export const GIT_TIMEOUT_MS = 5000;

/** Lockfiles looked for beside an adapter (its script's folder and its working directory, then up to the repository's root). */
export const LOCKFILES = ['package-lock.json', 'poetry.lock', 'uv.lock', 'requirements.txt'] as const;

const DEFAULT_OPENAI_URL = 'https://api.openai.com/v1';

function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A path as provenance names it: relative to the suite's folder, with "/" (the same on every OS, so two runs compare). */
function suitePath(suiteDir: string, file: string): string {
  const path = relative(suiteDir, file) || file;
  return sep === '/' ? path : path.split(sep).join('/');
}

/**
 * What the run is made of, read when it starts: the files, models, adapters and their lockfiles at the call.
 * Only git is asked without blocking, so a large repository's `git status` runs beside the first trials rather
 * than before them: `provenance.git` says it is pending until `gitAnswered` settles (it never rejects), and
 * whether the tree is dirty is read then.
 */
export function collectProvenance(suite: Suite, env: NodeJS.ProcessEnv): { provenance: Provenance; gitAnswered: Promise<void> } {
  const suiteDir = dirname(suite.file);
  const files: Record<string, string> = {};
  for (const file of suite.files) {
    try {
      files[suitePath(suiteDir, file)] = sha256(readFileSync(file));
    } catch {
      // Read at load time, gone since: the suite's own hash (results.json suite.sha256) fails the same way first.
    }
  }
  const judge = suite.e2e?.judge !== undefined || (suite.e2e?.cases ?? []).some((spec) => Object.values(spec.graders ?? {}).some((grader) => 'judge' in grader));
  const dataset = datasetOf(suiteDir);
  const provenance: Provenance = {
    recall_gate: TOOL_VERSION,
    node: process.versions.node,
    os: { platform: platform(), release: release(), arch: arch() },
    git: { commit: 'unknown', note: GIT_PENDING },
    files,
    models: modelsOf(suite, env),
    ...(judge ? { judge_prompt_sha256: sha256(judgeInstructionsText()) } : {}),
    adapters: adaptersOf(suite, suiteDir, repositoryTop(suiteDir)),
    ...(dataset ? { dataset } : {}),
  };
  const gitAnswered = gitState(suiteDir).then((git) => {
    provenance.git = { commit: git.commit, ...(git.dirty !== undefined ? { dirty: git.dirty } : {}), ...(git.note ? { note: git.note } : {}) };
  });
  return { provenance, gitAnswered };
}

/** The nearest folder from `dir` up holding a .git (a folder, or a worktree's file): where lockfiles stop being looked for. */
function repositoryTop(dir: string): string | undefined {
  for (let folder = resolve(dir); ; folder = dirname(folder)) {
    if (existsSync(join(folder, '.git'))) return folder;
    if (dirname(folder) === folder) return undefined;
  }
}

/** The ids the APIs answered with, beside the models the suite names (a model asked that the suite does not name is added). */
export function addModelAnswers(provenance: Provenance, answers: ModelAnswers): void {
  for (const { role, requested, answered } of answers.values()) {
    const ids = [...answered].sort();
    const named = provenance.models.filter((model) => model.role === role && model.requested === requested);
    if (named.length === 0) provenance.models.push({ role, where: '(asked during the run)', requested, answered: ids });
    for (const model of named) addAnswered(model, ids);
  }
}

/** `ids` added to the model's answered ids: each once, sorted. */
function addAnswered(model: ModelProvenance, ids: readonly string[]): void {
  model.answered = [...new Set([...(model.answered ?? []), ...ids])].sort();
}

/** The same model, named in the same place, in two runs' provenance. */
function sameModel(a: ModelProvenance, b: ModelProvenance): boolean {
  return a.role === b.role && a.where === b.where && a.requested === b.requested;
}

/**
 * A resumed run's provenance: the ids the run it continues was answered with
 * (each written when first seen, so a killed run has them too) stay, for the
 * models the suite still names where it named them then (a model it no longer
 * names has no trial kept, as a trial's fingerprint holds its models).
 */
export function carryAnswers(provenance: Provenance, earlier: Provenance): void {
  for (const model of provenance.models) {
    const before = earlier.models.find((one) => one !== null && typeof one === 'object' && sameModel(one, model));
    // Read from a folder: only ids as this run records them (strings, cut at MAX_ANSWERED_ID).
    const ids = Array.isArray(before?.answered) ? before.answered.filter((id): id is string => typeof id === 'string' && id.trim() !== '').map((id) => id.slice(0, MAX_ANSWERED_ID)) : [];
    if (ids.length > 0) addAnswered(model, ids);
  }
}

/** Shards' provenance as one (merge): the first shard's, with the model ids every shard was answered with. */
export function mergedProvenance(shards: readonly (Provenance | undefined)[]): Provenance | undefined {
  const [first, ...rest] = shards.filter((one): one is Provenance => one !== undefined);
  if (!first) return undefined;
  const merged: Provenance = { ...first, models: first.models.map((model) => ({ ...model })) };
  for (const other of rest) {
    for (const model of other.models) {
      const same = merged.models.find((one) => sameModel(one, model));
      if (!same) merged.models.push({ ...model });
      else if (model.answered?.length) addAnswered(same, model.answered);
    }
  }
  return merged;
}

// ---------------------------------------------------------------- git

const execFileAsync = promisify(execFile);

async function git(args: string[], cwd: string): Promise<string> {
  const { stdout } = await execFileAsync('git', args, { cwd, timeout: GIT_TIMEOUT_MS, encoding: 'utf8', env: gitEnv(), maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

/** HEAD and whether a tracked file differs from it (untracked files, such as results folders, do not count); "unknown" with why, never an error. */
export async function gitState(dir: string): Promise<{ commit: string; dirty?: boolean; note?: string }> {
  let commit: string;
  try {
    commit = (await git(['rev-parse', 'HEAD'], dir)).trim();
  } catch (error) {
    return { commit: 'unknown', note: gitFailure(error as NodeJS.ErrnoException & { stderr?: string; signal?: string }) };
  }
  if (!/^[0-9a-f]{7,64}$/.test(commit)) return { commit: 'unknown', note: 'git rev-parse HEAD gave no commit' };
  try {
    return { commit, dirty: (await git(['status', '--porcelain', '--untracked-files=no'], dir)).trim() !== '' };
  } catch (error) {
    return { commit, note: `whether the working tree is dirty is unknown: ${gitFailure(error as NodeJS.ErrnoException & { stderr?: string; signal?: string })}` };
  }
}

function gitFailure(error: NodeJS.ErrnoException & { stderr?: string; signal?: string }): string {
  if (error.code === 'ENOENT') return 'git is not installed (not on PATH)';
  if (error.code === 'ETIMEDOUT' || error.signal === 'SIGTERM') return `git did not answer within ${GIT_TIMEOUT_MS / 1000} s`;
  const said = String(error.stderr ?? '').trim().split('\n')[0] ?? '';
  if (/not a git repository/i.test(said)) return 'the suite is not in a git repository';
  if (/unknown revision|ambiguous argument 'HEAD'/i.test(said)) return 'the repository has no commit yet';
  return `git failed: ${scrubSecrets(said).slice(0, 200) || String(error.message).slice(0, 200)}`;
}

// ---------------------------------------------------------------- models

function endpointOf(baseUrl: string | undefined, env: NodeJS.ProcessEnv): string {
  return redactUrl(baseUrl ?? (env.OPENAI_BASE_URL?.trim() || DEFAULT_OPENAI_URL));
}

function embeddingModel(embedding: EmbeddingSpec, where: string, env: NodeJS.ProcessEnv): ModelProvenance | undefined {
  if (embedding.kind === 'openai' && embedding.model) return { role: 'embeddings', where, requested: embedding.model, endpoint: endpointOf(embedding.base_url, env) };
  if (embedding.kind === 'local' && embedding.model) return { role: 'embeddings', where, requested: `${embedding.model}${embedding.revision ? `@${embedding.revision}` : ''}${embedding.dtype ? ` (${embedding.dtype})` : ''}` };
  return undefined;
}

/** Every model the suite names, once per role, model and endpoint (the first place that names it; a grader by its name alone, so narrowing the run to other cases changes nothing). */
function modelsOf(suite: Suite, env: NodeJS.ProcessEnv): ModelProvenance[] {
  const models: ModelProvenance[] = [];
  const add = (model: ModelProvenance | undefined) => {
    if (model && !models.some((one) => one.role === model.role && one.requested === model.requested && one.endpoint === model.endpoint)) models.push(model);
  };
  const target = suite.e2e?.target;
  if (target?.kind === 'builtin') add({ role: 'chat', where: 'e2e.target', requested: target.model, endpoint: endpointOf(target.base_url, env) });
  else if (target?.model) add({ role: 'chat', where: `e2e.target (the ${target.kind} adapter's model)`, requested: target.model });
  const judge = suite.e2e?.judge;
  if (judge) add({ role: 'judge', where: 'e2e.judge', requested: judge.model, endpoint: endpointOf(judge.base_url, env) });
  for (const spec of suite.e2e?.cases ?? []) {
    for (const [name, grader] of Object.entries(spec.graders ?? {})) {
      if ('judge' in grader && grader.judge.model) add({ role: 'judge', where: `grader ${name}`, requested: grader.judge.model, endpoint: endpointOf(judge?.base_url, env) });
    }
  }
  for (const provider of suite.retrieval?.providers ?? []) if (provider.embedding) add(embeddingModel(provider.embedding, `provider ${provider.name}`, env));
  return models;
}

// ---------------------------------------------------------------- adapters

/**
 * Option and variable values that look secret, header credentials, every
 * registered secret, URL credentials: replaced by ***. An argument may be a
 * shell string (sh -c "node agent.js --token abc"), so the rules apply to each
 * word of it, and a URL is looked for anywhere (--db=postgres://u:pw@host/x).
 */
export function scrubCommand(command: readonly string[]): string[] {
  let hideNext = false;
  const scrubWord = (word: string): string => {
    if (hideNext) {
      hideNext = false;
      return SECRET_MARKER;
    }
    const option = /^(--?[A-Za-z][\w.-]*)(?:=(.*))?$/s.exec(word);
    if (option && looksSecret(option[1]!)) {
      // --token=abc hides abc; --token abc hides the next word.
      if (option[2] !== undefined) return `${option[1]}=${SECRET_MARKER}`;
      hideNext = true;
      return word;
    }
    const variable = /^([A-Za-z_][\w]*)=(.*)$/s.exec(word);
    if (variable && looksSecret(variable[1]!)) return `${variable[1]}=${SECRET_MARKER}`;
    return word.replace(/[a-z][a-z0-9+.-]*:\/\/\S*/gi, (url) => redactUrl(url));
  };
  return command.map((arg) => {
    // "Authorization: Bearer sk-..." (curl -H): the credential is whatever follows the scheme name, or the header name.
    const header = arg.replace(/\b(authorization|proxy-authorization)(\s*:\s*)(?:(bearer|basic|token)\s+)?\S+/gi, (_all, name: string, colon: string, scheme?: string) => `${name}${colon}${scheme ? `${scheme} ` : ''}${SECRET_MARKER}`);
    return scrubSecrets(header.split(/(\s+)/).map((part) => (/^\s*$/.test(part) ? part : scrubWord(part))).join(''));
  });
}

/** The largest script provenance hashes: an adapter's own code, not a binary it runs. */
const SCRIPT_HASH_BYTES = 4 * 1024 * 1024;

/** The file an adapter command runs (process/commandScript.ts), when it is there: where its lockfiles and its code are. */
function scriptOf(command: readonly string[], cwd: string): string | undefined {
  const found = commandScript(command);
  if (!found) return undefined;
  const path = isAbsolute(found.path) ? found.path : resolve(cwd, found.path);
  try {
    return statSync(path).isFile() ? path : undefined;
  } catch {
    return undefined; // Not there (yet): validate warns of it.
  }
}

/** Nearest first: each lockfile name found in `folders` or their parents up to `top` (only the folders themselves without one). */
function lockfilesBeside(folders: readonly string[], top: string | undefined, suiteDir: string): Record<string, string> {
  const found: Record<string, string> = {};
  const names = new Set<string>();
  for (const start of folders) {
    const inside = top !== undefined && !relative(top, start).startsWith('..') && !isAbsolute(relative(top, start));
    for (let folder = start; ; folder = dirname(folder)) {
      for (const name of LOCKFILES) {
        const path = join(folder, name);
        if (names.has(name) || !existsSync(path)) continue;
        try {
          found[suitePath(suiteDir, path)] = sha256(readFileSync(path));
          names.add(name);
        } catch {
          // Unreadable: left out.
        }
      }
      if (!inside || folder === top || dirname(folder) === folder) break;
    }
  }
  return found;
}

function adaptersOf(suite: Suite, suiteDir: string, top: string | undefined): AdapterProvenance[] {
  return startedCommands(suite, suiteDir).map(({ label: where, command, cwd }) => {
    const script = scriptOf(command, cwd);
    const folder = script === undefined ? undefined : dirname(script);
    const hashed = script === undefined ? undefined : scriptHash(script, suiteDir);
    return { where, command: scrubCommand(command), ...(hashed ? { script: hashed } : {}), lockfiles: lockfilesBeside(folder && folder !== cwd ? [folder, cwd] : [cwd], top, suiteDir) };
  });
}

function scriptHash(path: string, suiteDir: string): AdapterProvenance['script'] {
  try {
    if (statSync(path).size > SCRIPT_HASH_BYTES) return undefined;
    return { path: suitePath(suiteDir, path), sha256: sha256(readFileSync(path)) };
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------- dataset

/** The dataset an import made the suite from: import-report.json beside the suite (format, source, sha256). */
function datasetOf(suiteDir: string): Provenance['dataset'] {
  const path = join(suiteDir, IMPORT_FILES.report);
  if (!existsSync(path)) return undefined;
  try {
    const report = JSON.parse(readFileSync(path, 'utf8')) as { format?: unknown; source?: unknown; sha256?: unknown };
    if (typeof report.format !== 'string' || typeof report.source !== 'string') return undefined;
    return { format: report.format, source: scrubSecrets(report.source), ...(typeof report.sha256 === 'string' ? { sha256: report.sha256 } : {}) };
  } catch {
    return undefined;
  }
}
