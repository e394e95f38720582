import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { RecallGateError, formatLocation, formatProblem } from '../src/errors.js';
import type { InputProblem } from '../src/model/source.js';
import { main } from '../src/cli/main.js';
import type { CliIO } from '../src/cli/io.js';
import { loadSuite } from '../src/suite/load.js';

// Fixtures live in the source tree; paths are given relative to the repository root,
// which is also the cwd, so every problem names a file like test/fixtures/suites/x.yaml.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const S = 'test/fixtures/suites';
const D = `${S}/data`;

interface Expected {
  at: string;
  message: string;
  hint: string | undefined;
}

function p(at: string, message: string, hint?: string): Expected {
  return { at, message, hint };
}

function simplify(problem: InputProblem): Expected {
  return { at: formatLocation(problem.where), message: problem.message, hint: problem.hint };
}

function format(expected: Expected): string {
  return formatProblem({ where: parseAt(expected.at), message: expected.message, hint: expected.hint });
}

function parseAt(at: string): InputProblem['where'] {
  const match = /^(.*):(\d+):(\d+)$/.exec(at);
  assert.ok(match, `bad location in test: ${at}`);
  return { file: match[1]!, line: Number(match[2]), col: Number(match[3]) };
}

/** The problems loadSuite reports for a suite, failing if it loads. */
function problemsOf(path: string): InputProblem[] {
  try {
    loadSuite(path, ROOT);
  } catch (error) {
    assert.ok(error instanceof RecallGateError, `expected a RecallGateError, got ${String(error)}`);
    assert.equal(error.code, 'invalid-input');
    assert.equal(error.exitCode, 2);
    const count = error.problems.length;
    assert.equal(error.message, `${count} problem${count === 1 ? '' : 's'} in the suite`);
    return error.problems;
  }
  assert.fail(`${path} loaded but should have been rejected`);
}

interface FakeIO extends CliIO {
  out: string[];
  err: string[];
}

function fakeIO(): FakeIO {
  const out: string[] = [];
  const err: string[] = [];
  return { cwd: ROOT, env: {}, stdout: (text) => void out.push(text), stderr: (text) => void err.push(text), out, err };
}

function lines(chunks: string[]): string[] {
  return chunks.join('').split('\n').filter((line) => line !== '');
}

async function validate(...paths: string[]): Promise<{ status: number; stdout: string[]; stderr: string[] }> {
  const io = fakeIO();
  const status = await main(['validate', ...paths], io);
  return { status, stdout: lines(io.out), stderr: lines(io.err) };
}


const RELATIVE = 'paths in a suite are relative to the suite file';
const YAML_HINT = 'fix the YAML syntax';
const JSONL_HINT = 'each line of a .jsonl file must be one JSON object';

interface Case {
  title: string;
  file: string;
  problems: Expected[];
}

