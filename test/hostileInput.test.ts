/**
 * Hostile suite input: each fixture under test/fixtures/hostile/input is one
 * defect a hostile or careless user could write. Every one must end in a
 * clear problem at file:line:col with exit status 2, never a stack trace, a
 * hang or "ok" with nothing tested.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../src/cli/main.js';
import type { CliIO } from '../src/cli/io.js';
import { createStore } from '../src/memory/createStore.js';
import { runRetrieval } from '../src/retrieval/runRetrieval.js';
import { formatQrelsLines } from '../src/retrieval/trec.js';
import { loadSuite } from '../src/suite/load.js';
import { MAX_INPUT_BYTES } from '../src/source/readInput.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The CLI compiled from this tree (dist/ is rebuilt by the lead), run as its own process. */
const BUILT_CLI = fileURLToPath(new URL('../src/cli.js', import.meta.url));
const H = 'test/fixtures/hostile/input';

interface Run {
  status: number;
  stdout: string[];
  stderr: string[];
}

function io(cwd: string, env: NodeJS.ProcessEnv = {}): CliIO & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { cwd, env, stdout: (text) => void out.push(text), stderr: (text) => void err.push(text), out, err };
}

function lines(chunks: string[] | string): string[] {
  return (Array.isArray(chunks) ? chunks.join('') : chunks).split('\n').filter((line) => line !== '');
}

async function cli(args: string[], cwd = ROOT, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  const fake = io(cwd, env);
  const status = await main(args, fake);
  return { status, stdout: lines(fake.out), stderr: lines(fake.err) };
}

/**
 * validate as a separate process with a deadline, for inputs that hung or
 * exhausted memory before: a regression then fails this test instead of hanging it.
 */
function validateInProcessOfItsOwn(args: string[], cwd: string): Run {
  const result = spawnSync(process.execPath, [BUILT_CLI, 'validate', ...args], { cwd, encoding: 'utf8', timeout: 30_000, env: { PATH: process.env.PATH, HOME: process.env.HOME } });
  assert.equal(result.signal, null, `validate did not finish within 30 s (killed by ${result.signal}); stderr: ${result.stderr}`);
  return { status: result.status!, stdout: lines(result.stdout), stderr: lines(result.stderr) };
}

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'recall-gate-hostile-'));
}

function summary(count: number): string {
  return `recall-gate validate: ${count} problem${count === 1 ? '' : 's'} found`;
}

const RELATIVE = 'paths in a suite are relative to the suite file';
const FINITE = 'write a finite number; YAML reads .nan as not-a-number, .inf and 1e999 as infinity';
const SESSIONS = 'plant from a case that has sessions';
const REGULAR = 'recall-gate reads its input from regular files only';

interface Fixture {
  defect: string;
  file: string;
  /** Each line validate prints on stderr, before the count. */
  problems: string[];
}

