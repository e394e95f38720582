import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, test } from 'node:test';
import { runAction } from '../support/action.js';
import { REPO_ROOT, runCli, tempDir } from '../support/cli.js';
import { startGitHubServer, type GitHubServer } from '../support/githubServer.js';
import { startOpenAIServer, type Fault, type OpenAIServer } from '../support/openaiServer.js';

/**
 * Distinct secret values are planted where users keep them (the environment,
 * the Action's inputs, an http target's headers_env, credentials in a URL, a
 * variable whose name says it is secret), servers and an adapter echo them back
 * in errors, and then every file of the results folders, the job summary,
 * every posted comment, the outputs and the streams are searched for them.
 * Every planted value contains "planted", so a search for that word also
 * finds a secret cut short or escaped in a way the search did not list.
 */
const nonce = randomBytes(4).toString('hex');
const SECRET = {
  // A quote, a slash and a backslash: JSON escapes two of them, URL encoding all three.
  openaiKey: `sk-planted/"openai\\key-${nonce}`,
  githubToken: `ghs_planted_github_token_${nonce}`,
  /** Sent as the http target's X-Agent-Key header, from AGENT_HEADER_VALUE: a name that does not look secret. */
  header: `hdr-planted-header-${nonce}`,
  urlUser: `planted-user-${nonce}`,
  urlPassword: `pw/planted-password-${nonce}`,
  queryKey: `qk-planted-query-${nonce}`,
  /** Known as a secret only by its variable's name, MY_SERVICE_SECRET. */
  service: `svc-planted-service-${nonce}`,
  /** Named only by a variant's embedding (api_key_env: VARIANT_EMBEDDER), under a name that does not look secret. */
  variantKey: `vk-planted-variant-${nonce}`,
};
const basicCredentials = Buffer.from(`${SECRET.urlUser}:${SECRET.urlPassword}`).toString('base64');
const LEAKY = join(REPO_ROOT, 'test', 'fixtures', 'adapters', 'leaky.mjs');

/** Each value as it may be written: as is, JSON-escaped once and twice, URL-encoded; and the Basic credentials. */
const FORMS: string[] = [
  ...Object.values(SECRET).flatMap((value) => {
    const once = JSON.stringify(value).slice(1, -1);
    return [value, once, JSON.stringify(once).slice(1, -1), encodeURIComponent(value)];
  }),
  basicCredentials,
];

/** A 401 that echoes the key it rejected, as some OpenAI-compatible servers do. */
const echoKey = (path: string): Fault => ({
  kind: 'status',
  status: 401,
  path,
  body: (request: IncomingMessage) => JSON.stringify({ error: { message: `Incorrect API key provided: ${request.headers.authorization}`, type: 'invalid_request_error' } }),
});

function writeSuites(dir: string, httpUrl: string): { builtin: string; command: string; http: string } {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'prompt.md'), 'You are a helpful assistant with memory.\n');
  const cases = [
    'e2e:',
    '  repeat: 2',
    '  cases:',
    '    - { name: city, ability: extraction, sessions: [{ user: "I live in Porto." }], probe: { text: "Where do I live?" }, check: { icontains: porto } }',
  ];
  writeFileSync(
    join(dir, 'builtin.yaml'),
    [
      'name: leak-builtin',
      'retrieval:',
      '  k: [1]',
      '  depth: 3',
      '  providers:',
      '    - { name: keyword, kind: keyword }',
      '    - { name: remote, kind: vector, embedding: { kind: openai, model: text-embedding-3-small, max_retries: 0 } }',
      '  memories: [{ id: home, user: ana, text: "I live in Porto." }]',
      '  queries: [{ id: where, user: ana, text: "Where does Ana live?", relevant: [home] }]',
      ...cases,
      '  target: { kind: builtin, model: gpt-test, system_prompt: prompt.md, memory: { provider: keyword }, max_retries: 0 }',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'command.yaml'),
    [
      'name: leak-command',
      ...cases,
      '  target:',
      '    kind: command',
      `    command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(LEAKY)}, --stdio]`,
      '    env:',
      '      ENV_DUMP: "${LEAKY_ENV_DUMP}"',
      '      LEAKY_EXIT_AFTER: "1"',
      '      AGENT_MODE: fixture',
      '      AGENT_GITHUB_TOKEN: "${GITHUB_TOKEN}"',
      '      SERVICE_CONF: "conf=${MY_SERVICE_SECRET}"',
      '',
    ].join('\n'),
  );
  writeFileSync(join(dir, 'http.yaml'), ['name: leak-http', ...cases, `  target: { kind: http, url: "${httpUrl}", headers_env: { X-Agent-Key: AGENT_HEADER_VALUE } }`, ''].join('\n'));
  return { builtin: join(dir, 'builtin.yaml'), command: join(dir, 'command.yaml'), http: join(dir, 'http.yaml') };
}