const cases: Case[] = [
  {
    title: 'a memory file in a list takes only file: a split belongs to queries and cases',
    file: `${S}/memory-file-split.yaml`,
    problems: [p(`${S}/memory-file-split.yaml:4:50`, 'unknown key "split"', 'allowed keys: file')],
  },
  {
    title: 'a flow map left open is reported at its {, not where the reader gave up on it',
    file: `${S}/yaml-syntax.yaml`,
    problems: [p(`${S}/yaml-syntax.yaml:4:7`, 'this { is not closed before line 5, column 3, a line not indented past the key it belongs to', 'add the missing }, or indent the lines inside it further than its key')],
  },
  {
    title: 'a flow list closed on a line indented too little is reported at its [, with both ways out (its ] is there)',
    file: `${S}/yaml-flow-under-indented.yaml`,
    problems: [p(`${S}/yaml-flow-under-indented.yaml:3:6`, 'this [ is not closed before line 4, column 3, a line not indented past the key it belongs to', 'add the missing ], or indent the lines inside it further than its key')],
  },
  {
    title: 'nested lists left open are each named once, innermost first',
    file: `${S}/yaml-nested-open.yaml`,
    problems: [17, 13, 6].map((col) => p(`${S}/yaml-nested-open.yaml:3:${col}`, 'this [ is never closed: the YAML reader reached the end of the file without its ]', 'close it with ]')),
  },
  {
    title: 'a quote left open is reported at the quote, not at the end of the file the reader reached looking for its end',
    file: `${S}/yaml-unclosed-quote.yaml`,
    problems: [p(`${S}/yaml-unclosed-quote.yaml:2:14`, 'this "quote is never closed: the YAML reader reached the end of the file without its "', 'close it with ", and write a " inside the text as \\"')],
  },
  {
    title: 'a dedented key is reported at the key, once: what the parser says after it on that line comes of the same mistake',
    file: `${S}/yaml-dedented-key.yaml`,
    problems: [p(`${S}/yaml-dedented-key.yaml:6:2`, 'All mapping items must start at the same column', YAML_HINT)],
  },
  {
    title: 'a tab in the indent is reported at the tab, not after it',
    file: `${S}/yaml-tab-indent.yaml`,
    problems: [p(`${S}/yaml-tab-indent.yaml:3:1`, 'Tabs are not allowed as indentation', YAML_HINT)],
  },
  {
    title: 'two duplicate keys on one line are two problems, both reported',
    file: `${S}/yaml-two-duplicates-one-line.yaml`,
    // The library's "Map keys must be unique" names no key: the message names the one written twice.
    problems: [p(`${S}/yaml-two-duplicates-one-line.yaml:3:42`, 'the key "name" is written twice in this mapping', 'keep one of them'), p(`${S}/yaml-two-duplicates-one-line.yaml:3:53`, 'the key "kind" is written twice in this mapping', 'keep one of them')],
  },
  {
    title: 'a Chroma-only key on a vector provider says which kind it belongs to',
    file: `${S}/chroma-key-on-vector.yaml`,
    problems: [p(`${S}/chroma-key-on-vector.yaml:6:7`, '"url" only applies to chroma, adapter and mcp providers', 'remove it or change kind to chroma')],
  },
  {
    title: "a command adapter's env: names must be variable names and its values strings; other kinds have no env",
    file: `${S}/child-env.yaml`,
    problems: [
      p(`${S}/child-env.yaml:7:34`, '"env" only applies to adapter and mcp providers', 'remove it or change kind to adapter'),
      p(`${S}/child-env.yaml:8:65`, '"env": the key must be an environment variable name; got "BAD-NAME"'),
      p(`${S}/child-env.yaml:8:83`, '"N" must be a string; got number 3'),
    ],
  },
  {
    title: 'unknown key in a provider suggests the key it was meant to be (and the missing kind is not reported twice)',
    file: `${S}/unknown-key-provider.yaml`,
    problems: [p(`${S}/unknown-key-provider.yaml:5:7`, 'unknown key "knd"', 'did you mean "kind"?')],
  },
  {
    title: 'misspelt memories key suggests memories (and the missing memories is not reported twice)',
    file: `${S}/unknown-key-memories.yaml`,
    problems: [p(`${S}/unknown-key-memories.yaml:5:3`, 'unknown key "memries"', 'did you mean "memories"?')],
  },
  {
    title: 'unknown enum value lists the allowed values and suggests the closest',
    file: `${S}/unknown-enum.yaml`,
    problems: [p(`${S}/unknown-enum.yaml:4:26`, '"kind" must be one of: keyword, vector, chroma, adapter, mcp; got "vektor"', 'did you mean "vector"?')],
  },
  {
    title: 'a comparison spelt as other tools spell it (ge, <=, geq) is offered its name here, not the nearest by letters ("gt" for "ge")',
    file: `${S}/gate-op-spelling.yaml`,
    problems: [
      p(`${S}/gate-op-spelling.yaml:11:40`, '"op" must be one of: gt, gte, lt, lte, eq; got "ge"', 'did you mean "gte"?'),
      p(`${S}/gate-op-spelling.yaml:12:45`, '"op" must be one of: gt, gte, lt, lte, eq; got "<="', 'did you mean "lte"?'),
      p(`${S}/gate-op-spelling.yaml:13:45`, '"op" must be one of: gt, gte, lt, lte, eq; got "geq"', 'did you mean "gte"?'),
    ],
  },
  {
    title: 'missing required key is reported at the map that lacks it',
    file: `${S}/missing-required.yaml`,
    problems: [p(`${S}/missing-required.yaml:6:7`, 'missing required key "text"')],
  },
  {
    title: 'wrong types name the expected and the actual type',
    file: `${S}/wrong-type.yaml`,
    problems: [
      p(`${S}/wrong-type.yaml:3:6`, '"k" must be an array; got number 3'),
      p(`${S}/wrong-type.yaml:4:10`, '"depth" must be an integer; got string "ten"'),
    ],
  },
  {
    title: 'an empty list of memories (an empty relevant list is allowed: that query is left out of the means)',
    file: `${S}/empty-lists.yaml`,
    problems: [p(`${S}/empty-lists.yaml:5:13`, '"memories" must not be empty')],
  },
  {
    title: 'a suite where no query has a relevant memory has nothing to score',
    file: `${S}/no-relevant-anywhere.yaml`,
    problems: [
      p(
        `${S}/no-relevant-anywhere.yaml:8:5`,
        'no query names a relevant memory, so there is nothing to score',
        'queries with relevant: [] are left out of the means; give at least one query its relevant memories',
      ),
    ],
  },
  {
    title: 'group_metrics with no memory in a group is reported at group_metrics',
    file: `${S}/group-metrics-without-groups.yaml`,
    problems: [
      p(
        `${S}/group-metrics-without-groups.yaml:3:18`,
        'group_metrics is on but no memory has a group, so group-level scores would equal memory-level ones',
        'give memories group: (e.g. the session id), or remove group_metrics',
      ),
    ],
  },
  {
    title: 'a gate on a group_ metric needs group_metrics; group_ names ranking metrics only',
    file: `${S}/gate-group-metric-off.yaml`,
    problems: [
      p(
        `${S}/gate-group-metric-off.yaml:11:17`,
        'metric "retrieval.keyword.group_recall@3": group_recall@3 is computed only with retrieval.group_metrics: true',
        'set retrieval.group_metrics: true (memories need group:), or gate on the memory-level metric',
      ),
      p(
        `${S}/gate-group-metric-off.yaml:12:17`,
        'metric "retrieval.keyword.group_latency_ms" names nothing: "group_latency_ms" is not a retrieval metric',
        'use recall@k, recall_all@k, precision@k, success@k, ndcg@k, mrr (each also group_), latency_ms or cross_user_hits',
      ),
    ],
  },
  {
    title: 'vector provider without an embedding',
    file: `${S}/vector-without-embedding.yaml`,
    problems: [p(`${S}/vector-without-embedding.yaml:4:7`, 'missing required key "embedding"')],
  },
  {
    title: 'keyword provider with an embedding is reported at the embedding key',
    file: `${S}/keyword-with-embedding.yaml`,
    problems: [p(`${S}/keyword-with-embedding.yaml:6:7`, '"embedding" only applies to vector and chroma providers', 'remove it or change kind to vector')],
  },
  {
    title: 'relevant id (list form) naming no memory suggests the closest id',
    file: `${S}/relevant-undefined-list.yaml`,
    problems: [p(`${S}/relevant-undefined-list.yaml:9:49`, 'relevant memory "cofee" is not defined', 'did you mean "coffee"?')],
  },
  {
    title: 'relevant id (map form) naming no memory is reported at the id, not its gain',
    file: `${S}/relevant-undefined-map.yaml`,
    problems: [p(`${S}/relevant-undefined-map.yaml:9:18`, 'relevant memory "tee" is not defined', 'did you mean "tea"?')],
  },
  {
    title: 'relevant memory owned by another user',
    file: `${S}/relevant-other-user.yaml`,
    problems: [
      p(
        `${S}/relevant-other-user.yaml:8:56`,
        'relevant memory "tea" belongs to user "maya" but the query is asked as "theo", so no search can find it',
        'give the query and the memory the same user',
      ),
    ],
  },
  {
    title: 'duplicate memory id points back at the first definition',
    file: `${S}/duplicate-memory-id.yaml`,
    problems: [p(`${S}/duplicate-memory-id.yaml:8:13`, 'duplicate memory id "tea"', `first defined at ${S}/duplicate-memory-id.yaml:6:13`)],
  },
  {
    title: 'duplicate query id points back at the first definition',
    file: `${S}/duplicate-query-id.yaml`,
    problems: [p(`${S}/duplicate-query-id.yaml:9:13`, 'duplicate query id "drink"', `first defined at ${S}/duplicate-query-id.yaml:8:13`)],
  },
  {
    title: 'duplicate provider name points back at the first definition',
    file: `${S}/duplicate-provider-name.yaml`,
    problems: [
      p(`${S}/duplicate-provider-name.yaml:5:15`, 'duplicate provider name "search"', `first defined at ${S}/duplicate-provider-name.yaml:4:15`),
    ],
  },
  {
    title: 'depth smaller than the largest k',
    file: `${S}/depth-below-k.yaml`,
    problems: [p(`${S}/depth-below-k.yaml:4:10`, 'depth 10 is smaller than the largest k (20)', 'raise depth to at least 20')],
  },
  {
    title: 'id containing a space',
    file: `${S}/id-with-space.yaml`,
    problems: [p(`${S}/id-with-space.yaml:6:13`, '"id" must not contain spaces; got "green tea"')],
  },
  {
    title: 'date not written YYYY-MM-DD',
    file: `${S}/bad-date.yaml`,
    problems: [p(`${S}/bad-date.yaml:6:24`, '"date" must be a date written YYYY-MM-DD; got "2/3/2026"')],
  },
  {
    title: 'missing data file is reported where the suite names it',
    file: `${S}/missing-file.yaml`,
    problems: [p(`${S}/missing-file.yaml:5:13`, `cannot read ${D}/no-such-memories.jsonl: file not found`, RELATIVE)],
  },
  {
    title: 'every missing data file is reported, not just the first',
    file: `${S}/two-missing-files.yaml`,
    problems: [
      p(`${S}/two-missing-files.yaml:5:13`, `cannot read ${D}/no-such-memories.jsonl: file not found`, RELATIVE),
      p(`${S}/two-missing-files.yaml:6:12`, `cannot read ${D}/no-such-queries.yaml: file not found`, RELATIVE),
    ],
  },
  {
    title: 'invalid JSON on line 3 of a .jsonl file is reported at that line and the offending column',
    file: `${S}/jsonl-bad-json.yaml`,
    problems: [p(`${D}/bad-json.jsonl:3:41`, 'row is not valid JSON: trailing comma before "}"', JSONL_HINT)],
  },
  {
    title: 'invalid JSON whose Node message carries no offset still gets the offending column',
    file: `${S}/jsonl-single-quotes.yaml`,
    problems: [p(`${D}/single-quotes.jsonl:2:26`, 'row is not valid JSON: unexpected character', JSONL_HINT)],
  },
  {
    title: 'unknown key in a .jsonl row is reported at the line of that row and the column of that key',
    file: `${S}/jsonl-unknown-key.yaml`,
    problems: [p(`${D}/unknown-key.jsonl:3:44`, 'unknown key "usr"', 'did you mean "user"?')],
  },
  {
    title: 'schema problem in a .yaml data file is reported in that file',
    file: `${S}/yaml-data-file.yaml`,
    problems: [p(`${D}/queries.yaml:7:13`, '"relevant" must be an array or object; got string "tea"')],
  },
  {
    title: 'YAML syntax error in a .yaml data file is reported in that file where the parser found it',
    file: `${S}/yaml-data-syntax.yaml`,
    problems: [p(`${D}/duplicate-key.yaml:5:3`, 'the key "id" is written twice in this mapping', 'keep one of them')],
  },
  {
    title: 'data file with an unknown extension',
    file: `${S}/unknown-extension.yaml`,
    problems: [p(`${S}/unknown-extension.yaml:5:13`, `cannot tell the format of ${D}/memories.txt`, 'use a .yaml, .yml, .json or .jsonl file')],
  },
  {
    title: 'several problems in one file are all reported in one go',
    file: `${S}/several-problems.yaml`,
    problems: [
      p(`${S}/several-problems.yaml:1:7`, '"name" must start with a letter or digit and use only letters, digits, ".", "_" and "-"; got "several problems"'),
      p(`${S}/several-problems.yaml:4:10`, '"depth" must be >= 1'),
      p(`${S}/several-problems.yaml:7:72`, '"dimensions" must be >= 8'),
      p(`${S}/several-problems.yaml:9:43`, '"date" must be a date written YYYY-MM-DD; got "yesterday"'),
      p(`${S}/several-problems.yaml:10:7`, 'missing required key "text"'),
      p(`${S}/several-problems.yaml:12:50`, 'unknown key "tag"', 'did you mean "tags"?'),
    ],
  },
  {
    title: 'schema problems come out in the order they appear in the file',
    file: `${S}/unordered-problems.yaml`,
    problems: [
      p(`${S}/unordered-problems.yaml:3:10`, '"depth" must be >= 1'),
      p(`${S}/unordered-problems.yaml:5:38`, '"k1" must be a number; got string "high"'),
      p(`${S}/unordered-problems.yaml:5:44`, 'unknown key "colour"', 'allowed keys: name, kind, k1, b, preset, epsilon, embedding, url, tenant, database, api_key_env, auth_header, keep_collection, command, cwd, env, headers_env, timeout_ms, hnsw, tools'),
      p(`${S}/unordered-problems.yaml:10:1`, 'unknown key "descripton"', 'did you mean "description"?'),
    ],
  },
];

