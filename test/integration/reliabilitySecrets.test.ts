import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runCli, tempDir, type CliResult } from '../support/cli.js';
import { startOpenAIServer, type Fault, type OpenAIServer } from '../support/openaiServer.js';

/**
 * Secrets that reach recall-gate's outputs by the ways round 3 found: an
 * adapter (or a started server, or a grader) echoing what its `env:` map took
 * from the environment, a grader reading recall-gate's own environment, a
 * server echoing the rejected key encoded (base64, HTML, URL, another letter
 * case), and a key pasted as the base URL. Every planted value contains
 * "planted"; every output file, stdout and stderr are searched for that word
 * as written, HTML- and URL-decoded, and inside every base64 run decoded at
 * each offset.
 */
const nonce = randomBytes(4).toString('hex');
const SECRET = {
  /** DB_PASS: a name that does not look secret (no PASSW); with characters HTML and URLs escape. */
  dbPass: `Planted/Db+Pass&${nonce}"x`,
  /** Passed under a neutral name, SERVICE_REF. */
  serviceRef: `plantedServiceRef${nonce}Zq`,
  /** A grader's own env:, from GRADER_SOURCE. */
  graderToken: `planted-grader-token-${nonce}`,
  /** What the Action's inputs and the runner hold: never a grader's. */
  githubToken: `ghs_planted_github_${nonce}`,
  openaiKey: `sk-planted/openai+key&${nonce}`,
  pasted: `sk-proj-plantedPASTED${nonce}`,
};

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

const NAMED: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', apos: "'", sol: '/', plus: '+', equals: '=' };