const fixtures: Fixture[] = [
  {
    defect: 'plant_from pointing round in a circle (and a case planting into that circle)',
    file: 'plant-circular.yaml',
    problems: [
      `${H}/plant-circular.yaml:5:51: plant_from is circular: a -> b -> a (${SESSIONS})`,
      `${H}/plant-circular.yaml:6:51: plant_from is circular: b -> a -> b (${SESSIONS})`,
      `${H}/plant-circular.yaml:7:51: plant_from leads into a circular chain: c -> a -> b -> a (${SESSIONS})`,
    ],
  },
  {
    defect: 'plant_from naming its own case',
    file: 'plant-self.yaml',
    problems: [`${H}/plant-self.yaml:5:53: plant_from is circular: self -> self (${SESSIONS})`],
  },
  {
    defect: 'plant_from a case without sessions plants nothing',
    file: 'plant-nothing.yaml',
    problems: [`${H}/plant-nothing.yaml:6:53: plant_from plants nothing: case "empty" has no sessions (${SESSIONS})`],
  },
  {
    defect: 'impossible calendar dates in a memory, a session, a probe and a date check',
    file: 'impossible-dates.yaml',
    problems: [
      `${H}/impossible-dates.yaml:6:45: "date" must be a calendar date; got "2026-02-30": February 2026 has 28 days`,
      `${H}/impossible-dates.yaml:13:26: "date" must be a calendar date; got "2026-13-01": there is no month 13`,
      `${H}/impossible-dates.yaml:14:22: "date" must be a calendar date; got "2026-04-31": April 2026 has 30 days`,
      `${H}/impossible-dates.yaml:15:22: "date" must be a calendar date; got "2025-02-29": February 2025 has 28 days`,
    ],
  },
  {
    defect: 'YAML alias bomb (billion laughs)',
    file: 'alias-bomb.yaml',
    problems: [`${H}/alias-bomb.yaml:8:8: aliases expand to more than 100,000 values here (an alias bomb?) (write the data out, or reuse fewer nested anchors)`],
  },
  {
    defect: 'YAML alias naming no anchor',
    file: 'alias-unresolved.yaml',
    problems: [`${H}/alias-unresolved.yaml:4:31: alias *nope names no anchor &nope defined before it (define the anchor first, or write the value out)`],
  },
  {
    defect: 'YAML alias inside the node it names',
    file: 'alias-circular.yaml',
    problems: [
      `${H}/alias-circular.yaml:3:55: alias *providers is inside the node &providers it names, so its value would never end (an alias cannot refer to a node that contains it)`,
    ],
  },
  {
    defect: 'unresolved alias in a YAML data file the suite names',
    file: 'alias-in-data-file.yaml',
    problems: [`${H}/data/alias-unresolved-memories.yaml:2:23: alias *coffee-text names no anchor &coffee-text defined before it (define the anchor first, or write the value out)`],
  },
  {
    defect: '.nan and .inf numbers say what was written',
    file: 'non-finite-numbers.yaml',
    problems: [
      `${H}/non-finite-numbers.yaml:3:10: .inf is not a finite number (${FINITE})`,
      `${H}/non-finite-numbers.yaml:4:46: .NaN is not a finite number (${FINITE})`,
      `${H}/non-finite-numbers.yaml:6:43: -.inf is not a finite number (${FINITE})`,
    ],
  },
  {
    defect: '1e999 in a JSONL row reads as Infinity',
    file: 'non-finite-jsonl.yaml',
    problems: [`${H}/data/infinite-gain.jsonl:2:49: 1e999 is not a finite number (${FINITE})`],
  },
  {
    defect: 'a Chroma url without a host, an adapter url that is not http',
    file: 'chroma-url-no-host.yaml',
    problems: [
      `${H}/chroma-url-no-host.yaml:4:42: "url" must be an http:// or https:// URL with a host; got "(an invalid URL of 7 characters)": it names no host`,
      `${H}/chroma-url-no-host.yaml:5:44: "url" must be an http:// or https:// URL with a host; got "ftp://memory.example/rpc": it must start with http:// or https://, not ftp://`,
    ],
  },
  {
    defect: 'an http target url that is no URL',
    file: 'http-target-url.yaml',
    problems: [`${H}/http-target-url.yaml:3:30: "url" must be an http:// or https:// URL with a host; got "(an invalid URL of 16 characters)": it is not a valid URL`],
  },
  {
    defect: 'a bad url with credentials in it: the message shows it redacted (no secret is registered yet when a suite is validated)',
    file: 'url-credentials.yaml',
    problems: [`${H}/url-credentials.yaml:3:30: "url" must be an http:// or https:// URL with a host; got "(an invalid URL of 46 characters)": it is not a valid URL`],
  },
];

for (const fixture of fixtures) {
  test(`hostile input, ${fixture.defect}: exit 2 with each problem at its position`, async () => {
    const result = await cli(['validate', `${H}/${fixture.file}`]);
    assert.equal(result.status, 2);
    assert.deepEqual(result.stdout, []);
    assert.deepEqual(result.stderr, [...fixture.problems, summary(fixture.problems.length)]);
  });
}

test('hostile input: plant_from chains resolve in any order of the list', async () => {
  const result = await cli(['validate', `${H}/plant-forward-chain.yaml`]);
  assert.equal(result.status, 0, result.stderr.join('\n'));
  const cases = loadSuite(`${H}/plant-forward-chain.yaml`, ROOT).e2e!.cases;
  const planted = [{ date: '2026-03-01', turns: ['I drink green tea every morning.'] }];
  assert.deepEqual(
    cases.map((spec) => [spec.name, spec.sessions]),
    [
      ['a', planted],
      ['b', planted],
      ['c', planted],
    ],
  );
});

test('hostile input: an anchor used more than a hundred times is not taken for an alias bomb', async () => {
  const result = await cli(['validate', `${H}/alias-many-uses.yaml`]);
  assert.equal(result.status, 0, result.stderr.join('\n'));
  assert.deepEqual(result.stdout, [`${H}/alias-many-uses.yaml: ok (1 provider, 1 memory, 120 queries; 1 file read)`]);
});

function fifoSuite(memories: string): string {
  return [
    'name: fifo',
    'retrieval:',
    '  providers: [{ name: kw, kind: keyword }]',
    `  memories: ${memories}`,
    '  queries: [{ text: tea, relevant: [tea] }]',
    'e2e:',
    '  target: { kind: builtin, model: m, system_prompt: prompt.md, memory: { provider: kw } }',
    '  cases: [{ name: a, ability: x, sessions: [{ user: hi }], probe: { text: q }, check: { contains: t } }]',
    '',
  ].join('\n');
}