for (const c of cases) {
  test(`loadSuite: ${c.title}`, () => {
    assert.deepEqual(problemsOf(c.file).map(simplify), c.problems);
  });
  test(`validate CLI: ${c.title}`, async () => {
    const result = await validate(c.file);
    assert.equal(result.status, 2);
    assert.deepEqual(result.stdout, []);
    const count = c.problems.length;
    assert.deepEqual(result.stderr, [...c.problems.map(format), `recall-gate validate: ${count} problem${count === 1 ? '' : 's'} found`]);
  });
}

test('validate CLI: problems of several suites are reported together; valid ones still say ok', async () => {
  const result = await validate(`${S}/wrong-type.yaml`, 'suites/examples/assistant-memory/suite.yaml', `${S}/bad-date.yaml`);
  assert.equal(result.status, 2);
  assert.deepEqual(result.stdout, ['suites/examples/assistant-memory/suite.yaml: ok (2 providers, 18 memories, 18 queries; 13 e2e cases; 5 files read)']);
  assert.deepEqual(result.stderr, [
    `${S}/wrong-type.yaml:3:6: "k" must be an array; got number 3`,
    `${S}/wrong-type.yaml:4:10: "depth" must be an integer; got string "ten"`,
    `${S}/bad-date.yaml:6:24: "date" must be a date written YYYY-MM-DD; got "2/3/2026"`,
    'recall-gate validate: 3 problems found',
  ]);
});

