import { describe, before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseStringPromise } from 'xml2js';
import { runCli, tempDir } from '../support/cli.js';
import { answerFromMemories, startOpenAIServer, type OpenAIServer } from '../support/openaiServer.js';
import { readResults } from '../../src/results/folder.js';

const SUITE = 'suites/examples/assistant-memory/suite.yaml';

type Attributes = Record<string, string> & { name: string; message: string };
interface Outcome {
  _?: string;
  $: Attributes;
}
interface TestCase {
  $: Attributes;
  failure?: Outcome[];
  error?: Outcome[];
  skipped?: (Outcome | string)[];
}
interface TestSuite {
  $: Attributes;
  testcase?: TestCase[];
}
interface Parsed {
  testsuites: { $: Attributes; testsuite: TestSuite[] };
}

/** Parsed as dorny/test-reporter parses it (xml2js, strict), with the checks every JUnit reader relies on. */
async function readJunit(path: string): Promise<Parsed> {
  const parsed = (await parseStringPromise(readFileSync(path, 'utf8'), { strict: true })) as Parsed;
  const root = parsed.testsuites;
  let tests = 0;
  let failures = 0;
  let errors = 0;
  let skipped = 0;
  for (const suite of root.testsuite) {
    for (const name of ['name', 'tests', 'failures', 'errors', 'skipped', 'time']) assert.ok(suite.$[name] !== undefined, `testsuite lacks ${name}`);
    const cases = suite.testcase ?? [];
    for (const testcase of cases) {
      for (const name of ['name', 'classname', 'time']) assert.ok(testcase.$[name] !== undefined, `testcase lacks ${name}`);
      assert.ok(Number.isFinite(Number(testcase.$.time)));
      for (const outcome of [...(testcase.failure ?? []), ...(testcase.error ?? [])]) assert.ok(outcome.$.message.length > 0, 'a failure or error has a message');
      assert.ok((testcase.failure?.length ?? 0) + (testcase.error?.length ?? 0) + (testcase.skipped?.length ?? 0) <= 1, 'one outcome per testcase');
    }
    const count = (kind: 'failure' | 'error' | 'skipped') => cases.filter((testcase) => testcase[kind]).length;
    assert.deepEqual(
      [suite.$.tests, suite.$.failures, suite.$.errors, suite.$.skipped].map(Number),
      [cases.length, count('failure'), count('error'), count('skipped')],
      `the counts of testsuite ${suite.$.name} add up`,
    );
    tests += cases.length;
    failures += count('failure');
    errors += count('error');
    skipped += count('skipped');
  }
  assert.deepEqual([root.$.tests, root.$.failures, root.$.errors, root.$.skipped].map(Number), [tests, failures, errors, skipped], 'the totals add up');
  return parsed;
}

interface QueryRow {
  id: string;
  metrics: Record<string, number>;
}
interface TrialRow {
  case: string;
  condition: string;
  status: string;
  reason: string;
}