test('hostile input: a FIFO as a data file, a system prompt or the suite is refused at once, not waited on', () => {
  const dir = tempDir();
  for (const name of ['memories.jsonl', 'prompt.md', 'fifo-suite.yaml']) {
    const made = spawnSync('mkfifo', [join(dir, name)]);
    assert.equal(made.status, 0, `mkfifo failed: ${made.stderr}`);
  }
  writeFileSync(join(dir, 'suite.yaml'), fifoSuite('memories.jsonl'));
  const result = validateInProcessOfItsOwn(['suite.yaml', 'fifo-suite.yaml'], dir);
  assert.equal(result.status, 2);
  assert.deepEqual(result.stderr, [
    `suite.yaml:4:13: cannot read memories.jsonl: is a named pipe (FIFO), not a regular file (${REGULAR})`,
    `fifo-suite.yaml:1:1: cannot read fifo-suite.yaml: is a named pipe (FIFO), not a regular file (${REGULAR})`,
    summary(2),
  ]);
  // With a real memories file, the FIFO system prompt is reported where the suite names it.
  writeFileSync(join(dir, 'real.jsonl'), '{"id": "tea", "text": "green tea"}\n');
  writeFileSync(join(dir, 'suite2.yaml'), fifoSuite('real.jsonl'));
  const second = validateInProcessOfItsOwn(['suite2.yaml'], dir);
  assert.equal(second.status, 2);
  assert.deepEqual(second.stderr, [`suite2.yaml:7:53: cannot read prompt.md: is a named pipe (FIFO), not a regular file (${REGULAR})`, summary(1)]);
});

test('hostile input: /dev/zero by absolute path or behind a .jsonl link, and a file over the size limit, as the suite, are refused before reading', () => {
  const dir = tempDir();
  symlinkSync('/dev/zero', join(dir, 'zero.jsonl'));
  // Sparse: one byte over the limit without writing 256 MiB.
  writeFileSync(join(dir, 'huge.yaml'), '');
  truncateSync(join(dir, 'huge.yaml'), MAX_INPUT_BYTES + 1);
  writeFileSync(
    join(dir, 'suite.yaml'),
    [
      'name: devices',
      'retrieval:',
      '  providers: [{ name: kw, kind: keyword }]',
      '  memories: /dev/zero',
      '  queries: zero.jsonl',
      '',
    ].join('\n'),
  );
  const result = validateInProcessOfItsOwn(['suite.yaml', 'huge.yaml'], dir);
  assert.equal(result.status, 2);
  assert.deepEqual(result.stderr, [
    `suite.yaml:4:13: cannot read /dev/zero: is a character device, not a regular file (${REGULAR})`,
    `suite.yaml:5:12: cannot read zero.jsonl: is a character device, not a regular file (${REGULAR})`,
    'huge.yaml:1:1: cannot read huge.yaml: is larger than 256 MiB, the most recall-gate reads from one file (check the path, or split the data into smaller files)',
    summary(3),
  ]);
});

test('hostile input: data files with a problem on every one of 200,000 rows are reported, not a stack overflow', async () => {
  const dir = tempDir();
  // Not JSON at all (a binary or base64 file named .jsonl), and JSON rows the schema refuses.
  writeFileSync(join(dir, 'garbage.jsonl'), 'AAAA\n'.repeat(200_000));
  writeFileSync(join(dir, 'wrong.jsonl'), '{"x": 1}\n'.repeat(200_000));
  writeFileSync(join(dir, 'suite.yaml'), 'name: many\nretrieval:\n  providers: [{ name: kw, kind: keyword }]\n  memories: garbage.jsonl\n  queries: wrong.jsonl\n');
  const result = await cli(['validate', 'suite.yaml'], dir);
  assert.equal(result.status, 2);
  assert.equal(result.stderr[0], 'garbage.jsonl:1:1: row is not valid JSON: unexpected character (each line of a .jsonl file must be one JSON object)');
  assert.match(result.stderr.find((line) => line.startsWith('wrong.jsonl:200000:2:'))!, /unknown key "x"/);
  assert.doesNotMatch(result.stderr.join('\n'), /unexpected error|Maximum call stack|\n\s+at /);
  assert.equal(result.stderr.at(-1), summary(200_000 + 3 * 200_000));
});

test('hostile input: an empty --out is invalid input (exit 2), not a folder the environment could not create', async () => {
  const result = await cli(['run', 'suites/examples/assistant-memory/suite.yaml', '--layer', 'retrieval', '--out', '']);
  assert.equal(result.status, 2);
  assert.equal(result.stderr.at(-1), 'recall-gate run: the results folder is an empty path (give --out a folder; it is created if missing)');
});