test('loadSuite: a suite file that does not exist is reported without a hint about suite-relative paths', () => {
  const problems = problemsOf(`${S}/no-such-suite.yaml`).map(simplify);
  assert.equal(problems.length, 1);
  assert.equal(problems[0]!.message, `cannot read ${S}/no-such-suite.yaml: file not found`);
  // The suite path comes from the command line and is relative to the working directory;
  // "paths are relative to the suite file" only makes sense for files a suite names.
  assert.notEqual(problems[0]!.hint, RELATIVE, 'sourceFile.ts readText gives the suite-relative hint for the suite file itself');
});

test(
  'loadSuite: memories and queries files holding no rows are rejected like empty inline lists',
  () => {
    const problems = problemsOf(`${S}/empty-data-file.yaml`);
    assert.equal(problems.length, 2);
    const mentions = (name: string) => problems.some((problem) => problem.where.file.endsWith(name) || problem.message.includes(name));
    assert.ok(mentions('empty.jsonl'), 'a problem names data/empty.jsonl');
    assert.ok(mentions('empty-queries.yaml'), 'a problem names data/empty-queries.yaml');
  },
);

test('loadSuite: the example suite loads with the expected counts', () => {
  const suite = loadSuite('suites/examples/assistant-memory/suite.yaml', ROOT);
  assert.equal(suite.name, 'assistant-memory');
  assert.equal(suite.displayPath, 'suites/examples/assistant-memory/suite.yaml');
  assert.deepEqual(suite.memoryPaths, ['src/memory/**', 'prompts/memory.md']);
  assert.equal(suite.files.length, 5);
  assert.ok(suite.files[0]!.endsWith('suite.yaml'));
  assert.ok(suite.files[1]!.endsWith('memories.jsonl'));
  assert.ok(suite.files[2]!.endsWith('queries.yaml'));
  const retrieval = suite.retrieval!;
  assert.deepEqual(retrieval.k, [1, 3, 5]);
  assert.equal(retrieval.depth, 10);
  assert.deepEqual(
    retrieval.providers.map((provider) => [provider.name, provider.kind]),
    [
      ['keyword', 'keyword'],
      ['ngram-vector', 'vector'],
    ],
  );
  assert.deepEqual(retrieval.providers[1]!.embedding, { kind: 'ngram', dimensions: 1024 });
  assert.equal(retrieval.memories.length, 18);
  assert.equal(retrieval.queries.length, 18);
  assert.equal(retrieval.memories.filter((memory) => memory.user === 'theo').length, 3);
  assert.deepEqual(retrieval.memories[0]!.where, { file: 'suites/examples/assistant-memory/memories.jsonl', line: 1, col: 1 });
  assert.deepEqual(retrieval.memories[17]!.where, { file: 'suites/examples/assistant-memory/memories.jsonl', line: 18, col: 1 });
  const byId = new Map(retrieval.queries.map((query) => [query.id, query]));
  assert.deepEqual(byId.get('food-avoid')!.relevant, { diet: 1, 'allergy-peanut': 1 });
  assert.deepEqual(byId.get('current-role')!.relevant, { 'job-new': 2, 'job-old': 1 });
  assert.deepEqual(byId.get('theo-food')!.tags, ['preference', 'isolation']);
});

