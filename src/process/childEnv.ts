/**
 * The environment of a process recall-gate starts (an adapter, a started
 * server, an MCP server, a script grader): the few variables it inherits,
 * then its own from the suite, with `${VAR}` read from recall-gate's.
 */
import { delimiter, isAbsolute, resolve } from 'node:path';
import { looksSecret, registerSecret } from '../secrets.js';
import { expandTemplates } from './envTemplate.js';

/**
 * What a child inherits of recall-gate's environment: what programs need to
 * start, find their files (a Python path included) and speak the user's
 * language, and nothing else.
 * Never the Action's inputs (INPUT_GITHUB-TOKEN), GITHUB_TOKEN, ACTIONS_*,
 * API keys, proxies (their URLs can hold credentials) or NODE_OPTIONS: a
 * suite passes what its adapter needs in `env:`.
 */
const INHERITED = new Set([
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'LANG',
  'LANGUAGE',
  'TZ',
  'TERM',
  'TMPDIR',
  'TEMP',
  'TMP',
  // Where the interpreter finds the user's own code: `PYTHONPATH=. recall-gate run` must reach a Python adapter that
  // imports the agent from the project's root (see fromHere), and an activated virtual environment stays named.
  'PYTHONPATH',
  'VIRTUAL_ENV',
  // Windows: without these many programs cannot start or find the user's profile.
  'SYSTEMROOT',
  'SYSTEMDRIVE',
  'WINDIR',
  'COMSPEC',
  'PATHEXT',
  'USERPROFILE',
  'APPDATA',
  'LOCALAPPDATA',
  'PROGRAMDATA',
]);

/** The inherited variables of `parent` (names compared in upper case: Windows spells PATH "Path"), then `own` over them. */
export function childEnvironment(parent: NodeJS.ProcessEnv, own: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(parent)) {
    const upper = name.toUpperCase();
    if (value !== undefined && (INHERITED.has(upper) || upper.startsWith('LC_'))) env[name] = upper === 'PYTHONPATH' ? fromHere(value) : value;
  }
  return { ...env, ...own };
}

/**
 * A Python path as the user meant it: the child runs in the suite's folder, so `PYTHONPATH=.` set in the shell
 * would name that folder, not the one recall-gate was started from. Relative entries are made absolute from there.
 */
function fromHere(pythonPath: string): string {
  return pythonPath
    .split(delimiter)
    .map((entry) => (entry === '' || isAbsolute(entry) ? entry : resolve(entry)))
    .join(delimiter);
}

/**
 * A child's own variables (a suite's `env:`) with `${VAR}` read from `env`:
 * what they take from `env` is registered (see expandTemplates), and so are
 * values written in the suite under secret-looking names. `owner` names the
 * child in messages.
 */
export function childEnv(templates: Record<string, string> | undefined, env: NodeJS.ProcessEnv, owner = 'the adapter'): Record<string, string> {
  const own = expandTemplates(templates ?? {}, env, (name) => `${owner}'s env: ${name}`);
  for (const [name, value] of Object.entries(own)) if (looksSecret(name)) registerSecret(value);
  return own;
}
