import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RecallGateError } from '../errors.js';

/** The transformers.js release recall-gate installs when a suite asks for a local model. */
export const TRANSFORMERS_VERSION = '4.3.2';
const PACKAGE = '@huggingface/transformers';

/** The parts of transformers.js we use. */
export interface TransformersModule {
  env: {
    version?: string;
    cacheDir: string | null;
    allowRemoteModels: boolean;
    allowLocalModels: boolean;
    useFSCache?: boolean;
  };
  pipeline: (
    task: 'feature-extraction',
    model: string,
    options?: { revision?: string; dtype?: string; device?: string },
  ) => Promise<(texts: string[], options: { pooling: 'mean'; normalize: boolean }) => Promise<{ data: Float32Array; dims: number[] }>>;
}

export interface RuntimeOptions {
  /** Root of recall-gate's cache; the runtime goes in <root>/transformers/<version>. */
  cacheRoot: string;
  /** Progress and notices for people. */
  log: (message: string) => void;
  /** npm to run (tests point it elsewhere). */
  npmCommand?: string;
}

let loaded: Promise<{ module: TransformersModule; source: string }> | undefined;

/** Where the pinned runtime is installed. */
export function runtimeDir(cacheRoot: string): string {
  return join(cacheRoot, 'transformers', TRANSFORMERS_VERSION);
}

function entryIn(dir: string): string {
  return join(dir, 'node_modules', '@huggingface', 'transformers', 'dist', 'transformers.node.mjs');
}

/**
 * transformers.js is hundreds of MB (onnxruntime), so it is not bundled: it is
 * used from the project's own node_modules when there, else from recall-gate's
 * cache, installed there (pinned) the first time a suite asks for a local model.
 */
export function loadTransformers(options: RuntimeOptions): Promise<{ module: TransformersModule; source: string }> {
  loaded ??= load(options).catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

/** The project's own install: node_modules in the working directory or a folder above it. */
function projectInstall(start: string): string | undefined {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    const entry = entryIn(dir);
    if (existsSync(entry)) return entry;
    if (dirname(dir) === dir) return undefined;
  }
}

async function load(options: RuntimeOptions): Promise<{ module: TransformersModule; source: string }> {
  // The Action runs from its own folder: look where the user's project is first.
  const project = projectInstall(process.cwd());
  if (project) return { module: (await import(pathToFileURL(project).href)) as TransformersModule, source: `${PACKAGE} from ${project}` };
  try {
    // A literal specifier would be bundled; a variable one is resolved at run time, from dist/.
    const specifier = PACKAGE;
    const module = (await import(specifier)) as TransformersModule;
    return { module, source: `${PACKAGE} from node_modules` };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
  }
  const dir = runtimeDir(options.cacheRoot);
  if (!existsSync(entryIn(dir))) await install(dir, options);
  const module = (await import(pathToFileURL(entryIn(dir)).href)) as TransformersModule;
  return { module, source: `${PACKAGE}@${TRANSFORMERS_VERSION} from ${dir}` };
}

/** Installs into a temporary folder, then renames it into place, so two processes never see half an install. */
async function install(dir: string, options: RuntimeOptions): Promise<void> {
  const parent = join(dir, '..');
  mkdirSync(parent, { recursive: true });
  const staging = mkdtempSync(join(parent, `.installing-${TRANSFORMERS_VERSION}-`));
  options.log(
    `installing ${PACKAGE}@${TRANSFORMERS_VERSION} into ${dir} for the local embedding model ` +
      '(about 475 MB and 20 s to a few minutes, once; later runs reuse it)',
  );
  const started = Date.now();
  const ticker = setInterval(() => options.log(`  still installing ${PACKAGE} (${Math.round((Date.now() - started) / 1000)} s)`), 10_000);
  try {
    const output = await runNpm(
      options.npmCommand ?? 'npm',
      ['install', '--prefix', staging, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', `${PACKAGE}@${TRANSFORMERS_VERSION}`],
      // onnxruntime-node would otherwise try to download CUDA libraries; the CPU build ships in the package.
      { ...process.env, ONNXRUNTIME_NODE_INSTALL_CUDA: 'skip' },
    );
    if (!existsSync(entryIn(staging))) {
      throw new Error(`npm finished but ${PACKAGE} is not there:\n${output.slice(-2000)}`);
    }
    // A folder without the package (a partial cache restore) would block the rename.
    if (existsSync(dir) && !existsSync(entryIn(dir))) rmSync(dir, { recursive: true, force: true });
    try {
      renameSync(staging, dir);
    } catch (error) {
      // Another process finished first: use its install.
      if (!existsSync(entryIn(dir))) throw error;
    }
    options.log(`installed ${PACKAGE}@${TRANSFORMERS_VERSION} in ${Math.round((Date.now() - started) / 1000)} s`);
  } catch (error) {
    throw new RecallGateError('incomplete', `could not install ${PACKAGE}@${TRANSFORMERS_VERSION} into ${dir}: ${(error as Error).message}`, {
      hint: `install it in your project (npm install ${PACKAGE}@${TRANSFORMERS_VERSION}), or use embedding kind ngram (offline) or openai`,
      cause: error,
    });
  } finally {
    clearInterval(ticker);
    rmSync(staging, { recursive: true, force: true });
  }
}

function runNpm(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', (error) => reject(new Error(`cannot run ${command}: ${error.message}`)));
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`npm exited with ${code}: ${output.trim().split('\n').slice(-6).join(' | ')}`))));
  });
}