test('validate CLI: the example suite is ok', async () => {
  const result = await validate('suites/examples/assistant-memory/suite.yaml');
  assert.equal(result.status, 0);
  assert.deepEqual(result.stdout, ['suites/examples/assistant-memory/suite.yaml: ok (2 providers, 18 memories, 18 queries; 13 e2e cases; 5 files read)']);
  assert.deepEqual(result.stderr, []);
});

test('loadSuite: defaults for query ids, users, k, depth, tags; relevant lists become gains of 1', () => {
  const suite = loadSuite(`${S}/defaults.yaml`, ROOT);
  const retrieval = suite.retrieval!;
  assert.deepEqual(retrieval.k, [1, 3, 5]);
  assert.equal(retrieval.depth, 10);
  assert.deepEqual(
    retrieval.memories.map((memory) => [memory.id, memory.user]),
    [
      ['tea', 'default'],
      ['coffee', 'default'],
      ['theo-tea', 'theo'],
    ],
  );
  assert.deepEqual(
    retrieval.queries.map((query) => ({ id: query.id, user: query.user, relevant: query.relevant, tags: query.tags })),
    [
      { id: 'q1', user: 'default', relevant: { tea: 1, coffee: 1 }, tags: [] },
      { id: 'q2', user: 'default', relevant: { tea: 3, coffee: 1 }, tags: [] },
      { id: 'theo-drink', user: 'theo', relevant: { 'theo-tea': 1 }, tags: ['isolation'] },
    ],
  );
  assert.deepEqual(retrieval.queries[1]!.where, { file: `${S}/defaults.yaml`, line: 11, col: 7 });
});

