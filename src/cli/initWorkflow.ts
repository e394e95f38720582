import type { AgentKind } from './initKinds.js';

/** Where `init --workflow` writes the workflow, from the repository root. */
export const WORKFLOW_FILE = '.github/workflows/memory.yml';

/**
 * The Action as a workflow names it. Its repository is not known to the
 * package until it is published: the written workflow says to replace
 * <owner>, as the README's examples do. No release tag exists yet, so the
 * ref is the default branch; the comment beside it says to pin a sha.
 */
export const ACTION_REF = '<owner>/recall-gate@main';

/**
 * What each kind's job needs before the Action runs: steps, the Action step's env, its inputs beyond `suite`.
 * `envHints` are env lines written commented out, for the user to fill in: an `env:` with nothing under it
 * is null to YAML, and GitHub refuses the workflow.
 */
interface JobPart {
  steps: string[];
  env: string[];
  envHints?: string[];
  with: string[];
}

const SETUP_NODE = ['- uses: actions/setup-node@v4', '  with:', '    node-version: 20'];
const OPENAI_KEY_INPUT = ['openai-api-key: ${{ secrets.OPENAI_API_KEY }}   # the repository secret holding the key'];
/** The suite's env: passes these to the adapter; the Action's environment is where it reads them. */
const OPENAI_ENV = ['OPENAI_API_KEY: ${{ secrets.OPENAI_API_KEY }}', '# OPENAI_BASE_URL: https://api.openai.com/v1'];

/** What an adapter of your own may need, for the user to uncomment. */
const AGENT_ENV_HINTS = ["OPENAI_API_KEY: ${{ secrets.OPENAI_API_KEY }}   # what your agent needs, passed on by the suite's env: map"];

/** An adapter folder with its own package.json: installed where it is (commit the lockfile npm writes, then use npm ci). */
function ownPackage(dir: string): string[] {
  return [...SETUP_NODE, '- run: npm install --no-audit --no-fund   # commit the package-lock.json it writes, then use npm ci', `  working-directory: ${yamlValue(dir)}`];
}

function jobPart(kind: AgentKind, dir: string): JobPart {
  switch (kind) {
    case 'node':
      return { steps: [...SETUP_NODE, '    cache: npm', '- run: npm ci          # your agent and recall-gate (adapter.mjs imports recall-gate/adapter)'], env: [], envHints: AGENT_ENV_HINTS, with: [] };
    case 'python':
      return {
        steps: ['- uses: actions/setup-python@v5', '  with:', "    python-version: '3.12'", '# - run: pip install -r requirements.txt   # your agent\'s packages'],
        env: [],
        envHints: AGENT_ENV_HINTS,
        with: [],
      };
    case 'builtin':
      return { steps: [], env: [], with: OPENAI_KEY_INPUT };
    case 'mcp':
      return { steps: ['# install or start your MCP memory server here, if its command needs it'], env: [], with: OPENAI_KEY_INPUT };
    case 'mem0':
    case 'langgraph':
      return { steps: ownPackage(dir), env: OPENAI_ENV, with: [] };
    case 'letta':
      return { steps: ownPackage(dir), env: ['LETTA_BASE_URL: ${{ vars.LETTA_BASE_URL }}   # your Letta server, a repository variable', '# LETTA_API_KEY: ${{ secrets.LETTA_API_KEY }}'], with: [] };
  }
}

/** The Action step's env: block; commented out whole when it holds only hints (uncommenting both lines makes it valid). */
function envLines(part: JobPart): string[] {
  const hints = (part.envHints ?? []).map((line) => `# ${line}`);
  if (part.env.length > 0) return ['        env:', ...indent([...part.env, ...hints], 10)];
  if (hints.length === 0) return [];
  return ['        # env:', ...(part.envHints ?? []).map((line) => `        #   ${line}`)];
}

/** A path as a YAML value: plain when it is only path characters, else quoted (JSON is YAML). */
const yamlValue = (text: string): string => (/^[\w./-]+$/.test(text) ? text : JSON.stringify(text));

/** A branch name as a `branches:` filter, which reads * ? + [ ] and a leading ! as a pattern: escaped, it names that branch alone. */
const branchFilter = (branch: string): string => branch.replace(/[*?+[\]]|^!/g, (char) => `\\${char}`);

const indent = (lines: readonly string[], by: number): string[] => lines.map((line) => `${' '.repeat(by)}${line}`);

/**
 * .github/workflows/memory.yml for a suite at `suite` (from the repository
 * root, where the Action's working-directory starts), on pull requests and
 * pushes to `branch` (the default branch): the permissions the
 * Action needs, the kind's setup, the Action, and the results folder
 * uploaded as an artifact even when the gate fails.
 */
export function workflowText(kind: AgentKind, suite: string, dir: string, branch: string): string {
  const part = jobPart(kind, dir);
  const lines = [
    `# The memory gate, written by \`recall-gate init --agent ${kind} --workflow\`.`,
    '# Every pull request, and every push to the default branch, runs the retrieval',
    "# layer; the end-to-end layer runs when a changed file matches the suite's",
    "# memory_paths (or is the suite). The job fails when the suite's gate fails:",
    '# make it a required status check (branch protection) to block merges on it.',
    'name: memory',
    'on:',
    // Pushes to other branches too would run a pull request's commits twice (and its end-to-end cases, at the API's price).
    '  push:',
    `    branches: [${JSON.stringify(branchFilter(branch))}]   # the default branch: a push there saves the baseline pull requests compare against`,
    '  pull_request:',
    'permissions:',
    '  contents: read',
    '  pull-requests: write        # the sticky comment on pull requests',
    'jobs:',
    '  memory:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - uses: actions/checkout@v4',
    ...indent(part.steps, 6),
    `      # The Action: replace <owner> with the owner of recall-gate's repository; pin a commit sha for runs that never move.`,
    `      - uses: ${ACTION_REF}`,
    '        id: memory',
    ...envLines(part),
    '        with:',
    `          suite: ${yamlValue(suite)}`,
    ...indent(part.with, 10),
    '      # The results folder (report.html, results.json, trials.jsonl, report.md), kept even when the gate fails.',
    '      - uses: actions/upload-artifact@v4',
    '        if: always()',
    '        with:',
    '          name: recall-gate-results   # the Action\'s artifact-name input, which its comment names',
    '          path: ${{ steps.memory.outputs.results-path }}',
  ];
  return `${lines.join('\n')}\n`;
}