/** Every file below `dir`, by path. */
function filesBelow(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) Object.assign(found, filesBelow(path));
    else found[path] = readFileSync(path, 'utf8');
  }
  return found;
}

/** No planted value in any form, nor any piece of one ("planted"), in any of the texts. */
function assertNoSecrets(texts: Record<string, string>): void {
  for (const [where, text] of Object.entries(texts)) {
    for (const form of FORMS) assert.ok(!text.includes(form), `${where} holds ${JSON.stringify(form)}:\n${text}`);
    assert.doesNotMatch(text, /planted/i, `${where} holds part of a planted secret`);
  }
}

/** The child's environment as the fixture wrote it, unscrubbed. */
function assertChildEnvironment(dumpPath: string): void {
  const env = JSON.parse(readFileSync(dumpPath, 'utf8')) as Record<string, string>;
  for (const name of ['GITHUB_TOKEN', 'INPUT_GITHUB-TOKEN', 'OPENAI_API_KEY', 'INPUT_OPENAI-API-KEY', 'MY_SERVICE_SECRET', 'AGENT_HEADER_VALUE', 'GITHUB_STEP_SUMMARY', 'RECALL_GATE_CACHE_DIR']) {
    assert.equal(env[name], undefined, `the adapter received ${name}`);
  }
  assert.ok(!Object.values(env).some((value) => value.includes(SECRET.openaiKey)), 'the adapter received the OpenAI key');
  // What the suite's env: names, and what programs need to start.
  assert.equal(env.AGENT_MODE, 'fixture');
  assert.equal(env.LEAKY_EXIT_AFTER, '1');
  assert.equal(env.AGENT_GITHUB_TOKEN, SECRET.githubToken);
  assert.equal(env.SERVICE_CONF, `conf=${SECRET.service}`);
  assert.equal(env.PATH, process.env.PATH);
}