test('evidence its case\'s sessions never say as written is warned about at the evidence; evidence a session says is not', async () => {
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'recall-gate-evidence-'));
  const suite = (evidence: string) =>
    writeFileSync(join(dir, 'suite.yaml'), `name: ev\nretrieval:\n  providers: [{ name: kw, kind: keyword }]\n  memories: [{ id: a, text: x }]\n  queries: [{ text: x, relevant: [a] }]\ne2e:\n  target: { kind: builtin, model: gpt-5-mini, memory: { provider: kw } }\n  cases:\n    - name: pet\n      ability: extraction\n      sessions: [{ user: "My dog is called Pepper." }]\n      probe: { text: "What is my dog called?" }\n      check: { icontains: pepper }\n      evidence: [${evidence}]\n`);
  suite('"Pet dog (called Pepper)"');
  assert.deepEqual(
    (loadSuite(join(dir, 'suite.yaml'), dir).warnings ?? []).map((warning) => `${formatLocation(warning.where)}: ${warning.message}`),
    ['suite.yaml:14:18: the evidence "Pet dog (called Pepper)" of case "pet" is in none of its session turns as written: coverage and failure stages look for it word for word, so an agent that stores what it is told would read as not storing it'],
  );
  suite('"dog is called PEPPER"');
  assert.equal(loadSuite(join(dir, 'suite.yaml'), dir).warnings, undefined, 'said, in other case: no warning');
});