test('hostile input: a data file that does not exist still says so, with the suite-relative hint', async () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'suite.yaml'), 'name: gone\nretrieval:\n  providers: [{ name: kw, kind: keyword }]\n  memories: nowhere.jsonl\n  queries: [{ text: tea, relevant: [tea] }]\n');
  const result = await cli(['validate', 'suite.yaml'], dir);
  assert.equal(result.status, 2);
  assert.deepEqual(result.stderr, [`suite.yaml:4:13: cannot read nowhere.jsonl: file not found (${RELATIVE})`, summary(1)]);
});

test('hostile input: memory ids __proto__, constructor and toString rank, score and reach the qrels like any other id', async () => {
  const suite = loadSuite(`${H}/proto-ids.yaml`, ROOT);
  const retrieval = suite.retrieval!;
  assert.deepEqual(
    retrieval.queries.map((query) => [query.id, Object.entries(query.relevant)]),
    [
      ['q-proto', [['__proto__', 1]]],
      [
        'q-graded',
        [
          ['constructor', 2],
          ['toString', 1],
        ],
      ],
    ],
  );
  const result = await runRetrieval(retrieval, {
    createStore: (provider) => createStore(provider, { suiteName: suite.name, runId: 'hostile', env: {}, baseDir: ROOT, cacheRoot: tempDir(), cacheEmbeddings: false, log: () => undefined }),
  });
  const provider = result.providers.kw!;
  assert.equal(provider.status, 'ok', provider.error);
  const [proto, graded] = provider.queries;
  assert.deepEqual(proto!.results.map((hit) => hit.id)[0], '__proto__');
  assert.deepEqual(Object.entries(proto!.ranks), [['__proto__', 1]]);
  assert.equal(proto!.metrics['recall@1'], 1);
  assert.equal(proto!.metrics.mrr, 1);
  // "coffee lunch" finds constructor only; toString (gain 1) is not returned.
  assert.deepEqual(Object.entries(graded!.ranks), [
    ['constructor', 1],
    ['toString', null],
  ]);
  assert.equal(graded!.metrics['recall@3'], 0.5);
  assert.equal(graded!.metrics['ndcg@3'], 2 / (2 + 1 / Math.log2(3)));
  assert.deepEqual(Object.keys(provider.by_tag!), ['__proto__', 'constructor']);
  assert.equal(provider.by_tag!.__proto__!.queries, 1);
  assert.equal(formatQrelsLines('q-proto', proto!.relevant), 'q-proto 0 __proto__ 1\n');
});

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test('gate notes say why a row failed when a provider errored: the retrieval provider, and e2e trials whose model could not answer', async () => {
  const port = await closedPort();
  const dir = tempDir();
  writeFileSync(
    join(dir, 'suite.yaml'),
    [
      'name: errored',
      'retrieval:',
      '  providers:',
      '    - { name: kw, kind: keyword }',
      `    - { name: chroma, kind: chroma, url: "http://127.0.0.1:${port}", embedding: { kind: ngram } }`,
      '  memories: [{ id: tea, text: green tea }]',
      '  queries: [{ text: tea, relevant: [tea] }]',
      'e2e:',
      `  target: { kind: builtin, model: m, base_url: "http://127.0.0.1:${port}/v1", max_retries: 0, memory: { provider: kw } }`,
      '  repeat: 2',
      '  cases: [{ name: tea, ability: extraction, sessions: [{ user: "I drink green tea" }], probe: { text: "What do I drink?" }, check: { contains: tea } }]',
      'gate:',
      '  all:',
      '    - { metric: retrieval.chroma.recall@1, op: gte, value: 0.5 }',
      '    - { metric: e2e.pass_rate, op: gte, value: 0.5 }',
      '',
    ].join('\n'),
  );
  const result = await cli(['run', 'suite.yaml', '--out', join(dir, 'out'), '--layer', 'all'], dir, { OPENAI_API_KEY: 'sk-test', RECALL_GATE_CACHE_DIR: join(dir, 'cache') });
  assert.equal(result.status, 3, result.stderr.join('\n'));
  const notes = result.stdout.slice(result.stdout.indexOf('notes:') + 1).filter((line) => /^ {2}all\[\d\]: /.test(line));
  assert.equal(notes.length, 2, result.stdout.join('\n'));
  assert.match(notes[0]!, new RegExp(`^ {2}all\\[0\\]: missing: provider chroma failed: setting up: Chroma at http://127\\.0\\.0\\.1:${port} failed`));
  assert.match(notes[1]!, /^ {2}all\[1\]: 2 of 2 trials errored and count as not passed: \S/);
});
