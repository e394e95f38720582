import type { Suite } from './model/suite.js';
import { apiKeyEnv } from './apiKey.js';
import { urlCredentials } from './redact.js';
import { SecretFinder } from './secretForms.js';

/**
 * Every secret value recall-gate knows of, and the one function that removes
 * them from text. Entry points register values (the CLI from its environment,
 * the Action from its inputs, targets from the headers and URLs they resolve);
 * every writer (results folder, trials.jsonl, CLI output, the Action's comment,
 * summary, annotations, log and outputs) passes its text through `scrubSecrets`.
 * Scrubbing at the writers, not where errors are made, is what catches a key a
 * server echoes back in a message recall-gate never parsed.
 */

/** What a secret is replaced with. Shorter than any registered value, so scrubbing never makes a text longer. */
export const SECRET_MARKER = '***';

/**
 * Values shorter than this are not registered: a real key or token is longer,
 * and replacing every "test", "1234" or "admin" in a report would garble case
 * names and answers while hiding nothing that could not be guessed.
 */
export const MIN_SECRET_LENGTH = 8;

/**
 * Values of secret-looking variables that are settings, not secrets: replacing
 * "disabled" in every answer would garble reports and protect nothing. "postgres"
 * is PostgreSQL's default user and database, the user part of many a URL.
 */
const NOT_SECRETS = new Set(['undefined', 'disabled', 'enabled', 'required', 'optional', 'localhost', 'password', 'changeme', 'anonymous', 'postgres']);

/** Variable (or header, or query parameter) names whose values are taken to be secrets. */
const SECRET_NAME = /KEY|TOKEN|SECRET|PASSW|PWD|AUTH(?!OR)|CREDENTIAL|PRIVATE|COOKIE|SESSION|SIGNATURE|(^|[^A-Z])SIG([^A-Z]|$)|(^|[^A-Z])PAT([^A-Z]|$)/i;

/** Environment variables holding secrets whatever their name says: the Action's secret inputs as the runner passes them. */
const SECRET_VARIABLES = ['OPENAI_API_KEY', 'GITHUB_TOKEN', 'INPUT_OPENAI-API-KEY', 'INPUT_GITHUB-TOKEN'];

/** Whether a variable, header or parameter of this name holds a secret. */
export function looksSecret(name: string): boolean {
  return SECRET_NAME.test(name);
}

const known = new Set<string>();
const listeners: ((value: string) => void)[] = [];
/** Finds all forms of all known values; made again when a value is added. */
let finder: SecretFinder | undefined;

/**
 * Adds a value to hide. Too short or a common setting: ignored (see
 * MIN_SECRET_LENGTH). Leading and trailing space is not part of a secret.
 */
export function registerSecret(value: string | undefined): void {
  const secret = value?.trim();
  if (!secret || secret.length < MIN_SECRET_LENGTH || NOT_SECRETS.has(secret.toLowerCase()) || known.has(secret)) return;
  known.add(secret);
  finder = undefined;
  for (const listener of listeners) listener(secret);
}

/** Calls `listener` with every value registered, before and after (the Action masks each in the runner's log). */
export function onSecretRegistered(listener: (value: string) => void): void {
  listeners.push(listener);
  for (const secret of known) listener(secret);
}

/** The user, password and secret query values of a URL, and the Basic credentials built from them. */
export function registerUrlSecrets(url: string | undefined): void {
  if (url) for (const secret of urlCredentials(url)) registerSecret(secret);
}

/**
 * A value a suite passes on from recall-gate's environment (`${VAR}` in an
 * `env:` map), whatever the variable is called: the process it goes to may
 * echo it. A URL's credentials rather than the whole URL (a base URL in every
 * message replaced by *** would hide where a call went), and a path not at all
 * (see registerEnvironmentSecrets); anything else whole.
 */
export function registerPassedValue(value: string): void {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) && URL.canParse(value)) registerUrlSecrets(value);
  else if (!isPath(value)) registerSecret(value);
}

/**
 * From an environment: the variables that always hold secrets, every variable
 * whose name looks secret (except file paths: GOOGLE_APPLICATION_CREDENTIALS or
 * SSH_AUTH_SOCK name where a secret is, and scrubbing a path out of messages
 * would only hide where a problem is), and credentials inside any URL value
 * (OPENAI_BASE_URL=https://user:token@proxy/v1).
 */
export function registerEnvironmentSecrets(env: NodeJS.ProcessEnv): void {
  for (const name of SECRET_VARIABLES) registerSecret(env[name]);
  for (const [name, value] of Object.entries(env)) {
    if (!value) continue;
    if (looksSecret(name) && !isPath(value)) registerSecret(value);
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) registerUrlSecrets(value);
  }
}

/**
 * What a suite names as secret: the variables its api_key_env and headers_env
 * entries read (whatever they are called), and credentials in its URLs.
 */
export function registerSuiteSecrets(suite: Suite, env: NodeJS.ProcessEnv): void {
  const variables = new Set<string>();
  const urls: (string | undefined)[] = [];
  const target = suite.e2e?.target;
  for (const provider of suite.retrieval?.providers ?? []) {
    if (provider.kind === 'chroma') variables.add(provider.api_key_env ?? 'CHROMA_API_KEY');
    for (const variable of Object.values(provider.headers_env ?? {})) variables.add(variable);
    urls.push(provider.url);
    if (provider.embedding?.kind === 'openai') {
      variables.add(apiKeyEnv(provider.embedding));
      urls.push(provider.embedding.base_url);
    }
  }
  if (target?.kind === 'builtin') {
    variables.add(apiKeyEnv(target));
    urls.push(target.base_url);
  }
  if (target?.kind === 'http') {
    for (const variable of Object.values(target.headers_env)) variables.add(variable);
    urls.push(target.url);
  }
  if (suite.e2e?.judge) {
    variables.add(apiKeyEnv(suite.e2e.judge));
    urls.push(suite.e2e.judge.base_url);
  }
  for (const variable of variables) registerSecret(env[variable]);
  for (const url of urls) registerUrlSecrets(url);
}

/** Every known secret in `text`, in any of the forms it is written in (see secretForms.ts), replaced by SECRET_MARKER. */
export function scrubSecrets(text: string): string {
  if (known.size === 0) return text;
  finder ??= new SecretFinder(known);
  return finder.replace(text, SECRET_MARKER);
}

/**
 * Every string inside `value` (a results document, trial records) scrubbed,
 * other values kept as they are. For data about to be rendered: escaping
 * (a key's "_" becomes "\_" in markdown) and cutting to a cell's width
 * would otherwise turn a secret into a form the final scrub cannot recognise.
 */
export function scrubSecretsIn<T>(value: T): T {
  if (known.size === 0) return value;
  return scrubValue(value) as T;
}

function scrubValue(value: unknown): unknown {
  if (typeof value === 'string') return scrubSecrets(value);
  if (Array.isArray(value)) return value.map(scrubValue);
  const prototype = value && typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  if (prototype === Object.prototype || prototype === null) {
    // Own data properties copied as such, so a key "__proto__" stays a key; a null-prototype map stays one.
    const copy = Object.create(prototype) as Record<string, unknown>;
    for (const [key, item] of Object.entries(value as object)) Object.defineProperty(copy, key, { value: scrubValue(item), enumerable: true, writable: true, configurable: true });
    return copy;
  }
  return value;
}

function isPath(value: string): boolean {
  return /^(\/|~\/|\.\.?\/|[A-Za-z]:[\\/])\S*$/.test(value);
}