test('a key written twice is named as the file names it, quoted or not', async () => {
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'recall-gate-dup-'));
  writeFileSync(join(dir, 'suite.yaml'), 'name: dup\nretrieval:\n  providers: [{ name: kw, kind: keyword }]\n  memories: [{ id: a, text: hello }]\n  queries: [{ text: hi, "relevant": [a], "relevant": [a] }]\n');
  assert.throws(
    () => loadSuite(join(dir, 'suite.yaml'), dir),
    (error: unknown) => (error as { problems: { message: string }[] }).problems.some((problem) => problem.message === 'the key "relevant" is written twice in this mapping'),
  );
});

test('a data file that starts with a UTF-8 byte-order mark loads', async () => {
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'recall-gate-bom-'));
  writeFileSync(join(dir, 'memories.jsonl'), '\uFEFF{"id": "a", "text": "hello"}\n');
  writeFileSync(join(dir, 'suite.yaml'), 'name: bom\nretrieval:\n  providers: [{ name: kw, kind: keyword }]\n  memories: memories.jsonl\n  queries: [{ text: hi, relevant: [a] }]\n');
  assert.equal(loadSuite(join(dir, 'suite.yaml'), dir).retrieval!.memories[0]!.id, 'a');
});

test('loadSuite: memories combine files and inline rows, in the order listed (a suite past 256 MiB of memories splits them)', () => {
  const suite = loadSuite(`${S}/memory-files.yaml`, ROOT);
  assert.deepEqual(suite.retrieval!.memories.map((memory) => memory.id), ['home', 'dog', 'cat']);
  assert.equal(suite.files.length, 3);
  assert.equal(formatLocation(suite.retrieval!.memories[1]!.where), `${S}/data/memories-part-2.jsonl:1:1`);
});

