import * as core from './publish.js';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { RecallGateError, formatLocation, invalidInput } from '../errors.js';
import type { InputProblem } from '../model/source.js';
import { urlCredentials } from '../redact.js';
import { LAYERS, type Layer } from '../runSuite.js';
import type { Suite } from '../model/suite.js';
import type { SelectionFlags } from '../cli/selection.js';
import { actionSelection } from './argsInput.js';
import { parseBudgetUsd } from '../e2e/budget.js';
import { picomatchLibrary } from '../libraries.js';

export interface ActionInputs {
  suites: string[];
  layer: Layer;
  githubToken: string;
  openaiApiKey: string;
  openaiBaseUrl: string;
  comment: boolean;
  /** auto: the default branch's cached results; none; or a results folder to compare with. */
  baseline: string;
  failOnGate: boolean;
  workingDirectory: string;
  resultsDir: string;
  /** The name the workflow uploads the results folder under (the Action uploads nothing): the comment points to report.html in it. */
  artifactName: string;
  /** The `args` and `sample` inputs: the run narrowed as run --case, --sample, ... would (never saved as the baseline). */
  selection: SelectionFlags;
  /** The budget-usd input: the e2e layer's spend cap in USD, over the suite's e2e.max_cost_usd. */
  budgetUsd?: number;
}


function booleanInput(name: string, fallback: boolean): boolean {
  if (!core.getInput(name)) return fallback;
  try {
    return core.getBooleanInput(name);
  } catch {
    throw new RecallGateError('invalid-input', `input ${name} must be true or false, got "${core.getInput(name)}"`);
  }
}

/** Reads and checks every input; secrets are masked before anything can print them. */
export function readInputs(): ActionInputs {
  const openaiApiKey = core.getInput('openai-api-key');
  if (openaiApiKey) core.setSecret(openaiApiKey);
  const baseUrl = core.getInput('openai-base-url');
  if (baseUrl && !URL.canParse(baseUrl)) throw new RecallGateError('invalid-input', 'input openai-base-url is not a URL', { hint: 'e.g. https://my-proxy.example/v1' });
  // Credentials inside the URL are secrets too.
  for (const secret of urlCredentials(baseUrl)) core.setSecret(secret);
  const githubToken = core.getInput('github-token');
  if (githubToken) core.setSecret(githubToken);
  const suites = core
    .getInput('suite', { required: true })
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter(Boolean);
  // " , ," or an empty matrix variable: nothing would run, and a verdict of pass with nothing run must not happen.
  if (suites.length === 0) throw new RecallGateError('invalid-input', 'the suite input names no file', { hint: 'give suite files (or globs), one per line or comma-separated; an empty matrix variable leaves only the separators' });
  const layer = (core.getInput('layer') || 'auto') as Layer;
  if (!LAYERS.includes(layer)) throw new RecallGateError('invalid-input', `input layer must be one of ${LAYERS.join(', ')}, got "${layer}"`);
  return {
    suites,
    layer,
    githubToken,
    openaiApiKey,
    openaiBaseUrl: baseUrl,
    comment: booleanInput('comment', true),
    baseline: core.getInput('baseline') || 'auto',
    failOnGate: booleanInput('fail-on-gate', true),
    workingDirectory: core.getInput('working-directory') || '.',
    resultsDir: core.getInput('results-dir') || 'recall-gate-results',
    artifactName: core.getInput('artifact-name') || 'recall-gate-results',
    selection: actionSelection(core.getInput('args'), core.getInput('sample')),
    ...(core.getInput('budget-usd') ? { budgetUsd: parseBudgetUsd(core.getInput('budget-usd'), 'input budget-usd') } : {}),
  };
}

const SKIP = new Set(['node_modules', '.git']);

/** Files below root; links are not followed (a broken one or a loop must not stop the run). */
function listFiles(root: string, dir = root, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.isSymbolicLink()) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) listFiles(root, path, found);
    else if (entry.isFile()) found.push(relative(root, path));
  }
  return found;
}

/** Suite paths and globs (picomatch, dot files included) to suite files, in order, without repeats. */
export function expandSuites(patterns: string[], cwd: string): string[] {
  const files: string[] = [];
  let listing: string[] | undefined;
  const picomatch = picomatchLibrary();
  for (const pattern of patterns) {
    if (!picomatch.scan(pattern).isGlob) {
      files.push(pattern);
      continue;
    }
    listing ??= listFiles(cwd).sort();
    const isMatch = picomatch(pattern, { dot: true });
    const matches = listing.filter((file) => isMatch(file));
    if (matches.length === 0) throw new RecallGateError('invalid-input', `input suite: "${pattern}" matches no file`, { hint: 'paths are relative to working-directory' });
    files.push(...matches);
  }
  return [...new Set(files)];
}

/**
 * Suites of one run need distinct names: the name keys the results folder and
 * the sticky comment, so two suites with one name would overwrite each other's
 * results and comment. Each clash is reported at every `name:` key it involves.
 */
export function checkSuiteNames(suites: readonly Suite[]): void {
  const byName = new Map<string, Suite[]>();
  for (const suite of suites) byName.set(suite.name, [...(byName.get(suite.name) ?? []), suite]);
  const problems: InputProblem[] = [];
  for (const [name, same] of byName) {
    if (same.length < 2) continue;
    const places = same.map((suite) => suite.nameWhere ?? { file: suite.displayPath, line: 1, col: 1 });
    for (const [index, where] of places.entries()) {
      const others = places.filter((_, other) => other !== index).map(formatLocation).join(', ');
      problems.push({ where, message: `suite name "${name}" is also used at ${others}`, hint: 'give each suite its own name: it names the results folder and the PR comment' });
    }
  }
  if (problems.length > 0) throw invalidInput(problems, `${problems.length} suites in this run share a name, so nothing was run`);
}