/** `text` with HTML character references, then percent escapes and JSON \u escapes, decoded (each where it is well-formed). */
function decodedViews(text: string): string[] {
  const html = text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#([0-9]+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&([a-z]+);/gi, (whole, name: string) => NAMED[name.toLowerCase()] ?? whole);
  const percent = html.replace(/(%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
  const json = percent.replace(/\\+u([0-9a-f]{4})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return [text, html, percent, json];
}

/** Every base64 run of `text` decoded at each of the four character offsets (standard and URL-safe both decode). */
function base64Decodings(text: string): string[] {
  const decoded: string[] = [];
  for (const [run] of text.matchAll(/[A-Za-z0-9+/_-]{12,}/g)) {
    for (let shift = 0; shift < 4; shift++) decoded.push(Buffer.from(run.slice(shift), 'base64').toString('latin1'));
  }
  return decoded;
}

/** No planted value in any form in any of the texts. */
function assertNothingPlanted(texts: Record<string, string>): void {
  assert.ok(Object.keys(texts).length > 0);
  for (const [where, text] of Object.entries(texts)) {
    for (const view of decodedViews(text)) {
      const found = /planted/i.exec(view) ?? base64Decodings(view).map((decoded) => /planted/i.exec(decoded)).find(Boolean);
      if (found) assert.fail(`${where} holds a planted secret: ...${(found.input ?? '').slice(Math.max(0, found.index - 80), found.index + 80)}...`);
    }
  }
}

/** The results folder's files and the streams of a run. */
function outputs(out: string, result: CliResult, name: string): Record<string, string> {
  const files = existsSync(out) ? filesBelow(out) : {};
  return { ...files, [`${name} stdout`]: result.stdout, [`${name} stderr`]: result.stderr };
}

/** `value` in every form a careless program might echo it in. */
function echoForms(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const html = [...value].map((char) => (/[A-Za-z0-9]/.test(char) ? char : `&#x${char.codePointAt(0)!.toString(16).toUpperCase()};`)).join('');
  const decimal = [...value].map((char) => (/[A-Za-z0-9]/.test(char) ? char : `&#${char.codePointAt(0)};`)).join('');
  const escaped = value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/\//g, '&#x2f;').replace(/\+/g, '&#43;');
  return [
    value,
    value.toUpperCase(),
    value.toLowerCase(),
    bytes.toString('base64'),
    bytes.toString('base64url'),
    Buffer.from(`Bearer ${value}`).toString('base64'),
    Buffer.from(`x${value}yz`).toString('base64url'),
    html,
    decimal,
    escaped,
    encodeURIComponent(value),
  ];
}

/**
 * A careless adapter: it replies to every chat with the values of the
 * variables ECHO_NAMES lists in the forms above, fails a probe that says
 * "fail" with an error echoing them, and prints them on stderr. --http: the
 * same over HTTP, its URL printed first (as a `start:` server).
 */
const ECHO_ADAPTER = `
import { createInterface } from 'node:readline';
import { createServer } from 'node:http';
const echoForms = ${echoForms.toString()};
const echoed = () => (process.env.ECHO_NAMES ?? '').split(',').map((name) => name + '=' + echoForms(process.env[name] ?? '').join(' | ')).join('; ');
console.error('adapter environment: ' + echoed());
const answer = (request) => {
  const { id, method, params } = request;
  if (method !== 'chat') return { jsonrpc: '2.0', id, result: {} };
  if (/fail/i.test(params.message)) return { jsonrpc: '2.0', id, error: { code: -32603, message: 'the agent failed with ' + echoed(), data: { env: echoed() } } };
  return { jsonrpc: '2.0', id, result: { reply: 'I remember nothing, but here is my configuration: ' + echoed() } };
};
if (process.argv.includes('--http')) {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer(JSON.parse(body))));
    });
  });
  server.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + server.address().port + '/rpc'));
} else {
  createInterface({ input: process.stdin }).on('line', (line) => console.log(JSON.stringify(answer(JSON.parse(line)))));
}
`;

/**
 * A grader that writes the environment it has (when imported and when
 * called) to dumps/ beside itself, and puts what it can find of the Action's
 * token, the OpenAI key and its own GRADER_TOKEN, in every form, in its
 * reason.
 */
const DUMPING_GRADER = `
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
const dumps = join(import.meta.dirname, 'dumps');
mkdirSync(dumps, { recursive: true });
const dump = (when) => writeFileSync(join(dumps, when + '-' + process.pid + '-' + Date.now() + '-' + Math.random() + '.json'), JSON.stringify(process.env));
dump('import');
const echoForms = ${echoForms.toString()};
export function grade(ctx) {
  dump('grade');
  const found = ['INPUT_GITHUB-TOKEN', 'GITHUB_TOKEN', 'OPENAI_API_KEY', 'GRADER_TOKEN'].map((name) => name + ': ' + (process.env[name] ? echoForms(process.env[name]).join(' ') : 'none'));
  return { score: 0, reason: 'graded with ' + found.join('; '), metadata: { found } };
}
`;

/** Two cases: the probe of the second says "fail", which the echoing adapter fails with an error. `extra` is added to each. */
function cases(extra = ''): string[] {
  return [
    'e2e:',
    '  cases:',
    `    - { name: remembers, ability: extraction, sessions: [{ user: "I live in Porto." }], probe: { text: "Where do I live?" }, check: { icontains: porto }${extra} }`,
    `    - { name: fails, ability: extraction, sessions: [{ user: "I live in Porto." }], probe: { text: "Please fail now." }, check: { icontains: porto }${extra} }`,
  ];
}

const ENV_MAP = ['      DB_PASS: "${DB_PASS}"', '      CONN: "Password=${DB_PASS};Host=db.internal"', '      SERVICE_REF: "${SERVICE_REF}"', '      ECHO_NAMES: DB_PASS,CONN,SERVICE_REF'];

describe('round 3 secrets never reach any output', { timeout: 300_000 }, () => {
  let openai: OpenAIServer;
  before(async () => {
    openai = await startOpenAIServer();
  });
  after(async () => {
    await openai.close();
  });

  test('values an env: map takes from the environment, echoed in any form by a command adapter and a started server', async () => {
    const dir = tempDir('recall-gate-r3-env-');
    writeFileSync(join(dir, 'echo.mjs'), ECHO_ADAPTER);
    const target = (lines: string[]) => ['  target:', ...lines, '    env:', ...ENV_MAP, ''];
    writeFileSync(join(dir, 'command.yaml'), ['name: r3-command', ...cases(), ...target(['    kind: command', `    command: [${JSON.stringify(process.execPath)}, echo.mjs, --stdio]`])].join('\n'));
    writeFileSync(join(dir, 'started.yaml'), ['name: r3-started', ...cases(), ...target(['    kind: http', `    start: [${JSON.stringify(process.execPath)}, echo.mjs, --http]`])].join('\n'));
    const texts: Record<string, string> = {};
    for (const name of ['command', 'started']) {
      const out = tempDir(`recall-gate-r3-${name}-out-`);
      const result = await runCli(['run', join(dir, `${name}.yaml`), '--out', out], { env: { DB_PASS: SECRET.dbPass, SERVICE_REF: SECRET.serviceRef } });
      // The probe that says "fail" errors, so the run ends incomplete.
      assert.equal(result.code, 3, `${name}: ${result.stdout}${result.stderr}`);
      const produced = outputs(out, result, name);
      for (const file of ['report.md', 'report.html', 'junit.xml', 'results.json', 'trials.jsonl']) assert.ok(join(out, file) in produced, `${name}: no ${file}`);
      // The echo is there, scrubbed: the search below cannot pass on empty output.
      assert.match(produced[join(out, 'trials.jsonl')]!, /DB_PASS=\*\*\*( \| \w*\*\*\*\w*){10}; CONN=\*\*\*/);
      assert.match(produced[join(out, 'results.json')]!, /the agent failed with DB_PASS=\*\*\*/);
      // A command adapter's stderr and a started server's log go to adapter.log in the results folder.
      const stderrOf = produced[join(out, 'adapter.log')] ?? '';
      assert.match(stderrOf, /adapter environment: DB_PASS=\*\*\*/);
      Object.assign(texts, produced);
    }
    assertNothingPlanted(texts);
  });

  /** The environments the grader in `dir` wrote, then cleared. */
  function graderEnvironments(dir: string): Record<string, string>[] {
    const dumps = join(dir, 'dumps');
    const seen = existsSync(dumps) ? readdirSync(dumps) : [];
    const environments = seen.map((file) => JSON.parse(readFileSync(join(dumps, file), 'utf8')) as Record<string, string>);
    rmSync(dumps, { recursive: true, force: true });
    return environments;
  }

  /** The Action's token and inputs, the OpenAI key: what recall-gate has and a grader must not. */
  const RECALL_GATE_SECRETS = { 'INPUT_GITHUB-TOKEN': SECRET.githubToken, 'INPUT_OPENAI-API-KEY': SECRET.openaiKey, GITHUB_TOKEN: SECRET.githubToken, OPENAI_API_KEY: SECRET.openaiKey, GRADER_SOURCE: SECRET.graderToken };

  function assertGraderEnvironment(environment: Record<string, string>, own: Record<string, string>): void {
    for (const name of [...Object.keys(RECALL_GATE_SECRETS), 'RECALL_GATE_CACHE_DIR']) assert.equal(environment[name], undefined, `the grader had ${name}`);
    assert.equal(environment.PATH, process.env.PATH);
    for (const [name, value] of Object.entries(own)) assert.equal(environment[name], value, name);
  }

  test('a script grader runs with a command adapter\'s few variables and what its env: names, never recall-gate\'s secrets', async () => {
    const dir = tempDir('recall-gate-r3-grader-');
    writeFileSync(join(dir, 'grader.mjs'), DUMPING_GRADER);
    writeFileSync(join(dir, 'echo.mjs'), ECHO_ADAPTER);
    const suite = (name: string, grader: string) => [`name: ${name}`, ...cases(`, graders: { dumping: { script: "grader.mjs#grade"${grader} } }`).slice(0, 3), '  target:', '    kind: command', `    command: [${JSON.stringify(process.execPath)}, echo.mjs, --stdio]`, ''].join('\n');
    writeFileSync(join(dir, 'plain.yaml'), suite('r3-grader-plain', ''));
    writeFileSync(join(dir, 'own.yaml'), suite('r3-grader-own', ', env: { GRADER_TOKEN: "${GRADER_SOURCE}", MODE: strict }'));
    const texts: Record<string, string> = {};
    for (const [name, own] of [['plain', {}], ['own', { GRADER_TOKEN: SECRET.graderToken, MODE: 'strict' }]] as const) {
      const out = tempDir(`recall-gate-r3-grader-${name}-out-`);
      const result = await runCli(['run', join(dir, `${name}.yaml`), '--out', out], { env: RECALL_GATE_SECRETS });
      // Trials fail (no gate, so the run succeeds): they were graded.
      assert.equal(result.code, 0, `${name}: ${result.stdout}${result.stderr}`);
      const environments = graderEnvironments(dir);
      assert.ok(environments.length >= 2, `${name}: the grader wrote ${environments.length} environments`);
      for (const environment of environments) assertGraderEnvironment(environment, own);
      const produced = outputs(out, result, name);
      // What the grader found, in its reason: nothing but its own token, scrubbed.
      const found = name === 'own' ? 'GRADER_TOKEN: \\*\\*\\*' : 'GRADER_TOKEN: none';
      assert.match(produced[join(out, 'trials.jsonl')]!, new RegExp(`graded with INPUT_GITHUB-TOKEN: none; GITHUB_TOKEN: none; OPENAI_API_KEY: none; ${found}`));
      Object.assign(texts, produced);
    }
    assertNothingPlanted(texts);
  });

  test('validate imports a grader with the same few variables; a variable only a run sets is left out, not a problem', async () => {
    const dir = tempDir('recall-gate-r3-validate-');
    writeFileSync(join(dir, 'grader.mjs'), DUMPING_GRADER);
    const suite = (grader: string) => ['name: r3-validate', ...cases(`, graders: { dumping: { script: "grader.mjs#grade"${grader} } }`).slice(0, 3), '  target: { kind: command, command: [node, agent.mjs, --stdio] }', ''].join('\n');
    writeFileSync(join(dir, 'plain.yaml'), suite(''));
    writeFileSync(join(dir, 'own.yaml'), suite(', env: { GRADER_TOKEN: "${GRADER_SOURCE}", LATER: "${NOT_SET_WHEN_VALIDATING}" }'));
    for (const [name, own] of [['plain', {}], ['own', { GRADER_TOKEN: SECRET.graderToken }]] as const) {
      const result = await runCli(['validate', join(dir, `${name}.yaml`)], { env: RECALL_GATE_SECRETS });
      assert.equal(result.code, 0, result.stdout + result.stderr);
      const environments = graderEnvironments(dir);
      assert.equal(environments.length, 1);
      assertGraderEnvironment(environments[0]!, own);
      assert.equal(environments[0]!.LATER, undefined);
      assertNothingPlanted({ [`${name} stdout`]: result.stdout, [`${name} stderr`]: result.stderr });
    }
  });

  test('a grader env: on another kind of grader is refused at its line', async () => {
    const dir = tempDir('recall-gate-r3-graderenv-');
    writeFileSync(
      join(dir, 'suite.yaml'),
      ['name: r3-grader-env', 'e2e:', '  cases:', '    - name: c', '      ability: extraction', '      sessions: [{ user: "I live in Porto." }]', '      probe: { text: "Where do I live?" }', '      graders:', '        answer: { check: { icontains: porto }, env: { A: b } }', '  target: { kind: command, command: [node, agent.mjs, --stdio] }', ''].join('\n'),
    );
    const result = await runCli(['validate', join(dir, 'suite.yaml')]);
    assert.equal(result.code, 2, result.stdout + result.stderr);
    assert.match(result.stderr, /suite\.yaml:9:\d+: env is for script graders: a check grader runs no process of its own/);
  });

  test('a 401 echoing the key base64-encoded, HTML-escaped, URL-encoded or in another letter case', async () => {
    const dir = tempDir('recall-gate-r3-401-');
    writeFileSync(join(dir, 'prompt.md'), 'You are helpful.\n');
    writeFileSync(
      join(dir, 'suite.yaml'),
      [
        'name: r3-echo',
        'retrieval:',
        '  providers:',
        '    - { name: remote, kind: vector, embedding: { kind: openai, model: text-embedding-3-small, max_retries: 0 } }',
        '  memories: [{ id: home, user: ana, text: "I live in Porto." }]',
        '  queries: [{ id: where, user: ana, text: "Where does Ana live?", relevant: [home] }]',
        ...cases().slice(0, 3),
        '  target: { kind: builtin, model: gpt-test, system_prompt: prompt.md, memory: { provider: remote }, max_retries: 0 }',
        '',
      ].join('\n'),
    );
    /** A 401 that echoes the Authorization header's key in every form. */
    const echo = (path: string): Fault => ({
      kind: 'status',
      status: 401,
      path,
      body: (request: IncomingMessage) => {
        const key = (request.headers.authorization ?? '').replace(/^Bearer /, '');
        return JSON.stringify({ error: { message: `Incorrect API key provided: ${echoForms(key).join(' ; ')} (auth ${Buffer.from(request.headers.authorization ?? '').toString('base64')})`, type: 'invalid_request_error' } });
      },
    });
    openai.faults.length = 0;
    for (let i = 0; i < 20; i++) openai.faults.push(echo('/v1/chat/completions'), echo('/v1/embeddings'));
    const out = tempDir('recall-gate-r3-401-out-');
    const result = await runCli(['run', join(dir, 'suite.yaml'), '--layer', 'all', '--out', out], { env: { OPENAI_API_KEY: SECRET.openaiKey, OPENAI_BASE_URL: openai.url } });
    assert.equal(result.code, 3, result.stdout + result.stderr);
    const produced = outputs(out, result, 'echo');
    assert.match(produced[join(out, 'results.json')]!, /Incorrect API key provided: \*\*\*( ; \w*\*\*\*\w*){10} \(auth \w*\*\*\*\w*\)/);
    assertNothingPlanted(produced);
    openai.faults.length = 0;
  });

  test('a key pasted as OPENAI_BASE_URL, or as a suite\'s base_url, is never written', async () => {
    const dir = tempDir('recall-gate-r3-url-');
    writeFileSync(join(dir, 'prompt.md'), 'You are helpful.\n');
    const suite = (baseUrl?: string) =>
      [
        'name: r3-url',
        'retrieval:',
        '  providers:',
        `    - { name: remote, kind: vector, embedding: { kind: openai, model: text-embedding-3-small, max_retries: 0${baseUrl ? `, base_url: ${JSON.stringify(baseUrl)}` : ''} } }`,
        '  memories: [{ id: home, user: ana, text: "I live in Porto." }]',
        '  queries: [{ id: where, user: ana, text: "Where does Ana live?", relevant: [home] }]',
        ...cases().slice(0, 3),
        '  target: { kind: builtin, model: gpt-test, system_prompt: prompt.md, memory: { provider: remote }, max_retries: 0 }',
        '',
      ].join('\n');
    writeFileSync(join(dir, 'env.yaml'), suite());
    const out = tempDir('recall-gate-r3-url-out-');
    const run = await runCli(['run', join(dir, 'env.yaml'), '--layer', 'all', '--out', out], { env: { OPENAI_API_KEY: 'sk-test-not-the-pasted-one', OPENAI_BASE_URL: SECRET.pasted } });
    assert.equal(run.code, 3, run.stdout + run.stderr);
    const produced = outputs(out, run, 'env');
    assert.match(produced[join(out, 'results.json')]!, /request to \(an invalid URL of 29 characters\) failed/);

    // In the suite: the problem names where and what, not the text.
    writeFileSync(join(dir, 'suite.yaml'), suite(`https://proxy.example:99999/v1?key=${SECRET.pasted}`));
    const validate = await runCli(['validate', join(dir, 'suite.yaml')]);
    assert.equal(validate.code, 2, validate.stdout + validate.stderr);
    assert.match(validate.stderr, /suite\.yaml:4:\d+: .*https:\/\/proxy\.example\/\.\.\. \(an invalid URL of \d+ characters\)/);
    assertNothingPlanted({ ...produced, 'validate stdout': validate.stdout, 'validate stderr': validate.stderr });
  });
});