test('validate warns where a command target runs a script that is not there (python3 -u adapter.py), and not when it is', async () => {
  const { mkdtempSync, writeFileSync, mkdirSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'recall-gate-script-'));
  const suite = (command: string) =>
    writeFileSync(join(dir, 'suite.yaml'), `name: script\ne2e:\n  target: { kind: command, command: ${command}, cwd: agent }\n  cases:\n    - { name: a, ability: extraction, sessions: [{ user: "I like tea." }], probe: { text: "What do I drink?" }, check: { icontains: tea } }\n`);
  mkdirSync(join(dir, 'agent'));
  suite('[python3, -u, adapter.py, --stdio]');
  const warnings = loadSuite(join(dir, 'suite.yaml'), dir).warnings ?? [];
  assert.deepEqual(
    warnings.map((warning) => `${formatLocation(warning.where)}: ${warning.message}`),
    ['suite.yaml:3:51: the command runs agent/adapter.py, which is not there: the run will fail at its first call unless it is by then'],
  );
  writeFileSync(join(dir, 'agent', 'adapter.py'), '');
  assert.equal(loadSuite(join(dir, 'suite.yaml'), dir).warnings, undefined, 'there: no warning');
  // An option's value is not the script; a program on PATH with its own arguments is the command's business.
  suite('[node, --env-file, .env, adapter.py]');
  assert.equal(loadSuite(join(dir, 'suite.yaml'), dir).warnings, undefined);
  // ... so my-agent's missing.py is not warned about; my-agent itself, not on PATH, is (an interpreter not installed).
  suite('[my-agent-not-on-path, missing.py]');
  assert.deepEqual(
    (loadSuite(join(dir, 'suite.yaml'), dir).warnings ?? []).map((warning) => `${formatLocation(warning.where)}: ${warning.message} (${warning.hint})`),
    ["suite.yaml:3:38: the command's program my-agent-not-on-path is not on PATH: the run will fail at its first call unless it is by then (install it, or give the program's full path)"],
  );
  // An interpreter given by its path, as a virtualenv's, that is not there: said at the program, relative to cwd.
  writeFileSync(join(dir, 'agent', 'adapter.py'), '');
  suite('[.venv/bin/python, adapter.py, --stdio]');
  assert.deepEqual(
    (loadSuite(join(dir, 'suite.yaml'), dir).warnings ?? []).map((warning) => `${formatLocation(warning.where)}: ${warning.message}`),
    ["suite.yaml:3:38: the command's program agent/.venv/bin/python is not there: the run will fail at its first call unless it is by then"],
  );
  mkdirSync(join(dir, 'agent', '.venv', 'bin'), { recursive: true });
  writeFileSync(join(dir, 'agent', '.venv', 'bin', 'python'), '');
  assert.equal(loadSuite(join(dir, 'suite.yaml'), dir).warnings, undefined, 'there: no warning');
  // A script run as the program itself.
  suite('[./run-agent.sh, --stdio]');
  assert.match((loadSuite(join(dir, 'suite.yaml'), dir).warnings ?? [])[0]?.message ?? '', /^the command runs agent\/run-agent\.sh, which is not there/);
  // An adapter provider's command and a started server are read alike, each relative to its own cwd.
  writeFileSync(
    join(dir, 'suite.yaml'),
    [
      'name: script',
      'retrieval:',
      '  providers:',
      '    - { name: mine, kind: adapter, command: [node, memory.mjs] }',
      '    - { name: theirs, kind: adapter, command: [node, adapter.py], cwd: agent }',
      '  memories: [{ id: m1, text: I like tea. }]',
      '  queries: [{ id: q1, text: What do I drink?, relevant: [m1] }]',
      'e2e:',
      '  target: { kind: http, start: [node, server.mjs] }',
      '  cases:',
      '    - { name: a, ability: extraction, sessions: [{ user: "I like tea." }], probe: { text: "What do I drink?" }, check: { icontains: tea } }',
      '',
    ].join('\n'),
  );
  assert.deepEqual(
    (loadSuite(join(dir, 'suite.yaml'), dir).warnings ?? []).map((warning) => `${formatLocation(warning.where)}: ${warning.message.split(':')[0]}`),
    ['suite.yaml:4:52: the command runs memory.mjs, which is not there', 'suite.yaml:9:39: the command runs server.mjs, which is not there'],
  );
});