/** The example of the http fixture: started with --http, its URL read from its first line. */
async function startLeakyHttp(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [LEAKY, '--http'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the leaky adapter exited with code ${code}`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  return { url, child };
}

describe('secrets never reach any output', { timeout: 300_000 }, () => {
  let openai: OpenAIServer;
  let github: GitHubServer;
  let leakyHttp: { url: string; child: ChildProcess };
  let httpUrl: string;

  before(async () => {
    openai = await startOpenAIServer();
    github = await startGitHubServer({ owner: 'acme', repo: 'agent', token: SECRET.githubToken, pulls: { 7: [{ filename: 'src/memory/store.ts' }] } });
    leakyHttp = await startLeakyHttp();
    const url = new URL(leakyHttp.url);
    url.username = encodeURIComponent(SECRET.urlUser);
    url.password = encodeURIComponent(SECRET.urlPassword);
    url.searchParams.set('api-key', SECRET.queryKey);
    httpUrl = url.href;
  });
  after(async () => {
    leakyHttp.child.kill();
    await github.close();
    await openai.close();
  });

  /** Enough echoing 401s for every chat and embeddings request of one run. */
  function armFaults(): void {
    openai.faults.length = 0;
    for (let i = 0; i < 40; i += 1) openai.faults.push(echoKey('/v1/chat/completions'), echoKey('/v1/embeddings'));
  }

  const plantedEnv = (dump: string): NodeJS.ProcessEnv => ({
    GITHUB_TOKEN: SECRET.githubToken,
    AGENT_HEADER_VALUE: SECRET.header,
    MY_SERVICE_SECRET: SECRET.service,
    LEAKY_ENV_DUMP: dump,
  });

  /**
   * The marker stands where each echoed secret was, so the search above cannot
   * pass on empty output. In markdown the marker's stars are escaped.
   */
  function assertMarkers(text: string, which: { builtin?: boolean; command?: boolean; http?: boolean }): void {
    const star3 = '(\\\\?\\*){3}';
    const marked = (before: string, after = '') => new RegExp(`${before}${star3}${after}`);
    if (which.builtin) assert.match(text, marked('Incorrect API key provided: Bearer '));
    if (which.command) {
      assert.match(text, marked('AGENT\\\\?_GITHUB\\\\?_TOKEN='));
      // The whole value an env: map builds from the environment is a secret, not only the variable's part.
      assert.match(text, marked('SERVICE\\\\?_CONF='));
    }
    if (which.http) {
      assert.match(text, marked('/rpc\\?api-key='));
      assert.match(text, marked('x-agent-key[\\\\"]*:[\\\\"]*'));
      assert.match(text, marked('Basic '));
      assert.match(text, marked('as ', `:${star3}`));
    }
  }

  test('the CLI: results folders, stdout and stderr of runs against echoing servers and a leaky adapter', async () => {
    const suites = writeSuites(tempDir('recall-gate-leak-suites-'), httpUrl);
    const dump = join(tempDir('recall-gate-leak-dump-'), 'env.json');
    const env = { ...plantedEnv(dump), OPENAI_API_KEY: SECRET.openaiKey, OPENAI_BASE_URL: openai.url };
    const texts: Record<string, string> = {};
    for (const [name, suite] of Object.entries(suites)) {
      armFaults();
      const out = tempDir('recall-gate-leak-out-');
      const result = await runCli(['run', suite, '--layer', 'all', '--out', out], { env });
      // Every run ends with errors: the servers refuse, the adapter fails.
      assert.equal(result.code, 3, `${name}: ${result.stdout}${result.stderr}`);
      const files = filesBelow(out);
      assert.ok(Object.keys(files).some((path) => path.endsWith('results.json')) && Object.keys(files).some((path) => path.endsWith('trials.jsonl')), `${name}: ${Object.keys(files).join(', ')}`);
      Object.assign(texts, files, { [`${name} stdout`]: result.stdout, [`${name} stderr`]: result.stderr });
      const folder = Object.entries(files).map(([path, text]) => `${path}\n${text}`).join('\n');
      assertMarkers(folder, { [name]: true });
      for (const file of ['results.json', 'trials.jsonl']) assertMarkers(files[join(out, file)]!, { [name]: true });
      // report.md cuts long reasons: the first secret of each is enough.
      assert.match(files[join(out, 'report.md')]!, /(Bearer |TOKEN=|api-key=)(\\?\*){3}/);
      if (name === 'command') {
        // The child's stderr as it was passed through, and its last lines in the error of the calls after it exited.
        assertMarkers(result.stderr, { command: true });
        assert.match(files[join(out, 'trials.jsonl')]!, /exited with code 3 while .{0,20}chat.{0,20} was waiting for its response; the last lines of its stderr/);
        assertChildEnvironment(dump);
      }
    }
    assertNoSecrets(texts);
    // results.json and trials.jsonl are still JSON after scrubbing.
    for (const [path, text] of Object.entries(texts)) {
      if (path.endsWith('results.json')) JSON.parse(text);
      if (path.endsWith('trials.jsonl')) for (const line of text.split('\n').filter(Boolean)) JSON.parse(line);
    }
  });

  test('a key only a variant names is scrubbed from that variant\'s results', async () => {
    const dir = tempDir('recall-gate-leak-variant-');
    writeFileSync(
      join(dir, 'suite.yaml'),
      [
        'name: variant-leak',
        'retrieval:',
        '  providers:',
        '    - { name: vec, kind: vector, embedding: { kind: ngram } }',
        '  memories:',
        '    - { id: m1, text: I drink tea. }',
        '  queries:',
        '    - { id: q1, text: What do I drink?, relevant: [m1] }',
        'variants:',
        `  - { name: paid, providers: { vec: { embedding: { kind: openai, model: text-embedding-3-small, base_url: "${openai.url}", api_key_env: VARIANT_EMBEDDER } } } }`,
        '',
      ].join('\n'),
    );
    armFaults();
    const out = tempDir('recall-gate-leak-variant-out-');
    const result = await runCli(['run', join(dir, 'suite.yaml'), '--variant', 'paid', '--out', out], { env: { VARIANT_EMBEDDER: SECRET.variantKey } });
    assert.equal(result.code, 3, result.stdout + result.stderr);
    const files = filesBelow(out);
    assert.match(files[join(out, 'results.json')]!, /Incorrect API key provided: Bearer \*{3}/);
    assertNoSecrets({ ...files, stdout: result.stdout, stderr: result.stderr });
  });

  test('the Action: comments, job summary, outputs, log and results folder', async () => {
    const cwd = tempDir('recall-gate-leak-ws-');
    writeSuites(join(cwd, 'evals'), httpUrl);
    const dump = join(tempDir('recall-gate-leak-dump-'), 'env.json');
    const eventPath = join(tempDir('recall-gate-event-'), 'event.json');
    writeFileSync(eventPath, JSON.stringify({ number: 7, pull_request: { number: 7, changed_files: 1, head: { sha: 'f'.repeat(40) } }, repository: { default_branch: 'main' } }));
    armFaults();
    const run = await runAction(
      cwd,
      {
        suite: 'evals/builtin.yaml\nevals/command.yaml\nevals/http.yaml',
        layer: 'all',
        'openai-api-key': SECRET.openaiKey,
        'openai-base-url': openai.url,
        'github-token': SECRET.githubToken,
      },
      {
        ...plantedEnv(dump),
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: eventPath,
        GITHUB_REPOSITORY: 'acme/agent',
        GITHUB_SHA: 'f'.repeat(40),
        GITHUB_API_URL: github.url,
      },
    );
    assert.equal(run.outputs.verdict, 'incomplete', run.log);
    const comments = github.comments.filter((comment) => comment.issueNumber === 7);
    assert.equal(comments.length, 3, run.log);
    // ::add-mask:: lines are the runner's masking commands: it reads them and never shows them.
    const log = run.log
      .split('\n')
      .filter((line) => !line.startsWith('::add-mask::'))
      .join('\n');
    assert.ok(run.log.includes(`::add-mask::${SECRET.header}`), 'the headers_env value is masked in the runner log');
    const results = filesBelow(join(cwd, 'recall-gate-results'));
    const texts: Record<string, string> = {
      ...results,
      summary: run.summary,
      outputs: run.outputText,
      log,
      ...Object.fromEntries(comments.map((comment) => [`comment ${comment.id}`, comment.body])),
    };
    assertNoSecrets(texts);
    // The comment and the summary list the problems that stopped a run (the builtin suite's 401s), not each trial's error.
    for (const text of [comments.find((comment) => comment.body.includes('leak-builtin'))!.body, run.summary]) assertMarkers(text, { builtin: true });
    // The adapter's stderr, passed through to the log.
    assertMarkers(log, { command: true });
    for (const name of ['builtin', 'command', 'http'] as const) {
      const folder = join(cwd, 'recall-gate-results', `leak-${name}`);
      for (const file of ['results.json', 'trials.jsonl']) assertMarkers(results[join(folder, file)]!, { [name]: true });
    }
    assertChildEnvironment(dump);
  });
});