describe('junit.xml: in every results folder and where --junit says, read as JUnit readers read it', { timeout: 300_000 }, () => {
  let server: OpenAIServer;
  const SECRET = 'sk-junit-planted-secret-0042';
  /** What the hostile model answers to the probe: CDATA's end, markup, controls, an escape sequence, a lone surrogate and the API key. */
  const HOSTILE = `]]><x a="1">&amp;</x>\u0001\u0008\u001b[31m red \ud800 and ${SECRET}`;
  let hostile = false;
  before(async () => {
    server = await startOpenAIServer({ apiKey: SECRET, chat: (request) => (hostile ? HOSTILE : answerFromMemories(request)) });
  });
  after(async () => server.close());
  const env = () => ({ OPENAI_API_KEY: SECRET, OPENAI_BASE_URL: server.url });

  test('both layers: a testsuite each, a testcase per missed query and provider, per e2e case and condition; the copy is the same file', async () => {
    hostile = false;
    const out = tempDir();
    const copy = join(tempDir(), 'reports', 'memory.xml');
    const run = await runCli(['run', SUITE, '--layer', 'all', '--out', out, '--junit', copy], { env: env() });
    assert.ok(run.code === 0 || run.code === 1, run.stderr);
    assert.match(run.stdout, /junit\.xml/);
    assert.equal(readFileSync(copy, 'utf8'), readFileSync(join(out, 'junit.xml'), 'utf8'));
    const parsed = await readJunit(copy);
    const suites = parsed.testsuites.testsuite;
    assert.deepEqual(suites.map((suite) => suite.$.name), ['retrieval', 'e2e']);

    // Per-query rows live in queries/<provider>.jsonl: the folder's reader puts them back.
    const results = readResults(out, process.cwd()) as unknown as { retrieval: { providers: Record<string, { queries: QueryRow[] }> } };
    const retrieval = suites[0]!.testcase!;
    for (const [name, provider] of Object.entries(results.retrieval.providers)) {
      const missed = provider.queries.filter((query) => query.metrics['recall@5']! < 1).map((query) => query.id);
      const failing = retrieval.filter((testcase) => testcase.$.classname === `retrieval.${name}` && testcase.failure);
      assert.deepEqual(failing.map((testcase) => testcase.$.name.split(':')[0]), missed, `${name}: one failing testcase per query that misses at k=5`);
      assert.ok(missed.length > 0, 'the example suite has misses at 5 (keyword recall@5 0.639)');
      assert.match(failing[0]!.failure![0]!.$.message, /relevant memor(y|ies) not in the top 5/);
      assert.ok(retrieval.some((testcase) => testcase.$.name === `provider ${name}` && !testcase.failure && !testcase.error));
    }

    const trials = readFileSync(join(out, 'trials.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as TrialRow);
    const e2e = suites[1]!.testcase!;
    const groups = new Map<string, TrialRow[]>();
    for (const trial of trials) groups.set(`${trial.case} [${trial.condition}]`, [...(groups.get(`${trial.case} [${trial.condition}]`) ?? []), trial]);
    assert.deepEqual(e2e.map((testcase) => testcase.$.name).sort(), [...groups.keys()].sort(), 'a testcase per case and condition');
    for (const testcase of e2e) {
      const group = groups.get(testcase.$.name)!;
      const failed = group.filter((trial) => trial.status === 'fail');
      assert.equal(Boolean(testcase.failure), failed.length > 0, testcase.$.name);
      for (const trial of failed) assert.ok(testcase.failure![0]!._!.includes(trial.reason.trim().split('\n')[0]!.slice(0, 40)), 'the failure carries each failing repetition\'s reason');
    }
    assert.ok(e2e.some((testcase) => testcase.failure), 'the none condition fails cases that need memory');

    // regrade rewrites it from the regraded trials, and copies it too.
    const regradeCopy = join(tempDir(), 'regraded.xml');
    const regrade = await runCli(['regrade', out, '--junit', regradeCopy]);
    assert.equal(regrade.code, 0, regrade.stderr);
    assert.equal(readFileSync(regradeCopy, 'utf8'), readFileSync(join(out, 'junit.xml'), 'utf8'));
    assert.equal((await readJunit(regradeCopy)).testsuites.$.tests, parsed.testsuites.$.tests);
  });

  test('a hostile answer (]]>, markup, control characters, a lone surrogate, the API key) still parses and leaks nothing', async () => {
    hostile = true;
    const out = tempDir();
    const run = await runCli(['run', SUITE, '--layer', 'e2e', '--out', out], { env: env() });
    assert.ok(run.code === 1 || run.code === 0, run.stderr);
    const text = readFileSync(join(out, 'junit.xml'), 'utf8');
    assert.ok(!text.includes(SECRET), 'the planted secret is scrubbed');
    // eslint-disable-next-line no-control-regex -- what XML 1.0 forbids, besides tab and line breaks
    assert.doesNotMatch(text, /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/);
    const parsed = await readJunit(join(out, 'junit.xml'));
    const failures = parsed.testsuites.testsuite.flatMap((suite) => suite.testcase ?? []).flatMap((testcase) => testcase.failure ?? []);
    assert.ok(failures.length > 0);
    const body = failures.map((failure) => failure._ ?? '').join('\n');
    assert.ok(body.includes(']]><x a="1">&amp;</x>'), 'the answer reads back as it was, as text');
    assert.ok(body.includes('***'), 'the secret is shown as the marker');
  });

  test('a layer that did not run is one skipped testcase', async () => {
    const out = tempDir();
    const run = await runCli(['run', SUITE, '--layer', 'retrieval', '--out', out]);
    assert.equal(run.code, 0, run.stderr);
    const parsed = await readJunit(join(out, 'junit.xml'));
    const e2e = parsed.testsuites.testsuite.find((suite) => suite.$.name === 'e2e')!;
    assert.deepEqual([e2e.$.tests, e2e.$.skipped], ['1', '1']);
  });
});
